import { describe, expect, it } from 'vitest';
import { extractRuleFields } from './extract-fields.js';

/** These tests pin the rules themselves; the learned models that judge them are tested in judgement/. */
const extractFields = (text: string) => extractRuleFields(text).contract;

const cap = (text: string) => {
  const found = extractFields(text).liabilityCap;
  return found ? { kind: found.kind, limited: found.limited } : null;
};

describe('liability carve-outs', () => {
  it('does not read an insurance requirement with an exception as a capped or uncapped liability', () => {
    expect(
      cap(
        '(4) Umbrella/Excess Liability with limits of not less than $5,000,000 in excess of all the above-referenced General Liability, except the following Subcontractor classifications will have limits of not less than $2,000,000.',
      ),
    ).toBeNull();
  });

  it.each([
    [
      "EXCEPT FOR PIVX'S OBLIGATIONS UNDER SECTION 4.2, IN NO EVENT SHALL PIVX'S LIABILITY ARISING OUT OF THIS AGREEMENT EXCEED THE AMOUNTS RECEIVED BY PIVX DURING THE PREVIOUS SIX (6) MONTHS.",
      { kind: 'uncapped', limited: true },
    ],
    [
      'No party will be liable for any indirect or consequential damages. This limitation does not, however, apply to any obligation of either party to indemnify the other.',
      { kind: 'uncapped', limited: true },
    ],
    [
      'NEITHER PARTY SHALL BE ENTITLED TO RECOVER ANY CONSEQUENTIAL DAMAGES; provided, however, that this Section shall neither (a) apply to breach of confidentiality nor (b) limit indemnity.',
      { kind: 'uncapped', limited: true },
    ],
    [
      'Notwithstanding the foregoing, this Subsection will not limit the liability of a Party for infringement of intellectual property.',
      { kind: 'uncapped', limited: false },
    ],
  ])('reads %j', (text, expected) => {
    expect(cap(text)).toEqual(expected);
  });

  it.each([
    ['The foregoing indemnification by XIMAGE shall not apply with respect to any claim based on a modification of the Software.'],
    ['Each party’s obligation of confidentiality and limitation upon use shall not apply to information that is public.'],
  ])('does not take %j for a carve-out', (text) => {
    expect(cap(text)).toBeNull();
  });
});

describe('liquidated damages', () => {
  it.each([
    ['The Consultant certifies, under penalties of perjury, that the taxpayer number is correct.'],
    ['Any consent must be given in writing under penalty of nullity.'],
    ['1.6 "Buy-Out Fee" is defined in Section 4.2 hereof.'],
    ['SutroVax shall bear any resulting cancellation fees charged by the Alternative Supplier.'],
    ['Company agrees to reimburse Contractor for any losses (including cancellation penalties) that Contractor may sustain.'],
    ['HSWI may pay World Book a single buy-out fee, which eliminates its obligation to pay further royalties.'],
  ])('does not count %j', (text) => {
    expect(extractFields(text).liquidatedDamages).toBeNull();
  });

  it('still counts a termination fee owed to the other party', () => {
    expect(
      extractFields('If Customer terminates early, Customer shall pay Supplier an early termination fee of $50,000.').liquidatedDamages,
    ).not.toBeNull();
  });
});

describe('liability carve-outs: redactions, cross-references and broken sentences', () => {
  it.each([
    // The damage types are redacted; "the possibility of such damages" still marks an exclusion.
    ['EXCEPT FOR [**], IN NO EVENT SHALL EITHER PARTY BE LIABLE FOR [**], EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGES.'],
    ['Except as provided by Sections 9(b) and 9(c), neither party will have liability for any damages other than direct damages.'],
    ['EXCLUDING LIABILITY FOR CLAIMS UNDER SECTION 7, IN NO EVENT SHALL VENDOR BE LIABLE FOR INDIRECT OR CONSEQUENTIAL DAMAGES.'],
    [
      'Neither party shall be liable for consequential damages. Nothing in this Section 8.2 limits the liability of Maker for fraud or wilful misconduct.',
    ],
    [
      "NEITHER PARTY SHALL BE LIABLE FOR INDIRECT DAMAGES; PROVIDED THAT THIS LIMITATION SHALL NOT LIMIT A PARTY'S RIGHT TO RECOVERY FOR DAMAGES PAID TO A THIRD PARTY.",
    ],
    [
      'NEITHER PARTY SHALL BE LIABLE FOR LOST PROFITS; PROVIDED, HOWEVER, THE FOREGOING SHALL NOT BE CONSTRUED AS LIMITING AN OBLIGATION OF A PARTY HEREUNDER TO INDEMNIFY THE OTHER PARTY.',
    ],
    [
      'Neither party shall be liable for indirect damages. NONE OF THE LIMITATIONS OF LIABILITY SET FORTH IN THIS SECTION 3.1 SHALL BE AVAILABLE TO A PARTY WITH RESPECT TO A BREACH OF SECTION 4.',
    ],
  ])('finds the uncapped part of %j', (text) => {
    expect(cap(text)).toEqual({ kind: 'uncapped', limited: true });
  });

  it('reads a sentence cut by a page number on into the next', () => {
    const text =
      'EXCEPT WITH RESPECT TO THE CONFIDENTIALITY OBLIGATIONS UNDER SECTION 16, UNDER NO CIRCUMSTANCES SHALL EITHER PARTY BE LIABLE UNDER ANY CONTRACT, NEGLIGENCE,\n\n10\n\nSTRICT LIABILITY OR OTHER THEORY FOR ANY CONSEQUENTIAL DAMAGES.';
    expect(cap(text)).toEqual({ kind: 'uncapped', limited: true });
  });

  it.each([
    ['IN NO EVENT SHALL EITHER PARTY BE LIABLE FOR [**], EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGES.'],
    ['Excluding Saturdays, neither party shall be liable for any damages other than direct damages.'],
  ])('finds only a limitation in %j', (text) => {
    expect(cap(text)).toEqual({ kind: 'capped', limited: true });
  });
});

/** Everything the field says: its kind, whether a limitation was found, the money cap and the sentence quoted. */
const field = (text: string) => {
  const found = extractFields(text).liabilityCap;
  return found
    ? {
        kind: found.kind,
        limited: found.limited,
        amount: found.amount,
        currency: found.currency,
        quote: text.slice(found.evidence.start, found.evidence.end).replace(/\s+/g, ' '),
      }
    : null;
};
const limitation = (text: string, amount: number | null = null, currency: string | null = null) => ({
  kind: 'capped',
  limited: true,
  amount,
  currency,
  quote: text,
});

describe('liability: excluded kinds of damages', () => {
  it.each([
    ['IN NO EVENT SHALL VENDOR BE LIABLE FOR ANY LOST REVENUES OR LOST SAVINGS.'],
    ['Supplier shall not be liable for any loss of goodwill or loss of use.'],
    ['Neither party shall be liable to the other for exemplary or punitive losses.'],
    ['Licensor shall not in any manner be held liable for special costs incurred by Licensee.'],
    ['The arbitrator shall not award punitive damages.'],
    ['Each party waives any claim for consequential damages.'],
    ['No party shall be responsible for indirect loss, even if advised of the possibility of such losses.'],
  ])('reads %j as a limitation', (text) => {
    expect(field(text)).toEqual(limitation(text));
  });
});

describe('liability: caps on the amount', () => {
  it.each([
    ["Vendor's liability under this Agreement will not exceed $100,000.", 100_000],
    ["Licensor's liability shall never exceed $50,000.", 50_000],
    ["Company's liability shall not be greater than $10,000.", 10_000],
    ['Damages recoverable by Customer are not to exceed $25,000.', 25_000],
    ["Licensee's damages shall be capped at $1,000,000.", 1_000_000],
    ['The cumulative maximum for all claims is $2,000,000.', 2_000_000],
    ['The liability cap shall be $500,000.', 500_000],
    ["Vendor's total aggregate liability shall be $1,000,000.", 1_000_000],
    ["Under no circumstances will Licensor's liability to Licensee exceed $5,000.", 5_000],
    ["Supplier's liability for any claim shall in no event exceed $75,000.", 75_000],
  ])('reads the cap in %j', (text, amount) => {
    expect(field(text)).toEqual(limitation(text, amount, 'USD'));
  });

  it.each([
    ["Supplier's liability shall be limited to the amount paid for the Products."],
    ['Seller shall be liable for no more than the purchase price.'],
    ['In no event shall the liability of Supplier exceed the fees paid in the preceding twelve months.'],
    ["Licensee's damages are limited to direct damages in excess of the deductible."],
  ])('reads a cap without a sum in %j', (text) => {
    expect(field(text)).toEqual(limitation(text));
  });

  it.each([
    ['Contractor shall maintain general liability insurance with limits of not less than $1,000,000.'],
    ['Automobile Liability with limits of not less than $1,000,000 per occurrence.'],
    ['Contractor shall carry umbrella liability of $5,000,000 per occurrence.'],
  ])('does not read the insurance minimum %j as a cap', (text) => {
    expect(field(text)).toBeNull();
  });
});

describe('liability: remedies, titles and time bars', () => {
  it.each([
    ["Replacement of the Product shall be Buyer's sole and exclusive remedy."],
    ["The foregoing states Vendor's entire liability for any breach."],
    ["The remedies in this Section are Customer's exclusive remedies for breach of warranty."],
    ['Limitations on Damages.'],
    ['No action arising out of this Agreement may be brought by either party more than one year after the cause of action has accrued.'],
    ['No claim may be asserted later than two years after the facts giving rise to it arose.'],
    ['Any claim must be filed within one year after the delivery of the Products, or it is waived.'],
  ])('reads %j as a limitation', (text) => {
    expect(field(text)).toEqual(limitation(text));
  });
});

describe('liability: what is left uncapped', () => {
  it.each([
    ['Neither party shall be liable for consequential damages, save for breaches of confidentiality.'],
    ['Neither party shall be liable for consequential damages, with the exception of claims for infringement.'],
    ['Without prejudice to Section 9, neither party shall be liable for lost profits.'],
    ['Without affecting its indemnity obligations, neither party shall be liable for lost profits.'],
    ['Excluding obligations under Section 5, in no event shall either party be liable for punitive damages.'],
    ['Excluding breaches of Section 7, in no event shall either party be liable for punitive damages.'],
    ['Excepting claims for fraud, in no event shall either party be liable for punitive damages.'],
    ['Neither party shall be liable for indirect damages; the foregoing does not apply to breaches of confidentiality.'],
    ["Supplier's liability shall not exceed the fees paid, except for liability arising from gross negligence."],
    // Naming the cap or the limitations is itself a limitation.
    ["The liability cap does not apply to Licensee's confidentiality obligations."],
    ['The limitations of liability in Section 8 shall not be applicable with respect to indemnification claims.'],
  ])('finds the carve-out in %j', (text) => {
    expect(cap(text)).toEqual({ kind: 'uncapped', limited: true });
  });

  it.each([
    ['The exclusions in this Section will not apply to breaches of confidentiality, and neither exclusion limits liability for fraud.'],
    ['This Section 9.2 shall not apply to damages arising from fraud.'],
    ['Neither party excludes or limits its liability for fraud.'],
    ["Each party's liability shall be unlimited for breach of Section 7."],
    // The words naming the liability can stand between it and "shall be unlimited".
    ["The Supplier's liability for breach of confidentiality shall be unlimited."],
    ['Liability for wilful misconduct shall not be subject to the limitation in Section 12.'],
    ['There shall be unlimited liability for breach of confidentiality.'],
    ["This Agreement shall not limit either party's liability for fraud."],
    ['Each party waives any and all limitations on its liability for breach of confidentiality.'],
  ])('reads %j as an uncapped liability on its own', (text) => {
    expect(cap(text)).toEqual({ kind: 'uncapped', limited: false });
  });

  it('quotes the carve-out and keeps the sum of the cap before it', () => {
    const text = "Vendor's liability shall not exceed $100,000. The liability cap does not apply to breaches of confidentiality.";
    expect(field(text)).toEqual({
      kind: 'uncapped',
      limited: true,
      amount: 100_000,
      currency: 'USD',
      quote: 'The liability cap does not apply to breaches of confidentiality.',
    });
  });

  it('takes the sum from the first sentence that caps an amount, not from an earlier exclusion', () => {
    const text = "Neither party shall be liable for lost profits of $1,000. Either party's liability shall not exceed $20,000.";
    expect(field(text)).toEqual({
      kind: 'capped',
      limited: true,
      amount: 20_000,
      currency: 'USD',
      quote: "Either party's liability shall not exceed $20,000.",
    });
  });

  it('does not take a boilerplate exception for a carve-out', () => {
    const text = "Except as otherwise provided herein, Supplier's liability shall not exceed $10,000.";
    expect(field(text)).toEqual(limitation(text, 10_000, 'USD'));
    const specific = "Except as specifically set forth in this Agreement, Supplier's liability shall not exceed $10,000.";
    expect(field(specific)).toEqual(limitation(specific, 10_000, 'USD'));
  });
});

describe('liability: exclusions in the singular', () => {
  it.each([
    ['Neither party shall be liable for any indirect loss.'],
    ['Neither party shall be liable for consequential damage.'],
    ['Neither party shall be liable for any incidental cost.'],
    ['Neither party shall be liable for lost profit.'],
    ['Neither party shall be liable for any loss of profit.'],
    ['Neither party shall be liable for loss of revenue.'],
    ['Neither party shall be liable for any harm, even if advised of the possibility of such damage.'],
    ['Neither party shall be liable for any harm, even if advised of the possibility of loss.'],
  ])('reads %j as a limitation', (text) => {
    expect(field(text)).toEqual(limitation(text));
  });

  it.each([
    ['Excluding liability for fraud, neither party shall be liable for lost profits.'],
    ['Excluding any claim for infringement, neither party shall be liable for lost profits.'],
    ['Excluding the obligation to indemnify, neither party shall be liable for lost profits.'],
    ['Excluding any breach of confidentiality, neither party shall be liable for lost profits.'],
  ])('finds the carve-out in %j', (text) => {
    expect(cap(text)).toEqual({ kind: 'uncapped', limited: true });
  });
});

describe('liability: each wording on its own', () => {
  it.each([
    // No kind of damages stands right before the noun.
    ['Neither party shall be liable for consequential or incidental business losses.'],
    ['Neither party shall be liable for lost revenue.'],
    ['Supplier is not liable for any lost profits.'],
    ['The parties waive any claim for punitive damages.'],
    ['Supplier shall have no liability in excess of the fees paid under this Agreement.'],
    ["Vendor's liability is limited to the fees paid."],
    ["Supplier's liability shall be limited as set forth in Exhibit C."],
    ['Limitation of Liability.'],
    ["Repair or replacement is Buyer's sole remedy for defective Products."],
    ["Supplier's sole and exclusive liability for defective Products is set forth in this Section."],
    ["This Section states Supplier's entire obligation with respect to any claim for defective Products."],
    ['No action may be brought more than one year from the date the cause of action accrued.'],
    ['No claim may be asserted later than two years from the date on which it arose.'],
    ['No action under this Agreement may be brought by Customer against Supplier unless commenced within one year after the claim arose.'],
    ['No suit may be brought more than one year after the date of the cause of action.'],
  ])('reads %j as a limitation', (text) => {
    expect(field(text)).toEqual(limitation(text));
  });

  it.each([
    ['The total liability of Supplier for all claims is $50,000.', 50_000],
    ["Supplier's total contractual liability shall be $50,000.", 50_000],
    // A boilerplate exception, however worded, leaves the cap whole.
    ["Except as expressly provided herein, Supplier's liability shall not exceed $10,000.", 10_000],
    ["Except as otherwise provided by law, Supplier's liability shall not exceed $10,000.", 10_000],
  ])('reads the cap in %j', (text, amount) => {
    expect(field(text)).toEqual(limitation(text, amount, 'USD'));
  });

  it.each([
    ["Customer's damages include, but are not limited to, direct damages."],
    // "shall not be limited to" is no cap.
    ["Licensee's liability for breach of confidentiality shall not be limited to the fees paid."],
    ['Each party’s confidentiality obligations and limitations on use shall not apply to information that is public.'],
    ['The foregoing indemnification obligations shall not apply to any liability arising from a modification of the Software.'],
    // Insurance minimums and deductibles, not caps.
    ['Contractor shall maintain an aggregate liability limit of not less than $2,000,000.'],
    ['Auto liability deductibles shall not exceed $5,000.'],
  ])('finds nothing in %j', (text) => {
    expect(field(text)).toBeNull();
  });

  it.each([
    ['Neither party shall be liable for lost profits, but this does not apply to breaches of confidentiality.'],
    ['Neither party shall be liable for lost profits; the same shall not apply to claims of fraud.'],
    ['Neither party will be liable for lost profits, but that will not apply to claims of fraud.'],
    [
      'Neither party shall be liable for indirect damages; provided that the foregoing limitation shall neither apply to fraud nor limit indemnity obligations.',
    ],
    ['The parties waive any and all limitations of liability for breach of confidentiality.'],
    ['The limitations of liability shall not be applicable in any way to claims for fraud.'],
  ])('finds the carve-out in %j', (text) => {
    expect(cap(text)).toEqual({ kind: 'uncapped', limited: true });
  });

  it.each([
    ['The foregoing shall not apply to liability arising from gross negligence.'],
    ['The limitation set forth above shall not apply to liability for fraud.'],
    ["Nothing in this Agreement or in any Statement of Work is intended to limit either party's liability for fraud."],
    ['This Agreement shall not limit any liability for fraud.'],
    ['This Section shall not limit the obligations of Supplier to indemnify Customer against third-party damages.'],
    ["The exclusion of consequential damages shall not limit a party's right to recover amounts paid to third parties."],
    ['This Section shall not limit the indemnification obligations of either party for third-party damages.'],
    ['Neither party excludes liability for fraud.'],
    ['Liability for fraud is not subject to any limitation in this Agreement.'],
  ])('reads %j as an uncapped liability on its own', (text) => {
    expect(cap(text)).toEqual({ kind: 'uncapped', limited: false });
  });
});

describe('liability: which sentence the field takes, and what an exception needs', () => {
  it('takes an exception for a carve-out only from a cap or an exclusion of damages', () => {
    expect(cap("Except for claims of fraud, replacement is Buyer's sole and exclusive remedy.")).toEqual({ kind: 'capped', limited: true });
    // Nothing is limited here (no kind of damages, no sum), so there is nothing to carve out of.
    expect(
      cap('Except for its indemnification obligations, neither party shall have any liability to the other under this Section.'),
    ).toBeNull();
  });

  it('quotes the first carve-out', () => {
    const text =
      'The liability cap does not apply to breaches of confidentiality. The limitations of liability shall not be applicable to claims for fraud.';
    expect(field(text)?.quote).toBe('The liability cap does not apply to breaches of confidentiality.');
  });

  it('takes no sum from an exclusion, and skips a zero fee before the cap', () => {
    expect(field('Neither party shall be liable for lost profits on orders above $1,000.')?.amount).toBeNull();
    const text = "Licensor's liability for the free evaluation licence ($0 fee) shall not exceed $1,000.";
    expect(field(text)).toEqual(limitation(text, 1_000, 'USD'));
  });
});

describe('carve-outs read across a list lead, and carve-outs for the price alone', () => {
  it.each([
    // A cap written as "liable ... in an amount greater than", with an exception.
    'EXCEPT IN THE EVENT OF A CLAIM UNDER SECTION 10, IN NO EVENT SHALL EITHER PARTY BE LIABLE TO THE OTHER PARTY IN AN AMOUNT GREATER THAN THE FEES PAID HEREUNDER.',
    // An exception that leads a list of limitations.
    'Except as provided by Sections 19(a) and 19(b):\n\na) Neither party will have liability for any indirect or consequential damages.',
    // A payment carve-out beside a wrong still leaves that wrong uncapped.
  ])('finds an uncapped liability in %j', (text) => {
    expect(cap(text)).toEqual({ kind: 'uncapped', limited: true });
  });

  it('still finds a payment carve-out uncapped when it also names a wrong', () => {
    expect(
      cap(
        "The foregoing limitations do not apply to the Customer's obligation to pay the Fees or to either party's indemnification obligations.",
      ),
    ).toEqual({ kind: 'uncapped', limited: false });
    expect(cap("The liability cap does not apply to Licensee's payment obligations.")).toEqual({ kind: 'capped', limited: true });
  });

  it.each([
    'In no event shall either party be liable in an amount greater than the fees paid hereunder.',
    // The lead names no exception, or only a generic one.
    'The following limitations apply:\n\na) Neither party will have liability for any indirect or consequential damages.',
    'Except as otherwise provided herein:\n\na) Neither party will have liability for any indirect or consequential damages.',
    // Carve-outs for the price alone.
    "IN NO EVENT SHALL THE PROVIDER'S TOTAL LIABILITY EXCEED THE AMOUNT PAID IN THE PRIOR TWELVE MONTHS. The foregoing limitations do not apply to the Company's obligation to pay the Service Fees.",
    'Neither party shall be liable for consequential damages. The Termination Fee shall not be subject to the limitations set forth in this Section.',
    'No action may be brought by either party more than one (1) year after the cause of action arose; provided, however, the foregoing limitation shall not apply to the collection of any amounts due under this Agreement.',
  ])('reads a limitation with no uncapped liability in %j', (text) => {
    expect(cap(text)).toEqual({ kind: 'capped', limited: true });
  });
});

describe('liability: more ways to exclude damages', () => {
  it.each([
    [
      'Neither the Supplier nor the Customer, nor any of their affiliates, shall have any liability for any special, indirect or consequential damages.',
    ],
    ['The parties will not have liability for any damages other than direct damages.'],
    ['The Supplier shall have no liability for lost profits arising out of this Agreement.'],
    ["The Supplier's liability for indirect loss, including loss of profit and lost savings, is excluded."],
    [
      'The responsible party shall reimburse the other for any losses incurred directly as a result of the error, but excluding any and all consequential or other indirect damages.',
    ],
  ])('reads %j as a limitation', (text) => {
    expect(cap(text)).toEqual({ kind: 'capped', limited: true });
  });

  it.each([
    ['Neither the Supplier nor the Customer shall assign this Agreement without consent.'],
    ['The Supplier shall have no liability under any lease for the premises.'],
    ['Net Sales means gross sales, excluding taxes and shipping costs.'],
    ['Liability insurance for claims is excluded from the fee.'],
  ])('does not read %j as a limitation', (text) => {
    expect(cap(text)).toBeNull();
  });

  it('does not take an exception for what the law makes mandatory as a carve-out', () => {
    expect(
      cap(
        'The Supplier will not have any liability for any consequential or indirect damages, except only in the case of death or personal injury where and to the extent that applicable law requires such liability.',
      ),
    ).toEqual({ kind: 'capped', limited: true });
    expect(
      cap(
        'The Supplier will not have any liability for any consequential or indirect damages, except in the case of a breach of confidentiality.',
      ),
    ).toEqual({ kind: 'uncapped', limited: true });
  });
});

describe('liability: caps on a recovery, and exculpation for good faith', () => {
  it.each([
    ['Reimbursements claimed under such indemnification shall not exceed the payments received by the Supplier under this Agreement.'],
    ['Recovery under this Section shall be limited to the fees paid in the preceding year.'],
    ['The Agent shall not be required to contribute any amount in excess of the underwriting discount received by it.'],
    ['A Member will not be liable to the Company for any mistake in judgment or for any act or omission done in good faith.'],
  ])('reads %j as a limitation', (text) => {
    expect(cap(text)).toEqual({ kind: 'capped', limited: true });
  });

  it.each([
    ['The Company shall reimburse pre-approved expenses, including but not limited to travel and meals.'],
    ['The Indemnifying Party may settle the claim, including but not limited to any claim for costs.'],
    ['The Agent shall be required to contribute its share of the capital.'],
    ['The Member shall act in good faith and shall not be liable for taxes of the Company.'],
    ['A Member will be liable for any act or omission not done in good faith.'],
  ])('does not read %j as a limitation', (text) => {
    expect(cap(text)).toBeNull();
  });
});

describe('liability: remedies and limits that cap no breach', () => {
  it.each([
    ['The termination rights set forth herein shall not constitute the exclusive remedy of the non-defaulting party.'],
    ['Injunctive relief shall be a non-exclusive remedy available to the Licensor.'],
    ["The Termination Fee will be the Supplier's sole remedy for the Customer terminating for convenience."],
    [
      "The liability of each Party to the Joint Venture Company shall be limited to contributing its share of the Joint Venture Company's registered capital.",
    ],
    [
      'Definitions 1 1.1 Defined Terms 1 Termination 14.1 Termination For Cause 33 14.2 Sole Remedy 34 14.3 Mitigation 34 Indemnities 15.1 Indemnity 35 15.2 Limitation Of Liability 36',
    ],
  ])('does not read %j as a limitation', (text) => {
    expect(cap(text)).toBeNull();
  });

  it.each([
    ["Termination under this Section shall be the Customer's sole and exclusive remedy for the Supplier's breach."],
    ["Each party's liability for breach shall be limited to the fees paid under this Agreement."],
    ['LIMITATION OF LIABILITY. Neither party shall be liable for any indirect damages.'],
  ])('still reads %j as a limitation', (text) => {
    expect(cap(text)).toEqual({ kind: 'capped', limited: true });
  });
});

describe('liability: excluding a kind of loss', () => {
  it.each([
    ['The Agent shall not be liable in any way for any loss or damage arising from any inaccuracy or interruption in the market data.'],
    ['The Supplier shall not be liable to the Customer for any damages arising from unauthorised access to the service.'],
  ])('reads %j as a limitation', (text) => {
    expect(cap(text)).toEqual({ kind: 'capped', limited: true });
  });

  it('keeps an exception to excusing one kind of loss capped', () => {
    expect(
      cap(
        'Except in the event of wilful misconduct or gross negligence, the Reseller shall not be liable to the Company with respect to any loss resulting from the Company products.',
      ),
    ).toEqual({ kind: 'capped', limited: true });
  });

  it.each([
    ['Neither party shall be liable for any loss or damage resulting from delays caused by events beyond its reasonable control.'],
    ['Neither party shall be liable for any loss arising from a force majeure event.'],
    ['The Supplier shall be liable for any loss arising from its negligence.'],
  ])('does not read %j as a limitation', (text) => {
    expect(cap(text)).toBeNull();
  });
});

describe('uncapped liability: invented drafting of each family', () => {
  const uncapped = (text: string) => extractFields(text).liabilityCap?.kind === 'uncapped';

  it.each([
    "EXCEPT FOR A PARTY'S INDEMNIFICATION OBLIGATIONS UNDER SECTION 10, IN NO EVENT SHALL EITHER PARTY'S AGGREGATE LIABILITY EXCEED THE FEES PAID IN THE TWELVE MONTHS PRECEDING THE CLAIM.",
    "The limitations set forth in this Section 12 shall not apply to damages arising from a party's breach of its confidentiality obligations under Section 8.",
    'Neither party shall be liable for any indirect, incidental or consequential damages, except in the case of gross negligence or willful misconduct.',
    "Except with respect to claims of infringement of intellectual property rights, neither party's total liability under this Agreement shall exceed $500,000.",
    "The exclusions and limitations of liability in this Article 9 do not apply to (a) a party's indemnification obligations, (b) breach of Section 7 (Confidentiality), or (c) a party's gross negligence, fraud or wilful misconduct.",
    'Nothing in this Agreement shall limit or exclude the liability of either party for fraud, gross negligence or wilful misconduct.',
    "Supplier's liability for breach of Clause 14 (Data Protection) shall be unlimited.",
    "IN NO EVENT SHALL COMPANY BE LIABLE FOR ANY CONSEQUENTIAL DAMAGES, PROVIDED THAT THE FOREGOING SHALL NOT APPLY TO COMPANY'S OBLIGATIONS UNDER SECTION 9 (INDEMNIFICATION).",
    "THE LIMITATIONS IN THIS SECTION 15 WILL NOT APPLY TO LIABILITY ARISING FROM A PARTY'S INFRINGEMENT OR MISAPPROPRIATION OF THE OTHER PARTY'S INTELLECTUAL PROPERTY RIGHTS.",
    "Party A's liability for indemnification under Section 8 is not subject to the limitation set out in Section 9.2.",
    'Except for liability arising from breach of confidentiality, neither party will be liable for lost profits or any special, indirect or consequential damages.',
    "Excluding claims arising from a party's gross negligence or willful misconduct, each party's liability shall not exceed one million dollars ($1,000,000).",
    // A section number with a dot between the cap and "shall not apply".
    "The cap on liability in Section 11.2 shall not apply to Licensee's liability for any unauthorized use of the Licensed Technology.",
    // "save in respect of", "other than for" say "except for".
    'Save in respect of liability for breach of confidentiality, the total liability of the Supplier shall not exceed the Charges paid in the relevant year.',
    "Other than for breach of Section 6 (Confidentiality) or a party's indemnity obligations, the maximum aggregate liability of each party shall be limited to the amounts paid hereunder.",
    // What is not limited may be a named party's obligations under the indemnity section.
    "Notwithstanding anything to the contrary in this Agreement, the limitations of liability set forth in Section 10.1 shall not limit Distributor's obligations under Section 11 (Indemnification).",
    // Injury beside damage to property is more than what the law keeps uncapped.
    'The foregoing limitation of liability does not apply to claims for bodily injury, death or damage to real or tangible personal property caused by the negligence of a party.',
  ])('finds %j', (text) => {
    expect(uncapped(text)).toBe(true);
  });

  it.each([
    "IN NO EVENT SHALL EITHER PARTY'S AGGREGATE LIABILITY ARISING OUT OF THIS AGREEMENT EXCEED THE FEES PAID BY CUSTOMER IN THE TWELVE (12) MONTHS PRECEDING THE CLAIM.",
    'Neither party shall be liable for any indirect, special, incidental or consequential damages, including lost profits, however caused.',
    // A carve-out that is itself capped (a super-cap) leaves nothing uncapped.
    "Notwithstanding the foregoing, each party's liability for breach of its confidentiality obligations shall not exceed two times the fees paid under this Agreement.",
    "For claims arising from breach of Section 8 (Data Security), Vendor's aggregate liability shall be limited to five million dollars ($5,000,000) in lieu of the cap in Section 12.1.",
    "Each party's liability for its indemnification obligations shall be capped at three times the annual fees.",
    // Disclaimers and boilerplate exceptions.
    'EXCEPT AS EXPRESSLY SET FORTH IN THIS AGREEMENT, SUPPLIER MAKES NO WARRANTIES, EXPRESS OR IMPLIED, INCLUDING ANY WARRANTY OF MERCHANTABILITY OR FITNESS FOR A PARTICULAR PURPOSE.',
    'THE PRODUCTS ARE PROVIDED "AS IS" AND LICENSOR DISCLAIMS ALL WARRANTIES, EXCEPT AS PROVIDED IN SECTION 7.',
    'Except as otherwise provided herein, the total liability of Supplier shall be limited to the purchase price of the Products.',
    "Licensee shall indemnify Licensor against all claims arising from Licensee's breach of this Agreement.",
    "Licensee's sole and exclusive remedy for any breach of warranty shall be repair or replacement of the defective Product.",
    'The indemnification obligations of Section 9 shall be subject to the limitations set forth in Section 10.',
    // An exception for the price alone.
    "Except for Customer's obligation to pay fees, neither party shall be liable for consequential damages.",
    // An indemnity that does not apply narrows the indemnity.
    "Supplier's obligation to indemnify the Customer Indemnitees under this Section 9.1.1 shall not apply to the extent that the Losses result from Customer's negligence or willful misconduct.",
    // "Without prejudice to any other limitation" adds a limitation.
    "Without prejudice to any other limitation of either party's liability, neither party shall be liable for any loss of profits or any indirect or consequential loss.",
    // What the law keeps uncapped anyway: death or personal injury caused by negligence, and fraud.
    'Nothing in this Agreement shall limit or exclude liability for death or personal injury caused by negligence.',
    'Nothing in this Agreement shall limit either party’s liability for death or personal injury resulting from its negligence or for fraudulent misrepresentation.',
    'No Party excludes or restricts its liability for death or personal injury resulting from its own negligence.',
    'Liability for death or personal injury caused by negligence will be unlimited.',
    'This exclusion of damages shall not apply to claims for death or personal injury.',
    'Neither party limits any liability for death or personal injury.',
  ])('does not count %j', (text) => {
    expect(uncapped(text)).toBe(false);
  });
});

describe('liability: more wordings of a cap, a time bar and "does not apply"', () => {
  it.each([
    ['In no event shall either party be liable for an amount greater than the fees paid.'],
    ["In no event shall a party's liability be greater than the fees paid in the prior year."],
    ['Neither party shall be liable for any amounts in excess in the aggregate of the fees paid.'],
  ])('reads %j as a cap on the amount', (text) => {
    expect(cap(text)).toEqual({ kind: 'capped', limited: true });
    expect(extractFields(text).liabilityCap?.amount ?? null).toBeNull();
  });

  it('reads a time bar that opens with the verb', () => {
    expect(
      cap('Neither party may bring any action arising out of this Agreement more than one year after the cause of action has accrued.'),
    ).toEqual({
      kind: 'capped',
      limited: true,
    });
  });

  it.each([
    [
      'Except for claims for indemnification, neither party may bring any action arising out of this Agreement more than one year after the cause of action has accrued.',
    ],
    ['The limitations of liability in this Article shall be inapplicable to claims arising from a breach of confidentiality.'],
    [
      'The foregoing limitation on liability shall not be applicable to liability arising from infringement of intellectual property rights.',
    ],
    ['EXCEPT FOR BREACH OF SECTION 9, IN NO EVENT SHALL EITHER PARTY BE LIABLE FOR AN AMOUNT GREATER THAN THE FEES PAID.'],
  ])('finds the carve-out in %j', (text) => {
    expect(cap(text)).toEqual({ kind: 'uncapped', limited: true });
  });
});

describe('uncapped liability: carve-outs in lists and headings, and what leaves nothing uncapped', () => {
  const uncapped = (text: string) => extractFields(text).liabilityCap?.kind === 'uncapped';

  it.each([
    'Neither party excludes or limits its liability for fraud, for wilful misconduct, or for breach of its confidentiality obligations.',
    'The limitation of liability set out in Clause 12.1 shall not apply in respect of any claim under the indemnity at Clause 11.',
    '9.3 Exceptions. The limitations in Sections 9.1 and 9.2 do not apply to: (a) breach of Section 6; (b) indemnification obligations; or (c) gross negligence.',
    "EXCEPT FOR DAMAGES ARISING FROM A BREACH OF CONFIDENTIALITY OR A PARTY'S INDEMNIFICATION OBLIGATIONS, IN NO EVENT WILL EITHER PARTY BE LIABLE FOR ANY LOST PROFITS OR CONSEQUENTIAL DAMAGES.",
    "Notwithstanding the foregoing, the exclusion of consequential damages in Section 14.1 shall not apply to damages resulting from a party's willful misconduct.",
    'With the exception of liability for breach of Article 8 (Confidentiality), the total aggregate liability of either party shall not exceed the fees paid.',
  ])('finds %j', (text) => {
    expect(uncapped(text)).toBe(true);
  });

  it.each([
    'The limitations set forth in this Section 10 shall apply to all claims, including claims for indemnification.',
    'Supplier shall indemnify Customer against all losses arising from any infringement of third party intellectual property rights.',
    'The foregoing limitations apply even if any remedy fails of its essential purpose.',
    'Each party acknowledges that the limitations of liability in this Section 12 reflect an allocation of risk and form an essential basis of the bargain.',
    'In no event shall Licensor be liable for any damages arising out of the use of the Software, except as provided herein.',
    "Notwithstanding anything to the contrary, a party's liability for breach of its confidentiality obligations shall be limited to $2,000,000.",
    'The cap in Section 9.1 shall apply to the indemnification obligations of each party.',
    // Not limiting a right to indemnification is not a carve-out from a limitation of liability.
    "Nothing in this Section 11.3 is intended to limit Buyer's rights to indemnification under Section 12.",
  ])('does not count %j', (text) => {
    expect(uncapped(text)).toBe(false);
  });
});

describe('liability: an exception pointing at a numbered section is a carve-out, even "below"', () => {
  it('reads "except as set forth below in this Section 13.4(b)" as a carve-out, but not "except as set forth below"', () => {
    expect(
      cap(
        "EXCEPT AS SET FORTH BELOW IN THIS SECTION 13.4(b), IN NO EVENT SHALL A PARTY'S LIABILITY BE GREATER THAN THE FEES PAID IN THE PRIOR YEAR.",
      ),
    ).toEqual({ kind: 'uncapped', limited: true });
    expect(
      cap("EXCEPT AS SET FORTH BELOW, IN NO EVENT SHALL A PARTY'S LIABILITY BE GREATER THAN THE FEES PAID IN THE PRIOR YEAR."),
    ).toEqual({
      kind: 'capped',
      limited: true,
    });
  });
});

describe('liability: a limitation made subject to a numbered section leaves room for the carve-out there', () => {
  it.each([
    ['Subject to Section 17(c), in no event shall either Party be liable to the other for any consequential or punitive damages.'],
    ["Subject to Clauses 9.1 and 9.2, each party's total liability under this Agreement is limited to the fees paid in the Contract Year."],
  ])('finds the carve-out in %j', (text) => {
    expect(cap(text)).toEqual({ kind: 'uncapped', limited: true });
  });

  it.each([
    ["Subject to the terms of this Agreement, each party's total liability shall not exceed the fees paid in the prior year."],
    ['Subject to the limitations in this Agreement, neither party shall be liable for any consequential damages.'],
  ])('keeps %j capped', (text) => {
    expect(cap(text)).toEqual({ kind: 'capped', limited: true });
  });

  it('does not read an indemnity made subject to the limitations as a carve-out', () => {
    expect(
      extractFields('Subject to Section 10 (Limitation of Liability), Supplier shall indemnify Customer against third-party claims.')
        .liabilityCap?.kind,
    ).not.toBe('uncapped');
  });
});

describe('uncapped liability: a carve-out that is itself capped (a super-cap)', () => {
  const uncapped = (text: string) => extractFields(text).liabilityCap?.kind === 'uncapped';

  it.each([
    "Except for breaches of confidentiality, for which each party's liability shall not exceed $5,000,000, neither party's total liability shall exceed the fees paid.",
    'The limitations in Section 9.1 shall not apply to indemnification obligations, which shall instead be subject to a cap of three times the fees paid.',
    "The cap in Section 12.1 shall not apply to breaches of Section 8; instead, each party's aggregate liability for such breaches shall not exceed two million dollars.",
    "The limitations of liability in Section 9 shall not apply to breaches of Section 8. Instead, each party's aggregate liability for such breaches shall not exceed two million dollars.",
  ])('does not count %j', (text) => {
    expect(uncapped(text)).toBe(false);
  });

  it('still counts a carve-out whose relative clause leaves it unlimited', () => {
    expect(
      uncapped(
        'Except for breaches of confidentiality, for which liability shall be unlimited, neither party shall be liable for consequential damages.',
      ),
    ).toBe(true);
  });
});
