import { describe, expect, it } from 'vitest';
import { compareNamespaces } from './fact-store.js';
import { checkMatchPath, checkNamespace, checkNamespacePrefix, toJsonObject } from './namespace-rules.js';
import { compileFilter, jsonEquals } from './search-filter.js';

const user = '6f1d2c3b-1a2b-4c3d-8e9f-0a1b2c3d4e5f';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

describe('namespace rules', () => {
  it('checks the owner before the shape, so another user learns nothing', () => {
    expect(codeOf(() => checkNamespace(['someone-else'], user))).toBe('FORBIDDEN');
    expect(codeOf(() => checkNamespace([user], user))).toBe('BAD_USER_INPUT');
    expect(codeOf(() => checkNamespacePrefix(['*'], user))).toBe('FORBIDDEN');
    expect(codeOf(() => checkMatchPath(['*', 'profile'], 'prefix', user))).toBe('FORBIDDEN');
    expect(checkMatchPath(['*', 'profile'], 'suffix', user)).toEqual(['*', 'profile']);
    expect(checkNamespacePrefix([], user)).toEqual([]);
  });

  it('allows any characters in labels except NUL and unpaired surrogates', () => {
    expect(checkNamespace([user, 'a_b', '%', 'x.y', 'p:q', '*'], user)).toHaveLength(6);
    expect(codeOf(() => checkNamespace([user, '\uD800'], user))).toBe('BAD_USER_INPUT');
    expect(checkNamespace([user, '😀'], user)).toEqual([user, '😀']);
  });

  it('normalises values to plain JSON', () => {
    expect(toJsonObject({ a: -0, b: undefined, c: [1, { d: 'e' }] })).toEqual({ a: 0, c: [1, { d: 'e' }] });
    expect(Object.is(toJsonObject({ a: -0 }).a, 0)).toBe(true);
    expect(codeOf(() => toJsonObject({ a: [undefined] }))).toBe('BAD_USER_INPUT');
    expect(codeOf(() => toJsonObject({ a: 1n }))).toBe('BAD_USER_INPUT');
    expect(codeOf(() => toJsonObject({ a: new Map() }))).toBe('BAD_USER_INPUT');
    expect(codeOf(() => toJsonObject({ a: Number.POSITIVE_INFINITY }))).toBe('BAD_USER_INPUT');
    expect(codeOf(() => toJsonObject({ '\u0000': 1 }))).toBe('BAD_USER_INPUT');
  });
});

describe('search filters', () => {
  it('sends exact scalar conditions to SQL and keeps numeric operators in memory', () => {
    expect(compileFilter({ kind: 'task', done: false, owner: null, n: { $eq: 1, $ne: 2, $in: [1, 'a'], $nin: [null] } })).toMatchObject({
      inMemory: null,
    });
    expect(compileFilter({ kind: 'task' }).sql).toHaveLength(1);
    const numeric = compileFilter({ n: { $gt: 1 } });
    expect(numeric.sql).toEqual([]);
    expect(numeric.inMemory!({ n: '2' })).toBe(true);
    expect(numeric.inMemory!({})).toBe(false);
    expect(compileFilter({ tags: ['a'] }).inMemory!({ tags: ['a'] })).toBe(true);
  });

  it('compares JSON by content, ignoring key order and undefined fields', () => {
    expect(jsonEquals({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1, c: undefined })).toBe(true);
    expect(jsonEquals([1, 2], [2, 1])).toBe(false);
    expect(jsonEquals({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEquals('1', 1)).toBe(false);
  });
});

describe('namespace order', () => {
  it('sorts like InMemoryStore and breaks the ties that joining labels creates', () => {
    const sorted = [
      [user, 'b'],
      [user, 'a', 'b'],
      [user, 'a:b'],
      [user, 'a'],
    ].sort(compareNamespaces);
    expect(sorted[0]).toEqual([user, 'a']);
    expect(sorted.slice(1, 3)).toEqual([
      [user, 'a', 'b'],
      [user, 'a:b'],
    ]);
    expect(sorted[3]).toEqual([user, 'b']);
  });
});
