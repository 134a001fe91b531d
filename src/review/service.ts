import type { Redis } from 'ioredis';
import type { AuditLog } from '../audit/service.js';
import { canDecide, ReviewJudgement } from './judgement/service.js';
import { hasRole, type Principal } from '../identity/principal.js';
import type { KnowledgeService } from '../knowledge/service.js';
import type { Database } from '../platform/db/prisma.js';
import type { RetryOptions } from '../platform/db/transient.js';
import type { PgWriteBarrier } from '../platform/db/write-barrier.js';
import { AppError, assertUuid, badUserInput, forbidden, notFound } from '../platform/errors.js';
import type { JobQueue } from '../platform/jobs/job-queue.js';
import type { ModelProvider } from '../platform/llm/provider.js';
import { RESYNC, type EventBus } from '../platform/pubsub.js';
import type { RedisHealth } from '../platform/redis.js';
import type { Metrics } from '../platform/telemetry/metrics.js';
import { withSpan } from '../platform/telemetry/tracing.js';
import { unstorableCharacter } from '../platform/text.js';
import type { ReviewGraphExecutor } from './run/graph-executor.js';
import type { Finding, ReviewState } from './agent/state.js';
import type { DocumentExtractor } from './documents/extractor.js';
import {
  type ExtractFile,
  isStorableContractId,
  ReviewInputCheck,
  type ReviewInput,
  type TextReviewInput,
  withContractText,
} from './inputs.js';
import {
  isFinalReviewEvent,
  REVIEW_CANCELLATIONS,
  reviewBatchTopic,
  reviewTopic,
  ReviewProgressLog,
  type ReviewBatchProgressEvent,
  type ReviewProgressEvent,
} from './run/progress.js';
import { ReviewRunner, type ReplayedFinding, type ReplayResult } from './run/runner.js';
import { DEFAULT_SETTING, judge, type JudgementSetting } from './judgement/operating-point.js';
import {
  decodeReviewCursor,
  encodeReviewCursor,
  ReviewStore,
  type BatchCounts,
  type NewReviewRow,
  type ReviewBatchRow,
  type ReviewFilter,
  type ReviewRow,
} from './store.js';
import { currentTraceOrigin } from '../platform/telemetry/trace-origin.js';

export type { ReviewInput } from './inputs.js';
export type { ReviewBatchRow, ReviewFilter, ReviewRow } from './store.js';

export interface ReviewLimits {
  concurrency: number;
  /** Slots of a worker kept for single reviews (none when not given; the configuration derives it, see config.ts). */
  reservedSlots?: number;
  maxTextBytes: number;
  maxBatch: number;
  /** An uploaded file's size limit, before extraction (its text then meets `maxTextBytes`). */
  maxFileBytes: number;
  /** Pages of an uploaded PDF, whatever its size. */
  maxPages?: number;
}

export type { ReplayResult } from './run/runner.js';

/** A replay's answer as the caller gets it: each stored finding (decision included) beside the replay's verdict on it. */
export interface ReplayedReview {
  identical: boolean;
  differences: string[];
  findings: {
    finding: ReviewRow['findings'][number];
    /** The replay found it again. */
    replayed: boolean;
    replayConfidence: number | null;
    replayStatus: 'ACCEPTED' | 'NEEDS_REVIEW' | null;
  }[];
}

export interface ReviewServiceOptions {
  db: Database;
  events: EventBus;
  knowledge: KnowledgeService;
  /** Reads uploaded contract files off the request thread (closed by {@link ReviewService.stop}). */
  documents: DocumentExtractor;
  /** Where the review graph runs: graph threads, or this thread. */
  graph: ReviewGraphExecutor;
  provider: ModelProvider;
  limits: ReviewLimits;
  metrics?: Metrics;
  /** Orders the owner's writes against an erasure of the owner (required: compliance depends on it). */
  barrier: PgWriteBarrier;
  quota: (principal: Principal, reviews: number) => Promise<void>;
  /** How transient database failures of a review run are retried in process. */
  retry?: RetryOptions;
  /** Redis: the progress log shared by every process (late subscribers on any gateway get the replay). */
  sharedProgress?: { redis: Redis; health: Pick<RedisHealth, 'available' | 'failed' | 'onChange'> };
  /** The durable job queue that carries review runs to workers. */
  jobs: JobQueue;
  /** Job retries after the first attempt, and the delay before the first retry. */
  jobRetry: { limit: number; delaySeconds: number };
  /** Tests of a killed worker: the process kills itself (SIGKILL) right after claiming its Nth review. */
  exitAfterClaims?: number;
  /** Where reviewers' decisions and the tenant's review settings are audited. */
  audit: AuditLog;
  /** A worker frozen past its lease: the process stops itself (SIGSTOP) after its Nth claim has told RUNNING. */
  pauseAfterClaims?: number;
}

/** How long a review's live progress may stay quiet before the progress log is read again. */
const LIVE_RECHECK_MS = 1_000;
/** Every this many quiet re-checks, the review's status is also read from PostgreSQL. */
const STATUS_RECHECK_EVERY = 5;

/** A stable, comparable form of a finding for replay. */
const findingKey = (finding: Pick<Finding, 'clause' | 'knowledgeId' | 'version' | 'severity' | 'message'>) =>
  `${finding.clause}|${finding.knowledgeId}@${finding.version}|${finding.severity}|${finding.message}`;

/**
 * Contract reviews: submission (single and batch), progress, replay. Every public method starts
 * with the authorization check; the queries live in {@link ReviewStore}, input rules in
 * {@link ReviewInputCheck}, background execution in {@link ReviewRunner}.
 */
export class ReviewService {
  readonly progress: ReviewProgressLog;
  /** Operating points and reviewers' decisions on findings. */
  readonly judgement: ReviewJudgement;
  private readonly store: ReviewStore;
  private readonly runner: ReviewRunner;
  private readonly inputs: ReviewInputCheck;
  private readonly events: EventBus;
  private readonly limits: ReviewLimits;
  private readonly quota: ReviewServiceOptions['quota'];
  private readonly metrics: Metrics | undefined;
  private readonly documents: DocumentExtractor;
  private readonly extract: ExtractFile;
  private readonly audit: AuditLog;

  constructor(options: ReviewServiceOptions) {
    this.audit = options.audit;
    this.documents = options.documents;
    this.extract = (file, limits) => options.documents.extract(file, limits);
    this.events = options.events;
    this.limits = options.limits;
    this.quota = options.quota;
    this.metrics = options.metrics;
    this.progress = new ReviewProgressLog(options.events, options.sharedProgress);
    this.store = new ReviewStore(options.db, options.barrier, (relation) => options.knowledge.accessLogOfResults(relation));
    this.inputs = new ReviewInputCheck(options.limits);
    this.judgement = new ReviewJudgement(options.db, options.audit, options.barrier, this.progress);
    this.runner = new ReviewRunner(
      this.store,
      options.events,
      this.progress,
      options.knowledge,
      options.graph,
      options.provider,
      options.jobs,
      {
        concurrency: options.limits.concurrency,
        reservedSlots: options.limits.reservedSlots ?? 0,
        jobRetry: options.jobRetry,
        metrics: options.metrics,
        retry: options.retry,
        exitAfterClaims: options.exitAfterClaims,
        judgementSetting: (tenantId) => this.judgement.forTenant(tenantId),
        pauseAfterClaims: options.pauseAfterClaims,
      },
    );
  }

  get queueDepth(): number {
    return this.runner.queueDepth;
  }

  /** The review queue across every worker process (refreshed every few seconds). */
  get clusterQueue() {
    return this.runner.clusterStats;
  }

  /** Reviews running right now in this process. */
  get queueRunning(): number {
    return this.runner.queueRunning;
  }

  /** Creates the job queues; with `work` this process also runs reviews and replays (roles `all` and `worker`). */
  start(options: { work: boolean }): Promise<void> {
    return this.runner.start({ ...options, replay: (reviewId) => this.replayNow(reviewId) });
  }

  /** Waits until no review is waiting or running in any process (tests, benches). */
  idle(): Promise<void> {
    return this.runner.idle();
  }

  /** SIGTERM: stops taking reviews, lets running ones finish within `graceMs`, releases the rest to other workers. */
  async stop(graceMs = 10_000): Promise<void> {
    await this.stopReadingFiles();
    await this.runner.stop(graceMs);
  }

  /**
   * Ends the processes that read uploaded files; files being read or waiting fail with
   * UNAVAILABLE. The gateway calls it first on SIGTERM: a hostile file must not hold the stop up
   * to its deadline, and a client sends the file again to another gateway.
   */
  stopReadingFiles(): Promise<void> {
    return this.documents.close();
  }

  /** Queues one review and returns it at once (QUEUED). Bad input is BAD_USER_INPUT and stores nothing. */
  async submit(principal: Principal, submitted: ReviewInput): Promise<ReviewRow> {
    const input = await withContractText(submitted, this.limits, 'input', this.extract);
    const problem = this.inputs.problem(input);
    if (problem) throw badUserInput(problem.message, problem.field);
    await this.quota(principal, 1);
    const review = await this.store.createReview(
      principal,
      { contractId: input.contractId, title: input.title.trim(), text: input.text, asOf: input.asOf ?? new Date() },
      this.runner.enqueueIn('single', currentTraceOrigin('child')),
    );
    this.progress.publish(
      { reviewId: review.id, kind: 'QUEUED', node: null, durationMs: null, counts: null, status: 'QUEUED', errorCode: null },
      principal.userId,
    );
    this.runner.wake();
    return review;
  }

  /**
   * Queues up to `maxBatch` independent reviews in one transaction. An input that cannot be
   * reviewed becomes a FAILED review of its own (BAD_USER_INPUT, text not stored) so that it
   * cannot affect the others; an empty or oversized batch is refused whole.
   */
  async submitBatch(principal: Principal, submitted: readonly ReviewInput[]): Promise<ReviewBatchRow> {
    if (submitted.length === 0) throw badUserInput('A batch needs at least one review.', 'inputs');
    if (submitted.length > this.limits.maxBatch) throw badUserInput(`A batch holds at most ${this.limits.maxBatch} reviews.`, 'inputs');
    await this.quota(principal, submitted.length);
    // Files are read one at a time (extraction is CPU-bound); one that yields no text fails on its own.
    const inputs: (TextReviewInput & { unreadable?: string })[] = [];
    for (const [index, input] of submitted.entries()) {
      try {
        inputs.push(await withContractText(input, this.limits, `inputs[${index}]`, this.extract));
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'BAD_USER_INPUT') throw error;
        inputs.push({ contractId: input.contractId, title: input.title, asOf: input.asOf, text: '', unreadable: error.message });
      }
    }
    const now = new Date();
    const rows = inputs.map((input, index): NewReviewRow => {
      const problem = input.unreadable ? { message: input.unreadable } : this.inputs.problem(input);
      return {
        contractId: isStorableContractId(input.contractId) ? input.contractId : `invalid-${index}`,
        title: (unstorableCharacter(input.title) ? '' : input.title.trim().slice(0, 300)) || `#${index + 1}`,
        text: problem ? '' : input.text,
        asOf: input.asOf ?? now,
        ...(problem ? { status: 'FAILED' as const, errorCode: 'BAD_USER_INPUT', errorMessage: problem.message, finishedAt: now } : {}),
      };
    });
    const { batch, queued } = await this.store.createBatch(principal, rows, this.runner.enqueueIn('batch', currentTraceOrigin('link')));
    if (queued.length > 0) this.runner.trackBatch(batch.id, { total: inputs.length, failed: inputs.length - queued.length });
    this.metrics?.batchesSubmitted.inc();
    for (const id of queued)
      this.progress.publish(
        { reviewId: id, kind: 'QUEUED', node: null, durationMs: null, counts: null, status: 'QUEUED', errorCode: null },
        principal.userId,
      );
    this.runner.wake();
    return batch;
  }

  /** A review of the caller; an ADMIN of the tenant may read its metadata. */
  async get(principal: Principal, reviewId: string): Promise<ReviewRow> {
    const review = await this.store.findReview(assertUuid(reviewId, 'id'));
    this.assertReader(principal, review, 'Review');
    return review;
  }

  /**
   * Reviews of the caller (or, for an ADMIN or REVIEWER asking for TENANT scope, of the tenant),
   * newest first. The tenant-wide listing is audited (TENANT_REVIEWS_LIST, denied attempts too); a
   * user's own is not.
   */
  async list(
    principal: Principal,
    filter: ReviewFilter,
    page: { first: number; after?: string | null },
  ): Promise<{ rows: ReviewRow[]; hasNextPage: boolean }> {
    const read = () => {
      const after = page.after ? decodeReviewCursor(page.after) : null;
      const batchId = filter.batchId ? assertUuid(filter.batchId, 'batchId') : null;
      return this.store.listReviews(
        { tenantId: principal.tenantId, userId: filter.scope === 'TENANT' ? null : principal.userId },
        { ...filter, batchId },
        { first: page.first, after },
      );
    };
    if (filter.scope !== 'TENANT') return read();
    return this.audit.record(
      principal,
      'TENANT_REVIEWS_LIST',
      () => {
        if (!hasRole(principal, 'ADMIN') && !canDecide(principal))
          throw forbidden('Only an ADMIN or a REVIEWER may list the reviews of the tenant.');
        return read();
      },
      { targetIds: [principal.tenantId] },
    );
  }

  encodeCursor(row: { createdAt: Date; id: string }): string {
    return encodeReviewCursor(row);
  }

  async getBatch(principal: Principal, batchId: string): Promise<ReviewBatchRow> {
    const batch = await this.store.findBatch(assertUuid(batchId, 'id'));
    this.assertReader(principal, batch, 'Review batch');
    return batch;
  }

  /** Counts of a batch's reviews by status; the caller must be allowed to read the batch. */
  async batchCounts(principal: Principal, batch: { id: string; tenantId: string; userId: string }): Promise<BatchCounts> {
    this.assertReader(principal, batch, 'Review batch');
    return this.store.batchCounts(batch.id);
  }

  /** A batch's reviews in submission order; the caller must be allowed to read the batch. */
  async batchReviews(principal: Principal, batch: { id: string; tenantId: string; userId: string }, first: number): Promise<ReviewRow[]> {
    this.assertReader(principal, batch, 'Review batch');
    return this.store.batchReviews(batch.id, first);
  }

  /**
   * Runs a finished review again with its asOf and exactly the knowledge versions it used, and
   * compares. The run is a durable job like any review run (a worker process runs it, under the
   * caller's trace); the caller waits for its answer.
   */
  async replay(principal: Principal, reviewId: string): Promise<ReplayedReview> {
    const review = await this.get(principal, reviewId);
    this.assertOwner(principal, review, 'Review');
    if (review.status !== 'SUCCEEDED') throw badUserInput('Only a SUCCEEDED review can be replayed.', 'id');
    const result = await this.runner.replay(review.id, currentTraceOrigin('child'));
    // The findings as they stand now, decisions included (a REVIEWER may have decided one while the replay ran).
    const current = (await this.store.findReview(review.id))?.findings ?? [];
    const replayed = new Map((result.findings ?? []).map((finding) => [finding.findingId, finding]));
    return {
      identical: result.identical,
      differences: result.differences,
      findings: current.map((finding) => {
        const again = replayed.get(finding.id);
        return {
          finding,
          replayed: again !== undefined,
          replayConfidence: again?.confidence ?? null,
          replayStatus: again?.modelStatus ?? null,
        };
      }),
    };
  }

  /** A replay job (worker side): the review's graph run again on its pinned knowledge, compared with its stored result. */
  private async replayNow(reviewId: string): Promise<ReplayResult> {
    const review = await this.store.findReview(reviewId);
    // Erased or deleted since it was asked for: nothing to compare, and nothing to say about it.
    if (review?.status !== 'SUCCEEDED') return { identical: false, differences: ['the review is no longer available'] };
    const pinned = (review.knowledgeUsed as { id: string; knowledgeId: string; version: string }[] | null) ?? [];
    const state = await withSpan(
      'review.replay',
      { 'suanni.review.id': review.id, 'suanni.tenant_id': review.tenantId, 'suanni.user_id': review.userId },
      () => this.runner.runGraph(review, pinned as ReviewState['pinnedKnowledge'], () => {}),
    );
    const differences: string[] = [];
    if (state.riskLevel !== review.riskLevel) differences.push(`riskLevel: ${review.riskLevel} -> ${state.riskLevel}`);
    if (state.riskScore !== review.riskScore) differences.push(`riskScore: ${review.riskScore} -> ${state.riskScore}`);
    const before = new Set(review.findings.map(findingKey));
    const after = new Set(state.findings.map(findingKey));
    for (const key of before) if (!after.has(key)) differences.push(`finding removed: ${key}`);
    for (const key of after) if (!before.has(key)) differences.push(`finding added: ${key}`);
    // Each stored finding against the replay's (same key and evidence), judged as it was when written.
    const setting: JudgementSetting =
      review.operatingPoint === 'PRECISION_FIRST' || review.operatingPoint === 'RECALL_FIRST'
        ? { operatingPoint: review.operatingPoint, reviewThreshold: review.reviewThreshold }
        : DEFAULT_SETTING;
    const unmatched = new Map<string, Finding[]>();
    for (const finding of state.findings) {
      const key = `${findingKey(finding)}|${finding.evidence?.start ?? ''}`;
      unmatched.set(key, [...(unmatched.get(key) ?? []), finding]);
    }
    const findings: ReplayedFinding[] = [];
    for (const stored of review.findings) {
      const again = unmatched.get(`${findingKey(stored)}|${stored.evidenceStart ?? ''}`)?.shift();
      if (!again) continue;
      // The threshold the finding was judged by when it was written, so that only the model's confidence can differ.
      const modelStatus =
        stored.threshold === null ? judge(again, setting).modelStatus : again.confidence < stored.threshold ? 'NEEDS_REVIEW' : 'ACCEPTED';
      findings.push({ findingId: stored.id, confidence: again.confidence, modelStatus });
      const key = findingKey(stored);
      if (stored.confidence !== null && stored.confidence !== again.confidence)
        differences.push(`finding confidence: ${key}: ${stored.confidence} -> ${again.confidence}`);
      if (stored.threshold !== null && stored.modelStatus !== modelStatus)
        differences.push(`finding status: ${key}: ${stored.modelStatus} -> ${modelStatus}`);
    }
    const usedBefore = pinned
      .map((item) => `${item.knowledgeId}@${item.version}`)
      .sort()
      .join(',');
    const usedAfter = state.knowledgeUsed
      .map((item) => `${item.knowledgeId}@${item.version}`)
      .sort()
      .join(',');
    if (usedBefore !== usedAfter) differences.push(`knowledgeUsed: ${usedBefore} -> ${usedAfter}`);
    return { identical: differences.length === 0, differences, findings };
  }

  /**
   * Cancels one of the caller's reviews: a queued one never runs, a running one stops at its next
   * node boundary; its status becomes CANCELLED and a progress event says so. A finished review
   * is returned unchanged.
   */
  async cancel(principal: Principal, reviewId: string): Promise<ReviewRow> {
    const review = await this.get(principal, reviewId);
    this.assertOwner(principal, review, 'Review');
    const cancelled = await this.store.cancel({ id: review.id });
    await this.announceCancelled(cancelled);
    return (await this.store.findReview(review.id)) ?? review;
  }

  /** Cancels every review of one of the caller's batches that has not finished. */
  async cancelBatch(principal: Principal, batchId: string): Promise<ReviewBatchRow> {
    const batch = await this.getBatch(principal, batchId);
    this.assertOwner(principal, batch, 'Review batch');
    const cancelled = await this.store.cancel({ batchId: batch.id });
    await this.announceCancelled(cancelled);
    if (cancelled.length > 0) await this.runner.publishBatchCounts(batch.id);
    return batch;
  }

  private async announceCancelled(reviews: readonly { id: string; userId: string }[]): Promise<void> {
    if (reviews.length === 0) return;
    this.events.publish(REVIEW_CANCELLATIONS, { reviewIds: reviews.map((review) => review.id) });
    for (const review of reviews) {
      this.progress.publish(
        { reviewId: review.id, kind: 'STATUS', node: null, durationMs: null, counts: null, status: 'CANCELLED', errorCode: null },
        review.userId,
      );
    }
  }

  /**
   * Progress of one of the caller's reviews (or, for a REVIEWER, of one of the tenant's): every event so far in
   * order, then live ones until it ends. With `followDecisions`, the stream goes on after the final status with a
   * FINDING_DECIDED event per decision, until no finding of the review needs a person any more.
   *
   * Events lost to a Redis outage (never numbered, never published) leave a gap that only the final status must
   * not fall into: when the shared log cannot be read, when Redis is back ({@link RESYNC}) and every few quiet
   * seconds, the review's status is read from PostgreSQL and a finished review's status is delivered from it.
   */
  async *watch(principal: Principal, reviewId: string, options: { followDecisions?: boolean } = {}): AsyncGenerator<ReviewProgressEvent> {
    const review = await this.get(principal, reviewId);
    if (!canDecide(principal)) this.assertOwner(principal, review, 'Review');
    const follow = options.followDecisions === true;
    let finished = false;
    /** True when the stream ends after `event`. */
    const ends = async (event: ReviewProgressEvent): Promise<boolean> => {
      if (isFinalReviewEvent(event)) finished = true;
      if (!follow || event.status !== 'SUCCEEDED') return isFinalReviewEvent(event);
      return finished && (await this.judgement.undecided(review.id)) === 0;
    };
    const live = this.events.watch(reviewTopic(review.id));
    let last = 0;
    /** The log's events after `last`, or null when it cannot be read (Redis unavailable). */
    const logged = async () => {
      try {
        return (await this.progress.history(review.id)).filter((past) => past.sequence > last);
      } catch {
        return null;
      }
    };
    /** The final status from PostgreSQL, numbered after `after`; null while the review runs. */
    const finalFromDatabase = async (after: number): Promise<ReviewProgressEvent | null> => {
      const current = (await this.store.findReviewStatus(review.id)) ?? review;
      if (current.status !== 'SUCCEEDED' && current.status !== 'FAILED' && current.status !== 'CANCELLED') return null;
      return {
        reviewId: review.id,
        sequence: after + 1,
        kind: 'STATUS',
        node: null,
        durationMs: null,
        counts: null,
        status: current.status,
        errorCode: current.errorCode,
        at: current.finishedAt ?? new Date(),
      };
    };
    try {
      const recorded = (await logged()) ?? [];
      for (const [index, event] of recorded.entries()) {
        last = event.sequence;
        yield event;
        // Following decisions, the recorded ones after the final status are delivered too before the stream may end.
        const recordedAfter = follow && event.status === 'SUCCEEDED' && index < recorded.length - 1;
        if (!recordedAfter && (await ends(event))) return;
        if (recordedAfter && isFinalReviewEvent(event)) finished = true;
      }
      if (recorded.length === 0 && (review.status === 'SUCCEEDED' || review.status === 'FAILED' || review.status === 'CANCELLED')) {
        const event = await finalFromDatabase(0);
        if (event) {
          yield event;
          // Decisions made from here on are numbered from 1 by the progress log, which kept nothing of this review.
          if (await ends(event)) return;
        }
      }
      // The bus may confirm a subscription only after this point (Redis SUBSCRIBE is asynchronous):
      // an event published meanwhile reaches the shared log but not this stream, and if it was the
      // last one the stream would wait forever. So a stream quiet for a while is checked against the log.
      const incoming = live[Symbol.asyncIterator]();
      let pending = incoming.next();
      let quietChecks = 0;
      for (;;) {
        let timer: NodeJS.Timeout | undefined;
        const quiet = new Promise<'quiet'>((resolve) => {
          timer = setTimeout(() => resolve('quiet'), LIVE_RECHECK_MS);
        });
        const result = await Promise.race([pending, quiet]);
        clearTimeout(timer);
        let next: ReviewProgressEvent[];
        if (result === 'quiet' || result.value === RESYNC) {
          if (result !== 'quiet') pending = incoming.next();
          const fromLog = await logged();
          next = fromLog ?? [];
          quietChecks += 1;
          const askDatabase = fromLog === null || result !== 'quiet' || quietChecks % STATUS_RECHECK_EVERY === 0;
          if (askDatabase && !finished && !next.some(isFinalReviewEvent)) {
            const final = await finalFromDatabase(next.at(-1)?.sequence ?? last);
            if (final) next = [...next, final];
          }
        } else {
          if (result.done) return;
          pending = incoming.next();
          const event = result.value;
          if (event.sequence <= last) continue;
          // A gap: events published while this subscription was being set up (shared log) come from the log.
          const missed = event.sequence > last + 1 ? ((await logged()) ?? []).filter((past) => past.sequence < event.sequence) : [];
          next = [...missed, event];
        }
        for (const past of next) {
          last = past.sequence;
          yield past;
          if (await ends(past)) return;
        }
      }
    } finally {
      await live.return?.(undefined);
    }
  }

  /**
   * Progress of one of the caller's batches: the counts now, then after every finished review (and
   * from PostgreSQL when Redis is back after an outage, {@link RESYNC}: events may have been lost).
   */
  async *watchBatch(principal: Principal, batchId: string): AsyncGenerator<ReviewBatchProgressEvent> {
    const batch = await this.getBatch(principal, batchId);
    this.assertOwner(principal, batch, 'Review batch');
    const live = this.events.watch(reviewBatchTopic(batch.id));
    const fromDatabase = async (): Promise<ReviewBatchProgressEvent> => {
      const counts = await this.store.batchCounts(batch.id);
      return {
        batchId: batch.id,
        total: batch.total,
        completed: counts.succeeded + counts.failed + counts.cancelled,
        succeeded: counts.succeeded,
        failed: counts.failed,
        cancelled: counts.cancelled,
        at: new Date(),
      };
    };
    try {
      const first = await fromDatabase();
      yield first;
      if (first.completed >= batch.total) return;
      let completed = first.completed;
      for await (const received of live) {
        const event = received === RESYNC ? await fromDatabase() : received;
        if (event.completed <= completed) continue;
        completed = event.completed;
        yield event;
        if (event.completed >= event.total) return;
      }
    } finally {
      await live.return?.(undefined);
    }
  }

  /** The caller's own row, or (ADMIN, REVIEWER) one of the tenant's; another tenant's row does not exist. */
  private assertReader<T extends { userId: string; tenantId: string }>(
    principal: Principal,
    row: T | null,
    what: string,
  ): asserts row is T {
    if (!row || row.tenantId !== principal.tenantId) throw notFound(what);
    if (row.userId !== principal.userId && !hasRole(principal, 'ADMIN') && !canDecide(principal))
      throw forbidden(`This ${what.toLowerCase()} belongs to another user.`);
  }

  private assertOwner(principal: Principal, row: { userId: string; tenantId: string }, what: string): void {
    if (row.tenantId !== principal.tenantId) throw notFound(what);
    if (row.userId !== principal.userId) throw forbidden(`This ${what.toLowerCase()} belongs to another user.`);
  }
}
