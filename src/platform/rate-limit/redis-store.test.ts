import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { ClassCosts, RateLimits } from './limits.js';
import { RedisRateLimitStore } from './redis-store.js';
import { redisReachable, SYSTEM_REDIS } from '../../../test/testkit/processes.js';

const REDIS_URL = SYSTEM_REDIS;
const redisUp = await redisReachable();
if (!redisUp) process.stdout.write(`SKIP redis-store.test.ts: no Redis at ${REDIS_URL}\n`);

// Long enough that nothing recovers while a test runs: these tests count, they do not wait.
const limits: RateLimits = { user: { reads: 3, writes: 2, model: 4 }, tenant: { reads: 5, writes: 10, model: 10 }, periodMs: 600_000 };
const reads: ClassCosts = { reads: 1, writes: 0, model: 0 };
const model = (n: number): ClassCosts => ({ reads: 0, writes: 0, model: n });

describe.skipIf(!redisUp)('Redis GCRA rate limits', () => {
  const prefix = `suanni-test:rl:${randomBytes(6).toString('hex')}:`;
  const clients: Redis[] = [];
  const connect = () => {
    const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    clients.push(client);
    return client;
  };

  afterAll(async () => {
    const keys = await clients[0]!.keys(`${prefix}*`);
    if (keys.length > 0) await clients[0]!.del(...keys);
    await Promise.all(clients.map((client) => client.quit()));
  });

  it('two stores on their own connections share one bucket, and the tenant bucket across users', async () => {
    const one = new RedisRateLimitStore(connect(), prefix);
    const two = new RedisRateLimitStore(connect(), prefix);
    const alice = { userId: 'alice', tenantId: 'acme' };
    const bob = { userId: 'bob', tenantId: 'acme' };
    expect(await one.consume(alice, reads, limits)).toEqual({ allowed: true });
    expect(await two.consume(alice, reads, limits)).toEqual({ allowed: true });
    expect(await one.consume(alice, reads, limits)).toEqual({ allowed: true });
    const refused = await two.consume(alice, reads, limits);
    expect(refused).toMatchObject({ allowed: false, reason: 'TOO_MANY_REQUESTS', scope: 'user', operationClass: 'reads', limit: 3 });
    // One read comes back every 200 s; a little of it has passed already.
    expect(refused.allowed === false && refused.retryAfterMs).toBeGreaterThan(190_000);
    expect(refused.allowed === false && refused.retryAfterMs).toBeLessThanOrEqual(200_000);
    expect(await two.consume(bob, reads, limits)).toEqual({ allowed: true });
    expect(await one.consume(bob, reads, limits)).toEqual({ allowed: true });
    expect(await one.consume(bob, reads, limits)).toMatchObject({ allowed: false, scope: 'tenant', limit: 5 });
    const keys = await clients[0]!.keys(`${prefix}{acme}*`);
    expect(keys.sort()).toEqual([`${prefix}{acme}:t:reads`, `${prefix}{acme}:u:alice:reads`, `${prefix}{acme}:u:bob:reads`]);
    // Every key expires once its bucket is full again: at most one period away.
    for (const key of keys) expect(await clients[0]!.pttl(key)).toBeGreaterThan(0);
    for (const key of keys) expect(await clients[0]!.pttl(key)).toBeLessThanOrEqual(600_000);
  });

  it('weighs by cost and charges nothing when one bucket refuses', async () => {
    const store = new RedisRateLimitStore(connect(), prefix);
    const carol = { userId: 'carol', tenantId: 'globex' };
    expect(await store.consume(carol, model(3), limits)).toEqual({ allowed: true });
    expect(await store.consume(carol, model(2), limits)).toMatchObject({ allowed: false, operationClass: 'model', cost: 2 });
    expect(await store.consume(carol, { reads: 1, writes: 0, model: 2 }, limits)).toMatchObject({ allowed: false });
    // Neither refused operation charged its read: three reads still fit.
    for (let i = 0; i < 3; i++) expect(await store.consume(carol, reads, limits)).toEqual({ allowed: true });
    expect(await store.consume(carol, model(1), limits)).toEqual({ allowed: true });
    expect(await store.consume(carol, model(5), limits)).toMatchObject({
      allowed: false,
      reason: 'COST_EXCEEDS_LIMIT',
      retryAfterMs: null,
    });
  });

  it('recovers: a bucket refills at limit per period (a short period here)', async () => {
    const store = new RedisRateLimitStore(connect(), prefix);
    const dave = { userId: 'dave', tenantId: 'initech' };
    const short: RateLimits = { ...limits, periodMs: 300 };
    for (let i = 0; i < 3; i++) await store.consume(dave, reads, short);
    const refused = await store.consume(dave, reads, short);
    expect(refused.allowed).toBe(false);
    let recovered = false;
    for (let attempt = 0; attempt < 100 && !recovered; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      recovered = (await store.consume(dave, reads, short)).allowed;
    }
    expect(recovered).toBe(true);
  });

  it('counts in in-process buckets when Redis does not answer: neither everything allowed nor everything refused', async () => {
    const client = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    const store = new RedisRateLimitStore(client, prefix);
    const erin = { userId: 'erin', tenantId: 'x' };
    for (let i = 0; i < 3; i++) expect(await store.consume(erin, reads, limits)).toEqual({ allowed: true });
    expect(await store.consume(erin, reads, limits)).toMatchObject({ allowed: false, scope: 'user', operationClass: 'reads', limit: 3 });
    expect(await store.consume({ userId: 'fay', tenantId: 'x' }, reads, limits)).toEqual({ allowed: true });
    client.disconnect();
  });

  it('does not call Redis while its health says it is unavailable, and uses it again once it is back', async () => {
    const client = connect();
    const health = { available: false, failed: () => {} };
    const local = {
      calls: 0,
      consume() {
        local.calls += 1;
        return { allowed: true as const };
      },
    };
    const store = new RedisRateLimitStore(client, prefix, { health, local });
    const gina = { userId: 'gina', tenantId: 'y' };
    for (let i = 0; i < 5; i++) expect(await store.consume(gina, reads, limits)).toEqual({ allowed: true });
    expect(local.calls).toBe(5);
    expect(await clients[0]!.keys(`${prefix}{y}*`)).toEqual([]);
    health.available = true;
    for (let i = 0; i < 3; i++) expect(await store.consume(gina, reads, limits)).toEqual({ allowed: true });
    expect(await store.consume(gina, reads, limits)).toMatchObject({ allowed: false, limit: 3 });
    expect(local.calls).toBe(5);
  });
});
