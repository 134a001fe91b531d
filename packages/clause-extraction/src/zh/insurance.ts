import { presenceOf } from '../presence.js';
import type { TextView } from '../text-view.js';
import type { PresenceField } from '../types.js';

/** A duty to hold cover: "应…投保建筑工程一切险", "应为租赁设备投保机械损失险及第三者责任险". 风险 is not insurance. */
const DUTY =
  /(?:应|应当|须|必须|需|负责|同意|承诺)[^。；]{0,30}?(?:投保|购买|办理|缴纳|维持|续保|购置)[^。；]{0,30}?(?<!风)险|保险(?:单|凭证|费由)|以[^。；]{0,10}为[^。；]{0,4}(?:受益人|被保险人)/;
/** Cover that is optional or not required: "可自行…投保…，本合同对此不作强制要求". */
const OPTIONAL = /不作(?:强制)?要求|无需|不要求|不必|不强制|可自行|自愿/;
/** Statutory social insurance of employees is not a contractual insurance requirement. */
const SOCIAL = /社会保险|社保|养老保险|医疗保险|失业保险|生育保险|住房公积金|五险/g;

/** Whether a Chinese sentence requires a party to obtain or keep insurance. */
export function isChineseInsuranceDuty(text: string): boolean {
  const rest = text.replace(SOCIAL, '');
  return DUTY.test(rest) && !OPTIONAL.test(rest);
}

/** Insurance in Chinese drafting (CUAD "Insurance"): a party must take out (投保 / 办理) cover; optional or statutory social insurance is not. */
export function extractChineseInsurance(view: TextView): PresenceField | null {
  return presenceOf(view, /险|受益人|被保险人/, (text) => isChineseInsuranceDuty(text));
}
