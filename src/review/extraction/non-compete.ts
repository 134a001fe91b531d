import { firstSentence } from './sentence-rules.js';
import { evidenceFor, type TextView } from './text-view.js';
import type { PresenceField } from './types.js';

const HEADING_LENGTH = 60;
const MENTIONS = /compet|竞争|竞业|同业|同类/i;
const EXPLICIT = /\bnon-?compet(?:e|ition|itive)\b|\bcovenants?\s+not\s+to\s+compete\b|\bnot\s+to\s+compete\b/i;
/** Competition words; "competent jurisdiction" and "competence" are not. */
const COMPETITION = /\bcompet(?:e|es|ing|itive|itor|itors|ition)\b/i;
const RESTRICTION =
  /\b(?:shall|will|may|must|can)\s+not\b|\b(?:shall|will|may)\s+(?:neither|never)\b|\bagrees?\s+(?:that\s+it\s+will\s+)?not\s+to\b|\bundertakes?\s+not\b|\bcovenants?\s+(?:and\s+agrees?\s+)?(?:that\s+\w+\s+(?:shall|will)\s+)?not\b|\brefrain\b|\bprohibit|\brestrict|\bnor\s+will\b|\bno\s+party\b[^.;]{0,40}\bwill\b|\bexclusively\b[^.;]{0,60}\b(?:not|no)\b/i;
/** Statements about other agreements ("is not bound by any non-competition agreement") and freedoms to compete. */
const NOT_A_RESTRICTION =
  /\bnot\s+bound\b|\bunfair\s+competition\b|\bcompetition\s+(?:and\s+\w+\s+)?(?:act|laws?|commission|authorit(?:y|ies)|bureau|tribunal|regulations?|rules)\b|\bantitrust\b|\b(?:any|other|third[- ]party|prior|existing)\s+(?:[\w-]+\s+(?:or\s+)?){0,3}non-?compet\w*\s+(?:agreements?|covenants?|obligations?)|\brepresents?\b[^.;]{0,80}\b(?:any|third)\b|\bnothing\s+in\s+this\s+agreement\s+shall\s+(?:preclude|prevent|restrict|limit)\b|\bmay\s+(?:itself\s+)?(?:use|manufacture|sell|compete)\b[^.;]{0,80}\bcompetitors?\b[^.;]{0,30}\bso\s+long\s+as\b|\bcompetitive\s+(?:advantages?|pric|bid|rates?|terms)|\bcompetitor\s+information\b/i;
/**
 * A restrictive covenant that outlives the contract: "During the Term and for a period of two (2)
 * years thereafter, Aucta shall not research, develop, manufacture ... or distribute ...".
 */
const POST_TERM_PERIOD =
  /\b(?:for\s+(?:a\s+period\s+of\s+)?|within\s+)(?:\w+\s+)?(?:\(\d+\)\s+)?(?:years?|months?)\s+(?:thereafter|after|following|from)\b/i;
const BUSINESS_RESTRICTION =
  /\b(?:shall|will|may)\s+not\b[^.;]{0,60}\b(?:research|develop|manufacture|produce|sell|market|distribute|engage\s+in|carry\s+on|operate|own|invest\s+in|provide\s+(?:services|products))\b/i;
const CHINESE =
  /竞业(?:限制|禁止)|不得[^。；]{0,40}(?:竞争|同类|相同或(?:相)?(?:似|类似)|类似)(?:的)?(?:业务|产品|服务|企业|活动)?|同业竞争/;

/**
 * Non-compete: a party may not compete with the other or work for, promote or sell competing
 * products ("Distributor will not market ... a computer program which competes with the
 * Products", "Non-Competition Period", 竞业限制, 不得从事与…相竞争的业务).
 */
export function extractNonCompete(view: TextView): PresenceField | null {
  const hit = firstSentence(view, ({ text }) => {
    if (!MENTIONS.test(text) && !POST_TERM_PERIOD.test(text)) return false;
    if (CHINESE.test(text)) return true;
    if (NOT_A_RESTRICTION.test(text)) return false;
    if (EXPLICIT.test(text)) return true;
    if (COMPETITION.test(text) && RESTRICTION.test(text)) return true;
    return (
      POST_TERM_PERIOD.test(text) && BUSINESS_RESTRICTION.test(text) && !/\bsolicit|\bhire|\bemploy|\bdisclos|confidential/i.test(text)
    );
  });
  if (!hit) return null;
  // A bare heading ("5.2 Non-Competition.") is shown with the sentence that carries the restriction.
  const next = view.sentences[hit.index + 1];
  const end = hit.sentence.text.length < HEADING_LENGTH && next ? next.end : hit.sentence.end;
  return { present: true, evidence: evidenceFor(view, hit.sentence.start, end) };
}
