import { describe, expect, it } from 'vitest';
import { extractRuleFields } from './extract-fields.js';

/** These tests pin the rules themselves; the learned models that judge them are tested in judgement/. */
const extractFields = (text: string) => extractRuleFields(text).contract;

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

// One sentence per way of writing each part of the rule (issue 17: mutation score).
describe('non-compete: each wording the rule knows', () => {
  it.each([
    ['Licensee must not market any product that competes with the Products.'],
    ['Distributor will carry no competing products in the Territory.'],
    ['Agent shall never act for a competitor of Owner anywhere in Spain or Portugal.'],
    ['Agent agrees not to sell competing goods anywhere in Spain or Portugal.'],
    ['The Seller undertakes not to carry on any competing business in Ontario.'],
    ['Seller covenants not to own or operate any competing business in Ontario.'],
    ['Agent shall refrain from selling competing products anywhere in Spain.'],
    ['Agent is prohibited from selling competing products anywhere in Spain.'],
    ['Agent is restricted from selling competing products anywhere in Spain.'],
    ['Agent shall promote the Products diligently, nor will it sell competing products.'],
    ['No party hereto will own any competing business anywhere in Spain or Portugal.'],
    ['Agent shall represent Maker exclusively and carry no competing lines.'],
    ['Neither party shall engage in any competing business in Spain.'],
  ])('each way of saying a party may not do it: counts %j', (text) => {
    expect(found(text)).toBe(true);
  });

  it.each([
    ['Agent shall not represent or sell any product of a competitor of Maker.'],
    ['Agent shall not represent and market any goods of a competitor of Maker.'],
  ])('laws, other agreements, representations, prices and bids: counts %j', (text) => {
    expect(found(text)).toBe(true);
  });

  it.each([
    ['Supplier shall not breach any competition laws in the Territory.'],
    ['The parties shall not violate the Competition and Consumer Act.'],
    ['Neither party shall exchange pricing plans with competitors in breach of antitrust rules.'],
    ['Consultant shall not breach any prior non-competition covenants with former employers.'],
    ['Employee shall not violate any confidentiality or non-compete obligations owed to others.'],
    ['Consultant represents that performing the Services will not breach any agreement with a competitor.'],
    ['Distributor may sell products of competitors of Maker so long as it shall not use the Marks of Maker.'],
    ['Supplier will not grant more competitive terms to any other buyer.'],
    ['Supplier will not use its competitive advantage to exclude Buyer.'],
    ['Supplier will not submit a competitive bid to any other buyer.'],
    ['Supplier will not offer competitive rates to any other buyer of the Products.'],
    ['Supplier will not offer competitive prices to any other buyer.'],
    ['Employee shall not misuse competitor information obtained elsewhere.'],
    ['Consultant is not subject to any covenant that would restrict Consultant from competing.'],
    ['Each party is free to sell products that compete with the Products, but shall not use the Marks of the other.'],
    ['Each party is free and without restriction to sell competing products, but shall not use the Marks of the other.'],
    ['Buyer shall not award the contract without obtaining competitive quotations.'],
    ['Buyer shall not publish any competitive benchmarking of the Software.'],
    ['Seller shall not breach its obligations set forth in the Non-Competition Agreement.'],
    ['The Company shall not breach the covenants against competition contained in the Indenture.'],
  ])('laws, other agreements, representations, prices and bids: does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });

  it.each([
    ['For two years following the Closing, Seller shall not manufacture or sell cleaning products in Ohio.'],
    ['Within one year from termination, Consultant shall not operate a bakery in the City.'],
    ['For one (1) month after expiry, Agent will not distribute any lubricants in Texas.'],
    ['For 18 months thereafter, Agent will not distribute any lubricants in Texas.'],
    ['For two (2) years after termination, Seller shall not research cleaning compounds in Ohio.'],
    ['For two (2) years after termination, Seller shall not develop cleaning compounds in Ohio.'],
    ['For two (2) years after termination, Seller shall not produce cleaning compounds in Ohio.'],
    ['For two (2) years after termination, Seller shall not market cleaning compounds in Ohio.'],
    ['For two (2) years after termination, Seller shall not supply cleaning compounds in Ohio.'],
    ['For two (2) years after termination, Seller shall not commercialise cleaning compounds in Ohio.'],
    ['For two (2) years after termination, Seller shall not commercialize cleaning compounds in Ohio.'],
    ['For two (2) years after termination, Seller shall not offer to sell cleaning compounds in Ohio.'],
    ['For two (2) years after termination, Seller shall not offer for sale cleaning compounds in Ohio.'],
    ['For two (2) years after termination, Seller shall not offer cleaning products in Ohio.'],
    ['For two (2) years after termination, Seller shall not offer any cleaning services in Ohio.'],
    ['For two (2) years after termination, Seller shall not act as a distributor of cleaning compounds in Ohio.'],
    ['For two (2) years after termination, Seller shall not act as an exclusive agent of any cleaning firm in Ohio.'],
    ['For two (2) years after termination, Seller shall not act as reseller of cleaning compounds in Ohio.'],
    ['For two (2) years after termination, Seller shall not engage in the cleaning business in Ohio.'],
    ['For two (2) years after termination, Seller shall not carry on a cleaning business in Ohio.'],
    ['For two (2) years after termination, Seller shall not own a cleaning business in Ohio.'],
    ['For two (2) years after termination, Seller shall not invest in a cleaning business in Ohio.'],
    ['For two (2) years after termination, Seller shall not provide services to cleaning firms in Ohio.'],
    ['For two (2) years after termination, Seller shall not provide products to cleaning firms in Ohio.'],
    ['For two (2) years after the Closing, neither Seller nor its Affiliates shall manufacture cleaning compounds in Ohio.'],
    ['Seller agrees not to manufacture cleaning compounds in Ohio for two years after the Closing.'],
  ])('after the term, trading without a competition word: counts %j', (text) => {
    expect(found(text)).toBe(true);
  });

  it.each([
    ['Seller shall not manufacture or sell cleaning products in Ohio.'],
    ['For one (1) year after termination, Licensee shall not sell any securities of the Company.'],
    ['For one (1) year after termination, Licensee shall not sell any existing stock of the Products.'],
    ['For one (1) year after termination, Licensee shall not sell any inventory of the Products.'],
    ['For one (1) year after termination, Licensee shall not sell any goods bearing the Trademarks.'],
    ['For one (1) year after termination, Licensee shall not sell any goods bearing the Marks.'],
    ['For six (6) months after expiration, Distributor shall not market the Products as an official reseller of Company.'],
    ['For one year after termination, Consultant shall not hire any engineer to develop software.'],
    ['For one year after termination, Consultant shall not employ any engineer to develop software.'],
    ['For one year after termination, Employee shall not disclose or sell any customer lists.'],
    ['For one year after termination, Employee shall not sell any confidential formulas.'],
    ['For two (2) years after termination, Seller shall not have manufactured cleaning compounds in Ohio.'],
  ])('after the term, trading without a competition word: does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });

  it.each([
    ['During the Term, Licensee shall not sell any goods that are identical or substantially similar to the Products.'],
    ['During the Term, Licensee shall not sell any goods that are identical or similar.'],
    ['During the Term, Licensee shall not sell any substitute for the Products.'],
    ['During the Term, Licensee shall not distribute similar goods in the Territory.'],
    ['During the Term, Licensee shall not distribute similar product lines in the Territory.'],
    ['During the Term, Licensee shall not sell any product that is the same as or similar to the Products.'],
    ['During the Term, Licensee shall not develop any compound directed at the Target.'],
    ['Throughout the Term, Licensee shall not sell any product similar to the Products.'],
    ['During the Term, Partner will not conduct any research in the Field on its own or through any third party.'],
    ['During the Term, Partner will not conduct any research in the Field by itself and/or together with any third parties.'],
    ['During the Term, Partner will not conduct any research in the Field independently or for or with third parties.'],
  ])('during the term, products like those of the contract: counts %j', (text) => {
    expect(found(text)).toBe(true);
  });

  it.each([
    ['During the Term, Maker shall not sell products similar to the Products other than through the Reseller.'],
    ['During the Term, Maker shall not sell similar products to any person other than Reseller.'],
    ['During the Term, Maker shall not sell similar products with any other company in the Territory.'],
  ])('during the term, products like those of the contract: does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });

  it.each([
    ['Seller shall not invest in any business which sells pigments in Ohio.'],
    ['Seller shall not participate in any venture that develops pigments in Ohio.'],
    ['Seller shall not be interested in any enterprise that is engaged in pigment production in Ohio.'],
    ['Seller shall not engage in any other business which (a) produces pigments or (b) sells them.'],
  ])('a business defined by what it does: counts %j', (text) => {
    expect(found(text)).toBe(true);
  });

  it.each([
    ['Employee shall not compete with the Company or use its confidential information for any purpose.'],
    ['Employee shall not use confidential information of the Company, compete with the Company or solicit its staff.'],
    ['Agent shall not solicit orders for, or advertise, any product of a competitor of Maker.'],
    ['Agent shall not solicit orders for, or display, any product of a competitor of Maker.'],
    ['Agent shall not solicit orders for, or manufacture, any product that competes with the Products.'],
    ['Agent shall not solicit orders for, or distribute, any product that competes with the Products.'],
    ['Agent shall not solicit orders for, or develop, any product that competes with the Products.'],
    ['Agent shall not solicit orders for, or market, any product that competes with the Products.'],
    ['Agent shall not solicit orders for, or offer, any product that competes with the Products.'],
    ['Agent shall not solicit orders for, or promote, any product that competes with the Products.'],
    ['Agent shall not solicit orders for, or endorse, any product that competes with the Products.'],
    ['Agent shall not solicit orders for, or provide, any service that competes with the Services.'],
    ['Agent shall not solicit customers for, or operate, any business that competes with the Company.'],
    ['Agent shall not solicit customers for, or own, any business that competes with the Company.'],
    ['Agent shall not solicit customers for, or engage in, any business that competes with the Company.'],
    ['Agent shall not solicit customers for, or carry on, any business that competes with the Company.'],
    ['Agent shall not solicit customers or compete with the Company.'],
  ])('no-solicit, confidentiality and trading beside them: counts %j', (text) => {
    expect(found(text)).toBe(true);
  });

  it.each([
    ['Recipient shall not utilise any Proprietary Information to develop products that compete with those of Discloser.'],
    ['Recipient shall not use confidential information to develop products that compete with those of Discloser.'],
    ['Confidential Information shall not be given to competitors of Discloser.'],
    ['During the Term, Agent shall not induce any customer to buy a competing product.'],
    ['Agent shall not entice any employee of Maker to join a competitor.'],
    ['Agent shall not hire any employee of Maker on behalf of a competitor.'],
    ['Agent shall not employ any former staff of Maker who joined a competitor.'],
    ['Agent shall refrain from hiring employees of any competitor of Maker.'],
    ['Agent shall not solicit any employee of Maker to join a competitor.'],
    ['Distributor shall not reveal the terms of this Agreement to any competitor of Supplier.'],
    ['Distributor shall not divulge the terms of this Agreement to any competitor of Supplier.'],
    ['Distributor shall not disclose the terms of this Agreement to any competitor of Supplier.'],
  ])('no-solicit, confidentiality and trading beside them: does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });

  it.each([
    ['Distributor shall not engage in unfair or deceptive competitive practices.'],
    ['Agent shall not engage in any competitive, misleading or deceptive practices.'],
    ['If Licensee merges with a competitor of Licensor, Licensee shall not retain the licence.'],
    ['If Licensee is controlled by a competitor of Licensor, Licensee shall not retain the licence.'],
    ['Upon any acquisition by a direct competitor of Licensor, Licensee shall not retain the licence.'],
    ['Upon any merger with a competitor of Licensor, Licensee shall not retain the licence.'],
    ['Athlete shall not endorse any non-competing product without approval.'],
    ['Supplier shall keep its fees competitive and shall not raise them more than once a year.'],
    ["Supplier's rates are fully competitive and shall not rise more than once a year."],
    ['Developer shall not contest an injunction for any breach of these non-compete obligations.'],
    ['Developer shall not contest an injunction for any breach of the terms of its agreements not to compete.'],
  ])('unfair practices, change of control, good prices, remedies: does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });

  it.each([
    ['Non-Competition.\nThe Distributor shall not be restricted from selling other goods.'],
    ['Non-Competition.\nThis Section shall not apply after a Change of Control.'],
    ['Supplier shall not be required to supply any competitor of Buyer.'],
    ['Licensor will not be precluded from appointing competitors of Licensee as distributors.'],
    ['This Agreement will not in any way limit Licensor from dealing with competitors of Licensee.'],
    ['Nothing herein is intended to prevent Licensor from supplying competitors of Licensee.'],
    ['Nothing herein shall be construed to limit the dealings of Licensor with competitors.'],
    ['The non-competition covenant shall not survive any termination by Seller.'],
    ['The non-competition covenant shall not affect the rights of Buyer.'],
    ['The non-competition covenant shall not be deemed a waiver of any right.'],
    ['The non-competition covenant shall not be enforceable outside Ohio.'],
    ['The non-competition covenant shall not be reduced by any court.'],
    ['The non-competition covenant shall not be extended beyond two years.'],
    ['The non-competition covenant shall not be invalidated by any change of law.'],
    ['The non-competition covenant shall not apply to passive investments.'],
  ])('freedoms and clauses about themselves: does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });
});

describe('non-compete: evidence', () => {
  const evidenceOf = (text: string) => {
    const field = extractFields(text).nonCompete;
    return field ? text.slice(field.evidence.start, field.evidence.end) : null;
  };

  it('shows a heading with the restriction under it', () => {
    expect(
      evidenceOf(
        'This Agreement is made between Maker and Distributor on the date below.\n8.2 Non-Competition.\nDuring the Term, Distributor shall not sell any product that competes with the Products. Each party shall bear its own costs of performance.',
      ),
    ).toBe('8.2 Non-Competition.\nDuring the Term, Distributor shall not sell any product that competes with the Products.');
  });

  it('reads a sentence of sixty characters as a sentence, not a heading, and shows it alone', () => {
    expect(
      evidenceOf(
        'Agent shall not sell goods that compete with Maker in Texas. Each party shall bear its own costs of performing this Agreement.',
      ),
    ).toBe('Agent shall not sell goods that compete with Maker in Texas.');
  });
});

describe('non-compete: carve-outs that open the sentence, transfers and standstills', () => {
  it.each([
    ['This Section shall not bar Agent from selling competing products to its existing customers.'],
    ['This Article shall not bar Agent from selling competing products to its existing customers.'],
    ['The foregoing covenants shall not bar Agent from selling competing products to existing customers.'],
    ['The above restrictions shall not bar Agent from selling competing products to existing customers.'],
    ['The foregoing shall not bar Agent from selling competing products to its existing customers.'],
    ['The preceding paragraph shall not bar Agent from selling competing products to existing customers.'],
    ['Licensee shall not transfer the Licensed Software to any direct competitor of Licensor without consent.'],
    ["Licensee shall not transfer the Licensed Software to a Licensor's competitor without prior consent."],
    ['For two years after the Closing, the Seller shall not own more than five percent of any rival.'],
    ['For two years after the Closing, the Seller shall not own more than 5% of any rival firm.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });

  it('counts a restriction whose "shall not" stands apart from the verb', () => {
    expect(found('Agent shall not, while this Agreement is in force, act for a competitor of Owner in Spain.')).toBe(true);
  });
});

describe('non-compete: who is not a competitor, names of agreements, definitions and headings', () => {
  it.each([
    [
      'Licensee may assign this Agreement to a successor, provided the successor being not a competitor of Licensor shall not change the Products.',
    ],
    ['Licensee shall not grant any sublicence to a party that is not a direct competitor of Licensor without notice.'],
    ['"Competing Product" shall mean any product that Distributor shall not sell in the Territory.'],
    ['Seller shall perform the Non-Competition, Non-Solicitation and Confidentiality Agreement and shall not assign it.'],
    ['Non-Competition.\nThe parties acknowledge that Distributor is not bound by any exclusivity and shall not be liable.'],
    ['Non-Compete.\nDuring the Term, Agent shall not hire any employee of Maker or induce any employee to leave.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });

  it('counts a heading over a restriction without a competition word', () => {
    expect(found('Non-Compete.\nDuring the Term, Agent shall not act for any other principal in the Territory.')).toBe(true);
  });
});

describe('non-compete: the competition words of a heading', () => {
  const underHeading = (heading: string) => `${heading}\nDuring the Term, Agent shall not act for any other principal in the Territory.`;

  it.each(['Noncompetition.', 'Covenant Not to Compete.', '9.1 Competitive Activities.', 'Competitors.', 'Agent Competes.'])(
    'counts the restriction under %j',
    (heading) => {
      expect(found(underHeading(heading))).toBe(true);
    },
  );

  it.each(['Competent Authority.', 'Competence.'])('does not read %j as a competition heading', (heading) => {
    expect(found(underHeading(heading))).toBe(false);
  });
});

// Issue 16: readings the mutation tests found wrong.
describe('non-compete: short sentences, "represent" as a verb, and what the post-term covenant bars', () => {
  it.each([
    // Under 60 characters with its own "shall never": a sentence, not a heading waiting for the next one.
    ['Agent shall never act for a competitor of Owner in Spain.'],
    ['Agent must not sell any competing product in Spain.'],
    // "represent" as acting for a business, not as a representation about other agreements.
    ['Agent shall not solicit customers for, or represent, any business that competes with Owner.'],
    ['Distributor shall not represent any product that competes with the Products in the Territory.'],
    // After the term: a word about employees, secrets or inventory elsewhere in the sentence cancels nothing.
    ['For two years after termination, Agent shall not sell any product that competes with the Products or employ any employee of Owner.'],
    ["For two years after termination, Agent shall not sell competing products or use Owner's confidential information."],
    [
      'For two years after termination, Agent shall not, directly or indirectly, sell any product similar to the Products, nor employ any employee of Owner.',
    ],
    ['For two years after termination, Agent shall not sell any product similar to the Products, nor keep any inventory of them.'],
  ])('counts %j', (text) => {
    expect(found(text)).toBe(true);
  });

  it.each([
    ['Agent represents that it is not bound by any agreement not to compete.'],
    ['The Parties represent that they are not party to any agreement that would restrict them from competing.'],
    ['Recipient shall not use the Confidential Information to develop any competing product.'],
    // After the term, what is barred is an employee, a secret or stock, not a business.
    ["For one year thereafter, each party agrees not to engage in any attempt to hire the other's employees."],
    ['For two years after termination, Agent shall not solicit any customer to purchase products from anyone else.'],
    ['For two years after termination, Agent shall not sell any remaining inventory of Products.'],
    ['For two years after termination, Agent shall not, directly or indirectly, sell any of its shares.'],
    ['For five years after termination, Recipient shall not disclose or sell any information about the Products.'],
    ['8.2 No Competing Products.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });
});

// Issue 16: a statement that the party neither does nor means to do competing work.
describe('non-compete: "does not presently perform or intend to perform" competing work', () => {
  it.each([
    [
      "Consultant does not presently perform or intend to perform, during the term of this Agreement, consulting or other services for companies whose businesses would be competitive with the Company's products.",
    ],
    ['Distributor does not intend to sell products competitive with the Products during the Term.'],
  ])('counts %j', (text) => {
    expect(found(text)).toBe(true);
  });

  it.each([
    ['Company does not plan to change the competitive pricing of the Products.'],
    ['Consultant does not presently perform services for any company.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });
});

describe('non-compete: evidence of a short sentence', () => {
  it('shows a short restriction alone, and a heading with the sentence under it', () => {
    const evidenceOf = (text: string) => {
      const evidence = extractFields(text).nonCompete?.evidence;
      return evidence ? text.slice(evidence.start, evidence.end) : null;
    };
    expect(evidenceOf('Agent shall never act for a competitor of Owner in Spain. Agent shall report monthly.')).toBe(
      'Agent shall never act for a competitor of Owner in Spain.',
    );
    expect(evidenceOf('8.2 Non-Competition.\n\nAgent shall not sell competing products in Spain.')).toBe(
      '8.2 Non-Competition.\n\nAgent shall not sell competing products in Spain.',
    );
  });
});

describe('non-compete: after the term, what is barred decides', () => {
  it.each([
    ['For two years after termination, Agent shall not induce any customer to buy from third parties.'],
    ['For two years after termination, Agent shall not entice any distributor to sell other brands.'],
    ['For two years after termination, Agent shall not divulge or sell any trade secrets of Owner.'],
    ['For two years after termination, Agent shall not sell any proprietary formulas of Owner.'],
    ['For two years after termination, Agent shall not sell any secrets of Owner to anyone.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });

  it.each([
    // A wind-down word past the barred product, after a comma or far from the verb, cancels nothing.
    [
      'For two years after termination, Agent shall not sell any product similar to the Products manufactured by Owner, including inventory.',
    ],
    [
      'For two years after termination, Agent shall not sell any product in the Territory that is similar to the Products or any inventory.',
    ],
  ])('counts %j', (text) => {
    expect(found(text)).toBe(true);
  });
});

describe('non-compete: rival businesses, defined rivals and broken sentences', () => {
  it.each([
    // A defined term for the rivals the covenant names.
    ['"Competitor" means any company engaged in the sale of vending machines in the Territory.'],
    ['For purposes of this Section 9, a Competitive Business shall mean any retail store selling garden furniture.'],
    // Engaging, directly or indirectly, in a business or trade.
    [
      'During the Interim Period, neither Seller nor any of its affiliates shall, directly or indirectly, engage in the business of leasing trucks in the Territory.',
    ],
    [
      'You shall not, without the consent of the Company, directly or indirectly, carry on or be engaged, concerned or interested in any other trade or business.',
    ],
    // Not circumventing the other to deal with those it introduced.
    ['Agent agrees not to work directly with any third parties introduced to Agent through Broker without the consent of Broker.'],
    // The named covenant kept in force after the term.
    ['The duty not to compete with the business of the Company shall continue for a period of one year following termination.'],
    // "agree [when] not to", "and not (b) sell", "offer any [branded] service ... substantially similar".
    [
      'Each Seller agrees during the Restricted Period not to acquire, directly or indirectly, control of any business competing with the Business.',
    ],
    [
      'Distributor shall (a) buy the Products solely from Supplier and not (b) manufacture or sell any devices that compete with the Products.',
    ],
    ['Partner shall not offer any partner-branded or co-branded service during the Term that is substantially similar to the Application.'],
    [
      'The Professional agrees not to endorse or otherwise authorize the use of her name in connection with another company’s golf clubs for a period of two (2) years thereafter.',
    ],
    [
      'During the term of the Agreement, the Partner shall not, directly or indirectly, enter into another marketing agreement with any company in respect of goods similar to the Products.',
    ],
    ['Licensee will not itself or with or through third parties engage in the development of enzymes for the production of ethanol.'],
    ['In no event will Supplier consent to the Agent’s representation of a manufacturer which is a competitor of Supplier.'],
    // Deals with others barred, but the goods are "competitive with" the other's: competing itself is barred.
    [
      'Licensor shall not enter into an agreement with any other person for the sale of goods that are substantially similar to or competitive with the Products.',
    ],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(true);
  });

  it('reads a sentence cut by a page break as one', () => {
    expect(
      found(
        'Reseller shall not import, promote, distribute or sell any products in\n\n6\n\nthe Territory which compete with the Software.',
      ),
    ).toBe(true);
  });

  it('reads a lead-in that ends on a comma with its first item', () => {
    expect(
      found(
        'Seller agrees that, for a period of 2 years after the Closing, it will not, directly or indirectly, in any manner whatsoever,\n\n(a) carry on or be engaged in Mining Activities, or\n\n(b) lend money to any Person who carries on Mining Activities.',
      ),
    ).toBe(true);
  });

  it.each([
    // A definition of something other than a rival, and a rival named without a definition.
    ['"Confidential Information" means any information disclosed by a party, including information about its competitors.'],
    // Engaging in activities that are not a business ("any activities ... that may contest the marks").
    ['Developer agrees not to engage in any activities or commit any acts, directly or indirectly, that may contest the Marks.'],
    // Introduced parties without any restriction on dealing with them.
    ['Broker will keep a list of the buyers introduced to Agent by Broker during the Term.'],
    // An item of a "shall not" list that only commits the principal, before an item about competing goods.
    ['The Agent shall not:\n\n(e) commit the Supplier to any contracts; or\n\n(f) act as the agent for any person.'],
    // The same or similar deals barred only with other companies, competition only a name: an exclusive channel.
    [
      'During the Term, Vendor shall not enter into the same or substantially similar commitments with any other company which performs services similar to those of Sponsor (a "Sponsor Competitor").',
    ],
    // Working through third parties is not barred by itself, and a consent refused to something other than competing.
    ['Licensee may perform the Services itself or through third parties approved by Licensor.'],
    ['In no event will Supplier consent to an assignment of this Agreement without payment of all sums due.'],
    // Similar dealings barred only with other partners stay exclusivity.
    ['During the Term, Partner shall not, directly or indirectly, engage in the same or similar promotions with any other company.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });
});

/**
 * Invented drafting for each family of the CUAD definition, measured on train first: "shall not, directly or indirectly,
 * engage in / compete" (12 of 14 train sentences on the labelled spans), selling competing goods (19 of 26), the term
 * and N years after with a restriction; and the near misses CUAD does not label: selling outside the Territory (0 of
 * 5), no-solicit of customers (0 of 9) or staff (0 of 37), field-of-use limits (1 of 25), confidentiality, exclusive
 * grants, most-favoured terms.
 */
describe('non-compete: invented drafting by family', () => {
  it.each([
    // Competing or engaging in a business, directly or indirectly, with or without a place or a period.
    ['During the Term, the Consultant shall not, directly or indirectly, engage in any business that competes with the Company.'],
    [
      'Seller agrees that for a period of three (3) years after the Closing it will not, directly or indirectly, own, manage, operate or control any business that competes with the Business in the Territory.',
    ],
    ["Party A covenants that it shall not compete with Party B in the People's Republic of China during the term of this Agreement."],
    [
      'ARTICLE 9 RESTRICTIVE COVENANTS 9.1 During the Restricted Period, the Seller shall not, and shall procure that none of its Affiliates shall, carry on or be engaged in any Competing Business within the Restricted Area.',
    ],
    [
      'Each of the Parties undertakes that it will not, during the continuance of the Joint Venture, carry on any business in competition with the Joint Venture Company.',
    ],
    ['For so long as it holds Shares, no Shareholder shall engage in any business competitive with the business of the Company.'],
    ['During the Term, ABC shall refrain from engaging in any business that competes with XYZ.'],
    [
      'Subject to Section 4.3, the Company covenants that it will not enter into or engage in any business that competes with the business of the Purchaser within the United States for five (5) years after the Closing Date.',
    ],
    // Competing goods: made, sold, promoted or endorsed; passive and listed verbs.
    [
      'The Licensee shall not, during the Term and for two years thereafter, manufacture, sell or distribute any product that is competitive with the Licensed Products.',
    ],
    ['Competing products may not be sold by the Distributor in the Territory during the term of this Agreement.'],
    ['No competing products shall be manufactured, sold or distributed by the Licensee during the Term.'],
    [
      'During the Term of this Agreement, Licensee shall not, without the prior written consent of Licensor, (a) manufacture, (b) distribute or (c) sell any products competitive with the Licensed Products.',
    ],
    [
      'While this Agreement is in effect, Reseller will not market, distribute or sell any product that is substantially similar to or competitive with the Products.',
    ],
    ['Endorser will not endorse, promote or appear in advertising for any product that competes with the Products during the Term.'],
    [
      'Sponsor acknowledges that, except as set forth in Section 2, Athlete shall not endorse any competing brand of footwear during the Term.',
    ],
    ["Reseller will not resell, distribute or promote any competing software without Vendor's prior written approval."],
    // Working for or acting for a competitor.
    ['The Agent will not act as agent or distributor for any competitor of the Principal.'],
    [
      'Consultant shall not provide services to any competitor of the Company during the term of this Agreement and for six months thereafter.',
    ],
    [
      'The Executive agrees not to work for, consult with, or become employed by any Competitor for a period of one (1) year following termination.',
    ],
    ["In no event shall Supplier sell any products to the Customer's competitors in the Territory during the term of this Agreement."],
    // A heading run into the sentence.
    [
      '12.3 Non-Competition: For the term of this Agreement and two years after its termination, Agent shall not represent any principal whose products compete with those of the Company.',
    ],
    [
      'Covenant Not to Compete. During the Term, Franchisee shall not own, maintain, operate, engage in, or have any interest in any Competitive Business.',
    ],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(true);
  });

  it.each([
    // Territorial limits on selling the contract's own goods.
    ['Distributor shall not sell the Products outside the Territory without the prior written consent of Supplier.'],
    [
      'The Distributor may not sell the Products to customers located outside the Territory or actively market the Products in any other territory.',
    ],
    ['During the Term, Distributor shall not solicit orders for the Products from customers outside the Territory.'],
    // Field-of-use limits in a licence.
    ['Licensee shall use the Licensed Technology solely in the Field and shall not use it outside the Field.'],
    // No-solicit and no-hire.
    ['During the Term and for one year thereafter, neither party shall solicit for employment any employee of the other party.'],
    [
      'For a period of twelve months after termination, Consultant shall not solicit any customer of the Company to cease doing business with the Company.',
    ],
    ['The Company shall not hire any employee of the Contractor during the Term.'],
    // Confidentiality, even where a competitor is named as a recipient.
    [
      'The Receiving Party shall not disclose Confidential Information to any third party, including any competitor of the Disclosing Party.',
    ],
    ["Neither party will use the other party's Confidential Information to compete with the other party."],
    // Exclusive grants, exclusive purchasing and most-favoured terms restrict no one from competing.
    ['Company hereby grants to Distributor the exclusive right to sell the Products in the Territory.'],
    ['Supplier shall not appoint any other distributor of the Products in the Territory.'],
    ['During the Term, Customer shall purchase all of its requirements of the Products exclusively from Supplier.'],
    ['Supplier agrees that the prices charged to Buyer shall be no less favorable than the prices charged to any other customer.'],
    // Freedoms, exceptions, liability and other agreements.
    [
      'Nothing in this Agreement shall prevent either party from developing or marketing products that compete with the products of the other party.',
    ],
    [
      'This Agreement does not restrict either party from entering into similar agreements with third parties, including competitors of the other party.',
    ],
    ['The restrictions in Section 8 shall not apply to any competing product acquired by a Party as part of a merger.'],
    ['The Company shall not be liable for any loss of profits, including losses resulting from competition.'],
    ['In no event shall either party be liable for any lost profits, including profits lost to competitors.'],
    ['Under no circumstances shall Licensor be responsible for losses caused by competing products.'],
    ['Licensor represents that it is not party to any non-competition agreement that would restrict its performance under this Agreement.'],
    // A competitor as the one who takes over the contract, or as a reason to terminate.
    ["Licensee may not assign this Agreement to a competitor of Licensor without Licensor's consent."],
    ['Licensee shall not sublicense the Licensed Patents to any competitor of Licensor.'],
    ["Contractor shall not subcontract any of the Services to a competitor of the Customer without the Customer's consent."],
    ['Licensor may terminate this Agreement if Licensee is acquired by a competitor of Licensor.'],
    ['Company shall have the right to terminate this Agreement if Distributor sells competing products.'],
    // Competition as a market fact or a law.
    ['Distributor shall inform the Company of any competing products that come to its attention in the Territory.'],
    ['The prices of the Products shall remain competitive with those of similar products in the market.'],
    ['The parties shall comply with all applicable competition laws.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });
});

describe('non-compete: a rival named as the one dealt with, not as a bystander', () => {
  it.each([
    ['Publisher shall not place any advertisement of a competitor of Sponsor on the Sponsored Pages during the Term.'],
    ['Franchisee shall not divert any business to a competitor of Franchisor.'],
    ['Employee shall not, during employment and for one year thereafter, accept employment with a competitor.'],
    // A business defined by what it does, run or held.
    ['Athlete will not have any financial interest in any company whose principal business is selling running shoes during the Term.'],
    [
      'The Joint Venture Partners shall not set up or participate in any other joint venture or business in China that engages in the production of batteries.',
    ],
    [
      'The Sellers shall not, for a period of five years after the Closing Date, carry on a business similar to the Business within a radius of fifty (50) miles of any location of the Company.',
    ],
    ['For two years after the Closing, the Seller shall not, within the Territory, engage in the manufacture or sale of widgets.'],
    [
      'Licensee shall not, during the Term, research, develop or commercialize any Competing Product, either by itself or with any third party.',
    ],
    ['Manufacturer agrees that it will not manufacture products similar to the Products for any person other than Buyer during the Term.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(true);
  });

  it.each([
    // Who may fill a role, who takes over the work, who controls a party.
    ['The independent auditor shall not be a competitor of the audited Party.'],
    ["Provider shall not use any subcontractor that is a competitor of Customer without Customer's prior written consent."],
    [
      'In the event of a Change of Control of Company by a Competitor of Licensor, Licensor may terminate this Agreement, and Company shall not have any further rights to the Licensed Technology.',
    ],
    ['Access to the Portal will not be granted to any employee of a competitor of Provider.'],
    // Information kept from a competitor.
    ['Customer shall not publish the results of any benchmark test of the Software or disclose them to any competitor of Vendor.'],
    ['Distributor shall not share the pricing information of Supplier with any competitor of Supplier.'],
    [
      'Each party shall keep the terms of this Agreement confidential and shall not disclose them to any third party, in particular to any competitor of the other party.',
    ],
    ['The Parties shall not exchange competitively sensitive information except as permitted by applicable competition law.'],
    // Comparisons, bids, information about rivals, conflicts.
    ['Neither party shall make any statement disparaging the products of the other party in comparison with competing products.'],
    ['Customer may obtain competitive bids from other suppliers, and Supplier shall not be entitled to any compensation as a result.'],
    ['Licensor shall not be obliged to supply Licensee with information concerning competing technologies.'],
    ['Consultant shall not accept any engagement that would create a conflict of interest with the Services.'],
    // Freedoms to compete, however negated.
    ['The Distributor shall not be restricted from selling competing products in territories other than the Territory.'],
    ['Nothing herein shall be deemed to prohibit Agent from representing other principals, including competitors of the Company.'],
    ['Neither party shall be precluded from independently developing products that compete with the Deliverables.'],
    // Where the contract's own goods may go.
    ['Supplier will not knowingly sell the Products to any person that intends to resell them outside the Territory.'],
    ['Licensee shall not grant any sublicense under the Licensed Patents outside the Field.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });
});

describe('non-compete: competing goods named by another covenant', () => {
  it.each([
    // An exclusive appointment, most-favoured terms, statements about rivals' goods.
    ['Company shall not appoint any other distributor for products competitive with the Products in the Territory.'],
    ['Licensor shall not grant to any competitor of Licensee a license on terms more favourable than those granted to Licensee.'],
    ['Distributor shall not make any false or misleading statements about competing products.'],
    ["Neither party shall issue any press release naming the other party's competitors."],
  ])('does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });

  it('still counts an exclusive appointment beside a ban on selling competing goods itself', () => {
    expect(found('Supplier shall not appoint any other distributor in the Territory, nor sell any competing products there itself.')).toBe(
      true,
    );
  });
});

describe('non-compete: a place or a sector kept out of, without the word compete', () => {
  it.each([
    [
      'Without the prior written consent of Franchisor, Franchisee shall not during the term of this Agreement operate any other restaurant within the Protected Area.',
    ],
    ['Franchisor will not own or operate any other store within five (5) miles of the Premises.'],
    ['During the Term, Agent shall not work for any person engaged in the business of selling insurance in the Territory.'],
    [
      'Consultant shall not, during the Consulting Period, provide consulting services to any company engaged in the development of anti-cancer drugs.',
    ],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(true);
  });

  it.each([
    ['Franchisor shall not be required to open any store within five miles of the Premises.'],
    ['Franchisee shall operate the Restaurant only at the Premises within the Protected Area.'],
    // Opening or running the franchised business itself in its area is the franchise, not a restriction on competing.
    ['Franchisee shall not open the Restaurant for business within the Protected Area until Franchisor approves the site.'],
    ['Franchisee shall not operate the Franchised Business within the Protected Area except at the Approved Location.'],
    ['Seller shall not deliver the Products within ten (10) miles of any school.'],
    ['Licensee shall not assign this Agreement to any entity engaged in the business of selling cars.'],
    ['Recipient shall not disclose Confidential Information to any company engaged in the development of vaccines.'],
    // Serving those engaged in something other than a line of business is compliance.
    ['Supplier shall not provide services to any company engaged in activities that violate applicable sanctions laws.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });
});

describe('non-compete: lists, headings, exceptions and cross-references', () => {
  it.each([
    [
      '7. RESTRICTIVE COVENANTS\n7.1 During the Term, the Distributor shall not, except with the prior written consent of the Supplier:\n(a) obtain the Products from any person other than the Supplier;\n(b) manufacture, sell or distribute any goods which compete with the Products.',
    ],
    ['Non-Competition\nDuring the Term and for one (1) year thereafter, Consultant shall not perform services for any Competitor.'],
    [
      'Except as provided in Section 5.3, Company agrees that it shall not, during the term of this Agreement, market any product that competes with any Licensed Product.',
    ],
    ['The Licensee shall not (other than through the Licensor) manufacture or sell any products which compete with the Products.'],
    [
      'Subject to the exceptions in Section 9.4, neither Party nor any of its Affiliates shall, during the Term, commercialize any Competing Product in the Field in the Territory.',
    ],
    ['Executive shall not work for a Competitor (as defined in Section 1.4) for twelve months after the Separation Date.'],
    ['The Reseller shall not:\n(a) alter the Software;\n(b) resell any product competitive with the Software; or\n(c) remove any notice.'],
    [
      'Section 4.2 (Restrictions). Licensee shall not, and shall not permit any third party to, develop any product that competes with the Licensed Product.',
    ],
    // "in competition with" bars competing itself, even beside "with any other person".
    [
      'Party B undertakes not to carry on, whether alone or jointly with any other person, any business within the PRC which is similar to or in competition with the business of the JV Company.',
    ],
    // An exclusive appointment beside the grantor's own selling of competing goods ("solicit orders" is selling).
    [
      'The Company agrees that it will not, so long as the Agent is its exclusive agent, appoint any other agent in the Territory or itself solicit orders there for products competing with the Products.',
    ],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(true);
  });

  it('does not count soliciting orders from customers without competing goods', () => {
    expect(found('For one year after termination, Distributor shall not solicit orders from any customer of Supplier.')).toBe(false);
  });
});

describe('non-compete: no-hire and unfair practices that mention competing', () => {
  it.each([
    ['Neither party shall hire any employee of the other party who has been involved in the development of competing products.'],
    ['Each Party shall not engage in anti-competitive conduct.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBe(false);
  });

  it('still counts a no-hire beside a ban on developing competing products', () => {
    expect(
      found('During the Term, Developer shall not hire any employee of Client, nor develop any product that competes with the Platform.'),
    ).toBe(true);
  });
});
