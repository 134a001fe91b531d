// A review graph thread (see graph-thread-pool.ts): runs the review graph for the process that
// started it. Knowledge lookups, progress and spans go back to that process by message.
import { parentPort, workerData } from 'node:worker_threads';
import { context, createContextKey, ROOT_CONTEXT, trace, type Context as OtelContext } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  AlwaysOffSampler,
  BasicTracerProvider,
  ParentBasedSampler,
  type ReadableSpan,
  type Span,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { AppError } from '../../platform/errors.js';
import { createModelProvider } from '../../platform/llm/provider.js';
import { transferableSpan, type TransferredSpan } from '../../platform/telemetry/span-transfer.js';
import { ATTR, SPAN_LIMITS } from '../../platform/telemetry/tracing.js';
import type { SanitizedKnowledge } from '../../knowledge/types.js';
import type { ReviewRunContext } from '../agent/contract.js';
import { compileReviewGraph } from '../agent/graph.js';
import { graphInput, ReviewCancelled } from './graph-executor.js';
import { graphRunResult } from './result.js';
import type { FromThread, GraphThreadData, ThreadError, ToThread } from './graph-thread-pool.js';

const port = parentPort;
if (!port) throw new Error('graph-thread.ts runs as a worker thread of GraphThreadPool');
const data = workerData as GraphThreadData;
const cancelFlags = new Int32Array(data.cancelFlags);
/**
 * Messages go out together once the thread yields to its event loop: a review makes a dozen (node
 * events, its knowledge lookup, its outcome) within a few milliseconds, and each `postMessage`
 * costs a serialisation here and a dispatch there (measured: 8% of the thread's time, one by one).
 */
const outbox: FromThread[] = [];
const flush = () => port.postMessage(outbox.splice(0));
const post = (message: FromThread) => {
  if (outbox.push(message) === 1) setImmediate(flush);
};

interface Run {
  tenantId: string;
  spans: TransferredSpan[];
  lookups: Map<number, { resolve(value: SanitizedKnowledge[]): void; reject(error: unknown): void }>;
}
const runs = new Map<number, Run>();
const JOB = createContextKey('suanni.graph-thread.job');

/**
 * Collects the spans of each run to send them with its outcome, and names the run's tenant on
 * each (the process side's TenantPropagator cannot see the run's parent span from here).
 */
class RunSpanCollector implements SpanProcessor {
  private readonly jobOfSpan = new Map<string, number>();

  onStart(span: Span, parentContext: OtelContext): void {
    const job = parentContext.getValue(JOB) as number | undefined;
    const run = job === undefined ? undefined : runs.get(job);
    if (!run) return;
    this.jobOfSpan.set(span.spanContext().spanId, job!);
    if (span.attributes[ATTR.tenantId] === undefined) span.setAttribute(ATTR.tenantId, run.tenantId);
  }

  onEnd(span: ReadableSpan): void {
    const spanId = span.spanContext().spanId;
    const job = this.jobOfSpan.get(spanId);
    this.jobOfSpan.delete(spanId);
    if (job === undefined) return;
    const run = runs.get(job);
    // A span that ends after its run was answered still belongs to the trace.
    if (run) run.spans.push(transferableSpan(span));
    else post({ type: 'spans', spans: [transferableSpan(span)] });
  }

  async forceFlush(): Promise<void> {}
  async shutdown(): Promise<void> {}
}

// Spans only under a sampled parent from the process: a run without one (tracing off) records nothing.
trace.setGlobalTracerProvider(
  new BasicTracerProvider({
    sampler: new ParentBasedSampler({ root: new AlwaysOffSampler() }),
    spanProcessors: [new RunSpanCollector()],
    spanLimits: SPAN_LIMITS,
  }),
);
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());

const graph = compileReviewGraph({ provider: createModelProvider(data.models), modelExtraction: data.modelExtraction });

function threadError(error: unknown): ThreadError {
  if (error instanceof ReviewCancelled) return { kind: 'cancelled' };
  const token = (error as { forwardedToken?: unknown } | null)?.forwardedToken;
  if (typeof token === 'number') return { kind: 'forwarded', token };
  if (error instanceof AppError)
    return { kind: 'app', code: error.code, name: error.name, message: error.message, details: structuredCloneable(error.details) };
  const plain = error instanceof Error ? error : new Error(String(error));
  return { kind: 'error', name: plain.name, message: plain.message, ...(plain.stack ? { stack: plain.stack } : {}) };
}

/** Details that survive `postMessage` (a detail holding a function or class instance would throw there). */
function structuredCloneable(details: Record<string, unknown>): Record<string, unknown> {
  try {
    return structuredClone(details);
  } catch {
    return JSON.parse(JSON.stringify(details)) as Record<string, unknown>;
  }
}

async function runReview(message: Extract<ToThread, { type: 'run' }>): Promise<void> {
  const { job, slot } = message;
  const run: Run = { tenantId: message.tenantId, spans: [], lookups: new Map() };
  runs.set(job, run);
  let calls = 0;
  const boundary = () => {
    if (Atomics.load(cancelFlags, slot) !== 0) throw new ReviewCancelled();
  };
  const review: ReviewRunContext = {
    retrieveKnowledge: (request) =>
      new Promise<SanitizedKnowledge[]>((resolve, reject) => {
        const call = ++calls;
        run.lookups.set(call, { resolve, reject });
        const active = trace.getActiveSpan()?.spanContext();
        post({
          type: 'knowledge',
          job,
          call,
          request,
          ...(active ? { parent: { traceId: active.traceId, spanId: active.spanId, traceFlags: active.traceFlags } } : {}),
        });
      }),
    onNodeStart: (node) => {
      boundary();
      post({ type: 'node', job, kind: 'start', report: node });
    },
    onNodeEnd: (report) => {
      boundary();
      post({ type: 'node', job, kind: 'end', report: { node: report.node, durationMs: report.durationMs, counts: report.counts } });
    },
  };
  const parent = message.parent ? trace.setSpanContext(ROOT_CONTEXT, { ...message.parent, isRemote: false }) : ROOT_CONTEXT;
  try {
    const state = await context.with(parent.setValue(JOB, job), () =>
      graph.invoke(graphInput(message.review, message.pinned), { configurable: { review } }),
    );
    runs.delete(job);
    post({ type: 'done', job, result: graphRunResult(state), spans: run.spans });
  } catch (error) {
    runs.delete(job);
    post({ type: 'failed', job, error: threadError(error), spans: run.spans });
  }
}

port.on('message', (messages: ToThread[]) => {
  for (const message of messages) receive(message);
});
post({ type: 'ready' });

function receive(message: ToThread): void {
  if (message.type === 'run') {
    void runReview(message);
    return;
  }
  const lookup = runs.get(message.job)?.lookups.get(message.call);
  if (!lookup) return;
  runs.get(message.job)?.lookups.delete(message.call);
  if ('value' in message) {
    lookup.resolve(message.value);
    return;
  }
  const error = new Error('The knowledge lookup failed in the process.');
  (error as Error & { forwardedToken?: number }).forwardedToken = message.error.kind === 'forwarded' ? message.error.token : undefined;
  lookup.reject(error);
}
