import { describe, expect, it } from 'vitest';
import { isInForce, selectCurrentVersions } from './current-versions.js';
import { instant, knowledgeRecord } from '../../../test/fixtures/knowledge-records.js';

const validFrom = instant('2024-01-01T00:00:00Z');
const validUntil = instant('2025-01-01T00:00:00Z');
const ids = (records: { id: string }[]) => records.map((record) => record.id);

describe('isInForce', () => {
  const record = knowledgeRecord({ validFrom, validUntil });

  it('includes validFrom and excludes validUntil', () => {
    expect(isInForce(record, { asOf: validFrom })).toBe(true);
    expect(isInForce(record, { asOf: new Date(validUntil.getTime() - 1) })).toBe(true);
    expect(isInForce(record, { asOf: validUntil })).toBe(false);
    expect(isInForce(record, { asOf: new Date(validFrom.getTime() - 1) })).toBe(false);
  });

  it('drops a retracted version whatever the instant, without a knownAt view', () => {
    const retracted = knowledgeRecord({ retractedAt: instant('2024-06-01T00:00:00Z') });
    expect(isInForce(retracted, { asOf: instant('2024-03-01T00:00:00Z') })).toBe(false);
    expect(isInForce(retracted, { asOf: instant('2024-09-01T00:00:00Z') })).toBe(false);
  });

  it('with knownAt, sees what the knowledge base knew then', () => {
    const retracted = knowledgeRecord({ recordedAt: instant('2023-12-01T00:00:00Z'), retractedAt: instant('2024-06-01T00:00:00Z') });
    const asOf = instant('2024-03-01T00:00:00Z');
    expect(isInForce(retracted, { asOf, knownAt: instant('2024-05-31T23:59:59Z') })).toBe(true);
    expect(isInForce(retracted, { asOf, knownAt: instant('2024-06-01T00:00:00Z') })).toBe(false);
    expect(isInForce(retracted, { asOf, knownAt: instant('2023-11-30T00:00:00Z') })).toBe(false);
  });
});

describe('selectCurrentVersions', () => {
  const asOf = instant('2024-06-15T12:00:00Z');

  it('drops expired, not yet valid and retracted versions', () => {
    const records = [
      knowledgeRecord({
        knowledgeId: 'a.expired',
        validFrom: instant('2023-01-01T00:00:00Z'),
        validUntil: instant('2024-06-15T12:00:00Z'),
      }),
      knowledgeRecord({ knowledgeId: 'b.not-yet', validFrom: instant('2024-06-15T12:00:00.001Z') }),
      knowledgeRecord({ knowledgeId: 'c.retracted', retractedAt: instant('2024-02-01T00:00:00Z') }),
      knowledgeRecord({ knowledgeId: 'd.starts-now', validFrom: asOf }),
      knowledgeRecord({ knowledgeId: 'e.in-force' }),
    ];
    expect(ids(selectCurrentVersions(records, { asOf }))).toEqual(['d.starts-now@1.0', 'e.in-force@1.0']);
  });

  it('keeps the highest version per knowledgeId, compared numerically', () => {
    const records = ['1.2', '1.10', '1.9', '0.15'].map((version) => knowledgeRecord({ knowledgeId: 'cap', version }));
    expect(ids(selectCurrentVersions(records, { asOf }))).toEqual(['cap@1.10']);
    const without110 = records.filter((record) => record.version !== '1.10');
    expect(ids(selectCurrentVersions(without110, { asOf }))).toEqual(['cap@1.9']);
  });

  it('falls back to an older version when the newer one is not in force', () => {
    const records = [
      knowledgeRecord({ knowledgeId: 'cap', version: '1.9' }),
      knowledgeRecord({ knowledgeId: 'cap', version: '1.10', validFrom: instant('2024-07-01T00:00:00Z') }),
      knowledgeRecord({ knowledgeId: 'cap', version: '2.0', retractedAt: instant('2024-05-01T00:00:00Z') }),
    ];
    expect(ids(selectCurrentVersions(records, { asOf }))).toEqual(['cap@1.9']);
  });

  it('sorts by knowledgeId in code-unit order, whatever the input order', () => {
    const records = ['b', 'B', 'a.2', 'a.10', '保密', 'Z'].map((knowledgeId) => knowledgeRecord({ knowledgeId }));
    const expected = ['B', 'Z', 'a.10', 'a.2', 'b', '保密'].map((knowledgeId) => `${knowledgeId}@1.0`);
    expect(ids(selectCurrentVersions(records, { asOf }))).toEqual(expected);
    expect(ids(selectCurrentVersions([...records].reverse(), { asOf }))).toEqual(expected);
  });

  it('resolves a duplicated version by recordedAt, then id, independent of order', () => {
    const older = knowledgeRecord({ id: 'row-2', knowledgeId: 'cap', version: '1.1', recordedAt: instant('2024-01-01T00:00:00Z') });
    const newer = knowledgeRecord({ id: 'row-1', knowledgeId: 'cap', version: '1.1', recordedAt: instant('2024-02-01T00:00:00Z') });
    expect(ids(selectCurrentVersions([older, newer], { asOf }))).toEqual(['row-1']);
    expect(ids(selectCurrentVersions([newer, older], { asOf }))).toEqual(['row-1']);
    const twin = { ...newer, id: 'row-0' };
    expect(ids(selectCurrentVersions([twin, newer], { asOf }))).toEqual(['row-1']);
    expect(ids(selectCurrentVersions([newer, twin], { asOf }))).toEqual(['row-1']);
  });

  it('rejects an invalid instant and a malformed version, even one not in force', () => {
    expect(() => selectCurrentVersions([], { asOf: new Date('not a date') })).toThrow(TypeError);
    expect(() => selectCurrentVersions([], { asOf: '2024-01-01' as unknown as Date })).toThrow(TypeError);
    expect(() => selectCurrentVersions([], { asOf, knownAt: new Date(Number.NaN) })).toThrow(TypeError);
    const expired = knowledgeRecord({ version: '1.2.3', validUntil: instant('2024-02-01T00:00:00Z') });
    expect(() => selectCurrentVersions([expired], { asOf })).toThrow(/Invalid knowledge version "1.2.3"/);
  });

  it('does not modify its input', () => {
    const records = [knowledgeRecord({ knowledgeId: 'b' }), knowledgeRecord({ knowledgeId: 'a' })];
    const snapshot = structuredClone(records);
    selectCurrentVersions(records, { asOf });
    expect(records).toEqual(snapshot);
  });
});
