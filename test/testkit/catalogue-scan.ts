import type { Database } from '../../src/platform/db/prisma.js';

/**
 * Finds where a user's ids and content are stored by reading the database catalogue, not by
 * trusting any list the code keeps: every base table of every schema the application writes
 * (Prisma's `public`, the checkpointer's `langgraph`, pg-boss' `pgboss`, and any schema added
 * later), every column whose type can hold text: text, varchar, char, uuid, json, jsonb, bytea,
 * tsvector (full-text search columns, generated ones included) and arrays of them.
 */

export interface CatalogueColumn {
  schema: string;
  table: string;
  column: string;
  /** `information_schema.columns.data_type`, e.g. `text`, `jsonb`, `bytea`, `ARRAY`. */
  type: string;
}

const SYSTEM_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast'];
// tsvector: full-text columns hold the words of the text they index (retrieval's search columns).
const TEXT_TYPES = ['text', 'character varying', 'character', 'uuid', 'json', 'jsonb', 'bytea', 'tsvector'];
/** Element types (`udt_name` of an array column) that can hold text. */
const TEXT_ARRAY_TYPES = ['_text', '_varchar', '_bpchar', '_uuid', '_json', '_jsonb', '_bytea'];

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Short needles would match by chance (a hex id fragment): refuse them rather than report noise. */
function assertNeedles(needles: readonly string[]): void {
  if (needles.length === 0 || needles.some((needle) => needle.length < 8)) throw new Error('scan for needles of at least 8 characters');
}

/** A condition true for rows whose column holds any needle (`$1`, `$2`, ...). */
function matching(column: CatalogueColumn, needles: readonly string[]): string {
  const ref = quote(column.column);
  return needles
    .map((_, i) =>
      column.type === 'bytea' ? `position(convert_to($${i + 1}, 'UTF8') in ${ref}) > 0` : `strpos(${ref}::text, $${i + 1}) > 0`,
    )
    .join(' OR ');
}

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

/** The catalogue's columns grouped by table, so that each table is read once per scan. */
async function columnsByTable(db: Database): Promise<CatalogueColumn[][]> {
  const tables = new Map<string, CatalogueColumn[]>();
  for (const column of await textColumns(db)) {
    const key = `${column.schema}.${column.table}`;
    tables.set(key, [...(tables.get(key) ?? []), column]);
  }
  return [...tables.values()];
}

/** Rows per column (`schema.table.column`) holding any of the needles; columns without any are left out. */
export async function countMatches(db: Database, needles: readonly string[]): Promise<Record<string, number>> {
  assertNeedles(needles);
  const counts: Record<string, number> = {};
  for (const columns of await columnsByTable(db)) {
    const { schema, table } = columns[0]!;
    const [row] = await db.$queryRawUnsafe<Record<string, bigint>[]>(
      `SELECT ${columns.map((column, i) => `count(*) FILTER (WHERE ${matching(column, needles)}) AS c${i}`).join(', ')}
         FROM ${quote(schema)}.${quote(table)}`,
      ...needles,
    );
    columns.forEach((column, i) => {
      const count = Number(row?.[`c${i}`] ?? 0);
      if (count > 0) counts[`${schema}.${table}.${column.column}`] = count;
    });
  }
  return counts;
}

/**
 * The columns (as `schema.table.column`) holding any of the needles in any row: bytea compared
 * as bytes (the UTF-8 of the needle), every other type through its text form.
 */
export async function scanDatabase(db: Database, needles: readonly string[]): Promise<string[]> {
  return Object.keys(await countMatches(db, needles)).sort();
}
