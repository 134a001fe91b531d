/**
 * The words that carry a clause's meaning beyond its numbers: negation ("not", 不), exception
 * ("unless", "without", 除非, 未经), condition ("if", "provided that", 如果, 若, "…的，") and
 * modality ("may", "shall", "must", 可以, 应当, 须, 不得). A summary that loses or gains one of
 * them can turn a prohibition into a permission, so every summary (deterministic or from a
 * model) is compared with its clause by `compareMeaning` before anyone sees it.
 */
import { locateNumericExpressions, type NumericSpan } from './numeric-expressions.js';
import { escapeRegExp } from '../../platform/regexp.js';

export type MeaningCategory = 'negation' | 'exception' | 'condition' | 'modality';

/** The order in which differences are reported: the first is the worst to lose. */
export const MEANING_CATEGORIES: readonly MeaningCategory[] = ['negation', 'exception', 'condition', 'modality'];

/**
 * What a marker means: a modal verb is an obligation, a permission or, negated ("shall not",
 * "may not", 不得, 禁止), a prohibition; the other categories have one sense each.
 */
export type MeaningSense = 'negation' | 'exception' | 'condition' | 'obligation' | 'permission' | 'prohibition';

export interface MeaningMarker {
  category: MeaningCategory;
  sense: MeaningSense;
  /** The words as written. */
  text: string;
  start: number;
  end: number;
}

/** Modal verbs of permission; every other modal verb states an obligation. */
const PERMISSIONS = new Set(['may', 'can', 'could', 'entitled', '可', '可以', '有权']);
const CHINESE_PROHIBITIONS = new Set(['不得', '不可', '不能', '不准', '无权', '禁止', '严禁']);
const senseOf = (category: MeaningCategory, word: string): MeaningSense =>
  category !== 'modality'
    ? category
    : CHINESE_PROHIBITIONS.has(word)
      ? 'prohibition'
      : PERMISSIONS.has(word.toLowerCase())
        ? 'permission'
        : 'obligation';

/** English terms by category, matched case-insensitively as whole words or phrases. */
export const ENGLISH_MEANING_TERMS: Readonly<Record<MeaningCategory, readonly string[]>> = {
  negation: ['not', 'no', 'never', 'neither', 'nor', 'none', 'nothing', 'nobody'],
  // "only" narrows a rule like an exception does: "may use it only on 5 workstations".
  exception: ['unless', 'except', 'excepting', 'save as', 'save for', 'save that', 'other than', 'without', 'notwithstanding', 'only'],
  condition: [
    'if',
    'provided',
    'providing',
    'in the event',
    'in case',
    'subject to',
    'on condition',
    'conditional',
    'so long as',
    'as long as',
  ],
  // Not "would": it is mostly hypothetical ("services that would have been rendered").
  modality: ['shall', 'must', 'may', 'will', 'should', 'can', 'could', 'entitled', 'required', 'obliged', 'obligated'],
};

/**
 * Chinese terms by category: [category, pattern]. Chinese has no spaces, so each pattern says which
 * neighbours make the character part of another word (供应商 is a supplier, not "shall";
 * 例如 is "for example", not "if"; 不可抗力 is force majeure, not a negation).
 */
const CHINESE_MEANING_TERMS: ReadonlyArray<readonly [MeaningCategory, string]> = [
  ['exception', '除非'],
  ['exception', '未经|非经'],
  ['exception', '(?<![解免删清排剔扣废])除(?![非])'],
  ['exception', '例外'],
  ['exception', '仅|只能|只限'],
  ['condition', '如果|假如|倘若|若|一旦|只要|(?<![例比诸譬])如(?![下何此同实期约数意果])'],
  // "逾期付款的，应…": a 的-phrase closed by a comma states the condition of what follows (the
  // marker takes the comma, so that a cut after it keeps what the condition governs).
  ['condition', '的[，,]'],
  ['negation', '(?<!除)非'],
  ['negation', '不(?!可抗力|动产|限于)'],
  ['negation', '(?<!从)未(?!来)'],
  ['negation', '无(?!论)'],
  ['negation', '没有|没'],
  ['negation', '禁止|严禁'],
  ['negation', '勿'],
  ['modality', '可以|(?<![认许不])可(?!能|靠|行|抗力|见|观|疑|是|否)'],
  ['modality', '应当|应该|(?<![供相对响适反答回效感呼])应(?![用收])'],
  ['modality', '必须|须(?!知)'],
  ['modality', '有权'],
  ['modality', '不得|不可(?!抗力)|不能|不准|无权|禁止|严禁'],
];

/** `can't`, `won't`, `shan't`, `doesn't`: the modal (or auxiliary) and a negation. */
const CONTRACTION = /(?<![\p{L}\p{N}_])(can|won|shan|[a-z]+)['’]t(?![\p{L}\p{N}_])/giu;
const CANNOT = /(?<![\p{L}\p{N}_])cannot(?![\p{L}\p{N}_])/giu;
const CANNOT_PRESENCE = new RegExp(CANNOT.source, 'iu');
const CONTRACTION_PRESENCE = new RegExp(CONTRACTION.source, 'iu');
/** Contracted negated modals: can't, won't, shan't, couldn't, shouldn't, mustn't (not don't, isn't). */
const CONTRACTED_MODALS: ReadonlySet<string> = new Set(['can', 'won', 'shan', 'couldn', 'shouldn', 'mustn']);
/** A modal verb negated by the next word: "shall not", "may never". */
const NEGATED_MODAL = /^\s+(?:not|never)(?![\p{L}\p{N}_'’-])/iu;

const ENGLISH_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}_'’-])(?:${MEANING_CATEGORIES.map(
    (category) =>
      `(?<${category}>${[...ENGLISH_MEANING_TERMS[category]]
        .sort((a, b) => b.length - a.length)
        .map((term) => escapeRegExp(term).replace(/ /g, '\\s+'))
        .join('|')})`,
  ).join('|')})(?![\\p{L}\\p{N}_'’-])`,
  'giu',
);
const CHINESE_PATTERNS = CHINESE_MEANING_TERMS.map(([category, pattern]) => ({ category, pattern: new RegExp(pattern, 'gu') }));
const HAN = /\p{Script=Han}/u;

/** The capitalised month "May" mid-sentence ("due in May") is a date, not a permission. */
function isMonthName(text: string, start: number): boolean {
  if (text.slice(start, start + 3) !== 'May') return false;
  const before = text.slice(0, start).trimEnd();
  return before.length > 0 && !/[.!?。！？;；:：]$/u.test(before);
}

/**
 * Every meaning marker in `text`, left to right. Words inside a numeric expression ("May 1,
 * 2024", "no. 5") are part of the number, which is checked on its own.
 */
export function findMeaningMarkers(text: string): MeaningMarker[] {
  // Only the month "May" can be a marker word inside a numeric expression ("May 1, 2024"): the
  // expressions are located only when there is a "may" to place.
  let numbers: readonly NumericSpan[] | undefined;
  const insideNumber = (start: number) => {
    numbers ??= locateNumericExpressions(text);
    return numbers.some((span) => span.start <= start && start < span.end);
  };
  const markers: MeaningMarker[] = [];
  for (const match of text.matchAll(ENGLISH_PATTERN)) {
    if (match[0].toLowerCase() === 'may' && (insideNumber(match.index) || isMonthName(text, match.index))) continue;
    const category = MEANING_CATEGORIES.find((name) => match.groups![name] !== undefined)!;
    const end = match.index + match[0].length;
    const negated = category === 'modality' && NEGATED_MODAL.test(text.slice(end, end + 8));
    markers.push({ category, sense: negated ? 'prohibition' : senseOf(category, match[0]), text: match[0], start: match.index, end });
  }
  for (const match of text.matchAll(CANNOT)) {
    const span = { text: match[0], start: match.index, end: match.index + match[0].length };
    markers.push({ category: 'modality', sense: 'prohibition', ...span }, { category: 'negation', sense: 'negation', ...span });
  }
  for (const match of text.matchAll(CONTRACTION)) {
    const span = { text: match[0], start: match.index, end: match.index + match[0].length };
    if (CONTRACTED_MODALS.has(match[1]!.toLowerCase())) markers.push({ category: 'modality', sense: 'prohibition', ...span });
    markers.push({ category: 'negation', sense: 'negation', ...span });
  }
  if (HAN.test(text)) {
    for (const { category, pattern } of CHINESE_PATTERNS) {
      for (const match of text.matchAll(pattern))
        markers.push({
          category,
          sense: senseOf(category, match[0]),
          text: match[0],
          start: match.index,
          end: match.index + match[0].length,
        });
    }
  }
  return markers.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** The distinct senses of a text's markers. */
// The summarizer compares several candidates with one clause: remember the last few signatures.
const recentSignatures: Array<{ text: string; senses: ReadonlySet<MeaningSense> }> = [];

function signature(text: string): ReadonlySet<MeaningSense> {
  const remembered = recentSignatures.find((entry) => entry.text === text);
  if (remembered) return remembered.senses;
  const senses = new Set(findMeaningMarkers(text).map((marker) => marker.sense));
  if (recentSignatures.unshift({ text, senses }) > 4) recentSignatures.pop();
  return senses;
}

const ENGLISH_PRESENCE = new RegExp(ENGLISH_PATTERN.source, 'iu');
const CHINESE_PRESENCE = new RegExp(CHINESE_MEANING_TERMS.map(([, pattern]) => pattern).join('|'), 'u');
/** Whether `text` holds any meaning word (as `findMeaningMarkers` would find), cheaply: for ranking single words. */
export const hasMeaningWord = (text: string): boolean =>
  ENGLISH_PRESENCE.test(text) ||
  CANNOT_PRESENCE.test(text) ||
  CONTRACTION_PRESENCE.test(text) ||
  (HAN.test(text) && CHINESE_PRESENCE.test(text));

/** How a candidate's meaning differs from its clause's. */
export interface MeaningDifference {
  category: MeaningCategory;
  /** `lost`: the clause has a marker the candidate lacks; `added`: the other way round. */
  change: 'lost' | 'added';
  sense: MeaningSense;
}

/**
 * The first difference (in `MEANING_CATEGORIES` order) between the meaning markers of `source`
 * and those of `candidate`, or null when both carry the same senses: negation, exception,
 * condition, obligation (shall, must, 应, 须 ...) and permission (may, can, 可以, 有权 ...), each at
 * least once. Senses, not words: "must" may stand for "shall", but not for "may".
 */
export function compareMeaning(source: string, candidate: string): MeaningDifference | null {
  const expected = signature(source);
  const actual = signature(candidate);
  const differences: MeaningDifference[] = [];
  for (const sense of expected) if (!actual.has(sense)) differences.push(toDifference(sense, 'lost'));
  for (const sense of actual) if (!expected.has(sense)) differences.push(toDifference(sense, 'added'));
  // Stable sort by category: within one, a loss (pushed first) is reported before a gain.
  differences.sort((a, b) => MEANING_CATEGORIES.indexOf(a.category) - MEANING_CATEGORIES.indexOf(b.category));
  return differences[0] ?? null;
}

function toDifference(sense: MeaningSense, change: MeaningDifference['change']): MeaningDifference {
  const category: MeaningCategory = sense === 'obligation' || sense === 'permission' || sense === 'prohibition' ? 'modality' : sense;
  return { category, change, sense };
}
