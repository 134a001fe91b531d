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
