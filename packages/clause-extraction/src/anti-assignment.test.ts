import { describe, expect, it } from 'vitest';
import { extractAntiAssignment } from './anti-assignment.js';
import { extractRuleFields } from './extract-fields.js';

/** These tests pin the rules themselves; the learned models that judge them are tested in judgement/. */
const extractFields = (text: string) => extractRuleFields(text).contract;
import { buildTextView } from './text-view.js';

const restricted = (text: string) => extractFields(text).antiAssignment !== null;

describe('anti-assignment: consent or notice needed to pass the contract on, however worded', () => {
  it.each([
    [
      'Shipper shall have the right to assign all of its rights and obligations under this Agreement with the prior written consent of Transporter.',
    ],
    ['No assignment of this Agreement shall be effective unless and until Transporter has been provided written notice thereof.'],
    [
      'Neither Adams nor Consultant shall have the right to grant sublicenses hereunder or to assign any of its rights or obligations hereunder.',
    ],
    [
      "Company will not sublicense or otherwise grant to any third party the rights granted to Company hereunder without NFLA's prior written consent.",
    ],
    [
      'Either Party shall be entitled to assign its rights under this Agreement to its Affiliates on prior written notice to the other Party.',
    ],
    ['Either party may assign this Agreement to an Affiliate upon notice to the other party.'],
    ["Supplier shall not subcontract any of its obligations under this Agreement without Buyer's prior written consent."],
  ])('counts %j', (text) => {
    expect(restricted(text)).toBe(true);
  });

  it.each([
    ['Licensee may sublicense its rights to its Affiliates without consent.'],
    ['No transfer of title to the Products shall occur until payment in full.'],
    // A non-transferable licence grant is how the licence is described; CUAD leaves it out.
    ['The rights granted to Licensee hereunder are non-transferable.'],
  ])('does not count %j', (text) => {
    expect(restricted(text)).toBe(false);
  });
});

describe('anti-assignment: each way of writing the limit', () => {
  it.each([
    ['Distributor shall not, directly or indirectly, assign this Agreement.'],
    ['This Agreement may not be transferred by the Licensee to any person.'],
    ['Neither party hereto may assign its rights under this Agreement.'],
    ['This Agreement is not assignable by either party.'],
    ['The licence is personal and non-assignable under this Agreement.'],
    [
      'The Reseller may assign this Agreement only to a buyer of its business, and never without the express prior written approval of Company.',
    ],
    ["Without the Bank's prior written consent, the Customer may not assign or pledge this Agreement."],
    ['Any attempted assignment in violation of this Section is of no effect.'],
    ['Any assignment made in breach of this clause shall be void.'],
    ['The Agent is not entitled to assign its rights hereunder.'],
    ['The prior written consent of Owner is required to any assignment of this Lease.'],
    ['The rights under this Agreement are personal to the Consultant and do not pass to an assignee.'],
    ['This Agreement binds the parties and their permitted assigns, but the Licensee may not delegate its duties except as allowed here.'],
    ['Licensee shall not sublicense the Software to any person without the approval of Licensor.'],
    ['No assignment of this Agreement shall be effective unless the other party has agreed in writing.'],
    ['Contractor shall not have the right to assign or transfer the Contract.'],
    ['Neither the Licensee nor its Affiliates may assign this Agreement.'],
    ['Each party may assign this Agreement with the prior written consent of the other party.'],
    ['未经甲方书面同意，乙方不得转让本合同项下的权利。'],
    ['乙方不得将本协议项下的义务转让给第三方。'],
  ])('counts %j', (text) => {
    expect(restricted(text)).toBe(true);
  });

  it.each([
    ['Employee hereby assigns to the Company all right, title and interest in the Inventions without further consideration or consent.'],
    ['Licensee shall not transfer any patents of its own without the written consent of its board, which is a matter of its bylaws.'],
    ['Either party may assign this Agreement to any successor in interest.'],
    ['Title to the goods transfers on delivery to the carrier.'],
    ['甲方可以转让本合同。'],
  ])('does not count %j', (text) => {
    expect(restricted(text)).toBe(false);
  });
});

describe('anti-assignment: each alternative of the rule on its own', () => {
  it.each([
    ['This Agreement shall not be assignable by either party.'],
    ['This Agreement is nonassignable.'],
    ['Any assignment of this Agreement without the prior written consent of Owner is prohibited.'],
    ['Any assignment of this Agreement without first obtaining the written consent of Licensor is prohibited.'],
    ['Any assignment of this Agreement without consent of Owner is prohibited.'],
    ['Without consent of Owner, no assignment of this Agreement is effective.'],
    ['Without the express prior written consent of Owner, no assignment of this Agreement is effective.'],
    ['Any assignment in breach of this Section is null and void.'],
    ['Any assignment in breach of this Section is void.'],
    ['Licensor shall not unreasonably withhold its consent to any such assignment.'],
    ["Owner's consent is required to such assignment."],
    [
      'This Agreement shall be binding upon the parties and their respective successors and permitted assigns, except as otherwise provided herein.',
    ],
    ['Licensee may make an assignment to an Affiliate upon written notice to Licensor.'],
    ['Licensee may make an assignment to an Affiliate by written notice to Licensor.'],
    ['Licensee may make an assignment to an Affiliate by giving written notice to Licensor.'],
    ['Licensee may make an assignment to an Affiliate upon advance notice to Licensor.'],
    ['Licensee may make an assignment of this Agreement with the consent of Licensor.'],
    ['Licensee may make an assignment of this Agreement with prior written consent of Licensor.'],
    ['Licensee may make an assignment of this Agreement with the express consent of Licensor.'],
    ['No transfer or assignment of this Agreement shall be effective unless approved in writing by Owner.'],
    ['No assignment shall be valid unless approved by Owner.'],
    ['Contractor shall not have the right to grant sublicenses, pledge its rights or otherwise assign this Contract.'],
  ])('counts %j', (text) => {
    expect(restricted(text)).toBe(true);
  });

  it.each([
    ['The Seller shall not make any assignment of its receivables without the written consent of the Buyer.'],
    ['Consultant shall not assign to Affiliates any patents without the written consent of the Company.'],
    ['Licensee shall not transfer its patents without the written consent of its board.'],
    ['Licensee shall not transfer all patents it owns without the written consent of its board.'],
    ['Employee shall not assign all right title and interest in the Inventions without the written consent of the Company.'],
    ['Employee shall not assign all right, title and interest in the Inventions without the written consent of the Company.'],
    ['Licensee shall not transfer any intellectual property without the written consent of its board.'],
    ['Licensee shall not transfer any invention without the written consent of its board.'],
    ['Licensee shall not transfer any patent without the written consent of its board.'],
    ['Licensee shall not transfer any copyright without the written consent of its board.'],
    ['Licensee shall not transfer any trademark without the written consent of its board.'],
    ['Licensee shall not transfer any work product without the written consent of its board.'],
  ])('does not count passing on intellectual property, receivables or inventions: %j', (text) => {
    expect(restricted(text)).toBe(false);
  });
});

describe('anti-assignment: Chinese drafting read by the English rule itself', () => {
  const englishRule = (text: string) => extractAntiAssignment(buildTextView(text, [])) !== null;

  it.each([
    ['未经甲方事先书面同意，乙方不得将其持有的本协议项下全部或部分权利义务转让给任何第三方。'],
    ['乙方不得擅自转让本合同项下的权利。'],
    ['乙方不得擅自转让其在本合同项下的权利。'],
  ])('counts %j', (text) => {
    expect(englishRule(text)).toBe(true);
  });
});

describe('anti-assignment: "cannot", a consent named by its owner, "neither ... nor ... may be assigned"', () => {
  it.each([
    ['This Agreement cannot be assigned by either party.'],
    ['Licensee cannot assign this Agreement.'],
    ["Any assignment of this Agreement without Licensor's prior written consent is prohibited."],
    ["Any assignment of this Agreement without the other party's prior written consent is prohibited."],
    ["Any assignment of this Agreement without the Parties' written consent is prohibited."],
    ["Without Licensor's prior written consent, no assignment of this Agreement is effective."],
    ["Without the other party's consent, no assignment of this Agreement is effective."],
    ["Licensee may assign this Agreement with Licensor's prior written consent."],
    ["Licensee may assign this Agreement with the other party's consent."],
    ['Neither this Agreement nor any rights hereunder may be assigned by either party.'],
    ['Neither this Agreement nor any rights hereunder may be transferred by either party.'],
    ['Neither Licensee nor its Affiliates may transfer this Agreement.'],
    ["Without the Members' prior written consent, no assignment of this Agreement is effective."],
    ["The Manager may assign this Agreement with the Members' prior written consent."],
  ])('counts %j', (text) => {
    expect(restricted(text)).toBe(true);
  });
});

describe('anti-assignment: section numbers, void and voidable, consent required', () => {
  it.each([
    // A section number's point does not end the sentence.
    ['Any assignment of this Agreement in violation of this Section 12.3 shall be null and void.'],
    ['Any assignment not in accordance with this Section 11.1 shall be void.'],
    ['Any attempt by either party to assign any right under this Agreement without such permission will be voidable.'],
    ['Any transfer of this Agreement contrary to this Article shall be of no effect.'],
    ['Licensee shall not make any assignment of this Agreement or of any rights hereunder without the written consent of Licensor.'],
    ['Any other assignment by the parties requires the prior written consent of the other party.'],
    ['Any assignment of this Agreement shall be subject to the prior written approval of Company.'],
    ['Supplier may assign its rights hereunder, but shall give written notice of such assignment to Buyer.'],
    ['Each party shall promptly notify the other party of any assignment of this Agreement.'],
    // A consent named by a party of three words.
    ["Reseller may not assign or otherwise transfer this Agreement without Big Box Retail Corp's prior written consent."],
    // A list item under "shall:" that says "not assign".
    [
      'Distributor shall: (a) pay the fees when due; (b) not assign this Agreement except with the written authorization of Company; and (c) keep records.',
    ],
    ['(c) not assign this Agreement except as authorised by Licensor in writing;'],
    // A task subcontracted is not a thing handed over.
    ["Supplier shall not subcontract the manufacture of Products without Buyer's prior written consent."],
    // The contract and a thing in one sentence: the contract counts.
    ['Licensee shall not assign this Agreement or transfer any Materials without the consent of Licensor.'],
  ])('counts %j', (text) => {
    expect(restricted(text)).toBe(true);
  });

  it.each([
    // Things handed over, not the contract.
    ['Recipient will not transfer any Materials to any third party without the prior written consent of Provider.'],
    [
      "Neither party shall use, copy, sell, transfer or disclose the other party's Confidential Information without the prior written consent of the other party.",
    ],
    ['Contractor shall not assign any other person to perform the Services without the consent of Company.'],
    ["Licensee shall not sell, lease, transfer or otherwise dispose of the Equipment without Lessor's consent."],
    ['Distributor will not offer, pay or transfer anything of value to induce any customer to purchase the Products.'],
    // Neither a bar nor a notice: a cost of a permitted assignment; a section number alone.
    ['Each party shall bear its own costs of any assignment permitted under this Agreement.'],
    ['Section 12.3 sets out how the parties may assign receivables.'],
  ])('does not count %j', (text) => {
    expect(restricted(text)).toBe(false);
  });
});

describe('anti-assignment: what passes, before a passive verb', () => {
  it('reads the thing named before "may not be transferred"', () => {
    expect(restricted('The Samples may not be transferred to any third party without the consent of Provider.')).toBe(false);
    expect(restricted('This Agreement may not be transferred by the Licensee to any person.')).toBe(true);
  });
});

describe('anti-assignment: insolvency wording', () => {
  it('does not read an assignment for the benefit of creditors as the contract passed on', () => {
    expect(
      restricted(
        'If a party makes an assignment for the benefit of creditors, the other party may terminate this Agreement immediately upon written notice.',
      ),
    ).toBe(false);
  });
  it('still reads the bar beside it', () => {
    expect(
      restricted(
        'Neither party may assign this Agreement without consent, and a general assignment for the benefit of creditors is a default.',
      ),
    ).toBe(true);
  });
});

describe('anti-assignment: notice of the assignment', () => {
  it.each([
    [
      'Either Party may assign, delegate and/or subcontract its rights and obligations under this Agreement, in whole or in part, to any of its Affiliates on prior written notice to the other Party.',
    ],
  ])('counts %j', (text) => {
    expect(restricted(text)).toBe(true);
  });
});

describe('anti-assignment: invented drafting of each family', () => {
  it.each([
    ['Neither party may assign this Agreement without the prior written consent of the other party.'],
    [
      'This Agreement may not be assigned by either Party without the express written consent of the other Party, which consent shall not be unreasonably withheld.',
    ],
    ['Any attempted assignment in violation of this Section 12.3 shall be void.'],
    ['Party A shall not assign or transfer this Contract to any third party unless Party B has consented thereto in writing.'],
    ['This Agreement is personal to the Consultant and may not be assigned.'],
    ["Client may not, without Provider's written consent, assign this Agreement."],
    [
      'Except for assignments to its Affiliates, neither party shall assign any of its rights hereunder without consent of the other party, such consent not to be unreasonably withheld, conditioned or delayed.',
    ],
    [
      'The Distributor may assign this Agreement to an Affiliate, provided that it gives the Company prompt written notice of such assignment.',
    ],
    [
      'Either party may assign this Agreement to a purchaser of all or substantially all of its assets without consent, but shall notify the other party within thirty days after such assignment.',
    ],
    [
      'Neither Party may assign this Agreement without the consent of the other Party, except that either Party may assign it without such consent to an Affiliate.',
    ],
    ['The prior written consent of the Licensor shall be required for any assignment of this Agreement by the Licensee.'],
    ['Any assignment or delegation of this Agreement by Reseller shall require the written approval of Company.'],
    [
      'Neither this Agreement nor any interest herein may be sold, assigned, pledged or otherwise transferred by Operator without the consent of Owner.',
    ],
    ['14. ASSIGNMENT. This Agreement shall not be assignable by Licensee except with the prior written consent of Licensor.'],
  ])('counts %j', (text) => {
    expect(restricted(text)).toBe(true);
  });

  it.each([
    ['Either party may freely assign this Agreement without the consent of the other party.'],
    ["Tripath is free to assign this contract without Distributor's consent."],
    ['The Company shall be entitled to assign this Agreement to any Affiliate without the prior written consent of the Consultant.'],
    ['Seller may assign its accounts receivable under this Agreement to a financing institution.'],
    ['This Agreement shall be binding upon and inure to the benefit of the parties and their respective successors and assigns.'],
    ['Licensee may grant sublicenses to its Affiliates.'],
    ['The Company may assign this Agreement at any time.'],
    ['No consent shall be required for an assignment of this Agreement to an Affiliate of either party.'],
    ['The Consultant hereby assigns and transfers to the Company all of its right, title and interest in and to the Deliverables.'],
    ['Company will assign a project manager to oversee the Services.'],
  ])('does not count %j', (text) => {
    expect(restricted(text)).toBe(false);
  });
});
