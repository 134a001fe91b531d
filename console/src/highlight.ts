// Splits a text into runs by evidence spans, so each finding's evidence can be marked.

export interface Evidence {
  start: number;
  end: number;
  /** Index of the finding the span belongs to. */
  finding: number;
}

export interface Run {
  text: string;
  start: number;
  /** Findings whose evidence covers this run; empty for plain text. */
  findings: number[];
}

/** Runs covering the whole text in order; overlapping spans split into runs marked by each finding. */
export function evidenceRuns(text: string, spans: Evidence[]): Run[] {
  const valid = spans.filter((span) => span.start >= 0 && span.end > span.start && span.start < text.length);
  const cuts = new Set<number>([0, text.length]);
  for (const span of valid) {
    cuts.add(span.start);
    cuts.add(Math.min(span.end, text.length));
  }
  const points = [...cuts].sort((a, b) => a - b);
  const runs: Run[] = [];
  for (let index = 0; index < points.length - 1; index++) {
    const start = points[index]!;
    const end = points[index + 1]!;
    if (end <= start) continue;
    const findings = valid.filter((span) => span.start <= start && span.end >= end).map((span) => span.finding);
    runs.push({ text: text.slice(start, end), start, findings });
  }
  return runs;
}
