import { isBareHeading, presenceOf } from './presence.js';
import type { TextView } from './text-view.js';
import type { PresenceField } from './types.js';

/** Insurance, insured, insurer; not "insurrection" (a force majeure event). */
const MENTIONS = /insur(?!rect)|保险/i;
/** Words of a policy's terms, looked for only in a contract that speaks of insurance somewhere. */
const MENTIONS_POLICY = /polic(?:y|ies)|coverages?|subrogation|occurrence|combined\ssingle/i;
/**
 * The terms a required policy must carry, often written without the word "insurance": notice before cancellation,
 * per-occurrence and combined single limits, insurer ratings (the sentence splitter may stop after "A.M." of "A.M. Best"), endorsements, minimum amounts of cover.
 */
const POLICY_TERMS =
  /\b(?:coverages?|(?:all|such|these|said|each|required|those)\s(?:[\w-]+\s){0,2}?polic(?:y|ies))\b[^.;]{0,150}?\b(?:cancel\w*|non-?renew\w*|material(?:ly)?\schang\w*)\b[^.;]{0,100}?\bnotice\b|\b(?:cancel(?:l?ed|l?ation)|non-?renew(?:al|ed))\b[^.;]{0,60}?\b(?:polic(?:y|ies)|coverages?)\b[^.;]{0,60}?\bnotice\b|\bnotice\b[^.;]{0,60}?\b(?:cancel\w*|non-?renew\w*|material\schang\w*)\b[^.;]{0,60}?\b(?:polic(?:y|ies)|coverages?)\b|\b(?:coverage|polic(?:y|ies))\b(?:(?!\b(?:exceed\w*|maximum)\b)[^.;]){0,150}?\bper\soccurrence\b|\blimits?\s(?:[\w()-]+\s){0,4}?(?:of\s(?:not|no)\sless\sthan|of\sat\sleast|of\s(?:US)?\$|minimum)[^.;]{0,60}?\bper\soccurrence\b|\b(?:the|such|each|all|said|these|those)\spolic(?:y|ies)\s(?:shall|will|must)\s(?:provide|contain|include|require)\b[^.;]{0,150}?\bnotice\b[^.;]{0,150}?\b(?:cancel\w*|modif\w*|terminat\w*|non-?renew\w*|material(?:ly)?\schang\w*|reduc\w*)|\bcombined\ssingle\slimits?\b|\bon\san\s(?:"|')?occurrence(?:"|')?\sbasis\b|\bbest'?s?\s(?:[\w-]+\s){0,2}?rating\b|\binsurers?\b[^.;]{0,80}?\b(?:rating\b|a\.\s?m\.)|\bwaiv(?:e|es|er|ing)\s(?:[\w()'-]+\s){0,5}?(?:rights?\s)?(?:of\s)?(?:recovery\sor\s)?subrogation\b|\bcross[\s-]liability\b|\b(?:general|products?|professional|public|motor\svehicle|auto(?:mobile)?|employer'?s'?|umbrella|excess)\s(?:and\s[\w-]+\s)?liability\s(?:\([^()]{1,40}\)\s)?(?:coverage|polic(?:y|ies))\b|\b(?:umbrella|excess)\b[^.;]{0,40}?\bliability\b[^.;]{0,60}?\blimits?\sof\s(?:not|no)\sless\sthan\b|\bamount\sof\s(?:such\s|the\s)?coverage\b[^.;]{0,40}?\b(?:minimum|not\sbe\sless|at\sleast)\b/i;

/** Verbs of holding cover, and the participles that say cover is held ("the insurance it maintains", "insurance carried by"). */
const HOLD_VERB = String.raw`\b(?:maintain\w*|carr(?:y|ies|ied)|obtain\w*|procur\w*|keep\w*|take\sout|purchas\w*|secure|provide|furnish|deliver|have\sin\s(?:full\s)?(?:force|effect)|in\s(?:full\s)?force\sand\seffect|self-?insur\w*)\b`;
const HELD = String.raw`\b(?:maintain\w*|carried|obtained|procured|kept|in\s(?:full\s)?force)\b`;
/** The cover itself: insurance, a thing kept insured, self-insurance; not an insurer ("the books of the Insurer") nor "the insured" as a person. */
const COVER_WORD = String.raw`(?:\binsurance\b|(?<!\b(?:the|an|each|any|such)\s)\binsured\b|\bself-?insur\w*)`;
/**
 * A new clause with its own subject and duty ("deliver the Goods CIF, and the Buyer shall bear the cost of any
 * insurance"): a verb before it does not reach the insurance after it.
 */
const NEW_CLAUSE = String.raw`,?\s(?:and|but|or|while|whereas)\s(?:[\w'-]+\s){1,3}(?:shall|will|must|may)\b`;
const WITHIN_CLAUSE = (max: number) => String.raw`(?:(?!${NEW_CLAUSE})[^.;]){0,${max}}?`;
/** A party holds cover: "shall maintain ... insurance", "insurance carried by", "keep the Equipment insured". */
const HOLDS = new RegExp(`${HOLD_VERB}${WITHIN_CLAUSE(160)}${COVER_WORD}|${COVER_WORD}${WITHIN_CLAUSE(120)}${HELD}`, 'i');

/**
 * A named kind of liability or property insurance counts as a requirement when its terms stand beside it: an amount or a
 * floor ("general liability insurance with limits of not less than $1,000,000", "workers' compensation insurance as
 * required by law", "automobile insurance covering all vehicles", "naming Owner", "is a condition of", "covers every
 * employee on site"). Named alone it may be cover a party merely has ("any claim covered by Licensor's product
 * liability insurance", "its property insurance does not cover the goods").
 */
const KIND_OF_COVER = String.raw`(?:\b(?:motor\svehicle|automobile|auto|business\sauto|umbrella|excess|public\sliability|property|all[\s-]risks?)\s(?:liability\s)?insurance\b|\b(?:commercial\s)?general\sliability\sinsurance\b|\b(?:product|products|professional|errors\sand\somissions|workers'?\scompensation|employer'?s'?\sliability|clinical\strials?)\s(?:liability\s)?insurance\b)`;
const COVER_TERMS = String.raw`(?:[$£€]|\b(?:not\sless\sthan|no\sless\sthan|at\sleast|minimum|limits?|required|statutory|condition|covers|covering|appl(?:y|ies)\sto|naming|endorse\w*|replacement\s(?:cost|value)|in\srespect\sof\s(?:all|any|each)|full\s(?:insurable|replacement)\svalue)\b)`;
const KIND_WITH_TERMS = new RegExp(`${KIND_OF_COVER}[^.;]{0,120}?${COVER_TERMS}|${COVER_TERMS}[^.;]{0,60}?${KIND_OF_COVER}`, 'i');

/** Other marks of required cover: additional insured, certificates, evidence or copies of policies, required insurance. */
const OBLIGATION =
  /\badditional(?:ly)?\s(?:named\s)?insureds?\b|\bcertificat(?:es?|ion|e\(s\))\sof\sinsurance\b|\bevidence\sof\s(?:such\s|the\s)?insurance\b|\bcop(?:y|ies)\sof\s(?:the\s|such\s|each\s|all\s)?(?:[\w-]+\s)?insurance\spolic|\binsur(?:e|es|ed)\sagainst\b|\b(?:responsib\w*|pay\w*|bear|borne)\b[^.;]{0,30}?\b(?:premiums?|deductibles?|retentions?)\b[^.;]{0,60}?\binsurance\b|\brequir\w*\s(?!for\b)(?:[\w-]+\s)?insurance\b(?!\sclaims?)|\brequired\spolicies\sof\sinsurance\b|\binsurance\sprovided\sby\b|\binsurance\s(?:shall|will|must)\s(?:include|cover|provide|name|be\s(?:primary|written|endorsed|placed))\b|\b(?:amount|limits?)\sof\s(?:such\s|the\s|this\s)?insurance\b[^.;]{0,40}?\b(?:(?:not|no)\s(?:be\s)?less\sthan|at\sleast|minimum)\b|\barrang\w*\s(?:for\s)?(?:any\s|such\s|the\s)?(?:[\w-]+\s)?insurance\b|\binsurance\scertificates?\b|\binsurance\s(?:coverage|policies|policy)\s(?:with|of|in\s(?:the\s)?amounts?|naming|covering)\b/i;
/**
 * Mentions that are not about holding cover, cut out rather than vetoing the sentence ("carry product liability
 * insurance through an acceptable insurance company" still holds cover): "insurance" naming something other than a
 * policy ("insurance company", "insurance laws", "insurance claims", "insurance costs", "insurance information"),
 * policies a party sells ("insurance policies sold under this Agreement"), applications for insurance, and the
 * insurance of employees' benefits and of statutes ("health insurance", "group insurance", "insurance and other
 * benefits", "unemployment insurance", "social insurance", "federal deposit insurance", "title insurance").
 */
const NOT_COVER =
  /\binsurance\s(?:holding\s)?(?:compan(?:y|ies)|business(?:es)?|industry|agen(?:cy|cies|ts?)|brokers?|brokerage|products?|services|professionals|premium\sfinanc\w*|applications?|laws?|regulat\w*|department|commissioner|information|claims?|contributions?|deductions?|benefits?|subsidiar(?:y|ies)|portability|charges?|costs?|expenses?|quotes?|licen[cs]es?|recover(?:y|ies))\b|\binsurance\s(?:polic(?:y|ies)|contracts?|coverage)\s(?:sold|offered|marketed|solicited|distributed)\b|\bapplications?\sfor\s(?:[\w-]+\s)?insurance\b|\b(?:federal\sdeposit|social|national|health|medical|dental|vision|life|disability|unemployment|hospitali[sz]ation|title|group|employee|employees'?)\s(?:[\w-]+\s)?insurance\b|\binsurance,?\s(?:and|or)\s(?:other\s)?(?:employee\s)?(?:benefits?|pensions?|retirement)\b|\b(?:benefits?|pensions?|retirement)(?:\splans?)?,?\s(?:and|or|including)\s(?:[\w-]+\s){0,2}?insurance\b/gi;

/**
 * Uses of the word that are not cover a party must hold, cut out before the test: an authority
 * ("Department of Insurance"), cover a party will not provide or that nothing requires ("will not provide
 * any ... insurance", "shall carry no ... insurance", "Nothing in this Agreement requires either party to obtain
 * insurance"), insurance as one bare item of a list of other things ("permits, certificates, licenses, insurance,
 * approvals"), goods "packaged and insured" for shipping, insurance as a cost item next to freight,
 * a name ("the Insurance Center"), and insurance as the measure of a liability cap ("shall not
 * exceed ... the amount of insurance coverage actually paid"), and an insurer as the payer who
 * reimburses a purchase. Also cover a party "may" take out (a choice, not a requirement), insurance sold
 * to customers or policyholders (a certificate of insurance "issued ... to an ICC Customer"), and insurance
 * named only as where money comes from ("to the extent covered by insurance carried by the Indemnified
 * Party", "proceeds of insurance maintained by Bunker One").
 */
const LOOKALIKES =
  /\b(?:department|commissioner|division|bureau|superintendent|office)\sof\sinsurance\b|\b(?:not|no|nothing)\s(?:[\w'-]+\s){0,7}?(?:provide|maintain|carry|obtain|procure|purchase)\b[^.;]{0,80}?\binsurance\b|\bcarr(?:y|ies)\sno\b[^.;]{0,60}?\binsurance\b|(?<=\w,\s(?:and\s|or\s)?)insurance(?=,\s|\s(?:and|or)\s(?![\w'-]+\sinsur))|\b(?:packaged|packed|shipped|delivered|crated)\s(?:and\s)?insured\b|\b(?:freight|shipping|transportation|carriage|handling|duty|duties)\b[^.;]{0,40}\binsurance(?:\s(?:costs?|charges?|expenses?))?|\b(?:exceed|limited\sto)\b[^.;]{0,160}\binsurance\s(?:coverage|proceeds|policies|policy)\b[^.;]{0,80}|\bliabilit(?:y|ies)\b[^.;]{0,80}?\b(?:exceed|(?<!not\s)limited\sto|capped\sat)\b[^.;]{0,80}?\binsurance\b(?:[^.;]{0,80}?\b(?:maintain\w*|carried|carries|obtained|held)\b)?|\breimburs\w*\b[^.;]{0,60}\binsur\w*|\b(?:provid|deliver|sell|sold|issu|offer|market)\w*\b[^.;]{0,60}?\binsurance\b[^.;]{0,60}?\bto\s(?:its\s|the\s|such\s)?(?:policy\s?holders|policy\sowners|contract\sowners|customers|clients|participants|members|applicants|insureds|subscribers)\b|\bmay(?:,\s[^,.;]{0,40},)?\s(?:at\sits\s(?:own\s|sole\s)?(?:option|expense|discretion|cost)\s)?(?:elect\sto\s)?(?:obtain|purchase|procure|maintain|carry|take\sout)\b[^.;]{0,80}?\binsurance\b|\bproceeds\s(?:of|from|under)\s(?:any\s|the\s|such\s)?(?:[\w'-]+\s){0,2}?insurance\b[^.;]{0,60}|\b(?:certificates?\sof\s)?insurance\b[^.;]{0,40}?\b(?:issued|sold|offered|underwritten)\s(?:by\s[^.;]{0,40}?)?\bto\s(?:an?\s|its\s|the\s|such\s)?(?:[\w-]+\s)?(?:customers?|clients?|policy\s?holders?|participants?|members?|applicants?|insureds?|contract\sowners?)\b|\b(?:to\sthe\sextent|extent\sthat|except|unless|whether\sor\snot)\b[^.;]{0,40}?\b(?:covered|recover(?:ed|able)|paid|reimbursed)\s(?:by|under|from)\s(?:any\s|the\s)?(?:[\w'-]+\s){0,2}?insurance\b[^.;]{0,60}/gi;
/**
 * "Insure" meaning ensure ("shall insure that the information is accurate", "to insure compliance", "insures the
 * operation of the plant"): the verb is cover only when a risk or a value follows ("insure the Goods against loss",
 * "insure the Equipment for its full replacement value") or a party insures itself ("self-insure").
 */
const ENSURE = /(?<!self-?\s?)\binsur(?:e|es|ing)\b(?![^.;]{0,80}?\b(?:against|for\s(?:[\w'%$.,-]+\s){0,4}?(?:value|price|cost|amount)))/gi;
/** A name ("the Insurance Center", "Insurance Channel"), not a kind of cover. */
const NAMED = /\bInsurance\s(?!Policy|Policies|Coverage|Certificates?|Requirements?|Company|Companies|Carriers?)[A-Z][a-z]+\b/g;
/** Recitals ("WHEREAS, TrueLink is in the business of ...") describe the parties; they oblige no one. */
const RECITAL = /^\s*(?:\(?[a-z0-9]{1,3}[.)]\s*)?WHEREAS\b/;

/**
 * Insurance (CUAD "Insurance"): a party must obtain or keep insurance ("shall maintain
 * commercial general liability insurance of at least $1,000,000 per occurrence", certificates of
 * insurance, additional insured). Insurance as a business or a product is not.
 */
export function extractInsurance(view: TextView): PresenceField | null {
  let speaksOfInsurance = false;
  const found = presenceOf(view, MENTIONS, (raw) => {
    speaksOfInsurance = true;
    // A heading ("5.4 Product Liability Insurance.") names the topic; the clause under it carries the duty.
    if (RECITAL.test(raw) || isBareHeading(raw)) return false;
    const text = raw.replace(NOT_COVER, ' ').replace(ENSURE, ' ').replace(LOOKALIKES, ' ').replace(NAMED, ' ');
    return MENTIONS.test(text)
      ? HOLDS.test(text) || OBLIGATION.test(text) || KIND_WITH_TERMS.test(text) || POLICY_TERMS.test(text)
      : POLICY_TERMS.test(text);
  });
  if (found || !speaksOfInsurance) return found;
  // Then a policy's terms written without the word ("All policies shall provide 30 days' notice of cancellation").
  return presenceOf(view, MENTIONS_POLICY, (raw) => !RECITAL.test(raw) && !isBareHeading(raw) && POLICY_TERMS.test(raw));
}
