import { describe, expect, it } from 'vitest';
import { extractRuleFields } from './extract-fields.js';

/** These tests pin the rules themselves; the learned models that judge them are tested in judgement/. */
const extractFields = (text: string) => extractRuleFields(text).contract;

/** The right found (`null` when none) and its notice period; a notice period never comes without the right. */
const convenience = (text: string) => {
  const { terminationForConvenience: right, terminationNoticeDays: days } = extractFields(text);
  if (right === null) {
    expect(days).toBeNull();
    return null;
  }
  expect(right.present).toBe(true);
  if (days !== null) expect(days.days).toEqual(expect.any(Number));
  return { notice: days === null ? null : days.days };
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

describe('termination for convenience: the ways a party is given the right', () => {
  it.each([
    ['Licensee may, at its option, terminate this Agreement upon sixty (60) days written notice.', 60],
    ['Buyer shall have the right (but not the obligation) to terminate this Agreement upon ninety (90) days written notice.', 90],
    ['Buyer shall have the right at any time, upon thirty (30) days written notice, to terminate this Agreement.', 30],
    ['Buyer shall have the right hereunder to terminate this Agreement upon thirty (30) days written notice.', 30],
    ['Buyer shall have the right to immediately terminate this Agreement upon thirty (30) days written notice.', 30],
    ["The Company may terminate Employee's employment upon thirty (30) days written notice.", 30],
    ['Tenant may terminate the Lease upon sixty (60) days written notice.', 60],
    ['Buyer may terminate all or any part of this Agreement upon thirty (30) days written notice.', 30],
    ['Licensee may terminate the license upon thirty (30) days written notice.', 30],
    ['Licensor may terminate in its sole discretion by giving thirty (30) days written notice.', 30],
    ['This Agreement may also be terminated by either party upon thirty (30) days written notice.', 30],
    ['This Agreement may be canceled by either party upon thirty (30) days written notice.', 30],
    ['This Agreement shall terminate upon either party giving ninety (90) days written notice to the other.', 90],
    [
      'This Agreement shall terminate on the date stated in a notice given at the option of either party upon thirty (30) days written notice.',
      30,
    ],
    ['This Agreement shall continue in effect until either party terminates it by giving ninety (90) days written notice.', 90],
    ['This Agreement shall remain in force until terminated by either party by giving six (6) months written notice.', 180],
    ['Users who decide to terminate the contract must give thirty (30) days written notice.', 30],
    ['Members who elect to terminate this agreement must give thirty (30) days written notice.', 30],
  ])('finds %j', (text, notice) => {
    expect(convenience(text)).toEqual({ notice });
  });

  it.each([
    // A purchase order or an order is not the contract.
    ['Either party may terminate any purchase order under this Agreement upon thirty (30) days written notice.'],
    ['Either party may terminate any purchase order on thirty (30) days written notice.'],
  ])('does not count ending something other than the contract: %j', (text) => {
    expect(convenience(text)).toBeNull();
  });
});

describe('termination for convenience: qualifiers without a notice period', () => {
  it.each([
    ['Either party may terminate this Agreement without any reason.'],
    ['The Company may terminate this Agreement without reason.'],
    ['Licensor may terminate this Agreement in its sole discretion.'],
    ['Licensor may terminate this Agreement in its absolute discretion.'],
    ['Licensor may terminate this Agreement in its unfettered discretion.'],
    ['Licensor may terminate this Agreement in its discretion.'],
    ['Licensor may terminate this Agreement in its sole and absolute discretion.'],
    ['Licensor may terminate this Agreement at its discretion.'],
    ['Licensor may terminate this Agreement at its sole discretion.'],
    ['Licensor may terminate this Agreement at their absolute discretion.'],
    ['Licensor may terminate this Agreement at its convenience.'],
    ['Customer may terminate this Agreement for any reason.'],
    ['Either party may terminate this Agreement at will.'],
    ['Licensee may terminate this Agreement by giving prior written notice to Licensor.'],
    ['Licensee may terminate this Agreement by giving [***] written notice to Licensor.'],
    ['Licensee may terminate this Agreement with ***** prior written notice to Licensor.'],
    ['Licensee may terminate this Agreement upon [***] notice to Licensor.'],
    ['Licensee may terminate this Agreement upon *** notice to Licensor.'],
    ['This Agreement may be terminated at any time by Customer.'],
    ['This Agreement may also be terminated at any time by Customer.'],
    ['This contract may be canceled at any time by Customer.'],
  ])('finds %j', (text) => {
    expect(convenience(text)).toEqual({ notice: null });
  });

  it.each([
    ['Customer may terminate this Agreement for its convenience or if Supplier fails to meet the service levels.'],
    ['The Members may terminate this Agreement for their convenience or if the Manager fails to perform.'],
    ['Either party may terminate this Agreement for non-cause or if the other party becomes insolvent.'],
    ['Customer may terminate this Agreement without any cause or if Supplier becomes insolvent.'],
    ['Customer may terminate this Agreement for any reason or no reason, or if Supplier fails to perform.'],
    ['Customer may terminate this Agreement for no reason, or if Supplier fails to perform.'],
  ])('keeps an explicit convenience right beside grounds for cause: %j', (text) => {
    expect(convenience(text)).toEqual({ notice: null });
  });

  it('reads a heading "Termination for Convenience" and Chinese drafting', () => {
    expect(convenience('Termination for Convenience.')).toEqual({ notice: null });
    expect(convenience('Termination without Cause.')).toEqual({ notice: null });
    expect(convenience('任何一方可提前三十日书面通知对方解除本合同。')).not.toBeNull();
  });
});

describe('termination for convenience: what makes a right one for cause, mutual, barred or about the end of the term', () => {
  it.each([
    ['Either party may terminate this Agreement upon thirty (30) days written notice in the event the other party ceases to do business.'],
    ['Either party may terminate this Agreement upon thirty (30) days written notice in case the other party ceases to do business.'],
    ['Either party may terminate this Agreement upon thirty (30) days written notice upon the occurrence of a Regulatory Event.'],
    ['Either party may terminate this Agreement upon thirty (30) days written notice upon occurrence of a Regulatory Event.'],
    ['Licensor may terminate this Agreement upon thirty (30) days written notice upon any of the following events:'],
    ['Licensor may terminate this Agreement upon thirty (30) days written notice to Distributors who fail to meet the annual targets.'],
    ['Either party may terminate this Agreement upon thirty (30) days written notice during a force majeure event lasting ninety days.'],
    ['Licensor may terminate this Agreement upon thirty (30) days written notice following a change of control of Licensee.'],
    ['Licensor may terminate this Agreement upon thirty (30) days written notice when the Minimum Targets have not been met.'],
    ['Licensor may terminate this Agreement upon thirty (30) days written notice when the fees are not paid.'],
    ['Supplier may terminate this Agreement upon thirty (30) days written notice due to changes in law.'],
    ['Supplier may terminate this Agreement upon thirty (30) days written notice as a result of a change in law.'],
  ])('does not count a right that depends on an event: %j', (text) => {
    expect(convenience(text)).toBeNull();
  });

  it.each([
    ['This Agreement may be terminated at any time by written agreement signed by both parties.'],
    ['This Agreement may be terminated at any time by agreement between the parties.'],
    ['This Agreement may be terminated at any time by a written agreement of the parties.'],
    ['This Agreement may be terminated at any time upon agreement in writing between the parties.'],
    ['The parties may jointly terminate this Agreement at any time.'],
    ['The parties may terminate this Agreement at any time.'],
    ['This Agreement may be terminated at any time with the written consent of both parties.'],
  ])('does not count ending the contract by agreement of both: %j', (text) => {
    expect(convenience(text)).toBeNull();
  });

  it.each([
    ['Customer may not unilaterally terminate this Agreement for convenience.'],
    ['Customer may not terminate this Agreement for convenience.'],
    ['The Distributor shall not be entitled to terminate this Agreement for convenience.'],
    [
      'Supplier shall have the right to terminate this Agreement upon sixty (60) days notice; provided, however, that Supplier and its Affiliates agree not to terminate this Agreement during the Initial Term.',
    ],
  ])('does not count a right that is taken away: %j', (text) => {
    expect(convenience(text)).toBeNull();
  });

  it.each([
    ['Either party may terminate this Agreement effective as of the end of the then-current term upon ninety (90) days written notice.'],
    ['Either party may terminate this Agreement on the last day of the initial term upon ninety (90) days written notice.'],
    [
      'Either party may terminate this Agreement upon ninety (90) days written notice prior to the third anniversary of the Effective Date.',
    ],
    ['Either party may terminate this Agreement upon ninety (90) days written notice effective on any subsequent anniversary.'],
    ['Either party may terminate this Agreement upon ninety (90) days written notice as of each subsequent anniversary.'],
    ['Either party may terminate this Agreement upon ninety (90) days written notice before a contract anniversary.'],
    ['Either party may terminate this Agreement upon ninety (90) days written notice upon its third anniversary.'],
  ])('does not count ending the contract at the end of a term or at an anniversary: %j', (text) => {
    expect(convenience(text)).toBeNull();
  });

  it.each([
    ['Distributor may terminate this Agreement upon the expiration or termination of the Supply Agreement for any reason.'],
    ['Distributor may terminate this Agreement upon termination of the Supply Agreement for any reason.'],
    ['Licensee may terminate this Agreement once the Distribution Agreement is terminated by either party for any reason.'],
    ['Licensee may terminate this Agreement once the Distribution Agreement is terminated by Supplier for any reason.'],
    ['Licensee may terminate this Agreement once the Distribution Agreement is terminated for any reason.'],
  ])('does not count "for any reason" that qualifies the end of another contract: %j', (text) => {
    expect(convenience(text)).toBeNull();
  });
});

describe('termination for convenience: lists, provisos and numbers in brackets', () => {
  it('splits lettered items the sentence splitter kept together, roman numerals too', () => {
    expect(
      convenience(
        'i. Either party may terminate this Agreement if the other party breaches it. ii. Either party may terminate this Agreement upon thirty (30) days written notice.',
      ),
    ).toEqual({ notice: 30 });
  });

  it('reads inline items "(i) ... (ii) ..." with the lead, even in a sentence that starts with its own marker', () => {
    expect(
      convenience(
        'This Agreement may be terminated (i) by either party if the other party breaches it, or (ii) by Customer upon thirty (30) days written notice.',
      ),
    ).toEqual({ notice: 30 });
    expect(
      convenience(
        '(c) This Agreement may be terminated (a) by either party if the other party breaches it, or (b) by Customer upon thirty (30) days written notice.',
      ),
    ).toEqual({ notice: 30 });
  });

  it.each([
    [
      'Either party may terminate this Agreement upon thirty (30) days written notice if the other party breaches it and fails to cure it within sixty (60) days.',
    ],
    [
      'Either party may terminate this Agreement upon thirty (30) calendar days notice if the other party breaches it and fails to cure it within sixty (60) calendar days.',
    ],
    [
      'Either party may terminate this Agreement upon thirty (30) business days notice if the other party breaches it and fails to cure it within sixty (60) business days.',
    ],
    [
      'Either party may terminate this Agreement upon thirty (30) working days notice if the other party breaches it and fails to cure it within sixty (60) working days.',
    ],
    [
      'Either party may terminate this Agreement upon one (1) day notice if the other party breaches it and fails to cure it within one (1) day.',
    ],
    [
      'Either party may terminate this Agreement upon one (1) week notice if the other party breaches it and fails to cure it within one (1) week.',
    ],
    [
      'Either party may terminate this Agreement upon one (1) month notice if the other party breaches it and fails to cure it within one (1) month.',
    ],
    [
      'Either party may terminate this Agreement upon one (1) year notice if the other party breaches it and fails to cure it within one (1) year.',
    ],
  ])('does not take the number of a period for a list item: %j', (text) => {
    expect(convenience(text)).toBeNull();
  });

  it('splits a proviso introduced by "provided however" without commas', () => {
    expect(
      convenience(
        'Either party may terminate this Agreement if the other party breaches it, provided however either party may terminate this Agreement for convenience.',
      ),
    ).toEqual({ notice: null });
  });
});

describe('termination for convenience: list items read under their lead', () => {
  const document = (...paragraphs: string[]) => paragraphs.join('\n\n');

  it.each([
    [
      document(
        '12.1 This Agreement may be terminated as follows:',
        '(a) by either party if the other party breaches it;',
        '(b) by Customer upon thirty (30) days prior written notice to Supplier.',
      ),
      30,
    ],
    [
      document(
        '12.1 This Agreement may be terminated as follows:',
        '(iv) by Customer upon thirty (30) days prior written notice to Supplier.',
      ),
      30,
    ],
    [
      document(
        '12.1 This Agreement may be terminated as follows:',
        'b. by Customer upon thirty (30) days prior written notice to Supplier.',
      ),
      30,
    ],
    [
      document(
        '12.1 This Agreement may be terminated as follows:',
        'b) by Customer upon thirty (30) days prior written notice to Supplier.',
      ),
      30,
    ],
    [
      document(
        '12.1 This Agreement may be terminated as follows:',
        '(12) by Customer upon thirty (30) days prior written notice to Supplier.',
      ),
      30,
    ],
    [
      document('10.2.1 This Agreement may be terminated as follows:', '10.2.1.3 by Customer upon thirty (30) days prior written notice.'),
      30,
    ],
    [document('10.12 This Agreement may be terminated as follows:', '10.12.3 by Customer upon thirty (30) days prior written notice.'), 30],
    [document('10.2 This Agreement may be terminated as follows:', '10.2.13 by Customer upon thirty (30) days prior written notice.'), 30],
    [
      document(
        '7.1 The term is three years, unless terminated earlier in the following way:',
        '7.1.1 By either party upon six (6) months prior written notice to the other.',
      ),
      180,
    ],
    [
      document(
        '10.1 Either party may terminate this Agreement as follows:',
        'Payment terms: as set out in section 4.',
        '(c) by Customer upon thirty (30) days written notice.',
      ),
      30,
    ],
  ])('finds %j', (text, notice) => {
    expect(convenience(text)).toEqual({ notice });
  });

  it.each([
    // A new section between the lead and the item: the item has no lead.
    [
      document(
        '10.1 Either party may terminate this Agreement as follows:',
        '10.2 Fees are payable monthly in advance.',
        '(c) by Customer upon thirty (30) days written notice.',
      ),
    ],
    [
      document(
        '10.1 Either party may terminate this Agreement as follows:',
        'Section 11 Fees are payable monthly.',
        '(c) by Customer upon thirty (30) days written notice.',
      ),
    ],
    [
      document(
        '10.1 Either party may terminate this Agreement as follows:',
        'Article 11 Fees are payable monthly.',
        '(c) by Customer upon thirty (30) days written notice.',
      ),
    ],
    // An item of another numbered list (10.2.1 is not a sibling of 10.3.2).
    [
      document(
        '10.1 Either party may terminate this Agreement as follows:',
        '10.2.1 Fees are payable monthly in advance.',
        '10.3.2 by Customer upon thirty (30) days written notice.',
      ),
    ],
    [document('Fees are payable monthly.', '(c) by Customer upon thirty (30) days written notice.')],
    // A sentence after the lead that is not an item.
    [
      document(
        'Either party may terminate this Agreement as follows:',
        'Each party shall give thirty (30) days prior written notice to the other.',
      ),
    ],
    // Items that are mutual, for cause, or name no notice or qualifier.
    [document('This Agreement may be terminated:', '(a) by mutual written agreement of the parties upon thirty (30) days notice.')],
    [document('This Agreement may be terminated:', '(a) by Customer on the Closing Date.')],
    [
      document(
        'This Agreement may be terminated:',
        '(a) by either party upon thirty (30) days written notice if the other party breaches it.',
      ),
    ],
    // A lead that grants nothing.
    [
      document(
        'The following provisions survive termination:',
        '(a) Section 4 (Notices), requiring thirty (30) days prior written notice;',
      ),
    ],
  ])('does not count %j', (text) => {
    expect(convenience(text)).toBeNull();
  });

  it.each([
    // A member's right to leave a joint venture at any time.
    ['Any Member shall have the right to withdraw from the Joint Venture at any time.', null],
    // The contract ends on one party's notice alone.
    ['This Agreement shall terminate immediately upon the Owner’s receipt of the Developer’s notice to terminate.', null],
    // The right covers the whole contract after a narrower one: "terminate or reduce ... or terminate this Agreement".
    [
      'The Buyer may, in its sole discretion, terminate or reduce the scope of any Service or terminate this Agreement as a whole upon ninety (90) days prior written notice.',
      90,
    ],
    // What ends is a strategic alliance.
    ['Either party may terminate the strategic alliance upon not less than sixty (60) days prior written notice.', 60],
    // A redacted notice: "upon [**] to the other party".
    ['Licensee may terminate this Agreement, [**] upon [**] to Licensor.', null],
    // "Unless sooner terminated" opens a term clause; it is no condition on the right that follows.
    [
      'Unless sooner terminated in accordance with the provisions hereof, the term will be ten (10) years, provided that at any time after the fifth year either party may terminate this Agreement upon sixty (60) days prior written notice.',
      60,
    ],
  ])('finds %j', (text, notice) => {
    expect(convenience(text)).toEqual({ notice });
  });

  it('reads a numbered item the splitter kept with the previous one, under a lead that ends its own paragraph', () => {
    const text = [
      '13.1 The term shall be five (5) years unless earlier terminated as follows: 13.1.1 In the event of material breach, the non-breaching party shall give sixty (60) days notice.',
      'If the breach is not cured, the non-breaching party may terminate.',
      '13.1.2 If a party becomes insolvent, the other party may terminate; or 13.1.3 By either party for any reason by providing six (6) months prior written notice.',
    ].join(' ');
    expect(convenience(text)).toEqual({ notice: 180 });
    // The same items without a lead that lists ways to end the contract.
    expect(convenience(text.replace('unless earlier terminated as follows:', 'and:'))).toBeNull();
  });

  it.each([
    // The withdrawal is barred, or of a person from an office, not from the venture.
    ['No Member may withdraw from the Joint Venture without the consent of the other Members.'],
    ['A Manager may withdraw from the position of Manager at any time.'],
    // An event referred back to ("such notice", "such affiliation") is a ground, not convenience.
    [
      'Upon receipt of such notice, the Company shall have the right to terminate this Agreement immediately on written notice to the Sponsor.',
    ],
    // Notice that takes effect at the end of the term is non-renewal.
    [
      'This Agreement shall continue for an initial term of one (1) year and indefinitely after that until terminated by either party giving at least twelve (12) months prior written notice to expire on or after the expiry date of the initial term.',
    ],
    // A renewal stopped by notice is still no right to end the contract early.
    ['This Agreement shall renew from year to year unless terminated by a Party upon sixty (60) days written notice.'],
    // A list item about what happens after termination.
    [
      ['This Agreement may be terminated by either party:', '(d) Upon termination or expiration of this Agreement for any reason:'].join(
        '\n\n',
      ),
    ],
    // Only a narrower thing ends, not the contract.
    ['The Buyer may terminate or reduce the scope of any Service upon ninety (90) days prior written notice.'],
  ])('does not count %j', (text) => {
    expect(convenience(text)).toBeNull();
  });
});

describe('termination for convenience: invented drafting of each family', () => {
  it.each([
    ['Either party may terminate this Agreement at any time upon sixty (60) days prior written notice to the other party.', 60],
    ['This Agreement may be terminated by either Party at any time, with or without cause, upon thirty (30) days written notice.', 30],
    [
      'Customer may, for any reason or no reason, terminate this Agreement by providing ninety (90) days prior written notice to Supplier.',
      90,
    ],
    ['Each Party shall have the right to terminate this Agreement, without cause, on one hundred twenty (120) days written notice.', 120],
    ['12.2 Termination Without Cause. Either party may terminate this Agreement on 90 days notice.', 90],
    ['This Agreement is terminable by either party without cause upon sixty days written notice.', 60],
    ['The Reseller may cancel this Agreement without cause upon 30 days written notice to the Vendor.', 30],
    ['Upon ninety (90) days’ written notice to Company, Distributor may terminate this Agreement for any reason.', 90],
    ['Either Party may terminate this Agreement with or without cause by providing ninety (90) days’ written notice.', 90],
    ['Either party may terminate this Agreement at the end of any Contract Year upon 90 days prior written notice.', 90],
    [
      'Subject to payment of the Early Termination Fee, Customer may terminate this Agreement for convenience upon 60 days written notice.',
      60,
    ],
    [
      'This Agreement shall continue in force indefinitely until terminated by either party giving to the other not less than 90 days notice in writing.',
      90,
    ],
    // A quoted figure in brackets is still a notice period.
    ['Both parties may terminate this Agreement upon ninety ("90") days written notice to the other party.', 90],
    // "either of the parties" is each of them, not both together.
    [
      'Either of the parties may terminate this Agreement by giving ninety (90) days prior written notice of termination to the other party.',
      90,
    ],
    // Plain drafting ends rather than terminates.
    ["Either party may end this Agreement at any time by giving the other not less than three months' notice in writing.", 90],
    // An anniversary that opens the right is not the end of a term.
    [
      'Beginning on the first anniversary of the Effective Date, Licensee may terminate this Agreement at any time upon ninety (90) days written notice.',
      90,
    ],
  ])('finds %j', (text, notice) => {
    expect(convenience(text)).toEqual({ notice });
  });

  it.each([
    ['Party A may terminate this Agreement at any time for its convenience by giving written notice to Party B.'],
    ['Buyer may terminate this Agreement in whole or in part at any time for its sole convenience.'],
    ['XYZ reserves the right to terminate this Agreement at any time, for any reason.'],
    ['The Agreement may be terminated by the Client without cause at any time.'],
    ['Company may terminate this Agreement immediately upon written notice at any time for any reason.'],
  ])('finds without a notice length %j', (text) => {
    expect(convenience(text)).not.toBeNull();
  });

  it.each([
    [
      'Either party may terminate this Agreement upon thirty (30) days written notice if the other party materially breaches this Agreement and fails to cure such breach.',
    ],
    ['Licensor may terminate this Agreement immediately upon written notice if Licensee becomes insolvent or files for bankruptcy.'],
    [
      'Either party may elect not to renew this Agreement by giving written notice at least sixty (60) days before the end of the then current term.',
    ],
    [
      'Either party may terminate this Agreement effective at the end of the Initial Term by giving written notice of non-renewal at least ninety (90) days prior to the end of the Initial Term.',
    ],
    ['Upon termination of this Agreement for any reason, the Distributor shall return all Confidential Information.'],
    ['If this Agreement is terminated for any reason, the Licensee shall cease use of the Marks.'],
    [
      'In the event that Customer terminates this Agreement for convenience, Customer shall pay the early termination fee set out in Schedule 3.',
    ],
    ['This Agreement may be terminated at any time by mutual written agreement of the parties.'],
    ['Licensee may terminate this Agreement upon sixty (60) days notice in the event Licensor undergoes a change of control.'],
    ['Either party may terminate this Agreement by written notice if a Force Majeure Event continues for more than ninety (90) days.'],
    ["The Executive's employment may be terminated by the Company for Cause at any time."],
    ['Supplier may suspend performance at any time upon thirty (30) days notice if Customer fails to pay.'],
    // A right that is denied, in the ways drafters deny it.
    ['Neither party may terminate this Agreement for convenience.'],
    ['Neither Party shall have the right to terminate this Agreement without cause.'],
    ['No party shall be entitled to terminate this Agreement for convenience during the Initial Term.'],
    ['The Distributor shall have no right to terminate this Agreement without cause.'],
    ['This Agreement is not terminable for convenience.'],
    ['Failure to agree on the revised prices shall not entitle either party to terminate this Agreement at any time.'],
  ])('does not count %j', (text) => {
    expect(convenience(text)).toBeNull();
  });
});

describe('termination for convenience: more ways to grant the right', () => {
  it.each([
    ['The Supplier will have the ability to terminate this Agreement by giving sixty (60) days prior written notice to the Buyer.', 60],
    ['The Consultant shall be free to terminate this Agreement on thirty (30) days written notice.', 30],
    ['Licensee is permitted to terminate this Agreement upon ninety (90) days written notice to Licensor.', 90],
    [
      'Any Member may terminate its participation in this Agreement by giving at least one hundred eighty (180) days prior written notice.',
      180,
    ],
    [
      'The Company shall be entitled to terminate this Agreement at any time by giving the Consultant not less than 30 days notice in writing.',
      30,
    ],
    [
      'Each of Licensor and Licensee may terminate this Agreement upon not less than one hundred eighty (180) days prior written notice.',
      180,
    ],
    ["ABC Corp. may terminate this Agreement without cause upon 30 days' written notice to XYZ Inc.", 30],
    ["Notwithstanding Section 3.1, either party may terminate this Agreement at any time on 90 days' notice.", 90],
    [
      'This Agreement may be terminated as follows:\n(a) by either party, upon ninety (90) days prior written notice to the other party;\n(b) by either party, if the other party materially breaches this Agreement.',
      90,
    ],
    ['TERMINATION FOR CONVENIENCE Customer may terminate this Agreement at any time upon thirty (30) days written notice to Supplier.', 30],
  ])('finds %j', (text, notice) => {
    expect(convenience(text)).toEqual({ notice });
  });

  it.each([
    ['The Distribution Agreement can be terminated at any time by either party.'],
    ['This Agreement may be terminated by the Company for convenience.'],
    ['Licensor reserves the right to terminate this Agreement at any time at its sole discretion.'],
  ])('finds without a notice length %j', (text) => {
    expect(convenience(text)).not.toBeNull();
  });

  it.each([
    ['This Agreement can be cancelled only if the Party in breach has not remedied its breach within thirty (30) days of written notice.'],
    ['The Operator is permitted to terminate equipment leases upon thirty (30) days notice.'],
    ['The Executive may resign his employment for Good Reason upon thirty (30) days written notice.'],
    ['Either party may give notice of its intention not to renew this Agreement at least ninety (90) days before the expiry of the Term.'],
    [
      'Company may terminate this Agreement upon sixty (60) days notice where the Consultant is unable to perform the Services for a period of thirty (30) days.',
    ],
    [
      'This Agreement may be terminated as follows:\n(a) by either party, if the other party materially breaches this Agreement and fails to cure within thirty (30) days;\n(b) by either party, immediately upon notice, if the other party becomes insolvent.',
    ],
  ])('does not count %j', (text) => {
    expect(convenience(text)).toBeNull();
  });
});

describe('termination for convenience: rights referred to, and ending by a unanimous vote', () => {
  it.each([
    [
      "Without prejudice to either party's right to terminate this Agreement under Section 18, Supplier may, by written notice given at least thirty (30) days before the end of the term, extend the term by one year.",
    ],
    [
      'The Licence shall continue in accordance with its terms, subject to the rights of Licensor to terminate this Agreement upon ninety (90) days notice.',
    ],
    ['This Agreement may be terminated at any time during the Initial Period by unanimous written agreement of the Parties.'],
    ['The Members may unanimously resolve to terminate this Agreement at any time upon thirty (30) days notice.'],
  ])('does not count %j', (text) => {
    expect(convenience(text)).toBeNull();
  });

  it('still reads a right granted beside a right referred to', () => {
    expect(
      convenience(
        'In addition to its rights to terminate under Section 12.2, Customer may terminate this Agreement at any time upon sixty (60) days written notice.',
      ),
    ).toEqual({ notice: 60 });
  });
});

describe('termination for convenience: a lock-in in a comma proviso', () => {
  it.each([
    [
      'Either party may terminate this Agreement for convenience upon 30 days notice, provided that no party may terminate during the first six months.',
      30,
    ],
    [
      'Customer may terminate this Agreement without cause upon 60 days notice, provided that Customer may not terminate before the first anniversary.',
      60,
    ],
  ])('keeps the explicit right before the bar: %j', (text, notice) => {
    expect(convenience(text)).toEqual({ notice });
  });

  it.each([
    ['Customer may not terminate this Agreement for convenience, provided that Customer may terminate if Supplier is in breach.'],
    ['Either party may terminate this Agreement upon 30 days notice, provided that the other party is in material breach.'],
  ])('does not count %j', (text) => {
    expect(convenience(text)).toBeNull();
  });
});

describe('termination for convenience: an inset before the verb', () => {
  it.each([
    [
      'The Client may at any time, by written notice to the Consultant, terminate this Agreement with effect from the date specified in the notice.',
      null,
    ],
    [
      "Company shall have the right, exercisable at any time, to terminate this Agreement upon sixty (60) days' written notice to Contractor.",
      60,
    ],
    [
      'Either Party may, by giving not less than ninety (90) days written notice to the other Party, terminate this Agreement at any time.',
      90,
    ],
  ])('finds %j', (text, notice) => {
    expect(convenience(text)).toEqual({ notice });
  });

  it.each([
    [
      'Either Party shall have the right, without prejudice to any other rights it may have, to terminate this Agreement if the other Party materially breaches it.',
    ],
    ['The other party may, at its option, terminate this Agreement upon written notice if there is a change in ownership of either party.'],
  ])('does not count %j', (text) => {
    expect(convenience(text)).toBeNull();
  });
});
