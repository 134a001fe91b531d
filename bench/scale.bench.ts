// `npm run bench -- scale`: separate gateway and worker processes on the job queue (pg-boss) of the
// system PostgreSQL at 127.0.0.1:5432. Throughput of a 400-review batch with one worker process
// versus two (same run, ratio), and queue latency (submit to start) of single reviews at idle and
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
): Promise<void> {
  const database = await createSystemDatabase();
  const env = clusterEnvironment(database.url, {
    SUANNI_JOB_LEASE_SECONDS: '120',
    SUANNI_REVIEW_CONCURRENCY: '8',
    SUANNI_REVIEW_MAX_BATCH: '500',
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

async function batchRate(workers: number | 'all-in-one'): Promise<number> {
  let rate = 0;
  await cluster(workers, async (gateway, env, sql) => {
    const token = await tokenFor(env, 'bench', 'acme');
    const started = performance.now();
    const submitted = await gqlAt(gateway.url, token, SUBMIT_BATCH, { inputs: Array.from({ length: BATCH }, (_, i) => contract(i)) });
    await waitUntilFinished(sql, '"batchId" = $1', [submitted.data.submitReviewBatch.id], BATCH);
    rate = BATCH / ((performance.now() - started) / 1000);
  });
  return rate;
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
async function graphAloneRate(): Promise<number> {
  const graph = compileReviewGraph({ provider: createModelProvider({ provider: 'rules' } as never) });
  const contracts = Array.from({ length: BATCH }, (_, i) => contract(i));
  await runGraphBatch(graph, contracts.slice(0, 40), { threaded: false }); // warm-up
  return (await runGraphBatch(graph, contracts, { threaded: false })).perSecond;
}

export async function run(): Promise<Record<string, string | number>> {
  if (!(await postgresReachable())) return { skipped: 'no PostgreSQL at 127.0.0.1:5432' };
  const graphAlone = await graphAloneRate();
  const allInOne = await batchRate('all-in-one');
  const one = await batchRate(1);
  const two = await batchRate(2);
  const figures: Record<string, string | number> = {
    [`${BATCH}-batch reviews/s, graph alone (this process)`]: graphAlone.toFixed(1),
    [`${BATCH}-batch reviews/s, all-in-one process (end to end over HTTP + PostgreSQL)`]: allInOne.toFixed(1),
    'ratio all-in-one / graph alone (target >= 0.7)': (allInOne / graphAlone).toFixed(2),
    [`${BATCH}-batch reviews/s, 1 worker`]: one.toFixed(1),
    [`${BATCH}-batch reviews/s, 2 workers`]: two.toFixed(1),
    'ratio 2 workers / 1': (two / one).toFixed(2),
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
