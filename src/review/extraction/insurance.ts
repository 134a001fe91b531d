import { presenceOf } from './presence.js';
import type { TextView } from './text-view.js';
import type { PresenceField } from './types.js';

const MENTIONS = /insur|保险/i;
/** A party must hold cover: maintain, carry, obtain, procure, keep, take out, name as additional insured, show certificates. */
const OBLIGATION =
  /\b(?:maintain\w*|carr(?:y|ies|ied)|obtain\w*|procur\w*|keep\w*|take\s+out|purchas\w*|secure|provide|furnish|deliver|have\s+in\s+(?:full\s+)?(?:force|effect)|in\s+(?:full\s+)?force\s+and\s+effect|self-?insur\w*)\b[^.;]{0,160}?\binsur\w*|\binsur\w*\b[^.;]{0,120}?\b(?:maintain\w*|carried|obtained|procured|kept|in\s+(?:full\s+)?force)\b|\badditional(?:ly)?\s+(?:named\s+)?insureds?\b|\bcertificates?\s+of\s+insurance\b|\binsurance\s+certificates?\b|\b(?:commercial\s+)?general\s+liability\s+insurance\b|\b(?:product|products|professional|errors\s+and\s+omissions|workers'?\s+compensation|employer'?s'?\s+liability|clinical\s+trials?)\s+(?:liability\s+)?insurance\b|\binsurance\s+(?:coverage|policies|policy)\s+(?:with|of|in\s+(?:the\s+)?amounts?|naming|covering)\b/i;
/** Mentions that are not about holding cover: insurers as parties, insurance proceeds or products, federal deposit insurance. */
const NOT_COVER =
  /\b(?:insurance\s+(?:company|companies|business|agency|agents?|brokerage|products?|premium\s+financ)|health\s+insurance\s+portability|federal\s+deposit\s+insurance|social\s+insurance|national\s+insurance)\b/i;

/**
 * Insurance (CUAD "Insurance"): a party must obtain or keep insurance ("shall maintain
 * commercial general liability insurance of at least $1,000,000 per occurrence", certificates of
 * insurance, additional insured). Insurance as a business or a product is not.
 */
export function extractInsurance(view: TextView): PresenceField | null {
  return presenceOf(view, MENTIONS, (text) => OBLIGATION.test(text) && !NOT_COVER.test(text));
}
