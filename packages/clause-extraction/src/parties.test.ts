import { describe, expect, it } from 'vitest';
import { splitClauses } from './clauses.js';
import { extractParties } from './parties.js';
import { buildTextView } from './text-view.js';

const partiesOf = (text: string) => extractParties(buildTextView(text, splitClauses(text)));
const namesAndRoles = (text: string) => partiesOf(text)?.map(({ name, role }) => ({ name, role })) ?? null;

describe('extractParties: the "by and between" opening', () => {
  it('takes each party up to its defined term, with the role the term names', () => {
    const text =
      'This Supply Agreement (the "Agreement") is made and entered into as of March 1, 2020 by and between Acme Components, Inc., a Delaware corporation having its principal place of business at 1 Main Street, Dover ("Seller"), and Globex Corp. ("Buyer").\n\nWHEREAS, Seller makes components.';
    expect(namesAndRoles(text)).toEqual([
      { name: 'Acme Components, Inc.', role: 'Seller' },
      { name: 'Globex Corp.', role: 'Buyer' },
    ]);
  });

  it('points the evidence at the name in the original text, line breaks and double spaces included', () => {
    const text = 'This Agreement is made by and between   Northwind\nTraders LLC ("Distributor") and Contoso Ltd. ("Supplier").';
    const [first, second] = partiesOf(text)!;
    expect(first!.name).toBe('Northwind Traders LLC');
    expect(text.slice(first!.evidence.start, first!.evidence.end)).toBe('Northwind\nTraders LLC');
    expect(text.slice(second!.evidence.start, second!.evidence.end)).toBe('Contoso Ltd.');
  });

  it('reads "hereinafter referred to as" and "the" in the defined term', () => {
    const text =
      'THIS LICENSE AGREEMENT is executed between Orion Software GmbH (hereinafter referred to as "Licensor") and Vega Systems S.A. (the "Licensee").';
    expect(namesAndRoles(text)).toEqual([
      { name: 'Orion Software GmbH', role: 'Licensor' },
      { name: 'Vega Systems S.A.', role: 'Licensee' },
    ]);
  });

  it('keeps a defined term that is not a role as no role', () => {
    const text = 'This Agreement is entered into between Initech Inc. ("Initech") and Umbrella Holdings LLC ("Umbrella").';
    expect(namesAndRoles(text)).toEqual([
      { name: 'Initech Inc.', role: null },
      { name: 'Umbrella Holdings LLC', role: null },
    ]);
  });

  it('reads roles such as Service Provider and Party B, without "the"', () => {
    const text = 'This Agreement is concluded between Stark Services Ltd. ("the Service Provider") and Wayne Retail LLC ("Party B").';
    expect(namesAndRoles(text)).toEqual([
      { name: 'Stark Services Ltd.', role: 'Service Provider' },
      { name: 'Wayne Retail LLC', role: 'Party B' },
    ]);
  });

  it('cuts the description after the name: "a ... corporation", "organized under", "with offices at"', () => {
    const text =
      'This Agreement is made between Alpha Labs Corp., organized under the laws of Ohio ("Alpha"), and Beta Works LLC with offices at 5 Elm Road ("Beta").';
    expect(namesAndRoles(text)).toEqual([
      { name: 'Alpha Labs Corp.', role: null },
      { name: 'Beta Works LLC', role: null },
    ]);
  });

  it('splits two parties at "and" when there is no defined term', () => {
    const text = 'This Agreement is made between Alpha LLC and Beta GmbH. The parties agree as follows.';
    expect(namesAndRoles(text)).toEqual([
      { name: 'Alpha LLC', role: null },
      { name: 'Beta GmbH', role: null },
    ]);
  });

  it('drops the "a Delaware corporation" descriptor of both parties when splitting at "and"', () => {
    const text =
      'This Agreement is made between Alpha LLC, a Texas company, and Beta Corp, a Utah corporation. The parties agree as follows.';
    expect(namesAndRoles(text)).toEqual([
      { name: 'Alpha LLC', role: null },
      { name: 'Beta Corp', role: null },
    ]);
  });

  it('finds no parties in "between" that does not form the agreement', () => {
    expect(partiesOf('Disputes between you and us are settled by arbitration. Nothing else here names anyone.')).toBeNull();
  });

  it('reads only the first page for the forming sentence', () => {
    const filler = 'The recitals describe the background of the deal in some detail. '.repeat(50);
    expect(filler.length).toBeGreaterThan(3000);
    expect(partiesOf(`${filler}This Agreement is made between Alpha LLC ("Alpha") and Beta LLC ("Beta").`)).toBeNull();
  });

  it('stops the party list at the recitals', () => {
    const text = 'This Agreement is made between Alpha LLC ("Alpha") and Beta LLC ("Beta")\nWHEREAS Gamma Inc. ("Gamma") is an affiliate.';
    expect(namesAndRoles(text)).toEqual([
      { name: 'Alpha LLC', role: null },
      { name: 'Beta LLC', role: null },
    ]);
  });
});

describe('extractParties: labelled lines', () => {
  it('reads Chinese role labels, with a bracketed capacity, and stops at the address line', () => {
    const text =
      '买卖合同\n甲方（买方）：北京星河科技有限公司\n地址：北京市海淀区\n乙方（卖方）：上海云帆贸易有限公司\n地址：上海市浦东新区';
    expect(namesAndRoles(text)).toEqual([
      { name: '北京星河科技有限公司', role: '甲方' },
      { name: '上海云帆贸易有限公司', role: '乙方' },
    ]);
    const second = partiesOf(text)![1]!;
    expect(text.slice(second.evidence.start, second.evidence.end)).toBe('上海云帆贸易有限公司');
  });

  it('stops a Chinese name at a full-width comma or the legal representative', () => {
    expect(namesAndRoles('出租人：杭州明远物业管理有限公司，法定代表人：王五\n承租人：李四 法定代表人：无')).toEqual([
      { name: '杭州明远物业管理有限公司', role: '出租人' },
      { name: '李四', role: '承租人' },
    ]);
  });

  it('reads English labels, keeps "Co., Ltd." whole and stops at the next label on the line', () => {
    const text = 'Party A: Beike Internet Security Technology Co., Ltd. Address: 8 Road, Beijing\nParty B: Acme Corp. Tel: 555 0100';
    expect(namesAndRoles(text)).toEqual([
      { name: 'Beike Internet Security Technology Co., Ltd.', role: 'Party A' },
      { name: 'Acme Corp.', role: 'Party B' },
    ]);
  });

  it('reads "The Seller:" as the role Seller and drops a sentence full stop after the name', () => {
    expect(namesAndRoles('The Seller: Harbor Foods.\nThe Buyer: Blue Ocean Markets Incorporated.')).toEqual([
      { name: 'Harbor Foods', role: 'Seller' },
      { name: 'Blue Ocean Markets Incorporated.', role: 'Buyer' },
    ]);
  });

  it('skips blank placeholders and lines that hold only the next label', () => {
    expect(namesAndRoles('甲方：________\n乙方：Address: to be completed\nBuyer: ……\nSeller: Real Supplier Ltd.')).toEqual([
      { name: 'Real Supplier Ltd.', role: 'Seller' },
    ]);
  });

  it('lists a party repeated in the signature block once', () => {
    const text =
      '甲方：北京星河科技有限公司\n乙方：上海云帆贸易有限公司\n第一条 货物\n甲方向乙方购买服务器。\n甲方：北京星河科技有限公司\n乙方：上海云帆贸易有限公司';
    expect(partiesOf(text)).toHaveLength(2);
  });

  it('prefers labelled lines over the "between" sentence', () => {
    const text = 'Seller: Harbor Foods Ltd.\nThis Agreement is made between Harbor Foods Ltd. ("Seller") and Gulf Traders LLC ("Buyer").';
    expect(namesAndRoles(text)).toEqual([{ name: 'Harbor Foods Ltd.', role: 'Seller' }]);
  });

  it('keeps at most eight parties', () => {
    const lines = Array.from({ length: 12 }, (_, index) => `Supplier: Vendor Number ${index + 1} Ltd.`).join('\n');
    expect(partiesOf(lines)).toHaveLength(8);
  });

  it('reads labels only in the head of the contract', () => {
    const body = '本合同的条款由双方协商确定，各方应当遵守。'.repeat(400);
    expect(body.length).toBeGreaterThan(6000);
    expect(partiesOf(`${body}\n甲方：北京星河科技有限公司`)).toBeNull();
    expect(namesAndRoles(`甲方：北京星河科技有限公司\n${body}`)).toEqual([{ name: '北京星河科技有限公司', role: '甲方' }]);
  });

  it('needs the label at the start of a line or after a sentence end, not inside a word', () => {
    expect(partiesOf('The Resupplier: none needed for this order.')).toBeNull();
  });

  it('reads any Chinese capacity at the start of a line (用人单位, 劳动者, 供货方, 被特许人, 客户, 公司)', () => {
    expect(namesAndRoles('劳动合同\n\n用人单位（甲方）：北京云帆数据科技有限公司\n劳动者（乙方）：陈某某\n')).toEqual([
      { name: '北京云帆数据科技有限公司', role: '用人单位' },
      { name: '陈某某', role: '劳动者' },
    ]);
    expect(namesAndRoles('供货方：宁波海盛家电有限公司（"甲方"）\n经销方：成都锦程商贸有限公司（"乙方"）')).toEqual([
      { name: '宁波海盛家电有限公司', role: '供货方' },
      { name: '成都锦程商贸有限公司', role: '经销方' },
    ]);
    expect(namesAndRoles('特许人：上海味之道餐饮管理有限公司\n被特许人：昆明滇味餐饮有限公司')).toEqual([
      { name: '上海味之道餐饮管理有限公司', role: '特许人' },
      { name: '昆明滇味餐饮有限公司', role: '被特许人' },
    ]);
    expect(namesAndRoles('服务提供方：北京天穹云计算有限公司\n客户：武汉长江在线教育科技有限公司\n')).toEqual([
      { name: '北京天穹云计算有限公司', role: '服务提供方' },
      { name: '武汉长江在线教育科技有限公司', role: '客户' },
    ]);
    expect(namesAndRoles('公司：深圳前海融汇金融服务有限公司\n受聘人：周某')).toEqual([
      { name: '深圳前海融汇金融服务有限公司', role: '公司' },
      { name: '周某', role: '受聘人' },
    ]);
  });

  it('does not take a representative, contact or signatory for a party', () => {
    expect(
      namesAndRoles(
        '甲方：北京星河科技有限公司\n法定代表人：张三\n联系人：李四\n委托代理人：王五\n签字人：赵六\n收件人：钱七\n负责人：孙八',
      ),
    ).toEqual([{ name: '北京星河科技有限公司', role: '甲方' }]);
  });

  it('needs a generic Chinese capacity at the start of its line, not inside a sentence', () => {
    expect(partiesOf('本合同由双方签订。付款方式如下：银行转账至指定账户')).toBeNull();
  });

  it('reads two labels on one line, each name ending where the next label starts', () => {
    expect(namesAndRoles('甲方：成都蓉城智慧交通投资有限公司 乙方：西安秦川软件技术股份有限公司')).toEqual([
      { name: '成都蓉城智慧交通投资有限公司', role: '甲方' },
      { name: '西安秦川软件技术股份有限公司', role: '乙方' },
    ]);
    expect(namesAndRoles('Party A: Alpha Trading Ltd. Party B: Beta Logistics LLC')).toEqual([
      { name: 'Alpha Trading Ltd.', role: 'Party A' },
      { name: 'Beta Logistics LLC', role: 'Party B' },
    ]);
  });

  it('ends a Chinese name at a space, for a contract pasted without line breaks', () => {
    const text = '软件开发合同\n甲方：成都蓉城智慧交通投资有限公司 乙方：西安秦川软件技术股份有限公司 第一条 开发内容 乙方为甲方开发系统。';
    expect(namesAndRoles(text)).toEqual([
      { name: '成都蓉城智慧交通投资有限公司', role: '甲方' },
      { name: '西安秦川软件技术股份有限公司', role: '乙方' },
    ]);
  });

  it('ends a name with its line: the next line is not part of it', () => {
    expect(namesAndRoles('Seller: Harbor Foods Ltd.\nThis Agreement is made between Harbor Foods Ltd. and Gulf Traders LLC.')).toEqual([
      { name: 'Harbor Foods Ltd.', role: 'Seller' },
    ]);
    expect(namesAndRoles('甲方：苏州华岳精密制造有限公司\n乙方：无锡恒远机电设备有限公司\n')).toEqual([
      { name: '苏州华岳精密制造有限公司', role: '甲方' },
      { name: '无锡恒远机电设备有限公司', role: '乙方' },
    ]);
  });

  it('takes the name from the next line when the label stands alone, and points the evidence there', () => {
    const text =
      'INTERNET CHANNEL COOPERATION AGREEMENT\n\n     Party A:\n\n  Beijing Baidu Netcom Science and Technology Co., Ltd.\n\n  Address:\n\n  Baidu Building\n\n    Party B:\n\n  China Online Housing (Hong Kong) Co., Ltd.\n';
    expect(namesAndRoles(text)).toEqual([
      { name: 'Beijing Baidu Netcom Science and Technology Co., Ltd.', role: 'Party A' },
      { name: 'China Online Housing', role: 'Party B' },
    ]);
    const first = partiesOf(text)![0]!;
    expect(text.slice(first.evidence.start, first.evidence.end)).toBe('Beijing Baidu Netcom Science and Technology Co., Ltd.');
  });

  it('reads nothing from a label alone on its line when the next line is another label', () => {
    expect(namesAndRoles('Party A:\nParty B: Beta Logistics LLC')).toEqual([{ name: 'Beta Logistics LLC', role: 'Party B' }]);
  });

  it('skips the signature line, whose labels stand where names would be', () => {
    const text =
      '甲方：苏州华岳精密制造有限公司\n乙方：无锡恒远机电设备有限公司\n第一条 标的\n甲方（盖章）：                乙方（盖章）：';
    expect(partiesOf(text)).toHaveLength(2);
  });
});

describe('extractParties: names', () => {
  it('keeps a corporate suffix after a comma, with or without its full stop or a space, and stops at any other piece', () => {
    expect(
      namesAndRoles('This Agreement is made by and between Mortgage Logic.com, Inc. ("Client") and TrueLink,Inc. ("TrueLink").'),
    ).toEqual([
      { name: 'Mortgage Logic.com, Inc.', role: 'Client' },
      { name: 'TrueLink, Inc.', role: null },
    ]);
    expect(namesAndRoles('This Agreement is made between Acme Widgets, Inc ("Seller") and Harbor Works, Delaware ("Buyer").')).toEqual([
      { name: 'Acme Widgets, Inc', role: 'Seller' },
      { name: 'Harbor Works', role: 'Buyer' },
    ]);
  });

  it('drops a leading "between" or "by" left by a title line before the forming sentence', () => {
    const text =
      'MASTER AGREEMENT BETWEEN ALPHA LIMITED AND BETA CORP dated May 6 ("Agreement") is made by and between Beta Corp ("Beta") and Alpha Limited ("Alpha").';
    expect(namesAndRoles(text)?.map(({ name }) => name)).toEqual(['ALPHA LIMITED AND BETA CORP dated May 6', 'Beta Corp', 'Alpha Limited']);
  });

  it('cuts British and trade-name descriptors and an address number', () => {
    const text =
      'This Agreement is made between Alpha LLC, organised under the laws of England ("Alpha"), and Beta Inc. doing business as Beta Stores ("Beta") and Gamma LLC of 12 Main Street ("Gamma").';
    expect(namesAndRoles(text)?.map(({ name }) => name)).toEqual(['Alpha LLC', 'Beta Inc.', 'Gamma LLC']);
  });

  it('strips quotes around a name and joins a name broken by a paragraph break', () => {
    expect(namesAndRoles('Seller: “Harbor Foods Ltd”.\nBuyer: ""Gulf Traders LLC"",')).toEqual([
      { name: 'Harbor Foods Ltd', role: 'Seller' },
      { name: 'Gulf Traders LLC', role: 'Buyer' },
    ]);
    expect(namesAndRoles('This Agreement is made between Alpha Trading\n\nCompany LLC ("Alpha") and Beta LLC ("Beta").')).toEqual([
      { name: 'Alpha Trading Company LLC', role: null },
      { name: 'Beta LLC', role: null },
    ]);
  });

  it('drops every full stop after a name, but not a suffix that only looks like a word ending', () => {
    expect(namesAndRoles('Seller: Pacific Zinc.\nBuyer: Acme Incubator..')).toEqual([
      { name: 'Pacific Zinc', role: 'Seller' },
      { name: 'Acme Incubator', role: 'Buyer' },
    ]);
  });

  it('keeps a name in which a contact word only appears later', () => {
    expect(namesAndRoles('Buyer: Global E-mail Solutions Ltd.')).toEqual([{ name: 'Global E-mail Solutions Ltd.', role: 'Buyer' }]);
    expect(partiesOf('Buyer: E-mail\nSeller: Email')).toBeNull();
  });

  it('gives a role only for a defined term that is a role as a whole', () => {
    const text =
      'This Agreement is made between Alpha LLC ("Buyer Parent") and Beta LLC ("Original Seller") and Gamma LLC (the " Seller ").';
    expect(namesAndRoles(text)).toEqual([
      { name: 'Alpha LLC', role: null },
      { name: 'Beta LLC', role: null },
      { name: 'Gamma LLC', role: 'Seller' },
    ]);
  });

  it('reads defined terms with a lead-in, "called" and words after the quotes', () => {
    const text =
      'This Agreement is made between Alpha LLC (together with affiliates, "Licensee") and Beta LLC (hereinafter called "Licensor", including its successors).';
    expect(namesAndRoles(text)).toEqual([
      { name: 'Alpha LLC', role: 'Licensee' },
      { name: 'Beta LLC', role: 'Licensor' },
    ]);
  });

  it('leaves out a name that is too short, too long or has no letters', () => {
    const long = `Alpha ${'Very '.repeat(30)}Long Holdings LLC`;
    expect(long.length).toBeGreaterThan(120);
    const text = `This Agreement is made between X ("X") and 12345 ("Numbered") and ${long} ("Long") and Beta LLC ("Beta").`;
    expect(namesAndRoles(text)).toEqual([{ name: 'Beta LLC', role: null }]);
    expect(namesAndRoles('This Agreement is made between AB ("AB") and CD ("CD").')?.map(({ name }) => name)).toEqual(['AB', 'CD']);
  });

  it('points the evidence of parties split at "and" at their names', () => {
    const text = 'This Agreement is made between Alpha LLC and Beta GmbH. The parties agree as follows.';
    const [first, second] = partiesOf(text)!;
    expect(text.slice(first!.evidence.start, first!.evidence.end)).toBe('Alpha LLC');
    expect(text.slice(second!.evidence.start, second!.evidence.end)).toBe('Beta GmbH');
    expect(namesAndRoles('This Agreement is made between AB and CD. The rest.')?.map(({ name }) => name)).toEqual(['AB', 'CD']);
  });

  it('reads the forming sentence from "entered into" alone', () => {
    expect(namesAndRoles('The undersigned have entered into the following between Alpha LLC ("Alpha") and Beta LLC ("Beta").')).toEqual([
      { name: 'Alpha LLC', role: null },
      { name: 'Beta LLC', role: null },
    ]);
  });

  it('ends the forming sentence at the recitals in their usual headings', () => {
    for (const heading of ['WITNESSETH:', 'W I T N E S S E T H:', 'RECITALS', 'NOW, THEREFORE', 'NOW THEREFORE', '1. Definitions']) {
      const text = `This Agreement is made between Alpha LLC ("Alpha") and Beta LLC ("Beta") and\n\n${heading} Gamma LLC ("Gamma") is named later.`;
      expect(
        namesAndRoles(text)?.map(({ name }) => name),
        heading,
      ).toEqual(['Alpha LLC', 'Beta LLC']);
    }
  });

  it('reads at most 1,500 characters after "between" when no sentence end comes', () => {
    const filler = 'with further words about the parties '.repeat(45);
    expect(filler.length).toBeGreaterThan(1500);
    const text = `This Agreement is made between Alpha LLC ("Alpha") and ${filler}Gamma LLC ("Gamma") and Delta LLC ("Delta")`;
    expect(namesAndRoles(text)?.map(({ name }) => name)).toEqual(['Alpha LLC']);
  });

  it('keeps at most eight parties of a "between" sentence', () => {
    const names = Array.from({ length: 10 }, (_, index) => `Member${String.fromCharCode(65 + index)} LLC ("M${index}")`);
    expect(partiesOf(`This Agreement is made between ${names.join(' and ')}.`)).toHaveLength(8);
  });

  it('keeps at most eight parties when one line holds two labels', () => {
    const lines = Array.from({ length: 7 }, (_, index) => `Supplier: Vendor Number ${index + 1} Ltd.`);
    lines.push('Buyer: Last Buyer Ltd. Seller: Last Seller Ltd.');
    expect(partiesOf(lines.join('\n'))).toHaveLength(8);
    const alone = Array.from({ length: 9 }, (_, index) => `Supplier:\nVendor Number ${index + 1} Ltd.`);
    expect(partiesOf(alone.join('\n'))).toHaveLength(8);
  });

  it('reads "The Buyer:" standing alone as the role Buyer', () => {
    expect(namesAndRoles('The Buyer:\nGulf Traders LLC')).toEqual([{ name: 'Gulf Traders LLC', role: 'Buyer' }]);
  });
});

describe('extractParties: evidence of a name that cleaning rewrote', () => {
  const spanOf = (text: string, index: number) => {
    const party = partiesOf(text)![index]!;
    return text.slice(party.evidence.start, party.evidence.end);
  };

  it('points at the name as written when a suffix lost its space or quotes were dropped', () => {
    const between = 'This Agreement is made between Acme Widgets,Inc. ("Seller") and Harbor Works LLC ("Buyer").';
    expect(partiesOf(between)![0]!.name).toBe('Acme Widgets, Inc.');
    expect(spanOf(between, 0)).toBe('Acme Widgets,Inc.');
    expect(spanOf(between, 1)).toBe('Harbor Works LLC');
    const labelled = 'Seller: Acme Widgets,Inc. Address: 1 Main Street\nBuyer: “Harbor Works Ltd”';
    expect(spanOf(labelled, 0)).toBe('Acme Widgets,Inc.');
    expect(spanOf(labelled, 1)).toBe('Harbor Works Ltd');
    const split = 'This Agreement is made between Alpha Labs,Inc. and Beta Works,LLC. The parties agree as follows.';
    expect(partiesOf(split)!.map(({ name }) => name)).toEqual(['Alpha Labs, Inc.', 'Beta Works, LLC']);
    expect(spanOf(split, 0)).toBe('Alpha Labs,Inc.');
    expect(spanOf(split, 1)).toBe('Beta Works,LLC');
  });

  it('never points before the name or outside the text', () => {
    for (const text of [
      'This Agreement is made between Acme Widgets,Inc. ("Seller") and Harbor Works LLC ("Buyer").',
      'Seller: "Acme Widgets,Inc."\nBuyer: Harbor Works Ltd.',
    ]) {
      for (const party of partiesOf(text)!) {
        expect(party.evidence.start).toBeGreaterThanOrEqual(0);
        expect(party.evidence.end).toBeLessThanOrEqual(text.length);
        expect(text.slice(party.evidence.start, party.evidence.end)).toMatch(/^["“]?[A-Z]/);
      }
    }
  });
});
