import { describe, expect, it } from 'vitest';
import {
  APPROXIMATION_QUALIFIERS,
  CHINESE_HEDGES,
  ENGLISH_HEDGES,
  HEDGES,
  HEDGE_EXEMPT_TERMS,
  containsHedge,
  findHedges,
  removeHedges,
} from './hedges.js';
import { extractNumericExpressions } from './numeric-expressions.js';
import { summarizeClause } from './summarize-clause.js';

/** One realistic clause per hedge; the test below fails when a lexicon entry has none. */
const SENTENCES: Record<string, string> = {
  一般而言: '一般而言，违约金不超过合同总额的20%。',
  一般来说: '一般来说，买方应在收货后7日内完成验收。',
  一般情况下: '一般情况下，卖方应于每月5日前开具发票。',
  通常情况下: '通常情况下，退款在15个工作日内到账。',
  原则上应: '逾期付款的，原则上应按日支付万分之五的滞纳金。',
  原则上: '保证金5万元原则上不予退还，但双方另有约定的除外。',
  视情况而定: '赔偿金额为合同总额的10%至30%，视情况而定。',
  视情况: '甲方可视情况将付款期限延长30天。',
  尽可能: '乙方应尽可能在48小时内响应故障报修。',
  可能: '延迟交付可能导致每日0.1%的违约金。',
  或许: '本条款或许适用于金额超过100万元的采购。',
  也许: '争议也许需要在30日内提交上海仲裁委员会仲裁。',
  通常: '保密期限通常为自合同终止之日起3年。',
  一般: '违约金一般不超过合同总额的5%。',
  建议: '建议双方在合同签订后10日内完成备案。',
  酌情: '仲裁庭可酌情减少超过30%的违约金。',
  尽量: '双方应尽量在30日内协商解决争议。',
  大致: '双方的权利义务大致对等，任何一方的责任上限为合同总额的100%。',
  基本上: '基本上，卖方应承担运输途中100%的风险。',
  'it is recommended that': 'It is recommended that the Buyer pay 30% of the price in advance.',
  'it is suggested that': 'It is suggested that disputes over USD 10,000 go to arbitration.',
  'should consider': 'The parties should consider a liability cap of USD 1,000,000.',
  'where appropriate': 'Where appropriate, the Seller shall provide spare parts for 5 years.',
  'as appropriate': 'Invoices shall be issued within 10 days, monthly or quarterly, as appropriate.',
  'if possible': 'The Supplier shall, if possible, deliver within 10 business days.',
  'where possible': 'Where possible, notices shall be sent by email within 2 days.',
  'as far as possible': 'The Contractor shall as far as possible use local labour for 80% of the works.',
  'to the extent possible': 'To the extent possible, personal data shall be deleted within 90 days.',
  'where practicable': 'Where practicable, steering meetings shall be held every 3 months.',
  'as far as practicable': 'The Seller shall, as far as practicable, ship the goods in 2 lots.',
  'in principle': 'Payment terms are in principle 60 days from invoice.',
  'in general': 'In general, the warranty covers defects for 12 months.',
  'as a general rule': 'As a general rule, prices are fixed for 1 year.',
  'as a rule': 'As a rule, interest accrues at 1.5% per month.',
  'in most cases': 'In most cases, refunds are processed within 14 days.',
  'generally speaking': 'Generally speaking, the deposit equals 10% of the contract value.',
  generally: 'Payment shall generally be made within 30 days of invoice.',
  usually: 'Deliveries usually arrive within 5 business days.',
  typically: 'The retention amount is typically 5% of each payment.',
  normally: 'Audits are normally conducted once every 12 months.',
  ordinarily: 'The Contractor ordinarily works 8 hours per day.',
  perhaps: 'Perhaps the cap should be raised to USD 2,000,000.',
  possibly: 'The service fee is possibly subject to VAT at 6%.',
  probably: 'The claim will probably exceed $50,000.',
  maybe: 'The deadline is maybe extended to March 31, 2025.',
  might: 'Late delivery might incur a penalty of 0.5% per day.',
  may: 'Late payment may result in interest of 1.5% per month.',
};

const isLatin = (hedge: string) => /^[a-z]/i.test(hedge);
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Whether `text` still shows `hedge`: as a whole word for English, as a substring for Chinese. */
function shows(text: string, hedge: string): boolean {
  if (!isLatin(hedge)) return text.includes(hedge);
  return new RegExp(`(?<![\\p{L}])${escapeRegExp(hedge).replace(/ /g, '\\s+')}(?![\\p{L}])`, 'iu').test(text);
}

/** Spacing and punctuation a removal must not leave behind. */
function expectCleanText(text: string): void {
  expect(text).not.toMatch(/\s{2,}/);
  expect(text).not.toMatch(/\s[,.;:!?，。；：！？、)）]/u);
  expect(text).not.toMatch(/[,，、]\s*[,，、.;。；!?！？]/u);
  expect(text).not.toMatch(/^[\s,，、.;；:：]/u);
  expect(text).not.toMatch(/\(\s*\)|（\s*）/u);
  expect(text).toBe(text.trim());
}

describe('hedge lexicons', () => {
  it('hold at least the hedges of the contract, in one file, both languages', () => {
    expect(CHINESE_HEDGES).toEqual(
      expect.arrayContaining(['可能', '通常', '建议', '一般', '原则上', '酌情', '尽量', '大致', '或许', '视情况', '一般而言', '原则上应']),
    );
    expect(ENGLISH_HEDGES).toEqual(
      expect.arrayContaining([
        'may',
        'might',
        'usually',
        'generally',
        'typically',
        'where appropriate',
        'as appropriate',
        'if possible',
        'it is recommended that',
        'should consider',
        'in principle',
      ]),
    );
    expect(HEDGES).toEqual([...CHINESE_HEDGES, ...ENGLISH_HEDGES]);
  });

  it('do not count approximation qualifiers as hedges', () => {
    for (const qualifier of APPROXIMATION_QUALIFIERS) expect(HEDGES).not.toContain(qualifier);
  });
});

/** The party nouns whose "may" is a permission (hedges.ts `CONTRACTING_PARTIES`), written out independently. */
const CONTRACTING_PARTY_NOUNS = [
  ...['party', 'buyer', 'seller', 'supplier', 'vendor', 'customer', 'client', 'purchaser', 'licensee', 'licensor', 'lessee', 'lessor'],
  ...['landlord', 'tenant', 'employer', 'employee', 'contractor', 'subcontractor', 'provider', 'company', 'lender', 'borrower'],
  ...['guarantor', 'insurer', 'insured', 'bank', 'owner', 'agent', 'principal'],
];

describe('removeHedges', () => {
  it.each(HEDGES)('leaves no trace of %s in a realistic clause', (hedge) => {
    const sentence = SENTENCES[hedge];
    expect(sentence, `add a sentence for ${hedge}`).toBeDefined();
    expect(shows(sentence!, hedge)).toBe(true);
    expect(containsHedge(sentence!)).toBe(true);

    const cleaned = removeHedges(sentence!);
    expect(shows(cleaned, hedge)).toBe(false);
    expect(containsHedge(cleaned)).toBe(false);
    expect(HEDGES.filter((other) => shows(cleaned, other))).toEqual([]);
    const expressions = extractNumericExpressions(sentence!);
    // Every sentence carries a number, so the loop below checks something.
    expect(expressions.length).toBeGreaterThan(0);
    for (const expression of expressions) expect(cleaned).toContain(expression);
    expectCleanText(cleaned);
  });

  it.each(HEDGES)('leaves no trace of %s in the clause summary either', (hedge) => {
    const { summary, numbersPreserved } = summarizeClause(SENTENCES[hedge]!);
    expect(HEDGES.filter((other) => shows(summary, other))).toEqual([]);
    expect(numbersPreserved).toBe(true);
    expect(summary.length).toBeLessThanOrEqual(50);
  });

  it.each(ENGLISH_HEDGES)('matches %s in any letter case', (hedge) => {
    for (const variant of [hedge.toUpperCase(), hedge[0]!.toUpperCase() + hedge.slice(1)]) {
      // "may" is a hedge only where it states a possibility ("may apply").
      const cleaned = removeHedges(
        hedge === 'may' ? `Rent is due; ${variant} apply to USD 900.` : `Rent is due; ${variant}, the tenant pays USD 900.`,
      );
      expect(shows(cleaned, hedge)).toBe(false);
      expect(cleaned).toContain('USD 900');
    }
  });

  it('never breaks a longer word', () => {
    const text =
      'The mayor and the Mayfair landlord were dismayed; general terms, generalized rules and unusually atypical, abnormally mighty, improbably maybes apply.';
    expect(findHedges(text)).toEqual([]);
    expect(removeHedges(text)).toBe(text);
  });

  it('repairs spacing, punctuation and capitals around removed hedges', () => {
    const cases: Array<[string, string]> = [
      ['Payment shall generally be made within 30 days.', 'Payment shall be made within 30 days.'],
      ['Generally, payment is due within 30 days.', 'Payment is due within 30 days.'],
      ['Generally, where appropriate, the seller ships within 10 days.', 'The seller ships within 10 days.'],
      ['Rent is due monthly; where appropriate, the tenant pays USD 900.', 'Rent is due monthly; the tenant pays USD 900.'],
      ['The buyer may, where appropriate, pay 10% in advance.', 'The buyer may pay 10% in advance.'],
      ['If payment is late, where appropriate, interest accrues at 5%.', 'If payment is late, interest accrues at 5%.'],
      ['Pay a deposit of 10% in advance, if possible.', 'Pay a deposit of 10% in advance.'],
      ['Pay a deposit (if possible) of 10%.', 'Pay a deposit of 10%.'],
      ['Payment is due in 30 days. Usually, the buyer pays early.', 'Payment is due in 30 days. The buyer pays early.'],
      ['违约金一般不超过合同总额的5%。', '违约金不超过合同总额的5%。'],
      ['一般而言，违约金不超过5%；逾期付款的，视情况而定。', '违约金不超过5%；逾期付款的。'],
      ['逾期付款的，原则上应按日支付万分之五的滞纳金。', '逾期付款的，应按日支付万分之五的滞纳金。'],
      ['逾期付款的，一般而言，按日支付滞纳金。', '逾期付款的，按日支付滞纳金。'],
    ];
    for (const [input, expected] of cases) {
      expect(removeHedges(input)).toBe(expected);
      expectCleanText(removeHedges(input));
    }
  });

  it('returns text without hedges unchanged', () => {
    const text = '  Either party may terminate with at least 60 days\u2019 written notice.\n';
    expect(removeHedges(text)).toBe(text);
  });

  it('keeps "The Landlord may terminate": a permission is not a hedge', () => {
    const landlord = "The Landlord may terminate this Lease on 30 days' written notice.";
    expect(findHedges(landlord)).toEqual([]);
    expect(removeHedges(landlord)).toBe(landlord);
    expect(summarizeClause(landlord).summary).toContain('Landlord may terminate');
  });

  it.each(CONTRACTING_PARTY_NOUNS)('keeps the permission of a %s even before a verb that could state a possibility', (party) => {
    // "apply" after "may" is a possibility ("fees may apply"), unless a party may apply something.
    const text = `Each year the ${party} may apply the deposit of USD 900 to unpaid amounts.`;
    expect(findHedges(text)).toEqual([]);
    expect(removeHedges(`Each year the ${party}s may apply the deposit of USD 900.`)).toContain(`${party}s may apply`);
    expect(removeHedges(`Each year the ${party} also may apply the deposit.`)).toContain(`${party} also may apply`);
    expect(removeHedges(`Each year the ${party} may be liable for USD 900.`)).toBe(`Each year the ${party} be liable for USD 900.`);
  });

  it('keeps "may" of a capitalised defined term, and "may" that grants rather than guesses', () => {
    for (const text of [
      'Distributor may terminate this Agreement upon 90 days notice.',
      'The Franchisee promptly may apply the fee of USD 900.',
      '"PETER" may cancel a Purchase Order up to 10 Business Days before delivery.',
      'Licensor shall not assign any Services that may require access to Personal Information.',
      'the court may modify this Agreement.',
    ]) {
      expect(findHedges(text)).toEqual([]);
      expect(removeHedges(text)).toBe(text);
    }
    // Lower case: a common noun, whose "may apply" is a possibility.
    expect(removeHedges('Each year the fees may apply to USD 900.')).toBe('Each year the fees apply to USD 900.');
    expect(removeHedges('Each year the Fees may be due.')).toBe('Each year the Fees be due.');
  });

  it('keeps "may" as a permission of a contracting party, "may not" and the month of May', () => {
    const kept = [
      "Either party may terminate with at least 60 days' written notice.",
      'The Buyer may pay USD 5,000 in advance.',
      'The Licensee also may sublicense the Software to 3 affiliates.',
      'Fees may not exceed 5% of the price.',
      'The first instalment is due in May.',
      'May 1, 2024 is the start date.',
    ];
    for (const text of kept) {
      expect(containsHedge(text)).toBe(false);
      expect(removeHedges(text)).toBe(text);
    }
  });

  it('removes "may" as a possibility, even after a party ("may be")', () => {
    expect(removeHedges('The Seller may be liable for 0.5% per week.')).toBe('The Seller be liable for 0.5% per week.');
    expect(removeHedges('May the buyer pay 5% later? Late fees may apply.')).toBe('May the buyer pay 5% later? Late fees apply.');
    expect(removeHedges('Late fees may typically vary by 5%; the Seller may usually be liable.')).toBe(
      'Late fees vary by 5%; the Seller be liable.',
    );
  });

  it('keeps fixed terms that contain a hedge', () => {
    const text =
      '任何一方不可能单方解除合同，一般纳税人适用6%的税率，违约的可能性很低。Accounts follow generally accepted accounting principles.';
    expect(findHedges(text)).toEqual([]);
    for (const term of ['不可能', '一般纳税人', '可能性', 'generally accepted']) expect(removeHedges(text)).toContain(term);
    expect(HEDGE_EXEMPT_TERMS.length).toBeGreaterThan(0);
  });

  it('keeps "approximately" and its number: a tolerance is not a hedge', () => {
    expect(removeHedges('Delivery takes approximately 30 days, usually.')).toBe('Delivery takes approximately 30 days.');
    expect(removeHedges('交付周期通常为30天左右，大约需要2批。')).toBe('交付周期为30天左右，大约需要2批。');
  });

  it('reports where each hedge is', () => {
    const text = '违约金一般不超过5%，Payment is usually due in 30 days.';
    expect(findHedges(text)).toEqual([
      { start: 3, end: 5, text: '一般' },
      { start: 22, end: 29, text: 'usually' },
    ]);
  });
});
