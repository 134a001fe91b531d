import { describe, expect, it } from 'vitest';
import { compareVersions, parseVersion } from './versions.js';

describe('parseVersion', () => {
  it('reads major.minor as numbers', () => {
    expect(parseVersion('1.10')).toEqual({ major: 1, minor: 10 });
    expect(parseVersion('0.0')).toEqual({ major: 0, minor: 0 });
    expect(parseVersion('12.345')).toEqual({ major: 12, minor: 345 });
  });

  it.each([
    '',
    '1',
    '1.',
    '.1',
    '1.2.3',
    'v1.2',
    '1.02',
    '01.2',
    ' 1.2',
    '1.2 ',
    '-1.2',
    '1.-2',
    '1.2a',
    '1,2',
    '１.２',
    '99999999999999999.1',
  ])('rejects %j', (version) => {
    expect(() => parseVersion(version)).toThrow(/Invalid knowledge version/);
  });

  it('rejects what is not a string', () => {
    expect(() => parseVersion(1.1 as unknown as string)).toThrow(/Invalid knowledge version/);
  });
});

describe('compareVersions', () => {
  it('compares numerically: 1.10 is newer than 1.9, which is newer than 1.2', () => {
    expect(compareVersions('1.10', '1.9')).toBeGreaterThan(0);
    expect(compareVersions('1.9', '1.2')).toBeGreaterThan(0);
    expect(compareVersions('1.2', '1.10')).toBeLessThan(0);
    expect(compareVersions('2.0', '1.99')).toBeGreaterThan(0);
    expect(compareVersions('1.10', '1.10')).toBe(0);
  });

  it('sorts as a comparator', () => {
    expect(['1.10', '2.0', '1.2', '0.9', '1.9'].sort(compareVersions)).toEqual(['0.9', '1.2', '1.9', '1.10', '2.0']);
  });

  it('throws on a malformed side', () => {
    expect(() => compareVersions('1.1', '1.1.1')).toThrow(/Invalid knowledge version "1.1.1"/);
  });
});
