import { firstSentence } from '../sentence-rules.js';
import { evidenceInSentence, type TextView } from '../text-view.js';
import type { PresenceField } from '../types.js';

/** A forfeited deposit is an agreed sum for breach (定金罚则 is already read by `../liquidated-damages.ts`). */
const FORFEITED_DEPOSIT =
  /(?:押金|保证金|定金)[^。；]{0,10}(?:不予退还|不退还|不予返还|不返还|不再退还|予以没收|被没收|归[^。；]{0,6}所有)|没收[^。；]{0,10}(?:押金|保证金|定金)|无权(?:要求|请求)(?:返还|退还)[^。；]{0,4}(?:定金|押金|保证金)|双倍返还/;
/** Service-level deductions: "可用性低于99.9%的，按当月服务费的10%扣减". */
const SERVICE_CREDIT =
  /(?:低于|未达到|超过|每)[^。；]{0,40}(?:扣减|扣除|抵扣|减免)[^。；]{0,20}(?:服务费|费用|月费|租金|价款)|(?:服务费|费用|月费)[^。；]{0,10}(?:扣减|扣除)[^。；]{0,20}(?:%|百分之)/;
/** A fixed fee for ending early or cancelling: "提前退租的，应支付相当于两个月租金的补偿", "取消预订的，收取…手续费". */
const CANCELLATION_FEE =
  /(?:取消|退订|解约|提前解除|提前终止|退租)[^。；]{0,40}(?:支付|承担|收取|扣除|扣)[^。；]{0,30}(?:手续费|取消费|解约金|退订费|补偿金|相当于)/;
/**
 * Liquidated damages in Chinese drafting beyond 违约金 (which `../liquidated-damages.ts` reads): a
 * deposit kept on breach ("押金不予退还", 定金罚则), service-level deductions and fixed fees for
 * cancelling or leaving early. Paying for work already done is not one.
 */
export function extractChineseLiquidatedDamages(view: TextView): PresenceField | null {
  const hit = firstSentence(view, ({ text }) => FORFEITED_DEPOSIT.test(text) || SERVICE_CREDIT.test(text) || CANCELLATION_FEE.test(text));
  return hit ? { present: true, evidence: evidenceInSentence(view, hit.sentence, 0, hit.sentence.text.length) } : null;
}
