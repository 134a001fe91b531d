import { describe, expect, it } from 'vitest';
import { extractFields } from './extract-fields.js';

const audits = (text: string) => extractFields(text).auditRights !== null;

describe('audit rights: records open to the other party, however worded', () => {
  it.each([
    ["Each party shall keep proper books of account which may be inspected by the other party's auditors."],
    ['Such records may at any reasonable time be audited by an independent accountant appointed by Licensor.'],
    [
      'Customer shall have the right to have a representative present at each Facility to observe the performance of the Manufacturing Process.',
    ],
    ['Supplier shall allow monitoring of its Facilities by Customer upon reasonable notice.'],
    ['Licensor shall be entitled to have the books of account of Licensee audited by an independent accountant.'],
    ['Distributor shall cooperate fully with any audit conducted by Supplier under this Section.'],
    ["Supplier shall submit to periodic quality audits by Customer at Supplier's facilities."],
    ['Both parties are entitled to reports of sales and to conduct periodic audits to ensure accuracy of Payments.'],
    ["Buyer shall be entitled to carry out quality audits at the Seller's premises."],
    ["Licensor shall have access to Licensee's facilities during normal business hours to ensure compliance with the quality standards."],
    ['Supplier shall grant Buyer reasonable access to its plant for quality assurance purposes.'],
    ['Licensee shall, as the case may be, permit Licensor to examine its books and records relating to the Products.'],
  ])('counts %j', (text) => {
    expect(audits(text)).toBe(true);
  });

  it.each([
    ['The Products may be inspected by Buyer upon delivery.'],
    ['Each party may monitor its own systems for security breaches.'],
    ['Licensee shall monitor the quality of the Products sold in the Territory.'],
    ['The financial statements of the Company have been audited by independent certified public accountants.'],
    // "Provider" is a name, not "provide", and a "hard copy" is a format, not copying records.
    ['Service Provider shall make the monthly operating reports available to Owner in hard copy and electronic formats.'],
    ['Supplier shall conduct final inspection of each Product before shipment.'],
    // Access to a site to do the work is not a check on the other party.
    ["Contractor shall have access to the Customer's premises as needed to install the Equipment."],
    ['Distributor shall have access to the Supplier online portal to place orders.'],
    [
      "Upon arrival at the Consignee's premises, Consignor or Consignee, as the case may be, shall be responsible for examining the documentation connected with the shipment.",
    ],
    ['Shipper will allow reasonable access to and use of communication facilities which may be available on the platform.'],
  ])('does not count %j', (text) => {
    expect(audits(text)).toBe(false);
  });
});
