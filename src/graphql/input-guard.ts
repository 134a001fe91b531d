import {
  defaultFieldResolver,
  GraphQLError,
  GraphQLObjectType,
  Kind,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  type ValueNode,
} from 'graphql';
import { AppError } from '../platform/errors.js';
import { unstorableCharacter, unstorableCharacterName, type UnstorableCharacter } from '../platform/text.js';

/** Nesting a `JSON` argument may have; deeper values are refused before anything walks them recursively. */
export const MAX_JSON_DEPTH = 32;
/** Values (scalars, lists and objects, counted together) a `JSON` argument may hold. */
export const MAX_JSON_VALUES = 10_000;

/**
 * Marks an argument whose strings its service checks one item at a time (a batch input that
 * cannot be stored fails on its own), so the edge lets it through: `t.arg({ ..., extensions: perItemTextCheck })`.
 */
export const perItemTextCheck = { perItemTextCheck: true } as const;

export type JsonBoundsProblem = { reason: 'JSON_TOO_DEEP' | 'JSON_TOO_LARGE'; message: string };

/** Depth and size of a JSON value, checked without recursion; null when within both limits. */
export function jsonBoundsProblem(
  value: unknown,
  limits = { maxDepth: MAX_JSON_DEPTH, maxValues: MAX_JSON_VALUES },
): JsonBoundsProblem | null {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  let count = 0;
  while (pending.length > 0) {
    const item = pending.pop()!;
    if (++count > limits.maxValues) return { reason: 'JSON_TOO_LARGE', message: `JSON values hold at most ${limits.maxValues} values.` };
    if (typeof item.value !== 'object' || item.value === null) continue;
    const children = Array.isArray(item.value) ? item.value : Object.values(item.value);
    if (children.length > 0 && item.depth >= limits.maxDepth)
      return { reason: 'JSON_TOO_DEEP', message: `JSON values nest at most ${limits.maxDepth} levels deep.` };
    for (const child of children) pending.push({ value: child, depth: item.depth + 1 });
  }
  return null;
}

/** The same bounds over an inline literal, before graphql-scalars parses it recursively. */
export function jsonLiteralBoundsProblem(
  ast: ValueNode,
  limits = { maxDepth: MAX_JSON_DEPTH, maxValues: MAX_JSON_VALUES },
): JsonBoundsProblem | null {
  const pending: { node: ValueNode; depth: number }[] = [{ node: ast, depth: 1 }];
  let count = 0;
  while (pending.length > 0) {
    const { node, depth } = pending.pop()!;
    if (++count > limits.maxValues) return { reason: 'JSON_TOO_LARGE', message: `JSON values hold at most ${limits.maxValues} values.` };
    const children = node.kind === Kind.LIST ? node.values : node.kind === Kind.OBJECT ? node.fields.map((field) => field.value) : [];
    if (children.length > 0 && depth >= limits.maxDepth)
      return { reason: 'JSON_TOO_DEEP', message: `JSON values nest at most ${limits.maxDepth} levels deep.` };
    for (const child of children) pending.push({ node: child, depth: depth + 1 });
  }
  return null;
}

/** Throws the client error for a JSON value out of bounds (scalars raise GraphQLErrors, see toClientError). */
export function assertJsonBounds(problem: JsonBoundsProblem | null): void {
  if (problem) throw new GraphQLError(problem.message, { extensions: { code: 'BAD_USER_INPUT', reason: problem.reason } });
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * The first string in coerced arguments (values and object keys, lists and JSON included) that
 * PostgreSQL cannot store, with its path such as `input.title` or `inputs[2].text`. Iterative,
 * so a deep value cannot exhaust the stack.
 */
export function findUnstorableText(
  args: Record<string, unknown>,
  skip: ReadonlySet<string> = new Set(),
): { path: string; reason: UnstorableCharacter } | null {
  const pending: { value: unknown; path: string }[] = Object.entries(args)
    .filter(([name]) => !skip.has(name))
    .map(([name, value]) => ({ value, path: name }))
    .reverse();
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      const reason = unstorableCharacter(value);
      if (reason) return { path, reason };
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) pending.push({ value: value[index], path: `${path}[${index}]` });
    } else if (isPlainRecord(value)) {
      const entries = Object.entries(value);
      for (const [key] of entries) {
        const reason = unstorableCharacter(key);
        if (reason) return { path, reason };
      }
      for (let index = entries.length - 1; index >= 0; index--)
        pending.push({ value: entries[index]![1], path: `${path}.${entries[index]![0]}` });
    }
  }
  return null;
}

function guarded<T extends GraphQLFieldResolver<unknown, unknown>>(resolver: T, fieldName: string, skip: ReadonlySet<string>): T {
  return function guardedResolver(this: unknown, source, args, context, info) {
    const problem = findUnstorableText(args as Record<string, unknown>, skip);
    if (problem) {
      throw new AppError(
        'BAD_USER_INPUT',
        `Argument ${problem.path} of ${fieldName} contains ${unstorableCharacterName[problem.reason]}, which cannot be stored.`,
        {
          reason: problem.reason,
          argument: problem.path,
        },
      );
    }
    return resolver.call(this, source, args, context, info);
  } as T;
}

/**
 * Rejects, at the edge and in one place, every argument string (String, ID, JSON, inside input
 * objects and lists, from literals and variables alike) that PostgreSQL cannot store, with
 * BAD_USER_INPUT, `extensions.reason` (NUL_CHARACTER or UNPAIRED_SURROGATE) and
 * `extensions.argument`, before any resolver or service runs. Mutates and returns the schema.
 */
export function guardArgumentText(schema: GraphQLSchema): GraphQLSchema {
  const subscriptionType = schema.getSubscriptionType();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!(type instanceof GraphQLObjectType) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (field.args.length === 0) continue;
      const skip = new Set(field.args.filter((arg) => arg.extensions?.perItemTextCheck === true).map((arg) => arg.name));
      const name = `${type.name}.${field.name}`;
      if (type === subscriptionType && field.subscribe) field.subscribe = guarded(field.subscribe, name, skip);
      else field.resolve = guarded(field.resolve ?? defaultFieldResolver, name, skip);
    }
  }
  return schema;
}
