import { describe, expect, it } from 'vitest';
import { detectionMetrics, formatTable, macroF1, round4 } from './metrics.js';

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
