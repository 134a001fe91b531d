import { firstSentence } from './sentence-rules.js';
import { evidenceFor, type Sentence, type TextView } from './text-view.js';
import type { PresenceField } from './types.js';

/** A bare heading ("12. Insurance.") is shown together with the sentence that follows it. */
const HEADING_LENGTH = 60;

/**
 * The first sentence that satisfies `test` as a presence field; `mentions` is a cheap
 * pre-filter so the costlier patterns run only on sentences that can match.
 */
export function presenceOf(
  view: TextView,
  mentions: RegExp,
  test: (text: string, sentence: Sentence, index: number) => boolean,
): PresenceField | null {
  const hit = firstSentence(view, (sentence, index) => mentions.test(sentence.text) && test(sentence.text, sentence, index));
  if (!hit) return null;
  const next = view.sentences[hit.index + 1];
  const end = hit.sentence.text.length < HEADING_LENGTH && next ? next.end : hit.sentence.end;
  return { present: true, evidence: evidenceFor(view, hit.sentence.start, end) };
}
