import type { Database } from '../platform/db/prisma.js';
import { retryTransient, type RetryOptions, DEFAULT_RETRY } from '../platform/db/transient.js';
import { prismaRunner, type WriteBarrier } from '../platform/db/write-barrier.js';
import { AppError, assertUuid, badUserInput, forbidden, notFound } from '../platform/errors.js';
import type { EventBus } from '../platform/pubsub.js';
import { createLogger } from '../platform/logger.js';
import { unstorableCharacter, unstorableCharacterName } from '../platform/text.js';
import { hasRole, type Principal } from '../identity/principal.js';
import type { KnowledgeService } from '../knowledge/service.js';
import type { ModelProvider } from '../platform/llm/provider.js';
import type { CompiledReviewGraph } from './agent/graph.js';
import type { NodeReport } from './agent/contract.js';
import type { Finding, ReviewState } from './agent/state.js';
import { reviewBatchTopic, reviewTopic, ReviewProgressLog, type ReviewBatchProgressEvent, type ReviewProgressEvent } from './progress.js';
import { WorkQueue } from './queue.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { Metrics } from '../observability/metrics.js';
import { rememberReviewOrigin, traceReviewRun, type ReviewRunTrace } from '../observability/review-tracing.js';
import { withSpan } from '../observability/tracing.js';

const log = createLogger('reviews');

export interface ReviewLimits {
  concurrency: number;
  maxTextBytes: number;
  maxBatch: number;
}

export interface ReviewInput {
  contractId: string;
  title: string;
  text: string;
  asOf?: Date | null;
}

export interface ReviewFilter {
  status?: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | null;
  riskLevel?: 'LOW' | 'MEDIUM' | 'HIGH' | null;
  contractId?: string | null;
  batchId?: string | null;
  /** OWN (default) or TENANT (ADMIN only: metadata of the tenant's reviews). */
  scope?: 'OWN' | 'TENANT' | null;
}

export type ReviewRow = Prisma.ReviewGetPayload<{ include: { findings: true } }>;
export type ReviewBatchRow = Prisma.ReviewBatchGetPayload<object>;

export interface ReplayResult {
  identical: boolean;
  differences: string[];
}

const contractIdPattern = /^[\p{L}\p{N}][\p{L}\p{N}._:/#-]{0,127}$/u;

/** Why an input cannot be reviewed, or null when it can. */
function inputProblem(input: ReviewInput, limits: ReviewLimits): { message: string; field: string } | null {
  if (!contractIdPattern.test(input.contractId))
    return { message: 'contractId must be 1-128 letters, digits and . _ : / # -.', field: 'contractId' };
  if (!input.title.trim() || input.title.length > 300) return { message: 'title must be 1-300 characters.', field: 'title' };
  const titleCharacter = unstorableCharacter(input.title);
  if (titleCharacter) return { message: `title contains ${unstorableCharacterName[titleCharacter]}.`, field: 'title' };
  if (!input.text.trim()) return { message: 'text must not be empty.', field: 'text' };
  const bytes = Buffer.byteLength(input.text, 'utf8');
  if (bytes > limits.maxTextBytes) return { message: `text is ${bytes} bytes; the limit is ${limits.maxTextBytes}.`, field: 'text' };
  const textCharacter = unstorableCharacter(input.text);
  if (textCharacter)
    return { message: `text contains ${unstorableCharacterName[textCharacter]}; send the contract as plain text.`, field: 'text' };
  return null;
}

/** A stable, comparable form of a finding for replay. */
const findingKey = (finding: Pick<Finding, 'clause' | 'knowledgeId' | 'version' | 'severity' | 'message'>) =>
  `${finding.clause}|${finding.knowledgeId}@${finding.version}|${finding.severity}|${finding.message}`;

/**
 * Contract reviews: submission (single and batch), background execution with bounded
 * concurrency, progress, replay. Every method starts with the authorization check.
 */
export class ReviewService {
  readonly progress: ReviewProgressLog;
  private readonly queue: WorkQueue<string>;
  private readonly batchCounters = new Map<string, { total: number; succeeded: number; failed: number; submittedAt: number }>();

  constructor(
    private readonly db: Database,
    private readonly events: EventBus,
    private readonly knowledge: KnowledgeService,
    private readonly graph: CompiledReviewGraph,
    private readonly provider: ModelProvider,
    private readonly limits: ReviewLimits,
    private readonly metrics: Metrics | undefined,
    private readonly guards: {
      /** Orders the owner's writes against an erasure of the owner (required: compliance depends on it). */
      barrier: WriteBarrier;
      quota: (principal: Principal, reviews: number) => Promise<void>;
      /** How transient database failures of a review run are retried. */
      retry?: RetryOptions;
    },
  ) {
    this.progress = new ReviewProgressLog(events);
    this.queue = new WorkQueue(limits.concurrency, (reviewId) => this.execute(reviewId));
  }

  get queueDepth(): number {
    return this.queue.depth;
  }

  /** Reviews running right now in this process. */
  get queueRunning(): number {
    return this.queue.active;
  }

  /** Waits until every queued review has run (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  stop(): Promise<void> {
    return this.queue.stop();
  }

  /** Queues one review and returns it at once (QUEUED). Bad input is BAD_USER_INPUT and stores nothing. */
  async submit(principal: Principal, input: ReviewInput): Promise<ReviewRow> {
    const problem = inputProblem(input, this.limits);
    if (problem) throw badUserInput(problem.message, problem.field);
    await this.guards.quota(principal, 1);
    const review = await this.db.$transaction(async (tx) => {
      await this.guards.barrier.enter(prismaRunner(tx), principal.userId);
      return tx.review.create({
        data: {
          tenantId: principal.tenantId,
          userId: principal.userId,
          contractId: input.contractId,
          title: input.title.trim(),
          text: input.text,
          asOf: input.asOf ?? new Date(),
        },
        include: { findings: true },
      });
    });
    this.progress.publish(
      { reviewId: review.id, kind: 'QUEUED', node: null, durationMs: null, counts: null, status: 'QUEUED', errorCode: null },
      principal.userId,
    );
    rememberReviewOrigin(review.id, 'child');
    this.queue.enqueue(review.id);
    return review;
  }

  /**
   * Queues up to `maxBatch` independent reviews in one transaction. An input that cannot be
   * reviewed becomes a FAILED review of its own (BAD_USER_INPUT, text not stored) so that it
   * cannot affect the others; an empty or oversized batch is refused whole.
   */
  async submitBatch(principal: Principal, inputs: readonly ReviewInput[]): Promise<ReviewBatchRow> {
    if (inputs.length === 0) throw badUserInput('A batch needs at least one review.', 'inputs');
    if (inputs.length > this.limits.maxBatch) throw badUserInput(`A batch holds at most ${this.limits.maxBatch} reviews.`, 'inputs');
    await this.guards.quota(principal, inputs.length);
    const now = new Date();
    const { batch, queued } = await this.db.$transaction(async (tx) => {
      await this.guards.barrier.enter(prismaRunner(tx), principal.userId);
      const batch = await tx.reviewBatch.create({ data: { tenantId: principal.tenantId, userId: principal.userId, total: inputs.length } });
      const rows = inputs.map((input, index) => {
        const problem = inputProblem(input, this.limits);
        return {
          tenantId: principal.tenantId,
          userId: principal.userId,
          batchId: batch.id,
          batchIndex: index,
          contractId: contractIdPattern.test(input.contractId) ? input.contractId : `invalid-${index}`,
          title: (unstorableCharacter(input.title) ? '' : input.title.trim().slice(0, 300)) || `#${index + 1}`,
          text: problem ? '' : input.text,
          asOf: input.asOf ?? now,
          ...(problem ? { status: 'FAILED' as const, errorCode: 'BAD_USER_INPUT', errorMessage: problem.message, finishedAt: now } : {}),
        };
      });
      const created = await tx.review.createManyAndReturn({ data: rows, select: { id: true, status: true, batchIndex: true } });
      return {
        batch,
        queued: created
          .filter((row) => row.status === 'QUEUED')
          .sort((a, b) => a.batchIndex! - b.batchIndex!)
          .map((row) => row.id),
      };
    });
    if (queued.length > 0)
      this.batchCounters.set(batch.id, {
        total: inputs.length,
        succeeded: 0,
        failed: inputs.length - queued.length,
        submittedAt: performance.now(),
      });
    this.metrics?.batchesSubmitted.inc();
    rememberReviewOrigin(queued, 'link');
    for (const id of queued)
      this.progress.publish(
        { reviewId: id, kind: 'QUEUED', node: null, durationMs: null, counts: null, status: 'QUEUED', errorCode: null },
        principal.userId,
      );
    this.queue.enqueue(...queued);
    return batch;
  }

  /** A review of the caller; an ADMIN of the tenant may read its metadata. */
  async get(principal: Principal, reviewId: string): Promise<ReviewRow> {
    const review = await this.db.review.findUnique({
      where: { id: assertUuid(reviewId, 'id') },
      include: { findings: { orderBy: { position: 'asc' } } },
    });
    if (!review || review.tenantId !== principal.tenantId) throw notFound('Review');
    if (review.userId !== principal.userId && !hasRole(principal, 'ADMIN')) throw forbidden('This review belongs to another user.');
    return review;
  }

  /** Reviews of the caller (or, for an ADMIN asking for TENANT scope, of the tenant), newest first. */
  async list(
    principal: Principal,
    filter: ReviewFilter,
    page: { first: number; after?: string | null },
  ): Promise<{ rows: ReviewRow[]; hasNextPage: boolean }> {
    const tenantScope = filter.scope === 'TENANT';
    if (tenantScope && !hasRole(principal, 'ADMIN')) throw forbidden('Only an ADMIN may list the reviews of the tenant.');
    const cursor = page.after ? this.decodeCursor(page.after) : null;
    const rows = await this.db.review.findMany({
      where: {
        tenantId: principal.tenantId,
        ...(tenantScope ? {} : { userId: principal.userId }),
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.riskLevel ? { riskLevel: filter.riskLevel } : {}),
        ...(filter.contractId ? { contractId: filter.contractId } : {}),
        ...(filter.batchId ? { batchId: assertUuid(filter.batchId, 'batchId') } : {}),
        ...(cursor ? { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: page.first + 1,
      include: { findings: { orderBy: { position: 'asc' } } },
    });
    return { rows: rows.slice(0, page.first), hasNextPage: rows.length > page.first };
  }

  encodeCursor(row: { createdAt: Date; id: string }): string {
    return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
  }

  private decodeCursor(cursor: string): { createdAt: Date; id: string } {
    const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
    const createdAt = new Date(at ?? '');
    if (!id || Number.isNaN(createdAt.getTime())) throw badUserInput('after is not a cursor from this list.', 'after');
    return { createdAt, id: assertUuid(id, 'after') };
  }

  async getBatch(principal: Principal, batchId: string): Promise<ReviewBatchRow> {
    const batch = await this.db.reviewBatch.findUnique({ where: { id: assertUuid(batchId, 'id') } });
    if (!batch || batch.tenantId !== principal.tenantId) throw notFound('Review batch');
    if (batch.userId !== principal.userId && !hasRole(principal, 'ADMIN')) throw forbidden('This batch belongs to another user.');
    return batch;
  }

  /** Counts of a batch's reviews by status. */
  async batchCounts(batchId: string): Promise<{ total: number; queued: number; running: number; succeeded: number; failed: number }> {
    const groups = await this.db.review.groupBy({ by: ['status'], where: { batchId }, _count: { _all: true } });
    const count = (status: string) => groups.find((group) => group.status === status)?._count._all ?? 0;
    const counts = { queued: count('QUEUED'), running: count('RUNNING'), succeeded: count('SUCCEEDED'), failed: count('FAILED') };
    return { total: counts.queued + counts.running + counts.succeeded + counts.failed, ...counts };
  }

  async batchReviews(batchId: string, first: number): Promise<ReviewRow[]> {
    return this.db.review.findMany({
      where: { batchId },
      orderBy: { batchIndex: 'asc' },
      take: first,
      include: { findings: { orderBy: { position: 'asc' } } },
    });
  }

  private assertOwner(principal: Principal, row: { userId: string; tenantId: string }, what: string): void {
    if (row.tenantId !== principal.tenantId) throw notFound(what);
    if (row.userId !== principal.userId) throw forbidden(`This ${what.toLowerCase()} belongs to another user.`);
  }

  /** Runs a finished review again with its asOf and exactly the knowledge versions it used, and compares. */
  async replay(principal: Principal, reviewId: string): Promise<ReplayResult> {
    const review = await this.get(principal, reviewId);
    this.assertOwner(principal, review, 'Review');
    if (review.status !== 'SUCCEEDED') throw badUserInput('Only a SUCCEEDED review can be replayed.', 'id');
    const pinned = (review.knowledgeUsed as { id: string; knowledgeId: string; version: string }[] | null) ?? [];
    const state = await withSpan(
      'review.replay',
      { 'suanni.review.id': review.id, 'suanni.tenant_id': review.tenantId, 'suanni.user_id': review.userId },
      () => this.runGraph(review, pinned, () => {}),
    );
    const differences: string[] = [];
    if (state.riskLevel !== review.riskLevel) differences.push(`riskLevel: ${review.riskLevel} -> ${state.riskLevel}`);
    if (state.riskScore !== review.riskScore) differences.push(`riskScore: ${review.riskScore} -> ${state.riskScore}`);
    const before = new Set(review.findings.map(findingKey));
    const after = new Set(state.findings.map(findingKey));
    for (const key of before) if (!after.has(key)) differences.push(`finding removed: ${key}`);
    for (const key of after) if (!before.has(key)) differences.push(`finding added: ${key}`);
    const usedBefore = pinned
      .map((item) => `${item.knowledgeId}@${item.version}`)
      .sort()
      .join(',');
    const usedAfter = state.knowledgeUsed
      .map((item) => `${item.knowledgeId}@${item.version}`)
      .sort()
      .join(',');
    if (usedBefore !== usedAfter) differences.push(`knowledgeUsed: ${usedBefore} -> ${usedAfter}`);
    return { identical: differences.length === 0, differences };
  }

  /** Progress of one of the caller's reviews: every event so far in order, then live ones until it ends. */
  async *watch(principal: Principal, reviewId: string): AsyncGenerator<ReviewProgressEvent> {
    const review = await this.get(principal, reviewId);
    this.assertOwner(principal, review, 'Review');
    const live = this.events.subscribe(reviewTopic(review.id));
    try {
      let last = 0;
      const isFinal = (event: ReviewProgressEvent) =>
        event.kind === 'STATUS' && (event.status === 'SUCCEEDED' || event.status === 'FAILED');
      const recorded = this.progress.history(review.id);
      for (const event of recorded) {
        last = event.sequence;
        yield event;
        if (isFinal(event)) return;
      }
      if (recorded.length === 0 && (review.status === 'SUCCEEDED' || review.status === 'FAILED')) {
        const current = await this.db.review.findUniqueOrThrow({ where: { id: review.id } });
        yield {
          reviewId: review.id,
          sequence: 1,
          kind: 'STATUS',
          node: null,
          durationMs: null,
          counts: null,
          status: current.status,
          errorCode: current.errorCode,
          at: current.finishedAt ?? new Date(),
        };
        return;
      }
      for await (const event of live) {
        if (event.sequence <= last) continue;
        last = event.sequence;
        yield event;
        if (isFinal(event)) return;
      }
    } finally {
      await live.return?.(undefined);
    }
  }

  /** Progress of one of the caller's batches: the counts now, then after every finished review. */
  async *watchBatch(principal: Principal, batchId: string): AsyncGenerator<ReviewBatchProgressEvent> {
    const batch = await this.getBatch(principal, batchId);
    this.assertOwner(principal, batch, 'Review batch');
    const live = this.events.subscribe(reviewBatchTopic(batch.id));
    try {
      const counts = await this.batchCounts(batch.id);
      const first = {
        batchId: batch.id,
        total: batch.total,
        completed: counts.succeeded + counts.failed,
        succeeded: counts.succeeded,
        failed: counts.failed,
        at: new Date(),
      };
      yield first;
      if (first.completed >= batch.total) return;
      let completed = first.completed;
      for await (const event of live) {
        if (event.completed <= completed) continue;
        completed = event.completed;
        yield event;
        if (event.completed >= event.total) return;
      }
    } finally {
      await live.return?.(undefined);
    }
  }

  /**
   * After a crash or restart: reviews that were RUNNING are FAILED (their in-memory state is
   * gone by design), reviews still QUEUED are queued again.
   */
  async recoverInterrupted(): Promise<{ failed: number; requeued: number }> {
    const { count: failed } = await this.db.review.updateMany({
      where: { status: 'RUNNING' },
      data: {
        status: 'FAILED',
        errorCode: 'INTERRUPTED',
        errorMessage: 'The gateway stopped while this review was running; submit it again.',
        finishedAt: new Date(),
      },
    });
    const queued = await this.db.review.findMany({
      where: { status: 'QUEUED' },
      orderBy: [{ createdAt: 'asc' }, { batchIndex: 'asc' }],
      select: { id: true },
    });
    this.queue.enqueue(...queued.map((row) => row.id));
    if (failed || queued.length) log.info({ failed, requeued: queued.length }, 'recovered interrupted reviews');
    return { failed, requeued: queued.length };
  }

  private async runGraph(
    review: { id: string; tenantId: string; contractId: string; title: string; text: string; asOf: Date },
    pinned: ReviewState['pinnedKnowledge'],
    onNode: (kind: 'start' | 'end', report: NodeReport | string) => void,
  ): Promise<ReviewState> {
    const input = {
      reviewId: review.id,
      contractId: review.contractId,
      title: review.title,
      text: review.text,
      asOf: review.asOf,
      pinnedKnowledge: pinned,
    };
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
    return traceReviewRun(reviewId, this.metrics, (trace) => this.executeRun(reviewId, trace));
  }

  private async executeRun(reviewId: string, trace: ReviewRunTrace): Promise<void> {
    const retry = {
      ...(this.guards.retry ?? DEFAULT_RETRY),
      onRetry: (error: unknown, attempt: number) => log.warn({ err: error, reviewId, attempt }, 'transient database failure; retrying'),
    };
    // Claim and read in one statement; a review someone else claimed is skipped.
    const [review] = await retryTransient(
      () =>
        this.db.review.updateManyAndReturn({
          where: { id: reviewId, status: 'QUEUED' },
          data: { status: 'RUNNING', startedAt: new Date() },
        }),
      retry,
    );
    if (!review) return;
    trace.claimed(review);
    const traceId = trace.traceId;
    const status = (kind: ReviewProgressEvent['kind'], extra: Partial<ReviewProgressEvent> = {}) =>
      this.progress.publish(
        { reviewId, kind, node: null, durationMs: null, counts: null, status: 'RUNNING', errorCode: null, ...extra },
        review.userId,
      );
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
      const written = await retryTransient(() => this.writeResult(review, state, traceId), retry);
      if (!written) return;
      status('STATUS', { status: 'SUCCEEDED' });
      outcome = 'SUCCEEDED';
      trace.succeeded(state);
    } catch (error) {
      const known = error instanceof AppError;
      if (!known) log.error({ err: error, reviewId, traceId }, 'review failed');
      const errorCode = known ? error.code : 'INTERNAL';
      await retryTransient(
        () =>
          this.db.review.updateMany({
            where: { id: reviewId, status: 'RUNNING' },
            data: {
              status: 'FAILED',
              errorCode,
              errorMessage: known ? error.message : `The review failed unexpectedly (trace ${traceId}).`,
              traceId,
              finishedAt: new Date(),
            },
          }),
        retry,
      );
      status('STATUS', { status: 'FAILED', errorCode });
      trace.failed(errorCode, error);
    } finally {
      if (review.batchId)
        await this.publishBatchProgress(review.batchId, outcome).catch((error) =>
          log.warn({ err: error, reviewId }, 'batch progress not published'),
        );
    }
  }

  /**
   * Writes a review's result once: inside the owner's write barrier (an owner erased meanwhile
   * gets nothing written), guarded by the RUNNING status in SQL, so that a retry after a commit
   * whose acknowledgement was lost writes nothing twice. False when the review was no longer RUNNING.
   */
  private async writeResult(
    review: { id: string; tenantId: string; userId: string },
    state: ReviewState,
    traceId: string,
  ): Promise<boolean> {
    const call = state.modelCalls.find((entry) => entry.provider !== 'rules') ?? state.modelCalls[0];
    return this.db.$transaction(async (tx) => {
      await this.guards.barrier.enter(prismaRunner(tx), review.userId);
      const { count } = await tx.review.updateMany({
        where: { id: review.id, status: 'RUNNING' },
        data: {
          status: 'SUCCEEDED',
          language: state.language,
          riskLevel: state.riskLevel,
          riskScore: state.riskScore,
          report: state.reviewReport ?? undefined,
          reportText: state.reportText,
          knowledgeUsed: state.knowledgeUsed,
          flags: state.flags,
          degraded: state.degraded,
          provider: call?.provider ?? this.provider.name,
          model: call?.model ?? this.provider.model,
          traceId,
          finishedAt: new Date(),
        },
      });
      if (count === 0) return false;
      await tx.reviewFinding.createMany({
        data: state.findings.map((finding, position) => ({
          reviewId: review.id,
          position,
          clause: finding.clause,
          clauseIndex: finding.clauseIndex,
          knowledgeId: finding.knowledgeId,
          version: finding.version,
          severity: finding.severity,
          message: finding.message,
          evidenceStart: finding.evidence?.start ?? null,
          evidenceEnd: finding.evidence?.end ?? null,
        })),
      });
      await this.knowledge.accessLogWrite(review, review.id, state.knowledgeUsed, tx);
      return true;
    });
  }

  /**
   * Publishes a batch's counts after one of its reviews finished: from memory for batches
   * submitted to this process (a count query per review would cost more than the review),
   * from the database for batches recovered after a restart.
   */
  private async publishBatchProgress(batchId: string, outcome: 'SUCCEEDED' | 'FAILED'): Promise<void> {
    this.metrics?.batchReviews.inc({ outcome });
    const counts = this.batchCounters.get(batchId);
    if (counts) {
      if (outcome === 'SUCCEEDED') counts.succeeded += 1;
      else counts.failed += 1;
      return this.emitBatchProgress(batchId, counts);
    }
    const { total, succeeded, failed } = await this.batchCounts(batchId);
    this.emitBatchProgress(batchId, { total, succeeded, failed });
  }

  private emitBatchProgress(batchId: string, counts: { total: number; succeeded: number; failed: number; submittedAt?: number }): void {
    const completed = counts.succeeded + counts.failed;
    if (completed >= counts.total && this.metrics) {
      this.metrics.batchesCompleted.inc();
      if (counts.submittedAt !== undefined) {
        const seconds = (performance.now() - counts.submittedAt) / 1000;
        this.metrics.batchDuration.observe(seconds);
        if (seconds > 0) this.metrics.batchThroughput.set(counts.total / seconds);
      }
    }
    this.events.publish(reviewBatchTopic(batchId), {
      batchId,
      total: counts.total,
      completed,
      succeeded: counts.succeeded,
      failed: counts.failed,
      at: new Date(),
    });
    if (completed >= counts.total) this.batchCounters.delete(batchId);
  }
}
