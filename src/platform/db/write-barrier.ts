import { SpanKind } from '@opentelemetry/api';
import type pg from 'pg';
import { withSpan } from '../telemetry/tracing.js';

/** Runs one SQL statement inside the caller's transaction and returns its rows. */
export type SqlRunner = (sql: string, params: readonly unknown[]) => Promise<unknown[]>;

/**
 * Orders a user's writes against that user's erasure. A writer enters the barrier as the first
 * statement of its own transaction; the erasure records its tombstone under the same lock. A
 * writer that entered before the tombstone has committed before the erasure deletes anything; one
 * that enters after it is refused. Checking the tombstone before the transaction (a plain guard)
 * leaves a window in which a write passes the check and lands after the delete.
 */
export interface WriteBarrier {
  /** Refuses (throws) when `userId` may no longer be written; otherwise holds until commit. */
  enter(run: SqlRunner, userId: string): Promise<void>;
  /** An early refusal before costly work (a model call); never a substitute for {@link enter}. */
  assertWritable(userId: string): Promise<void>;
}

/** A barrier that also opens node-postgres transactions already inside it (see {@link writeTransaction}). */
export interface PgWriteBarrier extends WriteBarrier {
  /**
   * The transaction's `BEGIN` and {@link WriteBarrier.enter} in one round trip. On a throw the
   * transaction may be open: the caller rolls back.
   */
  begin(client: Pick<pg.ClientBase, 'query'>, userId: string): Promise<void>;
  /**
   * The barrier as the condition of one autocommit statement, for a write that is a single
   * statement: one round trip instead of `BEGIN`, the write and `COMMIT`. The condition is true
   * inside the barrier (the shared lock is held until that statement commits) and false when the
   * user is erased; a statement it stopped wrote nothing and the writer calls {@link refuse}.
   * Its placeholders are numbered from `firstParameter`. Throws at once for a user this process
   * already knows to be erased.
   */
  guard(userId: string, firstParameter: number): BarrierCondition;
  /**
   * The {@link guard} of each row of a multi-row statement: the values a row carries (in columns
   * `barrier_space`, `barrier_key` and `barrier_hash`), and {@link rowCondition} over them. Rows
   * of erased users are left out; the others are written.
   */
  rowGuard(userId: string): BarrierRowValues;
  /** The condition of {@link rowGuard} over the columns of the row named `alias`. */
  rowCondition(alias: string): string;
  /** Records that `userId`'s write was stopped by its {@link guard} and returns the error to throw. */
  refuse(userId: string): Error;
}

/** The barrier values one row of a multi-row statement carries (see {@link PgWriteBarrier.rowGuard}). */
export interface BarrierRowValues {
  barrier_space: number;
  barrier_key: number;
  barrier_hash: string;
}

/** A condition for a statement's `WHERE` and the values of its placeholders. */
export interface BarrierCondition {
  sql: string;
  values: unknown[];
}

/**
 * Options of the interactive transactions that enter the barrier. Prisma's defaults (2 s to get
 * a connection, 5 s in all) fail writes on a busy pool before the database has any trouble.
 */
export const WRITE_TRANSACTION = { maxWait: 10_000, timeout: 20_000 } as const;

/** A runner over a Prisma transaction client. */
export const prismaRunner =
  (tx: { $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T> }): SqlRunner =>
  (sql, params) =>
    tx.$queryRawUnsafe<unknown[]>(sql, ...params);

/**
 * Runs `work` in a transaction on a client of `pool` that entered the barrier for `userId` first:
 * `BEGIN` and the barrier in one round trip, then `work`'s statements, then `COMMIT`. For the hot
 * writes, where Prisma's interactive transaction (its own round trips and per-statement cost) was
 * most of the request.
 */
export async function writeTransaction<T>(
  pool: pg.Pool,
  barrier: PgWriteBarrier,
  userId: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // A span of its own: this is where a write waits for an erasure of its user.
    await withSpan(
      'BEGIN',
      { 'db.system.name': 'postgresql', 'db.operation.name': 'BEGIN', 'suanni.db.write_barrier': true },
      () => barrier.begin(client, userId),
      { kind: SpanKind.CLIENT },
    );
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackFailed: Error) => {
      broken = rollbackFailed;
    });
    throw error;
  } finally {
    // A client whose rollback failed is in an unknown state: the pool discards it.
    client.release(broken);
  }
}

/** A runner over a checked-out node-postgres client. */
export const pgRunner =
  (client: Pick<pg.PoolClient, 'query'>): SqlRunner =>
  async (sql, params) =>
    (await client.query(sql, params as unknown[])).rows;
