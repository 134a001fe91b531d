/** What the CLI reports for one contract file. */
export interface ReviewOutcome {
  file: string;
  reviewId: string | null;
  status: string;
  riskLevel: string | null;
  riskScore: number | null;
  findings: {
    clause: string;
    severity: string;
    message: string;
    knowledgeId: string;
    version: string;
    evidence: { start: number; end: number } | null;
  }[];
  error: { code: string; message: string } | null;
}

export const CSV_COLUMNS = ['file', 'reviewId', 'status', 'riskLevel', 'riskScore', 'findings', 'errorCode', 'errorMessage'] as const;

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(outcomes: readonly ReviewOutcome[]): string {
  const rows = outcomes.map((outcome) =>
    [
      outcome.file,
      outcome.reviewId,
      outcome.status,
      outcome.riskLevel,
      outcome.riskScore,
      outcome.findings.length,
      outcome.error?.code ?? null,
      outcome.error?.message ?? null,
    ]
      .map(csvField)
      .join(','),
  );
  return `${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

export function toJson(outcomes: readonly ReviewOutcome[]): string {
  return `${JSON.stringify(outcomes, null, 2)}\n`;
}

/** For people: one line per file, then the totals. */
export function toText(outcomes: readonly ReviewOutcome[]): string {
  const lines = outcomes.map((outcome) => {
    const result =
      outcome.status === 'SUCCEEDED'
        ? `${outcome.riskLevel ?? '-'} risk, ${outcome.findings.length} finding${outcome.findings.length === 1 ? '' : 's'}`
        : `${outcome.error?.code ?? 'FAILED'}: ${outcome.error?.message ?? ''}`;
    return `${outcome.status.padEnd(9)} ${outcome.file}  ${result}${outcome.reviewId ? `  (review ${outcome.reviewId})` : ''}`;
  });
  const failed = outcomes.filter((outcome) => outcome.status !== 'SUCCEEDED').length;
  lines.push(`${outcomes.length - failed} succeeded, ${failed} failed`);
  return `${lines.join('\n')}\n`;
}
