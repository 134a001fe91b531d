import { describe, expect, it } from 'vitest';
import { type DecidedFinding, labelOf, labelsOf } from './labels.js';

const text = 'The Distributor is the exclusive distributor. Governed by the laws of New York.';
const exclusive = { start: 0, end: 45 };
const decided = (overrides: Partial<DecidedFinding>): DecidedFinding => ({
  clause: 'exclusivity',
  category: 'Exclusivity',
  verdict: 'CONFIRMED',
  evidence: exclusive,
  extracted: { governingLaw: 'New York' },
  ...overrides,
});

describe('labels from decisions', () => {
  it('labels a presence finding as read when confirmed, with its evidence, and the opposite when rejected', () => {
    expect(labelOf(decided({}), text)).toEqual({
      present: true,
      answer: 'Yes',
      clauses: ['The Distributor is the exclusive distributor.'],
      char_spans: [[[0, 45]]],
    });
    expect(labelOf(decided({ verdict: 'REJECTED' }), text)).toEqual({ present: false, answer: 'No', clauses: [], char_spans: [] });
    // "An insurance clause is missing": confirmed, there is none; rejected, there is one (where, nobody said).
    const missing = decided({ clause: 'insurance', category: 'Insurance', evidence: null });
    expect(labelOf(missing, text)).toEqual({ present: false, answer: 'No', clauses: [], char_spans: [] });
    expect(labelOf({ ...missing, verdict: 'REJECTED' }, text)).toEqual({ present: true, answer: 'Yes', clauses: [], char_spans: [] });
  });

  it('labels a value finding present with CUAD’s answer when confirmed, and nothing when rejected', () => {
    const law = decided({ clause: 'governingLaw', category: 'Governing Law', evidence: { start: 46, end: 79 } });
    expect(labelOf(law, text)).toEqual({
      present: true,
      answer: 'New York',
      clauses: ['Governed by the laws of New York.'],
      char_spans: [[[46, 79]]],
    });
    expect(labelOf({ ...law, verdict: 'REJECTED' }, text)).toBeNull();
    expect(labelOf(decided({ clause: 'paymentDays', category: null }), text)).toBeNull();
  });

  it('merges agreeing decisions on a category and labels nothing where they disagree', () => {
    const agreeing = labelsOf([decided({}), decided({ evidence: { start: 4, end: 15 } })], text);
    expect(agreeing.Exclusivity?.char_spans).toEqual([[[0, 45]], [[4, 15]]]);
    const disagreeing = labelsOf(
      [decided({}), decided({ verdict: 'REJECTED' }), decided({ clause: 'governingLaw', category: 'Governing Law' })],
      text,
    );
    expect(Object.keys(disagreeing)).toEqual(['Governing Law']);
  });
});
