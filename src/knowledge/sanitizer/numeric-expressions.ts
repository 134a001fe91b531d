/**
 * Numeric expressions (numbers, percentages, amounts, day counts, dates) in Chinese and English
 * clause text. The summarizer must keep every one of them verbatim, so this module is both the
 * summarizer's anchor finder and the check that nothing was lost.
 */

/** One numeric expression and where it sits in the text (`end` is exclusive). */
export interface NumericSpan {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

// Only U+0020 counts as a space inside an expression: whitespace is collapsed elsewhere, and an
// expression spanning a newline would no longer be verbatim afterwards.
const DIGIT = '[0-9０-９]';
const NUMBER = `(?:${DIGIT}{1,3}(?:,${DIGIT}{3})+(?:\\.${DIGIT}+)?|${DIGIT}+(?:\\.${DIGIT}+)?)`;
const CN_DIGIT = '[零〇一二两三四五六七八九十百千万亿半]';
const CN_YEAR_DIGIT = '[零〇一二三四五六七八九]';
const NOT_LETTER = '(?![A-Za-z])';
const AFTER_NON_LETTER = '(?<![A-Za-z])';

const MONTH =
  '(?:January|February|March|April|May|June|July|August|September|October|November|December|' +
  'Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)';
const ORDINAL_SUFFIX = '(?:st|nd|rd|th)?';
const EN_TIME_UNIT = '(?:(?:business|working|calendar|banking) )?(?:days?|weeks?|months?|years?|hours?|minutes?)';
const EN_NUMBER_WORD =
  '(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-(?:one|two|three|four|five|six|seven|eight|nine))?|' +
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)' +
  '(?: hundred)?';
const PERCENT_UNIT = '(?:%|％|‰|percentage points?|per cent|percent|个百分点|basis points|bps)';
const CURRENCY_PREFIX = '(?:US\\$|HK\\$|USD|RMB|CNY|EUR|GBP|HKD|JPY|人民币|美元|\\$|¥|￥|€|£)';
const CURRENCY_SUFFIX = '(?:USD|RMB|CNY|EUR|GBP|HKD|JPY|dollars?|yuan|euros?)';
const CN_SCALE = '(?:千万|百万|万|亿|千)';
const CN_MONEY = '(?:元|美元|欧元|英镑|港元|港币|日元|人民币)';
const CN_COUNT_UNIT = '(?:个工作日|工作日|自然日|日历日|营业日|个月|小时|分钟|星期|日|天|月|年|周|倍)';
const CN_WITHIN = '(?:以内|之内|内)?';

/**
 * Alternatives in priority order: at one position the first that matches wins, so specific
 * shapes (dates, amounts) come before the bare number they start with.
 */
const NUMERIC_ALTERNATIVES = [
  // 2024-01-01, 2024/1/1, 2024-01-01T08:00:00Z
  `${DIGIT}{4}[-/.]${DIGIT}{1,2}[-/.]${DIGIT}{1,2}(?:[T ]${DIGIT}{2}:${DIGIT}{2}(?::${DIGIT}{2}(?:\\.${DIGIT}+)?)?(?:Z|[+-]${DIGIT}{2}:?${DIGIT}{2})?)?`,
  // 2024年1月1日, 2024年1月, 2024年; 1月1日
  `${DIGIT}{4}年(?:${DIGIT}{1,2}月(?:${DIGIT}{1,2}日)?)?`,
  `${DIGIT}{1,2}月${DIGIT}{1,2}日`,
  // 二〇二四年一月一日
  `${CN_YEAR_DIGIT}{4}年(?:${CN_DIGIT}{1,3}月(?:${CN_DIGIT}{1,3}日)?)?`,
  // January 1, 2024; Jan. 1st 2024; May 2024; 1 January 2024; 1st of May, 2024
  `${AFTER_NON_LETTER}${MONTH}\\.? ${DIGIT}{4}(?!${DIGIT})`,
  `${AFTER_NON_LETTER}${MONTH}\\.? ${DIGIT}{1,2}${ORDINAL_SUFFIX}(?!${DIGIT})(?:,? ${DIGIT}{4}(?!${DIGIT}))?`,
  `${DIGIT}{1,2}${ORDINAL_SUFFIX} (?:of )?${MONTH}${NOT_LETTER}\\.?(?:,? ${DIGIT}{4}(?!${DIGIT}))?`,
  // 17:00, 9:30 a.m.
  `${DIGIT}{1,2}:${DIGIT}{2}(?::${DIGIT}{2})?(?: ?(?:a\\.m\\.|p\\.m\\.|am|pm)${NOT_LETTER})?`,
  // USD 5,000; $5,000; US$ 2 million; 人民币100万元; 人民币1,000,000.00 元
  `${AFTER_NON_LETTER}${CURRENCY_PREFIX} ?${NUMBER}(?: ?(?:million|billion|thousand)${NOT_LETTER})?(?: ?${CN_SCALE})?(?: ?${CN_MONEY})?`,
  // 万分之五, 百分之0.5
  `(?:百分之|千分之|万分之)(?:${NUMBER}|[零〇一二两三四五六七八九十百点]+)`,
  // 第5条, 第三款
  `第(?:${NUMBER}|${CN_DIGIT}+)(?:条|款|项|章|节|部分|次|期|个|年|日|天|月)?`,
  // sixty (60) days, thirty days, five percent
  `${AFTER_NON_LETTER}${EN_NUMBER_WORD}(?: ?\\(${DIGIT}+\\))?[ -](?:${EN_TIME_UNIT}|percent|per cent)${NOT_LETTER}`,
  // within 30 days, within 30 business days
  `${AFTER_NON_LETTER}within ${NUMBER}[ -]${EN_TIME_UNIT}${NOT_LETTER}`,
  // 5%, 5 percent, 0.5 个百分点
  `${NUMBER} ?${PERCENT_UNIT}(?![A-Za-z])`,
  // 1,000,000.00 元, 100万元, 100万
  `${NUMBER}(?: ?${CN_SCALE})? ?${CN_MONEY}`,
  `${NUMBER} ?${CN_SCALE}`,
  // 2 million, 5,000 USD
  `${NUMBER} (?:million|billion|thousand)(?: ${CURRENCY_SUFFIX})?${NOT_LETTER}`,
  `${NUMBER} ${CURRENCY_SUFFIX}${NOT_LETTER}`,
  // 30日内, 30天, 3个月, 5倍
  `${NUMBER} ?${CN_COUNT_UNIT}${CN_WITHIN}`,
  // 30 days, 30 business days, 30-day
  `${NUMBER}[ -]${EN_TIME_UNIT}${NOT_LETTER}`,
  // 三十日内, 两年, 五千元 (never right after a character that makes it part of a word: 统一, 同一)
  `(?<![统同唯单专万])${CN_DIGIT}+(?:个)?(?:工作日|自然日|日历日|营业日|个月|小时|星期|日|天|年|周|倍|元|万元|亿元)${CN_WITHIN}`,
  NUMBER,
];

const NUMERIC_PATTERN = new RegExp(NUMERIC_ALTERNATIVES.join('|'), 'giu');

/** What may join two expressions into one range: `5%-10%`, `3至5年`, `30 to 60 days`. */
const RANGE_JOINER = /^(?: ?[-–—~～] ?|至|到| to )$/u;

/** A quick test that lets texts without any digit-like character skip the big pattern. */
const DIGIT_LIKE = '0-9０-９零〇一二两三四五六七八九十百千万亿半';
const NUMBER_WORD_STEMS = [
  ...['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'teen'],
  ...['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'],
];
const MAY_CONTAIN_NUMBER = new RegExp(`[${DIGIT_LIKE}]|${NUMBER_WORD_STEMS.join('|')}`, 'iu');

// The summarizer scans a clause, its hedge-free text and its candidates: remember the last four answers.
const recent: Array<{ text: string; spans: readonly NumericSpan[] }> = [];

/**
 * Every numeric expression in `text`, left to right, without overlaps. Adjacent expressions that
 * form a range (`5%-10%`, `3至5年`, `30 to 60 days`) are one expression.
 */
export function locateNumericExpressions(text: string): readonly NumericSpan[] {
  const remembered = recent.find((entry) => entry.text === text);
  if (remembered) return remembered.spans;
  const spans = Object.freeze(scan(text).map((span) => Object.freeze(span)));
  if (recent.unshift({ text, spans }) > 4) recent.pop();
  return spans;
}

function scan(text: string): NumericSpan[] {
  if (!MAY_CONTAIN_NUMBER.test(text)) return [];
  const spans: Array<{ start: number; end: number; text: string }> = [];
  for (const match of text.matchAll(NUMERIC_PATTERN)) {
    const start = match.index;
    const end = start + match[0].length;
    const previous = spans.at(-1);
    if (previous && RANGE_JOINER.test(text.slice(previous.end, start))) {
      previous.end = end;
      previous.text = text.slice(previous.start, end);
    } else {
      spans.push({ start, end, text: match[0] });
    }
  }
  return spans;
}

/**
 * The numeric expressions of `text` as written, in order of appearance (repeats included), e.g.
 * `['5%', '万分之五']` for the penalty clause. Use it to check that a summary kept every number:
 * `extractNumericExpressions(source).every((expression) => summary.includes(expression))`.
 */
export function extractNumericExpressions(text: string): string[] {
  return locateNumericExpressions(text).map((span) => span.text);
}

/** The numeric expressions of `source` that `candidate` does not contain verbatim (none: nothing lost). */
export function missingNumericExpressions(source: string, candidate: string): string[] {
  return [...new Set(extractNumericExpressions(source))].filter((expression) => !candidate.includes(expression));
}
