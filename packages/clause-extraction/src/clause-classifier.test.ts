import { describe, expect, it } from 'vitest';
import {
  type ClauseClassifier,
  classifiedClause,
  classifierFileSchema,
  classifierFromFile,
  clauseProbability,
  loadClassifier,
  sentenceFeatures,
} from './clause-classifier.js';
import { splitClauses } from './clauses.js';
import { buildTextView } from './text-view.js';

const sigmoid = (score: number) => 1 / (1 + Math.exp(-score));

function classifier(weights: Record<string, number>, overrides: Partial<ClauseClassifier> = {}): ClauseClassifier {
  return {
    category: 'Test',
    trainedOn: 'hand-made',
    candidates: /control/i,
    threshold: 0.5,
    bias: -1,
    weights: new Map(Object.entries(weights)),
    ...overrides,
  };
}

const viewOf = (text: string) => buildTextView(text, splitClauses(text));

describe('sentenceFeatures', () => {
  it('reads lower-case words and adjacent pairs, each once, with every number written #', () => {
    expect(sentenceFeatures('Thirty (30) DAYS, 30 days')).toEqual(['thirty', '#', 'days', 'thirty #', '# days', 'days #']);
  });

  it('splits on anything that is not a letter or digit and keeps digits apart from letters', () => {
    expect(sentenceFeatures("Party's 2nd-tier")).toEqual(['party', 's', '#', 'nd', 'tier', 'party s', 's #', '# nd', 'nd tier']);
  });

  it('writes every digit run as #, from 0 to 9', () => {
    expect(sentenceFeatures('0 9 x9')).toEqual(['#', 'x', '# #', '# x', 'x #']);
  });

  it('has no features for a text without words', () => {
    expect(sentenceFeatures('  -- ; ')).toEqual([]);
  });
});

describe('clauseProbability', () => {
  it('adds the weights of the features it knows and divides by the square root of all of them', () => {
    // Features: a, b, c, "a b", "b c": five, of which a (2) and "a b" (1) are known.
    expect(clauseProbability(classifier({ a: 2, 'a b': 1, z: 9 }), 'A b c')).toBeCloseTo(sigmoid(-1 + 3 / Math.sqrt(5)), 12);
  });

  it('is the bias alone for a text without features, and for features it never saw', () => {
    expect(clauseProbability(classifier({ a: 2 }), '')).toBeCloseTo(sigmoid(-1), 12);
    expect(clauseProbability(classifier({ a: 2 }), 'x y')).toBeCloseTo(sigmoid(-1), 12);
  });

  it('lets a long sentence win by its words, not by its length', () => {
    const model = classifier({ control: 3 });
    const short = clauseProbability(model, 'control');
    const padded = clauseProbability(model, `control ${'word '.repeat(50)}`);
    expect(short).toBeGreaterThan(padded);
  });
});

describe('classifiedClause', () => {
  const model = classifier({ control: 4, terminate: 2, never: -6 });

  it('returns the candidate sentence it is surest of, with its evidence in the original text', () => {
    const text = 'Licensee may terminate on a control event.  Licensor may terminate this Agreement upon a change of control.';
    const found = classifiedClause(viewOf(text), model);
    expect(found).toMatchObject({ present: true, source: 'classifier' });
    // The shorter sentence has the higher probability (same known weights, fewer features).
    expect(text.slice(found!.evidence.start, found!.evidence.end)).toBe('Licensee may terminate on a control event.');
  });

  it('prefers the surer sentence wherever it stands, and the first of two equally sure ones', () => {
    const text = 'Licensor may terminate this Agreement upon a change of control.  Control terminate.';
    const found = classifiedClause(viewOf(text), model);
    expect(text.slice(found!.evidence.start, found!.evidence.end)).toBe('Control terminate.');
    const twice = 'Control terminate.  Control terminate.';
    expect(classifiedClause(viewOf(twice), model)!.evidence.start).toBe(0);
  });

  it('finds nothing below the threshold, and exactly at it counts', () => {
    expect(classifiedClause(viewOf('A control that never happens.'), model)).toBeNull();
    const text = 'Control.';
    const exact = clauseProbability(model, text);
    expect(classifiedClause(viewOf(text), { ...model, threshold: exact })).not.toBeNull();
    expect(classifiedClause(viewOf(text), { ...model, threshold: exact + 1e-9 })).toBeNull();
  });

  it('scores only sentences that match its candidates, however heavy their words', () => {
    expect(classifiedClause(viewOf('Either party may terminate.'), classifier({ terminate: 50 }))).toBeNull();
  });

  it('scores the text readAs gives, skips a sentence it turns down, and asks the candidates of the reading', () => {
    const text = 'Upon a control event the whole deal simply ends at once.';
    expect(classifiedClause(viewOf(text), model)).toBeNull();
    expect(classifiedClause(viewOf(text), model, () => 'control terminate')).not.toBeNull();
    expect(classifiedClause(viewOf('Control terminate.'), model, () => null)).toBeNull();
    // The reading dropped the only candidate word (a title the rules removed): no candidate left.
    expect(
      classifiedClause(viewOf('CONTROL Either party may terminate.'), classifier({ terminate: 50 }), () => 'Either party may terminate.'),
    ).toBeNull();
  });

  it('never counts a table of contents', () => {
    const toc = 'Change of Control 12 Section 13.1 Assignment 14 Section 13.2 Notices 15 Section 13.3 Terminate 16';
    expect(classifiedClause(viewOf(toc), classifier({ control: 50 }))).toBeNull();
  });
});

describe('classifier files', () => {
  const file = {
    category: 'C',
    trainedOn: 't',
    crossValidatedF1: 0.7,
    candidates: 'merg|control',
    threshold: 0.4,
    bias: -2,
    weights: { a: 1 },
  };

  it('builds a classifier with a case-insensitive candidate pattern and its weights', () => {
    const built = classifierFromFile(classifierFileSchema.parse(file));
    expect(built.candidates.test('MERGER')).toBe(true);
    expect(built.weights.get('a')).toBe(1);
    expect(built).toMatchObject({ category: 'C', threshold: 0.4, bias: -2 });
  });

  it.each([
    ['a threshold of 0', { threshold: 0 }],
    ['a threshold of 1', { threshold: 1 }],
    ['an F1 above 1', { crossValidatedF1: 1.2 }],
    ['a weight that is not a number', { weights: { a: '1' } }],
    ['no candidates', { candidates: undefined }],
  ])('rejects %s', (_name, change) => {
    expect(classifierFileSchema.safeParse({ ...file, ...change }).success).toBe(false);
  });

  it('ships the Change of Control classifier: trained on cuad/train, the event and its consequences weigh for it', () => {
    const shipped = loadClassifier('change-of-control');
    expect(shipped.category).toBe('Change of Control');
    expect(shipped.trainedOn).toMatch(/^cuad\/train: 200 contracts/);
    expect(shipped.threshold).toBeGreaterThan(0);
    expect(shipped.threshold).toBeLessThan(1);
    expect(shipped.weights.get('change of')).toBeGreaterThan(0);
    expect(shipped.weights.get('terminate')).toBeGreaterThan(0);
    expect(shipped.candidates.test('a merger of Licensee')).toBe(true);
  });

  it('fails loudly for a classifier that is not shipped', () => {
    expect(() => loadClassifier('no-such-classifier')).toThrow();
  });
});
