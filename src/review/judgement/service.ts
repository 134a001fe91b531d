import type { AuditLog } from '../../audit/service.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { hasRole, type Principal } from '../../identity/principal.js';
import type { Database } from '../../platform/db/prisma.js';
import { prismaRunner, type WriteBarrier } from '../../platform/db/write-barrier.js';
import { AppError, assertUuid, badUserInput, forbidden, notFound } from '../../platform/errors.js';
import { ExpiringCache, SharedLoads } from '../../platform/expiring-cache.js';
import { unstorableCharacter } from '../../platform/text.js';
import type { ReviewProgressLog } from '../run/progress.js';
import { DEFAULT_SETTING, type JudgementSetting, type OperatingPoint, validThreshold } from './operating-point.js';

export type FindingDecisionRow = Prisma.FindingDecisionGetPayload<object>;
export type DecidedFindingRow = Prisma.ReviewFindingGetPayload<{ include: { decision: true } }>;
export type Verdict = FindingDecisionRow['verdict'];

/** A tenant's setting as its ADMIN sees it. */
export interface TenantJudgementSetting extends JudgementSetting {
  /** False while the tenant runs on the defaults (no setting stored). */
  custom: boolean;
  updatedAt: Date | null;
}

/** How long a process trusts a tenant's setting it read: another gateway's change is seen within this. */
const SETTING_TTL_MS = 5_000;
const SETTING_CACHE_TENANTS = 10_000;
/** The longest reason a rejection may give. */
export const MAX_REASON_LENGTH = 2_000;

/** Who may confirm or reject findings (docs/security.md "Who may decide a finding"). */
export const canDecide = (principal: Principal) => hasRole(principal, 'REVIEWER');

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === 'P2002' || (error as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * The human side of review judgement: each tenant's operating point (set by its ADMIN, audited), and reviewers'
 * decisions on findings (confirm or reject, at most one per finding, audited, streamed on the review's progress).
 * Services know nothing of GraphQL; every public method checks its caller first.
 */
export class ReviewJudgement {
  private readonly settings = new ExpiringCache<string, JudgementSetting>(SETTING_CACHE_TENANTS);
  private readonly loads = new SharedLoads<string, JudgementSetting>();

  constructor(
    private readonly db: Database,
    private readonly audit: AuditLog,
    /** Orders a decider's writes against the decider's erasure. */
    private readonly barrier: WriteBarrier,
    private readonly progress: ReviewProgressLog,
  ) {}

  /** The setting a tenant's reviews are judged by (cached for a few seconds; the defaults when none is stored). */
  forTenant(tenantId: string): Promise<JudgementSetting> {
    const cached = this.settings.get(tenantId);
    if (cached) return Promise.resolve(cached);
    return this.loads.run(tenantId, async () => {
      const row = await this.db.tenantReviewSetting.findUnique({ where: { tenantId } });
      const setting = row ? { operatingPoint: row.operatingPoint, reviewThreshold: row.reviewThreshold } : DEFAULT_SETTING;
      this.settings.set(tenantId, setting, Date.now() + SETTING_TTL_MS);
      return setting;
    });
  }

  /** The tenant's setting (ADMIN, or a REVIEWER who wants to know why findings need them). */
  async describe(principal: Principal): Promise<TenantJudgementSetting> {
    if (!hasRole(principal, 'ADMIN') && !canDecide(principal))
      throw forbidden('Only an ADMIN or a REVIEWER may see the review settings of the tenant.');
    const row = await this.db.tenantReviewSetting.findUnique({ where: { tenantId: principal.tenantId } });
    return row
      ? { operatingPoint: row.operatingPoint, reviewThreshold: row.reviewThreshold, custom: true, updatedAt: row.updatedAt }
      : { ...DEFAULT_SETTING, custom: false, updatedAt: null };
  }

  /**
   * Sets the tenant's operating point and/or its own review threshold (ADMIN; audited with the change in one
   * transaction). An omitted field keeps its value; a null threshold returns to the operating point's thresholds.
   * Reviews written from then on are judged by it (those already written keep theirs).
   */
  async set(
    principal: Principal,
    input: { operatingPoint?: OperatingPoint | null; reviewThreshold?: number | null },
  ): Promise<TenantJudgementSetting> {
    const tenantId = principal.tenantId;
    await this.audit.recordTransaction(
      principal,
      'REVIEW_SETTING_SET',
      async (tx) => {
        if (!hasRole(principal, 'ADMIN')) throw forbidden('Only an ADMIN may set the review settings of the tenant.');
        if (input.reviewThreshold !== undefined && !validThreshold(input.reviewThreshold))
          throw badUserInput('reviewThreshold must be between 0 and 1, or null for the operating point’s thresholds.', 'reviewThreshold');
        const data = {
          ...(input.operatingPoint ? { operatingPoint: input.operatingPoint } : {}),
          ...(input.reviewThreshold !== undefined ? { reviewThreshold: input.reviewThreshold } : {}),
          updatedAt: new Date(),
        };
        await tx.tenantReviewSetting.upsert({ where: { tenantId }, create: { tenantId, ...data }, update: data });
      },
      { targetIds: [tenantId] },
    );
    // This process sees the change at once; other processes within SETTING_TTL_MS.
    this.settings.delete(tenantId);
    return this.describe(principal);
  }

  /** A REVIEWER confirms a finding of the tenant: the model's verdict stands. */
  confirm(principal: Principal, findingId: string): Promise<DecidedFindingRow> {
    return this.decide(principal, findingId, 'CONFIRMED', null);
  }

  /** A REVIEWER rejects a finding of the tenant, saying why: it is wrong. */
  reject(principal: Principal, findingId: string, reason: string): Promise<DecidedFindingRow> {
    return this.decide(principal, findingId, 'REJECTED', reason);
  }

  /**
   * One decision per finding, in one transaction with its audit entry, inside the decider's erasure barrier: the
   * finding's row is locked first, so of two decisions racing on one finding the second sees the first and fails
   * with CONFLICT (the unique key on the finding is the last line of defence). Another tenant's finding does not exist.
   */
  private async decide(principal: Principal, findingId: string, verdict: Verdict, reason: string | null): Promise<DecidedFindingRow> {
    const action = verdict === 'CONFIRMED' ? 'FINDING_CONFIRM' : 'FINDING_REJECT';
    const { row: decided, owner } = await this.audit
      .recordTransaction(
        principal,
        action,
        async (tx, targets) => {
          if (!canDecide(principal)) throw forbidden('Only a REVIEWER may confirm or reject findings.');
          const id = assertUuid(findingId, 'id');
          targets.add(id);
          const why = verdict === 'REJECTED' ? checkedReason(reason) : null;
          await this.barrier.enter(prismaRunner(tx), principal.userId);
          const [finding] = await tx.$queryRaw<{ reviewId: string; tenantId: string; userId: string }[]>`
          SELECT f."reviewId", r."tenantId", r."userId" FROM "ReviewFinding" f JOIN "Review" r ON r.id = f."reviewId"
           WHERE f.id = ${id}::uuid FOR UPDATE OF f`;
          if (!finding || finding.tenantId !== principal.tenantId) throw notFound('Finding');
          targets.add(finding.reviewId);
          const existing = await tx.findingDecision.findUnique({ where: { findingId: id } });
          if (existing) throw alreadyDecided(existing.verdict);
          try {
            await tx.findingDecision.create({
              data: {
                findingId: id,
                reviewId: finding.reviewId,
                tenantId: principal.tenantId,
                deciderId: principal.userId,
                verdict,
                reason: why,
              },
            });
          } catch (error) {
            if (isUniqueViolation(error)) throw alreadyDecided(null);
            throw error;
          }
          const row = await tx.reviewFinding.findUniqueOrThrow({ where: { id }, include: { decision: true } });
          return { row, owner: { reviewId: finding.reviewId, userId: finding.userId } };
        },
        { resultIds: ({ row }) => [row.decision?.id] },
      )
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw alreadyDecided(null);
        throw error;
      });
    this.progress.publish(
      {
        reviewId: owner.reviewId,
        kind: 'FINDING_DECIDED',
        node: null,
        durationMs: null,
        counts: null,
        status: 'SUCCEEDED',
        errorCode: null,
        findingId: decided.id,
        verdict,
      },
      owner.userId,
    );
    return decided;
  }

  /** Findings of a review that still need a person: the model sent them to review and nobody decided yet. */
  undecided(reviewId: string): Promise<number> {
    return this.db.reviewFinding.count({ where: { reviewId, modelStatus: 'NEEDS_REVIEW', decision: null } });
  }
}

function alreadyDecided(verdict: Verdict | null): AppError {
  return new AppError(
    'CONFLICT',
    verdict ? `This finding was already ${verdict.toLowerCase()}; a finding is decided once.` : 'This finding was already decided.',
    verdict ? { verdict } : {},
  );
}

function checkedReason(reason: string | null): string {
  const trimmed = reason?.trim() ?? '';
  if (!trimmed) throw badUserInput('A rejection needs a reason.', 'reason');
  if (trimmed.length > MAX_REASON_LENGTH) throw badUserInput(`reason is longer than ${MAX_REASON_LENGTH} characters.`, 'reason');
  if (unstorableCharacter(trimmed)) throw badUserInput('reason holds a character that cannot be stored.', 'reason');
  return trimmed;
}
