import { describe, expect, it } from 'vitest';
import { extractFields } from './extract-fields.js';

const found = (text: string) => extractFields(text).nonCompete !== null;

describe('non-compete', () => {
  it.each([
    [
      'Unless accepted by the Principal, the Distributor shall handle no products that are competitive with the Products within the Territory.',
    ],
    [
      'Throughout the Term and for a period of six (6) months after termination, neither XSPA nor any of its affiliates shall, directly or indirectly, sell or promote any digital meditation products.',
    ],
    ['No Participant will engage in any business that might be competitive with the business of the Joint Venture.'],
    [
      'During the term of this Agreement, neither OntoChem nor any of its Affiliates will research, develop or commercialize any compound directed to any Target.',
    ],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(true);
  });

  it('reads a competition heading through the restriction under it', () => {
    expect(
      found('8.2 No Competing Products.\n(a) During the Term, Distributor will not sell any product that incorporates the Technology.'),
    ).toBe(true);
  });

  it.each([
    ['The Settlement Agreement does not contain a covenant-non-compete applicable to the employee.'],
    [
      'Consultant is not under any legal obligation, including any obligation of non-competition, which prevents Consultant from performing.',
    ],
    ['This Agreement shall not prevent either party from developing or selling competing products of other vendors.'],
    ['Distributor may not reverse engineer the Software or use it for any competitive analysis.'],
    ['During the Term, Distributor shall not sell the Products outside the Territory.'],
    // A standstill on share ownership, a condition written "shall not have commenced", and a price benchmark.
    [
      "For a period of two (2) years following the Closing Date, the Investor will not beneficially own more than forty percent (40%) of the Company's outstanding common stock.",
    ],
    [
      'If Licensee shall not have commenced to manufacture the Products within three months after the date of this Agreement, Licensor may give notice of such failure.',
    ],
    ['Provided Supplier offers competitive market pricing, Buyer shall not purchase any electricity from any person other than Supplier.'],
    // A heading stands for the sentence under it, and that one is no restriction.
    ['(e) Non-Compete.\nThe Settlement Agreement does not contain a covenant-non-compete applicable to the employee.'],
    [
      'Company may not assign this Agreement without the prior written consent of Supplier (a purported assignment to a Supplier competitor being a reasonable basis for withholding consent).',
    ],
  ])('does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });
});

describe('non-compete: structure', () => {
  it('reads a list item with the restriction of its lead-in', () => {
    expect(
      found(
        'The Reseller shall not:\n(a) pledge the credit of Maker; or\n(b) act as agent for anyone for goods that compete with the Products; or',
      ),
    ).toBe(true);
    expect(
      found('The Reseller may:\n(a) set its own prices; or\n(b) act as agent for anyone for goods that compete with the Products; or'),
    ).toBe(false);
  });

  it('counts a ban on engaging in a business defined by what it does', () => {
    expect(
      found(
        'As long as both hold shares in the Venture, neither of the Members shall, directly or indirectly, engage in any enterprise anywhere which (a) manufactures pigments or (b) sells them.',
      ),
    ).toBe(true);
    expect(found('Either Member may engage in any business which manufactures pigments.')).toBe(false);
  });

  it.each([
    ['For one year after the end of the Term, Agent will not solicit any client of Principal to buy a competing service.'],
    ['Recipient may not use the Confidential Information of Discloser to engage in any activity which is competitive with Discloser.'],
  ])('leaves non-solicitation and confidentiality covenants that mention competition to their own categories: %j', (text) => {
    expect(found(text)).toBe(false);
  });

  it('still counts a covenant that forbids both soliciting and selling competing goods, whatever a party is called', () => {
    expect(found('Distributor will not solicit customers for, nor sell, any product that competes with the Products.')).toBe(true);
    expect(found('Distributor will not solicit any customer of Maker to buy a competing product.')).toBe(false);
  });
});

describe('non-compete: non-competing products and covenants beside a no-solicit', () => {
  it.each([
    ["When promoting a non-competitive beverage, under no circumstances shall Athlete drink from or display a Brand competitor's bottle."],
    [
      'During the Term, neither Maker nor its Affiliates may (1) sell any product that is the same or similar to the Products, or (2) solicit any customer of Reseller.',
    ],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(true);
  });

  it.each([
    ['Athlete may endorse any non-competitive product during the Term.'],
    ['For two (2) years after termination, Advisor shall not solicit or hire any employee of the Company or develop a rival plan.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });
});

describe('non-compete: carve-outs and assignments', () => {
  it.each([
    ['Nothing in this Agreement shall prohibit the Reseller from offering competing services in other regions.'],
    ['The previous paragraph shall not be construed to bar either party from selling competitive goods.'],
    ['Nothing contained in this Section shall be construed as preventing Vendor from licensing competing software to others.'],
    ['The preceding sentence shall not prevent Agent from representing competitive product lines at trade fairs.'],
    ['Licensee may not assign or otherwise hand over this Agreement without prior written approval to any direct competitor of Licensor.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });

  it('keeps a restriction that ends with a carve-out', () => {
    expect(
      found(
        'During the Term, Publisher will not sell banner space to any competitor of Sponsor, provided that the foregoing shall not prevent Publisher from running unpaid editorial links.',
      ),
    ).toBe(true);
  });
});

describe('non-compete: a restriction, not the name of one', () => {
  const nonCompete = (text: string) => extractFields(text).nonCompete;

  it.each([
    [
      'Agent agrees not to (a) compete with the business of Owner, or (b) use any Confidential Information for the purpose of competing with Owner.',
    ],
    [
      'Reseller agrees that during the Term it shall not engage in, represent in any way or be connected with any business competing with the Products.',
    ],
    [
      'Non-Competition.\nDuring the Interim Period, neither Seller nor its affiliates shall, directly or indirectly, engage in the business of renting cars in the Region.',
    ],
  ])('finds %j', (text) => {
    expect(nonCompete(text)).not.toBeNull();
  });

  it.each([
    ['Non-Competition.\nThe parties shall meet once a quarter to review the marketing plan.'],
    ['Sections 5.8 [Non-Competition], 9 and 12 survive the end of this Agreement.'],
    ['[Signature Page to Non-Competition and Non-Solicitation Agreement]'],
    ['Developer acknowledges that a breach of the covenants not to compete in this Agreement would cause Owner irreparable harm.'],
    ['"Area of Non-Competition" means the State of Ohio.'],
    ['A "Competitive Business" shall not include a full-service restaurant.'],
  ])('does not count %j', (text) => {
    expect(nonCompete(text)).toBeNull();
  });
});

describe('non-compete: competition words that restrict no competing', () => {
  it.each([
    // Freedoms to compete, wherever they sit in the sentence.
    ['The Company shall not be restricted from engaging in any business, including businesses competitive with Consultant.'],
    ['Nothing herein shall restrict Licensor from licensing the Technology to competitors of Licensee.'],
    ['The parties acknowledge that this Agreement does not restrict either party from competing with the other.'],
    ["This Agreement shall not be construed to limit either party's right to compete."],
    ['UTEK shall not be required to divulge any confidential information concerning any person which may be a competitor of MKOS.'],
    // Who may take an assignment or a sublicence, good prices, advertising comparisons, unfair practices.
    ['Licensee shall not sublicense the Software to any entity that is not a competitor of Licensor without consent.'],
    [
      'Supplier shall offer prices that are competitive with those of other suppliers, and shall not increase prices more than once a year.',
    ],
    ['Distributor shall not make any misleading comparisons between the Products and competitive products.'],
    ['Consultant shall not use any information obtained hereunder to compete unfairly with the Company.'],
    // Confidentiality that names competitors among the people not to tell.
    ['Recipient shall not disclose Confidential Information to any third party, including any competitor of Discloser.'],
    // Definitions, exceptions and remedies that refer to the covenant.
    ['For clarity, a Competitive Transaction shall not include an agreement for co-marketing of the Solution with other products.'],
    ['A competitive product includes, but is not limited to, any product that would infringe any Licensor patent.'],
    [
      'The foregoing restrictions shall not apply in the event Licensee acquires a competing business as an incidental part of an acquisition.',
    ],
    [
      'Developer consents to the entry of an injunction prohibiting any conduct in violation of the covenants not to compete set forth in this Agreement.',
    ],
  ])('does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });

  it.each([
    // A real restriction beside a freedom still counts.
    [
      'During the Term, Distributor shall not sell any products that compete with the Products, provided that nothing herein shall restrict Distributor from selling spare parts.',
    ],
    ['The Distributor shall not include any competitive products in its catalogue during the Term.'],
    ['Neither party shall solicit or accept advertising from a competitor of the other party on the Co-Branded Site.'],
  ])('still counts %j', (text) => {
    expect(found(text)).toBe(true);
  });
});

describe('non-compete: restrictions that keep no one out of a business', () => {
  it.each([
    ['The Consultant shall not provide services to any competitor of the Company during the Term.'],
    [
      'Throughout the Term and for a period of six (6) months thereafter, neither party shall sell, offer for sale, market or promote any digital meditation products in any airport retail location.',
    ],
    ['During the Term, Licensee shall not sell any product that is the same or similar to the Products in the Territory.'],
    [
      'During the Term and for two years thereafter, Supplier shall not, directly or indirectly, buy, sell or trade paper pulp products through any e-commerce medium; provided, however, that this Section [Non-Competition] shall not apply to advertisements.',
    ],
  ])('counts %j', (text) => {
    expect(found(text)).toBe(true);
  });

  it.each([
    // Confidentiality, change of control and price benchmarking mention competitors without restricting competition.
    ['Distributor shall not disclose the pricing terms of this Agreement to any competitor of Supplier.'],
    [
      'In the event that Licensee is acquired by a competitor of Licensor, Licensor may terminate this Agreement and Licensee shall not be entitled to any refund.',
    ],
    [
      'Supplier shall offer the Products at prices competitive with those charged by its competitors and shall not increase prices more than once per year.',
    ],
    // A clause speaking of itself restricts no party.
    [
      'The obligations of Sections 5 (Confidentiality) and 6 (Non-Competition) shall survive termination and shall not be affected by the expiration of this Agreement.',
    ],
    // Winding down after the term: a lock-up, remaining inventory, holding out as a distributor.
    ['For a period of one (1) year following the Closing, the Seller shall not sell any shares of the Company common stock.'],
    ['For a period of two (2) years after termination, Licensee shall not sell any remaining inventory bearing the Licensed Marks.'],
    ['For six (6) months after expiration, Distributor shall not market the Products as an authorized distributor of Company.'],
    // Similar dealings barred only with other partners are an exclusive channel.
    [
      'Go Call shall not engage in the same or similar promotions during the Term of this Agreement with any other entity providing paging services.',
    ],
  ])('does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });
});

describe('non-compete: a heading stands for a sentence that restricts competing', () => {
  it.each([
    ['During the Term, Distributor shall not represent, distribute or sell any products which are competitive with the Products.'],
    ['During the term of this Agreement, Agent shall not act as agent for any other manufacturer of similar products.'],
    ['Company shall not, during the Term, offer services similar to the Services to customers in the Territory.'],
    ['Supplier shall not supply the Product or any similar product to any third party in the Territory during the Term.'],
    [
      'During the Term, Partner will not conduct any research using the Licensed Technology in the Field, independently or with third parties outside this Agreement.',
    ],
  ])('counts the verbs of trading in what competes: %j', (text) => {
    expect(found(text)).toBe(true);
  });

  it('does not count a confidentiality duty that runs during the term', () => {
    expect(
      found(
        'During the Term, neither party shall disclose Confidential Information, independently or with third parties, except as permitted herein.',
      ),
    ).toBe(false);
  });

  it('does not read a representation as representing a competitor', () => {
    expect(found('Licensee represents that it is not bound by any agreement that would restrict it from competing.')).toBe(false);
  });

  it('counts a heading over a restriction', () => {
    expect(found('8.1 Competing Products. Distributor shall not sell any product that competes with the Products.')).toBe(true);
  });

  it.each([
    ['7.2 Non-Competition and Non-Solicitation. During the Term, Consultant shall not solicit or hire any employee of the Company.'],
    ['Non-Competition. The parties acknowledge that the Non-Competition Agreement shall not be affected by this Agreement.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });
});
