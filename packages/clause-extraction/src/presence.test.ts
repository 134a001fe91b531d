import { describe, expect, it } from 'vitest';
import { isBareHeading, isTableOfContents, presenceOf } from './presence.js';
import { buildTextView } from './text-view.js';

const viewOf = (text: string) => buildTextView(text, []);
/** The original text the evidence of a presence field covers. */
const quoted = (text: string, mentions: RegExp, test: (text: string) => boolean = () => true) => {
  const field = presenceOf(viewOf(text), mentions, test);
  return field ? text.slice(field.evidence.start, field.evidence.end) : null;
};

describe('bare headings', () => {
  it.each([
    'ASSIGNMENT AND CHANGE OF CONTROL',
    '12. Exclusivity.',
    'Island Insurance',
    'Mayday Procedures',
    'Disclosure of Information',
    'x'.repeat(59),
  ])('%j is a bare heading', (text) => {
    expect(isBareHeading(text)).toBe(true);
  });

  it('is not a heading at 60 characters or more', () => {
    expect(isBareHeading('x'.repeat(60))).toBe(false);
  });

  it.each([
    'shall',
    'will',
    'may',
    'must',
    'can',
    'cannot',
    'is',
    'are',
    'be',
    'been',
    'means',
    'agree',
    'agrees',
    'has',
    'have',
    'does',
    'do',
    'SHALL',
  ])('is not a heading with the verb %j', (verb) => {
    expect(isBareHeading(`The Licensee ${verb} assign`)).toBe(false);
  });
});

describe('tables of contents', () => {
  it.each([
    ['titles before sections and articles', 'Defined Terms 1 Section 1.02 Accounting Terms 4 ARTICLE II Amount 5 Schedule A'],
    ['titles before exhibits in capitals', 'Definitions 1 EXHIBIT A Payment 3 SCHEDULE B Notices 7 ARTICLE IV'],
    ['titles before numbered sections', 'Definitions 1 1.01 Terms 2 1.02 Rules 3 1.03 Other'],
    ['titles before titles', 'Definitions 1 Payment Terms 5 Termination Clauses 9 Notices apply'],
    ['titles ending in a bracket', 'Term (a) 1 Section 2 Fees (b) 3 Section 4 Notice (c) 5 Section 6'],
  ])('reads %s as a table of contents', (_, text) => {
    expect(isTableOfContents(text)).toBe(true);
  });

  it.each([
    ['two entries', 'Defined Terms 1 Section 1.02 Accounting Terms 4 ARTICLE II'],
    ['numbers after "within"', 'pay within 10 Business days, deliver within 20 Calendar days and notify within 30 Working days'],
    ['numbers after "Section"', 'see Section 10 Section 2, Section 11 Section 3 and Section 12 Section 4'],
    ['numbers after "least", "than" and "of"', 'at least 10 Business days, more than 20 Calendar days and of 30 Working days'],
    ['four-digit numbers', 'Defined Terms 1000 Section 1.02 Accounting Terms 4000 ARTICLE II Amount 5000 Schedule A'],
    ['plain prose', 'The Supplier shall maintain insurance with reputable insurers.'],
  ])('does not read %s as a table of contents', (_, text) => {
    expect(isTableOfContents(text)).toBe(false);
  });

  it.each([
    ['one-letter titles', 'Form A 5 Section 2.01 Form B 6 Section 2.02 Form C 7 ARTICLE III'],
    ['two-digit page numbers', 'Terms 12 Section 1.02 Fees 14 Section 2.01 Notice 15 ARTICLE IV'],
    ['two-digit section numbers after the page', 'Terms 4 10.1 Fees 7 11.2 Notice 9 12.3 Assignment'],
  ])('reads %s as a table of contents', (_, text) => {
    expect(isTableOfContents(text)).toBe(true);
  });

  it('does not count "within 10" at the very start as a page number', () => {
    expect(isTableOfContents('within 10 Business days Terms 4 Section 1.02 Fees 7 ARTICLE II')).toBe(false);
  });

  it('counts an entry whose page-like word lies more than 12 characters before the number', () => {
    expect(isTableOfContents('Clause headings Term 1 Section 2 Fees 3 Section 4 Notice 5 Section 6')).toBe(true);
  });
});

describe('presenceOf', () => {
  it('is the first sentence that mentions the topic and passes the test', () => {
    const text =
      'The Supplier sells widgets to the Buyer in bulk quantities as ordered. The Supplier shall maintain insurance for the whole term of this agreement. The Buyer shall maintain insurance too, for the whole term of this agreement.';
    expect(quoted(text, /insurance/i)).toBe('The Supplier shall maintain insurance for the whole term of this agreement.');
  });

  it('calls the test only for sentences that mention the topic, with the sentence and its index', () => {
    const calls: Array<[string, number, number]> = [];
    presenceOf(viewOf('Widgets are sold. Insurance is kept.'), /insurance/i, (text, sentence, index) => {
      calls.push([text, sentence.start, index]);
      return false;
    });
    expect(calls).toEqual([['Insurance is kept.', 18, 1]]);
  });

  it('is null when no sentence passes', () => {
    expect(presenceOf(viewOf('Insurance is kept.'), /insurance/i, () => false)).toBeNull();
    expect(presenceOf(viewOf('Widgets are sold.'), /insurance/i, () => true)).toBeNull();
  });

  it('skips a table of contents that lists the topic', () => {
    const text =
      'Definitions 1 Section 1.01 Insurance 4 Section 5.01 Notices 9 ARTICLE X\n\nThe Supplier shall maintain insurance for the whole term of this agreement.';
    expect(quoted(text, /insurance/i)).toBe('The Supplier shall maintain insurance for the whole term of this agreement.');
  });

  it('shows a short heading together with the sentence that follows it', () => {
    const text = '12. Insurance.\n\nThe Supplier shall maintain insurance for the whole term of this agreement.';
    expect(quoted(text, /insurance/i)).toBe(text.slice(text.indexOf('Insurance')));
  });

  it('shows a sentence of 59 characters with the next one, and one of 60 alone', () => {
    const short = `Insurance ${'x'.repeat(48)}.`;
    const long = `Insurance ${'x'.repeat(49)}.`;
    expect(short).toHaveLength(59);
    expect(long).toHaveLength(60);
    expect(quoted(`${short} Then more follows here.`, /insurance/i)).toBe(`${short} Then more follows here.`);
    expect(quoted(`${long} Then more follows here.`, /insurance/i)).toBe(long);
  });

  it('shows a short sentence that has its own verb alone', () => {
    expect(quoted('Supplier shall insure the Goods. Then more follows here.', /insur/i)).toBe('Supplier shall insure the Goods.');
    expect(quoted('Customer guarantees at least $1,000,000 in annual revenue. Then more follows here.', /guarantee/i)).toBe(
      'Customer guarantees at least $1,000,000 in annual revenue.',
    );
  });

  it('shows a short last sentence alone', () => {
    expect(quoted('Widgets are sold. Insurance applies.', /insurance/i)).toBe('Insurance applies.');
  });

  it('is present, with the clause of its evidence', () => {
    expect(presenceOf(viewOf('Insurance applies.'), /insurance/i, () => true)).toEqual({
      present: true,
      evidence: { start: 0, end: 18, clauseIndex: 0 },
    });
  });
});

// Issue 16: a short sentence whose verb is not a modal is a sentence, not a title.
describe('bare headings: short sentences with a party acting', () => {
  it.each([
    'Customer guarantees at least $1,000,000 in annual revenue.',
    'Owner represents and warrants to Operator as follows:',
    'Licensee pays all taxes on the royalties due.',
    'Distributor hereby commits to the purchase of the Products.',
  ])('%j is a sentence', (text) => {
    expect(text.length).toBeLessThan(60);
    expect(isBareHeading(text)).toBe(false);
  });

  it('counts only words that carry meaning: "interest" and "arrears" are no "in" or "a"', () => {
    expect(isBareHeading('Customer pays interest on arrears.')).toBe(false);
  });

  it.each([
    'Minimum Guarantees',
    'Minimum guarantees.',
    '7.1 Customer Guarantees of Revenue.',
    'Seller warrants title',
    // Function words do not make a title a sentence.
    'Who pays for the Goods and the Taxes',
    // Several lower-case words, but none of them a party acting.
    '9.1 Minimum annual purchase quantities and schedules',
  ])('%j is still a heading (capitalised, or too few words to say anything)', (text) => {
    expect(isBareHeading(text)).toBe(true);
  });
});
