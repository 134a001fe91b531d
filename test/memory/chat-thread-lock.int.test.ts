import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ThreadLocks } from '../../src/memory/thread-lock.js';
import { createPool } from '../../src/platform/db/pool.js';
import { createTestDatabase, type TestDatabase } from '../testkit/database.js';

/** Two lock sets on two pools stand for two processes on one database. */
describe('one turn per chat thread across processes (PostgreSQL advisory lock)', () => {
  let database: TestDatabase;
  let pools: ReturnType<typeof createPool>[];
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    pools = [
      createPool({ connectionString: database.url, max: 2, name: 'a' }),
      createPool({ connectionString: database.url, max: 2, name: 'b' }),
    ];
  });
  afterAll(async () => {
    for (const pool of pools) await pool.end();
    await database.drop();
  });

  it('a turn of a thread held by another process waits, and past the bounded wait fails with THREAD_BUSY; other threads go on', async () => {
    const processA = new ThreadLocks(pools[0]!, 5_000);
    const processB = new ThreadLocks(pools[1]!, 300);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const first = processA.run('u1:s1', async () => {
      order.push('A start');
      await held;
      order.push('A end');
    });
    while (order.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(processB.run('u1:s1', async () => order.push('B ran'))).rejects.toMatchObject({ code: 'THREAD_BUSY' });
    await processB.run('u1:s2', async () => order.push('B other thread'));
    // Within the wait, B runs as soon as A has finished.
    const patient = new ThreadLocks(pools[1]!, 5_000);
    const second = patient.run('u1:s1', async () => order.push('B after A'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['A start', 'B other thread', 'A end', 'B after A']);
  });

  it('a failing turn releases the thread', async () => {
    const locks = new ThreadLocks(pools[0]!, 1_000);
    await expect(locks.run('u2:s1', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(new ThreadLocks(pools[1]!, 300).run('u2:s1', async () => 'ok')).resolves.toBe('ok');
  });
});
