import { Worker } from 'node:worker_threads';
import { context, isSpanContextValid, trace, type SpanContext } from '@opentelemetry/api';
import type { Resource } from '@opentelemetry/resources';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { AppError, type ErrorCode } from '../../platform/errors.js';
import type { ModelProviderConfig } from '../../platform/llm/config.js';
import { createLogger } from '../../platform/logger.js';
import { currentTelemetry } from '../../platform/telemetry/sdk.js';
import { receivedSpan, type TransferredSpan } from '../../platform/telemetry/span-transfer.js';
import type { SanitizedKnowledge } from '../../knowledge/types.js';
import type { ReviewState } from '../agent/state.js';
import {
  GraphRunInterrupted,
  ReviewCancelled,
  type GraphRunHooks,
  type GraphRunInput,
  type NodeProgress,
  type ReviewGraphExecutor,
} from './graph-executor.js';
import type { GraphRunResult } from './result.js';

const log = createLogger('graph-threads');

/** Cancellation flags per thread: one slot per run in flight (more than the 64 + 64 of review and replay concurrency). */
export const CANCEL_SLOTS = 256;

/** What a graph thread is started with. */
export interface GraphThreadData {
  models: ModelProviderConfig;
  modelExtraction: 'off' | 'assist';
  /** `Int32Array` over it: slot `i` is 1 once the run in slot `i` is cancelled. */
  cancelFlags: SharedArrayBuffer;
}

/** An error crossing the thread boundary: its kind decides what the runner sees. */
export type ThreadError =
  | { kind: 'cancelled' }
  /** An error of this thread (knowledge lookup) that failed the run: rethrown as the same object. */
  | { kind: 'forwarded'; token: number }
  | { kind: 'app'; code: ErrorCode; name: string; message: string; details: Record<string, unknown> }
  | { kind: 'error'; name: string; message: string; stack?: string };

export type ToThread =
  | {
      type: 'run';
      job: number;
      slot: number;
      review: GraphRunInput;
      pinned: ReviewState['pinnedKnowledge'];
      tenantId: string;
      parent?: SpanContext;
    }
  | { type: 'knowledge'; job: number; call: number; value: SanitizedKnowledge[] }
  | { type: 'knowledge'; job: number; call: number; error: ThreadError };

export type FromThread =
  | { type: 'node'; job: number; kind: 'start'; report: string }
  | { type: 'node'; job: number; kind: 'end'; report: NodeProgress }
  | { type: 'knowledge'; job: number; call: number; request: Parameters<GraphRunHooks['retrieveKnowledge']>[0]; parent?: SpanContext }
  | { type: 'done'; job: number; result: GraphRunResult; spans: TransferredSpan[] }
  | { type: 'failed'; job: number; error: ThreadError; spans: TransferredSpan[] }
  | { type: 'spans'; spans: TransferredSpan[] }
  /** The thread compiled its graph and takes runs. */
  | { type: 'ready' };

interface Job {
  review: GraphRunInput;
  hooks: GraphRunHooks;
  thread: GraphThread;
  slot: number;
  resolve(result: GraphRunResult): void;
  reject(error: unknown): void;
  /** Errors of knowledge lookups handed to the thread, by token, to rethrow the same object. */
  forwarded: Map<number, unknown>;
  resource: Resource | undefined;
  onAbort: () => void;
}

interface GraphThread {
  worker: Worker;
  /** Settles once the thread compiled its graph, or failed to. */
  ready: Promise<void>;
  /** Messages to the thread, sent together once this thread yields (see graph-thread.ts). */
  outbox: ToThread[];
  flags: Int32Array;
  freeSlots: number[];
  jobs: Set<number>;
}

/** The thread's entry: through tsx when running from TypeScript sources (development, tests), the compiled file otherwise. */
const threadEntry = (): URL => new URL(import.meta.url.endsWith('.ts') ? './graph-thread-tsx.mjs' : './graph-thread.js', import.meta.url);

/** The error a run failed with on its thread, as this thread's error. */
export function errorFromThread(error: ThreadError, forwarded: Map<number, unknown>): unknown {
  switch (error.kind) {
    case 'cancelled':
      return new ReviewCancelled();
    case 'forwarded':
      return forwarded.get(error.token) ?? new Error('a knowledge lookup failed');
    case 'app': {
      const appError = new AppError(error.code, error.message, error.details);
      appError.name = error.name;
      return appError;
    }
    case 'error': {
      const plain = new Error(error.message);
      plain.name = error.name;
      if (error.stack) plain.stack = error.stack;
      return plain;
    }
  }
}

/**
 * Runs the review graph on worker threads, so that a process that also claims reviews, writes
 * their results, publishes their progress and serves requests keeps its main thread for that
 * work. The thread runs the same graph (nodes, state contracts, node spans); this side answers
 * its knowledge lookups (the database and the knowledge cache stay here), publishes its progress
 * events, sets its cancellation flag (checked at each node boundary), and hands its spans to this
 * process's trace store and exporter. A thread that dies fails the runs it had (INTERNAL) and is
 * replaced on the next run.
 */
export class GraphThreadPool implements ReviewGraphExecutor {
  private readonly threads: GraphThread[] = [];
  private readonly jobs = new Map<number, Job>();
  private nextJob = 1;
  private nextToken = 1;
  private closed = false;

  constructor(private readonly options: { threads: number; models: ModelProviderConfig; modelExtraction: 'off' | 'assist' }) {}

  /** Runs in flight on threads (tests). */
  get inFlight(): number {
    return this.jobs.size;
  }

  run(review: GraphRunInput, pinned: ReviewState['pinnedKnowledge'], hooks: GraphRunHooks): Promise<GraphRunResult> {
    if (this.closed) return Promise.reject(new AppError('UNAVAILABLE', 'The review graph threads are stopped.'));
    if (hooks.signal?.aborted) return Promise.reject(new ReviewCancelled());
    const thread = this.pick();
    const slot = thread.freeSlots.pop();
    if (slot === undefined) return Promise.reject(new AppError('UNAVAILABLE', 'Too many reviews are running on one graph thread.'));
    const id = this.nextJob++;
    const active = trace.getActiveSpan();
    const parent = active?.spanContext();
    return new Promise<GraphRunResult>((resolve, reject) => {
      const job: Job = {
        review,
        hooks,
        thread,
        slot,
        resolve,
        reject,
        forwarded: new Map(),
        resource: (active as Partial<ReadableSpan> | undefined)?.resource,
        onAbort: () => Atomics.store(thread.flags, slot, 1),
      };
      Atomics.store(thread.flags, slot, 0);
      hooks.signal?.addEventListener('abort', job.onAbort, { once: true });
      this.jobs.set(id, job);
      thread.jobs.add(id);
      const message: ToThread = {
        type: 'run',
        job: id,
        slot,
        review,
        pinned,
        tenantId: review.tenantId,
        ...(parent && isSpanContextValid(parent)
          ? { parent: { traceId: parent.traceId, spanId: parent.spanId, traceFlags: parent.traceFlags } }
          : {}),
      };
      this.send(thread, message);
    });
  }

  /**
   * Starts the threads and waits until each has compiled its graph: loading the graph's modules
   * takes a second or more (several under load), which a worker should spend before it takes jobs,
   * not inside the first job's lease.
   */
  async start(): Promise<void> {
    while (!this.closed && this.threads.length < this.options.threads) this.spawn();
    await Promise.all(this.threads.map((thread) => thread.ready));
  }

  /** Stops the threads; runs still in flight fail with {@link GraphRunInterrupted} (their reviews are given back). */
  async close(): Promise<void> {
    this.closed = true;
    for (const id of [...this.jobs.keys()]) this.finish(id, (job) => job.reject(new GraphRunInterrupted()));
    const threads = this.threads.splice(0);
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }

  /** The thread with the fewest runs in flight; threads are started on first use. */
  private pick(): GraphThread {
    if (this.threads.length < this.options.threads && this.threads.every((thread) => thread.jobs.size > 0)) return this.spawn();
    return this.threads.reduce((best, thread) => (thread.jobs.size < best.jobs.size ? thread : best));
  }

  private spawn(): GraphThread {
    const flags = new SharedArrayBuffer(CANCEL_SLOTS * Int32Array.BYTES_PER_ELEMENT);
    const workerData: GraphThreadData = { models: this.options.models, modelExtraction: this.options.modelExtraction, cancelFlags: flags };
    const worker = new Worker(threadEntry(), { workerData, name: 'suanni-review-graph' });
    let ready!: () => void;
    let failed!: (error: Error) => void;
    const thread: GraphThread = {
      worker,
      ready: new Promise<void>((resolve, reject) => {
        ready = resolve;
        failed = reject;
      }),
      flags: new Int32Array(flags),
      outbox: [],
      freeSlots: Array.from({ length: CANCEL_SLOTS }, (_, i) => CANCEL_SLOTS - 1 - i),
      jobs: new Set(),
    };
    // Idle threads must not keep the process alive; runs in flight keep it alive by their callers.
    worker.unref();
    // A caller that never awaits `ready` (a thread started by a run) must not see an unhandled rejection.
    thread.ready.catch(() => undefined);
    worker.on('message', (messages: FromThread[]) => {
      for (const message of messages) {
        if (message.type === 'ready') ready();
        else this.receive(message);
      }
    });
    worker.on('error', (error) => {
      log.error({ err: error }, 'a review graph thread failed');
      failed(error);
    });
    worker.on('exit', (code) => {
      failed(new Error(`the review graph thread stopped (exit code ${code})`));
      this.lost(thread, code);
    });
    this.threads.push(thread);
    return thread;
  }

  private send(thread: GraphThread, message: ToThread): void {
    if (thread.outbox.push(message) === 1) setImmediate(() => thread.worker.postMessage(thread.outbox.splice(0)));
  }

  private lost(thread: GraphThread, code: number): void {
    const index = this.threads.indexOf(thread);
    if (index >= 0) this.threads.splice(index, 1);
    if (thread.jobs.size > 0) log.error({ exitCode: code, runs: thread.jobs.size }, 'a review graph thread stopped with runs in flight');
    for (const id of thread.jobs)
      this.finish(id, (job) => job.reject(new AppError('INTERNAL', `The review graph thread stopped (exit code ${code}).`)));
  }

  private finish(id: number, settle: (job: Job) => void): void {
    const job = this.jobs.get(id);
    if (!job) return;
    this.jobs.delete(id);
    job.thread.jobs.delete(id);
    job.hooks.signal?.removeEventListener('abort', job.onAbort);
    Atomics.store(job.thread.flags, job.slot, 0);
    job.thread.freeSlots.push(job.slot);
    settle(job);
  }

  private ingest(spans: TransferredSpan[], resource: Resource | undefined): void {
    const telemetry = currentTelemetry();
    if (telemetry && spans.length > 0) telemetry.ingest(spans.map((span) => receivedSpan(span, resource)));
  }

  private receive(message: Exclude<FromThread, { type: 'ready' }>): void {
    if (message.type === 'spans') {
      this.ingest(message.spans, undefined);
      return;
    }
    const job = this.jobs.get(message.job);
    if (!job) return;
    switch (message.type) {
      case 'node':
        // Cancelled meanwhile: the thread stops at its next boundary; nothing more is published.
        if (job.hooks.signal?.aborted) return;
        job.hooks.onNode(message.kind, message.report);
        return;
      case 'knowledge':
        return void this.lookUp(message.job, job, message);
      case 'done':
        this.ingest(message.spans, job.resource);
        this.finish(message.job, (finished) => finished.resolve(message.result));
        return;
      case 'failed':
        this.ingest(message.spans, job.resource);
        this.finish(message.job, (finished) => finished.reject(errorFromThread(message.error, finished.forwarded)));
        return;
    }
  }

  /** A knowledge lookup of a run, under the span of the node that asked (its database spans become that node's children). */
  private async lookUp(id: number, job: Job, message: Extract<FromThread, { type: 'knowledge' }>): Promise<void> {
    const parent = message.parent ? trace.setSpanContext(context.active(), { ...message.parent, isRemote: false }) : context.active();
    let reply: ToThread;
    try {
      const value = await context.with(parent, () => job.hooks.retrieveKnowledge(message.request));
      reply = { type: 'knowledge', job: id, call: message.call, value };
    } catch (error) {
      const token = this.nextToken++;
      job.forwarded.set(token, error);
      reply = { type: 'knowledge', job: id, call: message.call, error: { kind: 'forwarded', token } };
    }
    if (this.jobs.has(id)) this.send(job.thread, reply);
  }
}
