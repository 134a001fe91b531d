// The rate limiter's cost per request: classifying the operation and charging its buckets, in
// process and in Redis (against a bare Redis PING round trip measured in the same run).
import { randomBytes } from 'node:crypto';
import { parse } from 'graphql';
import { Redis } from 'ioredis';
import { operationCosts } from '../src/graphql/rate-limit-plugin.js';
import { schema } from '../src/graphql/schema.js';
import type { ClassCosts, RateLimits } from '../src/platform/rate-limit/limits.js';
import { MemoryRateLimitStore } from '../src/platform/rate-limit/memory-store.js';
import { RedisRateLimitStore } from '../src/platform/rate-limit/redis-store.js';

export const name = 'rate limiter per request';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const REDIS_URL = process.env.CI_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Never refuses: the bench measures the allowed path every request takes. */
const LIMITS: RateLimits = {
  user: { reads: 1e12, writes: 1e12, model: 1e12 },
  tenant: { reads: 1e12, writes: 1e12, model: 1e12 },
  periodMs: 60_000,
};
const READ: ClassCosts = { reads: 1, writes: 0, model: 0 };
const USERS = 1_000;
const subjects = Array.from({ length: USERS }, (_, i) => ({ userId: `user-${i}`, tenantId: `tenant-${i % 10}` }));

/** Nanoseconds per call of a synchronous function, over about `seconds`. */
function nanosPerCall(seconds: number, call: (i: number) => unknown): number {
  for (let i = 0; i < 100_000; i++) call(i);
  let calls = 0;
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(Math.round(seconds * 1e9));
  let now = started;
  while (now < deadline) {
    for (let i = 0; i < 10_000; i++) call(calls + i);
    calls += 10_000;
    now = process.hrtime.bigint();
  }
  return Number(now - started) / calls;
}

/** Round trips per second with `inFlight` calls outstanding, and the mean latency. */
async function asyncRate(seconds: number, inFlight: number, call: (i: number) => Promise<unknown>) {
  let calls = 0;
  const deadline = Date.now() + seconds * 1000;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (Date.now() < deadline) await call(calls++);
    }),
  );
  const elapsedS = Number(process.hrtime.bigint() - started) / 1e9;
  return { perSecond: Math.round(calls / elapsedS), meanUs: Math.round(((elapsedS * 1e6) / calls) * inFlight) };
}

export async function run(): Promise<Record<string, string | number>> {
  const me = parse('{ me { id subject roles createdAt } }');
  const batch = parse('mutation ($inputs: [ReviewInput!]!) { submitReviewBatch(inputs: $inputs) { id } }');
  const inputs = { inputs: [{}, {}, {}] };
  const part = DURATION_S / 5;
  const classifyCached = nanosPerCall(part, () => operationCosts(schema, me));
  const classifyBatch = nanosPerCall(part, () => operationCosts(schema, batch, undefined, inputs));
  // Baseline: what any per-user lookup costs (a map read and the clock), in the same run.
  const ids = new Map(subjects.map((subject) => [subject.userId, subject]));
  const lookupNs = nanosPerCall(part, (i) => ids.get(subjects[i % USERS]!.userId) && performance.now());
  const memory = new MemoryRateLimitStore();
  const memoryNs = nanosPerCall(part, (i) => memory.consume(subjects[i % USERS]!, READ, LIMITS));
  const figures: Record<string, string | number> = {
    'classify { me } (parsed document reused)': `${classifyCached.toFixed(0)} ns`,
    'classify submitReviewBatch($inputs)': `${classifyBatch.toFixed(0)} ns`,
    'Map lookup + clock (baseline)': `${lookupNs.toFixed(0)} ns`,
    'in-process consume (1,000 users, 10 tenants)': `${memoryNs.toFixed(0)} ns (${(memoryNs / lookupNs).toFixed(1)}× baseline)`,
  };

  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch {
    figures.Redis = `not reachable at ${REDIS_URL}: skipped`;
    return figures;
  }
  const prefix = `suanni-bench:rl:${randomBytes(4).toString('hex')}:`;
  const store = new RedisRateLimitStore(redis, prefix);
  try {
    await store.consume(subjects[0]!, READ, LIMITS);
    const pingOne = await asyncRate(part, 1, () => redis.ping());
    const gcraOne = await asyncRate(part, 1, (i) => store.consume(subjects[i % USERS]!, READ, LIMITS) as Promise<unknown>);
    const ping50 = await asyncRate(part / 2, 50, () => redis.ping());
    const gcra50 = await asyncRate(part / 2, 50, (i) => store.consume(subjects[i % USERS]!, READ, LIMITS) as Promise<unknown>);
    figures['Redis PING, 1 in flight (baseline)'] = `${pingOne.meanUs} µs, ${pingOne.perSecond}/s`;
    figures['Redis consume, 1 in flight'] =
      `${gcraOne.meanUs} µs, ${gcraOne.perSecond}/s (${(gcraOne.meanUs / pingOne.meanUs).toFixed(2)}× PING)`;
    figures['Redis PING, 50 in flight (baseline)'] = `${ping50.perSecond}/s`;
    figures['Redis consume, 50 in flight'] = `${gcra50.perSecond}/s (${((gcra50.perSecond / ping50.perSecond) * 100).toFixed(0)}% of PING)`;
  } finally {
    const keys = await redis.keys(`${prefix}*`);
    for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
    redis.disconnect();
  }
  return figures;
}
