import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import { PrismaClient } from '../../generated/prisma/client.js';
import { createPool } from './pool.js';

export type Database = PrismaClient;

/** The node-postgres pool under each client, for the pool gauges of /metrics and adminStats. */
const pools = new WeakMap<Database, pg.Pool>();

/**
 * A Prisma client over a node-postgres pool (Prisma 7 needs a driver adapter). The pool is
 * created here and handed to the adapter, which ends it on `$disconnect()`, so that its
 * connection counts can be read (see {@link poolStats}).
 */
export function createDatabase(databaseUrl: string, poolMax = 10): Database {
  const pool = createPool({ connectionString: databaseUrl, max: poolMax, name: 'gateway' });
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  const db = new PrismaClient({ adapter });
  pools.set(db, pool);
  return db;
}

/** Connections of a client's pool: open, idle, requests waiting for one, and the maximum. */
export function poolStats(db: Database): { total: number; idle: number; waiting: number; max: number } | undefined {
  const pool = pools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
}

/**
 * The node-postgres pool under a client, for the few hot read paths that run one fixed SQL
 * statement and should not pay the ORM's per-query overhead.
 */
export function poolOf(db: Database): pg.Pool | undefined {
  return pools.get(db);
}
