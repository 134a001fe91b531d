import { noticeDurations } from './sentence-rules.js';
import { evidenceInSentence, type Sentence, type TextView } from './text-view.js';
import type { DaysField, PresenceField } from './types.js';
import { isChineseConvenienceTermination } from './zh/termination.js';

const MENTIONS_TERMINATION = /terminat|terminab|cancel|withdraw\sfrom|\bend\s(?:this|the)\s(?:agreement|contract)\b|解除|终止/i;

/**
 * A party may end the contract: "may terminate this Agreement", "shall have the right to terminate", "will have the ability
 * to terminate"; an inset may stand before the verb ("may at any time, by written notice to the Consultant, terminate",
 * "shall have the right, exercisable at any time, to terminate").
 */
const ACTIVE_RIGHT =
  /\b(?:may|can)\b(?:(?:\s\w+){0,3},[^,.;]{1,80},)?\s(?:\w+\s){0,8}?(?:terminate|cancel)\s([^.;]{0,40})|\b(?:right|option|power|entitled|ability|free|at\sliberty|permitted|authori[sz]ed)(?:,[^,.;]{1,60},)?\s(?:\([^()]{0,40}\)\s)?(?:at\sany\stime\b[^.;:]{0,50}?\s)?(?:\w+\s){0,3}?to\s(?:\w+\s){0,2}?(?:terminate|cancel)\s([^.;]{0,40})/gi;
/** The contract is what ends: "this Agreement", "the Term", a defined name, or no object at all ("may terminate upon notice"). */
const CONTRACT_OBJECT =
  /^(?:(?:this|the|such|any|its|their|your|his|her)\s)?(?:[A-Z]|whole\b|all\sor\sany\spart|agreement|contract|term\b|performance|relationship|licen[cs]e|arrangement|engagement|employment|participation|(?:strategic\s)?alliance|(?:joint\s)?venture|partnership|collaboration)|^(?:upon|on|by|with|at|for|without|immediately|effective|forthwith|in\s(?:its|their)|\()/;
/** A member leaves a joint venture or partnership: "shall have the right to withdraw from the Joint Venture". */
const WITHDRAWS =
  /\b(?:right|may|can)\s(?:\w+\s){0,2}?withdraw\sfrom\s(?:this|the)\s(?:agreement|joint\sventure|venture|partnership|alliance|collaboration|consortium)\b/i;
/** Plain drafting: "Either party may end this Agreement at any time by giving three months' notice". */
const ENDS_IN_PLAIN_WORDS = /\b(?:may|can|right\sto|entitled\sto)\s(?:\w+\s){0,4}?end\s(?:this|the)\s(?:agreement|contract)\b/i;
const PASSIVE_RIGHT =
  /\b(?:may|can)\s(?:\w+\s){0,2}?be\s(?:terminated|cancell?ed)\b|(?<!non-)\b(?:terminable|cancell?able)\b|\bshall\sterminate\b[^.;]{0,80}?\b(?:upon\s(?:either|any|one)\sparty\sgiving|at\sthe\soption\sof)\b|\bcontinue\sin\seffect\suntil\s(?:either|any|one)\sparty\b[^.;]{0,60}\bnotice\b|\b(?:until|unless\s(?:sooner|earlier)|unless)\sterminated\sby\s(?:either|any|one|a)\sparty\s(?:upon|by\sgiving|giving|on|with)\b[^.;]{0,60}\bnotice\b|\b(?:wishing|wishes|desiring|desires|decides?|electing|elects?)\sto\sterminate\s(?:this|the)\s(?:agreement|contract)\b/i;
/** The contract ends on one party's say-so: "This Agreement shall terminate immediately upon Owner's receipt of Developer's notice to terminate". */
const ENDS_ON_NOTICE =
  /\b(?:agreement|contract)\sshall\sterminate\s(?:immediately\s|automatically\s)?(?:up)?on\s(?:[\w']+\s){0,3}?receipt\sof\s(?:[\w']+\s){0,3}?(?:written\s)?notice\s(?:to\sterminate|of\s(?:its\s)?(?:termination|intent\w*\sto\sterminate))\b/i;
/**
 * A right taken away: "may not terminate", "agrees not to terminate", "shall have no right to terminate", "is not terminable",
 * "shall not entitle either party to terminate", "Neither Party shall be entitled to terminate", "No party may terminate".
 */
const NOT_ALLOWED =
  /\b(?:shall|will|may|can)\s?not\s(?:\w+\s){0,2}terminat|\bnot\sbe\sentitled\sto\sterminat|\bagrees?\snot\sto\sterminat|\bno\sright\sto\sterminat|\bnot\s(?:be\s)?(?:terminable|cancell?able)\b|\bnot\s(?:entitle|permit|allow)\s(?:\w+\s){0,2}?to\sterminat|\b(?:neither|no)\s(?:party|parties|of\sthe\sparties)\b[^.;]{0,30}?\b(?:may|shall|will|can|is|are)\s(?:\w+\s){0,4}?terminat/i;
/** Ending the contract by agreement of both parties is not one party's right. */
const MUTUAL_TERMINATION =
  /\bmutual(?:ly)?\b|\bunanimous(?:ly)?\b|\bby\s(?:an?\s)?(?:written\s)?agreement\b|\bagreement\sin\swriting\b|(?<!\bof\s)\bthe\sparties\smay\s(?:\w+\s)?terminate\b|\bwritten\sconsent\sof\s(?:both|all|the)\sparties\b/i;
/**
 * Ending the contract at the end of a term or at an anniversary is non-renewal, not termination for convenience;
 * an anniversary that opens the right ("Beginning on the first anniversary, Licensee may terminate at any time") is not.
 */
const END_OF_TERM =
  /\b(?:at|on|on\sor\safter|effective\s(?:on|as\sof))\sthe\s(?:end|expiration|expiry|last\sday)(?:\sdate)?\sof\s(?:the\s|its\s)?(?:initial|then[- ]current|current|renewal)?\s*term\b|(?<!\b(?:beginning|commencing|starting)\s)\b(?:at|on|as\sof|prior\sto|before|upon)\s(?:the\s|any\s|each\s|an?\s|its\s)?(?:[\w-]+\s)?anniversary\b/i;

/**
 * A right referred to rather than granted: "Without prejudice to either party's right to terminate this Agreement under
 * Section 18, Cisco may extend the term"; "subject to the rights of NPC to terminate this Agreement pursuant to Section 6.2".
 */
const REFERENCED_RIGHT =
  /\b(?:without\sprejudice\sto|in\saddition\sto|without\slimiting|subject\sto|waiver\sof)\s(?:[\w']+\s){0,3}?rights?\s(?:\w+\s){0,2}?to\s(?:terminate|cancel)\b/gi;

const OR_ENDS_THIS_CONTRACT = /\bor\s(?:to\s)?(?:terminate|cancel)\s(?:this|the)\s(?:agreement|contract)\b/i;

function grantsTerminationRight(text: string): boolean {
  if (NOT_ALLOWED.test(text)) return false;
  if (PASSIVE_RIGHT.test(text) || WITHDRAWS.test(text) || ENDS_ON_NOTICE.test(text) || ENDS_IN_PLAIN_WORDS.test(text)) return true;
  const granting = text.replace(REFERENCED_RIGHT, ' ');
  for (const match of granting.matchAll(ACTIVE_RIGHT)) {
    if (CONTRACT_OBJECT.test(match[1] ?? match[2] ?? '')) return true;
    // "may terminate or reduce the scope of any Service ... or terminate this Agreement as a whole".
    if (OR_ENDS_THIS_CONTRACT.test(granting.slice(match.index, match.index + 300))) return true;
  }
  return false;
}

/**
 * Qualifiers that make any termination right one for convenience. Those that hold even beside other grounds
 * ("for convenience", "without cause", "for no reason") are in STRONG_CONVENIENCE, read first.
 */
const CONVENIENCE =
  /\bwithout\s(?:any\s)?reason\b|\bin\sits\s(?:sole\s|absolute\s|unfettered\s)?(?:and\sabsolute\s)?discretion\b|\bat\s(?:its|their)\s(?:sole\s|absolute\s)?(?:discretion|convenience)\b|\bfor\sany\sreason\b|\bat\swill\b/i;
/** Notice with no readable length: "upon prior written notice thereof", "upon [***] written notice". */
const NOTICE_ALONE =
  /\b(?:upon|on|by\sgiving|with)\s(?:(?:\[[^\]]{0,10}\]|\*{2,})\s)?(?:(?:prior|advance|reasonable|written|advance)\s){1,3}notice\b|\b(?:upon|on)\s(?:\[[^\]]{0,10}\]|\*{2,})\s(?:notice|prior|written|to)\b/i;
/** "at any time" makes a right discretionary only when it is this contract that ends. */
const AT_ANY_TIME = /\bat\sany\stime\b/i;
const ENDS_THIS_CONTRACT =
  /\b(?:terminate|cancel|end)\s(?:this|the)\s(?:agreement|contract)\b|\b(?:agreement|contract)\s(?:may|can)\s(?:\w+\s)?be\s(?:terminated|cancell?ed)\b|\bwithdraw\sfrom\s(?:this|the)\s/i;
/** The first three also hold when the sentence names other grounds. */
const STRONG_CONVENIENCE =
  /\bfor\s(?:its\s|their\s)?convenience\b|\bfor\snon-?cause\b|\bwithout\s(?:any\s)?cause\b|\bfor\sany\sreason\sor\sno\sreason\b|\bfor\sno\sreason\b|\bfor\sany\sor\sno\sreason\b/i;
/** Grounds that make a termination right one for cause, not convenience. */
const CONDITION =
  /\bif\b|\bin\sthe\sevent\b|\bin\scase\b|\bshould\b|\bupon\s(?:the\s)?(?:occurrence|breach|default|insolvency|bankruptcy|any\sof\sthe\sfollowing)|\bbreach|\bdefault|\bfail(?:s|ure|ed)?\b|\binsolven|\bbankrupt|\bcure\b|\bviolat|\bforce\smajeure|\bchange\s(?:of|in)\scontrol|\bacquired\b|\bmerger\b|\bunable\b|\bnot\s(?:been\s)?(?:paid|achieved|met)|\billegal|\bconvict|\b(?:for|with)\scause\b|\bdue\sto\b|\bas\sa\sresult\sof\b|\bwhere\b|\bunless\s(?!(?:sooner|earlier|otherwise)\sterminated\b)|^(?:[\d.]{1,12}\s|\(\w{1,4}\)\s)?(?:upon|on|following|after)\s(?:\w+\s){0,3}such\b/i;
/** "Upon termination of this Agreement for any reason" is about consequences, not a right to terminate. */
const CONSEQUENCE =
  /\b(?:upon|after|following|on)\s(?:the\s)?(?:expiration\sor\s)?terminat\w*\b[^.;]{0,60}?\bfor\sany\sreason|\bterminated\s(?:by\s\w+\s(?:\w+\s)?)?for\sany\sreason\b/i;
const HEADING_CONVENIENCE = /\btermination\s(?:for\sconvenience|without\scause)\b/i;

interface TerminationRight {
  sentence: Sentence;
  noticeDays: number | null;
}

/** "...; provided that TouchStar shall have the right to terminate ...": a proviso is a right of its own. */
const PROVISO = /;\s*provided,?\s|,\s*provided,?\showever\b/i;
/**
 * A bar in a comma proviso leaves an explicit right before it standing: "Customer may terminate this Agreement for
 * convenience, provided that no party may terminate during the first six months". Only a barred sentence is split here:
 * elsewhere ", provided that" states a ground ("upon notice, provided that the other party is in breach").
 */
const COMMA_PROVISO = /,\s*provided\sthat\b/i;
const JOINED_NUMBERED_ITEM = /(?<=;)\s(?:(?:or|and)\s)?(?=\d{1,3}(?:\.\d{1,3}){1,3}\.?\s[A-Z])/;
const LETTERED_ITEM = /(?<=[.;])\s(?=(?:[a-z]|[ivx]{1,4}|\d{1,2})\.\s[A-Z])/;
const LIST_ITEM = /^\(?(?:[a-z]|[ivx]{1,5}|\d{1,2})[).]\s|^\d{1,3}(?:\.\d{1,3}){2,4}\.?\s/i;
/** "13.1.3 By either party ...": a numbered sub-item; its siblings share the number up to the last part. */
const DOTTED_NUMBER = /^(\d{1,3}(?:\.\d{1,3}){1,3})\.\d{1,3}\.?\s/;
/** A lead that opens a list of ways to end the contract without granting one itself: "unless earlier terminated as follows:". */
const TERMINATED_AS_FOLLOWS =
  /\bterminated\b[^.;]{0,80}?\b(?:as\sfollows|in\sthe\sfollowing\s(?:manner|ways?|circumstances|events|cases))\b/i;
/** "(a) ", "(ii) ", "(3) " inside a sentence, but not the "(60)" of "sixty (60) days". */
const INLINE_MARKER =
  /(?<=^|[\s;,:])\((?:[a-z]|[ivx]{1,5}|\d{1,2})\)\s(?!(?:calendar\s|business\s|working\s)?(?:days?|weeks?|months?|years?|hours?|percent)\b|%)/gi;

function isConvenience(text: string): boolean {
  if (HEADING_CONVENIENCE.test(text)) return true;
  if (isChineseConvenienceTermination(text)) return true;
  if (!grantsTerminationRight(text)) return false;
  if (STRONG_CONVENIENCE.test(text)) return true;
  if (CONDITION.test(text) || END_OF_TERM.test(text)) return false;
  if (CONVENIENCE.test(text) && !CONSEQUENCE.test(text)) return true;
  if ((AT_ANY_TIME.test(text) && ENDS_THIS_CONTRACT.test(text)) || ENDS_ON_NOTICE.test(text)) return true;
  // Termination by notice alone: "Either party may terminate this Agreement upon ninety (90) days written notice",
  // "upon prior written notice", "upon [***] written notice".
  return noticeDurations(text).length > 0 || NOTICE_ALONE.test(text);
}

/**
 * "This Agreement shall terminate (a) at the option of any party, upon 90 days' notice; or (b) in
 * the event of a material breach": each alternative is judged with the sentence's lead.
 */
function alternatives(text: string): string[] {
  const provisos = text.split(PROVISO);
  // A proviso may itself list alternatives: "; provided that (a) either party may terminate ... by 30 days' notice, and (b) ... if the other party commits a material breach".
  if (provisos.length > 1) return provisos.flatMap((part) => [part, ...listedAlternatives(part, true)]);
  // Lettered items the sentence splitter kept together: "... fails to cure such breach. d. Theismann shall have the right to terminate ..."
  const items = text.split(LETTERED_ITEM);
  if (items.length > 1) return items;
  return listedAlternatives(text);
}

/** "(a) ... (b) ...": each item with the lead before the first. */
function listedAlternatives(text: string, itemsFirst = false): string[] {
  const markers = [...text.matchAll(INLINE_MARKER)].filter((marker) => itemsFirst || marker.index > 0);
  if (markers.length < 2) return [];
  const lead = text.slice(0, markers[0]!.index);
  return markers.map((marker, position) => `${lead} ${text.slice(marker.index, markers[position + 1]?.index ?? text.length)}`);
}

/** The sentence that opens a list ("may be terminated upon any of the following:") above a list item. */
function listLead(view: TextView, index: number): string | null {
  const parent = DOTTED_NUMBER.exec(view.sentences[index]!.text)?.[1];
  for (let back = index - 1; back >= Math.max(0, index - 12); back -= 1) {
    const text = view.sentences[back]!.text;
    if (text.endsWith(':')) return MENTIONS_TERMINATION.test(text) ? text : null;
    // The lead ends a numbered paragraph whose first item follows in the same sentence: "... unless earlier terminated as follows: 13.1.1 In the event ...".
    if (TERMINATED_AS_FOLLOWS.test(text) && text.includes(':')) return text;
    // Earlier items of the same numbered list ("13.1.1", "13.1.2" above "13.1.3") are passed over.
    if (parent && text.startsWith(`${parent}.`) && /^\d/.test(text.slice(parent.length + 1))) continue;
    // Another section begins ("5.3 Failure to ..."): the item has no lead.
    if (/^(?:\d{1,3}\.\d|section\s|article\s)/i.test(text)) return null;
  }
  return null;
}

function survivesBar(part: string): boolean {
  return !MUTUAL_TERMINATION.test(part) && !NOT_ALLOWED.test(part) && STRONG_CONVENIENCE.test(part) && isConvenience(part);
}

function sentenceIsConvenience(view: TextView, index: number): boolean {
  const text = view.sentences[index]!.text;
  // A bar or a mutual ending in one part of a sentence leaves an explicit right in another part standing:
  // "may terminate for convenience any Service ...; provided that those Services may not be terminated independently".
  // A bare notice right that a proviso bars ("agrees not to terminate unless ...") is not one.
  const barred = NOT_ALLOWED.test(text) || MUTUAL_TERMINATION.test(text);
  if (
    MENTIONS_TERMINATION.test(text) &&
    (barred
      ? [...alternatives(text), ...text.split(COMMA_PROVISO)].some(survivesBar)
      : isConvenience(text) || alternatives(text).some(isConvenience))
  )
    return true;
  if (barred) return false;
  // Numbered items the sentence splitter kept together: "13.1.2 ... shall have the right to terminate; or 13.1.3 By either party ...".
  return [text, ...text.split(JOINED_NUMBERED_ITEM).slice(1)].some((item) => listItemIsConvenience(view, index, item));
}

/**
 * A list item under "... may be terminated upon the occurrence of any of the following:" —
 * "(d) By either party hereto upon sixty (60) days prior written notice".
 */
function listItemIsConvenience(view: TextView, index: number, text: string): boolean {
  if (
    !LIST_ITEM.test(text) ||
    (noticeDurations(text).length === 0 && !NOTICE_ALONE.test(text) && !STRONG_CONVENIENCE.test(text) && !CONVENIENCE.test(text))
  )
    return false;
  const lead = listLead(view, index);
  return (
    lead !== null &&
    (grantsTerminationRight(lead) || TERMINATED_AS_FOLLOWS.test(lead)) &&
    !CONDITION.test(text) &&
    !END_OF_TERM.test(text) &&
    !CONSEQUENCE.test(text)
  );
}

function findTerminationForConvenience(view: TextView): TerminationRight | null {
  for (let index = 0; index < view.sentences.length; index += 1) {
    const sentence = view.sentences[index]!;
    if (!sentenceIsConvenience(view, index)) continue;
    // A heading ("Termination for Convenience.") gives way to the right under it, which holds the notice period.
    const body = index + 1;
    const right =
      HEADING_CONVENIENCE.test(sentence.text) &&
      !grantsTerminationRight(sentence.text) &&
      body < view.sentences.length &&
      sentenceIsConvenience(view, body)
        ? view.sentences[body]!
        : sentence;
    const notice = noticeDurations(right.text)[0];
    return { sentence: right, noticeDays: notice ? notice.days : null };
  }
  return null;
}

/**
 * Termination for convenience: a party may end the contract without cause, solely by giving
 * notice ("either party may terminate this Agreement for any reason upon ninety (90) days written
 * notice", "任何一方可提前三十日书面通知对方解除本合同"); rights that depend on breach, insolvency
 * or another event are for cause and do not count. The notice period becomes `terminationNoticeDays`.
 */
export function extractTermination(view: TextView): {
  terminationForConvenience: PresenceField | null;
  terminationNoticeDays: DaysField | null;
} {
  const right = findTerminationForConvenience(view);
  if (!right) return { terminationForConvenience: null, terminationNoticeDays: null };
  const evidence = evidenceInSentence(view, right.sentence, 0, right.sentence.text.length);
  return {
    terminationForConvenience: { present: true, evidence },
    terminationNoticeDays: right.noticeDays === null ? null : { days: right.noticeDays, evidence },
  };
}
