import { describe, expect, it } from 'vitest';
import { extractRuleFields } from './extract-fields.js';

/** These tests pin the rules themselves; the learned models that judge them are tested in judgement/. */
const extractFields = (text: string) => extractRuleFields(text).contract;

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
      ['Any arbitration will be conducted by the American Arbitration Association.'],
      ['The arbitration will be held in the county where you reside.'],
      ['You agree to arbitration in your county of residence.'],
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

/** One sentence per phrasing the rules know, each the only phrasing of its kind in the sentence. */
describe('unfair terms: the phrasings, one at a time', () => {
  describe('discretion without a stated reason makes ending an account clearly unfair', () => {
    it.each([
      ['We may suspend your account for any or no reason.', 3],
      ['We may suspend your account for any reason.', 3],
      ['We may terminate your membership for no reason.', 3],
      ['We may cancel your subscription without any prior notice.', 3],
      ['We may cancel your subscription without prior notice.', 3],
      ['We may cancel your subscription without notice.', 3],
      ['We may close your account without cause.', 3],
      ['We may close your account without any reason.', 3],
      ['We may block your account without explanation.', 3],
      ['We may terminate your account with or without cause.', 3],
      ['The Company may terminate your licence in its absolute discretion.', 3],
      ['The Company may revoke your licence at its own discretion.', 3],
      ['The Company may suspend your access in its sole and absolute discretion.', 3],
      ['We may disable your account for whatever reason.', 3],
      // Without any of those marks the power is only potentially unfair.
      ['We may suspend your account after we have warned you twice.', 2],
    ])('%j', (text, level) => {
      expect(terms(text)).toEqual([['unilateral_termination', level]]);
    });

    it('reads "without liability" as a limit on liability too', () => {
      expect(terms('We may deactivate your account without liability to you.')).toEqual([
        ['unilateral_termination', 3],
        ['limitation_of_liability', 2],
      ]);
    });
  });

  describe('a stated reason makes it only potentially unfair', () => {
    it.each([
      ['We may suspend your account at any time if you breach these Terms.'],
      ['We may suspend your account at any time if you violate our community rules.'],
      ['We may suspend your account at any time if you infringe the rights of others.'],
      ['We may suspend your account at any time if you use it for illegal purposes.'],
      ['We may suspend your account at any time if you act in an unlawful way.'],
      ['We may suspend your account at any time in case of fraud.'],
      ['We may suspend your account at any time if you misuse the app.'],
      ['We may suspend your account at any time if you abuse other players.'],
      ['We may suspend your account at any time if you do not comply with these Terms.'],
      ['We may suspend your account at any time if you fail to comply with these Terms.'],
      ['We may suspend your account at any time if a member fails to comply with these Terms.'],
      ['We may suspend your account at any time upon your failure to comply with these Terms.'],
      ['We may suspend your account at any time if you act contrary to these Terms.'],
      ['We may suspend your account at any time if your profile is objectionable.'],
      ['We may suspend your account at any time for inappropriate behaviour.'],
      ['We may suspend your account at any time if your nickname is offensive.'],
      ['We may suspend your account at any time if we have a justified reason.'],
    ])('%j', (text) => {
      expect(terms(text)).toEqual([['unilateral_termination', 2]]);
    });
  });

  describe('contract by using', () => {
    it.each([
      ['By clicking "I agree", you accept these Terms of Use.'],
      ['By creating an account, you agree to these Terms.'],
      ['By registering for the Services, you consent to these Terms.'],
      ['By signing up for an account, you agree to these Terms.'],
      ['By downloading the app, you agree to the Terms below.'],
      ['Through installing the software, you acknowledge that you are bound by this agreement.'],
      ['By browsing our website, you accept all of these conditions.'],
      ['By accessing the Services, you agree to comply with these Terms.'],
      ['Accessing this website constitutes your acceptance of these Terms.'],
      ['Use of the Site signifies that you agree to these Terms.'],
      ['Using any of our apps indicates that you accept this agreement.'],
      ['Visiting our shop means that you accept our policies.'],
      ['Downloading the app, you are deemed to have agreed to these Terms.'],
      ['If you continue to use the app, you agree to these Terms.'],
      ['Continued access to the Site shall be deemed acceptance of the changes.'],
      ['These Terms are agreed to by you, and you are bound by them, from the moment you download the app.'],
      ['Your decision to use the Services constitutes your acceptance of these Terms.'],
      ['Your choice to maintain an account constitutes acceptance of the changes.'],
      ['In exchange for being allowed to use the app, you agree to these Terms.'],
      ['In exchange for using the Services, you agree to the terms below.'],
      ['If you do not agree to these Terms, please stop using the app.'],
      ["If you don't agree to these Terms, do not access the Site."],
      ['If you do not agree to any of these Terms, you should cease to use the Services.'],
      ['You will be bound by the changes if you continue using the app.'],
      ['You accept the new terms if you continue to use the Site.'],
      ['You agree to these Terms by visiting the Site.'],
      ['You are agreeing to these Terms by installing the app.'],
      ['Use of the Services implies acceptance of these Terms.'],
      ['You accept the changes, which become part of your agreement with us if you use the app.'],
      ['By using the Services, you agree to all of the terms below.'],
      ['By using the app, you agree with the Terms and our policies.'],
      ['By opening an account you agree to be bound by these Terms.'],
      ['By placing an order, you agree to the acceptance of these Terms.'],
      ['By using the app, you agree to these additional terms.'],
      ['Using the app constitutes acceptance of these updated terms.'],
      ['By using the app, you accept all these terms.'],
      ['You are agreeing to the "Terms of Use" by installing the app.'],
      ['These Terms are accepted by you, and you are bound by them, when you download the app.'],
      ['Your acceptance of the changes is assumed if you continue using the app.'],
      ['If you do not agree, please do not use the app.'],
      ["If you don't agree, do not use the Site."],
      ['Your use and access of the Site constitute acceptance of these Terms.'],
      ['Downloads of the app indicate that you accept these Terms.'],
    ])('%j', (text) => {
      expect(terms(text)).toContainEqual(['contract_by_using', 2]);
    });

    it.each([
      // Use without the terms, and the terms without use.
      ['By using the Services, you consent to our collection of your personal data.'],
      ['You agree to these Terms.'],
      ['We may show you ads while you use the Services.'],
    ])('finds none in %j', (text) => {
      expect(terms(text)).not.toContainEqual(['contract_by_using', 2]);
    });
  });

  describe('choice of law', () => {
    it.each([
      ['These Terms are governed by the laws of Ireland.', 2],
      // "laws of" without "the": only the governed/construed/interpreted/subject-to alternative reads it.
      ['These Terms are governed by laws of the State of California.', 2],
      ['These Terms are construed in accordance with laws of the State of Texas.', 2],
      ['These Terms are construed under laws of the State of Ohio.', 2],
      ['These Terms are construed by laws of the State of Utah.', 2],
      ['These Terms are interpreted in accordance with laws of the State of Iowa.', 2],
      ['These Terms are interpreted under law of the State of Maine.', 2],
      ['These Terms are subject to laws of the State of Idaho.', 2],
      ['You keep the protection of the laws of your country.', 1],
      ['Nothing here overrides the local law of the consumer.', 2],
      ['You keep the protection afforded to you by mandatory law in the countries of the EU.', 1],
      ['These Terms shall be construed in accordance with the laws of Sweden.', 2],
      ['These Terms shall be construed under the law of Norway.', 2],
      ['These Terms shall be construed by the laws of Finland.', 2],
      ['These Terms shall be interpreted in accordance with the law of Germany.', 2],
      ['These Terms shall be interpreted under the laws of Austria.', 2],
      ['These Terms are subject to the laws of Luxembourg.', 2],
      ['These Terms are governed by and construed in accordance with the substantive laws of Belgium.', 2],
      ['These Terms are governed by and construed under the laws of Denmark.', 2],
      ['The laws of the State of New York will govern these Terms.', 2],
      ['The law of Sweden applies to these Terms.', 2],
      ['These Terms are governed by Swiss law.', 2],
      ['These Terms are governed by the New York law.', 2],
      ['These Terms are interpreted in accordance with and construed under Dutch law.', 2],
      ['The applicable law is the law of France.', 2],
      ['The governing law shall be the law of Spain.', 2],
      ['The governing law will be the law of Italy.', 2],
      ['Irish law will apply to these Terms.', 2],
      ['German law shall govern these Terms.', 2],
      ["Your state's laws will apply to any claim.", 1],
      ['These Terms are subject to the laws of your country.', 1],
      ['Nothing here overrides the local laws of the consumer.', 2],
      ['This does not affect mandatory consumer protection law in your country.', 1],
      ['Any mandatory rules of law that protect you still apply.', 1],
      ['English law applies, subject to any mandatory consumer rights.', 1],
      ['You keep your rights under the laws of the state in which you live.', 1],
      ['You keep any right you have under the laws of the country where you live.', 1],
      ['You keep the protection you have under the law of the place where you reside.', 1],
    ])('%j', (text, level) => {
      expect(terms(text)).toContainEqual(['choice_of_law', level]);
    });
  });

  describe('the law that protects the consumer makes the choice fair', () => {
    it.each([
      ["These Terms are governed by the laws of Ireland, but your country's laws still protect you."],
      ["These Terms are governed by the laws of Ireland, but your country of residence's law also protects you."],
      ["These Terms are governed by the laws of Ireland, but your state's law also protects you."],
      ['These Terms are governed by the laws of Ireland, without prejudice to the laws of your state.'],
      ['These Terms are governed by the laws of Ireland, without prejudice to the law of your state.'],
      ['These Terms are governed by the laws of Ireland and the law of your habitual residence.'],
      ['These Terms are governed by the laws of Ireland and by the law of the country in which you live.'],
      ['These Terms are governed by the laws of Ireland and by the law of the state of your residence.'],
      ['These Terms are governed by the laws of Ireland and by the law of the place where you are resident.'],
      ['These Terms are governed by the laws of Ireland and by the law of the country where you reside.'],
      ['These Terms are governed by the laws of Ireland, and you can still rely on the law where you are.'],
      ['These Terms are governed by the laws of Ireland, and you may also rely on other law.'],
      ['These Terms are governed by the laws of Ireland, and you rely on them at your own choice.'],
      ['These Terms are governed by the laws of Ireland, but this choice does not deprive you of other rights.'],
      ['These Terms are governed by the laws of Ireland, which does not affect you as a consumer elsewhere.'],
    ])('%j', (text) => {
      expect(terms(text)).toContainEqual(['choice_of_law', 1]);
    });
  });
});

describe('unfair terms: courts and arbitration, one phrasing at a time', () => {
  describe('a chosen forum', () => {
    it.each([
      ['The courts of Dublin shall have exclusive jurisdiction over any dispute.', 3],
      ['The tribunals of Paris are exclusively competent for any dispute.', 3],
      ['Exclusive venue for any dispute shall be the state courts of Santa Clara County.', 3],
      ['You agree that you will only sue us in Sweden.', 3],
      ['You may only bring proceedings against us in Sweden.', 3],
      ['You may only bring legal proceedings against us in Sweden.', 3],
      ['You may only bring a claim against us in Sweden.', 3],
      ['You may only bring any legal claim against us in Sweden.', 3],
      ['You may only bring claims against us in Sweden.', 3],
      ['You may only bring an action against us in Sweden.', 3],
      ['You may only bring a legal action against us in Sweden.', 3],
      ['You waive any objection that Dublin is an inconvenient forum.', 3],
      ['The place of jurisdiction is Berlin.', 3],
      ['You waive the defence of forum non conveniens in these matters.', 3],
      ['You consent to personal jurisdiction in Santa Clara County.', 3],
      ['Any dispute shall be litigated only in the courts of Ontario.', 3],
      ['Claims must be filed in a court in King County.', 3],
      ['Proceedings shall be initiated before the courts of Milan.', 3],
      ['Either party may apply to the competent courts of Amsterdam.', 3],
      ['The local courts of Vienna decide any dispute between us.', 3],
      ['The court of Milan has exclusive jurisdiction.', 3],
      ['The tribunal of Paris shall have exclusive jurisdiction.', 3],
      ['Venue lies with the district court of Munich.', 3],
      ['All disputes go to the competent court in Berlin.', 3],
      ['The courts of Ireland are the exclusive forum for disputes.', 3],
      ['The courts of Munich decide all litigation about these Terms.', 3],
      ['Claims are heard by the court of the place where you are.', 1],
      // Courts near the consumer.
      ['Claims may be brought in your local courts.', 1],
      ['Claims may be brought in your home court.', 1],
      ['Claims may be heard by the courts of the member state in which you are resident.', 1],
      ['Claims may be heard by the courts of Dublin or where you reside.', 1],
      ['Claims may be heard by the courts of Dublin or where you live.', 1],
      ['Claims may be heard by the courts of Dublin or where you are domiciled.', 1],
      ['You may also sue us in the courts of Ireland.', 1],
      ['Claims may be heard by the court of your habitual residence.', 1],
      ['You may bring proceedings in the courts of the country in which you live.', 1],
      ['Claims may be brought in the courts of the member state where you reside.', 1],
      ['You may also sue us where you are domiciled.', 1],
      ['You can choose to bring proceedings in the courts of Ireland.', 1],
      ['We will bring claims against you in the courts of your place of residence.', 1],
      ['We will bring claims against you in the courts of your place of abode.', 1],
      ['You keep access to the courts in that country as well as to the courts of Ireland.', 1],
      ['The consumer may also bring a claim before the courts of his country.', 1],
    ])('%j', (text, level) => {
      expect(terms(text)).toContainEqual(['jurisdiction', level]);
    });

    it.each([
      // Severability, fees, urgent relief and enforcing an award name a court without choosing it.
      ['If any court with jurisdiction holds a provision unenforceable, the other provisions remain.'],
      ['Where a court of competent jurisdiction considers a provision void, that provision is severed.'],
      ['Any provision held invalid or unenforceable by a court of competent jurisdiction will be limited.'],
      ['In any action brought in the courts of Texas, the prevailing party shall recover its fees.'],
      ['Either party may seek provisional remedies in the courts of Delaware, which have jurisdiction.'],
      ['We may seek injunctive relief in any court of competent jurisdiction.'],
      ['We may seek interim or equitable relief before the courts of any country, which have jurisdiction.'],
      ['Judgment on the award may be entered in any court having jurisdiction.'],
      ['Should a competent court find a provision invalid, it is severed.'],
      ['Should a competent court hold a provision unenforceable, it is severed.'],
      ['Should a competent court rule a provision void, it is severed.'],
      ['Should a competent court determine a provision is illegal, it is severed.'],
      ['Should a competent court deem a provision invalid, it is severed.'],
      ['Should a competent court declare a provision void, it is severed.'],
      ['We may seek urgent remedies in the courts of any country, which have jurisdiction.'],
      ['Either party may seek interim measures from any competent court.'],
      ['A court with jurisdiction may order enforcement of the award.'],
      ['A statement that you consent to the jurisdiction of the federal court for your district.'],
      // Arbitration that names no court.
      ['You submit to the jurisdiction of the arbitrator for any dispute arising from these Terms.'],
    ])('finds no chosen forum in %j', (text) => {
      expect(terms(text).map(([category]) => category)).not.toContain('jurisdiction');
    });
  });

  describe('the agreement to arbitrate', () => {
    it.each([
      ['Any dispute arising from these Terms shall be settled by arbitration.', 2],
      ['Any controversy about your account will be resolved by arbitration.', 2],
      ['This section requires binding and confidential arbitration.', 2],
      ['This section requires mandatory individual arbitration.', 2],
      ['This arbitration agreement also applies to claims against our staff.', 2],
      ['You agreed to arbitration when you signed up for our services.', 2],
      ['The Federal Arbitration Act governs this binding and confidential arbitration.', 2],
      ['All claims against us shall be referred to arbitration.', 2],
      ['Any claim against us shall be referred to arbitration.', 2],
      ['Unless you opt out, any claim will be determined in a confidential arbitration.', 2],
      ['Any dispute shall be decided by arbitration under the consumer rules.', 2],
      ['Disputes will be resolved by final and binding arbitration.', 2],
      ['All disputes will be resolved by mandatory individual arbitration.', 2],
      ['You and we agree to arbitrate all disputes between us.', 2],
      ['Each party agrees to arbitrate any claim it may have.', 2],
      ['This agreement to arbitrate covers every claim you may have.', 2],
      ['This arbitration provision applies to all claims you may have.', 2],
      ['This arbitration agreement contains a waiver of class actions.', 2],
      ['You agree to the confidential arbitration of any dispute with us.', 2],
      ['You agree to arbitration of any claim in a single proceeding.', 2],
      ['The arbitration shall be conducted under the consumer rules.', 2],
      ['The arbitration will be initiated by a written demand.', 2],
      ['Any arbitration under these Terms will be held on an individual basis.', 2],
      ['Your election to arbitrate is final once made.', 2],
      ['The arbitration is governed by the rules of the ICC.', 2],
      ['The arbitration shall take place in Zurich.', 3],
      // A place named in lower case is no far-away seat.
      ['The arbitration will be held in a city near you.', 2],
      ['The arbitration hearing will be held in the City of London.', 3],
      ['The arbitration shall be seated in Singapore.', 3],
      ['The arbitration will be conducted at a location chosen by the arbitrator in New York.', 3],
      [
        'The arbitrator may decide the place of any arbitration in his sole discretion, and the arbitration shall be initiated by notice.',
        3,
      ],
      // The exception or the statute next to strong words.
      ['Unless you opt out, all claims will be resolved exclusively through arbitration.', 2],
      ['Except where the law forbids it, you agree to the arbitration of any claim.', 2],
      ['The Federal Arbitration Act governs this mandatory, individual arbitration.', 2],
      ['The Federal Arbitration Act governs this binding and final arbitration.', 2],
    ])('%j', (text, level) => {
      expect(terms(text)).toContainEqual(['arbitration', level]);
    });

    it.each([
      // Procedure, costs, exceptions and the places near the reader.
      ['This agreement to arbitrate does not preclude you from going to small claims court.'],
      ['You may decline this agreement to arbitrate within 30 days.'],
      ['If the class waiver is unenforceable, the agreement to arbitrate is void.'],
      ['Any agreement to arbitrate found null and void shall be severed.'],
      ['Any agreement to arbitrate shall be deemed void for claims under the statute.'],
      ['We will pay the filing fee for any claim you submit to arbitration.'],
      ['We will pay the filing fees for any claim you submit to arbitration.'],
      ['We will pay all arbitration fees if you agree to arbitrate.'],
      ['If the arbitration ends in your favor, we will pay your fees, and all claims are settled by arbitration.'],
      ['Any change to this arbitration agreement needs your consent, and you agree to arbitrate.'],
      ['This arbitration provision applies to all claims, subject to the opt-out right below.'],
      ['This is an exception to the agreement to arbitrate for small claims.'],
      ['This agreement to arbitrate will survive the end of these Terms.'],
      ['This agreement to arbitrate survives the end of these Terms.'],
      ['The arbitration will be conducted in English.'],
      ['The arbitration will be conducted by telephone.'],
      ['If the arbitration ends in your favour, we will pay your fees, and all claims are settled by arbitration.'],
      ['The details of the agreement to arbitrate are on our website.'],
      ['Changes to this arbitration agreement need your consent, and you agree to arbitrate.'],
      ['We will not enforce the agreement to arbitrate for small claims.'],
      ['The arbitration will take place where you reside, and you agree to arbitrate.'],
      ['The arbitration will take place at a place convenient to you, and you agree to arbitrate.'],
      ['Any arbitration will be conducted by JAMS under its streamlined rules.'],
      ['The "Binding Arbitration Agreement" below applies to all claims.'],
      ['Except where the law forbids it, any arbitration will be held in Dublin.'],
      ['The Federal Arbitration Act applies to any arbitration held under these Terms.'],
      ['You may opt out of these arbitration provisions, which apply to all claims, within 30 days.'],
    ])('finds no agreement to arbitrate in %j', (text) => {
      expect(terms(text).map(([category]) => category)).not.toContain('arbitration');
    });
  });
});

describe('unfair terms: changing, ending and removing, one phrasing at a time', () => {
  const categories = (text: string) => terms(text).map(([category]) => category);

  describe('what the provider may change', () => {
    it.each([
      ['We may change the service.'],
      ['We may change the services we offer.'],
      ['We may change a feature of the app.'],
      ['We may change the features of the app.'],
      ['We may change the functionality of the app.'],
      ['We may change the price of a plan.'],
      ['We may change the fee for a plan.'],
      ['We may change our rates for international transfers.'],
      ['We may change the content of the app.'],
      ['We may change a product we sell.'],
      ['We may change our offers and promotions.'],
      ['We may change a provision of these Terms.'],
      ['We may change your subscription plan.'],
      ['We may change the payment methods we accept.'],
      ['We may change the items in the store.'],
      ['We may change our privacy policy.'],
      ['We may change our policies on refunds.'],
      ['We may add or remove features of the app.'],
      ['The Company may substitute a product of equal value at any time.'],
      ['Spotify may make changes to the app.'],
      ['Spotify may make significant changes to the platform.'],
      ['We may reset the parameters of the game at any time.'],
      ['We may update these Terms.'],
      ['We may update the user agreement.'],
      ['We may impose new limits on uploads.'],
      ['We may limit your use of the app.'],
      ['We may cancel discounts that were given in error.'],
      ['We may discontinue certain features of the app.'],
      // Changes of the terms announced, or the terms themselves changing.
      ['The Terms may be updated by us.'],
      ['These conditions might be revised.'],
      ['This agreement can be changed.'],
      ['We might have to make changes to the app for legal reasons.'],
      ['You should review the terms on a regular basis.'],
      ['You should look at these terms from time to time.'],
      // Things that change by themselves.
      ['Our fees for the premium plan may change.'],
      ['The features of the app are subject to change.'],
      ['The offers in the app may be subject to change.'],
      ['Game content can change frequently.'],
      ['Changes to these Terms will be effective when posted.'],
      ['Amendments to these Terms are announced on the website.'],
      ['Any modification to these Terms is posted on this page.'],
      ['The price of a plan might change.'],
      ['The form of the rewards may well change.'],
      ['Service levels will change over the years.'],
      ['Our policy on refunds can change.'],
      ['The functionality of the app may change.'],
      ['The price list is subject to change.'],
      // The provider describing itself as ever changing.
      ['We are always updating our games.'],
      ['We need the flexibility to change the app and its features.'],
      ['Our website may be updated, modified or amended.'],
      ['The service may change from time to time.'],
    ])('%j', (text) => {
      expect(categories(text)).toContain('unilateral_change');
    });

    it.each([
      // No power to change: writing, notice, the reader's posts, questions and headings.
      ['These Terms change only in writing.'],
      ['No change binds us unless signed by our director.'],
      ['We will provide you with advance notice before we change the service.'],
      ['We will give you reasonable notice before we change the service.'],
      ['We may edit or modify your posts before they are published.'],
      ['What happens if we change these Terms?'],
      ['The following section describes how we may change these Terms.'],
      ['We will not modify the service you paid for.'],
      ['No other amendment of these Terms is binding.'],
      ['We may change the service for repairs.'],
      ['These Terms exclude or limit our liability, and we may change them.'],
    ])('finds no power to change in %j', (text) => {
      expect(categories(text)).not.toContain('unilateral_change');
    });
  });

  describe('what the provider may end', () => {
    it.each([
      ['We may terminate your licence.'],
      ['We may terminate your license.'],
      ['We may terminate your licenses to the games.'],
      ['We may close your profile.'],
      ['We may cancel your order.'],
      ['We may cancel any of your orders.'],
      ['We may block members who cheat.'],
      ['We may block a member who cheats.'],
      ['We may ban subscribers who share their passwords.'],
      ['We may suspend players who cheat.'],
      ['We may stop providing the service to you.'],
      ['We may discontinue your use of the app.'],
      ['We may cease providing the feeds.'],
      ['We may deactivate your accounts.'],
      ['We may disable your memberships.'],
      ['We may delete your subscriptions.'],
      ['We may revoke your access to the app.'],
      ['We may refuse registration to anyone.'],
      ['We may refuse to provide any app to you.'],
      ['Your account may be closed if it is not used.'],
      ['Your access might be revoked if you cheat.'],
      ['Your licence will be terminated if you cheat.'],
      ['Your subscription could be cancelled if your payment fails.'],
      ['Your membership shall be blocked if you cheat.'],
      ['Your account can be suspended if you cheat.'],
      ['Your account may be disabled if you cheat.'],
      ['Your account may be deleted if you cheat.'],
      ['Your account may be canceled if your payment fails.'],
      ['Cheating may result in suspension of your account.'],
      ['Your right to use the app will terminate automatically if you cheat.'],
      ['The license granted to you will terminate immediately if you cheat.'],
      ['The licenses terminate if you cheat.'],
      ['You will be told of any decision on our end to terminate your account.'],
      ['You or we may terminate these Terms.'],
      ['You or the Company may terminate these Terms.'],
      ['The service is provided until terminated by the Company.'],
      ['Cheating is grounds for immediate termination.'],
      ['Cheating is ground for suspension.'],
      ['Players who cheat are at risk of being suspended.'],
      ['Subscriptions that are not renewed will expire.'],
      ['Your membership shall then expire.'],
      ['Free memberships may automatically expire.'],
    ])('%j', (text) => {
      expect(categories(text)).toContain('unilateral_termination');
    });

    it.each([
      // Consequences of an ending, maintenance and the reader's own choices.
      ['Upon termination, you must stop using the app and we may delete your account.'],
      ['1.2 On expiration of your subscription, we may delete your account.'],
      ['In the event of termination, we may delete your account.'],
      ['These sections survive the termination of your account, which we may delete.'],
      ['We may suspend the service for repairs.'],
      ['We may suspend the service for maintenance.'],
      ['We may close your account if you choose to leave.'],
      ['We keep your account until you elect to close it, and then we may delete it.'],
      ['After any termination we may delete your account.'],
      ['Following the termination we may delete your account.'],
      ['The consequences of such termination are that we may delete your account.'],
      ['Closing your account shall not relieve you of your debts, and we may delete it.'],
      ['This section explains that we may delete your account.'],
    ])('finds no power to end in %j', (text) => {
      expect(categories(text)).not.toContain('unilateral_termination');
    });
  });

  describe('what the provider may remove', () => {
    it.each([
      ['We may remove any material you post.'],
      ['We may remove any posting on the forum.'],
      ['We may remove your posts.'],
      ['We may delete the information you provide.'],
      ['We may remove items from your library.'],
      ['We may remove an item from the store.'],
      ['We may remove your uploads.'],
      ['We may reject your submissions.'],
      ['We may remove listings that break the rules.'],
      ['We may remove reviews that break the rules.'],
      ['We may delete comments that break the rules.'],
      ['We may delete photos that break the rules.'],
      ['We may delete images that break the rules.'],
      ['We may delete data that breaks the rules.'],
      ['We may delete memories that break the rules.'],
      ['We may delete messages that break the rules.'],
      ['We may remove contributions that break the rules.'],
      ['We may delete usernames that break the rules.'],
      ['We may block forums that break the rules.'],
      ['We may block a message that breaks the rules.'],
      ['We may moderate your comments.'],
      ['We may monitor your messages.'],
      ['We may screen your uploads.'],
      ['We may take down any posts that break the rules.'],
      ['We may refuse to post your review.'],
      ['We may refuse to publish your review.'],
      ['We may refuse to accept your submissions.'],
      ['Your photos might become unavailable.'],
      ['Your content may be taken down.'],
      ['Your content may be blocked.'],
      ['Your content may be disabled.'],
      ['Your content may be edited.'],
      ['Your content may be deleted.'],
      ['Your content may be hidden/removed.'],
      ['Your content may later be removed.'],
    ])('%j', (text) => {
      expect(categories(text)).toContain('content_removal');
    });

    it.each([
      ['If you delete your content, it may remain in backups and may be deleted later.'],
      ['When you remove a post, it may be removed from search later.'],
      ['Once you close your account, your content may be deleted.'],
      ['After you deactivate your account, your photos will be removed.'],
    ])('finds no removal in %j', (text) => {
      expect(categories(text)).not.toContain('content_removal');
    });
  });
});

describe('unfair terms: limits on liability, one phrasing at a time', () => {
  const liability = (text: string) => terms(text).find(([category]) => category === 'limitation_of_liability') ?? null;

  it.each([
    ['Our liability is limited to the amount you paid.', 2],
    ['Our liability shall not exceed one hundred euros.', 2],
    ['Our liability is capped at the fees you paid.', 2],
    ['Our liability is excluded for the acts of carriers.', 2],
    ['We will never be responsible for lost files.', 2],
    ['We nor our partners are responsible for lost files.', 2],
    ['We are no-way responsible for lost files.', 2],
    ["We aren't responsible for the content of third-party sites.", 2],
    ["We can't be held liable for outages.", 2],
    ['You may visit other sites, none of which we are responsible for.', 2],
    ['Limitations on liability are set out in section 9.', 2],
    ['The limit on our liability is set out in section 9.', 2],
    ['We exclude indirect losses to the extent the law permits.', 2],
    ['We exclude incidental or special damages to the extent the law permits.', 2],
    ['We exclude punitive damages to the extent the law permits.', 2],
    ['We exclude loss of profits where the law permits.', 2],
    ['We exclude losses of revenue where the law permits.', 2],
    ['We exclude loss of data where the law permits.', 2],
    ['We exclude loss of goodwill where the law permits.', 2],
    ['We exclude any claim for loss of use of the app.', 2],
    ["This can't make us liable for your lost files.", 2],
    ['We disclaim all responsibility for third-party links.', 2],
    ['Spotify disclaims any and all liability for podcasts.', 2],
    ['We disclaim responsibility for third-party links.', 2],
    ['We disclaim any liability for third-party links.', 2],
    ['These limitations apply to the fullest extent the law allows.', 2],
    ['The above exclusions apply to all users.', 2],
    ['Such limitation applies to all users.', 2],
    ['This clause limits our total liability to the fees you paid.', 2],
    ['These Terms limit or exclude the liability of Spotify and its partners.', 2],
    ['Section 9 limits their responsibility for outages.', 2],
    ['Each member is solely responsible for any damage caused by his account.', 2],
    ['The member assumes all responsibility for his trips.', 2],
    ['We may cancel a booking without notice or liability.', 2],
    ['We will only be liable for direct damages.', 2],
    ['We shall only be for direct damages answerable.', 2],
    ['Our maximum liability is the fee you paid.', 2],
    ['The total aggregate liability of Spotify is one hundred euros.', 2],
    ['Our entire liability is the fee you paid.', 2],
    ['This applies even if we were told of the possibility of such damages.', 2],
    ['You release us from any claims about other members.', 2],
    ['You hereby release the Company and its staff from all liabilities.', 2],
    ['We shall be excused from delay caused by force majeure.', 2],
    ['In a force majeure event, we are excused from our duties.', 2],
    ['You will not be entitled to any compensation for outages.', 2],
    // The fair kind: the provider stays liable, or the reader's rights stay whole.
    ['We remain fully liable for damages caused by our negligence.', 1],
    ['We are still liable for fraud under these Terms.', 1],
    ['Nothing in these Terms limits our liability for fraud.', 1],
    ['Nothing in these Terms excludes our responsibility for defects.', 1],
    ['Nothing in these Terms affects your rights, and we disclaim liability for links.', 1],
    ['The Company does not limit its liability for fraud, and we disclaim liability for links.', 1],
    ["This doesn't affect consumer rights, and we disclaim liability for links.", 1],
    ['If the app is faulty, we will either repair or refund it, and we disclaim liability for links.', 1],
    ['We will compensate you for defects, and we disclaim liability for links.', 1],
    ['Your statutory rights are kept, and we disclaim liability for links.', 1],
    ['This does not affect your legal rights, and we disclaim liability for links.', 1],
    ['We will be liable to you for foreseeable loss caused by our breach.', 1],
  ])('%j', (text, level) => {
    expect(liability(text)).toEqual(['limitation_of_liability', level]);
  });

  it.each([
    // The reader's liability, what the reader owes and promises, and notes about the limits.
    ['Our delay does not affect your liability for fees.'],
    ['Your liability for unauthorised payments is limited to fifty euros.'],
    ['You agree to reimburse us for any liability we incur because of your posts.'],
    ['You will indemnify us against any liability arising from your content.'],
    ['You represent that no one else is liable for your account.'],
    ['Users shall be fully liable for any damage they cause.'],
    ['(a) you will be responsible for any loss you cause.'],
    ['The member shall indemnify and hold harmless Spotify from any liability.'],
    ['The limits of liability continue to apply after you close your account.'],
    ['If your card is stolen, you are not liable for payments you did not make.'],
    ['The limits above shall not prejudice any liability of the member to third parties.'],
  ])('finds no limit in %j', (text) => {
    expect(liability(text)).toBeNull();
  });
});

describe('unfair terms: headings, list items and which texts are read', () => {
  it.each([
    // A short sentence may end with any closing mark.
    ['We may delete your posts at any time!'],
    ['We may delete your posts at any time;'],
    ['We may delete your posts at any time if:'],
    ['We may delete your posts "at any time."'],
    ['(We may delete your posts at any time.)'],
  ])('reads %j', (text) => {
    expect(terms(text)).toEqual([['content_removal', 3]]);
  });

  it('reads a sentence of 25 characters', () => {
    expect(terms('We may delete your posts.')).toEqual([['content_removal', 2]]);
  });

  it.each([
    // Short and unpunctuated: a heading.
    ['Changes to these Terms and the Service'],
    // Numbered and shouted, without a verb of a rule.
    ['A. BINDING ARBITRATION AND CLASS ACTION WAIVER FOR UNITED STATES MEMBERS.'],
    ['14 BINDING ARBITRATION AND CLASS ACTION WAIVER FOR UNITED STATES MEMBERS.'],
    ['LIMITATION OF LIABILITY OF THE COMPANY AND DISCLAIMER OF WARRANTY.'],
  ])('finds nothing in the heading %j', (text) => {
    expect(terms(text)).toEqual([]);
  });

  it.each([
    ['14. YOU AGREE TO BINDING ARBITRATION OF ALL DISPUTES WITH US.', 'arbitration'],
    [
      'In no event any liability of the Company for any loss of profit, loss of goodwill, loss of revenue, loss of data or any other indirect or consequential loss, however caused and under any theory.',
      'limitation_of_liability',
    ],
  ])('reads %j as a sentence', (text, category) => {
    expect(terms(text).map(([found]) => found)).toContain(category);
  });

  it.each([['1)'], ['ii.'], ['b.'], ['(iv)']])('carries a lead-in to an item numbered %s', (mark) => {
    const text = ['In no event shall Skype be liable for:', `${mark} any loss of income or goodwill arising from outages;`].join('\n\n');
    expect(terms(text)).toEqual([
      ['limitation_of_liability', 2],
      ['limitation_of_liability', 2],
    ]);
  });

  /** `words` words in all: sentences of filler, then `clause`. */
  const textOf = (words: number, clause: string) => {
    const filler = Array.from({ length: words - clause.split(' ').length }, (_, index) => (index % 10 === 9 ? 'goods.' : 'goods'));
    const text = `${filler.join(' ')} ${clause}`;
    expect(text.split(' ')).toHaveLength(words);
    return text;
  };
  const clause = 'The Supplier may terminate this Agreement at any time, without notice.';

  it('reads any text under 400 words, and a longer one only if it addresses the reader', () => {
    expect(terms(textOf(399, clause))).toEqual([['unilateral_termination', 3]]);
    expect(terms(textOf(400, clause))).toEqual([]);
  });

  it('counts "you" and "your": twelve in 1,000 words is enough', () => {
    const addressed = 'You may cancel your plan, and you keep your data, you see, and you.';
    expect(terms(textOf(500, `${addressed} ${clause}`))).toEqual([['unilateral_termination', 3]]);
    expect(terms(textOf(501, `${addressed} ${clause}`))).toEqual([]);
    const onlyYou = 'You may leave, you may stay, you may go, you may come, you may wait, you may.';
    expect(terms(textOf(500, `${onlyYou} ${clause}`))).toEqual([['unilateral_termination', 3]]);
  });

  describe('levels the rules decide', () => {
    it.each([
      ['Any dispute shall be settled by arbitration at a place chosen in our sole discretion.', ['arbitration', 3]],
      ['The arbitration shall take place in London unless, at your request, it is held by video.', ['arbitration', 2]],
      ['The arbitration shall take place in Paris or in the city closest to you.', ['arbitration', 2]],
      ['We have the right, but not the obligation, to remove posts.', ['content_removal', 3]],
      ['We are not required to screen posts, but we may remove posts.', ['content_removal', 3]],
      ['We are not obliged to screen posts, but we may remove posts.', ['content_removal', 3]],
      ['We are not obligated to screen posts, but we may remove posts.', ['content_removal', 3]],
      ['We are not required to screen posts, but we may remove offensive posts.', ['content_removal', 2]],
      ['We may remove posts that are offensive at any time.', ['content_removal', 2]],
    ])('%j', (text, expected) => {
      expect(terms(text)).toContainEqual(expected);
    });
  });
});

describe('unfair terms: who holds the power, phrasing by phrasing', () => {
  const categories = (text: string) => terms(text).map(([category]) => category);

  it.each([
    // "we'll" is itself a modal.
    ["If you cheat, we'll terminate your account."],
    ["We'll terminate your account if you cheat."],
    ["We'll also terminate your account if you cheat."],
    ['If you cheat, the company may close your account.'],
    ['AT&T may terminate your account if you cheat.'],
    ["O'Reilly may terminate your account if you cheat."],
    ['Booking.com may suspend your account if you cheat.'],
    ['Coca-Cola may suspend your account if you cheat.'],
    ['We also may suspend your account if you cheat.'],
    ['We further may suspend your account if you cheat.'],
    ['We furthermore may suspend your account if you cheat.'],
    ['We hereby reserve the right to suspend your account if you cheat.'],
    ['We expressly reserve the right to suspend your account if you cheat.'],
    ['We can suspend your account if you cheat.'],
    ['We might suspend your account if you cheat.'],
    ['We will suspend your account if you cheat.'],
    ['We shall suspend your account if you cheat.'],
    ['Spotify reserves all rights to suspend your account if you cheat.'],
    ['We have the right to suspend your account if you cheat.'],
    ['Spotify retains the exclusive right to suspend your account if you cheat.'],
    ['We retain the sole and absolute right to suspend your account if you cheat in games.'],
    ['We are permitted to suspend your account if you cheat.'],
    ['Spotify is entitled to suspend your account if you cheat.'],
    ['We can also suspend your account if you cheat.'],
    ['We need flexibility to suspend your account if you cheat in games.'],
    ['WE MAY SUSPEND YOUR ACCOUNT IF YOU CHEAT.'],
    ['We may stop providing our services to you.'],
    ['We may cease offering the services.'],
  ])('finds the provider ending in %j', (text) => {
    expect(categories(text)).toContain('unilateral_termination');
  });

  it.each([
    ['You may terminate your account at any time.'],
    ['Users may delete their accounts at any time.'],
    ['A User may delete his account at any time.'],
    ['Members can close their accounts at any time.'],
    ['A Member can close his account at any time.'],
    ['Customers may cancel their subscriptions at any time.'],
    ['A Customer may cancel his subscription at any time.'],
    ['We may let you delete your account at any time.'],
    ['We may allow you to close your account at any time.'],
    ['We may enable you to cancel your subscriptions at any time.'],
    ['We will give you the option to close your account at any time.'],
    ['We will offer you ways to cancel your subscriptions at any time.'],
    ['We will give you a chance to close your account at any time.'],
    ['We will offer you the opportunity to cancel your subscriptions at any time.'],
    ['We will give you the ability to close your account at any time.'],
    ['We may ask whether you may want to cancel your subscriptions.'],
    ['We may ask whether you can cancel your subscriptions.'],
    ['We can help if you choose to close your account.'],
    ['We will check whether you wish to close your account.'],
  ])('finds no provider ending in %j', (text) => {
    expect(categories(text)).not.toContain('unilateral_termination');
  });

  it.each([
    ['We may remove your content and close your accounts.'],
    ['We may remove your content and terminate your membership.'],
    ['We may remove your posts and cancel your subscription.'],
    ['We may remove your posts and delete your profile.'],
    ['We may remove your posts and revoke your licence.'],
    ['We may remove your posts and block access to all of our Services.'],
    ['We may remove your posts and suspend access to and use of the app.'],
    ['We may remove your posts and suspend your right to use the app.'],
    ['We may remove your posts and terminate this agreement.'],
    ['We may remove your posts and ban you.'],
  ])('finds an ending beside a removal in %j', (text) => {
    expect(categories(text)).toEqual(expect.arrayContaining(['unilateral_termination', 'content_removal']));
  });
});

describe('unfair terms: sentences that only one alternative of a rule decides', () => {
  describe('limits on liability', () => {
    // Each sentence matches one wording of the limit (or of what is not one) and no other.
    it.each([
      [
        'We will not be liable for any loss arising from the acts of third parties whom you have authorised to use your account, even where you represent otherwise.',
        [['limitation_of_liability', 2]],
      ],
      ['We are not responsible for lost passwords, and you are responsible for keeping yours safe.', [['limitation_of_liability', 2]]],
      ['In no event shall we be liable for outages, whether or not the App Provider is at fault.', [['limitation_of_liability', 2]]],
      ['In any event, we will be liable only for the amount you paid for the app.', [['limitation_of_liability', 2]]],
      ['Our liability for late deliveries shall not include your lost profits.', [['limitation_of_liability', 2]]],
      ['We exclude punitive or exemplary damages to the extent the law permits.', [['limitation_of_liability', 2]]],
      ['We exclude special damage of any kind to the extent the law permits.', [['limitation_of_liability', 2]]],
      ['We exclude consequential loss to the extent the law permits.', [['limitation_of_liability', 2]]],
      ['We exclude loss of profit where the law permits.', [['limitation_of_liability', 2]]],
      ["Nothing in these Terms will limit the Company's liability for fraud.", [['limitation_of_liability', 1]]],
      ["Nothing in these Terms will exclude the Company's liability for fraud.", [['limitation_of_liability', 1]]],
      ["Nothing in these Terms will remove the Company's responsibility for defects.", [['limitation_of_liability', 1]]],
      ["Nothing in these Terms will restrict the Company's liability for fraud.", [['limitation_of_liability', 1]]],
      [
        'Nothing in these Terms will affect your rights as a consumer, and we disclaim liability for links.',
        [['limitation_of_liability', 1]],
      ],
      ['Spotify disclaims all responsibility for podcasts.', [['limitation_of_liability', 2]]],
      ['We disclaim any and all responsibility for third-party links.', [['limitation_of_liability', 2]]],
      ['We disclaim any responsibility for third-party links.', [['limitation_of_liability', 2]]],
      ['This exclusion applies to all users.', [['limitation_of_liability', 2]]],
      ['These limitations will apply to all users.', [['limitation_of_liability', 2]]],
      ['Section 9 limits our total responsibility for outages.', [['limitation_of_liability', 2]]],
      ['Each member is solely responsible for damage caused by his account.', [['limitation_of_liability', 2]]],
      ['The member must assume all responsibility for his trips.', [['limitation_of_liability', 2]]],
      ['We are always fully liable for damage caused by our negligence.', [['limitation_of_liability', 1]]],
      ['This applies even if we were told of the possibility of such damage.', [['limitation_of_liability', 2]]],
      ['You release us from claims about other members.', [['limitation_of_liability', 2]]],
      ['You release the Company from any and all claims arising from your trips.', [['limitation_of_liability', 2]]],
      ['You release us from any claim arising from your trips.', [['limitation_of_liability', 2]]],
      ['We will not be in breach of these Terms if a force majeure event delays delivery.', [['limitation_of_liability', 2]]],
      ['This does not affect consumer rights, and we disclaim liability for links.', [['limitation_of_liability', 1]]],
      ['If a force majeure event delays delivery, we will not be in breach of these Terms.', [['limitation_of_liability', 2]]],
    ])('%j', (text, expected) => {
      expect(terms(text)).toEqual(expected);
    });

    it.each([
      ['These Terms create no joint venture, and no party is liable for the debts of the other.'],
      ['No agency relationship is created, and no party is liable for the acts of the other.'],
      ['Your total liability for unauthorised payments is limited to fifty euros.'],
      ['You will indemnify the Company against any liability arising from your content.'],
      ['You shall indemnify the Company against any liability arising from your content.'],
      ['You are fully liable for any loss of data caused by sharing your password.'],
      ['Users are solely responsible for any loss of data caused by sharing their passwords.'],
      ['You will be liable for any loss of data caused by sharing your password.'],
      ['You shall be liable for any loss of data caused by sharing your password.'],
      ['(a) you are liable for any loss of data caused by sharing your password;'],
      ['3.1 You are liable for any loss of data caused by sharing your password.'],
      ['• You are fully liable for any loss of data caused by sharing your password.'],
      ['Closing your account does not relieve you of any liability for fees already due.'],
      ['The member shall indemnify us against any liability arising from his posts.'],
      ['You agree to defend, indemnify, and hold us harmless from any liability arising from your posts.'],
      ['You agree to indemnify, defend and hold us harmless from any liability arising from your posts.'],
      ['The limitation of liability survives termination of these Terms.'],
      ['Users are not liable for payments made with a stolen card.'],
      ['A member whose card was stolen is not liable to us for the payments made with it.'],
      ['Apple is not responsible for addressing any claims by you relating to the app.'],
      ['Therefore Apple is not responsible for any claims relating to the app.'],
      ['App Provider is not responsible for any claims by you relating to the app.'],
      ['The App Store Provider is not responsible for any claims relating to the app.'],
      ['In addition, you represent that no one else is liable for your account.'],
      ['You also agree to indemnify, defend and hold us harmless from any liability arising from your posts.'],
      ['The user is fully liable for any loss of data caused by sharing the password.'],
      ['A user is not liable for payments made with a stolen card.'],
    ])('finds nothing in %j', (text) => {
      expect(terms(text)).toEqual([]);
    });
  });

  describe('courts, endings, changes and removals', () => {
    // Each sentence matches one wording of the rule and no other.
    it.each([
      ['Any claim that is not subject to arbitration shall be brought exclusively in the courts of Dublin.', [['jurisdiction', 3]]],
      ['Claims excluded from arbitration shall be heard only by the court of Dublin.', [['jurisdiction', 3]]],
      ['Cheating may result in the suspension of your account.', [['unilateral_termination', 2]]],
      ['Your licence to use the games and their content will terminate automatically if you cheat.', [['unilateral_termination', 2]]],
      ['Your rights to use the games and their content will terminate automatically if you cheat.', [['unilateral_termination', 2]]],
      ['The service may be suspended if you cheat.', [['unilateral_termination', 2]]],
      ['The feed may be disabled if you misuse it.', [['unilateral_termination', 2]]],
      ['Your account may then be closed if it is not used.', [['unilateral_termination', 2]]],
      ['The licence granted to you will terminate if you cheat.', [['unilateral_termination', 2]]],
      [
        'We may remove your posts and close your account.',
        [
          ['unilateral_termination', 2],
          ['content_removal', 2],
        ],
      ],
      [
        'We may remove your posts and block access to our service.',
        [
          ['unilateral_termination', 2],
          ['content_removal', 2],
        ],
      ],
      [
        'We may remove your posts and block access to the chat feature.',
        [
          ['unilateral_termination', 2],
          ['content_removal', 2],
        ],
      ],
      [
        'We may remove your posts and terminate our agreement.',
        [
          ['unilateral_termination', 2],
          ['content_removal', 2],
        ],
      ],
      ['We may suspend your account if your card is declined on expiration of the trial.', [['unilateral_termination', 2]]],
      ['Our fee for the premium plan may change.', [['unilateral_change', 2]]],
      ['A feature of the app may change.', [['unilateral_change', 2]]],
      ['The service you receive may change.', [['unilateral_change', 2]]],
      ['The functionalities of the app may change.', [['unilateral_change', 2]]],
      ['The level of support may change.', [['unilateral_change', 2]]],
      ['This offer in the app may change.', [['unilateral_change', 2]]],
      ['Our catalogue can change frequently.', [['unilateral_change', 2]]],
      ['The limits of the free plan may vary from time to time.', [['unilateral_change', 2]]],
      ['Any amendment to these Terms is posted on this page.', [['unilateral_change', 2]]],
      ['The terms of this offer may be amended.', [['unilateral_change', 2]]],
      ['These Terms may also be updated by us.', [['unilateral_change', 2]]],
      ['Our developers might have to make changes to the app for legal reasons.', [['unilateral_change', 2]]],
      ['We are constantly improving and changing our games.', [['unilateral_change', 2]]],
      ['Our business requires the flexibility to make changes to the service.', [['unilateral_change', 2]]],
      ['Our business requires the flexibility to change the service.', [['unilateral_change', 2]]],
      ['Our service may be modified at any time.', [['unilateral_change', 2]]],
      ['The feature may be modified at any time.', [['unilateral_change', 2]]],
      ['The product may be modified at any time.', [['unilateral_change', 2]]],
      ['Our website and its pages may be updated.', [['unilateral_change', 2]]],
      ['The platform may be modified.', [['unilateral_change', 2]]],
      ['The platform may be paused, modified or withdrawn.', [['unilateral_change', 2]]],
      ['The app may change from time to time.', [['unilateral_change', 2]]],
    ])('%j', (text, expected) => {
      expect(terms(text)).toEqual(expected);
    });

    it.each([
      ['You may not bring a claim against us except in arbitration.'],
      ['On the expiration of your subscription, we may delete your account.'],
      ['This section, under which we may delete your account, survives termination of these Terms.'],
      ['We may suspend the service to carry out a repair.'],
      ['We keep your account until you elect to close it, and then we may delete your account.'],
      ['We may delete your account after the termination of your subscription.'],
      ['The consequences of termination are that we may delete your account.'],
      ['The app may be updated automatically when you connect.'],
    ])('finds nothing in %j', (text) => {
      expect(terms(text)).toEqual([]);
    });
  });

  describe('endings, changes and removals, and what is not one', () => {
    // Each sentence matches one wording of the rule and no other.
    it.each([
      ['We may edit or modify any content you post.', [['content_removal', 2]]],
      ['We may edit, modify or remove any content you post.', [['content_removal', 2]]],
      [
        'We may edit or modify any content you post, and we may change these Terms.',
        [
          ['unilateral_change', 2],
          ['content_removal', 2],
        ],
      ],
      ['We may change these Terms, and this section explains how.', [['unilateral_change', 2]]],
      ['Your licence to use the games and all their content will terminate automatically if you cheat.', [['unilateral_termination', 2]]],
      ['Your Content may be removed at any time.', [['content_removal', 3]]],
      ['We may alter functionalities of the app.', [['unilateral_change', 2]]],
      ['We may change our rate for international transfers.', [['unilateral_change', 2]]],
      ['We may change the offer in the app.', [['unilateral_change', 2]]],
      ['We may revise any provision as needed.', [['unilateral_change', 2]]],
      ['We may start terminating inactive accounts after a year.', [['unilateral_termination', 2]]],
      ['We may start deactivating inactive accounts after a year.', [['unilateral_termination', 2]]],
      ['We may start deleting inactive accounts after a year.', [['unilateral_termination', 2]]],
      ['We may start cancelling unpaid subscriptions after a month.', [['unilateral_termination', 2]]],
      ['We may start restricting inactive accounts after a year.', [['unilateral_termination', 2]]],
      ['We may start discontinuing unpaid subscriptions after a month.', [['unilateral_termination', 2]]],
      ['We may start revoking unused licences after a year.', [['unilateral_termination', 2]]],
      [
        'We may discontinue the service at short notice.',
        [
          ['unilateral_change', 2],
          ['unilateral_termination', 2],
        ],
      ],
      ['Yelp may terminate the Feed at any time.', [['unilateral_termination', 3]]],
      ['We may ban a subscriber who shares passwords.', [['unilateral_termination', 2]]],
      ['We may suspend a player who cheats.', [['unilateral_termination', 2]]],
      ['We may refuse service to anyone.', [['unilateral_termination', 2]]],
      ['We may refuse any account application.', [['unilateral_termination', 2]]],
      ['We may refuse membership to anyone.', [['unilateral_termination', 2]]],
      ['Your licence to the games may be revoked.', [['unilateral_termination', 2]]],
      ['Your licence to use the games and all their content will terminate immediately.', [['unilateral_termination', 2]]],
      ['Your rights to use the games and all their content terminate immediately.', [['unilateral_termination', 2]]],
      ['Your licence will terminate if the app is removed from the store.', [['unilateral_termination', 2]]],
    ])('%j', (text, expected) => {
      expect(terms(text)).toEqual(expected);
    });

    it.each([
      ['We may amend these Terms only by an agreement in writing.'],
      ['These Terms may be amended only by a document signed by both of us.'],
      ['We will always notify you before we change the service.'],
      ['We will provide advance notice before we change the service.'],
      ['We will provide you with notice before we change the service.'],
      ['We will give you notice before we change the service.'],
      ['How often might our fees change?'],
      ['This section sets out how we may change these Terms.'],
      ['We will not unilaterally change the price of an order you have already placed.'],
      ['We may amend these Terms by posting them, and no other amendment is binding.'],
      ['Content removed by a moderator cannot be restored, and we will not refund purchases.'],
      ['The website may be updated automatically when you visit it.'],
    ])('finds nothing in %j', (text) => {
      expect(terms(text)).toEqual([]);
    });
  });
});

describe('unfair terms: what is not a power, and what a heading or a list item is, one condition at a time', () => {
  it.each([
    // A promise of notice, a question, a repair and another party's removal are not the provider's power.
    ['We will provide notice before we change the service.'],
    ['Which features are subject to change?'],
    ['We may change the service to carry out a repair.'],
    ['Moderators remove posts that break the rules, and we will tell you why.'],
    // Short and unpunctuated, or with a colon inside but no closing mark: a heading.
    ['How we may remove your content'],
    ['Note: we may delete your posts at any time'],
    // In capitals without a closing mark: a heading, whatever its colon.
    ['SECTION 12: WE MAY TERMINATE YOUR ACCOUNT AT ANY TIME'],
    // Numbered "20.13", shouted, no verb of a rule.
    ['20.13 BINDING ARBITRATION AND CLASS ACTION WAIVER FOR UNITED STATES ACCOUNTS.'],
    // Under 25 characters.
    ['We may delete all posts.'],
  ])('finds nothing in %j', (text) => {
    expect(terms(text)).toEqual([]);
  });

  it.each([
    ['We may substitute products, and our policies for refunds may be revised.', [['unilateral_change', 2]]],
    // 45 characters or more without a closing mark: a sentence.
    ['We may terminate your account at any time without notice', [['unilateral_termination', 3]]],
    // Shouted inside brackets: read in lower case.
    ['(WE MAY TERMINATE YOUR ACCOUNT AT ANY TIME AND FOR ANY REASON.)', [['unilateral_termination', 3]]],
    // Numbered but not shouted.
    ['3.1 You agree to binding arbitration of all disputes with us.', [['arbitration', 2]]],
    // Shouted with a number inside, not at the start.
    ['NO LIABILITY FOR LOSSES ABOVE 100 EUROS PER CLAIM.', [['limitation_of_liability', 2]]],
    // A list item with no lead-in before it is read on its own.
    ['(a) we may terminate your account at any time;', [['unilateral_termination', 3]]],
    // Only a lead-in ending with a colon is carried to the item after it.
    [
      'We may terminate your account at any time.\n\n(a) any loss of income or goodwill arising from outages;',
      [['unilateral_termination', 3]],
    ],
    // A shouted sentence is read in lower case for who holds the power: "OUR ... LIMITED" is no power to change.
    ['OUR TOTAL AGGREGATE LIABILITY UNDER THESE TERMS WILL BE LIMITED TO TEN EUROS.', [['limitation_of_liability', 2]]],
    // Accepting changes by using is not a power to make them.
    ['Continued access to the Site shall be deemed acceptance of the changes.', [['contract_by_using', 2]]],
    // The provider indemnifying the reader is not the reader's indemnity: the limit beside it stands.
    ['We will indemnify you against third-party claims, but we are not liable for indirect damages.', [['limitation_of_liability', 2]]],
    ['We will indemnify your business against patent claims, but we are not liable for lost profits.', [['limitation_of_liability', 2]]],
    // Items numbered with two digits.
    [
      'In no event shall Skype be liable for:\n\n10) any loss of income or goodwill arising from outages;',
      [
        ['limitation_of_liability', 2],
        ['limitation_of_liability', 2],
      ],
    ],
  ])('%j', (text, expected) => {
    expect(terms(text)).toEqual(expected);
  });

  it.each([
    // 150 characters in capitals: a sentence, numbered or not (a heading is shorter).
    [
      'NO LIABILITY OF THE SELLER FOR INDIRECT OR CONSEQUENTIAL DAMAGE, LOST PROFIT, LOST DATA OR ANY OTHER HARM, HOWEVER CAUSED AND UNDER ANY THEORY OF LAW.',
      [['limitation_of_liability', 2]],
    ],
    [
      '12 NO LIABILITY OF THE SELLER FOR INDIRECT OR CONSEQUENTIAL DAMAGE, LOST PROFIT, LOST DATA OR ANY OTHER HARM, HOWEVER CAUSED AND ON ANY THEORY OF LAW.',
      [['limitation_of_liability', 2]],
    ],
    // 45 characters without a closing mark: a sentence.
    ['We may permanently close your account anytime', [['unilateral_termination', 2]]],
    ['You may also rely on the law of your country of residence.', [['choice_of_law', 1]]],
    ['Any controversies arising from these Terms shall be resolved by arbitration.', [['arbitration', 2]]],
    // Disputes sent to arbitration outright outweigh the opt-out beside them.
    ['Any dispute shall be resolved exclusively by arbitration, except where you opt out.', [['arbitration', 2]]],
    // Urgent relief from a court and the fees of an arbitration are not the choice of forum or the agreement to arbitrate.
    ['Either party may seek injunctive or other relief in any court of competent jurisdiction.', []],
    ['Any dispute shall be resolved by binding arbitration and we will pay the arbitration fees.', []],
  ])('reads %j', (text, expected) => {
    expect(terms(text)).toEqual(expected);
  });

  it('gives no list at all when no sentence is an unfair term', () => {
    expect(extractFields('You may cancel your subscription at any time.').unfairTerms).toBeNull();
  });
});

describe('an indemnity to a named party is read by its capital', () => {
  const limits = (text: string) => terms(text).some(([category]) => category === 'limitation_of_liability');
  it('is not a limitation when the reader indemnifies a name, but "indemnify and hold harmless the ..." in lower case is no name', () => {
    expect(limits('The member shall indemnify and hold harmless Acme from any liability.')).toBe(false);
    expect(limits('THE MEMBER SHALL INDEMNIFY AND HOLD HARMLESS ACME FROM ANY LIABILITY.')).toBe(false);
    // A lower-case word after "indemnify" starts no name: the liability exclusion of the provider is still read.
    expect(limits('In no event shall we be liable for any damages, and we will not indemnify any third party.')).toBe(true);
  });
});
