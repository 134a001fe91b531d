import { presenceOf } from '../presence.js';
import type { TextView } from '../text-view.js';
import type { PresenceField } from '../types.js';

/** What a commitment is measured in: purchases, orders, sales, royalties. */
const MEASURE = '(?:采购|订购|购买|进货|提货|订单|订货|下单|销售|营业额|提成费|提成|使用费|许可费|分成|保底)';
/** "订单数量合计不少于十万件", "采购的产品金额不低于人民币伍佰万元". */
const FLOOR = new RegExp(`${MEASURE}[^。；]{0,20}(?:不少于|不低于|不得少于|不得低于|至少|最低)`);
/** "最低采购量", "保底使用费". */
const MINIMUM_NOUN =
  /最低(?:采购|订购|订货|销售|购买|订单|进货|提货|提成|使用费|许可费|保底)|保底(?:费|金额|销售|采购|提成|使用费|许可费)|最低(?:保证|承诺)(?:金额|数量|量)/;
/** A shortfall paid anyway: "每年提成费不足二十万元的，按二十万元支付", "未达到该数量的，应按差额部分…支付补偿". */
const SHORTFALL = new RegExp(
  `${MEASURE}[^。；]{0,20}(?:不足(?!以)|低于|未达到?)[^。；]{0,25}的[，,]?[^。；]{0,20}?(?:按|以)[^。；]{0,25}(?:支付|补足|补偿|计收|计算)|(?:不足|差额)部分[^。；]{0,20}(?:补足|补偿|支付)`,
);
/** Floors that are no purchase commitment: insured sums, quality scores, deposits, penalties. */
const NOT_COMMERCIAL = /保险|满意度|押金|违约金|赔偿|不作(?:强制)?要求|无最低/;

/** Whether a Chinese sentence commits a party to a minimum purchase, order, sale or payment. */
export function isChineseMinimumCommitment(text: string): boolean {
  return (FLOOR.test(text) || MINIMUM_NOUN.test(text) || SHORTFALL.test(text)) && !NOT_COMMERCIAL.test(text);
}

/** Minimum commitment in Chinese drafting (CUAD "Minimum Commitment"): 不少于 / 不低于 a quantity or sum, 最低采购量, shortfall payments. */
export function extractChineseMinimumCommitment(view: TextView): PresenceField | null {
  return presenceOf(view, /不少于|不低于|不得少于|不得低于|至少|最低|保底|不足|未达到|低于|差额/, (text) =>
    isChineseMinimumCommitment(text),
  );
}
