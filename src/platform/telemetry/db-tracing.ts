import { SpanKind } from '@opentelemetry/api';
import type pg from 'pg';
import { withSpan } from './tracing.js';

/**
 * Runs one parameterised statement on a pg pool or client in a CLIENT span, for the queries that
 * bypass Prisma (whose own instrumentation traces the rest). Named and described after the
 * OpenTelemetry database conventions: the span is `<operation> <target>`, `db.query.text` is the
 * statement with its `$n` placeholders, never the values.
 */
export function tracedQuery<Row extends pg.QueryResultRow>(
  pool: Pick<pg.Pool, 'query'>,
  statement: { text: string; values: unknown[] },
  summary: { operation: string; target: string },
): Promise<pg.QueryResult<Row>> {
  return withSpan(
    `${summary.operation} ${summary.target}`,
    {
      'db.system.name': 'postgresql',
      'db.operation.name': summary.operation,
      'db.collection.name': summary.target,
      'db.query.text': statement.text,
    },
    async (span) => {
      const result = await pool.query<Row>(statement.text, statement.values);
      span.setAttribute('db.response.returned_rows', result.rowCount ?? result.rows.length);
      return result;
    },
    { kind: SpanKind.CLIENT },
  );
}
