import { presenceOf } from './presence.js';
import type { TextView } from './text-view.js';
import type { PresenceField } from './types.js';

const MENTIONS = /assign|transfer|delegat|subcontract|sub-?licen|转让|让与/i;
/**
 * A limit on assigning the contract: "shall not assign", "may not be assigned", "not assignable",
 * "neither party may assign ... without the prior written consent", "any attempted assignment ... void".
 */
const RESTRICTED_WORDING =
  /\b(?:(?:shall|will|may|can|must)\snot|cannot)\b[^.;]{0,40}?\b(?:assign|transfer|delegate|be\s(?:assigned|transferred|delegated)|make\s(?:any\s)?(?:assignment|transfer))\b|\b(?:neither|no)\sparty\b[^.;]{0,60}?\b(?:assign|transfer)\b|\bnot\s(?:be\s)?(?:assignable|transferable)\b|\bnon-?assignable\b|\bassign\w*\b[^.;]{0,160}?\bwithout\s(?:first\sobtaining\s)?(?:the\s)?(?:(?:[\w-]+\s){0,2}[\w-]+['’]s?\s)?(?:express\s)?(?:prior\s)?(?:written\s)?(?:consent|approval|permission)\b|\bwithout\s(?:the\s)?(?:(?:[\w-]+\s)?[\w-]+['’]s?\s)?(?:express\s)?(?:prior\s)?(?:written\s)?(?:consent|approval|permission)\b[^.;]{0,120}?\bassign|\b(?:purported|attempted)\s(?:assignment|transfer)\b|\b(?:assign|transfer)\w*\b[^.;]{0,160}?\b(?:null\sand\svoid|(?:shall|will)\sbe\s(?:null\sand\s)?void|is\svoid|voidable|(?:shall|will)\sbe\sof\sno\s(?:force\sor\s)?effect)\b|\bnot\s(?:be\s)?entitled\sto\sassign\b|\bconsent\b[^.;]{0,40}\bto\s(?:any\s)?(?:such\s)?assignment\b|(?<!\bno\s(?:such\s)?)\b(?:consent|approval)\b[^.;]{0,60}?\b(?:required|necessary|needed)\sfor\s(?:(?:any|each|an|the|such)\s){0,2}(?:assignment|transfer)\b|\bpersonal\sto\b|\bpermitted\sassigns\b[^.;]{0,200}?\b(?:not|except)\b|\b(?:shall|will|may)\snot\s(?:subcontract|sub-?license)\b[^.;]{0,160}?\b(?:consent|approval)\b|\bassign\w*\b[^.;]{0,160}?\b(?:upon|on|with|after|by(?:\sgiving)?|(?:furnish|give|provide|deliver|send)(?:s|es)?\s(?:[\w-]+\s){0,3}?)\s?(?:prior\s|advance\s|prompt\s)?(?:written\s)?notice\b|\bassign\w*\b[^.;]{0,160}?\bwith\s(?:the\s)?(?:(?:[\w-]+\s)?[\w-]+['’]s?\s)?(?:express\s)?(?:prior\s)?(?:written\s)?(?:consent|approval)\b|\bno\s(?:assignment|transfer)\s(?:or\s(?:assignment|transfer)\s)?(?:of\s(?:this|the)\s(?:agreement|contract)\s)?(?:shall|will)\b[^.;]{0,100}?\b(?:unless|until)\b|\b(?:shall|will)\snot\shave\sthe\sright\sto\b[^.;]{0,80}?\b(?:assign|transfer)\b|\bneither\b[^.;]{0,60}?\bnor\b[^.;]{0,60}?\b(?:shall|will|may)\b[^.;]{0,80}?\b(?:assign(?:ed)?|transfer(?:red)?)\b|\b(?:assignment|transfer)\b[^.;]{0,80}?\b(?:requires?|(?:is|be|shall\sbe)\s(?:subject|conditioned)\s(?:to|(?:up)?on))\s(?:the\s)?(?:(?:[\w-]+\s)?[\w-]+['’]s?\s)?(?:express\s)?(?:prior\s)?(?:written\s)?(?:consent|approval)\b|\b(?:notify\s(?:[\w-]+\s){0,4}?|notice\s)of\s(?:any\s|each\s)?(?:such\s)?(?:assignment|transfer)\sof\s(?:this|the)\s(?:agreement|contract)\b|\b(?:shall|will|must)\s(?:promptly\s)?notify\b[^.;]{0,60}?\b(?:of|after|following)\s(?:(?:any|such|the|each)\s){0,2}(?:assignment|transfer)\b|(?:^|[:;]\s(?:and\s|or\s)?)\(?(?:[a-z]|\d{1,2}|[ivx]{1,4})\)\s(?:to\s)?not\s(?:to\s)?(?:assign|transfer)\b/i;
const RESTRICTED = new RegExp(RESTRICTED_WORDING.source, 'gi');
/**
 * A section number's point ("in violation of this Section 9.8 will be null and void") does not end the sentence part
 * the windows above read: it is read as an underscore, which keeps every offset.
 */
const SECTION_POINT = /(\d)\.(?=\d)/g;
/** "makes an assignment for the benefit of creditors ... may terminate by written notice": insolvency, not the contract passed on. */
const FOR_CREDITORS =
  /\b(?:general\s)?assignments?\s(?:of\s[^.;]{0,60}?)?for\s(?:the\s)?benefit\sof\s(?:its\s|his\s|their\s)?(?:[\w-]+\s)?creditors\b/gi;
/**
 * A permission to assign without consent ("Either party may assign this Agreement to an Affiliate without the consent
 * of the other party", "is free to assign ... without Distributor's consent"): its "without ... consent" is blanked
 * so it is not read as a bar; a negation before it ("Neither party may assign ... without") keeps it.
 */
const FREE_ASSIGNMENT =
  /\b(?:may|can|(?:is|are|be)\s(?:free|permitted|entitled)\sto|(?:has|have)\sthe\sright\sto)\s(?:(?!not\b|never\b)[\w-]+,?\s){0,3}?(?:assign|transfer)\w*\b[^.;]{0,160}?\bwithout\s(?:the\s)?(?:need\sfor\s|obtaining\s|requiring\s)?(?:(?:the\s)?[\w-]+['’]s?\s){0,3}?(?:express\s)?(?:prior\s)?(?:written\s)?(?:consent|approval|permission)\b/gi;
/** A negation in the clause before the permission: "Neither party may", "No Party shall have the right to". */
const NEGATED_BEFORE = /\b(?:no|not|neither|nor|never)\b[^,;:()]{0,80}$/i;
const LIMITED_PERMISSION = /\b(?:only|never|not|solely)\b/i;
function blankFreeAssignment(text: string): string {
  return text.replace(FREE_ASSIGNMENT, (words, at: number) => {
    const without = words.search(/\bwithout\b/i);
    // "may assign ... only to a buyer, and never without approval" limits the permission.
    if (NEGATED_BEFORE.test(text.slice(Math.max(0, at - 80), at)) || LIMITED_PERMISSION.test(words.slice(0, without))) return words;
    return words.slice(0, without) + ' '.repeat(words.length - without);
  });
}
const PASSING_ON = /\b(?:assign|transfer|delegat|subcontract|sub-?licen)\w*/i;
/** What the verb passes on, up to where the consent or the exception starts. */
const OBJECT_END = /[;.]|\s(?:without|except|unless|other\sthan)\b/i;
/**
 * Things handed over rather than the contract: "will not transfer any Proprietary Materials to any third party", "shall
 * not copy, transfer or disclose Confidential Information", "assign any other person to perform the Services".
 */
const THING =
  /\b(?:information|materials?|data|content|products?|software|source\scode|samples?|equipment|goods|inventory|documents?|documentation|drugs?|compounds?|anything|persons?|personnel|employees|individuals?|staff)\b/i;
const CONTRACT_OBJECT = /\b(?:agreement|contract|rights?|obligations?|duties|licen[cs]es?|interests?|hereunder|benefits?)\b/i;
function objectAfter(text: string, from: number): string {
  const rest = text.slice(from, from + 120);
  const end = rest.search(OBJECT_END);
  return end < 0 ? rest : rest.slice(0, end);
}
function restrictsTheContract(original: string): boolean {
  const numbered = original.replace(SECTION_POINT, '$1_');
  const solvent = /creditors/i.test(numbered) ? numbered.replace(FOR_CREDITORS, (words) => ' '.repeat(words.length)) : numbered;
  const text = /\bwithout\b/i.test(solvent) ? blankFreeAssignment(solvent) : solvent;
  // exec with lastIndex, not matchAll: matchAll copies this long pattern on every call.
  RESTRICTED.lastIndex = 0;
  for (let limit = RESTRICTED.exec(text); limit !== null; limit = RESTRICTED.exec(text)) {
    const verb = PASSING_ON.exec(limit[0]);
    // What is subcontracted, delegated or sublicensed is a task or a right ("the manufacture of Product"), never a thing handed over.
    if (verb === null || /^(?:subcontract|delegat|sub-?licen)/i.test(verb[0])) return true;
    const at = limit.index + verb.index;
    // A passive verb ("This Agreement may not be transferred by ...") names what passes before it.
    const passed = /ed$/i.test(verb[0])
      ? text
          .slice(Math.max(0, at - 80), at)
          .split(/[;.]/)
          .pop()!
      : objectAfter(text, at + verb[0].length);
    if (!THING.test(passed) || CONTRACT_OBJECT.test(passed)) return true;
  }
  return false;
}
/** Assignments or transfers of rights in IP, receivables or inventions are not assignments of the contract. */
const NOT_THE_CONTRACT =
  /\b(?:assign|transfer)\w*\s(?:to\s\w+\s)?(?:all\s|any\s)?(?:(?:of\s)?(?:its|their|his|her)\s)?(?:right,?\stitle|intellectual\sproperty|inventions?|patents?|copyrights?|trademarks?|work\sproduct|receivables|personnel|employees)\b/i;
const CHINESE =
  /(?:未经|非经)[^。；]{0,20}(?:同意|许可)[^。；]{0,30}(?:不得|无权)[^。；]{0,20}(?:转让|让与)|不得[^。；]{0,20}(?:转让|让与)[^。；]{0,10}(?:本合同|本协议|合同|协议|权利|义务)/;

/**
 * Anti-assignment (CUAD "Anti-Assignment"): assigning or transferring the contract, or rights
 * under it, needs the other party's consent or is forbidden. Assignments of intellectual property
 * or inventions are not about the contract and do not count.
 */
export function extractAntiAssignment(view: TextView): PresenceField | null {
  return presenceOf(
    view,
    MENTIONS,
    (text) =>
      CHINESE.test(text) ||
      (restrictsTheContract(text) && !(NOT_THE_CONTRACT.test(text) && !/\bagreement\b|\bcontract\b|\bhereunder\b/i.test(text))),
  );
}
