import { describe, expect, it } from 'vitest';
import { extractRuleFields } from './extract-fields.js';

/** These tests pin the rules themselves; the learned models that judge them are tested in judgement/. */
const extractFields = (text: string) => extractRuleFields(text).contract;

const paymentDays = (text: string) => extractFields(text).paymentDays?.days ?? null;

describe('payment days', () => {
  it.each([
    ['Payment shall be made within thirty (30) days after receipt of the invoice.', 30],
    ['The Buyer shall pay each invoice no later than 45 days from the date of invoice.', 45],
    ['All amounts are payable not later than 60 days following delivery.', 60],
    ['Distributor shall remit the fees within two (2) weeks of acceptance.', 14],
    ['Licensee shall pay the royalties within ten days.', 10],
    ['Each invoice is due within 15 days of issuance.', 15],
    ['Invoices are payable net 45.', 45],
    ['The payment term is net 60.', 60],
    ['Invoices are due net 30, less 2% if paid within 10 days.', 30],
    ['Licensee shall pay the fees within one month after receipt of the invoice.', 30],
    ['Buyer shall pay not more than 20 days after delivery.', 20],
    ['Buyer shall pay no more than 25 days after acceptance.', 25],
    ['Invoices shall be settled within 30 days after receipt.', 30],
    ['Payment terms are net 30 days.', 30],
    ['甲方应在收到发票后十五日内支付货款。', 15],
    ['本合同签订之日起30日内，乙方付清全部价款。', 30],
    ['货物验收合格后10日以内甲方结清尾款。', 10],
  ])('%j', (text, days) => {
    expect(paymentDays(text)).toBe(days);
  });

  it.each([
    // Days that are not a payment term: cure, termination, refunds, audits, disputes.
    ['If the Buyer fails to pay within 10 days after notice, the Seller may terminate this Agreement.'],
    ['Supplier shall refund the amount paid within 30 days after the return of the goods.'],
    ['Any invoice dispute shall be raised within 20 days after receipt of the invoice.'],
    ['甲方逾期付款超过30日的，乙方有权解除合同。'],
    // No payment at all, or a period that is not days, weeks or months.
    ['Supplier shall deliver the goods within 30 days after the order.'],
    ['The Buyer shall pay the balance within one year after delivery.'],
    // Days near an invoice word but not a time to pay.
    ['Within 30 days, the parties will meet to review the invoices.'],
    ['Invoices list the goods shipped in the last 30 days.'],
    ['Payment: net 30.'],
    ['If the Buyer should fail to pay within 15 days of the invoice, interest accrues.'],
    ['Invoices shall list deliveries made within 30 days, and shall be sent after receipt of the goods.'],
    ['甲方收到发票后30日内完成验收；付款时间另行约定。'],
    ['甲方应于收到发票后支付。交货期为30日。'],
  ])('no payment term in %j', (text) => {
    expect(paymentDays(text)).toBeNull();
  });

  it('takes the first sentence that states a term, with the words of the term as evidence', () => {
    const text = 'The price is fixed. Payment is due within 30 days after receipt of invoice. Late payments bear interest within 60 days.';
    const field = extractFields(text).paymentDays!;
    expect(field.days).toBe(30);
    expect(text.slice(field.evidence.start, field.evidence.end)).toBe('30 days');
    const net = 'Invoices are payable net 45.';
    const netField = extractFields(net).paymentDays!;
    expect(net.slice(netField.evidence.start, netField.evidence.end)).toBe('net 45');
  });
});
