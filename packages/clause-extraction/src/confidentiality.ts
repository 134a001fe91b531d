import { findDurations } from './numbers.js';
import { evidenceInSentence, type TextView } from './text-view.js';
import type { ConfidentialityYearsField } from './types.js';

const MENTIONS_CONFIDENTIALITY = /confidential|non-?disclosure|secrecy|保密|秘密/i;
const PERPETUAL =
  /\bin\sperpetuity\b|\bperpetual(?:ly)?\b|\bindefinitely\b|\bwithout\s(?:limit\s(?:of|in)\stime|time\slimit)\b|永久|长期有效|无限期|不因[^。；]{0,20}(?:终止|解除|届满|失效)而(?:终止|解除|失效|免除)/i;
const DURATION_CONTEXT =
  /^[\s"'’”)\].,:;!?，、：；）]{0,3}\s*(?:after|following|from|thereafter|beyond|of|commencing|期满|届满|后|内|之内|以内|终止后)/i;
const DURATION_LEAD =
  /(?:for\s(?:a\s(?:further\s)?period\sof\s)?|period\sof\s|term\sof\s|survive\s(?:for\s)?|until\s|保密期(?:限)?[^。；，,]{0,15}|期限为|持续|延续|有效期(?:为)?|(?:终止|解除|届满|期满)(?:之日)?(?:后|起))\s*$/i;

/**
 * How long confidentiality lasts: "for a period of five (5) years after termination", "shall
 * survive for three years", "in perpetuity", "保密期限为三年", "保密义务不因本合同终止而失效".
 */
export function extractConfidentialityYears(view: TextView): ConfidentialityYearsField | null {
  let perpetual: ConfidentialityYearsField | null = null;
  for (const sentence of view.sentences) {
    const text = sentence.text;
    if (!MENTIONS_CONFIDENTIALITY.test(text)) continue;
    for (const duration of findDurations(text)) {
      if (duration.unit !== 'year' && duration.unit !== 'month') continue;
      const before = text.slice(Math.max(0, duration.index - 40), duration.index);
      const after = text.slice(duration.index + duration.length, duration.index + duration.length + 40);
      if (!DURATION_LEAD.test(before) && !DURATION_CONTEXT.test(after)) continue;
      const years = duration.unit === 'year' ? duration.value : Math.round((duration.value / 12) * 100) / 100;
      return { years, perpetual: false, evidence: evidenceInSentence(view, sentence, duration.index, duration.index + duration.length) };
    }
    const forever = PERPETUAL.exec(text);
    if (forever && !perpetual) {
      perpetual = {
        years: null,
        perpetual: true,
        evidence: evidenceInSentence(view, sentence, forever.index, forever.index + forever[0].length),
      };
    }
  }
  return perpetual;
}
