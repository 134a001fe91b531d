import { findDurations, formatDuration, parseEnglishNumber, type Duration } from './numbers.js';
import { noticeDurations } from './sentence-rules.js';
import { evidenceInSentence, type TextView } from './text-view.js';
import type { AutoRenewalField } from './types.js';

const MENTIONS_RENEWAL = /renew|extend|extension|continu|evergreen|续|顺延|延期|延长/i;

/** "shall automatically renew", "renewed automatically", "automatic 2 year term extensions", "evergreen". */
const AUTOMATIC =
  /\bautomatic(?:ally)?\b(?:(?!\b(?:if|declines?|fails?|refuses?|not|cancels?)\b)[^.;]){0,60}?\b(?:renew|extend|extension|continu)|\b(?:renew|renewed|renews|extended|extend|continue|continues)\b[^.;]{0,30}?\bautomatically\b|\bevergreen\b|\b(?:shall|will)\s+(?:thereafter\s+)?(?:be\s+)?renew(?:ed)?\s+(?:automatically\s+)?(?:for|each|on\s+a)\b[^.;]{0,60}?\b(?:successive|consecutive|additional|further|year[- ]to[- ]year|month[- ]to[- ]month)\b|\bunless\s+(?:either|one|a)\s+party\b[^.;]{0,120}\b(?:not\s+to\s+renew|non-?renewal)\b/i;
/** A party's option to renew or extend ("may, at its option, renew ... for 2 additional terms"). */
const OPTIONAL =
  /\b(?:may|option\s+to|right\s+to|elect\s+to|entitled\s+to)\b[^.;]{0,60}?\b(?:renew|extend)\b[^.;]{0,120}?\bfor\s+(?:an?\s+|up\s+to\s+)?(?:\w+\s+)?(?:\(\d+\)\s+)?(?:additional|further|successive|consecutive|another|renewal|extension)\b/i;
/** What an option renews is the contract or its term ("renew the Franchise", "extend the term of this Agreement"), not a delivery date. */
const OPTION_OBJECT =
  /\b(?:renew|extend)\s+(?:(?:the|this|such|its|their)\s+)?(?:[\w-]+\s+){0,3}?(?:term|agreement|contract|licen[cs]e|franchise|lease|appointment|period|it)\b/i;
/** Renewal only by a new agreement of both parties is not a renewal term in CUAD's sense. */
const MUTUAL_ONLY =
  /\bmutual(?:ly)?\b|\bby\s+(?:both|the)\s+parties\b|\bwritten\s+agreement\s+of\s+(?:both|the)\s+parties\b|\bboth\s+parties\s+agree|\bparties\s+(?:may\s+)?agree\b|\bin\s+writing\s+signed\s+by\s+both|\bnegotiat/i;
const NOT_THE_CONTRACT =
  /\b(?:insurance|polic(?:y|ies)|patents?|registrations?|credit|warrant(?:y|ies)|time\s+for\s+(?:the\s+)?performance|payment\s+terms?|deadline)\b/i;

const CHINESE_AUTOMATIC = /自动(?:续|延|顺延|展期)|(?:视为|即行|即)(?:同意)?(?:续|延|顺延)(?:约|期|签|展|长)|顺延/;
const CHINESE_OPTIONAL = /(?:有权|可以?)(?:要求)?续(?:签|约|期|展)|续(?:签|约|期)权/;
const CHINESE_MUTUAL = /协商一致|另行协商|重新签订|双方同意/;

/** Phrases that make a renewal repeat ("successive one-year terms", "each year", "another one (1) year", "additional 1-year terms"). */
const SUCCESSIVE =
  /\bsuccessive\b|\bconsecutive\b|\beach\s+(?:year|renewal|such|subsequent)|year[- ]to[- ]year|month[- ]to[- ]month|\banother\b|\bannually\b|\b(?:years?|months?)\)?\s+(?:terms|periods|increments|extensions|renewals)\b|\b(?:additional|renewal|extended|further|extension)\s+(?:\w+\s+){0,2}(?:terms|periods|increments)\b|\bterm\s+extensions\b|依此类推|以此类推|每次|逐年/i;
/** How far after the renewal verb the renewal term is described. */
const TERM_WINDOW = 200;
const EACH_YEAR = /\b(?:each|every)\s+year\b|\bannually\b|\byear[- ]to[- ]year\b|\byearly\b|逐年|每年/i;
const MONTH_TO_MONTH = /\bmonth[- ]to[- ]month\b|\b(?:each|every)\s+month\b/i;
const SAME_DURATION =
  /\bsame\s+(?:duration|length|period)\b|\bequal\s+(?:in\s+duration\s+)?to\s+the\s+(?:initial|then[- ]current|original)\b|\bequal\s+in\s+duration\b|同等期限|相同期限/i;
const COUNTED_RENEWALS = new RegExp(
  String.raw`\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+(?:\(\d+\)\s+)?(?:additional|successive|further|renewal|consecutive)\s+(?:renewal\s+)?(?:terms|periods)\b`,
  'i',
);

/** The durations of a renewal sentence that are not notice periods. */
function termDurations(text: string, from: number): Duration[] {
  const notices = new Set(noticeDurations(text).map((duration) => duration.index));
  return findDurations(text).filter(
    (duration) =>
      duration.index >= from &&
      !notices.has(duration.index) &&
      !/^[\s"'’”)\].,:;!?，、：；）]{0,3}(?:after|following|from\s+the\s+(?:effective|date))/i.test(
        text.slice(duration.index + duration.length, duration.index + duration.length + 30),
      ),
  );
}

function initialTermDuration(view: TextView): Duration | null {
  for (const sentence of view.sentences) {
    if (!/initial\s+term|original\s+term|初始期限|首期/i.test(sentence.text)) continue;
    const duration = findDurations(sentence.text).find((candidate) => candidate.unit === 'year' || candidate.unit === 'month');
    if (duration) return duration;
  }
  return null;
}

/** CUAD's normalised renewal term: `successive 1 year`, `3 years`, `2 successive 10 years`. */
function renewalTermOf(view: TextView, text: string, from: number): string | null {
  const successive = SUCCESSIVE.test(text.slice(Math.max(0, from - 40), from + TERM_WINDOW));
  let duration: Pick<Duration, 'value' | 'unit'> | undefined = termDurations(text, from)[0];
  if (!duration && EACH_YEAR.test(text)) duration = { value: 1, unit: 'year' };
  if (!duration && MONTH_TO_MONTH.test(text)) duration = { value: 1, unit: 'month' };
  if (!duration && SAME_DURATION.test(text)) duration = initialTermDuration(view) ?? undefined;
  if (!duration) return null;
  const counted = COUNTED_RENEWALS.exec(text);
  if (counted) {
    const count = /^\d+$/.test(counted[1]!) ? Number(counted[1]) : parseEnglishNumber(counted[1]!);
    if (count && count > 1) return `${count} successive ${formatDuration(duration.value, duration.unit)}`;
  }
  return `${successive ? 'successive ' : ''}${formatDuration(duration.value, duration.unit)}`;
}

const NON_RENEWAL_NOTICE =
  /\bnot\s+to\s+renew|non-?renewal|\bterminat|\bcancel|\bwishing\s+to\s+renew|\bintent(?:ion)?\s+(?:not\s+)?to\s+renew|\bnotice\b[^.;]{0,80}\b(?:expir|end\s+of\s+the|anniversary)|不(?:再)?续|终止|异议/i;
/** A neighbour sentence is about the renewal only if it names the renewal or the end of a term. */
const ABOUT_TERM_END =
  /\b(?:renew\w*|non-?renewal|expir\w*|anniversary)\b|\bend\s+of\s+(?:the\s+|a\s+|any\s+|each\s+)?(?:initial|then[- ]current|current|renewal|extension)?\s*(?:term|period)\b|续|期满|届满/i;
const NEIGHBOUR_OFFSETS = [1, -1, 2, 3, -2];
const MAX_NEIGHBOUR_DISTANCE = 800;

/** The notice needed to stop (or exercise) the renewal: in the renewal sentence or a neighbour about non-renewal. */
function renewalNoticeDays(view: TextView, sentenceIndex: number): number | null {
  const inOwn = noticeDurations(view.sentences[sentenceIndex]!.text)[0];
  if (inOwn) return inOwn.days;
  const sentence = view.sentences[sentenceIndex]!;
  for (const offset of NEIGHBOUR_OFFSETS) {
    const neighbour = view.sentences[sentenceIndex + offset];
    if (!neighbour || Math.max(neighbour.start - sentence.end, sentence.start - neighbour.end) > MAX_NEIGHBOUR_DISTANCE) continue;
    if (!NON_RENEWAL_NOTICE.test(neighbour.text) || !ABOUT_TERM_END.test(neighbour.text)) continue;
    const notice = noticeDurations(neighbour.text)[0];
    if (notice) return notice.days;
  }
  return null;
}

/**
 * Renewal of the contract term: automatic renewal ("shall automatically renew for successive
 * one (1) year periods unless either party gives notice of non-renewal at least 90 days prior")
 * and a party's option to renew or extend; renewals that need a new agreement of both parties are
 * not counted. Returns CUAD's normalised term and the notice period in days.
 */
export function extractAutoRenewal(view: TextView): AutoRenewalField | null {
  let optional: { index: number; from: number } | null = null;
  for (let index = 0; index < view.sentences.length; index += 1) {
    const text = view.sentences[index]!.text;
    if (!MENTIONS_RENEWAL.test(text)) continue;
    const automatic = AUTOMATIC.exec(text);
    const chineseAutomatic = automatic ? null : CHINESE_AUTOMATIC.exec(text);
    if (
      (automatic && !NOT_THE_CONTRACT.test(text.slice(Math.max(0, automatic.index - 60), automatic.index + automatic[0].length))) ||
      (chineseAutomatic && !CHINESE_MUTUAL.test(text))
    ) {
      const from = (automatic ?? chineseAutomatic)!.index;
      return build(view, index, true, from);
    }
    if (!optional) {
      const english = OPTIONAL.exec(text);
      const option = english && OPTION_OBJECT.test(english[0]) ? english : CHINESE_OPTIONAL.exec(text);
      if (option && !MUTUAL_ONLY.test(text) && !CHINESE_MUTUAL.test(text) && !NOT_THE_CONTRACT.test(text))
        optional = { index, from: option.index };
    }
  }
  return optional ? build(view, optional.index, false, optional.from) : null;
}

function build(view: TextView, index: number, automatic: boolean, from: number): AutoRenewalField {
  const sentence = view.sentences[index]!;
  return {
    renews: true,
    automatic,
    renewalTerm: renewalTermOf(view, sentence.text, from),
    noticeDays: renewalNoticeDays(view, index),
    evidence: evidenceInSentence(view, sentence, 0, sentence.text.length),
  };
}
