/**
 * Splits a hedge-free clause into clause units (text between clause punctuation) and tokens,
 * so that the summarizer can drop filler while keeping numbers, limits and permissions whole.
 */
import { APPROXIMATION_QUALIFIERS, locateModalPhrases } from './hedges.js';
import { locateNumericExpressions } from './numeric-expressions.js';

/**
 * - `anchor`: a numeric expression, kept verbatim or not at all;
 * - `limit`: what bounds or negates a number or a duty (不超过, at least, not, 不得): dropping it
 *   inverts the meaning;
 * - `modal`: a party's permission or prohibition with its verb ("Either party may terminate");
 * - `word`: any other content word;
 * - `glue`: function words and inner punctuation, kept only between two kept tokens.
 */
export type ClauseTokenKind = 'anchor' | 'limit' | 'modal' | 'word' | 'glue';

export interface ClauseToken {
  text: string;
  kind: ClauseTokenKind;
  /** Index of the clause unit the token belongs to. */
  unit: number;
  /** Whether whitespace separated it from the previous token of its unit. */
  spaceBefore: boolean;
}

export interface ClauseUnit {
  /** Index of its first token; `end` is exclusive (`first === end`: no tokens). */
  first: number;
  end: number;
  /** The punctuation that closed it (`，`, `;`, `。` ...), or '' for the text's last unit. */
  separator: string;
  /** Whether whitespace followed the separator. */
  spaceAfter: boolean;
}

export interface TokenizedClause {
  tokens: ClauseToken[];
  units: ClauseUnit[];
}

const MULTI_WORD_LIMITS = [
  'shall not exceed',
  'not to exceed',
  'not exceeding',
  'not exceed',
  'at least',
  'at most',
  'not less than',
  'no less than',
  'not more than',
  'no more than',
  'not later than',
  'no later than',
  'not earlier than',
  'more than',
  'less than',
  'in excess of',
  'up to',
];
const CHINESE_LIMITS = [
  '大约',
  '左右',
  '不得超过',
  '不得低于',
  '不超过',
  '不少于',
  '不低于',
  '不高于',
  '不多于',
  '不迟于',
  '不早于',
  '至少',
  '至多',
  '最多',
  '最少',
  '最高',
  '最低',
  '以上',
  '以下',
  '以内',
  '超过',
  '低于',
  '高于',
  '不得',
  '禁止',
  '必须',
];
const LIMIT_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}_'-])(?:${MULTI_WORD_LIMITS.map((phrase) => phrase.replace(/ /g, '\\s+')).join('|')})(?![\\p{L}\\p{N}_-])|${CHINESE_LIMITS.join('|')}`,
  'giu',
);
const SINGLE_WORD_LIMITS = new Set([
  ...['not', 'no', 'never', 'without', 'except', 'unless', 'only', 'within', 'maximum', 'minimum', 'exceed', 'exceeds'],
  ...['不', '未', '无', '非', '仅', '须', '应', '应当', '可以', '有权', '无权'],
  // A qualifier belongs to its number: "approximately 30 days" must not become "30 days".
  ...APPROXIMATION_QUALIFIERS,
]);
/** Words that open a clause without being its subject ("and", "or", 且 are glue, never a subject anyway). */
export const CONNECTIVES = new Set([
  'provided',
  'however',
  'but',
  'whereas',
  'if',
  'where',
  'when',
  'save',
  '如',
  '如果',
  '若',
  '但',
  '但是',
  '并且',
]);
const GLUE_WORDS = new Set([
  ...['the', 'a', 'an', 'of', 'in', 'on', 'at', 'to', 'for', 'by', 'with', 'from', 'and', 'or', 'as', 'be', 'is', 'are'],
  ...[
    'was',
    'were',
    'been',
    'being',
    'that',
    'which',
    'this',
    'these',
    'those',
    'it',
    'its',
    'they',
    'their',
    'such',
    'any',
    'per',
    'into',
    'upon',
  ],
  ...['的', '之', '了', '在', '于', '与', '和', '及', '或', '为', '自', '起', '对', '由', '将', '被', '把', '向', '从', '并', '且'],
  ...['按', '以', '其', '该', '所', '等', '是', '即', '则', '而', '就', '也', '都'],
]);
const UNIT_SEPARATORS = new Set(['，', '、', '；', '。', '！', '？', '：', ',', ';', ':', '!', '?']);
const TERMINAL_SEPARATORS = new Set(['。', '！', '？', '.', '!', '?']);
const HAN = /\p{Script=Han}/u;

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
/** Words, whitespace runs and single punctuation marks: enough where there is no Han text, and much faster than ICU. */
const LATIN_SEGMENT = /\s+|[\p{L}\p{N}]+(?:['’][\p{L}]+)*|[^\s\p{L}\p{N}]/gu;

function* segmentsOf(gap: string): Iterable<{ segment: string; index: number; isWordLike?: boolean }> {
  if (HAN.test(gap)) {
    yield* segmenter.segment(gap);
    return;
  }
  for (const match of gap.matchAll(LATIN_SEGMENT)) {
    yield { segment: match[0], index: match.index, isWordLike: /[\p{L}\p{N}]/u.test(match[0]) };
  }
}

interface AtomicSpan {
  start: number;
  end: number;
  kind: ClauseTokenKind;
}

/** What makes a number a rate: "5% per annum", "0.5% each week", "USD 20 a day". */
const RATE_SUFFIX = /^ (?:per|each|a|an) (?:annum|year|month|week|day|hour|unit|calendar day|business day)(?![\p{L}])/iu;
/** Negations that mean nothing without the word they negate (未|提出, not|apply). */
const NEGATIONS = new Set(['not', 'no', 'never', '不', '未', '无', '非']);

/** Numbers first, then permissions, then limits: where spans overlap, the earlier kind wins. */
function atomicSpans(text: string): AtomicSpan[] {
  const accepted: AtomicSpan[] = [];
  const anchors = locateNumericExpressions(text).map((span) => {
    const rate = RATE_SUFFIX.exec(text.slice(span.end));
    return { start: span.start, end: span.end + (rate?.[0].length ?? 0), kind: 'anchor' as const };
  });
  const candidates: AtomicSpan[] = [
    ...anchors,
    ...locateModalPhrases(text).map((span) => ({ ...span, kind: 'modal' as const })),
    ...[...text.matchAll(LIMIT_PATTERN)].map((match) => ({
      start: match.index,
      end: match.index + match[0].length,
      kind: 'limit' as const,
    })),
  ];
  for (const candidate of candidates) {
    if (!accepted.some((span) => candidate.start < span.end && span.start < candidate.end)) accepted.push(candidate);
  }
  return accepted.sort((a, b) => a.start - b.start);
}

/** Whether `text` is one Han character that is neither glue nor a limit (a fragment such as 金 in 违约|金). */
const isLoneHanCharacter = (text: string) => text.length === 1 && HAN.test(text) && !GLUE_WORDS.has(text) && !SINGLE_WORD_LIMITS.has(text);

/**
 * Tokenizes a clause whose whitespace is already collapsed. Han words come from the ICU word
 * segmenter; a lone Han character is joined to the Han word before it, because the segmenter
 * splits legal terms it does not know (违约|金, 滞|纳|金).
 */
export function tokenizeClause(text: string): TokenizedClause {
  const tokens: ClauseToken[] = [];
  const units: ClauseUnit[] = [];
  let unitFirst = 0;
  // Stryker disable next-line BooleanLiteral: equivalent, a unit's first token never gets a space before it
  let spacePending = false;

  const closeUnit = (separator: string) => {
    units.push({ first: unitFirst, end: tokens.length, separator, spaceAfter: false });
    unitFirst = tokens.length;
    // Stryker disable next-line BooleanLiteral: equivalent, a unit's first token never gets a space before it
    spacePending = false;
  };
  const push = (tokenText: string, kind: ClauseTokenKind) => {
    const previous = tokens.length > unitFirst ? tokens.at(-1) : undefined;
    if (
      previous &&
      !spacePending &&
      previous.kind === 'word' &&
      kind === 'word' &&
      HAN.test(previous.text.at(-1)!) &&
      isLoneHanCharacter(tokenText)
    ) {
      previous.text += tokenText;
      return;
    }
    if (previous && kind === 'word' && previous.kind === 'limit' && NEGATIONS.has(previous.text.toLowerCase())) {
      previous.text += (spacePending ? ' ' : '') + tokenText;
      spacePending = false;
      return;
    }
    tokens.push({ text: tokenText, kind, unit: units.length, spaceBefore: spacePending && tokens.length > unitFirst });
    spacePending = false;
  };
  const pushGap = (gap: string, gapEnd: number) => {
    for (const { segment, index, isWordLike } of segmentsOf(gap)) {
      if (/^\s+$/u.test(segment)) {
        spacePending = true;
        const lastUnit = units.at(-1);
        if (lastUnit && lastUnit.end === tokens.length && unitFirst === tokens.length) lastUnit.spaceAfter = true;
      } else if (!isWordLike) {
        const followedBySpaceOrEnd =
          index + segment.length === gap.length
            ? gapEnd === text.length || /\s/u.test(text[gapEnd]!)
            : /\s/u.test(gap[index + segment.length]!);
        if (UNIT_SEPARATORS.has(segment) || (segment === '.' && followedBySpaceOrEnd)) closeUnit(segment);
        else push(segment, 'glue');
      } else {
        const lower = segment.toLowerCase();
        push(segment, GLUE_WORDS.has(lower) ? 'glue' : SINGLE_WORD_LIMITS.has(lower) ? 'limit' : 'word');
      }
    }
  };

  let cursor = 0;
  for (const span of atomicSpans(text)) {
    if (span.start > cursor) pushGap(text.slice(cursor, span.start), span.start);
    push(text.slice(span.start, span.end), span.kind);
    cursor = span.end;
  }
  if (cursor < text.length) pushGap(text.slice(cursor), text.length);
  if (unitFirst < tokens.length || units.length === 0) closeUnit('');
  return { tokens, units };
}

/** Whether a unit's separator ends a sentence (and may end a summary). */
export const isTerminalSeparator = (separator: string): boolean => TERMINAL_SEPARATORS.has(separator);
