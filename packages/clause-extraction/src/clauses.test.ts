import { describe, expect, it } from 'vitest';
import { splitClauses } from './clauses.js';
import { CHINESE_SALES_CONTRACT, ENGLISH_SUPPLY_AGREEMENT } from '../test/fixtures/contracts.js';
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

/** The heading of each clause after a one-line preamble. */
const headingsAfterPreamble = (lines: string[]) => {
  const text = ['Preamble text', ...lines].join('\n');
  const clauses = splitClauses(text);
  expectExactOffsets(text, clauses);
  return clauses.slice(1).map((clause) => clause.heading);
};

describe('splitClauses: which numbering opens a clause', () => {
  it.each([
    'Chapter 3 Fees',
    'Clause 4 Fees',
    'Schedule 2 Prices',
    'Exhibit B Forms',
    'Annex 1 Specifications',
    'Appendix C Data',
    'Part II Terms',
    'Article 7.1.2 Scope',
    'ARTICLE XLV Miscellaneous',
    '1.1 Fees',
    '12.3.4. Scope',
    '1. Fees',
    '(a) Fees',
    '(abcd) Fees',
    '(123) Fees',
    '(AB) Fees',
    'a) Fees',
    'xv) Fees',
    '12) Fees',
    'A. Fees',
    '第十二条 费用',
    '第3章 费用',
    '第二节 费用',
    '第一款 费用',
    '第二部分 费用',
    '十二、费用',
    '（十二）费用',
    '(3)费用',
    '1、费用',
  ])('%j opens a clause titled by its line', (line) => {
    expect(headingsAfterPreamble([line, 'The text of it.'])).toEqual([line.replace(/\.$/, '')]);
  });

  it('keeps the spacing of the numbering but not the gap after a bare number', () => {
    expect(headingsAfterPreamble(['Section   12 Notices'])).toEqual(['Section   12 Notices']);
    expect(headingsAfterPreamble(['5  Payment'])).toEqual(['5 Payment']);
    expect(headingsAfterPreamble(['1．费用'])).toEqual(['1． 费用']);
  });

  it.each([
    ['too many spaces after Section', 'Section    12 Notices'],
    ['one space after a bare number', '5 Payment'],
    ['a number run into a word', '1.1Fees'],
    ['a letter and a full stop run into a word', 'A.Fees'],
    ['four digits', '1234. Fees'],
    ['a lower-case word after a bracket', 'a) the buyer pays'],
    ['a lower-case word after a full stop', '3. the buyer pays'],
    ['a number after a full stop', '3. 2 years remain'],
    ['a bare number', '2 years remain'],
    ['a marker inside the line', 'See Section 2 Term'],
  ])('%s does not open a clause', (_, line) => {
    expect(headingsAfterPreamble([line])).toEqual([]);
  });

  it('opens a clause at a bracketed marker before a lower-case word', () => {
    expect(headingsAfterPreamble(['(a) the buyer pays'])).toEqual(['(a) the buyer pays']);
    expect(headingsAfterPreamble(['(a) the buyer shall pay'])).toEqual(['(a)']);
  });

  it('skips leading spaces, tabs and full-width spaces before the numbering', () => {
    const text = 'Preamble\n \t\u3000\u00a01.1 Fees';
    expect(splitClauses(text).map(({ heading, start }) => [heading, start])).toEqual([
      [null, 0],
      ['1.1 Fees', 13],
    ]);
  });
});

describe('splitClauses: numbering alone on its line', () => {
  it.each(['(a)', 'b)', '一、', '（一）', '第五条', 'Section 4', 'ARTICLE IV'])('%j alone opens a clause', (line) => {
    expect(headingsAfterPreamble([line, 'the text of it, which shall apply.'])).toEqual([line]);
  });

  it.each(['Exhibit B', '12'])('%j alone does not', (line) => {
    expect(headingsAfterPreamble([line, 'the text of it, which shall apply.'])).toEqual([]);
  });

  it('takes its title from the next line', () => {
    expect(headingsAfterPreamble(['ARTICLE IV', 'CONFIDENTIALITY', 'Each party shall keep secrets.'])).toEqual([
      'ARTICLE IV CONFIDENTIALITY',
    ]);
    expect(headingsAfterPreamble(['ARTICLE IV', '', '  Confidentiality:', 'Each party shall keep secrets.'])).toEqual([
      'ARTICLE IV Confidentiality',
    ]);
  });

  it('takes no title from a next line that is a sentence or another heading', () => {
    expect(headingsAfterPreamble(['ARTICLE IV', 'Each party shall keep secrets.'])).toEqual(['ARTICLE IV']);
    expect(headingsAfterPreamble(['ARTICLE IV', 'Secrets. Each party keeps them.'])).toEqual(['ARTICLE IV']);
    expect(headingsAfterPreamble(['ARTICLE IV', '4.1 Secrets'])).toEqual(['ARTICLE IV', '4.1 Secrets']);
    expect(headingsAfterPreamble(['ARTICLE IV'])).toEqual(['ARTICLE IV']);
  });
});

describe('splitClauses: the heading', () => {
  it.each([
    ['11.3 Governing Law.', '11.3 Governing Law'],
    ['11.3 Governing Law:', '11.3 Governing Law'],
    ['11.3 Governing Law. This Agreement shall be governed by the laws of New York.', '11.3 Governing Law'],
    ['11.3 Governing Law: this Agreement shall be governed by the laws of New York.', '11.3 Governing Law'],
    ['2.1 The Supplier shall deliver the goods.', '2.1'],
    ['2.1 One two three four five six seven eight nine. The Supplier shall deliver.', '2.1'],
    ['2.1 One two three four five six seven eight. The Supplier shall deliver.', '2.1 One two three four five six seven eight'],
    [`2.1 ${'Long title words '.repeat(7).trim()}`, '2.1'],
    ['2.1 Fees, Costs and Taxes', '2.1'],
    ['第五条 违约责任 乙方逾期交货的，应支付违约金。', '第五条 违约责任'],
    ['第五条 违约责任：乙方逾期交货的，应支付违约金。', '第五条 违约责任'],
    ['第五条 乙方应当按期交货 乙方逾期交货的，应支付违约金。', '第五条'],
    ['一、总则', '一、总则'],
    ['（一）定义', '（一）定义'],
    ['(a) Fees', '(a) Fees'],
  ])('%j is headed %j', (line, heading) => {
    expect(headingsAfterPreamble([line])).toEqual([heading]);
  });
});

describe('splitClauses: long lines', () => {
  it('finds ARTICLE and Section headings after the end of a sentence', () => {
    const text = `${'Background text. '.repeat(70)}ARTICLE IV Confidentiality. Each party keeps secrets. Section 5. Notices. Notices are written.`;
    const clauses = splitClauses(text);
    expectExactOffsets(text, clauses);
    expect(clauses.map((clause) => clause.heading)).toEqual([null, 'ARTICLE IV Confidentiality', 'Section 5. Notices']);
  });

  it('does not look inside lines of 1,000 characters or less', () => {
    const text = `${'Background text. '.repeat(55)}2.1 Grant. Licensor grants a licence.`;
    expect(text.length).toBeLessThanOrEqual(1000);
    expect(splitClauses(text).map((clause) => clause.heading)).toEqual([null]);
  });

  it('keeps the line-start heading when an inline one starts at the same place', () => {
    const text = `1. Fees. ${'Background text. '.repeat(70)}\n第二条 价款 合同总价为人民币10万元。`;
    const clauses = splitClauses(text);
    expectExactOffsets(text, clauses);
    expect(clauses.map((clause) => clause.heading)).toEqual(['1. Fees', '第二条 价款']);
  });
});

describe('splitClauses: offsets', () => {
  it('trims whitespace around the preamble and the clauses', () => {
    const text = '\n\n  Preamble.  \n\n1. Fees apply.\n\n\n2. Taxes apply.  \n';
    const clauses = splitClauses(text);
    expect(clauses.map(({ text: clause, start, end }) => [clause, start, end])).toEqual([
      ['Preamble.', 4, 13],
      ['1. Fees apply.', 17, 31],
      ['2. Taxes apply.', 34, 49],
    ]);
  });

  it('has no preamble when the text opens with a heading', () => {
    expect(splitClauses('1. Fees apply.').map(({ heading, index }) => [heading, index])).toEqual([['1. Fees apply', 0]]);
  });
});

describe('splitClauses: headings as contracts write them', () => {
  const title100 = 'Limitation of Liability for Indirect Consequential Special Incidental and Punitive Damages or Losses';

  it('takes a title of up to 100 characters whole, and no longer one', () => {
    expect(title100).toHaveLength(100);
    expect(headingsAfterPreamble([`9.4 ${title100}`])).toEqual([`9.4 ${title100}`]);
    const title101 = title100.replace(' or ', ' and ');
    expect(headingsAfterPreamble([`9.4 ${title101}`])).toEqual(['9.4']);
  });

  it('reads "agree" as a sentence, not a title', () => {
    expect(headingsAfterPreamble(['2.1 The Parties agree to the following'])).toEqual(['2.1']);
  });

  it('keeps a full stop inside a title that cites another section', () => {
    expect(headingsAfterPreamble(['7.2 Compliance with Section 4.1'])).toEqual(['7.2 Compliance with Section 4.1']);
  });

  it('drops the space a title leaves before its colon', () => {
    expect(headingsAfterPreamble(['ARTICLE 5 TERMINATION :'])).toEqual(['ARTICLE 5 TERMINATION']);
    expect(
      headingsAfterPreamble(['2.1 Limitation of Liability of the Supplier and Buyer : Neither party shall be liable for lost profits.']),
    ).toEqual(['2.1 Limitation of Liability of the Supplier and Buyer']);
  });

  it('counts the words of a title once however wide the spaces between them', () => {
    expect(
      headingsAfterPreamble(['2.1 Limitation of  Liability of the Supplier and Buyer. Neither party shall be liable for lost profits.']),
    ).toEqual(['2.1 Limitation of  Liability of the Supplier and Buyer']);
  });

  it('takes no title from the middle of a long one that runs into the first sentence', () => {
    expect(
      headingsAfterPreamble([
        '2.1 Representations and Warranties of the Supplier and Indemnification Obligations Regarding Third Party Claims. The Supplier shall indemnify the Buyer.',
      ]),
    ).toEqual(['2.1']);
  });

  it('joins a bracketed number to a Chinese title with a space when the title opens in Latin letters', () => {
    expect(headingsAfterPreamble(['（1）ERP系统维护'])).toEqual(['（1） ERP系统维护']);
    expect(headingsAfterPreamble(['(2) SaaS服务'])).toEqual(['(2) SaaS服务']);
  });

  it('takes no Chinese title from the middle of an article that opens in Latin letters', () => {
    expect(headingsAfterPreamble(['第八条 IT服务 乙方应提供七乘二十四小时的技术支持，响应时间不超过两小时。'])).toEqual(['第八条']);
  });

  it('does not open a clause at a schedule number alone on its line', () => {
    expect(headingsAfterPreamble(['Schedule 1.2', 'the text of it, which shall apply.'])).toEqual([]);
  });
});

describe('splitClauses: a title on the next line', () => {
  it('reads it from a contract with Windows line ends', () => {
    const text = 'Preamble text\r\nARTICLE IV\r\nCONFIDENTIALITY\r\nEach party shall keep secrets.\r\n';
    const clauses = splitClauses(text);
    expectExactOffsets(text, clauses);
    expect(clauses.map((clause) => clause.heading)).toEqual([null, 'ARTICLE IV CONFIDENTIALITY']);
    expect(clauses[1]!.text).toBe('ARTICLE IV\r\nCONFIDENTIALITY\r\nEach party shall keep secrets.');
  });

  it('reads it at the very end of the text', () => {
    expect(headingsAfterPreamble(['ARTICLE IV', 'CONFIDENTIALITY'])).toEqual(['ARTICLE IV CONFIDENTIALITY']);
  });

  it('takes none from a next line longer than 80 characters', () => {
    expect(
      headingsAfterPreamble([
        'ARTICLE I',
        'DEFINITIONS AND INTERPRETATION OF TERMS USED THROUGHOUT THIS MASTER SERVICES AGREEMENT AND ITS SCHEDULES',
        'In this Agreement the following words have the meanings given below.',
      ]),
    ).toEqual(['ARTICLE I']);
  });

  it('keeps a full stop inside a title that cites a schedule', () => {
    expect(headingsAfterPreamble(['ARTICLE 5', 'COMPLIANCE WITH SCHEDULE 2.1', 'The Supplier shall comply.'])).toEqual([
      'ARTICLE 5 COMPLIANCE WITH SCHEDULE 2.1',
    ]);
  });
});

describe('splitClauses: headings inside a long line', () => {
  const background = 'Background text. '.repeat(70);
  const headingsOf = (text: string) => {
    const clauses = splitClauses(text);
    expectExactOffsets(text, clauses);
    return clauses.map((clause) => clause.heading);
  };

  it.each([
    ['a two-digit section', '12.1 Grant. Licensor grants a licence.', '12.1 Grant'],
    ['a three-level section', '2.1.3 Grant. Licensor grants a licence.', '2.1.3 Grant'],
    ['a two-digit sub-section', '2.10 Grant. Licensor grants a licence.', '2.10 Grant'],
    ['two spaces after the sentence', ' 2.1 Grant. Licensor grants a licence.', '2.1 Grant'],
    ['two spaces after the number', '2.1  Grant. Licensor grants a licence.', '2.1 Grant'],
    ['an Arabic article number', 'ARTICLE 4 Confidentiality. Each party keeps secrets.', 'ARTICLE 4 Confidentiality'],
    ['a two-digit article number', 'ARTICLE 12 Confidentiality. Each party keeps secrets.', 'ARTICLE 12 Confidentiality'],
    ['two spaces after ARTICLE', 'ARTICLE  IV Confidentiality. Each party keeps secrets.', 'ARTICLE  IV Confidentiality'],
    ['a section without a full stop', 'Section 5 Notices. Notices are written.', 'Section 5 Notices'],
    ['a two-digit section number', 'Section 12. Notices. Notices are written.', 'Section 12. Notices'],
    ['a dotted section number', 'Section 5.1 Notices. Notices are written.', 'Section 5.1 Notices'],
    ['a two-digit dotted section number', 'Section 5.10 Notices. Notices are written.', 'Section 5.10 Notices'],
    ['two spaces after Section', 'Section  5. Notices. Notices are written.', 'Section  5. Notices'],
  ])('finds %s', (_, tail, heading) => {
    expect(headingsOf(`${background}${tail}`)).toEqual([null, heading]);
  });

  it.each([
    ['第十二条', `${'本合同由双方签订。'.repeat(120)}第十二条 争议解决 因本合同引起的争议，提交仲裁。`, '第十二条 争议解决'],
    ['第3条', `${'本合同由双方签订。'.repeat(120)}第3条 争议解决 因本合同引起的争议，提交仲裁。`, '第3条 争议解决'],
  ])('finds %s in a Chinese contract on one line', (_, text, heading) => {
    expect(headingsOf(text)).toEqual([null, heading]);
  });

  it('reads the heading of the last inline section from its own line only', () => {
    const text = `${background}2.2 Fees\nThe Buyer pays the invoice.`;
    expect(headingsOf(text)).toEqual([null, '2.2 Fees']);
    expect(splitClauses(text)[1]!.text).toBe('2.2 Fees\nThe Buyer pays the invoice.');
  });

  it('looks inside a line of 1,001 characters but not one of 1,000', () => {
    const tail = '2.1 Grant. Licensor grants a licence.';
    // The line is padded with a dash rule to the length wanted, and the section follows a full stop.
    const filler = (length: number) => `${'Background text. '.repeat(56)}Notes ${'-'.repeat(length - 952 - 8 - tail.length)}. `;
    const exactly = `${filler(1000)}${tail}`;
    expect(exactly).toHaveLength(1000);
    expect(headingsOf(exactly)).toEqual([null]);
    const longer = `${filler(1001)}${tail}`;
    expect(longer).toHaveLength(1001);
    expect(headingsOf(longer)).toEqual([null, '2.1 Grant']);
  });

  it('does not look inside a short line that follows a long text', () => {
    const text = `${'Background text.\n'.repeat(70)}Fees are due monthly. 3.1 Late fees apply.`;
    expect(headingsOf(text)).toEqual([null]);
  });
});
