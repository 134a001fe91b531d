import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { isTableOfContents } from './presence.js';
import { evidenceFor, type Sentence, type TextView } from './text-view.js';
import type { PresenceField } from './types.js';

/**
 * A sentence classifier learned from labelled contracts: logistic regression over a sentence's words
 * and word pairs. Where hand-written rules fit the contracts they were written against far better than
 * unseen ones (Change of Control: F1 0.91 on cuad/train, 0.44 on cuad/dev), a model fitted to the whole
 * working set and judged by cross-validation generalises more honestly. Trained offline by
 * `npm run train:classifier` (scripts/train-clause-classifier.ts); the weights ship with the code, so
 * extraction stays deterministic and offline.
 */
export interface ClauseClassifier {
  /** The CUAD category it was trained for. */
  category: string;
  /** What it was trained on and how its threshold was chosen, for whoever reads the file. */
  trainedOn: string;
  /** Only sentences matching this pattern (case-insensitive) are scored: the words the clause cannot do without. */
  candidates: RegExp;
  /** The lowest probability that counts as the clause. */
  threshold: number;
  bias: number;
  weights: ReadonlyMap<string, number>;
}

const TOKEN = /[a-z]+|\d+/g;

/**
 * The features of a sentence, each once: lower-case words and adjacent word pairs, every number written `#`
 * so that "thirty (30) days" and "sixty (60) days" read alike.
 */
export function sentenceFeatures(text: string): string[] {
  const words = (text.toLowerCase().match(TOKEN) ?? []).map((word) => (word.charCodeAt(0) <= 57 ? '#' : word));
  const features = new Set(words);
  for (let index = 1; index < words.length; index += 1) features.add(`${words[index - 1]} ${words[index]}`);
  return [...features];
}

/**
 * The probability that a sentence is the clause. Features count equally and the sum is divided by the square
 * root of their number (the trainer's unit-length rows), so a long sentence does not win by its length; words
 * the model never saw still count towards that length.
 */
export function clauseProbability(classifier: ClauseClassifier, text: string): number {
  return probabilityOfFeatures(classifier.bias, classifier.weights, sentenceFeatures(text));
}

/** The same probability from features already read: the trainer scores with it too, so both always agree. */
export function probabilityOfFeatures(bias: number, weights: ReadonlyMap<string, number>, features: readonly string[]): number {
  let sum = 0;
  for (const feature of features) sum += weights.get(feature) ?? 0;
  const score = bias + (features.length > 0 ? sum / Math.sqrt(features.length) : 0);
  return 1 / (1 + Math.exp(-score));
}

/**
 * The sentences a classifier is asked about, with the text it scores: those matching its candidate words, as
 * `readAs` reads them (the rules' reading, say; null for one not to score). The trainer takes the same ones.
 */
export function* candidateReadings(
  view: TextView,
  candidates: RegExp,
  readAs: (sentence: Sentence, index: number) => string | null,
): Generator<{ sentence: Sentence; read: string }> {
  for (const [index, sentence] of view.sentences.entries()) {
    if (!candidates.test(sentence.text)) continue;
    const read = readAs(sentence, index);
    // A title the reading removed ("CHANGE OF CONTROL AND TERMINATION Either party may terminate ...") made no candidate.
    if (read !== null && candidates.test(read)) yield { sentence, read };
  }
}

/**
 * The candidate sentence the classifier is surest of, when it reaches the threshold; a table of contents never
 * counts. `readAs` gives the text to score (the rules' reading of it, say), or null for a sentence not to score.
 */
export function classifiedClause(
  view: TextView,
  classifier: ClauseClassifier,
  readAs: (sentence: Sentence, index: number) => string | null = (sentence) => sentence.text,
): PresenceField | null {
  let best: { start: number; end: number; probability: number } | null = null;
  for (const { sentence, read } of candidateReadings(view, classifier.candidates, readAs)) {
    if (isTableOfContents(sentence.text)) continue;
    const probability = clauseProbability(classifier, read);
    if (probability >= classifier.threshold && (best === null || probability > best.probability))
      best = { start: sentence.start, end: sentence.end, probability };
  }
  return best && { present: true, evidence: evidenceFor(view, best.start, best.end), source: 'classifier' };
}

/** The file a trained classifier is stored in (weights rounded to four places, those under 0.01 left out). */
export const classifierFileSchema = z.object({
  category: z.string(),
  trainedOn: z.string(),
  /** Contract-level F1 out of fold on the training contracts: what to expect on contracts it has not seen. */
  crossValidatedF1: z.number().min(0).max(1),
  candidates: z.string(),
  threshold: z.number().gt(0).lt(1),
  bias: z.number(),
  weights: z.record(z.string(), z.number()),
});
export type ClassifierFile = z.infer<typeof classifierFileSchema>;

export function classifierFromFile(file: ClassifierFile): ClauseClassifier {
  return {
    category: file.category,
    trainedOn: file.trainedOn,
    candidates: new RegExp(file.candidates, 'i'),
    threshold: file.threshold,
    bias: file.bias,
    weights: new Map(Object.entries(file.weights)),
  };
}

/** Reads a classifier shipped beside this module (`classifiers/<name>.json`). */
export function loadClassifier(name: string): ClauseClassifier {
  const url = new URL(`./classifiers/${name}.json`, import.meta.url);
  return classifierFromFile(classifierFileSchema.parse(JSON.parse(readFileSync(url, 'utf8'))));
}
