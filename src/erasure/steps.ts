/** The steps of an erasure job in order: the tombstone first, so nothing in flight can write once deleting starts. */
export const ERASURE_STEPS = [
  'tombstone',
  'inventory',
  'checkpoints',
  'facts',
  'reviews',
  'knowledge-access',
  'sessions',
  'trace-buffer',
  'progress-events',
  'user',
  'audit-log',
  'verify',
  'audit',
] as const;

export type ErasureStepName = (typeof ERASURE_STEPS)[number];

const isErasureStep = (name: string): name is ErasureStepName => (ERASURE_STEPS as readonly string[]).includes(name);

/**
 * The erasure step a setting names (`SUANNI_FAULT_ERASURE_EXIT_AFTER_STEP`). The configuration reads
 * it as text, since only erasure/ knows its steps; an unknown name stops the start like any invalid setting.
 */
export function erasureStepSetting(variable: string, value: string | undefined): ErasureStepName | undefined {
  if (value === undefined || isErasureStep(value)) return value;
  throw new Error(`invalid configuration:\n  ${variable}: must be one of ${ERASURE_STEPS.join(', ')}`);
}
