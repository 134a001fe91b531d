import { presenceOf } from './presence.js';
import type { TextView } from './text-view.js';
import type { PresenceField } from './types.js';

const MENTIONS = /assign|hire|property|own|vest|belong|title|知识产权|著作权|专利|归/i;
const IP =
  /\b(?:intellectual\s+property|inventions?|improvements?|discoveries|developments?|work\s+product|deliverables?|copyrights?|patents?|trademarks?|works?\b|materials?|content|designs?|software|know-how|technology|data|results|modifications|derivative\s+works?|enhancements?|domains?)\b/i;
/** "hereby assigns", "agrees to assign", "shall assign", "assigns, transfers and conveys", with what is assigned being rights or creations. */
const ASSIGNS =
  /\b(?:hereby\s+(?:irrevocably\s+)?(?:assigns?|transfers?|conveys?)|(?:agrees?|undertakes?|shall|will|must)\s+(?:to\s+)?(?:and\s+hereby\s+does\s+)?(?:irrevocably\s+)?(?:assign|transfer|convey)|does\s+hereby\s+assign|assigns?,\s+transfers?)\b[^.;]{0,160}?\b(?:right,?\s+title|(?:all\s+)?(?:of\s+)?(?:its|their|his|her)\s+(?:right|interest|ownership)|rights?\s+(?:in|to)\b|interest\s+(?:in|therein)|ownership|intellectual\s+property|inventions?|improvements?|work\s+product|copyrights?|patents?|deliverables?)\b/i;
/** Works made for hire, and creations that vest in or belong to the other party. */
const VESTS =
  /\bworks?\s+(?:made\s+)?for\s+hire\b|\b(?:shall|will)\s+(?:vest|belong)\s+(?:solely\s+|exclusively\s+)?(?:in|to)\b|\b(?:shall|will)\s+(?:be|become)\s+(?:and\s+remain\s+)?(?:the\s+)?(?:sole\s+and\s+exclusive|sole|exclusive|absolute)\s+property\s+of\b|\b(?:shall|will)\s+(?:solely\s+|exclusively\s+)?own\s+(?:all|any|the\s+entire)\b|\b(?:shall|will)\s+be\s+owned\s+(?:solely\s+|exclusively\s+)?by\b|\b(?:shall|will)\s+be\s+the\s+(?:sole\s+(?:and\s+exclusive\s+)?|exclusive\s+)?owner\s+of\s+all\b|\bexecute\b[^.;]{0,80}\bdocuments?\b[^.;]{0,80}\bto\s+(?:assign|transfer|perfect|confirm)\b/i;
/** Creations made under the contract, as opposed to each party keeping what it brought. */
const CREATED =
  /\b(?:develop\w*|creat\w*|conceiv\w*|made|invent\w*|generat\w*|produc\w*|prepared|arising|result\w*|improv\w*|deriv\w*|author\w*|perform\w*\s+(?:of|under)|under\s+this\s+agreement|hereunder|pursuant\s+to\s+this\s+agreement)\b/i;
/** A party keeping its own rights is not an assignment to the other. */
const RETAINS =
  /\b(?:retains?|reserves?|shall\s+retain|will\s+retain)\b[^.;]{0,60}\b(?:right,?\s+title|ownership|all\s+rights)\b|\b(?:each|either)\s+party\s+(?:shall|will)\s+(?:solely\s+)?own\b|\bits\s+own\s+(?:inventions|intellectual)|\b(?:is|are)\s+and\s+(?:shall|will)\s+remain\b|\bown\s+all\s+(?:rights?\s+(?:to|in)\s+)?its\b|\brepresents\s+and\s+warrants\b/i;

/**
 * IP ownership assignment (CUAD "IP Ownership Assignment"): intellectual property created by one
 * party becomes the other's, by assignment ("hereby assigns to Company all right, title and
 * interest in the Work Product"), as work made for hire, or by vesting ("all Improvements shall
 * be the sole property of Licensor"). A party retaining its own rights is not.
 */
export function extractIpOwnershipAssignment(view: TextView): PresenceField | null {
  return presenceOf(view, MENTIONS, (text) => {
    if (/\bworks?\s+(?:made\s+)?for\s+hire\b/i.test(text)) return true;
    if (ASSIGNS.test(text) && IP.test(text) && !/\bassign\w*\s+(?:this|the)\s+agreement\b/i.test(text)) return true;
    return VESTS.test(text) && IP.test(text) && CREATED.test(text) && !RETAINS.test(text);
  });
}
