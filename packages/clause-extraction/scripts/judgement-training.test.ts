import { describe, expect, it } from 'vitest';
import { featureHash } from '../src/judgement/features.js';
import { buildScorer, documentProbability, scoreSentences, sigmoid } from '../src/judgement/model.js';
import {
  assignFolds,
  bestF1Threshold,
  compact,
  f1Of,
  fitSparseLogistic,
  fitStacker,
  isTrainingRow,
  operatingPoints,
  THRESHOLDS,
} from './judgement-training.js';

describe('folds by contract', () => {
  it('deals each part round-robin, so every fold holds a fifth of each and the assignment never changes', () => {
    const parts = [...Array(200).fill('train'), ...Array(140).fill('train2')] as string[];
    const folds = assignFolds(parts, 5);
    for (let fold = 0; fold < 5; fold += 1) {
      expect(folds.slice(0, 200).filter((value) => value === fold)).toHaveLength(40);
      expect(folds.slice(200).filter((value) => value === fold)).toHaveLength(28);
    }
    expect(assignFolds(parts, 5)).toEqual(folds);
    expect(assignFolds(['a', 'b', 'a', 'b', 'a'], 2)).toEqual([0, 0, 1, 1, 0]);
  });

  it('samples rows by a hash of contract and position: every labelled or rule-pointed sentence, one in `rate` of the rest', () => {
    expect(isTrainingRow('c', 3, true, false, 1000)).toBe(true);
    expect(isTrainingRow('c', 3, false, true, 1000)).toBe(true);
    const kept = Array.from({ length: 6000 }, (_, index) => isTrainingRow('contract', index, false, false, 6)).filter(Boolean).length;
    expect(kept).toBeGreaterThan(800);
    expect(kept).toBeLessThan(1200);
    expect(isTrainingRow('x', 7, false, false, 6)).toBe(featureHash('x:7') % 6 === 0);
  });
});

describe('fitting', () => {
  // Sentences with bucket 1 are the clause, bucket 2 is noise everywhere.
  const rows = Array.from({ length: 60 }, (_, index) => Int32Array.from(index % 3 === 0 ? [1, 2, 10 + index] : [2, 3, 10 + index]));
  const labels = rows.map((_, index) => (index % 3 === 0 ? 1 : 0));

  it('learns a separable sentence model, ignores buckets seen too rarely, and is deterministic', () => {
    const fit = fitSparseLogistic(rows, labels, { l2: 1e-4, minCount: 2, positiveWeight: 1 });
    expect(fit.weights.get(1)!).toBeGreaterThan(1);
    expect(fit.weights.get(3)!).toBeLessThan(0);
    expect(fit.weights.has(10)).toBe(false);
    expect(fitSparseLogistic(rows, labels, { l2: 1e-4, minCount: 2, positiveWeight: 1 })).toEqual(fit);
    const scorer = buildScorer([{ bias: fit.bias, weights: fit.weights }]);
    const scores = scoreSentences(scorer, [Int32Array.from([1, 2]), Int32Array.from([2, 3])]);
    expect(sigmoid(scores[0]!)).toBeGreaterThan(0.8);
    expect(sigmoid(scores[1]!)).toBeLessThan(0.2);
  });

  it('compacts to the largest weights, so what ships is what was measured', () => {
    const fit = {
      bias: 0.123456789,
      weights: new Map([
        [1, 3],
        [2, -0.2],
        [3, 0.01],
      ]),
    };
    const shipped = compact(fit, 2);
    expect([...shipped.decoded.keys()].sort()).toEqual([1, 2]);
    expect(shipped.bias).toBe(0.123457);
  });

  it('fits a document model whose probabilities match the rate of positives (Platt calibration)', () => {
    // The rules find 10 contracts, 8 of which have the clause; of 30 they miss, 3 have it.
    const evidence = Array.from({ length: 40 }, (_, index) => ({ rule: index < 10, best: 0, bestSentence: 0, ruleSentence: 0 }));
    const present = evidence.map((_, index) => (index < 10 ? index < 8 : index < 13));
    const stacker = fitStacker(evidence, present, 1e-6);
    expect(documentProbability(stacker, evidence[0]!)).toBeCloseTo(0.8, 1);
    expect(documentProbability(stacker, evidence[20]!)).toBeCloseTo(0.1, 1);
  });
});

describe('choices out of fold', () => {
  it('F1 of claims, and the best threshold (a tie goes to the one nearest 0.5)', () => {
    expect(f1Of([true, true, false], [true, false, true])).toBeCloseTo(0.5);
    const best = bestF1Threshold([0.9, 0.8, 0.2, 0.1], [true, true, false, false]);
    expect(best.f1).toBe(1);
    expect(best.threshold).toBe(0.5);
    expect(THRESHOLDS[0]).toBe(0.05);
    expect(THRESHOLDS.at(-1)).toBe(0.95);
  });

  it('operating points: precision-first where claims are 90% right, recall-first where 95% of clauses are still found', () => {
    const probabilities = Array.from({ length: 100 }, (_, index) => index / 100);
    // Positives are those at 0.3 and above, except one negative at 0.35.
    const present = probabilities.map((probability) => probability >= 0.3 && probability !== 0.35);
    const points = operatingPoints(probabilities, present, 0.5);
    // At 0.25: 75 claims, 69 of them right (92%); at 0.225, 78 claims (88%).
    expect(points['precision-first']).toBe(0.25);
    // Recall stays at 95% up to 0.3, but recall-first is never stricter than precision-first.
    expect(points['recall-first']).toBe(0.25);
    const lenient = operatingPoints(
      probabilities,
      probabilities.map((probability) => probability >= 0.6),
      0.5,
    );
    expect(lenient['precision-first']).toBe(0.575);
    expect(lenient['recall-first']).toBe(0.575);
    // Nothing ever reaches 90% precision: the best-F1 threshold stands in.
    expect(operatingPoints([0.9, 0.9], [true, false], 0.42)['precision-first']).toBe(0.42);
    // Precise at every threshold: recall-first is no stricter than precision-first.
    const sure = operatingPoints([0.99, 0.98, 0.01], [true, true, false], 0.5);
    expect(sure['precision-first']).toBe(0.05);
    expect(sure['recall-first']).toBe(0.05);
  });
});
