import { describe, expect, it } from 'vitest';
import { extractRuleFields } from './extract-fields.js';

/** These tests pin the rules themselves; the learned models that judge them are tested in judgement/. */
const extractFields = (text: string) => extractRuleFields(text).contract;
import { normalisedDuration } from './warranty.js';

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

describe('warranty duration: each way of naming the period', () => {
  it.each([
    ['The Defect Liability Period shall be twelve (12) months from the date of completion of the Works.', '1 year', 365],
    ['Consultant warrants the Services, and any claim must be made within ninety (90) days after completion.', '90 days', 90],
    ['Consultant warrants the Services during twelve (12) months following completion.', '1 year', 365],
    ['Consultant warrants the Services during the twelve (12) months following completion.', '1 year', 365],
    ['Consultant warrants the Services during the first ninety (90) days after acceptance.', '90 days', 90],
    ['Consultant warrants the Services for thirty (30) calendar days after completion.', '30 days', 30],
    ['Consultant warrants the Services during the first 90 day period after installation.', '90 days', 90],
    ['Consultant warrants the Services for one week after completion.', '1 week', 7],
    ['Consultant warrants the Services for twelve (12) months in normal use after installation.', '1 year', 365],
    ['Supplier warrants the Services for twelve (12) months from the Effective Date.', '1 year', 365],
    ['Supplier warrants the Parts for ninety (90) days from the date of manufacture.', '90 days', 90],
    ["Each Product is sold with two years' warranty.", '2 years', 730],
    ['The System comes with a 2-year standard product warranty.', '2 years', 730],
    ['Seller warrants the Goods for the longer of i) twelve (12) months or ii) the term of the Customer Contract.', '1 year', 365],
    ['Seller warrants the Goods for the longer of (a) twelve (12) months or (b) the term of the Customer Contract.', '1 year', 365],
    ['Seller warrants the Goods for the longer of (1) twelve (12) months or (2) the term of the Customer Contract.', '1 year', 365],
    ['Seller warrants the Goods for the longer of twelve (12) months or the term of the Customer Contract.', '1 year', 365],
    ['Seller warrants the Goods for the longer of one week or the term of the Customer Contract.', '1 week', 7],
    ['Seller warrants the Goods for the longer of one month or the term of the Customer Contract.', '1 month', 30],
    ['The Suppliers warrant the Services for ninety (90) days from completion.', '90 days', 90],
    ['The Contractors guarantee the Works for twelve (12) months from completion.', '1 year', 365],
  ])('reads %j as %s', (text, duration, days) => {
    expect(warrantyOf(text)).toMatchObject({ duration, days });
  });

  it.each([
    ['Claims made during the Warranty Term are handled by the Service Desk.'],
    ['Any claim made during the period of warranty must be sent to the Service Desk.'],
    ['Any claim made during the period of the warranty must be sent to the Service Desk.'],
    ['Maker warrants each Lot for the period from release until expiry of its shelf life.'],
  ])('counts %j without a length', (text) => {
    expect(warrantyOf(text)).toMatchObject({ duration: null, days: null });
  });

  it.each([['Consultant warrants the Services during the first month after installation.']])('counts %j', (text) => {
    expect(warrantyOf(text)).not.toBeNull();
  });

  it.each([['The warranty period shall be extended by any period of force majeure.']])('does not count %j', (text) => {
    expect(warrantyOf(text)).toBeNull();
  });
});

describe('warranty duration: representations and warranties are not a product warranty', () => {
  it.each([
    ['The representations and warranties in Article 4 shall remain in effect for eighteen (18) months after the Closing.'],
    ['Any representation or warranty made in Article 4 shall remain in effect for twelve (12) months after the Closing.'],
    ['The representations, warranties and indemnities of Seller shall remain in effect for eighteen (18) months after the Closing.'],
    ['The warranties and representations in Article 4 shall remain in effect for eighteen (18) months after the Closing.'],
    ['Each warranty, representation and indemnity in Article 4 shall remain in effect for twelve (12) months after the Closing.'],
    ['Each warranty or representation in Article 4 shall remain in effect for twelve (12) months after the Closing.'],
    ['Each warranty and covenant of Seller in Article 4 shall remain in effect for twelve (12) months after the Closing.'],
  ])('does not count %j', (text) => {
    expect(warrantyOf(text)).toBeNull();
  });
});

describe('warranty duration: inspection windows after delivery', () => {
  it.each([
    ['Buyer may give notice of rejection of any Goods within ten (10) days after delivery.', '10 days', 10],
    ['The Products are deemed accepted unless Buyer objects within fifteen (15) days after delivery.', '15 days', 15],
    ['The Products shall be deemed to have been accepted unless Buyer objects within fifteen (15) days after delivery.', '15 days', 15],
    ['Buyer may reject any nonconforming shipment by written notice within ten (10) days after receipt.', '10 days', 10],
    ['Buyer may reject any product that fails inspection within ten (10) days after receipt.', '10 days', 10],
    ['Customer may reject any item that is damaged by notice given within ten (10) days after receipt.', '10 days', 10],
    ['Buyer may reject any unit that fails its acceptance test within thirty (30) days after receipt.', '30 days', 30],
    ['Buyer may reject material delivered out of specification within ten (10) days of receipt.', '10 days', 10],
    ['Buyer may reject any incomplete delivery within ten (10) days after receipt.', '10 days', 10],
    ['Buyer may reject any batch that fails the agreed tests within fifteen (15) days after receipt.', '15 days', 15],
    ['Buyer may reject batches that fail the agreed tests within fifteen (15) days after receipt.', '15 days', 15],
    ['Any claim for shortage or discrepancy must be made within ten (10) days after delivery of the Goods.', '10 days', 10],
    ['Claims for any damage or discrepancy must be made within ten (10) days after delivery of the Goods.', '10 days', 10],
    ['Buyer shall give notification of any non-conforming Goods within ten (10) days after receipt.', '10 days', 10],
    ['Buyer shall notify Seller of any nonconforming Goods within ten (10) days after receipt.', '10 days', 10],
    ['Buyer shall notify Seller of any defect within ten (10) business days after receipt of the Goods.', '10 days', 10],
    [
      'Buyer shall notify Seller of any Product that does not conform to the Specifications within ten (10) days after receipt.',
      '10 days',
      10,
    ],
    ['Buyer may reject any Products within a period of ten (10) days after receipt.', '10 days', 10],
    ['Buyer may reject any Products within the said ten (10) days after receipt.', '10 days', 10],
    ['Buyer may reject any Products within the ten (10) days following receipt.', '10 days', 10],
    ['Buyer may reject any Products within this ten (10) day period following receipt.', '10 days', 10],
    ['Buyer may reject any Products within ten days after receipt.', '10 days', 10],
    ['Buyer may reject any Products within ten (10) calendar days after receipt.', '10 days', 10],
    ['Buyer may reject any Products within ten (10) business days after receipt.', '10 days', 10],
    ['Buyer may reject any Products within ten (10) working days after receipt.', '10 days', 10],
    ['Buyer may reject any Products within one (1) week after receipt.', '1 week', 7],
    ['Buyer may reject any Products within one (1) month after receipt.', '1 month', 30],
    ['Customer may reject any item delivered late by notice within ten (10) days.', '10 days', 10],
    ['Customer may reject any item by notice within ten (10) days after delivery.', '10 days', 10],
    ['Customer may reject any damaged product by notice within ten (10) days.', '10 days', 10],
  ])('reads %j as %s', (text, duration, days) => {
    expect(warrantyOf(text)).toMatchObject({ duration, days });
  });

  it.each([
    ['Buyer may reject any Products within [***] days after receipt.'],
    ['Buyer may reject any Products within one (1) business day after receipt.'],
    ['Customer may reject any Product for a period of [*] days after delivery.'],
  ])('counts %j without a length', (text) => {
    expect(warrantyOf(text)).toMatchObject({ duration: null, days: null });
  });

  it.each([
    ['Customer shall approve or reject each Deliverable within ten (10) days after its delivery.'],
    ['Supplier may reject any purchase order for Products within five (5) days of receipt.'],
    ['Customer may reject any proposal for the supply of Products within ten (10) days after receipt.'],
    ['Customer may reject the draft contract for the Products within ten (10) days after receipt.'],
  ])('does not count %j', (text) => {
    expect(warrantyOf(text)).toBeNull();
  });
});

describe('warranty duration: defect warranties and remedies that run from any event', () => {
  it.each([
    ['Vendor warrants each Unit against any defect for six (6) months after first use.', '6 months', 180],
    ['Vendor shall correct any nonconformity reported within ninety (90) days after go-live.', '90 days', 90],
    ['Vendor warrants that the Software conforms to the Specifications for ninety (90) days after go-live.', '90 days', 90],
    [
      'Vendor warrants that the Software will conform in all material respects to the Documentation for ninety (90) days after go-live.',
      '90 days',
      90,
    ],
    [
      'Vendor warrants that the Software will operate in substantial accordance with the Documentation for ninety (90) days after go-live.',
      '90 days',
      90,
    ],
    [
      'Vendor warrants that the Software will operate in accordance with applicable Specifications for ninety (90) days after go-live.',
      '90 days',
      90,
    ],
    [
      'Vendor warrants that the Software will operate in accordance with its Documentation for ninety (90) days after go-live.',
      '90 days',
      90,
    ],
    [
      'Vendor warrants that the Units will operate in accordance with their specifications for ninety (90) days after go-live.',
      '90 days',
      90,
    ],
    [
      'Vendor warrants that the Software will operate in accordance with the applicable Documentation for ninety (90) days after go-live.',
      '90 days',
      90,
    ],
    [
      'Vendor warrants that the System will operate in accordance with the specification for ninety (90) days after go-live.',
      '90 days',
      90,
    ],
    ['Vendor warrants that the Device will operate in accordance with the user manual for ninety (90) days after go-live.', '90 days', 90],
    ['Vendor warrants the Units against malfunction for six (6) months after first use.', '6 months', 180],
    [
      'Vendor warrants that it will refund the price of any Units that fail to perform within six (6) months after first use.',
      '6 months',
      180,
    ],
    [
      'The limited warranty covers parts, labour and shipping costs for each Unit sold through authorised resellers for one (1) year after first use.',
      '1 year',
      365,
    ],
    ['Contractor shall reperform any non-conforming Services reported within thirty (30) days after completion.', '30 days', 30],
    ['If any Parts prove defective within six (6) months after installation, Supplier shall replace them free of charge.', '6 months', 180],
    [
      'If any Parts prove defective within six (6) months after installation, Supplier shall replace such Parts free of charge.',
      '6 months',
      180,
    ],
    ['If any Part proves defective within six (6) months after installation, Supplier shall repair it at no cost.', '6 months', 180],
    [
      'If any Part proves defective within six (6) months after installation, Supplier shall repair it at no additional charge.',
      '6 months',
      180,
    ],
    ['If any Part proves defective within six (6) months after installation, Supplier shall replace it at its cost.', '6 months', 180],
    [
      'If any Part proves defective within six (6) months after installation, Supplier shall replace it at its own expense.',
      '6 months',
      180,
    ],
    ['Licensor shall correct any reported Errors within thirty (30) days after installation.', '30 days', 30],
    ['Licensor shall correct any bug that causes an error reported within ninety (90) days after go-live.', '90 days', 90],
    ['Vendor warrants each Unit against any defect for a period of six (6) months.', '6 months', 180],
    ['Vendor warrants that the Software will be free of any material error for ninety (90) days.', '90 days', 90],
    ['Vendor warrants that the System will conform to the specification for twelve (12) months.', '1 year', 365],
    ['Vendor warrants the Units against defects in design for a period of six (6) months.', '6 months', 180],
    ['Vendor warrants the Units against defects in workmanship for ninety (90) calendar days.', '90 days', 90],
    ['Seller warrants the Parts against defects for one (1) month.', '1 month', 30],
    ['Vendor warrants that the Software will be free from material errors for one (1) year.', '1 year', 365],
    ['Vendor and Reseller jointly guarantee the Units against defects for one (1) year.', '1 year', 365],
    ['Coverage against defects shall last one (1) year from first use.', '1 year', 365],
    ['Coverage against defects shall run twelve (12) months from first use.', '1 year', 365],
    ['Vendor warrants the Units against defects for ninety (90) calendar days after first use.', '90 days', 90],
    ['Vendor warrants the Units against defects for one (1) month after first use.', '1 month', 30],
    ['Seller warrants the Goods against defects for eighteen (18) months after first use.', '18 months', 540],
    ['Seller warrants the Test Kits against defects for one (1) week.', '1 week', 7],
    ['Seller warrants the Test Kits against defects for one (1) week after opening.', '1 week', 7],
  ])('reads %j as %s', (text, duration, days) => {
    expect(warrantyOf(text)).toMatchObject({ duration, days });
  });

  // A redacted length, or one under a week, is no warranty length.
  it.each([
    ['Vendor warrants that each Unit will be free from defects for *** months after first use.'],
    ['Vendor warrants the Units against defects for [ * ] year after first use.'],
    ['Vendor warrants the Units against defects for [ * ] month after first use.'],
    ['Vendor warrants the Units against defects for [ * ] week after first use.'],
    ['Seller guarantees the cut flowers against defects for one (1) day.'],
  ])('counts %j without a length', (text) => {
    expect(warrantyOf(text)).toMatchObject({ duration: null, days: null });
  });

  it.each([
    ['Supplier shall repair or replace any defective Part within thirty (30) days after the date of notice from Buyer.'],
    ['Supplier shall repair or replace any defective Part within thirty (30) days after such notice.'],
    ['Supplier shall repair or replace any defective Part within thirty (30) days after written notice from Buyer.'],
    ['Supplier shall repair or replace any defective Part within thirty (30) days after becoming aware of the failure.'],
    ['Supplier shall repair or replace any defective Part within thirty (30) days after discovery of the failure.'],
    ['Supplier shall repair or replace any defective Part within thirty (30) days after the discovery of the failure.'],
  ])('does not count %j', (text) => {
    expect(warrantyOf(text)).toBeNull();
  });
});
describe('warranty duration: which sentence and which length', () => {
  it('reads the first sentence that states a warranty period, not an earlier warranty of title', () => {
    const text =
      'Seller warrants that it has good title to the Goods. Seller warrants the Goods against defects for ninety (90) days after shipment.';
    expect(warrantyOf(text)).toMatchObject({ duration: '90 days', days: 90 });
  });

  it('keeps the first warranty period when a later sentence states another', () => {
    const text =
      'Seller warrants the Goods against defects for twelve (12) months after shipment. Spare parts are warranted against defects for ninety (90) days after shipment.';
    expect(warrantyOf(text)).toMatchObject({ duration: '1 year', days: 365 });
  });

  it('skips a period under a week, which is a time to report, for the warranty length', () => {
    const text = 'Buyer must report defects within five (5) days, and Seller warrants the Goods for twelve (12) months from delivery.';
    expect(warrantyOf(text)).toMatchObject({ duration: '1 year', days: 365 });
  });

  it('keeps a window of exactly seven days', () => {
    expect(warrantyOf('Buyer may reject any defective Product by notice within seven (7) days after receipt.')).toMatchObject({
      duration: '7 days',
      days: 7,
    });
  });

  it('does not count a record kept for a time, even when it is about errors', () => {
    expect(warrantyOf('The error log shall be kept for six months after installation.')).toBeNull();
  });
});

describe('normalisedDuration', () => {
  it.each([
    [24, 'month', '2 years', 730],
    [18, 'month', '18 months', 540],
    [24, 'week', '24 weeks', 168],
    [36, 'day', '36 days', 36],
    [2, 'year', '2 years', 730],
  ] as const)('reads %d %s as %s (%d days)', (value, unit, duration, days) => {
    expect(normalisedDuration(value, unit)).toEqual({ duration, days });
  });
});

// Issue 16: notice of nonconforming goods and claims for shortage are inspection windows too.
describe('warranty duration: notice of nonconforming goods, claims for shortage', () => {
  it.each([
    ['Buyer shall give notice of any nonconforming Goods within ten (10) days after receipt.', '10 days'],
    ['Buyer shall give Seller written notice of any defective Products within thirty (30) days after delivery.', '30 days'],
    ['Claims for shortage must be made within ten (10) days of delivery.', '10 days'],
    ['Buyer shall give Seller notice of any shortage within fourteen (14) days after delivery.', '14 days'],
  ])('reads %j', (text, duration) => {
    expect(warrantyOf(text)?.duration).toBe(duration);
  });

  it.each([
    ['Either party may terminate on thirty (30) days notice if the other party does not conform to its obligations under this Agreement.'],
    ['Notice of any shortage in the marketing budget shall be given within thirty (30) days.'],
  ])('does not count %j', (text) => {
    expect(warrantyOf(text)).toBeNull();
  });
});

describe('warranty duration: a warranty period mentioned in an aside', () => {
  it('does not take a parenthetical reference to the warranty period for a warranty', () => {
    expect(
      warrantyOf('Annual fee for the modules after the first year (during warranty period), beginning with launch of service.'),
    ).toBeNull();
  });

  it('still reads the warranty where it is stated, and a quoted definition of the period', () => {
    expect(
      warrantyOf(
        'Supplier warrants that the Software will be free from defects for twelve (12) months from acceptance. The annual fee is waived for the first year (during the warranty period).',
      ),
    ).toMatchObject({ duration: '1 year' });
    expect(
      warrantyOf('The Products shall be free from defects in materials for a period of twelve (12) months (the "Warranty Period").'),
    ).toMatchObject({
      duration: '1 year',
    });
    expect(warrantyOf('Each Unit is covered for twelve (12) months after delivery (the "Warranty Period").')).toMatchObject({
      duration: '1 year',
    });
    expect(warrantyOf('Any defect reported during the warranty period shall be corrected at no charge.')).not.toBeNull();
  });
});
