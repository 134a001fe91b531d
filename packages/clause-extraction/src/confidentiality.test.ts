import { describe, expect, it } from 'vitest';
import { extractRuleFields } from './extract-fields.js';

/** These tests pin the rules themselves; the learned models that judge them are tested in judgement/. */
const extractFields = (text: string) => extractRuleFields(text).contract;

const years = (text: string) => {
  const field = extractFields(text).confidentialityYears;
  return field ? (field.perpetual ? 'perpetual' : field.years) : null;
};
const duty = (text: string) => extractFields(text).confidentiality !== null;

describe('how long confidentiality lasts', () => {
  it.each([
    ['The Recipient shall keep the Confidential Information confidential for a period of five (5) years after termination.', 5],
    ['The obligations of confidentiality shall survive for three years.', 3],
    ['These non-disclosure obligations continue for a further period of 2 years following the end of the Term.', 2],
    ['Secrecy shall be kept until 4 years from the Effective Date.', 4],
    ['The confidentiality undertakings apply for a term of eighteen months.', 1.5],
    ['Confidential Information is protected during 6 months after its disclosure.', 0.5],
    ['保密期限为三年。', 3],
    ['本合同终止后两年内，双方仍应履行保密义务。', 2],
    ['The Recipient shall hold the Confidential Information in confidence in perpetuity.', 'perpetual'],
    ['The confidentiality obligations continue indefinitely.', 'perpetual'],
    ['The duty of confidentiality applies without limit of time.', 'perpetual'],
    ['保密义务不因本合同终止而失效。', 'perpetual'],
    ['Confidentiality: for 3 years, the Recipient shall keep all information received secret.', 3],
    ['The nondisclosure duty lasts for 2 years.', 2],
    ['The confidentiality obligations shall survive 3 years.', 3],
    ['Confidentiality lasts until 5 years have passed.', 5],
    ['保密期为两年。', 2],
    ['保密条款有效期两年。', 2],
    ['合同终止起两年，乙方仍须保密。', 2],
    ['The Recipient shall keep secrecy perpetually.', 'perpetual'],
    ['Confidentiality obligations apply without time limit.', 'perpetual'],
  ])('%j', (text, expected) => {
    expect(years(text)).toBe(expected);
  });

  it('points at the words of the length', () => {
    const text = 'The Recipient shall keep the Confidential Information confidential for a period of five (5) years after termination.';
    const field = extractFields(text).confidentialityYears!;
    expect(text.slice(field.evidence.start, field.evidence.end)).toBe('five (5) years');
    const forever = 'Trade secrets shall remain confidential in perpetuity.';
    const perpetual = extractFields(forever).confidentialityYears!;
    expect(forever.slice(perpetual.evidence.start, perpetual.evidence.end)).toBe('in perpetuity');
  });

  it('a stated length wins over a perpetual duty named earlier', () => {
    expect(
      years(
        'Trade secrets remain confidential in perpetuity. Other Confidential Information shall be kept confidential for 3 years after termination.',
      ),
    ).toBe(3);
  });

  it.each([
    // Lengths that are not how long the duty lasts.
    ['The Confidential Information includes data of the last 3 years.'],
    ['This Agreement has an initial term of five years and the Supplier supplies widgets.'],
    ['The confidentiality obligations survive the termination of this Agreement for 30 days.'],
    ['The Recipient shall keep the information confidential.'],
    ['The confidentiality duty of two years begins after the Effective Date.'],
  ])('no length in %j', (text) => {
    expect(years(text)).toBeNull();
  });
});

describe('a duty of confidentiality', () => {
  it.each([
    ['The Recipient shall hold all Confidential Information in strict confidence.'],
    ['Each party agrees to keep the terms of this Agreement secret.'],
    ['Licensee undertakes to protect the confidential data of Licensor.'],
    ['The Distributor shall not, without consent, disclose any confidential information of the Supplier.'],
    ["The Recipient shall not, without the Discloser's prior written consent, divulge confidential know-how."],
    ['Neither party shall reveal to any third party confidential business plans of the other.'],
    ['The confidentiality obligations in Section 9 bind both parties and their staff.'],
    ['Obligations of confidentiality bind each employee of the Recipient.'],
    ['乙方对甲方的技术资料负有保密义务。'],
    ['双方应对本合同内容严格保密。'],
    ['乙方不得向任何第三方披露甲方的商业信息。'],
    ['The parties agree to keep the terms of this Agreement secret.'],
    ['The Recipients undertake to hold the data in confidence.'],
    ['The Recipient shall at all times keep such data confidential.'],
    ['The Recipient shall not disclose any confidential information to third parties.'],
    ['Neither party shall ever disclose the confidential terms.'],
    ['The confidentiality obligation binds the Recipient and its staff.'],
    ['The obligation of confidentiality binds the Recipient and its staff.'],
    ['乙方负有对甲方资料进行保密的义务。'],
    ['乙方承担相应的保密工作。'],
    ['乙方应当对甲方资料进行保密。'],
    ['乙方保守甲方的商业秘密。'],
    // Several words between 承担 and 保密, and no 应 (as in 相应) that another pattern would read.
    ['乙方承担甲方技术资料的保密工作。'],
    // A stray space before the comma of a proviso, as text taken from a PDF has it.
    [
      'The Recipient shall not , without the prior written consent of the Discloser, disclose any Confidential Information to a third party.',
    ],
  ])('counts %j', (text) => {
    expect(duty(text)).toBe(true);
  });

  it.each([
    ['"Confidential Information" means any information marked as confidential by the Discloser.'],
    ['Confidential Information does not include information that is public, which the Recipient shall keep confidential anyway.'],
    ['保密信息不包括已公开的信息，乙方应予以保密。'],
    ['The confidential nature of the data is acknowledged by the parties to this Agreement today.'],
  ])('does not count %j', (text) => {
    expect(duty(text)).toBe(false);
  });
});
