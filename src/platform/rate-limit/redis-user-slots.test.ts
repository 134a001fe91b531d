import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisUserSlotStore, type RedisUserSlotOptions } from './redis-user-slots.js';
import { redisReachable, SYSTEM_REDIS } from '../../../test/testkit/processes.js';

const REDIS_URL = SYSTEM_REDIS;
const redisUp = await redisReachable();
if (!redisUp) process.stdout.write(`SKIP redis-user-slots.test.ts: no Redis at ${REDIS_URL}\n`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!redisUp)('Redis user slots (leases)', () => {
  const prefix = `suanni-test:slots:${randomBytes(6).toString('hex')}:`;
  const clients: Redis[] = [];
  const stores: RedisUserSlotStore[] = [];
  const connect = () => {
    const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    client.on('error', () => {});
    clients.push(client);
    return client;
  };
  /** A store on its own connection: one gateway process. */
  const gateway = (options: RedisUserSlotOptions = {}) => {
    const store = new RedisUserSlotStore(connect(), prefix, options);
    stores.push(store);
    return store;
  };
  const admin = connect();
  const keyOf = (userId: string, kind = 'sockets') => `${prefix}live:{${userId}}:${kind}`;

  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    for (const client of clients) client.disconnect();
  });

  it('two processes share a user count; a release on one frees a slot on the other; keys expire and go', async () => {
    const [one, two] = [gateway(), gateway()];
    expect(await one.acquire('sockets', 'alice', 's1', 2)).toBe(true);
    expect(await two.acquire('sockets', 'alice', 's1', 2)).toBe(true);
    expect(await one.acquire('sockets', 'alice', 's2', 2)).toBe(false);
    expect(await two.acquire('sockets', 'alice', 's2', 2)).toBe(false);
    // A holder that has a slot keeps it; other users and kinds count apart.
    expect(await one.acquire('sockets', 'alice', 's1', 2)).toBe(true);
    expect(await one.acquire('sockets', 'bob', 's2', 2)).toBe(true);
    expect(await one.acquire('subscriptions', 'alice', 'x', 2)).toBe(true);
    expect(await admin.zcard(keyOf('alice'))).toBe(2);
    // The key lives as long as its last lease (30 s by default), never forever.
    const ttl = await admin.pttl(keyOf('alice'));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(30_000);

    one.release('sockets', 'alice', 's1');
    expect(await two.acquire('sockets', 'alice', 's2', 2)).toBe(true);
    expect(await one.acquire('sockets', 'alice', 's3', 2)).toBe(false);

    two.release('sockets', 'alice', 's1');
    two.release('sockets', 'alice', 's2');
    await one.close();
    expect(await admin.exists(keyOf('alice'), keyOf('bob'), keyOf('alice', 'subscriptions'))).toBe(0);
  });

  it('concurrent acquisitions racing at the limit: exactly the limit succeed', async () => {
    const processes = Array.from({ length: 5 }, () => gateway());
    const limit = 7;
    const attempts = processes.flatMap((store, p) =>
      Array.from({ length: 6 }, (_, i) => store.acquire('subscriptions', 'carol', `p${p}-${i}`, limit)),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter(Boolean)).toHaveLength(limit);
    expect(await admin.zcard(keyOf('carol', 'subscriptions'))).toBe(limit);
  });

  it('a live process keeps its leases; a dead one’s slots free once their lease ends', async () => {
    const leaseMs = 1_000;
    const deadConnection = connect();
    const dead = new RedisUserSlotStore(deadConnection, prefix, { leaseMs, refreshMs: 200, processId: 'dead' });
    stores.push(dead);
    const alive = gateway({ leaseMs, refreshMs: 200, processId: 'alive' });
    expect(await dead.acquire('sockets', 'dave', 'a', 2)).toBe(true);
    expect(await dead.acquire('sockets', 'dave', 'b', 2)).toBe(true);
    // Renewed every 200 ms: still held after a few lease periods.
    await sleep(2.5 * leaseMs);
    expect(await alive.acquire('sockets', 'dave', 'c', 2)).toBe(false);

    // SIGKILL as far as Redis can tell: the process stops talking, nothing is released.
    deadConnection.disconnect();
    let freed = false;
    for (let attempt = 0; attempt < 200 && !freed; attempt++) {
      freed = await alive.acquire('sockets', 'dave', 'c', 2);
      if (!freed) await sleep(50);
    }
    expect(freed).toBe(true);
    expect(await alive.acquire('sockets', 'dave', 'd', 2)).toBe(true);
    expect(await alive.acquire('sockets', 'dave', 'e', 2)).toBe(false);
    expect((await admin.zrange(keyOf('dave'), 0, -1)).sort()).toEqual(['alive:c', 'alive:d']);
  });

  it('a dead process’s places are dropped once its heartbeat key is gone, long before their lease ends', async () => {
    const deadConnection = connect();
    const dead = new RedisUserSlotStore(deadConnection, prefix, { leaseMs: 600_000, processTtlMs: 300, processId: 'gone' });
    stores.push(dead);
    const alive = gateway({ leaseMs: 600_000, processTtlMs: 300, processId: 'here' });
    expect(await dead.acquire('sockets', 'hana', 'a', 2)).toBe(true);
    expect(await dead.acquire('sockets', 'hana', 'b', 2)).toBe(true);
    expect(await alive.acquire('sockets', 'hana', 'c', 2)).toBe(false);
    // SIGKILL as far as Redis can tell: no more heartbeats, no releases.
    deadConnection.disconnect();
    for (let attempt = 0; attempt < 100 && (await admin.exists(`${prefix}live-process:gone`)) === 1; attempt++) await sleep(50);
    expect(await alive.acquire('sockets', 'hana', 'c', 2)).toBe(true);
    expect(await admin.zrange(keyOf('hana'), 0, -1)).toEqual(['here:c']);
    // A live process's heartbeat keeps its places: the other one is still refused at the limit.
    expect(await alive.acquire('sockets', 'hana', 'd', 2)).toBe(true);
    expect(await gateway({ processTtlMs: 300, processId: 'third' }).acquire('sockets', 'hana', 'e', 2)).toBe(false);
  });

  it('a renewal writes back the slots Redis lost (an outage, a stalled process) for every user the process holds', async () => {
    const store = gateway({ refreshMs: 60_000 });
    for (const user of ['erin', 'frank']) for (const holder of ['a', 'b']) await store.acquire('sockets', user, holder, 5);
    await admin.del(keyOf('erin'), keyOf('frank'));
    await store.refresh();
    expect(await admin.zcard(keyOf('erin'))).toBe(2);
    expect(await admin.zcard(keyOf('frank'))).toBe(2);
    expect(await admin.pttl(keyOf('erin'))).toBeGreaterThan(0);
  });

  it('without Redis, counts in the process: the local limit still applies', async () => {
    const client = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    const store = new RedisUserSlotStore(client, prefix);
    expect(await store.acquire('sockets', 'gina', 'a', 2)).toBe(true);
    expect(await store.acquire('sockets', 'gina', 'b', 2)).toBe(true);
    expect(await store.acquire('sockets', 'gina', 'c', 2)).toBe(false);
    store.release('sockets', 'gina', 'a');
    expect(await store.acquire('sockets', 'gina', 'c', 2)).toBe(true);
    await store.close();
    client.disconnect();
  });
});
