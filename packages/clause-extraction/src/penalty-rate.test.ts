import { describe, expect, it } from 'vitest';
import { extractRuleFields } from './extract-fields.js';

/** These tests pin the rules themselves; the learned models that judge them are tested in judgement/. */
const extractFields = (text: string) => extractRuleFields(text).contract;

const rateOf = (text: string) => extractFields(text).penaltyRate;
/** The words the evidence span of the penalty rate covers. */
const evidenceOf = (text: string) => {
  const evidence = extractFields(text).penaltyRate?.evidence;
  return evidence ? text.slice(evidence.start, evidence.end) : undefined;
};

describe('penalty rate: the basis after the percentage', () => {
  it.each([
    ['The Seller shall pay a penalty of 0.5% of the price per day of delay.', 'per_day'],
    ['The Seller shall pay a penalty of 0.5% per calendar day.', 'per_day'],
    ['The Seller shall pay a penalty of 0.5% for each business day of delay.', 'per_day'],
    ['The Seller shall pay a penalty of 0.5% for every working day of delay.', 'per_day'],
    ['The Seller shall pay a penalty of 0.5% of the price, accruing daily.', 'per_day'],
    ['The Seller shall pay a penalty of 0.5% a day.', 'per_day'],
    ['The Seller shall pay a penalty of 2% per week of delay.', 'per_week'],
    ['The Seller shall pay a penalty of 2% for each week of delay.', 'per_week'],
    ['The Seller shall pay a penalty of 2% of the order value, charged weekly.', 'per_week'],
    ['The Seller shall pay a penalty of 1.5% per month.', 'per_month'],
    ['The Seller shall pay a penalty of 1.5% for every calendar month of delay.', 'per_month'],
    ['The Seller shall pay a penalty of 1.5%, compounded monthly.', 'per_month'],
    ['The Seller shall pay a penalty of 1.5% a month.', 'per_month'],
    ['Late payments bear interest at 12% per annum.', 'per_year'],
    ['Late payments bear interest at 12% per year.', 'per_year'],
    ['Late payments bear interest at 12%, calculated annually.', 'per_year'],
    ['Late payments bear interest at 12% yearly.', 'per_year'],
    ['Late payments bear interest at 12% a year.', 'per_year'],
  ] as const)('%j is %s', (text, basis) => {
    expect(rateOf(text)).toMatchObject({ basis });
  });

  it.each([
    ['乙方逾期交货的，应按货款的0.5%每日支付违约金。', 0.5, 'per_day'],
    ['乙方逾期交货的，每逾期一天，应支付合同总价款百分之一的违约金。', 1, 'per_day'],
    ['逾期付款的，按日加收未付款项万分之五的滞纳金。', 0.05, 'per_day'],
    ['乙方逾期交货的，违约金为货款的百分之二每周。', 2, 'per_week'],
    ['逾期付款的，每逾期一星期，按未付款项的百分之一支付违约金。', 1, 'per_week'],
    ['逾期付款的，按周加收未付款项百分之一的滞纳金。', 1, 'per_week'],
    ['逾期付款的，违约金按未付款项的百分之二每月计算。', 2, 'per_month'],
    ['逾期付款的，每逾期一个月，按未付款项的百分之二支付违约金。', 2, 'per_month'],
    ['逾期付款的，按月息1.5%计收罚息。', 1.5, 'per_month'],
    ['逾期付款的，按年利率6%支付逾期利息。', 6, 'per_year'],
    ['逾期付款的，按年化百分之六计收罚息。', 6, 'per_year'],
    ['逾期付款的，应按未付款项的6%每年支付违约金。', 6, 'per_year'],
  ] as const)('%j is %d %s', (text, percent, basis) => {
    expect(rateOf(text)).toMatchObject({ percent, basis });
  });
});

describe('penalty rate: the basis before the percentage', () => {
  it.each([
    ['A daily penalty of 0.1% of the price applies to late delivery.', 0.1, 'per_day'],
    ['For each day of delay, a penalty of 0.1% of the price applies.', 0.1, 'per_day'],
    ['A weekly penalty of 1% of the price applies to late delivery.', 1, 'per_week'],
    ['A monthly late charge of 1.5% applies to overdue invoices.', 1.5, 'per_month'],
    ['An annual interest of 8% applies to overdue invoices.', 8, 'per_year'],
  ] as const)('%j is %d %s', (text, percent, basis) => {
    expect(rateOf(text)).toMatchObject({ percent, basis });
  });
});

describe('penalty rate: a rate per N days is spread over the days', () => {
  it.each([
    ['In case of delay, the Seller shall pay for every 3 days of delay a penalty of 1.5% of the price.', 0.5],
    ['The Seller shall pay a penalty of 1.5% for every 3 calendar days of delay.', 0.5],
    ['乙方每逾期3日，应按合同总价款的百分之一支付违约金。', 0.333333333],
    ['乙方每逾期十日，应按合同总价款的百分之五支付违约金。', 0.5],
  ] as const)('%j is %d per_day', (text, percent) => {
    expect(rateOf(text)).toMatchObject({ percent, basis: 'per_day' });
  });
});

describe('penalty rate: a basis word must be near the percentage', () => {
  it.each([
    ['The Seller shall pay a penalty of 2% of the price; invoices are issued per week.'],
    ['The Seller shall pay a penalty of 2% of the price; deliveries are counted per day.'],
    ['The Seller shall pay a penalty of 2% of the price; invoices are issued per month.'],
    ['The Seller shall pay a penalty of 2% of the price; the budget is set per year.'],
    ['The Seller shall pay a penalty of 2% of the price of the goods that were delivered late, as invoiced per week.'],
    ['Invoices issued monthly that remain unpaid after thirty days bear a late charge of 2%.'],
    ['The Seller shall pay a penalty of 2%.'],
  ])('%j has no basis', (text) => {
    expect(rateOf(text)).toMatchObject({ percent: 2, basis: null });
  });

  it.each([
    ['The Seller shall pay a penalty of 1% for every 10 days of delay.', 0.1],
    ['For every 10 days of delay, a penalty of 1% applies.', 0.1],
    ['For every 4 calendar days of delay, a penalty of 1% applies.', 0.25],
    ['违约金按合同总价款的1%每十日计收。', 0.1],
    ['违约金按合同总价款的1%每逾期十五日计收。', 0.066666667],
    ['违约金按合同总价款的1%每4天计收。', 0.25],
    ['每十五日违约金为合同总价款的1%。', 0.066666667],
  ] as const)('%j is %d per_day', (text, percent) => {
    expect(rateOf(text)).toMatchObject({ percent, basis: 'per_day' });
  });
});

describe('penalty rate: what makes a sentence about penalties', () => {
  it.each([
    ['Liquidated damages of 0.5% per day apply to late delivery.'],
    ['A late fee of 2% per month applies.'],
    ['A late payment charge of 2% per month applies.'],
    ['Late interest of 2% per month applies.'],
    ['Interest of 2% per month accrues on overdue amounts.'],
    ['Interest of 2% per month accrues on sums past due.'],
    ['Unpaid amounts bear interest of 2% per month.'],
    ['Sums past due bear interest of 2% per month.'],
    ['For delayed delivery the Supplier pays 2% per week.'],
    ['Delay in delivery costs the Supplier 2% per week.'],
    ['买方应按未付款项的2%每月支付滞纳金。'],
    ['买方应按未付款项的2%每月支付罚息。'],
    ['逾期的，按未付款项的2%每月计收。'],
    ['迟延的，按未付款项的2%每月计收。'],
    ['延迟的，按未付款项的2%每月计收。'],
    ['延期的，按未付款项的2%每月计收。'],
    ['乙方应支付货款2%每月的罚金。'],
  ])('%j has a rate', (text) => {
    expect(rateOf(text)).not.toBeNull();
  });

  it('prefers liquidated damages to late-payment interest', () => {
    expect(rateOf('Overdue sums bear interest at 1% per month. Liquidated damages of 0.5% per day apply to late delivery.')).toMatchObject({
      percent: 0.5,
      basis: 'per_day',
    });
    expect(rateOf('Overdue sums bear interest at 1% per month. 乙方逾期交货的，按货款的0.2%每日支付罚金。')).toMatchObject({
      percent: 0.2,
    });
  });
});

describe('penalty rate: a share of the whole', () => {
  it.each([
    ['The defaulting party shall pay a penalty of 20% of the total contract price.'],
    ['Liquidated damages equal 10% of the aggregate purchase price.'],
    ['如乙方违约，应向甲方支付合同总价款百分之二十的违约金。'],
    ['逾期付款的，应按欠付金额的百分之十支付违约金。'],
  ])('%j is total', (text) => {
    expect(rateOf(text)).toMatchObject({ basis: 'total' });
  });

  it('has no basis when the sentence names none', () => {
    expect(rateOf('The Supplier shall pay a penalty of 5% in that case.')).toMatchObject({ percent: 5, basis: null });
  });
});

describe('penalty rate: how the percentage is written', () => {
  it.each([
    ['The Seller shall pay a penalty of 2 per cent per week.', 2, '2 per cent'],
    ['The Seller shall pay a penalty of 2 percent per week.', 2, '2 percent'],
    ['The Seller shall pay a penalty of 2percent per week.', 2, '2percent'],
    ['The Seller shall pay a penalty of two percent per week.', 2, 'two percent'],
    ['The Seller shall pay a penalty of two percent (2%) per week.', 2, '2%'],
    ['逾期交货的，每日按货款的千分之三支付违约金。', 0.3, '千分之三'],
    ['逾期交货的，每日按货款的万分之2.5支付违约金。', 0.025, '万分之2.5'],
    ['逾期交货的，每日按货款的百分之零点五支付违约金。', 0.5, '百分之零点五'],
    ['逾期交货的，每日按货款的百分之一点二五支付违约金。', 1.25, '百分之一点二五'],
    ['逾期交货的，每日按货款的百分之点五支付违约金。', 0.5, '百分之点五'],
  ] as const)('%j is %d, quoting %j', (text, percent, quoted) => {
    expect(rateOf(text)).toMatchObject({ percent, basis: text.includes('per week') ? 'per_week' : 'per_day' });
    expect(evidenceOf(text)).toBe(quoted);
  });
});

describe('penalty rate: bounds and caps', () => {
  it('skips a zero rate and takes the next one', () => {
    expect(rateOf('The penalty is 0% for the first week and 1% per day afterwards.')).toMatchObject({ percent: 1, basis: 'per_day' });
  });

  it('keeps a rate of exactly 1000% and skips anything above it', () => {
    expect(rateOf('The penalty is 1000% of the fee.')).toMatchObject({ percent: 1000 });
    expect(rateOf('The penalty is 1000.5% of the fee or 3% per month.')).toMatchObject({ percent: 3, basis: 'per_month' });
  });

  it.each([
    ['The penalty shall not exceed 10% of the price and accrues at 0.5% per day.', 0.5, 'per_day'],
    ['Liquidated damages, up to 10% of the price, accrue at 0.5% per day.', 0.5, 'per_day'],
    ['Liquidated damages are capped at 10% and accrue at 0.5% per day.', 0.5, 'per_day'],
    ['The penalty, to a maximum of 10%, accrues at 0.5% per day.', 0.5, 'per_day'],
    ['违约金最高不超过合同总价款的10%，每逾期一日按万分之五计算。', 0.05, 'per_day'],
    ['违约金上限为合同总价款的10%，每逾期一日按万分之五计算。', 0.05, 'per_day'],
  ] as const)('does not take the cap in %j for the rate', (text, percent, basis) => {
    expect(rateOf(text)).toMatchObject({ percent, basis });
  });

  it('is null when the only percentage is a cap', () => {
    expect(rateOf('The penalty shall not exceed 10% of the price.')).toBeNull();
  });

  it('reads a cap word far before the percentage as no cap', () => {
    expect(rateOf('Up to the date of acceptance and for any late delivery whatsoever, a penalty of 0.5% per day applies.')).toMatchObject({
      percent: 0.5,
      basis: 'per_day',
    });
  });
});

describe('penalty rate: which sentence', () => {
  it('prefers a penalty to late-payment interest, whichever comes first', () => {
    const text = 'Overdue invoices bear interest at 1% per month. Late delivery incurs a penalty of 0.2% per day.';
    expect(rateOf(text)).toMatchObject({ percent: 0.2, basis: 'per_day' });
    expect(evidenceOf(text)).toBe('0.2%');
  });

  it('takes the first late-payment interest rate when there is no penalty', () => {
    expect(rateOf('Overdue invoices bear interest at 1% per month. Unpaid fees bear interest at 2% per month.')).toMatchObject({
      percent: 1,
    });
  });

  it('takes the first penalty rate', () => {
    expect(rateOf('A penalty of 0.3% per day applies. A penalty of 0.4% per day applies thereafter.')).toMatchObject({ percent: 0.3 });
  });

  it.each([
    ['The price includes a 5% discount for early payment.'],
    ['A penalty of five dollars applies to each late delivery.'],
    ['Interest of 3% per annum accrues on the deposit.'],
    [''],
  ])('finds none in %j', (text) => {
    expect(rateOf(text)).toBeNull();
  });
});

describe('penalty rate: more ways to name the basis', () => {
  it.each([
    ['The Seller shall pay a penalty of 0.5% per business day of delay.', 'per_day'],
    ['The Seller shall pay a penalty of 0.5% per working day of delay.', 'per_day'],
    ['The Seller shall pay a penalty of 0.5% for every calendar day of delay.', 'per_day'],
    ['The Seller shall pay a penalty of 0.5% for each day of delay.', 'per_day'],
    ['The Seller shall pay a penalty of 0.5% of the price each day.', 'per_day'],
    ['The Seller shall pay a penalty of 2% of the price every week.', 'per_week'],
    ['The Seller shall pay a penalty of 1.5% for each month of delay.', 'per_month'],
    ['The Seller shall pay a penalty of 1.5% of the price every month.', 'per_month'],
    ['Overdue sums bear 12% annual interest.', 'per_year'],
  ] as const)('%j is %s', (text, basis) => {
    expect(rateOf(text)).toMatchObject({ basis });
  });

  it.each([
    ['For each day of lateness, a penalty of 0.1% of the price applies.', 0.1, 'per_day'],
    ['逾期付款的，每周按未付款项的1%计收滞纳金。', 1, 'per_week'],
    ['逾期付款的，每月按未付款项的1%计收滞纳金。', 1, 'per_month'],
  ] as const)('reads the basis before the percentage in %j', (text, percent, basis) => {
    expect(rateOf(text)).toMatchObject({ percent, basis });
  });

  it.each([
    ['Deliveries are made daily; for any late delivery a penalty of 2% applies.'],
    ['A daily report is sent to the Buyer, and for any late delivery a penalty of 2% applies.'],
    ['Stock is counted weekly; for any late delivery a penalty of 2% applies.'],
    ['The annual plan is fixed by the Buyer, and for any late delivery a penalty of 2% applies.'],
  ])('does not take a basis word before the percentage that belongs elsewhere in %j', (text) => {
    expect(rateOf(text)).toMatchObject({ percent: 2, basis: null });
  });
});

describe('penalty rate: more rates per N days', () => {
  it.each([
    ['A penalty of 1% of the price is due for every 10 days of delay.', 0.1],
    ['违约金按合同总价款的1%每10日计收。', 0.1],
    ['违约金为合同总价款的1%，每逾期十日计收。', 0.1],
    ['每10日违约金为合同总价款的1%。', 0.1],
    ['乙方每逾期1日，应按合同总价款的0.5%支付违约金。', 0.5],
    ['违约金按合同总价款的0.5%每1日计收。', 0.5],
  ] as const)('%j is %d per_day', (text, percent) => {
    expect(rateOf(text)).toMatchObject({ percent, basis: 'per_day' });
  });

  it('does not spread the rate over days named after a semicolon', () => {
    expect(rateOf('The Seller shall pay a penalty of 2% of the price; deliveries are made every 3 days.')).toMatchObject({
      percent: 2,
      basis: null,
    });
    expect(rateOf('违约金为合同总价款的1%；每十日结算一次。')).toMatchObject({ percent: 1, basis: 'total' });
    expect(rateOf('For every 10 days of storage a fee applies; late delivery incurs a penalty of 2%.')).toMatchObject({
      percent: 2,
      basis: null,
    });
  });
});

describe('penalty rate: more shares of the whole', () => {
  it.each([
    ['The defaulting party shall pay a penalty of 20% of the total price.'],
    ['The defaulting party shall pay a penalty of 20% of the total order value.'],
    ['The defaulting party shall pay a penalty of 20% of the total fee.'],
    ['违约方应按合同价款的10%支付违约金。'],
    ['逾期付款的，应按未付款的百分之十支付违约金。'],
  ])('%j is total', (text) => {
    expect(rateOf(text)).toMatchObject({ basis: 'total' });
  });

  it('looks for the whole within 80 characters after the percentage and 60 before it', () => {
    expect(
      rateOf(
        'The Seller shall pay a penalty of 2% if the goods are delivered late, as the schedule annexed to this agreement sets out, of the total price.',
      ),
    ).toMatchObject({ percent: 2, basis: null });
    expect(
      rateOf('The total price is fixed in the schedule, and if the goods are delivered late the Seller shall pay a penalty of 2%.'),
    ).toMatchObject({ percent: 2, basis: null });
  });
});

describe('penalty rate: more caps, numerals and sentences', () => {
  it('does not take a cap "not to exceed" for the rate', () => {
    expect(rateOf('A penalty not to exceed 10% of the price accrues at 0.5% per day.')).toMatchObject({ percent: 0.5, basis: 'per_day' });
  });

  it('does not spread a rate over zero days', () => {
    expect(rateOf('违约金按合同总价款的1%每0日计收。')).toMatchObject({ percent: 1, basis: 'total' });
  });

  it('does not take the whole from 61 to 80 characters before the percentage', () => {
    expect(rateOf('Regarding the total price, if any of the goods are delivered late, a penalty of 2% applies.')).toMatchObject({
      percent: 2,
      basis: null,
    });
    expect(rateOf('Regarding the total price, if goods are delivered late, a penalty of 2% applies.')).toMatchObject({
      percent: 2,
      basis: 'total',
    });
  });

  it('does not take 不超过 for the rate', () => {
    expect(rateOf('违约金不超过合同总价款的10%，每逾期一日按万分之五计算。')).toMatchObject({ percent: 0.05, basis: 'per_day' });
  });

  it('reads digits after 分之 even without a leading zero', () => {
    expect(rateOf('逾期交货的，每日按货款的百分之.5支付违约金。')).toMatchObject({ percent: 0.5, basis: 'per_day' });
  });

  it('skips a percentage that is no number', () => {
    expect(rateOf('逾期交货的，每日按货款的万分之1.2.3支付违约金。')).toBeNull();
  });

  it('reads "per cent" and "percent" in any case as a percentage', () => {
    expect(rateOf('The Seller shall pay a penalty of 2 PERCENT per week.')).toMatchObject({ percent: 2 });
    expect(rateOf('A penalty of two percent per week applies.')).toMatchObject({ percent: 2 });
  });

  it('goes on to the next sentence when a penalty sentence has only a cap', () => {
    expect(rateOf('The penalty shall not exceed 10% of the price. A penalty of 0.5% per day applies.')).toMatchObject({
      percent: 0.5,
      basis: 'per_day',
    });
  });
});
