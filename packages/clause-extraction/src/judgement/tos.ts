import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { evidenceFor, type TextView } from '../text-view.js';
import type { UnfairTermCategory, UnfairTermField, UnfairTermLevel } from '../types.js';
import { addressesTheReader } from '../unfair-terms.js';
import {
  buildScorer,
  decodeWeights,
  documentProbability,
  type JudgementMode,
  type SentenceScorer,
  STACKER_INPUTS,
  scoreSentences,
} from './model.js';

/**
 * The learned models for unfair terms of service (CLAUDETTE's eight categories), the same approach as the CUAD
 * ones at sentence level: per category a sentence model over the hashed features, and a calibrated model that
 * stacks the rules' verdict on the sentence's logit. Fitted on tos/dev with folds by document (scripts/train-tos.ts).
 */
export const TOS_MODEL_CATEGORIES: readonly UnfairTermCategory[] = [
  'limitation_of_liability',
  'unilateral_termination',
  'unilateral_change',
  'content_removal',
  'choice_of_law',
  'jurisdiction',
  'arbitration',
  'contract_by_using',
];

const tosCategorySchema = z.object({
  mode: z.enum(['rules', 'model']),
  threshold: z.number().min(0).max(1),
  /** The level a sentence the model adds gets (the rules' level when they found it): the category's commonest label. */
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  sentence: z.object({ bias: z.number(), scale: z.number().positive(), weights: z.string() }),
  stacker: z.object({ bias: z.number(), weights: z.array(z.number()).length(STACKER_INPUTS.length) }),
  figures: z.record(z.string(), z.number()),
});

export const tosFileSchema = z.object({
  format: z.literal(1),
  trainedOn: z.string(),
  categories: z.record(z.string(), tosCategorySchema),
});
export type TosFile = z.infer<typeof tosFileSchema>;

export interface TosModels {
  categories: Array<{
    category: UnfairTermCategory;
    mode: JudgementMode;
    threshold: number;
    level: UnfairTermLevel;
    stacker: { bias: number; weights: number[] };
  }>;
  scorer: SentenceScorer;
}

export function tosModelsFromFile(file: TosFile): TosModels {
  const categories: TosModels['categories'] = [];
  const sentenceModels: Array<{ bias: number; weights: Map<number, number> }> = [];
  for (const category of TOS_MODEL_CATEGORIES) {
    const entry = file.categories[category];
    if (!entry) throw new Error(`terms-of-service models: no model for ${category}`);
    categories.push({ category, mode: entry.mode, threshold: entry.threshold, level: entry.level, stacker: entry.stacker });
    sentenceModels.push({ bias: entry.sentence.bias, weights: decodeWeights(entry.sentence.scale, entry.sentence.weights) });
  }
  return { categories, scorer: buildScorer(sentenceModels) };
}

export const TOS_FILE = new URL('./tos.json', import.meta.url);
let shipped: TosModels | null | undefined;

/** The shipped terms-of-service models, read once; null when the file is absent. */
export function shippedTosModels(): TosModels | null {
  if (shipped === undefined) {
    let text: string | null = null;
    try {
      text = readFileSync(TOS_FILE, 'utf8');
    } catch {
      text = null;
    }
    shipped = text === null ? null : tosModelsFromFile(tosFileSchema.parse(JSON.parse(text)));
  }
  return shipped;
}

/** The sentences of the view each rule term points at, by category: sentence index to the rules' level. */
export function ruleTermsBySentence(
  view: TextView,
  terms: readonly UnfairTermField[] | null,
): Map<UnfairTermCategory, Map<number, UnfairTermLevel>> {
  const byCategory = new Map<UnfairTermCategory, Map<number, UnfairTermLevel>>();
  if (!terms || terms.length === 0) return byCategory;
  const starts = new Map<number, number>();
  for (const [index, sentence] of view.sentences.entries()) starts.set(view.originalOffset[sentence.start] ?? 0, index);
  for (const term of terms) {
    const index = starts.get(term.evidence.start);
    if (index === undefined) continue;
    let levels = byCategory.get(term.category);
    if (!levels) {
      levels = new Map();
      byCategory.set(term.category, levels);
    }
    if (!levels.has(index)) levels.set(index, term.level);
  }
  return byCategory;
}

/**
 * Unfair terms judged sentence by sentence: per category the rules' verdict (`rules` mode) or the calibrated
 * probability against the threshold (`model` mode), each term with its `confidence`. Only texts of at least 400
 * words that address their reader are judged (the rules' gate, without its pass for short texts), so contracts
 * between businesses and short texts keep the rules' terms.
 * `probabilityOf` replaces the shipped model's probability (the evaluation's out-of-fold figures).
 */
export function judgeUnfairTerms(
  view: TextView,
  terms: readonly UnfairTermField[] | null,
  features: readonly Int32Array[],
  models: TosModels,
  probabilityOf?: (sentence: number, category: number) => number,
): UnfairTermField[] | null {
  if (!addressesTheReader(view.text, false)) return terms ? [...terms] : null;
  const rules = ruleTermsBySentence(view, terms);
  const width = models.scorer.categories;
  const scores = probabilityOf ? null : scoreSentences(models.scorer, features);
  const found: UnfairTermField[] = [];
  view.sentences.forEach((sentence, index) => {
    models.categories.forEach((model, category) => {
      const ruleLevel = rules.get(model.category)?.get(index);
      const logit = scores ? Math.max(-12, Math.min(12, scores[index * width + category]!)) : 0;
      const probability = probabilityOf
        ? probabilityOf(index, category)
        : documentProbability(model.stacker, { rule: ruleLevel !== undefined, best: logit, bestSentence: index, ruleSentence: logit });
      const present = model.mode === 'rules' ? ruleLevel !== undefined : probability >= model.threshold;
      if (!present) return;
      found.push({
        category: model.category,
        level: ruleLevel ?? model.level,
        evidence: evidenceFor(view, sentence.start, sentence.end),
        confidence: Math.round(probability * 10_000) / 10_000,
      });
    });
  });
  return found.length > 0 ? found : null;
}
