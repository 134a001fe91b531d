import { describe, expect, it } from 'vitest';
import { extractRuleFields } from './extract-fields.js';

/** These tests pin the rules themselves; the learned models that judge them are tested in judgement/. */
const extractFields = (text: string) => extractRuleFields(text).contract;

/** Whether the contract assigns IP ownership (CUAD "IP Ownership Assignment"). */
const assigns = (text: string) => extractFields(text).ipOwnershipAssignment !== null;

describe('IP assignment: what counts as intellectual property', () => {
  it.each([
    'intellectual property',
    'invention',
    'inventions',
    'improvement',
    'discoveries',
    'development',
    'work product',
    'deliverable',
    'copyright',
    'patent',
    'trademark',
    'work',
    'material',
    'content',
    'design',
    'software',
    'know-how',
    'technology',
    'data',
    'results',
    'modifications',
    'derivative works',
    'enhancement',
    'domain',
    'proprietary rights',
    'IP',
  ])('"%s" hereby assigned counts', (thing) => {
    expect(assigns(`Any ${thing} is hereby assigned to Company.`)).toBe(true);
  });

  it('furniture hereby assigned does not', () => {
    expect(assigns('Any furniture is hereby assigned to Company.')).toBe(false);
  });
});

describe('IP assignment: passive assignments', () => {
  it.each([
    'Any software is hereby assigned to Company.',
    'All software is hereby irrevocably assigned to Company.',
    'All software is hereby granted and assigned to Company.',
    'All software is hereby transferred and assigned to Company.',
    'All software is hereby conveyed and assigned to Company.',
    'All rights, title and interest in the software will automatically transfer to Company.',
    'All right, title and interest in the software shall immediately pass to Company.',
    'All right, title and interest in the software shall transfer to Company.',
    'Consultant shall cause the software to be assigned to Company.',
    'Consultant shall cause the software to be transferred and conveyed to Company.',
    'Consultant shall cause the software to be assigned in full to Company.',
  ])('%j counts', (text) => {
    expect(assigns(text)).toBe(true);
  });

  it.each([
    'All right, title and interest in the software shall remain with Consultant.',
    'The software was hereby assigned a version number.',
  ])('%j does not', (text) => {
    expect(assigns(text)).toBe(false);
  });
});

describe('IP assignment: works made for hire', () => {
  it.each([
    'The software is a work made for hire.',
    'The software and documents are works made for hire.',
    'The software is a work-for-hire.',
    'The software is a work for hire.',
    'The software is a works-made-for-hire deliverable.',
    'The software is not subject to any lien whatsoever and is a work made for hire.',
    'No fee is owed; the software is a work made for hire.',
  ])('%j counts', (text) => {
    expect(assigns(text)).toBe(true);
  });

  it.each([
    'The software is not a work made for hire.',
    'The software shall in no event be a work for hire.',
    'Neither the software nor the manual is a work for hire.',
  ])('%j does not (negated within 30 characters)', (text) => {
    expect(assigns(text)).toBe(false);
  });
});

describe('IP assignment: assignment verbs', () => {
  it.each([
    'Consultant hereby assigns',
    'Consultant hereby irrevocably assigns',
    'Consultant hereby unconditionally and absolutely assigns',
    'Consultant hereby expressly transfers',
    'Consultant hereby grants, sells and conveys',
    'Consultant hereby sets over and assigns',
    'Consultant hereby transfers',
    'Consultant agrees to assign',
    'Consultant undertakes to transfer',
    'Consultant shall assign',
    'Consultant will convey',
    'Consultant must assign',
    'Consultant agrees to and hereby does assign',
    'Consultant shall promptly assign',
    'Consultant shall irrevocably and hereby assign',
    'Consultant agrees to disclose and assign',
    'Consultant shall grant and assign',
    'Consultant shall sell and transfer',
    'Consultant does hereby assign',
    'Consultant does hereby, assign',
    'Consultant assigns, transfers',
  ])('"%s to Company all right, title and interest in the software" counts', (verb) => {
    expect(assigns(`${verb} to Company all right, title and interest in the software.`)).toBe(true);
  });

  it.each([
    'Consultant assigns to Company all copyrights.',
    'Consultant transfers and conveys fully to the Big Blue Co all copyrights.',
    'Consultant assigns absolutely to Company all copyrights.',
    'Consultant assigns irrevocably to Company all copyrights.',
    'Consultant transfers and assigns to Company all copyrights.',
  ])('%j counts', (text) => {
    expect(assigns(text)).toBe(true);
  });

  it.each([
    'all rights, title and interest in the software',
    'all of its right in the software',
    'their interest in the software',
    'his ownership of the software',
    'her right in the software',
    'all rights in the software',
    'all rights to the software',
    'any interest in the software',
    'ownership of the software',
    'all intellectual property',
    'all inventions',
    'all improvements',
    'all work product',
    'all copyrights',
    'all patents',
    'all deliverables',
  ])('"Consultant hereby assigns to Company %s" counts', (object) => {
    expect(assigns(`Consultant hereby assigns to Company ${object}.`)).toBe(true);
  });

  it('"Consultant hereby assigns to Company the software and any interest therein" counts', () => {
    expect(assigns('Consultant hereby assigns to Company the software and any interest therein.')).toBe(true);
  });

  it.each([
    'Consultant hereby assigns to Company the lease of the software premises.',
    'Consultant shall assign this agreement and all rights in the software to Company.',
    'Consultant shall assign the agreement and its interest in the software to Company.',
  ])('%j does not', (text) => {
    expect(assigns(text)).toBe(false);
  });
});

describe('IP assignment: creations that vest in the other party', () => {
  it.each([
    'All work product developed by Consultant shall vest in Company.',
    'All work product developed by Consultant will belong to Company.',
    'All work product developed by Consultant shall vest solely in Company.',
    'All work product developed by Consultant shall belong exclusively to Company.',
    'All work product developed by Consultant shall be the property of Company.',
    'All work product developed by Consultant shall become the property of Company.',
    'All work product developed by Consultant shall become and remain the property of Company.',
    'All work product developed by Consultant shall be the sole and exclusive property of Company.',
    'All work product developed by Consultant shall be the exclusive property of Company.',
    'All work product developed by Consultant shall be the absolute property of Company.',
    'Company shall own all work product developed by Consultant.',
    'Company shall solely own any work product developed by Consultant.',
    'Company will exclusively own the entire work product developed by Consultant.',
    'All work product developed by Consultant shall be owned by Company.',
    'All work product developed by Consultant shall solely be owned exclusively by Company.',
    'Company shall be the sole owner of all work product developed by Consultant.',
    'Company shall be, the exclusive owner of all work product developed by Consultant.',
    'Company shall be the sole and exclusive owner of all work product developed by Consultant.',
    'Consultant shall execute all documents needed to perfect the ownership of Company in the work product developed by Consultant.',
    'Consultant shall execute such further documents as Company requests to confirm the ownership of the work product developed hereunder.',
  ])('%j counts', (text) => {
    expect(assigns(text)).toBe(true);
  });

  it.each([
    'developed',
    'created',
    'conceived',
    'made',
    'written',
    'commissioned',
    'invented',
    'generated',
    'produced',
    'prepared',
    'arising',
    'resulting',
    'improved',
    'derived',
    'authored',
    'under this agreement',
    'hereunder',
    'pursuant to this agreement',
  ])('software "%s" that vests in the other party counts', (made) => {
    expect(assigns(`All software ${made} shall vest in Company.`)).toBe(true);
  });

  it('counts software used in the performance of the services', () => {
    expect(assigns('All software used in the performance of the Services shall vest in Company.')).toBe(true);
  });

  it('does not count software that was not made under the contract', () => {
    expect(assigns('All software shall vest in Company.')).toBe(false);
  });
});

describe('IP assignment: property that "is and remains" its owner\'s', () => {
  // "Be and remain the property of" states ownership the owner already has and keeps (advertising it commissions,
  // its licensed product as modified); on train it only ever marked contracts without an assignment.
  it.each([
    'All work product developed by Consultant will be and remain the property of Company.',
    'All advertising materials produced hereunder shall be and remain the absolute property of Sponsor.',
    'Any modification made by Licensee to the Licensed Product shall be and remain the sole and exclusive property of Licensor.',
  ])('%j does not count', (text) => {
    expect(assigns(text)).toBe(false);
  });

  it("counts what becomes and then remains the other party's", () => {
    expect(assigns('All work product developed by Consultant shall become and remain the property of Company.')).toBe(true);
  });
});

describe('IP assignment: each party owning improvements to its own', () => {
  // A mutual rule ("vests in that Party") keeps each party's intellectual property with it; nothing crosses over.
  it.each([
    "Any improvements to a Party's intellectual property shall automatically vest in that Party, whoever develops them.",
    "Any improvements developed hereunder to a Party's technology shall be the property of such Party.",
    'All inventions developed under this Agreement shall be owned by the relevant Party.',
    'All data generated under this Agreement shall belong to the respective Party that generated it.',
  ])('%j does not count', (text) => {
    expect(assigns(text)).toBe(false);
  });

  it('counts improvements that vest in a named party', () => {
    expect(assigns("Any improvements to Supplier's technology developed by Distributor shall vest in Supplier.")).toBe(true);
  });
});

describe('IP assignment: a party keeping its own', () => {
  it.each([
    'All work product developed by Consultant shall vest in Company, and Consultant retains all right, title in its tools.',
    'All work product developed by Consultant shall vest in Company, and Consultant reserves ownership of its tools.',
    'All work product developed by Consultant shall vest in Company, and Consultant shall retain all rights in its tools.',
    'All work product developed by Consultant shall vest in Company, but each party shall own its tools.',
    'All work product developed by Consultant shall vest in Company, but either party will solely own its tools.',
    'All work product developed by Consultant shall vest in Company, except its own inventions.',
    'All work product developed by Consultant shall vest in Company, except its own intellectual assets.',
    'All work product developed by Consultant shall vest in Company, and the tools are and shall remain with Consultant.',
    'All work product developed by Consultant shall vest in Company, and Consultant may own all rights to its tools.',
    'All work product developed by Consultant shall vest in Company, and Consultant represents and warrants that it is original.',
  ])('%j does not count', (text) => {
    expect(assigns(text)).toBe(false);
  });
});

describe('IP assignment: rights that pass on', () => {
  it.each([
    'rights',
    'ownership',
    'interests',
    'trademarks',
    'copyrights',
    'patents',
    'inventions',
    'improvements',
    'work product',
    'deliverables',
    'intellectual property',
  ])('"%s" in the software developed hereunder that transfer to the other party count', (subject) => {
    expect(assigns(`The ${subject} in the software developed hereunder shall transfer to Company.`)).toBe(true);
  });

  it.each([
    'The rights in the software developed hereunder shall automatically transfer to Company.',
    'The rights in the software developed hereunder will immediately transfer to Company.',
    'The rights in the software developed hereunder shall thereupon vest in Company.',
    'The rights in the software developed hereunder shall be assigned to Company.',
    'The rights in the software developed hereunder shall be transferred and conveyed to Company.',
  ])('%j counts', (text) => {
    expect(assigns(text)).toBe(true);
  });
});

describe('IP assignment: the owner keeps what it made or named', () => {
  it.each([
    'All work product developed by Acme shall be owned by Acme.',
    'All work product created solely by Acme shall vest in Acme.',
    'All work product invented independently by employees of Acme shall belong to Acme.',
    'All work product supplied exclusively by personnel of the Acme shall be the property of Acme.',
    'Acme shall own all work product developed for the Acme Website.',
  ])('%j does not count', (text) => {
    expect(assigns(text)).toBe(false);
  });

  it('counts an owner whose name is too short to look for (two letters)', () => {
    expect(assigns('All work product developed by XY shall be owned by XY.')).toBe(true);
    expect(assigns('All work product developed by XYZ shall be owned by XYZ.')).toBe(false);
  });

  it('counts an owner who did not make it', () => {
    expect(assigns('All work product developed by Consultant shall be owned by Acme.')).toBe(true);
    expect(assigns('All work product developed by Consultant shall be owned by Acme.Corp.')).toBe(true);
  });
});

describe('IP assignment: ownership of what is made under the contract, however worded', () => {
  it.each([
    ['All Deliverables are and shall be the sole property of Customer.'],
    ['Company shall own all right, title and interest in and to the Deliverables.'],
    ['Customer shall own the Deliverables and all intellectual property rights therein.'],
    ['The Company will be the sole and exclusive owner of the Work Product.'],
    ['Any Modifications developed by Distributor shall be deemed the property of Manufacturer.'],
    ['Sponsor shall have sole ownership of all Results generated in the Study.'],
    ['The Contractor waives all moral rights in the Work Product and assigns all copyright therein to the Client.'],
    ['Vendor shall execute all documents necessary to assign to Customer all rights in the Deliverables.'],
  ])('counts %j', (text) => {
    expect(assigns(text)).toBe(true);
  });

  it.each([
    // What a party already owns, acknowledged or kept, passes nothing.
    ['Licensee acknowledges that Licensor owns all right, title and interest in the Licensed Software.'],
    ['The Licensed Marks are and shall remain the property of Licensor.'],
    ['The Licensed Marks are the sole property of Licensor.'],
    ['Licensor shall own the Licensed Software.'],
    // Assigning the contract is not assigning intellectual property.
    ['Licensee assigns all of its rights and obligations under this Agreement to its Affiliate.'],
    // Goodwill from using a licensed mark stays with its owner.
    ['Distributor acknowledges that all goodwill arising from its use of the Marks shall inure to the benefit of Supplier.'],
    ['Bank agrees to execute such assignment documents as required by ISO to vest such collection recovery right in ISO.'],
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });
});

describe('IP assignment: operative assignments worded otherwise', () => {
  it.each([
    'Licensee shall, and hereby does, assign to Licensor all right, title and interest in and to all Improvements.',
    'Company will and hereby does, without further consideration, irrevocably assign to Customer any and all worldwide right, title or interest in the Deliverables.',
    'Contractor irrevocably and unconditionally transfers and assigns to the Client in perpetuity any and all of its right, title and interest in and to all works created hereunder.',
    'Supplier shall cause its employees and contractors to assign to Buyer all inventions made in the course of the Services.',
    'Vendor hereby irrevocably assigns, and Customer hereby accepts, all right, title and interest in and to each Authorized Modification.',
    'Any Improvements developed by Distributor shall be deemed to be owned by Supplier.',
    'All copyrights in the materials created by Agency under this Agreement shall be vested in the Client.',
    'Consultant agrees to sign any written instrument of transfer which may be required to effect or evidence the assignment of rights in the Work Product to the Company.',
    'Company shall be deemed the sole owner of all Work Product created by Consultant under this Agreement.',
    'The Company shall be considered the author and owner of all software developed by Contractor hereunder.',
    'Customer shall become the owner of all Deliverables upon payment.',
    'Any Improvements made by Licensee will inure to the benefit of and be owned by Licensor.',
  ])('%j counts', (text) => {
    expect(assigns(text)).toBe(true);
  });

  it.each([
    // A sum of money, not a creation.
    'Buyer irrevocably and unconditionally transfers to Seller the purchase price for the Shares.',
    // The contract itself, not rights in what is made under it.
    'Supplier shall cause its subsidiaries to assign the Agreement to the purchaser of the business.',
    // Data the owner supplied stays its own; nothing is made and passed over.
    'All data provided by Customer shall be deemed to be owned by Customer.',
    // The owner named is the maker: nothing passes.
    'Licensor shall be deemed the sole owner of all software developed by Licensor hereunder.',
    // Each party owns what carries its own name.
    'Acme shall be the owner of all Acme Work Product when created and Beta shall be the owner of all Beta Work Product when created.',
    // Perfecting a lender's lien is not passing rights in a creation.
    'Borrower shall sign any financing statement or other instrument required to perfect the security interest of Lender in the Equipment.',
  ])('%j does not count', (text) => {
    expect(assigns(text)).toBe(false);
  });
});

describe('IP assignment: the maker named, the term named after the owner', () => {
  it('counts what another party made even when the defined term carries the owner name', () => {
    expect(
      assigns(
        'Any invention made, conceived or reduced to practice by Bachem under this Agreement ("Magenta Developed Intellectual Property") shall be owned exclusively by Magenta.',
      ),
    ).toBe(true);
  });

  it('does not count what the owner made, whatever the term is called', () => {
    expect(
      assigns(
        'Any invention made, conceived or reduced to practice by Magenta under this Agreement ("Magenta Developed Intellectual Property") shall be owned exclusively by Magenta.',
      ),
    ).toBe(false);
  });
});

describe('IP assignment: a passing the sentence denies', () => {
  it('does not count "No rights ... shall be transferred"', () => {
    expect(
      assigns(
        'No rights in any intellectual property developed by either party shall be transferred to the other party under this Agreement.',
      ),
    ).toBe(false);
  });

  it('counts the same passing when it is not denied', () => {
    expect(
      assigns('All rights in any intellectual property developed by Contractor shall be transferred to the Company under this Agreement.'),
    ).toBe(true);
  });
});

// Issue 16: rights "hereby transferred" or "conveyed", and title given in what is made.
describe('IP ownership assignment: transferred or conveyed in the passive, title to creations', () => {
  it.each([
    ['All rights in the Deliverables are hereby transferred to Customer.'],
    ['All copyrights in the Work are hereby conveyed to Company.'],
    ['Any Improvements are hereby irrevocably transferred and assigned to Licensor.'],
    ['XIMAGE will give title to all modifications and improvements to the PSS Software.'],
    ['Supplier shall grant Customer title to all Deliverables upon payment.'],
    ['Developer shall transfer full title to the Work Product to Client.'],
  ])('counts %j', (text) => {
    expect(assigns(text)).toBe(true);
  });

  it.each([
    ['Seller shall give title to the Equipment free of all liens.'],
    ['Title to the Products is hereby transferred to Buyer on delivery.'],
    ['Title to the Goods shall pass to Buyer upon shipment.'],
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });
});

// Issue 16: "shall own and retain" what is generated under the deal is ownership, not a party keeping what it had.
describe('IP ownership assignment: "own and retain" what is generated', () => {
  it.each([
    ['eBix shall own and retain all right, title and interest in and to any customer data generated on the Insurance Center.'],
    ['Sponsor shall own and retain all rights in the results generated in the Study.'],
  ])('counts %j', (text) => {
    expect(assigns(text)).toBe(true);
  });

  it.each([
    ['Each party shall retain all right, title and interest in its own data.'],
    ['Licensor reserves all right, title and interest in the Software developed by Licensor.'],
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });
});

describe('IP ownership assignment: each wording of title given in a creation', () => {
  it.each([
    ['Vendor gives title to all modifications of the Software.'],
    ['Vendor will pass title in the improvements to Customer.'],
    ['Vendor transfers to the Customer good title to all enhancements.'],
    ['Vendor shall convey sole title to such inventions to Customer.'],
    ['Vendor shall grant to Customer title to the deliverables.'],
    ['Vendor shall give title to any work product to Customer.'],
    ['Vendor shall give title to all new developments to Customer.'],
    ['Vendor shall give title to all derivative works to Customer.'],
    ['Vendor shall give full title to all intellectual property created hereunder to Customer.'],
    ['Vendor shall give title to all custom software modifications to Customer.'],
  ])('counts %j', (text) => {
    expect(assigns(text)).toBe(true);
  });

  it.each([
    ['Vendor shall give title to the hardware to Customer.'],
    ['Vendor shall give title to all custom hardware and all spare parts to Customer.'],
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });
});

describe('IP ownership assignment: "right, title and interest" passed without naming intellectual property', () => {
  it.each([
    [
      'Franchisee shall execute any and all documents deemed necessary by Franchisor to transfer such right, title or interest to Franchisor.',
    ],
    [
      'The Assignor hereby assigns, transfers and conveys to the Assignee all of its right, title and interest in, to and under the Transferred Contract.',
    ],
    [
      'To the extent Vendor obtains any interest in the Client Property, Vendor hereby assigns to Client all of its right, title and interest therein.',
    ],
  ])('counts %j', (text) => {
    expect(assigns(text)).toBe(true);
  });

  it.each([
    // A restraint on assigning, however it names the rights.
    ['Neither party shall assign any of its right, title and interest hereunder to a third party.'],
    ['Distributor shall assign its right, title and interest hereunder only with the prior written consent of Supplier.'],
    // Title to goods alone is a sale, not ownership of rights.
    ['Borrower shall execute such documents as Lender requests to transfer title to the Equipment to Lender.'],
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });
});

describe('IP ownership assignment: ownership conferred on a party, what it used in the work', () => {
  it.each([
    ['The Manufacturer has appointed the Customer the copyright holder of the book.'],
    ['Author hereby designates Publisher as the sole copyright owner of the Work.'],
    [
      'All web pages used by Contractor in connection with the Offering, and all associated Proprietary Rights, shall be owned exclusively by the Company.',
    ],
    ['Any domain names or URLs developed hereunder shall be owned by Company.'],
  ])('counts %j', (text) => {
    expect(assigns(text)).toBe(true);
  });

  it.each([
    // Appointing an agent or a distributor confers no ownership.
    ['The Manufacturer has appointed the Customer the exclusive distributor of the book.'],
    ['Licensor acknowledges that Licensee is the copyright holder of its own software.'],
    // Nothing made or used in the work: bare ownership of the other party's pages.
    ['All web pages and all associated Proprietary Rights shall be owned exclusively by the Company.'],
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });
});

describe('IP ownership assignment: ownership stated in the present tense', () => {
  it.each([
    ['All designs and documents authored or prepared by Contractor for Company are the property of Company.'],
    ["Consultant acknowledges that Consultant's rights in all inventions developed by Consultant belong to the Company."],
    ['All software written by Developer under this Agreement is the sole and exclusive property of Customer.'],
  ])('counts %j when another party made it', (text) => {
    expect(assigns(text)).toBe(true);
  });

  it.each([
    // No maker named: an acknowledgement of what is already the owner's.
    ['All intellectual property rights in the products are the exclusive property of Supplier.'],
    ['The complete intellectual property of the project belongs to the Client.'],
    // Made by the owner itself.
    ['All materials provided by Supplier are the property of Supplier.'],
    ['All inventions created during this Agreement are the property of the creating party.'],
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });

  it('counts a long list of those caused to assign', () => {
    expect(
      assigns(
        "Supplier will cause its and its Affiliates' employees, contractors, and consultants to assign its interest in all inventions to Buyer.",
      ),
    ).toBe(true);
  });
});

describe('IP ownership assignment: further assurances and powers of attorney behind an assignment', () => {
  it.each([
    [
      'Consultant agrees to sign and cause to be executed any and all documents as may be necessary for the purposes of perfecting the foregoing assignments and enforcing intellectual property rights.',
    ],
    [
      'Contractor will execute all such documents as Company may reasonably require to effect the assignment of Work Product as agreed above.',
    ],
    [
      'Vendor shall execute such further instruments, documents and agreements and give such further written assurances, as may be reasonably requested by Customer, at its expense, to perfect the foregoing assignment and enforce the assigned Intellectual Property Rights.',
    ],
    [
      "Consultant hereby irrevocably designates and appoints the Company as Consultant's agent and attorney-in-fact to execute and file any applications for patents on such Inventions.",
    ],
    ['Vendor hereby provides Client with a power of attorney appointing Client as its attorney-in-fact to execute all such assignments.'],
  ])('counts %j', (text) => {
    expect(assigns(text)).toBe(true);
  });

  it.each([
    // A power of attorney for banking or filings that pass no creation.
    ['Customer hereby appoints Bank as its attorney-in-fact to endorse checks payable to Customer.'],
    // Documents that perfect a lender's lien, however long the list before them.
    [
      'Borrower shall execute such further instruments, documents and agreements as Lender may reasonably request to perfect the foregoing security interest in the Equipment.',
    ],
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });
});

describe('IP ownership assignment: owners named in a chapeau, uses of marks, a misspelt verb', () => {
  it('looks past "owned by the Parties as follows" to the owner each item names', () => {
    expect(
      assigns('Inventions shall be owned by the Parties as follows: (a) "Acme Inventions" shall be the sole property of Acme Limited.'),
    ).toBe(false);
    expect(
      assigns(
        'Inventions shall be owned by the Parties as follows: (a) all inventions developed by Consultant shall be the sole property of Acme.',
      ),
    ).toBe(true);
  });

  it('still reads "the Party" or "the Parties" as an owner that made what it owns', () => {
    expect(assigns('All inventions developed by the Party shall be owned by the Party.')).toBe(false);
    expect(assigns('All inventions developed by the Parties jointly shall be owned by the Parties.')).toBe(false);
  });

  it('does not count a use of licensed marks called a work made for hire for their owner', () => {
    expect(
      assigns('Any use of the Licensed Marks will bear the notices required by Licensor and will be a "work made for hire" for Licensor.'),
    ).toBe(false);
    expect(assigns('All artwork created by Agency using the Licensed Marks will be a "work made for hire" for Licensor.')).toBe(true);
  });

  it('counts "will assigns" as "will assign"', () => {
    expect(assigns('Upon final payment Contractor will assigns to Company all right, title and interest to any Works in progress.')).toBe(
      true,
    );
  });
});

describe('IP ownership assignment: the adverb before or after "be" in "owned by"', () => {
  it.each([
    ['Any inventions made by Supplier in performing the Services shall be exclusively owned by Customer.'],
    ['Any inventions made by Supplier in performing the Services shall exclusively be owned by Customer.'],
    ['Any inventions made by Supplier in performing the Services shall be owned solely by Customer.'],
    ['All Work Product created by Vendor shall be deemed to be solely owned by Client.'],
  ])('counts %j', (text) => {
    expect(assigns(text)).toBe(true);
  });

  it('does not count what the owner made itself, wherever the adverb stands', () => {
    expect(assigns('Inventions made solely by Supplier shall be exclusively owned by Supplier.')).toBe(false);
  });
});

describe('IP ownership assignment: an owner named in several words', () => {
  it('reads "the Village Media Company" as one owner, not a namesake of "Village"', () => {
    expect(
      assigns(
        "Any Works created pursuant to this Agreement shall be owned by the Village Media Company, and the Village Media Company's ownership is subject to the licence.",
      ),
    ).toBe(true);
  });

  it('still finds a defined term named after the first word of a several-word owner', () => {
    expect(assigns('(a) "Acme Inventions" shall be the sole property of Acme Holdings Limited.')).toBe(false);
  });

  it('matches a several-word maker to the owner it names', () => {
    expect(assigns('Inventions made solely by MD Anderson or its employees will be solely owned by MD Anderson.')).toBe(false);
    expect(assigns('Inventions made solely by Sponsor or its employees will be solely owned by MD Anderson.')).toBe(true);
  });
});

describe('IP ownership assignment: "right, title and interest" in goods or as security', () => {
  it.each([
    ['Seller hereby assigns and transfers to Buyer all right, title and interest in the Equipment upon payment.'],
    ['Borrower hereby assigns to Lender, as collateral security, all of its right, title and interest in the Receivables.'],
    ['Supplier shall transfer to Distributor all of its right, title and interest in the Products in the Territory.'],
    ['The Pledgor hereby assigns to the Bank all of its right, title and interest in the Collateral.'],
    ['Upon the Closing, Seller shall assign to Buyer all right, title and interest in the Leases.'],
    ['Tenant hereby assigns to Landlord all of its right, title and interest in any sublease of the Premises.'],
    ['Supplier hereby assigns to Customer all of its right, title and interest in any manufacturer warranties for the Hardware.'],
    [
      'Upon termination, Franchisee hereby assigns to Franchisor all right, title and interest in the telephone numbers and directory listings of the Restaurant.',
    ],
    // The contract itself assigned: anti-assignment territory, not a creation changing hands.
    ['Seller hereby assigns to Buyer all of its right, title and interest in, to and under this Agreement.'],
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });

  it('still counts right, title and interest in a creation or in contracts', () => {
    expect(assigns('Seller hereby assigns to Purchaser all of its right, title and interest in and to the Assigned Contracts.')).toBe(true);
    expect(assigns('Seller hereby assigns to Purchaser all of its right, title and interest in the Product Designs.')).toBe(true);
    expect(assigns('Contractor shall assign to Owner all of its right, title and interest in the subcontracts upon termination.')).toBe(
      true,
    );
  });
});

describe('IP ownership assignment: a negated assigning clause', () => {
  it.each([
    ['Neither Party shall assign a partial interest in the Joint IP to any Third Party.'],
    ['The Supplier shall not assign any copyright in the Software to a third party.'],
    ['No Party will transfer any patent within the Joint IP without the consent of the other.'],
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });

  it('counts an assignment that follows a negated condition in its own clause', () => {
    expect(assigns('To the extent any Deliverable is not a work made for hire, Vendor hereby assigns all rights therein to Company.')).toBe(
      true,
    );
    expect(assigns('If the Results are not patentable, Licensee shall assign to Licensor all copyrights in them.')).toBe(true);
  });
});

describe('IP ownership assignment: marks and domain names that pass to the other party', () => {
  it.each([
    ['Distributor shall assign to Manufacturer any trademark registrations it obtains in the Territory.'],
    ['Any domain names registered by Affiliate that include the Company Marks shall be transferred to the Company on request.'],
    ['The Agency will transfer to the Client all service marks created for the Campaign.'],
  ])('counts %j', (text) => {
    expect(assigns(text)).toBe(true);
  });

  it.each([
    ['Distributor shall not register any trademark confusingly similar to the Marks.'],
    ['All goodwill arising from use of the Marks shall inure solely to the benefit of the Franchisor.'],
    ['Licensee hereby assigns to Licensor all goodwill associated with its use of the Licensed Marks.'],
    ['Nothing herein shall be construed to convey to Distributor any right to use the trademarks of the League.'],
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });
});

describe('IP ownership assignment: invented drafting of each family', () => {
  it.each([
    // Present assignment, however worded.
    ['Contractor hereby assigns to Client all Intellectual Property Rights in the Deliverables.'],
    ['The Consultant hereby irrevocably assigns, and agrees to assign, to the Company all of its rights in any Invention.'],
    ['Supplier agrees to assign to Buyer all patents arising from the Development Work.'],
    ['Party B shall promptly assign to Party A all copyrights in the Work Product.'],
    ['Section 8.1 Intellectual Property. Party A hereby assigns to Party B all intellectual property rights in the Results.'],
    ['(a) the Supplier shall assign to the Purchaser all copyright in the Bespoke Software;'],
    ["7.2 Assignment of Inventions. Employee hereby assigns to Acme Corp. all of Employee's right, title and interest in the Inventions."],
    ['The Licensee shall, and hereby does, assign to the Licensor all right, title and interest in any Improvements.'],
    ['The Researcher shall assign and hereby assigns to the University all rights in the Invention.'],
    ['Vendor shall cause each of its employees to assign to Customer all inventions made in performing the Services.'],
    ['The Seller irrevocably transfers to the Buyer all copyrights in the Designs.'],
    ['In consideration of the Fee, the Photographer hereby assigns to the Magazine the entire copyright in the Photographs.'],
    ['Effective upon creation, all Work Product is hereby assigned to the Company.'],
    ['Any and all intellectual property created by Developer in the course of the Services is hereby transferred to Customer.'],
    // Ownership of what the other party makes.
    ['9. OWNERSHIP OF WORK PRODUCT. All Work Product shall be the sole and exclusive property of the Client.'],
    ['All Deliverables created by Vendor under this Agreement shall be the sole and exclusive property of Customer.'],
    ['Except as provided in Section 5.3, all Inventions conceived by Consultant during the Term shall be the property of the Company.'],
    ['Company shall own all work product developed by Consultant in performing the Services.'],
    ['Client will own all deliverables produced by Agency under any Statement of Work.'],
    ['The Company shall be the owner of all Intellectual Property Rights in any Materials created by the Contractor for the Company.'],
    ['Notwithstanding anything to the contrary, all copyrights in the Artwork prepared by the Designer shall belong to the Publisher.'],
    ['Title to all Deliverables, including all intellectual property rights therein, shall vest in the Customer upon delivery.'],
    ['Upon creation, ownership of all Work Product shall automatically vest in Company.'],
    ['Upon full payment, ownership of the Deliverables shall pass to Customer.'],
    ['Agent agrees that all advertising materials it produces shall become the property of Principal.'],
    ['All improvements to the Licensed Product made by Licensee shall be owned exclusively by Licensor.'],
    ['The Licensor shall be the sole owner of all derivative works created by the Licensee.'],
    // Work made for hire.
    ['All Work Product shall be deemed "work made for hire" as defined in the Copyright Act.'],
    ['Each Deliverable shall constitute a work-made-for-hire owned by Customer.'],
    ['Contractor acknowledges that all Deliverables are works made for hire and that Client is the author thereof.'],
    // Further assurances and powers of attorney behind an assignment.
    ['Consultant shall execute all documents reasonably requested by Company to perfect its ownership of the Inventions.'],
    [
      "At the Company's request, the Contractor shall sign any instruments necessary to evidence the assignment of the Work Product to the Company.",
    ],
    ['Developer hereby appoints Client as its attorney-in-fact to execute any assignments of copyright in the Deliverables.'],
  ])('counts %j', (text) => {
    expect(assigns(text)).toBe(true);
  });

  it.each([
    // Each party keeps its own.
    ['Each party shall retain all right, title and interest in its pre-existing intellectual property.'],
    ['9. OWNERSHIP. Each party retains all intellectual property rights it owned before the Effective Date.'],
    ['Each Party will own the inventions made solely by its own employees.'],
    ['Licensor shall own all Improvements made by Licensor to the Licensed Software.'],
    ['Licensor retains ownership of the Licensed Technology and all improvements made by Licensor.'],
    ['Each party retains all rights in its own Background IP, and no licence is granted except as set out in Section 4.'],
    ['The Software, and all copies thereof, is licensed and not sold, and Licensor retains all rights in it.'],
    // Licences, including a licence back, instead of ownership.
    ['Licensor hereby grants to Licensee a non-exclusive license to use the Software.'],
    ['Section 8.1 Licence. Party A hereby grants to Party B a perpetual licence to use the Results.'],
    ['Licensee hereby grants back to Licensor a non-exclusive, royalty-free license to any Improvements.'],
    ['Licensee shall grant to Licensor a non-exclusive licence to any Improvements developed by Licensee.'],
    // Confidential information, returned materials, marks that stay their owner's.
    ['All Confidential Information shall remain the property of the Disclosing Party.'],
    ['Confidential Information is and shall remain the sole property of the disclosing party.'],
    ['Upon termination, Recipient shall return all materials containing Confidential Information to the Disclosing Party.'],
    ['All materials furnished by the Company shall remain the property of the Company and shall be returned upon request.'],
    ['The Trademarks are and shall remain the exclusive property of Licensor.'],
    ['Licensee acknowledges that Licensor owns all right, title and interest in the Licensed Marks.'],
    ['The Distributor acknowledges that the Trademarks belong to the Manufacturer.'],
    // Title to goods.
    ['Title to the Products shall pass to Buyer upon delivery to the carrier.'],
    ['All right, title and interest in the Products shall pass to Buyer upon delivery.'],
    ['Risk of loss and title to the Units shall pass to Purchaser upon shipment.'],
    ['Buyer shall have title to the Products once full payment has been received.'],
    ['Upon expiry, Distributor shall transfer to the Manufacturer its remaining inventory of Products at cost.'],
    ['The Contractor shall own all tools and equipment it brings to the Site.'],
    // Assigning the agreement, joint ownership, denials.
    ['Company may assign this Agreement and its rights hereunder to any Affiliate without consent.'],
    ['Either party may assign all of its right, title and interest in this Agreement to an Affiliate.'],
    ["Neither party shall assign or transfer any of its rights, title or interest under this Agreement without the other party's consent."],
    ['Inventions conceived jointly by the parties shall be jointly owned by the parties.'],
    ['Nothing in this Agreement transfers ownership of any intellectual property from one party to the other.'],
    ['No right, title or interest in the Software is transferred to Customer under this Agreement.'],
    ['Customer shall not acquire any ownership interest in the Software or any modifications thereto.'],
    ['Any data collected by Customer shall be owned by Customer.'],
    ['The license granted to Licensee shall not be deemed a work made for hire.'],
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });
});

describe('IP ownership assignment: the maker kept as owner however it is named', () => {
  it.each([
    ['Any Improvement shall be owned by the party that made it.'],
    ['Inventions shall be owned by the inventing Party.'],
    ['New Technologies developed by a Party alone shall be solely owned by the developing Party.'],
    ['Supplier will own all intellectual property in the Products, including improvements it develops.'],
    ['Supplier shall own all inventions made by it in the performance of this Agreement.'],
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });

  it('does not take a party that "makes no warranty" for a maker', () => {
    expect(assigns('Customer shall own all Deliverables developed by Customer, and Supplier makes no warranty as to them.')).toBe(false);
  });

  it('counts the owner the other party makes for, named after it', () => {
    expect(assigns('Customer will own all inventions Supplier develops in performing the Services.')).toBe(true);
    expect(assigns('The parties agree that all Foreground Intellectual Property shall be owned by the Sponsor.')).toBe(true);
  });
});

describe('IP ownership assignment: denials led by "nothing"', () => {
  it.each([
    ['Nothing herein shall be deemed to create a work made for hire.'],
    [
      'Except for the licences granted herein, nothing in this Agreement shall transfer any right, title or interest in any intellectual property.',
    ],
    ['Nothing in this Agreement shall cause any patent of Licensor to be assigned or transferred to Licensee.'],
    ['Licensee shall not acquire any rights in the Marks by virtue of its use of them.'],
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });

  it('counts the same passing stated outright', () => {
    expect(assigns('All Deliverables shall be deemed to be works made for hire.')).toBe(true);
    expect(assigns('The Licensee shall transfer to the Licensor all right, title and interest in any patents on the Improvements.')).toBe(
      true,
    );
  });
});

describe('IP ownership assignment: English and other drafting of the same passing', () => {
  it.each([
    ['The Supplier assigns to the Customer with full title guarantee all Intellectual Property Rights in the Deliverables.'],
    ['The Contractor hereby assigns to the Authority, by way of present assignment of future rights, all IPR in the Project Materials.'],
    ['The Consultant assigns absolutely to the Company all copyright in the Reports.'],
    ["The Deliverables and all intellectual property rights therein will be the Customer's property."],
    ['All intellectual property rights in the Deliverables shall vest in and be owned by the Customer.'],
    ['12.2 Foreground IP. Subject to clause 12.3, Foreground IP created by the Supplier shall vest in the Company on creation.'],
    ['Any Improvements made by the Licensee shall automatically become the property of the Licensor.'],
    ['Title to and ownership of all Developments shall vest in Buyer immediately upon their creation.'],
    ['Consultant will disclose and assign to the Company all Inventions conceived during the engagement.'],
    ['The Licensee shall procure that its sub-contractors assign to the Licensor all copyright in the Software modifications.'],
    ['Service Provider shall ensure that all intellectual property rights in the Deliverables vest in the Customer.'],
    ['In the event that Licensee develops any Improvement, Licensor shall own all rights in it.'],
  ])('counts %j', (text) => {
    expect(assigns(text)).toBe(true);
  });

  it.each([
    ['The Supplier shall retain ownership of all Intellectual Property Rights in the Supplier Materials.'],
    ['Each party acknowledges that all intellectual property rights owned by the other party shall remain vested in that party.'],
    ['The Consultant grants the Company a perpetual licence to use any Background IP incorporated in the Deliverables.'],
    ['Intellectual property rights in any materials provided by Customer shall remain with Customer.'],
    ["Nothing in this clause 12 shall operate to transfer ownership of the Supplier's Background IP to the Customer."],
    ['All title in the Goods shall vest in the Purchaser upon delivery.'],
    ['Licensee may not assign or sublicense the Licensed Patents without consent.'],
    ["All programs developed by the Bureau are and shall remain the Bureau's sole property."],
    // "Shall have all right, title and interest" was labelled in none of its 3 train sentences: a statement, not a passing.
    ['Company shall have all right, title and interest in the Work Product created by Consultant.'],
    ['In the event that Licensee develops any extension to the Software, Licensee shall own all rights in it.'],
    ['Customer shall own its Customer Data.'],
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });
});

describe('IP ownership assignment: works made for hire, further assurances and attorneys worded otherwise', () => {
  it.each([
    ['The Work is specially ordered and commissioned by Publisher and shall be considered a work made for hire.'],
    ['To the fullest extent permitted by law, the Deliverables shall constitute "works made for hire" for Customer under 17 U.S.C. § 101.'],
    ['Each Work Product shall be a "work-for-hire" owned by the Company from the moment of its creation.'],
    [
      'Contractor shall execute such further instruments as Client may reasonably request to vest in Client full title to the Deliverables.',
    ],
    ["Upon Company's request, Employee shall sign all papers necessary to assign patents on the Inventions to Company."],
    [
      "If Consultant fails to sign any document needed to register the Company's rights in an Invention, Consultant hereby appoints the Company as its attorney-in-fact to sign it.",
    ],
    [
      'Developer irrevocably appoints Customer as its agent and attorney-in-fact to execute and file any applications for copyright registration of the Deliverables.',
    ],
  ])('counts %j', (text) => {
    expect(assigns(text)).toBe(true);
  });

  it.each([
    ["Licensee shall assist Licensor, at Licensor's expense, in registering the Licensed Marks in the Territory."],
    ['Each party shall execute such further documents as may be necessary to give effect to this Agreement.'],
    ['Licensee shall execute any documents reasonably required to record the licence granted hereunder with the patent office.'],
    ['The Distributor appoints the Supplier as its attorney-in-fact solely to file customs declarations for the Products.'],
    ['Contractor is an independent contractor and not an employee, and nothing herein creates an employment relationship.'],
    ['Supplier shall execute all documents required to transfer title to the Goods to Buyer on delivery.'],
    ['Each party shall execute any documents necessary to perfect the security interest granted hereunder.'],
    ["The Licensee shall, at the Licensor's request, execute any documents needed to confirm that the Licensor owns the Licensed Patents."],
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });
});

describe('IP ownership assignment: confidential information that stays the discloser’s', () => {
  it.each([
    [
      'All materials prepared by the Recipient that contain Confidential Information shall be the property of the Disclosing Party and shall be returned on request.',
    ],
    [
      'All notes, analyses and compilations prepared by Recipient based on Confidential Information shall be the sole property of Discloser.',
    ],
    ['All Confidential Information, including any data generated from it, shall belong to the disclosing party.'],
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });

  it('still counts inventions made with confidential information assigned to the party that disclosed it', () => {
    expect(
      assigns(
        'Recipient hereby assigns to Discloser all rights in any invention developed with use of Confidential Information of Discloser.',
      ),
    ).toBe(true);
  });
});

describe("IP assignment: the goodwill of a party's own marks is not created IP passing over", () => {
  it.each([
    'Licensee acknowledges that all goodwill arising from the use of the Trademarks shall vest in Licensor.',
    "All goodwill generated by Distributor's use of the Marks will inure solely to the benefit of Supplier.",
    'Any goodwill associated with the Licensed Marks shall belong exclusively to Licensor and shall be transferred to it on request.',
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });

  it('still counts goodwill handed over together with an express present assignment', () => {
    expect(
      assigns(
        'Any right that may accrue to Licensee in the Works created by Licensee and any goodwill associated therewith shall vest in Licensor and are hereby assigned to Licensor.',
      ),
    ).toBe(true);
  });
});

describe('IP assignment: further assurance, vesting after "remain with", and a party made to cause its people to assign', () => {
  it.each([
    // The standard further-assurance clause of an invention assignment, where the duty to assign comes long after the papers.
    'Employee agrees to execute all papers and instruments which the Company deems necessary in order to apply for and obtain patents, and in order to deliver, assign and convey to the Company the entire right, title and interest in and to all such Inventions.',
    'All rights in any improvement to the Licensed Patents made by Licensee shall remain with and vest in Licensor.',
    'Title to all Inventions conceived by Employee during the Term shall remain with and vest in the Company.',
    'Developer shall, and shall cause each of its subcontractors to, assign to Publisher all copyrights in the Game code it creates.',
    'Supplier shall, and shall cause its subcontractors to, assign to Buyer all intellectual property rights in the Tooling designs.',
  ])('counts %j', (text) => {
    expect(assigns(text)).toBe(true);
  });

  it.each([
    'Seller shall execute such documents as are necessary to transfer title to the Equipment to Buyer.',
    'Seller shall, and shall cause its Affiliates to, assign to Buyer the Purchased Contracts.',
    'Each party shall remain the owner of its pre-existing intellectual property, which shall remain with and belong to that party.',
    'Licensee shall cause all sublicensees to comply with this Agreement.',
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });
});

describe('IP assignment: "assigns all rights therein", and parties named by letter', () => {
  it.each([
    'Contractor agrees that all Work Product is the sole property of Client and, to the extent it is not, assigns all rights therein to Client.',
    'Any intellectual property conceived or developed by Party B while performing the Services shall belong to Party A.',
    'Any inventions conceived by Party B under this Agreement shall be owned by Party A.',
  ])('counts %j', (text) => {
    expect(assigns(text)).toBe(true);
  });

  it.each([
    'Any intellectual property developed by Party A in performing the Services shall belong to Party A.',
    'All improvements made by Party B shall be owned by Party B.',
    'Seller assigns all its rights under this Agreement to Buyer.',
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });
});

describe('IP assignment: rights that "pass to" the other party', () => {
  it('counts rights in creations that pass over, with no owner word in the sentence', () => {
    expect(assigns('All rights in the Results developed under this Agreement shall pass to the Sponsor.')).toBe(true);
  });

  it.each([
    'Risk of loss in the Products shall pass to Buyer on delivery.',
    'All rights in the Licensed Software shall pass to the Licensee.',
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });
});

describe('IP assignment: granting the whole right, title and interest', () => {
  it.each([
    'Contractor hereby grants to Company all right, title and interest in and to the Work Product.',
    'Consultant shall grant to the Company all rights, title and interest in any Inventions made during the engagement.',
  ])('counts %j', (text) => {
    expect(assigns(text)).toBe(true);
  });

  it.each([
    'Licensor hereby grants to Licensee a non-exclusive license to use the Software.',
    'Seller hereby grants to Buyer all right, title and interest in the Equipment.',
    'Neither party grants the other all right, title and interest in its Background IP.',
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });
});

describe('IP assignment: a present "owns all" counts only with another party named as the maker', () => {
  it('counts what one party made and the other owns', () => {
    expect(
      assigns('Service Provider acknowledges that Customer owns all Work Product created by Service Provider under this Agreement.'),
    ).toBe(true);
  });

  it.each([
    'Licensee acknowledges that Licensor owns all rights in the Licensed Patents.',
    'Licensor owns all improvements made by Licensor.',
    'Each Party owns the Inventions made by its employees.',
  ])('does not count %j', (text) => {
    expect(assigns(text)).toBe(false);
  });
});
