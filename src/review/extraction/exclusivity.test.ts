import { describe, expect, it } from 'vitest';
import { extractFields } from './extract-fields.js';

const exclusive = (text: string) => extractFields(text).exclusivity !== null;

describe('exclusivity: the only appointed trader, and no other licence', () => {
  it.each([
    ['Distributor shall be the only authorized distributor of the Products in North America.'],
    ['Licensor shall not grant any other license to the Licensed Patents in the Field.'],
    ['During the Term, Supplier will not grant any additional distributorships in the Territory.'],
  ])('counts %j', (text) => {
    expect(exclusive(text)).toBe(true);
  });

  it.each([
    // A bar on sublicensing and a reservation of rights keep no one out of the market.
    ["Licensee shall not grant any further sublicense without Licensor's consent."],
    ['Licensor does not grant any other rights to Licensee, whether by implication or otherwise.'],
    ['Licensee shall have the sole right and responsibility for obtaining regulatory approvals.'],
  ])('does not count %j', (text) => {
    expect(exclusive(text)).toBe(false);
  });
});

describe('exclusivity: held by the counterparty, not by someone else', () => {
  it.each([
    ['Supplier shall manufacture, package and release the Product for shipment, exclusively for Kitov, during the Term.'],
    ['Licensor grants to Licensee the exclusive right to sell the Products in the Territory.'],
    ['Company shall not enter into an exclusive arrangement with any other party for the Services.'],
    [
      'During the Term, Endorser agrees that it will not enter into any other endorsement agreement for the endorsement of any other dietary supplements.',
    ],
    [
      'Developer acknowledges that the exclusive rights granted herein apply only to the right to develop new restaurants in the Territory.',
    ],
  ])('counts %j', (text) => {
    expect(exclusive(text)).toBe(true);
  });

  it.each([
    ['ETI acknowledges that NTL may have entered into exclusive license arrangements with other corporations.'],
    ['Galaxy reserves the right to grant to any other person an exclusive territory for the marketing of the Services.'],
    ['Licensor retains the sole and exclusive right to sell the Products to the Excluded Accounts.'],
    ['Licensee shall use the Licensed Technology exclusively for research purposes.'],
    ['All operational costs of delivering the promotional materials provided hereunder shall be borne exclusively by NCM.'],
    ['All Deliverables developed exclusively for Client shall be owned by Client.'],
    ['Supplier shall manufacture the Products exclusively for the Purposes.'],
    ["Distributor acknowledges Supplier's exclusive right and interests in relation to the Supplier Trademarks."],
    [
      'MusclePharm shall have the exclusive right, but not the obligation, to prosecute, defend and/or settle all actions involving an infringement of its trademarks.',
    ],
    ['The Indemnified Party shall have the sole and exclusive right to settle any Third Party Claim involving non-monetary relief.'],
    [
      'The Professional agrees not to enter into any other agreement the performance of which would cause an infringement of the rights granted hereunder.',
    ],
    ['Surgical will not enter into any other agreement or arrangement that will directly or indirectly compete with the Services.'],
  ])('does not count %j', (text) => {
    expect(exclusive(text)).toBe(false);
  });
});
