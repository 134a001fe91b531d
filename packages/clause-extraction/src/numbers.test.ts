import { describe, expect, it } from 'vitest';
import {
  CHINESE_NUMERAL_CLASS,
  findDurations,
  formatDuration,
  NUMBER_WORD_SOURCE,
  NUMBER_WORDS_SOURCE,
  parseChineseNumber,
  parseDigits,
  parseEnglishNumber,
} from './numbers.js';

/** `[value, unit, days]` of every duration found, in order. */
const durationsIn = (text: string) => findDurations(text).map(({ value, unit, days }) => [value, unit, days]);
/** The text each duration covers. */
const quotedIn = (text: string) => findDurations(text).map(({ index, length }) => text.slice(index, index + length));

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

describe('English number words', () => {
  it.each([
    ['zero', 0],
    ['one', 1],
    ['two', 2],
    ['three', 3],
    ['four', 4],
    ['five', 5],
    ['six', 6],
    ['seven', 7],
    ['eight', 8],
    ['nine', 9],
    ['ten', 10],
    ['eleven', 11],
    ['twelve', 12],
    ['thirteen', 13],
    ['fourteen', 14],
    ['fifteen', 15],
    ['sixteen', 16],
    ['seventeen', 17],
    ['eighteen', 18],
    ['nineteen', 19],
    ['twenty', 20],
    ['forty', 40],
    ['fourty', 40],
    ['fifty', 50],
    ['sixty', 60],
    ['seventy', 70],
    ['eighty', 80],
    ['ninety', 90],
  ])('reads %j as %d', (word, value) => {
    expect(parseEnglishNumber(word)).toBe(value);
  });

  it('reads "a" and "an" as one', () => {
    expect(parseEnglishNumber('a')).toBe(1);
    expect(parseEnglishNumber('an')).toBe(1);
  });

  it('reads capitals like lower case', () => {
    expect(parseEnglishNumber('Ninety')).toBe(90);
    expect(parseEnglishNumber('TWENTY-ONE')).toBe(21);
  });

  it('reads a bare scale word as one of it', () => {
    expect(parseEnglishNumber('hundred')).toBe(100);
    expect(parseEnglishNumber('thousand')).toBe(1000);
  });

  it('adds what follows a thousand and multiplies what precedes a hundred', () => {
    expect(parseEnglishNumber('three thousand')).toBe(3000);
    expect(parseEnglishNumber('one thousand and one')).toBe(1001);
    expect(parseEnglishNumber('twelve thousand three hundred forty-five')).toBe(12_345);
    expect(parseEnglishNumber('two hundred thousand')).toBe(200_000);
    expect(parseEnglishNumber('five hundred')).toBe(500);
  });

  it('splits at any run of spaces and hyphens', () => {
    expect(parseEnglishNumber('twenty -  one')).toBe(21);
    expect(parseEnglishNumber('  thirty ')).toBe(30);
  });

  it('is null for nothing, for "and" alone and for a word that is no number', () => {
    expect(parseEnglishNumber('')).toBeNull();
    expect(parseEnglishNumber('and')).toBeNull();
    expect(parseEnglishNumber('twenty several')).toBeNull();
  });

  it('offers patterns for one word and for up to five joined words', () => {
    const one = new RegExp(`^${NUMBER_WORD_SOURCE}$`);
    expect(one.test('nineteen')).toBe(true);
    expect(one.test('thousand')).toBe(true);
    expect(one.test('twenty one')).toBe(false);
    const many = new RegExp(`^${NUMBER_WORDS_SOURCE}$`);
    expect(many.test('one hundred and twenty')).toBe(true);
    expect(many.test('forty-five')).toBe(true);
    expect(many.test('one  hundred  and  twenty')).toBe(false);
    expect(many.test('one hundred  and   twenty')).toBe(true);
    expect(many.test('one two three four five')).toBe(true);
    expect(many.test('one two three four five six')).toBe(false);
  });
});

describe('Chinese numerals', () => {
  it.each([
    ['零', 0],
    ['〇', 0],
    ['一', 1],
    ['壹', 1],
    ['二', 2],
    ['贰', 2],
    ['貳', 2],
    ['兩', 2],
    ['三', 3],
    ['叁', 3],
    ['參', 3],
    ['四', 4],
    ['肆', 4],
    ['五', 5],
    ['伍', 5],
    ['六', 6],
    ['陆', 6],
    ['陸', 6],
    ['七', 7],
    ['柒', 7],
    ['八', 8],
    ['捌', 8],
    ['九', 9],
    ['玖', 9],
  ])('reads the digit %j as %d', (numeral, value) => {
    expect(parseChineseNumber(numeral)).toBe(value);
  });

  it.each([
    ['十', 10],
    ['拾', 10],
    ['百', 100],
    ['佰', 100],
    ['千', 1000],
    ['仟', 1000],
  ])('reads the unit %j alone as %d', (numeral, value) => {
    expect(parseChineseNumber(numeral)).toBe(value);
  });

  it.each([
    ['二十一', 21],
    ['一千零五', 1005],
    ['三千二百', 3200],
    ['一万五千', 15_000],
    ['十万', 100_000],
    ['一亿二千万', 120_000_000],
    ['一万亿', 1_000_000_000_000],
    ['二〇二四', 2024],
    ['一九', 19],
  ])('reads %j as %d', (numeral, value) => {
    expect(parseChineseNumber(numeral)).toBe(value);
  });

  it.each([
    ['一万', 10_000],
    ['壹萬', 10_000],
    ['一亿', 100_000_000],
    ['壹億', 100_000_000],
  ])('reads %j as %d', (numeral, value) => {
    expect(parseChineseNumber(numeral)).toBe(value);
  });

  it('reads 万 or 亿 without a number before it as nothing (a unit in a table header, 单位：万元)', () => {
    expect(parseChineseNumber('万')).toBe(0);
    expect(parseChineseNumber('亿')).toBe(0);
  });

  it('reads plain digits, with or without decimals, and nothing else as digits', () => {
    expect(parseChineseNumber('30')).toBe(30);
    expect(parseChineseNumber('2.25')).toBe(2.25);
    expect(parseChineseNumber('30天')).toBeNull();
    expect(parseChineseNumber('三30')).toBeNull();
    expect(parseChineseNumber('1.')).toBeNull();
  });

  it('is null for an empty numeral', () => {
    expect(parseChineseNumber('')).toBeNull();
  });

  it('lists every character a numeral may use', () => {
    for (const ch of CHINESE_NUMERAL_CLASS) expect(parseChineseNumber(ch), ch).not.toBeNull();
    expect(CHINESE_NUMERAL_CLASS).toContain('两');
    expect(CHINESE_NUMERAL_CLASS).toContain('億');
  });
});

describe('digits with separators', () => {
  it.each([
    ['1,000,000.50', 1_000_000.5],
    ['1，000', 1000],
    ['2 500', 2500],
    ['42', 42],
  ])('reads %j as %d', (text, value) => {
    expect(parseDigits(text)).toBe(value);
  });
});

describe('durations', () => {
  it('counts a week as 7 days, a month as 30 and a year as 365', () => {
    expect(durationsIn('2 days, 2 weeks, 2 months, 2 years')).toEqual([
      [2, 'day', 2],
      [2, 'week', 14],
      [2, 'month', 60],
      [2, 'year', 730],
    ]);
  });

  it('reads words with digits in brackets, either way round', () => {
    expect(durationsIn('thirty (30) days')).toEqual([[30, 'day', 30]]);
    expect(durationsIn('thirty ( 30 ) days')).toEqual([[30, 'day', 30]]);
    expect(durationsIn('30 (thirty) days')).toEqual([[30, 'day', 30]]);
    expect(durationsIn('30 ( thirty ) days')).toEqual([[30, 'day', 30]]);
    expect(quotedIn('notice of thirty (30) days')).toEqual(['thirty (30) days']);
  });

  it('takes the digits when words and digits disagree', () => {
    expect(durationsIn('thirty (45) days')).toEqual([[45, 'day', 45]]);
    expect(durationsIn('45 (thirty) days')).toEqual([[45, 'day', 45]]);
  });

  it('reads "a" and "an" before a unit as one', () => {
    expect(durationsIn('for a year')).toEqual([[1, 'year', 365]]);
    expect(durationsIn('for an additional month')).toEqual([[1, 'month', 30]]);
  });

  it.each([
    ['sixty full days', 60],
    ['sixty consecutive days', 60],
    ['sixty calendar days', 60],
    ['sixty business days', 60],
    ['sixty working days', 60],
    ['sixty banking days', 60],
    ['sixty successive days', 60],
    ['sixty additional days', 60],
    ['sixty consecutive calendar days', 60],
    ['60 - day', 60],
    ['60-day', 60],
    ['60~day', 60],
    ['60day', 60],
    ['sixty (60) calendar days', 60],
    ['sixty calendar (60) days', 60],
  ])('reads the qualified %j', (text, value) => {
    expect(durationsIn(text)).toEqual([[value, 'day', value]]);
    expect(quotedIn(text)).toEqual([text]);
  });

  it('reads the singular, the plural and the possessive', () => {
    expect(quotedIn("one year's notice")).toEqual(["one year's"]);
    expect(quotedIn("two years' notice")).toEqual(['two years']);
    expect(quotedIn('three Months')).toEqual(['three Months']);
    expect(durationsIn('FIVE YEARS')).toEqual([[5, 'year', 1825]]);
  });

  it('needs a whole word on both sides', () => {
    expect(durationsIn('30 daysx')).toEqual([]);
    expect(durationsIn('x30 days')).toEqual([]);
    expect(durationsIn('someone year')).toEqual([]);
    expect(durationsIn('12345 days')).toEqual([]);
  });

  it('skips zero', () => {
    expect(durationsIn('0 days')).toEqual([]);
    expect(durationsIn('zero days')).toEqual([]);
    expect(durationsIn('零日')).toEqual([]);
  });

  it('reads four digits but not five', () => {
    expect(durationsIn('1000 days')).toEqual([[1000, 'day', 1000]]);
    expect(durationsIn('10000 days')).toEqual([]);
  });

  it('reads half a year as six months, however it is written', () => {
    for (const text of ['half a year', 'a half year', 'a half-year', 'an half year', 'half-year', 'HALF A YEAR']) {
      expect(durationsIn(text), text).toEqual([[6, 'month', 180]]);
      expect(quotedIn(text), text).toEqual([text]);
    }
  });

  it('reads a year after half a year as its own duration', () => {
    expect(durationsIn('half a year and one year')).toEqual([
      [6, 'month', 180],
      [1, 'year', 365],
    ]);
    expect(durationsIn('half a year, half a year')).toEqual([
      [6, 'month', 180],
      [6, 'month', 180],
    ]);
  });

  it.each([
    ['三十日', 30, 'day', 30],
    ['三十天', 30, 'day', 30],
    ['两周', 2, 'week', 14],
    ['两星期', 2, 'week', 14],
    ['六个月', 6, 'month', 180],
    ['六月', 6, 'month', 180],
    ['三年', 3, 'year', 1095],
    ['10 个 工作 日', 10, 'day', 10],
    ['十个自然日', 10, 'day', 10],
    ['十个日历日', 10, 'day', 10],
    ['30日', 30, 'day', 30],
  ] as const)('reads the Chinese %j', (text, value, unit, days) => {
    expect(durationsIn(text)).toEqual([[value, unit, days]]);
    expect(quotedIn(text)).toEqual([text]);
  });

  it('skips a Chinese numeral that does not parse', () => {
    expect(durationsIn('若干日')).toEqual([]);
  });

  it('reads at most six Chinese numeral characters', () => {
    expect(quotedIn('一二三四五六七日')).toEqual(['二三四五六七日']);
  });

  it('orders English and Chinese durations by position', () => {
    expect(durationsIn('三十日 and 2 weeks and 一年')).toEqual([
      [30, 'day', 30],
      [2, 'week', 14],
      [1, 'year', 365],
    ]);
    const found = findDurations('within 3 days');
    expect(found[0]).toMatchObject({ index: 7, length: 6 });
  });

  it('writes a duration in the singular only for one', () => {
    expect(formatDuration(1, 'day')).toBe('1 day');
    expect(formatDuration(2, 'day')).toBe('2 days');
    expect(formatDuration(0, 'week')).toBe('0 weeks');
  });
});
