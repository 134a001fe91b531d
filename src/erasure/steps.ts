/** The steps of an erasure job in order: the tombstone first, so nothing in flight can write once deleting starts. */
export const ERASURE_STEPS = [
  'tombstone',
  'inventory',
  'checkpoints',
  'facts',
  'finding-decisions',
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
