import { isBareHeading, presenceOf } from './presence.js';
import type { TextView } from './text-view.js';
import type { PresenceField } from './types.js';

const MENTIONS =
  /exclusiv|solely|\bsole\b|\bonly\b|other\sthan|additional|any\sother|\banother\b|requirements|collaborat|\bno\sother\b|\blicen[cs]e\s[^.;]{0,80}?\bto\s(?:any\s)?(?:third\spart|others\b)|独家|排他|专属/i;
/**
 * An exclusive grant or appointment: the noun after "exclusive" is a right, licence or trading
 * role, not a remedy, a court or a tax ("exclusive remedy", "exclusive jurisdiction", "exclusive of VAT").
 * A trading role may carry what it trades ("the exclusive vitamin sponsor").
 */
const EXCLUSIVE_GRANT =
  /\bexclusive(?:ly)?\b,?\s(?:(?:and|or|worldwide|world-wide|perpetual|irrevocable|royalty[- ]free|fully[- ]paid(?:[- ]up)?|non-?transferable|sub-?licensable|limited|personal|paid[- ]up|global|\(\w+\)|,|\s)+\s*)?(?:(?:(?!(?:of|to|for|the|an?|and|or|in|on|by|with|from|through|via|as|benefit|use|legal)\b)[a-z][\w-]*\s){1,3}?(?:distributor|supplier|source|agent|reseller|dealer|provider|partner|representative|manufacturer|marketer|seller|purchaser|customer|sponsor|vendor|publisher|broker|(?:sub-?)?licensee)\b|right|rights|licen[cs]e[ds]?|sub-?licen[cs]e|distribut\w*|supplier|source|sourcing|agent|agency|reseller|re-seller|dealer|provider|partner|representative|manufacturer|marketer|seller|purchaser|customer|basis|territory|appointment|arrangement|relationship|sponsor|vendor|publisher|broker|(?:sub-?)?licensee|contractor|option|negotiation|dealing|access|marketing|sales?|supply|provision|endorse\w*|promot\w*)\b/i;
/**
 * "appoints X as its exclusive ...", "on an exclusive basis", "exclusively from / through / to X", "licensed to the JV exclusively",
 * "entitled to exclusively provide", "will provide editing services exclusively", "the exclusivity rights granted to LEA". How or where it is done ("payment made exclusively
 * by wire transfer", "services exclusively at the Company premises") keeps no one out.
 */
const EXCLUSIVE_VERB =
  /\b(?:appoint\w*|grants?|granted|designat\w*)\b[^.;]{0,80}?\bexclusive\b|\b(?:purchas\w*|buy|bought|order\w*|sourc\w*|obtain\w*|sell|sold|distribut\w*|market\w*|made|communicat\w*|provided?|work(?:s|ing)?)\b[^.;]{0,40}?\bexclusively\s(?:from|through|to|with|by(?!\s(?:means|way|wire|bank|electronic|cheque|check|cash|credit|mail|courier|hand|e-?mail|fax)\b))\b|\b(?:licen[cs]ed|granted|appointed)\b[^.;]{0,40}?\bexclusively\b|\bexclusively\s(?:to\s)?(?:provide|supply|sell|distribute|market|purchase|license)\b|\b(?:provid\w*|render\w*|perform\w*)\s(?:[\w-]+\s){0,3}?services\sexclusively\b(?!\s(?:at|in|on|within)\b)|\b(?:grant\w*|give[sn]?|giving|provid\w*|ha(?:ve|s)|enjoy\w*|retain\w*|receiv\w*|afford\w*)\s(?:[\w'-]+\s){0,3}?exclusivity\b(?!\s(?:fees?|payments?)\b)|\bexclusivity\s(?:rights?\b|(?:granted|conferred)\b)/i;
/** "shall not appoint any other distributor", "will not sell the Products to any other reseller in the Territory". */
const NO_OTHER =
  /\b(?:shall|will|may)\snot\b[^.;]{0,80}?\bgrant\w*\s(?:to\sany\s(?:third\spart(?:y|ies)|person|entity)\s)?(?:any\s(?:other|further|additional)|another)\s(?:[\w-]+\s){0,2}?(?:licen[cs]es?|distributorships?|franchises?)\b|\b(?:shall|will|may)\snot\b[^.;]{0,80}?\b(?:appoint|grant|authori[sz]e|license|engage|sell\s(?:\w+\s){0,4}to|purchase\s(?:\w+\s){0,4}from|buy\s(?:\w+\s){0,4}from)\b[^.;]{0,60}?\b(?:any\s(?:other\s)?(?:third\spart(?:y|ies)|person|entity|distributor|supplier|reseller|agent|licensee|dealer|representative|manufacturer))/i;
/** "sole agent", "solely from STAAR", "shall be exclusive", "will not purchase Products from any person other than Cisco". */
const SOLE =
  /\b(?:sole|only)\s(?:and\sexclusive\s)?(?:(?:authori[sz]ed|official|approved|appointed|licensed)\s)?(?:distributor|supplier|source|provider|agent|reseller|licensee|representative|sponsor|partner|vendor)\b|\b(?:procure|purchase|buy|obtain|source)\w*\b[^.;]{0,40}\bsolely\sfrom\b|\b(?:shall|will)(?:,\s[^,.;]{1,100},)?\sbe\s(?:(?:perpetual|irrevocable|worldwide|royalty-free|fully\spaid(?:-up)?|sole|and),?\s){0,4}?exclusive\b(?!\sof\b)|\b(?:purchas|buy|obtain|sourc|procur)\w*\b[^.;]{0,160}?\bfrom\sany\s(?:[\w-]+\s){0,4}?other\sthan\b/i;
/**
 * "agrees not to grant the right ... to anyone other than Company", "not to appoint additional distributors",
 * "not enter into an agreement with any other Party". The "other" must be a counterparty: "in any other manner",
 * "any other business or employment relationship" or "any other insurance" keep no one out, and an agreement with
 * any other entity "that would prevent" performance is a promise not to conflict, not exclusivity.
 */
const NOT_TO_OTHERS =
  /\b(?:not|never|nor)(?:,\s[^,.;]{1,40},)?\s(?:to\s)?(?:will\s\w+\s)?(?:\w+\s){0,2}?(?:appoint|grant|provide|engage|enter\sinto|sell|supply|distribute|collaborate|license|authori[sz]e|be(?:en)?\s(?:granted|appointed|licen[cs]ed|sold|provided|authori[sz]ed))\b[^.;]{0,160}?\b(?:any\sother\s(?:[\w-]+\s){0,2}?(?:[Pp]art(?:y|ies)|[Pp]ersons?|[Ee]ntit(?:y|ies)|[Cc]ompan(?:y|ies)|firms?|providers?|vendors?|suppliers?|distributors?|resellers?|licensees?|agents?|brokers?|dealers?|customers?|manufacturers?|sellers?|retailers?|wholesalers?|marketers?|advertisers?|publishers?|sponsors?|[A-Z][\w-]*s)\b(?!\s(?:that|which)\s(?:would|could|will|may|might)\s(?:\w+\s){0,2}?(?:prevent|conflict|interfere|impair|hinder|restrict|limit))|another\s(?:[\w-]+\s){0,2}?(?:[Pp]arty|[Pp]erson|[Ee]ntity|[Cc]ompany|firm|provider|vendor|supplier|distributor|reseller|licensee|agent|dealer|manufacturer)\b|anyone\sother\sthan|additional\s(?:distributors|resellers|licensees|agents|suppliers))/;
/**
 * Not licensing the subject to anyone else: "shall not license the Content to any third parties", "will grant no other licenses for the
 * Territory", "shall have no right to allow any party other than Licensee to publish", "prohibited from granting such rights to any
 * entity other than Sponsor". The one let in is named (case matters): "any person other than its employees" is a need-to-know limit.
 */
const NO_LICENCE_TO_OTHERS =
  /\b(?:shall|will|may)\snot\s(?:[\w-]+,?\s){0,6}?licen[cs]e\s(?:[^.;]{0,60}?\s)?to\s(?:any\s)?(?:third\spart(?:y|ies)|others|any\sother)\b|\bgrant\sno\s(?:other|further|additional)\s(?:licen[cs]es|rights)\b|\b(?:not|no\sright\sto|prohibited\sfrom)\s(?:[\w-]+\s){0,3}?(?:allow\w*|permit\w*|grant\w*|licen[cs]\w*|authori[sz]\w*|appoint\w*)\b[^.;]{0,100}?\bany\s(?:[\w-]+\s){0,3}?(?:part(?:y|ies)|persons?|entit(?:y|ies)|compan(?:y|ies)|providers?|third\spart(?:y|ies))\sother\sthan\s(?:the\s)?[A-Z]/;
/** A bar on sublicensing ("may not sublicense the license rights to any other third party") limits what the licensee passes on, not whom the grantor deals with (train: 0 of 6 such sentences labelled). */
const NO_SUBLICENSING = /\bnot\s(?:[\w-]+\s){0,2}?sub-?licen[cs]e\b/i;
/** "will not enter into any other endorsement agreement for ... any other dietary supplements": no second deal of the same kind; one that would merely conflict, or compete (a non-compete), is another matter. */
const NO_OTHER_AGREEMENT =
  /\b(?:not|never|nor)\s(?:to\s)?(?:[\w-]+\s){0,3}?enter\sinto\s(?:any\s)?(?:other|additional|similar)\s(?:[\w-]+\s){0,2}?(?:agreements?|arrangements?|contracts?)\b(?![^.;]{0,60}?\b(?:that|which|the\sperformance\sof\swhich)\s(?:would|could|will|may|might|is|are)\s(?:[\w/]+\s){0,3}?(?:prevent|conflict|inconsistent|interfere|impair|hinder|restrict|limit|compete|cause|breach|violate))/i;
/**
 * CUAD's "prohibition on collaborating with other parties": "Neither Party shall collaborate with any Third Party on a product for
 * the Indication". Only collaboration: not working "directly with any third parties introduced" by the other is non-circumvention.
 */
const NO_COLLABORATION =
  /\b(?:not|never|nor|neither)\b[^.;]{0,80}?\bcollaborat\w*\s(?:\w+\s){0,2}?with\s(?:any\s)?(?:third\spart(?:y|ies)|other\s(?:[\w-]+\s)?(?:part(?:y|ies)|persons?|entit(?:y|ies)|compan(?:y|ies)))\b/i;
/**
 * An endorser bound to one maker's goods: "shall exclusively play/use the Mandatory Products", "agrees to use only the golf
 * clubs and golf bags of the Company". Using only approved materials or lawful practices is quality, not exclusivity, so the
 * goods must be a party's (case matters: "of the Company", "by Sponsor").
 */
const USES_ONLY =
  /\b(?:shall|will|agrees?\sto|must)\s(?:exclusively\s(?:use|wear|play)\b|(?:use|wear|play)\s(?:only|exclusively)\s(?!such\b)[^.;]{0,60}?\b(?:of|from|by)\s(?:the\s)?[A-Z])/;
/**
 * A requirements contract: the buyer takes all it needs from the other ("shall purchase all of Customer's requirements for
 * the Products from Supplier", "will buy its entire requirements of widgets from Seller", or the seller's side in the classic
 * form, "shall supply all of the Buyer's requirements"). Efforts to "furnish" or "fulfil all of Distributor's requirements",
 * or a lease "in respect of the supply of all DCL's requirements", commit no one to a single source (on train they sit
 * outside CUAD's spans), so the verb is the buyer's or the seller's promise to supply.
 */
const REQUIREMENTS =
  /(?:\b(?:purchas|buy|bought|obtain|procur|sourc|order)\w*|\b(?:shall|will|must|agrees?\sto)\ssupply)\b[^.;]{0,80}?\b(?:(?:all|entire|total|one\shundred\spercent|100%)\s(?:\(\d+%\)\s)?(?:of\s)?(?:its|their|(?:the\s)?[\w-]+'s)|(?:its|their|[\w-]+'s)\s(?:entire|total|full))\s(?:[\w-]+\s){0,3}?requirements\b/i;
/** Exclusive remedies, courts, property, which terms govern, who defends a claim and the like are not exclusivity in the commercial sense. */
const NON_EXCLUSIVE = /\bnon-?\s?exclusiv\w*|\b(?:not|no|nor|neither|nothing|none)\b[^.;]{0,60}?\bexclusiv\w*/gi;
/**
 * The licence-back of an assignment ("assigns to Company all right, title and interest in the Work Product and, to the extent
 * any rights cannot be assigned, grants Company an exclusive, perpetual licence"): ownership passing, not exclusive dealing.
 */
const ASSIGNMENT_FALLBACK_LICENCE =
  /(?:\bto\sthe\sextent\b[^.;]{0,60}?\b(?:cannot|can\snot|may\snot|is\snot|are\snot)\s(?:be\s)?(?:[\w-]+\s)?(?:assigned|assignable|transferred|transferable)|\bassign\w*\b[^.;]{0,120}?\bright,?\stitle,?\sand\sinterest)\b[^.;]{0,160}?\bexclusive\b/gi;
/** What belongs to a party exclusively is ownership ("shall belong fully and exclusively to Client"), not exclusivity. */
const OWNED_EXCLUSIVELY = /\b(?:belong\w*|owned|vest\w*)\s(?:(?:fully|solely|wholly|and)\s)*exclusively\b/gi;
/** Not passing on its rights or obligations ("shall not subcontract, assign, license ... to any third party any right or obligation") is anti-assignment. */
const ASSIGNMENT =
  /\b(?:assign|transfer|subcontract|delegate)\w*\b[^.;]{0,120}\b(?:rights?\sor\sobligations?|obligations?\sor\srights?|this\sagreement)\b/i;
/**
 * "Any other person" who acts for the party ("will not, for itself or any other person, solicit") is
 * the party's proxy, not a counterparty kept out; and not passing on information or data to any third
 * party is confidentiality.
 */
const PROXY =
  /\b(?:for|on\sbehalf\sof)\s(?:itself|himself|herself|themselves)\sor\s(?:on\sbehalf\sof\s)?(?:any\sother|another)\s(?:person|entity|party)(?:\sor\sentity)?/gi;
const PASSES_ON_INFORMATION = /\b(?:disclos\w*|transfer\w*)\b[^.;]{0,80}?\b(?:information|data)\b/i;
/** An unfilled form ("Content exclusive: [ ] Yes [ ] No") states nothing. */
const BLANK_CHOICE = /\[\s*\]\s*yes\b[^.;]{0,10}\[\s*\]\s*no\b/i;
/**
 * Mentions that commit no one: a heading ("2.7 Exclusivity."), a recital ("WHEREAS, X desires to appoint
 * Y as its exclusive agent", which the operative grant repeats), a definition ('"Exclusivity Fee" means').
 */
const RECITAL =
  /^\s*(?:\(?[a-z0-9]{1,3}[.)]\s*)?(?:RECITALS?:?\s(?:\(?[a-z0-9]{1,3}[.)]\s*)?|Background:?\s|WITNESSETH:?\s)?(?:WHEREAS|Whereas)\b|^\s*RECITALS?\b/;
const DEFINITION = /^[^;:]{0,80}?"\s*(?:shall\s)?(?:means?|has\sthe\smeaning|shall\shave\sthe\smeaning|is\sdefined)\b/;
/** Also a person's status is no grant: "hire any employee, exclusive contractor or consultant of the Company". */
const NOT_COMMERCIAL =
  /\b(?:governed|construed|interpreted|determined|resolved|settled|controlled)\sexclusively\b|\bexclusively\sgovern\w*|\bexclusive\sbenefit\b|\b(?:borne|paid|payable|bear|bears)\s(?:solely\sand\s)?exclusively\b|\bexclusive\s(?:right,?\stitle|right\sto\s(?:defend|control|institute|bring|enforce|sue|determine|decide|set|approve|copyright|take\s(?:any\s)?action)\b|option\b|warrant|remed|jurisdiction|venue|forum|property|owner|ownership|responsib|control|discretion|liabilit|obligation|means|method|judge|competence|of\b|and\s(?:sole|entire)\sremed)|\b(?:employee|staff|personnel)s?,?\s(?:or\s|and\s)?exclusive\s(?:independent\s)?contractor/gi;

/**
 * Done only through one named party: "All sales to customers will be carried out exclusively by Distributor", "communications
 * with the League shall be made exclusively and directly through Licensor". The party is a name (case matters): "exclusively by
 * wire transfer" or "exclusively by its employees" says how, not through whom. It is trade or dealings with a counterparty that go
 * through the party: "notices shall be sent exclusively through Paying Agent" is how a notice is served.
 */
const EXCLUSIVELY_THROUGH_PARTY =
  /\b(?:[Ss]ales?|sold|[Oo]rders?|offered\sfor\ssale|[Mm]arketing|[Dd]istribution|[Pp]urchases?|(?:[Cc]ommunications?|[Cc]ontacts?)\swith)\b[^.;]{0,160}?\bexclusively\s(?:and\s(?:directly|solely)\s)?(?:through|via|by)\s(?:the\s)?(?!(?:Purposes?|Term|Territory|Section|Article|Schedule|Exhibit|Annex|Appendix|Clause)\b)[A-Z]/;
/** Only one named party trades: "only Distributor will be marketing the Output", "only the Agent shall sell the Products in the Territory". */
const ONLY_PARTY_TRADES =
  /\b[Oo]nly\s(?:the\s)?[A-Z][\w-]*(?:\s[A-Z][\w-]*){0,2}\s(?:will|shall|may)\s(?:be\s)?(?:market|sell|distribut|suppl|provid|offer)\w*/;
/**
 * Made for one customer only: "manufacture ... the Product for shipment, exclusively for Kitov" (a name, so case
 * matters). Work "developed exclusively for Client" is about who owns it, so development is not one of the verbs.
 */
const EXCLUSIVELY_FOR_PARTY =
  /\b(?:[Mm]anufactur\w*|[Pp]roduc(?:e|es|ed|ing)|[Ss]uppl(?:y|ied))\b[^.;]{0,80}?\bexclusively\sfor\s(?:the\s)?(?!(?:Purposes?|Term|Territory|Field)\b)[A-Z]/;
/**
 * A heading that names exclusivity ("4.1 Exclusivity.", "(e) Exclusive Dealing.") makes the restriction under it exclusivity,
 * however it is worded: "shall be prohibited from developing ... for any Third Party", "shall sell the Products only to Distributor", "will not circumvent the other by
 * contacting any third party", "No marketing exclusivity ... is conferred except to the extent set forth in the Summary".
 * Headings that deny it or name a remedy or a court ("Non-Exclusivity", "Exclusive Remedy") do not, and a bare promise not
 * to deal with or promote competitors ("will not endorse any product directly competitive to") is a non-compete.
 */
const EXCLUSIVITY_HEADING =
  /\bexclusiv(?:ity|e\s(?:dealing|supply|purchas\w*|rights?|appointment|relationship|arrangement|sales?|distribut\w*|licen[cs]e))\b/i;
const NOT_EXCLUSIVITY_HEADING =
  /\b(?:non|no|not)\b[\s-]?(?:[\w-]+\s)?exclusiv|\bexclusive\s(?:remed|jurisdiction|venue|forum|property|owner|control|understanding|agreement)/i;
const RESTRICTION =
  /\b(?:shall|will|may)\snot\b|\bprohibited\sfrom\b|\bagrees?\snot\sto\b|\bexcept\s(?:as|to\sthe\sextent)\b|\b(?:only|solely|exclusively)\s(?:to|from|through|with)\b/i;
const NOT_RESTRICTION = /\bnon-?\s?exclusiv|\bnothing\b|\b(?:construed|deemed|interpreted)\b/i;
const COMPETITORS = /\bcompetit/i;
const EXCLUSIVITY_WORD = /\bexclusiv/i;
function headsRestriction(heading: string, body: string | undefined): boolean {
  return (
    body !== undefined &&
    EXCLUSIVITY_HEADING.test(heading) &&
    !NOT_EXCLUSIVITY_HEADING.test(heading) &&
    RESTRICTION.test(body) &&
    !NOT_RESTRICTION.test(body) &&
    (!COMPETITORS.test(body) || EXCLUSIVITY_WORD.test(body))
  );
}
const DEFINED_LICENSED = /\b(?:Licensed|Granted|Appointed)(?=\s[A-Z])/g;

/**
 * Exclusivity held by someone else, not by the counterparty: a party that "may have entered into exclusive
 * license arrangements with other corporations", "reserves the right to grant to any other person an exclusive
 * territory", or "retains its sole and exclusive right" keeps or gives the right away from the counterparty. An owner's
 * "exclusive right" in its own marks ("acknowledges PPG's exclusive right and interests in relation to the PPG
 * Trademarks") and the right to run a lawsuit ("the exclusive right, but not the obligation, to prosecute, defend
 * and/or settle") are ownership and control of claims, not exclusive dealing.
 */
const EXCLUSIVE_ELSEWHERE =
  /\b(?:owns?|ownership|acknowledg\w*)\b[^.;]{0,60}?\bexclusive\s(?:right|rights)\b(?!\s(?:granted|hereunder|under\sthis))|\bexclusive\s(?:right|rights),\s[^,.;]{0,80},\sto\s(?:prosecute|defend|settle|institute|bring|control|enforce)\b|\bexclusive\sright\sto\ssettle\b|\bexclusive\s(?:[\w-]+\s){0,2}?(?:with|to)\s(?:any\s)?(?:other|third)\s(?:[\w-]+\s)?(?:part(?:y|ies)|persons?|corporations?|entit(?:y|ies)|compan(?:y|ies))\b|\b(?:to|with)\s(?:any\s)?(?:other|third)\s(?:part(?:y|ies)|persons?|corporations?|entit(?:y|ies)|compan(?:y|ies))\s(?:an?\s)?exclusive\s[\w-]+|\b(?:retains?|reserves?)\s(?:(?:its|the|all)\s)?(?:sole\sand\s)?exclusive\s(?:right|rights)\b/gi;

/**
 * Exclusivity (CUAD "Exclusivity"): an exclusive appointment, licence or right ("appoints
 * Distributor as its exclusive distributor in the Territory", "exclusive right to sell"), a
 * promise not to appoint or deal with anyone else for the same thing, or a requirements
 * contract. "Non-exclusive" and "exclusive remedy / jurisdiction / property" are not.
 */
export function extractExclusivity(view: TextView): PresenceField | null {
  return presenceOf(view, MENTIONS, (text, _sentence, index) => {
    if (isBareHeading(text)) return headsRestriction(text, view.sentences[index + 1]?.text);
    if (BLANK_CHOICE.test(text) || RECITAL.test(text) || DEFINITION.test(text)) return false;
    // "the Licensed Technology exclusively for research" names a defined term, not something licensed exclusively.
    const plain = text.replace(DEFINED_LICENSED, 'Defined');
    const keptOut = plain.replace(PROXY, ' ');
    const commercial = plain
      .replace(NON_EXCLUSIVE, ' ')
      .replace(NOT_COMMERCIAL, ' ')
      .replace(OWNED_EXCLUSIVELY, ' ')
      .replace(ASSIGNMENT_FALLBACK_LICENCE, ' ')
      .replace(EXCLUSIVE_ELSEWHERE, ' ');
    return (
      EXCLUSIVE_GRANT.test(commercial) ||
      EXCLUSIVE_VERB.test(commercial) ||
      EXCLUSIVELY_FOR_PARTY.test(commercial) ||
      EXCLUSIVELY_THROUGH_PARTY.test(commercial) ||
      ONLY_PARTY_TRADES.test(text) ||
      ((NO_OTHER.test(keptOut) || NOT_TO_OTHERS.test(keptOut) || NO_OTHER_AGREEMENT.test(keptOut) || NO_LICENCE_TO_OTHERS.test(keptOut)) &&
        !ASSIGNMENT.test(text) &&
        !NO_SUBLICENSING.test(text) &&
        !PASSES_ON_INFORMATION.test(text)) ||
      SOLE.test(text) ||
      NO_COLLABORATION.test(keptOut) ||
      USES_ONLY.test(text) ||
      REQUIREMENTS.test(text)
    );
  });
}
