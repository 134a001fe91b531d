import { findDurations } from './numbers.js';
import { evidenceInSentence, type TextView } from './text-view.js';
import type { DaysField } from './types.js';

const MENTIONS_PAYMENT = /\bpa(?:y|id|yable|yment)s?\b|\binvoice|\bremit|支付|付款|付清|结清|结算|汇款/i;
/** Cure periods and termination rights also count days; they are not payment terms. */
const NOT_PAYMENT_TERM =
  /\bbreach|\bdefault|\bfail(?:s|ure|ed)?\b|\bterminat|\bcure\b|\bdispute|\brefund|\baudit|违约|解除|终止|退还|退款|争议/i;
const NET_TERMS = /\bnet\s(\d{1,3})\b/i;
/** "within thirty (30) days after receipt of the invoice", "no later than 45 days from the date of invoice". */
const DUE_WITHIN = /\b(?:within|no\slater\sthan|not\slater\sthan|not\smore\sthan|no\smore\sthan)\s$/i;
const AFTER_EVENT =
  /^[\s"'’”)\].,:;!?，、：；）]{0,3}\s*(?:(?:after|of|from|following)\s(?:the\s|its\s|their\s|such\s)?(?:receipt|date|invoice|issuance|delivery|acceptance|end|close|completion|billing|submission|execution)|(?:of|after)\s(?:receiving|invoicing|delivery))/i;
const CHINESE_DUE =
  /(?:收到|开具|出具|签订|签署|验收|交付|交货|到货|提交|生效|结束|届满|到期|完成)[^。；]{0,30}?(?:后|之日起|起)[^。；]{0,8}?$/;
const CHINESE_PAY_AFTER = /^[^。；]{0,6}(?:内|以内)[^。；]{0,20}(?:支付|付款|付清|结清|汇入|结算)/;

/**
 * Payment term in days: "payable within thirty (30) days after receipt of invoice", "net 45",
 * "甲方应在收到发票后十五个工作日内支付". Sentences about breach, cure or termination are skipped.
 */
export function extractPaymentDays(view: TextView): DaysField | null {
  for (const sentence of view.sentences) {
    const text = sentence.text;
    if (!MENTIONS_PAYMENT.test(text) || NOT_PAYMENT_TERM.test(text)) continue;
    const net = NET_TERMS.exec(text);
    if (net && /\bdays?\b|\bterms?\b|\binvoice/i.test(text)) {
      return { days: Number(net[1]), evidence: evidenceInSentence(view, sentence, net.index, net.index + net[0].length) };
    }
    for (const duration of findDurations(text)) {
      if (duration.unit !== 'day' && duration.unit !== 'week' && duration.unit !== 'month') continue;
      const before = text.slice(Math.max(0, duration.index - 40), duration.index);
      const after = text.slice(duration.index + duration.length, duration.index + duration.length + 60);
      const english = DUE_WITHIN.test(before) && (AFTER_EVENT.test(after) || /\bpa(?:y|id|yable|yment)|\bdue\b/i.test(before + after));
      const chinese = CHINESE_DUE.test(before) && CHINESE_PAY_AFTER.test(after);
      if (english || chinese) {
        return { days: duration.days, evidence: evidenceInSentence(view, sentence, duration.index, duration.index + duration.length) };
      }
    }
  }
  return null;
}
