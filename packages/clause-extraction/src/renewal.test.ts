import { describe, expect, it } from 'vitest';
import { extractRuleFields } from './extract-fields.js';

/** These tests pin the rules themselves; the learned models that judge them are tested in judgement/. */
const extractFields = (text: string) => extractRuleFields(text).contract;

const renewal = (text: string) => extractFields(text).autoRenewal;

describe('renewal term', () => {
  it('reads an evergreen continuation as a perpetual automatic renewal with its notice', () => {
    expect(
      renewal(
        'This contract shall be for a term of one year; thereafter, it shall automatically continue until terminated by either party upon not less than thirty (30) days prior written notice.',
      ),
    ).toMatchObject({ automatic: true, renewalTerm: 'perpetual', noticeDays: 30 });
    expect(
      renewal(
        'This agreement shall continue for an initial term of one (1) year and indefinitely after that until terminated by either party giving at least twelve (12) months prior written notice.',
      ),
    ).toMatchObject({ automatic: true, renewalTerm: 'perpetual', noticeDays: 360 });
  });

  it('prefers a renewal with a stated term over an evergreen one', () => {
    expect(
      renewal(
        'The licence shall thereafter continue until terminated by either party upon notice. This Agreement shall automatically renew for successive one (1) year terms.',
      ),
    ).toMatchObject({ automatic: true, renewalTerm: 'successive 1 year' });
  });

  it('reads a year-to-year continuation and annual periods as successive one-year renewals', () => {
    expect(
      renewal(
        'Unless either party gives notice at least six (6) months prior to the end of the Initial Term, this Agreement shall continue on a year to year basis.',
      ),
    ).toMatchObject({ automatic: true, renewalTerm: 'successive 1 year', noticeDays: 180 });
    expect(
      renewal(
        'This Agreement will automatically renew for one or more annual periods after the Initial Term unless either party gives notice of non-renewal at least one hundred eighty (180) days prior.',
      ),
    ).toMatchObject({ automatic: true, renewalTerm: 'successive 1 year', noticeDays: 180 });
  });

  it('skips something else that continues automatically when the contract itself renews later', () => {
    const contract = renewal(
      'Maintenance and Support shall automatically continue during the term, provided Corio pays the fees. Thereafter, this Agreement shall automatically renew for subsequent one (1) year periods unless either party gives notice at least thirty (30) days prior to expiration.',
    );
    expect(contract).toMatchObject({ automatic: true, renewalTerm: 'successive 1 year', noticeDays: 30 });
  });

  it('counts a renewal by agreement of both parties only when it states the renewal period', () => {
    expect(
      renewal('The term of this Agreement may be extended for an additional two year period with the written consent of both parties.'),
    ).toMatchObject({ automatic: false, renewalTerm: '2 years' });
    expect(renewal('This Agreement may be renewed by mutual written agreement of the parties for an additional term.')).toBeNull();
  });

  it('does not take a term that simply ends, or a termination right, for a renewal', () => {
    expect(renewal('This Agreement shall remain in effect for five (5) years unless terminated earlier.')).toBeNull();
    expect(renewal('Either party may terminate this Agreement at any time upon sixty (60) days notice.')).toBeNull();
  });

  it('follows a cross-reference to the clause that sets the non-renewal notice', () => {
    const text = [
      '5.1 Term. The term of this JSMA ends on April 30, 2029, with automatic renewals each for a period of five (5) years unless notice is given pursuant to 5.2.',
      '5.2 Non-renewal. This JSMA will end at the end of the Term or any Renewal Term if either Party gives written notice of non-renewal no less than one hundred twenty (120) days prior to the expiry date.',
      '5.3 Other. Either party may terminate for material breach on thirty (30) days notice.',
    ].join('\n');
    expect(renewal(text)).toMatchObject({ automatic: true, renewalTerm: '5 years', noticeDays: 120, noticeRequired: true });
  });

  it('takes the notice from a termination of the contract at the end of a term set anywhere in it', () => {
    const filler = 'The Supplier shall deliver the goods to the premises of the Customer. '.repeat(20);
    const renewalSentence =
      '2. Term. This Agreement shall remain in effect until the end of the calendar year and shall be automatically renewed for successive one (1) year periods unless terminated under Section 18.';
    const withTermination = (termination: string) => renewal(`${renewalSentence}\n${filler}\n18. ${termination}`);
    expect(
      withTermination(
        'This Agreement may be terminated by either party at the expiration of its term or any renewal term upon thirty (30) days written notice.',
      ),
    ).toMatchObject({ renewalTerm: 'successive 1 year', noticeDays: 30, noticeRequired: true });
    expect(
      withTermination('The Agreement shall be terminated at the end of the then-current term by sixty (60) days prior notice.'),
    ).toMatchObject({
      noticeDays: 60,
    });
    // A termination right at any time, or of something other than the contract, does not stop the renewal.
    expect(withTermination('Either party may terminate this Agreement at any time upon thirty (30) days written notice.')).toMatchObject({
      noticeDays: null,
      noticeRequired: false,
    });
    expect(withTermination('Any Order may be terminated at the end of its term upon thirty (30) days notice.')).toMatchObject({
      noticeDays: null,
    });
    expect(withTermination('This Agreement may be terminated at the expiration of its term.')).toMatchObject({ noticeDays: null });
  });

  it('takes the notice from the very next sentence, and marks a redacted notice as required without a length', () => {
    expect(
      renewal(
        'This agreement will be automatically renewed at the end of every ten (10) year term. A six (6) months notice must be given by either party of their intention to terminate.',
      ),
    ).toMatchObject({ renewalTerm: 'successive 10 years', noticeDays: 180, noticeRequired: true });
    expect(
      renewal(
        'This Agreement shall automatically renew for successive periods of one (1) year, unless a Party delivers written notice of non-renewal [***] prior to the end of the applicable term.',
      ),
    ).toMatchObject({ renewalTerm: 'successive 1 year', noticeDays: null, noticeRequired: true });
    expect(renewal('This Agreement shall automatically renew for successive periods of one (1) year.')).toMatchObject({
      noticeDays: null,
      noticeRequired: false,
    });
  });

  it('does not read a definition as the renewal', () => {
    const contract = renewal(
      '"Renewal Term" shall have the meaning ascribed thereto in Section 8.1 [Automatic Renewal]. This Agreement will automatically renew on a year to year basis unless either party notifies the other at least 30 days prior to the end of the then current Renewal Term.',
    );
    expect(contract).toMatchObject({ renewalTerm: 'successive 1 year', noticeDays: 30 });
  });

  it('reads the term written before an "unless ... non-renewal" clause, monthly periods, and a term set in the next sentence', () => {
    expect(
      renewal(
        'This Agreement may be renewed for additional periods of one (1) year unless either Party provides notice of nonrenewal upon not less than [***] prior written notice.',
      ),
    ).toMatchObject({ renewalTerm: 'successive 1 year', noticeRequired: true });
    expect(
      renewal(
        'This Agreement will extend automatically for monthly periods unless either party notifies the other in writing at least thirty (30) days before the expiration of the then current term.',
      ),
    ).toMatchObject({ automatic: true, renewalTerm: 'successive 1 month', noticeDays: 30 });
    expect(
      renewal(
        "Unless either party gives at least ninety days' prior written notice that it elects not to extend the term beyond December 31, 1998, the term of this Agreement will be automatically extended until December 31, 1999. Thereafter this Agreement will automatically be renewed for successive additional periods of one year.",
      ),
    ).toMatchObject({ automatic: true, renewalTerm: 'successive 1 year', noticeDays: 90 });
  });

  it('reads a tacit renewal and an extension stopped only by a notice of non-renewal as automatic', () => {
    expect(
      renewal(
        'It is established by calendar year and renewed tacitly every year. The Agreement remains cancellable at any time by either party before the expiry date of the Agreement or any of its renewals, upon three months prior written notice.',
      ),
    ).toMatchObject({ automatic: true, renewalTerm: 'successive 1 year', noticeDays: 90 });
    expect(
      renewal(
        'This Agreement shall have a duration of three years, extendable for a further three years, unless notice of non-renewal is sent one year before the natural expiry date.',
      ),
    ).toMatchObject({ automatic: true, noticeDays: 365 });
    expect(renewal('Unless notice of termination is given, the Supplier shall deliver the goods.')).toBeNull();
  });

  it('reads a party\'s option written as "at X\'s option", "right to annually renew" or with the length alone', () => {
    expect(
      renewal("At Distributor's option, this Agreement shall renew for a subsequent term of two (2) years on the terms herein."),
    ).toMatchObject({ automatic: false, renewalTerm: expect.stringMatching(/(?:^| )2 years$/) });
    expect(
      renewal(
        'Reseller shall have the right to annually renew this agreement for a period of one year upon each annual expiration with the written consent of the Company.',
      ),
    ).toMatchObject({ automatic: false, renewalTerm: 'successive 1 year' });
    expect(
      renewal(
        'Customer may, at its option, renew this Agreement for one (1) twelve month period at the then-current terms and conditions.',
      ),
    ).toMatchObject({ automatic: false, renewalTerm: '12 months' });
    expect(renewal('Buyer may, at its option, extend the delivery date for one (1) month.')).toBeNull();
  });

  it('reads renewals by agreement of both parties "for up to" a length or for successive periods', () => {
    expect(
      renewal(
        'The initial term shall be four (4) years, which term may be extended for up to three (3) years by written agreement of both Parties prior to the expiration date.',
      ),
    ).toMatchObject({ automatic: false, renewalTerm: '3 years' });
    expect(
      renewal(
        'This Agreement may be renewed for successive one (1) year periods if Supplier and Distributor expressly agree in writing to renew this Agreement.',
      ),
    ).toMatchObject({ automatic: false, renewalTerm: 'successive 1 year' });
  });

  it('reads a conditional extension of the term only when it states a length', () => {
    expect(
      renewal(
        'This promotion shall terminate June 1, 2000. This term shall be extended for a 1 year period provided 3000 units per month are sold.',
      ),
    ).toMatchObject({ automatic: false, renewalTerm: '1 year' });
    expect(renewal('The term of this Agreement shall be extended for a period equal to the period of the force majeure delay.')).toBeNull();
  });

  it('takes the rolling unit as the term: month to month, or a yearly basis capped in total', () => {
    expect(
      renewal(
        'Thereafter, this Agreement shall be effective month to month, until terminated by either party upon sixty (60) days written notice.',
      ),
    ).toMatchObject({ automatic: true, renewalTerm: 'successive 1 month', noticeDays: 60 });
    expect(
      renewal(
        "After the Initial Term, the Agreement may be extended on a yearly basis up to ten (10) years at Licensee's sole discretion, with renewal notice to be provided no later than twelve (12) months prior to the expiry of any yearly extension; the Term shall be no more than fifteen (15) years in total.",
      ),
    ).toMatchObject({ renewalTerm: '10 successive 1 year', noticeDays: 360 });
    expect(
      renewal(
        'The Agreement shall be renewable on an annual basis for one (1) year terms for up to another ten (10) years on the same terms and conditions.',
      ),
    ).toMatchObject({ renewalTerm: '10 successive 1 year' });
    expect(renewal('The new prices shall be effective as of the first annual review of the price list.')).toBeNull();
  });

  it('reads a renewal named by a defined period, and an automatic renewal of unstated length as the initial length', () => {
    expect(
      renewal(
        'Licensee may elect to extend such term for additional two (2)-year periods (each a "Renewal Period"). If Licensee notifies the Company of its intent to renew, the term of this Agreement shall automatically be extended for the Renewal Period.',
      ),
    ).toMatchObject({ automatic: true, renewalTerm: 'successive 2 years' });
    expect(
      renewal(
        'This Agreement shall be for the term of one year; thereafter, the Agreement shall renew automatically under these same terms.',
      ),
    ).toMatchObject({ automatic: true, renewalTerm: 'successive 1 year' });
    expect(
      renewal(
        'The Initial Term shall automatically be extended for an additional period of half a year unless either party gives notice at least 60 days prior to end of such period.',
      ),
    ).toMatchObject({ renewalTerm: '6 months', noticeDays: 60 });
  });

  it('reads a non-renewal notice written "to the other Party of at least" a length, or without its unit', () => {
    expect(
      renewal(
        'Thereafter, this Agreement shall automatically be renewed for successive 1-year terms. Following the Initial Term, either Party may terminate this Agreement without cause upon written notice to the other Party of at least 3 months.',
      ),
    ).toMatchObject({ renewalTerm: 'successive 1 year', noticeDays: 90 });
    expect(
      renewal(
        'The term ends at April 30, 2029, with automatic renewals each for a period of five (5) years unless either Party gives written notice of non-renewal no less than 120 prior to the applicable expiry date.',
      ),
    ).toMatchObject({ automatic: true, noticeDays: 120 });
  });
});

describe('renewal term: automatic renewal written as what happens without notice', () => {
  it.each([
    [
      'Unless either party gives written notice of termination at least sixty (60) days prior to the expiration of the Initial Term, this Agreement shall be extended for an additional one (1) year period.',
      '1 year',
      60,
    ],
    [
      'If neither party gives notice of non-renewal at least thirty days before the expiration of the Term, the Term will be extended by successive twelve-month periods.',
      'successive 12 months',
      30,
    ],
    [
      'This Agreement shall continue in force for successive periods of two years unless and until terminated by either party giving not less than 6 months notice to expire at the end of the initial period or any subsequent period.',
      'successive 2 years',
      180,
    ],
  ])('reads %j as automatic', (text, renewalTerm, noticeDays) => {
    expect(renewal(text)).toMatchObject({ automatic: true, renewalTerm, noticeDays });
  });

  it('does not read a notice that ends the contract as a renewal', () => {
    expect(
      renewal('Unless either party gives written notice of termination, this Agreement shall terminate on December 31, 2020.'),
    ).toBeNull();
  });
});

describe('renewal term: an option on the contract whose length is given elsewhere', () => {
  it('counts the right to renew or extend this Agreement as an optional renewal', () => {
    expect(
      renewal('At the end of such period, HSWI shall have the right to renew the Agreement under materially the same terms.'),
    ).toMatchObject({
      automatic: false,
      renewalTerm: null,
    });
    expect(
      renewal(
        'Cisco may, by written notice given at least thirty (30) days prior to the end of the term, extend the term of the Agreement for the period set forth in such notice.',
      ),
    ).toMatchObject({ automatic: false });
    expect(renewal('Licensee may renew its registration of the Licensed Marks at its own cost.')).toBeNull();
  });
});

const AUTOMATIC_YEAR = { renews: true, automatic: true, renewalTerm: 'successive 1 year' };

describe('automatic renewal wordings', () => {
  it.each([
    ['This Agreement shall renew each year automatically.', AUTOMATIC_YEAR],
    ['This Agreement shall be renewed for successive one (1) year terms.', AUTOMATIC_YEAR],
    ['This Agreement shall thereafter be renewed for successive one (1) year terms.', AUTOMATIC_YEAR],
    ['This Agreement shall renew for successive one-year terms.', AUTOMATIC_YEAR],
    ['This Agreement shall renew on a successive basis for additional one (1) year terms.', AUTOMATIC_YEAR],
    [
      'This Agreement shall renew for two (2) additional terms of one (1) year each.',
      { automatic: true, renewalTerm: '2 successive 1 year' },
    ],
    ['This Agreement shall renew tacitly for successive one (1) year periods.', AUTOMATIC_YEAR],
    ['This Agreement shall extend tacitly for successive one (1) year periods.', AUTOMATIC_YEAR],
    ['This Agreement is subject to tacit renewal for successive periods of one year.', AUTOMATIC_YEAR],
  ])('reads %j as automatic', (text, expected) => {
    expect(renewal(text)).toMatchObject(expected);
  });

  it('reads "renewed for twelve month periods on a year-to-year basis" as twelve months, and thirty-day periods as days', () => {
    expect(
      renewal(
        'Thereafter, this Agreement shall be renewed for twelve (12) month periods on a year-to-year basis unless terminated by either party.',
      ),
    ).toMatchObject({ automatic: true, renewalTerm: 'successive 12 months' });
    expect(
      renewal(
        'Thereafter, this Agreement shall be renewed for thirty (30) day periods on a month-to-month basis unless terminated by either party.',
      ),
    ).toMatchObject({ automatic: true, renewalTerm: 'successive 30 days' });
  });

  it.each([
    'This Agreement shall be extended for one year unless either party notifies the other of its decision not to renew.',
    'The Term shall be extended by one (1) year unless written notice of non-renewal is given ninety (90) days before expiry.',
    'The Term shall be extended by one (1) year unless notice of nonrenewal is given ninety (90) days before expiry.',
    'The Term shall be extended by one (1) year unless notice of non renewal is given ninety (90) days before expiry.',
  ])('reads an extension that only a notice of non-renewal stops as automatic: %j', (text) => {
    expect(renewal(text)).toMatchObject({ automatic: true, renewalTerm: '1 year' });
  });

  it.each([
    'This Agreement expires automatically at the end of the Term should either party decline to renew it.',
    'This Agreement expires automatically at the end of the Term should the Licensee fail to renew it.',
    'This Agreement expires automatically at the end of the Term should the Licensee refuse to renew it.',
    'This Agreement ends automatically when the Licensee elects to cancel the licence rather than renew it.',
  ])('does not read an automatic expiry that a party may avoid by renewing as a renewal: %j', (text) => {
    expect(renewal(text)).toBeNull();
  });

  it.each([
    'The patent shall be renewed automatically by the Licensor each year.',
    'The registration of the Trademark shall be renewed automatically each year.',
    'The time for performance shall be extended automatically by the period of any delay.',
    'The time for the performance of the Services shall be extended automatically by the period of any delay.',
    'The payment term shall be extended automatically by thirty (30) days.',
  ])('does not take something other than the contract that renews automatically for a renewal: %j', (text) => {
    expect(renewal(text)).toBeNull();
  });
});

describe('optional renewal wordings', () => {
  it.each([
    [
      'Should Licensee elect to renew this Agreement for an additional term of three (3) years, it shall give notice before the end of the Term.',
      '3 years',
    ],
    ['Licensee shall be entitled to renew this Agreement for a further period of two (2) years.', '2 years'],
    ['Licensee may renew this Agreement for up to two (2) additional years.', '2 years'],
    ['Licensee may renew this Agreement for additional terms of two (2) years each.', 'successive 2 years'],
    ['Licensee may renew this Agreement for a period of two (2) years.', '2 years'],
    ['Licensee may renew this Agreement for a period of ten (10) years.', '10 years'],
    ['This Agreement may be renewed for ten (10) years.', '10 years'],
    ['Licensee may, at its option, extend it for an additional term of two (2) years.', '2 years'],
    ['Distributor may renew the exclusive worldwide distribution license for an additional two (2) years.', '2 years'],
    ['This Agreement grants Licensee the option to renew it for a term equal to the Initial Term.', null],
    ["This Agreement may be renewed at Licensee's request for a further term of three (3) years.", '3 years'],
    ['This Agreement may be renewed for a further two (2) years.', '2 years'],
    ['This Agreement may be extended for another two (2) years.', 'successive 2 years'],
    ['This Agreement may be extended for another two (2) calendar years.', 'successive 2 years'],
    ['This Agreement may be renewed for an additional two (2) years.', '2 years'],
    ['This Agreement may be renewed for consecutive one (1) year periods.', 'successive 1 year'],
    ['This Agreement may be renewed for an additional one-year term.', '1 year'],
    ['This Agreement may be extended for one (1) month by the Distributor.', '1 month'],
    ['This JSMA may be renewed for an additional period of two (2) years.', '2 years'],
    [
      'The term hereof shall be extended for a period of one (1) year provided that Distributor meets the minimum purchase requirement.',
      '1 year',
    ],
    [
      'The term hereunder shall be extended for a period of one (1) year provided that Distributor meets the minimum purchase requirement.',
      '1 year',
    ],
    ['If the minimum is met, the Term shall then be extended for one (1) additional year.', '1 year'],
  ])("reads %j as a renewal at a party's option", (text, renewalTerm) => {
    expect(renewal(text)).toMatchObject({ renews: true, automatic: false, renewalTerm });
  });

  it.each([
    'This Agreement may be renewed for an additional term upon mutual consent.',
    'This Agreement may be renewed for an additional term if agreed by both parties.',
    'This Agreement may be renewed for an additional term upon written agreement of both parties.',
    'This Agreement may be renewed for an additional term, both parties agreeing in writing.',
    'This Agreement may be renewed for an additional term if the parties agree.',
    'This Agreement may be renewed for such additional term as the parties may agree.',
    'This Agreement may be renewed for an additional term by an instrument in writing signed by both Licensor and Licensee.',
  ])('does not count a renewal of unstated length that needs both parties: %j', (text) => {
    expect(renewal(text)).toBeNull();
  });
});

describe('look-alikes of a renewal', () => {
  it('does not read an open-ended term without a first term or a notice as a renewal', () => {
    expect(
      renewal(
        'This Agreement shall be effective from the date first above written and shall continue indefinitely until terminated by either Party in accordance with its provisions.',
      ),
    ).toBeNull();
    expect(
      renewal(
        'This Agreement shall be effective from the date first above written and shall continue indefinitely until terminated by either Party upon sixty (60) days notice.',
      ),
    ).toMatchObject({ renewalTerm: 'perpetual', noticeDays: 60 });
    expect(
      renewal('This Agreement shall run for one (1) year and thereafter continue indefinitely until terminated by either party.'),
    ).toMatchObject({
      renewalTerm: 'perpetual',
    });
  });

  it('does not take a company or plan named Evergreen, annual funding, or a force majeure extension for a renewal', () => {
    expect(renewal('The Company shall file for the Evergreen Packaging Pension Plan and the Reynolds Retirement Plan.')).toBeNull();
    expect(renewal('The principles of evergreen of the Fund apply to the reserves.')).toBeNull();
    expect(renewal('The Sponsor will continue to provide annual funding until the completion of Phase II.')).toBeNull();
    expect(
      renewal(
        'The obligations of a Party affected shall be suspended during the period of delay caused by the Force Majeure and shall be automatically extended, without penalty, for a period equal to such suspension.',
      ),
    ).toBeNull();
    expect(renewal('This Agreement is an evergreen agreement and continues until terminated by either party.')).toMatchObject({
      automatic: true,
    });
    expect(renewal('This Agreement shall continue on an annual basis unless either party gives notice of termination.')).toMatchObject({
      automatic: true,
      renewalTerm: 'successive 1 year',
    });
  });
});

describe('evergreen and rolling renewals', () => {
  it.each([
    ['After that, this Agreement shall continue until terminated by either party on ninety (90) days notice.', 90],
    ['From year to year, this Agreement shall continue until terminated by either party upon sixty (60) days notice.', 60],
    ['From month to month, this Agreement shall continue until terminated by either party upon thirty (30) days notice.', 30],
    ['Thereafter, this Agreement shall remain in effect until terminated by either party upon thirty (30) days written notice.', 30],
    ['This Agreement shall continue for one (1) year and after that until terminated by either party on sixty (60) days notice.', 60],
    [
      'This Agreement shall continue for two (2) years and thereafter in full force until terminated by either party on ninety (90) days notice.',
      90,
    ],
    [
      'This Agreement shall commence on the Effective Date and shall remain in full force and effect until terminated by either party upon ninety (90) days written notice.',
      90,
    ],
    [
      'This Agreement will begin on the date it is signed and will continue in effect until terminated by any party by giving sixty (60) days notice.',
      60,
    ],
    [
      'The Term shall commence on the Effective Date, shall remain in effect until terminated by either party upon thirty (30) days notice.',
      30,
    ],
    [
      'This Agreement shall commence on the Effective Date and remain in effect until terminated by either party upon thirty (30) days notice.',
      30,
    ],
  ])('reads %j as perpetual', (text, noticeDays) => {
    expect(renewal(text)).toMatchObject({ renews: true, automatic: true, renewalTerm: 'perpetual', noticeDays, noticeRequired: true });
  });

  it.each([
    [
      'Thereafter this Agreement shall continue in effect on a year-to-year basis unless either party gives notice of termination.',
      AUTOMATIC_YEAR,
    ],
    [
      'This Agreement shall renew for annual periods unless terminated by either party upon sixty (60) days notice.',
      { ...AUTOMATIC_YEAR, noticeDays: 60 },
    ],
    [
      'This Agreement shall continue on a month-to-month basis unless either party gives thirty (30) days notice.',
      { automatic: true, renewalTerm: 'successive 1 month', noticeDays: 30 },
    ],
    ['This Agreement shall continue from year to year, unless terminated by either party.', AUTOMATIC_YEAR],
  ])('reads %j as a rolling renewal', (text, expected) => {
    expect(renewal(text)).toMatchObject(expected);
  });
});

describe('the sentence that renews the contract', () => {
  it('passes over a definition of the renewal term for the sentence that renews', () => {
    const later =
      'This Agreement shall automatically renew for successive periods of two (2) years unless either party gives sixty (60) days notice.';
    for (const definition of [
      '"Renewal Term" means each successive one (1) year period for which this Agreement is automatically renewed.',
      '"Renewal Term" shall mean each successive one (1) year period for which this Agreement is automatically renewed.',
    ]) {
      expect(renewal(`${definition} ${later}`)).toMatchObject({ renewalTerm: 'successive 2 years', noticeDays: 60 });
    }
  });
});

describe('length of the renewal term', () => {
  it.each([
    ['This Agreement shall automatically renew for one or more periods of one (1) year.', 'successive 1 year'],
    ['This Agreement shall automatically renew for a further period of one (1) year on each renewal date.', 'successive 1 year'],
    ['This Agreement shall automatically renew for three (3) month periods unless either party gives notice.', 'successive 3 months'],
    ['Thereafter this Agreement shall automatically renew for additional like terms of one (1) year.', 'successive 1 year'],
    ['This Agreement is subject to automatic two (2) year term extensions.', 'successive 2 years'],
    ['This Agreement shall automatically renew for an annual period.', '1 year'],
    ['This Agreement shall automatically renew for an annual term.', '1 year'],
    ['This Agreement is subject to automatic annual renewal.', '1 year'],
    ['This Agreement shall automatically be renewed on a year-to-year basis.', 'successive 1 year'],
    ['This Agreement shall automatically be renewed from year to year.', 'successive 1 year'],
    ['This Agreement shall automatically renew for a monthly period.', '1 month'],
    ['This Agreement shall automatically renew for a monthly term.', '1 month'],
    ['This Agreement is subject to automatic monthly renewal.', '1 month'],
    ['This Agreement shall automatically renew every month unless terminated by either party.', 'successive 1 month'],
  ])('reads the term of %j', (text, renewalTerm) => {
    expect(renewal(text)).toMatchObject({ automatic: true, renewalTerm });
  });

  it.each([
    ['Thereafter, this Agreement shall automatically renew for successive renewal terms of the same duration.', 'successive 3 years'],
    ['Thereafter, this Agreement shall automatically renew for successive periods equal to the initial term.', 'successive 3 years'],
    [
      'Thereafter, this Agreement shall automatically renew for successive periods equal in duration to the initial term.',
      'successive 3 years',
    ],
    ['Thereafter, this Agreement shall automatically renew for successive periods equal to the then-current term.', 'successive 3 years'],
    [
      'Thereafter, this Agreement shall automatically renew for successive renewal terms, each equal in duration to the preceding term.',
      'successive 3 years',
    ],
  ])('takes the length of the initial term for a renewal "of the same length": %j', (text, renewalTerm) => {
    expect(renewal(`The initial term of this Agreement is three (3) years. ${text}`)).toMatchObject({ automatic: true, renewalTerm });
  });

  it('finds the initial term written as the original term, in months, or in a later sentence than the first mention', () => {
    const same = 'Thereafter, this Agreement shall automatically renew for successive periods of the same length.';
    expect(
      renewal(
        `The Supplier has distributed the Products for ten (10) years. The original term of this Agreement is thirty-six (36) months. ${same}`,
      ),
    ).toMatchObject({
      renewalTerm: 'successive 36 months',
    });
    expect(
      renewal(
        `The Initial Term begins on the Effective Date. The initial term of this Agreement is two (2) years after the Effective Date. ${same}`,
      ),
    ).toMatchObject({ renewalTerm: 'successive 2 years' });
    expect(renewal(`The initial term of this Agreement ends ninety (90) days after delivery. ${same}`)).toMatchObject({
      renewalTerm: null,
    });
  });

  it.each([
    ['Licensee may renew this Agreement for up to 10 successive renewal terms of one (1) year each.', '10 successive 1 year'],
    ['Licensee may renew this Agreement for 3 successive terms of one (1) year each.', '3 successive 1 year'],
    ['Licensee may renew this Agreement for three successive terms of one (1) year each.', '3 successive 1 year'],
    ['Licensee may renew this Agreement for three (3) additional renewal terms of two (2) years each.', '3 successive 2 years'],
    ['Licensee may renew this Agreement for ten (10) additional terms of one (1) year each.', '10 successive 1 year'],
    ['Licensee may renew this Agreement for one (1) additional term of two (2) years.', '2 years'],
  ])('counts the renewals a party may make: %j', (text, renewalTerm) => {
    expect(renewal(text)).toMatchObject({ automatic: false, renewalTerm });
  });
});

describe('lengths that are not the renewal term, and caps on rolling renewals', () => {
  it.each([
    'This Agreement shall automatically renew at the end of the Initial Term (being three (3) years) after which it shall continue for successive one (1) year terms.',
    'This Agreement shall automatically renew on the date three (3) years from the Effective Date for successive one (1) year terms.',
    'This Agreement shall automatically renew on the date three (3) years from the date of signature for successive one (1) year terms.',
    'This Agreement shall automatically renew on the date three (3) years after the Effective Date for successive one (1) year terms.',
  ])('passes over a length that dates the renewal: %j', (text) => {
    expect(renewal(text)).toMatchObject({ renewalTerm: 'successive 1 year' });
  });

  it.each([
    ['This Agreement shall automatically renew on a year-to-year basis for up to five (5) years.', '5 successive 1 year'],
    ['This Agreement shall automatically renew each year for up to five (5) years.', '5 successive 1 year'],
    ['This Agreement shall renew on an annual basis for up to a ten (10) year period in total.', '10 successive 1 year'],
    ['This Agreement shall renew on an annual basis for up to a maximum of five (5) years.', '5 successive 1 year'],
    ['This Agreement shall renew on an annual basis for up to a total of five (5) years.', '5 successive 1 year'],
    ['This Agreement shall renew on an annual basis for up to thirty-six (36) months.', '3 successive 1 year'],
    ['Renewable on an annual basis for up to three (3) years.', '3 successive 1 year'],
    ['This Agreement shall renew on an annual basis for up to one (1) year.', 'successive 1 year'],
    ['This Agreement shall renew on an annual basis for up to eighteen (18) months.', 'successive 1 year'],
  ])('counts the yearly renewals a cap allows, only when it is a whole number above one: %j', (text, renewalTerm) => {
    expect(renewal(text)).toMatchObject({ automatic: true, renewalTerm });
  });

  it('takes month to month as the term whatever length follows, but only when it is near the renewal', () => {
    expect(
      renewal('After the Initial Term, this Agreement shall continue on a month-to-month basis for a maximum of six (6) months.'),
    ).toMatchObject({ renewalTerm: 'successive 1 month' });
    expect(
      renewal('After the Initial Term, this Agreement shall continue from month to month for a maximum of six (6) months.'),
    ).toMatchObject({ renewalTerm: 'successive 1 month' });
    expect(
      renewal(
        'This Agreement shall continue on a year-to-year basis unless either party gives notice, in which case the Services shall be provided on a month-to-month basis until the transition is complete.',
      ),
    ).toMatchObject({ renewalTerm: 'successive 1 year' });
  });
});

const RENEWS_YEARLY = 'This Agreement shall automatically renew for successive one (1) year periods.';

describe('notice of non-renewal in a neighbouring sentence', () => {
  it.each([
    'A party electing not to renew must notify the other at least sixty (60) days in advance.',
    'Notice of nonrenewal must be given sixty (60) days in advance.',
    'A party wishing to renew shall give sixty (60) days notice.',
    'A party with no intent to renew shall give sixty (60) days notice.',
    'A party with the intention not to renew shall give sixty (60) days notice.',
    'A party with the intention to renew shall give sixty (60) days notice.',
    'Written notice must be given sixty (60) days before the anniversary date.',
    'Notice must be given sixty (60) days before the end of the then-current term.',
  ])('takes the notice from the next sentence when it is about ending or renewing: %j', (next) => {
    expect(renewal(`${RENEWS_YEARLY} ${next}`)).toMatchObject({ noticeDays: 60, noticeRequired: true });
  });

  it.each([
    'Either party may terminate this Agreement upon sixty (60) days notice prior to any renewal.',
    'The party giving notice of nonrenewal must do so at least sixty (60) days in advance.',
    'Either party may terminate this Agreement upon sixty (60) days notice before expiration.',
    'Either party may terminate this Agreement upon sixty (60) days notice before the end of the term.',
    'Either party may terminate this Agreement upon sixty (60) days notice before end of initial term.',
    'Either party may terminate this Agreement upon sixty (60) days notice before the end of the then-current term.',
    'Either party may terminate this Agreement upon sixty (60) days notice before the end of a renewal period.',
    'Either party may terminate this Agreement upon sixty (60) days notice before the end of any renewal term.',
    'Either party may terminate this Agreement upon sixty (60) days notice before the end of each extension period.',
    'Either party may terminate this Agreement upon sixty (60) days notice before the end of any term.',
    'Either party may terminate this Agreement upon sixty (60) days notice before the end of a term.',
    'Either party may terminate this Agreement upon sixty (60) days notice before the end of the current term. Invoices are payable monthly.',
  ])('takes the notice from an earlier sentence only when it names the end of a term: %j', (before) => {
    expect(renewal(`${before} ${RENEWS_YEARLY}`)).toMatchObject({ noticeDays: 60, noticeRequired: true });
  });

  it('passes over notices about something else, and a neighbour too far away', () => {
    expect(renewal(`Either party may terminate this Agreement for breach upon thirty (30) days notice. ${RENEWS_YEARLY}`)).toMatchObject({
      noticeDays: null,
      noticeRequired: false,
    });
    expect(renewal(`${RENEWS_YEARLY} Invoices may be disputed by written notice given within thirty (30) days.`)).toMatchObject({
      noticeDays: null,
      noticeRequired: false,
    });
    const filler = `The Supplier shall deliver the Products ${'to the delivery points named by the Customer, '.repeat(18)}at its own cost.`;
    const next = 'Notice of non-renewal must be given sixty (60) days before the end of the then-current term.';
    expect(renewal(`${RENEWS_YEARLY} ${filler} ${next}`)).toMatchObject({ noticeDays: null });
    expect(renewal(`${filler} ${RENEWS_YEARLY} ${next}`)).toMatchObject({ noticeDays: 60 });
  });

  it('marks a redacted notice in the next sentence as required only when it is about the end of a term', () => {
    expect(renewal(`${RENEWS_YEARLY} Notice of termination must be given [***] prior to the end of the then-current term.`)).toMatchObject({
      noticeDays: null,
      noticeRequired: true,
    });
    expect(renewal(`${RENEWS_YEARLY} Either party may terminate for breach.`)).toMatchObject({ noticeRequired: false });
    expect(renewal(`${RENEWS_YEARLY} Either party may terminate this Agreement at the end of the then-current term.`)).toMatchObject({
      noticeRequired: false,
    });
  });
});

describe('notice of non-renewal in a clause the renewal refers to', () => {
  const far =
    '5.2 Payment. Payments are due within thirty (30) days of invoice. Prices are fixed for the Term. Deliveries are made to the Customer site. Risk passes on delivery.';
  const notice = 'Notice of non-renewal must be given at least ninety (90) days before the end of the then-current term.';
  it.each([
    ['unless notice is given pursuant to 9.2', `9.1 Notices. All notices shall be in writing.\n9.2 Non-renewal. ${notice}`],
    ['unless notice is given pursuant to Section 9.2', `9.1 Notices. All notices shall be in writing.\n9.2 Non-renewal. ${notice}`],
    [
      'unless notice is given in accordance with paragraph 9.12',
      `9.11 Notices. All notices shall be in writing.\n9.12 Non-renewal. ${notice}`,
    ],
    ['unless notice is given in accordance with 9.12', `9.11 Notices. All notices shall be in writing.\n9.12 Non-renewal. ${notice}`],
    ['unless notice is given under clause 9.2.1', `9.2 Notices. All notices shall be in writing.\n9.2.1 Non-renewal. ${notice}`],
    ['unless notice is given per 12', `12. Non-renewal. ${notice}`],
    ['unless notice is given as set out in Section 12', `Section 12 Renewal Notices\n${notice}`],
    ['unless notice is given as set out in Article 12', `ARTICLE 12 RENEWAL NOTICES\n${notice}`],
  ])('follows "%s"', (reference, clause) => {
    const text = `5.1 Term. This Agreement shall automatically renew for successive one (1) year periods ${reference}.\n${far}\n${clause}`;
    expect(renewal(text)).toMatchObject({ noticeDays: 90, noticeRequired: true });
  });

  it('does not take a notice from a referenced clause that is not about the end of the term', () => {
    const text = `5.1 Term. This Agreement shall automatically renew for successive one (1) year periods unless terminated under Section 9.2.\n${far}\n9.2 Breach. Either party may terminate this Agreement upon thirty (30) days notice of a material breach.`;
    expect(renewal(text)).toMatchObject({ noticeDays: null });
  });

  it('reads only the sentences of the referenced clause', () => {
    const orders = 'Notice of non-renewal of any Order must be given sixty (60) days before the end of the then-current term.';
    const text = `5.1 Term. This Agreement shall automatically renew for successive one (1) year periods unless terminated under Section 9.2.\n${far}\n9.1 ${orders}\n9.2 Breach. Either party may terminate this Agreement upon thirty (30) days notice of a material breach.\n9.3 ${orders}`;
    expect(renewal(text)).toMatchObject({ noticeDays: null });
  });
});

describe('a renewal term given elsewhere in the contract', () => {
  it('takes a defined renewal period from its definition, whatever its case, and only a length of months or years', () => {
    expect(
      renewal(
        'This Agreement commences on the Effective Date and has an initial term of five (5) years. Licensee may extend the term for additional two (2) year periods (each a "Renewal Period"). If Licensee so elects, the term of this Agreement shall automatically be extended for the renewal period.',
      ),
    ).toMatchObject({ automatic: true, renewalTerm: 'successive 2 years' });
    expect(
      renewal(
        'Licensee may extend the term for additional two (2) year periods (each a "Renewal Period"), subject to a maximum term of ten (10) years. If Licensee so elects, the term of this Agreement shall automatically be extended for the Renewal Period.',
      ),
    ).toMatchObject({ renewalTerm: 'successive 2 years' });
    expect(
      renewal(
        'Licensee may request an extension within ninety (90) days (the "Extension Period"). The term of this Agreement shall automatically be extended for the extension period.',
      ),
    ).toMatchObject({ automatic: true, renewalTerm: null });
  });

  it('keeps the length written in the renewal sentence over a defined period of the same name', () => {
    expect(
      renewal(
        'Licensee may request successive extensions of one (1) year (each an "Additional Term"). This Agreement shall automatically renew for an additional term of one (1) year.',
      ),
    ).toMatchObject({ renewalTerm: '1 year' });
  });

  it('reads the term in the following sentences only when they renew "thereafter" or "further", and not in earlier ones', () => {
    const extended = 'This Agreement shall be automatically extended until December 31, 2025.';
    expect(renewal(`${extended} Renewals thereafter shall be for successive one (1) year periods.`)).toMatchObject({
      renewalTerm: 'successive 1 year',
    });
    expect(
      renewal(
        `${extended} Thereafter, this Agreement may be renewed by the Distributor. Any further renewal shall be for one (1) additional year.`,
      ),
    ).toMatchObject({ renewalTerm: '1 year' });
    expect(renewal(`${extended} Each renewal of the Services shall be for one (1) year.`)).toMatchObject({ renewalTerm: null });
    expect(renewal(`${extended} Thereafter, the parties shall review the prices annually.`)).toMatchObject({ renewalTerm: null });
    expect(renewal(`${extended} After two (2) years, this Agreement may be further renewed by the Distributor.`)).toMatchObject({
      renewalTerm: null,
    });
    expect(
      renewal(`Thereafter, any renewal of the Software licences shall be for additional periods of two (2) years. ${extended}`),
    ).toMatchObject({
      renewalTerm: null,
    });
  });

  it('takes the length before an automatic renewal of unstated length only in months or years', () => {
    expect(
      renewal(
        'This Agreement shall be for a term of one (1) year, with deliveries due within thirty (30) days of each order; thereafter, the Agreement shall renew automatically under these same terms.',
      ),
    ).toMatchObject({ renewalTerm: 'successive 1 year' });
    expect(renewal('This Agreement shall be for a term of six (6) months; thereafter, it shall renew automatically.')).toMatchObject({
      renewalTerm: 'successive 6 months',
    });
  });
});

describe('where the renewal term is read from', () => {
  it('reads the term after the renewal, not a length before it, unless the match starts at "unless"', () => {
    expect(
      renewal(
        'Upon renewal after the initial five (5) year term, this Agreement shall automatically renew for successive one (1) year periods unless either party gives notice of non-renewal.',
      ),
    ).toMatchObject({ renewalTerm: 'successive 1 year' });
    expect(
      renewal('Renewal of the Term: this Agreement shall be extended for one (1) year unless either party gives notice of non-renewal.'),
    ).toMatchObject({ automatic: true, renewalTerm: '1 year' });
  });

  it('looks for words of repetition near the renewal only', () => {
    expect(
      renewal(
        'Each subsequent purchase order shall be governed by these terms, and Buyer shall ensure that its affiliates comply with the confidentiality provisions of Section 9 and the audit provisions of Section 12, and this Agreement shall automatically renew for a period of one (1) year.',
      ),
    ).toMatchObject({ renewalTerm: '1 year' });
  });

  it('keeps a stated length over the length of the initial term', () => {
    expect(
      renewal(
        'The initial term is three (3) years. Thereafter, this Agreement shall automatically renew for successive renewal periods of one (1) year, the same period applying to each renewal.',
      ),
    ).toMatchObject({ renewalTerm: 'successive 1 year' });
  });
});

describe('which sentence is the renewal', () => {
  it('judges the subject of an automatic renewal and its exclusions near the renewal words only', () => {
    expect(
      renewal(
        'This Agreement shall automatically renew for successive one (1) year periods, provided that Supplier maintains the insurance required by Section 10.',
      ),
    ).toMatchObject(AUTOMATIC_YEAR);
    expect(
      renewal(
        'The Supplier shall maintain the insurance required by Section 10 at all times, and this Agreement shall automatically renew for successive one (1) year periods.',
      ),
    ).toMatchObject(AUTOMATIC_YEAR);
    expect(
      renewal(
        'Support under this order shall automatically renew each year. This Agreement shall automatically renew for successive two (2) year terms.',
      ),
    ).toMatchObject({ renewalTerm: 'successive 2 years' });
    expect(
      renewal(
        'Support services shall automatically renew each year unless cancelled under this Agreement. This Agreement shall automatically renew for successive two (2) year terms.',
      ),
    ).toMatchObject({ renewalTerm: 'successive 2 years' });
    expect(
      renewal(
        'This Agreement automatically renews for successive one (1) year periods. Each Order Form under this Agreement shall automatically renew for successive three (3) month periods.',
      ),
    ).toMatchObject({ renewalTerm: 'successive 1 year' });
  });

  it('takes the first option to renew, and only one the contract is the subject of', () => {
    expect(
      renewal(
        'Licensee may renew this Agreement for an additional term of two (2) years. Thereafter, Licensee may renew this Agreement for a further term of one (1) year.',
      ),
    ).toMatchObject({ automatic: false, renewalTerm: '2 years' });
    expect(renewal('The licence may be renewed for an additional two (2) years under the terms of this Agreement.')).toBeNull();
  });
});

describe('redacted and unit-less notice periods', () => {
  const renews = 'This Agreement shall automatically renew for successive one (1) year periods unless either party';
  it.each([
    'gives written notice of non-renewal [*] prior to the end of the term.',
    'gives written notice of non-renewal [ * ] prior to the end of the term.',
    'gives written notice of non-renewal [**] prior to the end of the term.',
    'gives written notice of non-renewal [* *] prior to the end of the term.',
    'gives notice of non-renewal at least [***] days prior to the anniversary date.',
    'gives notice of non-renewal at least [*] days prior to the anniversary date.',
    'gives notice of non-renewal at least [ * ] days prior to the anniversary date.',
    'gives notice of non-renewal at least [**] days prior to the anniversary date.',
    'gives notice of non-renewal at least [* *] days prior to the anniversary date.',
    'gives notice of non-renewal at least [***] of the then-current term.',
    'gives [***] prior written notice before the end of the term.',
    'gives [ *** ] prior written notice before the end of the term.',
    'gives [* * *] prior written notice before the end of the term.',
    'gives [***] days prior written notice before the end of the term.',
    'objects [***] in advance of the expiry of the term.',
    'objects [***] prior to the end of the term.',
  ])('requires a notice whose length is redacted: "... unless either party %s"', (rest) => {
    expect(renewal(`${renews} ${rest}`)).toMatchObject({ noticeDays: null, noticeRequired: true });
  });

  it('does not take a footnote mark for a redaction', () => {
    expect(renewal(`${renews} gives written notice of non-renewal* prior to the end of the term.`)).toMatchObject({
      noticeRequired: false,
    });
  });

  it.each([
    'objects no later than 90 (90) before the end of the term.',
    'objects no later than 90 prior to expiry.',
    'objects no later than 90 prior to the scheduled expiry date.',
    'objects not less than 90 before the end of the term.',
  ])('reads a notice count without its unit as days: "... unless either party %s"', (rest) => {
    expect(renewal(`${renews} ${rest}`)).toMatchObject({ noticeDays: 90, noticeRequired: true });
  });

  it('marks a notice written in the renewal sentence as required', () => {
    expect(renewal(`${renews} gives sixty (60) days notice.`)).toMatchObject({ noticeDays: 60, noticeRequired: true });
  });
});

describe('Chinese renewal clauses', () => {
  it.each([
    ['本合同期满前三十日内双方均未提出书面异议的，视为续约一年。', { automatic: true, renewalTerm: '1 year', noticeDays: 30 }],
    ['本合同期满前三十日内双方均未提出书面异议的，视为同意续约一年。', { automatic: true, renewalTerm: '1 year', noticeDays: 30 }],
    ['本合同期满自动续期一年。', { automatic: true, renewalTerm: '1 year', noticeDays: null }],
    ['本合同期满后，乙方可续签一年。', { automatic: false, renewalTerm: '1 year' }],
    ['本合同期满后，乙方有权续签一年。', { automatic: false, renewalTerm: '1 year' }],
    ['本合同期满后，乙方有权要求续签一年。', { automatic: false, renewalTerm: '1 year' }],
  ])('reads %j', (text, expected) => {
    expect(renewal(text)).toMatchObject({ renews: true, ...expected });
  });

  it.each(['本合同有效期两年，期满后经双方书面同意可以续签。', '本合同期满自动续期一年，但双方另行协商的除外。'])(
    'does not count a renewal that needs both parties: %j',
    (text) => {
      expect(renewal(text)).toBeNull();
    },
  );

  it.each([
    '任何一方不续约的，应提前三十日书面通知对方。',
    '任何一方不再续约的，应提前三十日书面通知对方。',
    '任何一方如有异议，应提前三十日书面通知对方。',
  ])('takes the notice from the next sentence: %j', (next) => {
    expect(renewal(`本合同期满自动续期一年。${next}`)).toMatchObject({ noticeDays: 30, noticeRequired: true });
  });
});

describe('rolling renewals written with "remain in effect"', () => {
  it.each([
    [
      'After the initial term this Agreement shall remain in full force and effect from year to year unless either party gives sixty (60) days written notice.',
      'successive 1 year',
    ],
    [
      'This Agreement shall remain in effect from year to year unless either party gives sixty (60) days written notice.',
      'successive 1 year',
    ],
    [
      'This Agreement shall remain in full force from year to year unless either party gives sixty (60) days written notice.',
      'successive 1 year',
    ],
    [
      'This Agreement shall remain in force on a month-to-month basis unless either party gives sixty (60) days written notice.',
      'successive 1 month',
    ],
    ['This Agreement shall be effective from year to year unless either party gives sixty (60) days written notice.', 'successive 1 year'],
    ['This Agreement shall be effective from month to month, unless either party gives sixty (60) days notice.', 'successive 1 month'],
  ])('reads %j as a rolling renewal', (text, renewalTerm) => {
    expect(renewal(text)).toMatchObject({ automatic: true, renewalTerm, noticeDays: 60 });
  });

  it('reads "remain in effect until either party gives notice" as perpetual, and 自动展期 as automatic', () => {
    expect(
      renewal('Thereafter this Agreement shall remain in effect until either party gives ninety (90) days written notice to the other.'),
    ).toMatchObject({ automatic: true, renewalTerm: 'perpetual', noticeDays: 90 });
    expect(renewal('本合同期满自动展期一年。')).toMatchObject({ automatic: true, renewalTerm: '1 year' });
  });

  it('does not read a term that simply remains in effect as a renewal', () => {
    expect(renewal('This Agreement shall remain in full force and effect for three (3) years from the Effective Date.')).toBeNull();
  });
});

describe('renewal term: sentences that only one wording of a rule decides', () => {
  // An extension unless a party gives notice, a continuation "in full force and effect" for successive periods, and a redacted notice counted in days.
  it.each([
    [
      'Unless the Customer gives written notice of its intent not to renew at least sixty (60) days before expiry, the term shall be extended for one (1) year.',
      { automatic: true, renewalTerm: '1 year', noticeDays: 60, noticeRequired: true },
    ],
    [
      'Unless the Customer gives written notice at least sixty (60) days before expiry, the term will renew for one (1) year.',
      { automatic: true, renewalTerm: '1 year', noticeDays: 60, noticeRequired: true },
    ],
    [
      'This Agreement shall continue in full force and effect for successive one-year periods unless either party gives notice.',
      { automatic: true, renewalTerm: 'successive 1 year', noticeDays: null, noticeRequired: false },
    ],
    [
      'This Agreement shall automatically renew for successive one (1) year terms unless a party objects [***] day prior to expiry.',
      { automatic: true, renewalTerm: 'successive 1 year', noticeDays: null, noticeRequired: true },
    ],
  ])('automatic renewal that only one wording decides: %j', (text, expected) => {
    expect(renewal(text)).toMatchObject(expected);
  });
  // Each sentence reaches the option through one wording: "right to", "elect to", "entitled to", "for up to", "for a period of", a single year or month, "calendar years".
  it.each([
    [
      'The Distributor has the right to renew the Term for an additional two (2) years.',
      { automatic: false, renewalTerm: '2 years', noticeDays: null, noticeRequired: false },
    ],
    [
      'The Distributor can elect to renew the Term for an additional two (2) years.',
      { automatic: false, renewalTerm: '2 years', noticeDays: null, noticeRequired: false },
    ],
    [
      'The Distributor is entitled to renew the Term for an additional two (2) years.',
      { automatic: false, renewalTerm: '2 years', noticeDays: null, noticeRequired: false },
    ],
    [
      'The Distributor has the right to renew the Term for two (2) additional years.',
      { automatic: false, renewalTerm: '2 years', noticeDays: null, noticeRequired: false },
    ],
    [
      'The Distributor has the right to renew the Term for up to two (2) additional years.',
      { automatic: false, renewalTerm: '2 years', noticeDays: null, noticeRequired: false },
    ],
    [
      'The Distributor has the right to renew the Lease for a period of two (2) years.',
      { automatic: false, renewalTerm: '2 years', noticeDays: null, noticeRequired: false },
    ],
    [
      'The Distributor has the right to renew the Lease for a period of ten (10) years.',
      { automatic: false, renewalTerm: '10 years', noticeDays: null, noticeRequired: false },
    ],
    [
      'The Distributor has the right to renew the Lease for one (1) year.',
      { automatic: false, renewalTerm: '1 year', noticeDays: null, noticeRequired: false },
    ],
    [
      'The Distributor has the right to renew the Lease for one (1) month.',
      { automatic: false, renewalTerm: '1 month', noticeDays: null, noticeRequired: false },
    ],
    [
      'The Distributor has the right to renew the Lease for two calendar years.',
      { automatic: false, renewalTerm: '2 years', noticeDays: null, noticeRequired: false },
    ],
  ])('an option to renew the term or a lease, however its length is written: %j', (text, expected) => {
    expect(renewal(text)).toMatchObject(expected);
  });
});

describe('notice periods written after a colon or counted from the end of the term', () => {
  it('reads a notice length listed after a colon', () => {
    expect(
      renewal(
        'Thereafter, this Agreement shall be effective month to month, until terminated by either party upon the following written notice to the other specifying a termination date: ninety (90) days for standard service and 120 days for priority service.',
      ),
    ).toMatchObject({ automatic: true, noticeDays: 90 });
  });

  it('reads "notify within N days of the conclusion of the term" next to the renewal', () => {
    expect(
      renewal(
        'The term of this Agreement is 12 months. The Company must notify the Consultant within 10 days of the conclusion of the 12 month term. Without notification the contract will automatically extend for an additional month.',
      ),
    ).toMatchObject({ automatic: true, renewalTerm: '1 month', noticeDays: 10 });
  });

  it('does not read a colon or a "within" deadline that is not about notice', () => {
    expect(
      renewal(
        'This Agreement shall automatically renew for successive one (1) year terms. Fees are payable as follows: thirty (30) days after invoice. Supplier shall deliver within 10 days of the end of the term.',
      ),
    ).toMatchObject({ automatic: true, noticeDays: null, noticeRequired: false });
  });
});

describe('renewals that need both parties, and automatic continuations in force', () => {
  it('does not count a renewal conditional on the agreement of both parties as automatic', () => {
    expect(
      renewal(
        'This Agreement shall renew for successive 1-year periods if agreed by both parties in writing. Either party may terminate the Agreement on 60 days written notice.',
      ),
    ).toMatchObject({ automatic: false, renewalTerm: 'successive 1 year' });
    expect(
      renewal(
        'This Agreement shall automatically renew for successive one (1) year terms unless either party gives notice of non-renewal at least sixty (60) days prior, or unless the parties mutually agree otherwise.',
      ),
    ).toMatchObject({ automatic: true, noticeDays: 60 });
  });

  it('reads "shall automatically stay in force" as an automatic continuation', () => {
    expect(
      renewal('If no new agreement is signed, this Agreement shall automatically stay in force for a further period of one (1) year.'),
    ).toMatchObject({
      automatic: true,
      renewalTerm: '1 year',
    });
    expect(renewal('The automatic stay shall not apply to the proceedings.')).toBeNull();
  });

  it('takes a redacted notice of termination before the end of a renewal term as required', () => {
    expect(
      renewal(
        'This Agreement shall automatically stay in force for a maximum of [* * *] (the "Renewal Term"). Either Party may deliver written notice of termination to the other Party at least [* * *] prior to the expiration date of the Renewal Term.',
      ),
    ).toMatchObject({ automatic: true, noticeDays: null, noticeRequired: true });
  });
});

describe('options to renew: wording and where mutual agreement applies', () => {
  it('reads "the opportunity to renew this Agreement" after "The parties agree that" as an option', () => {
    expect(
      renewal(
        'The Parties agree that the Publisher will provide the Distributor with the opportunity to renew this Agreement on terms set forth in a proposal.',
      ),
    ).toMatchObject({ renews: true, automatic: false });
    expect(renewal('The parties agree to renew this Agreement only by a new written agreement.')).toBeNull();
  });

  it('reads an option to extend whose notice comes between the party and the verb', () => {
    expect(
      renewal(
        'Supplier may, by written notice to Distributor, given at least thirty (30) days prior to the end of the then-current term of the Agreement, extend the term of the Agreement for the period set forth in such notice, up to a maximum of one (1) year beyond the then-current expiration date.',
      ),
    ).toMatchObject({ automatic: false, renewalTerm: '1 year' });
  });

  it('lets mutual agreement far past the option qualify something else, but not one next to it', () => {
    expect(
      renewal(
        'At the end of such period, the Licensee shall have the right to renew the Agreement under materially the same terms or shall have an option to purchase the translated content outright to the extent rights permit and to the extent the parties mutually agree to terms for such sale.',
      ),
    ).toMatchObject({ renews: true, automatic: false });
    expect(renewal('The Licensee shall have the right to renew the Agreement if the parties mutually agree on the terms.')).toBeNull();
  });
});

describe('a mutual condition governs only the renewal it follows', () => {
  it('keeps an automatic renewal automatic when the parties may agree otherwise, or agree on something far past it', () => {
    expect(
      renewal(
        'This Agreement shall automatically renew for successive one (1) year terms, if the parties agree otherwise in writing it shall expire, unless either party gives notice of non-renewal at least sixty (60) days prior.',
      ),
    ).toMatchObject({ automatic: true, noticeDays: 60 });
    expect(
      renewal(
        'This Agreement shall automatically renew for successive one (1) year terms unless either party gives notice of non-renewal at least sixty (60) days prior to the end of the then-current term, and the prices for each renewal term shall be those in the price list attached hereto as amended from time to time, or, where a product is not listed, the price set upon agreement of the parties.',
      ),
    ).toMatchObject({ automatic: true, noticeDays: 60 });
  });
});

describe('renewal term: invented drafting of each family', () => {
  it.each([
    [
      'Following the Initial Term, this Agreement shall be extended for consecutive one-year periods unless Company gives Supplier notice of termination at least ninety days prior to the end of the then-current term.',
      { automatic: true, renewalTerm: 'successive 1 year', noticeDays: 90 },
    ],
    [
      'The Supply Agreement shall be renewed for additional one-year terms unless Buyer provides notice of non-renewal at least sixty (60) days prior to the expiration of the then current term.',
      { automatic: true, renewalTerm: 'successive 1 year', noticeDays: 60 },
    ],
    [
      'After the Initial Term, this Agreement shall continue in force for successive one (1) year periods unless terminated by either party on ninety (90) days notice.',
      { automatic: true, renewalTerm: 'successive 1 year', noticeDays: 90 },
    ],
    [
      'Upon expiry of the Initial Term, this Agreement will renew automatically for further twelve-month periods, unless either Party notifies the other in writing of its intention not to renew not less than three (3) months before the end of the then-current term.',
      { automatic: true, renewalTerm: 'successive 12 months', noticeDays: 90 },
    ],
    [
      'This Agreement shall continue from year to year thereafter unless terminated by either party giving at least ninety (90) days written notice prior to any anniversary of the Effective Date.',
      { automatic: true, renewalTerm: 'successive 1 year', noticeDays: 90 },
    ],
    [
      'Thereafter, this Agreement shall continue on a month-to-month basis until terminated by either party upon thirty days written notice.',
      { automatic: true, renewalTerm: 'successive 1 month', noticeDays: 30 },
    ],
    [
      '"Renewal Term" means each successive one (1) year period following the Initial Term. The Agreement shall automatically renew for a Renewal Term unless either party gives notice of non-renewal.',
      { automatic: true, renewalTerm: 'successive 1 year' },
    ],
    [
      'Licensee shall have the option to extend the Term for two (2) additional periods of five (5) years each by giving Licensor written notice at least 180 days prior to the expiration of the Initial Term.',
      { automatic: false, renewalTerm: '2 successive 5 years' },
    ],
    [
      'Distributor may renew this Agreement for an additional term of three years by written notice delivered no later than six months before the end of the Initial Term.',
      { automatic: false, renewalTerm: '3 years' },
    ],
    [
      'The term hereof shall be automatically renewed for successive renewal terms of two (2) years unless either Party gives written notice of its intent not to renew no later than one hundred twenty (120) days prior to the expiration of the then-current term.',
      { automatic: true, renewalTerm: 'successive 2 years', noticeDays: 120 },
    ],
    [
      'The Term will automatically roll over for further periods of twelve (12) months unless a Party serves notice on the other at least one month before the end of the current period.',
      { automatic: true, renewalTerm: 'successive 12 months', noticeDays: 30 },
    ],
    [
      "This Agreement shall be prolonged automatically by one (1) year each time unless terminated by either Party with three (3) months' notice before the end of the respective term.",
      { automatic: true, renewalTerm: '1 year', noticeDays: 90 },
    ],
    [
      'This Agreement is an evergreen agreement and shall continue until terminated by either party on sixty (60) days written notice.',
      { automatic: true, renewalTerm: 'perpetual', noticeDays: 60 },
    ],
    [
      'Unless either Party notifies the other Party in writing of its decision not to renew at least sixty (60) days before the expiry of the Term, the Term shall be automatically extended for a further year.',
      { automatic: true, renewalTerm: '1 year', noticeDays: 60 },
    ],
    [
      'This Agreement will renew on each anniversary of the Effective Date for an additional twelve months unless Customer cancels with at least thirty (30) days notice before the anniversary.',
      { automatic: true, renewalTerm: '12 months', noticeDays: 30 },
    ],
    [
      'Renewal Term: twelve (12) months, renewing automatically unless cancelled by either party on sixty (60) days notice.',
      { automatic: true, renewalTerm: 'successive 12 months', noticeDays: 60 },
    ],
    [
      'Renewal. Upon expiration of the Initial Term, this Agreement may be renewed by Licensee for three (3) additional terms of five (5) years each.',
      { automatic: false, renewalTerm: '3 successive 5 years' },
    ],
    [
      'Franchisee shall have the right to renew the franchise for two (2) additional consecutive terms of ten (10) years each, provided that Franchisee gives notice.',
      { automatic: false, renewalTerm: '2 successive 10 years' },
    ],
    [
      'Licensee may renew this Agreement for up to two additional five-year terms.',
      { automatic: false, renewalTerm: '2 successive 5 years' },
    ],
    [
      'The term of this Agreement shall be extended at the option of Tenant for one (1) additional period of five (5) years.',
      { automatic: false, renewalTerm: '5 years' },
    ],
    [
      "The Agreement will be extended by one (1) year on each anniversary of the Effective Date unless either party provides 60 days' notice of non-extension.",
      { automatic: true, renewalTerm: '1 year', noticeDays: 60 },
    ],
    [
      'The Agreement shall thereafter continue for successive renewal periods of one year each unless either party gives notice in accordance with Section 9.2.\n\n9.2 Notice of Non-Renewal. Either party may give notice of non-renewal not later than 90 days before the end of the Term.',
      { automatic: true, renewalTerm: 'successive 1 year', noticeDays: 90 },
    ],
    [
      'SCHEDULE 1\n\n1. Initial Term: 24 months.\n\n2. Automatic Renewal: successive periods of 12 months each.\n\n3. Non-renewal notice: ninety (90) days prior to expiry.',
      { automatic: true, renewalTerm: 'successive 12 months', noticeDays: 90 },
    ],
  ])('reads %j', (text, expected) => {
    expect(renewal(text)).toMatchObject(expected);
  });

  it.each([
    ['The warranty shall continue for additional periods of one year if Customer purchases extended support.'],
    [
      'The Term shall be extended by written agreement of the parties, unless either party gives notice that it does not wish to negotiate.',
    ],
    ['Upon the mutual agreement of the Parties, this Agreement may be renewed on such terms as the Parties may then agree.'],
    ['Thereafter, this Agreement may be renewed for such periods as are mutually agreed to in writing by the parties.'],
    ['In the event of a prolonged strike, the parties will meet to discuss the continuation of this Agreement.'],
    ['This Agreement may be renewed by mutual written agreement of the parties.'],
    ['The parties may extend the term of this Agreement by mutual written agreement.'],
    ['Licensee shall automatically renew its registration of the Marks each year.'],
    ['The Supplier shall renew its insurance policies annually.'],
    ['This Agreement shall commence on the Effective Date and continue for a period of five (5) years unless earlier terminated.'],
    ['The time for performance shall be extended for a period equal to the duration of the force majeure event.'],
  ])('finds no renewal in %j', (text) => {
    expect(renewal(text)).toBeNull();
  });
});
