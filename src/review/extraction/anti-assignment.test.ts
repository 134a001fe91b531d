import { describe, expect, it } from 'vitest';
import { extractFields } from './extract-fields.js';

const restricted = (text: string) => extractFields(text).antiAssignment !== null;

describe('anti-assignment: consent or notice needed to pass the contract on, however worded', () => {
  it.each([
    [
      'Shipper shall have the right to assign all of its rights and obligations under this Agreement with the prior written consent of Transporter.',
    ],
    ['No assignment of this Agreement shall be effective unless and until Transporter has been provided written notice thereof.'],
    [
      'Neither Adams nor Consultant shall have the right to grant sublicenses hereunder or to assign any of its rights or obligations hereunder.',
    ],
    [
      "Company will not sublicense or otherwise grant to any third party the rights granted to Company hereunder without NFLA's prior written consent.",
    ],
    [
      'Either Party shall be entitled to assign its rights under this Agreement to its Affiliates on prior written notice to the other Party.',
    ],
    ['Either party may assign this Agreement to an Affiliate upon notice to the other party.'],
    ["Supplier shall not subcontract any of its obligations under this Agreement without Buyer's prior written consent."],
  ])('counts %j', (text) => {
    expect(restricted(text)).toBe(true);
  });

  it.each([
    ['Licensee may sublicense its rights to its Affiliates without consent.'],
    ['No transfer of title to the Products shall occur until payment in full.'],
    // A non-transferable licence grant is how the licence is described; CUAD leaves it out.
    ['The rights granted to Licensee hereunder are non-transferable.'],
  ])('does not count %j', (text) => {
    expect(restricted(text)).toBe(false);
  });
});
