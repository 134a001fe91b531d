import { describe, expect, it } from 'vitest';
import { findAmounts, MAX_AMOUNTS } from './amounts.js';
import { extractRuleFields } from './extract-fields.js';

/** These tests pin the rules themselves; the learned models that judge them are tested in judgement/. */
const extractFields = (text: string) => extractRuleFields(text).contract;

/** `[value, currency, text]` of every sum found, in order. */
const sumsIn = (text: string) => findAmounts(text).map(({ value, currency, text: written }) => [value, currency, written]);

describe('amounts: a currency before the number', () => {
  it.each([
    ['$1,500,000', 1_500_000, 'USD'],
    ['$ 250', 250, 'USD'],
    ['US$2,000.50', 2000.5, 'USD'],
    ['U.S.$100', 100, 'USD'],
    ['U.S. $100', 100, 'USD'],
    ['USD 100', 100, 'USD'],
    ['usd 100', 100, 'USD'],
    ['HK$100', 100, 'HKD'],
    ['HKD 100', 100, 'HKD'],
    ['RMB 100', 100, 'CNY'],
    ['CNY 100', 100, 'CNY'],
    ['EUR 100', 100, 'EUR'],
    ['€100', 100, 'EUR'],
    ['£100', 100, 'GBP'],
    ['GBP 100', 100, 'GBP'],
    ['JPY 100', 100, 'JPY'],
    ['¥100', 100, 'CNY'],
    ['￥100', 100, 'CNY'],
  ] as const)('reads %j as %d %s', (text, value, currency) => {
    expect(sumsIn(`a fee of ${text} is due`)).toEqual([[value, currency, text]]);
  });

  it.each([
    ['$2 thousand', 2000],
    ['$2k', 2000],
    ['$2K', 2000],
    ['USD 2.5 million', 2_500_000],
    ['$2m', 2_000_000],
    ['$2mm', 2_000_000],
    ['$2 MM', 2_000_000],
    ['$2 billion', 2_000_000_000],
    ['$2bn', 2_000_000_000],
  ] as const)('multiplies %j by its scale', (text, value) => {
    expect(sumsIn(`a fee of ${text} is due`)).toEqual([[value, 'USD', text]]);
  });

  it('reads a scale only as a whole word', () => {
    expect(sumsIn('$5 kilograms')).toEqual([[5, 'USD', '$5']]);
    expect(sumsIn('$5 models')).toEqual([[5, 'USD', '$5']]);
  });
});

describe('amounts: a currency after the number', () => {
  it.each([
    ['500 dollars', 500, 'USD'],
    ['500 U.S. dollars', 500, 'USD'],
    ['500 US dollars', 500, 'USD'],
    ['500 United States dollars', 500, 'USD'],
    ['500 USD', 500, 'USD'],
    ['500 euros', 500, 'EUR'],
    ['500 euro', 500, 'EUR'],
    ['500 EUR', 500, 'EUR'],
    ['500 pounds sterling', 500, 'GBP'],
    ['500 GBP', 500, 'GBP'],
    ['500 RMB', 500, 'CNY'],
    ['500 yuan', 500, 'CNY'],
    ['500 renminbi', 500, 'CNY'],
    ['500 CNY', 500, 'CNY'],
    ['500 HKD', 500, 'HKD'],
    ['500 JPY', 500, 'JPY'],
    ['500 yen', 500, 'JPY'],
    ['2 million dollars', 2_000_000, 'USD'],
    ['1,250.75 Dollars', 1250.75, 'USD'],
    ['500USD', 500, 'USD'],
  ] as const)('reads %j as %d %s', (text, value, currency) => {
    expect(sumsIn(`a fee of ${text} is due`)).toEqual([[value, currency, text]]);
  });

  it('needs the number to start a word and the currency to end one', () => {
    expect(sumsIn('model x500 dollars')).toEqual([]);
    expect(sumsIn('item v.500 dollars')).toEqual([]);
    expect(sumsIn('item 1,5000 dollars')).toEqual([]);
    expect(sumsIn('500 yenx')).toEqual([]);
  });
});

describe('amounts in Chinese', () => {
  it.each([
    ['人民币50万元', 500_000, 'CNY'],
    ['50万元', 500_000, 'CNY'],
    ['3千元', 3000, 'CNY'],
    ['2亿元', 200_000_000, 'CNY'],
    ['1,000元', 1000, 'CNY'],
    ['1，000元', 1000, 'CNY'],
    ['1000.5元', 1000.5, 'CNY'],
    ['100圆', 100, 'CNY'],
    ['100美元', 100, 'USD'],
    ['100欧元', 100, 'EUR'],
    ['100港元', 100, 'HKD'],
    ['100港币', 100, 'HKD'],
    ['100日元', 100, 'JPY'],
    ['100英镑', 100, 'GBP'],
    ['伍拾万元', 500_000, 'CNY'],
    ['人民币伍拾万元', 500_000, 'CNY'],
    ['三百圆', 300, 'CNY'],
    ['三百美元', 300, 'USD'],
    ['三百欧元', 300, 'EUR'],
    ['三百港币', 300, 'HKD'],
    ['三百日元', 300, 'JPY'],
    ['三百英镑', 300, 'GBP'],
  ] as const)('reads %j as %d %s', (text, value, currency) => {
    expect(sumsIn(`合同价款为${text}整。`)).toEqual([[value, currency, text]]);
  });

  it('names the currency of a prefix before that of the unit', () => {
    expect(sumsIn('价款为人民币 100 元')).toEqual([[100, 'CNY', '人民币 100 元']]);
    expect(sumsIn('价款为RMB100港元')).toEqual([[100, 'CNY', 'RMB100']]);
    expect(sumsIn('价款为人民币 100 美元')).toEqual([[100, 'CNY', '人民币 100 美元']]);
  });

  it('starts the quote at the sum, not at the space before it', () => {
    expect(sumsIn('The Seller pays 伍拾万元 and 20万元 on delivery')).toEqual([
      [500_000, 'CNY', '伍拾万元'],
      [200_000, 'CNY', '20万元'],
    ]);
  });

  it('skips a sum of zero written in numerals', () => {
    expect(sumsIn('费用为零元')).toEqual([]);
  });
});

describe('amounts: which sums, in which order', () => {
  it('reads a sum once when two patterns cover it', () => {
    expect(sumsIn('a fee of $100 dollars')).toEqual([[100, 'USD', '$100']]);
    expect(sumsIn('a fee of USD 100 USD')).toEqual([[100, 'USD', 'USD 100']]);
  });

  it('lists sums in the order of the text, whichever pattern found them', () => {
    expect(sumsIn('3 dollars, then EUR 5, then 五元, then $7')).toEqual([
      [3, 'USD', '3 dollars'],
      [5, 'EUR', 'EUR 5'],
      [5, 'CNY', '五元'],
      [7, 'USD', '$7'],
    ]);
    expect(findAmounts('pay $7 now')[0]).toMatchObject({ index: 4, length: 2 });
  });

  it('skips a number too large to be finite', () => {
    expect(sumsIn(`$${'9'.repeat(400)}`)).toEqual([]);
  });

  it('finds nothing without a currency', () => {
    expect(sumsIn('a fee of 100 is due within 30 days')).toEqual([]);
  });
});

describe('amounts of a contract', () => {
  it('quotes the original text, which may hold line breaks the rules do not see', () => {
    const text = 'The Buyer pays USD\n100 on signing.\n\nThe Seller pays 伍拾万元 on delivery.';
    const amounts = extractFields(text).amounts;
    expect(amounts?.map(({ value, currency, text: written }) => [value, currency, written])).toEqual([
      [100, 'USD', 'USD\n100'],
      [500_000, 'CNY', '伍拾万元'],
    ]);
    expect(amounts?.[1]?.evidence).toMatchObject({ start: text.indexOf('伍'), end: text.indexOf('伍') + 4 });
  });

  it('is null when the contract names no sum', () => {
    expect(extractFields('The parties agree to cooperate in good faith.').amounts).toBeNull();
  });

  it(`reports at most ${MAX_AMOUNTS} sums, the first ones`, () => {
    const prices = (count: number) => Array.from({ length: count }, (_, index) => `Item ${index} costs $${index + 1}.`).join(' ');
    expect(extractFields(prices(MAX_AMOUNTS)).amounts).toHaveLength(MAX_AMOUNTS);
    const capped = extractFields(prices(MAX_AMOUNTS + 1)).amounts;
    expect(capped).toHaveLength(MAX_AMOUNTS);
    expect(capped?.at(-1)?.value).toBe(MAX_AMOUNTS);
  });
});
