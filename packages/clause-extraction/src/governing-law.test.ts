import { describe, expect, it } from 'vitest';
import { extractRuleFields } from './extract-fields.js';

/** These tests pin the rules themselves; the learned models that judge them are tested in judgement/. */
const extractFields = (text: string) => extractRuleFields(text).contract;

const law = (text: string) => extractFields(text).governingLaw?.jurisdiction ?? null;

describe('governing law', () => {
  it.each([
    ['This Agreement shall be governed by the laws and judicial decisions of the State of Florida.', 'Florida'],
    [
      'Effective legislation of the Republic of Kazakhstan shall apply to any relations of the Parties arising out of this Contract.',
      'Kazakhstan',
    ],
    [
      'This Agreement is accepted by Company in the State of Nevada and shall be governed by and construed in accordance with the laws thereof.',
      'Nevada',
    ],
    ['This Agreement shall be governed by the internal laws State of New York.', 'New York'],
    ['This AGREEMENT is controlled by the laws of the State of Texas.', 'Texas'],
    ['This Agreement is governed by English law.', 'England'],
  ])('%j', (text, expected) => {
    expect(law(text)).toBe(expected);
  });

  it('reads a legal-system adjective only before "law"', () => {
    expect(
      law('This Agreement is governed by the laws of the State of New York. The Italian distributor shall comply with local regulations.'),
    ).toBe('New York');
    expect(law('The Spanish translation of this Agreement is governed by the terms of the English original.')).toBeNull();
    expect(law('This Agreement is governed by English lawyers’ advice.')).toBeNull();
  });
  it('does not take a company description for a choice of law', () => {
    expect(law('Acme Inc., a corporation organized under the laws of the State of Delaware, and Beta LLC agree as follows.')).toBeNull();
  });
  it.each([
    // "laws of", "law in force in", "legislation of"; the name within reach of "laws of".
    ['This Agreement shall be governed by the laws of the Commonwealth of Massachusetts.', 'Massachusetts'],
    ['This Contract shall be construed under the law now in force in Ontario.', 'Ontario, Canada'],
    ['This Agreement shall be interpreted in accordance with the laws in force in Singapore.', 'Singapore'],
    ['This Agreement shall be governed by the laws and regulations of Japan.', 'Japan'],
    ['This Agreement shall be enforced under the legislation of the Republic of Korea.', 'South Korea'],
    // A state before its country.
    ['This Agreement shall be governed by the laws of the United States of America and the State of California.', 'California'],
    // The name first: "X law governs".
    ['New York law shall govern this Agreement.', 'New York'],
    ['Delaware substantive law governs all questions under this Agreement.', 'Delaware'],
    // The legal systems named by adjective.
    ['This Agreement is governed by Scots law.', 'Scotland'],
    ['This Agreement is governed by Irish law.', 'Ireland'],
    ['This Agreement is governed by German law.', 'Germany'],
    ['This Agreement is governed by French law.', 'France'],
    ['This Agreement is governed by Swiss law.', 'Switzerland'],
    ['This Agreement is governed by Dutch law.', 'Netherlands'],
    ['Any such arbitration shall be subject to the application of the Italian Law.', 'Italy'],
    ['This Agreement shall be governed by English Law.', 'England'],
    ['This Agreement shall be construed in accordance with Swedish laws.', 'Sweden'],
    ['This Agreement is governed by Japanese law.', 'Japan'],
    ['This Agreement is governed by Singapore law.', 'Singapore'],
    // Weaker verbs still choose a law when nothing stronger does.
    ['Any dispute shall be resolved under the laws of the State of Ohio.', 'Ohio'],
    ['The rights of the parties are subject to the laws of the State of Oregon.', 'Oregon'],
    // Chinese: a place shortly before 法律, with a verb of choice.
    ['本合同适用中华人民共和国法律。', "People's Republic of China"],
    ['本合同的订立、效力及解释均受中华人民共和国法律管辖。', "People's Republic of China"],
    ['双方依据香港特别行政区现行法律处理争议。', 'Hong Kong'],
  ])('%j', (text, expected) => {
    expect(law(text)).toBe(expected);
  });

  it.each([
    ['Acme Inc. is a company incorporated under the laws of Delaware and shall deliver the goods.'],
    ['Beta LLC, duly formed under the laws of the State of Texas, is the Supplier.'],
    // The law mentioned is one to be disregarded.
    // Laws named without a choice: no verb of choice or application.
    ['The Supplier complies with the laws of the State of Maine.'],
    // A place too far after "laws of" to be what the laws are of.
    [
      'This Agreement shall be governed by the laws of the jurisdiction where the party that receives the goods has its principal office, which today is Vermont.',
    ],
    // Chinese without a verb of choice, or without 法.
    ['甲方是一家根据中华人民共和国设立的公司。'],
    ['乙方应当遵守中华人民共和国的有关规定。'],
  ])('no choice of law in %j', (text) => {
    expect(law(text)).toBeNull();
  });

  it('a strong choice wins over a weaker one, and the earlier of two equal ones wins', () => {
    expect(
      law(
        'Disputes shall be resolved under the laws of the State of Ohio. This Agreement shall be governed by the laws of the State of Iowa.',
      ),
    ).toBe('Iowa');
    expect(
      law(
        'This Agreement shall be governed by the laws of the State of Iowa. This Agreement shall be construed under the laws of the State of Ohio.',
      ),
    ).toBe('Iowa');
    expect(law('本合同依据中华人民共和国法律履行。This Agreement shall be governed by the laws of Japan.')).toBe('Japan');
  });

  it('skips laws named as the ones not to apply', () => {
    // Without the skip, the earlier of two equally strong choices would win.
    expect(
      law(
        'Without regard to conflict of laws rules that would apply the laws of New York, this Agreement shall be governed by the laws of the State of Delaware.',
      ),
    ).toBe('Delaware');
    expect(
      law(
        "Without applying any other jurisdiction's laws in force in Idaho, this Agreement shall be governed by the laws of the State of Utah.",
      ),
    ).toBe('Utah');
  });

  it('a sentence under a governing-law heading outweighs an equal choice elsewhere', () => {
    expect(
      law(
        'Deliveries shall be governed by the laws of the State of Iowa. 12. Governing Law: this Agreement shall be governed by the laws of the State of Ohio.',
      ),
    ).toBe('Ohio');
    expect(law('交货依据日本法律。法律适用：本合同依据中华人民共和国法律。')).toBe("People's Republic of China");
  });

  it('"the laws of such State" points back to the place named earlier in the sentence', () => {
    expect(
      law('The Licensee accepts this offer in the State of Colorado, and this Agreement shall be governed by the laws of such State.'),
    ).toBe('Colorado');
  });

  it('without a choice of law, the places of the forum under a governing-law heading answer, joined by "; "', () => {
    const text =
      'GOVERNING LAW\n\nThe courts of the State of New York and of Ontario shall hear any claim.\n\nNOTICES\n\nNotices go to Texas.';
    expect(law(text)).toBe('New York; Ontario, Canada');
    expect(extractFields(text).governingLaw?.evidence.start).toBe(text.indexOf('The courts'));
  });

  it('without a choice of law or heading, the forum of dispute clauses answers, at most three places', () => {
    expect(law('Any dispute shall be settled by arbitration in McLean, Virginia.')).toBe('Virginia');
    expect(
      law(
        'Any dispute shall be brought before the courts in Texas. Any claim against Beta shall go to the courts of Ohio. Any controversy shall be heard by a tribunal in Utah. Any action shall be filed in the court in Iowa.',
      ),
    ).toBe('Texas; Ohio; Utah');
    expect(law('The courts in Texas are open on Mondays.')).toBeNull();
  });

  it.each([
    ['Applicable Laws and Jurisdiction'],
    ['Choice of Law:'],
    ['12. Jurisdiction'],
    ['Governing Law and Venue.'],
    ['法律适用'],
    ['适用法律：'],
  ])('the heading %j ties the forum that follows to the contract', (heading) => {
    expect(law(`${heading}\n\nThe courts of the State of Georgia shall hear every claim.`)).toBe('Georgia');
  });

  it('reads the governing-law section up to the next heading, through long sentences in capitals', () => {
    const capitals = 'EACH PARTY WAIVES TRIAL BY JURY IN ANY ACTION IN THE COURTS OF THE STATE OF TEXAS OR IN ANY OTHER COURT';
    expect(law(`GOVERNING LAW\n\nThe courts of Ohio hear claims.\n\n${capitals}\n\nNOTICES\n\nNotices go to Utah.`)).toBe('Ohio; Texas');
    // A line that only looks like a heading does not start the section when it runs past 80 characters.
    const long = 'Governing law is a subject on which the parties will agree separately and later, as a matter of choice of law.';
    expect(law(`${long}\n\nThe courts of Ohio hear disputes.`)).toBe('Ohio'); // from the forum of a dispute sentence
    expect(law(`${long}\n\nThe courts of Ohio hear everything.`)).toBeNull();
  });

  it('names each forum place once, a state before its country, only close behind the forum word', () => {
    expect(law('Any dispute goes to the courts in Texas. Any claim goes to the courts in Texas.')).toBe('Texas');
    expect(law('Any dispute shall be decided by a court in the United States, State of Iowa.')).toBe('Iowa');
    expect(law('Any dispute shall be decided by the court of the place of the delivery of the goods in Iowa.')).toBeNull();
    expect(law('GOVERNING LAW\n\nThe courts of Iowa and the courts of Iowa and Ohio decide.')).toBe('Iowa; Ohio');
    expect(law('GOVERNING LAW\n\nCourts: Iowa, Ohio, Utah, Texas.')).toBe('Iowa; Ohio; Utah');
  });

  it('"X law" counts only when the place stands right before it, and below a "laws of" choice', () => {
    expect(law('Ohio and its courts aside, federal law governs this Agreement.')).toBeNull();
    expect(law('Iowa law governs this Agreement, and it is governed by the laws of Ohio.')).toBe('Ohio');
    expect(law('This Agreement is governed by the laws of Ohio, not by Iowa law.')).toBe('Ohio');
  });

  it('reads a place only within reach of "laws of", and "thereof" right after the laws', () => {
    expect(law(`This Agreement shall be governed by the laws of ${'the place '.repeat(7)}Ohio.`)).toBeNull();
    expect(law('This Agreement shall be governed by the laws of the place named in Schedule B, which is Ohio.')).toBe('Ohio');
    expect(law('The goods are delivered in Ohio; this Agreement shall be governed by the laws thereof.')).toBe('Ohio');
  });

  it('needs 法 and a verb of choice in Chinese', () => {
    expect(law('本合同受中华人民共和国相关法律的约束。')).toBe("People's Republic of China");
    expect(law('中华人民共和国法律规定的其他情形。')).toBeNull();
    expect(law('本合同适用中华人民共和国的规定。')).toBeNull();
  });

  it('pins the edges: a place at the end of the window, a possessive before "law", a name-first choice below "laws of" in another sentence', () => {
    expect(law(`This Agreement shall be governed by the laws of ${'the place '.repeat(6)}Ohio.`)).toBe('Ohio');
    expect(law("Ohio's law governs this Agreement.")).toBe('Ohio');
    expect(law('Iowa law governs this Agreement. This Agreement is also governed by the laws of Ohio.')).toBe('Ohio');
    expect(law('Goods ship from Iowa, and this Agreement is governed by the laws of Ohio and the regulations thereof.')).toBe('Ohio');
  });

  it('a governing-law section without a place answers nothing; a section may open with a line in capitals', () => {
    expect(law('GOVERNING LAW\n\nThe parties agree.\n\nThey sign.')).toBeNull();
    expect(law('GOVERNING LAW\n\nCOURTS OF TEXAS\n\nThe parties agree.')).toBe('Texas');
  });

  it('the evidence of a forum answer is the first sentence that named a place', () => {
    const text = 'Any dispute goes to the courts in Texas. Any claim goes to the courts of Ohio.';
    const field = extractFields(text).governingLaw!;
    expect(field.jurisdiction).toBe('Texas; Ohio');
    expect(field.evidence.start).toBe(0);
    expect(field.evidence.end).toBe(text.indexOf(' Any claim'));
  });
});
