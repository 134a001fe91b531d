import { describe, expect, it } from 'vitest';
import { extractFields } from './extract-fields.js';

const cap = (text: string) => {
  const found = extractFields(text).liabilityCap;
  return found ? { kind: found.kind, limited: found.limited } : null;
};

describe('liability carve-outs', () => {
  it('does not read an insurance requirement with an exception as a capped or uncapped liability', () => {
    expect(
      cap(
        '(4) Umbrella/Excess Liability with limits of not less than $5,000,000 in excess of all the above-referenced General Liability, except the following Subcontractor classifications will have limits of not less than $2,000,000.',
      ),
    ).toBeNull();
  });

  it.each([
    [
      "EXCEPT FOR PIVX'S OBLIGATIONS UNDER SECTION 4.2, IN NO EVENT SHALL PIVX'S LIABILITY ARISING OUT OF THIS AGREEMENT EXCEED THE AMOUNTS RECEIVED BY PIVX DURING THE PREVIOUS SIX (6) MONTHS.",
      { kind: 'uncapped', limited: true },
    ],
    [
      'No party will be liable for any indirect or consequential damages. This limitation does not, however, apply to any obligation of either party to indemnify the other.',
      { kind: 'uncapped', limited: true },
    ],
    [
      'NEITHER PARTY SHALL BE ENTITLED TO RECOVER ANY CONSEQUENTIAL DAMAGES; provided, however, that this Section shall neither (a) apply to breach of confidentiality nor (b) limit indemnity.',
      { kind: 'uncapped', limited: true },
    ],
    [
      'Notwithstanding the foregoing, this Subsection will not limit the liability of a Party for infringement of intellectual property.',
      { kind: 'uncapped', limited: false },
    ],
  ])('reads %j', (text, expected) => {
    expect(cap(text)).toEqual(expected);
  });

  it.each([
    ['The foregoing indemnification by XIMAGE shall not apply with respect to any claim based on a modification of the Software.'],
    ['Each party’s obligation of confidentiality and limitation upon use shall not apply to information that is public.'],
  ])('does not take %j for a carve-out', (text) => {
    expect(cap(text)).toBeNull();
  });
});

describe('liquidated damages', () => {
  it.each([
    ['The Consultant certifies, under penalties of perjury, that the taxpayer number is correct.'],
    ['Any consent must be given in writing under penalty of nullity.'],
    ['1.6 "Buy-Out Fee" is defined in Section 4.2 hereof.'],
    ['SutroVax shall bear any resulting cancellation fees charged by the Alternative Supplier.'],
    ['Company agrees to reimburse Contractor for any losses (including cancellation penalties) that Contractor may sustain.'],
    ['HSWI may pay World Book a single buy-out fee, which eliminates its obligation to pay further royalties.'],
  ])('does not count %j', (text) => {
    expect(extractFields(text).liquidatedDamages).toBeNull();
  });

  it('still counts a termination fee owed to the other party', () => {
    expect(
      extractFields('If Customer terminates early, Customer shall pay Supplier an early termination fee of $50,000.').liquidatedDamages,
    ).not.toBeNull();
  });
});
