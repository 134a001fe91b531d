import { presenceOf } from './presence.js';
import type { TextView } from './text-view.js';
import type { PresenceField } from './types.js';
import { escapeRegExp } from './regexp.js';

/** "All rights in the Results shall pass to Sponsor" names no owner, property or assignment: the passing is the mention. */
const MENTIONS =
  /assign|transfer|convey|\bpass\sto\b|hire|property|own|(?:right|patent|trademark|property)\sholder|attorney|vest|belong|title|知识产权|著作权|专利|归/i;
const IP =
  /\b(?:intellectual\sproperty|inventions?|improvements?|discoveries|developments?|work\sproduct|deliverables?|copyrights?|patents?|trademarks?|service\smarks?|works?\b|materials?|content|designs?|software|know-how|technology|data|results|modifications?|derivative\sworks?|enhancements?|domains?|URLs?|proprietary\srights|IPRs?|IP)\b/i;
/**
 * "hereby assigns", "agrees to assign", "shall assign", "assigns, transfers and conveys", with what is assigned being rights or
 * creations; granting the whole "right, title and interest" ("hereby grants to Company all right, title and interest in the Work
 * Product") is an assignment too, where granting a licence is not.
 */
const ASSIGNS =
  /\b(?:grants?\s(?:to\s(?:the\s)?(?:[A-Z][\w&.-]*\s){1,3})?(?=(?:all|its\sentire|the\sentire)\s(?:of\s(?:its|their|his|her)\s)?rights?,?\stitle\b)|(?:assigns|transfers|conveys)\s(?:all|any|its|his|her|their|the\sentire)\s(?:of\s)?(?:(?:its|his|her|their|the)\s)?(?:worldwide\s)?(?=(?:right,?\stitle|copyrights?|patents?|intellectual\sproperty|ownership|moral\srights|rights?\s(?:in|to|therein|thereto))\b)|hereby\s(?:(?:irrevocably|unconditionally|absolutely|expressly|grants?|sells?|transfers?|conveys?|sets\sover)[\s,]+(?:and\s)?){0,4}(?:assigns?|transfers?|conveys?)|(?:agrees?|undertakes?|shall|will|must)\s?,?\s(?:to\s)?(?:and\shereby\sdoes\s?,?\s(?:[\w\s]{0,40},\s)?)?(?:(?:irrevocably|promptly|hereby)\s)*(?:(?:disclose|grant|sell)\sand\s)?(?:assign|transfer|convey)s?|cause\s(?:[\w',]+\s){0,9}?to,?\s(?:assign|transfer|convey)|procure\sthat\s(?:[\w',-]+\s){0,9}?(?:assign|transfer|convey)s?|(?:irrevocably|unconditionally|absolutely)(?:\s(?:and\s)?(?:irrevocably|unconditionally|absolutely))?\s(?:assigns|transfers|conveys)(?:\sand\s(?:assigns|transfers|conveys))?|does\shereby,?\sassign|assigns?,\stransfers?|(?:assigns|transfers)(?:\sand\s(?:assigns|transfers|conveys))?\s(?:fully\s|absolutely\s|irrevocably\s)?to\s(?:the\s)?(?:[A-Z][\w&.-]*\s){1,3}(?:with\s(?:full|limited)\stitle\sguarantee\s)?all)\b[^.;]{0,300}?\b(?:rights?,?\stitle|(?:all\s)?(?:of\s)?(?:its|their|his|her)\s(?:right|interest|ownership)|rights?\s(?:in|to|therein|thereto)\b|interest\s(?:in|therein)|ownership|intellectual\sproperty|inventions?|improvements?|work\sproduct|copyrights?|patents?|deliverables?|trademarks?|service\smarks?|domain\snames?|works?\sof\sauthorship|derivative\sworks?|IPRs?)\b/i;
/** Works made for hire, and creations that vest in or belong to the other party. */
const VESTS =
  /\b(?:shall|will)\s(?:remain\s(?:with|in)\sand\s)?(?:be\s)?(?:vest(?:ed)?|belong)\s(?:solely\s|exclusively\s)?(?:in|to)\b|\b(?:shall|will)\s(?:(?:automatically|immediately|thereupon|forthwith|solely|exclusively)\s)?(?:be|become(?:\sand\sremain)?)\s(?:the\s)?(?:(?:sole\sand\sexclusive|sole|exclusive|absolute)\s)?property\sof\b|\b(?:shall|will)\s(?:(?:automatically|immediately|thereupon|forthwith)\s)?(?:be|become)\s(?:the\s)?[A-Z][\w&.-]*'s?\s(?:(?:sole\sand\sexclusive|sole|exclusive|absolute)\s)?property\b|\b(?:shall|will)\s(?:solely\s|exclusively\s)?own\s(?:and\sretain\s)?(?:all|any|each|the|such)\b|\b(?:(?:is|are)\sand\s(?:shall|will)\sbe|(?:shall|will)\sbe\sdeemed(?:\sto\sbe)?)\s(?:the\s)?(?:(?:sole\sand\sexclusive|sole|exclusive|absolute)\s)?property\sof\b|\b(?:shall|will)\shave\s(?:sole\s(?:and\sexclusive\s)?|exclusive\s|full\s)(?:ownership|title)\s(?:of|to|in)\b|\b(?:ensure|procure)\sthat\b[^.;]{0,150}?\b(?:vests?|belongs?)\s(?:solely\s|exclusively\s)?(?:in|to)\b|\b(?:shall|will)\s(?:(?:solely|exclusively|be|deemed|to)\s){0,5}owned\s(?:solely\s|exclusively\s)?by\b|\b(?:shall|will)\s(?:be|become)\s?,?\s(?:(?:deemed|considered)\s(?:to\sbe\s)?)?the\s(?:sole\s(?:and\sexclusive\s)?|exclusive\s)?(?:author\sand\s)?owner\sof\s(?:all|any|each|the|such)\b|\band\sbe\sowned\s(?:solely\s|exclusively\s)?by\b|\bexecute\b[^.;]{0,80}\bdocuments?\b[^.;]{0,80}\bto\s(?:assign|transfer|perfect|confirm)\b/i;
/** Creations made under the contract, as opposed to each party keeping what it brought. */
const CREATED =
  /\b(?:deliverables?|work\sproduct|develop\w*|creat\w*|conceiv\w*|made|written|commissioned|invent\w*|generat\w*|produc\w*|prepared|arising|result\w*|improv\w*|deriv\w*|author\w*|perform\w*\s(?:of|under)|used\sby\s(?:the\s)?[\w-]+\sin\sconnection\swith|foreground|under\sthis\sagreement|hereunder|pursuant\sto\sthis\sagreement)\b/i;
/**
 * A further-assurance duty to pass rights over ("shall execute any and all documents ... necessary to transfer such
 * right, title or interest to Franchisor"): the assignment mechanism itself, whoever made what it covers. The papers may
 * be listed long before the purpose ("execution of all applications, oaths, assignments and other instruments ... necessary
 * in order to apply for ... patents, and in order to deliver, assign and convey to the Company ... the right, title").
 */
const EXECUTES_TO_ASSIGN =
  /\b(?:execut(?:e|ed|ion)|sign)\b[^.;]{0,80}\b(?:documents?|documentation|instruments?|papers|assignments?)\b[^.;]{0,200}\b(?:to|of)\s(?:(?:deliver|sell),?\s(?:and\s)?)?(?:assign|transfer|vest|(?:effect|evidence|perfect|confirm)(?:ing)?\s(?:or\s(?:effect|evidence|perfect|confirm)\s)?(?:the\s|such\s|any\s)?(?:foregoing\s)?(?:assignments?|transfers?))\b[^.;]{0,120}\b(?:right,?\stitle|rights?|ownership|intellectual\sproperty|work\sproduct|inventions?|deliverables?|patents?|copyrights?)\b/i;
/**
 * The fallback of an assignment of inventions: the maker appoints the owner its attorney-in-fact to sign the patent and
 * copyright filings in its place ("hereby irrevocably designates and appoints the Company ... as Consultant's agent and
 * attorney-in-fact ... to execute and file any such applications ... with respect to such Inventions", "appointing
 * Client as its attorney-in-fact to execute all such assignments").
 */
const APPOINTS_ATTORNEY = /\bappoint(?:s|ing)?\b[^.;]{0,120}\battorney[\s-]in[\s-]fact\b/i;
const FILED_OR_ASSIGNED = /\b(?:patents?|copyrights?|mask\swork|inventions?|intellectual\sproperty|assignments?)\b/i;
/**
 * A party keeping its own rights is not an assignment to the other; "shall own and retain" what is generated is owning it.
 * Confidential information that stays the discloser's ("materials prepared by the Recipient ... shall be the property of
 * the Disclosing Party") is kept, not passed: labelled in none of its 8 train sentences.
 */
const RETAINS =
  /(?<!\bown\sand\s)\b(?:retains?|reserves?|shall\sretain|will\sretain)\b[^.;]{0,60}\b(?:right,?\stitle|ownership|all\srights)\b|\b(?:each|either)\sparty\s(?:shall|will)\s(?:solely\s)?own\b|\bits\sown\s(?:inventions|intellectual)|\b(?:is|are)\sand\s(?:shall|will)\sremain\b|\bown\sall\s(?:rights?\s(?:to|in)\s)?its\b|\brepresents\sand\swarrants\b|\b(?:vest|belong|property\sof|owned\sby)\s(?:[\w-]+\s){0,3}?(?:(?:that|such|the\s(?:relevant|respective|applicable|inventing|developing|creating|generating|originating|authoring))\sparty\b|the\sparty\s(?:that|which|who|whose)\b)|\b(?:property\sof|belongs?\sto|owned\sby|vests?\sin)\s(?:the\s)?(?:disclosing\sparty|discloser)\b/i;

/** "The Manufacturer has appointed the Customer the copyright holder of the book": ownership conferred on a named party. */
const MADE_OWNER =
  /\b(?:appoint|designate|nominate)(?:s|ed)?\s(?:the\s)?[A-Z][\w&.-]*\s(?:as\s)?(?:the\s)?(?:sole\s|exclusive\s)?(?:copyright|patent|trademark|intellectual\sproperty)\s(?:holder|owner)\b/;

/** A work made for hire, unless the first mention is negated ("shall not be deemed a work-for-hire"). */
const WORK_FOR_HIRE = /\bworks?[\s-]+(?:made[\s-]+)?for[\s-]+hire\b/i;
const NOT_BEFORE = /\b(?:not|no|neither|nor|nothing)\b[^.;]{0,40}$/i;
/**
 * "Any use of the Licensed Marks ... will be a work made for hire for Licensor": the licensee's use of the licensor's
 * own marks inures to the licensor; no creation of one party passes to the other.
 */
const USE_OF_MARKS = /\buses?\sof\s(?:the\s)?(?:[A-Z][\w-]*\s){0,2}(?:Marks|Trademarks|Logos?)\b/;
function isWorkForHire(text: string): boolean {
  const found = WORK_FOR_HIRE.exec(text);
  if (found === null || NOT_BEFORE.test(text.slice(Math.max(0, found.index - 60), found.index))) return false;
  return !USE_OF_MARKS.test(text.slice(0, found.index));
}
/** "any such rights are hereby granted and assigned to PFHOF", "is hereby irrevocably assigned to Company", "All rights in the Deliverables are hereby transferred to Customer", "all right, title and interest in the Tooling will automatically transfer to X". */
const ASSIGNED_PASSIVE =
  /\brights?,\stitle\sand\sinterest\b[^.;]{0,120}?\b(?:shall|will)\s(?:automatically\s|immediately\s)?(?:transfer|pass)\sto\b|\b(?:is|are)\shereby\s(?:(?:irrevocably|unconditionally|granted|transferred|conveyed|assigned)\s(?:and\s)?)*(?:assigned|transferred|conveyed)\sto\b|\bcause\b[^.;]{0,100}?\bto\sbe\s(?:(?:assigned|transferred|conveyed)\s(?:and\s)?)+(?:\w+\s){0,2}?to\b/i;

/**
 * Title given in what is made: "XIMAGE will give title to all modifications and improvements to the PSS Software",
 * "shall grant Customer title to all Deliverables". Title to goods ("give title to the Equipment") is a sale, so
 * what the title is in must be a creation.
 */
const GIVES_TITLE =
  /\b(?:give|grant|pass|transfer|convey)s?\s(?:(?:to\s)?(?:the\s)?[A-Z][\w&.-]*\s)?(?:full\s|good\s|sole\s)?title\s(?:to|in)\s(?:all\s|any\s|the\s|such\s)?(?:[\w-]+\s){0,2}?(?:modifications|improvements|enhancements|inventions|deliverables|work\sproduct|developments|derivative\sworks|intellectual\sproperty)\b/i;
/**
 * Rights in creations that pass over without "hereby": "Ownership of all Results ... shall pass to
 * Sponsor", "All rights in the Deliverables shall be transferred to Customer", "any trademarks
 * registered by Distributor shall be assigned to Supplier". Title to goods passes too, so what passes is
 * rights or ownership (not bare title) in intellectual property, made under the contract or registered by the other.
 */
const PASSES_TO =
  /\b(?:rights?|ownership|interests?|trademarks?|domain\snames?|copyrights?|patents?|inventions?|improvements?|work\sproduct|deliverables?|intellectual\sproperty)\b(?!\sof\sloss)[^.;]{0,120}?\b(?:shall|will)\s(?:automatically\s|immediately\s|thereupon\s)?(?:pass|transfer|vest|be\s(?:(?:assigned|transferred|conveyed)\s(?:and\s)?)+)\s*(?:to|in)\b/i;
/**
 * The wording found and not denied: "No rights in any intellectual property ... shall be transferred", "Nothing in this
 * Agreement shall cause any patent to be assigned to Licensee".
 */
function undenied(pattern: RegExp, text: string): boolean {
  const found = pattern.exec(text);
  return found !== null && !NOT_BEFORE.test(text.slice(Math.max(0, found.index - 60), found.index));
}
const passesOver = (text: string) => undenied(PASSES_TO, text);
const REGISTERED_BY = /\bregister\w*\sby\b/i;
const ASSIGNS_THE_AGREEMENT = /\bassign\w*\s(?:this|the)\sagreement\b/i;
/**
 * "Right, title and interest" is the wording of ownership itself: assigned, or documents signed to transfer it, it
 * passes what it names ("execute all documents necessary to transfer such right, title or interest to Franchisor")
 * even where the sentence does not say again that it is intellectual property.
 */
const RIGHT_TITLE = /\brights?,?\stitle\b/i;
/** "Neither party shall assign its right, title and interest ... without consent": a restraint on assigning, not an assignment. */
const ASSIGNING_RESTRAINED =
  /\b(?:not|neither|nor|no)\b[^.;]{0,60}\b(?:assign|transfer|convey)|\bwith(?:out)?\s(?:the\s)?(?:prior\s)?(?:express\s)?(?:written\s)?consent\b/i;
/**
 * Without an intellectual-property word, "right, title and interest" in goods, premises, shares, warranties or listings
 * is a sale, a security or a hand-over of the business ("hereby assigns to Buyer all right, title and interest in the
 * Equipment", "assigns to Lender, as collateral security, all of its right, title and interest in the Receivables",
 * "assigns to Franchisor all right, title and interest in the telephone numbers"), and in, to and under this Agreement
 * it is an assignment of the contract itself: no creation changes hands.
 */
const NOT_A_CREATION =
  /\b(?:interest|title)(?:,?\s(?:and\s)?(?:in|to|under)){1,3}\s(?:this\sagreement\b|(?:(?:the|such|all|any|its)\s)?(?:[\w-]+\s){0,2}?(?:products?|goods|equipment|hardware|inventory|units|receivables|accounts|machinery|vehicles|premises|real\sproperty|leases?|subleases?|shares|stock|warranties|telephone\snumbers?|listings)\b)|\binterest\shereunder\b|\bas\s(?:collateral\s)?security\b|\bsecurity\sinterest\b|\bcollateral\b/i;
function passesRightTitle(text: string): boolean {
  return RIGHT_TITLE.test(text) && !ASSIGNING_RESTRAINED.test(text) && !NOT_A_CREATION.test(text);
}
/**
 * "Neither Party shall assign a partial interest in the Joint IP to any Third Party" restrains assigning. Only a negation in
 * the assigning clause itself counts: "if it is not a work made for hire, Vendor hereby assigns" still assigns.
 */
const NEGATED_IN_CLAUSE = /\b(?:not|no|neither|nor|nothing)\b[^.;,]{0,30}$/i;
function assignsCreation(text: string): boolean {
  const assigns = ASSIGNS.exec(text);
  if (assigns === null || NEGATED_IN_CLAUSE.test(text.slice(Math.max(0, assigns.index - 40), assigns.index))) return false;
  return (IP.test(text) || passesRightTitle(text)) && !ASSIGNS_THE_AGREEMENT.test(text);
}
/**
 * Who ends up owning: "property of X", "vest in X", "belong to X", "owned by X", "X shall own". A name of several
 * words is taken whole ("owned by the Village Media Company"), so its first word is not mistaken for a namesake.
 */
const OWNER_AFTER =
  /\b(?:property\sof|vest(?:s|ed)?\s(?:solely\s|exclusively\s)?in(?:\sand\sbelong\sto)?|belongs?\s(?:solely\s|exclusively\s|fully\s)?to|owned\s(?:solely\s|exclusively\s)?by)\s(?:the\s)?(Party\s[A-Z0-9]\b|(?:[A-Z][\w&.-]*\s){0,2}[A-Z][\w&.-]*\w|[a-z]+[A-Z][\w&.-]*\w)/g;
const NO_OWNER = /^(?:The|Such|Each|Either|Both|Any|All)\b/;
/**
 * "made by MD Anderson" and "owned by MD Anderson Cancer Center" name one party: names compare by their first word. "Party A"
 * and "Party B" are two parties: there the letter tells them apart.
 */
const partyKey = (name: string) => (/^Party\s[A-Z0-9]$/.test(name) ? name : name.split(' ')[0]);
const sameParty = (name: string, other: string) => partyKey(name) === partyKey(other);
const OWNER_BEFORE =
  /\b([A-Z][\w&.-]*\w)\s(?:(?:shall|will)\s(?:(?:solely\s|exclusively\s)?own\b|(?:be|become)\s?,?\s(?:[\w]+\s){0,5}?owner\sof\b)|(?:solely\s|exclusively\s)?owns\s(?=(?:all|any|each|the)\b))/;

/** A maker named by a pronoun, which reads back to the subject that owns: "improvements it develops", "made by it". */
const MADE_BY_IT =
  /\bit\s(?:\w+\s)?(?:develops|creates|makes|conceives|generates|invents|authors|produces|developed|created|made|conceived|generated|invented|authored|produced)\b|\b(?:developed|created|made|conceived|generated|invented|authored|produced)\s(?:solely\s|independently\s)?by\sit\b/i;
/** Who makes it, in the active voice: "In the event that TELKOM develops any extension ..." (not "Supplier makes no warranty"). */
const MAKES =
  /\b(?!It\b)([A-Z][\w&.-]*\w)\s(?:develops|creates|makes|conceives|invents|generates|authors|produces|designs)\s(?:any|an?|the|such|all|new)\b/g;
/** Who made it: "made, conceived or reduced to practice by Bachem", "developed solely by employees of iBio". */
const MAKER =
  /\b(?:made|developed|created|written|designed|produced|invented|discovered|conceived|generated|authored|prepared|practice|provided|supplied|furnished|contributed)\s(?:solely\s|exclusively\s|independently\s|jointly\s)?by\s(?:(?:employees|personnel)\sof\s)?(?:the\s)?(Party\s[A-Z0-9]\b|[A-Z][\w&.-]*\w|[a-z]+[A-Z][\w&.-]*\w)/dg;

/**
 * The owner made it or named it: "inventions made solely by employees of iBio shall belong to
 * iBio", "NETTAXI shall own ... the NETTAXI Pages". Ownership then stays where it was; nothing
 * passes from one party to the other. What another party made passes to the owner even when the
 * owner's name labels it ("made ... by Bachem ... (\"Magenta Developed Intellectual Property\") shall
 * be owned by Magenta").
 */
function ownerKeepsItsOwn(text: string): boolean {
  const found = ownerAndMakers(text);
  if (!found) return false;
  const { owner, ownerAt, makers } = found;
  if (makers.some((maker) => sameParty(maker, owner))) return true;
  if (makers.length > 0) return false;
  // "Adaptimmune Inventions ... the sole property of Adaptimmune Limited" is a namesake; "the Village Media Company's" is the owner again.
  const namesake = new RegExp(`\\b${escapeRegExp(owner.split(' ')[0]!)}\\s(?=[A-Z][a-z])`, 'g');
  for (const named of text.matchAll(namesake)) {
    if (named.index !== ownerAt && !(owner.includes(' ') && text.startsWith(owner, named.index))) return true;
  }
  return false;
}

/** The named owner and the named makers of what the sentence gives it, when an owner is named. */
function ownerAndMakers(text: string): { owner: string; ownerAt: number; makers: string[] } | null {
  // "owned by the Parties in accordance with the following: (a) ... the sole property of Acme": a chapeau names no owner.
  const owners = [...text.matchAll(OWNER_AFTER)];
  const found = owners.find((owned) => !owned[1]?.startsWith('Parties')) ?? owners[0] ?? OWNER_BEFORE.exec(text);
  const owner = found?.[1];
  if (!found || !owner || owner.length < 3 || NO_OWNER.test(owner)) return null;
  const ownerAt = found.index + found[0].lastIndexOf(owner);
  // "owner of all work product developed by Consultant" finds its owner where the maker is named: that naming is no maker.
  const makers = [...text.matchAll(MAKER)].filter((made) => made.indices?.[1]?.[0] !== ownerAt).map((made) => made[1] ?? '');
  for (const made of text.matchAll(MAKES)) makers.push(made[1] ?? '');
  // "Supplier will own all intellectual property in the Products, including improvements it develops": "it" is the owner.
  if (owners.length === 0 && MADE_BY_IT.test(text)) makers.push(owner);
  return { owner, ownerAt, makers };
}

/**
 * In the present tense ("Works authored by Contractor ... are the property of Company", "Consultant's rights in all
 * inventions developed by Consultant belong to the Company", "Customer owns all Work Product created by Service Provider") ownership
 * is as often acknowledged as given, so it counts
 * only when the sentence names a maker other than the owner.
 */
const OWNED_NOW =
  /\b(?:is|are)\s(?:the\s)?(?:(?:sole\sand\sexclusive|sole|exclusive|absolute)\s)?property\sof\b|\bbelongs?\s(?:solely\s|exclusively\s)?to\b/i;
/** A named party that "owns all" (case kept: the owner is a name). */
const OWNS_NOW = /\b[A-Z][\w&.-]*\s(?:solely\s|exclusively\s)?owns\s(?:all|any|each|the)\b/;
function madeByAnother(text: string): boolean {
  const found = ownerAndMakers(text);
  return found !== null && found.makers.length > 0 && !found.makers.some((maker) => sameParty(maker, found.owner));
}

/**
 * "All goodwill arising from Licensee's use of the Marks shall inure to (vest in) Licensor": the trademark owner keeping the
 * goodwill of its own marks, not something the other party created passing over (on train 0 of 27 such sentences are
 * labelled, save one that also says "hereby assigned").
 */
const GOODWILL_PASSES = /\bgoodwill\b[^.;]{0,120}?\b(?:vest|inure|belong|accrue|transfer|pass|property\sof|owned\sby)/i;
const HEREBY_ASSIGNS = /\bhereby\s(?:[\w,]+\s){0,3}?assign/i;

/**
 * IP ownership assignment (CUAD "IP Ownership Assignment"): intellectual property created by one
 * party becomes the other's, by assignment ("hereby assigns to Company all right, title and
 * interest in the Work Product"), as work made for hire, or by vesting ("all Improvements shall
 * be the sole property of Licensor"). A party retaining its own rights is not.
 */
export function extractIpOwnershipAssignment(view: TextView): PresenceField | null {
  return presenceOf(view, MENTIONS, (text) => {
    if (GOODWILL_PASSES.test(text) && !HEREBY_ASSIGNS.test(text)) return false;
    if (isWorkForHire(text)) return true;
    // Plain substring checks first: both wordings are rare and their patterns would otherwise scan every sentence.
    if ((text.includes('holder') || text.includes('owner')) && MADE_OWNER.test(text)) return true;
    if (/attorney/i.test(text) && APPOINTS_ATTORNEY.test(text) && FILED_OR_ASSIGNED.test(text)) return true;
    if (GIVES_TITLE.test(text)) return true;
    if (undenied(ASSIGNED_PASSIVE, text) && IP.test(text)) return true;
    if (EXECUTES_TO_ASSIGN.test(text) && (IP.test(text) || passesRightTitle(text)) && !RETAINS.test(text)) return true;
    if (
      passesOver(text) &&
      IP.test(text) &&
      (CREATED.test(text) || REGISTERED_BY.test(text)) &&
      !RETAINS.test(text) &&
      !ASSIGNS_THE_AGREEMENT.test(text) &&
      !ownerKeepsItsOwn(text)
    ) {
      return true;
    }
    if (assignsCreation(text)) return true;
    if ((OWNED_NOW.test(text) || OWNS_NOW.test(text)) && IP.test(text) && !RETAINS.test(text) && madeByAnother(text)) return true;
    return VESTS.test(text) && IP.test(text) && CREATED.test(text) && !RETAINS.test(text) && !ownerKeepsItsOwn(text);
  });
}
