/** What an operation is charged to: plain reads, writes, or work that runs a model. */
export const OPERATION_CLASSES = ['reads', 'writes', 'model'] as const;
export type OperationClass = (typeof OPERATION_CLASSES)[number];

/** Whose bucket: every user has one per class, and so does their tenant (shared by its users). */
export const RATE_SCOPES = ['user', 'tenant'] as const;
export type RateScope = (typeof RATE_SCOPES)[number];

/** Operations per period, by class. */
export type ClassLimits = Record<OperationClass, number>;

/** The limits that apply to one caller: their own and their tenant's. */
export interface RateLimits {
  user: ClassLimits;
  tenant: ClassLimits;
  /** The period every limit is counted over. */
  periodMs: number;
}

/** What one operation costs, by class (0: that class is not charged). */
export type ClassCosts = Record<OperationClass, number>;

/** Who is charged: the user and the tenant the token names. */
export interface RateSubject {
  userId: string;
  tenantId: string;
}

export type RateRefusal = {
  allowed: false;
  /**
   * `TOO_MANY_REQUESTS`: the bucket is empty, try again in `retryAfterMs`;
   * `COST_EXCEEDS_LIMIT`: the operation alone costs more than the limit, retrying never helps.
   */
  reason: 'TOO_MANY_REQUESTS' | 'COST_EXCEEDS_LIMIT';
  scope: RateScope;
  operationClass: OperationClass;
  limit: number;
  cost: number;
  periodMs: number;
  /** Null when retrying cannot help (`COST_EXCEEDS_LIMIT`). */
  retryAfterMs: number | null;
};

export type RateDecision = { allowed: true } | RateRefusal;

/** One shared object: an allowed operation allocates no decision. */
export const ALLOWED: RateDecision = Object.freeze({ allowed: true });

/**
 * Charges a subject's buckets for one operation, all or nothing: either every bucket the cost
 * touches has room and all are charged, or none is and the refusal names the bucket that waits
 * longest.
 */
export interface RateLimitStore {
  consume(subject: RateSubject, costs: ClassCosts, limits: RateLimits): RateDecision | Promise<RateDecision>;
  close?(): Promise<void>;
}

/** A refusal without touching any bucket when one cost alone is over its limit; else null. */
export function costOverLimit(costs: ClassCosts, limits: RateLimits): RateRefusal | null {
  for (const operationClass of OPERATION_CLASSES) {
    const cost = costs[operationClass];
    if (cost <= 0) continue;
    for (const scope of RATE_SCOPES) {
      const limit = limits[scope][operationClass];
      if (cost > limit)
        return {
          allowed: false,
          reason: 'COST_EXCEEDS_LIMIT',
          scope,
          operationClass,
          limit,
          cost,
          periodMs: limits.periodMs,
          retryAfterMs: null,
        };
    }
  }
  return null;
}
