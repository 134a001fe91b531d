import { describe, expect, it } from 'vitest';
import { extractFields } from './extract-fields.js';

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
