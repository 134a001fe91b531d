import { describe, expect, it } from 'vitest';
import { clauseProbability, sentenceFeatures } from '../src/clause-classifier.js';
import {
  bestThreshold,
  contractF1,
  fitClassifier,
  minimiseLbfgs,
  outOfFoldScores,
  probabilityOf,
  type TrainingSentence,
  vocabulary,
} from './clause-classifier-training.js';

const sentence = (text: string, labelled: boolean, contract: number): TrainingSentence => ({
  features: sentenceFeatures(text),
  labelled,
  contract,
});

/** Ten contracts: the even ones have the clause ("terminate upon a change of control"), every one has filler. */
function corpus(): TrainingSentence[] {
  const sentences: TrainingSentence[] = [];
  for (let contract = 0; contract < 10; contract += 1) {
    sentences.push(sentence('The parties shall perform their obligations in good faith.', false, contract));
    sentences.push(sentence(`Payment is due within ${contract + 10} days of the invoice.`, false, contract));
    if (contract % 2 === 0) sentences.push(sentence('Either party may terminate upon a change of control of the other.', true, contract));
    else sentences.push(sentence('Either party may assign this agreement to an affiliate.', false, contract));
  }
  return sentences;
}

describe('minimiseLbfgs', () => {
  it('finds the minimum of a scaled quadratic', () => {
    const centre = [3, -2, 0.5, 10];
    const scale = [1, 100, 0.01, 5];
    const point = minimiseLbfgs((x, gradient) => {
      let value = 0;
      for (let k = 0; k < centre.length; k += 1) {
        const d = x[k]! - centre[k]!;
        value += scale[k]! * d * d;
        gradient[k] = 2 * scale[k]! * d;
      }
      return value;
    }, centre.length);
    for (const [k, value] of centre.entries()) expect(point[k]).toBeCloseTo(value, 4);
  });

  it('follows the curved valley of the Rosenbrock function to (1, 1)', () => {
    const point = minimiseLbfgs(
      (x, gradient) => {
        const [a, b] = [x[0]!, x[1]!];
        gradient[0] = -2 * (1 - a) - 400 * a * (b - a * a);
        gradient[1] = 200 * (b - a * a);
        return (1 - a) ** 2 + 100 * (b - a * a) ** 2;
      },
      2,
      2000,
    );
    expect(point[0]).toBeCloseTo(1, 3);
    expect(point[1]).toBeCloseTo(1, 3);
  });

  it('stops at once where the gradient is already zero', () => {
    let evaluations = 0;
    const point = minimiseLbfgs((_x, gradient) => {
      evaluations += 1;
      gradient.fill(0);
      return 1;
    }, 3);
    expect([...point]).toEqual([0, 0, 0]);
    expect(evaluations).toBe(2);
  });
});

describe('vocabulary', () => {
  it('keeps the features seen in at least minCount sentences, sorted', () => {
    const sentences = [sentence('b a', false, 0), sentence('a c', false, 1), sentence('a b', true, 2)];
    expect(vocabulary(sentences, 2)).toEqual(['a', 'b']);
    expect(vocabulary(sentences, 3)).toEqual(['a']);
    expect(vocabulary(sentences, 1)).toEqual(['a', 'a b', 'a c', 'b', 'b a', 'c']);
  });
});

describe('fitClassifier', () => {
  const options = { l2: 1e-4, positiveWeight: 1, minCount: 2 };

  it('separates the labelled wording from the rest', () => {
    const model = fitClassifier(corpus(), options);
    const clause = probabilityOf(model, sentenceFeatures('Either party may terminate upon a change of control of the other.'));
    const assignment = probabilityOf(model, sentenceFeatures('Either party may assign this agreement to an affiliate.'));
    const filler = probabilityOf(model, sentenceFeatures('The parties shall perform their obligations in good faith.'));
    expect(clause).toBeGreaterThan(0.9);
    expect(assignment).toBeLessThan(0.1);
    expect(filler).toBeLessThan(0.1);
    expect(model.weights.get('change of')).toBeGreaterThan(0);
    expect(model.weights.get('assign')).toBeLessThan(0);
  });

  it('scores exactly as the shipped classifier does from the same weights', () => {
    const model = fitClassifier(corpus(), options);
    const shipped = { category: 'C', trainedOn: '', candidates: /./, threshold: 0.5, bias: model.bias, weights: model.weights };
    for (const text of ['Either party may terminate upon a change of control.', 'Payment is due within 30 days.', 'unseen words only']) {
      expect(clauseProbability(shipped, text)).toBeCloseTo(probabilityOf(model, sentenceFeatures(text)), 12);
    }
  });

  it('gives no weight to a feature rarer than minCount', () => {
    const sentences = [...corpus(), sentence('Heliotrope.', true, 1)];
    expect(fitClassifier(sentences, options).weights.has('heliotrope')).toBe(false);
    expect(fitClassifier(sentences, { ...options, minCount: 1 }).weights.get('heliotrope')).toBeGreaterThan(0);
    expect(fitClassifier(sentences, options).weights.has('good faith')).toBe(true);
  });

  it('shrinks the weights as the penalty grows', () => {
    const norm = (l2: number) => {
      const model = fitClassifier(corpus(), { ...options, l2 });
      return Math.sqrt([...model.weights.values()].reduce((sum, weight) => sum + weight * weight, 0));
    };
    expect(norm(1e-2)).toBeLessThan(norm(1e-4));
  });

  it('trusts the labelled sentences more as their weight grows', () => {
    const text = sentenceFeatures('Either party may terminate upon a change of control of the other.');
    const light = probabilityOf(fitClassifier(corpus(), { ...options, l2: 1e-2, positiveWeight: 0.1 }), text);
    const heavy = probabilityOf(fitClassifier(corpus(), { ...options, l2: 1e-2, positiveWeight: 1 }), text);
    expect(heavy).toBeGreaterThan(light);
  });

  it('gives the same model for the same sentences', () => {
    const first = fitClassifier(corpus(), options);
    const second = fitClassifier(corpus(), options);
    expect(second.bias).toBe(first.bias);
    expect([...second.weights]).toEqual([...first.weights]);
  });
});

describe('outOfFoldScores', () => {
  it('scores each contract with a model that never saw it', () => {
    const sentences = corpus();
    // Only contract 3 says "zebra", labelled: a model that saw it would score it high; one that did not cannot.
    sentences.push(sentence('zebra zebra zebra', true, 3));
    const inSample = probabilityOf(
      fitClassifier(sentences, { l2: 1e-4, positiveWeight: 1, minCount: 1 }),
      sentenceFeatures('zebra zebra zebra'),
    );
    const scores = outOfFoldScores(sentences, 10, { l2: 1e-4, positiveWeight: 1, minCount: 1 });
    expect(inSample).toBeGreaterThan(0.5);
    expect(scores[3]).toBeLessThan(0.5);
    // The even contracts carry the clause, which every other fold has seen.
    for (const contract of [0, 2, 4, 6, 8]) expect(scores[contract]).toBeGreaterThan(0.5);
  });

  it('scores 0 for a contract without candidate sentences', () => {
    const scores = outOfFoldScores(corpus(), 12, { l2: 1e-4, positiveWeight: 1, minCount: 2 });
    expect(scores).toHaveLength(12);
    expect(scores[10]).toBe(0);
    expect(scores[11]).toBe(0);
  });
});

describe('contract F1 and the threshold', () => {
  const scores = [0.9, 0.6, 0.4, 0.2, 0.7];
  const present = [true, true, false, true, false];

  it('counts a score at the threshold as found', () => {
    // At 0.6: found 0, 1, 4 -> TP 2, FP 1, FN 1.
    expect(contractF1(scores, present, 0.6)).toBeCloseTo(4 / 6, 12);
    // At 0.2: all found -> TP 3, FP 2.
    expect(contractF1(scores, present, 0.2)).toBeCloseTo(6 / 8, 12);
    expect(contractF1(scores, present, 0.95)).toBe(0);
  });

  it('picks the threshold with the best F1, the higher one on a tie, whatever the order given', () => {
    expect(bestThreshold(scores, present, [0.95, 0.6, 0.2])).toEqual({ threshold: 0.2, f1: 0.75 });
    // 0.1 and 0.2 both find every contract: the higher one wins.
    expect(bestThreshold(scores, present, [0.2, 0.1])).toEqual({ threshold: 0.2, f1: 0.75 });
    expect(bestThreshold([0.9, 0.1], [true, false], [0.5, 0.3, 0.8])).toEqual({ threshold: 0.8, f1: 1 });
  });
});
