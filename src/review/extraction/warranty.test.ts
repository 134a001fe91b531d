import { describe, expect, it } from 'vitest';
import { extractFields } from './extract-fields.js';

const warrantyOf = (text: string) => extractFields(text).warrantyDuration;

describe('warranty duration: a warranty named with how long it lasts', () => {
  it.each([
    ['The Product shall carry a limited warranty of three (3) years.', '3 years'],
    ['The warranty set forth in this Section shall expire twelve (12) months after delivery of the Product to Customer.', '1 year'],
    ['The Software Warranty shall be valid for 90 days.', '90 days'],
    [
      "Distributor shall pass through to its customers Manufacturer's standard warranty, which is twelve months from the date of purchase.",
      '1 year',
    ],
    ['The warranty shall be for [ * ] years.', null],
    ['The defects liability period shall be twelve (12) months from the date of completion.', '1 year'],
    ['The warranty on spare parts is ninety (90) days.', '90 days'],
    ['The Product is warranted for one (1) year against defects in materials and workmanship.', '1 year'],
    ['Company provides a 3-year limited warranty on the System.', '3 years'],
    ['Company warrants that the Software will perform substantially in accordance with the Documentation for ninety (90) days.', '90 days'],
  ])('finds %j', (text, duration) => {
    expect(warrantyOf(text)).toMatchObject({ duration });
  });

  it('counts when the warranty starts, as CUAD does', () => {
    expect(warrantyOf('Such warranty shall commence upon shipment to the End User.')).not.toBeNull();
  });
});

describe('warranty duration: a time-limited promise of conformance or a remedy', () => {
  it.each([
    [
      'Vendor warrants that the Software will operate in conformance with the Documentation for a period of one (1) year after the Go-Live Date.',
    ],
    [
      'Manufacturer warrants that each Product will be free from defects in materials and workmanship until [***] after its date of manufacture.',
    ],
    ['For a period of * months from shipment, Supplier warrants that the Products will conform to the Specifications.'],
    [
      'Seller warrants that the goods shall be free from defects and conform to specifications for the longer of one year or the period of the end-user warranty.',
    ],
    ['If any Product fails during the first twelve (12) months of use, Supplier shall replace it free of charge.'],
    ['Licensor shall correct any Error reported by Licensee during the ninety (90) day period following installation.'],
    ['Buyer shall inspect the Products within ten (10) days after receipt and shall notify Seller of any non-conforming Products.'],
    ['Products that fail within twenty-four (24) months of delivery will be repaired or replaced by Supplier at no charge.'],
    ['Contractor shall re-perform any non-conforming Services reported within thirty (30) days after performance.'],
    ['Seller guarantees the Equipment against defects in design, materials and workmanship for a period of 24 months.'],
    ['The Products are guaranteed for a period of twelve (12) months against manufacturing defects.'],
  ])('finds %j', (text) => {
    expect(warrantyOf(text)).not.toBeNull();
  });

  it.each([
    ['Licensee shall notify Licensor of any breach of warranty within thirty (30) days after discovery.'],
    ['The representations and warranties of the parties shall survive the Closing for a period of twelve (12) months.'],
    ['This Agreement shall continue for a period of two (2) years from the Effective Date.'],
    ['Each party represents and warrants that it will comply with applicable law for a period of two (2) years after the Effective Date.'],
    ['Licensee shall replace the Equipment at its own cost at the end of the Term.'],
    ['The practice of keeping defect reports and records of inspection for 15 months is confirmed in the Code.'],
    ['The Minimum Royalty is guaranteed for a period of three (3) years.'],
    [
      'Supplier warrants that the Products conform to the Specifications and shall correct any Errors reported for ninety (90) days after notice.',
    ],
    ['Damaged pallets shall be repaired or replaced by the Carrier within five (5) days after notice from Customer.'],
  ])('does not count %j', (text) => {
    expect(warrantyOf(text)).toBeNull();
  });
});
