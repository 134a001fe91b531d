/**
 * Hedge lexicons (Chinese and English) and their removal. Hedges make a rule sound optional
 * ("generally", "原则上"); agents should see the rule itself. Numbers are never touched: every
 * numeric expression is shielded before any hedge is looked for.
 */
import { locateNumericExpressions } from './numeric-expressions.js';
import { escapeRegExp } from '../../platform/regexp.js';

/** Chinese hedges. Matched as substrings (Chinese has no spaces), longest first. */
export const CHINESE_HEDGES = [
  '一般而言',
  '一般来说',
  '一般情况下',
  '通常情况下',
  '原则上应',
  '原则上',
  '视情况而定',
  '视情况',
  '尽可能',
  '可能',
  '或许',
  '也许',
  '通常',
  '一般',
  '建议',
  '酌情',
  '尽量',
  '大致',
  '基本上',
] as const;

/** English hedges. Matched case-insensitively as whole words or phrases, longest first. */
export const ENGLISH_HEDGES = [
  'it is recommended that',
  'it is suggested that',
  'should consider',
  'where appropriate',
  'as appropriate',
  'if possible',
  'where possible',
  'as far as possible',
  'to the extent possible',
  'where practicable',
  'as far as practicable',
  'in principle',
  'in general',
  'as a general rule',
  'as a rule',
  'in most cases',
  'generally speaking',
  'generally',
  'usually',
  'typically',
  'normally',
  'ordinarily',
  'perhaps',
  'possibly',
  'probably',
  'maybe',
  'might',
  'may',
] as const;

/** Both lexicons. */
export const HEDGES: readonly string[] = [...CHINESE_HEDGES, ...ENGLISH_HEDGES];

/**
 * Qualifiers of a quantity that are deliberately NOT hedges: "approximately 30 days" states a
 * tolerance, and dropping the word would make the summary claim a precision the source does not
 * have. They are kept like any other word.
 */
export const APPROXIMATION_QUALIFIERS = ['approximately', 'about', 'around', 'roughly', 'circa', '大约', '约', '左右'] as const;

/**
 * Hedges replaced rather than deleted: in 原则上应 the hedge is 原则上, while 应 ("shall") is the
 * obligation itself and must stay.
 */
const HEDGE_REPLACEMENTS: ReadonlyMap<string, string> = new Map([['原则上应', '应']]);

/**
 * Fixed terms that contain a hedge but are not hedges: removing 一般 from 一般纳税人 (general
 * taxpayer) or 可能 from 不可能 (impossible) would change the meaning.
 */
export const HEDGE_EXEMPT_TERMS = [
  '不可能',
  '可能性',
  '一般纳税人',
  '一般过失',
  '一般条款',
  '一般规定',
  '一般原则',
  '一般违约',
  '一般责任',
  '一般事项',
  '一般性',
  '建议书',
  '建议权',
  'generally accepted',
  'agreement in principle',
  'in general meeting',
] as const;

/**
 * Who may be granted a permission. "may" after one of these is legal permission ("either party
 * may terminate"), not a hedge: removing it would turn a right into a duty.
 */
const CONTRACTING_PARTIES =
  'party|parties|buyer|seller|supplier|vendor|customer|client|purchaser|licensee|licensor|lessee|lessor|' +
  'landlord|tenant|employer|employee|contractor|subcontractor|provider|company|lender|borrower|guarantor|' +
  'insurer|insured|bank|owner|agent|principal|we|you';
const LINKING_WORD = '(?:also|only|then|still|hereto|hereunder|thereafter|instead|likewise|[a-z]+ly)';

const phrasePattern = (phrase: string) => escapeRegExp(phrase).replace(/ /g, '\\s+');
const isLatin = (phrase: string) => /^[a-z]/i.test(phrase);
const byLengthDescending = (a: string, b: string) => b.length - a.length;
/** A whole English word or phrase: no letter, digit, underscore, apostrophe or hyphen touches it. */
const wholeWord = (alternatives: string) => `(?<![\\p{L}\\p{N}_'’-])(?:${alternatives})(?![\\p{L}\\p{N}_-])`;

function alternation(terms: readonly string[]): RegExp {
  const latin = terms.filter(isLatin).sort(byLengthDescending).map(phrasePattern).join('|');
  const other = terms
    .filter((term) => !isLatin(term))
    .sort(byLengthDescending)
    .map(phrasePattern)
    .join('|');
  const parts = [latin && wholeWord(latin), other].filter(Boolean);
  return new RegExp(parts.join('|'), 'giu');
}

const HEDGE_PATTERN = alternation(HEDGES);
/** The same pattern without the global flag, for a cheap first test (`test` on a global pattern is stateful). */
const HEDGE_PRESENCE = new RegExp(HEDGE_PATTERN.source, 'iu');
const EXEMPT_TERM_PATTERN = alternation(HEDGE_EXEMPT_TERMS);
/** "may be", "may have": a possibility even after a party ("the seller may be liable"). */
const EPISTEMIC_CONTINUATION = '(?!(?:\\s+[a-z]+ly)*\\s+(?:be|have|become|well)(?![\\p{L}]))';
/** The "may" of "Either party may ...", "the Buyer also may ...". */
const PERMISSIVE_MAY_PATTERN = new RegExp(
  `(?<=${wholeWord(`(?:${CONTRACTING_PARTIES})s?`)}(?:\\s+${LINKING_WORD})?\\s+)may(?![\\p{L}\\p{N}_-])${EPISTEMIC_CONTINUATION}`,
  'giu',
);
/**
 * "Distributor may", "the Franchisee also may": a capitalised word before "may" is a defined
 * term, in contracts almost always a party, so its "may" is a permission even when the party
 * noun is not in `CONTRACTING_PARTIES`. Case-sensitive on purpose ("fees may apply" is a hedge).
 */
const DEFINED_TERM_MAY = `(?<![\\p{L}\\p{N}_'’-])\\p{Lu}[\\p{L}\\p{N}]*(?:\\s+${LINKING_WORD})?\\s+`;
const DEFINED_TERM_PERMISSION_PATTERN = new RegExp(`(?<=${DEFINED_TERM_MAY})may(?![\\p{L}\\p{N}_-])${EPISTEMIC_CONTINUATION}`, 'gu');
const DEFINED_TERM_MODAL_PHRASE_PATTERN = new RegExp(
  `${DEFINED_TERM_MAY}may(?:\\s+not)?${EPISTEMIC_CONTINUATION}(?:\\s+[a-z][a-z-]*)?`,
  'gu',
);
/**
 * A permission or prohibition with its verb, kept together by the summarizer: "Either party may
 * terminate", "may not exceed". A permission without its verb means nothing.
 */
const MODAL_PHRASE_PATTERN = new RegExp(
  `${wholeWord(
    `(?:(?:either|each|both|neither|any|the other|no)\\s+)?(?:${CONTRACTING_PARTIES})s?(?:\\s+${LINKING_WORD})?\\s+may(?:\\s+not)?${EPISTEMIC_CONTINUATION}` +
      `|may\\s+not`,
  )}(?:\\s+[a-z][a-z-]*)?`,
  'giu',
);

interface Span {
  start: number;
  end: number;
}

function spansOf(pattern: RegExp, text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(pattern)) spans.push({ start: match.index, end: match.index + match[0].length });
  return spans;
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** The capitalised month "May" in the middle of a sentence ("due in May") is a date, not a hedge. */
function isMonthName(text: string, start: number): boolean {
  if (text.slice(start, start + 3) !== 'May') return false;
  const before = text.slice(0, start).trimEnd();
  return before.length > 0 && !/[.!?。！？;；:：]$/u.test(before);
}

/**
 * "may" states a possibility only before one of these verbs (after any adverbs): "late fees may
 * apply", "the seller may be liable". Everywhere else it is kept: in contracts "may" is mostly a
 * permission ("Distributor may terminate", "the court may modify", "any act that may impair"),
 * and dropping a permission turns it into a duty or a statement of fact.
 */
const POSSIBILITY_MAY = /may(?:\s+[a-z]+ly)*\s+(?:be|have|become|well|apply|vary|differ|occur|arise|result|change)(?![\p{L}\p{N}_-])/iuy;
const statesPossibility = (text: string, start: number) => {
  POSSIBILITY_MAY.lastIndex = start;
  return POSSIBILITY_MAY.test(text);
};

/** One hedge found in a text. */
export interface HedgeMatch {
  start: number;
  end: number;
  /** The hedge as written in the text. */
  text: string;
}

/**
 * The hedges in `text` that removal would delete, left to right. Hedges inside numeric
 * expressions (the month in "May 1, 2024"), exempt terms (不可能, "generally accepted"),
 * prohibitions ("may not") and permissions of a contracting party ("the buyer may") are not
 * hedges.
 */
export function findHedges(text: string): HedgeMatch[] {
  if (!HEDGE_PRESENCE.test(text)) return [];
  // "may" that grants rather than guesses is the commonest candidate: drop it before the costlier shields. A
  // prohibition ("may not") never states a possibility, so it is dropped here too.
  const candidates = [...text.matchAll(HEDGE_PATTERN)].filter(
    (candidate) => candidate[0].toLowerCase() !== 'may' || statesPossibility(text, candidate.index),
  );
  if (candidates.length === 0) return [];
  const shielded = [
    ...locateNumericExpressions(text),
    ...spansOf(EXEMPT_TERM_PATTERN, text),
    ...spansOf(PERMISSIVE_MAY_PATTERN, text),
    ...spansOf(DEFINED_TERM_PERMISSION_PATTERN, text),
  ];
  const hedges: HedgeMatch[] = [];
  for (const candidate of candidates) {
    const span = { start: candidate.index, end: candidate.index + candidate[0].length };
    if (shielded.some((shield) => overlaps(shield, span))) continue;
    if (isMonthName(text, span.start)) continue;
    hedges.push({ ...span, text: candidate[0] });
  }
  return hedges;
}

/** Whether `text` still contains a hedge (by the same rules `removeHedges` uses). */
export function containsHedge(text: string): boolean {
  return HEDGE_PRESENCE.test(text) && findHedges(text).length > 0;
}

// Removed hedges first become markers so that the punctuation around them can be repaired:
// UPPER when the hedge began with a capital letter (the next word may need one), LOWER otherwise.
const UPPER = '\u0001';
const LOWER = '\u0002';
const MARK = `[${UPPER}${LOWER}]`;
const CLAUSE_START = `(?:^|[.!?;:。！？；：(（\\[【「“"]|${MARK})`;
const COMMA = '[,，、]';

/** "Where appropriate, the buyer" / "；一般而言，违约金": the comma closed the hedge. */
const CLOSING_COMMA = new RegExp(`(?<=${CLAUSE_START}\\s*)(${MARK})\\s*${COMMA}\\s*`, 'gu');

const REPAIRS: ReadonlyArray<readonly [RegExp, string | ((...groups: string[]) => string)]> = [
  // "may, where appropriate, pay": a parenthetical right after an auxiliary loses both commas.
  [new RegExp(`(?<![\\p{L}])(may|shall|must|will|should|can|is|are|be|to)\\s*,\\s*(${MARK})\\s*,\\s*`, 'giu'), '$1 $2'],
  // "If late, where appropriate, interest accrues": keep one comma.
  [new RegExp(`(${COMMA})(\\s*)(${MARK})\\s*${COMMA}(\\s*)`, 'gu'), '$1$3$4'],
  // "in advance, if possible." / "，视情况而定。": the comma introduced the hedge.
  [new RegExp(`\\s*${COMMA}\\s*(${MARK}+)(?=\\s*(?:[.!?;。！？；]|$))`, 'gu'), '$1'],
  // "Generally, payment is due" -> "Payment is due".
  [
    new RegExp(`(^|[.!?。！？]\\s+)${UPPER}[${UPPER}${LOWER}\\s]*(\\p{Ll})`, 'gu'),
    (_match, before, letter) => `${before}${letter!.toUpperCase()}`,
  ],
  [new RegExp(MARK, 'gu'), ''],
  [/\(\s*\)|（\s*）/gu, ''],
  [/[ \t]{2,}/g, ' '],
  [/[ \t]+(?=[,.;:!?，。；：！？、)）\]])/gu, ''],
  [/([(（[])[ \t]+/gu, '$1'],
  [/[,，、]\s*(?=[,，、])/gu, ''],
  [/[,，、]\s*(?=[.;!?。；！？]|$)/gu, ''],
  [/^[\s,，、;；:：]+/u, ''],
];

/**
 * `text` without its hedges, with spacing and punctuation repaired ("Where appropriate, the
 * buyer may pay" -> "The buyer may pay"; "违约金一般不超过" -> "违约金不超过"). Text without hedges
 * is returned unchanged. Numeric expressions are never altered.
 */
export function removeHedges(text: string): string {
  const hedges = findHedges(text);
  if (hedges.length === 0) return text;
  let marked = '';
  let cursor = 0;
  for (const hedge of hedges) {
    const replacement = HEDGE_REPLACEMENTS.get(hedge.text);
    marked += text.slice(cursor, hedge.start) + (replacement ?? (/^\p{Lu}/u.test(hedge.text) ? UPPER : LOWER));
    cursor = hedge.end;
  }
  marked += text.slice(cursor);
  // Leading hedges can be chained ("Generally, where appropriate, the ..."): each repair of the
  // first rule makes the next hedge start its clause.
  let repaired = marked;
  // Stryker disable next-line StringLiteral: equivalent, any start other than `repaired` runs the loop at least once
  for (let previous = ''; previous !== repaired; ) {
    previous = repaired;
    repaired = repaired.replace(CLOSING_COMMA, '$1');
  }
  for (const [pattern, replacement] of REPAIRS) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: equivalent, both branches make the same call (the test only narrows the type)
    repaired = typeof replacement === 'string' ? repaired.replace(pattern, replacement) : repaired.replace(pattern, replacement);
  }
  return repaired.trim();
}

/**
 * Spans the summarizer keeps whole: a party's permission or prohibition with its verb ("Either
 * party may terminate", "may not exceed") and the exempt terms.
 */
export function locateModalPhrases(text: string): Span[] {
  return [
    ...spansOf(MODAL_PHRASE_PATTERN, text),
    ...spansOf(DEFINED_TERM_MODAL_PHRASE_PATTERN, text),
    ...spansOf(EXEMPT_TERM_PATTERN, text),
  ].sort((a, b) => a.start - b.start);
}
