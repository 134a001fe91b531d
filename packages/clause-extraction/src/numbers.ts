/**
 * Numbers as contracts write them: digits with separators, English words ("one hundred
 * twenty"), Chinese numerals (三十, 两, 壹佰), fractions (万分之五) and durations
 * ("thirty (30) days", "6 months", "提前三十日").
 */

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  a: 1,
  an: 1,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fourty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/** One English number word (not "a"/"an", which only count before a unit). */
export const NUMBER_WORD_SOURCE =
  '(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fourty|fifty|sixty|seventy|eighty|ninety|hundred|thousand)';

/** Up to five number words joined by spaces, hyphens or "and" ("one hundred and twenty"). */
export const NUMBER_WORDS_SOURCE = `${NUMBER_WORD_SOURCE}(?:(?:[ -]|\\s+and\\s+)${NUMBER_WORD_SOURCE}){0,4}`;

/** Parses English number words ("one hundred twenty", "forty-five"); null when not a number. */
export function parseEnglishNumber(words: string): number | null {
  const tokens = words
    .toLowerCase()
    .split(/[\s-]+/)
    .filter((token) => token !== 'and' && token !== '');
  if (tokens.length === 0) return null;
  let total = 0;
  let current = 0;
  for (const token of tokens) {
    if (token in UNITS) current += UNITS[token]!;
    else if (token in TENS) current += TENS[token]!;
    else if (token === 'hundred') current = (current || 1) * 100;
    else if (token === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    } else return null;
  }
  return total + current;
}

const CHINESE_DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  壹: 1,
  二: 2,
  贰: 2,
  貳: 2,
  两: 2,
  兩: 2,
  三: 3,
  叁: 3,
  參: 3,
  四: 4,
  肆: 4,
  五: 5,
  伍: 5,
  六: 6,
  陆: 6,
  陸: 6,
  七: 7,
  柒: 7,
  八: 8,
  捌: 8,
  九: 9,
  玖: 9,
};
const CHINESE_SMALL_UNITS: Record<string, number> = { 十: 10, 拾: 10, 百: 100, 佰: 100, 千: 1000, 仟: 1000 };
const CHINESE_LARGE_UNITS: Record<string, number> = { 万: 10_000, 萬: 10_000, 亿: 100_000_000, 億: 100_000_000 };

/** Characters that may appear in a Chinese numeral. */
export const CHINESE_NUMERAL_CLASS = '零〇一壹二贰貳两兩三叁參四肆五伍六陆陸七柒八捌九玖十拾百佰千仟万萬亿億';

/** Parses a Chinese numeral (三十, 一百二十, 壹拾伍万, 两) or plain digits; null when not a number. */
export function parseChineseNumber(numeral: string): number | null {
  if (/^\d+(\.\d+)?$/.test(numeral)) return Number(numeral);
  if (numeral.length === 0) return null;
  let total = 0;
  let section = 0;
  let digit = 0;
  let sawDigitRun = false;
  for (const ch of numeral) {
    if (ch in CHINESE_DIGITS) {
      // Plain positional digits such as 二〇二四 read as 2024.
      if (sawDigitRun) digit = digit * 10 + CHINESE_DIGITS[ch]!;
      else digit = CHINESE_DIGITS[ch]!;
      sawDigitRun = true;
    } else if (ch in CHINESE_SMALL_UNITS) {
      section += (digit || 1) * CHINESE_SMALL_UNITS[ch]!;
      digit = 0;
      sawDigitRun = false;
    } else if (ch in CHINESE_LARGE_UNITS) {
      const unit = CHINESE_LARGE_UNITS[ch]!;
      // 亿 scales everything before it, 万 only its own section: 一亿二千万 is 1亿 + 2000万, 一万亿 is 10000亿.
      if (unit > 10_000) total = (total + section + digit) * unit;
      else total += (section + digit) * unit;
      section = 0;
      digit = 0;
      sawDigitRun = false;
    } else return null;
  }
  return total + section + digit;
}

/** Parses digits with thousand separators (`1,000,000.50`, `1，000`). */
export function parseDigits(text: string): number {
  return Number(text.replace(/[,，\s]/g, ''));
}

/** A duration found in text. */
export interface Duration {
  value: number;
  unit: 'day' | 'week' | 'month' | 'year';
  /** Calendar days (a month counts 30, a year 365). */
  days: number;
  index: number;
  length: number;
}

const UNIT_DAYS = { day: 1, week: 7, month: 30, year: 365 } as const;

/** The figure in brackets may be quoted: "ninety (\"90\") days". */
const ENGLISH_DURATION = new RegExp(
  String.raw`\b(?:(${NUMBER_WORDS_SOURCE})\s*\(\s*["'“”]?(\d{1,4})["'“”]?\s*\)|(\d{1,4})\s*\(\s*${NUMBER_WORDS_SOURCE}\s*\)|(\d{1,4})|(${NUMBER_WORDS_SOURCE}|an?))` +
    String.raw`\s*(?:[-~]\s*|\)\s*)?(?:full\s|consecutive\s|calendar\s|business\s|working\s|banking\s|successive\s|additional\s|\(\d{1,4}\)\s*|\(I\)\s*)*(day|week|month|year)s?(?:'s|')?\b`,
  'gi',
);
/** "half a year", "a half-year": six months. */
const HALF_YEAR = /\b(?:an?\s)?half[\s-]*(?:an?\s)?year\b/gi;
const CHINESE_DURATION = new RegExp(
  `(\\d{1,4}|[${CHINESE_NUMERAL_CLASS}]{1,6})\\s*(?:个)?\\s*(?:工作|自然|日历)?\\s*(日|天|周|星期|个月|月|年)`,
  'g',
);

function chineseUnit(unit: string): Duration['unit'] {
  if (unit === '日' || unit === '天') return 'day';
  if (unit === '周' || unit === '星期') return 'week';
  if (unit === '年') return 'year';
  return 'month';
}

/** Every duration in a piece of text ("sixty (60) days", "1-year", "6 months", "三十日", "2年"), in order. */
export function findDurations(text: string): Duration[] {
  const found: Duration[] = [];
  const halves: Array<[number, number]> = [];
  for (const match of text.matchAll(HALF_YEAR)) {
    halves.push([match.index, match.index + match[0].length]);
    found.push({ value: 6, unit: 'month', days: 180, index: match.index, length: match[0].length });
  }
  for (const match of text.matchAll(ENGLISH_DURATION)) {
    if (halves.some(([start, end]) => match.index >= start && match.index < end)) continue;
    const words = match[1] ?? match[5];
    const digits = match[2] ?? match[3] ?? match[4];
    let value: number | null = null;
    if (digits !== undefined) value = Number(digits);
    else if (words !== undefined) value = parseEnglishNumber(words);
    if (value === null || value <= 0) continue;
    const unit = match[6]!.toLowerCase() as Duration['unit'];
    found.push({ value, unit, days: value * UNIT_DAYS[unit], index: match.index, length: match[0].length });
  }
  for (const match of text.matchAll(CHINESE_DURATION)) {
    const value = parseChineseNumber(match[1]!);
    if (value === null || value <= 0) continue;
    const unit = chineseUnit(match[2]!);
    found.push({ value, unit, days: value * UNIT_DAYS[unit], index: match.index, length: match[0].length });
  }
  return found.sort((left, right) => left.index - right.index);
}

/** Renders a duration the way CUAD writes answers: `1 year`, `6 months`, `30 days`. */
export function formatDuration(value: number, unit: Duration['unit']): string {
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}
