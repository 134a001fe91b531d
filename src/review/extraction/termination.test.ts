import { describe, expect, it } from 'vitest';
import { extractFields } from './extract-fields.js';

const convenience = (text: string) => {
  const contract = extractFields(text);
  return contract.terminationForConvenience ? { notice: contract.terminationNoticeDays?.days ?? null } : null;
};

describe('termination for convenience', () => {
  it.each([
    ['Either Party may terminate this agreement for non-cause with a sixty (60) days written notice.', 60],
    [
      'This Agreement shall be in effect until March 18, 2021, unless sooner terminated by either party upon thirty (30) days written notice, without cause.',
      30,
    ],
    [
      'The Company may in its discretion and at its option terminate this Agreement at any time after the Minimum Period upon five days prior written notice.',
      5,
    ],
    [
      'Either party wishing to terminate the Agreement must give written notice to the other party at least thirty (30) days prior to the desired date of termination.',
      30,
    ],
    ['Either Consultant or Company may terminate this Agreement upon prior written notice thereof to the other party.', null],
    ['Magenta may terminate this Agreement for any reason upon [***] written notice to Bachem.', null],
  ])('finds %j', (text, notice) => {
    expect(convenience(text)).toEqual({ notice });
  });

  it('judges lettered items kept in one sentence on their own, and reads list items without a notice length', () => {
    expect(
      convenience(
        'c. Either party may terminate this Agreement in the event of a breach by providing thirty (30) days prior written notice, provided the breaching party fails to cure such breach. d. Theismann shall have the right to terminate this Agreement at any time upon thirty (30) days written notice to Bizzingo.',
      ),
    ).toEqual({ notice: 30 });
    expect(
      convenience(
        'This Agreement may be terminated:\n(a) by Magenta for any reason upon [***] written notice to Bachem;\n(b) by either Party for material breach.',
      ),
    ).toEqual({ notice: null });
    expect(
      convenience(
        'Datec may terminate the whole or any part of this agreement for convenience at any time by giving at least 6 months prior written notice.',
      ),
    ).toEqual({ notice: 180 });
  });

  it('judges the lettered alternatives of a proviso one by one', () => {
    expect(
      convenience(
        "The Term ends on the first anniversary of this Agreement; provided that (a) either party may terminate this Agreement, effective at any time after the first three months of the Term, by giving 30 days' written notice, and (b) either party may terminate this Agreement if the other party commits a material breach.",
      ),
    ).toEqual({ notice: 30 });
    expect(
      convenience(
        'The Term ends on the first anniversary of this Agreement; provided that (a) either party may terminate this Agreement if the other party becomes insolvent, and (b) either party may terminate this Agreement if the other party commits a material breach.',
      ),
    ).toBeNull();
  });

  it('reads ending "your employment" by notice as ending the contract, but not for cause', () => {
    expect(
      convenience(
        "Either you or the Company may terminate your employment by giving to the other not less than six months' notice in writing.",
      ),
    ).toEqual({
      notice: 180,
    });
    expect(convenience('The Company may summarily terminate your employment hereunder (without notice) for Cause.')).toBeNull();
  });

  it('judges a proviso on its own, but a proviso that takes the right away wins', () => {
    expect(
      convenience(
        'This Agreement shall continue for twelve (12) months unless terminated earlier under Article 8; provided that TouchStar shall have the right to terminate this Agreement at any time upon not less than thirty (30) days notice.',
      ),
    ).toEqual({ notice: 30 });
    expect(
      convenience(
        'AIG shall have the right to terminate this Agreement upon thirty (30) days prior written notice; provided, however, that AIG agrees not to terminate this Agreement unless the Company breaches.',
      ),
    ).toBeNull();
  });

  it.each([
    ['The Lease is cancelable at any time by either party upon two months prior written notice.', 60],
    [
      'Notwithstanding Section 1, the Buyer shall have the right at any time prior to June 30, 2012 to terminate this Agreement by written notice.',
      null,
    ],
    ['This Agreement may be terminated by the Client for any or no reason, subject to the payment of fees then due.', null],
    [
      'Owner may terminate for convenience any Work Order upon 30 days prior written notice; provided that the Hosting Services may not be terminated before the Migration is complete.',
      30,
    ],
  ])(
    'reads cancelable contracts, rights "at any time prior to" a date, "for any or no reason" and a convenience right beside a bar: %j',
    (text, notice) => {
      expect(convenience(text)).toEqual({ notice });
    },
  );

  it('reads numbered sub-items (10.2.3) under their lead, past earlier items of the same list', () => {
    const items = [
      '10.2 Termination. This Supply Agreement may be terminated:',
      '10.2.1 by mutual written consent of the Parties;',
      '10.2.2 by a Party if the other Party materially breaches this Supply Agreement and fails to cure within 60 days; and',
      '10.2.3 by the Buyer upon ninety (90) days prior written notice to the Seller for any reason.',
    ];
    expect(convenience(items.join('\n\n'))).toEqual({ notice: 90 });
    expect(convenience(items.slice(0, 3).join('\n\n'))).toBeNull();
    expect(
      convenience(
        '7.1 The term is three years, unless earlier terminated as follows:\n\n7.1.1 By either party upon six (6) months prior written notice to the other.',
      ),
    ).toEqual({ notice: 180 });
  });

  it.each([
    ['Carrier will keep a policy which is non-cancelable, except upon thirty (30) days advance notice to the Insured.'],
    [
      'Agency shall have the absolute right to terminate this Agreement upon 30 days notice; provided, however, that Agency agrees not to terminate this Agreement unless the Client changes the Program.',
    ],
  ])('does not count a non-cancelable policy or a notice right its proviso bars: %j', (text) => {
    expect(convenience(text)).toBeNull();
  });

  it.each([
    ['This Agreement may be terminated at any time upon the mutual written agreement of the parties.'],
    ['The parties may terminate this Agreement at any time by written agreement.'],
    ['This Agreement may be terminated by either party with cause upon thirty (30) days written notice.'],
    ['This Agreement may be terminated by either party at the expiration of its term upon thirty (30) days written notice.'],
    ['Either party may terminate this Agreement upon written notice if the other party materially breaches it.'],
  ])('does not count %j', (text) => {
    expect(convenience(text)).toBeNull();
  });
});

describe('termination for convenience: an anniversary that opens the right is not the end of the term', () => {
  it('counts a notice right that starts after an anniversary, but not one exercised at an anniversary', () => {
    expect(
      convenience('After the first anniversary, either party may terminate this Agreement upon ninety (90) days written notice.'),
    ).toEqual({
      notice: 90,
    });
    expect(
      convenience(
        'Either party may terminate this Agreement effective on any anniversary of the Effective Date upon ninety (90) days written notice.',
      ),
    ).toBeNull();
  });
});
