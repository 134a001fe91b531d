import { CHINESE_NUMERAL_CLASS, parseChineseNumber, parseDigits } from './numbers.js';
import { evidenceFor, type TextView } from './text-view.js';
import type { AmountField } from './types.js';

/** A sum of money found in a piece of text (offsets relative to it). */
export interface AmountMatch {
  value: number;
  currency: string | null;
  text: string;
  index: number;
  length: number;
}

/** At most this many amounts are reported for one contract; a 1 MB price list stays a bounded result. */
export const MAX_AMOUNTS = 500;

const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const SCALE = String.raw`(?:\s?(million|billion|thousand|mm|m|bn|k)\b)?`;
const PREFIX_CURRENCY = String.raw`US\$|U\.S\.\s?\$|USD|HK\$|HKD|RMB|CNY|EUR|€|£|GBP|JPY|¥|￥|\$`;
const SUFFIX_CURRENCY = String.raw`U\.S\.\sdollars|US\sdollars|United\sStates\sdollars|dollars|USD|euros?|EUR|pounds\ssterling|GBP|RMB|yuan|renminbi|CNY|HKD|JPY|yen`;

const ENGLISH_PREFIXED = new RegExp(String.raw`(${PREFIX_CURRENCY})\s?(${NUMBER})${SCALE}`, 'gi');
const ENGLISH_SUFFIXED = new RegExp(String.raw`(?<![\w.,])(${NUMBER})${SCALE}\s?(${SUFFIX_CURRENCY})\b`, 'gi');
const CHINESE_DIGITS_AMOUNT =
  /(?:(人民币|RMB|￥|¥)\s?)?(\d{1,3}(?:[,，]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s?(亿|万|千)?\s?(元|圆|美元|欧元|港元|港币|日元|英镑)/g;
const CHINESE_NUMERAL_AMOUNT = new RegExp(
  `(?:(人民币|RMB)\\s?)?([${CHINESE_NUMERAL_CLASS}]{1,20})\\s?(元|圆|美元|欧元|港元|港币|日元|英镑)`,
  'g',
);

const SCALE_FACTORS: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  m: 1e6,
  mm: 1e6,
  billion: 1e9,
  bn: 1e9,
  千: 1e3,
  万: 1e4,
  亿: 1e8,
};

function currencyOf(symbol: string | undefined): string | null {
  if (!symbol) return null;
  const lower = symbol.toLowerCase().replace(/\s/g, ' ');
  if (lower === 'hk$' || lower === 'hkd' || lower === '港元' || lower === '港币') return 'HKD';
  if (lower.includes('$') || lower.includes('dollar') || lower === 'usd' || lower === '美元') return 'USD';
  if (
    lower === 'rmb' ||
    lower === 'cny' ||
    lower === 'yuan' ||
    lower === 'renminbi' ||
    lower === '人民币' ||
    lower === '元' ||
    lower === '圆' ||
    lower === '￥'
  )
    return 'CNY';
  if (lower === '¥') return 'CNY';
  if (lower === '€' || lower.startsWith('euro') || lower === 'eur' || lower === '欧元') return 'EUR';
  if (lower === '£' || lower.includes('pound') || lower === 'gbp' || lower === '英镑') return 'GBP';
  if (lower === 'jpy' || lower === 'yen' || lower === '日元') return 'JPY';
  return null;
}

/** Every sum of money in `text`: `$1,500,000`, `USD 2.5 million`, `500 dollars`, `人民币50万元`, `伍拾万元整`. */
export function findAmounts(text: string): AmountMatch[] {
  const found: AmountMatch[] = [];
  const add = (match: RegExpMatchArray, value: number, currency: string | null) => {
    if (!Number.isFinite(value)) return;
    const index = match.index!;
    if (found.some((existing) => index < existing.index + existing.length && existing.index < index + match[0].length)) return;
    found.push({ value, currency, text: match[0], index, length: match[0].length });
  };
  for (const match of text.matchAll(ENGLISH_PREFIXED)) {
    add(match, parseDigits(match[2]!) * (SCALE_FACTORS[(match[3] ?? '').toLowerCase()] ?? 1), currencyOf(match[1]));
  }
  for (const match of text.matchAll(ENGLISH_SUFFIXED)) {
    add(match, parseDigits(match[1]!) * (SCALE_FACTORS[(match[2] ?? '').toLowerCase()] ?? 1), currencyOf(match[3]));
  }
  for (const match of text.matchAll(CHINESE_DIGITS_AMOUNT)) {
    const unit = match[4]!;
    const currency = unit === '元' || unit === '圆' ? 'CNY' : currencyOf(unit);
    add(match, parseDigits(match[2]!) * (SCALE_FACTORS[match[3] ?? ''] ?? 1), match[1] ? (currencyOf(match[1]) ?? currency) : currency);
  }
  for (const match of text.matchAll(CHINESE_NUMERAL_AMOUNT)) {
    const value = parseChineseNumber(match[2]!);
    if (value === null || value === 0) continue;
    const unit = match[3]!;
    add(match, value, unit === '元' || unit === '圆' ? 'CNY' : currencyOf(unit));
  }
  return found.sort((left, right) => left.index - right.index);
}

/** All sums of money in the contract, in document order (at most {@link MAX_AMOUNTS}). */
export function extractAmounts(view: TextView): AmountField[] | null {
  const amounts: AmountField[] = [];
  for (const sentence of view.sentences) {
    if (!/\d|[元圆]/.test(sentence.text)) continue;
    for (const match of findAmounts(sentence.text)) {
      if (amounts.length >= MAX_AMOUNTS) return amounts;
      const evidence = evidenceFor(view, sentence.start + match.index, sentence.start + match.index + match.length);
      amounts.push({ value: match.value, currency: match.currency, text: view.original.slice(evidence.start, evidence.end), evidence });
    }
  }
  return amounts.length > 0 ? amounts : null;
}
