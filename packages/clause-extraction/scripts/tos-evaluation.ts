import { z } from 'zod';
import { detectionMetrics, type DetectionCounts, type DetectionMetrics, formatTable, macroF1, round4 } from './metrics.js';
import { buildTextView, type TextView } from '../src/text-view.js';
import type { UnfairTermCategory, UnfairTermField } from '../src/types.js';

/** CLAUDETTE's category names in the labels file, mapped to the extractor's. "Privacy included" is not one of the eight. */
export const TOS_CATEGORIES: Record<string, UnfairTermCategory> = {
  'Limitation of liability': 'limitation_of_liability',
  'Unilateral termination': 'unilateral_termination',
  'Unilateral change': 'unilateral_change',
  'Content removal': 'content_removal',
  'Choice of law': 'choice_of_law',
  Jurisdiction: 'jurisdiction',
  Arbitration: 'arbitration',
  'Contract by using': 'contract_by_using',
};
const CATEGORY_NAMES = Object.keys(TOS_CATEGORIES);

const labelsSchema = z.object({
  documents: z.array(
    z.object({
      id: z.string(),
      file: z.string(),
      spans: z.array(
        z.object({
          category: z.string(),
          level: z.number().int().min(1).max(3),
          start: z.number().int(),
          end: z.number().int(),
          text: z.string(),
        }),
      ),
    }),
  ),
});

export interface TosSpan {
  category: string;
  level: number;
  start: number;
  end: number;
  text: string;
}

export interface TosDocument {
  id: string;
  file: string;
  spans: TosSpan[];
}

/** Reads `tos/labels-dev.json`; throws with the offending path when the shape is wrong. */
export function parseTosLabels(json: unknown): TosDocument[] {
  const parsed = labelsSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`tos labels: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'}`);
  }
  return parsed.data.documents;
}

/**
 * The corpus has only a dev split, so rules are developed on two thirds of it and the rest is
 * held out and only ever looked at as figures: documents in id order, every third one (the 3rd,
 * 6th, ...) held out. Fixed, so the two parts never trade documents between runs.
 */
export function splitTosDocuments<T extends { id: string }>(documents: readonly T[]): { develop: T[]; heldOut: T[] } {
  const ordered = [...documents].sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0));
  return {
    develop: ordered.filter((_, index) => index % 3 !== 2),
    heldOut: ordered.filter((_, index) => index % 3 === 2),
  };
}

/**
 * Where a labelled span really is: the corpus offsets drift in some documents (they were counted
 * on the XML source), so the span's text is looked for near its offset first, then anywhere.
 */
export function locateSpan(text: string, span: Pick<TosSpan, 'start' | 'end' | 'text'>): { start: number; end: number } {
  if (text.slice(span.start, span.end) === span.text) return { start: span.start, end: span.end };
  const near = text.indexOf(span.text, Math.max(0, span.start - 2_000));
  const at = near >= 0 ? near : text.indexOf(span.text);
  return at >= 0 ? { start: at, end: at + span.text.length } : { start: span.start, end: span.end };
}

export interface TosCategoryMetrics extends DetectionCounts, DetectionMetrics {
  /** Among true positives, how often the predicted level equals the labelled one. */
  levelAccuracy: number;
}

export interface TosReport {
  documents: number;
  sentences: number;
  categories: Record<string, TosCategoryMetrics>;
  macroF1: number;
  /** One line per missed or spurious sentence: document, category, kind and the sentence start. */
  misses: string[];
}

/** A sentence counts for a labelled span when they overlap by more than half of the shorter. */
export function overlaps(sentence: { start: number; end: number }, span: { start: number; end: number }): boolean {
  const shared = Math.min(sentence.end, span.end) - Math.max(sentence.start, span.start);
  return shared > 0.5 * Math.min(sentence.end - sentence.start, span.end - span.start);
}

export function originalSentences(view: TextView): { start: number; end: number; text: string }[] {
  return view.sentences.map((sentence) => ({
    start: view.originalOffset[sentence.start] ?? 0,
    end: (view.originalOffset[Math.max(sentence.start, sentence.end - 1)] ?? 0) + 1,
    text: sentence.text,
  }));
}

/**
 * Sentence-level precision, recall and F1 per category. The units are the extractor's sentences;
 * a sentence is labelled with a category when it overlaps a tagged span of it (more than half of
 * the shorter of the two), and predicted when the extractor found that category in it.
 */
export function evaluateTos(documents: readonly (TosDocument & { text: string; predicted: UnfairTermField[] })[]): TosReport {
  const counts = Object.fromEntries(CATEGORY_NAMES.map((name) => [name, { tp: 0, fp: 0, fn: 0, levelHits: 0 }]));
  const misses: string[] = [];
  let sentenceCount = 0;
  for (const document of documents) {
    const view = buildTextView(document.text, []);
    const sentences = originalSentences(view);
    sentenceCount += sentences.length;
    const gold = document.spans
      .filter((span) => span.category in TOS_CATEGORIES)
      .map((span) => ({ ...span, ...locateSpan(document.text, span) }));
    for (const sentence of sentences) {
      for (const name of CATEGORY_NAMES) {
        const category = TOS_CATEGORIES[name]!;
        const labelled = gold.filter((span) => span.category === name && overlaps(sentence, span));
        const predicted = document.predicted.find((term) => term.category === category && overlaps(sentence, term.evidence));
        const count = counts[name]!;
        if (labelled.length > 0 && predicted) {
          count.tp += 1;
          if (labelled.some((span) => span.level === predicted.level)) count.levelHits += 1;
        } else if (labelled.length > 0) {
          count.fn += 1;
          misses.push(`${document.id} ${name} missed: ${sentence.text.slice(0, 160)}`);
        } else if (predicted) {
          count.fp += 1;
          misses.push(`${document.id} ${name} spurious: ${sentence.text.slice(0, 160)}`);
        }
      }
    }
  }
  const categories: Record<string, TosCategoryMetrics> = {};
  for (const name of CATEGORY_NAMES) {
    const { tp, fp, fn, levelHits } = counts[name]!;
    const hits: DetectionCounts = { truePositives: tp, falsePositives: fp, falseNegatives: fn };
    categories[name] = { ...hits, ...detectionMetrics(hits), levelAccuracy: tp === 0 ? 1 : levelHits / tp };
  }
  return {
    documents: documents.length,
    sentences: sentenceCount,
    categories,
    macroF1: macroF1(CATEGORY_NAMES.map((name) => categories[name]!)),
    misses,
  };
}

export function tosSummary(report: TosReport): {
  documents: number;
  categories: Record<string, { precision: number; recall: number; f1: number; levelAccuracy: number }>;
  macroF1: number;
} {
  return {
    documents: report.documents,
    categories: Object.fromEntries(
      Object.entries(report.categories).map(([name, metrics]) => [
        name,
        {
          precision: round4(metrics.precision),
          recall: round4(metrics.recall),
          f1: round4(metrics.f1),
          levelAccuracy: round4(metrics.levelAccuracy),
        },
      ]),
    ),
    macroF1: round4(report.macroF1),
  };
}

export function formatTosTable(report: TosReport): string {
  const header = ['category', 'TP', 'FP', 'FN', 'precision', 'recall', 'F1', 'level acc.'];
  const rows = CATEGORY_NAMES.map((name) => {
    const metrics = report.categories[name]!;
    return [
      name,
      String(metrics.truePositives),
      String(metrics.falsePositives),
      String(metrics.falseNegatives),
      metrics.precision.toFixed(3),
      metrics.recall.toFixed(3),
      metrics.f1.toFixed(3),
      metrics.levelAccuracy.toFixed(3),
    ];
  });
  return [
    formatTable(header, rows),
    '',
    `macro F1 over ${CATEGORY_NAMES.length} categories: ${report.macroF1.toFixed(3)} (${report.documents} documents, sentence level)`,
  ].join('\n');
}
