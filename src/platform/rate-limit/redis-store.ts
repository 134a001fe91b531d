import type { Redis } from 'ioredis';
import { createLogger } from '../logger.js';
import type { RedisHealth } from '../redis.js';
import { MemoryRateLimitStore } from './memory-store.js';
import {
  ALLOWED,
  type ClassCosts,
  costOverLimit,
  OPERATION_CLASSES,
  type OperationClass,
  type RateDecision,
  type RateLimits,
  type RateLimitStore,
  type RateScope,
  type RateSubject,
} from './limits.js';

const log = createLogger('rate-limit');

/**
 * GCRA over every bucket an operation touches, in one round trip and atomically: no bucket is
 * charged unless all have room. Times are Redis's own clock (`TIME`, microseconds), so gateways
 * with skewed clocks still agree. Each key holds its TAT and expires when its bucket is full again.
 *
 * KEYS: the buckets. ARGV[1]: the period (µs); then per bucket its limit and its cost. Returns {0, 0} when charged, else {index of the bucket
 * that waits longest (1-based), wait in µs}.
 */
const GCRA_SCRIPT = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
local period = tonumber(ARGV[1])
local worst, worstIndex = 0, 0
local aheads = {}
for i = 1, #KEYS do
  local limit = tonumber(ARGV[2 * i])
  local cost = tonumber(ARGV[2 * i + 1])
  local tat = tonumber(redis.call('GET', KEYS[i]) or '0')
  -- Relative to now: a full burst of exactly the limit is exactly one period ahead.
  local ahead = math.max(tat - now, 0) + cost * period / limit
  local wait = ahead - period
  if wait > worst then worst, worstIndex = wait, i end
  aheads[i] = ahead
end
if worstIndex > 0 then return {worstIndex, math.ceil(worst)} end
for i = 1, #KEYS do
  redis.call('SET', KEYS[i], string.format('%.17g', now + aheads[i]), 'PX', math.max(1, math.ceil(aheads[i] / 1000)))
end
return {0, 0}
`;

type GcraClient = Redis & { suanniGcra(numberOfKeys: number, ...args: (string | number)[]): Promise<[number, number]> };

/** Log a Redis failure at most once a minute: under an outage every request would log it. */
const FAILURE_LOG_INTERVAL_MS = 60_000;

/**
 * The buckets in Redis, shared by every gateway process. Keys are
 * `${prefix}{tenantId}:t:class` and `${prefix}{tenantId}:u:userId:class`: the tenant in braces
 * is a Redis Cluster hash tag, so every key one operation touches lives in one slot.
 *
 * While Redis is unavailable (its health says so, or a call fails) the operation is charged to
 * in-process buckets instead: each gateway then limits on its own, as without Redis, with no wait
 * on Redis and never everyone allowed or refused. Back with Redis, the shared buckets count again.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly client: GcraClient;
  private lastFailureLog = 0;
  private readonly local: RateLimitStore;
  private readonly health: Pick<RedisHealth, 'available' | 'failed'> | undefined;

  /**
   * @param options.health skips Redis at once while it is unavailable (without it, every call tries).
   * @param options.local the in-process buckets of an outage (tests pass their own).
   */
  constructor(
    redis: Redis,
    private readonly prefix: string,
    options: { health?: Pick<RedisHealth, 'available' | 'failed'>; local?: RateLimitStore } = {},
  ) {
    if (!('suanniGcra' in redis)) redis.defineCommand('suanniGcra', { lua: GCRA_SCRIPT });
    this.client = redis as GcraClient;
    this.health = options.health;
    this.local = options.local ?? new MemoryRateLimitStore();
  }

  async consume(subject: RateSubject, costs: ClassCosts, limits: RateLimits): Promise<RateDecision> {
    if (this.health && !this.health.available) return this.local.consume(subject, costs, limits);
    const over = costOverLimit(costs, limits);
    if (over) return over;
    const periodUs = Math.round(limits.periodMs * 1000);
    const keys: string[] = [];
    const args: (string | number)[] = [periodUs];
    const charged: { scope: RateScope; operationClass: OperationClass }[] = [];
    const tag = `${this.prefix}{${subject.tenantId}}`;
    for (const operationClass of OPERATION_CLASSES) {
      const cost = costs[operationClass];
      if (cost <= 0) continue;
      keys.push(`${tag}:u:${subject.userId}:${operationClass}`, `${tag}:t:${operationClass}`);
      args.push(limits.user[operationClass], cost, limits.tenant[operationClass], cost);
      charged.push({ scope: 'user', operationClass }, { scope: 'tenant', operationClass });
    }
    if (keys.length === 0) return ALLOWED;
    let index: number;
    let waitUs: number;
    try {
      [index, waitUs] = await this.client.suanniGcra(keys.length, ...keys, ...args);
    } catch (error) {
      this.health?.failed(error);
      const now = Date.now();
      if (now - this.lastFailureLog > FAILURE_LOG_INTERVAL_MS) {
        this.lastFailureLog = now;
        log.warn({ err: error }, 'shared rate limits unavailable: this process counts in its own buckets until Redis answers');
      }
      return this.local.consume(subject, costs, limits);
    }
    if (index === 0) return ALLOWED;
    const { scope, operationClass } = charged[index - 1]!;
    return {
      allowed: false,
      reason: 'TOO_MANY_REQUESTS',
      scope,
      operationClass,
      limit: limits[scope][operationClass],
      cost: costs[operationClass],
      periodMs: limits.periodMs,
      retryAfterMs: waitUs / 1000,
    };
  }
}
