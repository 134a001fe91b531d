import { describe, expect, it } from 'vitest';
import { extractChangeOfControl } from './change-of-control.js';
import { clauseProbability, loadClassifier } from './clause-classifier.js';
import { splitClauses } from './clauses.js';
import { extractRuleFields } from './extract-fields.js';

/** These tests pin the rules themselves; the learned models that judge them are tested in judgement/. */
const extractFields = (text: string) => extractRuleFields(text).contract;
import { buildTextView } from './text-view.js';

/** The sentence the change-of-control rule answers with, whitespace collapsed, or null. */
function found(text: string): string | null {
  const value = extractFields(text).changeOfControl;
  return value ? text.slice(value.evidence.start, value.evidence.end).replace(/\s+/g, ' ') : null;
}

describe('change of control: a share of the stock changing hands', () => {
  it.each([
    ['Any transfer of 50% or more of the voting stock of Distributor shall be deemed an assignment of this Agreement.'],
    [
      'If more than fifty percent (50%) of the outstanding shares of Licensee are sold or transferred to a third party, Licensor may terminate this Agreement.',
    ],
    ['A transfer of a majority interest in Licensee shall be deemed an assignment of this Agreement.'],
    [
      "The sale, assignment or other transfer of any stock or ownership interest in Franchisee shall be deemed a transfer of this Agreement requiring Franchisor's consent.",
    ],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it.each([
    // Issuing shares is the company's own act, not its stock changing hands.
    ['The Company shall not issue more than 10% of its outstanding shares without the consent of the Investor.'],
    // A threshold to take part in a review is not a transfer of the stake.
    [
      'Should Parties representing at least 5% of the total voting interests wish to review such a change prior to its occurrence, they shall notify the chairperson.',
    ],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: the ways the event is written', () => {
  it.each([
    ['Licensee shall promptly notify Licensor of any change in its ownership or control.'],
    ["Any change in Distributor's ownership shall require the prior written consent of Supplier."],
    ['Either party may terminate this Agreement if the other party undergoes a change in its direct or indirect control.'],
    ['Licensor may terminate this Agreement if there is a change in the majority ownership of Licensee.'],
    ['In the event of a change in the shareholding of Distributor, Supplier shall have the right to terminate this Agreement.'],
    ['If Distributor becomes controlled by a competitor of Supplier, Supplier may terminate this Agreement immediately.'],
    ['If Licensee ceases to be controlled by its current parent, Licensor may terminate this Agreement upon notice.'],
    ['Supplier may terminate this Agreement if Distributor sells or transfers all or substantially all of its assets to a third party.'],
    [
      'If Reseller merges or consolidates with, or sells all or substantially all of its assets to, any third party, Vendor may terminate this Agreement.',
    ],
    ['Licensor may terminate this Agreement upon notice in the event of a takeover of Licensee by a third party.'],
    [
      'Licensee shall give Licensor at least thirty (30) days prior written notice of any proposed sale of all or substantially all of its assets or any merger or consolidation.',
    ],
    ['Distributor shall notify Company promptly of any merger, acquisition or sale of all or substantially all of its assets.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it('counts a definition that makes the event an assignment, but not a definition of the event alone', () => {
    const assignment =
      'For purposes of this Section 15, the term "assignment" shall include any merger, consolidation or change in control of Licensee.';
    expect(found(assignment)).toBe(assignment);
    const transfer = 'As used in this Agreement, "Transfer" includes the sale of a controlling interest in Franchisee.';
    expect(found(transfer)).toBe(transfer);
    expect(
      found('"Change of Control" means the acquisition by any person of more than 50% of the voting securities of a party.'),
    ).toBeNull();
  });
});

describe('change of control: the consequence is not the event', () => {
  it('does not read the "transfer" in the event itself as its consequence', () => {
    // An item of a definition's list under an "approval by the shareholders" lead-in.
    const item =
      '(2) a liquidation of such member or the sale, transfer, lease or other disposition of all or substantially all of its assets,';
    expect(found(`(c) the approval by the shareholders of any member of the Control Group of:\n\n${item}`)).toBeNull();
    expect(found(`Licensor may terminate this Agreement upon:\n\n${item}`)).toBe(item);
  });
});

describe('change of control: free passes and their conditions', () => {
  it.each([
    [
      'Notwithstanding the foregoing, either party shall be permitted to assign this Agreement to an affiliate or to a purchaser of all or substantially all of its business, without obtaining the prior written consent of the other party.',
    ],
    [
      'Each party shall have the right to assign its rights hereunder in connection with any merger, acquisition or sale of all or substantially all of the business to which this Agreement relates.',
    ],
    ['Either party may assign this Agreement without consent to the purchaser of all or substantially all of its assets.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });

  it('counts a free pass that carves a consent back in for some acquirers', () => {
    const text =
      'Calm may, without the prior written consent of XSPA, assign its rights to an affiliate or the acquirer of all or substantially all of the assets of Calm; provided, however, that the prior written consent of XSPA shall be required for an assignment to an acquirer that is a competitor of XSPA.';
    expect(found(text)).toBe(text);
  });
});

describe('change of control: more ways the event is written', () => {
  it.each([
    ['Licensor may terminate this Agreement upon any change in the control of Licensee.'],
    ['Distributor shall not undergo any change of its management control without the prior written consent of Supplier.'],
    ['Licensor may terminate this Agreement upon any change in the beneficial or legal ownership of Licensee.'],
    ['Any change in the shareholders of Distributor shall require the prior written consent of Supplier.'],
    ['If Licensee should become owned by a competitor of Licensor, Licensor may terminate this Agreement upon notice.'],
    ['If Distributor ceases to be directly or indirectly owned by Parent, Supplier may terminate this Agreement.'],
    ['Licensee shall notify Licensor within ten (10) days of any control change affecting Licensee.'],
    ['Any transfer of control of Distributor shall require the prior written consent of Supplier.'],
    ['If Distributor comes under the control of a competitor of Supplier, Supplier may terminate this Agreement.'],
    ['If any third party acquires direct or indirect control of Licensee, Licensor may terminate this Agreement.'],
    ['If a competitor of Company obtains control over Consultant, Company may terminate this Agreement immediately.'],
    ['Should any person gain control of Reseller, Vendor may terminate this Agreement on written notice.'],
    [
      'If any person acquires beneficial ownership of more than 50% of the voting securities of Licensee, Licensor may terminate this Agreement.',
    ],
    ['Upon any person acquiring a majority of the voting stock of Distributor, Supplier may terminate this Agreement.'],
    [
      'If any third party obtains fifty percent (50%) or more of the outstanding shares of Distributor, Supplier may terminate this Agreement.',
    ],
    // Neither names "control" or "shares": the percentage is what makes it a change of ownership.
    ['If fifty per cent of the equity of Licensee is transferred to a third party, Licensor may terminate this Agreement.'],
    ['If 50% of the equity interests in Distributor are transferred, Supplier may terminate this Agreement.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });
});

describe('change of control: corporate transactions', () => {
  it.each([
    ['Vendor may terminate this Agreement if Reseller consolidates with any other entity.'],
    ['Licensor may terminate this Agreement upon the acquisition of all of the outstanding stock of Licensee by a third party.'],
    ['If Supplier is acquired by a competitor of Buyer, Buyer may terminate this Agreement.'],
    [
      "Supplier may terminate this Agreement upon the sale, lease or other disposition of all or substantially all of Distributor's assets.",
    ],
    ['Licensor may terminate this Agreement upon the conveyance of substantially all of the business assets of Licensee.'],
    [
      'If Reseller transfers or otherwise assigns all or substantially all of its assets to a third party, Vendor may terminate this Agreement.',
    ],
    ['If Licensee disposes of all or substantially all of its business, Licensor may terminate this Agreement.'],
    ['Supplier may terminate this Agreement in the event of a take-over of Distributor.'],
    ['Vendor may terminate this Agreement upon any change in the management or control of Reseller.'],
    ['If control of either party shall pass to a third party, the other party may terminate this Agreement.'],
    ['If control of a party is transferred to a competitor of the other party, the other party may terminate this Agreement upon notice.'],
    ['Licensor may terminate this Agreement if Parent ceases to control Licensee.'],
    ['In the event of the acquisition of Distributor by a competitor of Supplier, Supplier may terminate this Agreement.'],
    ['Either party may terminate this Agreement upon the acquisition of the other party by a competitor.'],
    ["Licensor may terminate this Agreement if Licensee's shareholders sell a majority of its voting stock to a third party."],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it.each([
    // Acquired under the contract: goods bought, not a party taken over.
    [
      'Any Products that are acquired in accordance with this Agreement may be returned, and Reseller may cancel any order before shipment.',
    ],
    // An integration clause and a claim merged into a judgment are not corporate mergers.
    ['This Agreement merges any prior agreements between the parties and may only be terminated in accordance with its terms.'],
    ['The obligations of Guarantor shall not be merged into any judgment and shall survive termination of this Agreement.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: what the event triggers', () => {
  it.each([
    ['Any merger of Licensee shall be deemed to be an assignment of this Agreement.'],
    ['A merger or consolidation of Reseller shall be treated as an assignment of this Agreement.'],
    ['An assignment under this Agreement shall be deemed to include a merger or consolidation of Distributor.'],
    ['Licensee may cancel this Agreement if Licensor merges with a competitor of Licensee.'],
    ['Supplier may end this Agreement if Distributor merges with a competitor of Supplier.'],
    ['Upon a Change of Control of Licensee, Licensor may cancel the licence granted under Section 2.'],
    ['A Change of Control of Agent shall entitle Principal to cancel the appointment of Agent.'],
    ['This Agreement shall be cancellable by Licensor upon a Change of Control of Licensee.'],
    ['This Agreement terminates automatically upon a Change of Control of Reseller.'],
    ['Upon a Change of Control of Supplier, Buyer shall have the option to terminate.'],
    ['A Change of Control of Distributor shall be a basis for cancellation of all open orders.'],
    ['Upon a Change of Control of Licensee, Licensor may, in its sole discretion, elect to terminate.'],
    ['Upon a Change of Control of Supplier, Buyer may exercise its termination right.'],
    ['Upon a Change of Control of Supplier, Buyer may give notice of termination effective immediately.'],
    ['If Licensee undergoes a Change of Control, all licenses granted hereunder shall cease.'],
    ["Any Change of Control of Distributor without Supplier's approval shall be void."],
    ['Distributor agrees to provide Supplier with advance written notice of any sale of all or substantially all of its assets.'],
    ['Licensee agrees to promptly notify Licensor of any sale of substantially all of its assets.'],
    ['Reseller shall give Vendor prior written notice if Reseller is acquired by any third party.'],
    ['Licensee shall notify Licensor of any takeover of Licensee.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it.each([
    // Insolvency is not a change of control, even beside one.
    [
      'Licensee represents that no change of control of Licensee has occurred and that Licensee has made no assignment for the benefit of its creditors.',
    ],
    [
      'Licensee represents that no change of control of Licensee has occurred and that it has made no assignment of all or substantially all of its assets for the benefit of all or substantially all of its creditors.',
    ],
    // A vote of the holders decides; it does not change their holding.
    [
      'This Agreement may be terminated at any time, without penalty, upon the approval of the majority of the outstanding voting securities of the Fund.',
    ],
    [
      'This Agreement may be terminated at any time, without penalty, by the affirmative vote of a majority of the outstanding voting securities of the Fund.',
    ],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: free passes, in more words', () => {
  it.each([
    ['Either party is free to assign this Agreement upon a change of control.'],
    ['Licensee shall have the right to assign this Agreement to its successor upon a change of control of Licensee.'],
    ['Licensor has the right to freely assign this Agreement in the event of a change of control of Licensor.'],
    ['Each party is entitled to transfer this Agreement following a change in control of that party.'],
    ['No such consent shall be required for a change of control of Licensee.'],
    [
      "Without the need for the other party's consent, either party's rights hereunder shall pass to its successor upon a change of control of that party.",
    ],
    ["Licensee need not obtain Licensor's consent to a change of control of Licensee."],
    [
      'This Agreement and the licenses granted hereunder shall not be affected by, and shall not terminate upon, a change of control of either party.',
    ],
    ['Neither party shall assign this Agreement, nor shall any change of control of a party be deemed an assignment.'],
    ['A change of control of Distributor will not constitute an assignment of this Agreement.'],
    ['A change in control of Licensee shall not be treated as a transfer of this Agreement.'],
    ['A merger of Licensee will not require the consent of Licensor.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });

  it.each([
    [
      'Either party may assign this Agreement without consent in connection with a merger, provided that the surviving entity is not a competitor of the other party.',
    ],
    [
      "Either party may assign this Agreement upon a change of control, except where the transaction involves a competitor of Licensor, in which case Licensor's consent shall be required.",
    ],
  ])('counts a free pass with a condition on the deal: %j', (text) => {
    expect(found(text)).toBe(text);
  });
});

describe('change of control: titles, definitions and other documents', () => {
  it.each([
    // A heading run into a termination-for-convenience clause names a topic.
    ['CHANGE OF CONTROL AND TERMINATION Either party may terminate this Agreement for convenience upon thirty days notice.'],
    ['14.2 CHANGE OF CONTROL AND TERMINATION Either party may terminate this Agreement for convenience upon thirty days notice.'],
    ["Section 22 - Assignment/Change of Control This Agreement shall bind and benefit the parties' successors and permitted assigns."],
    ['12.1 Merger or Acquisition: The Agreement shall bind the successors and assigns of the parties.'],
    ['Right of termination upon Change of Control'],
    ['Termination Upon Change of Control'],
    ['"Change of Control Notice" means the written notice of a Change of Control that Licensee gives under Section 12.2.'],
    [
      'Change of Control shall mean the sale of more than fifty percent of the voting stock of Licensee, which requires notice to Licensor.',
    ],
    // Names of payments, not the event happening.
    ['The Company shall pay the Change in Control Bonus within thirty days after the termination of this Agreement.'],
    ['The Change of Control Benefits shall be paid even if this Agreement is terminated.'],
    // A standstill and a filing.
    [
      'Investor shall not, without the prior written consent of the Company, engage in any solicitation of proxies with respect to any merger involving the Company.',
    ],
    [
      'Licensee shall bear the costs of registration of the change in ownership of the Trademarks and shall notify Licensor when it is complete.',
    ],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe("change of control: an employee's own termination", () => {
  it.each([
    [
      "If the Executive's employment is terminated within twelve months after a Change of Control, the Company shall pay the Executive a lump sum.",
    ],
    ['If his employment shall be terminated following a Change of Control, the Company shall continue his benefits.'],
    ['Upon termination of her employment after a Change of Control, the Company shall pay her accrued bonus.'],
    ['Upon a termination by the Executive for Good Reason after a Change of Control, the Company shall pay the Severance Amount.'],
    ['Following a Change of Control, the Company shall pay the Employee in lieu of notice.'],
    ['Following a Change of Control, his notice period shall be twelve months.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: consequences written without "may terminate"', () => {
  it.each([
    ['Following a Change of Control of Licensee, Licensor has the option of terminating this Agreement.'],
    ["Upon a Change of Control of Supplier, the Contract is subject to termination at Buyer's option."],
    ['The license is terminable upon a Change of Control of Licensee.'],
    ['Each purchase order is cancellable upon a Change of Control of Buyer.'],
    ['A Change of Control of Supplier gives Buyer a termination option.'],
    ['A change of control of Licensee shall be deemed an assignment of this Agreement.'],
    ['If Licensee undergoes a Change of Control, the license granted hereunder ceases immediately.'],
    ["Any Change of Control of Distributor requires Supplier's prior approval."],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });
});

describe('change of control: a duty to give notice of a deal the party undergoes', () => {
  it.each([
    ['Licensee shall notify Licensor in writing if Licensee sells all or substantially all of its assets.'],
    ['Reseller shall give Vendor prior written notice if Reseller transfers substantially all of its business.'],
    ['Distributor shall notify Supplier promptly if Distributor conveys all or substantially all of its assets to a third party.'],
    ['Licensee shall notify Licensor if Licensee disposes of substantially all of its assets.'],
    ['Licensee shall notify Licensor if Licensee sells or otherwise transfers all or substantially all of its assets.'],
    ['Distributor shall give Supplier written notice of any change in the management or control of Distributor.'],
    ['Licensee shall notify Licensor if Parent ceases to control Licensee.'],
    ['Licensee shall notify Licensor of any acquisition of Licensee by a third party.'],
    ['The parties agree to notify each other of any sale of substantially all of the assets of either party.'],
    ['Distributor shall give Supplier prior notice of any sale of all or substantially all of its assets.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });
});

describe("change of control: an employee's employment ending on the change", () => {
  it.each([
    [
      "If the Executive's employment is terminated upon a Change of Control, the Company shall pay the Executive a lump sum equal to twelve months' salary.",
    ],
    ["If the Employee's employment has been terminated upon a Change of Control, the Company shall pay the Employee's accrued bonus."],
    ['If his employment was terminated on a Change in Control, the Company shall continue his medical benefits for one year.'],
    [
      "If the Company terminates the Executive's employment within one year after a Change of Control, the Company shall pay the Severance Amount.",
    ],
    [
      'If the Company terminates your employment within one year after a Change of Control, the Company shall pay you the Severance Amount.',
    ],
    ['If the Company terminates employment of the Employee after a Change of Control, the Employee shall receive the Severance Amount.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: more definitions, titles and filings', () => {
  it.each([
    ['"Change of Control Notice" shall mean the written notice of a Change of Control that Licensee gives under Section 12.2.'],
    ['"Change of Control Notice", as used in Section 12, means the written notice of a Change of Control given by Licensee.'],
    ['"Change of Control Event" includes any event requiring notice under Section 12.2.'],
    [
      '(a) Change of Control shall mean the sale of more than fifty percent of the voting stock of Licensee, which requires notice to Licensor.',
    ],
    ['(f) Change of Control and Fees - If Licensee fails to pay the fees, Licensor may terminate this Agreement.'],
    ['Article 9: Merger. Either party may terminate this Agreement for convenience on ninety days notice.'],
    [
      'Clause 4.2 - Change in Control, Assignment and Subcontracting: Neither party may subcontract its obligations without the consent of the other party.',
    ],
    ['Licensee shall record any change of ownership of the Licensed Patents with the patent office and notify Licensor.'],
    ['Assignee shall file such change in ownership with the registry and give notice to Assignor.'],
    ['This Agreement merges and supersedes all prior agreements between the parties and may be terminated only in writing.'],
    ["The Guarantor's obligations shall not be merged into judgment and shall survive termination of this Agreement."],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: a stake or control gained, needing approval', () => {
  // Approval alone is a consequence of the event, not of a merger or sale (see the transactions below).
  it.each([
    ["Any third party acquiring a majority of the voting stock of Distributor shall first obtain Supplier's approval."],
    ["Any person who acquires at least 50% of the shares of Licensee shall first obtain Licensor's approval."],
    ["No person shall acquire ownership of more than fifty percent of the capital of Licensee without Licensor's approval."],
    ["No competitor of Licensor shall hold a majority of the shares of Licensee without Licensor's approval."],
    ["Distributor shall not come under the control of any third party without Supplier's approval."],
    ["Licensee shall not permit any third party to acquire control of Licensee without Licensor's approval."],
    ["Licensee shall not allow any person to obtain control over Licensee without Licensor's approval."],
    ["Licensee shall not cease to be controlled by Parent without Licensor's approval."],
    ["Any change in the beneficial ownership of Distributor requires Supplier's approval."],
    ['Any change of their control requires the approval of the Lenders.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });
});

describe('change of control: the deal in other verb forms', () => {
  it.each([
    ['Should Licensee merge with any other entity, Licensor may terminate this Agreement.'],
    ['Should Licensee sell all or substantially all of its assets, Licensor may terminate this Agreement.'],
    ['Should Licensee transfer all or substantially all of its assets to a third party, Licensor may terminate this Agreement.'],
    ['Should Licensee convey substantially all of its business to a third party, Licensor may terminate this Agreement.'],
    ['Should Reseller sell or otherwise transfer all or substantially all of its assets, Vendor may terminate this Agreement.'],
    ['Should Reseller sell or assign substantially all of its assets, Vendor may terminate this Agreement.'],
    ['If Reseller sells or disposes of all or substantially all of its assets, Vendor may terminate this Agreement.'],
    ['Should Parent cease to control Licensee, Licensor may terminate this Agreement.'],
    ["If either party sells all or substantially all of such party's assets, the other party may terminate this Agreement."],
    ["If either party undergoes a sale of all or substantially all of such party's assets, the other party may terminate this Agreement."],
    ['If Licensee sells all or substantially all of its operating assets, Licensor may terminate this Agreement.'],
    ['Licensor may terminate this Agreement upon the sale of all or substantially all of its operating assets by Licensee.'],
    ['If Licensee sells substantially all its assets, Licensor may terminate this Agreement.'],
    ['Licensor may terminate this Agreement upon the sale of substantially all its assets by Licensee.'],
    ["Licensor may terminate this Agreement if Licensee assigns it to a purchaser of substantially all of Licensee's business."],
    ['Vendor may terminate this Agreement upon any change in management or control of Reseller.'],
    ['If control of either party will pass to a third party, the other party may terminate this Agreement.'],
    ['If control of a party shall be transferred to a competitor, the other party may terminate this Agreement.'],
    ['If control of either party shall change, the other party may terminate this Agreement.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });
});

describe('change of control: definitions that make the event an assignment', () => {
  it.each([
    ['For purposes of this Section, "transferred", as used herein, includes any change of control of Distributor.'],
    ['In this Section 14, "assigned" shall include any merger or change in control of Licensee.'],
    ['As used herein, "Assignment" means any assignment by operation of law, merger or change of control of Licensee.'],
    ['For purposes of this Section, assignment shall be deemed to include any merger of Distributor.'],
    ['A merger of Licensee shall be deemed a transfer of this Agreement.'],
    ['A merger of Reseller shall be considered an assignment of this Agreement.'],
    ['Distributor shall provide Supplier with written notification of any sale of all or substantially all of its assets.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it.each([
    ['"Change of Control Notices" mean the written notices of a Change of Control that Licensee gives under Section 12.2.'],
    ['"Change of Control Notice" has the meaning given in Section 12.2.'],
  ])('does not count the definition %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: a free pass with a consent or condition carved back in', () => {
  it.each([
    [
      'Either party may assign this Agreement without consent upon a change of control, provided that the prior written consent of the other party shall be required for an assignment to a competitor.',
    ],
    [
      'Either party may assign this Agreement without consent upon a change of control, provided, however, that approval of the other party will be required for any transfer to a competitor.',
    ],
    [
      'Either party may assign this Agreement without consent in connection with a change of control, provided, however, that such successor is not a competitor of the other party.',
    ],
    [
      "Either party may assign this Agreement without consent upon a change of control, except in the case where the acquirer is a competitor of Licensor, in which case Licensor's approval is required.",
    ],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });
});

describe('change of control: wordings beyond the usual ones', () => {
  it.each([
    ['In the event of any changes in control of Reseller, Supplier shall have the right to terminate this Agreement.'],
    ['The Company may terminate this Agreement in the event of a change in the controlling shareholder of the Distributor.'],
    ['A change-in-control of either party shall entitle the other party to terminate this Agreement.'],
    ['If Licensee has been acquired by a competitor of Licensor, Licensor may terminate this Agreement.'],
    ['Supplier may terminate this Agreement upon written notice if Purchaser enters into any amalgamation with a competitor of Supplier.'],
    ['Company may terminate this Agreement upon notice if control of Distributor passes to a third party.'],
    ['If the ownership of Reseller changes, Reseller shall inform Supplier within fifteen days.'],
    ['Distributor shall not merge or consolidate with any other entity without the prior written approval of Company.'],
    [
      'Contractor shall give the Company at least thirty (30) days prior written notice of any proposed merger, consolidation or sale of substantially all of its assets.',
    ],
    [
      'If there is a transfer of shares in Distributor which results in any person gaining control of Distributor, then Supplier may exercise its right to terminate under this clause.',
    ],
    ["Excite may terminate this Agreement upon written notice in the event of Licensee's acquisition by a Named Competitor."],
    ['The Party whose control has changed shall notify the other Party within ten days.'],
    // A default or breach is what opens the right to terminate.
    ['Any change of control of Franchisee shall constitute an event of default under this Agreement.'],
    ['A merger of Distributor with a competitor of Supplier shall be deemed a material breach of this Agreement.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it.each([
    // Databases bought from their licensors are goods acquired, not a party taken over.
    [
      'The third-party databases shall be acquired and licensed by Customer directly from their licensors approved by Supplier, which approval shall not unreasonably be withheld.',
    ],
    // The UK insolvency carve-out spares a solvent group reshuffle; it attaches nothing to a merger.
    [
      'Either Party may terminate this Agreement by written notice if a resolution is passed for the winding up of the other Party, other than for the purposes of a solvent amalgamation or reconstruction.',
    ],
    // A permission in the passive voice is still a free pass.
    [
      'This Agreement may be assigned by either party to an acquirer of all or substantially all of its assets without the consent of the other party.',
    ],
    [
      'This Agreement may be assigned by Supplier in connection with a merger or sale of substantially all of its assets, and Supplier shall notify Buyer of any such assignment.',
    ],
    ['A change of control of either party shall not, by itself, constitute an assignment requiring consent under this Section.'],
    ['A merger of Licensee with its parent company does not constitute a transfer requiring the approval of Licensor.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });

  it('counts a passive free pass whose proviso, after a semicolon, puts a condition on the acquirer', () => {
    const text =
      "Notwithstanding the foregoing, this Agreement may be assigned without the Licensor's consent by Licensee in connection with a change of control transaction; provided that the acquirer of Licensee shall have financial resources similar to those of Licensee and shall assume the obligations of Licensee in writing.";
    expect(found(text)).toBe(text);
  });
});

describe("change of control: the contract's own name for the event", () => {
  it('reads a defined "Sale Transaction" as a change of control where it has a consequence', () => {
    const use = 'Upon the occurrence of a Sale Transaction, Licensor may terminate this Agreement by written notice to Licensee.';
    expect(
      found(
        `"Sale Transaction" means any merger of Licensee with another entity or any sale of all or substantially all of the assets of Licensee.\n\n${use}`,
      ),
    ).toBe(use);
    const named = 'If Licensee undergoes an Acquisition Event, it shall give Licensor written notice within ten days.';
    expect(
      found(
        `Licensee may be acquired by a third party, or may sell all or substantially all of its assets (each, an "Acquisition Event").\n\n${named}`,
      ),
    ).toBe(named);
  });

  it('does not count the name without a consequence, nor a name that is not an event', () => {
    expect(
      found(
        '"Sale Transaction" means any merger of Licensee with another entity.\n\nThe royalty rate shall not change after a Sale Transaction.',
      ),
    ).toBeNull();
    // A party acquired through a merger is named "Target"; the later sentence is about its products.
    expect(
      found(
        'Licensee may acquire a company through a merger (the "Target").\n\nLicensor may terminate the supply of any product that the Target sells.',
      ),
    ).toBeNull();
  });
});

describe('change of control: a consequence that refers back to the event', () => {
  it('finds "In such event" after a sentence telling the event', () => {
    const consequence = 'In such event, Supplier may terminate this Agreement upon thirty (30) days written notice.';
    expect(found(`Distributor may be acquired by a third party during the Term.\n\n${consequence}`)).toBe(consequence);
    const consent = 'Upon any such change, the continuation of the licence shall require the prior written consent of Licensor.';
    expect(found(`Licensee may undergo a change in its ownership.\n\n${consent}`)).toBe(consent);
  });

  it('does not count it after a free pass, after no event, or with only a notice', () => {
    expect(
      found(
        'Either party may assign this Agreement without consent to a successor by merger.\n\nIn such event, the assigning party may terminate any purchase order not yet accepted.',
      ),
    ).toBeNull();
    expect(
      found(
        'Distributor may open new sales offices.\n\nIn such event, Supplier may terminate this Agreement upon thirty (30) days written notice.',
      ),
    ).toBeNull();
    expect(
      found(
        'The number of Shares shall be adjusted upon a merger of the Company.\n\nIn such event, the Company shall give the Holder written notice of the adjustment.',
      ),
    ).toBeNull();
  });
});

describe('change of control: a proviso that only makes the successor take the contract over', () => {
  it.each([
    [
      'Either party may assign this Agreement without consent to a successor in connection with a merger or sale of substantially all of its assets, provided that the successor agrees in writing to be bound by the terms of this Agreement.',
    ],
    [
      'Either party may assign this Agreement without consent in connection with a merger, provided that such successor assumes all obligations of the assigning party hereunder.',
    ],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });

  it('counts a proviso that also screens the acquirer', () => {
    const text =
      'Either party may assign this Agreement without consent in connection with a merger, provided that the successor assumes all obligations hereunder and is not a competitor of the other party.';
    expect(found(text)).toBe(text);
  });
});

describe('change of control: a consequence the sentence denies', () => {
  it.each([
    ['The licenses granted hereunder shall not terminate as a result of a change of control of Licensee.'],
    [
      'This Agreement shall not be terminable by either party by reason of a merger, consolidation or change in control of the other party.',
    ],
    ['A change of control of Licensee shall not affect the rights granted hereunder, and no notice thereof shall be required.'],
    ['A merger of either party with a third party shall not constitute a breach of this Agreement.'],
    ['A change of control of Distributor shall not be deemed an event of default under this Agreement.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });

  it('still counts a consequence that holds, beside a denied one', () => {
    const text =
      'The licenses shall not terminate upon a change of control of Licensee, but Licensee shall notify Licensor of it within ten days.';
    expect(found(text)).toBe(text);
  });
});

describe('change of control: the event as the exception to a bar', () => {
  it('does not count a merger exempted from the consent', () => {
    expect(
      found(
        "The License Rights may not be assigned by Licensee without Licensor's express written consent, except in the event of a merger by Licensee with another bank.",
      ),
    ).toBeNull();
  });

  it('counts the exception when it carries its own consequence', () => {
    const text =
      "The License Rights may not be assigned by Licensee without Licensor's express written consent, except in the event of a merger of Licensee, in which case Licensor may terminate this Agreement.";
    expect(found(text)).toBe(text);
  });
});

describe('change of control: a permission that follows the event', () => {
  it.each([
    ['In the event of a Change of Control, Licensee may assign this Agreement to the acquirer without the consent of Licensor.'],
    [
      "Upon a merger or sale of substantially all of its assets, either party may assign this Agreement to its successor without the other party's consent.",
    ],
    ['In connection with a change of control, either party may freely assign this Agreement.'],
    ['Upon a merger, either party may, without the consent of the other party, assign this Agreement to the surviving entity.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });

  it.each([
    [
      'In the event of a Change of Control of Licensee, Licensee may not assign this Agreement without the prior written consent of Licensor.',
    ],
    // The exception frees only assignments to affiliates; the merger still needs consent.
    [
      "Neither party may assign this Agreement, including by merger, without the other party's consent, except that either party may assign it to an Affiliate.",
    ],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });
});

describe('change of control: the event in rarer wordings', () => {
  // Each wording is the only one in its sentence that names the event or its consequence.
  it.each([
    [
      "Any assignment of this Agreement by operation of law, including any change in the management of Licensee, shall require Licensor's consent.",
    ],
    ['Licensor may terminate this Agreement in the event of a change in the controlling stockholder of Licensee.'],
    ['Licensor may terminate this Agreement in the event of a change in the controlling member of Licensee.'],
    ['Licensor may terminate this Agreement in the event of a change in the controlling owner of Licensee.'],
    ['Any sale of more than fifty percent of Licensee to a third party shall require the prior written consent of Licensor.'],
    ['Licensor may terminate this Agreement upon the acquisition of 50 percent of Licensee by any third party.'],
    ["If Licensee's control has been changed, Licensor may terminate this Agreement."],
    ["Any competitor of Licensor that comes to hold a majority of the shares of Licensee shall first obtain Licensor's approval."],
    ["Should any person obtain a majority of the voting stock of Distributor, Supplier's approval shall be required."],
    ["Any person who acquires a majority voting interest in Licensee shall first obtain Licensor's approval."],
    [
      "Any person who acquires a majority of the issued and outstanding voting stock of Distributor shall first obtain Supplier's approval.",
    ],
    ['If Reseller should become merged into another entity, Vendor may terminate this Agreement.'],
    ["If Reseller sells all or substantially all of Reseller's assets to a third party, Vendor may terminate this Agreement."],
    ["Licensor may terminate this Agreement upon the Distributors' acquisition by a competitor of Licensor."],
    [
      "Licensor may terminate this Agreement if Licensee's shareholders sell a majority of the issued and outstanding shares of Licensee to a third party.",
    ],
    [
      "Licensor may terminate this Agreement if Licensee's shareholders sell a majority of its issued and outstanding capital stock to a third party.",
    ],
    ["Licensor may terminate this Agreement if Licensee's shareholders sell a majority of Licensee's voting power to a third party."],
    ['Any merger of Licensee shall be deemed to be a default under this Agreement.'],
    ['A merger of Licensee shall constitute an event of default under this Agreement.'],
    ['Upon any merger of Licensee, this Agreement shall be terminated.'],
    ['Upon any merger of Distributor, all open orders may be cancelled by Supplier.'],
    ['A merger of Licensee shall be considered a transfer of this Agreement.'],
    ['Supplier may terminate this Agreement by a written notice upon any merger of Distributor.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });
});

describe('change of control: goods acquired from a seller are not a party acquired', () => {
  it.each([["Equipment that is acquired by Customer from third parties may not be transferred without Supplier's consent."]])(
    'does not count %j',
    (text) => {
      expect(found(text)).toBeNull();
    },
  );
});

describe('change of control: insolvency wording and a solvent reorganisation are not the event', () => {
  it.each([
    [
      'Licensee represents that no change of control of Licensee has occurred and that it has made no assignment of substantially all of its assets for the benefit of its creditors.',
    ],
    [
      'Licensee represents that no change of control of Licensee has occurred and that it has made no assignment for the benefit of creditors.',
    ],
    [
      'Either Party may terminate this Agreement by written notice if an order is made for the winding up of the other Party, other than for the purposes of a solvent reconstruction or a solvent amalgamation.',
    ],
    [
      'Either Party may terminate this Agreement by written notice if an order is made for the winding up of the other Party, other than for the purposes of a scheme for a bona fide reorganisation and a bona fide amalgamation.',
    ],
    [
      'Either Party may terminate this Agreement by written notice if an order is made for the winding up of the other Party, other than for the purposes of a solvent amalgamation.',
    ],
    [
      'Either Party may terminate this Agreement by written notice if the other Party goes into liquidation, except where the liquidation is for the purpose of reconstruction or amalgamation.',
    ],
    [
      'Either Party may terminate this Agreement by written notice if the other Party goes into liquidation, except where the liquidation is for the purpose of a bonafide reconstruction or a bonafide amalgamation.',
    ],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: a vote of the holders is not a change of their holding', () => {
  it.each([
    ['This Agreement may be terminated, without penalty, by the Board or by a majority of the outstanding voting securities of the Fund.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: free passes, before or after the event', () => {
  it.each([
    [
      "Licensor may terminate this Agreement upon a change of control of Licensee; however, an assignment to an Affiliate does not require Licensor's consent.",
    ],
    [
      "Licensee shall notify Licensor of any change of control of Licensee; Licensee may assign this Agreement to an Affiliate without Licensor's consent.",
    ],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it.each([
    [
      'No consent of Licensor shall be needed for a change of control of Licensee or for the assignment of this Agreement to its successor.',
    ],
    ['No such consent shall be needed for a change of control of Licensee or for the assignment of this Agreement to its successor.'],
    ["Licensor's consent is not required for a change of control of Licensee or for the assignment of this Agreement to its successor."],
    ["Without obtaining any approval, either party's rights hereunder shall pass to its successor upon a change of control of that party."],
    ["Without the other's consent, either party's rights hereunder shall pass to its successor upon a change of control of that party."],
    [
      "Either party's rights hereunder shall pass, without the prior express written consent of the other party, to its successor upon a change of control of that party.",
    ],
    [
      "This Agreement does not require Licensor's consent to a change of control of Licensee or to the assignment of this Agreement to the successor.",
    ],
    ['This Agreement shall not be impaired by a change of control of either party, and each party may assign it to its successor.'],
    ['The licenses granted hereunder are not affected by a change of control of Licensee, and Licensee may assign them to its successor.'],
    ['Licensee shall not be deemed to have assigned this Agreement by reason of a change of control of Licensee.'],
    ['A change of control of Licensee shall not, in and of itself, constitute an assignment of this Agreement.'],
    ['A change of control of Licensee shall not be deemed to be an assignment of this Agreement.'],
    [
      "Either party's rights hereunder shall pass to its successor upon a change of control of that party, without the need for any consent of the other party.",
    ],
    [
      "Either party's rights hereunder shall pass to its successor upon a change of control of that party, without need of the other party's consent.",
    ],
    ["Upon a change of control of Licensee, Licensor's approval is not required for Licensee to assign this Agreement to its successor."],
    ["In the event of a change of control, Licensee need not obtain Licensor's consent to assign this Agreement."],
    ["Upon a change of control of Licensee, Licensee shall be entitled to assign this Agreement without Licensor's consent."],
    ["Upon a change of control of Licensee, Licensee has the right to assign this Agreement without Licensor's consent."],
    ['A change of control of Licensee is not considered an assignment of this Agreement.'],
    ['In the event of a Change of Control, this Agreement may be assigned to the acquirer without the consent of Licensor.'],
    ["Upon a merger, either party may assign this Agreement to the surviving entity without the other party's prior written consent."],
    ['Upon any merger of Licensee, this Agreement shall pass, without obtaining consent, to the successor.'],
    [
      'Upon any merger of Licensee, this Agreement and all licences granted under it shall continue in full force and effect for the benefit of the surviving entity, and Licensee need not obtain any consent before assigning it to the successor.',
    ],
    [
      'Upon any merger of Licensee, this Agreement and all licences granted under it shall continue in full force and effect, and Licensee shall be free to assign it to the successor upon notice to Licensor.',
    ],
    [
      'Upon any merger of Licensee, this Agreement and all licences granted under it shall continue in full force and effect for the benefit of the surviving entity and shall pass, without the need for prior written consent, to the successor.',
    ],
    ['Upon any merger of Licensee, this Agreement shall pass, without any consent, to the purchaser of substantially all of its assets.'],
    ['Upon any merger of Licensee, this Agreement does not end and passes without any consent to the acquirer.'],
    [
      'Neither party shall assign or otherwise transfer this Agreement or any of its rights or obligations hereunder, whether voluntarily, by operation of law or otherwise, without the prior written consent of the other party, which consent shall not be unreasonably withheld, except that either party may assign this Agreement, together with all of its rights and obligations hereunder and all related purchase orders, statements of work and licences, to any successor to all or substantially all of its business to which this Agreement relates, or to any Affiliate, in each case upon written notice to the other party and in connection with a merger.',
    ],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: a proviso about the successor', () => {
  // A proviso that screens the acquirer restricts the change; one that only makes it take the contract over does not.
  it.each([
    [
      'Either party may assign this Agreement without consent in connection with a merger, provided that the successor assumes all obligations hereunder and is other than a competitor of the other party.',
    ],
    [
      'Either party may assign this Agreement without consent in connection with a merger, provided that the successor assumes all obligations hereunder and has a net worth at least equal to that of the assigning party.',
    ],
    [
      'Either party may assign this Agreement without consent in connection with a merger, provided that the successor assumes all obligations hereunder and is approved by the other party.',
    ],
    [
      'Either party may assign this Agreement without consent in connection with a merger, provided that the successor assumes all obligations hereunder and is of equal creditworthiness.',
    ],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it.each([
    [
      'Either party may assign this Agreement without consent in connection with a merger, provided that the successor shall be bound by the terms of this Agreement.',
    ],
    [
      'Either party may assign this Agreement without consent in connection with a merger, provided that the successor shall assume all obligations of the assigning party.',
    ],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: the event exempted from a bar on assignment', () => {
  it.each([
    [
      "Licensee may not assign this Agreement except in the event of a sale of its business, and any merger of Licensee shall require Licensor's consent.",
    ],
    ["Neither of the parties may assign this Agreement, including by merger, without the other party's consent."],
    ['Licensor will not, without the prior written consent of Licensee, merge with any other entity.'],
    ['Licensor will not without the prior written consent of Licensee merge with any other entity.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it.each([
    [
      "The License Rights may not be assigned by Licensee without Licensor's consent, other than in connection with any such merger of Licensee.",
    ],
    ["The License Rights may not be assigned by Licensee without Licensor's consent, save as part of a merger of Licensee."],
    ["The License Rights may not be assigned by Licensee without Licensor's consent, except pursuant to any merger of Licensee."],
    ["The License Rights may not be assigned by Licensee without Licensor's consent, except by way of a merger of Licensee."],
    [
      "The License Rights may not be assigned by Licensee without Licensor's consent, except that in the case of a merger of Licensee no consent is needed.",
    ],
    [
      'Neither party may assign this Agreement unless the other party gives its consent, other than an assignment to the surviving entity of a merger.',
    ],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: confidentiality, definitions and titles', () => {
  it.each([
    ['Licensor may terminate this Agreement upon a Change of Control of Licensee; for this purpose "Licensee" includes its Affiliates.'],
    ['Licensor may terminate this Agreement upon a Change of Control of Licensee; "Affiliate" has the meaning given in Section 1.'],
    [
      'Licensor may terminate this Agreement upon a Change of Control of Licensee, and Affiliate shall mean any entity controlling Licensee.',
    ],
    ['In this Section 14, the term "assign" shall include any merger or change in control of Licensee.'],
    ['For purposes of this Section 15, "Assignment" shall mean any assignment, merger or change in control of Licensee.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it.each([
    [
      'Confidential Information may be disclosed to a prospective acquirer in connection with a merger, subject to the prior written consent of the disclosing party.',
    ],
    [
      'Neither party shall make any announcement regarding Confidential Information in connection with a merger of the other party without its prior written consent.',
    ],
    [
      'For purposes of this Agreement, "Change of Control" shall mean the sale of more than fifty percent of the voting stock of Licensee, which requires notice to Licensor.',
    ],
    [
      'For purposes of this Agreement, "Change of Control" shall include the sale of more than fifty percent of the voting stock of Licensee, which requires notice to Licensor.',
    ],
    ['"Change of Control" shall have the meaning given to it in the Credit Agreement, under which it requires the consent of the Lenders.'],
    [
      '(b) (ii) Change in Control shall mean the sale of more than fifty percent of the voting stock of Licensee, which requires notice to Licensor.',
    ],
    ['b. Change of Control - The Agreement shall bind the successors and permitted assigns of the parties.'],
    ['(iv) Change of Control - The Agreement shall bind the successors and permitted assigns of the parties.'],
    ['Section 14.3: Assignment and Change of Control - This Agreement shall bind the successors and permitted assigns of the parties.'],
    ['Section 14.3 Change of Control This Agreement shall bind the successors and permitted assigns of the parties.'],
    ['Successors, Assigns, Change of Control: This Agreement shall bind the successors and permitted assigns of the parties.'],
    ['Termination Upon Change of Control of Licensee by Merger or Sale of Assets'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: standstills, filings and integration clauses', () => {
  it.each([['Licensee shall file notice of any change in its ownership with Licensor.']])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it.each([
    [
      'Investor shall not, without the prior written consent of the Company, commence any tender offer for shares of the Company or any merger involving the Company.',
    ],
    [
      'Investor shall not, without the prior written consent of the Company, solicit proxies with respect to any merger involving the Company.',
    ],
    [
      'Investor shall not, without the prior written consent of the Company, engage in any proxy contest with respect to any merger involving the Company.',
    ],
    ['Licensee shall register changes in ownership of the Licensed Patents with the patent office and notify Licensor.'],
    ['This Agreement shall merge all prior negotiations and agreements between the parties and may be terminated only in writing.'],
    ['This Agreement merges prior discussions between the parties and may be terminated only in writing.'],
    ['The obligations of Guarantor shall not be merged into such judgment and shall survive termination of this Agreement.'],
    ['The obligations of Guarantor shall not be merged into the judgment and shall survive termination of this Agreement.'],
    ['The obligations of Guarantor shall not be merged into a judgment and shall survive termination of this Agreement.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: a duty to give notice, in more words', () => {
  it.each([
    ['The parties agree to give each other written notice of any sale of substantially all of the assets of either party.'],
    ['Distributor shall promptly give Supplier written notice of any sale of all or substantially all of its assets.'],
    ['Licensee shall immediately notify Licensor if Licensee sells all or substantially all of its assets.'],
    ['Licensee shall notify Licensor if Licensee should sell all or substantially all of its assets.'],
    ['Licensee shall notify Licensor if Licensee should transfer all or substantially all of its assets.'],
    ['Licensee shall notify Licensor if Licensee should convey all or substantially all of its assets.'],
    ['Licensee shall notify Licensor should Parent cease to control Licensee.'],
    ['Each party shall promptly notify the other party of any acquisition of the other party by a third party.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });
});

describe('change of control: what the event triggers, in more words', () => {
  it.each([
    ['Upon a Change of Control of Licensee, Licensor may end this Agreement.'],
    ['A Change of Control of Agent entitles Principal to cancel the appointment of Agent under this agreement.'],
    ['A Change of Control of Distributor entitles Supplier to terminate distribution rights.'],
    ['A Change of Control of Licensee entitles Licensor to terminate the licence granted hereunder.'],
    ['A Change of Control of Distributor entitles Supplier to terminate the exclusive right granted in Section 2.'],
    ['Upon a Change of Control of Supplier, Buyer shall have the right to terminate.'],
    ['Upon a Change of Control of Supplier, Buyer is entitled to terminate.'],
    ['Upon a Change of Control of Licensee, Licensor may at its option cancel.'],
    ['Each purchase order is subject to cancellation upon a Change of Control of Buyer.'],
    ['Any Change of Control of Licensee shall be notified to Licensor within ten days.'],
    ['Any Change of Control of Franchisee shall be deemed a default under this Agreement.'],
    ['Any Change of Control of Franchisee shall be deemed to be a default under this Agreement.'],
    ['Any Change of Control of Franchisee shall constitute a material breach of this Agreement.'],
    ['Each purchase order is cancelable by Buyer following a Change of Control of Supplier.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });
});

describe('change of control: severance and named sums', () => {
  it.each([
    ['If employment is terminated upon a Change of Control, the Company shall pay the Employee a lump sum.'],
    ['Severance shall be payable on termination by the Company without Cause following a Change of Control.'],
    ['Severance shall be payable on termination by the Executive for Good Reason following a Change of Control.'],
    ['Severance shall be payable on termination by the Employee for Cause following a Change of Control.'],
    ['Severance shall be payable on termination without Cause following a Change of Control.'],
    ['The Change of Control Benefit shall be paid even if this Agreement is terminated.'],
    ['The Company shall pay the Change in Control Payment even if the Company terminates this Agreement.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: more consequences the sentence denies', () => {
  it.each([
    ['A change of control of Licensee shall not be deemed to terminate this Agreement.'],
    ["Licensee's licence shall not be void by reason of a change of control of Licensee."],
    ['A change of control of Licensee shall not constitute a material breach of this Agreement.'],
    ['A change of control of Licensee shall not constitute a default under this Agreement.'],
    ['A change of control of Licensee shall not constitute an event of default under this Agreement.'],
    ['A change of control of Distributor shall not be deemed to be a default under this Agreement.'],
    ['A change of control of Distributor shall not be deemed a material breach of this Agreement.'],
    ['Licensee may undergo a change of control without restriction, and no such notice shall be required.'],
    ['Licensee may undergo a change of control without restriction, and no prior written consent shall be required.'],
    ['Licensee may undergo a change of control with no consent of Licensor required.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: more names the contract gives the event', () => {
  it.each([
    [
      '"Company Sale Event", as used herein, means any merger of Licensee with another entity.',
      'Upon a Company Sale Event, Licensor may terminate this Agreement.',
    ],
    [
      '"Company Sale Event" shall mean any merger of Licensee with another entity.',
      'Upon a Company Sale Event, Licensor may terminate this Agreement.',
    ],
    [
      'Licensee may merge with another entity, or may sell all or substantially all of its assets (each, a "Company Sale Event").',
      'Upon a Company Sale Event, Licensor may terminate this Agreement.',
    ],
  ])('after %j, finds %j', (before, clause) => {
    expect(found(`${before}\n\n${clause}`)).toBe(clause);
  });
});

describe('change of control: more ways to refer back to the event', () => {
  it.each([
    [
      'Distributor may be acquired by a third party during the Term.',
      '12.3 In such event, Supplier may terminate this Agreement upon thirty (30) days written notice.',
    ],
    [
      'Distributor may be acquired by a third party during the Term.',
      'In any such event, Supplier may terminate this Agreement upon thirty (30) days written notice.',
    ],
    [
      'Distributor may be acquired by a third party during the Term.',
      'Following such acquisition, Supplier may terminate this Agreement upon thirty (30) days written notice.',
    ],
    [
      'Distributor may be acquired by a third party during the Term.',
      'In such event, Supplier reserves the option of terminating the Agreement.',
    ],
    [
      'Distributor may be acquired by a third party during the Term.',
      'In such event, Supplier reserves the option of cancelling the licence.',
    ],
    ['Distributor may be acquired by a third party during the Term.', 'In such event, Supplier shall have the right to terminate.'],
    ['Distributor may be acquired by a third party during the Term.', 'In such event, Supplier is entitled to terminate.'],
    ['Distributor may be acquired by a third party during the Term.', 'In such event, Supplier shall have the option to terminate.'],
    ['Distributor may be acquired by a third party during the Term.', 'In such event, Supplier may at its option cancel.'],
  ])('after %j, finds %j', (before, clause) => {
    expect(found(`${before}\n\n${clause}`)).toBe(clause);
  });
});

describe('change of control: a deal that needs approval', () => {
  it.each([
    ['Any merger of Distributor shall be subject to the prior approval of Supplier.'],
    ["Distributor shall not merge with any other entity without Supplier's approval."],
    ["Distributor shall not merge with any other entity without the other party's approval."],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });
});

describe('change of control: where the permission, the condition and the window lie', () => {
  it('reads a permission to assign more than 220 characters before the event as another term', () => {
    const text =
      "Either party may assign its rights to receive payment hereunder to any financing institution, and each party shall keep complete and accurate books and records of all transactions under this Agreement for at least five years after the end of the Term, and any merger of Distributor with a competitor of Supplier shall require Supplier's prior written consent.";
    expect(found(text)).toBe(text);
  });

  it.each([
    // The exemption from the bar holds only for some acquirers.
    [
      "The License Rights may not be assigned by Licensee without Licensor's consent, except in the event of a merger of Licensee, provided that the surviving entity is not a competitor of Licensor.",
    ],
    [
      'Upon any merger of Licensee, this Agreement shall pass, without any consent, to the acquirer, provided that the acquirer is not a competitor of Licensor.',
    ],
    // A permission after the event, but a right to terminate as well.
    [
      'Upon a change of control of Licensee, Licensee may assign this Agreement to its successor without consent, and Licensor may terminate this Agreement on notice.',
    ],
    // Confidential, or announced, but not both: not a disclosure clause.
    ["Any merger of Distributor shall require Supplier's prior written consent, which Supplier shall keep confidential."],
    [
      "Any merger of Distributor shall require Supplier's prior written consent and shall not be publicly announced before that consent is given.",
    ],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it('reads a heading with three capitalised words in five as a title', () => {
    expect(found('Supplier Termination Right upon Change of Control of the Distributor with written notice')).toBeNull();
  });

  it('reads a short item of a list through its lead-in', () => {
    expect(found('Licensor may terminate this Agreement upon:\n\n(c) a Change of Control of Licensee;')).toBe(
      '(c) a Change of Control of Licensee;',
    );
  });

  it.each([
    // No sentence before it tells an event.
    ['In such event, Supplier may terminate this Agreement upon thirty (30) days written notice.'],
    // The sentence before is a free pass, a change denied to be an assignment, or a solvent scheme.
    [
      "Upon a merger of Licensee, Licensee may assign this Agreement to its successor without Licensor's consent.\n\nIn such event, Licensor may terminate any purchase order not yet accepted.",
    ],
    [
      'A merger of Licensee shall not constitute an assignment of this Agreement.\n\nIn such event, the consent of Licensor shall not be needed.',
    ],
    [
      'Either party may be wound up for the purposes of a solvent amalgamation.\n\nIn such event, the other party may terminate this Agreement.',
    ],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: readings fixed', () => {
  it.each([
    // "should" is as much a modal as "shall" or "will".
    ['If control of Licensee should change, Licensor may terminate this Agreement.'],
    ['If ownership of Distributor should pass to a competitor of Supplier, Supplier may terminate this Agreement.'],
    // "50%" ends in a sign, not a word: the stake is still named.
    ['Any transfer of more than 50% of Distributor shall require the prior written consent of Supplier.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it('does not read the approval of a majority of the holders as their holding changing hands', () => {
    expect(
      found(
        'This Agreement may be terminated at any time, without penalty, upon the approval of a majority of the outstanding voting securities of the Fund.',
      ),
    ).toBeNull();
  });
});

describe('change of control: capitals, windows and what each check looks at', () => {
  it('reads a stake written with capitals', () => {
    const text = 'Any Transfer of 50% or more of the Voting Stock of Distributor shall be deemed an assignment of this Agreement.';
    expect(found(text)).toBe(text);
  });

  const freePass =
    'either party may assign this Agreement, together with all of its rights and obligations hereunder and all related purchase orders, statements of work and licences, to any successor to all or substantially all of its business to which this Agreement relates, or to any Affiliate, in each case upon written notice to the other party and in connection with a merger';
  it.each([
    // The part that holds the merger begins at the last break before it, not at a break after it.
    [
      `Neither party shall assign or otherwise transfer this Agreement or any of its rights or obligations hereunder, whether voluntarily, by operation of law or otherwise, without the prior written consent of the other party, which consent shall not be unreasonably withheld, except that ${freePass}; each party shall bear its own costs of any such assignment.`,
    ],
    // A break at the very start still opens the part.
    [`Notwithstanding the foregoing, ${freePass}.`],
    // A termination before the exempted event is not a right to terminate on it.
    [
      "Licensee may not assign this Agreement, which may be terminated only in writing, without Licensor's consent, except in the event of a merger of Licensee.",
    ],
    ['Either party may, without terminating this Agreement, assign it without consent upon a change of control.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });

  it.each([
    [
      'Either party may assign this Agreement without consent upon a change of control, and the other party may then terminate this Agreement.',
    ],
    // The exception comes before the bar, so it lifts nothing.
    ["Except as set out below, neither party may assign this Agreement, including by merger, without the other party's consent."],
    // "without consent" after "shall not": a consent required, not waived.
    ['Distributor shall not, without the prior written consent of Supplier, enter into any merger.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it('reads a short lower-case heading as a heading', () => {
    expect(found('Termination on change of control')).toBeNull();
  });

  it('names an event only from the words that describe the term', () => {
    const use = 'Upon the Closing Event, Licensor may terminate this Agreement.';
    expect(
      found(`Following any merger of Licensee, "Closing Event" means the date on which the parties sign the final documents.\n\n${use}`),
    ).toBeNull();
    expect(
      found(
        `The parties shall sign the final documents on a single date (the "Closing Event"), whether or not Licensee later undergoes a merger.\n\n${use}`,
      ),
    ).toBeNull();
    const asset = 'Upon an Asset Event, Licensor may terminate this Agreement.';
    expect(
      found(
        `"Sale Event" means any merger of Licensee.\n\n"Asset Event" means any sale of all or substantially all of the assets of Licensee.\n\n${asset}`,
      ),
    ).toBe(asset);
  });
});

describe('change of control: a name described by a change of control or a stake alone', () => {
  it.each([
    ['"Trigger Event" means any change of control of Licensee.'],
    ['"Trigger Event" means any transfer of 50% or more of the voting stock of Licensee.'],
  ])('reads %j as naming the event', (definition) => {
    const use = 'Upon a Trigger Event, Licensor may terminate this Agreement.';
    expect(found(`${definition}\n\n${use}`)).toBe(use);
  });
});

describe('change of control: the part of the sentence a permission governs', () => {
  it.each([
    // A semicolon ends the part that held the permission: the event after it stands on its own.
    [
      'Neither party may assign this Agreement without consent, except that either party may assign to an Affiliate; any merger or change of control of a party shall require the prior written consent of the other party.',
    ],
    // "provided that" opens a new part, however close the permission before it.
    [
      'Licensee may not assign this Agreement without consent; provided that a change of control of Licensee shall be deemed an assignment requiring consent.',
    ],
    [
      'No consent shall be required for an assignment to an Affiliate; provided that any merger requires notice to the other party within ten days of closing.',
    ],
    // "without consent" that completes a bar ("Neither party may assign ... without consent") waives nothing.
    ['Neither party may assign this Agreement without consent, and any change of control of a party shall be deemed an assignment.'],
    // A pass to a successor that a competitor condition turns into a right to terminate.
    [
      'Either party may assign to a successor to all or substantially all of its business; provided, however, that if such successor is a competitor of the other party, the other party may terminate this Agreement.',
    ],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it.each([
    // The permission still governs its part when a proviso comes later in the sentence.
    [
      'Neither party may assign this Agreement without consent; provided, however, that either party may assign this Agreement without such consent in connection with a merger, acquisition or sale of all or substantially all of its assets.',
    ],
    // A semicolon between list items does not end the permission that introduces the list.
    [
      'Notwithstanding the foregoing, Licensor may, without consent, assign this Agreement to: (i) a person that controls, is controlled by or is under common control with Licensor; or (ii) a purchaser of all or substantially all of its assets.',
    ],
    // A proviso that opens on the event lifts the bar for it.
    [
      'Neither party shall assign this Agreement without the prior written consent of the other party; provided, however, that in connection with a merger or sale of substantially all of its assets a party may provide for the assignee to be bound by the terms hereof.',
    ],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });

  it('still counts a proviso on the event that attaches its own notice', () => {
    const text =
      'Neither party shall assign this Agreement without consent; provided, however, that in connection with a merger of a party, that party shall give the other party prior written notice.';
    expect(found(text)).toBe(text);
  });
});

describe('change of control: further event wordings', () => {
  it.each([
    ['Licensor may terminate this Agreement if Licensee becomes a subsidiary of a competitor of Licensor.'],
    [
      'Franchisee shall not sell, assign, transfer or encumber any ownership interest in Franchisee without the prior written consent of Franchisor.',
    ],
    [
      'The following shall constitute a default entitling Franchisor to terminate this Agreement: any change, transfer or conveyance ("Transfer") in the ownership of Developer not approved in advance by Franchisor.',
    ],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it.each([
    // Information acquired or received by a party is not a party acquired.
    [
      'All information that is acquired or received by either party under this Agreement shall be kept confidential and shall not be divulged to any third party without the prior written approval of the other party.',
    ],
    // A stake in something other than a party, or a transfer that needs nothing, is not the clause.
    ['Licensee may sell any ownership interest in Licensee at any time.'],
    ['The Shares may not be transferred without the consent of the Company.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: a run-in title followed by a party name', () => {
  it.each([
    ['Assignment and Change of Control Licensee may not assign this Agreement without the prior written consent of Licensor.'],
    ['Termination upon Change of Control Licensee may terminate this Agreement upon thirty days notice for convenience.'],
  ])('does not count the title %j', (text) => {
    expect(found(text)).toBeNull();
  });

  it('still reads the event in the sentence after the title', () => {
    const text = 'Change of Control Licensor may terminate this Agreement upon a merger of Licensee.';
    expect(found(text)).toBe(text);
  });
});

describe('change of control: a sentence that opens on the event is not a title', () => {
  it.each([
    ['Upon Change of Control Licensor may terminate this Agreement.'],
    ['On any Change of Control Licensee shall notify Licensor within ten days.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });
});

/**
 * Invented drafting of the sentence families CUAD labels as Change of Control on train (train sentences inside the
 * spans of all that match in brackets): a right to terminate on the event (16 of 20), a duty to notify of it (6 of 7),
 * the event deemed an assignment or transfer (6 of 7, negated ones excluded), and an assignment bar that names a
 * merger or change of control as a way of assigning (4 of 7).
 */
describe('change of control: the labelled families in varied drafting', () => {
  it.each([
    // Termination, active and passive, named parties, a run-in title, a list item read with its lead-in.
    ['Should control of the Licensee pass to a third party, the Licensor may terminate the licence forthwith.'],
    ['The Licensee’s rights hereunder shall terminate automatically if the Licensee is taken over by another company.'],
    [
      'In the event that any third party acquires, directly or indirectly, control of Distributor, Distributor shall notify Company within five (5) days and Company may terminate this Agreement.',
    ],
    [
      'If there is a change in the persons who control the Distributor, the Company may terminate this Agreement forthwith by notice in writing.',
    ],
    ['Party A shall have the right to terminate this Agreement in case Party B is merged, acquired or otherwise reorganised.'],
    ['Acme may end this Agreement immediately if any person acquires more than fifty percent (50%) of the voting shares of Beta.'],
    [
      'This Agreement shall automatically terminate upon the consummation of any merger, consolidation or other business combination in which the Customer is not the surviving entity.',
    ],
    [
      'If Provider enters into an agreement to sell all or substantially all of its assets, Customer may terminate this Agreement without penalty.',
    ],
    // Notice.
    ['The Distributor must inform the Company promptly of any change in its ownership or control.'],
    [
      'Seller agrees to provide Buyer with at least thirty (30) days’ prior written notice of any transaction that would result in a change of control of Seller.',
    ],
    // Deemed assignment or transfer.
    ['A Change of Control of either Party shall be regarded as an assignment requiring the consent of the other Party under Section 20.1.'],
    ['For purposes of this Section, a transfer of a controlling interest in Franchisee shall be treated as an assignment.'],
    ['A Change in Control of Licensee shall be considered a transfer requiring Licensor’s approval.'],
    // An assignment bar that names the event, and consent to the event itself.
    [
      'This Agreement may not be assigned by Supplier, in whole or in part, by merger, acquisition, change of control or otherwise, without Buyer’s prior written approval.',
    ],
    ['The Consultant may not, without the prior written consent of the Client, be party to any merger or consolidation.'],
    ['Any direct or indirect change in the ownership of Tenant shall require Landlord’s prior written consent.'],
    // A deemed breach or default.
    ['The sale of more than 50% of the shares of the Company to a third party shall constitute a material breach of this Agreement.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it('reads "a Change of Control" in a list of Events of Default', () => {
    const text =
      'Each of the following shall be an Event of Default:\n(i) the failure of Borrower to pay any amount when due;\n(ii) a Change of Control of Borrower.';
    expect(found(text)).toContain('(ii) a Change of Control of Borrower.');
  });

  it('reads a numbered list item under a termination lead-in', () => {
    const text =
      'Licensor may terminate this Agreement by notice to Licensee if:\n(a) Licensee fails to pay any amount when due;\n(b) Licensee undergoes a Change of Control; or\n(c) Licensee becomes insolvent.';
    expect(found(text)).toContain('(b) Licensee undergoes a Change of Control; or');
  });
});

/**
 * Near misses. A free pass to assign to a successor with no condition screening the acquirer (0 of 41 train sentences
 * inside the spans), also with a duty to give notice of the assignment (0 of 3), and a bar that names only "operation
 * of law" (3 of 15) are not
 * the clause; nor are a denied consequence or the word "control" in another sense.
 */
describe('change of control: near misses of the labelled families', () => {
  it.each([
    [
      'Either party may, without the other party’s consent, assign this Agreement to an entity that acquires all or substantially all of its assets, upon written notice to the other party.',
    ],
    [
      'Either party may assign its rights hereunder to its successor in a merger, provided that it gives the other party written notice of the assignment.',
    ],
    ['Each party may freely assign this Agreement in connection with any merger, acquisition or change of control.'],
    ['Consent of the other party shall not be required for any assignment by operation of law resulting from a merger.'],
    [
      'This Agreement may be assigned by either party, without the consent of the other, to any successor to all or substantially all of its business, whether by merger, sale of stock or otherwise.',
    ],
    ['Neither party may assign this Agreement, by operation of law or otherwise, without the prior written consent of the other party.'],
    ['A change of control of Licensee will not, by itself, give Licensor any right to terminate this Agreement.'],
    ['The rights under this Agreement shall not be affected by any change in the ownership or control of either party.'],
    ['Nothing in this Agreement shall restrict either party from undergoing a merger, consolidation or change of control.'],
    ['Following a merger of Supplier, the surviving entity shall be bound by this Agreement.'],
    ['In the event of a change of control of the Company, all unvested options shall vest immediately.'],
    ['Each party shall notify the other of any change in its control procedures relating to the Data.'],
    ['Licensee shall notify Licensor of any acquisition of a competing business by Licensee.'],
    ['Company may terminate this Agreement if Consultant acquires any interest in a competing business.'],
    [
      '"Affiliate" means any entity that directly or indirectly controls, is controlled by or is under common control with a party, where control means ownership of more than fifty percent (50%) of the voting stock.',
    ],
    [
      'Neither party shall be liable for any delay caused by events beyond its reasonable control, and either party may terminate this Agreement if such delay continues for more than ninety days.',
    ],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

/**
 * Near misses where a deal word and a consent, notice or termination word merely share a sentence: insolvency, a
 * party's own acquisitions, a successor named as bound, a payment around the event, adjustments and deal documents.
 */
describe('change of control: a deal word beside an unrelated consequence', () => {
  it.each([
    [
      'Either party may terminate this Agreement if the other party ceases to carry on business or disposes of all or substantially all of its assets for the benefit of its creditors.',
    ],
    [
      'Either party may terminate this Agreement upon written notice if a receiver, trustee or liquidator is appointed for all or substantially all of the property of the other party, or if the other party files for reorganization under the Bankruptcy Code.',
    ],
    [
      'The Company shall not, without the approval of the Board, enter into any acquisition of assets outside the ordinary course of business exceeding $1,000,000.',
    ],
    [
      'This Agreement shall be binding upon and inure to the benefit of the parties and their successors, including any successor by merger or acquisition, and no assignment shall relieve a party of its obligations without the consent of the other party.',
    ],
    ['The Employee shall be entitled to a bonus upon a Change in Control, payable within thirty days after written notice to the Company.'],
    [
      'Upon any merger, consolidation or reclassification of the Company, the Holder shall thereafter be entitled to receive, upon exercise of this Warrant, the kind and amount of securities that the Holder would have received, and the Company shall give the Holder written notice of the adjustment.',
    ],
    [
      'Each party represents that no consent of any third party is required in connection with the execution of this Agreement or the consummation of the merger contemplated by the Merger Agreement.',
    ],
    [
      'Each party may disclose this Agreement to potential acquirers or investors under obligations of confidentiality in connection with a proposed merger, acquisition or financing.',
    ],
    ['Within thirty days after the Closing, the Purchaser shall notify the customers of the Seller of the acquisition of the Business.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });

  it.each([
    ['Licensor may terminate this Agreement upon the acquisition of all or substantially all of the assets of Licensee.'],
    ['Supplier may terminate this Agreement upon the acquisition of the outstanding shares of Distributor by a competitor of Supplier.'],
    ['Licensee shall give Licensor written notice of any merger of Licensee within ten (10) days.'],
  ])('still finds %j', (text) => {
    expect(found(text)).toBe(text);
  });
});

describe('change of control: other words for ending the contract', () => {
  it.each([
    ["Supplier may terminate this Agreement upon the acquisition of Distributor's outstanding stock by a competitor of Supplier."],
    ['In the event of a Change of Control of Licensee, Licensor may revoke the license granted hereunder upon notice.'],
    ['Either party may, by written notice, withdraw from this Agreement if the other party undergoes a change of control.'],
    ["If Agent is acquired by a third party, Principal may rescind this Agreement on thirty days' notice."],
    ['Upon a change of control of Reseller, Vendor may by notice in writing bring this Agreement to an end.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it('does not count revoking options, an employee benefit', () => {
    expect(
      found('In the event of a Change of Control, the Company may revoke any unexercised options upon notice to the Optionee.'),
    ).toBeNull();
  });
});

describe('change of control: list items, cross-references and free passes drafted other ways', () => {
  it.each([
    [
      'Company shall have the right, exercisable within sixty (60) days after receiving notice under Section 9.3, to terminate this Agreement if Contractor has undergone a Change of Control.',
    ],
    [
      'Party B shall notify Party A in writing no later than ten (10) business days before the completion of any transaction resulting in a Change of Control of Party B.',
    ],
    ['Without Party A’s prior written consent, Party B shall not undergo any merger, division, or change in its controlling shareholder.'],
    [
      'This Agreement may not be assigned, whether voluntarily, by operation of law, by merger, by sale of stock or assets, or otherwise, without the prior written consent of the other party.',
    ],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it('reads "(b) the other Party undergoes a Change of Control" inside a termination sentence', () => {
    const text =
      '15.2 Either Party may terminate this Agreement with immediate effect by giving written notice to the other Party if: (a) the other Party commits a material breach; or (b) the other Party undergoes a Change of Control.';
    expect(found(text)).not.toBeNull();
  });

  it.each([
    [
      'Either party may assign this Agreement in whole as part of a corporate reorganization, consolidation, merger, or sale of substantially all of its assets, and such assignment shall not require consent.',
    ],
    [
      'Licensor may assign or transfer this Agreement, in whole or in part, to any person acquiring all or substantially all of its business, and will give Licensee notice of such assignment.',
    ],
    ['In connection with a Change of Control, Licensee may assign this Agreement to the acquiring entity without Licensor’s consent.'],
    ['A merger or consolidation of either Party shall not require the consent of the other Party and shall not be deemed an assignment.'],
    [
      'Any entity into which the Servicer may be merged or consolidated shall be the successor to the Servicer hereunder without the execution of any further instrument, provided that the Servicer gives written notice to the Trustee.',
    ],
    [
      'The obligations of Guarantor hereunder shall not be released, discharged or affected by any merger, consolidation or change in the ownership of Borrower, and Guarantor waives notice thereof.',
    ],
    ['The Executive shall be entitled to terminate his employment for Good Reason within ninety days after a Change in Control.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

/** An assignment bar counts when it names the event as a way of assigning (4 of 7 on train), not "operation of law" alone (3 of 15). */
describe('change of control: an assignment bar naming the event', () => {
  it.each([
    [
      "This Agreement shall not be assignable by either party (including by way of a Change of Control) without the other party's prior written consent.",
    ],
    [
      'No assignment of this Agreement, including any assignment resulting from a merger or a sale of a controlling interest in Distributor, shall be valid without the prior written consent of Supplier.',
    ],
    ["Any transfer of this Agreement by merger, consolidation or change of control of Licensee without Licensor's consent shall be void."],
    [
      'Prior to entering into any transaction that would result in a Change of Control, Distributor shall obtain the written consent of Company.',
    ],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it.each([
    ["Neither party may assign this Agreement without the other party's consent, whether voluntarily or by operation of law."],
    [
      "Distributor shall not assign this Agreement or any rights hereunder, in whole or in part, by operation of law or otherwise, without Supplier's written approval.",
    ],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: notice the change requires, and a party acquired through its business', () => {
  it.each([
    ['Any Change of Control of Distributor shall require thirty (30) days prior written notice to Supplier.'],
    ['A Change of Control of either Party shall be subject to prior written notice to the other Party.'],
    ['Licensee may not undergo a Change of Control without sixty (60) days advance notice to Licensor.'],
    ['In the event of the acquisition of its business by a competitor of Supplier, Supplier may terminate this Agreement.'],
    ["The acquisition of the Company's business by any third party shall require the consent of the Licensor."],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it.each([
    ['The Employee shall be entitled to a bonus upon a Change in Control, payable within thirty days after written notice to the Company.'],
    ['Distributor shall give Supplier prior written notice of any acquisition of its inventory from a third party.'],
    ['The acquisition of its business licences shall be at the sole cost of Franchisee.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: a successor by merger restricted, not only named as bound', () => {
  it.each([
    [
      'Neither party may assign this Agreement, including to a successor by merger or acquisition, without the prior written consent of the other party.',
    ],
    ['Any assignment to a successor by merger or consolidation shall require the prior written consent of Licensor.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it('does not count successors by merger named among those a binding clause binds', () => {
    expect(
      found(
        'This Agreement shall be binding upon and inure to the benefit of the parties and their successors by merger and permitted assigns.',
      ),
    ).toBeNull();
  });
});

describe('change of control: unseen drafting of the four consequences', () => {
  it.each([
    // A buyer that takes the assets, told from the buyer's side.
    ['Should a third party acquire all or substantially all of the assets of Distributor, Supplier may terminate this Agreement.'],
    ['If any person acquires substantially all of the business of Licensee, Licensor shall be entitled to terminate this Agreement.'],
    // The controlling holder replaced.
    ['In case of a change of the majority shareholder of Licensee, Licensor may terminate this Agreement.'],
    ['Any change in the controlling stockholder of Reseller shall require the prior written consent of Vendor.'],
    // Counted as a transfer with "will" rather than "shall".
    ['Any merger or consolidation of Franchisee with another entity will be considered a transfer under this Agreement.'],
    ['A Change in Control Event of Licensee will be regarded as an assignment of this Agreement.'],
    // Notice of a deal the party is involved in.
    ['Customer shall notify Provider of any merger or acquisition involving Customer.'],
    // Passive, "in the event that ... then", defined terms.
    ['This Agreement may be terminated by Supplier upon written notice if Distributor is acquired by, or merged with, a third party.'],
    [
      'In the event that Customer is the subject of a Change of Control, then Provider may terminate this Agreement upon thirty (30) days written notice.',
    ],
    ['If a Change in Control Event occurs with respect to Licensee, Licensor may terminate this Agreement by written notice.'],
    ['A change in control of Supplier will be subject to the prior written approval of Purchaser.'],
    ["Agent shall not permit any change in its ownership or control without Principal's prior written approval."],
    ['Licensee shall notify Licensor prior to the consummation of any Change of Control transaction.'],
    ['An assignment shall be deemed to occur upon any merger of Licensee or any transfer of a majority of its equity.'],
    // "any of the following events" with the event as one item of the same sentence.
    [
      'Company may terminate this Agreement immediately upon written notice to Consultant upon the occurrence of any of the following events: (a) Consultant breaches this Agreement; (b) Consultant undergoes a Change of Control; or (c) Consultant becomes insolvent.',
    ],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it.each([
    // The event in one sentence, the consequence in the next ("In this case", "may then").
    ['Licensee may undergo a Change of Control during the Term.', 'In this case, Licensor may terminate this Agreement by written notice.'],
    ['Licensee undergoes a Change of Control.', 'Licensor may then terminate this Agreement on written notice.'],
    // Numbered items after a lead-in in its own sentence.
    [
      '12.2 Supplier may terminate this Agreement by written notice upon any of the following events:',
      '(a) Distributor fails to pay any amount when due;\n\n(b) a Change of Control of Distributor;\n\n(c) Distributor becomes insolvent.',
    ],
    // A defined term used in a later sentence.
    [
      '"Sale Event" means a merger of Licensee or a sale of substantially all of its assets.',
      'Upon a Sale Event, Licensor may terminate this Agreement.',
    ],
  ])('finds the clause across %j', (event, consequence) => {
    expect(found(`${event}\n\n${consequence}`)).not.toBeNull();
  });

  it.each([
    // The party buys a business; it is not bought.
    ['Supplier may terminate this Agreement if Distributor acquires a competing business.'],
    ["Licensee shall obtain Licensor's consent before acquiring any competitor of Licensor."],
    ['Licensee shall notify Licensor of any acquisition by Licensee of a business that competes with Licensor.'],
    // A buyer of substantially all named only as a permitted assignee.
    ['Licensor may assign this Agreement without consent to any person that acquires all or substantially all of its assets.'],
    // The event denied a consequence.
    ['A change of control of Licensee will not entitle Licensor to terminate this Agreement.'],
    ['This Agreement shall not terminate upon a Change of Control of either party.'],
    // A shareholder change that is a number in the accounts, and products that are sold.
    ['The statements shall show changes in the majority of accounts and any notice given to shareholders.'],
    ['Licensor may terminate this Agreement if the Products are sold to a third party outside the Territory.'],
    // "In this case" after a sentence with no change of control.
    ['Licensee may fail to pay the Fees.\n\nIn this case, Licensor may terminate this Agreement by written notice.'],
    // A stock merger adjusting a warrant.
    [
      'In the event of a merger in which the Company is not the surviving entity, the Warrant shall be exercisable for the securities of the successor.',
    ],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: "advise" as notice, and a controlling part of the shares', () => {
  it.each([
    ['Franchisee shall advise Franchisor in writing of any proposed change in the ownership of Franchisee.'],
    ['Reseller agrees to promptly advise Vendor of any merger of Reseller.'],
    [
      'In the event of a sale of all or a controlling part of the shares of Licensee, Licensor shall be entitled to terminate this Agreement.',
    ],
    ['The transfer of a controlling block of the stock of Distributor shall require the prior written consent of Supplier.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it.each([
    // Advice about a change that is not the party's ownership.
    ['Each Party agrees to promptly advise the other of any changes to its handling procedures.'],
    ['Supplier shall advise Distributor of any change in the delivery schedule.'],
    // A controlling part of something other than the party's stock.
    ['The controlling part of the software shall be delivered within thirty days and Customer shall be notified.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: a permission to undergo the event, and a quoted event of default', () => {
  it.each([
    ['The Company may effect a merger without the consent of the Investor.'],
    ['Either party may undergo a change of control without the prior written approval of the other party.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });

  it.each([
    // The same words barred by the subject or the modal.
    ['Neither party may undergo a change of control without the prior written approval of the other party.'],
    ['Distributor may not merge with any other entity without the consent of Supplier.'],
    ['Licensee shall not merge with any other entity without the consent of Licensor.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it('reads a Change of Control item under a quoted "Event of Default" lead-in', () => {
    const text =
      'Each of the following constitutes an "Event of Default":\n\n(a) Borrower fails to pay;\n\n(b) a Change of Control occurs.';
    expect(found(text)).toBe('(b) a Change of Control occurs.');
  });
});

describe('change of control: an award vesting on the event, and a deal the party makes', () => {
  it.each([
    ['Upon a Change of Control, all options shall vest and the Company shall notify the holders.'],
    ['Upon a Change of Control, the Company shall give the Participant written notice of the acceleration of vesting.'],
    ['Upon any merger of the Company, the Warrant shall become exercisable in full and the Company shall notify the Holder.'],
    // The party buys; it is not bought.
    ['Licensor shall promptly notify Licensee of any merger or acquisition by Licensor of a competitor of Licensee.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });

  it.each([
    // A vesting word beside a real ending or consent still counts.
    ['Upon a Change of Control of Licensee, unvested milestones shall lapse and Licensor may terminate this Agreement.'],
    ['Any Change of Control of Licensee shall require the consent of Licensor, and no further rights shall vest in Licensee.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });
});

describe('change of control: a buyer becoming owner of the stake, and what stays out', () => {
  it.each([
    [
      'Licensor may terminate this Agreement if any third party becomes the beneficial owner of more than 50% of the voting securities of Licensee.',
    ],
    [
      'Licensor may terminate this Agreement if any person becomes the beneficial owner of fifty percent (50%) or more of the voting stock of Licensee.',
    ],
    ['Licensor may terminate this Agreement if any person becomes the owner of a majority of the shares of Licensee.'],
    ["Licensee shall not, directly or indirectly, permit a Change of Control to occur without Licensor's prior written consent."],
    ['Customer may terminate this Agreement on notice if Supplier experiences a change of control.'],
  ])('finds %j', (text) => {
    expect(found(text)).toBe(text);
  });

  it.each([
    // A small holding is not control.
    ['Licensee shall notify Licensor if any person becomes the beneficial owner of more than 5% of the Shares.'],
    // "A significant portion of its assets" sits among insolvency events on train (0 of 2 on the spans): left out.
    ['Supplier may terminate this Agreement if Distributor sells a significant portion of its assets or undertaking.'],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: the event in a lead-in, the ending or consent in an item under it', () => {
  it.each([
    [
      'In the event of a Change of Control of Licensee:',
      '(a) Licensee shall notify Licensor within ten days; and\n\n(b) Licensor may terminate this Agreement by written notice.',
      '(b) Licensor may terminate this Agreement by written notice.',
    ],
    [
      'If Distributor undergoes a Change of Control, then:',
      '(i) Supplier may terminate this Agreement; or\n\n(ii) Supplier may require Distributor to cease selling the Products.',
      '(i) Supplier may terminate this Agreement; or',
    ],
    [
      'Upon the occurrence of a merger or a sale of all or substantially all of the assets of Reseller, the following shall apply:',
      '(a) Vendor may terminate this Agreement on thirty days notice.',
      '(a) Vendor may terminate this Agreement on thirty days notice.',
    ],
  ])('finds the item under %j', (lead, items, item) => {
    expect(found(`${lead}\n\n${items}`)).toBe(item);
  });

  it.each([
    // An award vesting and a bonus: nothing ends and no consent is asked.
    ['In the event of a Change in Control:\n\n(a) all unvested options shall vest; and\n\n(b) the Company shall pay the bonus.'],
    // An employee's own termination under the event.
    ['In the event of a Change in Control:\n\n(a) the Executive may terminate his employment for Good Reason.'],
    // An ending under a lead-in with no change of control.
    ['If Licensee fails to pay, then:\n\n(a) Licensor may terminate this Agreement.'],
    // An approval that values securities after a sale.
    [
      'Upon a sale of all or substantially all of the assets of the Company, the fee shall be paid as follows:\n\n(i) the value shall be approved by the Licensor, such approval not to be unreasonably withheld.',
    ],
    // A free pass in the lead-in.
    [
      'Either party may assign this Agreement without consent in connection with a merger, provided that:\n\n(a) the assignee agrees in writing to be bound by this Agreement and not to terminate it.',
    ],
  ])('does not count %j', (text) => {
    expect(found(text)).toBeNull();
  });
});

describe('change of control: the classifier, where the rules count nothing', () => {
  const shipped = loadClassifier('change-of-control');
  const rulesAlone = (text: string) => extractChangeOfControl(buildTextView(text, splitClauses(text)));

  it.each([
    ['This licence will automatically expire upon a change of control of the Licensee.'],
    ['A change of control of Supplier will entitle Customer to renegotiate the prices.'],
    ["In case of a change of control of the Distributor, the Supplier's obligations hereunder shall be suspended."],
    ["Change of control of either party shall be subject to the other party's right of first refusal."],
  ])('finds a consequence the rules have no pattern for: %j', (text) => {
    expect(rulesAlone(text)).toBeNull();
    expect(extractFields(text).changeOfControl?.source).toBe('classifier');
    expect(found(text)).toBe(text);
  });

  it('leaves a sentence the rules count to the rules', () => {
    const text = 'Licensor may terminate this Agreement upon a change of control of Licensee.';
    expect(clauseProbability(shipped, text)).toBeGreaterThanOrEqual(shipped.threshold);
    expect(extractFields(text).changeOfControl).toMatchObject({ present: true });
    expect(extractFields(text).changeOfControl?.source).toBeUndefined();
  });

  it.each([
    // Families train says are not the clause, which the classifier alone would count.
    ['If the Company undergoes a change of control while insolvent, the liquidator shall hold the shares.'],
    ['Upon a change of control, the Employee shall be entitled to the severance described in Section 5.'],
    ["In the event of a change of control, the Executive's bonus shall be paid in full."],
    ['Upon a change of control, unexercised options shall remain outstanding.'],
    ['Upon a change of control, all unvested stock options of the Optionee shall vest.'],
    ['Nothing in this Agreement shall restrict the Company from effecting a change of control.'],
    ['This Agreement shall not prevent Licensee from entering into any merger or change of control.'],
    ['Upon a change of control of Supplier, the surviving entity shall assume this Agreement.'],
    ['After a change of control, the successor corporation shall be bound by this Agreement.'],
    // A denial, an employee's termination, a named sum, insolvency or a solvent reshuffle, also where the sentence opens on it.
    ['No consent of Licensor shall be required for a change of control of Licensee.'],
    ['Shall not be affected by a change of control of Licensee: the rights of Licensor under Section 4.'],
    ['Termination of employment following a change of control entitles the holder to six months of pay.'],
    ['Change in Control Payment: an amount equal to twice the base fee, payable on a change of control.'],
    ['Upon a change of control of Licensee, any assignment by Licensee for the benefit of its creditors shall be reported to Licensor.'],
    ['For the purposes of a solvent amalgamation or reconstruction, a change of control of Licensee shall be disregarded.'],
    ['Any change of control of Licensee for the purposes of a solvent reorganisation shall be disregarded.'],
    // What the rules already rule out: a free pass, a denied consequence, a definition.
    ['Either party may assign this Agreement without consent in connection with a change of control.'],
    ['A change of control of Licensee shall not entitle Licensor to terminate this Agreement.'],
    ['"Change of Control" means the acquisition by any person of more than fifty percent of the voting stock of a party.'],
  ])('does not count, though the classifier alone would: %j', (text) => {
    expect(clauseProbability(shipped, text)).toBeGreaterThanOrEqual(shipped.threshold);
    expect(found(text)).toBeNull();
  });

  it('reads a sentence without the run-in title the rules remove', () => {
    const text = 'CHANGE OF CONTROL AND TERMINATION Either party may terminate this Agreement for convenience upon thirty days notice.';
    expect(clauseProbability(shipped, text)).toBeGreaterThanOrEqual(shipped.threshold);
    expect(found(text)).toBeNull();
  });

  it('reads a long run of candidate sentences, none of them the clause, and a long list naming the event', () => {
    const sentence = 'Upon a merger of the control shares of stock, the parties shall meet and acquire equity voting ownership. ';
    expect(extractFields(sentence.repeat(2000)).changeOfControl).toBeNull();
    const list = `Licensee shall report these events:\n${'(a) a change of control of Licensee;\n'.repeat(5000)}`;
    expect(extractFields(list).changeOfControl?.source).toBe('classifier');
  });

  it('reads a list item after its lead-in', () => {
    const item = '(c) A change in control of Operator.';
    // Alone the item reads as the clause; after a lead-in that lists defined terms it does not.
    expect(clauseProbability(shipped, item)).toBeGreaterThanOrEqual(shipped.threshold);
    expect(found(`Schedule 4 lists the defined terms:\n(a) A default by Operator.\n${item}`)).toBeNull();
  });
});
