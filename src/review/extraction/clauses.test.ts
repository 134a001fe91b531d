import { describe, expect, it } from 'vitest';
import { splitClauses } from './clauses.js';
import { CHINESE_SALES_CONTRACT, ENGLISH_SUPPLY_AGREEMENT } from '../../../test/fixtures/extraction-contracts.js';
import type { Clause } from './types.js';

function expectExactOffsets(text: string, clauses: Clause[]): void {
  clauses.forEach((clause, position) => {
    expect(clause.index).toBe(position);
    expect(text.slice(clause.start, clause.end)).toBe(clause.text);
    if (position > 0) expect(clause.start).toBeGreaterThanOrEqual(clauses[position - 1]!.end);
  });
}

describe('splitClauses', () => {
  it('returns nothing for empty or blank text', () => {
    expect(splitClauses('')).toEqual([]);
    expect(splitClauses(' \n\t\n ')).toEqual([]);
  });

  it('splits a numbered English contract at articles, sections and sub-clauses', () => {
    const clauses = splitClauses(ENGLISH_SUPPLY_AGREEMENT);
    expectExactOffsets(ENGLISH_SUPPLY_AGREEMENT, clauses);
    expect(clauses[0]!.heading).toBeNull();
    expect(clauses[0]!.text).toMatch(/^MASTER SUPPLY AGREEMENT[\s\S]*\("Buyer"\)\.$/);
    const headings = clauses.map((clause) => clause.heading);
    expect(headings).toContain('ARTICLE I TERM AND RENEWAL');
    expect(headings).toContain('1.2 Renewal');
    expect(headings).toContain('6.1 Governing Law');
    const governing = clauses.find((clause) => clause.heading === '6.1 Governing Law')!;
    expect(governing.text).toMatch(/^6\.1 Governing Law\. This Agreement shall be governed .*principles\.$/);
  });

  it('recognises Section, (a), (iv) and lettered items', () => {
    const text = [
      'Section 1. Definitions',
      '(a) "Products" means the goods listed in Exhibit A.',
      '(iv) "Territory" means the People\'s Republic of China.',
      'SECTION 2 TERM',
      'A. The term is two years.',
      'b) Either party may renew.',
    ].join('\n');
    const clauses = splitClauses(text);
    expectExactOffsets(text, clauses);
    expect(clauses.map((clause) => clause.heading)).toEqual(['Section 1. Definitions', '(a)', '(iv)', 'SECTION 2 TERM', 'A.', 'b)']);
  });

  it('does not split at a wrapped line that starts with a number', () => {
    const text = '1. Term. This Agreement lasts for\n2 years unless terminated, and renews for\n3. The parties agree as follows.';
    const clauses = splitClauses(text);
    expectExactOffsets(text, clauses);
    expect(clauses).toHaveLength(2);
    expect(clauses[0]!.text).toContain('2 years unless terminated');
  });

  it('splits a Chinese contract at 第N条 and keeps the article title', () => {
    const clauses = splitClauses(CHINESE_SALES_CONTRACT);
    expectExactOffsets(CHINESE_SALES_CONTRACT, clauses);
    expect(clauses.map((clause) => clause.heading)).toEqual([
      null,
      '第一条 合同标的',
      '第二条 付款方式',
      '第三条 违约责任',
      '第四条 合同期限',
      '第五条 保密',
      '第六条 竞业限制',
      '第七条 法律适用',
    ]);
    expect(clauses[2]!.text).toBe('第二条 付款方式\n甲方应在收到乙方开具的合法有效发票后三十日内支付全部货款。');
  });

  it('recognises 一、 （一） and 1. numbering in Chinese', () => {
    const text =
      '技术服务合同\n一、服务内容\n乙方为甲方提供系统运维服务。\n（一）日常巡检；\n（二）故障处理。\n二、费用及支付\n1. 服务费为5万元。\n2. 甲方应于每季度结束后十五个工作日内付款。';
    const clauses = splitClauses(text);
    expectExactOffsets(text, clauses);
    expect(clauses.map((clause) => clause.heading)).toEqual([null, '一、服务内容', '（一）', '（二）', '二、费用及支付', '1.', '2.']);
    expect(clauses[1]!.text).toBe('一、服务内容\n乙方为甲方提供系统运维服务。');
  });

  it('finds 第N条 inside a Chinese contract written on one line', () => {
    const text = `采购协议 第一条 总则 本合同由双方签订。第二条 价款 合同总价为人民币10万元。第三条 违约 逾期付款的，每日按未付款项的千分之一支付滞纳金。${'补充说明。'.repeat(250)}`;
    const clauses = splitClauses(text);
    expectExactOffsets(text, clauses);
    expect(clauses.map((clause) => clause.heading)).toEqual([null, '第一条 总则', '第二条 价款', '第三条 违约']);
    expect(clauses[2]!.text).toBe('第二条 价款 合同总价为人民币10万元。');
  });

  it('finds dotted section numbers inside a long English line', () => {
    const text = `${'Background text. '.repeat(70)}2.1 Grant. Licensor grants a licence. 2.2 Fees. Licensee shall pay the fees.`;
    const clauses = splitClauses(text);
    expectExactOffsets(text, clauses);
    expect(clauses.map((clause) => clause.heading)).toEqual([null, '2.1 Grant', '2.2 Fees']);
  });
});
