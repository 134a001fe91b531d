import { describe, expect, it } from 'vitest';
import { splitClauses } from '../clauses.js';
import { buildTextView } from '../text-view.js';
import { featureHash, featureNames, HASH_BITS, hashFeatures, sentenceClauses, sentenceFeatures, viewFeatures } from './features.js';

const context = { heading: '12.1 Change of Control', leadIn: '', position: 0.42 };

describe('sentence features', () => {
  it('reads lower-case words, word pairs with numbers as #, the heading, defined terms, position and length', () => {
    const names = featureNames('Upon a "Change of Control" the Licensor may terminate on thirty (30) days notice.', context);
    expect(names).toEqual(expect.arrayContaining(['upon', 'licensor', 'may terminate', '# days', 'days notice']));
    expect(names).toEqual(expect.arrayContaining(['h:change', 'h:control', 'd:change of control', 'defines', 'p:4']));
    // The heading's numbering and its small words say nothing.
    expect(names).not.toContain('h:#');
    expect(names).not.toContain('h:of');
    expect(names.filter((name) => name.startsWith('n:'))).toHaveLength(1);
  });

  it('reads a list item with the words of its lead-in', () => {
    const names = featureNames('(b) upon a change of control;', {
      heading: null,
      leadIn: 'Licensor may terminate this Agreement',
      position: 0,
    });
    expect(names).toEqual(expect.arrayContaining(['l:licensor', 'l:terminate', 'l:agreement']));
    expect(names).not.toContain('l:this');
  });

  it('hashes into the 2^20 space, and the fast path gives exactly the buckets of the names', () => {
    for (const text of ['Licensee shall maintain insurance.', 'No "Exclusive Territory" is granted; 30 days 30 days.', '', '第一条 保险']) {
      expect(Array.from(sentenceFeatures(text, context))).toEqual(Array.from(hashFeatures(featureNames(text, context))));
    }
    expect(featureHash('insurance')).toBeLessThan(2 ** HASH_BITS);
    expect(featureHash('insurance')).toBe(featureHash('insurance'));
    expect(featureHash('insurance')).not.toBe(featureHash('insurancf'));
  });

  it('buckets are sorted and unique', () => {
    const buckets = Array.from(sentenceFeatures('the party the party the party', context));
    expect(buckets).toEqual([...new Set(buckets)].sort((a, b) => a - b));
  });

  it('places each sentence in the clause it starts in, and gives every sentence its features', () => {
    const text = '1. Definitions\nTerms mean things.\n\n2. Insurance\nSupplier shall maintain insurance. It shall name Buyer.';
    const view = buildTextView(text, splitClauses(text));
    const clauses = sentenceClauses(view);
    const insurance = view.sentences.findIndex((sentence) => sentence.text.includes('Supplier'));
    expect(view.clauses[clauses[insurance]!]!.heading).toContain('Insurance');
    expect(view.clauses[clauses[0]!]!.heading).toContain('Definitions');
    const features = viewFeatures(view);
    expect(features).toHaveLength(view.sentences.length);
    expect(features[insurance]).toContain(featureHash('h:insurance'));
  });

  it('cuts a very long sentence at 200 words, so the work per sentence is bounded', () => {
    const long = Array.from({ length: 1000 }, (_, index) => `word${String.fromCharCode(97 + (index % 26))}${index}`).join(' ');
    expect(featureNames(long, context).length).toBeLessThan(450);
  });
});
