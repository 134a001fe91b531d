import { describe, expect, it } from 'vitest';
import { extractRuleFields } from './extract-fields.js';

/** These tests pin the rules themselves; the learned models that judge them are tested in judgement/. */
const extractFields = (text: string) => extractRuleFields(text).contract;

const insured = (text: string) => extractFields(text).insurance !== null;

describe('insurance (a party must hold cover)', () => {
  it.each([
    ['Supplier shall maintain commercial general liability insurance of at least $1,000,000 per occurrence.'],
    ['Distributor shall carry product liability insurance through an acceptable insurance company.'],
    ['Licensee currently carries adequate insurance against such risks with reputable insurers of its choice.'],
    ['The Contractor shall obtain and keep workers compensation insurance.'],
    ['Each party shall procure insurance sufficient to cover its obligations.'],
    ['The Manufacturer will take out insurance covering the goods in transit.'],
    ['Licensee shall purchase insurance with reputable carriers.'],
    ['Tenant shall secure fire insurance on the premises.'],
    ['Vendor shall provide evidence of insurance on request.'],
    ['Each party shall have in full force such insurance as the law requires.'],
    ['Company shall keep in full force and effect the insurance described in Exhibit C.'],
    ['Franchisee may self-insure the deductible portion of its property insurance.'],
    ['Such insurance shall be maintained throughout the Term.'],
    ['All insurance required hereunder shall be in force before delivery.'],
    ['Company shall be named as an additional insured.'],
    ['Supplier will send certificates of insurance each year.'],
    ['Insurance certificates shall reach the Buyer before the first shipment.'],
    ['Professional liability insurance is a condition of the appointment.'],
    ['Errors and omissions insurance applies to all services performed under this Agreement by the Consultant.'],
    ["Employer's liability insurance covers every employee on site."],
    ['Clinical trial insurance covers every subject enrolled in the Study at each of the Sites.'],
    ['Insurance coverage with limits of $2,000,000 applies to the Services.'],
    ['Insurance policies naming the Company as loss payee apply to the Equipment.'],
    ['乙方应为货物购买运输保险。'],
  ])('holds cover: %j', (text) => {
    expect(insured(text)).toBe(true);
  });

  it.each([
    ['5.4 Product Liability Insurance.'],
    ['WHEREAS, TrueLink is in the business of providing insurance and maintains a large network.'],
    ['The Agent sells insurance products and maintains its own website.'],
    ['Customer is an insurance company that maintains records of its policyholders.'],
    ['The Bank deposits are insured by the Federal Deposit Insurance Corporation up to the legal limits.'],
    ['Insurance Requirements'],
    ['The Partner sells insurance, banking and travel products through its network of branches and agents.'],
    ['The filing with the Department of Insurance shall be maintained by the Agent.'],
    ['Supplier will not provide any product liability insurance.'],
    ['Distributor shall carry no insurance for the goods.'],
    ['Licensee shall maintain all permits, certificates, licenses, insurance, approvals and consents.'],
    ['The Seller shall insure that the goods conform to the Specifications and maintain records.'],
    ['The goods shall be packaged and insured by the Seller, who shall maintain tracking.'],
    ['The price includes freight and insurance costs, which the Buyer shall maintain in its books.'],
    ["Each party's liability shall not exceed the amount of insurance coverage actually paid, as maintained."],
    ['Buyer shall reimburse the purchase price paid by its insurer, and maintain receipts.'],
    ['The Insurance Center shall maintain the website.'],
    ['Nothing here concerns cover; the parties shall maintain good relations.'],
  ])('holds no cover: %j', (text) => {
    expect(insured(text)).toBe(false);
  });
});

describe('insurance: cover a party may choose, sells, or recovers from is not a requirement', () => {
  it.each([
    ['IAC shall keep the Sonos Tools fully covered under its property insurance at all times and without expense to Sonos.'],
    ['Each Party shall maintain commercial general liability insurance, except to the extent the other Party agrees otherwise in writing.'],
    ['Each party shall maintain property insurance on the Equipment; proceeds of such insurance shall be applied to repair the Equipment.'],
  ])('counts %j', (text) => {
    expect(insured(text)).toBe(true);
  });

  it.each([
    ['Company may, at its option and expense, obtain life or disability insurance on Athlete.'],
    ['Licensee may purchase insurance against such risks at its own expense.'],
    ['Gross Revenue includes proceeds of insurance maintained by Bunker One with respect to the Inventory.'],
    ['The certificate of insurance issued by PHL Variable to an ICC Customer pursuant to the Master Group Annuity Contract.'],
    ['Agent shall deliver insurance policies to policyholders promptly upon issuance.'],
    ['Marketer shall keep records of all insurance applications obtained under this Agreement.'],
    ['The Indemnifying Party shall not be liable to the extent the Losses are covered by insurance carried by the Indemnified Party.'],
  ])('does not count %j', (text) => {
    expect(insured(text)).toBe(false);
  });
});

describe('insurance: each way of holding cover, on its own', () => {
  it.each([
    // Verb forms: "maintains", "obtains", "has obtained", "procures", "keeps", "purchases".
    ['Licensee maintains adequate insurance against such risks with reputable insurers.'],
    ['Contractor obtains fire insurance for the Works before the start date.'],
    ['Tenant has obtained fire insurance on the premises.'],
    ['Consultant procures adequate insurance for its staff at its own cost.'],
    ['Agent keeps fire and theft insurance on the premises at all times.'],
    ['Buyer purchases cargo insurance for each order placed under this Agreement.'],
    ['Each party shall have in effect such insurance as the law requires.'],
    ['Licensee shall cause to be in force and effect a policy of fire insurance on the Premises.'],
    ['Licensee shall cause to be in full force and effect a policy of fire insurance on the Premises.'],
    ['Franchisee may selfinsure the deductible portion of its property insurance.'],
    ['Each party may be self-insured for any portion of the insurance required hereunder.'],
    ['The insurance required by this Section shall remain in full force until the last Product is sold.'],
    ['Buyer shall be an additional named insured under each policy.'],
    ['A certificate of insurance evidencing the coverage is due on the Effective Date.'],
    ['An insurance certificate naming Owner is due before the work starts.'],
    ['General liability insurance of at least $1,000,000 per occurrence is a condition of this Agreement.'],
    ['Workers compensation insurance covers every employee of the Contractor on site.'],
    ['Employers liability insurance covers every employee on site.'],
    ['Insurance coverage in amounts of not less than $5,000,000 applies to the Services.'],
    ['Insurance coverage in the amount of $5,000,000 applies to the Services.'],
    // A capitalised kind of document or carrier is not a name.
    ['Vendor shall deliver an Insurance Certificate to Buyer each year.'],
    ['Supplier shall comply with and maintain each Insurance Requirement listed in Exhibit D.'],
    ['Contractor shall maintain the coverage with an Insurance Carrier rated A- or better.'],
    // A "WHEREAS" inside an operative sentence does not make it a recital.
    ['The Distributor shall maintain product liability insurance, and the parties confirm each WHEREAS clause above.'],
  ])('holds cover: %j', (text) => {
    expect(insured(text)).toBe(true);
  });

  it('keeps a list item that is followed by another kind of insurance', () => {
    const text =
      'Contractor shall obtain, before any work begins at the Site and at its sole cost and expense, all the permits, licenses, registrations, certifications, bonds, approvals, insurance and umbrella insurance the Work needs.';
    expect(insured(text)).toBe(true);
  });
});

describe('insurance: the business, the statute and the list are not cover', () => {
  it.each([
    ['The Agent shall maintain its license as an insurance agent in each state.'],
    ['Agent shall maintain all licenses needed to market the insurance product in each state.'],
    ['Lender shall maintain its license to offer insurance premium financing in Texas.'],
    ['Marketer shall keep a copy of each insurance application obtained under this Agreement.'],
    ['Marketer shall keep a copy of each application for life insurance it obtains.'],
    ['Marketer shall keep a copy of each application for insurance it obtains.'],
    [
      'Each party shall maintain the privacy of patient data as required by the HEALTH INSURANCE PORTABILITY AND ACCOUNTABILITY ACT of 1996.',
    ],
    ['Bank shall maintain deposits eligible for federal deposit insurance up to the applicable limits.'],
    ['The Company shall provide social insurance for its employees as required by local law.'],
    ['Consultant shall provide evidence of payment of its national insurance contributions.'],
    ['Company shall not be required to provide any insurance for Consultant.'],
    ['Contractor shall obtain all permits, licenses, and insurance, and any approvals the Work requires.'],
    ['Vendor shall keep current all permits, registrations, or insurance, as the law of each state requires.'],
    ['Contractor shall obtain all permits, licenses, insurance and approvals the Work needs.'],
    ['Seller shall deliver all Products shipped insured to the warehouse of Buyer.'],
    ['Seller shall provide freight and insurance to the port of destination at the cost of Buyer.'],
  ])('holds no cover: %j', (text) => {
    expect(insured(text)).toBe(false);
  });
});

describe('insurance: a cap, a sale, an option or a source of money is not cover', () => {
  it.each([
    ["Each party's liability under this Agreement is limited to the amount of insurance coverage it maintains."],
    ['The liability of Supplier shall not exceed the insurance proceeds received under the insurance it maintains for the Products.'],
    ['The Bank provides life insurance to its customers and shall maintain records of each sale.'],
    ['The Company sells group insurance to the participants and shall maintain the plan records.'],
    ['Partner offers travel insurance to such members as ask for it and shall maintain a record of each request.'],
    ['Agent shall deliver insurance policies to policy holders promptly and keep copies.'],
    ['Agent shall provide insurance quotes to policy owners and maintain a log of each quote.'],
    ['Agent shall market annuity insurance to contract owners and maintain a file for each.'],
    // Cover sold to customers: "insurance ... issued to a customer".
    ['Agent shall keep records of the insurance issued to each customer.'],
    ['Agent shall keep copies of all insurance policies issued to customers.'],
    ['Agent shall keep copies of all insurance issued to its retail customers.'],
    ['Agent shall keep copies of all insurance issued to the retail customers.'],
    ['Agent shall keep copies of all insurance issued to such retail customers.'],
    ['Agent shall keep copies of all insurance issued to a retail customer.'],
    ['Agent shall keep copies of all insurance issued to a client.'],
    ['Agent shall keep copies of all insurance issued to a policyholder.'],
    ['Agent shall keep copies of all insurance issued to a policy holder.'],
    ['Agent shall keep copies of all insurance issued to a participant.'],
    ['Agent shall keep copies of all insurance issued to a member.'],
    ['Agent shall keep copies of all insurance issued to an applicant.'],
    ['Agent shall keep copies of all insurance issued to an insured.'],
    ['Agent shall keep copies of all insurance issued to a contract owner.'],
    ['Agent shall keep copies of all insurance issued to contract owners.'],
    // A choice, not a duty.
    ['Licensee may at its option obtain business interruption insurance.'],
    ['Licensee may at its own expense obtain business interruption insurance.'],
    ['Licensee may at its sole discretion obtain business interruption insurance.'],
    ['Licensee may elect to carry business interruption insurance.'],
    ['Licensee may take out key-man insurance on the life of its founder.'],
    // Money that insurance pays.
    ['Revenue includes proceeds of any business interruption insurance maintained by the Company.'],
    ['Revenue includes proceeds of the business interruption insurance maintained by the Company.'],
    ['Revenue includes proceeds of such business interruption insurance maintained by the Company.'],
    ['Buyer shall receive the proceeds of the cargo insurance and of any insurance maintained by Seller for the Goods.'],
    ["The Supplier's liability is reduced by the extent that the Loss is recovered from insurance maintained by the Buyer."],
    ['Each party shall bear its own losses, whether or not covered by insurance maintained by it.'],
    [
      "The Indemnifying Party shall not be liable to the extent the Losses are covered by the Indemnified Party's insurance maintained under Section 9.",
    ],
    ['Seller shall not be liable except to the extent a Loss is recovered from any third-party liability insurance carried by Buyer.'],
    ["Seller is not liable to the extent the loss is covered by Buyer's insurance maintained under Section 8."],
    ['Each party bears its own losses, whether or not paid by insurance carried by it or by insurance maintained by an Affiliate.'],
  ])('does not count %j', (text) => {
    expect(insured(text)).toBe(false);
  });
});

describe('insurance: a numbered recital is still a recital', () => {
  it.each([
    ['1. WHEREAS, TrueLink is in the business of providing insurance and maintains a large network.'],
    ['a) WHEREAS, TrueLink is in the business of providing insurance and maintains a large network.'],
    ['(iv) WHEREAS, TrueLink is in the business of providing insurance and maintains a large network.'],
    ['(b)WHEREAS, TrueLink is in the business of providing insurance and maintains a large network.'],
  ])('does not count %j', (text) => {
    expect(insured(text)).toBe(false);
  });
});

describe('insurance: the terms a required policy must carry', () => {
  /** Under a heading that names insurance (a bare heading obliges no one by itself). */
  const inInsuranceSection = (text: string) => insured(`12. Insurance.\n\n${text}`);

  it('reads the terms only in a contract that speaks of insurance, and the heading alone is not one', () => {
    expect(insured('All policies shall be endorsed to provide a waiver of subrogation in favor of the Owner.')).toBe(false);
    expect(insured('12. Insurance.')).toBe(false);
  });

  it.each([
    // Notice before cancellation, with or without the word "insurance".
    [
      'The Contractor agrees that these policies shall not be canceled or materially changed without at least thirty (30) days prior written notice to the Owner.',
    ],
    ['All policies shall provide the Franchisor with at least thirty (30) days notice of cancellation or termination of coverage.'],
    ['Each party agrees to give the other party written notice of any material change in or cancellation of coverages or limits.'],
    // Limits and bases only policies have.
    ['The amount of coverage shall be a minimum of three million dollars ($3,000,000) combined single limit.'],
    ['Distributor shall, at its own expense, maintain general and product liability coverage of at least US$2 million per occurrence.'],
    ['All insurance must be written on an "occurrence" basis.'],
    ['Umbrella/Excess Liability with limits of not less than $5,000,000 in excess of the primary policies.'],
    // Insurers, endorsements, evidence.
    ['All insurers of a Party must have at all times an A.M. Best financial rating of at least A- VII.'],
    ['All policies shall be endorsed to provide a waiver of subrogation in favor of the Owner.'],
    ['All of these policies must contain cross liability endorsements.'],
    ['A copy of the (i) certificate(s) of insurance and (ii) endorsements shall be submitted to the Owner before any work starts.'],
    ['A copy of such insurance policy shall be provided to the Licensor within thirty (30) days.'],
    ['The Supplier shall arrange for any insurance desired by the Buyer on shipments of Product.'],
    ['Customer and Supplier each represent that they are sufficiently insured against any liability arising under this Agreement.'],
    ['The Contractor is responsible for all premiums, deductibles and retentions for such insurance.'],
    ['Motor Vehicle Insurance covering bodily injury or property damage arising from the use of any motor vehicle.'],
  ])('finds %j', (text) => {
    expect(inInsuranceSection(text)).toBe(true);
  });

  it.each([
    // A policy of another kind, a liability cap counted per occurrence, the premium as a cost of some act.
    ['The Company may modify its privacy policy upon notice to users.'],
    ["SUPPLIER'S LIABILITY ON A PER OCCURRENCE BASIS SHALL NOT EXCEED $100,000."],
    ['Aggregate liability will not exceed [***] per occurrence of an Epidemic Defect.'],
    ['The Sponsor shall not take any action which increases the premium payable for such insurance.'],
    ['The evidence required for insurance claims must be submitted together.'],
    ['Either party may cancel an order upon written notice.'],
  ])('does not count %j', (text) => {
    expect(inInsuranceSection(text)).toBe(false);
  });
});

describe('insurance: invented drafting of each family', () => {
  /** Under a heading that names insurance, as a required policy's terms usually stand. */
  const inInsuranceSection = (text: string) => insured(`12. Insurance.\n\n${text}`);

  it.each([
    [
      'During the Term, the Distributor will carry product liability coverage of at least $5 million naming the Company as an additional insured.',
    ],
    [
      'Licensee shall, at its sole cost, procure and maintain throughout the Term and for three (3) years thereafter the insurance coverages set forth in Exhibit C.',
    ],
    ['Party A shall keep the Equipment insured against fire, theft and all other risks for its full replacement value.'],
    ['Tenant shall keep the Premises insured against fire and other casualty for their full replacement value.'],
    ['The Manufacturer agrees to obtain and keep in force a products liability insurance policy issued by a carrier rated A- or better.'],
    ['Franchisee must at all times maintain insurance in the types and amounts specified in the Manual.'],
    ['Contractor shall cause its insurers to waive all rights of subrogation against Owner.'],
    ["Company shall maintain directors' and officers' liability insurance covering the Director."],
    ['The Sponsor must carry event cancellation insurance naming the Organizer as loss payee.'],
    ['Vendor shall, at its own cost, maintain cyber liability insurance covering data breaches with limits of $5,000,000.'],
    ['Prior to the Effective Date, Party B shall deliver to Party A evidence that the insurance required by Section 9 is in force.'],
    ['The Fund shall maintain a fidelity bond and errors and omissions insurance naming the Administrator as an insured party.'],
    [
      'Property Insurance. Coverage providing all risk property insurance at the replacement value of the machinery and equipment of the Party.',
    ],
    [
      "Supplier shall maintain insurance in an amount of at least $1,000,000, and the amount of such insurance shall not limit Supplier's liability.",
    ],
    ['Motor Vehicle Liability Insurance in respect of all motor vehicles brought onto the premises of the Customer.'],
    ['The amount of such insurance shall not be less than the replacement cost of the Equipment.'],
    // An employee benefit named beside the cover does not take the cover away.
    [
      'The Professional shall maintain such insurance, including health insurance and general liability coverage, as will protect the Company.',
    ],
  ])('holds cover: %j', (text) => {
    expect(insured(text)).toBe(true);
  });

  it.each([
    ['Consultant shall maintain professional liability (errors and omissions) coverage in an amount of at least $1,000,000.'],
    ['Contractor shall maintain coverage with a limit of at least $2,000,000 per occurrence.'],
    ['Such policies shall provide that the coverage shall not be cancelled or non-renewed without thirty (30) days notice to the Company.'],
    ['The Licensor shall receive thirty (30) days notice prior to cancellation of any such policy.'],
    [
      'The policy shall provide for ten (10) days notice to the Licensor from the insurer in the event of any modification, cancellation or termination thereof.',
    ],
  ])('reads a policy term in an insurance section: %j', (text) => {
    expect(inInsuranceSection(text)).toBe(true);
  });

  it.each([
    // Employees' benefits, statutes and the insurance trade.
    ['The Company shall provide Executive with health insurance and other benefits available to its senior employees.'],
    ['The Company will provide its employees with group insurance, pension and other benefits.'],
    ['Employee shall be entitled to participate in all insurance and benefit plans the Company maintains for its executives.'],
    ['The Company shall maintain Total Adjusted Capital as required by the insurance laws of the Domiciliary State.'],
    ['The Licensee shall obtain all approvals from insurance regulators required for the Products.'],
    ['Distributor shall maintain an office and provide insurance information to prospective customers.'],
    ['The Company is an insurance holding company and maintains subsidiaries in each state.'],
    ['The Administrator shall process insurance claims on behalf of the Plan and maintain claim files.'],
    ['Distributor shall maintain records of all insurance claims submitted by customers.'],
    ['Broker shall maintain all records relating to the insurance policies sold under this Agreement for seven years.'],
    ['The Agent shall procure applications for the insurance policies issued by the Insurer and deliver such policies to the insureds.'],
    // An insurer is not cover; "insure" meaning ensure.
    ['Administrator shall maintain the books and records of the Insurer relating to the Policies.'],
    ["Customer shall provide Provider with such information as Provider's insurers may reasonably request."],
    ['Each party shall maintain the Confidential Information in strict confidence and shall insure compliance by its employees.'],
    ['The Recipient shall take all reasonable steps to maintain secrecy and insure the protection of the information.'],
    // Another party's clause, a recovery, a denial.
    ['Seller shall deliver the Goods CIF Rotterdam, and the Buyer shall bear the cost of any additional insurance.'],
    ['Licensee shall maintain accurate records of all sales and provide them to Licensor, including records of any insurance recoveries.'],
    ['Nothing in this Agreement requires either party to obtain insurance.'],
    ['Insurance proceeds received in respect of any casualty to the Property shall be applied to restoration.'],
    ['The indemnity obligations herein shall be reduced by any amounts recovered under insurance.'],
  ])('holds no cover: %j', (text) => {
    expect(insured(text)).toBe(false);
  });

  it.each([
    // "Insurrection" is a force majeure event, not a mention of insurance that opens the policy terms.
    ["Force majeure includes war, riot and insurrection. The limit of each party's liability shall be $500,000 per occurrence."],
    // A cap counted per occurrence, a party cancelling its own services or policies.
    ["Prices exclude freight and insurance charges. The limit of each party's liability shall be $500,000 per occurrence."],
    [
      "Prices exclude freight and insurance charges. Supplier's aggregate liability under all policies and coverage shall not exceed $1,000,000 per occurrence.",
    ],
    [
      'Prices exclude freight and insurance charges. Provider may cancel any coverage area and modify its service policies upon thirty days notice.',
    ],
    ['Prices exclude freight and insurance charges. Customer may cancel the Services under this policy on sixty (60) days notice.'],
    [
      'Prices exclude freight and insurance charges. Our privacy policy will include notice of any material change in how we use your data.',
    ],
    [
      'Prices exclude freight and insurance charges. The return policy shall provide that the Customer gives notice of any defect within ten days.',
    ],
  ])('reads no policy term outside cover: %j', (text) => {
    expect(insured(text)).toBe(false);
  });

  it.each([
    // A named kind of insurance a party merely has, with no amount, floor or duty beside it.
    ["Licensee shall notify Licensor of any claim that may be covered by Licensor's product liability insurance."],
    ["The Company's property insurance does not cover the consigned goods held by Distributor."],
    ["Losses covered by workers' compensation insurance are excluded from this indemnity."],
    ["The Distributor acknowledges that the Supplier's general liability insurance does not extend to the Distributor."],
    ["Seller's liability is limited to the amount paid under its product liability insurance."],
    ['The Company property insurance does not cover goods held by the Distributor at full value.'],
    // Insurance as the measure of a liability cap, or named only to say it limits nothing.
    ["In no event shall Supplier's liability exceed the amount of insurance maintained by Supplier."],
    ["Supplier's total liability shall be limited to the limits of insurance carried by Supplier."],
    ["The limits of insurance shall not limit either party's indemnification obligations."],
  ])('a kind of insurance named alone is no requirement: %j', (text) => {
    expect(insured(text)).toBe(false);
  });
});
