import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { CUAD_CATEGORIES, type CuadCategory } from '../categories.js';
import { HASH_BITS } from './features.js';

/**
 * The learned clause models (README "Learned judgement"): per CUAD category a sentence model (logistic
 * regression over hashed features, weights quantised to one byte) and a document model that stacks the
 * rules' verdict on the sentence scores and is itself a calibrated logistic regression (Platt), fitted on
 * out-of-fold sentence scores. All of it is fitted by `npm run train` from the shared labelled contracts.
 */

/** How the gateway may trade precision for recall: the confidence a finding needs to stand without a person. */
export type OperatingPoint = 'precision-first' | 'recall-first';
export const OPERATING_POINT_NAMES: readonly OperatingPoint[] = ['precision-first', 'recall-first'];

/** Who decides a category: its rules (they are precise on contracts they never saw), or the learned model. */
export type JudgementMode = 'rules' | 'model';

const sentenceModelSchema = z.object({
  bias: z.number(),
  /** A weight is `scale * q` for its byte `q`. */
  scale: z.number().positive(),
  /** base64: the buckets as ascending varint deltas, then one signed byte per bucket. */
  weights: z.string(),
});

/** The document model's inputs, in order (see {@link stackerInputs}). */
export const STACKER_INPUTS = [
  'rule',
  'best sentence',
  'rule sentence when the rules found it',
  'best sentence when the rules found it',
] as const;

const categoryModelSchema = z.object({
  mode: z.enum(['rules', 'model']),
  /** In `model` mode the probability at or above which the category is claimed (best F1 out of fold). */
  threshold: z.number().min(0).max(1),
  /** The confidence a claimed finding needs to stand alone at each operating point (below it: a person looks). */
  operatingPoints: z.object({ 'precision-first': z.number().min(0).max(1), 'recall-first': z.number().min(0).max(1) }),
  sentence: sentenceModelSchema,
  stacker: z.object({ bias: z.number(), weights: z.array(z.number()).length(STACKER_INPUTS.length) }),
  /** Out-of-fold figures behind the choices, for whoever reads the file. */
  figures: z.record(z.string(), z.number()),
});

export const judgementFileSchema = z.object({
  format: z.literal(1),
  trainedOn: z.string(),
  hashBits: z.literal(HASH_BITS),
  categories: z.record(z.string(), categoryModelSchema),
});
export type JudgementFile = z.infer<typeof judgementFileSchema>;
export type CategoryModelFile = z.infer<typeof categoryModelSchema>;

/** Sentence logits are clipped to this before stacking, so one extreme sentence cannot dominate. */
const LOGIT_LIMIT = 12;

// ---- weight encoding ----------------------------------------------------------------------------

/** Packs sparse weights: quantised to signed bytes against the largest, buckets as varint deltas (tests check the round trip). */
export function encodeWeights(weights: ReadonlyMap<number, number>): { scale: number; weights: string } {
  const largest = Math.max(1e-9, ...[...weights.values()].map(Math.abs));
  const scale = largest / 127;
  const entries = [...weights]
    .map(([bucket, weight]) => [bucket, Math.max(-127, Math.min(127, Math.round(weight / scale)))] as const)
    .filter(([, q]) => q !== 0)
    .sort((left, right) => left[0] - right[0]);
  const bytes: number[] = [];
  let previous = 0;
  for (const [bucket] of entries) {
    let delta = bucket - previous;
    previous = bucket;
    while (delta >= 0x80) {
      bytes.push((delta & 0x7f) | 0x80);
      delta >>>= 7;
    }
    bytes.push(delta);
  }
  const head = Buffer.alloc(4);
  head.writeUInt32LE(entries.length);
  const values = Buffer.from(Int8Array.from(entries.map(([, q]) => q)).buffer);
  return { scale: Number(scale.toPrecision(6)), weights: Buffer.concat([head, Buffer.from(bytes), values]).toString('base64') };
}

/** The inverse of {@link encodeWeights}: bucket to weight. */
export function decodeWeights(scale: number, encoded: string): Map<number, number> {
  const buffer = Buffer.from(encoded, 'base64');
  const count = buffer.readUInt32LE(0);
  let offset = 4;
  const buckets: number[] = [];
  let bucket = 0;
  for (let index = 0; index < count; index += 1) {
    let delta = 0;
    let shift = 0;
    for (;;) {
      const byte = buffer[offset]!;
      offset += 1;
      delta |= (byte & 0x7f) << shift;
      if (byte < 0x80) break;
      shift += 7;
    }
    bucket += delta;
    buckets.push(bucket);
  }
  const weights = new Map<number, number>();
  for (const [index, at] of buckets.entries()) weights.set(at, scale * buffer.readInt8(offset + index));
  return weights;
}

// ---- scoring ------------------------------------------------------------------------------------

/** Sentence models of several categories packed for one pass over a sentence's features. */
export interface SentenceScorer {
  categories: number;
  biases: Float64Array;
  /** Bucket to its first entry in `entryCategory` / `entryWeight`; entries of one bucket are contiguous. */
  first: Map<number, number>;
  count: Map<number, number>;
  entryCategory: Uint8Array;
  entryWeight: Float64Array;
}

/** Packs per-category sparse weights into one scorer (the order of `models` is the order of the scores). */
export function buildScorer(models: ReadonlyArray<{ bias: number; weights: ReadonlyMap<number, number> }>): SentenceScorer {
  const byBucket = new Map<number, Array<[number, number]>>();
  models.forEach((model, category) => {
    for (const [bucket, weight] of model.weights) {
      const list = byBucket.get(bucket);
      if (list) list.push([category, weight]);
      else byBucket.set(bucket, [[category, weight]]);
    }
  });
  const total = [...byBucket.values()].reduce((sum, list) => sum + list.length, 0);
  const entryCategory = new Uint8Array(total);
  const entryWeight = new Float64Array(total);
  const first = new Map<number, number>();
  const count = new Map<number, number>();
  let at = 0;
  for (const [bucket, list] of byBucket) {
    first.set(bucket, at);
    count.set(bucket, list.length);
    for (const [category, weight] of list) {
      entryCategory[at] = category;
      entryWeight[at] = weight;
      at += 1;
    }
  }
  return {
    categories: models.length,
    biases: Float64Array.from(models.map((model) => model.bias)),
    first,
    count,
    entryCategory,
    entryWeight,
  };
}

/**
 * Every sentence's logit for every category: `scores[sentence * categories + category]`. Features count
 * equally and the sum is divided by the square root of their number, so a long sentence does not win by length.
 */
export function scoreSentences(scorer: SentenceScorer, features: readonly Int32Array[]): Float64Array {
  const width = scorer.categories;
  const scores = new Float64Array(features.length * width);
  const sums = new Float64Array(width);
  features.forEach((row, sentence) => {
    sums.fill(0);
    for (const bucket of row) {
      const start = scorer.first.get(bucket);
      if (start === undefined) continue;
      const end = start + scorer.count.get(bucket)!;
      for (let entry = start; entry < end; entry += 1) sums[scorer.entryCategory[entry]!]! += scorer.entryWeight[entry]!;
    }
    const scale = row.length > 0 ? 1 / Math.sqrt(row.length) : 0;
    for (let category = 0; category < width; category += 1)
      scores[sentence * width + category] = scorer.biases[category]! + sums[category]! * scale;
  });
  return scores;
}

export const sigmoid = (value: number): number => 1 / (1 + Math.exp(-value));
const clip = (value: number): number => Math.max(-LOGIT_LIMIT, Math.min(LOGIT_LIMIT, value));

/** What the document model reads of one category of one contract. */
export interface DocumentEvidence {
  /** Whether the rules found the category. */
  rule: boolean;
  /** The highest sentence logit and its sentence (-1 when the contract has no sentence). */
  best: number;
  bestSentence: number;
  /** The highest logit among the sentences the rules' evidence covers (the lowest logit when the rules found nothing). */
  ruleSentence: number;
}

/** Aggregates a category's sentence logits into what the document model reads. */
export function documentEvidence(
  scores: Float64Array,
  width: number,
  category: number,
  rule: boolean,
  ruleSentences: readonly number[],
): DocumentEvidence {
  let best = -LOGIT_LIMIT;
  let bestSentence = -1;
  const sentences = scores.length / width;
  for (let sentence = 0; sentence < sentences; sentence += 1) {
    const score = scores[sentence * width + category]!;
    if (bestSentence < 0 || score > best) {
      best = score;
      bestSentence = sentence;
    }
  }
  let ruleSentence = -LOGIT_LIMIT;
  for (const sentence of ruleSentences) ruleSentence = Math.max(ruleSentence, scores[sentence * width + category]!);
  return { rule, best: clip(best), bestSentence, ruleSentence: clip(ruleSentence) };
}

/**
 * The document model's inputs: the rules' verdict, the best sentence's logit, and, when the rules found the clause,
 * their sentence's logit and the best logit again (so the model weighs its own reading apart when the rules speak).
 */
export function stackerInputs(evidence: DocumentEvidence): number[] {
  const rule = evidence.rule ? 1 : 0;
  const best = evidence.best / LOGIT_LIMIT;
  return [rule, best, (rule * evidence.ruleSentence) / LOGIT_LIMIT, rule * best];
}

/** The calibrated probability that the contract has the clause. */
export function documentProbability(stacker: { bias: number; weights: readonly number[] }, evidence: DocumentEvidence): number {
  const inputs = stackerInputs(evidence);
  let score = stacker.bias;
  inputs.forEach((value, index) => {
    score += (stacker.weights[index] ?? 0) * value;
  });
  return sigmoid(score);
}

// ---- the loaded models --------------------------------------------------------------------------

/** A category's model ready to use. */
export interface CategoryModel {
  category: CuadCategory;
  mode: JudgementMode;
  threshold: number;
  operatingPoints: Record<OperatingPoint, number>;
  stacker: { bias: number; weights: number[] };
}

/** All categories' models: one scorer over the sentence models, in {@link CUAD_CATEGORIES} order. */
export interface JudgementModels {
  trainedOn: string;
  categories: CategoryModel[];
  scorer: SentenceScorer;
}

export function modelsFromFile(file: JudgementFile): JudgementModels {
  const categories: CategoryModel[] = [];
  const sentenceModels: Array<{ bias: number; weights: Map<number, number> }> = [];
  for (const category of CUAD_CATEGORIES) {
    const entry = file.categories[category];
    if (!entry) throw new Error(`judgement models: no model for ${category}`);
    categories.push({
      category,
      mode: entry.mode,
      threshold: entry.threshold,
      operatingPoints: entry.operatingPoints,
      stacker: entry.stacker,
    });
    sentenceModels.push({ bias: entry.sentence.bias, weights: decodeWeights(entry.sentence.scale, entry.sentence.weights) });
  }
  return { trainedOn: file.trainedOn, categories, scorer: buildScorer(sentenceModels) };
}

/** The models file shipped beside this module, `judgement.json` (written by `npm run train`). */
export const JUDGEMENT_FILE = new URL('./judgement.json', import.meta.url);

let shipped: JudgementModels | null | undefined;

/** The shipped models, read once; null when the file is absent (a checkout before the first `npm run train`). */
export function shippedModels(): JudgementModels | null {
  if (shipped === undefined) {
    let text: string | null = null;
    try {
      text = readFileSync(JUDGEMENT_FILE, 'utf8');
    } catch {
      text = null;
    }
    shipped = text === null ? null : modelsFromFile(judgementFileSchema.parse(JSON.parse(text)));
  }
  return shipped;
}
