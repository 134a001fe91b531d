import { findAmounts } from './amounts.js';
import { isTableOfContents } from './presence.js';
import { withContinuation } from './sentence-rules.js';
import { evidenceInSentence, shorten, type Sentence, type TextView } from './text-view.js';
import type { LiabilityCapField } from './types.js';
import { CHINESE_CAP, CHINESE_EXCLUSION, CHINESE_EXPRESSLY_UNCAPPED, CHINESE_UNCAPPED } from './zh/liability.js';

const MENTIONS_LIABILITY = /liab|responsib|damages|remed|action|claim|limitation|recover|reimburs|indemn|contribut|赔偿|责任|损失|违约金/i;

const DAMAGE_TYPES =
  /\b(?:indirect|incidental|consequential|special|punitive|exemplary|multiplied|cover)\b[^.;]{0,40}\b(?:damages?|loss(?:es)?|costs?)\b|\blost\s(?:profits?|revenues?|savings|business|data)\b|\bloss\sof\s(?:profits?|revenues?|business|goodwill|data|use)\b|\bpossibility\sof\s(?:such\s)?(?:damages?|loss(?:es)?)\b|\bother\sthan\sdirect\sdamages\b/i;
const NEGATED_LIABILITY =
  /\b(?:in\sno\sevent|under\sno\scircumstances|neither\sparty|no\sparty|not\s(?:in\sany\smanner\s)?(?:be\s)?(?:held\s)?(?:liable|responsible)|shall\snot\saward|waives?)\b|\bneither\s[^.;]{1,150}?\snor\b|\b(?:not|never)\shave\s(?:any\s)?liability\b|\bhave\sno\sliability\b|\bexclud(?:e|es|ed|ing)\b[^.;]{0,40}?\b(?:indirect|incidental|consequential|special|punitive|exemplary)\b|\bliability\sfor\s[^.;]{1,150}?\b(?:is|are|shall\sbe|will\sbe)\s(?:hereby\s)?excluded\b/i;
/** An amount cap: "liability ... shall not exceed" ("not exceed" covers shall/will), "limited to", "maximum liability", "liable for no more than". */
const AMOUNT_CAP =
  /\b(?:liability|liable|damages|reimbursements?|indemnification|indemnity|recovery)\b[^.;]{0,250}?\b(?:(?:in\sno\sevent|never)\sexceed|not\sbe\s(?:greater|more)\sthan|not\sto\sexceed|not\sexceed|in\sexcess\s(?:in\sthe\saggregate\s)?of|(?:in|for)\san\samount\s(?:greater|more)\sthan|(?<!not\s(?:be\s)?)limited\sto|no\smore\sthan|capped\sat|(?:shall|will)\sbe\slimited)\b|\b(?:maximum|aggregate|cumulative|total|entire)\s(?:\w+\s){0,2}liability\b|\bliability\scap\b|\bnot\sbe\s(?:required|obligated)\sto\s(?:pay|contribute)\s(?:any\s)?(?:amounts?|sums?)\s(?:in\sexcess\sof|greater\sthan|more\sthan)\b|\bcumulative\smaximum\b|\b(?:in\sno\sevent|under\sno\scircumstances)\s(?:shall|will)\b[^.;]{0,40}?\bliability\b[^.;]{0,200}?\b(?:exceed|be\s(?:greater|more)\sthan)\b/i;
/** An exculpation: "shall not be liable ... for any mistake of judgment or for any act or omission done in good faith". */
const GOOD_FAITH_EXCULPATION =
  /\bnot\sbe\s(?:held\s)?liable\b[^.;]{0,150}?\b(?:acts?|omissions?|mistakes?|errors?)\b[^.;]{0,100}?\bgood\sfaith\b/i;
/**
 * An exclusion of a kind of loss: "shall not be liable ... for any loss or damage arising from the use of the data".
 * Excusing delays beyond a party's control is force majeure, not a limitation of liability.
 */
const LOSS_EXCLUSION =
  /\b(?:not\s(?:be\s)?(?:held\s)?liable|no\sliability)\b[^.;]{0,150}?\b(?:any|all)\s(?:loss(?:es)?|damages?)\b[^.;]{0,30}?\b(?:resulting|arising|caused|incurred|occasioned|relat)/i;
const FORCE_MAJEURE = /\bforce\smajeure\b|\bbeyond\s(?:its|their|the|a\sparty's)\s(?:reasonable\s)?control\b|\bacts?\sof\sgod\b/i;
const LIMITATION_TITLE = /\blimitations?\s(?:of|on)\s(?:liability|remedies|damages)\b/i;
const SOLE_REMEDY =
  /\bsole\s(?:and\sexclusive\s)?(?:remedy|obligation|liability)\b|(?<!non-)\bexclusive\sremed(?:y|ies)\b|\bentire\s(?:liability|obligation)\b/i;
/**
 * Remedies that limit nothing: a negated one ("shall not constitute the exclusive remedy") and the sole remedy for
 * a termination for convenience, which is a right used, not a breach.
 */
const NOT_A_LIMITING_REMEDY =
  /\bnot\s(?:\w+\s){0,2}(?:the|an?|its|their)\s(?:sole|exclusive)\s(?:and\sexclusive\s)?remed|\b(?:sole|exclusive)\s(?:and\sexclusive\s)?remed(?:y|ies)\b[^.;]{0,80}?\bterminat\w*\b[^.;]{0,60}?\bfor\sconvenience\b/i;
/** A joint venture's limited liability ("liability ... limited to contributing its share of the registered capital") caps no breach. */
const LIMITED_TO_CAPITAL =
  /\blimited\sto\b[^.;]{0,80}?\b(?:(?:registered|subscribed|paid-in|share|equity)\scapital|capital\scontributions?)\b/i;
/**
 * A contractual time bar on claims: "No action ... may be brought more than two years after the cause of action accrued",
 * "Neither party may bring any action ... more than one year after the cause of action has accrued".
 */
const TIME_BAR =
  /\b(?:action|claim|suit|proceeding)s?\b[^.;]{0,200}?\b(?:brought|commenced|filed|made|asserted|bring|commence|file|make|assert)\b[^.;]{0,40}?\b(?:more\sthan|later\sthan|after|within)\b[^.;]{0,120}?\b(?:cause\sof\saction|accru|arose|arisen|arising|occurr|waived)|\b(?:bring|commence|file|assert)\s(?:any\s|an?\s)?(?:action|claim|suit|proceeding)s?\b[^.;]{0,200}?\b(?:more\sthan|later\sthan|after)\b[^.;]{0,120}?\b(?:cause\sof\saction|accru|arose|arisen|arising|occurr)/i;
/**
 * Carve-outs that leave some liability uncapped ("except for", "excluding liability for infringement claims", "save in
 * respect of fraud", ", other than for breach of Section 6,", ...). "Other than" excepts where it opens the sentence or a
 * parenthesis, not where it narrows a noun ("damages other than direct damages"). A limitation "subject to Section 17(c)"
 * leaves room for the carve-out made there. "Without prejudice to any other limitation" adds a limitation rather than
 * excepting from one.
 */
const EXCEPTION =
  /\b(?:except(?:ing)?|excluding\s(?:(?:any|all|the)\s)?(?:liability|claims?|obligations?|breach(?:es)?)|save\s(?:for|in\srespect\sof|with\srespect\sto|in\srelation\sto|as\sregards)|(?<=^|[,;(]\s?|^[\d.()]{1,8}\s)other\sthan\s(?:for|in\srespect\sof|with\srespect\sto|in\sthe\scase\sof|in\sconnection\swith|claims?|liability|breach(?:es)?)|apart\sfrom|subject\sto\s(?:the\sprovisions\sof\s)?(?:sections?|clauses?|articles?|paragraphs?)(?=\s\(?\d)|with\sthe\sexception\sof|without\saffecting|without\sprejudice\sto(?!\s(?:any|the)\s(?:other|generality)\b)|does\snot\sapply|shall\snot\sapply|will\snot\sapply)\b/i;
const EXPRESSLY_UNCAPPED =
  /\b(?:limitations?(?!\s(?:up)?on\suse)|exclusions?|cap|caps|foregoing(?!\sindemnif)|this\s(?:section|subsection|article|paragraph)[\s\d.()a-z]{0,12})\b(?:[^.;]|\.(?=\d)){0,150}?\b(?:(?:shall|will|does|do)\snot(?:,\showever,)?\sapply|(?:shall|will)\sbe\sinapplicable|(?:shall|will)\snot\sbe\sapplicable)\b|\b(?:this|the\sforegoing)\s(?:section|subsection|article|paragraph|limitation)\sshall\sneither\b|\bnothing\sin\sthis\s(?:section|subsection|article|paragraph|agreement)\b(?:[^.;]|\.(?=\d)){0,40}?\b(?:(?:shall|will|is\sintended\sto)\s)?(?:limit|exclude|restrict)s?\b|\b(?:shall|will|does|do)\snot\s(?:be\s(?:construed|deemed|interpreted)\s(?:as|to)\s)?limit(?:ing)?\s(?:the\s|an?\s|any\s|[\w-]{1,40}'s\s)?(?:liability|obligations?\s(?:of\sa\sparty\s)?(?:\w+\s){0,2}?to\sindemnify|obligations?\s(?:under|pursuant\sto)\s(?:[^.;]|\.(?=\d)){0,40}?\bindemn\w*|a\sparty's\s(?:liability|right\sto\srecover(?:y)?)|either\sparty's\sliability|the\sindemnification)\b|\b(?:neither|no)\sparty\s(?:excludes|limits|restricts)\s(?:or\s(?:limits|excludes|restricts)\s)?(?:its\s|any\s)?liability\b|\bwaives?\sany\sand\sall\slimitations\b|\blimitations\sof\sliability\b(?:[^.;]|\.(?=\d)){0,80}\bshall\s(?:not\s)?be\s(?:available|applicable)\b[^.;]{0,40}\bto\b|\bunlimited\sliability\b|\bliability\b[^.;]{0,80}?\b(?:shall|will)\sbe\sunlimited\b|\bnot\s(?:be\s)?subject\sto\s(?:the|any)\s(?:limitation|cap)/i;

interface LimitationHit {
  sentence: Sentence;
  amountCap: boolean;
}

/** Insurance minimums ("aggregate limits of liability of not less than $1,000,000", "Umbrella/Excess Liability with limits of not less than") are not caps. */
const INSURANCE =
  /\binsur|\bpolic(?:y|ies)\b|\bcoverage\b|\blimits?\sof\snot\sless\sthan\b|\b(?:umbrella|excess|general|auto(?:mobile)?)\sliability\b/i;
const MENTIONS_DAMAGES = /liab|damages|limitation|recover|赔偿|责任/i;

function isAmountCap(text: string): boolean {
  return AMOUNT_CAP.test(text) && !INSURANCE.test(text) && !LIMITED_TO_CAPITAL.test(text);
}

function isLimitation(text: string): boolean {
  if (NEGATED_LIABILITY.test(text) && DAMAGE_TYPES.test(text) && /\b(?:liab|responsible|award|waive|recover)/i.test(text)) return true;
  if (
    isAmountCap(text) ||
    LIMITATION_TITLE.test(text) ||
    (SOLE_REMEDY.test(text) && !NOT_A_LIMITING_REMEDY.test(text)) ||
    TIME_BAR.test(text) ||
    GOOD_FAITH_EXCULPATION.test(text) ||
    (LOSS_EXCLUSION.test(text) && !FORCE_MAJEURE.test(text))
  )
    return true;
  return CHINESE_CAP.test(text) || CHINESE_EXCLUSION.test(text);
}

/**
 * "except as otherwise provided herein" is boilerplate; "except as provided in Paragraph 15" and "except as set forth
 * below in this Section 13.4(b)" are carve-outs.
 */
const GENERIC_EXCEPTION =
  /\bexcept\sas\s(?:otherwise\s)?(?:expressly\s|specifically\s)?(?:provided|set\sforth|stated|permitted)\s(?:herein|in\sthis\sagreement|above|below|hereunder|elsewhere|by\slaw)(?!\s(?:in\s)?(?:this\s)?(?:section|clause|article|paragraph|subsection)\s\d)/i;

/**
 * A carve-out for the price alone ("the foregoing limitations do not apply to Customer's obligation to pay the Fees",
 * "the Termination Fee shall not be subject to the limitations") leaves no liability for a breach uncapped.
 */
const PAYMENT_CARVE_OUT =
  /\bnot\s(?:apply|be\ssubject)\sto\s(?:the\s(?:collection|recovery)\sof\s)?(?:(?:the|any|a|either)\s)?(?:party's\s|[\w-]+'s\s)?(?:obligations?\sto\spay|payment\sobligations?|payment\sof\s(?:fees|amounts)|amounts?\s(?:due|owed|payable))\b|\bfees?\s(?:shall|will)\snot\s(?:apply|be\ssubject\sto)\b/i;
/** The same for an exception: "Except for Customer's obligation to pay the fees, neither party shall be liable for ...". */
const PAYMENT_EXCEPTION =
  /\b(?:except|other\sthan|excluding)\s(?:for\s|with\srespect\sto\s)?(?:(?:the|any|a|its|their)\s)?(?:party's\s|[\w-]+'s\s)?(?:obligations?\sto\spay|payment\sobligations?|amounts?\s(?:due|owed|payable))\b/i;
/** Wrongs a carve-out can name besides the price: an indemnity, confidentiality, infringement, misconduct, a breach. */
const WRONGS = String.raw`indemn|confidential|infring|misconduct|intellectual\sproperty|proprietary|wil(?:l)?ful|breach`;
const LIABILITY_FOR_A_WRONG = new RegExp(String.raw`${WRONGS}|negligen|fraud|death|injur|damage\sto`, 'i');

/** "except in the case of death or personal injury where applicable law requires such liability" keeps only what the law makes mandatory. */
const EXCEPTION_THE_LAW_REQUIRES =
  /\bexcept\b[^.;]{0,100}?\b(?:where|to\sthe\sextent|if)\b[^.;]{0,60}?\b(?:law|statute|legislation)\s(?:requires|mandates|imposes|provides\sotherwise)\b/i;

/**
 * Liability for death or personal injury caused by negligence, and for fraud, is what the law keeps uncapped anyway
 * ("Nothing in this Agreement shall limit liability for death or personal injury caused by negligence"); a carve-out
 * of that alone leaves no liability for a breach uncapped. Beside another wrong (confidentiality, infringement, damage
 * to property, wilful misconduct) it counts.
 */
const DEATH_OR_INJURY =
  /\b(?:for|to)\s(?:any\s)?(?:claims?\s(?:for|of|arising\sfrom)\s)?(?:death|personal\sinjury|bodily\sinjury|injury\sto\s(?:any\s)?persons?)\b/i;
const WRONG_BESIDE_INJURY = new RegExp(String.raw`${WRONGS}|gross(?:ly)?\snegligen|damage\sto\s(?:[\w-]+\s){0,4}property`, 'i');
/**
 * An indemnity that does not apply ("Supplier's obligation to indemnify ... shall not apply to the extent that the
 * Losses result from Customer's negligence") narrows the indemnity; it lifts no cap.
 */
const INDEMNITY_NOT_APPLYING =
  /\b(?:obligations?\sto\s(?:indemnify|defend)|indemnif(?:y|ication)|indemnit(?:y|ies))\b(?:(?!limitation|\bcap\b|exclusion)[^.;]|\.(?=\d)){0,100}?\b(?:shall|will|does|do)\snot\sapply\b/i;

/**
 * A carve-out that is itself capped (a super-cap) leaves nothing uncapped: "Except for breaches of confidentiality, for
 * which liability shall not exceed $5,000,000, ...", "... shall not apply to indemnities, which shall instead be subject to
 * a cap of three times the fees", "...; instead, liability for such breaches shall not exceed $2,000,000".
 */
const SUPER_CAP =
  /\b(?:for\swhich|which\s(?:shall|will)|instead|in\slieu\sthereof)\b[^.;]{0,120}?\b(?:not\sexceed|(?<!not\s)limited\sto|capped\sat|subject\sto\sa\s(?:separate\s|higher\s|different\s)?(?:cap|limit))\b/i;
/** The super-cap may follow in the next sentence: "Instead, each party's liability for such breaches shall not exceed ...". */
const SUPER_CAP_NEXT = /^(?:instead|in\slieu\sthereof|rather)\b/i;

function isCarveOut(text: string): boolean {
  if (SUPER_CAP.test(text)) return false;
  if ((PAYMENT_CARVE_OUT.test(text) || PAYMENT_EXCEPTION.test(text)) && !LIABILITY_FOR_A_WRONG.test(text)) return false;
  if (DEATH_OR_INJURY.test(text) && !WRONG_BESIDE_INJURY.test(text)) return false;
  if (INDEMNITY_NOT_APPLYING.test(text)) return false;
  if ((EXPRESSLY_UNCAPPED.test(text) && MENTIONS_DAMAGES.test(text)) || CHINESE_UNCAPPED.test(text)) return true;
  if (EXCEPTION_THE_LAW_REQUIRES.test(text)) return false;
  // "EXCEPT FOR BREACHES OF SECTION 11, NEITHER PARTY SHALL BE LIABLE FOR ... CONSEQUENTIAL DAMAGES"
  // A boilerplate exception starts with "except", so it never stands before the first exception.
  // An exception to excusing one kind of loss ("except for gross negligence, X shall not be liable for any loss
  // caused by the products") leaves no liability for a breach uncapped.
  return (
    EXCEPTION.test(text) &&
    ((NEGATED_LIABILITY.test(text) && (!LOSS_EXCLUSION.test(text) || DAMAGE_TYPES.test(text))) || isAmountCap(text)) &&
    !GENERIC_EXCEPTION.test(text)
  );
}

/** "Except as provided by Section 19(a)(iii):" over a list of limitations: the exception holds for each item. */
function exceptionLead(view: TextView, index: number): boolean {
  const previous = view.sentences[index - 1]?.text;
  return previous?.endsWith(':') === true && /^except\b/i.test(previous) && !GENERIC_EXCEPTION.test(previous);
}

/** A sentence cut before its end ("... NEGLIGENCE, 10 STRICT LIABILITY") ends on a comma or a word that needs more. */
const UNFINISHED = /(?:,|\b(?:the|a|an|to|of|for|and|or|in|by|any))\s*$/i;
const endsUnfinished = (text: string) => UNFINISHED.test(text);

/**
 * Limitation of liability, in CUAD's broad sense: caps on the amount, exclusions of indirect or
 * consequential damages, sole-remedy clauses and time bars on claims (`limited`), and whether
 * some liability is expressly left uncapped by a carve-out ("except for breaches of
 * confidentiality", "the limitations shall not apply to", `kind: 'uncapped'`). The amount is the
 * money cap when one is written out.
 */
export function extractLiabilityCap(view: TextView): LiabilityCapField | null {
  let firstLimitation: LimitationHit | null = null;
  let amountLimitation: LimitationHit | null = null;
  let carveOut: Sentence | null = null;
  for (const [index, sentence] of view.sentences.entries()) {
    const text = withContinuation(view, index, endsUnfinished);
    if (!MENTIONS_LIABILITY.test(text)) continue;
    // A table of contents names a "Limitation of Liability" or "Sole Remedy" clause without making it.
    const limitation = isLimitation(text) && !isTableOfContents(text);
    if (limitation) {
      const hit = { sentence, amountCap: isAmountCap(text) || CHINESE_CAP.test(text) };
      firstLimitation ??= hit;
      if (hit.amountCap && !amountLimitation) amountLimitation = hit;
    }
    if (
      !carveOut &&
      (((limitation || CHINESE_EXPRESSLY_UNCAPPED.test(text) || (EXPRESSLY_UNCAPPED.test(text) && MENTIONS_DAMAGES.test(text))) &&
        isCarveOut(text) &&
        !SUPER_CAP_NEXT.test(view.sentences[index + 1]?.text ?? '')) ||
        (limitation && exceptionLead(view, index)))
    )
      carveOut = sentence;
    if (carveOut && amountLimitation) break;
  }
  if (!firstLimitation && !carveOut) return null;
  const capSentence = (amountLimitation ?? firstLimitation)?.sentence ?? null;
  const amount = capSentence && amountLimitation ? findAmounts(capSentence.text).find((found) => found.value > 0) : undefined;
  const described = carveOut ?? capSentence!;
  return {
    kind: carveOut ? 'uncapped' : 'capped',
    limited: firstLimitation !== null,
    amount: amount?.value ?? null,
    currency: amount?.currency ?? null,
    description: shorten(described.text),
    evidence: evidenceInSentence(view, described, 0, described.text.length),
  };
}
