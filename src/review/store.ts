import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Prisma } from '../generated/prisma/client.js';
import { poolOf, type Database } from '../platform/db/prisma.js';
import { pgRunner, writeTransaction, type PgWriteBarrier } from '../platform/db/write-barrier.js';
import type { SqlRunner } from '../platform/jobs/job-queue.js';
import { assertUuid, badUserInput } from '../platform/errors.js';
import { tracedQuery } from '../platform/telemetry/db-tracing.js';
import type { ReviewState } from './agent/state.js';

export type ReviewRow = Prisma.ReviewGetPayload<{ include: { findings: true } }>;
export type ReviewBatchRow = Prisma.ReviewBatchGetPayload<object>;
export type ReviewStatus = ReviewRow['status'];

export interface ReviewFilter {
  status?: ReviewStatus | null;
  riskLevel?: 'LOW' | 'MEDIUM' | 'HIGH' | null;
  contractId?: string | null;
  batchId?: string | null;
  /** OWN (default) or TENANT (ADMIN only: metadata of the tenant's reviews). */
  scope?: 'OWN' | 'TENANT' | null;
}

export interface BatchCounts {
  total: number;
  queued: number;
  running: number;
  succeeded: number;
  failed: number;
  cancelled: number;
}

/** A review row as the runner needs it. */
export interface ClaimedReview {
  id: string;
  tenantId: string;
  userId: string;
  batchId: string | null;
  contractId: string;
  title: string;
  text: string;
  asOf: Date;
  pinnedKnowledge: unknown;
}

/** A statement the caller adds to a write of the store (the knowledge access log). */
export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * A statement the caller adds to the result's own statement (the knowledge access log), made for
 * its place there: placeholders numbered from `firstParameter`, written only when `onlyWhen` holds.
 */
export type StatementWithin = (placement: { firstParameter: number; onlyWhen: string }) => Statement | null;

/** The new rows of a review, less what the store fills in (owner, batch, position). */
export type NewReviewRow = Omit<Prisma.ReviewCreateManyInput, 'tenantId' | 'userId' | 'batchId' | 'batchIndex'>;

/** Queues the jobs of new reviews inside the transaction that creates them. */
export type EnqueueInTransaction = (sql: SqlRunner, reviewIds: readonly string[]) => Promise<void>;

const withFindings = { findings: { orderBy: { position: 'asc' } } } as const;

// The run's hot statements go straight to the pg pool (one span each), not through Prisma, whose
// client and query compiler cost more CPU per review than the statements themselves.
const CLAIM = `UPDATE "Review" SET status = 'RUNNING', "startedAt" = now()
  WHERE id = $1 AND status = ANY($2::"ReviewStatus"[])
  RETURNING id, "tenantId", "userId", "batchId", "contractId", title, text, "asOf", "pinnedKnowledge"`;

/**
 * The result, its findings and the knowledge access log in one autocommit statement, behind the
 * write barrier's condition: the findings and the log are inserted only when the guarded update
 * matched. `alsoWrite` is a data-modifying CTE's statement (its placeholders follow the barrier's).
 */
const WRITE_RESULT = (barrier: string, alsoWrite: string | null) => `WITH written AS (
    UPDATE "Review" SET status = 'SUCCEEDED', language = $2, "riskLevel" = $3::"RiskLevel", "riskScore" = $4,
      report = $5::jsonb, "reportText" = $6, "knowledgeUsed" = $7::jsonb, flags = $8::text[], degraded = $9,
      provider = $10, model = $11, "traceId" = $12, "finishedAt" = now()
    WHERE id = $1 AND status = 'RUNNING' AND ${barrier}
    RETURNING id
  ), findings AS (
    INSERT INTO "ReviewFinding" (id, "reviewId", position, clause, "clauseIndex", "knowledgeId", version, severity, message, "evidenceStart", "evidenceEnd")
    SELECT gen_random_uuid(), written.id, finding.position, finding.clause, finding."clauseIndex", finding."knowledgeId", finding.version,
           finding.severity::"RiskLevel", finding.message, finding."evidenceStart", finding."evidenceEnd"
      FROM written, jsonb_to_recordset($13::jsonb) AS finding(position int, clause text, "clauseIndex" int, "knowledgeId" text,
           version text, severity text, message text, "evidenceStart" int, "evidenceEnd" int)
  )${alsoWrite ? `, also AS (${alsoWrite})` : ''}
  SELECT count(*)::int AS written FROM written`;

const REVIEW_STATUS = 'SELECT status FROM "Review" WHERE id = $1';

const REVIEW_COLUMNS = `id, "tenantId", "userId", "batchId", "batchIndex", "contractId", title, text, "asOf", "pinnedKnowledge", status,
  language, "riskLevel", "riskScore", report, "reportText", "knowledgeUsed", flags, degraded, provider, model, "traceId", "errorCode",
  "errorMessage", "createdAt", "startedAt", "finishedAt"`;

const INSERT_REVIEW = `INSERT INTO "Review" (id, "tenantId", "userId", "contractId", title, text, "asOf")
  VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${REVIEW_COLUMNS}`;

const INSERT_BATCH = `INSERT INTO "ReviewBatch" (id, "tenantId", "userId", total) VALUES ($1, $2, $3, $4)
  RETURNING id, "tenantId", "userId", total, "createdAt"`;

/** The reviews of a batch from one JSON array (one statement, whatever the batch's size). */
const INSERT_BATCH_REVIEWS = `INSERT INTO "Review" (id, "tenantId", "userId", "batchId", "batchIndex", "contractId", title, text, "asOf",
    status, "errorCode", "errorMessage", "finishedAt")
  SELECT gen_random_uuid(), $1, $2, $3, input."batchIndex", input."contractId", input.title, input.text, input."asOf",
         input.status::"ReviewStatus", input."errorCode", input."errorMessage", input."finishedAt"
    FROM jsonb_to_recordset($4::jsonb) AS input("batchIndex" int, "contractId" text, title text, text text, "asOf" timestamptz,
         status text, "errorCode" text, "errorMessage" text, "finishedAt" timestamptz)
  RETURNING id, status, "batchIndex"`;

const BATCH_COUNTS = `SELECT status, count(*)::int AS count FROM "Review" WHERE "batchId" = $1 GROUP BY status`;

/** A list position: newest first by (createdAt, id). */
export function encodeReviewCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

export function decodeReviewCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) throw badUserInput('after is not a cursor from this list.', 'after');
  return { createdAt, id: assertUuid(id, 'after') };
}

/**
 * The review tables: every Prisma query of the review domain. No authorization here; the
 * service decides who may call what. Writes of an owner's data pass the owner's erasure write
 * barrier inside their transaction.
 */
export class ReviewStore {
  private readonly pool: pg.Pool;

  constructor(
    private readonly db: Database,
    private readonly barrier: PgWriteBarrier,
  ) {
    const pool = poolOf(db);
    if (!pool) throw new Error('ReviewStore needs a database made by createDatabase (its pg pool)');
    this.pool = pool;
  }

  /** A review and its job in one transaction, inside the owner's write barrier. */
  async createReview(owner: { tenantId: string; userId: string }, row: NewReviewRow, enqueue: EnqueueInTransaction): Promise<ReviewRow> {
    return writeTransaction(this.pool, this.barrier, owner.userId, async (client) => {
      const values = [randomUUID(), owner.tenantId, owner.userId, row.contractId, row.title, row.text, row.asOf];
      const { rows } = await tracedQuery<Omit<ReviewRow, 'findings'>>(
        client,
        { text: INSERT_REVIEW, values },
        { operation: 'INSERT', target: 'Review' },
      );
      const review = rows[0]!;
      await enqueue(pgRunner(client), [review.id]);
      return { ...review, findings: [] };
    });
  }

  /**
   * A batch, its reviews and their jobs in one transaction inside the owner's write barrier (a
   * statement for the batch, one for all its reviews from a JSON array, pg-boss' insert of the
   * jobs); returns the batch and the ids of its QUEUED reviews in batch order.
   */
  async createBatch(
    owner: { tenantId: string; userId: string },
    rows: readonly NewReviewRow[],
    enqueue: EnqueueInTransaction,
  ): Promise<{ batch: ReviewBatchRow; queued: string[] }> {
    const reviews = JSON.stringify(
      rows.map((row, batchIndex) => ({
        batchIndex,
        contractId: row.contractId,
        title: row.title,
        text: row.text,
        asOf: row.asOf,
        status: row.status ?? 'QUEUED',
        errorCode: row.errorCode ?? null,
        errorMessage: row.errorMessage ?? null,
        finishedAt: row.finishedAt ?? null,
      })),
    );
    return writeTransaction(this.pool, this.barrier, owner.userId, async (client) => {
      const [batch] = (
        await tracedQuery<ReviewBatchRow>(
          client,
          { text: INSERT_BATCH, values: [randomUUID(), owner.tenantId, owner.userId, rows.length] },
          { operation: 'INSERT', target: 'ReviewBatch' },
        )
      ).rows;
      const created = await tracedQuery<{ id: string; status: ReviewStatus; batchIndex: number }>(
        client,
        { text: INSERT_BATCH_REVIEWS, values: [owner.tenantId, owner.userId, batch!.id, reviews] },
        { operation: 'INSERT', target: 'Review' },
      );
      const queued = created.rows
        .filter((row) => row.status === 'QUEUED')
        .sort((a, b) => a.batchIndex - b.batchIndex)
        .map((row) => row.id);
      await enqueue(pgRunner(client), queued);
      return { batch: batch!, queued };
    });
  }

  findReview(reviewId: string): Promise<ReviewRow | null> {
    return this.db.review.findUnique({ where: { id: reviewId }, include: withFindings });
  }

  findReviewStatus(reviewId: string) {
    return this.db.review.findUnique({
      where: { id: reviewId },
      select: { id: true, status: true, errorCode: true, finishedAt: true, userId: true, batchId: true },
    });
  }

  findBatch(batchId: string): Promise<ReviewBatchRow | null> {
    return this.db.reviewBatch.findUnique({ where: { id: batchId } });
  }

  async listReviews(
    owner: { tenantId: string; userId: string | null },
    filter: ReviewFilter,
    page: { first: number; after: { createdAt: Date; id: string } | null },
  ): Promise<{ rows: ReviewRow[]; hasNextPage: boolean }> {
    const cursor = page.after;
    const rows = await this.db.review.findMany({
      where: {
        tenantId: owner.tenantId,
        ...(owner.userId === null ? {} : { userId: owner.userId }),
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.riskLevel ? { riskLevel: filter.riskLevel } : {}),
        ...(filter.contractId ? { contractId: filter.contractId } : {}),
        ...(filter.batchId ? { batchId: filter.batchId } : {}),
        ...(cursor ? { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: page.first + 1,
      include: withFindings,
    });
    return { rows: rows.slice(0, page.first), hasNextPage: rows.length > page.first };
  }

  /** Counts of a batch's reviews by status. */
  async batchCounts(batchId: string): Promise<BatchCounts> {
    const { rows } = await tracedQuery<{ status: ReviewStatus; count: number }>(
      this.pool,
      { text: BATCH_COUNTS, values: [batchId] },
      { operation: 'SELECT', target: 'Review' },
    );
    const count = (status: ReviewStatus) => rows.find((row) => row.status === status)?.count ?? 0;
    const counts = {
      queued: count('QUEUED'),
      running: count('RUNNING'),
      succeeded: count('SUCCEEDED'),
      failed: count('FAILED'),
      cancelled: count('CANCELLED'),
    };
    return { total: counts.queued + counts.running + counts.succeeded + counts.failed + counts.cancelled, ...counts };
  }

  batchReviews(batchId: string, first: number): Promise<ReviewRow[]> {
    return this.db.review.findMany({ where: { batchId }, orderBy: { batchIndex: 'asc' }, take: first, include: withFindings });
  }

  /**
   * Claims a review for a run and reads it in one statement: a QUEUED one, or with `redelivered`
   * also a RUNNING one whose earlier attempt was lost (its worker died). Undefined when the
   * review is finished or cancelled.
   */
  async claim(reviewId: string, redelivered: boolean): Promise<ClaimedReview | undefined> {
    const { rows } = await tracedQuery<ClaimedReview>(
      this.pool,
      { text: CLAIM, values: [reviewId, redelivered ? ['QUEUED', 'RUNNING'] : ['QUEUED']] },
      { operation: 'UPDATE', target: 'Review' },
    );
    return rows[0];
  }

  /** Cancels reviews not finished yet (QUEUED or RUNNING -> CANCELLED); returns those it cancelled and their state before. */
  async cancel(where: { id: string } | { batchId: string }): Promise<{ id: string; userId: string; batchId: string | null }[]> {
    return this.db.review.updateManyAndReturn({
      where: { ...where, status: { in: ['QUEUED', 'RUNNING'] } },
      data: { status: 'CANCELLED', finishedAt: new Date() },
      select: { id: true, userId: true, batchId: true },
    });
  }

  /** A run that will be retried gives its review back (RUNNING -> QUEUED). */
  async requeue(reviewId: string): Promise<void> {
    await this.db.review.updateMany({ where: { id: reviewId, status: 'RUNNING' }, data: { status: 'QUEUED' } });
  }

  /** Marks a review FAILED if it is still in one of `from`; false when it was not. */
  async markFailed(
    reviewId: string,
    failure: { errorCode: string; errorMessage: string; traceId: string | null },
    from: readonly ReviewStatus[] = ['RUNNING'],
  ): Promise<boolean> {
    const { count } = await this.db.review.updateMany({
      where: { id: reviewId, status: { in: [...from] } },
      data: { ...failure, finishedAt: new Date(), status: 'FAILED' },
    });
    return count > 0;
  }

  findForRun(reviewId: string) {
    return this.db.review.findUnique({ where: { id: reviewId }, select: { id: true, userId: true, batchId: true } });
  }

  /**
   * Writes a review's result once: only while it is RUNNING, so a redelivered job whose earlier
   * attempt already wrote it, or whose acknowledgement was lost, writes nothing twice. The
   * findings and `alsoWrite` (the knowledge access log) go in the same autocommit statement, behind
   * the write barrier's condition: one round trip. False when the review was no longer RUNNING;
   * throws the barrier's refusal when its owner was erased meanwhile.
   */
  async writeResult(
    review: { id: string; tenantId: string; userId: string },
    state: ReviewState,
    meta: { traceId: string; provider: string; model: string | null },
    alsoWrite: StatementWithin | null,
  ): Promise<boolean> {
    const findings = state.findings.map((finding, position) => ({
      position,
      clause: finding.clause,
      clauseIndex: finding.clauseIndex,
      knowledgeId: finding.knowledgeId,
      version: finding.version,
      severity: finding.severity,
      message: finding.message,
      evidenceStart: finding.evidence?.start ?? null,
      evidenceEnd: finding.evidence?.end ?? null,
    }));
    const values: unknown[] = [
      review.id,
      state.language,
      state.riskLevel,
      state.riskScore,
      state.reviewReport == null ? null : JSON.stringify(state.reviewReport),
      state.reportText,
      JSON.stringify(state.knowledgeUsed),
      state.flags,
      state.degraded,
      meta.provider,
      meta.model,
      meta.traceId,
      JSON.stringify(findings),
    ];
    const barrier = this.barrier.guard(review.userId, values.length + 1);
    values.push(...barrier.values);
    const also = alsoWrite?.({ firstParameter: values.length + 1, onlyWhen: 'EXISTS (SELECT 1 FROM written)' }) ?? null;
    if (also) values.push(...also.values);
    const { rows } = await tracedQuery<{ written: number }>(
      this.pool,
      { text: WRITE_RESULT(barrier.sql, also?.text ?? null), values },
      { operation: 'UPDATE', target: 'Review' },
    );
    if (rows[0]!.written > 0) return true;
    // Nothing written: still RUNNING means the barrier stopped it (the owner was erased meanwhile).
    const { rows: current } = await tracedQuery<{ status: string }>(
      this.pool,
      { text: REVIEW_STATUS, values: [review.id] },
      { operation: 'SELECT', target: 'Review' },
    );
    if (current[0]?.status === 'RUNNING') throw this.barrier.refuse(review.userId);
    return false;
  }
}
