import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { performance } from 'node:perf_hooks';
import { MemorySaver } from '@langchain/langgraph';
import { compileReviewGraph, type CompiledReviewGraph } from '../src/review/agent/graph.js';
import { createModelProvider } from '../src/platform/llm/provider.js';
import { sanitizeKnowledgeSync } from '../src/knowledge/sanitizer/index.js';
import type { KnowledgeRecord } from '../src/knowledge/types.js';
import { createDatabase } from '../src/platform/db/prisma.js';
import { createDependencies } from '../src/services.js';
import { REVIEW_KNOWLEDGE } from '../test/fixtures/contracts.js';
import { openBenchDatabase, percentile } from './bench-database.js';
import { benchContracts, reviewBenchConfig, reviewBenchPrincipal } from './review-fixtures.js';

export const name = 'contract review batch (rules provider)';

const BATCH = 200;
const CONCURRENCY = 8;

setFlagsFromString('--expose_gc');
const collectGarbage = runInNewContext('gc') as () => void;
const heapAfterGc = () => {
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

const knowledgeRecords: KnowledgeRecord[] = REVIEW_KNOWLEDGE.map((item, i) => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  knowledgeId: item.knowledgeId,
  version: item.version,
  kind: 'CLAUSE',
  content: item.content,
  tags: [...item.tags],
  constraint: { ...item.constraint } as KnowledgeRecord['constraint'],
  source: `policy:bench/${item.knowledgeId}`,
  validFrom: new Date(item.validFrom),
  validUntil: new Date('9999-12-31T00:00:00Z'),
  recordedAt: new Date('2020-01-01T00:00:00Z'),
  retractedAt: null,
}));

/** Runs the graph alone (knowledge from memory) over `inputs` with bounded concurrency. */
export async function runGraphBatch(
  graph: CompiledReviewGraph,
  inputs: ReturnType<typeof benchContracts>,
  options: { threaded: boolean; heapAt?: number },
) {
  const durations: number[] = [];
  let heapAtMark = 0;
  let next = 0;
  let done = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < inputs.length) {
      const index = next++;
      const input = inputs[index]!;
      const t0 = performance.now();
      await graph.invoke({ reviewId: `r-${index}`, ...input, asOf: new Date('2025-06-01T00:00:00Z'), pinnedKnowledge: null } as never, {
        configurable: {
          ...(options.threaded ? { thread_id: `bench-${index}` } : {}),
          review: {
            retrieveKnowledge: async (request: { asOf: Date; fields: readonly string[] }) =>
              sanitizeKnowledgeSync(
                knowledgeRecords.filter((r) => request.fields.includes(r.constraint!.field)),
                { asOf: request.asOf },
              ),
          },
        },
      });
      durations.push(performance.now() - t0);
      done += 1;
      if (done === options.heapAt) heapAtMark = heapAfterGc();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: inputs.length / seconds, p50: percentile(durations, 50), p99: percentile(durations, 99), heapAtMark };
}

/**
 * 200 contracts on the rules provider at concurrency 8: the graph alone (with and without a
 * MemorySaver checkpointer) and end to end through ReviewService on PostgreSQL.
 */
export async function run(): Promise<Record<string, string | number>> {
  const provider = createModelProvider({ provider: 'rules' } as never);
  const clean = compileReviewGraph({ provider });
  const inputs = benchContracts(BATCH);
  await runGraphBatch(clean, benchContracts(40), { threaded: false }); // warm-up
  const heapBefore = heapAfterGc();
  const graphOnly = await runGraphBatch(clean, inputs, { threaded: false, heapAt: 20 });
  const heapAfter200 = heapAfterGc();
  const heapGrowth = (heapAfter200 - graphOnly.heapAtMark) / graphOnly.heapAtMark;

  const saver = new MemorySaver();
  const checkpointed = compileReviewGraph({ provider }, { checkpointer: saver });
  await runGraphBatch(checkpointed, benchContracts(40), { threaded: true });
  const withSaver = await runGraphBatch(checkpointed, inputs, { threaded: true, heapAt: 20 });
  const heapWithSaver = heapAfterGc();
  const saverGrowth = (heapWithSaver - withSaver.heapAtMark) / withSaver.heapAtMark;

  // End to end: submitBatch through the service, persisted in PostgreSQL.
  const database = await openBenchDatabase('reviews');
  const db = createDatabase(database.url, 10);
  let endToEnd = { perSecond: 0, p50: 0, p99: 0 };
  try {
    const deps = createDependencies({ config: reviewBenchConfig(CONCURRENCY), db, databaseUrl: database.url, provider });
    // The review queues live in PostgreSQL (pg-boss): created and worked as the server does it.
    await deps.services.reviews.start({ work: true });
    const principal = await reviewBenchPrincipal(deps);
    await deps.services.reviews.submitBatch(principal, benchContracts(40));
    await deps.services.reviews.idle();
    const started = performance.now();
    const batch = await deps.services.reviews.submitBatch(
      principal,
      inputs.map((input) => ({ ...input, asOf: new Date('2025-06-01T00:00:00Z') })),
    );
    await deps.services.reviews.idle();
    const seconds = (performance.now() - started) / 1000;
    const rows = await db.review.findMany({ where: { batchId: batch.id }, select: { startedAt: true, finishedAt: true, status: true } });
    const durations = rows.map((row) => row.finishedAt!.getTime() - row.startedAt!.getTime());
    endToEnd = { perSecond: BATCH / seconds, p50: percentile(durations, 50), p99: percentile(durations, 99) };
    if (rows.some((row) => row.status !== 'SUCCEEDED')) throw new Error('a benchmark review failed');
    await deps.services.reviews.stop();
  } finally {
    await db.$disconnect();
    await database.close();
  }

  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return {
    'graph only: reviews/s (no checkpointer)': graphOnly.perSecond.toFixed(0),
    'graph only: p50 / p99 per review (ms)': `${graphOnly.p50.toFixed(2)} / ${graphOnly.p99.toFixed(2)}`,
    'graph only: heap after 20 -> after 200': `${mb(graphOnly.heapAtMark)} -> ${mb(heapAfter200)} (${(heapGrowth * 100).toFixed(1)}%, target < 10%)`,
    'with MemorySaver: reviews/s': `${withSaver.perSecond.toFixed(0)} (${(withSaver.perSecond / graphOnly.perSecond).toFixed(2)}x of no checkpointer)`,
    'with MemorySaver: heap after 20 -> after 200': `${mb(withSaver.heapAtMark)} -> ${mb(heapWithSaver)} (${(saverGrowth * 100).toFixed(1)}%)`,
    'end to end (service + PostgreSQL): reviews/s': `${endToEnd.perSecond.toFixed(0)} (target >= 100 at concurrency ${CONCURRENCY})`,
    'end to end: p50 / p99 per review (ms)': `${endToEnd.p50.toFixed(0)} / ${endToEnd.p99.toFixed(0)}`,
    'heap before the batches': mb(heapBefore),
    'peak RSS': mb(process.resourceUsage().maxRSS * 1024),
  };
}
