import { describe, expect, it } from 'vitest';
import {
  averagePrecision,
  detectionMetrics,
  expectedCalibrationError,
  formatTable,
  macroF1,
  precisionAtRecall,
  round4,
} from './metrics.js';

describe('detectionMetrics', () => {
  it('computes precision, recall and their harmonic mean', () => {
    const metrics = detectionMetrics({ truePositives: 6, falsePositives: 2, falseNegatives: 4 });
    expect(metrics.precision).toBeCloseTo(0.75);
    expect(metrics.recall).toBeCloseTo(0.6);
    expect(metrics.f1).toBeCloseTo((2 * 0.75 * 0.6) / 1.35);
  });

  it('scores an absent, never predicted category 1, and an empty side 0 as soon as the other side has a miss', () => {
    expect(detectionMetrics({ truePositives: 0, falsePositives: 0, falseNegatives: 0 })).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(detectionMetrics({ truePositives: 0, falsePositives: 0, falseNegatives: 3 })).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(detectionMetrics({ truePositives: 0, falsePositives: 2, falseNegatives: 0 })).toEqual({ precision: 0, recall: 0, f1: 0 });
  });
});

describe('macroF1, round4, formatTable', () => {
  it('averages F1 over categories, 0 for none', () => {
    expect(macroF1([{ f1: 1 }, { f1: 0.5 }])).toBeCloseTo(0.75);
    expect(macroF1([])).toBe(0);
  });

  it('rounds to four decimals', () => {
    expect(round4(2 / 3)).toBe(0.6667);
  });

  it('aligns the first column left and the others right, under a rule', () => {
    expect(
      formatTable(
        ['name', 'F1'],
        [
          ['a', '1.000'],
          ['longer', '0.5'],
        ],
      ),
    ).toBe(['name       F1', '------  -----', 'a       1.000', 'longer    0.5'].join('\n'));
  });
});

describe('calibration and ranking figures', () => {
  const outcome = (probability: number, positive: boolean) => ({ probability, positive });

  it('expected calibration error is zero when each bin is right as often as it says, and the weighted gap otherwise', () => {
    const calibrated = [outcome(0.25, true), outcome(0.25, false), outcome(0.25, false), outcome(0.25, false)];
    expect(expectedCalibrationError(calibrated)).toBeCloseTo(0);
    // One bin at 0.9 that is right half the time (gap 0.4, weight 1/2) and one at 0.05 that is never right (gap 0.05, weight 1/2).
    const off = [outcome(0.9, true), outcome(0.9, false), outcome(0.05, false), outcome(0.05, false)];
    expect(expectedCalibrationError(off)).toBeCloseTo(0.5 * 0.4 + 0.5 * 0.05);
    expect(expectedCalibrationError([])).toBe(0);
  });

  it('puts a probability of exactly 1 in the last bin', () => {
    expect(expectedCalibrationError([outcome(1, true)])).toBeCloseTo(0);
  });

  it('average precision is 1 for a perfect ranking and the mean precision at each positive otherwise', () => {
    expect(averagePrecision([outcome(0.9, true), outcome(0.8, true), outcome(0.1, false)])).toBeCloseTo(1);
    // Ranks: + - + : precision 1 at the first positive, 2/3 at the second.
    expect(averagePrecision([outcome(0.9, true), outcome(0.8, false), outcome(0.7, true)])).toBeCloseTo((1 + 2 / 3) / 2);
    expect(averagePrecision([outcome(0.9, false)])).toBe(0);
  });

  it('counts tied probabilities as one step, so their order in the input does not matter', () => {
    const one = [outcome(0.5, true), outcome(0.5, false), outcome(0.9, true)];
    const other = [outcome(0.5, false), outcome(0.5, true), outcome(0.9, true)];
    expect(averagePrecision(one)).toBeCloseTo(averagePrecision(other));
    expect(precisionAtRecall(one)).toBeCloseTo(precisionAtRecall(other));
  });

  it('precision at 80% recall is the best precision among thresholds that find at least 80% of the positives', () => {
    // 5 positives: the top four are found with one negative among them (precision 4/5 at recall 0.8).
    const outcomes = [
      outcome(0.95, true),
      outcome(0.9, true),
      outcome(0.85, false),
      outcome(0.8, true),
      outcome(0.7, true),
      outcome(0.6, false),
      outcome(0.5, true),
    ];
    expect(precisionAtRecall(outcomes, 0.8)).toBeCloseTo(4 / 5);
    expect(precisionAtRecall(outcomes, 1)).toBeCloseTo(5 / 7);
    expect(precisionAtRecall([outcome(0.2, false)], 0.8)).toBe(0);
  });
});
