import { isBareHeading } from './presence.js';
import { firstSentence, LIST_ITEM, leadIn, withContinuation } from './sentence-rules.js';
import { evidenceFor, type TextView } from './text-view.js';
import type { PresenceField } from './types.js';

const MENTIONS = /compet|竞争|竞业|同业|同类/i;
const EXPLICIT = /\bnon-?compet(?:e|ition|itive)\b|\bcovenants?\snot\sto\scompete\b|\bnot\sto\scompete\b/i;
/** Competition words; "competent jurisdiction" and "competence" are not. */
const COMPETITION = /\bcompet(?:e|es|ing|itive|itor|itors|ition)\b/i;
/**
 * A party may not do it: "shall not", "agrees not to", "refrain", "in no event shall", "no competing products shall be
 * sold", ..., and "does not presently perform or intend to perform" (a representation that binds for the term).
 * "restrict" binds only as a verb: "restrictions on disclosure" restrict no one by being named.
 */
const RESTRICTION =
  /\b(?:shall|will|may|must|can)\snot\b|\b(?:shall|will)\s\w+\sno\s(?:\w+\s)?(?:products?|services?|business)\b|\b(?:shall|will|may)\s(?:neither|never)\b|\bagrees?\b[^.;]{0,60}?\bnot\sto\b|\bin\sno\sevent\s(?:shall|will|may)\b|\b(?:and|but)\snot\s(?:\([a-z]\)\s)?(?:to\s)?(?:procure|manufacture|market|sell|distribute|develop|engage|acquire|carry\son)\b|\bundertakes?\snot\b|\bcovenants?\s(?:and\sagrees?\s)?(?:that\s\w+\s(?:shall|will)\s)?not\b|\brefrain\b|\bprohibit|\brestrict(?!ions?\b|ive)|\bnor\swill\b|\bno\sparty\b[^.;]{0,40}\bwill\b|\bno\s[A-Z]?\w+\s(?:will|shall|may)\s(?:engage|compete|carry|operate|own|invest|participate)\b|\bunder\sno\scircumstances\s(?:shall|will|may)\b|\bno\s(?:[\w-]+\s){0,3}?(?:shall|will|may)\sbe\s(?:[\w-]+,?\s(?:or\s)?){0,4}?(?:manufactured|sold|distributed|marketed|promoted|offered|developed|produced|supplied|carried)\b|\bexclusively\b[^.;]{0,60}\b(?:not|no)\b|\bneither\b[^.;]{0,80}?\b(?:shall|will|may)\b|\b(?:does|do)\snot\s(?:presently\s|currently\s)?(?:\w+\s(?:or|and)\s)?(?:intend|plan)\sto\b/i;
/**
 * Statements about other agreements ("is not bound by any non-competition agreement", "represents that it is not a
 * party to any agreement") and freedoms to compete. "represent" alone ("shall not solicit customers for, or represent,
 * any business") is acting for a business, not a representation.
 */
const NOT_A_RESTRICTION =
  /\bnot\sbound\b|\bunfair\scompetition\b|\bcompetition\s(?:and\s\w+\s)?(?:act|laws?|commission|authorit(?:y|ies)|bureau|tribunal|regulations?|rules)\b|\bantitrust\b|\b(?:any|other|third[- ]party|prior|existing)\s(?:[\w-]+\s(?:or\s)?){0,3}non-?compet\w*\s(?:agreements?|covenants?|obligations?)|\b(?:represents|represent(?=,?\s(?:and|&)\swarrant|\sthat\b))\b(?!\sin\sany\s(?:way|manner))(?!,?\s(?:distribute|sell|market|promote|or|and\s(?:sell|distribute|market)))[^.;]{0,80}\b(?:any|third)\b|\bnothing\sin\sthis\sagreement\sshall\s(?:preclude|prevent|restrict|limit)\b|\bmay\s(?:itself\s)?(?:use|manufacture|sell|compete)\b[^.;]{0,80}\bcompetitors?\b[^.;]{0,30}\bso\slong\sas\b|\bcompetitive\s(?:market\s)?(?:advantages?|pric|bid|rates?|terms)|\bcompetitor\sinformation\b|\bnot\s(?:under|subject\sto)\sany\b|\bdoes\snot\scontain\b|\b(?:shall|will)\snot\s(?:prevent|preclude|restrict|limit)\s(?:either|any|a|the)\spart(?:y|ies)\b|\bfree\s(?:and\swithout\srestriction\s)?to\b|\bcompetitive\s(?:analysis|quotations?|benchmark\w*)|\b(?:in\saccordance\swith|set\sforth\sin|subject\sto)\s(?:the\s)?non-?competition\sagreement\b|\bcovenants?\sagainst\scompetition\b[^.;]{0,40}\bindenture/i;
/**
 * Handing the contract on to a competitor is about assignment, not competition ("a purported assignment to a competitor ... is a
 * reasonable basis for withholding consent", "shall not subcontract the Services to a competitor of Customer", "shall not use
 * any subcontractor that is a competitor").
 */
const ASSIGNMENT_TO_COMPETITOR =
  /\b(?:assign\w*|transfer\w*|sub-?licens\w*|subcontract\w*|delegat\w*)\b[^.;]{0,80}\bto\s(?:a|an|any)\s(?:[\w'’]+\s){0,2}competitors?\b|\b(?:subcontractors?|assignees?|transferees?|sub-?licensees?)\s(?:that|which|who)\s(?:is|are)\s(?:an?\s)?(?:[\w-]+\s)?competitors?\b/i;

/**
 * A sentence that opens as a carve-out ("Nothing in this Agreement shall prohibit X from
 * distributing competing products", "The preceding sentence shall not prevent ...") grants a
 * freedom; CUAD files it as a competitive-restriction exception, not as the restriction.
 */
const OPENS_AS_EXCEPTION =
  /^[^;]{0,60}?\b(?:nothing\s(?:in|contained\sin)\sthis\s(?:agreement|section|article|paragraph)\sshall|(?:foregoing(?:\s(?:sentence|paragraph|section|restrictions?|covenants?|obligations?|provisions?))?|(?:preceding|previous|above)\s(?:sentence|paragraph|section|restrictions?|covenants?)|this\s(?:section|article|clause|paragraph))\s(?:shall|will)\snot)\s(?:be\s(?:construed|deemed|interpreted)\s(?:as\s|to\s)?)?(?:prohibit|prevent|preclude|restrict|limit|bar|apply)\w*\b/i;

/** Not owning more than a share of the company's stock is a standstill, not a non-compete. */
const STANDSTILL = /\bown\smore\sthan\s[^.;]{0,40}(?:%|percent)/i;

/**
 * A restrictive covenant that outlives the contract: "During the Term and for a period of two (2)
 * years thereafter, Aucta shall not research, develop, manufacture ... or distribute ...".
 */
const POST_TERM_PERIOD =
  /\b(?:for\s(?:a\speriod\sof\s)?|within\s)(?:\w+\s)?(?:\(\d+\)\s)?(?:years?|months?)\s(?:thereafter|after|following|from)\b/i;
/**
 * After the term, not selling shares (a lock-up), remaining inventory, goods under the other's marks, or the Products
 * "as an authorized distributor" winds the relationship down; it keeps no one out of a business.
 */
const WIND_DOWN =
  /\b(?:shares|stock|securities)\b|\b(?:remaining|existing)\s(?:inventory|stock)\b|\binventory\b|\b(?:Licensed\s)?(?:Marks|[Tt]rademarks?)\b|\bas\san?\s(?:authori[sz]ed|official|approved|licensed)\b/;
/** How far past the barred act a wind-down object ("any remaining inventory", "the Licensed Marks") is looked for. */
const WIND_DOWN_REACH = 40;
/**
 * Soliciting, hiring, disclosing or a secret as what is barred ("shall not solicit any customer to purchase", "agrees
 * not to engage in any attempt to hire", "shall not sell any confidential formulas"): another covenant.
 */
const OTHER_COVENANT =
  /\b(?:solicit\w*|induc\w*|entic\w*|hire|hiring|employ\w*|disclos\w*|divulg\w*|confidential|proprietary|secrets?|information)\b/i;
const BUSINESS_RESTRICTION =
  /(?:\b(?:shall|will|may)\snot\b(?!\shave\s\w+ed\b)|\bneither\b[^.;]{0,80}?\b(?:shall|will|may)\b|\bagrees?\snot\sto\b)[^.;]{0,60}\b(?:research|develop|manufacture|produce|sell|market|distribute|supply|commerciali[sz]e|offer\s(?:to\ssell|for\ssale)|offer\s(?:[\w-]+\s){0,4}?(?:products?|services?)|endorse|act\sas\s(?:an?\s)?(?:[\w-]+\s)?(?:agent|distributor|representative|reseller|dealer)|engage\sin|carry\son|operate|own|invest\sin|provide\s(?:services|products))\b/i;
/**
 * "engage in any enterprise or business ... which manufactures ...", "have any financial interest in any entity whose
 * primary business is selling Innerwear", "provide consulting services to any company engaged in the development of
 * vaccines": a business defined by what it does, which the party may not run, hold or serve.
 */
const RIVAL_BUSINESS =
  /\b(?:services?|work|consult\w*|employ\w*)\s(?:to|for|with|by)\s(?:any|an?)\s(?:[\w-]+\s){0,3}?(?:business|enterprise|entity|company|firm|person)\s(?:(?:that|which|who)\sis\s)?(?:engaged|involved)\sin\s(?:the\s)?(?:business|development|manufactur\w*|sale|marketing|distribution|provision|production|research)\b|\b(?:engage|participate|invest|be\sinterested|(?:have|hold|acquire)\s(?:any\s|an\s)?(?:[\w-]+\s){0,4}?interests?)\sin\s(?:any|an?)\s(?:[\w-]+\s){0,4}?(?:business|enterprise|venture|entity|company|firm)\b[^.;]{0,120}?\b(?:(?:which|that)\s(?:\([a-z]\)\s)?(?:manufactures|develops|markets|sells|distributes|produces|provides|offers|is\sengaged|engages\sin)|whose\s(?:[\w-]+\s){0,4}?business\s(?:is|includes|consists\sof))\b/i;
/**
 * Running a business within a stated distance or a defined area ("shall not own or operate any other restaurant within
 * the Protected Area", "within five (5) miles of the Store"): kept out of a place, which is the geographic non-compete.
 * Where the contract's own goods may be sold ("shall not sell the Products outside the Territory") and opening the
 * franchised business itself ("shall not open the Restaurant within the Protected Area until approved") are not this.
 */
const RUNS_A_BUSINESS =
  /\b(?:own|operate|open|establish|manage|carry\son|engage\sin)\b[^.;]{0,40}?\b(?:any|another|an?)\s(?:[\w-]+\s){0,3}?(?:business|store|restaurant|outlet|shop|franchise|enterprise)s?\b/i;
const PLACE_LIMIT =
  /\bwithin\s(?:a\s)?(?:radius\sof\s)?(?:\w+\s)?(?:\(\d+\)\s)?(?:miles?|kilomet(?:er|re)s?|km)\b|\b(?:Protected|Restricted|Non-?Compet\w*)\s(?:Area|Territory|Region|Zone|Radius)\b/;
const OUTSIDE_THE_DEAL =
  /\b(?:independently|on\sits\sown|by\sitself)\s(?:or|and\/or)\s(?:(?:for|with|through|together\swith)\s(?:or\s(?:for|with)\s)?)(?:any\s)?third\spart(?:y|ies)\b/i;
const NEITHER_SHALL = /\bneither\b[^.;]{0,80}?\b(?:shall|will|may)\b/i;
/** During the term, a party may not deal in products like the contract's: "any product ... the same or similar to the Products", "directed to any Target". */
const DURING_TERM =
  /\b(?:during|throughout)\sthe\s(?:term\b|(?:[\w-]+\s){0,3}?period\b)|\buntil\s(?:the\s)?expiration\sor\s(?:earlier\s)?termination\sof\b/i;
const SAME_KIND =
  /\b(?:same\s(?:as\s)?or\ssimilar|similar\sto|substantially\ssimilar|similar\s(?:products?|services|goods|product\slines?)|identical\sor\s(?:substantially\s)?similar|directed\s(?:to|at)\s(?:any|the)|substitut\w*\sfor)\b/i;

/**
 * Similar dealings barred only with other partners ("shall not engage in the same or similar promotions ... with any
 * other entity", "shall not market ... the Company Products ... other than through the Reseller"): an exclusive
 * channel, which CUAD files under exclusivity; the party itself may still compete.
 */
const THROUGH_OTHERS =
  /\bwith\sany\sother\s(?:company|companies|entit(?:y|ies)|persons?|part(?:y|ies)|firms?)\b|\bother\sthan\sthrough\b|\bto\sany\s(?:entity|person|party|company)\sother\sthan\b/i;

/**
 * Covenants that mention competition without forbidding it: not soliciting customers or staff
 * ("nor will Distributor solicit any customer to purchase a competitive product"), and not using
 * the other's confidential information ("prohibited from utilizing the Proprietary Information to
 * engage in any business which is competitive"). CUAD files these under no-solicit and
 * confidentiality; a sentence that also forbids competing itself (soliciting orders is selling) stays a non-compete (verbs in
 * lower case, so "Distributor" or "Marketing" as a name is not one).
 */
const SOLICITS = /\b(?:solicit\w*|induc\w*|entic\w*|hire|hiring|employ)\b/i;
const USES_INFORMATION =
  /\b(?:use|using|utiliz\w*|utilis\w*|disclos\w*|divulg\w*)\b[^.;]{0,40}\b(?:confidential|proprietary)\sinformation\b|\b(?:confidential|proprietary)\sinformation\b[^.;]{0,120}?\bcompetitors?\b/i;
const COMPETES_ITSELF =
  /\b(?:compete\swith|solicit\w*\s(?:\w+\s)?orders|advertis\w*|display\w*|engage\sin|carry\son|manufactur\w*|distribut\w*|develop\w*|market\w*|sell|selling|offer\w*|promot\w*|represent\w*|endors\w*|provid\w*|own|operat\w*)\b/;
/** "agrees not to (a) compete with the business of the Company, ... or to use any Confidential Information": competing itself is forbidden too. */
const COMPETES_OUTRIGHT = /(?:^|[:;,]\s*|\([a-z]\)\s*|\bnot\s(?:to\s)?)compete\swith\b/i;
/** Not passing something on to a competitor ("shall not disclose the pricing terms to any competitor of Supplier") is confidentiality. */
const DISCLOSES = /\b(?:disclos\w*|divulg\w*|reveal\w*)\b/i;
/** "shall not sell competing products or use Owner's confidential information": competing goods are barred as well. */
const COMPETING_GOODS =
  /(?<!\bto\s)\b(?:sell\w*|market\w*|distribut\w*|manufactur\w*|promot\w*|develop\w*|offer\w*|carry|produc\w*)\s(?:any\s|other\s)?(?:[\w-]+\s){0,2}?(?:competing|competitive)\s(?:products?|goods|services|lines?|brands?|business)\b/i;
/** Not appointing another distributor, even for competing goods, is an exclusive grant ("shall not appoint any other distributor for products competitive with the Products"). */
const APPOINTS_OTHERS = /\bappoint\s(?:any\s)?(?:other|another|additional)\b/i;
/** "appoint any other agent ... or itself solicit orders for competing products": the party is kept out too. */
const ITSELF = /\bitself\b/i;
/** Goods "competitive with" the other's: the sentence bars competing itself, whoever the deal is with. */
const COMPETING_WITH = /\bcompet(?:e|es|ing|itive)\s(?:with|to)\b|\bin\scompetition\swith\b/i;
/**
 * "shall not enter into the same or similar commitments with any other company which ... (a 'Competitor')": similar
 * deals barred only with others, where competition is only a name, are an exclusive channel; so is appointing no other
 * distributor, unless the party is kept from selling competing goods itself. "similar to or in competition with the business"
 * bars competing itself.
 */
function isExclusiveChannel(text: string): boolean {
  if (APPOINTS_OTHERS.test(text)) return !COMPETING_GOODS.test(text) && !ITSELF.test(text);
  return SAME_KIND.test(text) && THROUGH_OTHERS.test(text) && !COMPETING_WITH.test(text);
}
/** What describes the person solicited or hired ("any employee who has been involved in the development of competing products") is not what the party may not do. */
const DESCRIBES_PERSON = /\b(?:who|whom)\s(?:has|have|had|is|are|was|were)\s[^,;.]{0,120}/gi;
function isOtherCovenant(text: string): boolean {
  if (USES_INFORMATION.test(text)) return !COMPETES_OUTRIGHT.test(text) && !COMPETING_GOODS.test(text);
  return (SOLICITS.test(text) || DISCLOSES.test(text)) && !COMPETES_ITSELF.test(text.replace(DESCRIBES_PERSON, ' '));
}

/**
 * Non-compete: a party may not compete with the other or work for, promote or sell competing
 * products ("Distributor will not market ... a computer program which competes with the
 * Products", "Non-Competition Period", 竞业限制, 不得从事与…相竞争的业务).
 */
/**
 * Where the covenant is only named: a section or agreement title in brackets or in a signature
 * block ("[Non-Competition]", "Signature Page to Non-Competition and Non-Solicitation Agreement"),
 * and a definition ('"Area of Non-Competition" means', 'A "Competitive Business" shall not include').
 */
/** The covenant as a noun ("the covenants not to compete", "Non-Competition"): its name carries no "shall not" of its own. */
const NAMED_COVENANT = /\b(?:covenants?|agreements?|obligations?|undertakings?)\snot\sto\scompete\b|\bnon-?compet\w*/gi;
const NAMED_ONLY = /[[(][^\])]{0,40}?\bnon-?compet\w*[^\])]{0,40}[\])]|\bnon-?compet\w*(?:(?:\sand|,)\s[\w-]+){0,3}\sagreement\b/gi;
const DEFINITION =
  /^[^;:]{0,80}?"\s*(?:shall\s(?:not\s)?)?(?:means?|includes?|include|has\sthe\smeaning)\b|^[^;:]{0,60}?\b(?:a|an|the)\s(?:[\w-]+\s){0,2}?compet\w*\s(?:[\w-]+\s){0,2}?(?:means|includes|(?:shall|does)\snot\sinclude)\b/i;
/** "an injunction prohibiting any conduct in violation of the covenants not to compete": a remedy that refers to the covenant. */
const REMEDY_REFERENCE =
  /\b(?:violation|breach)\sof\s(?:the\s)?(?:terms\sof\s)?(?:(?:this|these|those|such|the|its|his|her)\s)?(?:[\w-]+\s){0,2}?(?:(?:covenants?|agreements?|obligations?|undertakings?)\snot\sto\scompete|non-?compet\w*(?:\s(?:covenants?|obligations?|provisions?))?)\b/gi;
/**
 * "acquired by a competitor of Licensor" is a change of control,
 * "a non-competitive product" is one that does not compete, "such successor is not a competitor" names who may take
 * an assignment, "prices that are competitive" or "prices competitive with those charged by its competitors" are good prices, and "misleading comparisons with competitive products"
 * or "statements about competing products" are about advertising, "a licence to a competitor on terms more favourable"
 * is a most-favoured term: each sentence is read as if it named something unrelated.
 */
const NON_COMPETING =
  /\b(?:prices?|pricing|rates|fees)\b[^.;]{0,60}?\bcompetitors?\b|\b(?:acquired\sby|acquisition\sby|merge[sd]?\swith|merger\swith|controlled\sby|change\sof\scontrol\b[^.;]{0,40}?\b(?:by|involving|in\sfavou?r\sof))\s(?:an?\s|any\s|the\s)?(?:[\w@&'’-]+\s){0,3}?competitors?\b|\bnon-?competi(?:tive|ng|tors?)\b|\b(?:(?:is|are|be|being)\snot|not\sbe)\s(?:a|an)\s(?:direct\s)?competitors?\b|\b(?:employees?|personnel|staff)\s(?:of|from)\s(?:an?|any|the)\s(?:[\w@&'’-]+\s){0,2}?competitors?\b|\b(?:prices?|pricing|rates?|fees)\s(?:that\sare\s|which\sare\s|are\s)?(?:\w+\s)?competitive\b|\bcompar\w*\b[^.;]{0,60}?\bcompet\w*|\b(?:statements?|claims?|representations?|press\sreleases?|announcements?)\s(?:about|regarding|concerning|naming|of)\s(?:[\w'’-]+\s){0,4}?compet\w*|\bcompetitors?\b[^.;]{0,80}?\b(?:more|less)\sfavou?rable\b/gi;
/**
 * Freedoms to compete ("shall not be restricted from engaging in ...", "does not restrict either party from
 * competing", "nothing herein shall restrict Licensor from licensing ... to competitors", "shall not be construed to
 * limit either party's right to compete"): cut out before looking for a restriction, so a real restriction in the
 * same sentence still counts.
 */
const FREEDOM =
  /\b(?:shall|will)\snot\sbe\s(?:required|obligated|obliged)\b|\b(?:shall|will|may|is|are)\snot\sbe\s(?:restricted|prevented|prohibited|precluded|limited|restrained)\b|\b(?:neither|no)\s(?:[\w-]+\s){0,3}?(?:shall|will|may)\sbe\s(?:restricted|prevented|prohibited|precluded|limited|restrained)\b|\b(?:does|do|shall|will)\snot\s(?:in\sany\sway\s)?(?:restrict|prevent|prohibit|preclude|limit)\b|\bnothing\b[^.;]{0,80}?\b(?:shall|will|is\sintended\sto)\s(?:be\s(?:construed|deemed|interpreted)\s(?:to|as)\s)?(?:restrict|prevent|prohibit|preclude|limit)\w*|\bnot\sbe\s(?:construed|deemed|interpreted)\s(?:to|as)\s(?:limit|restrict|prohibit|prevent)\w*/gi;
/**
 * What a provision does to itself ("shall not apply", "shall not be affected by", "shall survive and shall not be
 * construed") and who bears a loss ("shall not be liable for ... losses resulting from competition", "in no event shall
 * either party be liable") restrict no party.
 */
const NOT_A_DUTY =
  /\b(?:shall|will|may|must|can)\snot\s(?:apply|be\saffected|affect|be\s(?:deemed|construed|interpreted)|be\s(?:enforceable|invalid\w*|reduced|extended|liable|responsible)|survive)\b|\b(?:in\sno\sevent|under\sno\scircumstances)\s(?:shall|will|may)\s(?:[\w'’-]+\s){1,3}?be\s(?:liable|responsible)\b/gi;
/** "compete unfairly", "unfair, competitive, misleading or deceptive practices": unfair trade practices, not competition itself. */
/**
 * A defined term for the rivals the covenant keeps a party from ('"Competitor" means', 'a Competitive Business shall
 * mean'): contracts define one for a non-compete, and CUAD files the definition with it. A defined product ('"Competing
 * Product" shall mean') names what is sold, not who competes, and stays a definition.
 */
const RIVAL_TERM = String.raw`(?:[\w&'’-]+\s){0,3}?(?:competitors?|(?:competing|competitive)\s(?:[\w-]+\s){0,2}?(?:business|company|companies|entity|entities|retailer|person))`;
const DEFINES_RIVAL = new RegExp(
  String.raw`^[^;:]{0,80}?(?:["“]${RIVAL_TERM}["”]\)?|\b(?:a|an|the)\s${RIVAL_TERM})\s?,?\s?(?:shall\s)?means?\b`,
  'i',
);
/** Dealing behind the other's back with those it introduced ("not to work directly with any third parties introduced to X through Y"): a non-circumvention, which keeps the party out of the other's business. */
const CIRCUMVENTS = /\b(?:introduced|presented|referred)\sto\s(?:[\w&'’-]+\s){1,3}?(?:by|through)\b/i;
/** "will not itself or with or through third parties engage in the development of ...": the party kept out of the field by any route. */
const ITSELF_OR_THROUGH_OTHERS = /\bitself\sor\s(?:with\sor\s)?(?:through|with|via)\s(?:any\s)?(?:third\sparties|third\sparty|others)\b/i;
/** "directly or indirectly ... engage in [the] business of", "carry on or be engaged, concerned or interested in any other trade or business". */
const DIRECTLY_OR_INDIRECTLY = /\bdirectly\sor\sindirectly\b/i;
const IN_A_BUSINESS =
  /\b(?:engage|carry\son|be\s(?:engaged|concerned|interested))(?:,?\s(?:or\s)?(?:be\s)?(?:engaged|concerned|interested)){0,3}\sin\s(?:the\s|any\s)?(?:[\w-]+\s){0,3}?(?:[Bb]usiness|[Tt]rade|[A-Z][\w-]*\sActivities)\b/;
/** The covenant kept in force after the term ("the duty not to compete ... shall continue for a period of one year following"). */
const COVENANT_CONTINUES =
  /\b(?:duty|covenants?|obligations?|agreements?|undertakings?)\snot\sto\scompete\b[^.;]{0,80}?\b(?:shall|will)\s(?:continue|survive|remain\sin\s(?:full\s)?(?:force|effect))\b/i;
/**
 * A page break cuts a sentence ("shall not import, promote, distribute ... any products in" / "6 the Territory which
 * compete"): the piece ends on a word and the next starts in lower case. A lead-in that ends on a comma ("it will not,
 * directly or indirectly, ... in any other manner whatsoever,") reads on into its first item ("(a) carry on ...").
 */
const ENDS_MID_SENTENCE = /[a-z,]$/;
const CONTINUES_SENTENCE = /^(?:\d{1,3}\s)?[a-z]/;
const FIRST_ITEM = /^\(a\)\s/;
function continuesInto(piece: string, next: string): boolean {
  return (ENDS_MID_SENTENCE.test(piece) && CONTINUES_SENTENCE.test(next)) || (piece.endsWith(',') && FIRST_ITEM.test(next));
}
const UNFAIR_PRACTICE =
  /\bcompete\sunfairly\b|\bunfair\w*,?\s(?:\w+,?\s){0,2}?compet\w*|\bcompetitive,\smisleading\b|\banti-?competitive\b/i;

/** What a sentence must speak of to restrict competing: competition, a period after the term, the term itself, a rival business, circumventing the other, acting through others, or a place kept out of. */
function mayRestrict(text: string): boolean {
  return (
    MENTIONS.test(text) ||
    POST_TERM_PERIOD.test(text) ||
    DURING_TERM.test(text) ||
    RIVAL_BUSINESS.test(text) ||
    CIRCUMVENTS.test(text) ||
    IN_A_BUSINESS.test(text) ||
    ITSELF_OR_THROUGH_OTHERS.test(text) ||
    PLACE_LIMIT.test(text)
  );
}

export function extractNonCompete(view: TextView): PresenceField | null {
  const hit = firstSentence(view, (_sentence, index) => {
    const raw = withContinuation(view, index, continuesInto);
    // Most sentences fail the gate as they stand; only those that pass are rewritten and asked again.
    if (!mayRestrict(raw)) return false;
    const text = raw.replace(NON_COMPETING, 'unrelated').replace(REMEDY_REFERENCE, ' ');
    if (!mayRestrict(text)) return false;
    if (
      NOT_A_RESTRICTION.test(text) ||
      ASSIGNMENT_TO_COMPETITOR.test(text) ||
      OPENS_AS_EXCEPTION.test(text) ||
      UNFAIR_PRACTICE.test(text)
    ) {
      return false;
    }
    // A heading ("(e) Non-Compete.", "8.2 No Competing Products.") stands for the sentence under it.
    if (isBareHeading(text) && COMPETITION.test(text.replace(EXPLICIT, 'compete'))) {
      const next = view.sentences[index + 1]?.text ?? '';
      // The sentence under it must restrict competing itself: a no-solicit or a clause about itself under a combined heading does not.
      const binding = next.replace(NAMED_ONLY, ' ').replace(NAMED_COVENANT, ' ').replace(FREEDOM, ' ').replace(NOT_A_DUTY, ' ');
      return !NOT_A_RESTRICTION.test(next) && RESTRICTION.test(binding) && !isOtherCovenant(next);
    }
    if (DEFINES_RIVAL.test(text)) return true;
    if (DEFINITION.test(text)) return false;
    // "The Distributor shall not: ... (f) act as agent for any goods which are competitive with the Product": the item carries its lead-in's "shall not".
    const restriction = LIST_ITEM.test(text) ? `${leadIn(view, index)} ${text}` : text;
    // The name alone ("violation of the covenants not to compete", "[Non-Competition]", a signature page) restricts no one.
    const binding = restriction.replace(NAMED_ONLY, ' ').replace(NAMED_COVENANT, ' ').replace(FREEDOM, ' ').replace(NOT_A_DUTY, ' ');
    if (EXPLICIT.test(text.replace(NAMED_ONLY, ' ')) && RESTRICTION.test(binding)) return true;
    if (COMPETITION.test(text) && RESTRICTION.test(binding)) return !isOtherCovenant(text) && !isExclusiveChannel(text);
    const unfreed = text.replace(FREEDOM, ' ');
    if (COVENANT_CONTINUES.test(text)) return true;
    const restricts = RESTRICTION.test(unfreed) || NEITHER_SHALL.test(unfreed);
    if (restricts && DIRECTLY_OR_INDIRECTLY.test(text) && IN_A_BUSINESS.test(text) && !isOtherCovenant(text)) return true;
    if (restricts && CIRCUMVENTS.test(text) && !isOtherCovenant(text)) return true;
    if (restricts && PLACE_LIMIT.test(text) && RUNS_A_BUSINESS.test(unfreed) && !isOtherCovenant(text)) return true;
    if (ITSELF_OR_THROUGH_OTHERS.test(text) && BUSINESS_RESTRICTION.test(unfreed) && !isOtherCovenant(text)) return true;
    if (RIVAL_BUSINESS.test(text) && (RESTRICTION.test(unfreed) || NEITHER_SHALL.test(unfreed)) && !isOtherCovenant(text)) return true;
    // Not doing the contract's work outside it, alone or with others, while it runs ("will not conduct any Work using
    // Generation 2 Technology, independently or with third parties outside this Agreement") keeps the party out of the field.
    if (DURING_TERM.test(text) && OUTSIDE_THE_DEAL.test(text) && RESTRICTION.test(unfreed) && !isOtherCovenant(text)) return true;
    // "during the term ... shall not, directly or indirectly, ... enter into [a deal] in respect of ... goods similar to the Products".
    if (restricts && DIRECTLY_OR_INDIRECTLY.test(text) && DURING_TERM.test(text) && SAME_KIND.test(text) && !THROUGH_OTHERS.test(text)) {
      return !isOtherCovenant(text);
    }
    if (!BUSINESS_RESTRICTION.test(unfreed) || STANDSTILL.test(text)) return false;
    // Selling what the contract covers while it runs is competing, even beside a promise not to solicit.
    if (DURING_TERM.test(text) && SAME_KIND.test(text)) return !THROUGH_OTHERS.test(text);
    if (!POST_TERM_PERIOD.test(text)) return false;
    // What is barred is read where it is barred: "shall not solicit ... to purchase", "shall not use Confidential Information
    // to develop", "shall not sell any remaining inventory" are other covenants; "shall not sell competing products or
    // employ any employee of Owner" still keeps the party out of the business.
    const barred = BUSINESS_RESTRICTION.exec(unfreed)!;
    const after = unfreed.slice(barred.index + barred[0].length, barred.index + barred[0].length + WIND_DOWN_REACH);
    const object = `${barred[0]}${after.split(',')[0]}`;
    return !OTHER_COVENANT.test(object) && !WIND_DOWN.test(object);
  });
  if (!hit) return null;
  // A bare heading ("5.2 Non-Competition.") is shown with the sentence that carries the restriction.
  const next = view.sentences[hit.index + 1];
  const end = isBareHeading(hit.sentence.text) && next ? next.end : hit.sentence.end;
  return { present: true, evidence: evidenceFor(view, hit.sentence.start, end) };
}
