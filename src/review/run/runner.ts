import type { KnowledgeService } from '../../knowledge/service.js';
import { DEFAULT_RETRY, isTransientDatabaseError, retryTransient, type RetryOptions } from '../../platform/db/transient.js';
import { AppError } from '../../platform/errors.js';
import type { ModelProvider } from '../../platform/llm/provider.js';
import { createLogger } from '../../platform/logger.js';
import { RESYNC, type EventBus } from '../../platform/pubsub.js';
import type { Metrics } from '../../platform/telemetry/metrics.js';
import type { ReviewState } from '../agent/state.js';
import { REVIEW_CANCELLATIONS, reviewBatchTopic, type ReviewProgressEvent, type ReviewProgressLog, type ReviewRun } from './progress.js';
import type { ClusterQueueStats, JobQueue, QueuedJob, QueueDefinition, SqlRunner } from '../../platform/jobs/job-queue.js';
import type { ReviewStore } from '../store.js';
import { DEFAULT_SETTING, type JudgementSetting } from '../judgement/operating-point.js';
import { withTraceOrigin, type TraceOrigin } from '../../platform/telemetry/trace-origin.js';
import { traceReviewRun, type ReviewRunTrace } from './tracing.js';
import { GraphRunInterrupted, ReviewCancelled, type GraphRunInput, type NodeProgress, type ReviewGraphExecutor } from './graph-executor.js';
import type { GraphRunResult } from './result.js';

const log = createLogger('reviews');

/** The code of a review whose run failed on every attempt the job queue allowed. */
export const RETRIES_EXHAUSTED = 'RETRIES_EXHAUSTED';
const RETRIES_EXHAUSTED_MESSAGE =
  'The review could not run: every attempt failed on an unavailable service or a lost worker; submit it again.';

/** The durable queue of review runs, and the queue of runs that failed for good. */
export const REVIEW_QUEUE = 'review-run';
export const REVIEW_FAILED_QUEUE = 'review-run-failed';
/** Replays (`replayReview`): run by a worker, answered to the gateway that waits for them. */
export const REPLAY_QUEUE = 'review-replay';
/** How long a gateway waits for a replay's answer (a worker must pick the job and run the graph). */
const REPLAY_WAIT_MS = 60_000;

export interface ReplayResult {
  identical: boolean;
  differences: string[];
  /** The stored findings the replay found again, with its confidence and verdict on each (absent in older answers). */
  findings?: ReplayedFinding[];
}

/** One stored finding as the replay saw it again. */
export interface ReplayedFinding {
  findingId: string;
  confidence: number;
  modelStatus: 'ACCEPTED' | 'NEEDS_REVIEW';
}

interface ReplayJob {
  reviewId: string;
  origin?: TraceOrigin;
}

/** Priority of single reviews; batch member i gets -i, so single reviews go first and concurrent batches interleave. */
const SINGLE_PRIORITY = 1;

interface ReviewJob {
  reviewId: string;
  /** The submitting operation's trace context (W3C), continued by the worker. */
  origin?: TraceOrigin;
}

export interface ReviewRunnerOptions {
  concurrency: number;
  /** Slots kept for single reviews (batch members hold at most `concurrency - reservedSlots`). */
  reservedSlots: number;
  /** Job retries after the first attempt, and the delay before the first retry (doubled each time). */
  jobRetry: { limit: number; delaySeconds: number };
  metrics: Metrics | undefined;
  /** How transient database failures of a review run are retried. */
  retry?: RetryOptions;
  /** Tests of a killed worker: the process kills itself (SIGKILL) right after claiming its Nth review. */
  exitAfterClaims?: number;
  /** The operating point a tenant's findings are judged by when its result is written. */
  judgementSetting?: (tenantId: string) => Promise<JudgementSetting>;
  /** A worker frozen past its lease: the process stops itself (SIGSTOP) after its Nth claim has told RUNNING. */
  pauseAfterClaims?: number;
}

/** Why a run was stopped before its end by this process rather than by its owner. */
class RunSuperseded extends Error {
  constructor() {
    super('a later attempt holds the review, or it ended');
    this.name = 'RunSuperseded';
  }
}

/**
 * Runs queued reviews in the background with bounded concurrency: claims a review, runs the
 * graph from a fresh state, publishes its progress, writes its result once, and keeps the
 * counts of the batches it runs. Failures stay inside their review.
 */
export class ReviewRunner {
  private readonly batchCounters = new Map<string, { total: number; succeeded: number; failed: number; submittedAt: number }>();
  private running = 0;
  private working = false;
  private cluster: ClusterQueueStats = { queued: 0, running: 0, retried: 0, failed: 0, oldestWaitingSeconds: 0 };
  /** Reviews running in this process; aborting one's controller stops it at its next node boundary. */
  private readonly runningHere = new Map<string, AbortController>();
  private depthTimer: NodeJS.Timeout | undefined;
  private readonly batchRefreshes = new Map<string, { again: boolean; done: Promise<void> }>();
  private claims = 0;

  constructor(
    private readonly store: ReviewStore,
    private readonly events: EventBus,
    readonly progress: ReviewProgressLog,
    private readonly knowledge: KnowledgeService,
    private readonly graph: ReviewGraphExecutor,
    private readonly provider: ModelProvider,
    private readonly jobs: JobQueue,
    private readonly options: ReviewRunnerOptions,
  ) {}

  /** The queues of review runs (created by every process, idempotently). */
  get queues(): QueueDefinition[] {
    const { limit, delaySeconds } = this.options.jobRetry;
    return [
      { name: REVIEW_FAILED_QUEUE, retryLimit: 2, retryDelaySeconds: 1 },
      { name: REVIEW_QUEUE, retryLimit: limit, retryDelaySeconds: delaySeconds, deadLetter: REVIEW_FAILED_QUEUE },
      { name: REPLAY_QUEUE, retryLimit: limit, retryDelaySeconds: delaySeconds },
    ];
  }

  /** Creates the queues; with `work`, starts taking review and replay jobs in this process (worker role). */
  async start(options: { work: boolean; replay: (reviewId: string) => Promise<ReplayResult> }): Promise<void> {
    await this.jobs.start(this.queues);
    const refresh = () =>
      this.jobs.stats(REVIEW_QUEUE).then(
        (stats) => (this.cluster = stats),
        () => undefined,
      );
    this.depthTimer = setInterval(refresh, 5_000).unref();
    void refresh();
    if (options.work) {
      await this.graph.start();
      await this.work();
      await this.jobs.work<ReplayJob>(REPLAY_QUEUE, this.options.concurrency, (job) =>
        withTraceOrigin(job.data.origin, () => options.replay(job.data.reviewId)),
      );
    }
  }

  /** Queues a replay and waits for its answer; UNAVAILABLE when no worker ran it in time or every attempt failed. */
  async replay(reviewId: string, origin: TraceOrigin | undefined): Promise<ReplayResult> {
    const id = await this.jobs.send<ReplayJob>(REPLAY_QUEUE, origin ? { reviewId, origin } : { reviewId }, SINGLE_PRIORITY);
    const deadline = Date.now() + REPLAY_WAIT_MS;
    for (let wait = 10; Date.now() < deadline; wait = Math.min(wait * 2, 250)) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      const job = await this.jobs.job(REPLAY_QUEUE, id);
      if (job?.state === 'completed') return job.output as ReplayResult;
      if (!job || job.state === 'failed' || job.state === 'cancelled') break;
    }
    await this.jobs.cancel(REPLAY_QUEUE, id).catch(() => undefined);
    throw new AppError('UNAVAILABLE', 'The replay could not run now: no worker answered in time, or every attempt failed; try again.');
  }

  /** Stops taking work, lets running reviews finish within `graceMs`, then releases the rest to other workers. */
  async stop(graceMs: number): Promise<void> {
    clearInterval(this.depthTimer);
    await this.jobs.stop(graceMs);
    await this.graph.close();
  }

  /** Review jobs waiting in all processes (refreshed every few seconds). */
  get queueDepth(): number {
    return this.cluster.queued;
  }

  /** The review queue across every worker (refreshed every few seconds). */
  get clusterStats(): ClusterQueueStats {
    return this.cluster;
  }

  private async work(): Promise<void> {
    this.working = true;
    void (async () => {
      for await (const received of this.events.watch(REVIEW_CANCELLATIONS)) {
        // Redis back after an outage: a cancellation published meanwhile was lost; the stored status says it.
        const reviewIds = received === RESYNC ? await this.cancelledHere() : received.reviewIds;
        for (const id of reviewIds) this.runningHere.get(id)?.abort();
      }
    })().catch((error: unknown) => log.error({ err: error }, 'cancellation listener stopped'));
    await this.jobs.work<ReviewJob>(REVIEW_QUEUE, this.options.concurrency, (job) => this.execute(job), {
      // Batch members never hold these slots: a single review queued beside a batch starts at once.
      reserve: { slots: this.options.reservedSlots, minPriority: SINGLE_PRIORITY },
    });
    await this.jobs.work<ReviewJob>(REVIEW_FAILED_QUEUE, 1, (job) => this.failForGood(job.data.reviewId));
  }

  /** Reviews running here whose stored status is CANCELLED (their cancellation event may have been missed). */
  private async cancelledHere(): Promise<string[]> {
    const ids = [...this.runningHere.keys()];
    if (ids.length === 0) return [];
    try {
      return await this.store.cancelledAmong(ids);
    } catch (error) {
      log.warn({ err: error }, 'could not re-check running reviews for cancellations');
      return [];
    }
  }

  /** Reviews running right now in this process. */
  get queueRunning(): number {
    return this.running;
  }

  /** Queues the runs of new reviews inside their creating transaction: single ones ahead of batch members. */
  enqueueIn(kind: 'single' | 'batch', origin?: TraceOrigin): (sql: SqlRunner, reviewIds: readonly string[]) => Promise<void> {
    return (sql, reviewIds) =>
      this.jobs.insert<ReviewJob>(
        REVIEW_QUEUE,
        reviewIds.map((reviewId, index) => ({
          data: origin ? { reviewId, origin } : { reviewId },
          priority: kind === 'single' ? SINGLE_PRIORITY : -index,
        })),
        sql,
      );
  }

  /** Wakes this process' idle workers after the jobs were committed. */
  wake(): void {
    if (this.working) this.jobs.wake(REVIEW_QUEUE);
  }

  /** Counts a batch submitted to this process in memory (a count query per finished review would cost more than the review). */
  trackBatch(batchId: string, counts: { total: number; failed: number }): void {
    this.batchCounters.set(batchId, { total: counts.total, succeeded: 0, failed: counts.failed, submittedAt: performance.now() });
  }

  /** Resolves when no review job is waiting or running in any process (tests, benches). */
  async idle(): Promise<void> {
    while ((await this.jobs.unfinished([REVIEW_QUEUE, REVIEW_FAILED_QUEUE])) > 0) await new Promise((resolve) => setTimeout(resolve, 25));
  }

  /** Runs the review graph on one review's input; `pinned` replaces the as-of lookup (replay). */
  runGraph(
    review: GraphRunInput,
    pinned: ReviewState['pinnedKnowledge'],
    onNode: (kind: 'start' | 'end', report: NodeProgress | string) => void,
    signal?: AbortSignal,
  ): Promise<GraphRunResult> {
    return this.graph.run(review, pinned, {
      retrieveKnowledge: (request) => this.knowledge.forReview(review.tenantId, request, this.provider),
      onNode,
      ...(signal ? { signal } : {}),
    });
  }

  /** Runs one review job; failures stay inside this review. Throws only to have the job retried. */
  private async execute(job: QueuedJob<ReviewJob>): Promise<void> {
    this.running += 1;
    const cancellation = new AbortController();
    this.runningHere.set(job.data.reviewId, cancellation);
    try {
      await traceReviewRun(job.data.reviewId, job.data.origin, this.options.metrics, (trace) => this.executeRun(job, trace, cancellation));
    } finally {
      this.running -= 1;
      if (this.runningHere.get(job.data.reviewId) === cancellation) this.runningHere.delete(job.data.reviewId);
    }
  }

  /**
   * One attempt at a review. Its claim raises the review's attempt, which fences the run: its
   * result and failure are written only while the review is still RUNNING under that attempt, and
   * its progress is taken by the log only while no later attempt published (see ReviewProgressLog).
   * A run the log refuses (a later attempt took the review over while this run's worker was paused
   * past its lease, or the review ended) stops at its next node and publishes nothing more.
   */
  private async executeRun(job: QueuedJob<ReviewJob>, trace: ReviewRunTrace, cancellation: AbortController): Promise<void> {
    const cancelled = cancellation.signal;
    const { reviewId } = job.data;
    const retry = {
      ...(this.options.retry ?? DEFAULT_RETRY),
      onRetry: (error: unknown, attempt: number) => log.warn({ err: error, reviewId, attempt }, 'transient database failure; retrying'),
    };
    // Claim and read in one statement; a review finished or cancelled meanwhile is skipped. A
    // redelivered job (its earlier attempt's worker died) may take over the RUNNING review.
    const review = await retryTransient(() => this.store.claim(reviewId, job.retryCount > 0), retry);
    if (!review) return;
    this.claims += 1;
    if (this.options.exitAfterClaims === this.claims) {
      log.warn({ reviewId, claims: this.claims }, 'fault injection: the process kills itself holding a claimed review');
      process.kill(process.pid, 'SIGKILL');
    }
    trace.claimed(review);
    const traceId = trace.traceId;
    const run: ReviewRun = { attempt: review.attempt, onStale: () => cancellation.abort(new RunSuperseded()) };
    const status = (kind: ReviewProgressEvent['kind'], extra: Partial<ReviewProgressEvent> = {}) =>
      this.progress.publish(
        { reviewId, kind, node: null, durationMs: null, counts: null, status: 'RUNNING', errorCode: null, ...extra },
        review.userId,
        run,
      );
    status('STATUS');
    if (this.options.pauseAfterClaims === this.claims) {
      await this.progress.settled(reviewId);
      log.warn(
        { reviewId, claims: this.claims, attempt: review.attempt },
        'fault injection: the process stops itself holding a claimed review',
      );
      process.kill(process.pid, 'SIGSTOP');
    }
    let outcome: 'SUCCEEDED' | 'FAILED' | null = null;
    try {
      // A review is atomic and has no checkpointer: after a transient failure it runs again from a fresh state.
      const state = await retryTransient(
        () =>
          // At each node boundary a review cancelled meanwhile stops (its status is already CANCELLED).
          this.runGraph(
            review,
            review.pinnedKnowledge as ReviewState['pinnedKnowledge'],
            (kind, report) => {
              if (kind === 'start') status('NODE_STARTED', { node: report as string });
              else {
                const { node, durationMs, counts } = report as NodeProgress;
                status('NODE_FINISHED', { node, durationMs: Math.round(durationMs * 100) / 100, counts });
              }
            },
            cancelled,
          ),
        retry,
      );
      const call = state.modelCalls.find((entry) => entry.provider !== 'rules') ?? state.modelCalls[0];
      const meta = { traceId, provider: call?.provider ?? this.provider.name, model: call?.model ?? this.provider.model };
      const setting = this.options.judgementSetting;
      const judgedBy = setting ? await retryTransient(() => setting(review.tenantId), retry) : DEFAULT_SETTING;
      const written = await retryTransient(() => this.store.writeResult(review, state, meta, judgedBy), retry);
      // Another attempt wrote it (or it was cancelled): nothing to publish twice.
      if (!written) return;
      status('STATUS', { status: 'SUCCEEDED' });
      outcome = 'SUCCEEDED';
      trace.succeeded(state);
    } catch (error) {
      if (error instanceof ReviewCancelled && cancelled.reason instanceof RunSuperseded) {
        log.warn({ reviewId, attempt: review.attempt }, 'stale review run stopped; the review is not this run’s any more');
        trace.failed('SUPERSEDED', error);
        return;
      }
      if (error instanceof ReviewCancelled) {
        trace.failed('CANCELLED', error);
        return;
      }
      if (error instanceof GraphRunInterrupted) {
        // The process stops after its drain's grace period: the queue retries the job elsewhere.
        await this.store.requeue(reviewId, review.attempt).catch(() => undefined);
        trace.failed('INTERRUPTED', error);
        throw error;
      }
      if (isTransientDatabaseError(error) && job.retryCount < job.retryLimit) {
        // The database is away for longer than the in-process retries: give the review back and let the queue retry it with backoff.
        log.warn({ err: error, reviewId, attempt: job.retryCount + 1 }, 'review run failed on a transient error; the job will be retried');
        await this.store.requeue(reviewId, review.attempt).catch(() => undefined);
        trace.failed('RETRYING', error);
        throw error;
      }
      const known = error instanceof AppError;
      if (!known && !isTransientDatabaseError(error)) log.error({ err: error, reviewId, traceId }, 'review failed');
      const errorCode = known ? error.code : isTransientDatabaseError(error) ? RETRIES_EXHAUSTED : 'INTERNAL';
      const errorMessage = known
        ? error.message
        : errorCode === RETRIES_EXHAUSTED
          ? RETRIES_EXHAUSTED_MESSAGE
          : `The review failed unexpectedly (trace ${traceId}).`;
      if (
        await retryTransient(
          () => this.store.markFailed(reviewId, { errorCode, errorMessage, traceId }, ['RUNNING'], review.attempt),
          retry,
        )
      ) {
        status('STATUS', { status: 'FAILED', errorCode });
        outcome = 'FAILED';
      }
      trace.failed(errorCode, error);
    } finally {
      if (review.batchId && outcome)
        await this.publishBatchProgress(review.batchId, outcome).catch((error) =>
          log.warn({ err: error, reviewId }, 'batch progress not published'),
        );
    }
  }

  /** A review job that failed for good (its last attempt's worker died, or it kept failing): the review is FAILED. */
  private async failForGood(reviewId: string): Promise<void> {
    const review = await this.store.findForRun(reviewId);
    if (!review) return;
    const failed = await this.store.markFailed(
      reviewId,
      { errorCode: RETRIES_EXHAUSTED, errorMessage: RETRIES_EXHAUSTED_MESSAGE, traceId: null },
      ['QUEUED', 'RUNNING'],
    );
    if (!failed) return;
    this.progress.publish(
      { reviewId, kind: 'STATUS', node: null, durationMs: null, counts: null, status: 'FAILED', errorCode: RETRIES_EXHAUSTED },
      review.userId,
    );
    if (review.batchId) await this.publishBatchProgress(review.batchId, 'FAILED');
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
    await this.refreshBatchCounts(batchId);
  }

  /**
   * Counts of a batch submitted to another process, from the database: while one count query of
   * the batch is in flight, reviews finishing meanwhile only ask for one more after it, so a
   * worker running a 400-batch makes a handful of count queries instead of one per review, and the
   * last published counts are still read after the last review finished.
   */
  private refreshBatchCounts(batchId: string): Promise<void> {
    const pending = this.batchRefreshes.get(batchId);
    if (pending) {
      pending.again = true;
      return pending.done;
    }
    const refresh = { again: false, done: Promise.resolve() };
    refresh.done = (async () => {
      do {
        refresh.again = false;
        const { total, succeeded, failed, cancelled } = await this.store.batchCounts(batchId);
        this.emitBatchProgress(batchId, { total, succeeded, failed, cancelled });
      } while (refresh.again);
    })().finally(() => this.batchRefreshes.delete(batchId));
    this.batchRefreshes.set(batchId, refresh);
    return refresh.done;
  }

  /** Publishes a batch's counts from the database (after a cancellation). */
  async publishBatchCounts(batchId: string): Promise<void> {
    const { total, succeeded, failed, cancelled } = await this.store.batchCounts(batchId);
    this.batchCounters.delete(batchId);
    this.emitBatchProgress(batchId, { total, succeeded, failed, cancelled });
  }

  private emitBatchProgress(
    batchId: string,
    counts: { total: number; succeeded: number; failed: number; cancelled?: number; submittedAt?: number },
  ): void {
    const cancelled = counts.cancelled ?? 0;
    const completed = counts.succeeded + counts.failed + cancelled;
    const metrics = this.options.metrics;
    if (completed >= counts.total && metrics) {
      metrics.batchesCompleted.inc();
      if (counts.submittedAt !== undefined) {
        const seconds = (performance.now() - counts.submittedAt) / 1000;
        metrics.batchDuration.observe(seconds);
        if (seconds > 0) metrics.batchThroughput.set(counts.total / seconds);
      }
    }
    this.events.publish(reviewBatchTopic(batchId), {
      batchId,
      total: counts.total,
      completed,
      succeeded: counts.succeeded,
      failed: counts.failed,
      cancelled,
      at: new Date(),
    });
    if (completed >= counts.total) this.batchCounters.delete(batchId);
  }
}
