import { findDurations, type Duration } from './numbers.js';
import type { Sentence, TextView } from './text-view.js';
import { CHINESE_NOTICE_BEFORE } from './zh/notice.js';

/** The first sentence (in document order) that satisfies `test`, with its position. */
export function firstSentence(
  view: TextView,
  test: (sentence: Sentence, index: number) => boolean,
): { sentence: Sentence; index: number } | null {
  const sentences = view.sentences;
  for (let index = 0; index < sentences.length; index += 1) {
    const sentence = sentences[index]!;
    if (test(sentence, index)) return { sentence, index };
  }
  return null;
}

/**
 * Sentence `index` read on into the next when `continues` finds it cut there (a page break or a page number inside it:
 * "... NEGLIGENCE, 10 STRICT LIABILITY"); each rule says what a cut looks like to it.
 */
export function withContinuation(view: TextView, index: number, continues: (text: string, next: string) => boolean): string {
  const text = view.sentences[index]!.text;
  const next = view.sentences[index + 1]?.text;
  return next !== undefined && continues(text, next) ? `${text} ${next}` : text;
}

/** A list item ("(2) Upon thirty (30) days notice if ...") reads with its lead-in ("Licensor may terminate this Agreement:"). */
export const LIST_ITEM = /^\s*\(?(?:[a-z]|\d{1,2}|[ivx]{1,4})\)\s/i;
const LEAD_IN_DISTANCE = 6;
/** A long list ("(a) ... (k) a Change of Control") is read back through its items, up to this many sentences. */
const LONG_LIST_DISTANCE = 24;

/**
 * The lead-in of the list that sentence `index` belongs to: the text before the colon of a recent
 * sentence, or ''. Past the sixth sentence back, only list items are stepped over.
 */
export function leadIn(view: TextView, index: number): string {
  for (let back = 1; back <= LONG_LIST_DISTANCE && index - back >= 0; back += 1) {
    const previous = view.sentences[index - back]!.text;
    // The lead-in may share its sentence with the first item ("... may terminate this Agreement: (1) ...").
    const colon = previous.search(/:\s*(?:\(?(?:[a-z]|\d{1,2}|[ivx]{1,4})\)\s|$)/i);
    if (colon >= 0) return previous.slice(0, colon);
    if (back >= LEAD_IN_DISTANCE && !LIST_ITEM.test(previous)) return '';
  }
  return '';
}

/** "sixty (60) days prior", "30 days' written notice", "three months in advance", "提前三十日", "三十日前". */
const NOTICE_AFTER =
  /^[\s"'’”)\].,:;!?，、：；）]{0,3}(?:'s|s')?\s*(?:\(\d+\)\s*)?(?:prior|advance|before|in\sadvance|(?:written\s|advance\s|prior\s)*notice|notification|前|以前|之前|书面通知|通知)/i;
/** "notice of thirty (30) days", "notice to the other Party of at least 3 months", "a notice period of 60 days", "提前三十日", "期满前三十日". */
const NOTICE_BEFORE =
  /(?:notice|notification)\s(?:to\s(?:the\sother\s|each\sother\s|either\s)?(?:party|parties)\s)?(?:period\s)?(?:of|is|shall\sbe)\s*(?:at\sleast\s|not\sless\sthan\s)?$|提前\s*$|(?:期满|届满|到期|终止)(?:日|之日)?(?:前|以前|之前)\s*$/i;

/** Durations in `text` that read as notice periods, in order. */
export function noticeDurations(text: string): Duration[] {
  return findDurations(text).filter((duration) => {
    const before = text.slice(Math.max(0, duration.index - 40), duration.index);
    const after = text.slice(duration.index + duration.length, duration.index + duration.length + 30);
    return NOTICE_AFTER.test(after) || NOTICE_BEFORE.test(before) || CHINESE_NOTICE_BEFORE.test(before);
  });
}
