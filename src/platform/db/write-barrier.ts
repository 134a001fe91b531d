import type pg from 'pg';

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

/** A runner over a checked-out node-postgres client. */
export const pgRunner =
  (client: Pick<pg.PoolClient, 'query'>): SqlRunner =>
  async (sql, params) =>
    (await client.query(sql, params as unknown[])).rows;
