import { badUserInput, forbidden } from '../../platform/errors.js';
import { unstorableCharacter } from '../../platform/text.js';

/** A namespace is `[userId, category, ...]`: at least the owner and a category. */
export const MIN_NAMESPACE_DEPTH = 2;
/** Deeper namespaces are refused; a prefix or match path longer than this could never match. */
export const MAX_NAMESPACE_DEPTH = 8;
export const MAX_LABEL_LENGTH = 128;
export const MAX_KEY_LENGTH = 256;
/** Upper bound on a stored value, as compact JSON text. */
export const MAX_VALUE_JSON_LENGTH = 64 * 1024;
/** The wildcard label of `listNamespaces` match paths (as in LangGraph's `InMemoryStore`). */
export const NAMESPACE_WILDCARD = '*';

/** A JSON object as stored in `Fact.value`. */
export type JsonObject = { [field: string]: JsonValue };
/** Any JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;

function checkText(text: unknown, field: string, maxLength: number): string {
  if (typeof text !== 'string') throw badUserInput(`${field} must be a string.`, field);
  if (text.length === 0 || text.length > maxLength) throw badUserInput(`${field} must be 1-${maxLength} characters.`, field);
  if (unstorableCharacter(text)) throw badUserInput(`${field} contains a NUL or an unpaired surrogate character.`, field);
  return text;
}

/**
 * The owner check comes first, so a request for another user's namespace is FORBIDDEN whatever
 * else is wrong with it: the answer reveals nothing about that namespace.
 */
function checkOwner(path: readonly unknown[], userId: string, field: string): void {
  if (path.length > 0 && path[0] !== userId) throw forbidden(`${field} must start with your own user id.`);
}

function checkLabels(path: readonly unknown[], field: string, allowWildcard = false): string[] {
  return path.map((label, index) =>
    allowWildcard && label === NAMESPACE_WILDCARD ? label : checkText(label, `${field}[${index}]`, MAX_LABEL_LENGTH),
  );
}

function asArray(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw badUserInput(`${field} must be a list of labels.`, field);
  return value;
}

/**
 * A full namespace of one fact: `[userId, category, ...]`, 2-8 labels of 1-128 characters.
 * Any character is allowed in a label (`_`, `%`, `.`, `:` included): labels are compared
 * exactly, one by one, never joined or matched as patterns.
 */
export function checkNamespace(namespace: unknown, userId: string, field = 'namespace'): string[] {
  const path = asArray(namespace, field);
  checkOwner(path, userId, field);
  if (path.length < MIN_NAMESPACE_DEPTH || path.length > MAX_NAMESPACE_DEPTH) {
    throw badUserInput(
      `${field} must have ${MIN_NAMESPACE_DEPTH}-${MAX_NAMESPACE_DEPTH} labels: your user id, a category and optional sub-labels.`,
      field,
    );
  }
  return checkLabels(path, field);
}

/** A search prefix: empty (all of the caller's namespaces) or starting with the caller's id. */
export function checkNamespacePrefix(prefix: unknown, userId: string, field = 'namespacePrefix'): string[] {
  const path = asArray(prefix, field);
  checkOwner(path, userId, field);
  if (path.length > MAX_NAMESPACE_DEPTH) throw badUserInput(`${field} has at most ${MAX_NAMESPACE_DEPTH} labels.`, field);
  return checkLabels(path, field);
}

/**
 * A `listNamespaces` match path; `*` matches any one label. A prefix path must start with the
 * caller's id (a `*` root is refused too: it asks for namespaces beyond the caller's own).
 */
export function checkMatchPath(path: unknown, matchType: 'prefix' | 'suffix', userId: string): string[] {
  const field = matchType;
  const labels = asArray(path, field);
  if (matchType === 'prefix') checkOwner(labels, userId, field);
  if (labels.length > MAX_NAMESPACE_DEPTH) throw badUserInput(`${field} has at most ${MAX_NAMESPACE_DEPTH} labels.`, field);
  return checkLabels(labels, field, true);
}

/** A key within a namespace: 1-256 characters, any except NUL. */
export function checkKey(key: unknown, field = 'key'): string {
  return checkText(key, field, MAX_KEY_LENGTH);
}

/** A non-negative integer such as a limit or an offset. */
export function checkCount(value: unknown, field: string, minimum = 0): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < minimum) {
    throw badUserInput(`${field} must be an integer of at least ${minimum}.`, field);
  }
  return value;
}

/** True for `{}`-style objects (not arrays, dates, class instances). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function toJsonValue(value: unknown, path: string): JsonValue {
  switch (typeof value) {
    case 'string':
      if (unstorableCharacter(value)) throw badUserInput(`${path} contains a NUL or an unpaired surrogate character.`, 'value');
      return value;
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw badUserInput(`${path} must be a finite number.`, 'value');
      // JSON has no negative zero; normalising keeps "unchanged value" checks exact.
      return value === 0 ? 0 : value;
    case 'object':
      if (value === null) return null;
      if (Array.isArray(value)) return value.map((element, index) => toJsonValue(element, `${path}[${index}]`));
      if (isPlainObject(value)) return toJsonObjectAt(value, path);
      throw badUserInput(`${path} must be plain JSON (no dates, maps or class instances).`, 'value');
    default:
      throw badUserInput(`${path} must be JSON: ${typeof value} is not allowed.`, 'value');
  }
}

function toJsonObjectAt(value: Record<string, unknown>, path: string): JsonObject {
  const copy: JsonObject = {};
  for (const [field, fieldValue] of Object.entries(value)) {
    // Undefined fields are absent, as in JSON.stringify.
    if (fieldValue === undefined) continue;
    if (unstorableCharacter(field)) throw badUserInput(`${path} has a field name with a NUL or an unpaired surrogate character.`, 'value');
    copy[field] = toJsonValue(fieldValue, `${path}.${field}`);
  }
  return copy;
}

/**
 * A store value: a JSON object (as `BaseStore` requires) of at most 64 KiB of JSON text.
 * Returns a normalised copy, which is what is stored and compared.
 */
export function toJsonObject(value: unknown, field = 'value'): JsonObject {
  if (!isPlainObject(value)) throw badUserInput(`${field} must be a JSON object.`, field);
  const copy = toJsonObjectAt(value, field);
  if (JSON.stringify(copy).length > MAX_VALUE_JSON_LENGTH)
    throw badUserInput(`${field} is at most ${MAX_VALUE_JSON_LENGTH} characters of JSON.`, field);
  return copy;
}
