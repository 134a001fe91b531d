import { presenceOf } from '../presence.js';
import type { TextView } from '../text-view.js';
import type { PresenceField } from '../types.js';

const CHECK = '(?:审计|查账|查阅|核查|稽核|检查|核实|抽查|查验|复核)';
/** A party's right to check: "有权…查阅…账册", "有权在提前十个工作日书面通知后…对…使用本软件的情况进行核查". */
const RIGHT = new RegExp(`(?:有权|可以|可|得)[^。；]{0,60}?${CHECK}`);
/** Records kept open: "账册及记录…供甲方查阅". */
const OPEN_RECORDS = new RegExp(`(?:账册|账簿|账目|帐|记录|财务资料|凭证)[^。；]{0,30}(?:供|接受)[^。；]{0,20}${CHECK}`);
/** What is checked: books, records, finances, vouchers, reports, or how the licence or product is used or sold. */
const RECORDS = /账|帐|记录|财务|凭证|报表|单据|使用(?:本软件|许可|的)?[^。；]{0,10}情况|销售[^。；]{0,6}情况|销量|数据|资料/;
/** Audited statements are delivered, not audited by the other party. */
const NOT_A_RIGHT = /经审计的|审计报告|年度审计/;

/** Whether a Chinese sentence gives a party the right to audit or inspect the other's books, records or use. */
export function isChineseAuditRight(text: string): boolean {
  return (RIGHT.test(text) || OPEN_RECORDS.test(text)) && (RECORDS.test(text) || /审计|查账/.test(text)) && !NOT_A_RIGHT.test(text);
}

/** Audit rights in Chinese drafting (CUAD "Audit Rights"): 有权查阅账册, 有权审计, 有权对…使用情况进行核查. Quality inspection alone is not. */
export function extractChineseAuditRights(view: TextView): PresenceField | null {
  return presenceOf(view, /审计|查账|查阅|核查|稽核|检查|核实|抽查|查验|复核/, (text) => isChineseAuditRight(text));
}
