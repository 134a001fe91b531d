import type { ContractLanguage } from './types.js';

/** How many characters are sampled; a contract's language shows in its first pages. */
const SAMPLE_LENGTH = 20_000;

/**
 * Chinese when Han characters carry a fair share of the text, English otherwise (also for empty
 * text). A Han character carries about as much as a short English word, so one counts as four
 * Latin letters: a Chinese contract with English names and terms stays `zh`, an English one
 * with a Chinese party name stays `en`.
 */
export function detectLanguage(text: string): ContractLanguage {
  const sample = text.length > SAMPLE_LENGTH * 2 ? text.slice(0, SAMPLE_LENGTH) + text.slice(-SAMPLE_LENGTH) : text;
  let han = 0;
  let latin = 0;
  for (let index = 0; index < sample.length; index += 1) {
    const code = sample.charCodeAt(index);
    if ((code >= 0x4e00 && code <= 0x9fff) || (code >= 0x3400 && code <= 0x4dbf)) han += 1;
    else if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) latin += 1;
  }
  return han > 0 && han * 4 >= latin ? 'zh' : 'en';
}
