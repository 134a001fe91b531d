import type pg from 'pg';
import type { Database } from '../platform/db/prisma.js';
import type { BarrierCondition, BarrierRowValues, PgWriteBarrier, SqlRunner } from '../platform/db/write-barrier.js';
import { AppError } from '../platform/errors.js';
import type { ErasedSubjects } from '../identity/service.js';
import type { SubjectHasher } from './subject-hash.js';

/** What pg resolves a message of several statements to: one result per statement. */
function isResultList(value: unknown): value is pg.QueryResult[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null && Array.isArray(item.rows));
}

/** Raised when a write targets an erased subject. */
export class SubjectErasedError extends AppError {
  constructor() {
    super('FORBIDDEN', 'This user has been erased; nothing can be written for them.', { reason: 'SUBJECT_ERASED' });
    this.name = 'SubjectErasedError';
  }
}

/** The first key of the advisory locks that order a user's writes against the user's erasure. */
export const ERASURE_LOCK_SPACE = 0x45524153; // 'ERAS'

/** The second key: 32 bits of the user's UUID (a collision only makes two users wait on each other). */
export function erasureLockKey(userId: string): number {
  return Number.parseInt(userId.replace(/-/g, '').slice(0, 8), 16) | 0;
}

/** The first key of the locks that order provisioning a token's subject against its erasure. */
const SUBJECT_LOCK_SPACE = 0x53554254; // 'SUBT'

/** 32 bits of a subject hash. */
const subjectLockKey = (subjectHash: string) => Number.parseInt(subjectHash.slice(0, 8), 16) | 0;

/** A statement that takes an advisory lock; selecting its void result directly upsets Prisma. */
const LOCK_SQL = (fn: string) => `SELECT 1 AS locked FROM (SELECT ${fn}($1::int, $2::int)) AS taken`;

/** The barrier function (migration write_barrier_function): takes the user's shared lock, then checks the tombstone with a fresh snapshot. */
const barrierCall = (space: string, key: string, hash: string) => `"suanni_enter_write_barrier"(${space}, ${key}, ${hash})`;

/**
 * Tombstones of erased subjects. Every writer (checkpointer, fact store, services) asks before
 * it writes, so a run that was in flight during the erasure cannot bring data back; token
 * verification asks too, so tokens issued before the erasure stop working.
 */
export class Tombstones implements PgWriteBarrier, ErasedSubjects {
  /** Erased users seen by this process: erasure is permanent, so this set never needs expiry. */
  private readonly erasedUsers = new Set<string>();

  constructor(
    private readonly db: Database,
    private readonly hasher: SubjectHasher,
  ) {}

  async isErased(userId: string): Promise<boolean> {
    const userHash = this.hasher.userHash(userId);
    if (this.erasedUsers.has(userHash)) return true;
    const found = await this.db.erasureTombstone.findUnique({ where: { userHash }, select: { userHash: true } });
    if (found) this.erasedUsers.add(userHash);
    return found !== null;
  }

  /**
   * Which of these users have been erased, in one query (the users this process already saw
   * erased without one). Open sockets are re-checked with it, whether or not the erasure's event arrived.
   */
  async erasedAmong(userIds: Iterable<string>): Promise<Set<string>> {
    const erased = new Set<string>();
    const unknown = new Map<string, string>();
    for (const userId of userIds) {
      const userHash = this.hasher.userHash(userId);
      if (this.erasedUsers.has(userHash)) erased.add(userId);
      else unknown.set(userHash, userId);
    }
    if (unknown.size === 0) return erased;
    const found = await this.db.erasureTombstone.findMany({ where: { userHash: { in: [...unknown.keys()] } }, select: { userHash: true } });
    for (const { userHash } of found) {
      this.erasedUsers.add(userHash);
      erased.add(unknown.get(userHash)!);
    }
    return erased;
  }

  /** Throws SubjectErasedError when `userId` has been erased. */
  async assertWritable(userId: string): Promise<void> {
    if (await this.isErased(userId)) throw new SubjectErasedError();
  }

  /**
   * The write barrier (see {@link WriteBarrier}): a shared lock on the user's erasure key for the
   * rest of the writer's transaction, then the tombstone check. Two statements, in this order: the
   * check must read a snapshot taken after the lock was granted.
   */
  async enter(run: SqlRunner, userId: string): Promise<void> {
    const userHash = this.notKnownErased(userId);
    await run(LOCK_SQL('pg_advisory_xact_lock_shared'), [ERASURE_LOCK_SPACE, erasureLockKey(userId)]);
    const found = await run('SELECT 1 FROM "ErasureTombstone" WHERE "userHash" = $1', [userHash]);
    if (found.length > 0) throw this.refuse(userId);
  }

  /**
   * `BEGIN`, then {@link enter}, in one simple-protocol message of three statements. In READ
   * COMMITTED each statement of such a message takes its own snapshot, so the check still reads
   * after the lock was granted, as in {@link enter}. The values are literals because only the
   * simple protocol runs several statements at once; all three are made here (two integers and a
   * hex digest), never taken from input.
   */
  async begin(client: Pick<pg.ClientBase, 'query'>, userId: string): Promise<void> {
    const userHash = this.notKnownErased(userId);
    if (!/^[0-9a-f]{64}$/.test(userHash)) throw new Error('a user hash must be a hex SHA-256 digest');
    // pg types query() as one result; a message of several statements resolves to one per statement.
    const results: unknown = await client.query(
      `BEGIN; SELECT pg_advisory_xact_lock_shared(${ERASURE_LOCK_SPACE}, ${erasureLockKey(userId)}); ` +
        `SELECT 1 FROM "ErasureTombstone" WHERE "userHash" = '${userHash}'`,
    );
    if (!isResultList(results) || results.length !== 3) throw new Error('BEGIN and the tombstone check must give three results');
    if (results[2]!.rows.length > 0) throw this.refuse(userId);
  }

  guard(userId: string, firstParameter: number): BarrierCondition {
    const { barrier_space, barrier_key, barrier_hash } = this.rowGuard(userId);
    return {
      sql: barrierCall(`$${firstParameter}::int`, `$${firstParameter + 1}::int`, `$${firstParameter + 2}::text`),
      values: [barrier_space, barrier_key, barrier_hash],
    };
  }

  rowGuard(userId: string): BarrierRowValues {
    return { barrier_space: ERASURE_LOCK_SPACE, barrier_key: erasureLockKey(userId), barrier_hash: this.notKnownErased(userId) };
  }

  rowCondition(alias: string): string {
    if (!/^[a-z_]+$/.test(alias)) throw new Error('a row alias must be a plain identifier');
    return barrierCall(`${alias}.barrier_space`, `${alias}.barrier_key`, `${alias}.barrier_hash`);
  }

  /** The user's hash; throws at once for a user this process already saw erased (erasure is permanent). */
  private notKnownErased(userId: string): string {
    const userHash = this.hasher.userHash(userId);
    if (this.erasedUsers.has(userHash)) throw new SubjectErasedError();
    return userHash;
  }

  refuse(userId: string): Error {
    this.erasedUsers.add(this.hasher.userHash(userId));
    return new SubjectErasedError();
  }

  /** Inside a provisioning transaction: the shared subject lock, then the subject's erasure instant. */
  async lockSubject(run: SqlRunner, tenantKey: string, subject: string): Promise<Date | null> {
    const subjectHash = this.hasher.subjectHash(tenantKey, subject);
    await run(LOCK_SQL('pg_advisory_xact_lock_shared'), [SUBJECT_LOCK_SPACE, subjectLockKey(subjectHash)]);
    const [row] = (await run('SELECT max("erasedAt") AS "erasedAt" FROM "ErasureTombstone" WHERE "subjectHash" = $1', [subjectHash])) as {
      erasedAt: Date | null;
    }[];
    return row?.erasedAt ? new Date(row.erasedAt) : null;
  }

  /**
   * Creates the tombstone (idempotent) under the exclusive erasure locks of the user and of the
   * token subject: it waits for every writer and provisioning inside them to commit, and every
   * later one sees the tombstone.
   */
  async bury(input: { userId: string; tenantId: string; tenantKey: string; subject: string }): Promise<void> {
    const userHash = this.hasher.userHash(input.userId);
    await this.db.$transaction(
      async (tx) => {
        const subjectHash = this.hasher.subjectHash(input.tenantKey, input.subject);
        await tx.$queryRawUnsafe(LOCK_SQL('pg_advisory_xact_lock'), SUBJECT_LOCK_SPACE, subjectLockKey(subjectHash));
        await tx.$queryRawUnsafe(LOCK_SQL('pg_advisory_xact_lock'), ERASURE_LOCK_SPACE, erasureLockKey(input.userId));
        await tx.erasureTombstone.upsert({
          where: { userHash },
          create: { userHash, subjectHash, tenantId: input.tenantId },
          update: {},
        });
      },
      { maxWait: 10_000, timeout: 30_000 },
    );
    this.erasedUsers.add(userHash);
  }
}
