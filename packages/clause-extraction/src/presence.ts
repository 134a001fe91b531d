import { firstSentence } from './sentence-rules.js';
import { evidenceFor, type Sentence, type TextView } from './text-view.js';
import type { PresenceField } from './types.js';

/** A bare heading ("12. Insurance.") is shown together with the sentence that follows it. */
const HEADING_LENGTH = 60;

/**
 * A table-of-contents run ("Defined Terms 1 Section 1.02 Accounting Terms 4 ARTICLE II ..."):
 * titles followed by page numbers. Headings there name clauses without making them, so a
 * contract is not credited (or blamed) for a clause its table of contents lists.
 */
const TOC_ENTRY =
  /[A-Za-z)][a-z)]*\s\d{1,3}\s(?=(?:Section|SECTION|Article|ARTICLE|Schedule|SCHEDULE|Exhibit|EXHIBIT)\b|\d{1,2}(?:\.\d{1,2})+\b|[A-Z][a-z]+\s)/g;
const NOT_A_PAGE =
  /\b(?:within|than|of|to|for|and|or|by|least|Section|Article|Clause|Schedule|Exhibit|Appendix|Annex|Part|SECTION|ARTICLE)\s\d{1,3}\s$/;

/** "ASSIGNMENT AND CHANGE OF CONTROL", "12. Exclusivity.": a short title with no verb names a topic; the clause is what follows. */
const VERB = /\b(?:shall|will|may|must|can|cannot|is|are|be|been|means|agrees?|has|have|does|do)\b/i;
/**
 * A short sentence whose verb is a party's own act ("Customer guarantees at least $1,000,000 in annual revenue.",
 * "Owner represents and warrants as follows:"): a verb in the third person, written in lower case, among several
 * lower-case words. A title's words are capitalised ("Minimum Guarantees") or too few to say anything ("Minimum guarantees.").
 */
const ACTS =
  /\b(?:guarantees|warrants|represents|undertakes|covenants|commits|acknowledges|grants|assigns|transfers|pays|purchases|buys|orders|sells|owns|retains|waives|consents|indemnifies|licenses|accepts|reserves|certifies|confirms|acts|supplies|provides|delivers|competes|engages|contributes|spends|invests)\b/;
const LOWER_CASE_WORD = /(?<![\w-])[a-z][a-z'-]*\b/g;
const FUNCTION_WORD = /^(?:of|and|or|the|to|for|in|on|a|an|with|by|from|not|no|at|as|per|its|their)$/;
function isShortSentence(text: string): boolean {
  if (!ACTS.test(text)) return false;
  const words = text.match(LOWER_CASE_WORD) ?? [];
  return words.filter((word) => !FUNCTION_WORD.test(word)).length >= 3;
}
export function isBareHeading(text: string): boolean {
  return text.length < HEADING_LENGTH && !VERB.test(text) && !isShortSentence(text);
}

export function isTableOfContents(text: string): boolean {
  let entries = 0;
  for (const match of text.matchAll(TOC_ENTRY)) {
    if (NOT_A_PAGE.test(text.slice(Math.max(0, match.index - 12), match.index + match[0].length))) continue;
    entries += 1;
    if (entries >= 3) return true;
  }
  return false;
}

/**
 * The first sentence that satisfies `test` as a presence field; `mentions` is a cheap
 * pre-filter so the costlier patterns run only on sentences that can match.
 */
export function presenceOf(
  view: TextView,
  mentions: RegExp,
  test: (text: string, sentence: Sentence, index: number) => boolean,
): PresenceField | null {
  const hit = firstSentence(
    view,
    (sentence, index) => mentions.test(sentence.text) && !isTableOfContents(sentence.text) && test(sentence.text, sentence, index),
  );
  if (!hit) return null;
  const next = view.sentences[hit.index + 1];
  // Only a heading stands for what follows: a short sentence of its own ("Supplier shall insure the Goods.") is shown alone.
  const end = isBareHeading(hit.sentence.text) && next ? next.end : hit.sentence.end;
  return { present: true, evidence: evidenceFor(view, hit.sentence.start, end) };
}
