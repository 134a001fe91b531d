import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SanitizedKnowledge } from '../../src/knowledge/types.js';
import { AppError } from '../../src/platform/errors.js';
import type { ModelProviderConfig } from '../../src/platform/llm/config.js';
import { createModelProvider } from '../../src/platform/llm/provider.js';
import { compileReviewGraph } from '../../src/review/agent/graph.js';
import { GRAPH_RUN_RESULT_KEYS } from '../../src/review/run/result.js';
import {
  GraphRunInterrupted,
  type GraphRunHooks,
  type GraphRunInput,
  InProcessGraph,
  ReviewCancelled,
} from '../../src/review/run/graph-executor.js';
import { GraphThreadPool } from '../../src/review/run/graph-thread-pool.js';
import { englishContract, REVIEW_KNOWLEDGE } from '../fixtures/contracts.js';

// The review graph on worker threads (graph-thread-pool.ts) against the same graph in this thread:
// real threads running the real graph; the knowledge lookup is the pool's own hook.

const models: ModelProviderConfig = { provider: 'rules', timeoutMs: 5_000, maxRetries: 0 };
const knowledge: SanitizedKnowledge[] = REVIEW_KNOWLEDGE.map((item, index) => ({
  id: `00000000-0000-4000-8000-00000000000${index}`,
  knowledgeId: item.knowledgeId,
  version: item.version,
  content: item.content,
  source: `policy:test/${item.knowledgeId}`,
  kind: 'CLAUSE',
  constraint: { ...item.constraint } as SanitizedKnowledge['constraint'],
  degraded: false,
  degradedReason: null,
}));

const review = (index: number, payDays = 60): GraphRunInput => ({
  id: `review-${index}`,
  tenantId: 'tenant-a',
  contractId: `contract-${index}`,
  title: `Contract ${index}`,
  text: englishContract({ payDays, penalty: 8, notice: 10, years: 2 }, `Supplier ${index}`),
  asOf: new Date('2025-06-01T00:00:00Z'),
});

function recordingHooks(overrides: Partial<GraphRunHooks> = {}) {
  const events: string[] = [];
  const requests: Parameters<GraphRunHooks['retrieveKnowledge']>[0][] = [];
  const hooks: GraphRunHooks = {
    retrieveKnowledge: async (request) => {
      requests.push(request);
      return knowledge;
    },
    onNode: (kind, report) => events.push(`${kind} ${typeof report === 'string' ? report : report.node}`),
    ...overrides,
  };
  return { events, requests, hooks };
}

const NODE_EVENTS = ['parse', 'retrieve', 'compliance', 'risk', 'report'].flatMap((node) => [`start ${node}`, `end ${node}`]);

/** A knowledge lookup that waits until the test lets it answer. */
function heldLookup() {
  let release!: () => void;
  let reached!: () => void;
  const asked = new Promise<void>((resolve) => (reached = resolve));
  const answer = new Promise<void>((resolve) => (release = resolve));
  return {
    asked,
    release,
    retrieveKnowledge: async () => {
      reached();
      await answer;
      return knowledge;
    },
  };
}

describe('GraphThreadPool', () => {
  let pool: GraphThreadPool;
  const local = new InProcessGraph(compileReviewGraph({ provider: createModelProvider(models) }));

  beforeAll(async () => {
    pool = new GraphThreadPool({ threads: 2, models, modelExtraction: 'off' });
    // Both threads compile their graph before the first run (a worker starts them before taking jobs).
    await pool.start();
  });
  afterAll(() => pool.close());

  it('gives the state the graph gives in this thread, node events in order, knowledge asked with the run’s date', async () => {
    const threaded = recordingHooks();
    const inProcess = recordingHooks();
    const [fromThread, fromHere] = await Promise.all([pool.run(review(1), [], threaded.hooks), local.run(review(1), [], inProcess.hooks)]);
    expect(fromThread).toEqual(fromHere);
    expect(Object.keys(fromThread).sort()).toEqual([...GRAPH_RUN_RESULT_KEYS].sort());
    // The 60-day payment term breaks the 30-day rule: the state carries a real finding.
    expect(fromThread.findings.map((finding) => finding.knowledgeId)).toContain('payment-term');
    expect(threaded.events).toEqual(NODE_EVENTS);
    expect(inProcess.events).toEqual(NODE_EVENTS);
    expect(threaded.requests).toHaveLength(1);
    expect(threaded.requests[0]!.asOf).toBeInstanceOf(Date);
    expect(threaded.requests[0]!.asOf.toISOString()).toBe('2025-06-01T00:00:00.000Z');
    expect(threaded.requests[0]!.fields).toEqual(inProcess.requests[0]!.fields);
    expect(threaded.requests[0]!.fields).toContain('paymentDays');
  });

  it('passes pinned knowledge to the run and back to the lookup (replay)', async () => {
    const pinned = [{ id: knowledge[1]!.id, knowledgeId: 'payment-term', version: '1.0' }];
    const threaded = recordingHooks();
    await pool.run(review(2), pinned as never, threaded.hooks);
    expect(threaded.requests[0]!.pinned).toEqual(pinned);
  });

  it('runs 40 reviews at once on two threads, each with its own result', async () => {
    const runs = Array.from({ length: 40 }, (_, index) => pool.run(review(100 + index, 10 + index), [], recordingHooks().hooks));
    const states = await Promise.all(runs);
    states.forEach((state, index) => {
      expect(state.reviewId).toBe(`review-${100 + index}`);
      expect(state.reviewReport?.extracted.paymentDays).toBe(10 + index);
      // Terms over 30 days break the payment rule; the others do not.
      expect(state.findings.some((finding) => finding.knowledgeId === 'payment-term')).toBe(10 + index > 30);
    });
    expect(pool.inFlight).toBe(0);
  });

  it('stops a cancelled run at its next node boundary and publishes nothing after the cancellation', async () => {
    const lookup = heldLookup();
    const cancellation = new AbortController();
    const { events, hooks } = recordingHooks({ retrieveKnowledge: lookup.retrieveKnowledge, signal: cancellation.signal });
    const run = pool.run(review(3), [], hooks);
    await lookup.asked;
    cancellation.abort();
    lookup.release();
    await expect(run).rejects.toBeInstanceOf(ReviewCancelled);
    expect(events).toEqual(['start parse', 'end parse', 'start retrieve']);
    expect(pool.inFlight).toBe(0);
  });

  it('never starts a run cancelled before it was handed over', async () => {
    const cancellation = new AbortController();
    cancellation.abort();
    const { events, requests, hooks } = recordingHooks({ signal: cancellation.signal });
    await expect(pool.run(review(4), [], hooks)).rejects.toBeInstanceOf(ReviewCancelled);
    expect(events).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('fails a run with the very error its knowledge lookup failed with (a transient database error stays one)', async () => {
    const failure = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const { hooks } = recordingHooks({
      retrieveKnowledge: async () => {
        throw failure;
      },
    });
    await expect(pool.run(review(5), [], hooks)).rejects.toBe(failure);
  });

  it('fails the runs of a thread that stops with INTERNAL, and the next run gets a new thread', async () => {
    const lookup = heldLookup();
    const run = pool.run(review(6), [], recordingHooks({ retrieveKnowledge: lookup.retrieveKnowledge }).hooks);
    await lookup.asked;
    // The pool's threads are private; a crash is what terminate() looks like from the pool.
    const threads = (pool as unknown as { threads: { worker: Worker; jobs: Set<number> }[] }).threads;
    const busy = threads.find((thread) => thread.jobs.size > 0)!;
    const outcome = run.catch((caught: unknown) => caught);
    await busy.worker.terminate();
    const error = await outcome;
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('INTERNAL');
    expect(threads).not.toContain(busy);
    const next = await pool.run(review(7), [], recordingHooks().hooks);
    expect(next.reviewId).toBe('review-7');
  });

  it('gives back the runs in flight when closed (GraphRunInterrupted), then refuses runs with UNAVAILABLE', async () => {
    const closing = new GraphThreadPool({ threads: 1, models, modelExtraction: 'off' });
    await closing.run(review(8), [], recordingHooks().hooks);
    const lookup = heldLookup();
    const inFlight = closing.run(review(10), [], recordingHooks({ retrieveKnowledge: lookup.retrieveKnowledge }).hooks);
    await lookup.asked;
    const outcome = inFlight.catch((error: unknown) => error);
    await closing.close();
    expect(await outcome).toBeInstanceOf(GraphRunInterrupted);
    expect(closing.inFlight).toBe(0);
    const error = await closing.run(review(9), [], recordingHooks().hooks).catch((caught: unknown) => caught);
    expect((error as AppError).code).toBe('UNAVAILABLE');
  });
});
