import { describe, expect, it } from 'vitest';
import { extractFields } from './extract-fields.js';

const liquidated = (text: string) => extractFields(text).liquidatedDamages !== null;

describe('liquidated damages: an agreed sum without its name', () => {
  it.each([
    ['The sum payable under this Section represents a reasonable estimate of the loss Buyer would suffer and is not a penalty.'],
    [
      'The parties agree that the damages would be difficult to ascertain and that the amount set forth herein is a reasonable estimate and not a penalty.',
    ],
    ['A late delivery charge of 2% per week shall be deducted from the invoice amount.'],
  ])('counts %j', (text) => {
    expect(liquidated(text)).toBe(true);
  });

  it.each([
    // Damages "difficult to ascertain" is how an injunction is justified.
    ['Because damages may be difficult to ascertain, an injunction may be sought against the party who has breached this Section.'],
    ['Supplier shall not be liable for any delay in delivery caused by events beyond its reasonable control.'],
    ['The estimate of fees set forth in the proposal is not binding.'],
  ])('does not count %j', (text) => {
    expect(liquidated(text)).toBe(false);
  });
});
