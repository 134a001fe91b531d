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
