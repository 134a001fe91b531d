import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Prisma } from '../generated/prisma/client.js';
import { poolOf, type Database } from '../platform/db/prisma.js';
import { pgRunner, writeTransaction, type BarrierRowValues, type PgWriteBarrier } from '../platform/db/write-barrier.js';
import type { SqlRunner } from '../platform/jobs/job-queue.js';
import { assertUuid, badUserInput } from '../platform/errors.js';
import { tracedQuery } from '../platform/telemetry/db-tracing.js';
import { WriteCoalescer } from '../platform/write-coalescer.js';
import type { GraphRunResult } from './run/result.js';
import { DEFAULT_SETTING, judge, type JudgementSetting } from './judgement/operating-point.js';

export type ReviewRow = Prisma.ReviewGetPayload<{ include: { findings: { include: { decision: true } } } }>;
export type ReviewBatchRow = Prisma.ReviewBatchGetPayload<object>;
export type ReviewStatus = ReviewRow['status'];

export interface ReviewFilter {
  status?: ReviewStatus | null;
  riskLevel?: 'LOW' | 'MEDIUM' | 'HIGH' | null;
  contractId?: string | null;
  batchId?: string | null;
  /** OWN (default) or TENANT (ADMIN: metadata of the tenant's reviews; REVIEWER: the reviews themselves). */
  scope?: 'OWN' | 'TENANT' | null;
  /** Only reviews with a finding the model sent to a person and nobody decided yet. */
  needsReview?: boolean | null;
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
  /** This run's attempt: the review's claim count, raised by this claim (the run's fencing token). */
  attempt: number;
  tenantId: string;
  userId: string;
  batchId: string | null;
  contractId: string;
  title: string;
  text: string;
  asOf: Date;
  pinnedKnowledge: unknown;
}

/**
 * A statement the caller adds to the results' own statement (the knowledge access log): it reads the
 * written reviews from `relation` (columns id, "tenantId", "userId" and used: the knowledge versions, a JSON array).
 */
export type StatementOverRows = (relation: string) => string;

/** One review's result as a row of the results statement (JSON). */
interface ResultRow extends BarrierRowValues {
  id: string;
  /** The attempt of the run that produced it: written only while that run still holds the review. */
  attempt: number;
  tenantId: string;
  userId: string;
  language: string | null;
  riskLevel: string | null;
  riskScore: number | null;
  report: GraphRunResult['reviewReport'];
  reportText: string | null;
  knowledgeUsed: GraphRunResult['knowledgeUsed'];
  flags: string[];
  degraded: boolean;
  provider: string;
  model: string | null;
  traceId: string;
  operatingPoint: string;
  reviewThreshold: number | null;
  findings: object[];
}

type ResultOutcome = 'written' | 'not-running' | 'refused';

/** The new rows of a review, less what the store fills in (owner, batch, position). */
export type NewReviewRow = Omit<Prisma.ReviewCreateManyInput, 'tenantId' | 'userId' | 'batchId' | 'batchIndex'>;

/** Queues the jobs of new reviews inside the transaction that creates them. */
export type EnqueueInTransaction = (sql: SqlRunner, reviewIds: readonly string[]) => Promise<void>;

const withFindings = { findings: { orderBy: { position: 'asc' }, include: { decision: true } } } as const;

// The run's hot statements go straight to the pg pool (one span each), not through Prisma, whose
// client and query compiler cost more CPU per review than the statements themselves.
/**
 * Claims reviews for their runs in one statement: a QUEUED review, or a RUNNING one when its job
 * was redelivered (the earlier attempt's worker died). Claims that arrive together (a worker
 * fetches several jobs at once) leave together, see `ReviewStore.claim`.
 */
const CLAIM = `UPDATE "Review" AS review SET status = 'RUNNING', "startedAt" = now(), attempt = review.attempt + 1
  FROM jsonb_to_recordset($1::jsonb) AS claim(id uuid, redelivered boolean)
  WHERE review.id = claim.id AND (review.status = 'QUEUED' OR (claim.redelivered AND review.status = 'RUNNING'))
  RETURNING review.id, review.attempt, review."tenantId", review."userId", review."batchId", review."contractId", review.title, review.text,
    review."asOf", review."pinnedKnowledge", claim.redelivered AS "claimedAsRedelivered"`;

/**
 * Results of reviews, their findings and knowledge access logs in one autocommit statement: each
 * row is written only while its review is RUNNING and inside its owner's write barrier (the
 * barrier's row condition over `result`); findings and log rows only for the reviews written.
 * `accessLog` reads the relation `written_result` (id, "tenantId", "userId", used).
 */
const WRITE_RESULTS = (barrier: string, accessLog: string | null) => `WITH result AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS result(id uuid, attempt int, "tenantId" uuid, "userId" uuid, language text, "riskLevel" text,
      "riskScore" double precision, report jsonb, "reportText" text, "knowledgeUsed" jsonb, flags text[], degraded boolean,
      provider text, model text, "traceId" text, "operatingPoint" text, "reviewThreshold" double precision, findings jsonb,
      barrier_space int, barrier_key int, barrier_hash text)
  ), written AS (
    UPDATE "Review" AS review SET status = 'SUCCEEDED', language = result.language, "riskLevel" = result."riskLevel"::"RiskLevel",
      "riskScore" = result."riskScore", report = result.report, "reportText" = result."reportText",
      "knowledgeUsed" = result."knowledgeUsed", flags = result.flags, degraded = result.degraded, provider = result.provider,
      model = result.model, "traceId" = result."traceId", "operatingPoint" = result."operatingPoint",
      "reviewThreshold" = result."reviewThreshold", "finishedAt" = now()
    FROM result
    WHERE review.id = result.id AND review.status = 'RUNNING' AND review.attempt = result.attempt AND ${barrier}
    RETURNING review.id
  ), written_result AS (
    SELECT result.id, result."tenantId", result."userId", result."knowledgeUsed" AS used, result.findings FROM result JOIN written USING (id)
  ), findings AS (
    INSERT INTO "ReviewFinding" (id, "reviewId", position, clause, "clauseIndex", "knowledgeId", version, severity, message, "evidenceStart",
           "evidenceEnd", category, confidence, "modelStatus", threshold)
    SELECT gen_random_uuid(), written_result.id, finding.position, finding.clause, finding."clauseIndex", finding."knowledgeId", finding.version,
           finding.severity::"RiskLevel", finding.message, finding."evidenceStart", finding."evidenceEnd", finding.category, finding.confidence,
           finding."modelStatus"::"FindingStatus", finding.threshold
      FROM written_result, jsonb_to_recordset(written_result.findings) AS finding(position int, clause text, "clauseIndex" int,
           "knowledgeId" text, version text, severity text, message text, "evidenceStart" int, "evidenceEnd" int, category text,
           confidence double precision, "modelStatus" text, threshold double precision)
  )${accessLog ? `, access AS (${accessLog})` : ''}
  SELECT id FROM written`;

/**
 * The reviews still RUNNING under the attempt of their unwritten result (the barrier stopped that
 * result); a review taken over by a later attempt is not, its stale run simply lost it.
 */
const STILL_HELD = `SELECT review.id FROM "Review" AS review
  JOIN jsonb_to_recordset($1::jsonb) AS run(id uuid, attempt int) ON review.id = run.id AND review.attempt = run.attempt
  WHERE review.status = 'RUNNING'`;

const REVIEW_COLUMNS = `id, "tenantId", "userId", "batchId", "batchIndex", "contractId", title, text, "asOf", "pinnedKnowledge", status,
  language, "riskLevel", "riskScore", report, "reportText", "knowledgeUsed", flags, degraded, provider, model, "traceId", "errorCode",
  "errorMessage", "createdAt", "startedAt", "finishedAt", "operatingPoint", "reviewThreshold"`;

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
  private readonly results = new WriteCoalescer((rows: ResultRow[]) => this.writeResultsTogether(rows), { maxBatch: 32, maxInFlight: 1 });
  private readonly claims = new WriteCoalescer((claims: { id: string; redelivered: boolean }[]) => this.claimTogether(claims), {
    maxBatch: 64,
    maxInFlight: 1,
  });

  constructor(
    private readonly db: Database,
    private readonly barrier: PgWriteBarrier,
    /** The knowledge access log written with each result (KnowledgeService.accessLogOfResults). */
    private readonly accessLog: StatementOverRows | null = null,
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

  /** Of these reviews, the ids of those cancelled. */
  async cancelledAmong(reviewIds: readonly string[]): Promise<string[]> {
    const rows = await this.db.review.findMany({ where: { id: { in: [...reviewIds] }, status: 'CANCELLED' }, select: { id: true } });
    return rows.map((row) => row.id);
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
        ...(filter.needsReview ? { findings: { some: { modelStatus: 'NEEDS_REVIEW', decision: { is: null } } } } : {}),
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
  /**
   * Claims a review for its run; undefined when it is not to run (finished, cancelled, or claimed
   * by another attempt). A lone claim goes out at once; claims arriving while one is in flight leave
   * together in the next statement (one round trip instead of one each: a worker fetches up to its
   * concurrency of jobs at once, and these round trips were a third of the all-in-one process's
   * statements).
   */
  claim(reviewId: string, redelivered: boolean): Promise<ClaimedReview | undefined> {
    return this.claims.write({ id: reviewId, redelivered });
  }

  private async claimTogether(claims: { id: string; redelivered: boolean }[]): Promise<(ClaimedReview | undefined)[]> {
    const { rows } = await tracedQuery<ClaimedReview & { claimedAsRedelivered: boolean }>(
      this.pool,
      { text: CLAIM, values: [JSON.stringify(claims)] },
      { operation: 'UPDATE', target: 'Review' },
    );
    // Two jobs of one review in one statement: the row is updated once, through one of the two
    // claims (a RUNNING review only through a redelivered one), and the review runs for that claim only.
    const claimed = new Map(rows.map(({ claimedAsRedelivered, ...review }) => [`${review.id}:${claimedAsRedelivered}`, review]));
    return claims.map((claim) => {
      const key = `${claim.id}:${claim.redelivered}`;
      const review = claimed.get(key);
      claimed.delete(key);
      return review;
    });
  }

  /** Cancels reviews not finished yet (QUEUED or RUNNING -> CANCELLED); returns those it cancelled and their state before. */
  async cancel(where: { id: string } | { batchId: string }): Promise<{ id: string; userId: string; batchId: string | null }[]> {
    return this.db.review.updateManyAndReturn({
      where: { ...where, status: { in: ['QUEUED', 'RUNNING'] } },
      data: { status: 'CANCELLED', finishedAt: new Date() },
      select: { id: true, userId: true, batchId: true },
    });
  }

  /** A run that will be retried gives its review back (RUNNING -> QUEUED), unless a later attempt holds it. */
  async requeue(reviewId: string, attempt: number): Promise<void> {
    await this.db.review.updateMany({ where: { id: reviewId, status: 'RUNNING', attempt }, data: { status: 'QUEUED' } });
  }

  /**
   * Marks a review FAILED if it is still in one of `from` (and, with `attempt`, still held by that
   * run: a stale run fails nothing); false when it was not.
   */
  async markFailed(
    reviewId: string,
    failure: { errorCode: string; errorMessage: string; traceId: string | null },
    from: readonly ReviewStatus[] = ['RUNNING'],
    attempt?: number,
  ): Promise<boolean> {
    const { count } = await this.db.review.updateMany({
      where: { id: reviewId, status: { in: [...from] }, ...(attempt === undefined ? {} : { attempt }) },
      data: { ...failure, finishedAt: new Date(), status: 'FAILED' },
    });
    return count > 0;
  }

  findForRun(reviewId: string) {
    return this.db.review.findUnique({ where: { id: reviewId }, select: { id: true, userId: true, batchId: true } });
  }

  /**
   * Writes a review's result once: only while it is RUNNING, so a redelivered job whose earlier
   * attempt already wrote it, or whose acknowledgement was lost, writes nothing twice. The findings
   * and the knowledge access log go in the same autocommit statement, behind the write barrier's
   * condition. Results finishing while one statement is in flight leave together in the next (one
   * round trip for several reviews; each row carries its own owner's barrier). False when the
   * review was no longer RUNNING; throws the barrier's refusal when its owner was erased meanwhile.
   */
  async writeResult(
    review: { id: string; attempt: number; tenantId: string; userId: string },
    state: GraphRunResult,
    meta: { traceId: string; provider: string; model: string | null },
    setting: JudgementSetting = DEFAULT_SETTING,
  ): Promise<boolean> {
    const row: ResultRow = {
      id: review.id,
      attempt: review.attempt,
      tenantId: review.tenantId,
      userId: review.userId,
      language: state.language,
      riskLevel: state.riskLevel,
      riskScore: state.riskScore,
      report: state.reviewReport,
      reportText: state.reportText,
      knowledgeUsed: state.knowledgeUsed,
      flags: state.flags,
      degraded: state.degraded,
      provider: meta.provider,
      model: meta.model,
      traceId: meta.traceId,
      operatingPoint: setting.operatingPoint,
      reviewThreshold: setting.reviewThreshold,
      findings: state.findings.map((finding, position) => ({
        position,
        clause: finding.clause,
        clauseIndex: finding.clauseIndex,
        knowledgeId: finding.knowledgeId,
        version: finding.version,
        severity: finding.severity,
        message: finding.message,
        evidenceStart: finding.evidence?.start ?? null,
        evidenceEnd: finding.evidence?.end ?? null,
        category: finding.category,
        confidence: finding.confidence,
        ...judge(finding, setting),
      })),
      // Throws at once for an owner this process already knows to be erased.
      ...this.barrier.rowGuard(review.userId),
    };
    const outcome = await this.results.write(row);
    if (outcome === 'refused') throw this.barrier.refuse(review.userId);
    return outcome === 'written';
  }

  private async writeResultsTogether(rows: ResultRow[]): Promise<ResultOutcome[]> {
    // Two results of one review in one statement (two attempts finishing at once): only the latest attempt's is offered.
    const offered = new Map<string, ResultRow>();
    for (const row of rows) if ((offered.get(row.id)?.attempt ?? -1) < row.attempt) offered.set(row.id, row);
    const { rows: written } = await tracedQuery<{ id: string }>(
      this.pool,
      {
        text: WRITE_RESULTS(this.barrier.rowCondition('result'), this.accessLog?.('written_result') ?? null),
        values: [JSON.stringify([...offered.values()])],
      },
      { operation: 'UPDATE', target: 'Review' },
    );
    const writtenIds = new Set(written.map((row) => row.id));
    const unwritten = [...offered.keys()].filter((id) => !writtenIds.has(id));
    // Not written but still RUNNING: the barrier stopped it (its owner was erased meanwhile).
    const stopped = new Set<string>();
    if (unwritten.length > 0) {
      const runs = JSON.stringify(unwritten.map((id) => ({ id, attempt: offered.get(id)!.attempt })));
      const { rows: running } = await tracedQuery<{ id: string }>(
        this.pool,
        { text: STILL_HELD, values: [runs] },
        { operation: 'SELECT', target: 'Review' },
      );
      for (const row of running) stopped.add(row.id);
    }
    return rows.map((row) =>
      offered.get(row.id) !== row ? 'not-running' : writtenIds.has(row.id) ? 'written' : stopped.has(row.id) ? 'refused' : 'not-running',
    );
  }
}
