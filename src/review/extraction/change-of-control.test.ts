import { describe, expect, it } from 'vitest';
import { extractFields } from './extract-fields.js';

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
