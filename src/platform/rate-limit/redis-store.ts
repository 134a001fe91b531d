import type { Redis } from 'ioredis';
import { createLogger } from '../logger.js';
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
 * When Redis fails, the operation is allowed (logged): a limiter outage must not take the
 * gateway down with it.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly client: GcraClient;
  private lastFailureLog = 0;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    if (!('suanniGcra' in redis)) redis.defineCommand('suanniGcra', { lua: GCRA_SCRIPT });
    this.client = redis as GcraClient;
  }

  async consume(subject: RateSubject, costs: ClassCosts, limits: RateLimits): Promise<RateDecision> {
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
      const now = Date.now();
      if (now - this.lastFailureLog > FAILURE_LOG_INTERVAL_MS) {
        this.lastFailureLog = now;
        log.warn({ err: error }, 'rate limiter unavailable: operations are allowed until Redis answers');
      }
      return ALLOWED;
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
