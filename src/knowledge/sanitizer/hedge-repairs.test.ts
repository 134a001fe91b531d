/**
 * What `removeHedges` leaves behind: punctuation and spacing around a removed hedge, the month
 * "May" against the hedge "may", and the order of the spans the summarizer keeps whole.
 */
import { describe, expect, it } from 'vitest';
import { locateModalPhrases, removeHedges } from './hedges.js';

describe('removeHedges repairs the text around a removed hedge', () => {
  it.each<[string, string]>([
    // The commas around a parenthetical hedge: after an auxiliary both go, elsewhere one stays.
    ['The Buyer MAY, where appropriate, pay; the Seller SHALL, if possible, ship.', 'The Buyer MAY pay; the Seller SHALL ship.'],
    ['If late, where appropriate, interest accrues at 5%.', 'If late, interest accrues at 5%.'],
    ['Pay in 30 days, generally, and ship in 10 days, usually.', 'Pay in 30 days, and ship in 10 days.'],
    // A hedge that ends the sentence takes its comma with it.
    ['Payment is due in advance, if possible.', 'Payment is due in advance.'],
    ['Generally, pay in 30 days,', 'Pay in 30 days'],
    // Leading hedges, chained, in every sentence; the next word gets its capital.
    ['Usually, where appropriate, the Buyer shall pay; generally, the Seller shall ship.', 'The Buyer shall pay; the Seller shall ship.'],
    ['Generally, fees apply. Usually, where appropriate, refunds are given.', 'Fees apply. Refunds are given.'],
    // Emptied brackets go, with the spaces inside them.
    ['Fees (if possible) are due in 30 days （尽可能）.', 'Fees are due in 30 days.'],
    ['The Buyer shall ( generally ) pay.', 'The Buyer shall pay.'],
    ['费用（ 尽可能 ）为5元。', '费用为5元。'],
    ['Pay ( generally) now and ( usually ) later.', 'Pay now and later.'],
    // No double space, no space before punctuation, none left at the end.
    ['The fee is  generally USD 5.', 'The fee is USD 5.'],
    ['Payment is due generally .', 'Payment is due.'],
    ['Payment within 30 days generally', 'Payment within 30 days'],
    ['Pay, generally, , usually, in 30 days.', 'Pay, in 30 days.'],
  ])('%s', (text, expected) => {
    expect(removeHedges(text)).toBe(expected);
  });
});

describe('removeHedges and "may"', () => {
  it.each<[string, string]>([
    // The month in the middle of a sentence is a date, even before "be".
    ['The audit is held in May be it rain or shine.', 'The audit is held in May be it rain or shine.'],
    // At the start of a sentence it is the hedge.
    ['May be extended by 30 days.', 'Be extended by 30 days.'],
    ['Fees rise. May be waived.', 'Fees rise. Be waived.'],
    // Unnormalised spacing does not hide a possibility.
    ['Late fees may  apply.', 'Late fees apply.'],
    ['Costs may  reasonably  be refunded.', 'Costs reasonably be refunded.'],
  ])('%s', (text, expected) => {
    expect(removeHedges(text)).toBe(expected);
  });
});

describe('locateModalPhrases', () => {
  it('lists exempt terms, permissions and prohibitions in text order', () => {
    const text = 'The generally accepted rule: Either party may terminate, and Distributor may not assign.';
    expect(locateModalPhrases(text).map(({ start, end }) => text.slice(start, end))).toEqual([
      'generally accepted',
      'Either party may terminate',
      'Distributor may not assign',
      'may not assign',
    ]);
  });
});
