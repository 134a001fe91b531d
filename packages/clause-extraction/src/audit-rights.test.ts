import { describe, expect, it } from 'vitest';
import { extractAuditRights } from './audit-rights.js';
import { splitClauses } from './clauses.js';
import { extractRuleFields } from './extract-fields.js';

/** These tests pin the rules themselves; the learned models that judge them are tested in judgement/. */
const extractFields = (text: string) => extractRuleFields(text).contract;
import { buildTextView } from './text-view.js';

const audits = (text: string) => extractFields(text).auditRights !== null;
/** The English rule on its own: `extractFields` falls back to the Chinese extractor, which would hide what this rule does with Chinese text. */
const ruleAudits = (text: string) => extractAuditRights(buildTextView(text, splitClauses(text))) !== null;

describe('audit rights: records open to the other party, however worded', () => {
  it.each([
    ["Each party shall keep proper books of account which may be inspected by the other party's auditors."],
    ['Such records may at any reasonable time be audited by an independent accountant appointed by Licensor.'],
    [
      'Customer shall have the right to have a representative present at each Facility to observe the performance of the Manufacturing Process.',
    ],
    ['Supplier shall allow monitoring of its Facilities by Customer upon reasonable notice.'],
    ['Licensor shall be entitled to have the books of account of Licensee audited by an independent accountant.'],
    ['Distributor shall cooperate fully with any audit conducted by Supplier under this Section.'],
    ["Supplier shall submit to periodic quality audits by Customer at Supplier's facilities."],
    ['Both parties are entitled to reports of sales and to conduct periodic audits to ensure accuracy of Payments.'],
    ["Buyer shall be entitled to carry out quality audits at the Seller's premises."],
    ["Licensor shall have access to Licensee's facilities during normal business hours to ensure compliance with the quality standards."],
    ['Supplier shall grant Buyer reasonable access to its plant for quality assurance purposes.'],
    ['Licensee shall, as the case may be, permit Licensor to examine its books and records relating to the Products.'],
  ])('counts %j', (text) => {
    expect(audits(text)).toBe(true);
  });

  it.each([
    ['The Products may be inspected by Buyer upon delivery.'],
    ['Each party may monitor its own systems for security breaches.'],
    ['Licensee shall monitor the quality of the Products sold in the Territory.'],
    ['The financial statements of the Company have been audited by independent certified public accountants.'],
    // "Provider" is a name, not "provide", and a "hard copy" is a format, not copying records.
    ['Service Provider shall make the monthly operating reports available to Owner in hard copy and electronic formats.'],
    ['Supplier shall conduct final inspection of each Product before shipment.'],
    // Access to a site to do the work is not a check on the other party.
    ["Contractor shall have access to the Customer's premises as needed to install the Equipment."],
    ['Distributor shall have access to the Supplier online portal to place orders.'],
    [
      "Upon arrival at the Consignee's premises, Consignor or Consignee, as the case may be, shall be responsible for examining the documentation connected with the shipment.",
    ],
    ['Shipper will allow reasonable access to and use of communication facilities which may be available on the platform.'],
  ])('does not count %j', (text) => {
    expect(audits(text)).toBe(false);
  });
});

describe('audit rights: each wording the rule accepts, used alone', () => {
  it.each([
    // Chinese: a right to audit or consult the accounts, with words between the right and the books.
    ['甲方有权随时审计乙方的财务账簿。'],
    ['乙方可以在正常工作时间内查阅甲方的会计记录。'],
  ])('the rule itself counts %j', (text) => {
    expect(ruleAudits(text)).toBe(true);
  });

  it.each([
    // Payments, documents and materials count once they are inspected, examined or verified (no "books" or "audit" here).
    ['Supplier shall permit inspection of the materials used in the Products.'],
    ['Licensee shall permit an examination of all payments received from sublicensees.'],
    ['Licensor shall have the right to review the verification of all payments made to sublicensees.'],
    ['All documents delivered under this Agreement may be inspected by Supplier.'],
    ['All payments made to sublicensees may be examined by Licensor.'],
    ['All payments made hereunder may be verified by Licensor.'],
    // "have the right, [a long list of limits], to audit": more than 160 characters between the right and the audit.
    [
      "Licensor shall have the right, upon not less than thirty (30) days' prior written notice to Licensee, during Licensee's normal business hours, not more than once in any calendar year and at Licensor's own expense except as set out in Section 9, to audit the books of Licensee.",
    ],
    // Records kept accessible or available to the other party.
    ["Distributor shall keep its books and records relating to the Products accessible at all times to Supplier's accountants."],
    ['Licensee shall keep all such documents available at its principal office for inspection during normal business hours.'],
    ['Licensee shall keep all production records for annual examination by Licensor.'],
    ['Licensee shall keep such records for inspection and copying by Licensor.'],
    ['All manufacturing records shall be subject to examination at any time during the Term.'],
    ['Such records may at any time be examined by Licensor.'],
    // Entering or visiting the other party's premises.
    ["Supplier's quality personnel may enter upon and into the premises where the Products are stored."],
    ["Supplier's quality personnel may enter any premises where the Products are stored."],
    ['Licensor may enter premises used by Licensee for the storage of the Products.'],
    ['Licensor may inspect the site where the Licensed Products are made.'],
    ["Customer shall have the right to visit Supplier's factory during manufacturing of the Products."],
    ["Buyer shall be entitled to make visits to Supplier's plants during the Term."],
    ['Supplier shall permit Buyer to visit its plant once in each calendar year.'],
    ['Buyer is permitted to visit the site where the Products are made.'],
    ['Supplier shall allow Buyer to visit its warehouse and to check the stock records.'],
    ["Buyer is allowed to visit Supplier's plant on reasonable notice."],
    // Access, inspection or copying granted by the party whose records they are.
    ["Licensee shall grant Licensor's auditors access to its books and records."],
    ["Distributor shall allow Supplier's auditors access to its books of account."],
    ["Licensee shall afford Licensor's auditors access to its accounting records."],
    ["Licensee shall give Licensor's auditors access to its books and records."],
    ["Licensee gives Licensor's auditors access to its books and records at all reasonable times."],
    ["Licensee shall provide Licensor's auditors with access to its books and records."],
    ["Licensee provides Licensor's auditors with access to its books and records."],
    ['Licensee shall allow reasonable inspection, during normal business hours, of its manufacturing facilities.'],
    ["Licensee shall permit Licensor's auditors to copy its books and records."],
    // An audit or inspection of the books, or audit rights, named as such.
    ["Licensor's examination of the books and records of Licensee shall take place at Licensee's offices."],
    ["Licensor's inspection rights with respect to Licensee's manufacturing records shall survive termination."],
    ['Annual audits of the books of Distributor shall be conducted by an independent accountant.'],
    ["Inspection of books and records shall take place at Licensee's principal office."],
    // Conducting, performing, carrying out or undertaking an audit.
    ["Licensor shall conduct an audit of Licensee's records once per year."],
    ["Licensor will carry out such inspections at Licensee's plant as it deems necessary."],
    ["Supplier's auditors shall perform the audit at Supplier's expense."],
    ['Buyer shall undertake any audit at its own expense.'],
    ["Licensor shall bear the cost of conducting audits of Licensee's facilities."],
    ['The auditing party shall bear the cost of the audit.'],
    ['The audit party shall bear the costs of the audit.'],
    ['The audited party shall make its personnel available.'],
    ['Any such audit shall be conducted during normal business hours.'],
    ['Any audit shall be conducted during normal business hours.'],
    ['The right of audit under this Section shall survive for two years.'],
    // An operative clause that only refers to the recitals is not one.
    ['Notwithstanding anything in the WHEREAS clauses above, Licensor shall have the right to audit the books of Licensee.'],
    // Observing or monitoring the other party's manufacturing, processes or sites.
    ['Supplier shall permit Buyer to observe the manufacturing of the Products.'],
    ['Supplier permits Buyer to observe the manufacturing of the Products.'],
    ["Supplier allows Buyer's representatives to observe the manufacturing of the Products."],
    ['Licensor may monitor the manufacturing of the Licensed Products.'],
    ['Licensor may carry out monitoring of the manufacturing of the Licensed Products.'],
    ["Customer may observe testing at Supplier's facilities."],
    ["Buyer may observe production at Supplier's plant."],
    ['Owner may observe the testing at the site.'],
    ['Buyer may observe the production processes and Supplier shall keep batch reports.'],
    ["Licensor may observe the packaging of the Products on Licensee's premises."],
    // Cooperating with, or submitting to, the other party's audits.
    ['Distributor shall cooperate with all audits.'],
    ['Distributor shall cooperate with any financial audit.'],
    ['Distributor shall co-operate with such inspection and keep its records up to date.'],
    ['Supplier shall submit to audits by Customer.'],
    ['Supplier shall submit to an audit of its plants by Customer.'],
    ['Supplier shall submit to inspection of its plants by Customer.'],
    // Access to the other's site or records whose purpose is a check.
    ['Buyer shall have access to the site to verify that the work conforms to the Specifications.'],
    ["Licensee shall have access to Licensor's plant for audit purposes."],
    ["Licensor shall have access to Licensee's records for auditing purposes."],
    ["Licensor shall have access to Licensee's facilities for the purposes of verification."],
    ["Licensor shall have access to Licensee's facilities for the purpose of verification."],
    ["Licensor shall have access to Licensee's facilities for quality purposes."],
  ])('counts %j', (text) => {
    expect(audits(text)).toBe(true);
  });
});

describe('audit rights: sentences that read like one but give no party a right to check the other', () => {
  it.each([
    // Confidential information, published documentation and a waived right.
    ['The Receiving Party may inspect the Confidential Information only at the offices of the Disclosing Party.'],
    ["Customer may review the documentation generally available to Supplier's other customers."],
    ["The Parties waive the right to examine each other's books after the final settlement."],
    ["Buyer waives the right to inspect the Seller's records relating to the shipment."],
    // A hard copy is a format, not a right to copy.
    ["Supplier shall provide each invoice to Buyer's auditors in hard copy."],
    // Monitoring one's own operations.
    ['Each party may monitor its own operations for compliance with applicable law.'],
    ['Each party may carry out monitoring of its own operations for compliance with applicable law.'],
    // Audited financial statements and the independent accountants who certify them.
    ['Licensor may review the audited financial statements of Licensee.'],
    [
      'The books of Licensee shall be examined each year by an independent registered public accountant, who shall certify the royalty statements.',
    ],
    ["Licensee's records may be audited by its independent auditor, whose opinion shall be delivered to Licensor."],
    ['Such records may be audited by independent public auditors, whose report on the financial statements shall be sent to Licensor.'],
    ['Such records may be audited by independent registered auditors who shall certify them.'],
    // Quality inspection of delivered goods.
    ['Buyer may inspect the shipment and make a quality control inspection of the goods upon arrival at its premises.'],
    ['Buyer may inspect each delivery by quality inspection of products drawn at random at its premises.'],
    ['Buyer may inspect each delivery, including a quality inspection of the products, at its premises.'],
    // A lettered recital.
    ['B. WHEREAS, the parties wish Licensor to have the right to audit the books and records of Licensee.'],
    // A section named in brackets.
    ['The provisions of Section 6.3 (Audit Rights) shall survive termination of this Agreement.'],
    ['Section 9.2 [Licensor Audit Right] shall survive termination of this Agreement.'],
    ['Section 9.2 [Financial Records Audit Rights] shall survive termination of this Agreement.'],
    // Text taken from a PDF often pads brackets with spaces.
    ['The provisions of Section 6.3 ( Audit Rights ) shall survive termination of this Agreement.'],
    // A review that is an approval.
    ['All press releases and marketing reports shall be subject to review and approval by Licensor.'],
    ['All marketing reports shall be subject to review, approval or rejection by Licensor.'],
    // Access given so the other party can do its work.
    ['Customer shall grant Contractor access to its premises in order to install the Equipment.'],
    ['Customer shall grant Contractor access to its premises for the purposes of providing the Services.'],
    ['Customer shall grant Contractor access to its premises for the purpose of providing the Services.'],
    ['Customer shall grant Contractor access to its premises as reasonably required to otherwise perform the Work.'],
    [
      "Customer shall grant Supplier access to its premises for the purpose of cooperating with Customer's own staff on maintaining the Equipment.",
    ],
    ["Customer shall grant Supplier access to its premises to cooperate with Customer's staff on maintaining the Equipment."],
    // Inspections by regulators, twice in one sentence.
    [
      'Licensee shall permit the FDA to inspect its facilities and shall make its records available for inspection by any regulatory authority.',
    ],
    // "as may be": a "may" that grants nothing.
    ['Distributor shall bear such costs as may be incurred in examining the shipping documentation.'],
  ])('does not count %j', (text) => {
    expect(audits(text)).toBe(false);
  });
});

// Issue 16: a party that submits to the other's inspection is itself inspected (its plant, its operations).
describe('audit rights: submitting to inspection', () => {
  it.each([
    ['Supplier shall submit to inspection by Customer.'],
    ['Supplier agrees to submit to periodic inspections by Customer.'],
    ['Manufacturer will submit to unannounced inspections by Buyer.'],
    ['The Manufacturers agree to submit to unannounced inspections by Buyer.'],
  ])('counts %j', (text) => {
    expect(audits(text)).toBe(true);
  });

  it.each([
    ['All Products shall be subject to inspection by Customer upon delivery.'],
    ['Supplier shall submit the samples to Customer for testing.'],
  ])('does not count %j', (text) => {
    expect(audits(text)).toBe(false);
  });
});

// Issue 16: a party's own annual audit, and access given for maintenance, are no right to check the other.
describe("audit rights: the party's own auditors, access for maintenance", () => {
  it.each([
    [
      'Either party may disclose information concerning this contract to any independent public accounting firm retained to perform an annual financial audit of that party.',
    ],
    ['The Company may share the Reports with the accountants engaged to conduct its statutory audit.'],
    ["IBM will provide access to its premises for Customer's authorized maintenance vendors as required."],
    ['Landlord shall give Tenant access to the site for installation personnel of the antenna.'],
  ])('does not count %j', (text) => {
    expect(audits(text)).toBe(false);
  });

  it.each([
    ["Licensor may retain an independent accountant to perform an audit of Licensee's books and records."],
    ['Supplier shall provide Customer access to its plant for quality inspection.'],
  ])('still counts %j', (text) => {
    expect(audits(text)).toBe(true);
  });
});

describe('audit rights: how an audit is held, and grants that check nothing', () => {
  it.each([
    // The working of the audit clause: when and how it is held, and who bears its cost.
    ['Such audits shall be conducted during normal business hours at the Licensee’s premises.'],
    ['No such audit may occur more than once in any calendar year.'],
    ['Any such inspection will be conducted in a manner that does not unreasonably interfere with the business of the other party.'],
    ['The cost of any audit of the Operator’s books shall be borne by the Owner.'],
    ['Audits and inspections shall not interfere unreasonably with the business of the Licensee.'],
    ['Costs incurred by the Licensor in connection with any audit conducted shall be borne by the Licensor.'],
    ['Any audit conducted pursuant to this Section 5.7 shall not be conducted more than once each year.'],
    // "may, [when and how often], inspect": the right with a long condition in between.
    [
      'The Licensor’s representatives may, from time to time during regular business hours on reasonable advance notice, during the Term and for a period of six (6) months thereafter, inspect and audit such books and records.',
    ],
    // Access to a facility or warehouse to check, and visits that enable an inspection.
    ['Manufacturer shall permit Licensor to access and inspect the manufacturing facility on reasonable notice.'],
    ['Buyer may visit the Seller’s warehouse during normal business hours to verify the number of units in inventory.'],
    ['Such monitoring visits shall enable the Sponsor to inspect and review the study records.'],
    ['During an inspection the inspectors are authorized to: inspect the facilities, documents and records of the Supplier.'],
    // Access to the records themselves, given or granted.
    ['Supplier shall provide to Buyer reasonable access to such records upon request.'],
    ['At the request of Recipient, Provider shall provide to Recipient reasonable access to Provider’s personnel and records.'],
    ['Reasonable access to the Company’s financial records shall be given to such auditor.'],
    // An audit clause that also speaks of confidential information.
    [
      'Shipper shall be entitled to audit Carrier’s books and records, but such audit shall not require Carrier to disclose confidential information of others.',
    ],
  ])('counts %j', (text) => {
    expect(audits(text)).toBe(true);
  });

  it.each([
    // A company's own yearly audit and who pays for reviews of other things.
    ['The annual audit of the Company’s financial statements shall be conducted by an independent firm.'],
    ['The costs of any shipment shall be borne by the Buyer.'],
    // An authorized representative named with access, an item not available for inspection, and a service's reports.
    ['The Carrier or its authorized representative shall have access to the platform for the purpose of checking the meters.'],
    ['A credit note is issued for any tyre which is not available for inspection when the Customer is not informed.'],
    ['In addition, Provider will provide access to usage reports through a customer web portal.'],
    ['Provider will not provide any reporting either in hard-copy or electronic form other than what is available through the portal.'],
    ['Customer shall not use the Components to provide Internet access at Customer premises.'],
    // Reviewing confidential information without any audit, and access given to do the work.
    ['Each party may permit its employees to review the Confidential Information of the other party.'],
    ['Customer shall give Provider access to its premises in order to provide the Services.'],
  ])('does not count %j', (text) => {
    expect(audits(text)).toBe(false);
  });
});

describe('audit rights: invented drafting of each family', () => {
  it.each([
    // Books and records audited, inspected or examined, in varied wording.
    [
      "Licensor shall have the right, upon thirty (30) days' written notice, to audit the books and records of Licensee relating to the Royalties.",
    ],
    [
      'Licensee shall keep complete and accurate records of all sales, which records shall be open to inspection by Licensor or its designated accountant during normal business hours.',
    ],
    [
      "Company may, at its own expense and not more than once per calendar year, cause an independent certified public accountant to audit Vendor's records to verify the fees invoiced.",
    ],
    ["All records relating to this Agreement shall be made available to Party A for audit upon five business days' notice."],
    ['Licensee will, on request, furnish Licensor access to its records for the purpose of verifying royalty payments.'],
    ["Party B shall, at Party A's request, give Party A's auditors access to its accounting records."],
    // Access with its time or terms between "access" and "to".
    [
      'Vendor shall give Customer access, during normal business hours and upon reasonable notice, to its books and records relating to the Fees.',
    ],
    ['You agree to provide access during normal business hours to your facilities and records related to the services provided.'],
    ["Owner and its designees may, at reasonable times, examine and make copies of Manager's books and records relating to the Property."],
    ['Licensee hereby grants to Licensor the right to verify the accuracy of the royalty reports.'],
    ['Records: (a) Distributor shall keep records of all sales; (b) Supplier may inspect such records on reasonable notice.'],
    // Facilities, plants and places of business checked for quality or compliance.
    ["Customer and its designees shall have reasonable access to Supplier's plants to audit compliance with the Quality Agreement."],
    ["Buyer may conduct on-site audits of Seller's facilities to confirm compliance with the Specifications and applicable law."],
    ["Franchisee shall allow Franchisor's field representatives to enter and inspect the Restaurant during business hours."],
    ["Licensor's representatives may observe the production of the Licensed Products at the Licensee's plant at any time."],
    ["Manufacturer grants Purchaser the right to audit Manufacturer's quality system."],
    ["Licensor may inspect Licensee's premises and the manufacturing of the Licensed Products to confirm they meet the quality standards."],
    // The working of the audit clause.
    [
      "Any such examination shall be conducted at the auditing party's expense, unless it reveals an underpayment of more than five percent (5%).",
    ],
  ])('counts %j', (text) => {
    expect(audits(text)).toBe(true);
  });

  it.each([
    // Audited financial statements, internal audit, SOX.
    ['The Company shall deliver to the Investor its audited financial statements within 90 days after the end of each fiscal year.'],
    ["The Company's annual financial statements shall be audited by an independent accounting firm."],
    ['The Company maintains an internal audit function that reports to the Audit Committee of the Board.'],
    [
      'The Company shall maintain effective internal control over financial reporting as required by Section 404 of the Sarbanes-Oxley Act.',
    ],
    // Inspecting goods on delivery.
    ['Buyer shall have the right to inspect the Goods upon delivery and to reject any nonconforming Goods.'],
    ['All shipments are subject to inspection and acceptance by the Customer at the destination.'],
    ['Customer shall have ten (10) days to inspect the Deliverables and notify Vendor of any nonconformity.'],
    // Records kept, reports and certificates sent: no access.
    ['Licensee shall maintain complete records of all sales for a period of five (5) years after the end of each calendar year.'],
    ['Distributor shall keep inventory records and shall send monthly sales reports to Supplier.'],
    ['Supplier shall certify annually in writing that it has complied with the Code of Conduct.'],
    ['Vendor shall provide monthly usage reports to Customer for review.'],
    ['Vendor shall give Customer access, during the Term, to its online ordering system.'],
    // Samples, works and equipment inspected as goods; someone else's audit; a help desk.
    ['Licensee shall submit samples of each Licensed Product to Licensor for inspection and approval before sale.'],
    ['Licensor may inspect samples of the Licensed Products to confirm they meet the quality standards.'],
    ['The Engineer may inspect the Works at any time to confirm conformity with the Drawings.'],
    ["Customer may inspect and test the Equipment at Supplier's factory before shipment."],
    ['Each party shall promptly notify the other of any audit of its tax returns by a taxing authority.'],
    ["The Board of Directors shall appoint the Company's auditors each year."],
    ["Customer shall have access to the Provider's help desk during business hours."],
    // A review of documents, data or drafts is not a check of the books; reports that let a party monitor performance.
    ['The Client may review all documents, information and data relating to the Project prepared by the Consultant.'],
    [
      'Client may designate representatives who shall have access to and shall be permitted to review all documents, information and data related to the projects.',
    ],
    ['Contractor shall provide Owner with reports that permit Owner to monitor and manage the performance of the Contractor.'],
    // A regulator's inspection, reported to the other party.
    ['Supplier shall notify Buyer of any inspection of its facilities by a regulatory authority.'],
    ['Supplier shall provide Buyer with copies of any inspection reports issued by the FDA relating to the Products.'],
  ])('does not count %j', (text) => {
    expect(audits(text)).toBe(false);
  });
});

describe('audit rights: recall on unseen drafting (limits on audits, long conditions, records made available)', () => {
  it.each([
    // The working of an audit clause: how often, how far back, under which section.
    ['The frequency of such audits and the handling of audit findings shall be agreed in the Quality Agreement.'],
    ['Any audit conducted under Section 7.3 [Books and Records] shall not be conducted more than once per calendar year.'],
    ['Any quarter that has been audited under this Section shall not be subject to any further audit.'],
    ['Not more than one (1) audit may be requested by Licensor in any twelve-month period.'],
    ['Additional quality audits may be performed by Buyer personnel.'],
    // A permission or right with its conditions between, then the check.
    [
      'Licensee will permit, at reasonable intervals, during normal business hours, on thirty (30) days notice and no more than once in any calendar year, an independent accountant selected by Licensor and reasonably acceptable to Licensee to inspect such books and records.',
    ],
    [
      'Buyer shall have the right during the Term, but not more than twice in any Contract Year (unless Section 4.2(c) applies) and upon ten (10) days prior notice, to enter and inspect any Facility used to make the Product.',
    ],
    // Records or premises made available to the other party so it can check.
    [
      "Vendor shall make its warehouse and systems available, on reasonable notice, to Customer to inspect Vendor's compliance with this Section.",
    ],
    [
      'Reseller will make available upon written request to Supplier the books, documents and records of Reseller that are necessary to verify the royalties paid hereunder.',
    ],
  ])('counts %j', (text) => {
    expect(audits(text)).toBe(true);
  });

  it.each([
    // A company's own annual audit, an inspection of goods, and a permission to do something other than check.
    ['The annual audit of the Company shall be conducted by its independent auditors.'],
    ['Licensee will permit, subject to Section 5, Licensor to use the Licensed Marks on its website.'],
    ['Contractor shall have the right, upon notice, to enter the Site to install the Equipment.'],
    ['Supplier shall make the Products available for pick-up to Buyer at its dock.'],
    ['Company shall make available to Consultant such office space as Consultant needs to perform the Services.'],
    ['The frequency of deliveries shall be governed by the Supply Schedule.'],
  ])('does not count %j', (text) => {
    expect(audits(text)).toBe(false);
  });
});

describe('audit rights: books opened to the other party', () => {
  it.each([
    [
      "At Licensor's request, Licensee shall open its books and records to an independent certified public accountant selected by Licensor.",
    ],
    ['Each Party shall open all books of account for inspection by the other Party once a year.'],
  ])('counts %j', (text) => {
    expect(audits(text)).toBe(true);
  });

  it.each([
    // Opening an account or books of one's own is bookkeeping, not a check by the other party.
    ['Distributor shall open a bank account for the deposit of receipts.'],
    ['The Company shall open its books for the new fiscal year on January 1.'],
  ])('does not count %j', (text) => {
    expect(audits(text)).toBe(false);
  });
});

describe('audit rights: invented wordings of the existing families (regression)', () => {
  it.each([
    ['Licensor or its designated representative may, upon ten days notice, audit the books and records of Licensee.'],
    ['Licensee shall keep complete and accurate records, which Licensor may examine upon reasonable notice.'],
    ['Upon request, Distributor shall allow Company or its agents to inspect its warehouse and records.'],
    [
      "Customer, or an independent auditor appointed by Customer, shall be entitled to audit Supplier's compliance with this Agreement once per year.",
    ],
    ['Each Party shall maintain books of account and shall make them available for audit by the other Party.'],
    ["Company reserves the right to audit the Supplier's records relating to the Fees."],
    [
      'Supplier shall give Buyer and its representatives access to its manufacturing facilities to verify compliance with the Specifications.',
    ],
    ["Vendor agrees that Client may conduct on-site audits of Vendor's data centers."],
    ['The Licensee shall, on request, produce its accounts for inspection by the Licensor or its accountants.'],
    ['ABC may, at its own expense, have an independent accountant examine the books of XYZ relating to royalties once per calendar year.'],
  ])('counts %j', (text) => {
    expect(audits(text)).toBe(true);
  });
});

describe('audit rights: copies of the books, access to examine, audits made', () => {
  it.each([
    ["Member B shall have a right to obtain copies of all of the Partnership's accounting books at its own expense."],
    ['The Agent shall supply copies of any such documents, files or other records upon the request of the Principal.'],
    ['The Purchaser shall be afforded reasonable rights of access to examine and inspect the equipment under manufacture.'],
    ["Lessor shall have until one year after the close of a Lease Year in which to make an audit of Lessee's records for that year."],
    ['Licensor may request for-cause audits, which may be conducted at any time on reasonable notice.'],
  ])('counts %j', (text) => {
    expect(audits(text)).toBe(true);
  });

  it.each([
    // Copies of a policy or a report, and an inspection of goods, are not the books.
    ['Contractor shall provide copies of its insurance certificates upon request.'],
    ['The Company shall provide copies of the annual report to each shareholder.'],
    ['Buyer shall make an inspection of the Goods upon delivery.'],
    ['Customer shall have access to the online portal to view its invoices.'],
  ])('does not count %j', (text) => {
    expect(audits(text)).toBe(false);
  });
});
