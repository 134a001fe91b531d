import { isBareHeading, presenceOf } from './presence.js';
import type { TextView } from './text-view.js';
import type { PresenceField } from './types.js';

const MENTIONS = /control|ownership|majority|merge|acqui|substantially\s+all|operation\s+of\s+law|consolidat|控制权|股权变更|并购|合并/i;
/** The defined event itself: "Change of Control", "change in ownership", "a controlling interest". */
const EVENT =
  /\bchange\s+(?:of|in)\s+(?:the\s+)?(?:effective\s+|actual\s+|corporate\s+)?(?:control|ownership|management\s+control)\b|\bchange-of-control\b|\b(?:ownership|control)\s+change\b|\bcontrolling\s+(?:interest|stake)\b|\b(?:transfer|sale|acquisition)\s+of\s+(?:a\s+)?(?:majority|more\s+than\s+fifty\s+percent|more\s+than\s+50%|(?:fifty|50)\s+percent|control)\b/i;
/** A corporate transaction that triggers a consequence: termination, consent, notice, deemed assignment. */
const TRANSACTION =
  /\b(?:merger|merges?|consolidat\w+|acquisition\s+of\s+(?:\w+\s+){0,6}?(?:stock|shares|equity|assets|business|control|majority)|(?:is|are|be|becomes?)\s+(?:merged|acquired)\b|sale\s+of\s+(?:all\s+or\s+)?substantially\s+all\s+of\s+(?:its|the|such\s+party's|\w+'s)\s+(?:\w+\s+){0,2}?(?:assets|stock|shares|business))\b|\bchange\s+in\s+(?:the\s+)?(?:management|ownership)\b|\bcontrol\s+of\s+(?:either|a|the)\s+party\s+(?:shall\s+|will\s+)?(?:pass|change|is\s+transferred|be\s+transferred)\b|\bceases?\s+to\s+(?:own|control)\b|\bmajority\s+of\s+(?:the\s+|its\s+)?(?:[\w']+\s+){0,3}?(?:capital\s+stock|voting\s+(?:stock|securities|power)|shares|equity)\b/i;
const CONSEQUENCE =
  /\b(?:terminat\w*|consent|approv\w*|notif\w*|notice|unsuitable|deemed\s+(?:to\s+be\s+)?(?:an?\s+)?(?:assignment|transfer)|shall\s+(?:be\s+)?(?:considered|treated)\s+(?:as\s+)?an?\s+(?:assignment|transfer)|void)\b|\b(?:assignment|transfer)"?\s+(?:under\s+this\s+\w+\s+)?shall\s+be\s+deemed\s+to\s+include\b/i;
/** Insolvency wording ("assignment for the benefit of creditors") is not a change of control. */
const INSOLVENCY =
  /\bassignment\s+(?:of\s+(?:all\s+or\s+)?substantially\s+all\s+of\s+its\s+assets\s+)?for\s+the\s+benefit\s+of\s+(?:its\s+|all\s+or\s+substantially\s+all\s+of\s+its\s+)?creditors\b/gi;
/**
 * A permission that comes before the event ("either party may assign ... in connection with a
 * merger", "no consent shall be required for ... a change in control") makes the event a
 * free pass, not a restriction; so does "nor shall any change in control be deemed an assignment".
 */
const PERMISSION_BEFORE =
  /\b(?:may|can|is\s+free\s+to|shall\s+be\s+entitled\s+to)\s+(?:\w+\s+){0,4}?(?:assign|transfer)\b|\bno\s+(?:such\s+)?(?:consent|approval)\b|\b(?:consent|approval)\s+(?:is|shall\s+be|will\s+be)\s+not\s+required\b|\bwithout\s+(?:the\s+)?(?:need\s+for\s+|obtaining\s+)?(?:any\s+)?(?:the\s+)?(?:other(?:\s+party)?'s\s+)?(?:prior\s+)?(?:express\s+)?(?:written\s+)?(?:consent|approval)\b|\bdoes\s+not\s+require\b|\bneed\s+not\b|\bnor\s+shall\b|\bshall\s+not\s+be\s+deemed\b/i;
/** "A change of control of Rogers shall not be considered an assignment". */
const NOT_AN_ASSIGNMENT =
  /\b(?:shall|will)\s+not\s+(?:be\s+)?(?:considered|deemed|treated\s+as|constitute)\s+(?:to\s+be\s+)?an?\s+(?:assignment|transfer)\b/i;
const TERMINATION_AFTER = /\bterminat/i;
/** "... by merger or acquisition does not require the consent of the other": the permission follows the event. */
const FREE_AFTER =
  /^[^.;]{0,120}?\b(?:(?:does|do|shall|will)\s+not\s+require\b|(?:consent|approval)\s+(?:is|shall\s+be|will\s+be)\s+not\s+required\b|need\s+not\b)/i;
/** An all-capitals heading run in front of the sentence ("ASSIGNMENT AND CHANGE OF CONTROL Neither party ..."): a title, not a term. */
const CAPITALS_HEADING = /^(?:[\d.()]+\s+)?(?:[A-Z][A-Z&,;/-]*\s+){2,10}(?=[A-Z][a-z])/;
/** A vote "by a majority of the outstanding voting securities" is a decision, not a change of ownership. */
const VOTE_BEFORE =
  /\b(?:vote|approval|consent|decision)\s+of\s+(?:the\s+)?(?:holders\s+of\s+)?$|\bby\s+(?:the\s+)?(?:affirmative\s+)?(?:vote\s+of\s+)?(?:a|the)\s+$/i;

function isFreePass(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 220), at);
  const permission = PERMISSION_BEFORE.exec(before);
  if (!permission || TERMINATION_AFTER.test(text.slice(at))) return false;
  // "will not, without the prior written consent of Licensee, merge": consent is required, not waived.
  return !NEGATED_BEFORE.test(before.slice(Math.max(0, permission.index - 20), permission.index));
}

/** A merger or sale that needs no consent and ends nothing ("... by merger does not require the consent of the other"). */
function isFreeAfter(text: string, at: number): boolean {
  const after = text.slice(at);
  return FREE_AFTER.test(after) && !TERMINATION_AFTER.test(after);
}

/** Assignment freely allowed to a successor is the absence of a change-of-control restriction. */
const FREE_TO_SUCCESSOR =
  /\b(?:without\s+(?:the\s+)?(?:need\s+for\s+|obtaining\s+)?(?:any\s+)?(?:prior\s+)?(?:written\s+)?consent|need\s+not\s+obtain|free\s+to)\b[^.;]{0,160}\b(?:merger|acquisition|acquir\w+|substantially\s+all|successor)\b/i;
/** "Licensor will not, without the prior written consent of Licensee, merge ...": a consent required, not waived. */
const NEGATED_BEFORE = /\b(?:not|nor|never)\s*,?\s*$/i;
/** Disclosing the terms to a prospective acquirer ("... may disclose ... in connection with a merger or acquisition") is confidentiality. */
const CONFIDENTIAL = /\bconfidential/i;
const DISCLOSURE = /\b(?:disclos\w*|reference|announce\w*|publicity)\b/i;
/** A list item ("(2) Upon thirty (30) days notice if Licensee enters into ... a merger") reads with its lead-in ("Licensor may terminate this Agreement:"). */
const LIST_ITEM = /^\s*\(?(?:[a-z]|\d{1,2}|[ivx]{1,4})\)\s/i;
const LEAD_IN_DISTANCE = 6;

function leadIn(view: TextView, index: number): string {
  for (let back = 1; back <= LEAD_IN_DISTANCE && index - back >= 0; back += 1) {
    const previous = view.sentences[index - back]!.text;
    // The lead-in may share its sentence with the first item ("... may terminate this Agreement: (1) ...").
    const colon = previous.search(/:\s*(?:\(?(?:[a-z]|\d{1,2}|[ivx]{1,4})\)\s|$)/i);
    if (colon >= 0) return previous.slice(0, colon);
  }
  return '';
}

function isFreeToSuccessor(text: string): boolean {
  const free = FREE_TO_SUCCESSOR.exec(text);
  return free !== null && !NEGATED_BEFORE.test(text.slice(Math.max(0, free.index - 20), free.index));
}

const CHINESE = /控制权(?:发生)?(?:变更|变化|转移)|(?:股权|股东)[^。；]{0,10}(?:变更|转让)[^。；]{0,30}(?:通知|同意|解除|终止)/;

/**
 * Change of control (CUAD "Change of Control"): a consequence attached to a party's change of
 * control, merger or sale of substantially all assets: a right to terminate, a consent or notice
 * requirement, or the change counted as an assignment. A plain permission to assign to a
 * successor without consent is not.
 */
export function extractChangeOfControl(view: TextView): PresenceField | null {
  return presenceOf(view, MENTIONS, (raw, _sentence, index) => {
    if (CHINESE.test(raw)) return true;
    // "ASSIGNMENT AND CHANGE OF CONTROL" over an assignment clause names a topic; the event needs a consequence.
    if (isBareHeading(raw)) return false;
    const text = raw.replace(CAPITALS_HEADING, '').replace(INSOLVENCY, ' ');
    const event = EVENT.exec(text);
    if (event) return !isFreePass(text, event.index) && !NOT_AN_ASSIGNMENT.test(text);
    const transaction = TRANSACTION.exec(text);
    if (transaction === null || (CONFIDENTIAL.test(text) && DISCLOSURE.test(text))) return false;
    const withLeadIn = LIST_ITEM.test(text) ? `${leadIn(view, index)} ${text}` : text;
    return (
      !VOTE_BEFORE.test(text.slice(Math.max(0, transaction.index - 40), transaction.index)) &&
      !isFreeAfter(text, transaction.index) &&
      CONSEQUENCE.test(withLeadIn) &&
      /\bassign|\bterminat|\btransfer|\bconsent/i.test(withLeadIn) &&
      !isFreeToSuccessor(text) &&
      !isFreePass(text, transaction.index)
    );
  });
}
