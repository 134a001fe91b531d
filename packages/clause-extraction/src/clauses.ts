import type { Clause } from './types.js';

/**
 * Numbering that opens a clause when it starts a line: `1.`, `1.1`, `12.3.4`, `Section 2`,
 * `ARTICLE IV`, `(a)`, `(iv)`, `a)`, `A.`, `第一条`, `第三章`, `一、`, `（一）`, `1、`.
 * Every quantifier is bounded, so a line is matched in constant time.
 */
const CLAUSE_MARKER = new RegExp(
  [
    String.raw`(?:section|article|clause|chapter|schedule|exhibit|annex|appendix|part)\s{1,3}(?:\d{1,3}(?:\.\d{1,3}){0,4}|[ivxlc]{1,7}|[A-Z])\b\.?`,
    String.raw`\d{1,3}(?:\.\d{1,3}){1,4}\.?(?=\s)`,
    String.raw`\d{1,3}[.、．](?=\s|[^\d\s])`,
    String.raw`\d{1,2}(?=[ \t]{2,}[A-Z])`,
    String.raw`\((?:[a-z]{1,4}|\d{1,3}|[A-Z]{1,2})\)`,
    String.raw`(?:[a-z]|[ivx]{1,5}|\d{1,2})\)`,
    String.raw`[A-Z]\.(?=\s)`,
    // 部分 is one word (第二部分): as a class of single characters it cut the heading after 部.
    String.raw`第[一二三四五六七八九十百零〇两\d]{1,6}(?:部分|[条章节款部])`,
    String.raw`[一二三四五六七八九十]{1,3}[、．.]`,
    String.raw`[（(][一二三四五六七八九十\d]{1,3}[）)]`,
  ].join('|'),
  'iy',
);

/** A marker must be followed by something that reads like the start of a clause, not a wrapped line. */
function looksLikeClauseStart(line: string, markerEnd: number, marker: string): boolean {
  const rest = line.slice(markerEnd).trimStart();
  if (rest.length === 0) return /[.、．）)]$|^第|^(section|article)/i.test(marker);
  const first = rest[0]!;
  // Chinese text, a capital letter, a quote, a bracket or a further marker; plain numbers such as
  // "2 years" at the start of a wrapped line are not headings (a digit is none of these).
  if (/[\u4e00-\u9fff]/.test(first)) return true;
  return /[A-Z"'([“]/.test(first) || (marker.startsWith('(') && /[a-z]/.test(first));
}

const MAX_HEADING_LENGTH = 100;
/** Lines longer than this are paragraphs pasted without breaks; their headings sit inside them. */
const LONG_LINE = 1000;
const SENTENCE_WORDS = /\b(shall|will|may|must|is|are|means|agrees?|has|have)\b|[，,。；;]|应|须|不得|可以/i;

/** The numbering plus a title when the line has one ("11.3 Governing Law", "第五条 违约责任"). */
function headingFor(line: string, markerEnd: number): string {
  const marker = line.slice(0, markerEnd).trim();
  const rest = line.slice(markerEnd).trim();
  if (rest.length === 0) return marker;
  const joiner = /[、）)]$/.test(marker) && /^[\u4e00-\u9fff]/.test(rest) ? '' : ' ';
  const wholeLine = rest.replace(/[.:：]$/, '');
  if (rest.length <= MAX_HEADING_LENGTH && !SENTENCE_WORDS.test(wholeLine) && !/[.。]\s/.test(wholeLine)) {
    return `${marker}${joiner}${wholeLine}`.trim();
  }
  // "第五条 违约责任 乙方逾期交货的……": a short Chinese title followed by a space.
  const chineseTitle = /^([\u4e00-\u9fff]{2,12})(?:\s|[:：])/.exec(rest);
  if (chineseTitle && !SENTENCE_WORDS.test(chineseTitle[1]!)) return `${marker}${joiner}${chineseTitle[1]}`;
  // "11.3 Governing Law. This Agreement ..." or "第五条 违约责任：..." : a short title opens the line.
  const title = /^([^.。:：;；]{1,60}?)(?:[.。]\s|[:：])/.exec(rest);
  if (title && title[1]!.trim().split(/\s+/).length <= 8 && !SENTENCE_WORDS.test(title[1]!)) {
    return `${marker}${joiner}${title[1]!.trim()}`;
  }
  return marker;
}

/** "ARTICLE IV" on its own line is often titled on the next one ("CONFIDENTIALITY"). */
function titleOnNextLine(text: string, lineEnd: number): string | null {
  const following = /^\s*\n?[ \t]*([^\n]{1,80})(?:\n|$)/.exec(text.slice(lineEnd + 1, lineEnd + 400));
  const title = following?.[1]?.trim();
  if (!title || SENTENCE_WORDS.test(title) || /[.。]\s/.test(title)) return null;
  CLAUSE_MARKER.lastIndex = 0;
  if (CLAUSE_MARKER.test(title)) return null;
  return title.replace(/[.:：]$/, '');
}

/**
 * Splits a contract into clauses at numbered headings that begin a line (and, in Chinese text
 * written without line breaks, at `第N条` after a full stop). The text before the first heading is
 * the preamble (heading null). Offsets index the original text and `text === original.slice(start, end)`.
 */
export function splitClauses(text: string): Clause[] {
  const starts: { start: number; heading: string | null }[] = [];
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    let contentStart = lineStart;
    while (contentStart < lineEnd && /[ \t\r\u3000\u00a0]/.test(text[contentStart]!)) contentStart += 1;
    // Only the head of a line matters; bounding it keeps a 1 MB single-line input linear.
    const line = text.slice(contentStart, Math.min(lineEnd, contentStart + 400));
    CLAUSE_MARKER.lastIndex = 0;
    const marker = CLAUSE_MARKER.exec(line);
    if (marker && looksLikeClauseStart(line, marker[0].length, marker[0])) {
      const title = line.slice(marker[0].length).trim() === '' ? titleOnNextLine(text, lineEnd) : null;
      starts.push({ start: contentStart, heading: title ? `${marker[0].trim()} ${title}` : headingFor(line, marker[0].length) });
    }
    if (lineEnd - lineStart > LONG_LINE) addInlineMarkers(text, lineStart, lineEnd, starts);
    lineStart = lineEnd + 1;
  }
  // Inline headings were appended out of order; a line-start heading wins over an inline one at the same offset.
  const ordered = starts
    .map((entry, order) => ({ ...entry, order }))
    .sort((left, right) => left.start - right.start || left.order - right.order)
    .filter((entry, position, all) => position === 0 || all[position - 1]!.start !== entry.start);
  return buildClauses(text, ordered);
}

/**
 * Headings inside a long line: 第N条 after Chinese punctuation or a space, and "3.1 Title",
 * "ARTICLE IV", "Section 5." after the end of an English sentence.
 */
const INLINE_ARTICLE =
  /(?<=[。；;！？\s])第[一二三四五六七八九十百零〇两\d]{1,6}[条章]|(?<=[.:;]\s{1,4})(?:\d{1,2}(?:\.\d{1,2}){1,3}|ARTICLE\s+(?:\d{1,2}|[IVXL]{1,6})|Section\s+\d{1,2}(?:\.\d{1,2}){0,3}\.?)(?=\s{1,4}["“A-Z])/g;

/** Contracts pasted as one long line still number their articles (第N条, 3.1, ARTICLE IV). */
function addInlineMarkers(text: string, from: number, to: number, starts: { start: number; heading: string | null }[]): void {
  const segment = text.slice(from, to);
  for (const match of segment.matchAll(INLINE_ARTICLE)) {
    const start = from + match.index;
    const line = text.slice(start, Math.min(to, start + 200));
    starts.push({ start, heading: headingFor(line, match[0].length) });
  }
}

function buildClauses(text: string, starts: { start: number; heading: string | null }[]): Clause[] {
  const clauses: Clause[] = [];
  const trimmedEnd = (end: number, start: number) => {
    let position = end;
    while (position > start && /\s/.test(text[position - 1]!)) position -= 1;
    return position;
  };
  const push = (start: number, end: number, heading: string | null) => {
    const finish = trimmedEnd(end, start);
    if (finish <= start) return;
    clauses.push({ index: clauses.length, heading, text: text.slice(start, finish), start, end: finish });
  };
  let firstContent = 0;
  while (firstContent < text.length && /\s/.test(text[firstContent]!)) firstContent += 1;
  const firstStart = starts[0]?.start ?? text.length;
  if (firstContent < firstStart) push(firstContent, firstStart, null);
  for (const [position, entry] of starts.entries()) push(entry.start, starts[position + 1]?.start ?? text.length, entry.heading);
  return clauses;
}
