import { presenceOf } from './presence.js';
import type { TextView } from './text-view.js';
import type { PresenceField } from './types.js';

const MENTIONS = /confiden|non-?disclos|secre|保密|秘密|披露|泄露/i;
/**
 * A duty to keep information secret: "shall hold ... in confidence", "shall not disclose ... Confidential Information",
 * also with a proviso set off by commas ("shall not, without the prior written consent of X, disclose").
 */
const ENGLISH =
  /\b(?:shall|will|must|agrees?\sto|undertakes?\sto)\s(?:\w+\s){0,4}?(?:keep|hold|maintain|treat|protect)\b[^.;]{0,80}?\b(?:confiden\w*|secret)|\b(?:shall|will|must)\snot\s*,?\s(?:[\w']+,?\s){0,8}?(?:disclose|divulge|reveal)\b[^.;]{0,120}?\bconfidential|\b(?:neither|no)\sparty\s(?:shall|will|may)\s(?:\w+\s){0,3}?(?:disclose|divulge|reveal)\b[^.;]{0,120}?\bconfidential|\bconfidentiality\sobligations?\b|\bobligations?\sof\sconfidentiality\b/i;
/** 负有保密义务, 应予保密, 严格保密, 不得向第三方披露. */
const CHINESE =
  /保密义务|保密责任|负有[^。；]{0,20}保密|承担[^。；]{0,10}保密|(?:应|应当|须|必须)[^。；]{0,30}保密|予以保密|严格保密|保守[^。；]{0,20}(?:秘密|信息)|不得[^。；]{0,40}(?:披露|泄露|泄漏|透露)/;
/** Definitions and exceptions describe the information, they do not oblige anyone. */
const NOT_A_DUTY = /不属于保密信息|不包括|是指|means\b|does\snot\sinclude|无保密义务|不负有保密|不承担保密/i;

/**
 * A confidentiality obligation (the `Confidentiality` category of the Chinese set): a party must
 * keep the other's information secret or not disclose it. Its length is `confidentialityYears`.
 */
export function extractConfidentialityClause(view: TextView): PresenceField | null {
  return presenceOf(view, MENTIONS, (text) => (CHINESE.test(text) || ENGLISH.test(text)) && !NOT_A_DUTY.test(text));
}
