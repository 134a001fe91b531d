import { describe, expect, it } from 'vitest';
import { extractFields } from './extract-fields.js';

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
