import { presenceOf } from './presence.js';
import type { TextView } from './text-view.js';
import type { PresenceField } from './types.js';

const MENTIONS = /assign|transfer|delegat|subcontract|sub-?licen|转让|让与/i;
/**
 * A limit on assigning the contract: "shall not assign", "may not be assigned", "not assignable",
 * "neither party may assign ... without the prior written consent", "any attempted assignment ... void".
 */
const RESTRICTED =
  /\b(?:(?:shall|will|may|can|must)\snot|cannot)\b[^.;]{0,40}?\b(?:assign|transfer|delegate|be\s(?:assigned|transferred|delegated))\b|\b(?:neither|no)\sparty\b[^.;]{0,60}?\b(?:assign|transfer)\b|\bnot\s(?:be\s)?(?:assignable|transferable)\b|\bnon-?assignable\b|\bassign\w*\b[^.;]{0,160}?\bwithout\s(?:first\sobtaining\s)?(?:the\s)?(?:(?:[\w-]+\s)?[\w-]+['’]s?\s)?(?:express\s)?(?:prior\s)?(?:written\s)?(?:consent|approval|permission)\b|\bwithout\s(?:the\s)?(?:(?:[\w-]+\s)?[\w-]+['’]s?\s)?(?:express\s)?(?:prior\s)?(?:written\s)?(?:consent|approval|permission)\b[^.;]{0,120}?\bassign|\b(?:purported|attempted)\s(?:assignment|transfer)\b|\bassign\w*\b[^.;]{0,120}?\b(?:null\sand\svoid|shall\sbe\svoid|is\svoid)\b|\bnot\s(?:be\s)?entitled\sto\sassign\b|\bconsent\b[^.;]{0,40}\bto\s(?:any\s)?(?:such\s)?assignment\b|\bpersonal\sto\b|\bpermitted\sassigns\b[^.;]{0,200}?\b(?:not|except)\b|\b(?:shall|will|may)\snot\s(?:subcontract|sub-?license)\b[^.;]{0,160}?\b(?:consent|approval)\b|\bassign\w*\b[^.;]{0,120}?\b(?:upon|on|with|after|by(?:\sgiving)?)\s(?:prior\s|advance\s)?(?:written\s)?notice\b|\bassign\w*\b[^.;]{0,160}?\bwith\s(?:the\s)?(?:(?:[\w-]+\s)?[\w-]+['’]s?\s)?(?:express\s)?(?:prior\s)?(?:written\s)?(?:consent|approval)\b|\bno\s(?:assignment|transfer)\s(?:or\s(?:assignment|transfer)\s)?(?:of\s(?:this|the)\s(?:agreement|contract)\s)?(?:shall|will)\b[^.;]{0,100}?\b(?:unless|until)\b|\b(?:shall|will)\snot\shave\sthe\sright\sto\b[^.;]{0,80}?\b(?:assign|transfer)\b|\bneither\b[^.;]{0,60}?\bnor\b[^.;]{0,60}?\b(?:shall|will|may)\b[^.;]{0,80}?\b(?:assign(?:ed)?|transfer(?:red)?)\b/i;
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
      (RESTRICTED.test(text) && !(NOT_THE_CONTRACT.test(text) && !/\bagreement\b|\bcontract\b|\bhereunder\b/i.test(text))),
  );
}
