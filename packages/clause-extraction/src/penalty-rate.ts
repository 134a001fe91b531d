import { CHINESE_NUMERAL_CLASS, parseChineseNumber, parseEnglishNumber, NUMBER_WORDS_SOURCE } from './numbers.js';
import { evidenceInSentence, type Sentence, type TextView } from './text-view.js';
import type { PenaltyBasis, PenaltyRateField } from './types.js';

/** Sentences about penalties, liquidated damages, late fees or interest on overdue sums. */
/** Penalties proper outrank interest on late payment when a contract has both. */
const PENALTY_PROPER = /\bpenalt(?:y|ies)\b|\bliquidated\sdamages\b|违约金|罚金/i;
const PENALTY_CONTEXT =
  /\bpenalt(?:y|ies)\b|\bliquidated\sdamages\b|\blate\s(?:payment\s)?(?:fee|charge|interest)s?\b|\binterest\b[^.;]{0,120}\b(?:late|overdue|past\sdue|unpaid|delay|delinquent)\b|\b(?:late|overdue|past\sdue|unpaid|delayed)\b[^.;]{0,120}\binterest\b|\bdelay(?:ed)?\s(?:in\s)?deliver|违约金|滞纳金|罚息|罚金|逾期|迟延|延迟|延期/i;

const PERCENT = new RegExp(
  [
    String.raw`(\d+(?:\.\d+)?)\s?(?:%|per\s?cent\b|percent\b)`,
    String.raw`\b(${NUMBER_WORDS_SOURCE})\s(?:per\s?cent|percent)\b(?!\s*\()`,
    `(百|千|万)分之(?:([\\d.]+)|([${CHINESE_NUMERAL_CLASS}点]{1,8}))`,
  ].join('|'),
  'gi',
);

const BASES: [PenaltyBasis, RegExp][] = [
  [
    'per_day',
    /^[^.;%]{0,60}?(?:\bper\s(?:calendar\s|business\s|working\s)?day\b|\b(?:each|every)\s(?:calendar\s|business\s|working\s)?day\b|\bdaily\b|\ba\sday\b|每(?:逾期|迟延|延迟|延误)?(?:一)?(?:日|天)|按日)/i,
  ],
  ['per_week', /^[^.;%]{0,60}?(?:\bper\sweek\b|\b(?:each|every)\sweek\b|\bweekly\b|每(?:逾期|迟延|延迟)?(?:一)?(?:周|星期)|按周)/i],
  [
    'per_month',
    /^[^.;%]{0,60}?(?:\bper\smonth\b|\b(?:each|every)\s(?:calendar\s)?month\b|\bmonthly\b|\ba\smonth\b|每(?:逾期|迟延|延迟)?(?:一)?(?:个)?月|按月|月息|月利率)/i,
  ],
  ['per_year', /^[^.;%]{0,60}?(?:\bper\s(?:annum|year)\b|\bannual(?:ly)?\b|\byearly\b|\ba\syear\b|每年|按年|年息|年利率|年化)/i],
];
const BASIS_BEFORE: [PenaltyBasis, RegExp][] = [
  [
    'per_day',
    /(?:每(?:逾期|迟延|延迟|延误)?(?:一)?(?:日|天)|按日|\bdaily\b|\b(?:each|every)\sday\sof\s(?:delay|late)\w*\b)[^。；.;]{0,30}$/i,
  ],
  ['per_week', /(?:每(?:逾期|迟延|延迟)?(?:一)?(?:周|星期)|按周|\bweekly\b)[^。；.;]{0,30}$/i],
  ['per_month', /(?:每(?:逾期|迟延|延迟)?(?:一)?(?:个)?月|按月|月息|月利率|\bmonthly\b)[^。；.;]{0,30}$/i],
  ['per_year', /(?:每年|按年|年息|年利率|年化|\bannual\b)[^。；.;]{0,30}$/i],
];
/** "for every 2 days of delay": a rate per N days, which is spread over the days. */
const EVERY_N_DAYS =
  /^[^.;%]{0,60}?\b(?:every|each|per)\s(\d{1,3})\s(?:calendar\s)?days\b|^[^。；%]{0,30}?每(?:逾期|迟延|延迟)?(\d{1,3}|[一二三四五六七八九十]{1,3})(?:日|天)/i;
const EVERY_N_DAYS_BEFORE =
  /(?:\b(?:every|each|per)\s(\d{1,3})\s(?:calendar\s)?days\b|每(?:逾期|迟延|延迟)?(\d{1,3}|[一二三四五六七八九十]{1,3})(?:日|天))[^.;。；]{0,60}$/i;
const TOTAL =
  /(?:total|contract|purchase|aggregate)\s(?:\w+\s){0,2}(?:price|value|amount|sum|fees?)|合同(?:总)?(?:价款|金额|总额|总价|价格)|总(?:价款|价|额|金额)|货款总额|(?:未付|应付|欠付|逾期)(?:款项?|金额)/i;

/** The percentage a match of {@link PERCENT} states; NaN when it does not read as a number ("万分之1.2.3"). */
function percentOf(match: RegExpMatchArray): number {
  if (match[1] !== undefined) return Number(match[1]);
  if (match[2] !== undefined) return parseEnglishNumber(match[2]) ?? Number.NaN;
  const denominator = match[3] === '百' ? 100 : match[3] === '千' ? 1000 : 10000;
  let numerator: number;
  if (match[4] !== undefined) numerator = Number(match[4]);
  else {
    // A Chinese numeral, with single digits after a decimal point 点 (零点五, 一点二五, 点五).
    const [whole, fraction] = match[5]!.split('点');
    // Stryker disable next-line StringLiteral: equivalent, characters that are no digit join as '' below (null joins as '')
    const fractionCharacters = [...(fraction ?? '')];
    const digits = fractionCharacters.map((ch) => parseChineseNumber(ch)).join('');
    numerator = Number(`${parseChineseNumber(whole || '零')}.${digits}`);
  }
  return (numerator / denominator) * 100;
}

function basisOf(before: string, after: string): { basis: PenaltyBasis | null; divisor: number } {
  const every = EVERY_N_DAYS.exec(after) ?? EVERY_N_DAYS_BEFORE.exec(before);
  if (every) {
    const days = parseChineseNumber(every[1] ?? every[2]!) ?? 1;
    if (days >= 1) return { basis: 'per_day', divisor: days };
  }
  for (const [basis, pattern] of BASES) if (pattern.test(after)) return { basis, divisor: 1 };
  for (const [basis, pattern] of BASIS_BEFORE) if (pattern.test(before)) return { basis, divisor: 1 };
  if (TOTAL.test(after.slice(0, 80)) || TOTAL.test(before.slice(-60))) return { basis: 'total', divisor: 1 };
  return { basis: null, divisor: 1 };
}

const ROUNDING = 1e9;
const CAP_BEFORE = /(?:not\s(?:to\s)?exceed|maximum\sof|up\sto|capped\sat|不(?:得)?超过|最高|上限)[^.;%。；]{0,30}$/i;

/**
 * The penalty rate: a percentage owed as a penalty, liquidated damages, 违约金, 滞纳金 or interest
 * on late payment, with its basis ("0.5% of the contract price for each day of delay" is 0.5
 * per_day, 万分之五每日 is 0.05 per_day, "10.5% for every 2 days" is 5.25 per_day, "1.5% per
 * month" is per_month, "20% of the total contract price" is total). The first penalty or liquidated-damages
 * rate wins; a late-payment interest rate only when there is none.
 */
export function extractPenaltyRate(view: TextView): PenaltyRateField | null {
  let lateInterest: PenaltyRateField | null = null;
  for (const sentence of view.sentences) {
    const text = sentence.text;
    if (!/%|per\s?cent|分之/i.test(text) || !PENALTY_CONTEXT.test(text)) continue;
    const rate = rateIn(view, sentence);
    if (!rate) continue;
    if (PENALTY_PROPER.test(text)) return rate;
    lateInterest ??= rate;
  }
  return lateInterest;
}

/** The first percentage of a penalty sentence that is a rate, not a cap on it. */
function rateIn(view: TextView, sentence: Sentence): PenaltyRateField | null {
  const text = sentence.text;
  for (const match of text.matchAll(PERCENT)) {
    const percent = percentOf(match);
    // Not a number, zero or an absurd rate (a typo, a page reference) is no rate.
    if (!(percent > 0 && percent <= 1000)) continue;
    // A cap on the penalty ("shall not exceed 10%") is not its rate.
    if (CAP_BEFORE.test(text.slice(Math.max(0, match.index - 40), match.index))) continue;
    const end = match.index + match[0].length;
    const { basis, divisor } = basisOf(text.slice(Math.max(0, match.index - 80), match.index), text.slice(end, end + 120));
    return {
      percent: Math.round((percent / divisor) * ROUNDING) / ROUNDING,
      basis,
      evidence: evidenceInSentence(view, sentence, match.index, end),
    };
  }
  return null;
}
