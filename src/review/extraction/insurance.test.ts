import { describe, expect, it } from 'vitest';
import { extractFields } from './extract-fields.js';

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
