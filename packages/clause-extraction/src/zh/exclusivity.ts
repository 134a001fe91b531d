import { presenceOf } from '../presence.js';
import type { TextView } from '../text-view.js';
import type { PresenceField } from '../types.js';

/** An exclusive grant or role: 独家经销, 独占许可, 排他性授权, 专属代理, 唯一的供应商. */
const EXCLUSIVE =
  /独家|独占(?:许可|实施|使用|许可使用|代理|经销)?|排他(?:性)?(?:许可|授权|合作|经销|代理|权)?|专属(?:代理|经销|许可)|唯一(?:的)?(?:供应商|经销商|代理商|代理人|合作方|服务商|授权)/g;
/** A grantor promising not to appoint or license anyone else: "不得在该区域内另行委托其他经销商", "不得授权其他公司". A licensee's ban on sublicensing (再许可) or delegating (转委托) is not. */
const NO_OTHER =
  /(?:不得|不再|不会|不应)[^。；]{0,30}?(?:另行|再行)(?:委托|授权|许可|指定|发展|设立)|(?:不得|不再|不会|不应)[^。；]{0,30}?(?<!转|再)(?:委托|授权|许可|指定|发展|设立)(?:任何)?其他/;
/** A buyer bound to one source: "只能从甲方采购", "仅向乙方采购". */
const SOLE_SOURCE = /(?:只能|仅(?:可|能)?|全部)(?:从|向)[^。；]{0,10}(?:采购|购买|进货|订购)/;
/** During the term, not serving the other's competitors: "服务期内，乙方不得为…其他企业提供同类服务". */
const NOT_FOR_COMPETITORS = /(?:不得|不会)(?:为|向)[^。；]{0,40}?(?:同类|竞争)[^。；]{0,30}?提供/;
/** "非独占", "非独家", "普通许可", "一般代理" and a 保留 of the grantor's own right are not exclusive. */
const NEGATED = /(?:非|不是|并非|无|不具有|不享有|不构成)(?:独家|独占|排他|专属)/g;

/** Whether a Chinese sentence grants or promises exclusivity. */
export function isChineseExclusivity(text: string): boolean {
  const rest = text.replace(NEGATED, '');
  // NEGATED has already taken 非独家 / 非排他 out; a 普通许可 or 一般代理 says the rest is no exclusivity either.
  if (/普通许可|一般代理/.test(rest) && !EXCLUSIVE.test(rest)) return false;
  EXCLUSIVE.lastIndex = 0;
  return EXCLUSIVE.test(rest) || NO_OTHER.test(rest) || SOLE_SOURCE.test(rest) || NOT_FOR_COMPETITORS.test(rest);
}

/** Exclusivity in Chinese drafting (CUAD "Exclusivity"); 非独占 / 普通许可 / 一般代理 are not. */
export function extractChineseExclusivity(view: TextView): PresenceField | null {
  return presenceOf(view, /独家|独占|排他|专属|唯一|不得|不再|不会|只能|仅/, (text) => isChineseExclusivity(text));
}
