import { describe, expect, it } from 'vitest';
import { extractNumericExpressions, locateNumericExpressions, missingNumericExpressions } from './numeric-expressions.js';
import { NUMERIC_CLAUSES } from '../../../test/fixtures/knowledge-records.js';

describe('extractNumericExpressions', () => {
  it.each([
    ['amount with decimals and 元', '赔偿上限为1,000,000.00 元。', ['1,000,000.00 元']],
    ['万 without a currency', '注册资本不低于100万。', ['100万']],
    ['currency code before', 'a deposit of USD 5,000 is due', ['USD 5,000']],
    ['currency sign', 'a deposit of $5,000 is due', ['$5,000']],
    ['percentage', 'capped at 5% of the price', ['5%']],
    ['percent in words', 'capped at 5 percent of the price', ['5 percent']],
    ['Chinese day count with 内', '应在30日内付款', ['30日内']],
    ['Chinese day count in 天', '质保期为30天', ['30天']],
    ['within a day count', 'pay within 30 days of invoice', ['within 30 days']],
    ['business days', 'respond in 30 business days', ['30 business days']],
    ['ISO date', 'effective 2024-01-01', ['2024-01-01']],
    ['Chinese date', '自2024年1月1日起生效', ['2024年1月1日']],
    ['English date', 'effective January 1, 2024', ['January 1, 2024']],
    ['day-month-year date', 'effective 1 April 2025', ['1 April 2025']],
    ['Chinese fraction', '按日支付万分之五的滞纳金', ['万分之五']],
    ['Chinese numerals with a unit', '应在三十日内支付', ['三十日内']],
    ['article reference', '依据第5条和第三款', ['第5条', '第三款']],
    ['number words with digits', "with sixty (60) days' notice", ['sixty (60) days']],
    ['percentage range', 'a rate of 5%-10%', ['5%-10%']],
    ['Chinese range', '期限为3至5年', ['3至5年']],
    ['English range', 'within a period of 30 to 60 days', ['30 to 60 days']],
    ['amount in millions', 'above US$ 2 million', ['US$ 2 million']],
    ['time of day', 'by 17:00 Beijing time', ['17:00']],
    ['bare number', 'in 2 lots', ['2']],
  ])('finds %s', (_label, text, expected) => {
    expect(extractNumericExpressions(text)).toEqual(expected);
  });

  it.each(NUMERIC_CLAUSES)('finds every expression of "$clause"', ({ clause, expressions }) => {
    expect(extractNumericExpressions(clause)).toEqual(expressions);
  });

  it('does not take words for numbers', () => {
    for (const text of ['一般而言，任何一方应统一月度结算', 'The tenant often pays; Omar signed; none apply', '双方一致同意', '']) {
      expect(extractNumericExpressions(text)).toEqual([]);
    }
  });

  it('gives positions that slice back to the expression', () => {
    const text = 'Pay USD 5,000 within 30 days, then 5% by 2024-12-31.';
    const spans = locateNumericExpressions(text);
    expect(spans.map((span) => span.text)).toEqual(['USD 5,000', 'within 30 days', '5%', '2024-12-31']);
    for (const span of spans) expect(text.slice(span.start, span.end)).toBe(span.text);
  });
});

describe('missingNumericExpressions', () => {
  it('lists what a candidate lost, once each', () => {
    const source = 'Pay 5% within 30 days, and 5% again after 2024-01-01.';
    expect(missingNumericExpressions(source, 'Pay 5% within 30 days')).toEqual(['2024-01-01']);
    expect(missingNumericExpressions(source, 'Pay 5% in 30 days after 2024-01-01')).toEqual(['within 30 days']);
    expect(missingNumericExpressions(source, '5% within 30 days, 2024-01-01')).toEqual([]);
  });
});
