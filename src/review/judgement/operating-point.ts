import * as extraction from '@suanni/clause-extraction';
import { z } from 'zod';

/** How a tenant trades precision for recall: which findings a person must look at. */
export const OPERATING_POINTS = ['PRECISION_FIRST', 'RECALL_FIRST'] as const;
export type OperatingPoint = (typeof OPERATING_POINTS)[number];

/** The model's verdict on a finding before any person decided. */
export type ModelStatus = 'ACCEPTED' | 'NEEDS_REVIEW';

/** A tenant's operating point as a review judges by it. */
export interface JudgementSetting {
  operatingPoint: OperatingPoint;
  /** One threshold for every category instead of the operating point's; null: the operating point decides. */
  reviewThreshold: number | null;
}

/** A tenant with no setting of its own. */
export const DEFAULT_SETTING: JudgementSetting = { operatingPoint: 'PRECISION_FIRST', reviewThreshold: null };

/**
 * Thresholds for categories the extraction package gives none for (docs/review-quality.md "Operating points"):
 * precision-first sends every finding less sure than a matched rule to a person; recall-first only those a
 * model or classifier is unsure of.
 */
export const FALLBACK_THRESHOLDS: Readonly<Record<OperatingPoint, number>> = { PRECISION_FIRST: 0.8, RECALL_FIRST: 0.5 };

const probability = z.number().min(0).max(1);
/**
 * Per-category thresholds as the extraction package exports them: `{ [category]: { PRECISION_FIRST, RECALL_FIRST } }`,
 * the operating points also accepted in the package's own spelling (`precision-first`, `recall-first`).
 */
const packageThresholdsSchema = z.record(
  z.string(),
  z
    .object({
      PRECISION_FIRST: probability,
      RECALL_FIRST: probability,
      'precision-first': probability,
      'recall-first': probability,
    })
    .partial()
    .transform((point): Partial<Record<OperatingPoint, number>> => {
      const precision = point.PRECISION_FIRST ?? point['precision-first'];
      const recall = point.RECALL_FIRST ?? point['recall-first'];
      return {
        ...(precision === undefined ? {} : { PRECISION_FIRST: precision }),
        ...(recall === undefined ? {} : { RECALL_FIRST: recall }),
      };
    }),
);

/**
 * The extraction package's per-category operating-point thresholds, read from its export `OPERATING_POINTS` as
 * soon as the package has one; empty until then, and when its shape is not the expected one.
 */
export function packageThresholds(
  exports: Readonly<Record<string, unknown>> = extraction,
): Readonly<Record<string, Partial<Record<OperatingPoint, number>>>> {
  const parsed = packageThresholdsSchema.safeParse(exports.OPERATING_POINTS);
  return parsed.success ? parsed.data : {};
}

const PACKAGE_THRESHOLDS = packageThresholds();

/** The threshold a finding of `category` is judged by under `setting`. */
export function thresholdFor(
  setting: JudgementSetting,
  category: string | null,
  thresholds: Readonly<Record<string, Partial<Record<OperatingPoint, number>>>> = PACKAGE_THRESHOLDS,
): number {
  if (setting.reviewThreshold !== null) return setting.reviewThreshold;
  return (category ? thresholds[category]?.[setting.operatingPoint] : undefined) ?? FALLBACK_THRESHOLDS[setting.operatingPoint];
}

/** The model's verdict: a finding less confident than its threshold needs a person. */
export function judge(
  finding: { confidence: number; category: string | null },
  setting: JudgementSetting,
  thresholds?: Readonly<Record<string, Partial<Record<OperatingPoint, number>>>>,
): { modelStatus: ModelStatus; threshold: number } {
  const threshold = thresholdFor(setting, finding.category, thresholds);
  return { modelStatus: finding.confidence < threshold ? 'NEEDS_REVIEW' : 'ACCEPTED', threshold };
}

/** Checks a threshold an ADMIN sets: a probability, or null for the operating point's own. */
export function validThreshold(value: number | null): boolean {
  return value === null || (Number.isFinite(value) && value >= 0 && value <= 1);
}
