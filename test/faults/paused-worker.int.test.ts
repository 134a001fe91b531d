import { readFile } from 'node:fs/promises';
import { createClient } from 'graphql-ws';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { parseEvent } from '../../src/platform/pubsub.js';
import type { ReviewProgressEvent } from '../../src/review/run/progress.js';
import { englishContract } from '../fixtures/contracts.js';
import {
  clusterEnvironment,
  createSystemDatabase,
  gqlAt,
  postgresReachable,
  redisReachable,
  spawnSuanni,
  SYSTEM_REDIS,
  tokenFor,
  waitFor,
  type SuanniProcess,
} from '../testkit/processes.js';

// Processes on the system PostgreSQL and Redis, like scale.int.test.ts (CI runs these once).
const wanted = process.env.SUANNI_MULTIPROCESS_TESTS !== 'off';
const reachable = wanted && (await postgresReachable()) && (await redisReachable());
if (!reachable) process.stdout.write('SKIP paused-worker.int.test.ts: needs PostgreSQL and Redis at 127.0.0.1 (multi-process tests)\n');

const BATCH = 12;
const NODES = ['parse', 'retrieve', 'compliance', 'risk', 'report'];
const SUBMIT_BATCH = 'mutation ($inputs: [ReviewInput!]!) { submitReviewBatch(inputs: $inputs) { id } }';
const BATCH_REVIEWS = 'query ($id: ID!) { reviewBatch(id: $id) { reviews { id } } }';
const PROGRESS = 'subscription ($id: ID!) { reviewProgress(reviewId: $id) { sequence kind node status } }';

type Seen = Pick<ReviewProgressEvent, 'sequence' | 'kind' | 'node' | 'status'>;

/** The state letter of a process (`T`: stopped by a signal). */
async function processState(pid: number): Promise<string> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
}

/**
 * A worker frozen (SIGSTOP) past its lease while it runs reviews, and thawed (SIGCONT) after another
 * worker took them over and finished them: the stale runs stop at their next step and publish and
 * write nothing. Subscribers see RUNNING once per review, and the shared replay log holds one run
 * that ends with its final status.
 */
describe.skipIf(!reachable)('faults: a worker paused past its lease', () => {
  let database: Awaited<ReturnType<typeof createSystemDatabase>>;
  let env: Record<string, string>;
  let sql: pg.Client;
  let redis: Redis;
  const processes: SuanniProcess[] = [];
  const spawnRole = async (role: 'gateway' | 'worker', extra: Record<string, string> = {}) => {
    const started = await spawnSuanni(role, { ...env, ...extra });
    processes.push(started);
    return started;
  };

  beforeAll(async () => {
    database = await createSystemDatabase();
    // A 4 s lease (the testkit's), looked after every second, retried after a second.
    env = clusterEnvironment(database.url, { REDIS_URL: SYSTEM_REDIS });
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    redis = new Redis(SYSTEM_REDIS);
  }, 120_000);

  afterAll(async () => {
    // SIGKILL ends a stopped process too.
    for (const started of processes)
      if (started.child.exitCode === null && started.child.signalCode === null) started.child.kill('SIGKILL');
    await redis?.quit();
    await sql?.end();
    await database?.drop();
  });

  it('the thawed worker’s stale runs publish and write nothing: RUNNING once per review, one run in the replay log, nothing after the final status', async () => {
    const gateway = await spawnRole('gateway');
    // Stops itself right after its third claim, holding that review and whatever else it runs (4 slots).
    const frozen = await spawnRole('worker', { TEST_FAULT_REVIEW_PAUSE_AFTER_CLAIMS: '3' });
    const token = await tokenFor(env, 'alice', 'acme');
    const submitted = await gqlAt(gateway.url, token, SUBMIT_BATCH, {
      inputs: Array.from({ length: BATCH }, (_, i) => ({
        contractId: `paused-${i}`,
        title: `paused ${i}`,
        text: englishContract({ payDays: 30 + i, penalty: 5, notice: 30, years: 2 }),
      })),
    });
    expect(submitted.errors).toBeUndefined();
    const batchId = submitted.data.submitReviewBatch.id as string;
    const reviewIds = ((await gqlAt(gateway.url, token, BATCH_REVIEWS, { id: batchId })).data.reviewBatch.reviews as { id: string }[]).map(
      (review) => review.id,
    );

    // A subscriber per review, from the start to the end (each stream ends with its final status).
    const client = createClient({
      url: gateway.url.replace(/^http/, 'ws'),
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
    });
    const seen = new Map<string, Seen[]>(reviewIds.map((id) => [id, []]));
    const streams = reviewIds.map(
      (id) =>
        new Promise<void>((resolve, reject) => {
          client.subscribe<{ reviewProgress: Seen }>(
            { query: PROGRESS, variables: { id } },
            { next: (result) => seen.get(id)!.push(result.data!.reviewProgress), error: reject, complete: resolve },
          );
        }),
    );

    await waitFor(
      () => processState(frozen.child.pid!),
      (state) => state === 'T',
      60_000,
      'the worker to stop itself',
    );
    const { rows: held } = await sql.query<{ id: string }>(`SELECT id FROM "Review" WHERE "batchId" = $1 AND status = 'RUNNING'`, [
      batchId,
    ]);
    expect(held.length).toBeGreaterThan(0);

    // Another worker takes the rest, and, once their leases ran out, the reviews the frozen one holds.
    const healthy = await spawnRole('worker');
    await waitFor(
      async () =>
        (await sql.query<{ count: string }>(`SELECT count(*) FROM "Review" WHERE "batchId" = $1 AND status = 'SUCCEEDED'`, [batchId]))
          .rows[0]!.count,
      (count) => Number(count) === BATCH,
      120_000,
      'every review to succeed on the healthy worker',
    );
    await Promise.all(streams);

    // Thawed: its runs come back to reviews that are finished and another attempt's.
    const thawedAt = new Date();
    frozen.child.kill('SIGCONT');
    const heartbeat = async () =>
      (
        await sql.query<{ runningJobs: number; lastSeenAt: Date }>(
          'SELECT "runningJobs", "lastSeenAt" FROM "ProcessHeartbeat" WHERE pid = $1 AND role = $2',
          [frozen.child.pid, 'worker'],
        )
      ).rows[0];
    await waitFor(
      heartbeat,
      (row) => row !== undefined && row.lastSeenAt > thawedAt && row.runningJobs === 0,
      60_000,
      'the thawed worker to end its stale runs',
    );
    expect(frozen.child.exitCode).toBeNull();
    expect(healthy.child.exitCode).toBeNull();

    const { rows: finished } = await sql.query<{ status: string; attempt: number; findings: string }>(
      `SELECT status, attempt, (SELECT count(*) FROM "ReviewFinding" f WHERE f."reviewId" = r.id) AS findings
         FROM "Review" r WHERE "batchId" = $1`,
      [batchId],
    );
    expect(finished.every((row) => row.status === 'SUCCEEDED')).toBe(true);
    // The reviews the frozen worker held were taken over (a second attempt), and written once.
    expect(finished.filter((row) => row.attempt > 1).length).toBeGreaterThanOrEqual(held.length);

    for (const id of reviewIds) {
      const events = seen.get(id)!;
      const running = events.filter((event) => event.kind === 'STATUS' && event.status === 'RUNNING');
      expect(running, `RUNNING told once to the subscriber of ${id}`).toHaveLength(1);
      expect(events.at(-1), `the stream of ${id} ends with its final status`).toMatchObject({ kind: 'STATUS', status: 'SUCCEEDED' });

      // The shared replay log, as every gateway reads it: one run, ending with the final status.
      const log = (await redis.lrange(`suanni:progress:${id}`, 0, -1)).map((text) => parseEvent(text) as ReviewProgressEvent);
      const final = log.findIndex((event) => event.kind === 'STATUS' && event.status !== 'RUNNING' && event.status !== 'QUEUED');
      expect(final, `${id}: nothing after the final status`).toBe(log.length - 1);
      expect(log.filter((event) => event.kind === 'STATUS' && event.status === 'RUNNING')).toHaveLength(1);
      expect(
        log.filter((event) => event.kind === 'NODE_STARTED').map((event) => event.node),
        `${id}: the node events of one run`,
      ).toEqual(NODES);
    }
    await client.dispose();
  }, 300_000);
});
