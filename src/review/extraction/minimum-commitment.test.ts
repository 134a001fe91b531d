import { describe, expect, it } from 'vitest';
import { extractFields } from './extract-fields.js';

const committed = (text: string) => extractFields(text).minimumCommitment !== null;

describe('minimum commitment: "no fewer than" and guaranteed amounts', () => {
  it.each([
    ['Each Purchase Order shall be for no fewer than 1,000 cases.'],
    ['Sponsor shall purchase no fewer than twenty (20) advertising spots per month.'],
    ['Company guarantees that Licensor will receive royalties of no less than $100,000 per year.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  it.each([
    ['The Products shall be delivered within no fewer than thirty (30) days of the order.'],
    ['Customer shall not be obligated to purchase any minimum quantity of Products.'],
    ['Supplier guarantees that the Products will be delivered at least thirty (30) days before the launch date.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: a firm quantity without the word "minimum"', () => {
  it.each([
    ['Customer commits to purchase 500 units per month during the Term.'],
    ['Buyer shall purchase two thousand (2,000) tons of Product in each calendar quarter.'],
    ['Distributor agrees to purchase from Company the quantities of Products set forth in Exhibit B.'],
    ['The first three (3) months of each rolling forecast shall be binding firm purchase orders by Customer.'],
    ['Purchaser shall purchase not less than ninety percent (90%) of the quantities ordered in the binding forecast.'],
    ['Company agrees to purchase a total of $2,000,000 of Products over the Term.'],
    ['Advertiser commits to spend $500,000 on advertising during the Term.'],
    ['Buyer shall pay for any shortfall between the quantity purchased and the Committed Volume.'],
    ['If Customer purchases fewer units than the Annual Volume in any year, Customer shall pay Supplier the difference.'],
    ['Subject to this Section, the first quarter of each Rolling Forecast shall constitute a binding order for the quantities specified.'],
  ])('counts %j', (text) => {
    expect(extractFields(text).minimumCommitment).not.toBeNull();
  });

  it.each([
    ['Supplier shall deliver 500 units per month in accordance with the Forecast.'],
    ['Customer may purchase the quantities of Products it requires from time to time.'],
    ['Distributor shall purchase Products at the prices set forth in Exhibit B.'],
    ['Each rolling forecast shall be a non-binding, good faith estimate of Customer requirements.'],
    ['Buyer agrees to purchase the Shares for $5,000,000 at the Closing.'],
    ['If any such inspection discloses a shortfall, the appropriate party shall promptly pay the amount of such shortfall.'],
    ['Supplier shall use its best efforts to make up any shortfall in shipment quantity as soon as practicable.'],
    ['Supplier shall deliver at least ninety-five percent (95%) of all Products ordered by the requested delivery date.'],
    ['If Supplier fails to supply at least [* * *] of the units of Product ordered by Customer, Customer may terminate this Agreement.'],
  ])('does not count %j', (text) => {
    expect(extractFields(text).minimumCommitment).toBeNull();
  });
});
