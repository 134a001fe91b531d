import { NUMBER_WORD_SOURCE } from './numbers.js';
import { isBareHeading, presenceOf } from './presence.js';
import type { TextView } from './text-view.js';
import type { PresenceField } from './types.js';

const MENTIONS =
  /minimum|quota|achieve|meet|reach|attain|\bmin\b|commit|quantit|forecast|purchas|\border|\bbuy|deficiency|target|guarantee|at\sleast|less\sthan|fewer\sthan|devote|allocate|shortfall|make\sgood|\bspend|(?:take|ship|put)[- ]or[- ]pay|guarantee|fails?\sto\ssell|最低|不少于|不低于/i;
/** "minimum purchase / order quantity / annual royalty / sales target", "minimum amount equal to $5,000,000", a guaranteed fee, "MOQ", "take or pay", "ship-or-pay". */
const MINIMUM_NOUN =
  /\bminimum\s(?:annual\s|monthly\s|quarterly\s|yearly\s|aggregate\s|guaranteed\s|total\s|firm\s|initial\s)*(?:purchases?|purchasing|order|orders|ordering|quantit(?:y|ies)|volumes?|commitments?|sales|revenues?|royalt(?:y|ies)|fees?|payments?|spend|targets?|units|number\sof|annual|performance|marketing\s(?:spend|expenditure)|advertising|impressions|guarantee|capacity|take|buy)\b|\bminimum\s(?:[\w/-]+\s){0,3}?(?:charge|amounts?\s(?:equal\sto|of)\s(?:\$|US\$|USD|€|£|\d[\d,.]*)|quantit(?:y|ies)|lots?|percentages?|volumes?|page\sviews|impressions|orders?)\b|\b(?:monthly|annual|quarterly|yearly)\sminimums?\b|\b(?:volume|minimum)\scommitments?\b|\b(?:annual|monthly|quarterly|yearly)\s(?:purchase|purchasing|order|spend(?:ing)?)\s(?:commitments?|obligations?)\b|\bdeficiency\spayments?\b|\b(?:sales?|purchase|revenue)\stargets?\b|\bguarantees?\s(?:that\s)?(?:it\s)?(?:will\s)?deliver\b|\bguaranteed\s(?:[\w-]+\s){0,2}?(?:fees?|payments?|royalt(?:y|ies)|revenues?|sums?|compensation)\b|\bMOQ\b|\b(?:take|ship|put)[- ]or[- ]pay\b|\b(?:sales|purchase|performance|volume|revenue|minimum|annual|the)\squotas?\b|\b(?:fail\w*|does\snot|do\snot|not)\s(?:to\s)?(?:achieve|meet|reach|attain|generate)\b[^.;]{0,80}?\b(?:revenues?|sales|quotas?|targets?|volumes?|minimum|purchases?|orders?)\b|\bminimum\sof\s(?:\$|US\$|USD|€|£|\d|\w+\s\(\d)|\b(?:at\sleast|not\sless\sthan|no\sless\sthan)\sthe\sfollowing\s(?:quantities|amounts|volumes|numbers|levels)\b/i;
/**
 * "shall purchase at least 10,000 units", "agrees to order not less than $1,000,000 of Products in each year", "will commit to an
 * annual budget equal to or greater than $500,000",
 * "make available not less than ten programs", "capitalize ... at least $21,614,000", "will purchase, at a minimum, 100,000 pounds"
 * (a figure after it: "at a minimum" alone means among other things), "is obligated to take delivery of not less than 50,000
 * barrels per month". "At least as strict" and
 * "at least some of" compare or hedge; they set no floor. How often is not how much: "shall pay all royalties due at least
 * quarterly", "deliver the Products at least once per week" (on train 3 of 33 such floors lie in a labelled clause).
 */
const FREQUENCY = String.raw`(?:once|twice|thrice|annually|quarterly|monthly|weekly|daily|yearly|semi-annually|every|each)\b`;
const AT_LEAST = new RegExp(
  String.raw`\b(?:purchas\w*|order\w*|buy|bu(?:ys|ying)|procure|sell|sold|pay|spend|deliver|acquire|license|generate|achieve|commit|guarantee[sd]?|fund|invest|set\sup|open(?!\sfor\s(?:a\sminimum|at\sleast|not\sless|no\sless|a\speriod)\b)|tender\w*|contribut\w*|capitali[sz]e|make\savailable|supply|produce|(?:take|accept)\sdelivery\sof)\b[^.;]{0,100}?\b(?:at\sleast(?!\s(?:as|some|part|partly|in\spart)\b)|not\sless\sthan|no\sless\sthan|a\sminimum\sof|no\sfewer\sthan|not\sfewer\sthan|equal\sto\sor\s(?:greater|more)\sthan|at\sa\sminimum(?=,?\s(?:\$|US\$|\d|${NUMBER_WORD_SOURCE}\b)))\b(?!\s${FREQUENCY})`,
  'i',
);
/** Units goods are bought in: "10,000 units", "500 MT"... */
const GOODS_UNIT = String.raw`(?:units|tons?|tonnes?|MT|barrels|gallons|pieces|cases|kilograms?|kg|pounds|lbs|litres|liters|doses|vials)`;
/** Money as written after a floor: "$", "US$", "USD", "€", "£", a hidden figure, "dollars". */
const MONEY = String.raw`(?:\$|[a-z]{1,3}\$|USD\b|€|£|\[\s*\*|\*{3}|[\d,.]+\s(?:U\.S\.\s)?(?:dollars|euros)\b)`;
/** The words that set a floor. */
const FLOOR_WORDS = String.raw`(?:at\sleast|not\sless\sthan|no\sless\sthan|no\sfewer\sthan|not\sfewer\sthan|a\sminimum\sof)`;
/**
 * A floor owed without a verb before it: the passive ("At least 1,000 units shall be purchased in each quarter",
 * "no less than 50% of the Products should be sold overseas"), a payment that may not fall below a sum ("the royalty
 * payable shall not be less than $10,000 per quarter", "the commission will never be less than $0.05 per unit",
 * "in no event shall the annual royalties be less than $50,000"), and money set aside ("shall devote at least $100,000
 * to advertising", "agrees to use not less than US$5,000,000 of the proceeds to fund exploration"), and money paid "in an amount
 * equal to at least" a sum however far the verb ("shall capitalize the Manufacturing Company through the contribution of
 * equity ... pursuant to Article 3.1 in an amount equal to at least $21,614,000").
 */
const FLOOR_OWED = new RegExp(
  [
    String.raw`\b${FLOOR_WORDS}\s(?:[^.;]|\.(?=\d)){0,80}?\b(?:shall|should|will|must)\sbe\s(?:purchased|ordered|bought|sold|paid|spent|invested|contributed|procured|received|placed|submitted|issued)\b`,
    String.raw`\b(?:royalt(?:y|ies)|fees?|commissions?|payments?|purchases|compensation|revenues?|sales)\b[^.;]{0,60}?\b(?:shall|will)\s(?:(?:not|never|in\sno\sevent|under\sno\scircumstances)\sbe\sless\sthan|be\s(?:at\sleast|not\sless\sthan|no\sless\sthan|a\sminimum\sof))\s(?:${MONEY}|[\d.]+\s?(?:%|percent))`,
    String.raw`\bin\sno\sevent\s(?:shall|will)\s[^.;]{0,80}?\b(?:royalt(?:y|ies)|fees?|commissions?|payments?|purchases|compensation|revenues?|sales)\b[^.;]{0,40}?\bbe\sless\sthan\s${MONEY}`,
    // A quantity floor under a requirements clause: "100% of its requirements, but in no event less than 1,000 units per month".
    String.raw`\bin\sno\sevent\s(?:(?:shall|will)\s[^.;]{0,60}?\bbe\s)?(?:less|fewer)\sthan\s(?:\d[\d,.]*|\[[\s*]{1,9}\]|\*{3,9})\s(?:\(\d[\d,.]*\)\s)?(?:[\w-]+\s){0,2}?${GOODS_UNIT}\b`,
    // A floor put as a prohibition: "shall not purchase less than 5,000 units in any quarter", "may not order fewer than 100 units".
    String.raw`\b(?:shall|will|may|must)\snot\s(?:purchase|order|buy|procure|pay)\s(?:less|fewer)\sthan\s(?:${MONEY}|\d|${NUMBER_WORD_SOURCE}\b)`,
    // A party guaranteed an amount in the passive: "Publisher will be guaranteed 12 million impressions per year", "shall be guaranteed a minimum of $50,000".
    String.raw`\b(?:is|are|will\sbe|shall\sbe)\sguaranteed\s(?:an?\s(?:minimum\s(?:of\s)?)?|a\stotal\sof\s)?(?:${MONEY}|\d[\d,.]*\s(?:(?:million|thousand|billion)\s)?(?!(?:business|calendar|days?|weeks?|months?|years?|hours?)\b)[a-z][\w-]*)`,
    String.raw`\b(?:pay|contribut\w*|capitali[sz]e|fund|invest)\b(?:[^.;]|\.(?=\d)){0,200}?\bin\san\s(?:aggregate\s)?amount\s(?:equal\sto\s)?(?:at\sleast|not\sless\sthan|no\sless\sthan)\s${MONEY}`,
    String.raw`\b(?:devote|allocate|expend|use|dedicate)\s(?:[\w-]+\s){0,3}?(?:at\sleast|not\sless\sthan|no\sless\sthan|a\sminimum\sof)\s(?:[^.;]|(?<=\b[A-Z])\.){0,40}?${MONEY}`,
  ].join('|'),
  'i',
);
/**
 * A floor on services a party must render: "CELEBRITY shall appear at least eight (8) days", "will provide training ...
 * no less than once annually", "shall provide a minimum of four (4) e-mail blasts per year". Notice periods are cut out
 * before (TIME_FLOOR), so a count of days here is days of service.
 */
const SERVICE_FLOOR = new RegExp(
  [
    String.raw`\b(?:provid\w*|render\w*|perform\w*|appear\w*|make\savailable|deliver\w*)\b[^.;]{0,120}?\b${FLOOR_WORDS}\s(?:[a-z-]+\s)?\(?\d+\)?\s(?:[\w"“”-]+\s){0,2}?(?:(?:service|production|shoot|appearance|promotional)\s"?days|appearances|sessions|visits|events|presentations|programs|mailings|e-?mails|e-?mail\sblasts|blasts|spots|advertisements|placements|insertions|trainings?)\b`,
    // How often a service is given: "provide training ... no less than once annually". Reports and meetings are not a service bought.
    String.raw`\b(?:provid\w*|render\w*|perform\w*|conduct\w*|make)\s(?:[\w'’-]+\s){0,4}?(?:training|seminars?|visits?|appearances?|events?|sessions?|presentations?|promotions?|campaigns?)\b[^.;]{0,100}?\b(?:at\sleast|not\sless\sthan|no\sless\sthan|no\sfewer\sthan)\s(?:once|twice)\b`,
    // Units only a media or endorsement deal sells need no verb: "(which shall consist of a minimum of one advertisement per page)", "At least eight (8) "Service Days"".
    String.raw`\b${FLOOR_WORDS}\s(?:${NUMBER_WORD_SOURCE}|\d[\d,]*)\s(?:\(\d+\)\s)?(?:[\w"“”-]+\s){0,2}?(?:advertisements?|banner\sads|impressions|insertions|"?service\s"?days|production\sdays)\b`,
  ].join('|'),
  'i',
);
/**
 * A firm quantity owed each period, or the quantities a schedule fixes: "commits to purchase 500 units per month" (not a
 * ceiling: "shall purchase up to 500 units per month"),
 * "agrees to purchase from Company the quantities of Products set forth in Exhibit B", "commits to spend $500,000", and
 * paying for a shortfall. What is bought is a floor even without "minimum" or "at least".
 */
const FIRM_QUANTITY = new RegExp(
  [
    String.raw`\b(?:shall|will|agrees?\sto|commits?\sto|undertakes?\sto)\s(?:[\w-]+\s){0,2}?(?:purchase|order|buy|take)\s(?:(?!(?:up|maximum|more|most)\b)[\w-]+\s){0,3}?(?:\d[\d,.]*|(?:[a-z-]+\s){1,3}\(\d[\d,.]*\))\s(?:[\w-]+\s){0,2}?${GOODS_UNIT}\b[^.;]{0,40}?\b(?:per|each|every|in\seach|a)\s(?:calendar\s|contract\s)?(?:month|quarter|year|week|day)\b`,
    // Goods of any name, the seller named on the way: 'commits to purchase from Widget Ltd. ("Seller") 12,000 Widgets per year'.
    String.raw`\b(?:shall|will|agrees?\sto|commits?\sto|undertakes?\sto)\s(?:[\w-]+\s){0,2}?(?:purchase|order|buy)\s(?:from\s[^;]{1,60}?\s)?(?:(?!(?:up|maximum|more|most)\b)[\w-]+\s){0,2}?\d[\d,.]*\s(?:[A-Z][\w-]*|[a-z][\w-]*s)\s(?:per|each|every|in\seach)\s(?:calendar\s|contract\s)?(?:month|quarter|year|week)\b`,
    String.raw`\b(?:shall|will|agrees?\sto|commits?\sto|undertakes?\sto)\s(?:[\w-]+\s){0,2}?(?:purchase|order|buy)\b[^.;]{0,60}?\bthe\s(?:annual\s|monthly\s|quarterly\s)?(?:quantities|volumes|amounts)\s(?:of\s(?:[\w-]+\s){1,3}?)?(?:set\s(?:forth|out)|specified|stated|listed)\s(?:in|on)\s(?:Exhibit|Schedule|Appendix|Attachment|Annex)\b`,
    String.raw`\b(?:shall|will|agrees?\sto|commits?\sto|undertakes?\sto)\s(?:[\w-]+\s){0,2}?(?:purchase|order|buy|spend)\s(?:a\stotal\sof\s|an\saggregate\sof\s|in\sthe\saggregate\s)?(?:\$|US\$|USD\s?|€|£)\s?\d`,
    // Output promised against the buyer's demand: "will produce enough Product to meet such demand projections".
    String.raw`\b(?:shall|will|agrees?\sto|undertakes?\sto)\s(?:[\w-]+\s){0,2}?(?:produce|manufacture|supply|deliver)\s(?:[\w-]+\s){0,3}?(?:enough|sufficient)\s[^.;]{0,60}?\bto\s(?:meet|satisfy|fill|fulfil+)\s(?:[\w'’-]+\s){0,3}?(?:demand|forecasts?|projections|requirements|orders)\b`,
    // Paying for what was not bought: "pay for any shortfall between the quantity purchased and", "fewer units than the Annual Volume ... shall pay the difference".
    // Take-or-pay without the name: "Buyer shall pay for the Annual Contract Quantity whether or not Buyer takes delivery of it".
    String.raw`\bpay\s(?:for\s)?(?:[\w-]+\s){0,4}?(?:quantit(?:y|ies)|volumes?)\b[^.;]{0,30}?\bwhether\sor\snot\s(?:[\w-]+\s){0,2}?(?:takes?|receives?|accepts?|uses?|ships?|purchases?|orders?)\b`,
    String.raw`\bpay\w*\b[^.;]{0,40}?\bshortfall\s(?:between|in)\s(?:the\s)?(?:[\w-]+\s){0,2}?(?:quantit(?:y|ies)|volumes?|purchases|units|orders)\b|\b(?:fewer|less)\s(?:[\w-]+\s){0,3}?than\s[^.;]{0,60}?\bpay\w*\b[^.;]{0,40}?\bdifference\b`,
  ].join('|'),
  'i',
);
/**
 * A forecast that binds the buyer: "the first [* * *] of each rolling forecast shall be binding firm purchase orders",
 * "the binding portion of the Forecast". A non-binding estimate commits to nothing.
 */
const BINDING_FORECAST =
  /\bforecast\w*\b[^.;]{0,80}?\b(?:shall\sbe|will\sbe|constitutes?|are|is|be\sdeemed)\s(?:a\s)?(?<!non-)(?:binding|firm)\s(?:and\s(?:binding|firm)\s)?(?:firm\s)?(?:purchase\s)?(?:orders?|commitments?|obligations?)\b|(?<!non-)\bbinding\s(?:portion|part|period)\sof\s(?:the|each|such|any)\s(?:[\w-]+\s){0,2}?forecasts?\b/i;
/**
 * A floor on what is delivered: "deliver Product with minimum expiry dating remaining of [***]% of the approved shelf-life",
 * "supply the Product with at least 75% of the shelf life upon Delivery". Read before time floors are cut out: a shelf life is
 * often counted in months.
 */
const SHELF_LIFE_FLOOR =
  /\b(?:minimum|at\sleast|not\sless\sthan|no\sless\sthan)\s[^.;]{0,40}?\b(?:shelf[- ]life|expiry\sdating|expiration\sdating|dating\sremaining)\b|\b(?:shelf[- ]life|expiry\sdating|expiration\sdating)\b[^.;]{0,60}?\b(?:at\sleast|not\sless\sthan|no\sless\sthan|a\sminimum\sof)\b/i;
/**
 * Falling short of a stated amount has a consequence, or must be made up: "In the event Distributor purchases an amount less
 * than $45,000, this Agreement will terminate", "If the JV fails to sell [US$1,000,000] worth of Products", "Publisher will make
 * good the difference", "If Publisher does not make good the difference" (a mention of its own: the sentence may name no minimum),
 * '"make good" the undelivered impressions', "does not deliver the shortfall".
 */
const FALLS_SHORT = new RegExp(
  [
    String.raw`\b(?:purchases?|purchased|orders|ordered|buys|bought|sells|sold)\s(?:an\samount\s|a\squantity\s|a\stotal\s)?(?:less|fewer)\sthan\s(?:\$|US\$|\[\s*\*|\d)(?:[^.;]|\.(?=\d)){0,120}?\bterminat`,
    String.raw`\bfail\w*\sto\s(?:sell|purchase|order|buy)\s(?:\[\s*)?(?:\$|US\$|USD|\d|${NUMBER_WORD_SOURCE}\b)`,
    String.raw`\bmake\sgood"?\s(?:on\s)?(?:the\s|any\s|such\s)?(?:difference|shortfall|deficiency|deficit|undelivered)\b|\bdeliver\w*\s(?:the|any|such)\sshortfall\b`,
  ].join('|'),
  'i',
);
/**
 * A fee owed for a minimum time: "is obligated to pay the License Fee for a minimum of 36 months", "the monthly fee ... will
 * continue for a minimum of 36 consecutive months". Read before time floors are cut out.
 */
const PAID_FOR_MINIMUM_TERM =
  /\bpay\b[^.;]{0,60}?\bfor\s(?:a\sminimum\sof|at\sleast|not\sless\sthan|no\sless\sthan)\s(?:[a-z-]+\s)?(?:\(?\d+\)?\s)?(?:consecutive\s)?(?:months|years)\b|\b(?:fees?|royalt(?:y|ies)|payments?)\b[^.;]{0,60}?\bcontinue\sfor\s(?:a\sminimum\sof|at\sleast|not\sless\sthan)\b/i;
/**
 * Falling short of a minimum is the commitment tested: "if the Actual kWh was less than the Minimum kWh", "falls below the
 * Specified Minimum Percentage", "If the Minimum Efficiency Level has not been met", "if purchases are less than the Annual
 * Commitment", "Orders for less than the minimum lot size may be rejected", "in the event that the Minimum Revenue Target for year
 * one (1) is not achieved".
 */
const BELOW_MINIMUM =
  /\b(?:is|was|are|were|falls?|fell|be)\s(?:less|lower|fewer)\sthan\s(?:the\s)?(?:applicable\s)?(?:[\w-]+\s){0,3}?(?:minimum|commitment|quota)\b|\b(?:orders?|purchases?)\s(?:for|of)\s(?:less|fewer)\sthan\s(?:the\s)?(?:applicable\s)?minimum\b|\b(?:falls?|fell|drops?|is|are|was|were)\sbelow\s(?:the\s)?(?:[\w-]+\s){0,2}?minimum\b|\bminimum\s[^.;]{0,80}?\b(?:has|have|is|was|are|were)\snot\s(?:been\s)?(?:met|achieved|attained|reached|satisfied)\b/i;
/** Floors that are not a commitment to buy, sell or pay: a threshold to qualify for a status or a discount, insurance limits, notice periods, ages, wages, service levels, a share of one order's price paid up front. */
const NOT_COMMERCIAL =
  /\bno\sminimum\b|\bto\s(?:qualify|be\seligible)\b|\bterm\sof\sat\sleast\b|\bdeposit\b|\bnothing\b[^.;]{0,60}\bobligat|\bless\sfavou?rable\b|\binsur(?!ance\s(?:departments?|regulat\w*|commission\w*)\b)|\bminimum\s(?:wage|age|standards?|specifications?|notice|term\b|period|requirements?\sof\s(?:applicable\s)?law|balance|credit\srating)|\bminimum\s(?:(?:quality|technical|safety|design|system|hardware|product)\s)?(?:standards?|specifications?|criteria)\b|\bcoverage\b|\b(?:service\slevels?|SLA|uptime)\b|(?:percent|%)\)?\sof\sthe\s(?:total\s)?(?:order|purchase|contract)\s(?:price|value|amount)\b|\bnotice\b[^.;]{0,30}\b(?:at\sleast|not\sless\sthan)/i;
/**
 * "a minimum of 60 days in advance", "on at least sixty (60) days notice", "at least: (a) twelve (12) hours": a floor on time, not
 * on quantity or money. Hours of a service bought are a quantity ("purchase at least 100 hours of Consulting Services per month").
 */
const TIME_FLOOR =
  /\b(?:at\sleast|not\sless\sthan|no\sless\sthan|(?:a\s)?minimum\sof):?\s(?:\([a-z]\)\s)?(?:[a-z-]+\s|(?:\[[\s*]{1,9}\]|\*{3,9}|_{2,20})\s*)?(?:\(\d+\)\s|\d+\s)?(?:business\s|calendar\s|consecutive\s|full\s)?(?:days?|months?|years?|weeks?|hours?|minutes?)\b(?!\sof\s(?:[\w-]+\s){0,2}?(?:services?|support|consulting|maintenance|training|development|engineering|programming)\b)/gi;
/** A redacted lead time ("at least [***] in advance", "not less than [* * *] before delivery"): the unit is hidden, the floor is still on time. */
const REDACTED_LEAD_TIME =
  /\b(?:at\sleast|not\sless\sthan|no\sless\sthan)\s(?:\[[\s*]{1,9}\]|\*{3,9}|_{2,20})\s*(?:(?:of\s)?lead\stime|in\sadvance|prior\sto|before|after)\b/gi;
/**
 * Targets that are only named, not owed: in a list of what counts as confidential information
 * ("sales targets, prices, market research"), or left for the parties to set later ("to establish
 * sales targets and minimum purchase requirements").
 */
const NOT_OWED =
  /\bconfidential\sinformation\b|\b(?:establish|negotiat\w*|agree\s(?:on|upon)|be\s(?:mutually\s)?agreed|mutually\sagreed(?:\supon)?)\b[^.;]{0,40}\b(?:targets?|minimum|quotas?|commitments?)\b/i;
/**
 * A term that only points elsewhere ('"Minimum Fee" has the meaning given in Section 7.2', "as
 * defined in Schedule B") names the commitment; the clause that sets it is where the count belongs.
 */
const CROSS_REFERENCE = /^[^;]{0,80}?"\s*(?:,\s*)?(?:has|shall\shave)\sthe\smeaning\b/i;
/** "a minimum of US$1,000,000", "a minimum of USD 500,000": a currency code, not a word ("a minimum of delay"). */
const CURRENCY_CODE = String.raw`(?:[a-z]{1,3}\$|(?:USD|EUR|GBP|CAD|AUD|CHF|JPY|CNY|RMB|HKD|SGD|INR)\s?\d)`;
/**
 * A floor on a price or rate is a price term, not an amount bought: "resell at not less than the suggested retail price",
 * "remarket the Securities at a price at least equal to 100% of", "interest at a rate of at least 2% above the base rate", a price
 * held to a measure or a share rather than a sum ("the Purchase Price shall be not less than fair market value", "the royalty rate shall be at least 5% of Net Sales"). A sum or count before the price word ("at least $1,000,000 of
 * Products at the prices set forth") is still an amount bought, so only words may come between. On train 2 of 5 price floors
 * lie in a labelled clause.
 */
const PRICE_FLOOR = String.raw`\b${FLOOR_WORDS}\s(?:equal\sto\s)?(?:the\s|its\s|their\s|[a-z][\w-]*'s?\s)?(?:(?!(?:at|of|in|for|per|on)\b)[a-z-]+\s){0,3}?(?:prices?|rates?)\b|\bat\sa\sprice\s(?:of\s)?${FLOOR_WORDS}|\binterest\s(?:[\w-]+\s){0,3}?(?:at\s)?(?:a\s)?rate\s(?:of\s)?${FLOOR_WORDS}|\b(?:prices?|rates?)\s(?:[\w-]+\s){0,4}?(?:shall|will|must)\s(?:(?:not|never|in\sno\sevent)\s)?be\s(?:(?:(?:not|no)\s)?(?:less|lower)\sthan|at\sleast|a\sminimum\sof)\s(?!${MONEY})`;
/**
 * A head count is staffing or governance, which CUAD does not read as a purchase commitment (on train none of the 9 such floors
 * lies in a labelled clause): "employ at least three qualified engineers", "the services of at least one sales professional", "a minimum of seven
 * (7) shareholders", "the minimum number of five (5) Directors".
 */
const HEADCOUNT_FLOOR = String.raw`\b(?:${FLOOR_WORDS}|as\sa\sminimum|(?:the\s)?minimum\snumber\sof)\s(?:${NUMBER_WORD_SOURCE}|\d+)\s(?:\(\d+\)\s)?(?:[\w-]+\s){0,3}?(?:employees?|personnel|staff|representatives?|salespe(?:rsons?|ople)|engineers?|technicians?|professionals?|managers?|programmers?|directors?|shareholders?)\b`;
/**
 * An option is no commitment: "Purchaser may elect to purchase a minimum of 1,000 additional units at the discounted price",
 * "Licensee may, but is not required to, purchase at least 1,000 units".
 */
const OPTION_TO_BUY = String.raw`\bmay,?\s(?:[\w,-]+\s){0,6}?(?:purchase|order|buy)\s${FLOOR_WORDS}`;
/**
 * A volume that earns a discount is a price tier, not a duty to buy it: "Volume discounts apply to orders of at least 1,000
 * units", "purchases in excess of $100,000 in a year earn a 3% rebate".
 */
const DISCOUNT_THRESHOLD = String.raw`\b(?:discounts?|rebates?|price\sbreaks?)\b[^.;]{0,40}?\b(?:orders?|purchases?|volumes?)\s(?:of\s|totall?ing\s)?(?:${FLOOR_WORDS}|in\sexcess\sof)|\b(?:${FLOOR_WORDS}|in\sexcess\sof)\s[^.;]{0,60}?\b(?:receives?|earns?|gets?|qualif(?:y|ies)\sfor)\s(?:a|an|the)\s(?:[\w%-]+\s){0,3}?(?:discount|rebate|credit)\b`;
/**
 * A minimum a party is expressly not held to: "Distributor shall not be bound by any minimum purchase requirement", "This
 * Agreement does not impose any minimum purchase obligation", "Neither party shall be required to purchase a minimum volume",
 * "the minimum order quantities in the catalogue do not apply", "is not obligated to purchase any quantity" (to the end of its
 * clause: "..., but shall purchase at least 5,000 units" still counts). Missing a minimum ("does not purchase a minimum of 1,000
 * units") is still a commitment: only a negated duty counts here.
 */
const NEGATED_MINIMUM = String.raw`\b(?:not|no|neither|nor|never)\b(?:\s[\w-]+){0,4}?\s(?:bound|required|obligated|obliged|subject|imposed?|imposes|committed)\b[^.;]{0,60}?\b(?:any|an?)\s(?:[\w-]+\s){0,2}?minimum\b|\b(?:not\s(?:be\s)?(?:obligated|required)|no\sobligation)\sto,?\s(?:purchase|order|buy)\b[^.;,]{0,120}?(?=[.;,]|\s(?:but|and|provided)\b|$)|\bminimum\s[^.;]{0,60}?\b(?:do|does|shall|will)\snot\sapply\b`;
/**
 * Floors that bind nobody to buy or pay: "at a minimum" (among other things), "with a minimum of
 * delay" (as little as possible: no quantity follows, unlike "a minimum of a $250,000 order"), availability "a minimum of 95% of the time", a fill rate
 * ("deliver at least 95% of all Products ordered by the requested date": how well orders are met, not how much is bought),
 * a party that "shall not be subject to any minimum purchase requirement", a share of a party's own assets ("invest at least 80%
 * of its net assets in equity securities": an investment policy), and the price floors, head counts, options and discount
 * tiers above.
 */
const NO_FLOOR = new RegExp(
  String.raw`${NEGATED_MINIMUM}|${PRICE_FLOOR}|${HEADCOUNT_FLOOR}|${OPTION_TO_BUY}|${DISCOUNT_THRESHOLD}|\b(?:deliver|supply|ship|fill|fulfil+)\w*\s(?:[\w-]+\s){0,2}?(?:at\sleast|not\sless\sthan|no\sless\sthan)\s[^.;]{0,30}?\bof\s(?:the\s|all\s)?(?:[\w-]+\s){0,5}?(?:ordered|orders)\b|\bat\sa\sminimum\b(?!\sof\b)(?!,?\s(?:\$|US\$|\d|${NUMBER_WORD_SOURCE}\b))|\ba\sminimum\sof\s(?!${NUMBER_WORD_SOURCE}\b)(?!${CURRENCY_CODE})(?!an?\s(?:\$|US\$|USD|€|£|\d))(?=[a-z])|\b(?:(?:a\s)?minimum\sof|at\sleast|not\sless\sthan)\s(?:[\d.]+|[a-z-]+)\s*(?:\([\d.]+\)\s*)?(?:%|percent)\)?\sof\sthe\stime\b|\b(?:not\sbe\ssubject\sto|free\sof|without)\s(?:any\s)?(?:individual\s)?minimum\b|\b${FLOOR_WORDS}\s[^.;]{0,20}?(?:%|percent)\)?\sof\s(?:its|their)\s(?:[\w-]+\s){0,2}?assets\b`,
  'gi',
);
/**
 * A commitment named by a mention ("Royalties in excess of the minimum royalty shall be due",
 * "counted toward the Minimum Royalty", '"Minimum Payment Period 2" means the one-year period ...',
 * a heading) sets nothing. The sentence must oblige a party to it ("must be ordered in the minimum
 * lot sizes", "minimum purchase obligations"), attach a consequence to missing it ("does not meet
 * these minimum purchase requirements"), or state it: an amount, or where it is set ("as set forth
 * on Exhibit B", "the following minimum quantities:").
 */
const DEFINITION = /^[^;:]{0,80}?"\s*(?:shall\s)?(?:means?|has\sthe\smeaning|shall\shave\sthe\smeaning|is\sdefined)\b/i;
/** A defined term that names a period or date ('"Minimum Payment Period 1" means the one-year period ...') sets no amount. */
const PERIOD_TERM =
  /\b(?:Period|Date|Year|Quarter|Month|Term)(?:\s[\dA-Z]{1,3})?\s*"\s*(?:shall\s)?(?:means?|has|shall\shave|is\sdefined)\b/;
const OWED =
  /\b(?:shall|will|must|agrees?\sto|undertakes?\sto|commits?\sto|(?:is|are)\s(?:obligated|required)\sto)\s(?:(?:[\w,'-]+\s){0,4}?)(?:pay|purchase|order|buy|procure|make|meet|achieve|attain|reach|ship|generate|spend|sell|deliver|guarantee|maintain|fulfil+|provide)\b|\bmust\b|\bobligations?\sto\s(?:[\w-]+\s){0,2}?(?:purchase|order|buy|pay)\b|\b(?:fail\w*|failure\s(?:(?:of|by)\s(?:[\w.-]+\s){1,3})?to|(?:does|do|did)\snot)\s(?:to\s)?(?:pay|purchase|order|buy|meet|achieve|attain|reach|ship|generate|make|satisfy)\b|\b(?:not|no)\s(?:be\s)?less\sthan\b|\bgreater\sof\b|\bequal\sto\sor\s(?:greater|more)\sthan\b|\bentitled\sto\sreceive\b/i;
/** A stated amount: money, a share, a hidden figure, a count of things per period ("two (2) e-blasts per year"; not "the 25th day"), or where it is set. */
const AMOUNT =
  /\$|US\$|USD|€|£|\[\s*\*|\*{3}|\bunits\b|\bpercent\b|%|\d[\d,.]*\)?\s(?:[\w-]+\s){0,3}?(?:per|each|every|units?|pieces|items|cases|tons?|barrels|gallons|pounds|copies|orders|times)\b|\b(?:set\s(?:forth|out)|specified|listed|stated|provided)\s(?:in|on|at|below)\b|\b(?:Exhibit|Schedule|Appendix|Attachment|Annex)\b|\b(?:of|equal\sto|than|is|shall\sbe|will\sbe)\s\(?\d|\bas\sfollows\b|\bthe\sfollowing\s(?:[\w-]+\s){0,2}?(?:amounts?|quantit(?:y|ies)|volumes?|levels?|sums?|fees?|payments?|schedule|targets?)\b|:\s*$/i;
/** "minimum purchase obligations", "the Minimum Fee payable": the named commitment is owed. */
const OWED_AFTER = /^[^.;]{0,30}?\b(?:requirements?|obligations?|payable|owed)\b/i;
/** "The Minimum Purchase Amount (as defined in Section 1.14) shall be purchased in each calendar year": owed in the passive. */
const OWED_PASSIVE = /^(?:[^.;]|\.(?=\d)){0,60}?\b(?:shall|will|must)\sbe\s(?:purchased|ordered|bought|paid|spent|achieved|met)\b/i;
/** What is paid "in excess of the minimum royalty" is not the minimum itself: the passive duty is the excess's. */
const BEYOND = /\b(?:in\sexcess\sof|exceed\w*|above|over|beyond|towards?|against)\s(?:the\s|any\s|such\s)?(?:[\w-]+\s){0,2}?$/i;
/** "(including minimum order quantities)": a term of another document, mentioned in passing. */
const IN_PASSING = /\((?:including|includes|e\.g\.,?|such\sas)\s[^()]{0,80}\)/gi;
/** What a definition must set to count: money, units, a share, a floor, or the schedule that holds them (a bare number may be the term's own "Period 2"). */
const DEFINED_AMOUNT =
  /\$|US\$|USD|€|£|\[\s*\*|\*{3}|\bunits\b|\bpercent\b|%|\b(?:not|no)\sless\sthan\b|\bat\sleast\b|\b(?:set\s(?:forth|out)|specified|listed|stated)\s(?:in|on|at)\b|\b(?:Exhibit|Schedule|Appendix|Attachment|Annex)\b/;
const CHINESE = /最低(?:采购|订购|订货|销售|购买)(?:量|额|数量|金额)?|(?:采购|订购|购买|销售)[^。；]{0,20}(?:不少于|不低于|至少)/;

/**
 * Minimum commitment (CUAD "Minimum Commitment"): a party must buy, sell, order or pay at least a
 * stated amount ("minimum annual purchase", "shall order not less than 5,000 units per quarter",
 * take-or-pay). Insurance limits, minimum notice and other floors are not.
 */
export function extractMinimumCommitment(view: TextView): PresenceField | null {
  // An all-capitals line is a heading or a schedule title, not a commitment.
  return presenceOf(view, MENTIONS, (raw) => {
    if (CHINESE.test(raw)) return true;
    if (!/[a-z]/.test(raw) || NOT_COMMERCIAL.test(raw) || NOT_OWED.test(raw) || CROSS_REFERENCE.test(raw)) return false;
    if (isBareHeading(raw)) return false;
    const text = raw.replace(IN_PASSING, ' ').replace(TIME_FLOOR, ' ').replace(REDACTED_LEAD_TIME, ' ').replace(NO_FLOOR, ' ');
    if (
      AT_LEAST.test(text) ||
      FLOOR_OWED.test(text) ||
      SERVICE_FLOOR.test(text) ||
      FIRM_QUANTITY.test(text) ||
      BINDING_FORECAST.test(text) ||
      SHELF_LIFE_FLOOR.test(raw) ||
      PAID_FOR_MINIMUM_TERM.test(raw) ||
      FALLS_SHORT.test(text) ||
      BELOW_MINIMUM.test(text)
    )
      return true;
    const named = MINIMUM_NOUN.exec(text);
    if (named === null) return false;
    // A definition counts for what it sets ('"MOQ" means ... as set forth in Schedule 1'), not for its name.
    const definition = DEFINITION.exec(text);
    if (definition) return !PERIOD_TERM.test(definition[0]) && DEFINED_AMOUNT.test(text.slice(definition[0].length));
    const after = text.slice(named.index + named[0].length);
    const owedPassive = OWED_PASSIVE.test(after) && !BEYOND.test(text.slice(0, named.index));
    return OWED.test(text) || OWED_AFTER.test(after) || owedPassive || AMOUNT.test(text.slice(named.index));
  });
}
