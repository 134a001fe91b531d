/**
 * Boundaries of `summarizeClause` that the examples in `summarize-clause.test.ts` do not reach:
 * the limits of `maxLength`, which clause unit is kept when only one fits, the subject a
 * connective opens, the end of a cut without numbers.
 */
import { describe, expect, it } from 'vitest';
import { summarizeClause } from './summarize-clause.js';

describe('summarizeClause limits', () => {
  it('accepts a maxLength of 1 and a clause of exactly maxLength characters', () => {
    expect(summarizeClause('x', 1)).toEqual({ summary: 'x', numbersPreserved: true, degradedReason: null });
    expect(summarizeClause('保密期限为3年。', 8)).toEqual({ summary: '保密期限为3年。', numbersPreserved: true, degradedReason: null });
    expect(() => summarizeClause('x', -1)).toThrow('maxLength must be a positive integer');
  });

  it('gives the clause itself when not even its first word fits', () => {
    // Nothing shorter can stand for it; the reason is the one for content that cannot be cut.
    expect(summarizeClause('Supercalifragilistic words', 10)).toEqual({
      summary: 'Supercalifragilistic words',
      numbersPreserved: true,
      degradedReason: 'numbers-do-not-fit',
    });
  });

  it('ends a summary with the clause mark only where the clause ends a sentence', () => {
    expect(
      summarizeClause(
        'The fee is USD 5,000, payable to the account of the Seller at its bank in the city of Hamburg in Germany by wire',
        80,
      ),
    ).toEqual({ summary: 'The fee is USD 5,000', numbersPreserved: true, degradedReason: null });
    expect(summarizeClause('保密期限为三十年。x', 8).summary).toBe('保密期限为三十年');
  });
});

describe('summarizeClause picks whole units by closeness to the number', () => {
  it('keeps the nearer unit when only one more fits', () => {
    expect(summarizeClause('双方首先通过友好协商解决争议，协商不成的提交法院，违约金为合同总额的5%。', 30)).toEqual({
      summary: '协商不成的提交法院，违约金为合同总额的5%。',
      numbersPreserved: true,
      degradedReason: null,
    });
  });

  it('keeps the earlier of two equally near units', () => {
    expect(summarizeClause('甲方承担运输费用和保险费用，违约金为合同总额的5%，乙方承担装卸费用和仓储费用。', 30).summary).toBe(
      '甲方承担运输费用和保险费用，违约金为合同总额的5%',
    );
  });
});

describe('summarizeClause keeps the subject, not the connective that opens the unit', () => {
  it.each<[string, number, string]>([
    [
      'provided Contractor completes the installation works at the site of the Customer within 30 days',
      50,
      'provided Contractor site Customer within 30 days',
    ],
    [
      'however Contractor completes the installation works at the site of the Customer within 30 days',
      50,
      'Contractor works site Customer within 30 days',
    ],
    [
      'but Contractor completes the installation works at the site of the Customer within 30 days',
      50,
      'but Contractor works site Customer within 30 days',
    ],
    [
      'whereas Contractor completes the installation works at the site of the Customer within 30 days',
      50,
      'Contractor works site Customer within 30 days',
    ],
    [
      'if Contractor completes the installation works at the site of the Customer within 30 days',
      50,
      'if Contractor works site Customer within 30 days',
    ],
    [
      'where Contractor completes the installation works at the site of the Customer within 30 days',
      50,
      'Contractor works site Customer within 30 days',
    ],
    [
      'when Contractor completes the installation works at the site of the Customer within 30 days',
      50,
      'when Contractor works site Customer within 30 days',
    ],
    [
      'save Contractor completes the installation works at the site of the Customer within 30 days',
      50,
      'save Contractor works site Customer within 30 days',
    ],
    ['如承包商在客户现场完成全部安装调试工作的期限为30日', 20, '如承包商完成全部安装调试工作的期限30日'],
    ['如果承包商在客户现场完成全部安装调试工作的期限为30日', 20, '如果承包商完成全部安装调试工作期限30日'],
    ['若承包商在客户现场完成全部安装调试工作的期限为30日', 20, '若承包商完成全部安装调试工作的期限30日'],
    ['但承包商在客户现场完成全部安装调试工作的期限为30日', 20, '承包商现场完成全部安装调试工作期限30日'],
    ['但是承包商在客户现场完成全部安装调试工作的期限为30日', 20, '承包商现场完成全部安装调试工作期限30日'],
    ['并且承包商在客户现场完成全部安装调试工作的期限为30日', 20, '承包商现场完成全部安装调试工作期限30日'],
  ])('%s', (clause, maxLength, summary) => {
    expect(summarizeClause(clause, maxLength)).toEqual({ summary, numbersPreserved: true, degradedReason: null });
  });
});

describe('summarizeClause without numbers', () => {
  it('drops every function word the cut leaves at the end ("of the")', () => {
    expect(summarizeClause('The Licensee shall keep all documents of the Licensor in a safe place at all times.')).toEqual({
      summary: 'The Licensee shall keep all documents',
      numbersPreserved: true,
      degradedReason: null,
    });
  });
});
