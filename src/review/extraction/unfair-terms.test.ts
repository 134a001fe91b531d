import { describe, expect, it } from 'vitest';
import { extractFields } from './extract-fields.js';

const terms = (text: string) => extractFields(text).unfairTerms?.map(({ category, level }) => [category, level]) ?? [];

describe('unfair terms of service', () => {
  it.each([
    ['By using Amazon Services, you signify your agreement to be bound by these conditions.', [['contract_by_using', 2]]],
    ['These Terms will be governed by California law except for its conflicts of laws principles.', [['choice_of_law', 2]]],
    [
      'You additionally enjoy the protection afforded to you by mandatory provisions of the law of your country of residence.',
      [['choice_of_law', 1]],
    ],
    [
      'You and LinkedIn agree that claims can be litigated only in Dublin, and we each agree to personal jurisdiction of the courts located in Dublin.',
      [['jurisdiction', 3]],
    ],
    ['If you are a consumer in the EEA, you can sue us in your home courts.', [['jurisdiction', 1]]],
    ['Any Disputes between you and Visa shall be resolved through binding arbitration.', [['arbitration', 2]]],
    ['We may amend these Terms from time to time.', [['unilateral_change', 2]]],
    ['Yelp may terminate the Feeds at any time.', [['unilateral_termination', 3]]],
    ['We reserve the right to terminate accounts if your behaviour is in breach of these Terms.', [['unilateral_termination', 2]]],
    ['We may remove your content at any time, without notice.', [['content_removal', 3]]],
    ['In no event will Zoom be liable for any indirect or consequential damages.', [['limitation_of_liability', 2]]],
    [
      'Nothing in these terms limits our liability for death or personal injury resulting from our negligence.',
      [['limitation_of_liability', 1]],
    ],
  ])('%j', (text, expected) => {
    expect(terms(text)).toEqual(expected);
  });

  it.each([
    ['You may cancel your subscription at any time.'],
    ['Upon termination, your license under this Agreement also shall terminate.'],
    ['You may not copy, modify or distribute any part of our Services.'],
    ['Dropbox will pay all arbitration fees for individual arbitration for claims less than $75,000.'],
    ['If any provision is found by a court of competent jurisdiction to be invalid, the rest remains in force.'],
    ['Limitation of Liability'],
    ['You are solely responsible for remembering your passcode.'],
  ])('finds nothing in %j', (text) => {
    expect(terms(text)).toEqual([]);
  });

  it.each([
    // Capitalised "Terms" after the provider's verb.
    ['As a result, we may need to update these Terms from time to time.', [['unilateral_change', 2]]],
    // An invitation to re-read the terms means they change under the reader.
    ['You should look at the terms regularly.', [['unilateral_change', 2]]],
    ['We reserve the right to modify any provision hereof from time to time, in our sole discretion.', [['unilateral_change', 2]]],
    // Shouting is a sentence, not a heading.
    ['YOU MAY RECOVER ONLY DIRECT DAMAGES IN ANY AMOUNT NO GREATER THAN WHAT YOU ACTUALLY PAID.', [['limitation_of_liability', 2]]],
    ['Groupon is always liable for death and personal injury caused by its negligence.', [['limitation_of_liability', 1]]],
    ['By using our Services, you are agreeing to these terms.', [['contract_by_using', 2]]],
    ['Price and availability of Virtual Items are subject to change without notice.', [['unilateral_change', 2]]],
    ['By placing an order with us, you agree to be bound by these Terms of Sale.', [['contract_by_using', 2]]],
    ['Your continued use of EA Services means you accept the changes.', [['contract_by_using', 2]]],
    ['These Terms shall be governed by and construed in accordance with English law.', [['choice_of_law', 2]]],
    ["If you reside in one of those countries, your country's laws will apply to such disputes.", [['choice_of_law', 1]]],
    ['The exclusive place of jurisdiction for all disputes arising from this agreement is San Francisco County.', [['jurisdiction', 3]]],
  ])('%j', (text, expected) => {
    expect(terms(text)).toEqual(expected);
  });

  it.each([
    // The reader's liability, a partnership disclaimer and a waiver are not a limit on the provider's liability.
    ['No delay by us in taking action in the event of your breach shall in any way release, discharge or otherwise affect your liability.'],
    [
      'Nothing in this Agreement shall be construed to create a joint venture, partnership or agency relationship, and no party is liable for the other.',
    ],
    // Capitals without a full stop stay a heading.
    ['LIMITATION OF LIABILITY AND DISCLAIMER OF WARRANTIES FOR ALL SERVICES'],
    // The provider will not change it.
    ['We will not change the price of an order you have already placed.'],
    // By using, the reader agrees to one fact, not to the terms.
    ['By using our Products, you agree that we can show you ads that we think will be relevant to you.'],
    ['By signing up for the Premium Services, you agree to pay any fees incurred.'],
    // Courts that enforce an award, grant urgent relief, hear small claims or sever a clause are not a chosen forum.
    ["Any court with jurisdiction over the parties may enforce the arbitrator's award."],
    ['Either party may assert an individual action in small claims court for claims within the scope of its jurisdiction.'],
    [
      'If any court of law, having jurisdiction to decide on this matter, rules that any provision of these Terms is invalid, that provision will be removed.',
    ],
    // Consequences of an ending are not the power to end.
    ['Termination of your access to and use of the Services shall not relieve you of any obligations arising prior to such termination.'],
    ['You acknowledge that upon any termination of your account, the license granted to you will automatically terminate.'],
    // A heading run into a sentence that chooses no law.
    ['Governing law and dispute resolution: We will do our best to resolve any disputes about these Terms of Sale.'],
  ])('finds nothing in %j', (text) => {
    expect(terms(text)).toEqual([]);
  });

  it('carries a lead-in ending with a colon to its list items, and stops at the first sentence that is not one', () => {
    const text = [
      'In no event shall Skype be liable for:',
      '(a) any loss of income or goodwill;',
      '(b) any damage to or corruption of data; or',
      '(c) any claim arising from a third party website.',
      'The sky is blue in the Services.',
      '(d) Something else entirely.',
    ].join('\n\n');
    expect(terms(text)).toEqual([
      ['limitation_of_liability', 2],
      ['limitation_of_liability', 2],
      ['limitation_of_liability', 2],
      ['limitation_of_liability', 2],
    ]);
  });

  it('points its evidence at the sentence', () => {
    const text = 'Welcome.\nWe may remove your content at any time, without notice.';
    const found = extractFields(text).unfairTerms!;
    expect(text.slice(found[0]!.evidence.start, found[0]!.evidence.end)).toBe('We may remove your content at any time, without notice.');
  });

  it('reads long texts only when they address the reader, as terms of service do', () => {
    const filler = 'The Supplier shall deliver the goods to the warehouse of the Buyer in good order. '.repeat(40);
    const contract = `${filler}The Supplier may terminate this Agreement at any time, without notice.`;
    expect(extractFields(contract).unfairTerms).toBeNull();
    const terms = `${'You can use the service to share your photos with your friends and you keep your rights. '.repeat(40)}We may terminate your account at any time, without notice.`;
    expect(extractFields(terms).unfairTerms?.map(({ category, level }) => [category, level])).toEqual([['unilateral_termination', 3]]);
  });
});
