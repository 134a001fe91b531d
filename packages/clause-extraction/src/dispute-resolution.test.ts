import { describe, expect, it } from 'vitest';
import { extractRuleFields } from './extract-fields.js';

/** These tests pin the rules themselves; the learned models that judge them are tested in judgement/. */
const extractFields = (text: string) => extractRuleFields(text).contract;

const disputes = (text: string) => extractFields(text).disputeResolution;

describe('disputeResolution', () => {
  it.each([
    [
      '因本合同引起的任何争议，双方应协商解决；协商不成的，任何一方均可将争议提交上海国际仲裁中心按照其届时有效的仲裁规则仲裁。',
      '上海国际仲裁中心',
    ],
    ['双方因本合同发生的争议，应提交北京仲裁委员会仲裁。', '北京仲裁委员会'],
    [
      'Any dispute arising out of this Agreement shall be finally settled by binding arbitration administered by the American Arbitration Association in New York.',
      'American Arbitration Association',
    ],
    [
      'All disputes shall be referred to arbitration under the Rules of the International Chamber of Commerce.',
      'International Chamber of Commerce',
    ],
  ])('reads arbitration in %s', (text, forum) => {
    expect(disputes(text)).toMatchObject({ method: 'arbitration', forum });
  });

  it.each([
    ['履行本合同发生争议，由房屋所在地人民法院管辖。', '房屋所在地人民法院'],
    ['本合同适用中华人民共和国法律。争议由天津海事法院管辖。', '天津海事法院'],
    ['双方协商不成的，向乙方所在地人民法院提起诉讼。', '乙方所在地人民法院'],
    [
      'Each party irrevocably submits to the exclusive jurisdiction of the state and federal courts located in the County of New Castle, Delaware.',
      null,
    ],
    [
      'Any action arising hereunder shall be brought in the courts of the State of New York, and the parties consent to venue there.',
      'courts of the State of New York',
    ],
  ])('reads litigation in %s', (text, forum) => {
    expect(disputes(text)).toMatchObject({ method: 'litigation' });
    if (forum !== null) expect(disputes(text)?.forum).toBe(forum);
  });

  it('takes arbitration when the courts only hear a challenge to the award (劳动争议: 仲裁, then 诉讼)', () => {
    const text = '双方因履行本合同发生争议的，可以向甲方所在地劳动争议仲裁委员会申请仲裁；对仲裁裁决不服的，可以依法向人民法院提起诉讼。';
    expect(disputes(text)).toMatchObject({ method: 'arbitration', forum: '甲方所在地劳动争议仲裁委员会' });
    const english =
      'Disputes shall be resolved by binding arbitration in London. Judgment on the award may be entered in any court of competent jurisdiction.';
    expect(disputes(english)?.method).toBe('arbitration');
  });

  it('points its evidence at the sentence that decides', () => {
    const text = '第八条 争议解决\n因本合同引起的争议，提交苏州仲裁委员会仲裁。';
    const found = disputes(text)!;
    expect(text.slice(found.evidence.start, found.evidence.end)).toContain('苏州仲裁委员会仲裁');
  });

  it.each([
    ['本合同适用中华人民共和国法律。'],
    ['This Agreement shall be governed by the laws of the State of New York.'],
    ['The arbitrator of quality disputes is the inspection agency named in Schedule 2.'],
    ['本合同项下的争议不得提交仲裁。'],
    ['The Receiving Party shall not disclose Confidential Information except as required by a court order.'],
  ])('finds none in %s', (text) => {
    expect(disputes(text)).toBeNull();
  });
});

describe('confidentiality (obligation)', () => {
  it.each([
    ['The Receiving Party shall hold the Confidential Information in strict confidence.'],
    ['Neither party shall disclose the other party’s Confidential Information to any third party.'],
    ['乙方对在职期间知悉的甲方商业秘密负有保密义务。'],
  ])('finds %s', (text) => {
    expect(extractFields(text).confidentiality).not.toBeNull();
  });

  it.each([['"Confidential Information" means any information marked as confidential.'], ['下列信息不属于保密信息：已公开的信息。']])(
    'does not count %s',
    (text) => {
      expect(extractFields(text).confidentiality).toBeNull();
    },
  );
});

describe('disputeResolution: the ways arbitration is chosen', () => {
  const methodAndForum = (text: string) => {
    const found = disputes(text);
    return found ? { method: found.method, forum: found.forum } : null;
  };

  it.each([
    ['All disputes shall be resolved exclusively by arbitration.', null],
    ['Any controversy shall be determined solely by confidential arbitration.', null],
    [
      'Disputes shall be decided by final and binding arbitration under the rules of the Singapore International Arbitration Centre.',
      'Singapore International Arbitration Centre',
    ],
    ['Any dispute shall be submitted to arbitration administered by JAMS.', 'JAMS'],
    ['Disputes will be settled through arbitration conducted by the LCIA.', 'LCIA'],
    [
      'Disputes will go to arbitration in accordance with the rules of the Hong Kong International Arbitration Centre.',
      'Hong Kong International Arbitration Centre',
    ],
    ['Disputes will go to arbitration under the rules of HKIAC.', 'HKIAC'],
    [
      'Disputes will go to arbitration before the International Centre for Dispute Resolution.',
      'International Centre for Dispute Resolution',
    ],
    ['Disputes will go to arbitration pursuant to the rules of CIETAC.', 'CIETAC'],
    [
      'Disputes will go to arbitration by the China International Economic and Trade Arbitration Commission.',
      'China International Economic and Trade Arbitration Commission',
    ],
    ['Disputes will go to arbitration by the London Court of International Arbitration.', 'London Court of International Arbitration'],
    ['Disputes shall be finally settled by binding arbitration under the rules of the ICC.', 'ICC'],
    ['The parties shall promptly arbitrate any dispute arising hereunder.', null],
    ['Each party agrees to submit all such disputes to arbitration.', null],
    ['争议由双方协商解决，协商不成的，提请广州仲裁委员会仲裁。', '广州仲裁委员会'],
    ['本合同争议通过仲裁方式解决。', null],
    ['双方同意，争议由深圳国际仲裁院裁决。', '深圳国际仲裁院'],
  ])('reads arbitration in %s', (text, forum) => {
    expect(methodAndForum(text)).toEqual({ method: 'arbitration', forum });
  });

  it.each([
    ['The parties waive any right to arbitration and submit to the exclusive jurisdiction of the courts of England.', 'courts of England'],
    ['Each party submits to the non-exclusive jurisdiction of the courts of England.', 'courts of England'],
    ['The courts of Ontario shall have exclusive jurisdiction over any dispute.', 'courts of Ontario'],
    ['Any action shall be filed in a state court sitting in Wilmington, Delaware.', 'court sitting in Wilmington, Delaware'],
    [
      'Venue for any action shall lie exclusively in the federal courts located in San Francisco, California.',
      'courts located in San Francisco, California',
    ],
    [
      'Any suit shall be brought in the federal or state courts of the Commonwealth of Massachusetts.',
      'federal or state courts of the Commonwealth of Massachusetts',
    ],
    ['Disputes shall be litigated only in the courts in the City of New York.', 'courts in the City of New York'],
    ['Each party consents to the exclusive personal jurisdiction in the courts of Texas.', 'courts of Texas'],
    ['Disputes shall be heard before any competent court in Munich.', 'court in Munich'],
    [
      'The Parties hereby submit to the jurisdiction of the state or federal courts in Chicago, Illinois.',
      'state or federal courts in Chicago, Illinois',
    ],
    ['Each party submits to the personal jurisdiction of the courts of the Province of Quebec.', 'courts of the Province of Quebec'],
    ['本合同争议不适用仲裁，由甲方所在地人民法院管辖。', '甲方所在地人民法院'],
    ['争议诉诸上海市第一中级人民法院解决。', '上海市第一中级人民法院'],
    ['双方同意通过诉讼方式解决争议。', null],
    ['争议由北京知识产权法院审理。', '北京知识产权法院'],
  ])('reads litigation in %s', (text, forum) => {
    expect(methodAndForum(text)).toEqual({ method: 'litigation', forum });
  });

  it.each([
    ['Claims for injunctive relief shall not be subject to arbitration.'],
    ['An action to vacate the award may be brought in the courts of New York.'],
  ])('finds no forum for disputes in %s', (text) => {
    expect(disputes(text)).toBeNull();
  });
});

describe('disputeResolution: the forum named at the end of a sentence', () => {
  it('leaves the full stop out of the name, but keeps an abbreviation whole', () => {
    expect(disputes('Each party submits to the exclusive jurisdiction of the courts of England.')?.forum).toBe('courts of England');
    expect(disputes('Each party submits to the exclusive jurisdiction of the courts of Washington, D.C.')?.forum).toBe(
      'courts of Washington, D.C.',
    );
  });
});

describe('disputeResolution: courts that only serve the award, waived arbitration, more wordings', () => {
  const methodAndForum = (text: string) => {
    const found = disputes(text);
    return found ? { method: found.method, forum: found.forum } : null;
  };

  it.each([
    ['Judgment on the award may be entered and enforced in the courts of New York, and venue shall lie there.'],
    ['Any party may apply to confirm the award before the courts of Paris, where venue is proper.'],
    ['Judgment upon the award may be entered in the courts of Texas, which shall be the venue.'],
    ['Either party may seek equitable relief in the courts of Delaware, where venue shall lie.'],
    ['Either party may seek injunctive relief in the courts of Delaware, where venue shall lie.'],
  ])('finds no forum for disputes in %s', (text) => {
    expect(disputes(text)).toBeNull();
  });

  it.each([
    ['Disputes under this Agreement are not subject to arbitration and shall be brought in the courts of Ohio.', 'courts of Ohio'],
    ['Each party waives its right to binding arbitration, and any action shall be brought in the courts of Ohio.', 'courts of Ohio'],
    ['本合同争议不得通过仲裁解决，应向乙方所在地人民法院起诉。', '乙方所在地人民法院'],
    ['争议由北京市朝阳区人民法院专属管辖。', '北京市朝阳区人民法院'],
    ['协商不成的，任何一方均可提起诉讼。', null],
    ['争议以诉讼途径解决。', null],
    ['Each party consents to the non-exclusive jurisdiction of any court in London.', 'court in London'],
    ['Each party submits to the nonexclusive jurisdiction of the courts of Ireland.', 'courts of Ireland'],
    ['Any action shall be brought in the federal and state courts of Virginia.', 'federal and state courts of Virginia'],
    ['Any action shall be brought in the state and federal courts of Virginia.', 'state and federal courts of Virginia'],
    ['Any action shall be brought in the courts of the County of Los Angeles.', 'courts of the County of Los Angeles'],
  ])('reads litigation in %s', (text, forum) => {
    expect(methodAndForum(text)).toEqual({ method: 'litigation', forum });
  });

  it.each([
    ['Disputes shall be referred exclusively to binding arbitration.', null],
    ['The parties hereby submit any such dispute to arbitration.', null],
    ['The parties must arbitrate all claims arising hereunder.', null],
    ['双方同意采用仲裁方式解决争议。', null],
    ['争议应递交杭州仲裁委员会。', '杭州仲裁委员会'],
    ['争议由上海仲裁委员会裁决。', '上海仲裁委员会'],
  ])('reads arbitration in %s', (text, forum) => {
    expect(methodAndForum(text)).toEqual({ method: 'arbitration', forum });
  });
});

describe('disputeResolution: which sentence decides', () => {
  it('reads on past a sentence that mentions a court without choosing one', () => {
    const text = 'Supplier shall comply with all court orders. Disputes shall be resolved by binding arbitration.';
    expect(disputes(text)).toMatchObject({ method: 'arbitration', forum: null });
  });

  it('names the court, not "the court with jurisdiction"', () => {
    expect(disputes('协商不成的，任何一方均可向有管辖权的人民法院起诉。')).toMatchObject({ method: 'litigation', forum: '人民法院' });
  });
});

describe('disputeResolution: each wording on its own', () => {
  const methodAndForum = (text: string) => {
    const found = disputes(text);
    return found ? { method: found.method, forum: found.forum } : null;
  };

  it.each([
    // The institution's own rules stand between its name and 裁决.
    ['争议由上海仲裁委员会按照其仲裁规则裁决。', '上海仲裁委员会'],
    ['Any dispute shall be settled by arbitration in Zurich.', null],
    ['Any dispute shall be resolved finally by arbitration in Geneva.', null],
    ['The parties agree to binding arbitration in Chicago.', null],
    ['Each party submits all disputes to arbitration in Paris.', null],
  ])('reads arbitration in %s', (text, forum) => {
    expect(methodAndForum(text)).toEqual({ method: 'arbitration', forum });
  });

  it.each([
    ['协商不成，任何一方可向合同签订地人民法院主张权利。', '合同签订地人民法院'],
    ['任何一方均可将争议诉诸甲方所在地人民法院。', '甲方所在地人民法院'],
    ['双方同意通过诉讼解决争议。', null],
    // "有管辖权的" is dropped only where it starts the name.
    ['协商不成的，向甲方所在地有管辖权的人民法院提起诉讼。', '甲方所在地有管辖权的人民法院'],
    ['协商不成的，任何一方均可诉至法院。', '法院'],
    ['Each party irrevocably submits itself to the jurisdiction of the courts of Geneva.', 'courts of Geneva'],
    ['Each party submits to the exclusive jurisdiction of the tribunals of Geneva.', null],
    ['Each party submits to the nonexclusive jurisdiction of the tribunals of Geneva.', null],
    ['Each party consents to the nonexclusive jurisdiction of the courts of Ireland.', 'courts of Ireland'],
    ['Each party consents to the exclusive jurisdiction of the state and federal courts of Texas.', 'state and federal courts of Texas'],
    [
      'The courts located in Dallas County, Texas shall have exclusive jurisdiction over any dispute.',
      'courts located in Dallas County, Texas',
    ],
    [
      'The courts sitting in Dallas County, Texas shall have exclusive jurisdiction over any dispute.',
      'courts sitting in Dallas County, Texas',
    ],
    ['Venue for any action shall be the state court in Dallas County, Texas.', 'court in Dallas County, Texas'],
    [
      'Claims for infringement shall not be subject to arbitration under the AAA rules and may be brought in the courts of Ohio.',
      'courts of Ohio',
    ],
    [
      'Claims for infringement are not subject to arbitration under the AAA rules and may be brought in the courts of Ohio.',
      'courts of Ohio',
    ],
    // Binding arbitration that is waived (or carved out, above) is not the chosen forum.
    ['The parties waive any right to binding arbitration and any action shall be brought in the courts of Ohio.', 'courts of Ohio'],
  ])('reads litigation in %s', (text, forum) => {
    expect(methodAndForum(text)).toEqual({ method: 'litigation', forum });
  });

  it.each([
    ['当事人可以向人民法院申请强制执行上述裁决。'],
    ['Any party may seek enforcement of the award in the courts of Paris, where venue is proper.'],
    ['Either party may enter judgment on the arbitral decision in the courts of Texas, where venue shall lie.'],
  ])('finds no forum for disputes in %s (the courts only serve the award)', (text) => {
    expect(disputes(text)).toBeNull();
  });

  it('keeps a full stop inside the name and the full stop of a one-letter-lower-case abbreviation at its end', () => {
    expect(disputes('Each party submits to the jurisdiction of the courts of the Dist. of Columbia.')?.forum).toBe(
      'courts of the Dist. of Columbia',
    );
    expect(disputes('Any action shall be brought in the courts of Jefferson County, Ky.')?.forum).toBe('courts of Jefferson County, Ky.');
  });
});
