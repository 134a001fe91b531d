import { presenceOf } from '../presence.js';
import type { TextView } from '../text-view.js';
import type { PresenceField } from '../types.js';

/** The event: a new controller, a merger or takeover, a sale of the business. */
const EVENT =
  /(?:实际控制人|控股股东|控制权|股权结构|股东)(?:发生)?(?:重大)?(?:变更|变化|转移)|被(?:收购|兼并|并购|合并)|(?:合并|分立|重组|并购)|(?:出售|转让)(?:其)?(?:全部|绝大部分|主要|实质性全部)(?:资产|业务)/;
/** …with a consequence for the contract: notice, consent, a right to end it, a deemed assignment. */
const CONSEQUENCE = /通知|同意|批准|解除|终止|视为|有权/;
/** A change of the other party's name or address, or a plain permission, is no change of control. */
const NOT_CONTROL = /名称|地址|联系方式|法定代表人/;

/** Whether a Chinese sentence attaches a consequence to a party's change of control, merger or takeover. */
export function isChineseChangeOfControl(text: string): boolean {
  return EVENT.test(text) && CONSEQUENCE.test(text) && !NOT_CONTROL.test(text);
}

/** Change of control in Chinese drafting (CUAD "Change of Control"): 控股股东 / 实际控制人变更, 被收购, 合并分立, with notice, consent or termination. */
export function extractChineseChangeOfControl(view: TextView): PresenceField | null {
  return presenceOf(view, /控制|股东|股权|收购|兼并|并购|合并|分立|重组|出售|转让/, (text) => isChineseChangeOfControl(text));
}
