import type pg from 'pg';
import { hasRole, type Principal } from '../identity/principal.js';
import { createPool } from '../platform/db/pool.js';
import type { Database } from '../platform/db/prisma.js';
import type { PgWriteBarrier } from '../platform/db/write-barrier.js';
import { badUserInput, forbidden } from '../platform/errors.js';
import type { JobQueue } from '../platform/jobs/job-queue.js';
import { CHECKPOINT_SCHEMA } from '../platform/langgraph/checkpointer.js';
import { createLogger } from '../platform/logger.js';
import type { AuditLog } from '../audit/service.js';
import { threadLockKey } from './thread-lock.js';

const log = createLogger('retention');

/** The queue whose jobs run a retention sweep (pg-boss, like reviews and erasures). */
export const RETENTION_QUEUE = 'memory-retention';

/** A tenant's retention; 0 turns a rule off. */
export interface RetentionPolicy {
  /** Threads (sessions) with no turn for longer than this many days are deleted. */
  threadIdleDays: number;
  /** Checkpoint history is pruned to the latest this many checkpoints per thread. */
  keepCheckpoints: number;
}

export interface RetentionSettings extends RetentionPolicy {
  /** How often each process queues a sweep (0: never; sweeps then run only when asked). */
  sweepSeconds: number;
}

/** What one sweep did. */
export interface RetentionReport {
  threadsDeleted: number;
  checkpointsPruned: number;
  /** Threads left for the next sweep because a turn held them. */
  threadsBusy: number;
}

/** The actor of retention's audit entries: the server itself, never a user. */
export const RETENTION_ACTOR = 'system:retention';

const q = (name: string) => `"${name}"`;
const CP = `${q(CHECKPOINT_SCHEMA)}.checkpoints`;
const CP_WRITES = `${q(CHECKPOINT_SCHEMA)}.checkpoint_writes`;
const CP_BLOBS = `${q(CHECKPOINT_SCHEMA)}.checkpoint_blobs`;

/**
 * Memory retention per tenant: threads idle longer than N days are deleted (checkpoints, retrieval
 * passages, the session), and checkpoint history is pruned to the latest K per thread. A sweep runs
 * as a job on the existing queue. Each thread is handled in one transaction that enters the user's
 * write barrier first (as every memory write does, so it is ordered against an erasure) and then
 * tries the thread's own lock, the one every turn holds: a thread with a turn running is skipped
 * until the next sweep, so retention never deletes what a live turn is writing or has just
 * written. Every deletion is recorded in the audit log in the same transaction.
 */
export class MemoryRetention {
  private readonly pool: pg.Pool;
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<RetentionReport> | undefined;

  constructor(
    private readonly db: Database,
    databaseUrl: string,
    private readonly barrier: PgWriteBarrier,
    private readonly audit: AuditLog,
    private readonly settings: RetentionSettings,
    private readonly jobs?: JobQueue,
  ) {
    this.pool = createPool({ connectionString: databaseUrl, max: 2, name: 'memory-retention' });
  }

  /** Creates the queue; with `work`, runs sweeps here and queues one every `sweepSeconds`. */
  async start(options: { work: boolean }): Promise<void> {
    if (!this.jobs) return;
    await this.jobs.start([{ name: RETENTION_QUEUE, retryLimit: 2, retryDelaySeconds: 30 }]);
    if (!options.work) return;
    await this.jobs.work(RETENTION_QUEUE, 1, async () => this.sweep());
    if (this.settings.sweepSeconds > 0) {
      this.timer = setInterval(() => {
        this.jobs?.insert(RETENTION_QUEUE, [{ data: { at: new Date().toISOString() } }]).catch((error: unknown) => {
          log.warn({ err: error }, 'could not queue a retention sweep');
        });
      }, this.settings.sweepSeconds * 1000);
      this.timer.unref();
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.sweeping?.catch(() => undefined);
    await this.pool.end();
  }

  /** The caller's tenant's policy (ADMIN), the server's defaults filled in. */
  async policy(principal: Principal): Promise<RetentionPolicy> {
    if (!hasRole(principal, 'ADMIN')) throw forbidden('Only an ADMIN may read the retention policy.');
    return this.policyOf(principal.tenantId);
  }

  private async policyOf(tenantId: string): Promise<RetentionPolicy> {
    const row = await this.db.tenantRetention.findUnique({ where: { tenantId } });
    return {
      threadIdleDays: row?.threadIdleDays ?? this.settings.threadIdleDays,
      keepCheckpoints: row?.keepCheckpoints ?? this.settings.keepCheckpoints,
    };
  }

  /** Sets the tenant's policy (ADMIN, audited); null returns a rule to the default, an omitted field keeps it. */
  async setPolicy(
    principal: Principal,
    input: { threadIdleDays?: number | null; keepCheckpoints?: number | null },
  ): Promise<RetentionPolicy> {
    await this.audit.recordTransaction(
      principal,
      'RETENTION_SET',
      async (tx) => {
        if (!hasRole(principal, 'ADMIN')) throw forbidden('Only an ADMIN may set the retention policy.');
        for (const [field, value, max] of [
          ['threadIdleDays', input.threadIdleDays, 36_500],
          ['keepCheckpoints', input.keepCheckpoints, 1_000_000],
        ] as const) {
          if (value !== undefined && value !== null && (!Number.isInteger(value) || value < 0 || value > max))
            throw badUserInput(`${field} is a whole number from 0 (off) to ${max}.`, field);
        }
        // A pruned thread keeps at least its latest checkpoint and the one before it.
        if (input.keepCheckpoints !== undefined && input.keepCheckpoints !== null && input.keepCheckpoints > 0 && input.keepCheckpoints < 2)
          throw badUserInput('keepCheckpoints is 0 (off) or at least 2.', 'keepCheckpoints');
        const data = {
          ...(input.threadIdleDays !== undefined ? { threadIdleDays: input.threadIdleDays } : {}),
          ...(input.keepCheckpoints !== undefined ? { keepCheckpoints: input.keepCheckpoints } : {}),
          updatedAt: new Date(),
        };
        await tx.tenantRetention.upsert({
          where: { tenantId: principal.tenantId },
          create: { tenantId: principal.tenantId, ...data },
          update: data,
        });
      },
      { targetIds: [principal.tenantId] },
    );
    return this.policyOf(principal.tenantId);
  }

  /** One sweep over every tenant (one at a time in this process; sweeps are idempotent). */
  sweep(): Promise<RetentionReport> {
    this.sweeping ??= this.sweepAll().finally(() => {
      this.sweeping = undefined;
    });
    return this.sweeping;
  }

  private async sweepAll(): Promise<RetentionReport> {
    const report: RetentionReport = { threadsDeleted: 0, checkpointsPruned: 0, threadsBusy: 0 };
    const tenants = await this.db.tenant.findMany({ select: { id: true } });
    // The checkpointer creates its tables at the first turn: before it there is nothing to prune.
    const { rows } = await this.pool.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [CP]);
    const checkpoints = Boolean(rows[0]?.present);
    for (const { id: tenantId } of tenants) {
      const policy = await this.policyOf(tenantId);
      if (policy.threadIdleDays > 0) await this.deleteIdleThreads(tenantId, policy.threadIdleDays, checkpoints, report);
      if (policy.keepCheckpoints > 0 && checkpoints) await this.pruneCheckpoints(tenantId, policy.keepCheckpoints, report);
    }
    if (report.threadsDeleted + report.checkpointsPruned > 0) log.info(report, 'retention sweep');
    return report;
  }

  /**
   * Runs `work` for one thread in a transaction inside the user's write barrier and holding the
   * thread's lock; false when a turn holds the thread (or the user is being erased: erasure
   * deletes the thread itself).
   */
  private async onThread(userId: string, threadId: string, work: (client: pg.PoolClient) => Promise<void>): Promise<boolean> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      try {
        await this.barrier.begin(client, userId);
      } catch {
        await client.query('ROLLBACK').catch(() => (broken = true));
        return false;
      }
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS locked', [
        threadLockKey(threadId),
      ]);
      if (!rows[0]?.locked) {
        await client.query('ROLLBACK');
        return false;
      }
      await work(client);
      await client.query('COMMIT');
      return true;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => (broken = true));
      throw error;
    } finally {
      client.release(broken);
    }
  }

  private async auditEntry(client: pg.PoolClient, tenantId: string, action: string, targetIds: string[]): Promise<void> {
    await client.query(
      `INSERT INTO "AuditEntry" ("id", "tenantId", "actorId", "actorRoles", "action", "targetIds", "outcome")
       VALUES (gen_random_uuid(), $1::uuid, $2, '{}', $3, $4::text[], 'SUCCESS')`,
      [tenantId, RETENTION_ACTOR, action, targetIds],
    );
  }

  /**
   * Sessions of the tenant whose last activity (created, a retrieval passage, a checkpoint) is
   * older than the cut-off: each deleted with its checkpoints and passages, the idleness checked
   * again under the thread's lock.
   */
  private async deleteIdleThreads(tenantId: string, days: number, checkpoints: boolean, report: RetentionReport): Promise<void> {
    const cutoff = new Date(Date.now() - days * 86_400_000);
    const idle = (alias: string) => `${alias}."createdAt" < $2
        AND NOT EXISTS (SELECT 1 FROM "MemoryPassage" p WHERE p."sessionId" = ${alias}."id" AND p."createdAt" >= $2)
        ${
          checkpoints
            ? `AND NOT EXISTS (SELECT 1 FROM ${CP} c WHERE c.thread_id = ${alias}."userId"::text || ':' || ${alias}."id"::text
          AND (c.checkpoint->>'ts')::timestamptz >= $2)`
            : ''
        }`;
    const { rows } = await this.pool.query<{ id: string; userId: string }>(
      `SELECT s."id", s."userId" FROM "Session" s WHERE s."tenantId" = $1::uuid AND ${idle('s')} ORDER BY s."createdAt" LIMIT 1000`,
      [tenantId, cutoff],
    );
    for (const session of rows) {
      const threadId = `${session.userId}:${session.id}`;
      const done = await this.onThread(session.userId, threadId, async (client) => {
        const still = await client.query(`SELECT 1 FROM "Session" s WHERE s."id" = $1::uuid AND ${idle('s')}`, [session.id, cutoff]);
        if (still.rows.length === 0) return;
        if (checkpoints)
          for (const table of [CP_WRITES, CP_BLOBS, CP]) await client.query(`DELETE FROM ${table} WHERE thread_id = $1`, [threadId]);
        await client.query('DELETE FROM "Session" WHERE "id" = $1::uuid', [session.id]);
        await this.auditEntry(client, tenantId, 'RETENTION_THREAD_DELETED', [session.id, session.userId]);
        report.threadsDeleted += 1;
      });
      if (!done) report.threadsBusy += 1;
    }
  }

  /**
   * Threads of the tenant with more than `keep` checkpoints: the older ones go, with their pending
   * writes and the blobs no kept checkpoint refers to.
   */
  private async pruneCheckpoints(tenantId: string, keep: number, report: RetentionReport): Promise<void> {
    const { rows } = await this.pool.query<{ thread_id: string; userId: string }>(
      `SELECT c.thread_id, u."id"::text AS "userId" FROM ${CP} c
         JOIN "User" u ON u."tenantId" = $1::uuid AND left(c.thread_id, 37) = u."id"::text || ':'
        GROUP BY c.thread_id, u."id" HAVING count(*) > $2::int LIMIT 10000`,
      [tenantId, keep],
    );
    for (const thread of rows) {
      const done = await this.onThread(thread.userId, thread.thread_id, async (client) => {
        const pruned = await client.query(
          `DELETE FROM ${CP} c USING (
             SELECT checkpoint_ns, checkpoint_id, row_number() OVER (PARTITION BY checkpoint_ns ORDER BY checkpoint_id DESC) AS position
               FROM ${CP} WHERE thread_id = $1) ranked
           WHERE c.thread_id = $1 AND c.checkpoint_ns = ranked.checkpoint_ns AND c.checkpoint_id = ranked.checkpoint_id AND ranked.position > $2::int`,
          [thread.thread_id, keep],
        );
        if (!pruned.rowCount) return;
        await client.query(
          `DELETE FROM ${CP_WRITES} w WHERE w.thread_id = $1
             AND NOT EXISTS (SELECT 1 FROM ${CP} c WHERE c.thread_id = w.thread_id AND c.checkpoint_ns = w.checkpoint_ns AND c.checkpoint_id = w.checkpoint_id)`,
          [thread.thread_id],
        );
        await client.query(
          `DELETE FROM ${CP_BLOBS} b WHERE b.thread_id = $1
             AND NOT EXISTS (SELECT 1 FROM ${CP} c WHERE c.thread_id = b.thread_id AND c.checkpoint_ns = b.checkpoint_ns
               AND c.checkpoint->'channel_versions'->>b.channel = b.version)`,
          [thread.thread_id],
        );
        await this.auditEntry(client, tenantId, 'RETENTION_CHECKPOINTS_PRUNED', [thread.thread_id.slice(37), thread.userId]);
        report.checkpointsPruned += pruned.rowCount;
      });
      if (!done) report.threadsBusy += 1;
    }
  }
}
