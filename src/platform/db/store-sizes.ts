import type { Database } from './prisma.js';
import { CHECKPOINT_SCHEMA } from '../langgraph/checkpointer.js';

/** One table of the application's stores: rows (the planner's estimate) and bytes (table, indexes, TOAST). */
export interface StoreSize {
  /** The table; a table outside the application schema is named `schema.table` (`langgraph.checkpoints`). */
  name: string;
  totalBytes: number;
  rowEstimate: number;
}

/**
 * Rows and bytes of every table of the application schema and of the checkpointer's schema (thread
 * memory), largest first. Row counts are `pg_class.reltuples` (kept by autovacuum and ANALYZE), so
 * reading them costs nothing on big tables.
 */
export async function storeSizes(db: Database): Promise<StoreSize[]> {
  const rows = await db.$queryRaw<{ name: string; total_bytes: bigint; row_estimate: number }[]>`
    SELECT CASE WHEN n.nspname = current_schema() THEN c.relname ELSE n.nspname || '.' || c.relname END AS name,
      pg_total_relation_size(c.oid) AS total_bytes, greatest(c.reltuples, 0)::float8 AS row_estimate
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname IN (current_schema(), ${CHECKPOINT_SCHEMA}) AND c.relkind IN ('r', 'p')
    ORDER BY total_bytes DESC, name`;
  return rows.map((row) => ({ name: row.name, totalBytes: Number(row.total_bytes), rowEstimate: Math.round(row.row_estimate) }));
}
