// `npm run bench -- scale`: separate gateway and worker processes on the job queue (pg-boss) of the
// system PostgreSQL at 127.0.0.1:5432. Throughput of 400-review batches: the all-in-one process
// against the graph alone (interleaved round by round, ratio per round; with the graph on a graph
// thread, the default, and on the main thread), one worker process versus
// two (BENCH_ROUNDS rounds each, after a warm-up). Fairness: the start wait (submit to claimed) of a
// lone review at idle (the baseline of the same run) and while another tenant's 500-review batch
// runs (BENCH_FAIRNESS_ROUNDS batches, lone reviews one after the other while each runs).
// BENCH_SCALE_PARTS=throughput or =fairness runs one part only.
import pg from 'pg';
import { englishContract } from '../test/fixtures/contracts.js';
import {
  clusterEnvironment,
  createSystemDatabase,
  gqlAt,
  postgresReachable,
  spawnSuanni,
  tokenFor,
  type SuanniProcess,
} from '../test/testkit/processes.js';
import { percentile } from './bench-database.js';
import { compileReviewGraph } from '../src/review/agent/graph.js';
import { createModelProvider } from '../src/platform/llm/provider.js';
import { runGraphBatch } from './review-batch.bench.js';

export const name = 'scale: gateways and workers on the PostgreSQL job queue';

const BATCH = 400;
const BUSY_BATCH = 500;
const SINGLES = 30;
const FAIRNESS_ROUNDS = Number(process.env.BENCH_FAIRNESS_ROUNDS ?? 3);
const PARTS = (process.env.BENCH_SCALE_PARTS ?? 'throughput,fairness').split(',');
/** Reviews run before the measured batches, in every configuration: the graph alone is still speeding up (JIT) after 40. */
const WARM_UP = 400;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SUBMIT_BATCH = 'mutation ($inputs: [ReviewInput!]!) { submitReviewBatch(inputs: $inputs) { id } }';
const SUBMIT = 'mutation ($input: ReviewInput!) { submitReview(input: $input) { id } }';

const contract = (i: number) => ({
  contractId: `bench-${i}`,
  title: `Contract ${i}`,
  text: englishContract({ payDays: 30 + (i % 5) * 15, penalty: 5 + (i % 4), notice: 30, years: 1 + (i % 3) }, `Supplier ${i}`),
  asOf: '2025-06-01T00:00:00Z',
});

async function cluster(
  workers: number | 'all-in-one',
  run: (gateway: SuanniProcess, env: Record<string, string>, sql: pg.Client) => Promise<void>,
  extraEnv: Record<string, string> = {},
): Promise<void> {
  const database = await createSystemDatabase();
  const env = clusterEnvironment(database.url, {
    SUANNI_JOB_LEASE_SECONDS: '120',
    // The default of src/config.ts (the test environment's is 4) unless BENCH_REVIEW_CONCURRENCY says otherwise.
    SUANNI_REVIEW_CONCURRENCY: process.env.BENCH_REVIEW_CONCURRENCY ?? '32',
    SUANNI_REVIEW_MAX_BATCH: '500',
    // One user submits thousands of reviews a minute here: the per-user limits would refuse them.
    SUANNI_RATE_LIMITS: 'false',
    ...extraEnv,
  });
  const processes =
    workers === 'all-in-one'
      ? [await spawnSuanni('all', env)]
      : await Promise.all([spawnSuanni('gateway', env), ...Array.from({ length: workers }, () => spawnSuanni('worker', env))]);
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  try {
    await run(processes[0]!, env, sql);
  } finally {
    await sql.end();
    for (const started of processes) started.child.kill('SIGKILL');
    await Promise.all(processes.map((started) => started.exited));
    await database.drop();
  }
}

async function waitUntilFinished(sql: pg.Client, where: string, values: unknown[], total: number): Promise<void> {
  for (;;) {
    const { rows } = await sql.query<{ count: string }>(
      `SELECT count(*) FROM "Review" WHERE ${where} AND status IN ('SUCCEEDED', 'FAILED')`,
      values,
    );
    if (Number(rows[0]!.count) >= total) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Reviews per second of ROUNDS 400-batches on one cluster, after a warm-up batch (as the graph
 * alone warms up, and as a long-running process is warm: JIT, pools, the knowledge cache, the
 * queue's polling; a cold first batch measured start-up). `beforeEachRound` runs the baseline of
 * the same round, so that both sides of a ratio see the same moment of a noisy machine.
 */
async function batchRates(
  workers: number | 'all-in-one',
  beforeEachRound?: () => Promise<void>,
  extraEnv: Record<string, string> = {},
): Promise<number[]> {
  const rates: number[] = [];
  await cluster(
    workers,
    async (gateway, env, sql) => {
      const token = await tokenFor(env, 'bench', 'acme');
      const runBatch = async (size: number, offset: number) => {
        const submitted = await gqlAt(gateway.url, token, SUBMIT_BATCH, {
          inputs: Array.from({ length: size }, (_, i) => contract(offset + i)),
        });
        if (!submitted.data) throw new Error(`submitReviewBatch failed: ${JSON.stringify(submitted.errors)}`);
        await waitUntilFinished(sql, '"batchId" = $1', [submitted.data.submitReviewBatch.id], size);
      };
      await runBatch(WARM_UP, 100_000);
      for (let round = 0; round < ROUNDS; round += 1) {
        await beforeEachRound?.();
        const started = performance.now();
        await runBatch(BATCH, 0);
        rates.push(BATCH / ((performance.now() - started) / 1000));
      }
    },
    extraEnv,
  );
  return rates;
}

/** A lone review's start wait (submit to claimed) and its time to finish (submit to finished), in milliseconds. */
interface LoneReview {
  startMs: number;
  finishMs: number;
}

/** One lone review after the other, each submitted once the one before finished, while `more()` says so (at most `limit`). */
async function loneReviews(
  gateway: SuanniProcess,
  token: string,
  sql: pg.Client,
  more: () => boolean,
  limit: number,
): Promise<LoneReview[]> {
  const measured: LoneReview[] = [];
  for (let i = 0; i < limit && more(); i += 1) {
    const submitted = await gqlAt(gateway.url, token, SUBMIT, { input: contract(10_000 + i) });
    const id = submitted.data.submitReview.id as string;
    await waitUntilFinished(sql, 'id = $1', [id], 1);
    const { rows } = await sql.query<{ start: number; finish: number }>(
      `SELECT extract(epoch FROM "startedAt" - "createdAt") * 1000 AS start, extract(epoch FROM "finishedAt" - "createdAt") * 1000 AS finish
         FROM "Review" WHERE id = $1`,
      [id],
    );
    measured.push({ startMs: Number(rows[0]!.start), finishMs: Number(rows[0]!.finish) });
  }
  return measured;
}

const p50p99 = (values: number[]) => `${percentile(values, 50).toFixed(1)} / ${percentile(values, 99).toFixed(1)} (n = ${values.length})`;

interface FairnessFigures {
  idle: LoneReview[];
  beside: LoneReview[];
  batchSeconds: number[];
}

/** Lone reviews of one tenant at idle, on a warm cluster. */
async function idleRound(gateway: SuanniProcess, env: Record<string, string>, sql: pg.Client, into: FairnessFigures): Promise<void> {
  const token = await tokenFor(env, 'bench', 'acme');
  into.idle.push(...(await loneReviews(gateway, token, sql, () => true, SINGLES)));
}

/**
 * One round of tail fairness between tenants: another tenant submits a 500-review batch, and lone
 * reviews follow one after the other while some of the batch still waits to start (only those count
 * as "beside the batch").
 */
async function busyRound(gateway: SuanniProcess, env: Record<string, string>, sql: pg.Client, into: FairnessFigures): Promise<void> {
  const other = await tokenFor(env, 'bench-other', 'other-tenant');
  const token = await tokenFor(env, 'bench', 'acme');
  const started = performance.now();
  const submitted = await gqlAt(gateway.url, other, SUBMIT_BATCH, { inputs: Array.from({ length: BUSY_BATCH }, (_, i) => contract(i)) });
  const batchId = submitted.data.submitReviewBatch.id as string;
  let waiting = BUSY_BATCH;
  const watcher = (async () => {
    while (waiting > 0) {
      const { rows } = await sql.query<{ count: string }>(`SELECT count(*) FROM "Review" WHERE "batchId" = $1 AND status = 'QUEUED'`, [
        batchId,
      ]);
      waiting = Number(rows[0]!.count);
      if (waiting > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  into.beside.push(...(await loneReviews(gateway, token, sql, () => waiting > 0, 1_000)));
  await watcher;
  await waitUntilFinished(sql, '"batchId" = $1', [batchId], BUSY_BATCH);
  into.batchSeconds.push((performance.now() - started) / 1000);
}

/** Warms a cluster (JIT, pools, the knowledge cache) as a long-running one is. */
async function warmUp(gateway: SuanniProcess, env: Record<string, string>, sql: pg.Client): Promise<void> {
  const other = await tokenFor(env, 'bench-other', 'other-tenant');
  const warm = await gqlAt(gateway.url, other, SUBMIT_BATCH, { inputs: Array.from({ length: 200 }, (_, i) => contract(50_000 + i)) });
  await waitUntilFinished(sql, '"batchId" = $1', [warm.data.submitReviewBatch.id], 200);
}

/**
 * Tail fairness between tenants on two clusters of a gateway and two workers each, alive together
 * and busy in turn (round by round, so both see the same moments of a noisy machine): the baseline
 * with no slots kept for single reviews (SUANNI_REVIEW_RESERVED_SLOTS=0), and the default.
 */
async function fairness(figures: Record<string, string | number>): Promise<void> {
  const baseline: FairnessFigures = { idle: [], beside: [], batchSeconds: [] };
  const kept: FairnessFigures = { idle: [], beside: [], batchSeconds: [] };
  await cluster(
    2,
    (gatewayA, envA, sqlA) =>
      cluster(2, async (gatewayB, envB, sqlB) => {
        await Promise.all([warmUp(gatewayA, envA, sqlA), warmUp(gatewayB, envB, sqlB)]);
        await idleRound(gatewayA, envA, sqlA, baseline);
        await idleRound(gatewayB, envB, sqlB, kept);
        for (let round = 0; round < FAIRNESS_ROUNDS; round += 1) {
          await busyRound(gatewayA, envA, sqlA, baseline);
          await busyRound(gatewayB, envB, sqlB, kept);
        }
      }),
    { SUANNI_REVIEW_RESERVED_SLOTS: '0' },
  );
  const starts = (reviews: LoneReview[]) => reviews.map((review) => review.startMs);
  const finishes = (reviews: LoneReview[]) => reviews.map((review) => review.finishMs);
  for (const [label, measured] of [
    ['no kept slots (baseline)', baseline],
    ['kept slots (default)', kept],
  ] as const) {
    figures[`${label}: lone review start wait at idle, p50 / p99 (ms)`] = p50p99(starts(measured.idle));
    figures[`${label}: lone review start wait beside another tenant's ${BUSY_BATCH}-batch, p50 / p99 (ms)`] = p50p99(
      starts(measured.beside),
    );
    figures[`${label}: lone review submit to finished beside the batch, p50 / p99 (ms)`] = p50p99(finishes(measured.beside));
    figures[`${label}: ${BUSY_BATCH}-batch duration with lone reviews beside it (s)`] = withRange(measured.batchSeconds, 1);
    // What the batch adds to a lone review's wait at the tail, against the same cluster at idle (the machine's own noise).
    figures[`${label}: p99 start wait beside the batch / at idle`] = (
      percentile(starts(measured.beside), 99) / percentile(starts(measured.idle), 99)
    ).toFixed(2);
  }
  figures.target = `start wait beside the batch p99 <= 250 ms; rounds: ${FAIRNESS_ROUNDS} batches per cluster`;
}

/** The review graph alone in this process (knowledge from memory, rules provider) over the same contracts as the batches, at the workers' concurrency. */
async function graphAlone(): Promise<() => Promise<number>> {
  const graph = compileReviewGraph({ provider: createModelProvider({ provider: 'rules' } as never) });
  const contracts = Array.from({ length: BATCH }, (_, i) => contract(i));
  await runGraphBatch(graph, contracts.slice(0, WARM_UP), { threaded: false }); // warm-up
  return async () => (await runGraphBatch(graph, contracts, { threaded: false })).perSecond;
}

const median = (values: number[]) => percentile(values, 50);
const withRange = (values: number[], digits: number) =>
  `${median(values).toFixed(digits)} (rounds ${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

export async function run(): Promise<Record<string, string | number>> {
  if (!(await postgresReachable())) return { skipped: 'no PostgreSQL at 127.0.0.1:5432' };
  const figures: Record<string, string | number> = {};
  if (PARTS.includes('throughput')) await throughput(figures);
  if (PARTS.includes('fairness')) await fairness(figures);
  return figures;
}

async function throughput(figures: Record<string, string | number>): Promise<void> {
  const measureGraphAlone = await graphAlone();
  const graphRates: number[] = [];
  const allInOne = await batchRates('all-in-one', async () => {
    graphRates.push(await measureGraphAlone());
  });
  const ratios = allInOne.map((rate, round) => rate / graphRates[round]!);
  // The same process with the graph on its main thread (SUANNI_REVIEW_THREADS=0), against the graph alone of its rounds.
  const mainThreadGraphRates: number[] = [];
  const mainThread = await batchRates(
    'all-in-one',
    async () => {
      mainThreadGraphRates.push(await measureGraphAlone());
    },
    { SUANNI_REVIEW_THREADS: '0' },
  );
  const mainThreadRatios = mainThread.map((rate, round) => rate / mainThreadGraphRates[round]!);
  const one = await batchRates(1);
  const two = await batchRates(2);
  Object.assign(figures, {
    [`${BATCH}-batch reviews/s, graph alone (this process)`]: withRange(graphRates, 1),
    [`${BATCH}-batch reviews/s, all-in-one process (end to end over HTTP + PostgreSQL)`]: withRange(allInOne, 1),
    'ratio all-in-one / graph alone, per round (target >= 0.7)': withRange(ratios, 2),
    [`${BATCH}-batch reviews/s, all-in-one with the graph on the main thread (SUANNI_REVIEW_THREADS=0)`]: withRange(mainThread, 1),
    'ratio of that / graph alone, per round': withRange(mainThreadRatios, 2),
    [`${BATCH}-batch reviews/s, 1 worker`]: withRange(one, 1),
    [`${BATCH}-batch reviews/s, 2 workers`]: withRange(two, 1),
    'ratio 2 workers / 1 (medians)': (median(two) / median(one)).toFixed(2),
    rounds: `${ROUNDS} × ${BATCH} reviews after a warm-up of ${WARM_UP}`,
  });
}
