import {
  ALLOWED,
  type ClassCosts,
  costOverLimit,
  OPERATION_CLASSES,
  type RateDecision,
  type RateLimits,
  type RateLimitStore,
  type RateScope,
  type RateSubject,
} from './limits.js';

// Module-local copies: under tsx every use of an imported binding goes through a getter, and
// these are read several times per request.
const CLASSES = OPERATION_CLASSES;
const CLASS_COUNT = OPERATION_CLASSES.length;
const allowed = ALLOWED;
/** Only on the rare refusal of a cost above its limit. */
const overLimit = costOverLimit;

/** Sweep expired buckets once the maps hold this many subjects, at most every SWEEP_EVERY calls. */
const SWEEP_ABOVE = 10_000;
const SWEEP_EVERY = 1_024;

/**
 * GCRA buckets in this process. Each subject keeps one theoretical arrival time (TAT) per class
 * in a Float64Array, keyed by its raw id (no key strings built per request). An operation of
 * cost n moves the TAT by n × period / limit; it fits while the TAT stays within one period of
 * now, so a full bucket allows `limit` at once and then one every period / limit.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly users = new Map<string, Float64Array>();
  private readonly tenants = new Map<string, Float64Array>();
  private calls = 0;

  /** @param now A monotonic clock in milliseconds (tests pass their own). */
  constructor(private readonly now: () => number = () => performance.now()) {}

  consume(subject: RateSubject, costs: ClassCosts, limits: RateLimits): RateDecision {
    const now = this.now();
    if (++this.calls % SWEEP_EVERY === 0 && this.size >= SWEEP_ABOVE) this.sweep(now);
    const user = this.buckets(this.users, subject.userId);
    const tenant = this.buckets(this.tenants, subject.tenantId);
    const period = limits.periodMs;
    // First pass: find the longest wait, without charging anything.
    let wait = 0;
    let waitScope: RateScope = 'user';
    let waitClass = 0;
    for (let index = 0; index < CLASS_COUNT; index++) {
      const cost = costs[CLASSES[index]!];
      if (cost <= 0) continue;
      if (cost > limits.user[CLASSES[index]!] || cost > limits.tenant[CLASSES[index]!]) return overLimit(costs, limits)!;
      const userWait = aheadAfter(user[index]!, now, cost, period, limits.user[CLASSES[index]!]) - period;
      if (userWait > wait) {
        wait = userWait;
        waitScope = 'user';
        waitClass = index;
      }
      const tenantWait = aheadAfter(tenant[index]!, now, cost, period, limits.tenant[CLASSES[index]!]) - period;
      if (tenantWait > wait) {
        wait = tenantWait;
        waitScope = 'tenant';
        waitClass = index;
      }
    }
    if (wait > 0) {
      const operationClass = CLASSES[waitClass]!;
      return {
        allowed: false,
        reason: 'TOO_MANY_REQUESTS',
        scope: waitScope,
        operationClass,
        limit: limits[waitScope][operationClass],
        cost: costs[operationClass],
        periodMs: period,
        retryAfterMs: wait,
      };
    }
    for (let index = 0; index < CLASS_COUNT; index++) {
      const operationClass = CLASSES[index]!;
      const cost = costs[operationClass];
      if (cost <= 0) continue;
      user[index] = now + aheadAfter(user[index]!, now, cost, period, limits.user[operationClass]);
      tenant[index] = now + aheadAfter(tenant[index]!, now, cost, period, limits.tenant[operationClass]);
    }
    return allowed;
  }

  /** Subjects with a bucket now (tests of the sweep). */
  get size(): number {
    return this.users.size + this.tenants.size;
  }

  private buckets(map: Map<string, Float64Array>, id: string): Float64Array {
    let buckets = map.get(id);
    if (!buckets) {
      buckets = new Float64Array(CLASS_COUNT).fill(Number.NEGATIVE_INFINITY);
      map.set(id, buckets);
    }
    return buckets;
  }

  /** Drops subjects whose every bucket is full again (TAT in the past): they carry no state. */
  sweep(now = this.now()): void {
    for (const map of [this.users, this.tenants]) for (const [id, buckets] of map) if (buckets.every((tat) => tat <= now)) map.delete(id);
  }
}

/**
 * How far ahead of now a bucket's TAT is after charging `cost`. Relative to now, so that a full
 * burst of exactly `limit` is exactly one period ahead (no floating-point drift past it).
 */
function aheadAfter(tat: number, now: number, cost: number, periodMs: number, limit: number): number {
  return Math.max(tat - now, 0) + (cost * periodMs) / limit;
}
