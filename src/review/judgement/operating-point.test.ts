import { extractFields } from '@suanni/clause-extraction';
import { describe, expect, it } from 'vitest';
import { categoryOf, FALLBACK_CONFIDENCE, findingConfidence } from './confidence.js';
import { DEFAULT_SETTING, FALLBACK_THRESHOLDS, judge, packageThresholds, thresholdFor, validThreshold } from './operating-point.js';

const precision = { operatingPoint: 'PRECISION_FIRST', reviewThreshold: null } as const;
const recall = { operatingPoint: 'RECALL_FIRST', reviewThreshold: null } as const;

describe('operating point', () => {
  it('sends a finding less confident than the threshold to a person, and accepts one exactly at it', () => {
    expect(judge({ confidence: 0.79, category: null }, precision)).toEqual({ modelStatus: 'NEEDS_REVIEW', threshold: 0.8 });
    expect(judge({ confidence: 0.8, category: null }, precision)).toEqual({ modelStatus: 'ACCEPTED', threshold: 0.8 });
    expect(judge({ confidence: 0.5, category: null }, recall)).toEqual({ modelStatus: 'ACCEPTED', threshold: 0.5 });
    expect(judge({ confidence: 0.49, category: null }, recall)).toEqual({ modelStatus: 'NEEDS_REVIEW', threshold: 0.5 });
  });

  it('sends more findings to a person precision-first than recall-first, whatever the confidence', () => {
    for (let confidence = 0; confidence <= 1; confidence += 0.05) {
      const strict = judge({ confidence, category: 'Exclusivity' }, precision).modelStatus === 'NEEDS_REVIEW';
      const lenient = judge({ confidence, category: 'Exclusivity' }, recall).modelStatus === 'NEEDS_REVIEW';
      if (lenient) expect(strict).toBe(true);
    }
    expect(FALLBACK_THRESHOLDS.PRECISION_FIRST).toBeGreaterThan(FALLBACK_THRESHOLDS.RECALL_FIRST);
  });

  it('takes the tenant’s own threshold over every category’s, and a category’s over the fallback', () => {
    const thresholds = { Exclusivity: { PRECISION_FIRST: 0.93, RECALL_FIRST: 0.41 } };
    expect(thresholdFor(precision, 'Exclusivity', thresholds)).toBe(0.93);
    expect(thresholdFor(recall, 'Exclusivity', thresholds)).toBe(0.41);
    expect(thresholdFor(precision, 'Insurance', thresholds)).toBe(FALLBACK_THRESHOLDS.PRECISION_FIRST);
    expect(thresholdFor(precision, null, thresholds)).toBe(FALLBACK_THRESHOLDS.PRECISION_FIRST);
    expect(thresholdFor({ operatingPoint: 'RECALL_FIRST', reviewThreshold: 0.97 }, 'Exclusivity', thresholds)).toBe(0.97);
    // A threshold of 0 accepts everything; 1 sends everything short of certainty to a person.
    expect(judge({ confidence: 0, category: null }, { ...precision, reviewThreshold: 0 }).modelStatus).toBe('ACCEPTED');
    expect(judge({ confidence: 0.99, category: null }, { ...precision, reviewThreshold: 1 }).modelStatus).toBe('NEEDS_REVIEW');
  });

  it('reads per-category thresholds from the extraction package’s OPERATING_POINTS, and ignores a shape it does not know', () => {
    expect(packageThresholds({ OPERATING_POINTS: { Insurance: { PRECISION_FIRST: 0.9, RECALL_FIRST: 0.3 } } })).toEqual({
      Insurance: { PRECISION_FIRST: 0.9, RECALL_FIRST: 0.3 },
    });
    // The package's own spelling of the operating points.
    expect(packageThresholds({ OPERATING_POINTS: { Insurance: { 'precision-first': 0.9, 'recall-first': 0.3 } } })).toEqual({
      Insurance: { PRECISION_FIRST: 0.9, RECALL_FIRST: 0.3 },
    });
    expect(packageThresholds({ OPERATING_POINTS: { Insurance: { 'recall-first': 0.3 } } })).toEqual({ Insurance: { RECALL_FIRST: 0.3 } });
    // A list of the operating points' names carries no thresholds.
    expect(packageThresholds({ OPERATING_POINTS: ['precision-first', 'recall-first'] })).toEqual({});
    expect(packageThresholds({})).toEqual({});
    expect(packageThresholds({ OPERATING_POINTS: { Insurance: { PRECISION_FIRST: 2 } } })).toEqual({});
    expect(packageThresholds({ OPERATING_POINTS: 'high' })).toEqual({});
  });

  it('is precision-first by default, and accepts a threshold between 0 and 1 or none', () => {
    expect(DEFAULT_SETTING).toEqual({ operatingPoint: 'PRECISION_FIRST', reviewThreshold: null });
    for (const good of [0, 0.5, 1, null]) expect(validThreshold(good)).toBe(true);
    for (const bad of [-0.01, 1.01, Number.NaN, Number.POSITIVE_INFINITY]) expect(validThreshold(bad)).toBe(false);
  });
});

describe('finding confidence', () => {
  const contract = [
    '1. Exclusivity. The Supplier appoints the Distributor as its exclusive distributor in the Territory.',
    '2. Governing Law. This Agreement shall be governed by the laws of the State of New York.',
  ].join('\n');
  const { clauses: _clauses, ...fields } = extractFields(contract);

  it('takes the extracted field’s own calibrated confidence when it carries one', () => {
    expect(fields.exclusivity).not.toBeNull();
    const calibrated = { ...fields, exclusivity: { ...fields.exclusivity!, confidence: 0.42 } };
    expect(findingConfidence(calibrated, { clause: 'exclusivity', evidence: fields.exclusivity!.evidence })).toEqual({
      confidence: 0.42,
      source: 'rules',
    });
    // Out of range or not a number: not a confidence; the fallback applies.
    for (const confidence of [1.5, -1, '0.4'])
      expect(
        findingConfidence(
          { ...fields, exclusivity: { ...fields.exclusivity!, confidence } as typeof fields.exclusivity },
          { clause: 'exclusivity', evidence: null },
        ).confidence,
      ).toBe(FALLBACK_CONFIDENCE.rules);
  });

  it('falls back by evidence source: rules, classifier, model, and the absence of a clause', () => {
    // The extraction's learned models put a calibrated confidence on every field they judge: without it, the fallbacks.
    const calibrated = fields;
    const fieldsWithout = JSON.parse(
      JSON.stringify(calibrated, (key, value) => (key === 'confidence' ? undefined : value)),
    ) as typeof fields;
    expect(calibrated.governingLaw?.confidence).toBeTypeOf('number');
    const evidence = fieldsWithout.exclusivity!.evidence;
    expect(findingConfidence(fieldsWithout, { clause: 'governingLaw', evidence: fieldsWithout.governingLaw!.evidence })).toEqual({
      confidence: FALLBACK_CONFIDENCE.rules,
      source: 'rules',
    });
    const classified = { ...fieldsWithout, exclusivity: { ...fieldsWithout.exclusivity!, source: 'classifier' as const } };
    expect(findingConfidence(classified, { clause: 'exclusivity', evidence })).toEqual({
      confidence: FALLBACK_CONFIDENCE.classifier,
      source: 'classifier',
    });
    const modelled = { ...fieldsWithout, exclusivity: { ...fieldsWithout.exclusivity!, source: 'model' as const } };
    expect(findingConfidence(modelled, { clause: 'exclusivity', evidence }).source).toBe('model');
    expect(findingConfidence(fieldsWithout, { clause: 'insurance', evidence: null })).toEqual({
      confidence: FALLBACK_CONFIDENCE.absence,
      source: 'absence',
    });
    // A finding the configured language model wrote is the model's judgement, whatever the rules read.
    expect(findingConfidence(fieldsWithout, { clause: 'governingLaw', evidence: null }, true)).toEqual({
      confidence: FALLBACK_CONFIDENCE.model,
      source: 'model',
    });
    expect(FALLBACK_CONFIDENCE.rules).toBeGreaterThanOrEqual(FALLBACK_THRESHOLDS.PRECISION_FIRST);
    expect(FALLBACK_CONFIDENCE.classifier).toBeLessThan(FALLBACK_THRESHOLDS.PRECISION_FIRST);
  });

  it('names the labelled category of each field a rule can check', () => {
    expect(categoryOf('exclusivity', fields)).toBe('Exclusivity');
    expect(categoryOf('autoRenewalNoticeDays', fields)).toBe('Notice Period to Terminate Renewal');
    expect(categoryOf('liabilityCapAmount', { ...fields, liabilityCap: null })).toBe('Cap on Liability');
    expect(categoryOf('paymentDays', fields)).toBeNull();
    expect(categoryOf('unfairTermLevel', fields)).toBeNull();
  });
});
