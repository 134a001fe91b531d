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

/** A probability and whether the thing it is the probability of was there. */
export interface ScoredOutcome {
  probability: number;
  positive: boolean;
}

/**
 * Expected calibration error: predictions in `bins` equal-width bins of probability, the mean gap between each
 * bin's mean probability and its share of positives, weighted by the bin's size.
 */
export function expectedCalibrationError(outcomes: readonly ScoredOutcome[], bins = 10): number {
  if (outcomes.length === 0) return 0;
  const sums = new Array<number>(bins).fill(0);
  const positives = new Array<number>(bins).fill(0);
  const counts = new Array<number>(bins).fill(0);
  for (const { probability, positive } of outcomes) {
    const bin = Math.min(bins - 1, Math.floor(probability * bins));
    sums[bin]! += probability;
    positives[bin]! += positive ? 1 : 0;
    counts[bin]! += 1;
  }
  let error = 0;
  for (let bin = 0; bin < bins; bin += 1) {
    if (counts[bin] === 0) continue;
    error += (counts[bin]! / outcomes.length) * Math.abs(sums[bin]! / counts[bin]! - positives[bin]! / counts[bin]!);
  }
  return error;
}

/** Outcomes by descending probability; ties keep their order, so every figure below is deterministic. */
function ranked(outcomes: readonly ScoredOutcome[]): ScoredOutcome[] {
  return outcomes
    .map((outcome, index) => ({ outcome, index }))
    .sort((left, right) => right.outcome.probability - left.outcome.probability || left.index - right.index)
    .map(({ outcome }) => outcome);
}

/**
 * Area under the precision-recall curve as average precision (the mean of the precision at each positive's rank,
 * tied probabilities counted as one step), as the CUAD paper reports it. 0 when nothing is positive.
 */
export function averagePrecision(outcomes: readonly ScoredOutcome[]): number {
  const total = outcomes.filter((outcome) => outcome.positive).length;
  if (total === 0) return 0;
  const order = ranked(outcomes);
  let sum = 0;
  let truePositives = 0;
  for (let index = 0; index < order.length; ) {
    let end = index;
    let found = 0;
    while (end < order.length && order[end]!.probability === order[index]!.probability) {
      if (order[end]!.positive) found += 1;
      end += 1;
    }
    truePositives += found;
    sum += found * (truePositives / end);
    index = end;
  }
  return sum / total;
}

/** The best precision at any threshold whose recall reaches `recall` (0.8: the CUAD paper's "precision at 80% recall"). */
export function precisionAtRecall(outcomes: readonly ScoredOutcome[], recall = 0.8): number {
  const total = outcomes.filter((outcome) => outcome.positive).length;
  if (total === 0) return 0;
  const order = ranked(outcomes);
  let best = 0;
  let truePositives = 0;
  for (let index = 0; index < order.length; ) {
    let end = index;
    while (end < order.length && order[end]!.probability === order[index]!.probability) {
      if (order[end]!.positive) truePositives += 1;
      end += 1;
    }
    if (truePositives / total >= recall) best = Math.max(best, truePositives / end);
    index = end;
  }
  return best;
}
