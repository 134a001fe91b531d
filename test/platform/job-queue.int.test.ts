import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../../src/platform/jobs/job-queue.js';
import { createTestDatabase, type TestDatabase } from '../testkit/database.js';

/** The pg-boss wrapper on a real database: priorities, retries, the figures across workers. */
describe('JobQueue (pg-boss 10)', () => {
  let database: TestDatabase;
  let jobs: JobQueue;
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    jobs = new JobQueue({ connectionString: database.url, leaseSeconds: 30, superviseSeconds: 1, pollSeconds: 0.5 });
    await jobs.start([
      { name: 'work', retryLimit: 1, retryDelaySeconds: 0 },
      { name: 'held', retryLimit: 0, retryDelaySeconds: 0 },
    ]);
  });
  afterAll(async () => {
    await jobs.stop(1_000);
    await database.drop();
  });

  it('runs higher priority first, retries a failing job once, and counts queued, running, retried and failed jobs', async () => {
    const seen: string[] = [];
    await jobs.insert('work', [
      { data: { key: 'low-a' }, priority: -1 },
      { data: { key: 'low-b' }, priority: -2 },
      { data: { key: 'high' }, priority: 1 },
      { data: { key: 'fails' }, priority: -3 },
    ]);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    await jobs.insert('held', [{ data: { key: 'one' } }, { data: { key: 'two' } }]);
    await jobs.work<{ key: string }>('held', 1, async () => gate);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await jobs.stats('held')).toMatchObject({ queued: 1, running: 1, retried: 0, failed: 0 });
    expect((await jobs.stats('held')).oldestWaitingSeconds).toBeGreaterThan(0);
    open();

    await jobs.work<{ key: string }>('work', 1, async (job) => {
      seen.push(`${job.data.key}#${job.retryCount}`);
      if (job.data.key === 'fails') throw new Error('always');
    });
    while ((await jobs.unfinished(['work', 'held'])) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual(['high#0', 'low-a#0', 'low-b#0', 'fails#0', 'fails#1']);
    expect(await jobs.stats('work')).toMatchObject({ queued: 0, running: 0, retried: 0, failed: 1 });
  }, 30_000);
});

describe('JobQueue across processes: a job queued by another process while every slot is busy', () => {
  let database: TestDatabase;
  let producer: JobQueue;
  let worker: JobQueue;
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    // Two queues on one database, as a gateway and a worker process have: only the worker works. A
    // 60 s poll (15 s per slot) is far longer than this test waits, so only an announcement can wake it.
    const options = { connectionString: database.url, leaseSeconds: 60, superviseSeconds: 60, pollSeconds: 60 };
    producer = new JobQueue(options);
    worker = new JobQueue(options);
    for (const jobs of [producer, worker]) await jobs.start([{ name: 'fair', retryLimit: 0, retryDelaySeconds: 0 }]);
  });
  afterAll(async () => {
    await Promise.all([producer.stop(1_000), worker.stop(1_000)]);
    await database.drop();
  });

  it('is taken by the first slot that frees, ahead of the batch queued before it (the other process announced it)', async () => {
    const started: string[] = [];
    const gates = new Map<string, () => void>();
    await producer.insert(
      'fair',
      Array.from({ length: 12 }, (_, i) => ({ data: { key: `batch-${i}` }, priority: -i })),
    );
    await worker.work<{ key: string }>('fair', 4, async (job) => {
      started.push(job.data.key);
      await new Promise<void>((resolve) => gates.set(job.data.key, resolve));
    });
    await until(() => started.length === 4);
    // One fetch started these four; pg-boss returns them in no particular order.
    expect([...started].sort()).toEqual(['batch-0', 'batch-1', 'batch-2', 'batch-3']);

    await producer.insert('fair', [{ data: { key: 'lone' }, priority: 1 }]);
    // One slot frees: it must go to the lone job at once, not wait for half the slots or the next poll.
    gates.get('batch-0')!();
    await until(() => started.length === 5);
    expect(started[4]).toBe('lone');

    const release = setInterval(() => {
      for (const open of gates.values()) open();
    }, 10);
    while ((await worker.unfinished(['fair'])) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    clearInterval(release);
  }, 60_000);
});

/** Waits (bounded, about 10 s) for a condition of the test; the assertion after it says what was expected. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('JobQueue start on a new database', () => {
  it('lets several processes create the same queues at once (pg-boss create_queue deadlocks when two run together)', async () => {
    const database = await createTestDatabase({ migrated: false });
    const queues = ['reviews', 'batch-reviews', 'erasures', 'erasures-failed'].map((name) => ({
      name,
      retryLimit: 2,
      retryDelaySeconds: 1,
    }));
    const processes = Array.from(
      { length: 6 },
      () => new JobQueue({ connectionString: database.url, leaseSeconds: 30, superviseSeconds: 60, pollSeconds: 5, poolMax: 2 }),
    );
    try {
      const started = await Promise.allSettled(processes.map((jobs) => jobs.start(queues)));
      expect(started.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      const { Client } = (await import('pg')).default;
      const sql = new Client({ connectionString: database.url });
      await sql.connect();
      const { rows } = await sql.query<{ name: string }>('SELECT name FROM pgboss.queue ORDER BY name');
      await sql.end();
      expect(rows.map((row) => row.name)).toEqual(['batch-reviews', 'erasures', 'erasures-failed', 'reviews']);
    } finally {
      await Promise.all(processes.map((jobs) => jobs.stop(1_000)));
      await database.drop();
    }
  }, 60_000);
});
