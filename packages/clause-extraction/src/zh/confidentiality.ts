import { findDurations } from '../numbers.js';
import { evidenceInSentence, type TextView } from '../text-view.js';
import type { ConfidentialityYearsField } from '../types.js';

/** "保密义务…持续至保密信息公开之日止，但最长不超过十年": the longest the duty lasts. */
const LONGEST = /(?:最长|最多)(?:不超过|不得超过|为)?\s*$/;

/** No end but the information becoming public, or the duty going on after the contract ends: "直至该信息为公众所知悉", "终止后仍然有效". */
const UNTIL_PUBLIC =
  /直至[^。；]{0,30}(?:公开|公众所知悉|公知|进入公有领域|公有领域)|(?:终止|解除|届满|期满|失效)后(?:仍然?|继续|持续)(?:有效|适用|履行|存续)/;

/**
 * How long a Chinese confidentiality duty lasts when `../confidentiality.ts` finds no period: only
 * its upper bound is written ("最长不超过十年"), or it runs until the information is public or goes
 * on after the contract with no end (perpetual, as the labels count it).
 */
export function extractChineseConfidentialityYears(view: TextView): ConfidentialityYearsField | null {
  let perpetual: ConfidentialityYearsField | null = null;
  for (const sentence of view.sentences) {
    const text = sentence.text;
    if (!/保密/.test(text)) continue;
    const open = UNTIL_PUBLIC.exec(text);
    if (open && !perpetual && findDurations(text).every((duration) => duration.unit !== 'year' && duration.unit !== 'month'))
      perpetual = { years: null, perpetual: true, evidence: evidenceInSentence(view, sentence, open.index, open.index + open[0].length) };
    for (const duration of findDurations(text)) {
      if (duration.unit !== 'year' && duration.unit !== 'month') continue;
      if (!LONGEST.test(text.slice(Math.max(0, duration.index - 10), duration.index))) continue;
      const years = duration.unit === 'year' ? duration.value : Math.round((duration.value / 12) * 100) / 100;
      return { years, perpetual: false, evidence: evidenceInSentence(view, sentence, duration.index, duration.index + duration.length) };
    }
  }
  return perpetual;
}
