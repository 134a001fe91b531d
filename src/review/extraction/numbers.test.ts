import { describe, expect, it } from 'vitest';
import { findDurations, formatDuration, parseChineseNumber, parseEnglishNumber } from './numbers.js';

describe('numbers', () => {
  it.each([
    ['thirty', 30],
    ['one hundred twenty', 120],
    ['one hundred and eighty', 180],
    ['forty-five', 45],
    ['two thousand five hundred', 2500],
  ])('reads English %j as %d', (words, value) => {
    expect(parseEnglishNumber(words)).toBe(value);
  });

  it.each([
    ['三十', 30],
    ['十五', 15],
    ['一百二十', 120],
    ['两', 2],
    ['壹佰贰拾伍万', 1_250_000],
    ['五万', 50_000],
    ['1.5', 1.5],
  ])('reads Chinese %j as %d', (numeral, value) => {
    expect(parseChineseNumber(numeral)).toBe(value);
  });

  it('rejects what is not a number', () => {
    expect(parseEnglishNumber('several')).toBeNull();
    expect(parseChineseNumber('若干')).toBeNull();
  });

  it('finds durations in the ways contracts write them', () => {
    const found = findDurations("sixty (60) days' notice, a 1-year term, six months, 3~year periods, 提前三十日, 十五个工作日, 2年");
    expect(found.map(({ value, unit, days }) => [value, unit, days])).toEqual([
      [60, 'day', 60],
      [1, 'year', 365],
      [6, 'month', 180],
      [3, 'year', 1095],
      [30, 'day', 30],
      [15, 'day', 15],
      [2, 'year', 730],
    ]);
    // "half a year" is six months, not "a year"; OCR's "one (I) year" is one year.
    expect(findDurations('an additional period of half a year').map(({ value, unit }) => [value, unit])).toEqual([[6, 'month']]);
    expect(findDurations('successive one (I) year terms').map(({ value, unit }) => [value, unit])).toEqual([[1, 'year']]);
    expect(findDurations('on behalf of the Company each year').map(({ value, unit }) => [value, unit])).toEqual([]);
    expect(formatDuration(1, 'year')).toBe('1 year');
    expect(formatDuration(6, 'month')).toBe('6 months');
  });
});
