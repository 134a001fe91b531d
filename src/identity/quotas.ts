import type { AuditLog } from '../audit/service.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { Database } from '../platform/db/prisma.js';
import { AppError, badUserInput, forbidden } from '../platform/errors.js';
import { ExpiringCache, SharedLoads } from '../platform/expiring-cache.js';
import { checkpointTables } from '../platform/langgraph/checkpointer.js';
import { CHECKPOINT_SCHEMA } from '../platform/langgraph/checkpointer.js';
import { createLogger } from '../platform/logger.js';
import { hasRole, type Principal } from './principal.js';

const log = createLogger('quotas');

export type QuotaName = 'facts' | 'sessions' | 'checkpointBytes' | 'reviewsPerDay';
export const QUOTA_NAMES: readonly QuotaName[] = ['facts', 'sessions', 'checkpointBytes', 'reviewsPerDay'];
export type QuotaValues = Record<QuotaName, number>;
/** A count of one quota's use, plus what this process added since `countedAt`. */
interface RecentCount {
  used: number;
  countedAt: number;
}

/** Checkpoint bytes change with every turn; counting them per turn would cost more than the turn. */
const CHECKPOINT_USAGE_TTL_MS = 30_000;

/**
 * The hot check (`createSession`) reuses what it learnt: a tenant's limits for 10 s (this process's
 * own `setTenantQuota` applies at once, another process's within 10 s), and its session count plus
 * the sessions this process added since, but only while that stays under 90 % of the limit. Within
 * the last 10 % every check counts. A count older than 10 s is counted again in the background while
 * checks go on with it (at most 30 s old): counting grows with the tenant's sessions, and every
 * create of the tenant waiting for it every 10 s was the hot path's slowest moment. The check was
 * never exact under concurrency anyway (it runs before the insert's transaction).
 */
export const QUOTA_REUSE = { ttlMs: 10_000, staleMs: 30_000, belowShare: 0.9, maxTenants: 10_000 } as const;
const REUSED_COUNTS: ReadonlySet<QuotaName> = new Set(['sessions']);

/**
 * Per-tenant limits on facts, sessions, stored checkpoint bytes and reviews per day. Defaults
 * come from the configuration; an ADMIN may set the tenant's own. Exceeding one is
 * QUOTA_EXCEEDED naming the limit.
 */
export class QuotaService {
  private readonly checkpointUsage = new Map<string, { bytes: number; at: number }>();
  private readonly recentLimits: ExpiringCache<string, QuotaValues>;
  /** Per `${tenantId}:${quota}`: a recent count plus what this process added since, kept up to `staleMs`. */
  private readonly recentUsage: ExpiringCache<string, RecentCount>;
  private readonly limitLoads = new SharedLoads<string, QuotaValues>();
  private readonly countLoads = new SharedLoads<string, RecentCount>();
  /** Background recounts not yet settled (awaited by {@link settled}). */
  private readonly refreshing = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Database,
    private readonly defaults: QuotaValues,
    private readonly audit: AuditLog,
    private readonly now: () => number = Date.now,
  ) {
    this.recentLimits = new ExpiringCache(QUOTA_REUSE.maxTenants, now);
    this.recentUsage = new ExpiringCache(QUOTA_REUSE.maxTenants, now);
  }

  async limits(tenantId: string): Promise<QuotaValues> {
    const row = await this.db.tenantQuota.findUnique({ where: { tenantId } });
    return {
      facts: row?.maxFacts ?? this.defaults.facts,
      sessions: row?.maxSessions ?? this.defaults.sessions,
      checkpointBytes:
        row?.maxCheckpointBytes !== null && row?.maxCheckpointBytes !== undefined
          ? Number(row.maxCheckpointBytes)
          : this.defaults.checkpointBytes,
      reviewsPerDay: row?.maxReviewsPerDay ?? this.defaults.reviewsPerDay,
    };
  }

  private async checkpointBytes(tenantId: string, fresh = false): Promise<number> {
    const cached = this.checkpointUsage.get(tenantId);
    if (!fresh && cached && Date.now() - cached.at < CHECKPOINT_USAGE_TTL_MS) return cached.bytes;
    const tables = await checkpointTables(this.db);
    let bytes = 0;
    if (tables.includes('checkpoint_blobs') && tables.includes('checkpoints')) {
      const [row] = await this.db.$queryRawUnsafe<{ bytes: bigint | null }[]>(
        `WITH owners AS (SELECT id::text AS id FROM "User" WHERE "tenantId" = $1::uuid)
         SELECT (SELECT coalesce(sum(octet_length(b.blob)), 0) FROM "${CHECKPOINT_SCHEMA}".checkpoint_blobs b WHERE split_part(b.thread_id, ':', 1) IN (SELECT id FROM owners))
              + (SELECT coalesce(sum(pg_column_size(c.checkpoint)), 0) FROM "${CHECKPOINT_SCHEMA}".checkpoints c WHERE split_part(c.thread_id, ':', 1) IN (SELECT id FROM owners)) AS bytes`,
        tenantId,
      );
      bytes = Number(row?.bytes ?? 0);
    }
    this.checkpointUsage.set(tenantId, { bytes, at: Date.now() });
    return bytes;
  }

  /** What the tenant uses of one quota now (checkpoint bytes: at most 30 s old unless `fresh`). */
  private async used(tenantId: string, name: QuotaName, fresh = false): Promise<number> {
    switch (name) {
      case 'facts':
        return this.db.fact.count({ where: { tenantId, supersededAt: null } });
      case 'sessions':
        return this.db.session.count({ where: { tenantId } });
      case 'reviewsPerDay': {
        const startOfDay = new Date();
        startOfDay.setUTCHours(0, 0, 0, 0);
        return this.db.review.count({ where: { tenantId, createdAt: { gte: startOfDay } } });
      }
      case 'checkpointBytes':
        return this.checkpointBytes(tenantId, fresh);
    }
  }

  async usage(tenantId: string, fresh = false): Promise<QuotaValues> {
    const counts = await Promise.all(QUOTA_NAMES.map((name) => this.used(tenantId, name, fresh)));
    return Object.fromEntries(QUOTA_NAMES.map((name, index) => [name, counts[index]!])) as QuotaValues;
  }

  private async reusedLimits(tenantId: string): Promise<QuotaValues> {
    return (
      this.recentLimits.get(tenantId) ??
      this.limitLoads.run(tenantId, async () => {
        const limits = await this.limits(tenantId);
        this.recentLimits.set(tenantId, limits, this.now() + QUOTA_REUSE.ttlMs);
        return limits;
      })
    );
  }

  /** Throws QUOTA_EXCEEDED when adding `amount` would pass the tenant's limit. */
  async assertRoom(tenantId: string, name: QuotaName, amount = 1): Promise<void> {
    if (REUSED_COUNTS.has(name)) {
      const limit = (await this.reusedLimits(tenantId))[name];
      const key = `${tenantId}:${name}`;
      let known = this.recentUsage.get(key);
      let counted = false;
      if (!known) {
        known = await this.countLoads.run(key, () => this.countAndKeep(key, tenantId, name, () => 0));
        counted = true;
      } else if (this.now() - known.countedAt >= QUOTA_REUSE.ttlMs) {
        this.recountInBackground(key, tenantId, name, known);
      }
      if (known.used + amount <= limit * QUOTA_REUSE.belowShare) {
        known.used += amount;
        return;
      }
      // Near the limit: a count of now, unless this call just made one (others' additions included).
      const used = counted ? known.used : await this.used(tenantId, name);
      this.refuseOver(name, limit, used, amount);
      known.used = used + amount;
      return;
    }
    const [limit, used] = await Promise.all([this.limits(tenantId).then((limits) => limits[name]), this.used(tenantId, name)]);
    this.refuseOver(name, limit, used, amount);
  }

  /**
   * Counts and keeps the count, plus `addedMeanwhile()`: what this process added while the count
   * ran (a row the count already saw is then held twice, which errs on the side of refusing).
   */
  private async countAndKeep(key: string, tenantId: string, name: QuotaName, addedMeanwhile: () => number): Promise<RecentCount> {
    const countedAt = this.now();
    const fresh = { used: await this.used(tenantId, name), countedAt };
    fresh.used += addedMeanwhile();
    this.recentUsage.set(key, fresh, countedAt + QUOTA_REUSE.staleMs);
    return fresh;
  }

  private recountInBackground(key: string, tenantId: string, name: QuotaName, stale: RecentCount): void {
    const heldBefore = stale.used;
    const recount = this.countLoads.run(key, () => this.countAndKeep(key, tenantId, name, () => stale.used - heldBefore));
    if (this.refreshing.has(recount)) return;
    this.refreshing.add(recount);
    // A failed recount leaves the stale count in use until it is too old; then a check counts itself and fails visibly.
    void recount
      .catch((error: unknown) => log.warn({ err: error, tenantId, quota: name }, 'quota recount failed'))
      .finally(() => this.refreshing.delete(recount));
  }

  /** Resolves once the background recounts started so far have settled. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.refreshing]);
  }

  private refuseOver(name: QuotaName, limit: number, used: number, amount: number): void {
    // Checkpoint bytes grow by a turn's size, unknown in advance: refuse once the limit is reached.
    const over = name === 'checkpointBytes' ? used >= limit : used + amount > limit;
    if (over) {
      throw new AppError('QUOTA_EXCEEDED', `The tenant's ${name} quota of ${limit} is used up (${used} in use).`, {
        limit: name,
        max: limit,
        used,
      });
    }
  }

  /** Sets the tenant's own limits (ADMIN); a null value returns that limit to the default. */
  async setLimits(principal: Principal, input: Partial<Record<QuotaName, number | null>>): Promise<QuotaValues> {
    await this.audit.recordTransaction(principal, 'QUOTA_SET', (tx) => this.writeLimits(tx, principal, input), {
      targetIds: [principal.tenantId],
    });
    this.recentLimits.delete(principal.tenantId);
    return this.limits(principal.tenantId);
  }

  private async writeLimits(
    tx: Prisma.TransactionClient,
    principal: Principal,
    input: Partial<Record<QuotaName, number | null>>,
  ): Promise<void> {
    if (!hasRole(principal, 'ADMIN')) throw forbidden('Only an ADMIN may set the quotas of the tenant.');
    for (const [name, value] of Object.entries(input)) {
      if (value !== null && value !== undefined && (!Number.isSafeInteger(value) || value < 0))
        throw badUserInput(`${name} must be a non-negative integer or null.`, name);
    }
    const data = {
      ...(input.facts !== undefined ? { maxFacts: input.facts } : {}),
      ...(input.sessions !== undefined ? { maxSessions: input.sessions } : {}),
      ...(input.checkpointBytes !== undefined
        ? { maxCheckpointBytes: input.checkpointBytes === null ? null : BigInt(input.checkpointBytes) }
        : {}),
      ...(input.reviewsPerDay !== undefined ? { maxReviewsPerDay: input.reviewsPerDay } : {}),
      updatedAt: new Date(),
    };
    await tx.tenantQuota.upsert({
      where: { tenantId: principal.tenantId },
      create: { tenantId: principal.tenantId, ...data },
      update: data,
    });
  }

  /** Usage against limits (ADMIN); the read is audited (TENANT_USAGE_READ). */
  report(principal: Principal): Promise<{ name: QuotaName; used: number; limit: number }[]> {
    return this.audit.record(
      principal,
      'TENANT_USAGE_READ',
      () => {
        if (!hasRole(principal, 'ADMIN')) throw forbidden('Only an ADMIN may see the usage of the tenant.');
        return this.usageAgainstLimits(principal.tenantId);
      },
      { targetIds: [principal.tenantId] },
    );
  }

  /** Sets the tenant's limits (ADMIN, audited as QUOTA_SET) and returns usage against them (part of that change's record). */
  async setLimitsAndReport(
    principal: Principal,
    input: Partial<Record<QuotaName, number | null>>,
  ): Promise<{ name: QuotaName; used: number; limit: number }[]> {
    await this.setLimits(principal, input);
    return this.usageAgainstLimits(principal.tenantId);
  }

  private async usageAgainstLimits(tenantId: string): Promise<{ name: QuotaName; used: number; limit: number }[]> {
    const [limits, usage] = await Promise.all([this.limits(tenantId), this.usage(tenantId, true)]);
    return QUOTA_NAMES.map((name) => ({ name, used: usage[name], limit: limits[name] }));
  }
}
