import { describe, expect, it } from 'vitest';
import {
  buildScorer,
  decodeWeights,
  documentEvidence,
  documentProbability,
  encodeWeights,
  scoreSentences,
  sigmoid,
  stackerInputs,
} from './model.js';

describe('weight encoding', () => {
  it('round-trips buckets exactly and weights within half a quantisation step', () => {
    const weights = new Map([
      [5, 1.27],
      [200, -0.5],
      [1_000_000, 0.013],
      [70_000, -1.27],
    ]);
    const { scale, weights: encoded } = encodeWeights(weights);
    const decoded = decodeWeights(scale, encoded);
    expect([...decoded.keys()].sort((a, b) => a - b)).toEqual([5, 200, 70_000, 1_000_000]);
    for (const [bucket, weight] of weights) expect(Math.abs(decoded.get(bucket)! - weight)).toBeLessThanOrEqual(scale / 2 + 1e-9);
  });

  it('drops weights that quantise to zero', () => {
    const { scale, weights } = encodeWeights(
      new Map([
        [1, 10],
        [2, 0.001],
      ]),
    );
    expect([...decodeWeights(scale, weights).keys()]).toEqual([1]);
  });
});

describe('sentence scoring', () => {
  const scorer = buildScorer([
    {
      bias: -1,
      weights: new Map([
        [1, 2],
        [2, 1],
      ]),
    },
    { bias: 0.5, weights: new Map([[2, -1]]) },
  ]);

  it('adds the weights of a sentence per category, divided by the square root of its feature count', () => {
    const scores = scoreSentences(scorer, [Int32Array.from([1, 2, 3, 4]), Int32Array.from([])]);
    expect(scores[0]).toBeCloseTo(-1 + 3 / 2);
    expect(scores[1]).toBeCloseTo(0.5 - 1 / 2);
    // A sentence without features scores its bias.
    expect(scores[2]).toBeCloseTo(-1);
    expect(scores[3]).toBeCloseTo(0.5);
  });

  it('aggregates a document: the best sentence, and the best of the sentences the rules point at', () => {
    const scores = Float64Array.from([0.1, 5, 2, -3, 40, 0]); // three sentences, two categories
    const evidence = documentEvidence(scores, 2, 0, true, [0, 1]);
    expect(evidence).toEqual({ rule: true, best: 12, bestSentence: 2, ruleSentence: 2 });
    const none = documentEvidence(scores, 2, 1, false, []);
    expect(none).toMatchObject({ rule: false, best: 5, bestSentence: 0, ruleSentence: -12 });
    expect(documentEvidence(new Float64Array(0), 2, 0, false, [])).toMatchObject({ bestSentence: -1 });
  });

  it('stacks the rules verdict on the sentence logits into a probability', () => {
    const evidence = { rule: true, best: 6, bestSentence: 0, ruleSentence: -12 };
    expect(stackerInputs(evidence)).toEqual([1, 0.5, -1, 0.5]);
    expect(stackerInputs({ ...evidence, rule: false })).toEqual([0, 0.5, -0, 0]);
    expect(documentProbability({ bias: -1, weights: [2, 2, 1, 2] }, evidence)).toBeCloseTo(sigmoid(-1 + 2 + 1 - 1 + 1));
  });
});
