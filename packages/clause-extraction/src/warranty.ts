import { findDurations, formatDuration } from './numbers.js';
import { presenceOf } from './presence.js';
import { evidenceFor, type TextView } from './text-view.js';
import type { WarrantyDurationField } from './types.js';

const MENTIONS = /warrant|guarantee|defect|repair|replace|reject|accept|discrepanc|shortage|conform|\berrors?\b|质保|保修|质量保证/i;
/** A warranty against defects that runs for a time: "warranty period", "warrants ... for a period of twelve (12) months from delivery". */
const WARRANTY = /\bwarrant(?:y|ies|s|ed)?\b|\bguarantee(?:s|d)?\b|\bdefects?\b/i;
const PERIOD =
  /\bwarranty\s(?:period|term)\b|\bdefects?\sliability\speriod\b|\bperiod\sof\s(?:the\s)?warranty\b|\b(?:for\s(?:a\speriod\sof\s)?|within\s|during\s(?:the\s)?(?:first\s)?)(?:(?:\w+\s)?(?:\(\d+\)\s)?(?:calendar\s)?(?:days?|weeks?|months?|years?)\b|\[[^\]]{0,12}\])[^.;]{0,80}?\b(?:from|after|following|of|commencing)\b[^.;]{0,40}?\b(?:delivery|shipment|installation|acceptance|purchase|sale|supply|completion|receipt|commencement|effective\sdate|date\sof\s(?:invoice|sale|manufacture))\b|\b(?:year|month|day)s?['\s-]+(?:(?:limited|express|standard|product|manufacturer's)\s){0,2}?warranty\b|\bfor\s(?:the\s)?(?:longer|shorter|lesser|greater)\sof\s(?:\(?[a-z\d]\)\s*)?(?:[\w-]+\s)?(?:\(\d+\)\s)?(?:days?|weeks?|months?|years?)\b|\bfor\s(?:the|a)\speriod\s(?:from|beginning|commencing|starting)\b[^.;]{0,60}?\b(?:until|to|through)\s(?:the\s)?(?:expiry|expiration|end)\b/i;
/**
 * A remedy or warranty against defects that runs from any starting event ("warranted against
 * defects for twelve (12) months from first use", "repair or replace any Product that fails during
 * the first year after sale", "the limited warranty lasts one year from purchase"): the defect words
 * make it a product warranty, so the starting event need not be one of PERIOD's.
 */
const AGAINST_DEFECTS =
  /\bdefect\w*|\berrors?\b|\bworkmanship\b|\bfree\s(?:from|of)\b|\bnon-?conform\w*|\bconform\w*\s(?:in\sall\smaterial\srespects\s)?(?:to|with)\b|\bin\s(?:substantial\s)?(?:conformance|conformity|accordance|compliance)\swith\s(?:the\s|its\s|their\s)?(?:applicable\s)?(?:specifications?|documentation|user\smanuals?)\b|\bmalfunction\w*|\brepair(?:ed)?\sor\sreplace(?:d)?\b|\bfails?\sto\s(?:perform|operate|function|conform)\b|\blimited\swarranty\b/i;
/** Putting a failure right: "repair or replace", "replace it free of charge", "correct any Error". */
const REMEDY =
  /\brepair(?:ed)?\sor\sreplace(?:d)?\b|\bre-?perform\b|\b(?:repair|replace)[ds]?\s(?:it\s|them\s|such\s\w+\s)?(?:free\sof\scharge|at\sno\s(?:additional\s)?(?:cost|charge)|at\sits\s(?:own\s)?(?:cost|expense))\b|\bcorrect\s(?:any|all|such)\s(?:reported\s)?(?:errors?|defects?|bugs?|non-?conformit(?:y|ies))\b/i;
/**
 * A promise of conformance that holds for a stated time with no starting event ("will perform substantially in
 * accordance with the Documentation for ninety (90) days"): the time follows the conformance words closely.
 */
const CONFORMS_FOR =
  /\b(?:defects?|workmanship|errors?|specifications?|documentation|guaranteed)\b[^.;]{0,40}?\bfor\s(?:a\speriod\sof\s)?(?:[\w-]+\s)?(?:\(\d+\)\s)?(?:calendar\s)?(?:days?|weeks?|months?|years?)\b(?!\s(?:from|after|following)\b)/i;
/** Without a starting event only an express warranty counts: "keeping defect reports ... for 15 months" is record keeping. */
const WARRANTS = /\bwarrant(?:s|ed|y|ies)\b|\bguarantee[sd]?\b/i;
const RUNS_FROM =
  /\b(?:for|until|within|during)\s(?:a\speriod\sof\s)?(?:\[[^\]]{0,12}\]|\*{1,9})\s(?:(?:days?|weeks?|months?|years?)\s)?(?:from|after|following)\b|\b(?:for|within|during|lasts?|lasting|runs?|of)\s(?:a\speriod\sof\s|the\sfirst\s|the\s)?(?:[\w-]+\s)?(?:\(\d+\)\s)?(?:calendar\s)?(?:days?|weeks?|months?|years?)(?:\speriod)?\s(?:from|after|following|of|commencing|beginning)\b(?!\s(?:(?:the\s)?(?:date\sof\s)?(?:(?:the|such|any|its)\s)?(?:written\s)?(?:notice|notification|request|demand|invoice)|(?:first\s)?becoming\saware|(?:the\s)?discovery))/i;
/**
 * A warranty named with how long it lasts, without PERIOD's starting event: "a limited warranty of three (3)
 * years", "the warranty set forth in this Section shall expire twelve (12) months after delivery", "the Software
 * Warranty shall be valid for 90 days", "Manufacturer's standard warranty, which is twelve months from the date
 * of purchase", "Such warranty shall commence upon shipment".
 */
/** A time counted from a notice or a discovery is a time to claim, not how long the warranty lasts. */
const NOT_FROM_NOTICE = String.raw`(?!\s(?:(?:the\s)?(?:date\sof\s)?(?:(?:the|such|any|its)\s)?(?:written\s)?(?:notice|notification|request|demand|invoice)|(?:first\s)?becoming\saware|(?:the\s)?discovery))`;
const WARRANTY_LASTS = new RegExp(
  [
    String.raw`\bwarrant(?:y|ies)\s(?:period\s)?(?:(?:shall|will)\s(?:be|last|run|extend)\s|is\s)?(?:of|for)\s(?:(?:a\s)?period\sof\s)?(?:[\w-]+\s|\[[^\]]{0,12}\]\s*|\*{1,9}\s*)?(?:\(\d+\)\s)?(?:calendar\s)?(?:days?|weeks?|months?|years?)\b`,
    String.raw`\bwarrant(?:y|ies)\b[^.;]{0,80}?\b(?:expires?|terminates?|lapses?|(?:is|are|be)\s(?:valid|limited\sto|in\seffect)|lasts?|remains?\sin\s(?:full\s)?(?:force|effect)|runs?|continues?|extends?|commences?|starts?|begins?)\b[^.;]{0,60}?\b(?:days?|weeks?|months?|years?|delivery|shipment|installation|acceptance|purchase|anniversary)\b`,
    String.raw`\bwarrant(?:y|ies)\b[^.;]{0,60}?\b(?:[\w-]+\s)?(?:\(\d+\)\s)?(?:calendar\s)?(?:days?|weeks?|months?|years?)\s(?:from|after|following|commencing|beginning)\b${NOT_FROM_NOTICE}`,
    // "The warranty on spare parts is ninety (90) days", "The Product is warranted for one (1) year".
    String.raw`\bwarrant(?:y|ies)\s(?:on|for)\s(?:[\w-]+\s){1,3}?(?:is|shall\sbe|will\sbe)\s(?:(?:a\s)?period\sof\s)?(?:[\w-]+\s)?(?:\(\d+\)\s)?(?:calendar\s)?(?:days?|weeks?|months?|years?)\b`,
    String.raw`\bwarranted\s(?:[\w-]+\s){0,3}?for\s(?:a\speriod\sof\s)?(?:[\w-]+\s)?(?:\(\d+\)\s)?(?:calendar\s)?(?:days?|weeks?|months?|years?)\b`,
  ].join('|'),
  'i',
);
/** Survival of representations, and time limits for rejecting deliveries, are not warranties against defects. */
const NOT_A_WARRANTY = /\bsurviv|\bforce\smajeure\b/i;
/** "representations, warranties and covenants" are statements of fact, not a product warranty. */
const REPRESENTATIONS =
  /\brepresentations?,?\s(?:and\s|or\s)?warrant(?:y|ies)\b|\bwarrant(?:y|ies),?\s(?:and\s|or\s)?(?:representations?|covenants?)\b|\brepresents\sand\swarrants\b/gi;
/**
 * "the first year (during warranty period)": an aside that refers to a warranty defined elsewhere, where it is
 * found if it is there. A definition in quotes ("(the "Warranty Period")") is no aside.
 */
const WARRANTY_ASIDE = /\([^()"“”]{0,40}\bwarranty\s(?:period|term)\b[^()"“”]{0,40}\)/gi;
/**
 * An inspection window after delivery works like a warranty period in CUAD's sense: "may reject
 * any defective Product ... within seven (7) days after receipt", "shall be deemed accepted".
 */
const REJECTION_WINDOW =
  /\b(?:reject\w*|revocation\sof\sacceptance|(?:shall\sbe\s)?deemed\s(?:to\shave\s)?(?:been\s)?accept\w*)\b[^.;]{0,80}?\b(?:products?|goods|items?|shipments?|deliver\w*|batch\w*|units?|equipment|software|it|them)\b|\bclaims?\sfor\s(?:any\s)?(?:discrepanc\w*|defect\w*|shortage\w*|damage\w*)|\b(?:notif\w*|notice)\b[^.;]{0,60}\b(?:defect\w*|non-?conform\w*|does\snot\s(?:meet|conform)|shortages?)/i;
/** Approving or rejecting orders, proposals or submitted materials, or paying an invoice unless goods were rejected, is not an inspection of delivered goods. */
const NOT_GOODS =
  /\bapprove\sor\sreject\b|\b(?:pay|paid|payment)\b[^.;]{0,30}\binvoices?\b|\b(?:purchase\sorders?|proposals?|marketing|promotional|submitted|underwriting|contracts?\b)/i;
const WITHIN_PERIOD =
  /\b(?:within|beyond|after)\s(?:a\speriod\sof\s|the\ssaid\s|the\s|this\s)?(?:\[[^\]]{0,12}\]|\w+\s(?:\(\d+\)\s)?(?:calendar\s|business\s|working\s)?(?:days?|weeks?|months?|hours?)|\d+\shours?)|\bfor\sa\speriod\sof\s\[/i;
const CHINESE = /(?:质保|保修|质量保证)(?:期|期限)/;

const UNIT_DAYS = { day: 1, week: 7, month: 30, year: 365 } as const;

/** A duration as CUAD and people write it (12 months read as `1 year`, 24 months as `2 years`) and its days, from that reading. */
export function normalisedDuration(value: number, unit: keyof typeof UNIT_DAYS): { duration: string; days: number } {
  if (unit === 'month' && value % 12 === 0) return { duration: formatDuration(value / 12, 'year'), days: (value / 12) * UNIT_DAYS.year };
  return { duration: formatDuration(value, unit), days: value * UNIT_DAYS[unit] };
}

/**
 * Warranty duration (CUAD "Warranty Duration"): how long a warranty against defects or errors
 * runs ("warrants ... free from defects ... for a period of ninety (90) days from the date of
 * delivery", "the Warranty Period shall be twelve (12) months", 质保期两年). `duration` is
 * normalised (`1 year`, `90 days`) and `days` counts a month as 30 days, a year as 365; both
 * are null when the clause names a warranty period without its length.
 */
export function extractWarrantyDuration(view: TextView): WarrantyDurationField | null {
  let found: WarrantyDurationField | null = null;
  presenceOf(view, MENTIONS, (text, sentence) => {
    const chinese = CHINESE.test(text);
    const plain = text.replace(REPRESENTATIONS, ' ').replace(WARRANTY_ASIDE, ' ');
    const warranty =
      (WARRANTY.test(plain) && (PERIOD.test(plain) || WARRANTY_LASTS.test(plain))) ||
      ((WARRANTY.test(plain) || REMEDY.test(plain)) &&
        AGAINST_DEFECTS.test(plain) &&
        (RUNS_FROM.test(plain) || (WARRANTS.test(plain) && CONFORMS_FOR.test(plain))));
    const window =
      REJECTION_WINDOW.test(plain) &&
      !NOT_GOODS.test(plain) &&
      WITHIN_PERIOD.test(plain) &&
      /\b(?:deliver\w*|receipt|received|shipment|shipped|products?|goods)\b/i.test(plain);
    if (!chinese && ((!warranty && !window) || NOT_A_WARRANTY.test(plain))) return false;
    const duration = findDurations(text).find((candidate) => candidate.unit !== 'day' || candidate.value >= 7);
    const length = duration ? normalisedDuration(duration.value, duration.unit) : null;
    found = { duration: length?.duration ?? null, days: length?.days ?? null, evidence: evidenceFor(view, sentence.start, sentence.end) };
    return true;
  });
  return found;
}
