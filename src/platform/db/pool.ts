import pg from 'pg';
import { createLogger } from '../logger.js';

const log = createLogger('db-pool');

/**
 * A node-postgres pool that survives the server dropping its connections (failover, restart,
 * `pg_terminate_backend`). The pool listens for errors of idle clients only; a client that is
 * checked out (a transaction of Prisma's adapter or of the LangGraph checkpointer) emits its
 * 'error' event with no listener, which crashes the process. Every client therefore gets its own
 * listener: the query in flight fails with the error, and the pool discards the dead client when
 * it is released.
 */
export function createPool(options: { connectionString: string; max: number; name: string; idleTimeoutMillis?: number }): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max,
    idleTimeoutMillis: options.idleTimeoutMillis ?? 10_000,
  });
  const lost = (error: Error) =>
    log.warn({ pool: options.name, code: (error as { code?: string }).code, message: error.message }, 'database connection lost');
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  return pool;
}
