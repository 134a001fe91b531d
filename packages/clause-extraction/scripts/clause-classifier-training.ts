/**
 * Fitting a clause classifier (src/clause-classifier.ts): weighted, L2-regularised logistic
 * regression minimised with L-BFGS, cross-validation by contract, and the threshold that maximises
 * contract-level F1 out of fold. Deterministic: no random numbers, folds by contract order.
 */
import { probabilityOfFeatures } from '../src/clause-classifier.js';

/** A candidate sentence of a training contract. */
export interface TrainingSentence {
  /** Its features (sentenceFeatures): known or not, they all count towards the row's length. */
  features: string[];
  /** Whether it overlaps a labelled span of the category. */
  labelled: boolean;
  /** The index of its contract. */
  contract: number;
}

export interface FitOptions {
  /** Weight of the squared weights in the loss (the bias is not penalised). */
  l2: number;
  /**
   * How much a labelled sentence weighs against an unlabelled one, as a share of the count ratio: 1 balances
   * the classes, smaller trusts the rarer labelled sentences less.
   */
  positiveWeight: number;
  /** Features seen in fewer training sentences are left out: one sentence cannot teach a word. */
  minCount: number;
}

export interface FittedModel {
  bias: number;
  weights: Map<string, number>;
}

/** Features that appear in at least `minCount` of the sentences. */
export function vocabulary(sentences: readonly TrainingSentence[], minCount: number): string[] {
  const counts = new Map<string, number>();
  for (const sentence of sentences) for (const feature of sentence.features) counts.set(feature, (counts.get(feature) ?? 0) + 1);
  return [...counts]
    .filter(([, count]) => count >= minCount)
    .map(([feature]) => feature)
    .sort();
}

const dot = (a: Float64Array, b: Float64Array): number => {
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) sum += a[index]! * b[index]!;
  return sum;
};

/**
 * Minimises a smooth convex function with limited-memory BFGS (ten corrections, backtracking line search
 * with the Armijo condition). `evaluate` writes the gradient into its second argument and returns the value.
 */
export function minimiseLbfgs(
  evaluate: (point: Float64Array, gradient: Float64Array) => number,
  dimensions: number,
  maxIterations = 500,
): Float64Array {
  const memory = 10;
  let point = new Float64Array(dimensions);
  let gradient = new Float64Array(dimensions);
  let value = evaluate(point, gradient);
  const steps: Float64Array[] = [];
  const changes: Float64Array[] = [];
  for (let iteration = 0; iteration < maxIterations; iteration += 1) {
    const direction = Float64Array.from(gradient);
    const alphas: number[] = [];
    for (let index = steps.length - 1; index >= 0; index -= 1) {
      const alpha = dot(steps[index]!, direction) / dot(changes[index]!, steps[index]!);
      alphas[index] = alpha;
      const change = changes[index]!;
      for (let k = 0; k < dimensions; k += 1) direction[k]! -= alpha * change[k]!;
    }
    const last = steps.length - 1;
    const scale =
      last >= 0
        ? dot(steps[last]!, changes[last]!) / dot(changes[last]!, changes[last]!)
        : 1 / Math.max(1, Math.sqrt(dot(gradient, gradient)));
    for (let k = 0; k < dimensions; k += 1) direction[k]! *= scale;
    for (let index = 0; index < steps.length; index += 1) {
      const step = steps[index]!;
      const beta = dot(changes[index]!, direction) / dot(changes[index]!, step);
      for (let k = 0; k < dimensions; k += 1) direction[k]! += (alphas[index]! - beta) * step[k]!;
    }
    let slope = -dot(gradient, direction);
    if (slope >= 0) {
      // Not a descent direction (curvature went stale): start again from the gradient.
      steps.length = 0;
      changes.length = 0;
      direction.set(gradient);
      slope = -dot(gradient, gradient);
    }
    let length = 1;
    const next = new Float64Array(dimensions);
    const nextGradient = new Float64Array(dimensions);
    let nextValue = value;
    for (;;) {
      for (let k = 0; k < dimensions; k += 1) next[k] = point[k]! - length * direction[k]!;
      nextValue = evaluate(next, nextGradient);
      if (nextValue <= value + 1e-4 * length * slope || length < 1e-12) break;
      length /= 2;
    }
    const step = new Float64Array(dimensions);
    const change = new Float64Array(dimensions);
    for (let k = 0; k < dimensions; k += 1) {
      step[k] = next[k]! - point[k]!;
      change[k] = nextGradient[k]! - gradient[k]!;
    }
    const converged =
      Math.abs(value - nextValue) <= 1e-10 * Math.max(1, Math.abs(value)) || Math.sqrt(dot(nextGradient, nextGradient)) < 1e-8;
    if (dot(step, change) > 1e-12) {
      steps.push(step);
      changes.push(change);
      if (steps.length > memory) {
        steps.shift();
        changes.shift();
      }
    }
    point = next;
    gradient = nextGradient;
    value = nextValue;
    if (converged) break;
  }
  return point;
}

/**
 * Fits the classifier: each sentence a row of its known features at 1/sqrt(its feature count) (the scoring in
 * clauseProbability), weighted log loss averaged over sentences plus `l2` times the squared weights.
 */
export function fitClassifier(sentences: readonly TrainingSentence[], options: FitOptions): FittedModel {
  const features = vocabulary(sentences, options.minCount);
  const indexOf = new Map(features.map((feature, index) => [feature, index]));
  const rows = sentences.map((sentence) => sentence.features.map((feature) => indexOf.get(feature)).filter((index) => index !== undefined));
  const scales = sentences.map((sentence) => (sentence.features.length > 0 ? 1 / Math.sqrt(sentence.features.length) : 0));
  const labelled = sentences.filter((sentence) => sentence.labelled).length;
  const positiveWeight = (options.positiveWeight * (sentences.length - labelled)) / Math.max(1, labelled);
  const biasIndex = features.length;
  const solution = minimiseLbfgs((point, gradient) => {
    gradient.fill(0);
    let loss = 0;
    for (let row = 0; row < rows.length; row += 1) {
      const scale = scales[row]!;
      let score = point[biasIndex]!;
      for (const index of rows[row]!) score += point[index]! * scale;
      const probability = 1 / (1 + Math.exp(-score));
      const isLabelled = sentences[row]!.labelled;
      const weight = isLabelled ? positiveWeight : 1;
      loss -= weight * Math.log(isLabelled ? probability + 1e-12 : 1 - probability + 1e-12);
      const slope = (weight * (probability - (isLabelled ? 1 : 0))) / rows.length;
      for (const index of rows[row]!) gradient[index]! += slope * scale;
      gradient[biasIndex]! += slope;
    }
    loss /= rows.length;
    for (let index = 0; index < biasIndex; index += 1) {
      loss += options.l2 * point[index]! * point[index]!;
      gradient[index]! += 2 * options.l2 * point[index]!;
    }
    return loss;
  }, features.length + 1);
  return { bias: solution[biasIndex]!, weights: new Map(features.map((feature, index) => [feature, solution[index]!])) };
}

/** The probability a fitted model gives a sentence: the extractor's own scoring of the shipped file. */
export function probabilityOf(model: FittedModel, features: readonly string[]): number {
  return probabilityOfFeatures(model.bias, model.weights, features);
}

/**
 * Each contract's highest sentence probability from a model that never saw that contract: contracts are dealt
 * into `folds` folds by index, and each fold is scored by a model fitted to the others. Contracts with no
 * candidate sentence score 0.
 */
export function outOfFoldScores(sentences: readonly TrainingSentence[], contracts: number, options: FitOptions, folds = 5): number[] {
  const scores = new Array<number>(contracts).fill(0);
  for (let fold = 0; fold < folds; fold += 1) {
    const model = fitClassifier(
      sentences.filter((sentence) => sentence.contract % folds !== fold),
      options,
    );
    for (const sentence of sentences) {
      if (sentence.contract % folds !== fold) continue;
      scores[sentence.contract] = Math.max(scores[sentence.contract]!, probabilityOf(model, sentence.features));
    }
  }
  return scores;
}

/** Contract-level F1 of "score at or above the threshold" against whether the contract has the clause. */
export function contractF1(scores: readonly number[], present: readonly boolean[], threshold: number): number {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  scores.forEach((score, index) => {
    const predicted = score >= threshold;
    if (predicted && present[index]) truePositives += 1;
    else if (predicted) falsePositives += 1;
    else if (present[index]) falseNegatives += 1;
  });
  return truePositives === 0 ? 0 : (2 * truePositives) / (2 * truePositives + falsePositives + falseNegatives);
}

/** The threshold among `candidates` with the best F1; on a tie the higher one, which claims fewer contracts. */
export function bestThreshold(
  scores: readonly number[],
  present: readonly boolean[],
  candidates: readonly number[],
): { threshold: number; f1: number } {
  let best = { threshold: Number.NaN, f1: -1 };
  for (const threshold of [...candidates].sort((a, b) => a - b)) {
    const f1 = contractF1(scores, present, threshold);
    if (f1 >= best.f1) best = { threshold, f1 };
  }
  return best;
}
