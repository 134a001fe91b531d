import { describe, expect, it } from 'vitest';
import { containsHedge } from './hedges.js';
import { extractNumericExpressions } from './numeric-expressions.js';
import { CLAUSE_SUMMARY_MAX_LENGTH, summarizeClause } from './summarize-clause.js';
import { DEMO_CLAUSES, NUMERIC_CLAUSES } from '../../../test/fixtures/knowledge-records.js';

const LONG_CLAUSES = [
  '买方应在收到发票后30日内支付货款；如买方逾期付款，卖方有权要求买方按照每日万分之五的标准支付违约金，但违约金总额一般不超过合同总额的5%。',
  '本合同自2024年1月1日起生效，有效期为3年，期满前30日内任何一方未提出书面异议的，合同通常自动续期1年。',
  'The Supplier shall indemnify the Customer against all losses, provided that the aggregate liability of the Supplier under this Agreement shall not exceed USD 1,000,000 or 100% of the fees paid in the 12 months preceding the claim.',
  'The Licensee may, where appropriate, sublicense the Software to its Affiliates, provided that it generally notifies the Licensor within 15 business days and pays a fee of 2% of net revenue.',
  'Delivery takes approximately 30 days, usually; the seller may be liable for delay penalties of 0.5% per week, up to a maximum of 10% of the order value.',
];

describe('summarizeClause', () => {
  it('summarizes the demo clauses', () => {
    expect(summarizeClause(DEMO_CLAUSES.penaltyZh)).toEqual({
      summary: '违约金不超过合同总额的5%，逾期付款的，应按日支付万分之五的滞纳金。',
      numbersPreserved: true,
    });
    expect(summarizeClause(DEMO_CLAUSES.paymentEn)).toEqual({
      summary: 'Payment within 30 days; buyer may pay USD 5,000',
      numbersPreserved: true,
    });
    expect(summarizeClause(DEMO_CLAUSES.confidentialityZh)).toEqual({ summary: '保密期限为自合同终止之日起3年。', numbersPreserved: true });
    expect(summarizeClause(DEMO_CLAUSES.terminationEn)).toEqual({
      summary: 'Either party may terminate at least 60 days notice',
      numbersPreserved: true,
    });
  });

  it.each([...NUMERIC_CLAUSES.map(({ clause }) => clause), ...LONG_CLAUSES])(
    'keeps every number of "%s" within 50 characters, without hedges',
    (clause) => {
      const { summary, numbersPreserved } = summarizeClause(clause);
      expect(summary.length).toBeLessThanOrEqual(CLAUSE_SUMMARY_MAX_LENGTH);
      expect(numbersPreserved).toBe(true);
      for (const expression of extractNumericExpressions(clause)) expect(summary).toContain(expression);
      expect(containsHedge(summary)).toBe(false);
      expect(summary).not.toMatch(/\s{2,}|^\s|\s$/);
    },
  );

  it('keeps the expected expressions of the table verbatim', () => {
    for (const { clause, expressions } of NUMERIC_CLAUSES) {
      const { summary } = summarizeClause(clause);
      for (const expression of expressions) expect(summary).toContain(expression);
    }
  });

  it('returns a short hedge-free clause whole, whitespace compressed', () => {
    expect(summarizeClause('  保密期限为3年。\n')).toEqual({ summary: '保密期限为3年。', numbersPreserved: true });
    expect(summarizeClause('Notice:\n\t30 days.')).toEqual({ summary: 'Notice: 30 days.', numbersPreserved: true });
  });

  it('keeps the sentences that carry numbers, then the nearest others that fit', () => {
    const clause =
      '双方在履行本合同过程中发生的任何争议，应首先通过友好协商解决。协商不成的，任何一方均可向合同签订地人民法院提起诉讼。违约金为合同总额的5%。';
    expect(summarizeClause(clause)).toEqual({
      summary: '协商不成的，任何一方均可向合同签订地人民法院提起诉讼。违约金为合同总额的5%。',
      numbersPreserved: true,
    });
  });

  it('keeps a limit and its number together: dropping 不超过 or "at least" would invert the rule', () => {
    const zh = summarizeClause(
      '在任何情况下，供应商在本合同项下对采购方承担的全部赔偿责任累计一般不超过合同总额的100%以及人民币500万元两者中的较低者。',
    );
    expect(zh.summary).toContain('不超过');
    const en = summarizeClause(
      'Either party may terminate this Agreement for convenience at any time by giving the other party at least 90 days prior written notice.',
    );
    expect(en.summary).toContain('at least 90 days');
  });

  it('keeps "approximately" with its number', () => {
    const { summary } = summarizeClause(LONG_CLAUSES[4]!);
    expect(summary).toContain('approximately 30 days');
  });

  it('cuts a clause without numbers after a whole word', () => {
    const clause = 'This Agreement shall be governed by and construed in accordance with the laws of the State of New York.';
    const { summary, numbersPreserved } = summarizeClause(clause);
    expect(numbersPreserved).toBe(true);
    expect(summary.length).toBeLessThanOrEqual(50);
    expect(clause.startsWith(summary)).toBe(true);
    expect(clause[summary.length]).toMatch(/[\s.]/);
    expect(summary).not.toMatch(/\b(the|of|by|and)$/);
  });

  it('keeps as many whole numbers as fit and says so when the numbers alone are too long', () => {
    const clause =
      'Fees: 1,000,000.00 元; 100万; USD 5,000; $5,000; 5%; 5 percent; 30日内; 30天; within 30 days; 30 business days; 2024-01-01; 2024年1月1日; January 1, 2024.';
    const expressions = extractNumericExpressions(clause);
    const { summary, numbersPreserved } = summarizeClause(clause);
    expect(numbersPreserved).toBe(false);
    expect(summary.length).toBeLessThanOrEqual(50);
    const kept = expressions.filter((expression) => summary.includes(expression));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.join(' ')).toBe(summary);
    // No other choice of whole expressions fits more of them.
    const shortest = [...expressions].sort((a, b) => a.length - b.length);
    const fits = (count: number) => shortest.slice(0, count).join(' ').length <= 50;
    expect(fits(kept.length)).toBe(true);
    expect(fits(kept.length + 1)).toBe(false);
  });

  it('never cuts a number that cannot fit', () => {
    expect(summarizeClause('Cap: USD 1,000,000,000,000.00', 10)).toEqual({ summary: '', numbersPreserved: false });
  });

  it('honours another maxLength', () => {
    for (const clause of [...LONG_CLAUSES, DEMO_CLAUSES.penaltyZh]) {
      const { summary } = summarizeClause(clause, 30);
      expect(summary.length).toBeLessThanOrEqual(30);
    }
    expect(() => summarizeClause('x', 0)).toThrow(RangeError);
    expect(() => summarizeClause('x', 2.5)).toThrow(RangeError);
  });

  it('is deterministic', () => {
    for (const clause of LONG_CLAUSES) expect(summarizeClause(clause)).toEqual(summarizeClause(clause));
  });

  it('handles empty and hedge-only text', () => {
    expect(summarizeClause('')).toEqual({ summary: '', numbersPreserved: true });
    expect(summarizeClause('Generally.')).toEqual({ summary: '.', numbersPreserved: true });
  });
});

describe('summarizeClause on generated clauses', () => {
  /** mulberry32: seeded, so a failure reproduces. */
  function random(seed: number): () => number {
    let state = seed >>> 0;
    return () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = Math.imul(state ^ (state >>> 15), state | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it('keeps its promises on 2,000 mixed clauses', () => {
    const next = random(7);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const pieces = [
      ...NUMERIC_CLAUSES.map(({ clause }) => clause),
      ...LONG_CLAUSES,
      ...Object.values(DEMO_CLAUSES),
      '双方应对在履行本合同过程中知悉的对方商业秘密严格保密，未经书面同意不得向第三方披露。',
      'This Agreement shall be governed by the laws of the State of New York.',
    ];
    for (let round = 0; round < 2000; round++) {
      const clause = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(pieces)).join(next() < 0.5 ? ' ' : '\n');
      const maxLength = pick([50, 50, 50, 30, 80]);
      const { summary, numbersPreserved } = summarizeClause(clause, maxLength);
      expect(summary.length).toBeLessThanOrEqual(maxLength);
      expect(containsHedge(summary)).toBe(false);
      const expressions = [...new Set(extractNumericExpressions(clause))];
      expect(numbersPreserved).toBe(expressions.every((expression) => summary.includes(expression)));
      if (numbersPreserved) continue;
      // Only whole expressions, and at least as many as the shortest ones that fit.
      const shortest = [...expressions].sort((a, b) => a.length - b.length);
      let fitting = 0;
      while (fitting < shortest.length && shortest.slice(0, fitting + 1).join(' ').length <= maxLength) fitting++;
      expect(expressions.filter((expression) => summary.includes(expression)).length).toBeGreaterThanOrEqual(fitting);
    }
  });
});
