// `npm run bench -- scale`: separate gateway and worker processes on the job queue (pg-boss) of the
// system PostgreSQL at 127.0.0.1:5432. Throughput of 400-review batches: the all-in-one process
// against the graph alone (interleaved round by round, ratio per round; with the graph on a graph
// thread, the default, and on the main thread), one worker process versus
// two (BENCH_ROUNDS rounds each, after a warm-up), and queue latency (submit to start) of single reviews at idle and
// while another tenant's 500-review batch runs.
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
const SINGLES = 20;
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

/** Submit-to-start of single reviews, one after the other, in milliseconds. */
async function singleLatencies(gateway: SuanniProcess, token: string, sql: pg.Client): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < SINGLES; i += 1) {
    const submitted = await gqlAt(gateway.url, token, SUBMIT, { input: contract(10_000 + i) });
    const id = submitted.data.submitReview.id as string;
    await waitUntilFinished(sql, 'id = $1', [id], 1);
    const { rows } = await sql.query<{ ms: number }>(
      'SELECT extract(epoch FROM "startedAt" - "createdAt") * 1000 AS ms FROM "Review" WHERE id = $1',
      [id],
    );
    latencies.push(Number(rows[0]!.ms));
  }
  return latencies;
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
  const figures: Record<string, string | number> = {
    [`${BATCH}-batch reviews/s, graph alone (this process)`]: withRange(graphRates, 1),
    [`${BATCH}-batch reviews/s, all-in-one process (end to end over HTTP + PostgreSQL)`]: withRange(allInOne, 1),
    'ratio all-in-one / graph alone, per round (target >= 0.7)': withRange(ratios, 2),
    [`${BATCH}-batch reviews/s, all-in-one with the graph on the main thread (SUANNI_REVIEW_THREADS=0)`]: withRange(mainThread, 1),
    'ratio of that / graph alone, per round': withRange(mainThreadRatios, 2),
    [`${BATCH}-batch reviews/s, 1 worker`]: withRange(one, 1),
    [`${BATCH}-batch reviews/s, 2 workers`]: withRange(two, 1),
    'ratio 2 workers / 1 (medians)': (median(two) / median(one)).toFixed(2),
    rounds: `${ROUNDS} × ${BATCH} reviews after a warm-up of ${WARM_UP}`,
  };
  await cluster(2, async (gateway, env, sql) => {
    const other = await tokenFor(env, 'bench-other', 'other-tenant');
    const token = await tokenFor(env, 'bench', 'acme');
    const idle = await singleLatencies(gateway, token, sql);
    await gqlAt(gateway.url, other, SUBMIT_BATCH, { inputs: Array.from({ length: BUSY_BATCH }, (_, i) => contract(i)) });
    const busy = await singleLatencies(gateway, token, sql);
    figures['queue latency at idle p50 / p99 (ms)'] = `${percentile(idle, 50).toFixed(1)} / ${percentile(idle, 99).toFixed(1)}`;
    figures[`queue latency, other tenant's ${BUSY_BATCH}-batch running, p50 / p99 (ms)`] =
      `${percentile(busy, 50).toFixed(1)} / ${percentile(busy, 99).toFixed(1)}`;
  });
  return figures;
}
