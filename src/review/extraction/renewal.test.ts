import { describe, expect, it } from 'vitest';
import { extractFields } from './extract-fields.js';

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
