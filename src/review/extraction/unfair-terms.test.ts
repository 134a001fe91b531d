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

/** Sentences written for these tests; each pattern has a sentence it must find and one it must leave alone. */
describe('unfair terms: who holds the power, and what is only near it', () => {
  const categories = (text: string) => terms(text).map(([category]) => category);

  describe('limitation of liability', () => {
    it.each([
      // The negation may sit several words before "responsible" ("nor can we be held responsible").
      ['We check listings with care, nor can we be held responsible for mistakes made by hosts.'],
      ['In no event shall we be responsible for lost files.'],
      ['We expressly disclaim any and all liability for messages exchanged between members.'],
      ['OUR TOTAL AGGREGATE LIABILITY UNDER THESE TERMS WILL BE LIMITED TO TEN EUROS.'],
      ['Subject to the law, we shall only be liable for direct damages you actually suffered.'],
      // The reader releasing the provider from claims.
      ['You hereby release us from all claims arising out of meetings with other members.'],
      ['You may come across rude posts, none of which we will be responsible for.'],
      ['You will not be entitled to claim damages for a suspension of the app.'],
      ['The Company will not be in breach of these terms where a force majeure event prevents delivery.'],
    ])('finds a limit in %j', (text) => {
      expect(categories(text)).toContain('limitation_of_liability');
    });

    it.each([
      // A force majeure definition limits nothing.
      ['"Force Majeure" means an event beyond the reasonable control of the Company, such as a flood.'],
      // The reader's promise to indemnify is an indemnity, not a limit on the provider.
      ['You agree to defend, indemnify and hold harmless the Company from any claims and liabilities.'],
      // The saving note after the limits, the survival list, and the reader's own freedom from liability.
      ['Some countries do not allow these exclusions, so the limits above may not apply to you.'],
      ['Sections on ownership and limitation of liability survive termination of these Terms.'],
      ['You are not liable to us for payments made with a stolen card after you told us about the theft.'],
      ['We will not hold you liable for transfers you did not authorise.'],
      // What an app store says of itself is not the provider's limit.
      ['Apple is not responsible for any maintenance or support of the app.'],
      // A deadline for claims is not a limit on liability.
      ['Any claim you may have against us must be filed within one year after it arose.'],
      // The reader's own responsibility for what the reader posts.
      ['You retain your rights in, and are solely responsible for, the photos you upload.'],
    ])('finds no limit in %j', (text) => {
      expect(categories(text)).not.toContain('limitation_of_liability');
    });

    it('reads liability for death as the fair, level 1 kind', () => {
      expect(terms('This includes liability for death caused by our negligence and for fraud.')).toEqual([['limitation_of_liability', 1]]);
    });
  });

  describe('unilateral termination', () => {
    it.each([
      ['Either party may terminate this agreement at any time by writing to the other.', 3],
      ['This licence is effective until terminated by you or by the Company.', 2],
      ['Harassing other players is grounds for a permanent ban from the game.', 2],
      ['Members who scrape profiles are at risk of being banned from the site.', 2],
      ['Accounts that are not used for two years may automatically expire.', 2],
      ['We are allowed to ban a member who posts spam, at our discretion.', 2],
      ['The Company furthermore reserves the right to revoke the membership of anyone who cheats.', 2],
      ['We are entitled to cease operating the website if events beyond our control force us to.', 2],
      ['We need the flexibility to suspend or terminate certain services now and then.', 2],
    ])('finds a power to end in %j', (text, level) => {
      expect(terms(text).find(([category]) => category === 'unilateral_termination')).toEqual(['unilateral_termination', level]);
    });

    it.each([
      // Removing the reader's content is content removal; "your" alone is not an account.
      ['We may delete your comments at any time.'],
      // A noun "restriction" and a passive "we may be restricted" are not the provider restricting the reader.
      ['We may use your suggestions without any restriction or obligation to you.'],
      ['We may be restricted by a regulator from telling you about such decisions.'],
      ['There may be restrictions on the currencies you can send.'],
    ])('finds no power to end in %j', (text) => {
      expect(categories(text)).not.toContain('unilateral_termination');
    });
  });

  describe('unilateral change', () => {
    it.each([
      ['We are constantly changing and improving the app.'],
      ['As the app grows, we need flexibility to make changes to it.'],
      ['The Site may be modified, updated or suspended at any time.'],
      ['Please read the price list again, as it may change from time to time.'],
      ['The Company may modify or eliminate virtual coins at any time.'],
      ['The Company may need to update, or reset certain parameters to keep the game fair.'],
      ['We may update such limits from time to time.'],
      ['We retain the right to create limits on the use of the app in our sole discretion.'],
      // Shouting does not hide the provider.
      ['WE MAY CHANGE OR WITHDRAW ANY PART OF OUR PLATFORM AT ANY TIME WITHOUT NOTICE.'],
    ])('finds a power to change in %j', (text) => {
      expect(categories(text)).toContain('unilateral_change');
    });

    it.each([
      ['These Terms may be amended only by a written agreement signed by both parties.'],
      ['We will notify you at least 30 days before we make changes to these Terms.'],
      ['The Company will give you reasonable notice of any pricing changes by email.'],
      ['We reserve the right to review, modify or remove any post that breaks the rules.'],
      ['How can we modify the app?'],
      ['This section explains when we may modify the app and its prices.'],
      ['The mobile software may be updated automatically on your device.'],
      ['If this information changes, we may update it from bank records.'],
      ['We may set limits on the amount of money you can withdraw.'],
      // "alternative" is not "alter".
      ['Give us the information we may need to provide alternative remedies at our sole discretion.'],
    ])('finds no power to change in %j', (text) => {
      expect(categories(text)).not.toContain('unilateral_change');
    });
  });

  describe('arbitration', () => {
    it.each([
      ['Except where the law forbids it, you and the Company agree to submit to the exclusive arbitration of all disputes.', 2],
      ['Unless you opt out, any dispute between you and us will be resolved by binding, individual arbitration.', 2],
      ['Any arbitration between you and us will be settled under the rules of the International Chamber of Commerce.', 2],
      ['The arbitration will take place in Zurich and will be conducted in German.', 3],
      ['The arbitration may be conducted in Chicago or, upon your request, in the city closest to you.', 2],
    ])('finds the agreement to arbitrate in %j', (text, level) => {
      expect(terms(text).find(([category]) => category === 'arbitration')).toEqual(['arbitration', level]);
    });

    it.each([
      // Waiving a jury or a class action is another clause.
      ['You and the Company each waive the right to a jury trial and to take part in a class action.'],
      // What the arbitrator does, who administers it, where the consumer lives.
      ['Claims will be decided by the arbitrator in a written award with reasons.'],
      ['Any arbitration will be administered by the American Arbitration Association under its consumer rules.'],
      ['The arbitration will be held in the county where you reside.'],
      ['You may start arbitration only in your county of residence.'],
      // A promise about changing the arbitration clause, and the statute that governs it.
      ['Changes to this arbitration agreement will not be enforced unless you agree to them.'],
      ['The Federal Arbitration Act governs how this section is read and enforced.'],
      // A numbered heading in capitals.
      ['14.2 BINDING ARBITRATION AND CLASS ACTION WAIVER FOR UNITED STATES MEMBERS.'],
    ])('finds no agreement to arbitrate in %j', (text) => {
      expect(categories(text)).not.toContain('arbitration');
    });
  });

  describe('content removal', () => {
    it.each([
      ['Any photo that breaks these rules can be removed by the Company at any time and without notice.', 3],
      ['Please do not upload the following kinds of material, which may be removed without warning:', 2],
      ['The Company may, in its sole discretion, remove, edit or disable UGC for any reason.', 3],
      ['The Company has the sole and absolute right, but not the obligation, to edit or remove user content.', 3],
      ['We may remove your test results and reports at any time, without notice.', 3],
      ['We notably reserve the right to delete any content that other players report as abusive.', 2],
      ['We may reclaim your username at any time for any reason.', 3],
    ])('finds the removal in %j', (text, level) => {
      expect(terms(text).find(([category]) => category === 'content_removal')).toEqual(['content_removal', level]);
    });

    it.each([
      // The reader removes, or is given the means to.
      ['Some apps may offer you ways to download and remove content you stored in them.'],
      ['Before we close a service, we will give you a chance to remove your files from it.'],
      ['The app may allow you to create content such as maps and videos.'],
      ['If you choose to delete your account, the photos linked to it will also be deleted.'],
    ])('finds no removal in %j', (text) => {
      expect(categories(text)).not.toContain('content_removal');
    });
  });

  describe('termination as against removing one piece of content', () => {
    it.each([
      ['The Company may, in its sole discretion, remove, edit or disable any post for any reason.'],
      ['We reserve the right to remove or suspend access to content at any time if we think it breaks the rules.'],
      ['We may refuse any password that is too weak.'],
      ['We reserve the right to refuse a refund if the goods were damaged after delivery.'],
    ])('finds no power to end in %j', (text) => {
      expect(categories(text)).not.toContain('unilateral_termination');
    });

    it.each([
      ['We may remove your posts and terminate these Terms and your account if you break the rules.'],
      ['We may, at our discretion, remove any content or restrict, suspend, or terminate your access to all or any part of the Website.'],
      ['We reserve the right to refuse to provide the app to anyone who breaks these rules.'],
    ])('finds the power to end in %j', (text) => {
      expect(categories(text)).toContain('unilateral_termination');
    });
  });

  describe('contract by using, jurisdiction and choice of law', () => {
    it.each([
      ['You agree to these "Terms of Service" by using the app and its content.', 'contract_by_using'],
      ['You agree to be bound to any change to these Terms if you continue to use the app after it is posted.', 'contract_by_using'],
      ['If you are a consumer, you can bring legal proceedings about these terms in the courts of your country.', 'jurisdiction'],
      ['If you are a consumer, we will bring legal proceedings against you in the courts of your habitual residence.', 'jurisdiction'],
      ['As a consumer, you keep every protection you have under the law of the country where you live.', 'choice_of_law'],
    ])('finds %j', (text, category) => {
      expect(categories(text)).toContain(category);
    });

    it.each([
      // A class-action waiver names no court; a counter-notice lists what to state.
      [
        'You and the Company agree that each may bring claims against the other only in an individual capacity, and not as a class member.',
        'jurisdiction',
      ],
      ['(iv) A statement that you consent to the jurisdiction of the federal court for the district where you live.', 'jurisdiction'],
    ])('finds no %j', (text, category) => {
      expect(categories(text)).not.toContain(category);
    });
  });
});
