import { describe, expect, it } from 'vitest';
import { extractRuleFields } from './extract-fields.js';

/** These tests pin the rules themselves; the learned models that judge them are tested in judgement/. */
const extractFields = (text: string) => extractRuleFields(text).contract;

const exclusive = (text: string) => extractFields(text).exclusivity !== null;

describe('exclusivity: the only appointed trader, and no other licence', () => {
  it.each([
    ['Distributor shall be the only authorized distributor of the Products in North America.'],
    ['Licensor shall not grant any other license to the Licensed Patents in the Field.'],
    ['During the Term, Supplier will not grant any additional distributorships in the Territory.'],
  ])('counts %j', (text) => {
    expect(exclusive(text)).toBe(true);
  });

  it.each([
    // A bar on sublicensing and a reservation of rights keep no one out of the market.
    ["Licensee shall not grant any further sublicense without Licensor's consent."],
    ['Licensor does not grant any other rights to Licensee, whether by implication or otherwise.'],
    ['Licensee shall have the sole right and responsibility for obtaining regulatory approvals.'],
  ])('does not count %j', (text) => {
    expect(exclusive(text)).toBe(false);
  });
});

describe('exclusivity: held by the counterparty, not by someone else', () => {
  it.each([
    ['Supplier shall manufacture, package and release the Product for shipment, exclusively for Kitov, during the Term.'],
    ['Licensor grants to Licensee the exclusive right to sell the Products in the Territory.'],
    ['Company shall not enter into an exclusive arrangement with any other party for the Services.'],
    [
      'During the Term, Endorser agrees that it will not enter into any other endorsement agreement for the endorsement of any other dietary supplements.',
    ],
    [
      'Developer acknowledges that the exclusive rights granted herein apply only to the right to develop new restaurants in the Territory.',
    ],
  ])('counts %j', (text) => {
    expect(exclusive(text)).toBe(true);
  });

  it.each([
    ['ETI acknowledges that NTL may have entered into exclusive license arrangements with other corporations.'],
    ['Galaxy reserves the right to grant to any other person an exclusive territory for the marketing of the Services.'],
    ['Licensor retains the sole and exclusive right to sell the Products to the Excluded Accounts.'],
    ['Licensee shall use the Licensed Technology exclusively for research purposes.'],
    ['All operational costs of delivering the promotional materials provided hereunder shall be borne exclusively by NCM.'],
    ['All Deliverables developed exclusively for Client shall be owned by Client.'],
    ['Supplier shall manufacture the Products exclusively for the Purposes.'],
    ["Distributor acknowledges Supplier's exclusive right and interests in relation to the Supplier Trademarks."],
    [
      'MusclePharm shall have the exclusive right, but not the obligation, to prosecute, defend and/or settle all actions involving an infringement of its trademarks.',
    ],
    ['The Indemnified Party shall have the sole and exclusive right to settle any Third Party Claim involving non-monetary relief.'],
    [
      'The Professional agrees not to enter into any other agreement the performance of which would cause an infringement of the rights granted hereunder.',
    ],
    ['Surgical will not enter into any other agreement or arrangement that will directly or indirectly compete with the Services.'],
  ])('does not count %j', (text) => {
    expect(exclusive(text)).toBe(false);
  });
});

describe('exclusivity: an exclusive grant in each of its wordings', () => {
  it.each([
    // The modifiers between "exclusive" and the licence.
    ['Licensee shall hold an exclusive, perpetual, irrevocable license to the Patents.'],
    ['Licensee shall hold an exclusive perpetual irrevocable license to the Patents.'],
    ['Licensee shall hold an exclusive royalty-free license to the Patents.'],
    ['Licensee shall hold an exclusive fully-paid license to the Patents.'],
    ['Licensee shall hold an exclusive, fully-paid-up license to the Patents.'],
    ['Licensee shall hold an exclusive nontransferable license to the Patents.'],
    ['Licensee shall hold an exclusive sublicensable license to the Patents.'],
    ['Licensee shall hold an exclusive paid-up license to the Patents.'],
    ['Licensee shall hold an exclusive (worldwide) license to the Patents.'],
    // What is exclusive.
    ['Licensee shall hold an exclusive licence to the Patents.'],
    ['Licensee shall hold exclusive licenses to the Patents.'],
    ['Licensee shall hold an exclusive sublicense to the Patents.'],
    ['Distributor shall hold exclusive distribution rights in the Territory.'],
    ['Distributor shall have the exclusive sale of the Products in the Territory.'],
    ['Athlete shall give Company the exclusive endorsement of its sports drinks.'],
    ['Company shall have the exclusive promotion of the Event in Canada.'],
    // Who appoints or grants, in each tense.
    ['Owner has appointed Acme as its exclusive licensor for the Territory.'],
    ['Owner shall grant Acme the role of exclusive licensor for the Territory.'],
    ['Owner has designated Acme as its exclusive licensor for the Territory.'],
    // Dealing only with one party.
    ['All Products shall be purchased exclusively from Supplier.'],
    ['All Components shall be ordered exclusively from Supplier.'],
    ['All Components shall be sourced exclusively from Supplier.'],
    ['All Components shall be obtained exclusively from Supplier.'],
    ['The Products shall be distributed exclusively through the website of Supplier.'],
    ['The Products shall be marketed exclusively through the website of Supplier.'],
    ['All notices shall be communicated exclusively through the Portal of Supplier.'],
    ['Supplier shall provide the Services exclusively to Acme.'],
    ['Vendor will provide photo-editing services exclusively, at Buyer option, once volumes reach 50,000 a year.'],
    ['Consultant shall render consulting services exclusively for the Term.'],
    ['Distributor shall purchase the Products exclusively from Supplier.'],
    ['Lender shall be entitled exclusively to provide any bridge financing on these terms.'],
    // Exclusivity as a thing granted, given or held.
    ['During the Initial Term, Supplier granted Acme exclusivity in the whole of the Territory.'],
    ['Supplier shall give Acme exclusivity in the Territory.'],
    ['During the Initial Term, Supplier gives Acme exclusivity in the whole of the Territory.'],
    ['Supplier is providing Acme exclusivity in the Territory.'],
    ['Acme shall continue enjoying exclusivity in the Territory.'],
    ['Acme retained exclusivity in the Territory for the Initial Term.'],
    ['Acme received exclusivity in the Territory for the Initial Term.'],
    ['Acme shall be afforded exclusivity in the Territory.'],
    ['Supplier shall give exclusivity to Acme in the Territory.'],
  ])('counts %j', (text) => {
    expect(exclusive(text)).toBe(true);
  });

  it.each([
    // A fee for exclusivity is a payment, not a grant.
    ['Supplier shall receive exclusivity fees of $50,000 each quarter.'],
    ['Supplier shall receive an exclusivity fee of $50,000 per quarter.'],
    ['Supplier shall receive an exclusivity payment of $50,000 per quarter.'],
    // Services that are not exclusive, or are about something else.
    ['Vendor will provide the services non-exclusively.'],
    ['Vendor will provide the services described exclusively in Exhibit A.'],
  ])('does not count %j', (text) => {
    expect(exclusive(text)).toBe(false);
  });
});

describe('exclusivity: a promise not to deal with anyone else', () => {
  it.each([
    ['Licensor shall not, during the Term, grant any other license to the Patents in the Field.'],
    ['Licensor will not be granting any other license to the Patents in the Field.'],
    ['Licensor shall not grant another patent license in the Field.'],
    ['Supplier will not grant any other distributorship in the Territory.'],
    ['Supplier will not grant another distributorship in the Territory.'],
    ['Franchisor will not grant any other franchise in the Territory.'],
    ['Supplier shall not, during the Term, appoint any other distributor in the Territory.'],
    ['Supplier shall not, during the Term, authorize any other distributor in the Territory.'],
    ['Supplier shall not, during the Term, sell the Products to any other reseller in the Territory.'],
    ['Distributor shall not, during the Term, purchase the Products from any other supplier.'],
    ['Distributor shall not, during the Term, buy the Products from any other supplier.'],
    ['Supplier shall not, during the Term, appoint, directly or indirectly, any other distributor in the Territory.'],
    ['Supplier shall not, during the Term, appoint any distributor other than Acme in the Territory.'],
    ['Licensor shall not, during the Term, license the Software to any third party other than Licensee.'],
    // "not to ... appoint any other ...".
    ['Supplier has not appointed, nor will Supplier itself directly appoint, any other distributor in the Territory.'],
    ['Acme agrees not to directly appoint any other distributor in the Territory.'],
    ['Acme agrees not to authorize any other distributor in the Territory.'],
    ['Acme agrees not to appoint any other independent distributor in the Territory.'],
    ['Acme agrees not to appoint any other person to sell the Products in Canada.'],
    ['Acme agrees not to appoint any other entity to sell the Products in Canada.'],
    ['Acme agrees not to appoint any other company to sell the Products in Canada.'],
    ['Acme agrees not to engage any other firm to sell the Products in Canada.'],
    ['Acme agrees not to engage any other provider to make the Products.'],
    ['Acme agrees not to engage any other vendor to make the Products.'],
    ['Acme agrees not to engage any other supplier to make the Products.'],
    ['Acme agrees not to appoint any other distributor to sell the Products in Canada.'],
    ['Acme agrees not to appoint any other reseller to sell the Products in Canada.'],
    ['Acme agrees not to appoint any other licensee to sell the Products in Canada.'],
    ['Acme agrees not to appoint any other agent to sell the Products in Canada.'],
    ['Acme agrees not to appoint any other dealer to sell the Products in Canada.'],
    ['Acme agrees not to sell the Products to any other customer in Canada.'],
    ['Acme agrees not to engage any other manufacturer to make the Products.'],
    ['Supplier agrees not to appoint any other Distributors in the Territory.'],
    ['Acme agrees not to appoint another independent distributor in the Territory.'],
    ['Acme agrees not to license the Software to another party in the Field.'],
    ['Acme agrees not to license the Software to another person in the Field.'],
    ['Acme agrees not to license the Software to another entity in the Field.'],
    ['Acme agrees not to appoint additional distributors in the Territory.'],
    // No second agreement of the same kind.
    ['Acme agrees not to directly or indirectly enter into any additional agreement for sports drinks.'],
    ['Acme agrees not to enter into additional endorsement agreements for sports drinks.'],
    ['Acme agrees not to enter into any other agreement for sports drinks.'],
    ['Acme agrees not to enter into any other arrangement for sports drinks.'],
    ['Acme agrees not to enter into any other contract for sports drinks.'],
    // A requirements contract.
    ['Distributor shall purchase one hundred percent of its requirements of the Products from Supplier.'],
    ['Distributor shall purchase one hundred percent (100%) of its requirements of the Products from Supplier.'],
    ["Seller shall supply all of the Buyer's requirements for the Products."],
    ['Distributor shall purchase all of its annual requirements of the Products from Supplier.'],
    // The only trader.
    ["No term limits Acme's role as sole and exclusive distributor of the Products."],
    ['Acme shall be the sole distributor of the Products in Canada.'],
    ['During the Term, Distributor purchases the Products solely from Supplier and its Affiliates.'],
  ])('counts %j', (text) => {
    expect(exclusive(text)).toBe(true);
  });

  it.each([
    ['Acme agrees not to enter into any agreement with any other party that would materially restrict its performance hereunder.'],
    [
      'Endorser agrees not to enter into any other agreement during the Term with a competitor of Company, the performance of which would conflict with this Agreement.',
    ],
    // Passing on rights, obligations or information is anti-assignment or confidentiality.
    [
      'Licensee shall not, by subcontracting or otherwise, license to any third party other than an Affiliate its rights or obligations hereunder.',
    ],
    ['Licensee shall not assign or license to any third party other than an Affiliate any right or obligation hereunder.'],
    ['Licensee shall not assign or license to any third party other than an Affiliate any obligation or right hereunder.'],
    ['Licensee shall not assign this Agreement or license the Software to any third party other than an Affiliate.'],
    ['Recipient shall not, by disclosing or otherwise, license any Confidential Information to any third party other than an Affiliate.'],
    ['Recipient shall not, by transferring or otherwise, license any Confidential Information to any third party other than an Affiliate.'],
    ['Recipient shall not disclose or license any Confidential Information to any third party other than an Affiliate.'],
    // "For itself or any other person": the party's proxy, not someone kept out.
    ['Consultant will not engage, for itself or any other person, in any business competing with Company.'],
    ['Consultant will not engage, on behalf of itself or any other person, in any business competing with Company.'],
    ['Consultant will not engage, for itself or on behalf of any other person, in any business competing with Company.'],
  ])('does not count %j', (text) => {
    expect(exclusive(text)).toBe(false);
  });
});

describe('exclusivity: forms, recitals, definitions, headings and lookalikes', () => {
  it.each([
    ['Distributor is appointed as exclusive distributor of the Products in the Territory: [ ] Yes [ ] No'],
    ['Distributor is appointed as exclusive distributor of the Products in the Territory: [] Yes [] No'],
    ['Distributor is appointed as exclusive distributor of the Products in the Territory: [ ]Yes [ ]No'],
    ['Distributor is appointed as exclusive distributor of the Products in the Territory: [ ] Yes or [ ] No'],
    ['a) WHEREAS, Company desires to appoint Distributor as its exclusive distributor in the Territory.'],
    ['(iv) WHEREAS, Company desires to appoint Distributor as its exclusive distributor in the Territory.'],
    ['(b)WHEREAS, Company desires to appoint Distributor as its exclusive distributor in the Territory.'],
    ['a) RECITALS: WHEREAS, Company desires to appoint Distributor as its exclusive distributor in the Territory.'],
    ['a) RECITAL WHEREAS, Company desires to appoint Distributor as its exclusive distributor in the Territory.'],
    ['a) RECITALS a) WHEREAS, Company desires to appoint Distributor as its exclusive distributor in the Territory.'],
    ['a) RECITALS (iv) WHEREAS, Company desires to appoint Distributor as its exclusive distributor in the Territory.'],
    ['a) RECITALS (b)WHEREAS, Company desires to appoint Distributor as its exclusive distributor in the Territory.'],
    ['Background WHEREAS, Company desires to appoint Distributor as its exclusive distributor in the Territory.'],
    ['Background: WHEREAS, Company desires to appoint Distributor as its exclusive distributor in the Territory.'],
    ['WITNESSETH WHEREAS, Company desires to appoint Distributor as its exclusive distributor in the Territory.'],
    ['RECITAL Company desires to appoint Distributor as its exclusive distributor in the Territory.'],
    ['"Exclusive Territory" means the territory in which Distributor is appointed as exclusive distributor.'],
    ['"Exclusive Territory" shall mean the territory in which Distributor is appointed as exclusive distributor.'],
    ['"Exclusive Distributor" has the meaning given in Section 2, under which Acme is the exclusive distributor.'],
    ['"Exclusive Distributor" shall have the meaning given in Section 2, under which Acme is the exclusive distributor.'],
    ['"Exclusive Distributor" is defined in Section 2, under which Acme is the exclusive distributor.'],
    ['2.1 Exclusive Distributor.'],
    // A channel for notices is not an exclusive agent: "through" is no word of a trading role.
    ['All notices under this Agreement shall be sent exclusively through Paying Agent.'],
    ['Licensor grants Licensee a non exclusive license to use the Software.'],
    // Governing terms, costs, ownership and claims.
    ['The Products sold to Distributor shall be governed exclusively by these terms.'],
    ['These terms shall exclusively govern each reseller of the Products.'],
    ['Costs of Products sold shall be borne solely and exclusively by Distributor.'],
    ['Licensor has the exclusive right title and interest in the Marks.'],
    ['Licensor has the exclusive right, title and interest in the Marks.'],
    ['The Licensor shall have the exclusive right to take action against infringers.'],
    ['The Licensor shall have the exclusive right to take any action against infringers.'],
    ['All Deliverables made under this Agreement, belonging exclusively to Client, shall be delivered on termination.'],
    ['Title to each Product made by Supplier is vested exclusively with Buyer.'],
    ['Supplier shall manufacture the Products exclusively for the Purpose.'],
    // Exclusivity someone else holds.
    ['Licensor and its Affiliates own the exclusive rights to the Marks.'],
    ['Licensor shall have the exclusive right, at its own cost, to prosecute any infringement of the Patents.'],
    ['Licensor may grant an exclusive license to any third party in the Field.'],
    ['Licensor may enter into an exclusive license with any other pharmaceutical company.'],
    ['Licensor may enter into an exclusive arrangement with any other person.'],
    ['Licensor may enter into an exclusive arrangement with any other corporation.'],
    ['Galaxy reserves the right to grant to other persons an exclusive territory for the Services.'],
    ['Galaxy may grant to any other corporation an exclusive license for the Services.'],
    ['Galaxy may grant to any other person exclusive rights in the Field.'],
    ['Licensor shall retain the sole and exclusive right to sell to the Excluded Accounts.'],
    ['Licensor shall reserve the exclusive right to sell to the Excluded Accounts.'],
    ['Licensor retains exclusive rights to sell to the Excluded Accounts.'],
  ])('does not count %j', (text) => {
    expect(exclusive(text)).toBe(false);
  });

  it.each([
    ['Supplier appoints Acme as its exclusive distributor, as recited in the WHEREAS clauses above.'],
    ['Company appoints Acme as its exclusive distributor as set out in the RECITALS above.'],
    ['Supplier appoints Distributor as its exclusive distributor of the Products in the Territory, where "Territory" means Canada.'],
    ['Developer acknowledges that the exclusive rights under this Agreement extend to the whole Territory.'],
    ['All Products manufactured exclusively for Kitov shall bear its marks.'],
    ['Supplier shall produce the Product exclusively for Kitov during the Term.'],
    ['Supplier shall supply the Product exclusively for Kitov during the Term.'],
    ['Supplier shall manufacture the Product exclusively for the Company during the Term.'],
    ['Supplier shall sell the Products exclusively through Distributor in the Territory.'],
  ])('counts %j', (text) => {
    expect(exclusive(text)).toBe(true);
  });
});

describe('exclusivity: a restriction under a heading that names exclusivity', () => {
  it.each([
    [
      '4.1 Exclusivity.\nExcept as provided in the Supply Agreement, Seller shall be prohibited from developing the Instruments for any Third Party in the field of orthopedics until 2030.',
    ],
    [
      '(e) Exclusive Dealing.\nEach Party agrees that it will not circumvent the other by contacting any third party with respect to the transactions contemplated by this Agreement.',
    ],
    [
      '14. Exclusivity.\nNo marketing exclusivity in any category is conferred or implied by this Agreement except to the extent explicitly set forth in the Agreement Summary.',
    ],
  ])('counts %j', (text) => {
    expect(exclusive(text)).toBe(true);
  });

  it.each([
    // The heading denies exclusivity or names a remedy; the body grants or restricts nothing; a bare non-compete.
    ['4.1 Non-Exclusivity.\nLicensor shall not be prohibited from appointing other distributors in the Territory.'],
    ['9.2 Exclusive Remedy.\nCustomer will not have any remedy other than the refund of the fees paid.'],
    ['4.1 Exclusivity.\nNothing in this Agreement shall be construed to restrict either party from dealing with third parties.'],
    ['4.1 Exclusivity.\nFor purposes of this Section, "Competitor" means any company engaged in the sale of computers.'],
    ['8. Exclusivity.\nTalent will not endorse any other product which is directly competitive to Company products.'],
    ['4.1 Governing Law.\nSeller shall be prohibited from developing the Instruments for any Third Party.'],
    // A person's status in a non-solicitation clause.
    [
      'Consultant agrees that it will not hire any individual who was, within six months before such hiring, an employee, exclusive contractor, or exclusive independent contractor of the Company.',
    ],
  ])('does not count %j', (text) => {
    expect(exclusive(text)).toBe(false);
  });
});

describe('exclusivity: passive grants, working only with one party, wide sourcing bars, endorsers bound to one maker', () => {
  it.each([
    ['The right to use the Athlete Identification will not be granted to anyone other than Company during the Contract Period.'],
    ['The right to use the Identification has not been previously granted nor will it be granted to anyone other than Sponsor.'],
    ['For eighteen (18) months, Publisher shall work exclusively with Licensee to publish the Content on the Open Web.'],
    [
      'Reseller shall not obtain the Software or Support Services (or any software or services which compete with the Software) for sale from any Entity other than Vendor or its authorized agents.',
    ],
    ['The Professional agrees to use only the golf clubs and golf bags of the Company in any golf event during the Term.'],
    ['During the term of this Agreement, Consultant shall exclusively play/use the Mandatory Products.'],
  ])('counts %j', (text) => {
    expect(exclusive(text)).toBe(true);
  });

  it.each([
    ['No delay on the part of either Party, nor any indulgence granted by any Party to another Party, shall impair such rights.'],
    ['Distributor and its employees will use only ethical, legitimate and legal business practices in promoting the Products.'],
    ['The Sales Team shall use only such marketing materials for the Product as are approved in writing by Company.'],
    ['The parties shall work together in good faith to publish the Content.'],
  ])('does not count %j', (text) => {
    expect(exclusive(text)).toBe(false);
  });
});

// Invented drafting for each family of CUAD's definition, and the lookalikes a reviewer would confuse with it.
describe('exclusivity: invented drafting of each family of the definition', () => {
  it.each([
    // exclusive appointment, licence or right
    ['Acme hereby appoints Beta as its exclusive distributor of the Products in the Territory.'],
    ['Beta is hereby appointed the exclusive distributor for the Products in Canada.'],
    [
      'Subject to the terms of this Agreement, Licensor hereby grants Licensee an exclusive, worldwide, non-transferable license under the Patents.',
    ],
    ['Party A shall have the exclusive right to market and sell the Products in the Territory during the Term.'],
    ['Licensee shall be the exclusive licensee of the Patents in the Territory.'],
    ['The license granted in Section 2.1 shall be exclusive, even as to Licensor.'],
    ['The Distributor shall be the sole and exclusive distributor of the Products in Europe.'],
    ['Subject to Section 4, ABC will be the exclusive supplier to DEF of the Components.'],
    // requirements contracts, in the buyer's words
    ['During the Term, the Buyer shall purchase all of its requirements for the Products from the Seller.'],
    ["Customer shall purchase from Vendor all of Customer's requirements for packaging materials."],
    ['The Customer shall obtain its entire requirements of Raw Materials exclusively from the Supplier.'],
    ['The Purchaser agrees to buy from the Supplier 100% of its requirements of widgets.'],
    // no other appointment or dealing, with an aside between "not" and the verb
    ['Supplier shall not appoint any other distributor for the Products in the Territory during the Term.'],
    [
      'Company will not, during the Term, enter into any agreement with any other party for the distribution of the Products in the Territory.',
    ],
    ["The Owner shall not, without the Agent's consent, engage any other broker to sell the Property."],
    ['Supplier agrees that it will not, directly or indirectly, supply the Products to any other customer in the Territory.'],
    ['Neither Party shall collaborate with any third party on the development of a product for the Indication during the Term.'],
    // a heading run into a sale to one party only
    ['Exclusivity. During the Term, the Supplier shall sell the Products only to the Distributor.'],
  ])('counts %j', (text) => {
    expect(exclusive(text)).toBe(true);
  });

  it.each([
    ['Acme hereby appoints Beta as its non-exclusive distributor of the Products in the Territory.'],
    ['The courts of England shall have exclusive jurisdiction to settle any dispute arising out of this Agreement.'],
    ['The foregoing states the sole and exclusive remedy of Customer for breach of warranty.'],
    ['All Deliverables shall be the sole and exclusive property of the Client.'],
    ['All prices are exclusive of VAT and other applicable taxes.'],
    ['The Recipient shall use the Confidential Information exclusively for the purposes of evaluating the Transaction.'],
    ['Nothing in this Agreement shall be construed as granting any exclusive rights to either Party.'],
    ['This Agreement does not create an exclusive relationship between the parties.'],
    // the licence-back of an assignment
    [
      'The Consultant hereby assigns to the Company all right, title and interest in the Work Product, and to the extent any rights cannot be assigned, grants the Company an exclusive, perpetual, royalty-free licence to use them.',
    ],
    // how or where, not with whom
    ['Payment shall be made exclusively by wire transfer.'],
    ['The Consultant will perform the Services exclusively at the Company premises.'],
    // a supplier meeting the buyer's needs, and the buyer left free
    ["Company shall use reasonable efforts to fulfil all of Distributor's requirements for Products within the Market."],
    ['Customer is not obligated to purchase any minimum quantity and may purchase similar products from any other source.'],
    ['The Supplier may appoint other distributors in the Territory at any time.'],
    // not working with third parties the other introduced is non-circumvention
    ['Each party agrees not to work directly with any third parties introduced to it by the other party.'],
    ['The rights and remedies herein are cumulative and not exclusive of any rights or remedies provided by law.'],
  ])('does not count %j', (text) => {
    expect(exclusive(text)).toBe(false);
  });
});

describe('exclusivity: invented drafting with numbering, defined terms and cross-references', () => {
  it.each([
    [
      '2. APPOINTMENT. 2.1 Subject to Section 2.3, the Company hereby appoints the "Distributor" as its exclusive distributor for the Territory.',
    ],
    [
      'The Supplier (hereinafter "Party A") grants to Party B the exclusive right to resell the Products in the Territory as set out in Clause 3.',
    ],
    [
      'During the term hereof, Buyer agrees that it shall purchase exclusively from Seller all Products which Buyer requires for resale in the Territory.',
    ],
    ['Licensor shall not, during the Term, (a) appoint any other licensee in the Territory or (b) itself sell Products in the Territory.'],
    ['The Company agrees to use Provider on an exclusive basis for all payroll services.'],
    ['It is agreed that ABC shall be the only supplier of the Components to XYZ during the term.'],
    ['Except as set forth in Section 4.2, Company shall not sell the Products through any other distributor in the Territory.'],
    ['Supplier will not sell the Products to any other retailer in the Territory.'],
    // exclusivity referred back to is still granted
    [
      '10.2 The Supplier shall be entitled to terminate the exclusivity granted under clause 2.1 by notice if the Minimum Purchase is not met.',
    ],
    ['In consideration of the exclusivity rights granted to Licensee, Licensee shall pay the minimum royalties set out in Schedule 2.'],
  ])('counts %j', (text) => {
    expect(exclusive(text)).toBe(true);
  });

  it.each([
    ['Licensee acknowledges that the license granted hereunder is non-exclusive and that Licensor may license the Software to others.'],
    ['Any dispute shall be submitted to the exclusive jurisdiction of the courts of Singapore.'],
    ['The remedies in this Section 8 are exclusive and in lieu of all other remedies.'],
    ['The price of the Products is exclusive of shipping and insurance.'],
    ['The Receiving Party shall use the Confidential Information solely for the Purpose.'],
    ['Each Party shall be solely responsible for its own employees.'],
    ['Consultant may provide services to other clients during the Term, provided that there is no conflict of interest.'],
    ['The Supplier shall deliver the Products only to the addresses specified in the Purchase Order.'],
    ['Nothing herein shall restrict either Party from entering into similar agreements with third parties.'],
    ['This Agreement does not grant Licensee any exclusive right in any territory.'],
  ])('does not count %j', (text) => {
    expect(exclusive(text)).toBe(false);
  });
});

describe('exclusivity: recall on unseen drafting (predicate grants, one channel, no licence to others)', () => {
  it.each([
    // "exclusive" said of the licence after the verb, with qualifiers or a proviso in between.
    ['The licence granted to Reseller under Section 2.1 shall be worldwide, irrevocable and exclusive for the Field.'],
    ['The rights granted to Agent hereunder will, subject to Section 9, be exclusive in the Territory.'],
    ['2.2 The licence shall, for so long as Licensee meets the Minimum Royalty, be exclusive.'],
    // All of one activity goes through one named party.
    ['All orders from retailers in the Territory shall be placed exclusively through Distributor.'],
    ['Any contact with the Federation shall be made exclusively and directly through Promoter.'],
    ['Sales of the Products to hospitals shall be handled exclusively by MedCo on behalf of both parties.'],
    // No licence of the subject to anyone else.
    ['Owner shall not license the Artwork to any third party for use on apparel during the Term.'],
    ['During the Term, the Artist will not use, permit the use of, or license to others the Name in connection with beverages.'],
    ['Licensor agrees that it will grant no other licenses for the Territory in the Licensed Field.'],
    ['Publisher shall have no right to allow any person other than Aggregator to distribute the Titles online.'],
    ['Talent shall be prohibited from granting endorsement rights to any entity other than Sponsor for sports drinks.'],
  ])('counts %j', (text) => {
    expect(exclusive(text)).toBe(true);
  });

  it.each([
    // How payment is made or who bears a cost is no channel; "exclusively by" a means is not a party.
    ['All fees shall be paid exclusively by wire transfer to the account designated by Licensor.'],
    ['All costs of relocation shall be borne exclusively by Customer.'],
    ['Disputes shall be resolved exclusively by arbitration under Section 14.'],
    ['The Services shall be performed exclusively by employees of Contractor.'],
    ['All notices shall be given exclusively as set forth in Section 12.'],
    // A proviso that the licence "shall be" something else, or exclusive "of" a cost.
    ['The licence granted hereunder shall be non-exclusive and non-transferable.'],
    ['The Fees shall be exclusive of VAT and other sales taxes.'],
    // A bar on sublicensing, third-party beneficiaries, indemnity carve-outs and need-to-know limits keep no one out of the market.
    ['Licensee may not sublicense the license rights granted hereunder to any other third party without consent.'],
    ['Nothing in this Agreement shall confer any rights upon any person other than Buyer and Seller.'],
    ['The indemnity shall not apply to any modification of the Software made by any party other than Vendor.'],
    ["Recipient shall not disclose Confidential Information to any person other than the Recipient's employees."],
  ])('does not count %j', (text) => {
    expect(exclusive(text)).toBe(false);
  });
});

describe('exclusivity: invented wordings of the existing families (regression)', () => {
  it.each([
    [
      "Company hereby appoints Agent, and Agent accepts appointment, as Company's sole and exclusive sales representative for the Products in the Territory.",
    ],
    ['During the Term, Licensor shall not appoint any other person as a distributor of the Products in the Territory.'],
    ['Buyer shall purchase from Seller one hundred percent (100%) of its requirements of the Goods.'],
    ['Licensee shall be the exclusive licensee of the Patents in the Field.'],
    ['Manufacturer will not supply the Product to any other customer in North America.'],
    ['XYZ shall source all of its requirements for the Components exclusively from ABC.'],
    ['Franchisor shall not establish, or license any other person to establish, a Restaurant within the Protected Area.'],
    ['Distributor shall purchase the Products only from Company and shall not purchase similar products from any other supplier.'],
  ])('counts %j', (text) => {
    expect(exclusive(text)).toBe(true);
  });
});

describe('exclusivity: only one named party trades', () => {
  it.each([
    ['It is agreed that only Reseller will be marketing the Output to customers in the Region.'],
    ['Only the Agent shall sell the Products to retail chains in the Territory.'],
    [
      'All communication with the Governing Body (the "League"), its member clubs, former players and officials shall be made exclusively and directly through Licensor.',
    ],
  ])('counts %j', (text) => {
    expect(exclusive(text)).toBe(true);
  });

  it.each([
    // "Only" that limits what a party may do or when, with no one shut out.
    ['Distributor may only sell the Products in the Territory.'],
    ['Only Products that meet the Specifications shall be supplied to Customer.'],
    ['Only the English version of this Agreement shall be binding.'],
  ])('does not count %j', (text) => {
    expect(exclusive(text)).toBe(false);
  });
});
