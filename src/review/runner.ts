import type { KnowledgeService } from '../knowledge/service.js';
import { DEFAULT_RETRY, retryTransient, type RetryOptions } from '../platform/db/transient.js';
import { AppError } from '../platform/errors.js';
import type { ModelProvider } from '../platform/llm/provider.js';
import { createLogger } from '../platform/logger.js';
import type { EventBus } from '../platform/pubsub.js';
import type { Metrics } from '../platform/telemetry/metrics.js';
import type { NodeReport } from './agent/contract.js';
import type { CompiledReviewGraph } from './agent/graph.js';
import type { ReviewState } from './agent/state.js';
import { reviewBatchTopic, type ReviewProgressEvent, type ReviewProgressLog } from './progress.js';
import { WorkQueue } from './queue.js';
import type { ReviewStore } from './store.js';
import { traceReviewRun, type ReviewRunTrace } from './tracing.js';

const log = createLogger('reviews');

export interface ReviewRunnerOptions {
  concurrency: number;
  metrics: Metrics | undefined;
  /** How transient database failures of a review run are retried. */
  retry?: RetryOptions;
}

/**
 * Runs queued reviews in the background with bounded concurrency: claims a review, runs the
 * graph from a fresh state, publishes its progress, writes its result once, and keeps the
 * counts of the batches it runs. Failures stay inside their review.
 */
export class ReviewRunner {
  private readonly queue: WorkQueue<string>;
  private readonly batchCounters = new Map<string, { total: number; succeeded: number; failed: number; submittedAt: number }>();

  constructor(
    private readonly store: ReviewStore,
    private readonly events: EventBus,
    readonly progress: ReviewProgressLog,
    private readonly knowledge: KnowledgeService,
    private readonly graph: CompiledReviewGraph,
    private readonly provider: ModelProvider,
    private readonly options: ReviewRunnerOptions,
  ) {
    this.queue = new WorkQueue(options.concurrency, (reviewId) => this.execute(reviewId));
  }

  get queueDepth(): number {
    return this.queue.depth;
  }

  get queueRunning(): number {
    return this.queue.active;
  }

  enqueue(reviewIds: readonly string[]): void {
    this.queue.enqueue(...reviewIds);
  }

  /** Counts a batch submitted to this process in memory (a count query per finished review would cost more than the review). */
  trackBatch(batchId: string, counts: { total: number; failed: number }): void {
    this.batchCounters.set(batchId, { total: counts.total, succeeded: 0, failed: counts.failed, submittedAt: performance.now() });
  }

  idle(): Promise<void> {
    return this.queue.idle();
  }

  stop(): Promise<void> {
    return this.queue.stop();
  }

  /**
   * After a crash or restart: reviews that were RUNNING are FAILED (their in-memory state is
   * gone by design), reviews still QUEUED are queued again.
   */
  async recoverInterrupted(): Promise<{ failed: number; requeued: number }> {
    const failed = await this.store.failRunning();
    const queued = await this.store.queuedReviewIds();
    this.queue.enqueue(...queued);
    if (failed || queued.length) log.info({ failed, requeued: queued.length }, 'recovered interrupted reviews');
    return { failed, requeued: queued.length };
  }

  /** Runs the review graph on one review's input; `pinned` replaces the as-of lookup (replay). */
  async runGraph(
    review: { id: string; tenantId: string; contractId: string; title: string; text: string; asOf: Date },
    pinned: ReviewState['pinnedKnowledge'],
    onNode: (kind: 'start' | 'end', report: NodeReport | string) => void,
  ): Promise<ReviewState> {
    const input = { reviewId: review.id, contractId: review.contractId, title: review.title, text: review.text, asOf: review.asOf, pinnedKnowledge: pinned };
    return (await this.graph.invoke(input as never, {
      configurable: {
        review: {
          retrieveKnowledge: (request: { asOf: Date; fields: readonly string[]; pinned: ReviewState['pinnedKnowledge'] }) =>
            this.knowledge.forReview(review.tenantId, request, this.provider),
          onNodeStart: (node: string) => onNode('start', node),
          onNodeEnd: (report: NodeReport) => onNode('end', report),
        },
      },
    })) as unknown as ReviewState;
  }

  /** Runs one queued review to completion; failures stay inside this review. */
  private execute(reviewId: string): Promise<void> {
    return traceReviewRun(reviewId, this.options.metrics, (trace) => this.executeRun(reviewId, trace));
  }

  private async executeRun(reviewId: string, trace: ReviewRunTrace): Promise<void> {
    const retry = { ...(this.options.retry ?? DEFAULT_RETRY), onRetry: (error: unknown, attempt: number) => log.warn({ err: error, reviewId, attempt }, 'transient database failure; retrying') };
    // Claim and read in one statement; a review someone else claimed is skipped.
    const review = await retryTransient(() => this.store.claim(reviewId), retry);
    if (!review) return;
    trace.claimed(review);
    const traceId = trace.traceId;
    const status = (kind: ReviewProgressEvent['kind'], extra: Partial<ReviewProgressEvent> = {}) =>
      this.progress.publish({ reviewId, kind, node: null, durationMs: null, counts: null, status: 'RUNNING', errorCode: null, ...extra }, review.userId);
    status('STATUS');
    let outcome: 'SUCCEEDED' | 'FAILED' = 'FAILED';
    try {
      // A review is atomic and has no checkpointer: after a transient failure it runs again from a fresh state.
      const state = await retryTransient(
        () =>
          this.runGraph(review, review.pinnedKnowledge as ReviewState['pinnedKnowledge'], (kind, report) => {
            if (kind === 'start') status('NODE_STARTED', { node: report as string });
            else {
              const { node, durationMs, counts } = report as NodeReport;
              status('NODE_FINISHED', { node, durationMs: Math.round(durationMs * 100) / 100, counts });
            }
          }),
        retry,
      );
      const call = state.modelCalls.find((entry) => entry.provider !== 'rules') ?? state.modelCalls[0];
      const meta = { traceId, provider: call?.provider ?? this.provider.name, model: call?.model ?? this.provider.model };
      const written = await retryTransient(() => this.store.writeResult(review, state, meta, (tx) => this.knowledge.accessLogWrite(review, review.id, state.knowledgeUsed, tx)), retry);
      if (!written) return;
      status('STATUS', { status: 'SUCCEEDED' });
      outcome = 'SUCCEEDED';
      trace.succeeded(state);
    } catch (error) {
      const known = error instanceof AppError;
      if (!known) log.error({ err: error, reviewId, traceId }, 'review failed');
      const errorCode = known ? error.code : 'INTERNAL';
      const errorMessage = known ? error.message : `The review failed unexpectedly (trace ${traceId}).`;
      await retryTransient(() => this.store.markFailed(reviewId, { errorCode, errorMessage, traceId }), retry);
      status('STATUS', { status: 'FAILED', errorCode });
      trace.failed(errorCode, error);
    } finally {
      if (review.batchId) await this.publishBatchProgress(review.batchId, outcome).catch((error) => log.warn({ err: error, reviewId }, 'batch progress not published'));
    }
  }

  /**
   * Publishes a batch's counts after one of its reviews finished: from memory for batches
   * submitted to this process, from the database for the others.
   */
  private async publishBatchProgress(batchId: string, outcome: 'SUCCEEDED' | 'FAILED'): Promise<void> {
    this.options.metrics?.batchReviews.inc({ outcome });
    const counts = this.batchCounters.get(batchId);
    if (counts) {
      if (outcome === 'SUCCEEDED') counts.succeeded += 1;
      else counts.failed += 1;
      return this.emitBatchProgress(batchId, counts);
    }
    const { total, succeeded, failed } = await this.store.batchCounts(batchId);
    this.emitBatchProgress(batchId, { total, succeeded, failed });
  }

  private emitBatchProgress(batchId: string, counts: { total: number; succeeded: number; failed: number; submittedAt?: number }): void {
    const completed = counts.succeeded + counts.failed;
    const metrics = this.options.metrics;
    if (completed >= counts.total && metrics) {
      metrics.batchesCompleted.inc();
      if (counts.submittedAt !== undefined) {
        const seconds = (performance.now() - counts.submittedAt) / 1000;
        metrics.batchDuration.observe(seconds);
        if (seconds > 0) metrics.batchThroughput.set(counts.total / seconds);
      }
    }
    this.events.publish(reviewBatchTopic(batchId), { batchId, total: counts.total, completed, succeeded: counts.succeeded, failed: counts.failed, at: new Date() });
    if (completed >= counts.total) this.batchCounters.delete(batchId);
  }
}
