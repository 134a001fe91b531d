/** Detection metrics shared by the CUAD and the terms-of-service evaluations (`npm run eval`). */

export interface DetectionCounts {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

export interface DetectionMetrics {
  precision: number;
  recall: number;
  f1: number;
}

/**
 * Precision, recall and F1 from hit counts. With nothing predicted, precision is 1 when nothing
 * was there to find and 0 otherwise; likewise recall with nothing to find. So a category scores
 * F1 1 only when it was both absent and never predicted, and an empty side never flatters.
 */
export function detectionMetrics({ truePositives, falsePositives, falseNegatives }: DetectionCounts): DetectionMetrics {
  const predicted = truePositives + falsePositives;
  const actual = truePositives + falseNegatives;
  const precision = predicted === 0 ? (falseNegatives === 0 ? 1 : 0) : truePositives / predicted;
  const recall = actual === 0 ? (falsePositives === 0 ? 1 : 0) : truePositives / actual;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

/** The mean F1 over categories (0 when there are none). */
export function macroF1(metrics: readonly Pick<DetectionMetrics, 'f1'>[]): number {
  return metrics.length === 0 ? 0 : metrics.reduce((sum, { f1 }) => sum + f1, 0) / metrics.length;
}

/** Four decimals, for the machine-readable summaries. */
export const round4 = (value: number): number => Math.round(value * 10_000) / 10_000;

/** A fixed-width table: the first column left-aligned, the others right-aligned, a rule under the header. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) =>
    widths.map((width, column) => (column === 0 ? (cells[column] ?? '').padEnd(width) : (cells[column] ?? '').padStart(width))).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}
