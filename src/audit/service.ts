import type { AuditOutcome, Prisma } from '../generated/prisma/client.js';
import { hasRole, type Principal } from '../identity/principal.js';
import type { Database } from '../platform/db/prisma.js';
import { AppError, assertUuid, badUserInput, forbidden } from '../platform/errors.js';
import { createLogger } from '../platform/logger.js';
import { activeTraceId, errorCodeOf } from '../platform/telemetry/tracing.js';

const log = createLogger('audit');

/** Every privileged action the audit log records. */
export const AUDIT_ACTIONS = [
  'KNOWLEDGE_PUT',
  'KNOWLEDGE_RETRACT',
  'QUOTA_SET',
  'ERASURE_REQUEST',
  'ERASURE_RESUME',
  'TRACE_READ',
  'TRACES_READ',
  'TENANT_USERS_LIST',
  'TENANT_SESSIONS_LIST',
  'USER_SESSIONS_LIST',
  'AUDIT_LOG_READ',
  'RATE_LIMIT_SET',
  'RETENTION_SET',
  'REVIEW_SETTING_SET',
  'FINDING_CONFIRM',
  'FINDING_REJECT',
  'TENANT_REVIEWS_LIST',
  'ADMIN_STATS_READ',
  'TENANT_USAGE_READ',
  'TENANT_RATE_LIMITS_READ',
  'TENANT_FACT_COUNTS_READ',
  'ERASURE_REQUESTS_LIST',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type AuditEntryRow = Prisma.AuditEntryGetPayload<object>;
export type { AuditOutcome };

/** Codes that mean the caller was not allowed: the attempt is DENIED rather than FAILED. */
const DENIAL_CODES = new Set(['FORBIDDEN', 'UNAUTHENTICATED']);

/** Handed to an audited action so it can name the ids it concerns as soon as it knows them. */
export interface AuditTargets {
  add(...ids: (string | null | undefined)[]): void;
}

export interface AuditOptions<T> {
  /** Ids known before the action runs. */
  targetIds?: readonly string[];
  /** Ids only the result knows (a created record's id), added on success. */
  resultIds?: (result: T) => readonly (string | null | undefined)[];
}

export interface AuditFilter {
  actions?: readonly AuditAction[] | null;
  actorId?: string | null;
  targetId?: string | null;
  outcomes?: readonly AuditOutcome[] | null;
  from?: Date | null;
  until?: Date | null;
}

/** A list position: newest first by (at, id). */
export function encodeAuditCursor(row: { at: Date; id: string }): string {
  return Buffer.from(`${row.at.toISOString()}|${row.id}`).toString('base64url');
}

function decodeAuditCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const instant = new Date(at ?? '');
  if (!id || Number.isNaN(instant.getTime())) throw badUserInput('after is not a cursor from this list.', 'after');
  return { at: instant, id: assertUuid(id, 'after') };
}

/**
 * What a target id may look like: UUIDs, trace ids, keyed hashes, `knowledgeId@version`. An
 * argument that is not id-shaped (free text sent where an id belongs) is left out, so an entry
 * never carries text a caller typed.
 */
const ID_SHAPE = /^[\p{L}\p{N}._:@#/-]{1,160}$/u;

class TargetList implements AuditTargets {
  readonly ids: string[] = [];
  constructor(initial: readonly string[] = []) {
    this.add(...initial);
  }
  add(...ids: (string | null | undefined)[]): void {
    for (const id of ids) if (id && ID_SHAPE.test(id) && !this.ids.includes(id)) this.ids.push(id);
  }
}

/**
 * The audit log of privileged actions: one append-only row per action or attempt, holding ids,
 * roles, outcome and codes, never content. Services wrap a privileged action in `record` (or
 * `recordTransaction` when the action is one write that its record must commit with); a denied
 * attempt is recorded as DENIED, any other failure as FAILED with its code, and the error is
 * rethrown unchanged. An action whose record cannot be written fails: nothing privileged happens
 * unrecorded.
 */
export class AuditLog {
  constructor(private readonly db: Database) {}

  /** Runs `work`, then records it once with its outcome. */
  async record<T>(
    principal: Principal,
    action: AuditAction,
    work: (targets: AuditTargets) => Promise<T> | T,
    options: AuditOptions<T> = {},
  ): Promise<T> {
    const targets = new TargetList(options.targetIds);
    let result: T;
    try {
      result = await work(targets);
    } catch (error) {
      await this.recordFailure(principal, action, targets, error);
      throw error;
    }
    if (options.resultIds) targets.add(...options.resultIds(result));
    await this.db.auditEntry.create({ data: this.entry(principal, action, targets, 'SUCCESS', null) });
    return result;
  }

  /**
   * Runs `work` in a transaction that also writes its SUCCESS record, so the action and its record
   * commit together or not at all; a failure is recorded after the rollback.
   */
  async recordTransaction<T>(
    principal: Principal,
    action: AuditAction,
    work: (tx: Prisma.TransactionClient, targets: AuditTargets) => Promise<T>,
    options: AuditOptions<T> = {},
  ): Promise<T> {
    const targets = new TargetList(options.targetIds);
    try {
      return await this.db.$transaction(async (tx) => {
        const result = await work(tx, targets);
        if (options.resultIds) targets.add(...options.resultIds(result));
        await tx.auditEntry.create({ data: this.entry(principal, action, targets, 'SUCCESS', null) });
        return result;
      });
    } catch (error) {
      await this.recordFailure(principal, action, targets, error);
      throw error;
    }
  }

  private async recordFailure(principal: Principal, action: AuditAction, targets: TargetList, error: unknown): Promise<void> {
    const code = errorCodeOf(error);
    const outcome: AuditOutcome = DENIAL_CODES.has(code) ? 'DENIED' : 'FAILED';
    try {
      await this.db.auditEntry.create({ data: this.entry(principal, action, targets, outcome, code) });
    } catch (failure) {
      // The caller gets the action's own error; the lost record is logged with what it would have held.
      log.error({ err: failure, action, outcome, code, tenantId: principal.tenantId }, 'audit record could not be written');
    }
  }

  private entry(
    principal: Principal,
    action: AuditAction,
    targets: TargetList,
    outcome: AuditOutcome,
    errorCode: string | null,
  ): Prisma.AuditEntryUncheckedCreateInput {
    return {
      tenantId: principal.tenantId,
      actorId: principal.userId,
      actorRoles: [...principal.roles],
      action,
      targetIds: targets.ids,
      outcome,
      errorCode,
      traceId: activeTraceId() ?? null,
    };
  }

  /** The tenant's entries, newest first (COMPLIANCE and ADMIN); the read itself is recorded. */
  async list(
    principal: Principal,
    filter: AuditFilter,
    page: { first: number; after?: string | null },
  ): Promise<{ rows: AuditEntryRow[]; hasNextPage: boolean }> {
    return this.record(principal, 'AUDIT_LOG_READ', async () => {
      if (!hasRole(principal, 'COMPLIANCE') && !hasRole(principal, 'ADMIN'))
        throw forbidden('Only a COMPLIANCE or ADMIN user of the tenant may read its audit log.');
      if (filter.from && filter.until && !(filter.from.getTime() < filter.until.getTime()))
        throw badUserInput('from must be before until.', 'until');
      const cursor = page.after ? decodeAuditCursor(page.after) : null;
      const rows = await this.db.auditEntry.findMany({
        where: {
          tenantId: principal.tenantId,
          ...(filter.actions?.length ? { action: { in: [...filter.actions] } } : {}),
          ...(filter.outcomes?.length ? { outcome: { in: [...filter.outcomes] } } : {}),
          ...(filter.actorId ? { actorId: filter.actorId } : {}),
          ...(filter.targetId ? { targetIds: { has: filter.targetId } } : {}),
          ...(filter.from || filter.until
            ? { at: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.until ? { lt: filter.until } : {}) } }
            : {}),
          ...(cursor ? { OR: [{ at: { lt: cursor.at } }, { at: cursor.at, id: { lt: cursor.id } }] } : {}),
        },
        orderBy: [{ at: 'desc' }, { id: 'desc' }],
        take: page.first + 1,
      });
      return { rows: rows.slice(0, page.first), hasNextPage: rows.length > page.first };
    });
  }

  /**
   * Erasure: replaces the user's id by its keyed hash wherever it names the actor or a target
   * (the one UPDATE the table's trigger allows). Idempotent; returns the entries changed.
   */
  async pseudonymize(userId: string, userHash: string): Promise<number> {
    if (!/^[0-9a-f]{64}$/.test(userHash)) throw new AppError('INTERNAL', 'an audit pseudonym must be a keyed hash');
    return this.db.$executeRaw`
      UPDATE "AuditEntry"
         SET "actorId" = CASE WHEN "actorId" = ${userId} THEN ${userHash} ELSE "actorId" END,
             "targetIds" = array_replace("targetIds", ${userId}, ${userHash})
       WHERE "actorId" = ${userId} OR "targetIds" @> ARRAY[${userId}]::text[]`;
  }
}
