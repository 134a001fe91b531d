import { z } from 'zod';
import { detectionMetrics, formatTable, macroF1, round4 } from './metrics.js';
import { NUMBER_WORDS_SOURCE, parseEnglishNumber } from '../src/numbers.js';
import type { ExtractedContract } from '../src/types.js';

import { CUAD_CATEGORIES, type CuadCategory } from '../src/categories.js';

export { CUAD_CATEGORIES, type CuadCategory };

/**
 * Categories outside CUAD that a label set may carry (the Chinese set does). They are scored only
 * for label sets that carry them, and only in {@link EvaluationReport.extendedMacroF1}: the macro F1
 * over {@link CUAD_CATEGORIES} keeps its meaning.
 */
export const EXTRA_CATEGORIES = ['Confidentiality', 'Dispute Resolution'] as const;

export type ExtraCategory = (typeof EXTRA_CATEGORIES)[number];
export type ScoredCategory = CuadCategory | ExtraCategory;

/** Categories whose label carries a normalised answer the extractor also produces. */
export const ANSWER_CATEGORIES: readonly ScoredCategory[] = [
  'Governing Law',
  'Renewal Term',
  'Notice Period to Terminate Renewal',
  'Confidentiality',
  'Dispute Resolution',
];

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

/** What the extractor says about each category: CUAD's, and the extra ones (scored only where labelled). */
export type CategoryPredictions = Record<CuadCategory, CategoryPrediction> & Partial<Record<ExtraCategory, CategoryPrediction>>;

/** A confidentiality answer as the labels write it: `3 years`, `6 months`, `perpetual`. */
function confidentialityAnswer(contract: Omit<ExtractedContract, 'judgements'>): string | null {
  const years = contract.confidentialityYears;
  if (!years) return null;
  if (years.perpetual) return 'perpetual';
  if (years.years === null) return null;
  return Number.isInteger(years.years) ? `${years.years} years` : `${Math.round(years.years * 12)} months`;
}

/** Maps extracted fields to CUAD's categories and the extra ones (document level). */
export function predictCuadCategories(contract: Omit<ExtractedContract, 'judgements'>): CategoryPredictions {
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
      detected: renewal?.automatic === true && (renewal.noticeDays !== null || renewal.noticeRequired),
      answer: renewal?.noticeDays != null ? `${renewal.noticeDays} days` : null,
    },
    'Non-Compete': { detected: contract.nonCompete !== null, answer: null },
    Exclusivity: { detected: contract.exclusivity !== null, answer: null },
    Insurance: { detected: contract.insurance !== null, answer: null },
    'Audit Rights': { detected: contract.auditRights !== null, answer: null },
    'Change of Control': { detected: contract.changeOfControl !== null, answer: null },
    'Anti-Assignment': { detected: contract.antiAssignment !== null, answer: null },
    'IP Ownership Assignment': { detected: contract.ipOwnershipAssignment !== null, answer: null },
    'Minimum Commitment': { detected: contract.minimumCommitment !== null, answer: null },
    'Warranty Duration': { detected: contract.warrantyDuration !== null, answer: contract.warrantyDuration?.duration ?? null },
    Confidentiality: {
      detected: contract.confidentiality !== null || contract.confidentialityYears !== null,
      answer: confidentialityAnswer(contract),
    },
    'Dispute Resolution': { detected: contract.disputeResolution !== null, answer: contract.disputeResolution?.method ?? null },
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
    .map((token) => PLACE_ALIASES[token] ?? token)
    // "Province of Ontario" is Ontario, "Republic of South Africa" South Africa; the PRC keeps its name.
    .map((token) =>
      token === "people's republic of china"
        ? token
        : token.replace(/^(?:province|state|commonwealth|republic|kingdom|government)\s+of\s+(?:the\s+)?/, ''),
    );
  const specific = tokens.filter((token) => !COUNTRY_QUALIFIERS.has(token));
  return new Set(specific.length > 0 ? specific : tokens);
}

const NUMBER_WORDS = new RegExp(`\\b${NUMBER_WORDS_SOURCE}\\b`, 'gi');
const UNIT_OF: Record<string, 'day' | 'week' | 'month' | 'year'> = {
  day: 'day',
  days: 'day',
  week: 'week',
  weeks: 'week',
  month: 'month',
  months: 'month',
  year: 'year',
  years: 'year',
};

/** A duration answer read as CUAD writes them: how many renewals (when stated), whether successive, and the length. */
export interface DurationAnswer {
  count: number | null;
  successive: boolean;
  value: number;
  unit: 'day' | 'week' | 'month' | 'year';
}

/**
 * Reads a duration answer after normalising it: case, CUAD's misspellings of "successive"
 * ("succesive", "successine"), number words ("three (3) years", "twelve months"), stray
 * parentheses ("(6) months"). "2 successive 5 years" and CUAD's shorthand "2 5 years" are two
 * renewals of 5 years. Null when the answer is not a duration (`perpetual`, a date).
 */
export function parseDurationAnswer(answer: string): DurationAnswer | null {
  const text = answer
    .toLowerCase()
    .replace(/\bsuc+[a-z]*\b/g, 'successive')
    .replace(new RegExp(`\\b(${NUMBER_WORDS_SOURCE})\\s*\\(\\s*(\\d+)\\s*\\)`, 'gi'), '$2')
    .replace(NUMBER_WORDS, (words) => String(parseEnglishNumber(words) ?? words))
    .replace(/[()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const match = /^(?:(\d+) )?(successive )?(?:(\d+) )?(\d+(?:\.\d+)?)[ -]?(days?|weeks?|months?|years?)$/.exec(text);
  if (!match) return null;
  const count = match[1] ?? match[3];
  return {
    count: count === undefined ? null : Number(count),
    successive: match[2] !== undefined,
    value: Number(match[4]),
    unit: UNIT_OF[match[5]!]!,
  };
}

/** The length of a duration in months when it is a whole number of them (a year is 12; 365 or 360 days are 12), else null. */
function durationMonths(duration: Pick<DurationAnswer, 'value' | 'unit'>): number | null {
  if (duration.unit === 'year') return duration.value * 12;
  if (duration.unit === 'month') return duration.value;
  const days = duration.unit === 'week' ? duration.value * 7 : duration.value;
  if (days % 365 === 0) return (days / 365) * 12;
  if (days % 30 === 0) return days / 30;
  return null;
}

function durationDays(duration: Pick<DurationAnswer, 'value' | 'unit'>): number {
  return duration.value * { day: 1, week: 7, month: 30, year: 365 }[duration.unit];
}

/** Two lengths are equal in days, or as whole months (`1 year` = `12 months` = `365 days` = `360 days`). */
function sameLength(left: DurationAnswer, right: DurationAnswer): boolean {
  if (durationDays(left) === durationDays(right)) return true;
  const months = durationMonths(left);
  return months !== null && months === durationMonths(right);
}

/** A duration answer ("30 days", "6 months", "60) days") in days; null when it is not one. */
export function answerDays(answer: string): number | null {
  const parsed = parseDurationAnswer(answer);
  return parsed ? durationDays(parsed) : null;
}

/**
 * Whether a predicted answer equals CUAD's: governing law as a set of places (`England and
 * Wales` equals `England, United Kingdom; Wales, United Kingdom`); notice periods and renewal
 * terms as durations after {@link parseDurationAnswer}, of the same length in days or whole
 * months. A renewal term must also agree on the number of renewals when either states one;
 * "successive" is not compared, because CUAD writes it inconsistently (the same "additional
 * periods of five (5) years" is `5 years` in one contract and `successive 5 years` in another).
 * An answer listing several values ("60 days; 180 days") matches any of them.
 */
export function answersMatch(category: ScoredCategory, predicted: string | null, expected: string): boolean {
  if (predicted === null || expected.trim() === '') return false;
  if (category === 'Governing Law') {
    const left = places(predicted);
    const right = places(expected);
    return left.size === right.size && [...left].every((place) => right.has(place));
  }
  return expected.split(/[;/]/).some((alternative) => durationAnswersMatch(category, predicted, alternative));
}

function durationAnswersMatch(category: ScoredCategory, predicted: string, expected: string): boolean {
  const left = parseDurationAnswer(predicted);
  const right = parseDurationAnswer(expected);
  if (!left || !right) return predicted.trim().toLowerCase() === expected.trim().toLowerCase();
  if (!sameLength(left, right)) return false;
  return category !== 'Renewal Term' || (left.count ?? 1) === (right.count ?? 1);
}

/** A contract's labels next to what was predicted for it. */
export interface EvaluationCase {
  id: string;
  labels: Record<string, CategoryLabel>;
  predictions: CategoryPredictions;
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
  categories: Record<CuadCategory, CategoryMetrics> & Partial<Record<ExtraCategory, CategoryMetrics>>;
  /** Mean F1 over {@link CUAD_CATEGORIES}. */
  macroF1: number;
  /** The {@link EXTRA_CATEGORIES} some contract's labels carry, scored apart; empty for CUAD. */
  extraCategories: ExtraCategory[];
  /** Mean F1 over {@link CUAD_CATEGORIES} and {@link extraCategories}; null when there are none. */
  extendedMacroF1: number | null;
}

/** The categories a report scores: CUAD's, then the extra ones its labels carry. */
export function scoredCategories(report: Pick<EvaluationReport, 'extraCategories'>): ScoredCategory[] {
  return [...CUAD_CATEGORIES, ...report.extraCategories];
}

/**
 * Precision, recall and F1 of detection per category (a contract counts as positive when CUAD
 * marked at least one clause), answer accuracy for {@link ANSWER_CATEGORIES}, and the macro F1.
 * A category missing from a contract's labels counts as absent. An extra category is scored only
 * when at least one contract's labels carry it (present or not).
 */
export function evaluate(cases: readonly EvaluationCase[]): EvaluationReport {
  const categories = {} as EvaluationReport['categories'];
  const extraCategories = EXTRA_CATEGORIES.filter((category) => cases.some(({ labels }) => category in labels));
  for (const category of [...CUAD_CATEGORIES, ...extraCategories]) {
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
      const prediction = predictions[category] ?? { detected: false, answer: null };
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
    const { precision, recall, f1 } = detectionMetrics({ truePositives, falsePositives, falseNegatives });
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
  const all = [...CUAD_CATEGORIES, ...extraCategories];
  const extendedMacroF1 = extraCategories.length === 0 ? null : macroF1(all.map((category) => categories[category]!));
  return {
    documents: cases.length,
    categories,
    macroF1: macroF1(CUAD_CATEGORIES.map((category) => categories[category])),
    extraCategories,
    extendedMacroF1,
  };
}

/**
 * The machine-readable summary: per category precision, recall, F1 and answer accuracy, and the
 * macro F1 over CUAD's categories; with extra categories, also `extended` (their count and macro F1).
 */
export function reportSummary(report: EvaluationReport): {
  documents: number;
  categories: Record<string, { precision: number; recall: number; f1: number; answerAccuracy?: number }>;
  macroF1: number;
  extended?: { categories: number; macroF1: number };
} {
  const categories: Record<string, { precision: number; recall: number; f1: number; answerAccuracy?: number }> = {};
  for (const category of scoredCategories(report)) {
    const metrics = report.categories[category]!;
    categories[category] = { precision: round4(metrics.precision), recall: round4(metrics.recall), f1: round4(metrics.f1) };
    if (metrics.answers) categories[category].answerAccuracy = round4(metrics.answers.accuracy);
  }
  const summary = { documents: report.documents, categories, macroF1: round4(report.macroF1) };
  if (report.extendedMacroF1 === null) return summary;
  return { ...summary, extended: { categories: scoredCategories(report).length, macroF1: round4(report.extendedMacroF1) } };
}

/** A fixed-width table of the report for people. */
export function formatReportTable(report: EvaluationReport): string {
  const header = ['category', 'TP', 'FP', 'FN', 'TN', 'precision', 'recall', 'F1', 'answer acc.'];
  const rows = scoredCategories(report).map((category) => {
    const metrics = report.categories[category]!;
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
  return [
    formatTable(header, rows),
    '',
    `macro F1 over ${CUAD_CATEGORIES.length} categories: ${report.macroF1.toFixed(3)} (${report.documents} contracts)`,
    ...(report.extendedMacroF1 === null
      ? []
      : [
          `macro F1 over ${CUAD_CATEGORIES.length + report.extraCategories.length} categories (with ${report.extraCategories.join(', ')}): ${report.extendedMacroF1.toFixed(3)}`,
        ]),
  ].join('\n');
}

/** Per category, the contracts behind each miss: false positives, false negatives and wrong answers. */
export function formatMisses(report: EvaluationReport): string {
  const lines: string[] = [];
  for (const category of scoredCategories(report)) {
    const metrics = report.categories[category]!;
    const wrong = metrics.answers?.wrong ?? [];
    if (metrics.falsePositiveIds.length === 0 && metrics.falseNegativeIds.length === 0 && wrong.length === 0) continue;
    lines.push(category);
    if (metrics.falsePositiveIds.length > 0) lines.push(`  false positives: ${metrics.falsePositiveIds.join(', ')}`);
    if (metrics.falseNegativeIds.length > 0) lines.push(`  false negatives: ${metrics.falseNegativeIds.join(', ')}`);
    for (const miss of wrong)
      lines.push(`  answer ${miss.id}: expected ${JSON.stringify(miss.expected)}, got ${JSON.stringify(miss.predicted)}`);
  }
  return lines.length > 0 ? lines.join('\n') : '  none';
}
