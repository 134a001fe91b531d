import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishContract } from './fixtures/contracts.js';
import { clusterEnvironment, createSystemDatabase, gqlAt, postgresReachable, spawnSuanni, tokenFor, waitFor, type SuanniProcess } from './testkit/processes.js';

const reachable = await postgresReachable();
if (!reachable) process.stdout.write('SKIP scale.int.test.ts: no PostgreSQL at 127.0.0.1:5432 (the multi-process tests need the system server)\n');

const SUBMIT_BATCH = 'mutation ($inputs: [ReviewInput!]!) { submitReviewBatch(inputs: $inputs) { id total } }';

/**
 * Separate gateway and worker processes on one database: durable review jobs survive a worker
 * killed by SIGKILL, a worker drained by SIGTERM, and a gateway restarting.
 */
describe.skipIf(!reachable)('many gateways and workers', () => {
  let database: Awaited<ReturnType<typeof createSystemDatabase>>;
  let env: Record<string, string>;
  let sql: pg.Client;
  const processes: SuanniProcess[] = [];
  const spawnRole = async (role: 'gateway' | 'worker') => {
    const started = await spawnSuanni(role, env);
    processes.push(started);
    return started;
  };
  const statusCounts = async (batchId: string) => {
    const { rows } = await sql.query<{ status: string; error_code: string | null; count: string }>(
      'SELECT status, "errorCode" AS error_code, count(*) FROM "Review" WHERE "batchId" = $1 GROUP BY 1, 2',
      [batchId],
    );
    return Object.fromEntries(rows.map((row) => [`${row.status}${row.error_code ? `:${row.error_code}` : ''}`, Number(row.count)]));
  };

  beforeAll(async () => {
    database = await createSystemDatabase();
    env = clusterEnvironment(database.url);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  }, 60_000);

  afterAll(async () => {
    for (const started of processes) if (started.child.exitCode === null && started.child.signalCode === null) started.child.kill('SIGKILL');
    await sql?.end();
    await database?.drop();
  });

  it('a batch survives a worker killed by SIGKILL, a worker drained by SIGTERM and a gateway restart: every review SUCCEEDED once', async () => {
    const [gatewayA, gatewayB, workerOne, workerTwo] = await Promise.all([spawnRole('gateway'), spawnRole('gateway'), spawnRole('worker'), spawnRole('worker')]);
    const token = await tokenFor(env, 'alice', 'acme');
    const inputs = Array.from({ length: 48 }, (_, i) => ({
      contractId: `c-${i}`,
      title: `Contract ${i}`,
      text: englishContract({ payDays: 30 + (i % 5) * 15, penalty: 5 + (i % 4), notice: 30, years: 1 + (i % 3) }, `Supplier ${i}`),
      asOf: '2025-06-01T00:00:00Z',
    }));
    const submitted = await gqlAt(gatewayB.url, token, SUBMIT_BATCH, { inputs });
    expect(submitted.errors).toBeUndefined();
    const batchId = submitted.data.submitReviewBatch.id as string;

    // Kill one worker mid-batch: its running reviews are retried once their lease expires.
    await waitFor(() => statusCounts(batchId), (counts) => (counts.SUCCEEDED ?? 0) >= 4, 60_000, 'the first reviews');
    workerOne.child.kill('SIGKILL');
    // Restart gateway A meanwhile: a start never touches the work of other processes.
    gatewayA.child.kill('SIGTERM');
    expect(await gatewayA.exited).toBe(0);
    const gatewayA2 = await spawnRole('gateway');
    // Drain the other worker: it stops taking work and exits 0; what it held goes back to the queue.
    workerTwo.child.kill('SIGTERM');
    expect(await workerTwo.exited).toBe(0);
    const counts = await statusCounts(batchId);
    expect(counts['FAILED:INTERRUPTED']).toBeUndefined();
    await spawnRole('worker');

    const done = await waitFor(() => statusCounts(batchId), (counts) => counts.SUCCEEDED === inputs.length, 90_000, 'every review to succeed');
    expect(done).toEqual({ SUCCEEDED: inputs.length });
    // One result each: the findings were written by exactly one attempt.
    const { rows: duplicates } = await sql.query(
      `SELECT f."reviewId", f.position FROM "ReviewFinding" f JOIN "Review" r ON r.id = f."reviewId" WHERE r."batchId" = $1 GROUP BY 1, 2 HAVING count(*) > 1`,
      [batchId],
    );
    expect(duplicates).toEqual([]);
    const read = await gqlAt(gatewayA2.url, token, 'query ($id: ID!) { reviewBatch(id: $id) { succeeded failed running } }', { id: batchId });
    expect(read.data.reviewBatch).toEqual({ succeeded: inputs.length, failed: 0, running: 0 });
  }, 180_000);
});
