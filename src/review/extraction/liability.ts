import { findAmounts } from './amounts.js';
import { evidenceInSentence, shorten, type Sentence, type TextView } from './text-view.js';
import type { LiabilityCapField } from './types.js';
import { CHINESE_CAP, CHINESE_EXCLUSION, CHINESE_EXPRESSLY_UNCAPPED, CHINESE_UNCAPPED } from './zh/liability.js';

const MENTIONS_LIABILITY = /liab|responsib|damages|remed|action|claim|limitation|赔偿|责任|损失|违约金/i;

const DAMAGE_TYPES =
  /\b(?:indirect|incidental|consequential|special|punitive|exemplary|multiplied|cover)\b[^.;]{0,40}\b(?:damages?|loss(?:es)?|costs?)\b|\blost\s+(?:profits?|revenues?|savings|business|data)\b|\bloss\s+of\s+(?:profits?|revenues?|business|goodwill|data|use)\b|\bpossibility\s+of\s+(?:such\s+)?(?:damages?|loss(?:es)?)\b|\bother\s+than\s+direct\s+damages\b/i;
const NEGATED_LIABILITY =
  /\b(?:in\s+no\s+event|under\s+no\s+circumstances|neither\s+party|no\s+party|not\s+(?:in\s+any\s+manner\s+)?(?:be\s+)?(?:held\s+)?(?:liable|responsible)|shall\s+not\s+award|waives?)\b/i;
/** An amount cap: "liability ... shall not exceed" ("not exceed" covers shall/will), "limited to", "maximum liability", "liable for no more than". */
const AMOUNT_CAP =
  /\b(?:liability|liable|damages)\b[^.;]{0,250}?\b(?:(?:in\s+no\s+event|never)\s+exceed|not\s+be\s+(?:greater|more)\s+than|not\s+to\s+exceed|not\s+exceed|in\s+excess\s+of|(?<!not\s)(?:be\s+)?limited\s+to|no\s+more\s+than|capped\s+at|(?:shall|will)\s+be\s+limited)\b|\b(?:maximum|aggregate|cumulative|total|entire)\s+(?:\w+\s+){0,2}liability\b|\bliability\s+cap\b|\bcumulative\s+maximum\b|\b(?:in\s+no\s+event|under\s+no\s+circumstances)\s+(?:shall|will)\b[^.;]{0,40}?\bliability\b[^.;]{0,200}?\bexceed\b/i;
const LIMITATION_TITLE = /\blimitations?\s+(?:of|on)\s+(?:liability|remedies|damages)\b/i;
const SOLE_REMEDY =
  /\bsole\s+(?:and\s+exclusive\s+)?(?:remedy|obligation|liability)\b|\bexclusive\s+remed(?:y|ies)\b|\bentire\s+(?:liability|obligation)\b/i;
/** A contractual time bar on claims: "No action ... may be brought more than two years after the cause of action accrued". */
const TIME_BAR =
  /\b(?:action|claim|suit|proceeding)s?\b[^.;]{0,200}?\b(?:brought|commenced|filed|made|asserted)\b[^.;]{0,40}?\b(?:more\s+than|later\s+than|after|unless\s+commenced\s+within|within)\b[^.;]{0,120}?\b(?:cause\s+of\s+action|accru|arose|arisen|arising|occurr|waived)/i;
/** Carve-outs that leave some liability uncapped ("except for", "excluding liability for infringement claims", ...). */
const EXCEPTION =
  /\b(?:except(?:ing)?|excluding\s+(?:(?:any|all|the)\s+)?(?:liability|claims?|obligations?|breach(?:es)?)|save\s+for|with\s+the\s+exception\s+of|without\s+affecting|without\s+prejudice\s+to|does\s+not\s+apply|shall\s+not\s+apply|will\s+not\s+apply)\b/i;
const EXPRESSLY_UNCAPPED =
  /\b(?:limitations?(?!\s+(?:up)?on\s+use)|exclusions?|cap|caps|foregoing(?!\s+indemnif)|this\s+(?:section|subsection|article|paragraph)[\s\d.()a-z]{0,12})\b[^.;]{0,150}?\b(?:shall|will|does|do)\s+not(?:,\s*however,)?\s+apply\b|\b(?:this|the\s+foregoing)\s+(?:section|subsection|article|paragraph|limitation)\s+shall\s+neither\b|\bnothing\s+in\s+this\s+(?:section|subsection|article|paragraph|agreement)\b(?:[^.;]|\.(?=\d)){0,40}?\b(?:(?:shall|will|is\s+intended\s+to)\s+)?(?:limit|exclude|restrict)s?\b|\b(?:shall|will|does|do)\s+not\s+(?:be\s+(?:construed|deemed|interpreted)\s+(?:as|to)\s+)?limit(?:ing)?\s+(?:the\s+|an?\s+|any\s+)?(?:liability|obligations?\s+(?:of\s+a\s+party\s+)?(?:\w+\s+){0,2}?to\s+indemnify|a\s+party's\s+(?:liability|right\s+to\s+recover(?:y)?)|either\s+party's\s+liability|the\s+indemnification)\b|\bneither\s+party\s+(?:excludes|limits)\s+(?:or\s+(?:limits|excludes)\s+)?(?:its\s+|any\s+)?liability\b|\bwaives?\s+any\s+and\s+all\s+limitations\b|\blimitations\s+of\s+liability\b(?:[^.;]|\.(?=\d)){0,80}\bshall\s+(?:not\s+)?be\s+(?:available|applicable)\b[^.;]{0,40}\b(?:with\s+respect\s+to|to)\b|\bunlimited\s+liability\b|\bliability\s+(?:shall|will)\s+be\s+unlimited\b|\bnot\s+(?:be\s+)?subject\s+to\s+(?:the|any)\s+(?:limitation|cap)/i;

interface LimitationHit {
  sentence: Sentence;
  amountCap: boolean;
}

/** Insurance minimums ("aggregate limits of liability of not less than $1,000,000", "Umbrella/Excess Liability with limits of not less than") are not caps. */
const INSURANCE =
  /\binsur|\bpolic(?:y|ies)\b|\bcoverage\b|\blimits?\s+of\s+not\s+less\s+than\b|\b(?:umbrella|excess|general|auto(?:mobile)?)\s+liability\b/i;
const MENTIONS_DAMAGES = /liab|damages|limitation|recover|赔偿|责任/i;

function isLimitation(text: string): boolean {
  if (NEGATED_LIABILITY.test(text) && DAMAGE_TYPES.test(text) && /\b(?:liab|responsible|award|waive|recover)/i.test(text)) return true;
  if ((AMOUNT_CAP.test(text) && !INSURANCE.test(text)) || LIMITATION_TITLE.test(text) || SOLE_REMEDY.test(text) || TIME_BAR.test(text))
    return true;
  return CHINESE_CAP.test(text) || CHINESE_EXCLUSION.test(text);
}

/** "except as otherwise provided herein" is boilerplate; "except as provided in Paragraph 15" is a carve-out. */
const GENERIC_EXCEPTION =
  /\bexcept\s+as\s+(?:otherwise\s+)?(?:expressly\s+|specifically\s+)?(?:provided|set\s+forth|stated|permitted)\s+(?:herein|in\s+this\s+agreement|above|below|hereunder|elsewhere|by\s+law)/i;

function isCarveOut(text: string): boolean {
  if ((EXPRESSLY_UNCAPPED.test(text) && MENTIONS_DAMAGES.test(text)) || CHINESE_UNCAPPED.test(text)) return true;
  // "EXCEPT FOR BREACHES OF SECTION 11, NEITHER PARTY SHALL BE LIABLE FOR ... CONSEQUENTIAL DAMAGES"
  const exception = EXCEPTION.exec(text);
  return (
    exception !== null &&
    (NEGATED_LIABILITY.test(text) || (AMOUNT_CAP.test(text) && !INSURANCE.test(text))) &&
    !GENERIC_EXCEPTION.test(text.slice(exception.index))
  );
}

/** A sentence cut before its end (a page number or page break inside it: "... NEGLIGENCE, 10 STRICT LIABILITY") reads on into the next. */
const UNFINISHED = /(?:,|\b(?:the|a|an|to|of|for|and|or|in|by|any))\s*$/i;
function withRunOn(view: TextView, index: number): string {
  const text = view.sentences[index]!.text;
  const next = view.sentences[index + 1];
  return next && UNFINISHED.test(text) ? `${text} ${next.text}` : text;
}

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
    const text = withRunOn(view, index);
    if (!MENTIONS_LIABILITY.test(text)) continue;
    const limitation = isLimitation(text);
    if (limitation) {
      const hit = { sentence, amountCap: (AMOUNT_CAP.test(text) && !INSURANCE.test(text)) || CHINESE_CAP.test(text) };
      firstLimitation ??= hit;
      if (hit.amountCap && !amountLimitation) amountLimitation = hit;
    }
    if (
      !carveOut &&
      (limitation || CHINESE_EXPRESSLY_UNCAPPED.test(text) || (EXPRESSLY_UNCAPPED.test(text) && MENTIONS_DAMAGES.test(text))) &&
      isCarveOut(text)
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
