import { describe, expect, it } from 'vitest';
import {
  answersMatch,
  CUAD_CATEGORIES,
  evaluate,
  formatReportTable,
  parseCuadLabels,
  predictCuadCategories,
  reportSummary,
  type CategoryPrediction,
  type CuadCategory,
  type EvaluationCase,
} from './evaluation.js';
import { extractFields } from './extract-fields.js';
import { ENGLISH_SUPPLY_AGREEMENT } from '../../../test/fixtures/extraction-contracts.js';

const nothing: CategoryPrediction = { detected: false, answer: null };

function predictions(overrides: Partial<Record<CuadCategory, CategoryPrediction>>): Record<CuadCategory, CategoryPrediction> {
  return {
    ...(Object.fromEntries(CUAD_CATEGORIES.map((category) => [category, nothing])) as Record<CuadCategory, CategoryPrediction>),
    ...overrides,
  };
}

/** Four contracts: governing law found in 2 of 3 labelled (one wrong answer) plus one false alarm. */
const cases: EvaluationCase[] = [
  {
    id: 'a',
    labels: { 'Governing Law': { present: true, answer: 'New York' }, 'Non-Compete': { present: true, answer: 'Yes' } },
    predictions: predictions({ 'Governing Law': { detected: true, answer: 'New York' }, 'Non-Compete': { detected: true, answer: null } }),
  },
  {
    id: 'b',
    labels: { 'Governing Law': { present: true, answer: 'England, United Kingdom; Wales, United Kingdom' } },
    predictions: predictions({ 'Governing Law': { detected: true, answer: 'England and Wales' } }),
  },
  {
    id: 'c',
    labels: { 'Governing Law': { present: true, answer: 'Delaware' } },
    predictions: predictions({}),
  },
  {
    id: 'd',
    labels: { 'Governing Law': { present: false, answer: '' } },
    predictions: predictions({ 'Governing Law': { detected: true, answer: 'Texas' }, 'Non-Compete': { detected: true, answer: null } }),
  },
];

describe('evaluate', () => {
  const report = evaluate(cases);

  it('counts document-level detections per category', () => {
    const law = report.categories['Governing Law'];
    expect(law).toMatchObject({ truePositives: 2, falsePositives: 1, falseNegatives: 1, trueNegatives: 0 });
    expect(law.precision).toBeCloseTo(2 / 3);
    expect(law.recall).toBeCloseTo(2 / 3);
    expect(law.f1).toBeCloseTo(2 / 3);
    expect(law.falsePositiveIds).toEqual(['d']);
    expect(law.falseNegativeIds).toEqual(['c']);
    const compete = report.categories['Non-Compete'];
    expect(compete).toMatchObject({ truePositives: 1, falsePositives: 1, falseNegatives: 0, precision: 0.5, recall: 1 });
    expect(compete.f1).toBeCloseTo(2 / 3);
  });

  it('scores answers over labelled answers, a miss counting as wrong', () => {
    expect(report.categories['Governing Law'].answers).toMatchObject({ correct: 2, total: 3 });
    expect(report.categories['Governing Law'].answers?.wrong).toEqual([{ id: 'c', expected: 'Delaware', predicted: null }]);
    expect(report.categories['Cap on Liability'].answers).toBeNull();
  });

  it('treats a category nobody labelled or predicted as perfect, and one only missed as zero', () => {
    expect(report.categories['Liquidated Damages']).toMatchObject({ precision: 1, recall: 1, f1: 1 });
    const missed = evaluate([
      { id: 'x', labels: { 'Liquidated Damages': { present: true, answer: 'Yes' } }, predictions: predictions({}) },
    ]);
    expect(missed.categories['Liquidated Damages']).toMatchObject({ precision: 0, recall: 0, f1: 0 });
  });

  it('averages F1 over the eight categories', () => {
    const expected = CUAD_CATEGORIES.reduce((sum, category) => sum + report.categories[category].f1, 0) / 8;
    expect(report.macroF1).toBeCloseTo(expected);
    expect(report.macroF1).toBeCloseTo((6 * 1 + 2 / 3 + 2 / 3) / 8);
  });

  it('summarises as JSON and prints a table', () => {
    const summary = reportSummary(report);
    expect(Object.keys(summary.categories)).toEqual([...CUAD_CATEGORIES]);
    expect(summary.categories['Governing Law']).toEqual({ precision: 0.6667, recall: 0.6667, f1: 0.6667, answerAccuracy: 0.6667 });
    expect(summary.macroF1).toBe(Math.round(report.macroF1 * 10_000) / 10_000);
    const table = formatReportTable(report);
    expect(table).toMatch(/Governing Law\s+2\s+1\s+1\s+0\s+0\.667\s+0\.667\s+0\.667\s+0\.667 \(2\/3\)/);
    expect(table).toContain('macro F1 over 8 categories');
  });
});

describe('answersMatch', () => {
  it.each([
    ['Governing Law', 'England and Wales', 'England, United Kingdom; Wales, United Kingdom', true],
    ['Governing Law', 'Ontario, Canada', 'Ontario, Canada', true],
    ['Governing Law', "People's Republic of China", 'PRC', true],
    ['Governing Law', 'Virginia; Texas', 'Virginia, Texas', true],
    ['Governing Law', 'New York', 'New Jersey', false],
    ['Renewal Term', 'successive 5 years', 'successive 5 year', true],
    ['Renewal Term', 'successive 1 year', 'Successive 1 year', true],
    ['Renewal Term', '1 year', 'successive 1 year', false],
    ['Notice Period to Terminate Renewal', '180 days', '6 months', true],
    ['Notice Period to Terminate Renewal', '60 days', '60) days', true],
    ['Notice Period to Terminate Renewal', '30 days', '90 days', false],
  ] as const)('%s: %j vs %j', (category, predicted, expected, match) => {
    expect(answersMatch(category, predicted, expected)).toBe(match);
  });

  it('never matches a missing prediction or an empty label', () => {
    expect(answersMatch('Governing Law', null, 'Texas')).toBe(false);
    expect(answersMatch('Governing Law', 'Texas', '')).toBe(false);
  });
});

describe('parseCuadLabels', () => {
  it('reads contracts and labels, defaulting a missing answer to empty', () => {
    const parsed = parseCuadLabels({
      meta: { source: 'test' },
      contracts: [
        {
          id: 'a',
          file: 'dev/a.txt',
          bytes: 10,
          labels: { 'Governing Law': { present: true, answer: 'Texas', clauses: [] }, Parties: { present: false, answer: null } },
        },
      ],
    });
    expect(parsed).toEqual([
      {
        id: 'a',
        file: 'dev/a.txt',
        labels: { 'Governing Law': { present: true, answer: 'Texas' }, Parties: { present: false, answer: '' } },
      },
    ]);
  });

  it('names the offending path of a malformed file', () => {
    expect(() => parseCuadLabels({ contracts: [{ id: 'a', file: 'a.txt', labels: { 'Governing Law': { present: 'yes' } } }] })).toThrow(
      /contracts\.0\.labels\.Governing Law\.present/,
    );
    expect(() => parseCuadLabels([])).toThrow(/labels file/);
  });
});

describe('predictCuadCategories', () => {
  it('maps extracted fields to CUAD categories', () => {
    const predicted = predictCuadCategories(extractFields(ENGLISH_SUPPLY_AGREEMENT));
    expect(predicted['Governing Law']).toEqual({ detected: true, answer: 'New York' });
    expect(predicted['Cap on Liability'].detected).toBe(true);
    expect(predicted['Uncapped Liability'].detected).toBe(true);
    expect(predicted['Liquidated Damages'].detected).toBe(true);
    expect(predicted['Termination for Convenience'].detected).toBe(true);
    expect(predicted['Renewal Term']).toEqual({ detected: true, answer: 'successive 1 year' });
    expect(predicted['Notice Period to Terminate Renewal']).toEqual({ detected: true, answer: '90 days' });
    expect(predicted['Non-Compete'].detected).toBe(true);
  });

  it('does not count notice for an optional renewal as notice to stop one', () => {
    const predicted = predictCuadCategories(
      extractFields('Distributor may extend the term of this Agreement for an additional one year by giving sixty (60) days notice.'),
    );
    expect(predicted['Renewal Term'].detected).toBe(true);
    expect(predicted['Notice Period to Terminate Renewal'].detected).toBe(false);
  });
});
