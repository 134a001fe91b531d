import { presenceOf } from '../presence.js';
import type { TextView } from '../text-view.js';
import type { PresenceField } from '../types.js';
import { ZH_PERIOD } from './drafting.js';

const EXPLICIT = /竞业限制|竞业禁止|竞业义务|竞业条款|同业竞争|不竞争(?:义务|承诺|条款|约定)/;
/** "不承担竞业限制义务": the explicit words, negated. */
const EXPLICIT_NEGATED = /(?:不|无|未|免除)[^。；]{0,6}(?:承担|负有|受|约定)?[^。；]{0,4}竞业(?:限制|禁止)/;
const RESTRAINED = '(?:不得|不应|不会|不能|禁止|不直接或间接|不以任何方式|不自行或通过他人)';
/**
 * Engaging in a competing business, whatever the verb: "不得…从事与甲方相竞争的业务", "不直接或间接从事与目标公司相同或相似的业务",
 * "不得到与甲方有竞争关系的单位任职", "不得生产同类产品".
 */
const COMPETING_BUSINESS = new RegExp(
  `${RESTRAINED}[^。；]{0,40}?(?:竞争|竞品|同类|相同或相似|相同或类似|相同或近似|业务相同|相同的?业务|相似|类似|近似)`,
);
/** After the contract ends, for a period: "合同终止后一年内，乙方不得…为任何第三方加工产品". */
const POST_TERM = new RegExp(`(?:终止|解除|届满|期满|离职|到期)(?:之日)?(?:后|起)[^。；]{0,8}?${ZH_PERIOD}(?:内|之内|以内)`);
const POST_TERM_DEALING = new RegExp(
  `${RESTRAINED}[^。；]{0,60}?(?:为|向|与)[^。；]{0,20}?(?:第三方|他人|任何|其他)[^。；]{0,30}?(?:加工|生产|制造|提供|销售|合作|服务)`,
);
/** Keeping secrets after the end is confidentiality, not a restraint on competing. */
const SECRECY = /保密|披露|泄露|泄漏|秘密|信息|资料/;
/**
 * Exclusivity, not a non-compete: the grantor may not appoint anyone else ("不得另行委托其他经销商"),
 * or during the term a party may not serve the other's competitors ("服务期内，乙方不得为…其他企业提供同类服务").
 */
const APPOINTS_OTHERS = /另行(?:委托|授权|指定)|委托其他|授权其他|指定其他/;
const SERVES_OTHERS = new RegExp(`${RESTRAINED}(?:为|向)[^。；]{0,40}?(?:企业|公司|第三方|他人|客户|单位)提供`);

/** Whether a Chinese sentence restricts a party from competing (竞业限制, engaging in a competing business, dealing with others after the end). */
export function isChineseNonCompete(text: string): boolean {
  if (EXPLICIT.test(text)) return !EXPLICIT_NEGATED.test(text);
  if (POST_TERM.test(text) && POST_TERM_DEALING.test(text) && !SECRECY.test(text)) return true;
  if (APPOINTS_OTHERS.test(text) || SERVES_OTHERS.test(text)) return false;
  return COMPETING_BUSINESS.test(text);
}

/**
 * Non-compete in Chinese drafting (CUAD "Non-Compete"): 竞业限制 / 竞业禁止, a ban on engaging in a
 * business like the other party's, or on dealing in the same kind of work for others after the
 * contract ends. A grantor's promise not to appoint others, and a ban on serving others during
 * the term only, are exclusivity.
 */
export function extractChineseNonCompete(view: TextView): PresenceField | null {
  return presenceOf(view, /竞业|竞争|竞品|同类|相同|相似|类似|近似|不得|不直接/, (text) => isChineseNonCompete(text));
}
