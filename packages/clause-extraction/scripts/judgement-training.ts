/**
 * Fitting the learned clause models (src/judgement/): folds by contract, a sparse L2 logistic regression
 * over hashed sentence features, the document model stacked on out-of-fold sentence scores, and the choices
 * made on out-of-fold figures (rules or model per category, the threshold, the operating points).
 * Deterministic: no random numbers; folds, samples and ties follow fixed orders.
 */
import { featureHash } from '../src/judgement/features.js';
import { type DocumentEvidence, encodeWeights, decodeWeights, sigmoid, stackerInputs } from '../src/judgement/model.js';
import { minimiseLbfgs } from './clause-classifier-training.js';
import { detectionMetrics } from './metrics.js';

/**
 * Fixed folds by contract: each part (`train`, `train2`) is dealt round-robin in its labels file's order, so every
 * fold holds a fifth of each part and the rules' home set (train) never crowds one fold.
 */
export function assignFolds(parts: readonly string[], folds: number): number[] {
  const seen = new Map<string, number>();
  return parts.map((part) => {
    const position = seen.get(part) ?? 0;
    seen.set(part, position + 1);
    return position % folds;
  });
}

/**
 * Whether a sentence is a training row: every labelled sentence and every sentence a rule points at (the hard
 * cases), and one in `rate` of the others, chosen by a hash of contract and position (the same on every run).
 */
export function isTrainingRow(contractId: string, sentence: number, labelled: boolean, ruleSentence: boolean, rate: number): boolean {
  return labelled || ruleSentence || featureHash(`${contractId}:${sentence}`) % rate === 0;
}

export interface SparseFit {
  bias: number;
  weights: Map<number, number>;
}

/**
 * L2-regularised logistic regression over rows of hashed features (each at 1/sqrt(row length), the scoring of
 * src/judgement/model.ts), minimised with the L-BFGS of clause-classifier-training.ts. Buckets seen in fewer
 * than `minCount` rows get no weight: one sentence cannot teach a word.
 */
export function fitSparseLogistic(
  rows: readonly Int32Array[],
  labels: ArrayLike<number>,
  options: { l2: number; minCount: number; positiveWeight: number; maxIterations?: number },
): SparseFit {
  const counts = new Map<number, number>();
  for (const row of rows) for (const bucket of row) counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  const buckets = [...counts]
    .filter(([, count]) => count >= options.minCount)
    .map(([bucket]) => bucket)
    .sort((a, b) => a - b);
  const indexOf = new Map(buckets.map((bucket, index) => [bucket, index]));
  const dense = rows.map((row) => Int32Array.from([...row].map((bucket) => indexOf.get(bucket) ?? -1).filter((index) => index >= 0)));
  const scales = rows.map((row) => (row.length > 0 ? 1 / Math.sqrt(row.length) : 0));
  let positives = 0;
  for (let row = 0; row < rows.length; row += 1) positives += labels[row]! > 0 ? 1 : 0;
  const positiveWeight = positives === 0 ? 1 : Math.max(1, (options.positiveWeight * (rows.length - positives)) / positives);
  const biasIndex = buckets.length;
  const solution = minimiseLbfgs(
    (point, gradient) => {
      gradient.fill(0);
      let loss = 0;
      for (let row = 0; row < dense.length; row += 1) {
        const scale = scales[row]!;
        const features = dense[row]!;
        let score = point[biasIndex]!;
        for (const index of features) score += point[index]! * scale;
        const probability = sigmoid(score);
        const positive = labels[row]! > 0;
        const weight = positive ? positiveWeight : 1;
        loss -= weight * Math.log(positive ? probability + 1e-12 : 1 - probability + 1e-12);
        const slope = (weight * (probability - (positive ? 1 : 0))) / dense.length;
        for (const index of features) gradient[index]! += slope * scale;
        gradient[biasIndex]! += slope;
      }
      loss /= dense.length;
      for (let index = 0; index < biasIndex; index += 1) {
        loss += options.l2 * point[index]! * point[index]!;
        gradient[index]! += 2 * options.l2 * point[index]!;
      }
      return loss;
    },
    buckets.length + 1,
    options.maxIterations ?? 200,
  );
  return { bias: solution[biasIndex]!, weights: new Map(buckets.map((bucket, index) => [bucket, solution[index]!])) };
}

/**
 * The model as it ships: the `keep` largest weights, quantised to bytes (encodeWeights). Out-of-fold figures are
 * measured on compacted models, so they are the figures of what ships.
 */
export function compact(fit: SparseFit, keep: number): { bias: number; scale: number; weights: string; decoded: Map<number, number> } {
  const largest = [...fit.weights].sort((left, right) => Math.abs(right[1]) - Math.abs(left[1]) || left[0] - right[0]).slice(0, keep);
  const encoded = encodeWeights(new Map(largest));
  const bias = Number(fit.bias.toPrecision(6));
  return { bias, scale: encoded.scale, weights: encoded.weights, decoded: decodeWeights(encoded.scale, encoded.weights) };
}

/** The document model: logistic regression over stackerInputs, lightly regularised (it has four parameters). */
export function fitStacker(
  evidence: readonly DocumentEvidence[],
  present: readonly boolean[],
  l2 = 1e-3,
): { bias: number; weights: number[] } {
  const inputs = evidence.map(stackerInputs);
  const width = inputs[0]?.length ?? 0;
  const solution = minimiseLbfgs((point, gradient) => {
    gradient.fill(0);
    let loss = 0;
    inputs.forEach((row, index) => {
      let score = point[width]!;
      row.forEach((value, k) => {
        score += point[k]! * value;
      });
      const probability = sigmoid(score);
      loss -= Math.log(present[index] ? probability + 1e-12 : 1 - probability + 1e-12);
      const slope = (probability - (present[index] ? 1 : 0)) / inputs.length;
      row.forEach((value, k) => {
        gradient[k]! += slope * value;
      });
      gradient[width]! += slope;
    });
    loss /= Math.max(1, inputs.length);
    for (let k = 0; k < width; k += 1) {
      loss += l2 * point[k]! * point[k]!;
      gradient[k]! += 2 * l2 * point[k]!;
    }
    return loss;
  }, width + 1);
  const round6 = (value: number) => Number(value.toPrecision(6));
  return { bias: round6(solution[width]!), weights: Array.from(solution.subarray(0, width), round6) };
}

/** F1 of "probability at or above the threshold" (with the metrics' convention for empty sides). */
export function f1At(probabilities: readonly number[], present: readonly boolean[], threshold: number): number {
  return f1Of(
    probabilities.map((probability) => probability >= threshold),
    present,
  );
}

export function f1Of(predicted: readonly boolean[], present: readonly boolean[]): number {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  predicted.forEach((claim, index) => {
    if (claim && present[index]) truePositives += 1;
    else if (claim) falsePositives += 1;
    else if (present[index]) falseNegatives += 1;
  });
  return detectionMetrics({ truePositives, falsePositives, falseNegatives }).f1;
}

/** Thresholds tried: 0.05 to 0.95 by 0.025. */
export const THRESHOLDS = Array.from({ length: 37 }, (_, index) => Math.round((0.05 + index * 0.025) * 1000) / 1000);

/** The threshold with the best F1; on a tie the one nearest 0.5, then the higher. */
export function bestF1Threshold(probabilities: readonly number[], present: readonly boolean[]): { threshold: number; f1: number } {
  let best = { threshold: 0.5, f1: -1 };
  for (const threshold of THRESHOLDS) {
    const f1 = f1At(probabilities, present, threshold);
    const nearer = Math.abs(threshold - 0.5) <= Math.abs(best.threshold - 0.5);
    if (f1 > best.f1 + 1e-12 || (Math.abs(f1 - best.f1) <= 1e-12 && nearer)) best = { threshold, f1 };
  }
  return best;
}

/**
 * The confidence thresholds of the two operating points, out of fold: precision-first, the lowest threshold at which
 * the claims above it are at least 90% right (else the best-F1 one); recall-first, the highest at which the claims
 * above it still find 95% of the clauses (else the lowest tried), and never above precision-first.
 */
export function operatingPoints(
  probabilities: readonly number[],
  present: readonly boolean[],
  fallback: number,
): { 'precision-first': number; 'recall-first': number } {
  const counts = (threshold: number) => {
    let truePositives = 0;
    let claimed = 0;
    let positives = 0;
    probabilities.forEach((probability, index) => {
      if (present[index]) positives += 1;
      if (probability >= threshold) {
        claimed += 1;
        if (present[index]) truePositives += 1;
      }
    });
    // Claiming nothing is not precise, it is silent: such a threshold never counts as precision-first.
    return { precision: claimed === 0 ? 0 : truePositives / claimed, recall: positives === 0 ? 1 : truePositives / positives };
  };
  const precise = THRESHOLDS.find((threshold) => counts(threshold).precision >= 0.9) ?? fallback;
  const recalled = [...THRESHOLDS].reverse().find((threshold) => counts(threshold).recall >= 0.95) ?? THRESHOLDS[0]!;
  // Recall-first never sends more to a person than precision-first (where the claims are precise at any threshold).
  return { 'precision-first': precise, 'recall-first': Math.min(recalled, precise) };
}
