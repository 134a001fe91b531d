import { parseValue } from 'graphql';
import { describe, expect, it } from 'vitest';
import { findUnstorableText, jsonBoundsProblem, jsonLiteralBoundsProblem, MAX_JSON_DEPTH } from './input-guard.js';

const nestedArray = (depth: number): unknown => {
  let value: unknown = 1;
  for (let level = 1; level < depth; level++) value = [value];
  return value;
};

describe('findUnstorableText', () => {
  it('finds NUL in strings, list items, input objects and JSON object keys, naming the path', () => {
    expect(findUnstorableText({ title: 'a\u0000b' })).toEqual({ path: 'title', reason: 'NUL_CHARACTER' });
    expect(findUnstorableText({ tags: ['ok', 'x\u0000'] })).toEqual({ path: 'tags[1]', reason: 'NUL_CHARACTER' });
    const input = Object.assign(Object.create(null), { contractId: 'c', text: 'fine', title: 't\u0000' });
    expect(findUnstorableText({ input })).toEqual({ path: 'input.title', reason: 'NUL_CHARACTER' });
    expect(findUnstorableText({ value: { a: { ['k\u0000']: 1 } } })).toEqual({ path: 'value.a', reason: 'NUL_CHARACTER' });
  });

  it('finds unpaired surrogates but accepts pairs, CJK and other control characters', () => {
    expect(findUnstorableText({ text: 'x\ud800' })).toEqual({ path: 'text', reason: 'UNPAIRED_SURROGATE' });
    expect(findUnstorableText({ text: '\udc00\ud800' })).toEqual({ path: 'text', reason: 'UNPAIRED_SURROGATE' });
    expect(findUnstorableText({ text: '违约金 😀 \u0001\t\n', n: 3, at: new Date(0), flag: true, none: null })).toBeNull();
  });

  it('reports the first problem in argument order and skips arguments checked per item', () => {
    expect(findUnstorableText({ a: 'x\ud800', b: '\u0000' })).toEqual({ path: 'a', reason: 'UNPAIRED_SURROGATE' });
    expect(findUnstorableText({ inputs: [{ text: '\u0000' }], id: 'ok' }, new Set(['inputs']))).toBeNull();
  });

  it('walks a 100,000-level value without exhausting the stack', () => {
    let value: unknown = 'bottom\u0000';
    for (let level = 0; level < 100_000; level++) value = { a: value };
    expect(findUnstorableText({ value })?.reason).toBe('NUL_CHARACTER');
  });
});

describe('JSON bounds', () => {
  it(`accepts ${MAX_JSON_DEPTH} levels and refuses one more, iteratively even at 100,000`, () => {
    expect(jsonBoundsProblem(nestedArray(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonBoundsProblem(nestedArray(MAX_JSON_DEPTH + 1))?.reason).toBe('JSON_TOO_DEEP');
    expect(jsonBoundsProblem(nestedArray(100_000))?.reason).toBe('JSON_TOO_DEEP');
    expect(jsonBoundsProblem({ a: { b: [1, { c: 'd' }] } })).toBeNull();
  });

  it('counts every value for the size limit', () => {
    expect(
      jsonBoundsProblem(
        Array.from({ length: 9 }, () => 0),
        { maxDepth: 5, maxValues: 10 },
      ),
    ).toBeNull();
    expect(
      jsonBoundsProblem(
        Array.from({ length: 10 }, () => 0),
        { maxDepth: 5, maxValues: 10 },
      )?.reason,
    ).toBe('JSON_TOO_LARGE');
  });

  it('applies the same bounds to inline literals', () => {
    expect(jsonLiteralBoundsProblem(parseValue('{ a: [1, { b: "c" }] }'))).toBeNull();
    expect(jsonLiteralBoundsProblem(parseValue(`${'['.repeat(MAX_JSON_DEPTH)}1${']'.repeat(MAX_JSON_DEPTH)}`))?.reason).toBe(
      'JSON_TOO_DEEP',
    );
    expect(jsonLiteralBoundsProblem(parseValue(`${'['.repeat(MAX_JSON_DEPTH - 1)}1${']'.repeat(MAX_JSON_DEPTH - 1)}`))).toBeNull();
    expect(jsonLiteralBoundsProblem(parseValue('[1, 2, 3]'), { maxDepth: 5, maxValues: 3 })?.reason).toBe('JSON_TOO_LARGE');
  });
});
