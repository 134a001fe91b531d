import { findDurations, formatDuration, parseEnglishNumber, type Duration } from './numbers.js';
import { noticeDurations } from './sentence-rules.js';
import { evidenceInSentence, type TextView } from './text-view.js';
import type { AutoRenewalField } from './types.js';

/** A cheap first test: every pattern below needs one of these (ROLLING's "remain in effect from year to year", CHINESE_AUTOMATIC's 自动展期 too). */
const MENTIONS_RENEWAL =
  /renew|extend|extension|continu|prolong|roll(?:s|ed)?[\s-]?over|evergreen|remain|stay\sin|year[- ]to[- ]year|month[- ]to[- ]month|续|延|展期/i;

/**
 * "shall automatically renew", "renewed automatically", "automatic 2 year term extensions", and a renewal that only
 * notice stops, with or without "automatically" ("this Agreement shall be extended for consecutive one-year periods
 * unless Buyer gives notice of termination").
 */
const AUTOMATIC =
  /\bautomatic(?:ally)?\b(?:(?!\b(?:if|declines?|fails?|refuses?|not|cancels?)\b)[^.;]){0,60}?\b(?:renew|extend|extension|continu|prolong|roll(?:s|ed)?\sover|(?:stay|remain)\sin\s(?:full\s)?(?:force|effect))|\b(?:renew(?:s|ed|ing)?|extend(?:s|ed|ing)?|continue|continues|prolonged|roll(?:s|ed)?\sover)\b[^.;]{0,30}?\bautomatically\b|\b(?:shall|will)\s(?:thereafter\s)?(?:be\s)?renew(?:ed)?\s(?:automatically\s)?(?:for|each|on\sa)\b[^.;]{0,60}?\b(?:successive|consecutive|additional|further|year[- ]to[- ]year|month[- ]to[- ]month)\b|\bunless\s(?:either|one|a)\sparty\b[^.;]{0,120}\b(?:not\sto\srenew|non-?renewal)\b|\bunless\s(?:(?:a|written|prior)\s)*notice\sof\snon-?\s?renewal\b|\b(?:renew(?:ed|s)?|extend(?:ed|s)?)\stacitly\b|\btacit(?:ly)?\s(?:renew|extend|extension)|\b(?:unless\s(?:either|one|a|the|any)|if\sneither)\s(?:party|parties|[A-Z][\w&.-]*)\b[^.;]{0,120}?\bnotice\b[^.;]{0,160}?\b(?:agreement|term|contract)\s(?:shall|will)\s(?:automatically\s)?(?:be\s)?(?:renewed|extended|continue|renew|extend)\b|\b(?:continue|remain)s?\s(?:in\s(?:full\s)?(?:force|effect)(?:\sand\seffect)?\s)?(?:thereafter\s)?for\s(?:successive|further|additional|consecutive|subsequent)\s(?:[\w()-]+\s){0,3}(?:periods|terms)\b|\b(?:agreement|term|contract)\s(?:hereof\s)?(?:shall|will)\s(?:thereafter\s)?(?:automatically\s)?(?:be\s)?(?:automatically\s)?(?:renew(?:ed)?|extend(?:ed)?|prolonged|roll\sover)\b[^.;]{0,60}?\b(?:for|by\s(?:an?|another|one|two|three|five|twelve|\d{1,2}))\b[^.;]{0,80}?\bunless\b[^.;]{0,120}?\bnoti(?:ce|fy|fies|fication)\b/i;
/** "shall renew for successive one-year periods if agreed by both parties in writing": a renewal only by a new agreement, not an automatic one. */
const MUTUAL_CONDITION =
  /\b(?:if|when|provided(?:\sthat)?|subject\sto|upon)\s(?:(?:the\s)?(?:mutual\s)?(?:written\s)?agree(?:d|ment)\s(?:to\s)?(?:in\swriting\s)?(?:by|of|between)\s(?:both|the)\sparties|(?:both|the)\sparties\s(?:mutually\s)?(?:so\s)?agree)\b(?!\s(?:otherwise|to\s(?:terminate|end|cancel)|not)\b)/i;
/** How far past the renewal words a condition of mutual agreement still governs it. */
const MUTUAL_CONDITION_WINDOW = 150;
/** "an evergreen agreement", "on an evergreen basis"; case-sensitive, so "Evergreen Packaging" (a name) is not one. */
const EVERGREEN_WORD = /\b[Ee]vergreen\b(?!\s(?:[A-Z]|of\b))|\bEVERGREEN\b/;
/** A party's option to renew or extend ("may, at its option, renew ... for 2 additional terms"). */
const OPTIONAL =
  /\b(?:may|option|right\sto|elect\sto|entitled\sto)\b[^.;]{0,60}?\b(?:renew|extend)\b[^.;]{0,120}?\bfor\s(?:an?\s|up\sto\s)?(?:(?:period|term)\sof\s)?(?:\w+\s)?(?:\(\d+\)\s)?(?:additional|further|successive|consecutive|subsequent|another|renewal|extension|(?:[\w-]+\s)?(?:years?|months?)\b)/i;
/** "shall have the right to renew the Agreement", "the opportunity to renew this Agreement", "may ... extend the term of the Agreement for the period set forth in such notice": an option on the contract itself, its length given elsewhere or not at all. */
const OPTION_ON_CONTRACT =
  /\b(?:option|opportunity|right|entitled|may|elect)\b[^.;]{0,140}?\b(?:renew|extend)\s(?:the\sterm\sof\s)?(?:this|the)\s(?:agreement|contract)\b/i;
/** "may be extended for an additional two year period", "renewable for 1 year extension", "option to renew ... for another 5 years". */
const MUTUAL_WITH_PERIOD =
  /\b(?:may\sbe\s(?:renewed|extended)|renewable|extendable|option\sto\s(?:renew|extend))\b[^.;]{0,80}?\bfor\s(?:an?\s|another\s|up\sto\s)?(?:additional\s|further\s|successive\s|consecutive\s)?(?:\w+\s)?(?:\(\d+\)\s)?(?:[\w-]+\s)?(?:years?|months?|periods?|terms?)\b/i;
/**
 * "This term shall be extended for a 1 year period provided ...", "shall be extended at the option of Tenant for one
 * additional period": the contract's own term extends, on a condition; counted only with a stated length.
 */
const TERM_SHALL_EXTEND =
  /\b(?:term|agreement|contract)\s(?:hereof\s|hereunder\s)?(?:shall|will)\s(?:then\s)?be\s(?:renewed|extended)\s(?:at\s(?:the\s)?(?:sole\s)?(?:option|election)\sof\s(?:[\w-]+\s){1,3}?|at\s[\w-]+['’]s?\s(?:sole\s)?(?:option|election)\s)?for\b/i;
/** What an option renews is the contract or its term ("renew the Franchise", "extend the term of this Agreement"), not a delivery date. */
const OPTION_OBJECT =
  /\b(?:renew|extend)\s(?:(?:the|this|such|its|their)\s)?(?:[\w-]+\s){0,3}?(?:term|agreement|contract|licen[cs]e|franchise|lease|appointment|period|it)\b/i;
/** "At Rogers' option, this Agreement shall renew for ...": the contract is the subject of the renewal. */
const CONTRACT_RENEWS = /\b(?:agreement|term|contract)\s(?:shall|will)\s(?:be\s)?(?:renew|extend)/i;
/** Renewal only by a new agreement of both parties is not a renewal term in CUAD's sense. */
const MUTUAL_ONLY =
  /\bmutual(?:ly)?\b|\bby\s(?:both|the)\sparties\b|\bwritten\sagreement\sof\s(?:both|the)\sparties\b|\bboth\sparties\sagree|\bparties\s(?:may\s)?agree\b(?!\sthat\b)|\bin\swriting\ssigned\sby\sboth|\bnegotiat/i;
/** How far past an option to renew an agreement of both parties still qualifies it. */
const MUTUAL_WINDOW = 100;
const NOT_THE_CONTRACT =
  /\bforce\smajeure\b|\b(?:insurance|polic(?:y|ies)|patents?|registrations?|credit|warrant(?:y|ies)|time\sfor\s(?:the\s)?performance|payment\sterms?|deadline)\b/i;

/**
 * Evergreen: after a first period the contract simply goes on until a party ends it by notice
 * ("thereafter, it shall automatically continue until terminated by either party upon thirty (30)
 * days' notice", "shall continue ... indefinitely after that"). CUAD's renewal term is `perpetual`.
 */
const EVERGREEN =
  /\b(?:thereafter|after\sthat|indefinitely|from\s(?:year\sto\syear|month\sto\smonth))\b[^.;]{0,80}?\b(?:continue|remain)s?\b[^.;]{0,60}?\buntil\s(?:terminated|either|any|one|a)\b|\b(?:continue|remain)s?\b[^.;]{0,60}?\b(?:thereafter|indefinitely|after\sthat)\b[^.;]{0,40}?\buntil\s(?:terminated|either|any|one|a)\b|\b(?:shall|will)\s(?:commence|begin)\b[^.;]{0,80}?\b(?:remain|continue)\sin\s(?:full\s)?(?:force\sand\s)?effect\suntil\sterminated\sby\s(?:either|any)\sparty\b[^.;]{0,40}?\bnotice\b/i;
/**
 * "shall be effective from the date above and shall continue indefinitely until terminated in
 * accordance with this Agreement": a term without an end, not a renewal; it reads as one only after
 * a first term ("thereafter") or with a notice that ends it, like "remain in effect until terminated
 * by either party upon ninety (90) days notice".
 */
function openEndedTerm(evergreen: string, sentence: string): boolean {
  return /\bindefinitely\b/i.test(evergreen) && !/\b(?:thereafter|after\sthat)\b/i.test(evergreen) && !/\bnotice\b/i.test(sentence);
}

/** "shall continue on a year to year basis", "continue from month to month". */
const ROLLING =
  /\b(?:continue|renew|extend)\w*\b[^.;]{0,40}?\b(?:year[- ]to[- ]year|month[- ]to[- ]month|(?:annual|yearly)\s(?:basis|periods?|terms?|renewals?|extensions?)\b)|\b(?:effective|remain\sin\s(?:full\s)?(?:force\sand\seffect|force|effect))\s(?:(?:on\sa|from)\s)?(?:year[- ]to[- ]year|month[- ]to[- ]month)\b/i;
/** The automatic renewal is of the contract or its term, not of support, a licence key or a price. */
const NAMES_THE_CONTRACT = /\b(?:agreement|contract|term|renewal)\b/i;
/** "This JSMA": a defined name, capitalised; case-sensitive, or "this order" would count. */
const THIS_DEFINED_NAME = /\b[Tt]his\s[A-Z]\w+/;

function renewsTheContract(subject: string): boolean {
  return NAMES_THE_CONTRACT.test(subject) || THIS_DEFINED_NAME.test(subject);
}
/** Definitions ("Renewal Term shall have the meaning ...") restate, they do not renew. */
const DEFINITION = /\b(?:shall\shave|has)\sthe\smeaning\b|^[^.;]{0,60}"\s(?:shall\s)?means?\b/i;

const CHINESE_AUTOMATIC = /自动(?:续|延|顺延|展期)|(?:视为|即行|即)(?:同意)?(?:续|延|顺延)(?:约|期|签|展|长)|顺延/;
const CHINESE_OPTIONAL = /(?:有权|可以?)(?:要求)?续(?:签|约|期|展)|续(?:签|约|期)权/;
const CHINESE_MUTUAL = /协商一致|另行协商|重新协商|重新签订|另行签订|另行约定|签订新的|双方同意|经双方[^。；]{0,6}(?:同意|确认)/;

/** Phrases that make a renewal repeat ("successive one-year terms", "each year", "another one (1) year", "additional 1-year terms"). */
const SUCCESSIVE =
  /\bsuccessive\b|\bevery\b|\b(?:monthly|annual|yearly)\s(?:periods|terms|renewals|basis)\b|\bsubsequent\b|\bone\sor\smore\b|\bconsecutive\b|\beach\s(?:year|renewal|such|subsequent)|year[- ]to[- ]year|month[- ]to[- ]month|\banother\b|\bannually\b|\b(?:years?|months?)\)?\s(?:terms|periods|increments|extensions|renewals)\b|\b(?:additional|renewal|extended|further|extension)\s(?:\w+\s){0,2}(?:terms|periods|increments)\b|\bterm\sextensions\b|依此类推|以此类推|每次|逐年/i;
/** How far after the renewal verb the renewal term is described. */
const TERM_WINDOW = 200;
const EACH_YEAR =
  /\b(?:each|every)\syear\b|\bannual\s(?:periods?|terms?|basis|renewals?)\b|\bannually\b|\byear[- ]to[- ]year\b|\byearly\b|逐年|每年/i;
const MONTH_TO_MONTH = /\bmonth[- ]to[- ]month\b|\bmonthly\s(?:periods?|terms?|basis|renewals?)\b|\b(?:each|every)\smonth\b/i;
const SAME_DURATION =
  /\bsame\s(?:duration|length|period)\b|\bequal\sto\sthe\s(?:initial|then[- ]current|original)\b|\bequal\sin\sduration\b|同等期限|相同期限/i;
/** "two (2) additional consecutive terms", "two additional five-year terms": how many renewals there are. */
const COUNTED_RENEWALS =
  /\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s(?:\(\d+\)\s)?(?:(?:additional|successive|further|renewal|consecutive|extension)\s){1,3}(?:(?:\w+[\s-])?(?:\(\d+\)[\s-]?)?(?:year|month)s?\s)?(?:terms|periods)\b/i;

/** The durations of a renewal sentence that are not notice periods. */
function termDurations(text: string, from: number): Duration[] {
  const notices = new Set(noticeDurations(text).map((duration) => duration.index));
  return findDurations(text).filter(
    (duration) =>
      duration.index >= from &&
      !notices.has(duration.index) &&
      !/^[\s"'’”)\].,:;!?，、：；）]{0,3}(?:after|following|from\sthe\s(?:effective|date))/i.test(
        text.slice(duration.index + duration.length, duration.index + duration.length + 30),
      ),
  );
}

function initialTermDuration(view: TextView): Duration | null {
  for (const sentence of view.sentences) {
    if (!/initial\sterm|original\sterm|初始期限|首期/i.test(sentence.text)) continue;
    const duration = findDurations(sentence.text).find((candidate) => candidate.unit === 'year' || candidate.unit === 'month');
    if (duration) return duration;
  }
  return null;
}

/** "the term shall automatically be extended for the Renewal Period": the renewal is named by a defined term. */
const DEFINED_RENEWAL_PERIOD = /\b(?:renewal|extension|extended|additional)\s(?:term|period)\b/i;
/** A rolling renewal capped in total ("on an annual basis ... for up to another ten (10) years"). */
const ROLLING_BASIS = /\b(?:annual|yearly|year[- ]to[- ]year)\sbasis\b|\b(?:each|every)\syear\b|\bannually\b/i;
/** "for a further year", "for another month": one unit written without a number. */
const ONE_MORE_UNIT = /\bfor\s(?:an?\s(?:further|additional)|another|one\s(?:further|additional|more))\s(year|month)\b/i;
const UP_TO_BEFORE = /\bup\sto\s(?:(?:an?|another|additional|a\smaximum\sof|a\stotal\sof)\s)*$/i;

function durationMonths(duration: Pick<Duration, 'value' | 'unit'>): number | null {
  if (duration.unit === 'year') return duration.value * 12;
  return duration.unit === 'month' ? duration.value : null;
}

/**
 * The length given where a defined renewal period is introduced: before a parenthesised name ("additional two (2)-year
 * periods (each a "Renewal Period")") or after a defining "means" ("“Renewal Term” means each successive one-year period").
 */
function definedRenewalTerm(view: TextView, text: string): { duration: Duration; successive: boolean } | null {
  const name = DEFINED_RENEWAL_PERIOD.exec(text)?.[0];
  if (!name) return null;
  const quoted = `["“”]${name.replace(/\s/g, '\\s+')}["“”]`;
  const introduced = new RegExp(`\\(\\s*(?:each\\s+)?(?:an?\\s+|the\\s+)?${quoted}`, 'i');
  const defined = new RegExp(`${quoted}\\s(?:shall\\s)?means?\\b`, 'i');
  for (const sentence of view.sentences) {
    const at = sentence.text.search(introduced);
    const window = at >= 0 ? sentence.text.slice(Math.max(0, at - 120), at) : definitionBody(sentence.text, defined);
    if (window === null) continue;
    const duration = at >= 0 ? termDurations(window, 0).at(-1) : termDurations(window, 0)[0];
    if (duration && duration.unit !== 'day') return { duration, successive: SUCCESSIVE.test(window) };
  }
  return null;
}

/** What a definition says its name means, up to 160 characters. */
function definitionBody(text: string, definition: RegExp): string | null {
  const match = definition.exec(text);
  return match ? text.slice(match.index + match[0].length, match.index + match[0].length + 160) : null;
}

/** CUAD's normalised renewal term: `successive 1 year`, `3 years`, `2 successive 10 years`. */
function renewalTermOf(view: TextView, text: string, at: number, automatic = false): string | null {
  // The match may start at "unless either party ... non-renewal", after the renewal verb and its term.
  const verb = text.search(/\b(?:renew|extend)/i);
  const from = verb >= 0 && /^(?:unless|if\sneither)\b/i.test(text.slice(at)) ? Math.min(verb, at) : at;
  let successive = SUCCESSIVE.test(text.slice(Math.max(0, from - 40), from + TERM_WINDOW));
  const rolling = ROLLING_BASIS.test(text);
  // On a rolling basis, "up to ten (10) years" is the total the renewals may reach, not one renewal.
  const durations = termDurations(text, from);
  const caps = rolling
    ? durations.filter((candidate) => UP_TO_BEFORE.test(text.slice(Math.max(0, candidate.index - 40), candidate.index)))
    : [];
  // "shall be effective month to month", "renewable on an annual basis": the rolling unit is the term, whatever lengths follow.
  const rollingUnit =
    ROLLING.exec(text.slice(from))?.index === 0 ? (MONTH_TO_MONTH.test(text.slice(from, from + 80)) ? 'month' : 'year') : null;
  let duration: Pick<Duration, 'value' | 'unit'> | undefined = rollingUnit
    ? { value: 1, unit: rollingUnit }
    : durations.find((candidate) => !caps.includes(candidate));
  const single = duration ? null : ONE_MORE_UNIT.exec(text.slice(from));
  if (single) duration = { value: 1, unit: single[1]!.toLowerCase() === 'year' ? 'year' : 'month' };
  if (!duration && EACH_YEAR.test(text)) duration = { value: 1, unit: 'year' };
  if (!duration && MONTH_TO_MONTH.test(text)) duration = { value: 1, unit: 'month' };
  if (!duration && SAME_DURATION.test(text)) duration = initialTermDuration(view) ?? undefined;
  if (!duration) {
    const defined = definedRenewalTerm(view, text);
    if (defined) {
      duration = defined.duration;
      successive ||= defined.successive;
    }
  }
  // "This Agreement shall be for the term of one year; thereafter it shall renew automatically": it renews for that length.
  if (!duration && automatic && !EVERGREEN.test(text)) {
    duration = termDurations(text.slice(0, from), 0).findLast((candidate) => candidate.unit === 'year' || candidate.unit === 'month');
    successive = true;
  }
  if (!duration) return null;
  const term = formatDuration(duration.value, duration.unit);
  const counted = COUNTED_RENEWALS.exec(text);
  if (counted) {
    const count = /^\d+$/.test(counted[1]!) ? Number(counted[1]) : parseEnglishNumber(counted[1]!);
    if (count && count > 1) return `${count} successive ${term}`;
  }
  const cap = caps[0];
  const capMonths = cap ? durationMonths(cap) : null;
  const termMonths = durationMonths(duration);
  if (capMonths && termMonths && capMonths > termMonths && capMonths % termMonths === 0)
    return `${capMonths / termMonths} successive ${term}`;
  return `${successive ? 'successive ' : ''}${term}`;
}

const NON_RENEWAL_NOTICE =
  /\bnot\sto\srenew|non-?renewal|\bterminat|\bcancel|\bwishing\sto\srenew|\bintent(?:ion)?\sto\srenew|\b(?:notice|notify|notification)\b[^.;]{0,80}\b(?:expir|(?:end|conclusion)\sof\sthe|anniversary)|不(?:再)?续|终止|异议/i;
/** A neighbour sentence is about the renewal only if it names the renewal or the end of a term. */
const ABOUT_TERM_END =
  /\b(?:renew\w*|non-?renewal|expir\w*|anniversary)\b|\b(?:end|conclusion)\sof\s(?:the\s|a\s|any\s|each\s)?(?:initial|then[- ]current|current|renewal|extension|\d{1,3}[\s-](?:month|year))?\s*(?:term|period)\b|续|期满|届满/i;
const NEIGHBOUR_OFFSETS = [1, -1, 2, 3, -2];
const MAX_NEIGHBOUR_DISTANCE = 800;

/** "pursuant to 5.2", "in accordance with Section 18", "the termination provisions contained in paragraph 18". */
const CROSS_REFERENCE =
  /\b(?:(?:section|paragraph|clause|article)\s|(?:pursuant\sto|in\saccordance\swith|under|per)\s)(\d{1,3}(?:\.\d{1,3}){0,2})\b/gi;
/** A notice period written but redacted ("[***] prior", "at least **** of the Initial Term"). */
const REDACTED_NOTICE =
  /\bnotice\b[^.;]{0,100}?(?:\[\s*\*[*\s]*\]|\*{3,})[^.;]{0,20}?\b(?:prior|before|of\sthe)\b|(?:\[\s*\*[*\s]*\]|\*{3,})\s*(?:days?\s)?(?:prior|before|in\sadvance)\b[^.;]{0,80}?\b(?:expir|end\sof|renew)/i;

/**
 * A termination of the contract that takes effect at the end of a term, wherever the contract puts
 * it ("may be terminated by either party at the expiration of its term or any renewal term upon
 * thirty (30) days written notice", "delivers written notice of termination at least 90 days prior to
 * the expiration date of the Renewal Term"): its notice is the one that stops the renewal. Other notices
 * of non-renewal are read only next to the renewal or in a clause it refers to (they may concern
 * an order or a licence rather than the contract).
 */
const TERM_END_NOTICE =
  /\b(?:agreement|contract)\s(?:may|shall|will|can)\sbe\sterminated\s(?:[^.;]{0,60}\s)?(?:at|upon|as\sof|effective\s(?:at|upon|as\sof)|on)\s(?:the\s)?(?:expir\w*|end)\sof\s(?:the\s|its\s|any\s|each\s|a\s|such\s)?(?:initial\s|then[- ]current\s|current\s|renewal\s|extension\s|extended\s)?(?:term|period)\b|\bnotice\sof\s(?:its\s)?termination\b[^.;]{0,100}?\b(?:prior\sto|before)\s(?:the\s)?(?:expiration|expiry|end)(?:\sdate)?\sof\s(?:the\s|its\s|any\s|each\s|a\s|such\s)?(?:initial\s|then[- ]current\s|current\s|renewal\s|extension\s|extended\s)?(?:term|period)\b/i;

interface RenewalNotice {
  days: number | null;
  /** A notice of non-renewal is required even if its length is not readable (redacted). */
  required: boolean;
}

/** "no less than 120 prior to the applicable expiry date": a notice count written without its unit, which is days. */
const NOTICE_WITHOUT_UNIT =
  /\b(?:no|not)\s(?:less|later)\sthan\s(\d{1,3})\s(?:\(\d{1,3}\)\s)?(?:prior\sto|before)\s(?:the\s)?(?:applicable\s|scheduled\s)?(?:expir|end\b)/i;

/**
 * Notice lengths the shared reading misses: listed after a colon ("upon the following written notice
 * ... specifying a termination date: sixty (60) days for ..."), or a deadline counted from the end
 * of the term ("must notify the other party within 5 days of the conclusion of the term").
 */
const NOTICE_LIST_LEAD_IN = /\bnotice\b[^.;:]{0,80}:\s?$/i;
const NOTIFY_WITHIN = /\b(?:notify|notice|notification)\b[^.;]{0,80}?\bwithin\s$/i;
const OF_TERM_END = /^\s?(?:of|before|prior\sto)\s(?:the\s)?(?:conclusion|expir\w*|end)\b/i;

function introducedNotice(text: string): number | null {
  for (const duration of findDurations(text)) {
    const before = text.slice(Math.max(0, duration.index - 100), duration.index);
    const after = text.slice(duration.index + duration.length, duration.index + duration.length + 30);
    if (NOTICE_LIST_LEAD_IN.test(before) || (NOTIFY_WITHIN.test(before) && OF_TERM_END.test(after))) return duration.days;
  }
  return null;
}

function noticeIn(text: string): number | null {
  const days = noticeDurations(text)[0]?.days;
  if (days !== undefined) return days;
  const bare = NOTICE_WITHOUT_UNIT.exec(text);
  return bare ? Number(bare[1]) : introducedNotice(text);
}

/** Sentences of the clause numbered `number` ("5.2", "18"), found through the clause headings. */
function referencedSentences(view: TextView, number: string): string[] {
  const clause = view.clauses.find(
    (candidate) =>
      candidate.heading !== null &&
      new RegExp(`^(?:(?:section|article|clause|paragraph)\\s+)?${number.replace(/\./g, '\\.')}(?![\\d])`, 'i').test(candidate.heading),
  );
  if (!clause) return [];
  return view.sentences
    .filter((sentence) => {
      const at = view.originalOffset[sentence.start] ?? -1;
      return at >= clause.start && at < clause.end;
    })
    .map((sentence) => sentence.text);
}

/**
 * The notice needed to stop (or exercise) the renewal: in the renewal sentence, in a neighbour
 * about non-renewal (the very next sentence may just say "notice must be given ... to
 * terminate"), or in the clause the renewal sentence refers to ("unless notice is given
 * pursuant to 5.2").
 */
function renewalNotice(view: TextView, sentenceIndex: number): RenewalNotice {
  const sentence = view.sentences[sentenceIndex]!;
  const inOwn = noticeIn(sentence.text);
  if (inOwn !== null) return { days: inOwn, required: true };
  let required = REDACTED_NOTICE.test(sentence.text);
  for (const offset of NEIGHBOUR_OFFSETS) {
    const neighbour = view.sentences[sentenceIndex + offset];
    if (!neighbour || Math.max(neighbour.start - sentence.end, sentence.start - neighbour.end) > MAX_NEIGHBOUR_DISTANCE) continue;
    if (!NON_RENEWAL_NOTICE.test(neighbour.text) || (offset !== 1 && !ABOUT_TERM_END.test(neighbour.text))) continue;
    const notice = noticeIn(neighbour.text);
    if (notice !== null) return { days: notice, required: true };
    if (ABOUT_TERM_END.test(neighbour.text) && REDACTED_NOTICE.test(neighbour.text)) required = true;
  }
  for (const reference of sentence.text.matchAll(CROSS_REFERENCE)) {
    for (const text of referencedSentences(view, reference[1]!)) {
      if (!NON_RENEWAL_NOTICE.test(text) || !ABOUT_TERM_END.test(text)) continue;
      const notice = noticeIn(text);
      if (notice !== null) return { days: notice, required: true };
      if (REDACTED_NOTICE.test(text)) required = true;
    }
  }
  for (const other of view.sentences) {
    if (!TERM_END_NOTICE.test(other.text)) continue;
    const notice = noticeIn(other.text);
    if (notice !== null) return { days: notice, required: true };
    if (REDACTED_NOTICE.test(other.text)) required = true;
  }
  return { days: null, required };
}

/**
 * Renewal of the contract term: automatic renewal ("shall automatically renew for successive
 * one (1) year periods unless either party gives notice of non-renewal at least 90 days prior")
 * and a party's option to renew or extend; renewals that need a new agreement of both parties are
 * not counted. Returns CUAD's normalised term and the notice period in days.
 */
export function extractAutoRenewal(view: TextView): AutoRenewalField | null {
  let optional: { index: number; from: number } | null = null;
  let automaticElsewhere: { index: number; from: number } | null = null;
  let evergreen: { index: number; from: number } | null = null;
  for (let index = 0; index < view.sentences.length; index += 1) {
    const text = view.sentences[index]!.text;
    if (!MENTIONS_RENEWAL.test(text)) continue;
    const automatic = AUTOMATIC.exec(text) ?? EVERGREEN_WORD.exec(text) ?? ROLLING.exec(text);
    if (automatic && MUTUAL_CONDITION.test(text.slice(automatic.index, automatic.index + automatic[0].length + MUTUAL_CONDITION_WINDOW))) {
      optional ??= { index, from: automatic.index };
      continue;
    }
    const chineseAutomatic = automatic ? null : CHINESE_AUTOMATIC.exec(text);
    if (
      (automatic && !NOT_THE_CONTRACT.test(text.slice(Math.max(0, automatic.index - 60), automatic.index + automatic[0].length))) ||
      (chineseAutomatic && !CHINESE_MUTUAL.test(text))
    ) {
      const from = (automatic ?? chineseAutomatic)!.index;
      // "Maintenance shall automatically continue ..." is not the contract renewing; keep looking, fall back to it.
      // The subject before the renewal verb must be the contract or its term.
      if (chineseAutomatic || (renewsTheContract(text.slice(0, from + 12)) && !DEFINITION.test(text)))
        return build(view, index, true, from);
      // Without the contract as subject, what renews is read after the verb too ("shall automatically renew its registrations").
      if (!NOT_THE_CONTRACT.test(text.slice(from, from + automatic![0].length + 40))) automaticElsewhere ??= { index, from };
      continue;
    }
    const forever = EVERGREEN.exec(text);
    if (forever && !evergreen && !openEndedTerm(forever[0], text)) evergreen = { index, from: forever.index };
    if (!optional) {
      const offered = OPTIONAL.exec(text);
      const withPeriod = offered ? null : MUTUAL_WITH_PERIOD.exec(text);
      const english =
        (offered && (OPTION_OBJECT.test(offered[0]) || CONTRACT_RENEWS.test(offered[0]))) ||
        (withPeriod && renewsTheContract(text.slice(0, withPeriod.index + 12)))
          ? (offered ?? withPeriod)
          : null;
      const conditional = english ? null : TERM_SHALL_EXTEND.exec(text);
      const option =
        english ??
        (conditional && termDurations(text, conditional.index).length > 0 ? conditional : null) ??
        CHINESE_OPTIONAL.exec(text) ??
        OPTION_ON_CONTRACT.exec(text);
      // "may renew the Agreement ... or purchase the content to the extent the parties mutually agree": agreement far past the option is about something else.
      const aboutOption = option ? text.slice(0, option.index + option[0].length + MUTUAL_WINDOW) : text;
      const mutual = MUTUAL_ONLY.test(aboutOption) || CHINESE_MUTUAL.test(text);
      // A renewal by agreement of both parties counts when it states how long the renewal is, as CUAD does.
      if (option && !NOT_THE_CONTRACT.test(text) && (!mutual || termDurations(text, option.index).length > 0))
        optional = { index, from: option.index };
    }
  }
  if (automaticElsewhere) return build(view, automaticElsewhere.index, true, automaticElsewhere.from);
  if (evergreen) return { ...build(view, evergreen.index, true, evergreen.from), renewalTerm: 'perpetual' };
  return optional ? build(view, optional.index, false, optional.from) : null;
}

/** "... extended until December 31, 1999. Thereafter this Agreement will automatically be renewed for successive additional periods of one year": the term in the next sentences. */
function followingRenewalTerm(view: TextView, index: number): string | null {
  for (const next of view.sentences.slice(index + 1, index + 3)) {
    const verb = next.text.search(/\b(?:renew|extend)/i);
    if (verb < 0 || !/\b(?:thereafter|subsequent|further|additional|successive)\b/i.test(next.text)) continue;
    const term = renewalTermOf(view, next.text, verb);
    if (term) return term;
  }
  return null;
}

function build(view: TextView, index: number, automatic: boolean, from: number): AutoRenewalField {
  const sentence = view.sentences[index]!;
  const notice = renewalNotice(view, index);
  return {
    renews: true,
    automatic,
    renewalTerm:
      renewalTermOf(view, sentence.text, from, automatic) ??
      followingRenewalTerm(view, index) ??
      (automatic && (EVERGREEN.test(sentence.text) || EVERGREEN_WORD.test(sentence.text)) ? 'perpetual' : null),
    noticeDays: notice.days,
    noticeRequired: notice.required,
    evidence: evidenceInSentence(view, sentence, 0, sentence.text.length),
  };
}
