import { isBareHeading, presenceOf } from './presence.js';
import type { TextView } from './text-view.js';
import type { PresenceField } from './types.js';

/**
 * Copies of the books handed over, or access given, so the other can check: "shall have a right to obtain copies of all of the
 * Company's accounting books", "shall supply copies of such records upon the request of the Company", "reasonable rights of access to
 * examine, test and inspect the cable". Copies of a report or a policy are not the books.
 */
const COPIES_OR_ACCESS_TO_CHECK =
  /\b(?:right|entitled|may)\b[^.;]{0,40}?\b(?:obtain|make|take|receive)\scopies\sof\b[^.;]{0,60}?\b(?:books|records|accounts)\b|\b(?:supply|provide|furnish|deliver)\w*\s(?:\w+\s)?copies\sof\b[^.;]{0,80}?\b(?:books|records|accounts)\b[^.;]{0,60}?\brequest|\baccess\sto\s(?:examine|inspect|audit)\b/i;
/** Books opened to the other party or its accountant ("shall open its books and records to an independent accountant"): a check with no check word. */
const OPENS_BOOKS =
  /\bopen\s(?:its|their|his|her|all)\s(?:[\w-]+\s){0,2}?(?:books|records|accounts)\b[^.;]{0,40}?\bto\s(?!(?:the\s)?(?:new|next|current)\b)/i;
const MENTIONS = /audit|inspect|examin|access|review|verif|available|premises|visit|observ|monitor|\bopen\s|copies|审计|查账|查阅|检查/i;
const RECORDS =
  /\b(?:books|records|accounts|documentation|data|facilit(?:y|ies)|premises|sites?|plants?|warehouses?|offices|stores?|restaurants?|outlets?|shops?|operations|manufacturing|systems|files|statements|ledgers|invoices|reports)\b/i;
/** Information, materials or payments count when they are inspected, audited, examined or verified; a "review" of them is an approval. */
const CHECKED_ITEMS =
  /\b(?:inspect\w*|audit\w*|examin\w*|verif\w*)\b[^.;]{0,80}?\b(?:information|documents|materials|payments)\b|\b(?:information|documents|materials|payments)\b[^.;]{0,60}?\b(?:inspect\w*|audit\w*|examin\w*|verif\w*)\b/i;
/**
 * A right to audit, or records kept open to the other party: "shall have the right to audit", "permit ... to
 * inspect the books and records", "have the right, [limits on when and how often], to examine", "entitled to have the
 * books audited", "cooperate with any audit", "submit to quality audits". Granting verbs are whole words: "Service
 * Provider" provides nothing, and a "hard copy" is a format, not a right to copy.
 */
const RIGHT =
  /\b(?:right|entitled|permitted|authori[sz]ed(?=(?:\s\w+)?:|\sto\b)|may|option|opportunity)\b[^.;]{0,160}?\b(?:audits?|inspect|examine|examining|review|verify|verification)\b|\b(?:right|entitled)\b,[^.;]{0,260}?,\sto\s(?:appoint\s[^.;]{0,120}?\bto\s)?(?:audit|inspect|examine)\b|\bmay,[^.;]{0,260}?,\s(?:inspect|audit|examine)\b|\b(?:permit|allow)\w*,\s(?:[^.;]|\.(?=\d)){0,400}?\bto\s(?:inspect|audit|examine)\b|\bright\b(?:[^.;]|\.(?=\d)){0,400}?\bto\senter\sand\s(?:inspect|audit|examine)\b|\bmake\s(?:[\w'’-]+\s){0,5}?(?:available|accessible)\b[^.;]{0,80}?\bto\s(?:[\w'’-]+\s){0,3}?to\s(?:inspect|audit|examine|verify)\b|\bmake\savailable\b[^.;]{0,160}?\b(?:books|records|accounts)\b[^.;]{0,80}?\bto\s(?:verify|audit|inspect|examine)\b|\b(?:books|records|accounts)\b[^.;]{0,80}?\b(?:available|accessible|open)\b[^.;]{0,40}?\b(?:to|for)\b|(?<!\bnot\s)\b(?:available|accessible|open)\b[^.;]{0,30}?\bfor\s(?:[\w']+\s){0,3}?(?:inspection|audit|review|examination)\b|\bfor\s(?:\w+\s){0,2}?(?:audit|inspection|examination)\s(?:and\s\w+\s)?by\b|\benter\s(?:upon\s)?(?:and\sinto\s)?(?:any\s|the\s)?premises\b|\b(?:may|right\sto|entitled\sto|permit\w*|allow\w*)\b[^.;]{0,60}?\bvisit\w*\b[^.;]{0,60}?\b(?:premises|facilit(?:y|ies)|plants?|sites?|factor(?:y|ies)|warehouses?)\b|\b(?:permit(?:s|ted|ting)?|allow(?:s|ed|ing)?|enabl(?:e|es|ed|ing)|grant(?:s|ed|ing)?|afford(?:s|ed|ing)?|give[sn]?|provide[sd]?|furnish(?:es|ed)?)\b[^.;]{0,120}?\b(?:audit|inspect|inspection|examin\w*|access|review|(?<!(?:hard|electronic|paper|soft)[\s-])copy)\b|(?<!\bnot\s)\b(?:open|available|subject)\s(?:for|to)\s(?:(?:audit|inspection|examination|review|copying)(?:,?\s(?:and|or)\s|,\s*)?){1,3}\b|\b(?:audit|inspection|examination)s?\s(?:(?:right|rights)\b|(?:of|by)\s(?:\w+\s){0,3}?(?:books|records|accounts|facilit))|\b(?:conduct|perform|carry\sout|undertake|make)\w*\s(?:an?\s|such\s|the\s|any\s)?(?:audit|inspection)s?\b|\bauditing\sparty\b|\baudit(?:ed)?\sparty\b|\bright\sof\saudit\b|\b(?:right|entitled|permitted|may|permit\w*|allow\w*)\b[^.;]{0,100}?\b(?:observe|observation|monitor(?:ing)?)\b(?!\s(?:of\s)?(?:its|their|his|her)\sown\b)[^.;]{0,60}?\b(?:facilit\w*|premises|plants?|sites?|manufactur\w*|process\w*|operations)\b|\b(?:may|shall|will|can)\s(?:at\sany\s(?:reasonable\s)?time\s)?be\s(?:inspected|audited|examined|verified)\b|\b(?:right|entitled)\sto\shave\b[^.;]{0,80}?\b(?:audited|inspected|examined)\b|\b(?:cooperate|co-operate|comply)\s(?:fully\s)?with\s(?:any|all|such|each)\s(?:[\w-]+\s)?(?:audits?|inspections?)\b|\bsubmit\sto\s(?:[\w-]+\s){0,2}?(?:audits?|inspections?)\b/i;
/**
 * Access to the other's premises or books to check on it: "shall have access to Licensee's facilities ... to ensure
 * compliance with the quality standards", "grant Buyer reasonable access to its plant for quality assurance purposes".
 * The purpose is what makes it a check; access to a site to do the work is not one. Access to the books or records
 * themselves ("provide Buyer reasonable access to such records", "access to the financial records shall be given") needs
 * no purpose.
 */
const ACCESS_TO_CHECK =
  /\b(?:provide|give|grant|afford|allow|permit|furnish)\w*\b[^.;]{0,60}?\baccess,?\s(?:[^.;]{1,80}?,?\s)?to\s(?:[\w'’()-]+\s){0,6}?(?:books|records|accounts|ledgers)\b|\baccess\sto\s(?:[\w'’-]+\s){0,5}?(?:books|records|accounts)\b[^.;]{0,40}?\b(?:shall|will)\sbe\s(?:given|granted|provided|afforded)\b|\baccess\b[^.;]{0,60}?\b(?:facilit(?:y|ies)|premises|plants?|sites?|books|records|accounts)\b[^.;]{0,80}?\b(?:to\s(?:ensure|verify|confirm|determine|check|monitor|audit|inspect|examine)|for\s(?:the\spurposes?\sof\s)?(?:quality|compliance|verification|audit\w*|inspection))\b/i;
/** Auditors who only certify financial statements, or are retained for a party's own annual audit, are not the counterparty's audit right. */
const NOT_A_RIGHT =
  /\baudited\s(?:financial|consolidated|balance)|\b(?:financial\sstatements|annual\saccounts)\b[^.;]{0,60}?\baudited\b|\bindependent\s(?:registered\s)?(?:public\s)?(?:accountants?|auditors?)\b[^.;]{0,60}\b(?:certif|opinion|report\son\sthe\sfinancial)|\bquality\s(?:control\s)?inspection\sof\s(?:the\s)?(?:goods|products)\b|\b(?:retained|engaged|appointed)\sto\s(?:perform|conduct|carry\sout)\s(?:an?\s|its\s|the\s)?(?:annual\s|statutory\s|year-end\s)?(?:financial\s)?audit\b/i;
/**
 * The working of an audit clause: how and when the audit is held and who pays ("Such audits shall be conducted during
 * normal business hours", "The cost of such audit shall be borne by" as the sentence's subject,
 * "No such audit may occur more than once a year"). Only an audit of the other party is run this way.
 */
const AUDIT_MECHANICS =
  /(?:^(?:[\w-]+\s){0,3}?|\b(?:such|any|each|the|all|these|an)\s(?:[\w-]+\s){0,2}?)(?:audits?|inspections?|examinations?)(?:,\s(?:which|that))?\s(?:(?:and|or)\s(?:audits?|inspections?)\s)?(?:conducted\s(?:pursuant\sto|under)\s(?:this\s)?[\w\s.[\]-]{0,40}?\s)?(?:(?:shall|will|may)\s(?:also\s)?(?:not\s)?(?:(?:normally|only)\s)?(?:be\s(?:conducted|performed|made|carried\sout|undertaken|held|limited|exercised)|occur|take\splace|(?:unreasonably\s)?interfere)\b)|^(?:the\s)?costs?\s(?:incurred\s[^.;]{0,40}?\bin\sconnection\swith|of)\s(?:any|such|the|each|an)\s(?:[\w-]+\s){0,2}?(?:audits?|inspections?|examinations?)\b[^.;]{0,60}?\b(?:shall|will)\sbe\s(?:borne|paid)\b|\bno\s(?:such\s)?(?:audits?|inspections?)\s(?:may|shall|will)\b|\b(?:frequency|scope|timing)\sof\s(?:such|any|each|the|all)\s(?:[\w-]+\s)?(?:audits?|inspections?)\b|\bnot\sbe\ssubject\sto\s(?:any\s)?(?:further|additional|another)\s(?:audits?|inspections?)\b|\bnot\smore\sthan\s(?:one|once|two|\w+\s\(\d+\))\s(?:\(\d+\)\s)?(?:audits?|inspections?)\b/i;
/** A company's own yearly audit ("the annual audit of the Company's financial statements") runs the same way and grants no one a check. */
const OWN_AUDIT = /\b(?:annual|statutory|year-end|independent)\s(?:financial\s)?audit\b|\bfinancial\sstatements\b/i;
const CHINESE = /(?:有权|可以)[^。；]{0,20}(?:审计|查账|查阅|检查)[^。；]{0,20}(?:账|记录|帐|财务|资料)|(?:审计|查账)权/;

/**
 * Audit rights (CUAD "Audit Rights"): a party may audit or inspect the other's books, records,
 * premises or operations ("shall permit Licensor ... to inspect and audit the books and records",
 * "upon thirty (30) days' notice, examine the accounts"). Audited financial statements are not.
 */
/** A recital ("WHEREAS, X is in the business of providing access to ...") describes a business; it grants no right. */
const RECITAL = /^\s*(?:[A-Z]\.\s)?WHEREAS\b/;

/**
 * Mentions that give no party a right to check the other: a heading ("9.5 Audit Rights."), a
 * section named in a list ("6.3 [Audit Rights]"), a "review" of anything but the books, records or
 * accounts (an approval, "review the draft deliverables", "review all documents and data of the Project",
 * "for review"; a party may "review the books and records"), access given so the other can do its work
 * ("access to the premises in order to provide the Services"), and checks by a regulator rather than
 * the counterparty ("permit Regulatory Authorities to conduct inspections").
 */
const NAMED_SECTION = /[[(]\s*(?:[\w/]+\s){0,2}?audit\srights?\s*[\])]/gi;
const REVIEW_NOT_OF_BOOKS = /\breview(?:s|ed|ing)?\b(?!\s(?:[\w,'’()-]+\s){0,5}?(?:books|records|accounts|ledgers)\b)/gi;
/** Work verbs in lower case: "access to Provider's records" names a party, not work done. */
const ACCESS_FOR_WORK =
  /\b(?:[Aa]ccess|[Ee]nter)\b[^.;]{0,100}?\b(?:in\sorder\s)?(?:to|for|in)\s(?:the\spurposes?\sof\s)?(?:otherwise\s)?(?:cooperat\w*\s[^.;]{0,40}?)?(?:provid|perform|install|deliver|maintain|repair|servic|transmit|measur)\w*/;
const ACCESS_TO_WORK =
  /\baccess\sto\sand\suse\sof\b|\b(?:internet|network|broadband|dial-up)\saccess\b|\baccess\b[^.;]{0,80}?\bthrough\s(?:an?\s|the\s)?(?:[\w-]+\s){0,3}?(?:portal|website|web\ssite)\b|\baccess\b[^.;]{0,80}?\bfor\s(?:[\w'’-]+\s){0,3}?(?:maintenance|installation|repair|service)\s(?:vendors?|personnel|technicians?|engineers?|staff|contractors?|work)\b/i;
const REGULATOR_SOURCE = String.raw`(?:the\s|an?\s|any\s|all\s|such\s|other\s|relevant\s|applicable\s|competent\s|appropriate\s)*(?:FDA|EMA|(?:regulatory|governmental|government)\s(?:authorit(?:y|ies)|agenc(?:y|ies)|bod(?:y|ies))|Regulatory\sAuthorit(?:y|ies))(?:\s(?:and|or)\s(?:the\s|any\s|other\s)*(?:regulatory|governmental)\s(?:authorit(?:y|ies)|agenc(?:y|ies)))?`;
/** A regulator doing the checking ("permit the FDA to inspect", "available for inspection by any regulatory authority"): cut out, so only a party's own right is left to read. */
const REGULATOR_CHECKS = new RegExp(
  String.raw`\b(?:permit|allow|enabl)\w*\s${REGULATOR_SOURCE}\sto\s(?:conduct\s)?(?:[\w-]+\s){0,2}?(?:inspect|audit|examin|review)\w*|\b(?:available|accessible|open)\s(?:for\s(?:inspection|audit|examination)(?:\s(?:and|or)\s(?:inspection|audit|examination|copying))?\s)?(?:to|by)\s${REGULATOR_SOURCE}|\b(?:inspections?|audits?|examinations?)\s(?:[\w-]+\s){0,3}?by\s${REGULATOR_SOURCE}`,
  'gi',
);
const CHECKS = /audit|inspect|examin/i;
const ACCESS_WORD = /access|enter/i;
/** A party that "shall submit to inspection by Customer" is itself what is inspected: its plant and operations, as CUAD reads it, with no records named. */
const SUBMITS_ITSELF = /\b(?:shall|will|agrees?\sto|must)\ssubmit\sto\s(?:[\w-]+\s){0,2}?inspections?\b/i;
/** "as the case may be", "as may be agreed": a "may" that grants nothing ("Consignee, as the case may be, shall be responsible for examining ..."). */
const AS_MAY_BE = /\bas\s(?:the\scase\s)?may\sbe\b/gi;

export function extractAuditRights(view: TextView): PresenceField | null {
  return presenceOf(view, MENTIONS, (raw) => {
    if (CHINESE.test(raw)) return true;
    if (isBareHeading(raw)) return false;
    // Cheap word checks first: each access pattern needs "access" or "enter", and the working of an audit needs an audit.
    const checks = CHECKS.test(raw);
    const access = ACCESS_WORD.test(raw);
    if (access && !checks && (ACCESS_FOR_WORK.test(raw) || ACCESS_TO_WORK.test(raw))) return false;
    const text = raw.replace(REGULATOR_CHECKS, ' ').replace(NAMED_SECTION, ' ').replace(REVIEW_NOT_OF_BOOKS, ' ').replace(AS_MAY_BE, ' ');
    if (access && !RECITAL.test(text) && ACCESS_TO_CHECK.test(text) && !NOT_A_RIGHT.test(text)) return true;
    if (checks && AUDIT_MECHANICS.test(text) && !OWN_AUDIT.test(text) && !NOT_A_RIGHT.test(text)) return true;
    if ((OPENS_BOOKS.test(text) || COPIES_OR_ACCESS_TO_CHECK.test(text)) && !RECITAL.test(text) && !NOT_A_RIGHT.test(text)) return true;
    return (
      !RECITAL.test(text) &&
      RIGHT.test(text) &&
      /audit|inspect|examin|review|verif|available|accessible|premises|visit|observ|monitor/i.test(text) &&
      !/\bgenerally\savailable\b|\bwaives?\sthe\sright\b/i.test(text) &&
      // Reviewing the other's confidential information is not checking its books, unless an audit is what is held.
      !(/\bconfidential\sinformation\b/i.test(text) && !/\baudit(?:s|ed|ing)?\b/i.test(text)) &&
      (RECORDS.test(text) || CHECKED_ITEMS.test(text) || /\baudit/i.test(text) || SUBMITS_ITSELF.test(text)) &&
      !NOT_A_RIGHT.test(text)
    );
  });
}
