/** Bounds of the point of view and of the id order, and the messages a bad view gets. */
import { describe, expect, it } from 'vitest';
import { instant, knowledgeRecord } from '../../../test/fixtures/knowledge-records.js';
import { compareIds, isInForce, selectCurrentVersions, type KnowledgeView } from './current-versions.js';
import { parseVersion } from './versions.js';

const asOf = instant('2024-06-15T12:00:00Z');

describe('isInForce with knownAt', () => {
  it('counts a version recorded at exactly knownAt, and one never retracted', () => {
    const record = knowledgeRecord({ recordedAt: instant('2024-03-01T00:00:00Z') });
    expect(isInForce(record, { asOf, knownAt: instant('2024-03-01T00:00:00Z') })).toBe(true);
    expect(isInForce(record, { asOf, knownAt: instant('2024-02-29T23:59:59Z') })).toBe(false);
  });
});

describe('selectCurrentVersions rejects a bad view by name', () => {
  it.each<[string, unknown, string]>([
    ['no view', undefined, 'asOf must be a valid Date'],
    ['an invalid asOf', { asOf: new Date(Number.NaN) }, 'asOf must be a valid Date'],
    ['an invalid knownAt', { asOf, knownAt: 'yesterday' }, 'knownAt must be a valid Date'],
  ])('%s', (_label, view, message) => {
    expect(() => selectCurrentVersions([], view as KnowledgeView)).toThrow(new TypeError(message));
  });
});

describe('compareIds', () => {
  it('orders by code unit, 0 only for the same id', () => {
    expect(compareIds('a', 'a')).toBe(0);
    expect(compareIds('a', 'b')).toBe(-1);
    expect(compareIds('b', 'a')).toBe(1);
    expect(compareIds('Z', 'a')).toBe(-1);
  });
});

describe('parseVersion', () => {
  it('quotes at most 40 characters of a malformed version', () => {
    expect(() => parseVersion(`v${'1'.repeat(60)}`)).toThrow(
      `Invalid knowledge version "v${'1'.repeat(39)}": expected major.minor such as 1.10`,
    );
  });
});
