import { presenceOf } from '../presence.js';
import type { TextView } from '../text-view.js';
import type { PresenceField } from '../types.js';

/** Passing the contract on: 转让 / 让与 rights, 转包 the whole job, 转委托 the mandate, 转授 / 再许可 a licence. 转租 and 转借 (subletting) are not. */
const BARRED = /(?:不得|不能|无权|不应|禁止|严禁)([^。；]{0,40}?)(转让|让与|转包|转委托|转授|再许可)(?!方|人|款|价|费)/g;
/** Passing on that is delegation by its nature: the whole job, the mandate, the licence (tested on the verb BARRED found). */
const DELEGATION = /转包|转委托|转授/;
const CONTRACT_OBJECT = /本合同|本协议|合同|协议|权利|义务|经销权|代理权|经营权|许可|委托事项|业务/;
/** Shares, IP, results, goods or premises are not the contract. */
const OTHER_OBJECT = /股权|股份|出资|知识产权|著作权|专利|商标|成果|设备|房屋|租赁物|货物|保密信息|商业秘密|技术秘密|数据/;
/** "未经对方同意，转让本合同的，转让无效". */
const VOID_WITHOUT_CONSENT =
  /未经[^。；]{0,20}(?:同意|许可)[^。；]{0,30}(?:转让|转包|转委托)[^。；]{0,30}(?:无效|不发生效力|不生效|不对[^。；]{0,10}发生效力)/;
const FREELY = /无需[^。；]{0,10}(?:同意|许可|批准)|可(?:以)?自由转让/;

/** Whether a Chinese sentence forbids passing the contract on, or makes it need the other party's consent. */
export function isChineseAntiAssignment(text: string): boolean {
  if (FREELY.test(text)) return false;
  for (const match of text.matchAll(BARRED)) {
    if (DELEGATION.test(match[2]!)) return true;
    // The object sits after 将 ("不得将本协议项下的权利转让") or after the verb ("不得转让本合同").
    const between = match[1]!;
    const object = between.includes('将')
      ? between.slice(between.lastIndexOf('将') + 1)
      : text.slice(match.index + match[0].length, match.index + match[0].length + 15);
    if (CONTRACT_OBJECT.test(object) && !OTHER_OBJECT.test(object)) return true;
  }
  return VOID_WITHOUT_CONSENT.test(text);
}

/**
 * Anti-assignment in Chinese drafting (CUAD "Anti-Assignment"): 不得将本协议项下的权利转让, 未经…同意不得转让,
 * 不得转包 / 转委托 / 转授. A ban on subletting (转租) or on selling shares or IP is not one.
 */
export function extractChineseAntiAssignment(view: TextView): PresenceField | null {
  return presenceOf(view, /转让|让与|转包|转委托|转授|再许可/, (text) => isChineseAntiAssignment(text));
}
