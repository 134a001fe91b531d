import { findAmounts } from './amounts.js';
import { firstSentence } from './sentence-rules.js';
import { evidenceInSentence, type TextView } from './text-view.js';
import type { PresenceField } from './types.js';

const MENTIONS =
  /liquidated|stipulated|penalt|fee|(?:termination|cancell?ation|exit|break(?:-?up)?|kill)\s(?:payment|charge)|remaining|balance|unexpired|remainder|rest\sof|delay|late|estimate|违约金|罚金|罚款|赔偿金|定金/i;
/** "Stipulated damages" is the same agreed sum under another name. */
const LIQUIDATED = /\b(?:liquidated|stipulated)\sdamages\b/i;
/** Liquidated damages excluded ("neither party shall have a liability for consequential or liquidated damages", "liable to the other for punitive or liquidated damages"). */
const NO_LIQUIDATED =
  /\b(?:no|not|neither|nor)\b[^.;]{0,30}\b(?:liab(?:le|ility)|responsib\w+)\s(?:to\s(?:\w+\s){1,3}?)?for\s(?:any\s)?(?:[\w-]+,?\s(?:or\s|and\s)?){0,4}(?:liquidated|stipulated)\sdamages\b/i;
/** Named only as one item of a list of sums ("letters of guarantee, liquidated damages, or other similar amounts"), agreed nowhere. */
const LISTED_AMONG_SUMS = /,\sliquidated\sdamages,?\s(?:or|and)\s(?:any\s)?(?:other|similar)\b/i;
/** "charge penalties on late payment with interest at the rate of ...": late-payment interest under another name. */
const LATE_PAYMENT_PENALTY = /\bpenalt(?:y|ies)\s(?:on|for)\s(?:late|overdue|delayed)\spayments?\b[^.;]{0,40}\binterest\b/i;
/** Fees owed for ending the contract early (CUAD counts termination fees as liquidated damages); "pre-termination payments" are not. */
const TERMINATION_FEE = /(?<![\w-])(?:termination|cancell?ation|exit|break(?:-?up)?|kill)\s(?:fee|charge|payment|penalt(?:y|ies))s?\b/i;
/** A penalty one party must pay the other ("impose a penalty of RMB10,000", "payment penalties shall apply"). */
const CONTRACTUAL_PENALTY =
  /\b(?:pay|assess|impose|charge|levy|forfeit)\b[^.;]{0,80}?\bpenalt(?:y|ies)\b|\bpenalt(?:y|ies)\s(?:of|equal|amounting|in\sthe\samount|at\sthe\srate)\b|\bpenalt(?:y|ies)\s(?:shall|will)\s(?:apply|be\s(?:paid|payable|assessed|charged))\b/i;
/** Penalties that are not owed to the other party, or the absence of one. */
const NOT_A_PENALTY =
  /\bwithout\s(?:incurring\s|(?:the\s)?payment\sof\s)?(?:any\s)?(?:(?:early\s)?(?:termination|cancell?ation)\s)?(?:penalty|fee|charge)|\bpenalt(?:y|ies)\sof\s(?:perjury|nullity|law)\b|\bis\sdefined\sin\b|\breimburse\b[^.;]{0,100}\bpenalt|\binvoice\b[^.;]{0,80}\btermination\sfees\b|\b(?:fees?|charges?)\s(?:charged|imposed|levied)\sby\s(?:the\s)?(?:alternative|third|other)\b|\b(?:fines?|taxes|interest|costs?|loss(?:es)?|damages?|judgments?),?\s(?:and|or)?\s*penalt|\bpenalt(?:y|ies),?\s(?:and|or)?\s*(?:fines?|interest|costs?|loss(?:es)?)|\b(?:civil|criminal|statutory|tax|governmental|regulatory)\spenalt|\bcancell?ation\sfees?\b[^.;]{0,40}\b(?:order|shipment|purchase)|\b(?:orders?|shipments?|reservations?)\b[^.;]{0,80}\bcancell?ation\sfee|\b(?:call|network|interconnect(?:ion)?|mobile)\stermination\s(?:fee|charge|rate)|\b(?:no|not\s(?:be\s)?(?:[\w-]+\s){0,2}?(?:for\s)?any)\s(?:early\s)?(?:termination|cancell?ation)\s(?:fee|charge|payment)/i;
/**
 * Agreed sums without the name: paying out the rest of the term when the contract ends early
 * ("shall pay the fees for the balance of the Term"), and a fixed sum per day of delay, either way round ("shall pay 0.5% for each
 * day of delay", "for each day by which delivery is delayed, Seller shall pay 0.5%"); a day that a payment is late owes interest.
 */
const BALANCE_ON_TERMINATION =
  /\b(?:pay|payment\sof|owe|liable\sfor)\b[^.;]{0,100}?\b(?:remaining|balance\sof|unexpired|rest\sof|remainder\sof)\b[^.;]{0,40}?\b(?:term|contract\s(?:period|years?)|fees|payments|minimum\s\w+)\b/i;
const TERMINATES = /\bterminat|\bcancel|\bend(?:s|ed)?\searly\b/i;
const DELAY_SUM =
  /\b(?:pay|credit|deduct\w*|reduc\w*|liable\sfor)\b(?:[^.;]|\.(?=\d)){0,100}?\b(?:for\seach|per|every)\s(?:full\s|calendar\s|business\s)?(?:day|week)\s(?:of\s(?:such\s)?)?(?:delay|late|lateness|that\s\w+\sis\s(?:late|delayed))|\b(?:for\seach|per|every)\s(?:full\s|calendar\s|business\s)?(?:day|week)\s(?:by\swhich|that|in\swhich)\s(?!(?:any\s)?(?:the\s)?(?:payments?|invoices?|amounts?|sums?|fees?)\b)[^.;]{0,40}?\b(?:is|are)\s(?:late|delayed|overdue)\b(?:[^.;]|\.(?=\d)){0,80}?\b(?:pay|credit|deduct\w*|reduc\w*|liable\sfor)\b/i;
/**
 * The marks of an agreed sum without its name: "a reasonable estimate of the damages ... and not a penalty", and charges
 * for late delivery ("a late delivery charge of 2% per week"). "Damages difficult to ascertain" alone is not one: it is
 * how injunctions are justified.
 */
const AGREED_SUM =
  /\b(?:reasonable|genuine|fair)\s(?:pre-)?estimate\b[^.;]{0,60}?\b(?:damages?|loss(?:es)?|harm)\b|\b(?:amount|sum|payment|fee|charge)s?\b[^.;]{0,80}?\b(?:is|are|be|constitutes?|represents?)\s(?:a\sreasonable\s\w+\sand\s)?not\s(?:as\s)?a\spenalty\b|\b(?:late[-\s]delivery|delay(?:ed)?(?:\sdelivery)?|late\sperformance)\s(?:charges?|penalt(?:y|ies)|fees?|damages|credits?)\b/i;
/**
 * A stated sum owed for a breach or a failure to perform, with or without the name: "in case of breach of Section 5, Party B
 * shall pay Party A USD 50,000", "shall pay EUR 10,000 for each breach". A failure to pay owes interest, which is `penaltyRate`, and
 * paying for a failure to buy a minimum is a minimum commitment (on train no "shortfall" sentence lies in CUAD's spans).
 */
const ON_BREACH =
  /\b(?:breach\w*|violat\w*|default\w*|fail\w*\sto\s(?!pay\b|make\s(?:any\s)?payments?\b|remit\b|[^.;]{0,40}?\b(?:minimum|shortfall)))\b[^.;]{0,120}?\bpay\b|\bpay\b(?=[^.;]{0,100}?\bfor\s(?:each|every|any)\s(?:such\s)?(?:breach|violation|failure|default)\b)/i;
const SUM_AFTER_PAY = 80;
function sumOnBreach(text: string): boolean {
  const match = ON_BREACH.exec(text);
  if (!match) return false;
  const after = match.index + match[0].length;
  return findAmounts(text.slice(after, after + SUM_AFTER_PAY)).length > 0;
}
/** 违约金 (contractual damages), 罚金 and forfeited deposits (定金罚则). */
const CHINESE = /违约金|罚金|罚款|定金罚则|双倍返还定金|不予退还[^。；]{0,10}定金|赔偿金/;

/**
 * Liquidated damages in CUAD's sense: an agreed sum for a breach ("as liquidated damages, and
 * not as a penalty", 违约金) or a fee for ending the contract (termination, cancellation or exit
 * fees). Late-payment interest alone is not counted; its rate is `penaltyRate`.
 */
export function extractLiquidatedDamages(view: TextView): PresenceField | null {
  const hit = firstSentence(view, ({ text }) => {
    // A sum owed on breach needs none of the words the other tests look for.
    if (!MENTIONS.test(text)) return sumOnBreach(text);
    if ((LIQUIDATED.test(text) && !NO_LIQUIDATED.test(text) && !LISTED_AMONG_SUMS.test(text)) || CHINESE.test(text)) return true;
    if (NOT_A_PENALTY.test(text) || LATE_PAYMENT_PENALTY.test(text)) return false;
    return (
      TERMINATION_FEE.test(text) ||
      CONTRACTUAL_PENALTY.test(text) ||
      (BALANCE_ON_TERMINATION.test(text) && TERMINATES.test(text)) ||
      DELAY_SUM.test(text) ||
      AGREED_SUM.test(text) ||
      sumOnBreach(text)
    );
  });
  return hit ? { present: true, evidence: evidenceInSentence(view, hit.sentence, 0, hit.sentence.text.length) } : null;
}
