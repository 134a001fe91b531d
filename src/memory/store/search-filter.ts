import { Prisma } from '../../generated/prisma/client.js';
import { badUserInput } from '../../platform/errors.js';
import { isPlainObject } from './namespace-rules.js';

/** The comparison operators of LangGraph's `InMemoryStore` filters. */
export const FILTER_OPERATORS = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

const operatorNames: ReadonlySet<string> = new Set(FILTER_OPERATORS);

/** A predicate over a stored value (a JSON object). */
export type ValuePredicate = (value: Record<string, unknown>) => boolean;

/**
 * A search filter split by where it is evaluated. `sql` holds conditions (on the alias `f`)
 * that PostgreSQL evaluates exactly as `InMemoryStore` would; `inMemory` the rest, or null
 * when there is nothing left, so that the database can also sort and page.
 */
export interface CompiledFilter {
  sql: Prisma.Sql[];
  inMemory: ValuePredicate | null;
}

type JsonScalar = string | number | boolean | null;

/** Values whose JSON text compares in jsonb exactly as `===` compares them in JavaScript. */
function isJsonScalar(value: unknown): value is JsonScalar {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/**
 * Equality of a stored JSON value with a filter operand. Scalars compare with `===` like
 * `InMemoryStore`; objects and arrays compare by content (where `InMemoryStore` compares object
 * references, which a caller's filter can never share with a stored value).
 */
export function jsonEquals(stored: unknown, expected: unknown): boolean {
  if (stored === expected) return true;
  if (Array.isArray(stored)) {
    return (
      Array.isArray(expected) && stored.length === expected.length && stored.every((element, index) => jsonEquals(element, expected[index]))
    );
  }
  if (isPlainObject(stored) && isPlainObject(expected)) {
    const expectedFields = Object.entries(expected).filter(([, fieldValue]) => fieldValue !== undefined);
    return (
      expectedFields.length === Object.keys(stored).length &&
      expectedFields.every(([field, fieldValue]) => field in stored && jsonEquals(stored[field], fieldValue))
    );
  }
  return false;
}

/** One operator applied as `InMemoryStore`'s `compareValues` does (numeric ones via `Number()`). */
function compareWithOperator(operator: FilterOperator, actual: unknown, operand: unknown): boolean {
  switch (operator) {
    case '$eq':
      return jsonEquals(actual, operand);
    case '$ne':
      return !jsonEquals(actual, operand);
    case '$gt':
      return Number(actual) > Number(operand);
    case '$gte':
      return Number(actual) >= Number(operand);
    case '$lt':
      return Number(actual) < Number(operand);
    case '$lte':
      return Number(actual) <= Number(operand);
    case '$in':
      return Array.isArray(operand) ? operand.some((candidate) => jsonEquals(actual, candidate)) : false;
    case '$nin':
      return Array.isArray(operand) ? !operand.some((candidate) => jsonEquals(actual, candidate)) : true;
  }
}

/** The same condition in SQL, or null when only memory can evaluate it exactly. */
function operatorSql(field: string, operator: FilterOperator, operand: unknown): Prisma.Sql | null {
  const actual = Prisma.sql`(f."value" -> ${field}::text)`;
  switch (operator) {
    case '$eq':
      return isJsonScalar(operand) ? Prisma.sql`${actual} = ${JSON.stringify(operand)}::jsonb` : null;
    case '$ne':
      // A missing field is NULL here and `undefined` there: both count as "not equal".
      return isJsonScalar(operand) ? Prisma.sql`${actual} IS DISTINCT FROM ${JSON.stringify(operand)}::jsonb` : null;
    case '$in':
      return Array.isArray(operand) && operand.every(isJsonScalar)
        ? Prisma.sql`EXISTS (SELECT 1 FROM jsonb_array_elements(${JSON.stringify(operand)}::jsonb) AS candidate(v) WHERE candidate.v = ${actual})`
        : null;
    case '$nin':
      return Array.isArray(operand) && operand.every(isJsonScalar)
        ? Prisma.sql`NOT EXISTS (SELECT 1 FROM jsonb_array_elements(${JSON.stringify(operand)}::jsonb) AS candidate(v) WHERE candidate.v = ${actual})`
        : null;
    default:
      // $gt and friends coerce with Number() ("10" > 9, null >= 0): kept in memory to stay exact.
      return null;
  }
}

function isOperatorObject(value: unknown): value is Partial<Record<FilterOperator, unknown>> {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  const operatorKeys = keys.filter((key) => key.startsWith('$'));
  if (operatorKeys.length === 0) return keys.length === 0; // `{}` matches everything in InMemoryStore
  const unknown = operatorKeys.filter((key) => !operatorNames.has(key));
  if (unknown.length > 0)
    throw badUserInput(`Unsupported filter operator ${unknown.join(', ')}; use one of ${FILTER_OPERATORS.join(', ')}.`, 'filter');
  if (operatorKeys.length !== keys.length) throw badUserInput('A filter condition cannot mix operators and plain fields.', 'filter');
  return true;
}

/**
 * Compiles a search filter with `InMemoryStore` semantics: each entry of `filter` names a
 * top-level field of the value and is either a value it must equal or an object of operators
 * (`$eq`, `$ne`, `$gt`, `$gte`, `$lt`, `$lte`, `$in`, `$nin`) that must all hold. Unknown `$`
 * operators are refused rather than silently matching nothing.
 */
export function compileFilter(filter: unknown): CompiledFilter {
  if (filter === undefined || filter === null) return { sql: [], inMemory: null };
  if (!isPlainObject(filter)) throw badUserInput('filter must be an object of field conditions.', 'filter');
  const sql: Prisma.Sql[] = [];
  const predicates: ValuePredicate[] = [];
  for (const [field, condition] of Object.entries(filter)) {
    if (isOperatorObject(condition)) {
      for (const [name, operand] of Object.entries(condition)) {
        const operator = name as FilterOperator;
        const clause = operatorSql(field, operator, operand);
        if (clause) sql.push(clause);
        else predicates.push((value) => compareWithOperator(operator, value[field], operand));
      }
    } else if (isJsonScalar(condition)) {
      sql.push(Prisma.sql`(f."value" -> ${field}::text) = ${JSON.stringify(condition)}::jsonb`);
    } else {
      predicates.push((value) => jsonEquals(value[field], condition));
    }
  }
  return { sql, inMemory: predicates.length > 0 ? (value) => predicates.every((predicate) => predicate(value)) : null };
}
