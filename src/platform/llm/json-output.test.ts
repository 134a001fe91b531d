import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeSchemaForPrompt, extractFirstJsonObject, parseStructuredAnswer } from './json-output.js';

describe('extractFirstJsonObject', () => {
  it('reads a bare object', () => {
    expect(extractFirstJsonObject('{"a":1}')).toEqual({ a: 1 });
  });

  it('strips Markdown fences and surrounding prose', () => {
    expect(extractFirstJsonObject('Here you go:\n```json\n{"a": {"b": [1, 2]}}\n```\nAnything else?')).toEqual({ a: { b: [1, 2] } });
  });

  it('skips <think> reasoning, even when it contains braces', () => {
    expect(extractFirstJsonObject('<think>maybe {"a": 0}? no.</think>\n{"a": 2}')).toEqual({ a: 2 });
  });

  it('is not fooled by braces inside strings or stray braces in prose', () => {
    expect(extractFirstJsonObject('use { carefully: {"text": "a } b \\" {", "n": 1} ok')).toEqual({ text: 'a } b " {', n: 1 });
  });

  it('returns undefined for text without an object, arrays and broken JSON', () => {
    expect(extractFirstJsonObject('not json at all')).toBeUndefined();
    expect(extractFirstJsonObject('[1, 2]')).toBeUndefined();
    expect(extractFirstJsonObject('{"a": 1,}')).toBeUndefined();
    expect(extractFirstJsonObject('{"a": ')).toBeUndefined();
  });
});

describe('parseStructuredAnswer', () => {
  const schema = z.object({ verdict: z.enum(['allow', 'deny']), reasons: z.array(z.string()) });

  it('returns the typed value when the object fits the schema', () => {
    expect(parseStructuredAnswer('{"verdict":"deny","reasons":["clause 4"]}', schema)).toEqual({ verdict: 'deny', reasons: ['clause 4'] });
  });

  it('returns undefined when the object does not fit', () => {
    expect(parseStructuredAnswer('{"verdict":"perhaps","reasons":[]}', schema)).toBeUndefined();
    expect(parseStructuredAnswer('{"verdict":"allow"}', schema)).toBeUndefined();
  });
});

describe('describeSchemaForPrompt', () => {
  it('gives the JSON Schema without the $schema noise', () => {
    const description = describeSchemaForPrompt(z.object({ score: z.number().min(0).max(1) }));
    expect(JSON.parse(description!)).toMatchObject({ type: 'object', properties: { score: { type: 'number', minimum: 0, maximum: 1 } } });
    expect(description).not.toContain('$schema');
  });

  it('gives nothing for schemas JSON Schema cannot express', () => {
    expect(describeSchemaForPrompt(z.object({ when: z.date() }))).toBeUndefined();
  });
});
