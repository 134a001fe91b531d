import { type ClauseClassifier, classifiedClause } from './clause-classifier.js';
import { isBareHeading, presenceOf } from './presence.js';
import { LIST_ITEM, leadIn } from './sentence-rules.js';
import type { Sentence, TextView } from './text-view.js';
import type { PresenceField } from './types.js';
import { escapeRegExp } from './regexp.js';

const MENTIONS =
  /control|ownership|\bowned\b|subsidiary\sof|majority|merge|amalgamat|acqui|substantially\sall|operation\sof\slaw|consolidat|take-?over|taken\sover|sharehold|\bshares\b|\bstock\b|per\s*cent|%|控制权|股权变更|并购|合并/i;
/** A share of a party's stock: "50% or more of the voting stock", "more than fifty percent (50%) of the outstanding shares", "a majority of its equity". */
const STAKE = String.raw`(?:a\smajority|(?:(?:more\sthan|at\sleast|over|in\sexcess\sof|not\sless\sthan)\s)?(?:[a-z]+(?:-[a-z]+)?\s(?:percent|per\scent)|\d{1,3}(?:\.\d{1,2})?\s*(?:%|percent|per\scent))(?:\s*\(\d{1,3}(?:\.\d{1,2})?\s*%\))?(?:\sor\smore)?)\s(?:in\s(?:the\s)?\w+\s)?of\s(?:the\s|its\s|such\sparty's\s)?(?:[\w'-]+\s){0,3}?(?:voting|shares|stock|equity|securities|capital|ownership|membership|partnership)\b`;
/**
 * That share changing hands: "any transfer of 50% or more of the voting stock of Distributor", "shall not sell, assign or
 * transfer any ownership interest in Franchisee", "becomes the beneficial owner of more than 50% of the voting securities", "if more
 * than fifty percent (50%) of the outstanding shares of Licensee are sold", "... ceases to be owned by".
 */
const STAKE_CHANGES = new RegExp(
  String.raw`\b(?:sale|assignment|transfer|disposition|pledge)(?:\s*,?\s(?:or\s|and\s)?(?:other\s)?(?:sale|assignment|transfer|disposition|pledge)){0,4}\sof\s(?:any|a\scontrolling|the\scontrolling)\s(?:[\w-]+\s){0,2}?(?:stock|shares|ownership\sinterests?|equity\sinterests?|voting\s(?:stock|securities|interests?))\b(?=[^.;]{0,120}?\bdeemed\b)|\b(?:transfer|sale|acquisition|disposition|disposal)\sof\s${STAKE}|\b(?:sell|assign|transfer|encumber|pledge|dispose\sof)(?:\s*,?\s(?:or\s|and\s)?(?:otherwise\s)?(?:sell|assign|transfer|encumber|pledge|dispose\sof)){0,4}\s(?:any|a|an|all\sor\sany\spart\sof\s(?:its|the))\s(?:direct\sor\sindirect\s)?(?:ownership|equity|voting|controlling)\sinterests?\sin\s(?:[A-Z][\w&.-]*|such\sparty)\b|\bbecomes?\s(?:the\s)?(?:direct\sor\sindirect\s)?(?:beneficial\s)?owners?\sof\s(?:more\sthan\s|at\sleast\s|over\s|in\sexcess\sof\s)?(?:(?:fifty|[2-9]\d)\s?(?:%|percent|per\scent)(?:\s\(\d{2}%\))?|a\smajority)(?:\sor\smore)?\sof\s(?:the\s|its\s)?(?:[\w']+\s){0,3}?(?:voting|shares|stock|equity|securities|capital)\b|\b${STAKE}[^.;]{0,100}?\b(?:(?:is|are|be|been|becomes?)\s(?:directly\sor\sindirectly\s)?(?:sold|transferred|acquired|assigned|conveyed)|changes\shands|ceases?\sto\sbe\s(?:owned|held))\b`,
  'i',
);
/** The defined event itself: "Change of Control", "change in ownership", "a controlling interest". */
const EVENT =
  /\bchanges?\s(?:of|in)\s(?:the\s|its\s|their\s|[A-Z][\w&.-]*'s\s)?(?:(?:effective|actual|corporate|majority|beneficial|legal|direct|indirect|voting)\s(?:or\s(?:effective|actual|beneficial|legal|direct|indirect)\s)?)?(?:control(?!\s(?:procedures?|process(?:es)?|systems?|measures?|requests?|board))|ownership|management\scontrol|shareholding|shareholders|controlling\s(?:shareholders?|stockholders?|members?|owners?|interest))\b|\b(?:becomes?|become|ceases?\sto\sbe)\s(?:directly\sor\sindirectly\s)?(?:controlled|owned)\sby\b|\bbecomes?\sa\s(?:direct\sor\sindirect\s)?(?:wholly[\s-]owned\s)?subsidiary\sof\b|\b(?:change|transfer|conveyance|assignment)(?:,?\s(?:or\s)?(?:change|transfer|conveyance|assignment)){1,3}(?:\s\("[^"]{1,30}"\))?\sin\s(?:the\s)?(?:direct\sor\sindirect\s)?ownership\sof\b|\bchanges?\s(?:of|in)\s(?:the\s)?(?:persons?|entit(?:y|ies)|shareholders?|owners?)\s(?:who|which|that)\s(?:directly\sor\sindirectly\s)?(?:control|owns?)\b|\bchanges?\s(?:of|in)\s(?:the\s|its\s|their\s|[A-Z][\w&.-]*'s\s)?(?:majority|controlling|principal|largest)\s(?:shareholder|stockholder|owner|member|partner)s?\b|\bchange-(?:of|in)-control\b|\b(?:ownership|control)\schange\b|\bcontrolling\s(?:interest|stake|(?:part|portion|block)\sof\s(?:the\s|its\s)?(?:shares|stock|equity))\b|\b(?:transfer|sale|acquisition)\sof\s(?:a\s)?(?:(?:majority|more\sthan\sfifty\spercent|(?:fifty|50)\spercent|control)\b|more\sthan\s50%)|\b(?:comes?|coming)\sunder\sthe\scontrol\sof\b|\b(?:acquir(?:es?|ing)|obtain(?:s|ing)?|gain(?:s|ing)?),?\s(?:(?:direct\sor\sindirect|directly\sor\sindirectly),?\s)?control\s(?:of|over)\b|\b(?:is|are|be|been|being)\staken\sover\b|\b(?:control|ownership)\s(?:has|have)\s(?:been\s)?changed\b|\b(?:acquires?|acquiring|obtains?|holds?)\s(?:(?:beneficial\s)?ownership\sof\s)?(?:more\sthan\s|at\sleast\s)?(?:(?:fifty|\d{2})\s*(?:%|percent)|a\smajority)\s(?:\(\d{2}%\)\s)?(?:or\smore\s)?(?:of\s)?(?:the\s)?(?:[\w']+\s){0,3}?(?:voting|shares|stock|equity|securities|capital)\b/i;
/** A corporate transaction that triggers a consequence: termination, consent, notice, deemed assignment. */
const TRANSACTION =
  /\b(?:merger|merges?|amalgamat\w+|consolidat\w+|acquisition\sof\s(?:all\sor\s)?(?:substantially\sall\s|a\smajority\s|control\s|more\sthan\s|at\sleast\s)(?:\w+\s){0,6}?(?:stock|shares|equity|assets|business|control)|acquisition\sof\s(?:all\s(?:of\s)?)?(?:[A-Z][\w&.-]*'s|(?:either|the|such|such\sother)\sparty's)\s(?:\w+\s){0,3}?(?:stock|shares|equity|assets|business)|acquisition\sof\s(?:all\s(?:of\s)?)?(?:the\s|its\s)?(?:\w+\s){0,3}?(?:stock|shares|equity|assets|business)\sof\s(?:(?:either|a|the|such|such\sother)\sparty|[A-Z][\w&.-]*)|acquisition\sof\s(?:its|their|such\sparty's|(?:either|the\sother)\sparty's|(?:the\s)?[A-Z][\w&.-]*'s)\s(?:\w+\s){0,2}?(?:stock|shares|equity|business)\b|(?:is|are|be|been|was|were|becomes?)\s(?:merged|amalgamated|acquired)\b(?!\s(?:under|pursuant|hereunder|in\saccordance)|\sor\s(?:received|obtained|developed|generated|created|learned)\b|(?:\s[\w-]+){0,5}?\sfrom\b)|(?:sale|transfer|disposition|disposal|conveyance)(?:\s*,?\s(?:or\s|and\s)?(?:other\s)?(?:sale|transfer|disposition|disposal|conveyance|lease)){0,3}\sof\s(?:all\sor\s)?substantially\sall\s(?:of\s)?(?:its|the|such\sparty's|\w+'s)\s(?:\w+\s){0,2}?(?:assets|stock|shares|business)|(?:sells?|transfers?|conveys?|dispos(?:es|ing)\sof)\s(?:(?:or|and)\s(?:otherwise\s)?(?:sells?|transfers?|conveys?|disposes\sof|assigns?)\s)?(?:all\sor\s)?substantially\sall\s(?:of\s)?(?:its|the|such\sparty's|\w+'s)\s(?:\w+\s){0,2}?(?:assets|stock|shares|business)|acquir(?:es?|ing|ed)\s(?:all\sor\s)?substantially\sall\s(?:of\s)?(?:its|the|such\sparty's|\w+'s)\s(?:\w+\s){0,2}?(?:assets|stock|shares|business)|take-?over|(?:acquir(?:er|or)|purchaser|transferee|successor)\s(?:of|to)\s(?:all\sor\s)?substantially\sall)\b|\bchange\sin\s(?:the\s)?(?:management|ownership)\b|\b(?:control|ownership)\sof\s(?:(?:either|a|the|such)\sparty|(?:the\s)?[A-Z][\w&.-]*)\s(?:shall\s|will\s|should\s)?(?:pass(?:es)?|changes?|(?:is|be)\stransferred)\b|\bceases?\sto\s(?:own|control)\b|\bacquisition\sof\s(?:the\s)?(?:other\s)?(?:party|[A-Z][\w&.-]*)\sby\b|\b(?:its|their|[\w&.@-]+'s?)\sacquisition\sby\b|\bmajority\sof\s(?:the\s|its\s)?(?:[\w']+\s){0,3}?(?:capital\sstock|voting\s(?:stock|securities|power)|shares|equity)\b/i;
/**
 * Other ways to end the contract: "bring this Agreement to an end", "withdraw from this Agreement", "rescind",
 * "revoke the licence" (not "revoke any unexercised options").
 */
const ENDS_CONTRACT = String.raw`\bend\s(?:this|the)\s(?:agreement|contract)\b|\bbring\s(?:this|the)\s(?:agreement|contract)\sto\san\send\b|\bwithdraw\sfrom\s(?:this|the)\s(?:agreement|contract)\b|\brescind\w*\b|\brevok\w*\s(?:(?:this|the|such|its|any)\s)?(?:[\w-]+\s)?(?:agreement|contract|licen[cs]e|appointment)\b`;
const CONSEQUENCE = new RegExp(
  String.raw`${ENDS_CONTRACT}|\b(?:constitutes?|be\sdeemed|deemed\sto\sbe|(?:shall|will)\sbe)\s(?:an?\s)?["“]?(?:material\s)?(?:breach|(?:event\sof\s)?default)\b|\b(?:terminat\w*|cancel\w*|consent|approv\w*|notif\w*|notice|inform|advise|deemed\s(?:to\sbe\s)?(?:an?\s)?(?:assignment|transfer)|(?:shall|will)\s(?:be\s)?(?:considered|treated|regarded)\s(?:as\s)?an?\s(?:assignment|transfer)|void)\b|\b(?:assignment|transfer)"?\s(?:under\sthis\s\w+\s)?shall\sbe\sdeemed\sto\sinclude\b`,
  'i',
);
/** Insolvency wording ("assignment for the benefit of creditors") is not a change of control. */
const INSOLVENCY =
  /\b(?:assign\w*|dispos\w*|transfer\w*|convey\w*)\s(?:[\w,]+\s){0,10}?for\sthe\sbenefit\sof\s(?:its\s|all\sor\ssubstantially\sall\sof\sits\s)?creditors\b/gi;
/**
 * The insolvency carve-out "(other than) for the purposes of a solvent amalgamation or reconstruction" spares a
 * group reshuffle from a winding-up default; the amalgamation it names is not a change of control.
 */
const SOLVENT_SCHEME =
  /\bpurposes?\sof\s(?:a\s)?(?:scheme\sfor\s)?(?:a\s)?(?:bona\s?fide\s|solvent\s)?(?:amalgamation|reconstruction|reorgani[sz]ation)(?:\s(?:or|and)\s(?:a\s)?(?:bona\s?fide\s|solvent\s)?(?:amalgamation|reconstruction|reorgani[sz]ation))?\b/gi;
/**
 * A permission that comes before the event ("either party may assign ... in connection with a
 * merger", "no consent shall be required for ... a change in control") makes the event a
 * free pass, not a restriction; so does "nor shall any change in control be deemed an assignment".
 */
const PERMISSION_BEFORE =
  /\b(?:may|can|is\sfree\sto|(?:shall\sbe|is|are)\s(?:entitled|permitted)\sto|(?:shall\s)?(?:have|has)\sthe\sright\sto)\s*,?\s(?:(?!not\b|no\b|never\b)[\w']+,?\s){0,5}?(?:assign|transfer)(?:r?ed)?\b|\bno\s(?:such\s)?(?:consent|approval)\b|\b(?:consent|approval)\s(?:[\w']+\s){0,5}?(?:(?:is|shall\sbe|will\sbe)\snot|(?:shall|will)\snot\sbe)\srequired\b|\bwithout\s(?:the\s)?(?:need\sfor\s|obtaining\s)?(?:any\s)?(?:the\s)?(?:other(?:\sparty)?'s\s)?(?:prior\s)?(?:express\s)?(?:written\s)?(?:consent|approval)\b|\bdoes\snot\srequire\b|\bneed\snot\b|\bnot\s(?:be\s)?(?:affected|impaired)\sby\b|\bnor\sshall\s(?:any|a|an|such|the)\b|\bshall\snot\sbe\sdeemed\b/i;
const PERMISSIONS = new RegExp(PERMISSION_BEFORE.source, 'gi');
/** "A change of control of Rogers shall not be considered an assignment", "... shall not, by itself, constitute an assignment". */
const NOT_AN_ASSIGNMENT =
  /\b(?:(?:shall|will)\snot|does\snot|is\snot)\s?,?\s(?:(?:by|in)\s(?:itself|and\sof\sitself),\s)?(?:be\s)?(?:considered|deemed|treated\sas|constitutes?)\s(?:to\sbe\s)?an?\s(?:assignment|transfer)\b/i;
const TERMINATION_AFTER = /\bterminat/i;
/** "... by merger or acquisition does not require the consent of the other": the permission follows the event. */
const FREE_AFTER =
  /^[^.;]{0,120}?\b(?:without\s(?:the\s)?need\s(?:for|of)\b|(?:does|do|shall|will)\snot\srequire\b|(?:consent|approval)\s(?:[\w']+\s){0,5}?(?:(?:is|shall\sbe|will\sbe)\snot|(?:shall|will)\snot\sbe)\srequired\b|need\snot\b)/i;
/** An all-capitals heading run in front of the sentence ("ASSIGNMENT AND CHANGE OF CONTROL Neither party ..."): a title, not a term. */
const CAPITALS_HEADING = /^(?:[\d.()]+\s)?(?:[A-Z][A-Z&,;/-]*\s){2,10}(?=[A-Z][a-z])/;
/** A vote "by a majority of the outstanding voting securities" is a decision, not a change of ownership. */
const VOTE_BEFORE =
  /\b(?:vote|approval|consent|decision)\sof\s(?:the\s|a\s)?(?:holders\sof\s)?$|\bby\s(?:the\s)?(?:affirmative\s)?(?:vote\sof\s)?(?:a|the)\s$/i;

/**
 * Where the part of a sentence that holds `at` begins: after the last "provided (, however,)",
 * "except that" or semicolon before it (a semicolon between list items "; or (ii)" keeps the part). A permission to assign ("provided that X may assign ...
 * to a purchaser ... through a merger") governs its whole part, however long.
 */
const PART_BREAK =
  /;(?!\s(?:and\s|or\s)?\(?(?:[a-z]|\d{1,2}|[ivx]{1,4})\)\s)|\bprovided\b(?:\s*,\s*however\s*,?)?|\bexcept\s(?:that|as)\b|\bnotwithstanding\b/gi;
function partStart(text: string, at: number): number {
  let lastBreak = -1;
  for (const part of text.slice(0, at).matchAll(PART_BREAK)) lastBreak = part.index;
  return lastBreak >= 0 ? lastBreak : Math.max(0, at - 220);
}

/**
 * A free pass that holds only on a condition about the acquirer or the deal ("provided that such
 * successor is not a competitor", "except where the transaction involves a competitor, where consent
 * will be required") restricts the change of control after all.
 */
const CONDITION_AFTER =
  /^[^;]{0,300}?(?:;\s)?\b(?:provided\s*(?:,\s*however\s*,)?\s*that\s(?:(?:such|the|any)\s)?(?:acquir\w+|successor|surviving|purchaser|transaction)|except\s(?:in\sthe\scase\s)?where\b[^;]{0,160}\b(?:consent|approval)\b[^;]{0,60}\brequired)/i;
/** "...; provided, however, that the prior written consent of XSPA shall be required [for some acquirers]": the pass has a consent carved back in. */
const CONSENT_PROVISO =
  /\bprovided\s*,?\s*(?:however\s*,\s*)?that\s(?:the\s)?(?:prior\s)?(?:written\s)?(?:consent|approval)\b[^.;]{0,60}\b(?:shall|will)\sbe\srequired\b/i;
/**
 * A proviso that only makes the successor take the contract over ("provided that the successor agrees in writing
 * to be bound by this Agreement") restricts no change of control; one that screens the acquirer (a competitor, its
 * finances, a consent) does.
 */
const ASSUMES = /\b(?:assumes?|assumption|agrees?\s(?:in\swriting\s)?to\sbe\sbound|(?:is|be|become)\sbound)\b/i;
const SCREENS_ACQUIRER = /\b(?:not|no|compet\w*|financial|net\sworth|credit\w*|consent|approv\w*)\b/i;
function isConditional(after: string): boolean {
  const condition = CONDITION_AFTER.exec(after);
  if (condition) {
    const proviso = after
      .slice(condition.index + condition[0].length)
      .split(/[;.]/, 1)[0]!
      .slice(0, 250);
    if (!ASSUMES.test(proviso) || SCREENS_ACQUIRER.test(proviso)) return true;
  }
  return CONSENT_PROVISO.test(after);
}

/** "may not be assigned ... without consent, except in the event of a merger by Berkshire": the event is the exception to the bar. */
const EXEMPTED_BEFORE =
  /\b(?:except|other\sthan|save)\s(?:that\s)?(?:in\sthe\s(?:event|case)\sof|in\sconnection\swith|as\spart\sof|pursuant\sto|by\sway\sof|through|for|to)\s(?:[\w'-]+\s){0,4}?$/i;

/**
 * "...; provided, however, that in connection with a merger ... that Party may provide for the assignee to be bound":
 * a proviso that opens on the event lifts the bar for it, unless it attaches its own consent, notice or ending.
 */
const PROVISO_FOR_EVENT =
  /\bprovided\s*,?\s*(?:however\s*,?\s*)?that\s(?:in\sthe\s(?:event|case)\sof|in\sconnection\swith|as\spart\sof|pursuant\sto)\s(?:[\w'-]+\s){0,4}?$/i;
const OWN_CONSEQUENCE = /\b(?:terminat|cancel|consent|approv|notif|notice|void|breach|default)/i;

function isFreePass(text: string, at: number): boolean {
  const lead = text.slice(Math.max(0, at - 80), at);
  if (EXEMPTED_BEFORE.test(lead)) {
    return !TERMINATION_AFTER.test(text.slice(at)) && !isConditional(text.slice(at));
  }
  if (PROVISO_FOR_EVENT.test(lead)) return !OWN_CONSEQUENCE.test(text.slice(at).split(/[;.]/, 1)[0]!);
  const before = text.slice(partStart(text, at), at);
  if (!PERMISSION_BEFORE.test(before) || TERMINATION_AFTER.test(text.slice(at)) || isConditional(text.slice(at))) return false;
  for (const permission of before.matchAll(PERMISSIONS)) {
    // "will not, without the prior written consent of Licensee, merge": consent is required, not waived.
    const lead = before.slice(Math.max(0, permission.index - 40), permission.index);
    if (NEGATED_BEFORE.test(lead)) return false;
    // "Neither party may assign this Agreement without consent, and any change of control ...": the "without consent"
    // completes a bar earlier in the part, it waives nothing.
    if (/^without\b/i.test(permission[0]) && BARRED.test(before.slice(0, permission.index))) continue;
    // "Neither party may assign ..., whether by merger or otherwise, without consent" bars the event; it is a free
    // pass only when the event sits in an exception to that bar ("... except in connection with a merger") or a
    // later permission lifts it ("provided that either party may assign ...").
    if (!NEGATIVE_SUBJECT.test(lead) || EXCEPTION.test(before.slice(permission.index + permission[0].length))) return true;
  }
  return false;
}
const EXCEPTION = /\b(?:except|other\sthan|save|excluding)\b/i;
/** A bar on assigning: "Neither party may", "No Party shall", "shall not assign", "may not be assigned". */
const BARRED = /\b(?:neither|no)\s(?:[\w'-]+\s){0,3}?(?:may|shall|will|can)\b|\b(?:shall|will|may|can)\snot\b|\bcannot\b/i;

/** A merger or sale that needs no consent and ends nothing ("... by merger does not require the consent of the other"). */
/** "Upon a merger ..., either party may assign this Agreement to its successor without the other party's consent": the permission follows the event. */
const PERMISSION_AFTER =
  /^[^.;]{0,200}?\b((?:may|can|(?:shall\sbe|is|are)\s(?:entitled|permitted|free)\sto|(?:shall\s)?(?:have|has)\sthe\sright\sto)\s?,?\s(?:without\s[^,.;]{0,60},\s)?(?:(?!not\b|no\b|never\b)[\w']+,?\s){0,3}?(?:assign|transfer)\w*\b(?:[^.;]{0,150}?\bwithout\s(?:the\s)?(?:[\w']+\s){0,4}?(?:consent|approval)\b)?|(?:may|can)\s(?:[\w']+\s){0,2}?freely\s(?:assign|transfer))/i;
/** The permission must waive the consent itself: "... may, without consent, assign", "may assign ... without the other party's consent", "may freely assign". */
const WAIVES_CONSENT = /\bwithout\s|\bfreely\s/i;
/**
 * "The Company may effect a merger without the consent of the Investor", "Either party may undergo a change of control
 * without the other's approval": a permission to undergo the event, the waived consent after it ("Neither party may
 * merge without consent" and "may not" bar it instead).
 */
const MAY_UNDERGO =
  /\b(?:may|can|is\sfree\sto|(?:is|are|shall\sbe)\s(?:entitled|permitted)\sto)\s(?:(?!not\b|terminat|cancel|requir)[\w-]+\s){0,3}$/i;
const WITHOUT_CONSENT_AFTER =
  /^[^.;]{0,150}?\bwithout\s(?:the\s)?(?:need\s(?:for|of)\s|obtaining\s)?(?:any\s)?(?:[\w']+\s){0,3}?(?:consent|approval)\b/i;
function mayUndergoFreely(text: string, at: number): boolean {
  const lead = text.slice(Math.max(0, at - 60), at);
  const may = MAY_UNDERGO.exec(lead);
  if (may === null || !WITHOUT_CONSENT_AFTER.test(text.slice(at))) return false;
  const subject = lead.slice(0, may.index);
  return !NEGATIVE_SUBJECT.test(subject) && !NEGATED_BEFORE.test(subject);
}
function isFreeAfter(text: string, at: number): boolean {
  const after = text.slice(at);
  if (TERMINATION_AFTER.test(after) || isConditional(after)) return false;
  if (FREE_AFTER.test(after) || mayUndergoFreely(text, at)) return true;
  const permission = PERMISSION_AFTER.exec(after);
  return permission !== null && WAIVES_CONSENT.test(permission[1]!);
}

/** Assignment freely allowed to a successor is the absence of a change-of-control restriction. */
const FREE_TO_SUCCESSOR =
  /\b(?:without\s(?:the\s)?(?:need\sfor\s|obtaining\s)?(?:any\s)?(?:prior\s)?(?:written\s)?consent|need\snot\sobtain|free\sto)\b[^.;]{0,160}\b(?:merger|acquisition|acquir\w+|substantially\sall|successor)\b/i;
/** "Neither party may assign ...", "No Party may transfer ...": the subject negates the modal. */
const NEGATIVE_SUBJECT = /\b(?:neither|no)\s(?:[\w'-]+\s){0,3}$/i;
/** "Licensor will not, without the prior written consent of Licensee, merge ...": a consent required, not waived. */
const NEGATED_BEFORE = /\b(?:not|nor|never)\s*,?\s*$/i;
/** Disclosing the terms to a prospective acquirer ("... may disclose ... in connection with a merger or acquisition") is confidentiality. */
const CONFIDENTIAL = /\bconfidential/i;
const DISCLOSURE = /\b(?:disclos\w*|divulg\w*|reference|announce\w*|publicity)\b/i;
function isFreeToSuccessor(text: string): boolean {
  const free = FREE_TO_SUCCESSOR.exec(text);
  return (
    free !== null && !NEGATED_BEFORE.test(text.slice(Math.max(0, free.index - 20), free.index)) && !isConditional(text.slice(free.index))
  );
}

/** '"Change of Control" means ...', '"X" shall have the meaning ...': a definition, not a consequence. */
const DEFINITION =
  /^[^;:]{0,120}?"\s*(?:,[^,"]{0,40},\s*)?(?:shall\s)?(?:means?|includes?)\b|^[^;]{0,120}?\b(?:shall\shave|has)\sthe\smeaning\b|^(?:[\w"()]+\s){0,8}?"?[\w\s]{0,40}"?\sshall\smean\b/i;
/** 'the term "assignment" shall include any merger or change in control': a definition that makes the event an assignment is a deemed-assignment clause. */
const DEFINES_ASSIGNMENT =
  /"\s*(?:assign(?:ment|ed)?|transfer(?:red)?)\s*"\s*(?:,[^,"]{0,40},\s*)?(?:shall\s)?(?:means?|includes?|include|be\sdeemed\sto\sinclude)\b/i;
/** "the Closing (as defined in the Merger Agreement)": the name of another document, not a deal of a party. */
const DEAL_DOCUMENT = /\b(?:Merger|Acquisition|(?:Asset|Stock|Share|Equity|Unit)\sPurchase)\sAgreement\b/g;
/**
 * "binding upon ... their successors, including any successor by merger or acquisition": in a clause that says who is
 * bound, a name for who is bound, not a deal the party undergoes. Elsewhere ("any assignment to a successor by merger
 * shall require consent") the deal is restricted, so it is only blanked beside BINDS_SUCCESSORS.
 */
const BINDS_SUCCESSORS = /\bbinding\s(?:up)?on\b|\binures?\s(?:solely\s)?to\sthe\sbenefit\sof\b/i;
const SUCCESSOR_BY_DEAL =
  /\bsuccessors?\s(?:in\s(?:interest|title)\s)?(?:by|through)\s(?:way\sof\s)?(?:merger|consolidation|amalgamation|reorgani[sz]ation|acquisition)(?:,?\s(?:or\s)?(?:merger|consolidation|amalgamation|reorgani[sz]ation|acquisition|divestiture|operation\sof\slaw)){0,4}\b/gi;
/**
 * A title run into its sentence: "Section 22 - Assignment/Change of Control This Agreement shall
 * bind ...", "(f) Termination for Change of Control and Fees - If ...", "Assignment and Change of Control Licensee may
 * not assign ..." (a party's name and its verb after the title); a sentence opening on an article or a
 * preposition ("A Change of Control of Agent shall ...", "Upon Change of Control Licensor may ...") has none. The event named in the title
 * is a topic; the sentence after it must carry the clause on its own.
 */
const RUN_IN_TITLE =
  /^(?:\(?[a-z0-9]{1,3}[.)]\s*|(?:Section|Article|Clause)\s[\d.]+\s*[-:]?\s*)?(?!(?:A|An|Any|The|Each|Every|Such|No|Upon|On|In|If|Following|After|Where|When|Should|Its|Their)\s)(?:(?:[A-Z][\w'&]*|of|and|for|in|the|to|on|upon|or)[\s,/]+){0,8}?(?:Change\s(?:of|in)\sControl|Merger|Acquisition)(?:[\s,/&]+(?:[A-Z][\w'&]*|of|and|for|or))*\s*(?:[-:.]\s*)?(?=(?:This|The|Each|Either|Neither|No|If|In|Upon|Any|Notwithstanding|Subject)\s|[A-Z][\w&.-]*\s(?:shall|will|may|must|can|agrees?|hereby)\b)/;
function withoutRunInTitle(text: string): string {
  const title = RUN_IN_TITLE.exec(text);
  return title ? text.slice(title[0].length) : text;
}
/** "Severance Pay and Benefits Upon Termination ... outside the Change in Control Period": a title, its words capitalised, no modal verb. */
const MODAL = /\b(?:shall|will|may|must|can|cannot|is|are|be|has|have|does|do|occurs?|undergoes|terminates)\b/i;
function isTitle(text: string): boolean {
  if (MODAL.test(text) || LIST_ITEM.test(text)) return false;
  const words = text.match(/[A-Za-z]{4,}/g) ?? [];
  const capitalised = words.filter((word) => /^[A-Z]/.test(word)).length;
  return words.length > 0 && capitalised >= words.length * 0.6;
}
/** A standstill ("will not propose ... any tender offer, merger ... involving the Company") forbids pursuing a deal; it attaches no consequence to one. */
const STANDSTILL = /\btender\soffer\b|\bsolicit\w*\s(?:of\s)?prox|\bproxy\s(?:contest|solicitation)\b/i;
/** "register the change in ownership with the registry": an administrative filing. */
const FILING_BEFORE = /\b(?:register|record|file|registration\sof)\s(?:the\s|such\s|any\s)?$/i;
/**
 * A claim "merged into any judgment" is a legal doctrine, and an agreement that "merges all prior
 * negotiations" is an integration clause; neither is a corporate merger.
 */
const MERGED_INTO_JUDGMENT =
  /\bmerges?\s(?:and\ssupersedes\s)?(?:all\s|any\s)?(?:prior|previous|earlier|other)\b|\b(?:be|is|are)\smerged\s(?:into|with)\s(?:any\s|such\s|the\s|a\s)*(?:judgment|award|decree|order)\b/gi;
/** A party that must tell the other of its merger or sale ("Distributor shall give Supplier prior written notice"): CUAD's notice requirement. */
const NOTICE_REQUIRED =
  /\b(?:shall|will|must|agrees?\sto)\s(?:promptly\s)?(?:give|provide|deliver|send)\s(?:[\w'()]+\s){0,8}?(?:prior\s|advance\s)?(?:written\s)?(?:notice|notification)\b|\b(?:shall|will|must|agrees?\sto)\s(?:promptly\s|immediately\s)?(?:notify|inform|advise)\b/i;
/**
 * Transactions a party undergoes (its assets sold, it is merged or acquired, its ownership changes), as
 * opposed to a merger in a list of capital events or an acquisition the party itself makes: only these
 * make a bare duty to give notice a change-of-control clause.
 */
const UNDERGONE =
  /\b(?:sale|transfer|disposition|disposal|conveyance)\sof\b|\b(?:sells?|transfers?|conveys?|disposes)\b|\btake-?over\b|\b(?:merged|amalgamated|acquired)\b|\bacquir\w*\s(?:all\sor\s)?substantially\sall\b|\bchange\sin\b|\b(?:control|ownership)\sof\b|\bceases?\b|\bmajority\b|\bacquisition\sof\s(?:the\s)?(?:other\s)?(?:party|[A-Z][\w&.-]*)\sby\b/i;
/** "notice of any merger of Licensee", "of any merger or acquisition involving Customer": a merger the party undergoes, unlike "any merger, consolidation or reclassification". */
const MERGER_OF_PARTY = /^merger\s(?:of|by|(?:or\s[\w-]+\s)?(?:of|involving))\s(?:the\s|such\s|either\s)?(?:[Pp]arty|[A-Z][\w&.-]*)\b/;
/** What a change of control must trigger to be the CUAD clause: an ending, a consent, a notice, an assignment. */
const CONSEQUENCE_OF_EVENT = new RegExp(
  String.raw`${ENDS_CONTRACT}|\b(?:terminat\w*|cancel\w*)\s(?:(?:this|the|such|its|any|each)\s)?(?:[\w-]+\s)?(?:agreement|contract|licen[cs]e|arrangement|relationship|appointment|order|term|rights?)\b|\b(?:may|might|can|could|will|would|shall|must|right\sto|entitled\sto|option\sto|elect\sto|(?:this|the)\s(?:agreement|contract))\s(?:[\w,]+\s){0,3}?(?:terminat|cancel)\w*|\b(?:terminable|cancell?able|terminates|cancels)\b|\b(?:terminat\w*|cancel\w*)\s(?:right|option|upon|on|effective|by\s(?:written\s)?notice|immediately)\b|\b(?:grounds|cause|basis|reason)\sfor\s(?:terminat|cancel)\w*|\b(?:consent|approv\w*|notif(?:y|ies|ied|ying|ication)|inform|assign\w*|transfer\w*|void|cease\w*)\b|\badvis(?:e|es|ing)\s(?:[\w'()]+\s){0,6}?of\b|\bnotice\s(?:of|thereof)\b|\b(?:prior|advance)\s(?:written\s)?notice\b|\b(?:requires?|required|subject\sto|without)\s(?:[\w'()]+\s){0,6}?notice\b|\b(?:give|giving|provide|providing|deliver|send|serve)\s(?:[\w'()]+\s){0,8}?notice\b|\b(?:constitutes?|be\sdeemed|deemed\sto\sbe|(?:shall|will)\sbe)\s(?:an?\s)?["“]?(?:material\s)?(?:breach|(?:event\sof\s)?default)\b`,
  'i',
);

/**
 * A severance clause "if your employment is terminated ... within the Change in Control Period" pays an
 * employee; it gives no party a right to end the contract, nor needs consent or notice of the change.
 */
const EMPLOYMENT_ENDS =
  /\b(?:(?:your|his|her|the\s(?:Executive|Employee)'s)\s)?employment\s(?:is|shall\sbe|be|was|has\sbeen)\sterminated\b|\bterminat\w*\s(?:of\s)?(?:your|his|her|the\s(?:Executive|Employee)'s)?\s*employment\b|\btermination\s(?:by\s(?:the\sCompany|you|the\sExecutive|the\sEmployee)\s)?(?:without\sCause|for\s(?:Good\sReason|Cause))\b|\b(?:your|his|her)\snotice\speriod\b|\bin\slieu\sof\snotice\b/gi;
/** "the Change in Control Period", "the Change in Control Payment": names of a window or a sum, not the event happening. */
const NAMED_PERIOD = /\bchange\s(?:of|in)\scontrol\s(?:period|payments?|bonus|benefits?|severance)\b/gi;

/**
 * "Upon a Change of Control, all options shall vest and the Company shall notify the holders": an equity award that
 * vests or becomes exercisable on the event; telling its holder is no notice the change requires of a party.
 */
const AWARD_VESTS = /\bvest(?:s|ed|ing)?\b|\bexercisab\w*/i;
const ENDS_CONSENTS_OR_ASSIGNS = /\bterminat|\bcancel|\bconsent|\bapprov|\bassign/i;

const CHINESE = /控制权(?:发生)?(?:变更|变化|转移)|(?:股权|股东)[^。；]{0,10}(?:变更|转让)[^。；]{0,30}(?:通知|同意|解除|终止)/;

/**
 * Change of control (CUAD "Change of Control"): a consequence attached to a party's change of
 * control, merger or sale of substantially all assets: a right to terminate, a consent or notice
 * requirement, or the change counted as an assignment. A plain permission to assign to a
 * successor without consent is not. Families and their train label rates (sentences on the spans of
 * all that match): terminate 16/20, notify 6/7, deemed assignment 6/7, a bar naming a merger 4/7
 * are read; a free pass without a screening condition 0/41 and a bar naming only "operation of
 * law" 3/15 are not.
 */
/**
 * Every naming of the event, blanked before looking for its consequence: "the sale, transfer or other
 * disposition of all or substantially all of the assets" or "shares ... are transferred" describe the
 * event, so their "transfer" is not the consequence a change-of-control clause attaches to it.
 */
const EVENTS = new RegExp(`${EVENT.source}|${STAKE_CHANGES.source}|${TRANSACTION.source}`, 'gi');
/**
 * A consequence the sentence denies ("shall not terminate upon a change of control", "shall not be terminable by
 * reason of a merger", "will not entitle Licensor to terminate", "no notice thereof shall be required", "shall not affect the rights", "Guarantor waives notice
 * thereof") is no consequence.
 */
const NEGATED_CONSEQUENCE =
  /\b(?:shall|will|does|do|is|are)\snot\s(?:be\s)?(?:(?:automatically|thereby|deemed\sto)\s)?(?:terminat\w*|terminable|cancel\w*|cancell?able|void\w*|requir\w*|affect\w*|impair\w*|constitut\w*\s(?:an?\s)?(?:material\s)?(?:breach|(?:event\sof\s)?default)|(?:be\s)?deemed\s(?:to\sbe\s)?(?:an?\s)?(?:material\s)?(?:breach|(?:event\sof\s)?default))|\bno\s(?:such\s)?(?:(?:prior|written|further)\s)*(?:consent|approval|notice|notification)\s(?:[\w,]+\s){0,4}?(?:shall\sbe\s|will\sbe\s|is\s)?(?:required|necessary|needed)\b|\b(?:shall|will|does|do)\snot\s?,?\s(?:(?:by|in)\s(?:itself|and\sof\sitself),\s)?(?:(?:give|entitle|confer|grant|create)\s(?:[\w',]+\s){0,5}?(?:right|option|grounds?|basis)\s|entitle\s(?:[\w',]+\s){0,3}?)to\s(?:terminat|cancel)\w*(?:\s(?:this|the)\s(?:agreement|contract))?|\bwaives?\s(?:any\s|all\s)?(?:right\sto\s)?(?:notice|consent)\b(?:\sthereof)?/gi;
function consequenceText(text: string): string {
  return text.replace(EVENTS, ' ').replace(NEGATED_CONSEQUENCE, ' ');
}

/** '"Sale Transaction" means ...', '"Acquisition Event" shall include ...': a term defined in its own sentence. */
const TERM_MEANS = /"([A-Z][\w'&-]*(?:\s[A-Z][\w'&-]*){0,4})"\s*(?:,[^,"]{0,40},\s*)?(?:shall\s)?(?:means?|includes?|include)\b/g;
/** '... any merger or sale of substantially all of its assets (each, a "Sale Event")': a term named after its description. */
const TERM_AFTER = /\((?:[\w,]+\s){0,3}?"([A-Z][\w'&-]*(?:\s[A-Z][\w'&-]*){0,4})"\)/g;
/** A name for an event ("... Event", "... Transaction", "Sale of the Company"), not for a party, a date or a document. */
const EVENT_NOUN = /\b(?:Event|Transaction|Sale|Merger|Acquisition|Change|Takeover|Disposition|Combination)s?\b/;
const NOT_AN_EVENT_TERM = /\bAgreement\b|\bchange\s(?:of|in)\scontrol\b/i;
const isEventTerm = (term: string) => EVENT_NOUN.test(term) && !NOT_AN_EVENT_TERM.test(term);
/** Where the text first names the event: its defined wordings, a stake changing hands, or a corporate transaction. */
function findEvent(text: string): RegExpExecArray | null {
  return EVENT.exec(text) ?? STAKE_CHANGES.exec(text) ?? TRANSACTION.exec(text.replace(MERGED_INTO_JUDGMENT, ' '));
}
const describesEvent = (text: string) => findEvent(text) !== null;
/**
 * The contract's own names for a change of control ("Sale Transaction", "Ownership Change Event"): the sentence
 * that uses the name with a consequence is the clause, as if it said "Change of Control". Cached per view.
 */
const eventAliases = new WeakMap<TextView, RegExp | null>();
export function eventAliasesOf(view: TextView): RegExp | null {
  const known = eventAliases.get(view);
  if (known !== undefined) return known;
  const terms = new Set<string>();
  for (const { text } of view.sentences) {
    if (!text.includes('"')) continue;
    for (const defined of text.matchAll(TERM_MEANS)) {
      const body = text.slice(defined.index + defined[0].length, defined.index + defined[0].length + 400);
      if (isEventTerm(defined[1]!) && describesEvent(body)) terms.add(defined[1]!);
    }
    for (const named of text.matchAll(TERM_AFTER)) {
      const description = text.slice(Math.max(0, named.index - 300), named.index);
      if (isEventTerm(named[1]!) && describesEvent(description)) terms.add(named[1]!);
    }
  }
  const aliases = terms.size > 0 ? new RegExp(`\\b(?:${[...terms].map(escapeRegExp).join('|')})\\b`, 'g') : null;
  eventAliases.set(view, aliases);
  return aliases;
}

/**
 * "In such event, ...", "In this case, ...", "Upon any such occurrence, ...", "Licensor may then terminate": a sentence whose
 * consequence refers back to the event before it.
 */
const SUCH_EVENT =
  /^(?:[\d.()a-z]{1,6}\s)?(?:in\s(?:any\s)?(?:such|that|which|either|this)\s(?:a\s)?(?:event|case|circumstances?)|(?:upon|following|after)\s(?:the\s|any\s)?(?:such|that)\s(?:event|occurrence|change|transaction|merger|acquisition|sale))\b|\b(?:may|shall|will|can)\s(?:then|thereupon)\s(?:terminat|cancel)/i;
/** An ending of the contract the sentence grants: "may terminate", "terminate this Agreement". */
const ENDS_IT = String.raw`\b(?:terminat\w*|cancel\w*)\s(?:(?:this|the)\s)?(?:agreement|contract|licen[cs]e)\b|\b(?:may|shall|will|right\sto|entitled\sto|option\sto)\s(?:[\w,]+\s){0,3}?(?:terminat|cancel)\w*`;
/**
 * The consequence such a sentence must carry: the contract ending or a consent. A bare notice is left out: "In such
 * event the Company shall give the Holder notice" follows a merger that adjusts an option as often as a clause.
 */
const ENDS_OR_NEEDS_CONSENT = new RegExp(String.raw`${ENDS_IT}|\b(?:consent|approval)\b`, 'i');
/** Text (a sentence before, a lead-in) that tells the event as a party undergoing it rather than a free pass to assign. */
function tellsUndergoneEvent(told: string): boolean {
  const text = told.replace(INSOLVENCY, ' ').replace(SOLVENT_SCHEME, ' ');
  const event = findEvent(text);
  return event !== null && !isFreePass(text, event.index) && !isFreeAfter(text, event.index) && !NOT_AN_ASSIGNMENT.test(text);
}
const eventBefore = (view: TextView, index: number) => index > 0 && tellsUndergoneEvent(view.sentences[index - 1]!.text);

/**
 * "In the event of a Change of Control of Licensee: ... (b) Licensor may terminate this Agreement": the event in the
 * lead-in, the ending or consent in a list item under it.
 */
const ITEM_ENDS_OR_NEEDS_CONSENT = /^\s*\(?(?:[a-z]|\d{1,2}|[ivx]{1,4})\)\s(?=[\s\S]{0,300}?\b(?:terminat|cancel|consent))/i;
/** The item must end the contract or ask consent: "(ii) approved by JHU" values securities, it gates no deal. */
const ITEM_CONSEQUENCE = new RegExp(String.raw`${ENDS_IT}|\bconsent\b`, 'i');
function eventInLeadIn(view: TextView, index: number, aliases: RegExp | null): boolean {
  const lead = leadIn(view, index);
  if (lead === '') return false;
  const named = aliases ? lead.replace(aliases, 'Change of Control') : lead;
  return !DEFINITION.test(named) && !STANDSTILL.test(named) && tellsUndergoneEvent(named);
}

/**
 * Sentences the classifier must not count when the rules read no clause in them, by their train label rates
 * among the classifier's candidate sentences (on CUAD's spans / all): insolvency (6/87), an employee's pay or
 * employment (0/58), stock options (0/5), a party left free to merge ("nothing shall restrict", 0/16), the surviving or
 * successor entity bound or assuming (2/20), a party acquiring a competitor (0/6); and what the rules blank as being
 * about something else (a denied consequence, an employee's termination, a named sum or period, insolvency).
 */
const SOMETHING_ELSE = new RegExp(
  [
    String.raw`receiver|liquidator|bankrupt|insolven|winding.up`,
    String.raw`\b(?:employee|executive|employment|bonus|severance|salary)\b`,
    String.raw`\boptionees?\b|\bunexercised\b|\b(?:stock|share)\soptions?\b|\boptions?\sto\s(?:purchase|acquire)\s(?:[\w-]+\s){0,3}?(?:shares|stock)`,
    String.raw`\b(?:nothing\s(?:in|contained)|shall\snot|will\snot)\s(?:[\w,]+\s){0,6}?(?:restrict|prevent|prohibit|limit|preclude)`,
    String.raw`\b(?:surviving|successor|resulting|acquiring)\s(?:entity|corporation|company|party|person)`,
    String.raw`\bacquir(?:es|e|ing)\s(?:[\w-]+\s){0,4}?compet|\bacquisition\sby\s[\w-]+\sof\b`,
    ...[NEGATED_CONSEQUENCE, EMPLOYMENT_ENDS, NAMED_PERIOD, INSOLVENCY, SOLVENT_SCHEME].map((blanked) => blanked.source),
  ].join('|'),
  'i',
);

/** The rules' verdict on a sentence and, unless they rule it out, the text they read (title removed, a list item with its lead-in). */
type Judgement = { verdict: 'ruled-out' } | { verdict: 'counts' | 'unread'; read: string };

const RULED_OUT: Judgement = { verdict: 'ruled-out' };

function judgeSentence(view: TextView, aliases: RegExp | null, original: string, index: number): Judgement {
  const raw = aliases ? original.replace(aliases, 'Change of Control') : original;
  if (CHINESE.test(raw) || (SUCH_EVENT.test(raw) && ENDS_OR_NEEDS_CONSENT.test(raw) && eventBefore(view, index)))
    return { verdict: 'counts', read: raw };
  if (
    ITEM_ENDS_OR_NEEDS_CONSENT.test(raw) &&
    ITEM_CONSEQUENCE.test(raw.replace(EMPLOYMENT_ENDS, ' ')) &&
    eventInLeadIn(view, index, aliases)
  )
    return { verdict: 'counts', read: `${leadIn(view, index)} ${raw}` };
  // "ASSIGNMENT AND CHANGE OF CONTROL" over an assignment clause names a topic; the event needs a consequence.
  if (isBareHeading(raw) && !LIST_ITEM.test(raw)) return RULED_OUT;
  const cleaned = withoutRunInTitle(raw.replace(CAPITALS_HEADING, ''))
    .replace(INSOLVENCY, ' ')
    .replace(SOLVENT_SCHEME, ' ')
    .replace(DEAL_DOCUMENT, ' ');
  const text = BINDS_SUCCESSORS.test(cleaned) ? cleaned.replace(SUCCESSOR_BY_DEAL, ' ') : cleaned;
  // A definition says what the event is; the clause is where the defined term has a consequence.
  if ((DEFINITION.test(text) && !DEFINES_ASSIGNMENT.test(text)) || isTitle(text) || STANDSTILL.test(text)) return RULED_OUT;
  const read = LIST_ITEM.test(text) ? `${leadIn(view, index)} ${text}` : text;
  // Asked only when the rules count nothing: the rules' own path does not pay for it.
  const unread = (): Judgement => (SOMETHING_ELSE.test(raw) ? RULED_OUT : { verdict: 'unread', read });
  // An employee's own termination and notice are not the contract's: they are what a severance clause pays for.
  const withLeadIn = consequenceText(read.replace(EMPLOYMENT_ENDS, ' '));
  const unnamed = text.replace(NAMED_PERIOD, ' ');
  const event = EVENT.exec(unnamed) ?? STAKE_CHANGES.exec(unnamed);
  if (event) {
    if (
      FILING_BEFORE.test(text.slice(Math.max(0, event.index - 30), event.index)) ||
      (AWARD_VESTS.test(text) && !ENDS_CONSENTS_OR_ASSIGNS.test(withLeadIn)) ||
      isFreePass(text, event.index) ||
      isFreeAfter(text, event.index) ||
      NOT_AN_ASSIGNMENT.test(text)
    )
      return RULED_OUT;
    return CONSEQUENCE_OF_EVENT.test(withLeadIn) ? { verdict: 'counts', read } : unread();
  }
  const merged = text.replace(MERGED_INTO_JUDGMENT, ' ');
  const transaction = TRANSACTION.exec(merged);
  if (transaction === null) return unread();
  if (
    (CONFIDENTIAL.test(text) && DISCLOSURE.test(text)) ||
    VOTE_BEFORE.test(text.slice(Math.max(0, transaction.index - 40), transaction.index)) ||
    isFreeAfter(text, transaction.index) ||
    isFreeToSuccessor(text) ||
    (AWARD_VESTS.test(text) && !ENDS_CONSENTS_OR_ASSIGNS.test(withLeadIn)) ||
    isFreePass(text, transaction.index) ||
    NOT_AN_ASSIGNMENT.test(text)
  )
    return RULED_OUT;
  const consequence =
    CONSEQUENCE.test(withLeadIn) &&
    (/\bassign|\bterminat|\bcancel|\brescind|\btransfer|\bconsent|\b(?:constitutes?|be\sdeemed|deemed\sto\sbe|(?:shall|will)\sbe)\s(?:an?\s)?["“]?(?:material\s)?(?:breach|(?:event\sof\s)?default)\b|\b(?:prior|written|express|advance)\sapproval\b|\bwithout\s(?:the\s)?(?:[\w']+\s){0,2}?approval\b|\bend\s(?:this|the)\sagreement|\bwithdraw\sfrom\s(?:this|the)\sagreement/i.test(
      withLeadIn,
    ) ||
      (NOTICE_REQUIRED.test(withLeadIn) &&
        [...merged.matchAll(EVENTS)].some(
          (named) => UNDERGONE.test(named[0]) || MERGER_OF_PARTY.test(merged.slice(named.index, named.index + named[0].length + 30)),
        )));
  return consequence ? { verdict: 'counts', read } : unread();
}

function mentionsOf(aliases: RegExp | null): RegExp {
  return new RegExp(
    `${MENTIONS.source}|${SUCH_EVENT.source}|${ITEM_ENDS_OR_NEEDS_CONSENT.source}${aliases ? `|${aliases.source}` : ''}`,
    'i',
  );
}

export function extractChangeOfControl(view: TextView): PresenceField | null {
  const aliases = eventAliasesOf(view);
  return presenceOf(
    view,
    mentionsOf(aliases),
    (original, _sentence, index) => judgeSentence(view, aliases, original, index).verdict === 'counts',
  );
}

/**
 * The clause as the shipped classifier finds it where the rules found none: it reads sentences as the rules read
 * them and never one they rule out (a free pass, a title, a denied consequence, ...).
 */
export function classifiedChangeOfControl(view: TextView, classifier: ClauseClassifier): PresenceField | null {
  return classifiedClause(view, classifier, readByRules(view));
}

/**
 * A contract's sentences as the rules read them (run-in title removed, a list item after its lead-in), or null for
 * one they rule out: what the classifier is trained on and, where the rules count nothing, asked about.
 */
export function readByRules(view: TextView): (sentence: Sentence, index: number) => string | null {
  const aliases = eventAliasesOf(view);
  return (sentence, index) => {
    const judgement = judgeSentence(view, aliases, sentence.text, index);
    return judgement.verdict === 'ruled-out' ? null : judgement.read;
  };
}
