import type { Clause, EvidenceSpan } from './types.js';

/** A sentence (or list item) of the normalised text: `[start, end)` in normalised offsets. */
export interface Sentence {
  start: number;
  end: number;
  text: string;
}

/**
 * The contract text as the field rules see it: whitespace runs collapsed (a paragraph break
 * becomes `\n`, anything else one space), typographic quotes and full-width digits folded, so
 * patterns need not cope with layout. `originalOffset` maps every normalised position back to
 * the original text, which is what evidence spans point into.
 */
export interface TextView {
  original: string;
  text: string;
  originalOffset: Int32Array;
  sentences: Sentence[];
  clauses: Clause[];
}

/** Sentences longer than this are cut, so that no pattern ever sees an unbounded input. */
export const MAX_SENTENCE_LENGTH = 1500;

const FOLDED: Record<string, string> = {
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2018': "'",
  '\u2019': "'",
  '\u00a0': ' ',
  // Hyphens of every width: "non‐exclusive" (U+2010) must read like "non-exclusive".
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\uff05': '%',
  '\uff0c': '，',
  '\u3000': ' ',
};

function foldChar(ch: string): string {
  const code = ch.charCodeAt(0);
  // Full-width digits and Latin letters (０-９, Ａ-Ｚ, ａ-ｚ) behave like their ASCII forms.
  if (code >= 0xff10 && code <= 0xff19) return String.fromCharCode(code - 0xfee0);
  if ((code >= 0xff21 && code <= 0xff3a) || (code >= 0xff41 && code <= 0xff5a)) return String.fromCharCode(code - 0xfee0);
  return FOLDED[ch] ?? ch;
}

/**
 * Every character JavaScript's `\s` matches, plus the zero-width space. Rules match normalised text
 * with `\s` for one whitespace character because a run of these always collapses to one.
 */
function isSpace(code: number): boolean {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200b) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Builds the normalised text and its offset map; linear in the input. */
export function normalise(original: string): { text: string; originalOffset: Int32Array } {
  const parts: string[] = [];
  const offsets = new Int32Array(original.length + 1);
  let length = 0;
  let index = 0;
  while (index < original.length) {
    const code = original.charCodeAt(index);
    if (isSpace(code)) {
      let newlines = 0;
      const runStart = index;
      while (index < original.length && isSpace(original.charCodeAt(index))) {
        if (original.charCodeAt(index) === 10) newlines += 1;
        index += 1;
      }
      if (length > 0 && index < original.length) {
        parts.push(newlines >= 2 ? '\n' : ' ');
        offsets[length] = runStart;
        length += 1;
      }
      continue;
    }
    parts.push(foldChar(original[index]!));
    offsets[length] = index;
    length += 1;
    index += 1;
  }
  offsets[length] = original.length;
  return { text: parts.join(''), originalOffset: offsets.slice(0, length + 1) };
}

const ABBREVIATIONS = new Set([
  'inc',
  'ltd',
  'co',
  'corp',
  'no',
  'nos',
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'sec',
  'art',
  'para',
  'vs',
  'v',
  'etc',
  'e.g',
  'i.e',
  'u.s',
  'u.s.a',
  'n.a',
  's.a',
  'l.p',
  'l.l.c',
  'b.v',
  'n.v',
  'jr',
  'sr',
  'approx',
  'fig',
  'ref',
  'pty',
  'plc',
  'llc',
  'cf',
  'viz',
  'ave',
  'blvd',
  'rd',
]);

function wordBefore(text: string, dot: number): string {
  let start = dot;
  while (start > 0 && dot - start < 12 && /[A-Za-z.]/.test(text[start - 1]!)) start -= 1;
  return text.slice(start, dot).toLowerCase();
}

function isSentenceStartChar(ch: string | undefined): boolean {
  return ch !== undefined && /[A-Z0-9("'[\u4e00-\u9fff\uff08]/.test(ch);
}

const LIST_MARKER =
  /^(?:\(?[a-z]{1,4}\)|\(?\d{1,3}\)|\d{1,3}(?:\.\d{1,3}){0,4}\.?|[A-Z]\.|第[一二三四五六七八九十百零〇\d]{1,6}[条章节款]|[一二三四五六七八九十]{1,3}[、.]|（[一二三四五六七八九十\d]{1,3}）)\s/;

/**
 * Splits the normalised text into sentences: at `. ! ?` before a capitalised word (not after a
 * known abbreviation or an initial), at Chinese `。！？`, at bullets, and at paragraph breaks that end a
 * sentence or start a numbered item. Pieces longer than {@link MAX_SENTENCE_LENGTH} are cut.
 */
export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let start = 0;
  const push = (end: number) => {
    let from = start;
    while (from < end && (text[from] === ' ' || text[from] === '\n')) from += 1;
    let to = end;
    while (to > from && (text[to - 1] === ' ' || text[to - 1] === '\n')) to -= 1;
    while (to - from > MAX_SENTENCE_LENGTH) {
      let cut = from + MAX_SENTENCE_LENGTH;
      const space = text.lastIndexOf(' ', cut);
      if (space > from + MAX_SENTENCE_LENGTH / 2) cut = space;
      sentences.push({ start: from, end: cut, text: text.slice(from, cut) });
      from = cut;
      while (from < to && text[from] === ' ') from += 1;
    }
    if (to > from) sentences.push({ start: from, end: to, text: text.slice(from, to) });
    start = end;
  };
  for (let index = 0; index < text.length; index += 1) {
    const ch = text[index]!;
    // '；' joins clauses of one sentence, like ';' in English, so it does not end one.
    if (ch === '。' || ch === '！' || ch === '？') {
      push(index + 1);
    } else if ((ch === '•' || ch === '·' || ch === '\uf0b7' || ch === '▪') && (text[index - 1] === ' ' || text[index - 1] === '\n')) {
      // Bulleted lists: each bullet is its own statement.
      push(index);
    } else if (ch === '.' || ch === '!' || ch === '?') {
      const next = text[index + 1];
      if (next !== ' ' && next !== '\n') continue;
      if (!isSentenceStartChar(text[index + 2])) continue;
      if (ch === '.') {
        const word = wordBefore(text, index);
        // "Inc.", "U.S.", "No." or an initial do not end a sentence unless a paragraph follows.
        if ((ABBREVIATIONS.has(word) || /^[a-z]$/.test(word)) && next !== '\n') continue;
      }
      push(index + 1);
    } else if (ch === '\n') {
      const previous = text[index - 1] ?? '';
      if (
        /[.:;。；：!?)\]"]/.test(previous) ||
        LIST_MARKER.test(text.slice(index + 1, index + 16)) ||
        (/[A-Z]/.test(previous) && isSentenceStartChar(text[index + 1]))
      ) {
        push(index);
      }
    }
  }
  push(text.length);
  return sentences;
}

/** Finds the clause containing an original offset (binary search over clause starts). */
export function clauseIndexAt(clauses: readonly Clause[], offset: number): number {
  let low = 0;
  let high = clauses.length - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (clauses[middle]!.start <= offset) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** Maps a normalised `[start, end)` to an evidence span in the original text. */
export function evidenceFor(view: TextView, start: number, end: number): EvidenceSpan {
  const originalStart = view.originalOffset[start] ?? view.original.length;
  const lastChar = Math.max(start, end - 1);
  const originalEnd = end > start ? (view.originalOffset[lastChar] ?? view.original.length - 1) + 1 : originalStart;
  return { start: originalStart, end: originalEnd, clauseIndex: clauseIndexAt(view.clauses, originalStart) };
}

/** Evidence for a match inside a sentence, from the match's offsets relative to the sentence. */
export function evidenceInSentence(view: TextView, sentence: Sentence, relativeStart: number, relativeEnd: number): EvidenceSpan {
  return evidenceFor(view, sentence.start + relativeStart, sentence.start + relativeEnd);
}

/** Collapses a sentence for display and cuts it to `max` characters. */
export function shorten(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** Normalises a contract once and splits it into sentences; `clauses` index the original text. */
export function buildTextView(original: string, clauses: Clause[]): TextView {
  const { text, originalOffset } = normalise(original);
  return { original, text, originalOffset, sentences: splitSentences(text), clauses };
}
