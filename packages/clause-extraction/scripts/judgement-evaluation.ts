/**
 * The learned models' figures side by side (`npm run eval`): out of fold over the 340 training contracts (and
 * apart on train, where the rules were written, and train2, which no rule read), in sample (the shipped models on
 * the same contracts), dev and any extra set; beside F1, the CUAD paper's precision at 80% recall and AUPR, and the
 * expected calibration error of the out-of-fold probabilities.
 */
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { CUAD_CATEGORIES, type CuadCategory } from '../src/categories.js';
import { extractRuleFields } from '../src/extract-fields.js';
import { applyJudgements, judgeCategories, ruleVerdicts } from '../src/judgement/judge.js';
import type { JudgementModels } from '../src/judgement/model.js';
import {
  evaluate,
  type EvaluationCase,
  type EvaluationReport,
  type LabelledContract,
  predictCuadCategories,
  reportSummary,
} from './evaluation.js';
import { averagePrecision, expectedCalibrationError, formatTable, precisionAtRecall, round4, type ScoredOutcome } from './metrics.js';
import { OOF_FILE } from './train-judgement.js';

const oofSchema = z.object({
  folds: z.number().int(),
  contracts: z.array(z.object({ id: z.string(), part: z.string(), fold: z.number().int() })),
  probabilities: z.record(z.string(), z.array(z.number())),
});

/** The trainer's out-of-fold probabilities by contract id; null when they were never written. */
export function readOutOfFold(): {
  folds: number;
  byId: Map<string, { part: string; fold: number; probabilities: Record<string, number> }>;
} | null {
  if (!existsSync(OOF_FILE)) return null;
  const file = oofSchema.parse(JSON.parse(readFileSync(OOF_FILE, 'utf8')));
  const byId = new Map<string, { part: string; fold: number; probabilities: Record<string, number> }>();
  file.contracts.forEach((contract, index) => {
    byId.set(contract.id, {
      part: contract.part,
      fold: contract.fold,
      probabilities: Object.fromEntries(CUAD_CATEGORIES.map((category) => [category, file.probabilities[category]?.[index] ?? 0])),
    });
  });
  return { folds: file.folds, byId };
}

/** A contract judged twice: by the shipped models (in sample) and, when it is a training contract, out of fold. */
export interface JudgedCase {
  inSample: EvaluationCase;
  inSampleProbabilities: Record<CuadCategory, number>;
  outOfFold: EvaluationCase | null;
  outOfFoldProbabilities: Record<CuadCategory, number> | null;
  part: string | null;
}

/** Judges one labelled contract; `oof` holds its out-of-fold probabilities when it was a training contract. */
export function judgeCase(
  contract: LabelledContract & { text: string },
  models: JudgementModels,
  oof: { part: string; probabilities: Record<string, number> } | undefined,
): JudgedCase {
  const { contract: fields, view } = extractRuleFields(contract.text);
  const rules = ruleVerdicts(fields);
  const shipped = judgeCategories(view, rules, models);
  const inSample = applyJudgements(fields, view, shipped);
  const inSampleProbabilities = Object.fromEntries(CUAD_CATEGORIES.map((category) => [category, shipped[category].probability])) as Record<
    CuadCategory,
    number
  >;
  if (!oof) {
    return {
      inSample: { id: contract.id, labels: contract.labels, predictions: predictCuadCategories(inSample) },
      inSampleProbabilities,
      outOfFold: null,
      outOfFoldProbabilities: null,
      part: null,
    };
  }
  const held = judgeCategories(view, rules, models, (category) => oof.probabilities[category] ?? 0);
  const outOfFold = applyJudgements(fields, view, held);
  return {
    inSample: { id: contract.id, labels: contract.labels, predictions: predictCuadCategories(inSample) },
    inSampleProbabilities,
    outOfFold: { id: contract.id, labels: contract.labels, predictions: predictCuadCategories(outOfFold) },
    outOfFoldProbabilities: Object.fromEntries(CUAD_CATEGORIES.map((category) => [category, held[category].probability])) as Record<
      CuadCategory,
      number
    >,
    part: oof.part,
  };
}

/** Ranking and calibration figures of a set of probabilities against the labels. */
export interface ProbabilityFigures {
  /** Expected calibration error over every category's probabilities together (ten bins). */
  ece: number;
  categories: Record<CuadCategory, { aupr: number; precisionAt80Recall: number; ece: number }>;
  /** Means over the categories. */
  aupr: number;
  precisionAt80Recall: number;
}

export function probabilityFigures(
  cases: ReadonlyArray<{ labels: LabelledContract['labels']; probabilities: Record<CuadCategory, number> }>,
): ProbabilityFigures {
  const pooled: ScoredOutcome[] = [];
  const categories = {} as ProbabilityFigures['categories'];
  for (const category of CUAD_CATEGORIES) {
    const outcomes = cases.map(({ labels, probabilities }) => ({
      probability: probabilities[category],
      positive: labels[category]?.present ?? false,
    }));
    pooled.push(...outcomes);
    categories[category] = {
      aupr: averagePrecision(outcomes),
      precisionAt80Recall: precisionAtRecall(outcomes, 0.8),
      ece: expectedCalibrationError(outcomes),
    };
  }
  const mean = (pick: (figures: ProbabilityFigures['categories'][CuadCategory]) => number) =>
    CUAD_CATEGORIES.reduce((sum, category) => sum + pick(categories[category]), 0) / CUAD_CATEGORIES.length;
  return {
    ece: expectedCalibrationError(pooled),
    categories,
    aupr: mean((figures) => figures.aupr),
    precisionAt80Recall: mean((figures) => figures.precisionAt80Recall),
  };
}

/** A named column of the side-by-side table. */
export interface Column {
  name: string;
  report: EvaluationReport;
}

/** Per category F1 of every column, then the out-of-fold P@80%R and AUPR and who decides. */
export function formatSideBySide(columns: readonly Column[], oof: ProbabilityFigures, models: JudgementModels): string {
  const header = ['category', 'decides', ...columns.map((column) => column.name), 'P@80%R oof', 'AUPR oof'];
  const rows = CUAD_CATEGORIES.map((category, index) => [
    category,
    models.categories[index]!.mode,
    ...columns.map((column) => column.report.categories[category].f1.toFixed(3)),
    oof.categories[category].precisionAt80Recall.toFixed(3),
    oof.categories[category].aupr.toFixed(3),
  ]);
  rows.push([
    'macro F1 / mean',
    '',
    ...columns.map((column) => column.report.macroF1.toFixed(3)),
    oof.precisionAt80Recall.toFixed(3),
    oof.aupr.toFixed(3),
  ]);
  const answers = (['Renewal Term', 'Notice Period to Terminate Renewal'] as const).map((category) => [
    `${category} answers`,
    '',
    ...columns.map((column) => {
      const accuracy = column.report.categories[category].answers;
      return accuracy ? `${accuracy.accuracy.toFixed(3)} (${accuracy.correct}/${accuracy.total})` : '-';
    }),
    '',
    '',
  ]);
  return formatTable(header, [...rows, ...answers]);
}

/** The targets of issue 28 that eval can check, each with its figure. */
export function targetLines(figures: {
  oofMacroF1: number;
  oofLowest: { category: string; f1: number };
  inSampleMacroF1: number;
  devMacroF1: number | null;
  ece: number;
}): string[] {
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const gap = figures.inSampleMacroF1 - figures.oofMacroF1;
  return [
    `out-of-fold macro F1 over the 340 >= 0.88: ${figures.oofMacroF1.toFixed(3)} (${mark(figures.oofMacroF1 >= 0.88)})`,
    `no category below 0.75 out of fold: lowest ${figures.oofLowest.category} ${figures.oofLowest.f1.toFixed(3)} (${mark(figures.oofLowest.f1 >= 0.75)})`,
    `in sample at most 0.03 above out of fold: ${gap >= 0 ? '+' : ''}${gap.toFixed(3)} (${mark(gap <= 0.03)})`,
    `dev >= 0.88: ${figures.devMacroF1 === null ? 'not measured' : `${figures.devMacroF1.toFixed(3)} (${mark(figures.devMacroF1 >= 0.88)})`}`,
    `expected calibration error <= 0.05 (out of fold): ${figures.ece.toFixed(3)} (${mark(figures.ece <= 0.05)})`,
  ];
}

/** The JSON summary of the probability figures, four decimals. */
export function probabilitySummary(figures: ProbabilityFigures): Record<string, unknown> {
  return {
    ece: round4(figures.ece),
    aupr: round4(figures.aupr),
    precisionAt80Recall: round4(figures.precisionAt80Recall),
    categories: Object.fromEntries(
      CUAD_CATEGORIES.map((category) => [
        category,
        {
          aupr: round4(figures.categories[category].aupr),
          precisionAt80Recall: round4(figures.categories[category].precisionAt80Recall),
          ece: round4(figures.categories[category].ece),
        },
      ]),
    ),
  };
}

export { evaluate, reportSummary };
