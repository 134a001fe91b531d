import { describe, expect, it } from 'vitest';
import {
  answersMatch,
  CUAD_CATEGORIES,
  evaluate,
  formatMisses,
  formatReportTable,
  parseCuadLabels,
  parseDurationAnswer,
  predictCuadCategories,
  reportSummary,
  type CategoryPrediction,
  type CuadCategory,
  type EvaluationCase,
} from './evaluation.js';
import { extractFields } from '../src/extract-fields.js';
import { ENGLISH_SUPPLY_AGREEMENT } from '../test/fixtures/contracts.js';

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

  it('averages F1 over the sixteen categories', () => {
    expect(CUAD_CATEGORIES).toHaveLength(16);
    const expected = CUAD_CATEGORIES.reduce((sum, category) => sum + report.categories[category].f1, 0) / 16;
    expect(report.macroF1).toBeCloseTo(expected);
    expect(report.macroF1).toBeCloseTo((14 * 1 + 2 / 3 + 2 / 3) / 16);
  });

  it('summarises as JSON and prints a table', () => {
    const summary = reportSummary(report);
    expect(Object.keys(summary.categories)).toEqual([...CUAD_CATEGORIES]);
    expect(summary.categories['Governing Law']).toEqual({ precision: 0.6667, recall: 0.6667, f1: 0.6667, answerAccuracy: 0.6667 });
    expect(summary.macroF1).toBe(Math.round(report.macroF1 * 10_000) / 10_000);
    const table = formatReportTable(report);
    expect(table).toMatch(/Governing Law\s+2\s+1\s+1\s+0\s+0\.667\s+0\.667\s+0\.667\s+0\.667 \(2\/3\)/);
    expect(table).toContain('macro F1 over 16 categories');
  });
});

describe('extra categories (Confidentiality, Dispute Resolution)', () => {
  const zhCases: EvaluationCase[] = [
    {
      id: 'zh-a',
      labels: {
        'Dispute Resolution': { present: true, answer: 'arbitration' },
        Confidentiality: { present: true, answer: '3 years' },
      },
      predictions: {
        ...predictions({}),
        'Dispute Resolution': { detected: true, answer: 'arbitration' },
        Confidentiality: { detected: true, answer: '36 months' },
      },
    },
    {
      id: 'zh-b',
      labels: { 'Dispute Resolution': { present: true, answer: 'litigation' }, Confidentiality: { present: false, answer: '' } },
      predictions: {
        ...predictions({}),
        'Dispute Resolution': { detected: true, answer: 'arbitration' },
        Confidentiality: { detected: true, answer: 'perpetual' },
      },
    },
  ];

  it('scores them only for label sets that carry them, apart from the CUAD macro F1', () => {
    const cuad = evaluate(cases);
    expect(cuad.extraCategories).toEqual([]);
    expect(cuad.extendedMacroF1).toBeNull();
    expect(reportSummary(cuad)).not.toHaveProperty('extended');
    expect(formatReportTable(cuad)).not.toContain('Dispute Resolution');

    const zh = evaluate(zhCases);
    expect(zh.extraCategories).toEqual(['Confidentiality', 'Dispute Resolution']);
    // Nothing CUAD is labelled or predicted: every CUAD category scores 1, the macro over 16 is unchanged in meaning.
    expect(zh.macroF1).toBe(1);
    expect(zh.categories['Dispute Resolution']).toMatchObject({ truePositives: 2, f1: 1 });
    expect(zh.categories['Dispute Resolution']?.answers).toMatchObject({ correct: 1, total: 2 });
    expect(zh.categories.Confidentiality).toMatchObject({ truePositives: 1, falsePositives: 1, precision: 0.5, recall: 1 });
    // "36 months" is "3 years" after normalisation.
    expect(zh.categories.Confidentiality?.answers).toMatchObject({ correct: 1, total: 1 });
    expect(zh.extendedMacroF1).toBeCloseTo((16 + 2 / 3 + 1) / 18);
    const summary = reportSummary(zh);
    expect(summary.extended).toEqual({ categories: 18, macroF1: Math.round(zh.extendedMacroF1! * 10_000) / 10_000 });
    expect(Object.keys(summary.categories)).toEqual([...CUAD_CATEGORIES, 'Confidentiality', 'Dispute Resolution']);
    const table = formatReportTable(zh);
    expect(table).toContain('macro F1 over 16 categories: 1.000');
    expect(table).toMatch(/macro F1 over 18 categories \(with Confidentiality, Dispute Resolution\): 0\.9\d\d/);
    expect(formatMisses(zh)).toContain('answer zh-b: expected "litigation", got "arbitration"');
  });

  it('predicts them from the extracted fields', () => {
    const predicted = predictCuadCategories(
      extractFields('乙方对甲方商业秘密负有保密义务，保密期限为本合同终止后三年。因本合同发生的争议，提交上海仲裁委员会仲裁。'),
    );
    expect(predicted.Confidentiality).toEqual({ detected: true, answer: '3 years' });
    expect(predicted['Dispute Resolution']).toEqual({ detected: true, answer: 'arbitration' });
    expect(predictCuadCategories(extractFields('本合同自双方签字之日起生效。'))['Dispute Resolution']).toEqual({
      detected: false,
      answer: null,
    });
  });
});

describe('formatMisses', () => {
  it('lists the contracts behind each miss, and only categories with misses', () => {
    expect(formatMisses(evaluate(cases))).toBe(
      [
        'Governing Law',
        '  false positives: d',
        '  false negatives: c',
        '  answer c: expected "Delaware", got null',
        'Non-Compete',
        '  false positives: d',
      ].join('\n'),
    );
    expect(formatMisses(evaluate([cases[0]!]))).toBe('  none');
  });
});

describe('answersMatch', () => {
  it.each([
    ['Governing Law', 'England and Wales', 'England, United Kingdom; Wales, United Kingdom', true],
    ['Governing Law', 'Ontario, Canada', 'Ontario, Canada', true],
    ['Governing Law', "People's Republic of China", 'PRC', true],
    ['Governing Law', 'Virginia; Texas', 'Virginia, Texas', true],
    ['Governing Law', 'New York', 'New Jersey', false],
    ['Governing Law', 'Ontario, Canada', 'Province of Ontario, Canada', true],
    ['Governing Law', 'South Africa', 'Republic of South Africa', true],
    ['Renewal Term', 'successive 5 years', 'successive 5 year', true],
    ['Renewal Term', 'successive 1 year', 'Successive 1 year', true],
    ['Renewal Term', '1 year', 'successive 1 year', true],
    ['Renewal Term', 'successive 12 months', 'succesive 1 year', true],
    ['Renewal Term', '3 years', 'three (3) years', true],
    ['Renewal Term', '2 successive 5 years', '2 5 years', true],
    ['Renewal Term', 'successive 1 year', '10 1 years', false],
    ['Renewal Term', '1 year', '0.5 year', false],
    ['Renewal Term', 'perpetual', 'perpetual', true],
    ['Renewal Term', 'perpetual', 'successive 1 year', false],
    ['Notice Period to Terminate Renewal', '360 days', '1 year', true],
    ['Notice Period to Terminate Renewal', '365 days', '12 months', true],
    ['Notice Period to Terminate Renewal', '180 days', '(6) months', true],
    ['Notice Period to Terminate Renewal', '180 days', '60 days; 180 days', true],
    ['Notice Period to Terminate Renewal', '180 days', '180 days / 6 months', true],
    ['Notice Period to Terminate Renewal', '90 days', '60 days; 180 days', false],
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

describe('parseDurationAnswer', () => {
  it.each([
    ['successive 1 year', { count: null, successive: true, value: 1, unit: 'year' }],
    ['Successine 1 year', { count: null, successive: true, value: 1, unit: 'year' }],
    ['2 successive 10 years', { count: 2, successive: true, value: 10, unit: 'year' }],
    ['10 1 years', { count: 10, successive: false, value: 1, unit: 'year' }],
    ['twelve months', { count: null, successive: false, value: 12, unit: 'month' }],
    ['three (3) years', { count: null, successive: false, value: 3, unit: 'year' }],
    ['60) days', { count: null, successive: false, value: 60, unit: 'day' }],
    ['0.5 year', { count: null, successive: false, value: 0.5, unit: 'year' }],
  ] as const)('%j', (answer, parsed) => {
    expect(parseDurationAnswer(answer)).toEqual(parsed);
  });

  it('is null for answers that are not durations', () => {
    expect(parseDurationAnswer('perpetual')).toBeNull();
    expect(parseDurationAnswer('7/22/2019; 7/22/2022')).toBeNull();
    expect(parseDurationAnswer('successive [] years')).toBeNull();
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
