import { evidenceInSentence, type Sentence, type TextView } from './text-view.js';
import type { DisputeResolutionField } from './types.js';

const MENTIONS = /arbitra|court|jurisdiction|tribunal|仲裁|法院|诉讼|起诉/i;

/** Disputes go to arbitration: "提交…仲裁委员会仲裁", "申请仲裁", "finally settled by arbitration", "binding arbitration". */
const ARBITRATION =
  /(?:提交|提请|申请|交由|递交|报请|向)[^。；]{0,40}仲裁|仲裁(?:委员会|中心|院|机构)[^。；]{0,20}(?:仲裁|裁决)|(?:通过|以|采用)仲裁方式解决|仲裁解决|\b(?:settled|resolved|determined|decided|submitted|referred)\s(?:exclusively\s|finally\s|solely\s)?(?:by|to)\s(?:confidential\s)?arbitration\b|\bbinding\sarbitration\b|\barbitration\s(?:administered|conducted|in\saccordance\swith|under\sthe|before|pursuant\sto|by\sthe)\b|\b(?:shall|will|must)\s(?:\w+\s){0,3}?arbitrate\b|\bsubmit\w*\s(?:\w+\s){0,4}?to\sarbitration\b/i;
/** Disputes go to the courts: "由…人民法院管辖", "向…法院提起诉讼", "submit to the exclusive jurisdiction of the courts of". */
const LITIGATION =
  /法院[^。；]{0,6}(?:管辖|审理|起诉|诉讼|解决|裁判|判决)|(?:提起|提出)诉讼|向[^。；]{0,40}法院|诉至|诉诸[^。；]{0,10}法院|(?:通过|以)诉讼(?:方式|途径)?解决|\bsubmit\w*\s(?:\w+\s){0,3}?to\sthe\s(?:exclusive\s|non-?exclusive\s)?(?:personal\s)?jurisdiction\sof\b|\b(?:exclusive|non-?exclusive)\s(?:personal\s)?jurisdiction\s(?:of|in)\s(?:the\s)?(?:[\w.,]+\s){0,8}?courts?\b|\b(?:brought|filed|instituted|commenced|litigated|heard)\s(?:\w+\s){0,3}?(?:in|before)\s(?:the\s|any\s)?(?:[\w.]+\s){0,6}?courts?\b|\bcourts\s(?:of|located\sin|sitting\sin)\b[^.;]{0,80}\b(?:jurisdiction|venue)\b|\bvenue\b[^.;]{0,80}\bcourts?\b/i;
/** Not the chosen forum: courts that review or enforce an award, and arbitration that is waived or not agreed. */
const ABOUT_THE_AWARD =
  /(?:撤销|执行|承认)[^。；]{0,10}(?:仲裁)?裁决|裁决不服|对仲裁裁决|\b(?:enter|enforce|confirm|vacate)\w*\b[^.;]{0,40}\b(?:award|judgment\s(?:up)?on)\b|\bjudgment\s(?:up)?on\sthe\saward\b|\binjunctive\b|\bequitable\srelief\b/i;
const NEGATED =
  /不(?:得|适用|采用|通过)[^。；]{0,6}仲裁|\bnot\s(?:be\s)?subject\sto\sarbitration\b|\bwaive\w*\b[^.;]{0,40}\barbitration\b/i;

/** The institution or court named: "上海国际仲裁中心", "天津海事法院", "the American Arbitration Association", "the courts of the State of New York". */
const CHINESE_FORUM = /([\u4e00-\u9fff（）()]{2,30}?(?:仲裁委员会|仲裁中心|仲裁院|人民法院|海事法院|知识产权法院|法院))/;
const CHINESE_FORUM_LEAD = /^.*?(?:提交|提请|向|由|交由|递交|报请|在|至|到|诉诸|将争议提交)/;
const ENGLISH_FORUM =
  /\b((?:American\sArbitration\sAssociation|International\sChamber\sof\sCommerce|International\sCentre\sfor\sDispute\sResolution|JAMS|London\sCourt\sof\sInternational\sArbitration|LCIA|Singapore\sInternational\sArbitration\sCentre|SIAC|Hong\sKong\sInternational\sArbitration\sCent(?:re|er)|HKIAC|China\sInternational\sEconomic\sand\sTrade\sArbitration\sCommission|CIETAC|ICC)\b|\b(?:state\sor\sfederal\s|federal\sor\sstate\s|state\sand\sfederal\s|federal\sand\sstate\s)?courts?\s(?:of|located\sin|sitting\sin|in)\s(?:the\s)?[A-Z][\w.]*(?:,?\s(?:[A-Z][\w.]*|of))*)/;

function forumIn(text: string): string | null {
  const chinese = CHINESE_FORUM.exec(text);
  if (chinese) {
    // "任何一方均可将争议提交上海国际仲裁中心" → "上海国际仲裁中心".
    // The lead words never reach into the name's ending (仲裁委员会, 法院, ...), so a name is left.
    return chinese[1]!.replace(CHINESE_FORUM_LEAD, '').replace(/^(?:其|该|有管辖权的)/, '');
  }
  const english = ENGLISH_FORUM.exec(text);
  // The name can end a sentence: its full stop is not part of it ("courts of England."), an abbreviation's is ("D.C.").
  return english ? english[1]!.replace(/(?<=[a-z]{2})\.$/, '') : null;
}

interface ForumHit {
  sentence: Sentence;
  method: 'arbitration' | 'litigation';
}

/**
 * How disputes are decided: `arbitration` when the contract sends them to arbitration (courts that
 * then set aside or enforce the award, or grant interim relief, do not make it litigation),
 * else `litigation` when it names courts with jurisdiction; `forum` is the institution or court
 * named, when one is. Works on Chinese (提交…仲裁委员会仲裁, 由…人民法院管辖) and English
 * ("settled by binding arbitration", "submit to the exclusive jurisdiction of the courts of").
 */
export function extractDisputeResolution(view: TextView): DisputeResolutionField | null {
  let arbitration: ForumHit | null = null;
  let litigation: ForumHit | null = null;
  for (const sentence of view.sentences) {
    const text = sentence.text;
    if (!MENTIONS.test(text)) continue;
    if (!arbitration && ARBITRATION.test(text) && !NEGATED.test(text)) arbitration = { sentence, method: 'arbitration' };
    if (!litigation && LITIGATION.test(text) && !(ABOUT_THE_AWARD.test(text) && !/管辖|jurisdiction/i.test(text)))
      litigation = { sentence, method: 'litigation' };
    if (arbitration) break;
  }
  const hit = arbitration ?? litigation;
  if (!hit) return null;
  return {
    method: hit.method,
    forum: forumIn(hit.sentence.text),
    evidence: evidenceInSentence(view, hit.sentence, 0, hit.sentence.text.length),
  };
}
