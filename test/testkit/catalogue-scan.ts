import type { Database } from '../../src/platform/db/prisma.js';

/**
 * Finds where a user's ids and content are stored by reading the database catalogue, not by
 * trusting any list the code keeps: every base table of every schema the application writes
 * (Prisma's `public`, the checkpointer's `langgraph`, pg-boss' `pgboss`, and any schema added
 * later), every column whose type can hold text: text, varchar, char, uuid, json, jsonb, bytea
 * and arrays of them.
 */

export interface CatalogueColumn {
  schema: string;
  table: string;
  column: string;
  /** `information_schema.columns.data_type`, e.g. `text`, `jsonb`, `bytea`, `ARRAY`. */
  type: string;
}

const SYSTEM_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast'];
const TEXT_TYPES = ['text', 'character varying', 'character', 'uuid', 'json', 'jsonb', 'bytea'];
/** Element types (`udt_name` of an array column) that can hold text. */
const TEXT_ARRAY_TYPES = ['_text', '_varchar', '_bpchar', '_uuid', '_json', '_jsonb', '_bytea'];

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every column of every application schema that can hold a user's id or content. */
export async function textColumns(db: Database): Promise<CatalogueColumn[]> {
  return db.$queryRawUnsafe<CatalogueColumn[]>(
    `SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column, c.data_type AS type
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema <> ALL ($1::text[]) AND c.table_schema NOT LIKE 'pg_temp%' AND c.table_schema NOT LIKE 'pg_toast%'
        AND (c.data_type = ANY ($2::text[]) OR (c.data_type = 'ARRAY' AND c.udt_name = ANY ($3::text[])))
      ORDER BY 1, 2, 3`,
    SYSTEM_SCHEMAS,
    TEXT_TYPES,
    TEXT_ARRAY_TYPES,
  );
}

/**
 * The columns (as `schema.table.column`) holding any of the needles in any row: bytea compared
 * as bytes (the UTF-8 of the needle), every other type through its text form.
 */
export async function scanDatabase(db: Database, needles: readonly string[]): Promise<string[]> {
  if (needles.length === 0 || needles.some((needle) => needle.length < 8)) throw new Error('scan for needles of at least 8 characters');
  const found: string[] = [];
  for (const column of await textColumns(db)) {
    const ref = quote(column.column);
    const tests = needles.map((_, i) =>
      column.type === 'bytea' ? `position(convert_to($${i + 1}, 'UTF8') in ${ref}) > 0` : `strpos(${ref}::text, $${i + 1}) > 0`,
    );
    const [row] = await db.$queryRawUnsafe<{ hit: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM ${quote(column.schema)}.${quote(column.table)} WHERE ${tests.join(' OR ')}) AS hit`,
      ...needles,
    );
    if (row?.hit) found.push(`${column.schema}.${column.table}.${column.column}`);
  }
  return found;
}
