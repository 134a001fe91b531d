import { z } from 'zod';
import type { ExtractedContract } from './types.js';

/** The CUAD categories that map to an extracted field, in report order. */
export const CUAD_CATEGORIES = [
  'Governing Law',
  'Cap on Liability',
  'Uncapped Liability',
  'Liquidated Damages',
  'Termination for Convenience',
  'Renewal Term',
  'Notice Period to Terminate Renewal',
  'Non-Compete',
] as const;

export type CuadCategory = (typeof CUAD_CATEGORIES)[number];

/** Categories whose CUAD label carries a normalised answer the extractor also produces. */
export const ANSWER_CATEGORIES: readonly CuadCategory[] = ['Governing Law', 'Renewal Term', 'Notice Period to Terminate Renewal'];

const categoryLabelSchema = z.object({ present: z.boolean(), answer: z.string().nullish() });
const labelsFileSchema = z.object({
  contracts: z.array(z.object({ id: z.string(), file: z.string(), labels: z.record(z.string(), categoryLabelSchema) })),
});

/** One category's label: whether annotators marked a clause, and CUAD's normalised answer ('' when none). */
export interface CategoryLabel {
  present: boolean;
  answer: string;
}

/** A contract of a labels file: its text file (relative to the labels file) and its labels by category. */
export interface LabelledContract {
  id: string;
  file: string;
  labels: Record<string, CategoryLabel>;
}

/**
 * Reads a CUAD-style labels file (`{ contracts: [{ id, file, labels: { [category]: { present,
 * answer } } }] }`, other keys ignored). Throws with the offending path when the shape is wrong.
 */
export function parseCuadLabels(json: unknown): LabelledContract[] {
  const parsed = labelsFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`labels file: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'}`);
  }
  return parsed.data.contracts.map((contract) => ({
    id: contract.id,
    file: contract.file,
    labels: Object.fromEntries(
      Object.entries(contract.labels).map(([category, label]) => [category, { present: label.present, answer: label.answer ?? '' }]),
    ),
  }));
}

/** What the extractor says about one category of one contract. */
export interface CategoryPrediction {
  detected: boolean;
  answer: string | null;
}

/** Maps extracted fields to CUAD's categories (document level). */
export function predictCuadCategories(contract: ExtractedContract): Record<CuadCategory, CategoryPrediction> {
  const renewal = contract.autoRenewal;
  return {
    'Governing Law': { detected: contract.governingLaw !== null, answer: contract.governingLaw?.jurisdiction ?? null },
    'Cap on Liability': { detected: contract.liabilityCap?.limited === true, answer: null },
    'Uncapped Liability': { detected: contract.liabilityCap?.kind === 'uncapped', answer: null },
    'Liquidated Damages': { detected: contract.liquidatedDamages !== null, answer: null },
    'Termination for Convenience': { detected: contract.terminationForConvenience !== null, answer: null },
    'Renewal Term': { detected: renewal !== null, answer: renewal?.renewalTerm ?? null },
    // Notice to exercise an optional renewal is not notice to stop one.
    'Notice Period to Terminate Renewal': {
      detected: renewal?.automatic === true && renewal.noticeDays !== null,
      answer: renewal?.noticeDays != null ? `${renewal.noticeDays} days` : null,
    },
    'Non-Compete': { detected: contract.nonCompete !== null, answer: null },
  };
}

/** Country names dropped from a place list when a state or province names the place more precisely. */
const COUNTRY_QUALIFIERS = new Set([
  'united kingdom',
  'uk',
  'u.k.',
  'united states',
  'united states of america',
  'usa',
  'u.s.a.',
  'us',
  'canada',
  'australia',
]);
const PLACE_ALIASES: Record<string, string> = {
  prc: "people's republic of china",
  china: "people's republic of china",
  'peoples republic of china': "people's republic of china",
};

function places(answer: string): Set<string> {
  const tokens = answer
    .toLowerCase()
    .replace(/[’]/g, "'")
    .split(/;|,|\band\b|&/)
    .map((token) =>
      token
        .trim()
        .replace(/^the\s+/, '')
        .replace(/\.$/, ''),
    )
    .filter((token) => token.length > 0)
    .map((token) => PLACE_ALIASES[token] ?? token);
  const specific = tokens.filter((token) => !COUNTRY_QUALIFIERS.has(token));
  return new Set(specific.length > 0 ? specific : tokens);
}

function renewalTermKey(answer: string): string {
  return answer
    .toLowerCase()
    .replace(/\b(year|month|day|week)s\b/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A duration answer ("30 days", "6 months", "60) days") in days; null when it is not one. */
export function answerDays(answer: string): number | null {
  const match = /(\d+(?:\.\d+)?)\)?\s*(day|week|month|year)s?/i.exec(answer);
  if (!match) return null;
  const perUnit = { day: 1, week: 7, month: 30, year: 365 }[match[2]!.toLowerCase() as 'day' | 'week' | 'month' | 'year'];
  return Number(match[1]) * perUnit;
}

/**
 * Whether a predicted answer equals CUAD's: governing law as a set of places (`England and
 * Wales` equals `England, United Kingdom; Wales, United Kingdom`), renewal terms ignoring case and
 * plural, notice periods as a number of days (`6 months` equals `180 days`).
 */
export function answersMatch(category: CuadCategory, predicted: string | null, expected: string): boolean {
  if (predicted === null || expected.trim() === '') return false;
  if (category === 'Governing Law') {
    const left = places(predicted);
    const right = places(expected);
    return left.size === right.size && [...left].every((place) => right.has(place));
  }
  if (category === 'Notice Period to Terminate Renewal') {
    const days = answerDays(predicted);
    return days !== null && days === answerDays(expected);
  }
  return renewalTermKey(predicted) === renewalTermKey(expected);
}

/** A contract's labels next to what was predicted for it. */
export interface EvaluationCase {
  id: string;
  labels: Record<string, CategoryLabel>;
  predictions: Record<CuadCategory, CategoryPrediction>;
}

/** Answer accuracy over the contracts whose label is present with a non-empty answer; a missed detection counts as wrong. */
export interface AnswerAccuracy {
  correct: number;
  total: number;
  accuracy: number;
  /** Contracts whose answer differed: id, expected, predicted. */
  wrong: { id: string; expected: string; predicted: string | null }[];
}

/** Detection quality of one category, document level. */
export interface CategoryMetrics {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  trueNegatives: number;
  precision: number;
  recall: number;
  f1: number;
  falsePositiveIds: string[];
  falseNegativeIds: string[];
  answers: AnswerAccuracy | null;
}

export interface EvaluationReport {
  documents: number;
  categories: Record<CuadCategory, CategoryMetrics>;
  /** Mean F1 over {@link CUAD_CATEGORIES}. */
  macroF1: number;
}

/** Precision with nothing predicted is 1 when nothing was there to find, else 0 (likewise recall). */
function ratio(hits: number, total: number, otherMisses: number): number {
  if (total === 0) return otherMisses === 0 ? 1 : 0;
  return hits / total;
}

/**
 * Precision, recall and F1 of detection per category (a contract counts as positive when CUAD
 * marked at least one clause), answer accuracy for {@link ANSWER_CATEGORIES}, and the macro F1.
 * A category missing from a contract's labels counts as absent.
 */
export function evaluate(cases: readonly EvaluationCase[]): EvaluationReport {
  const categories = {} as Record<CuadCategory, CategoryMetrics>;
  for (const category of CUAD_CATEGORIES) {
    let truePositives = 0;
    let falsePositives = 0;
    let falseNegatives = 0;
    let trueNegatives = 0;
    const falsePositiveIds: string[] = [];
    const falseNegativeIds: string[] = [];
    const wantsAnswer = ANSWER_CATEGORIES.includes(category);
    const answers: AnswerAccuracy = { correct: 0, total: 0, accuracy: 0, wrong: [] };
    for (const { id, labels, predictions } of cases) {
      const label = labels[category] ?? { present: false, answer: '' };
      const prediction = predictions[category];
      if (label.present && prediction.detected) truePositives += 1;
      else if (label.present) {
        falseNegatives += 1;
        falseNegativeIds.push(id);
      } else if (prediction.detected) {
        falsePositives += 1;
        falsePositiveIds.push(id);
      } else trueNegatives += 1;
      if (wantsAnswer && label.present && label.answer.trim() !== '') {
        answers.total += 1;
        const predicted = prediction.detected ? prediction.answer : null;
        if (answersMatch(category, predicted, label.answer)) answers.correct += 1;
        else answers.wrong.push({ id, expected: label.answer, predicted });
      }
    }
    const precision = ratio(truePositives, truePositives + falsePositives, falseNegatives);
    const recall = ratio(truePositives, truePositives + falseNegatives, falsePositives);
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    answers.accuracy = answers.total === 0 ? 1 : answers.correct / answers.total;
    categories[category] = {
      truePositives,
      falsePositives,
      falseNegatives,
      trueNegatives,
      precision,
      recall,
      f1,
      falsePositiveIds,
      falseNegativeIds,
      answers: wantsAnswer ? answers : null,
    };
  }
  const macroF1 = CUAD_CATEGORIES.reduce((sum, category) => sum + categories[category].f1, 0) / CUAD_CATEGORIES.length;
  return { documents: cases.length, categories, macroF1 };
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** The machine-readable summary: per category precision, recall, F1 and answer accuracy, and the macro F1. */
export function reportSummary(report: EvaluationReport): {
  documents: number;
  categories: Record<string, { precision: number; recall: number; f1: number; answerAccuracy?: number }>;
  macroF1: number;
} {
  const categories: Record<string, { precision: number; recall: number; f1: number; answerAccuracy?: number }> = {};
  for (const category of CUAD_CATEGORIES) {
    const metrics = report.categories[category];
    categories[category] = { precision: round(metrics.precision), recall: round(metrics.recall), f1: round(metrics.f1) };
    if (metrics.answers) categories[category].answerAccuracy = round(metrics.answers.accuracy);
  }
  return { documents: report.documents, categories, macroF1: round(report.macroF1) };
}

/** A fixed-width table of the report for people. */
export function formatReportTable(report: EvaluationReport): string {
  const header = ['category', 'TP', 'FP', 'FN', 'TN', 'precision', 'recall', 'F1', 'answer acc.'];
  const rows = CUAD_CATEGORIES.map((category) => {
    const metrics = report.categories[category];
    const answers = metrics.answers ? `${metrics.answers.accuracy.toFixed(3)} (${metrics.answers.correct}/${metrics.answers.total})` : '-';
    return [
      category,
      String(metrics.truePositives),
      String(metrics.falsePositives),
      String(metrics.falseNegatives),
      String(metrics.trueNegatives),
      metrics.precision.toFixed(3),
      metrics.recall.toFixed(3),
      metrics.f1.toFixed(3),
      answers,
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  return [
    line(header),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...rows.map(line),
    '',
    `macro F1 over ${CUAD_CATEGORIES.length} categories: ${report.macroF1.toFixed(3)} (${report.documents} contracts)`,
  ].join('\n');
}
