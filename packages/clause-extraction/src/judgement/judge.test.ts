import { describe, expect, it } from 'vitest';
import { CUAD_CATEGORIES, type CuadCategory } from '../categories.js';
import { extractRuleFields } from '../extract-fields.js';
import type { CategoryJudgement } from '../types.js';
import {
  applyJudgements,
  decide,
  judgeCategories,
  judgeContract,
  needsReview,
  operatingThresholds,
  ruleVerdicts,
  sentencesCovering,
} from './judge.js';
import { buildScorer, type JudgementModels } from './model.js';

const CONTRACT = [
  '1. Insurance',
  'Supplier shall maintain commercial general liability insurance of at least $1,000,000 per occurrence.',
  '',
  '2. Term',
  'This Agreement renews automatically for successive one (1) year terms unless either party gives sixty (60) days notice of non-renewal.',
  '',
  '3. Governing Law',
  'This Agreement is governed by the laws of the State of New York.',
].join('\n');

/** Models that put every category at `probability` (bias only), deciding by `mode`. */
function flatModels(probability: number, mode: 'rules' | 'model', threshold = 0.5): JudgementModels {
  const logit = Math.log(probability / (1 - probability));
  return {
    trainedOn: 'test',
    categories: CUAD_CATEGORIES.map((category) => ({
      category,
      mode,
      threshold,
      operatingPoints: { 'precision-first': 0.7, 'recall-first': 0.2 },
      stacker: { bias: logit, weights: [0, 0, 0, 0] },
    })),
    scorer: buildScorer(CUAD_CATEGORIES.map(() => ({ bias: 0, weights: new Map<number, number>() }))),
  };
}

const judgement = (present: boolean, rules: boolean, at = { start: 0, end: 10, clauseIndex: 0 }): CategoryJudgement => ({
  present,
  rules,
  confidence: 0.8,
  probability: present ? 0.8 : 0.2,
  source: 'model',
  evidence: [at],
});

function allJudgements(overrides: Partial<Record<CuadCategory, CategoryJudgement>>, base: (category: CuadCategory) => CategoryJudgement) {
  return Object.fromEntries(CUAD_CATEGORIES.map((category) => [category, overrides[category] ?? base(category)])) as Record<
    CuadCategory,
    CategoryJudgement
  >;
}

describe('decide', () => {
  it('follows the rules in rules mode and the threshold in model mode', () => {
    expect(decide('Insurance', 'rules', true, 0.01, 0.5)).toBe(true);
    expect(decide('Insurance', 'rules', false, 0.99, 0.5)).toBe(false);
    expect(decide('Insurance', 'model', false, 0.5, 0.5)).toBe(true);
    expect(decide('Insurance', 'model', true, 0.49, 0.5)).toBe(false);
  });

  it('never adds governing law the rules did not find: a finding must name the jurisdiction', () => {
    expect(decide('Governing Law', 'model', false, 0.99, 0.5)).toBe(false);
    expect(decide('Governing Law', 'model', true, 0.2, 0.5)).toBe(false);
  });
});

describe('judging a contract', () => {
  const { contract, view } = extractRuleFields(CONTRACT);

  it('reads the rules verdict of every category off the fields', () => {
    const verdicts = ruleVerdicts(contract);
    expect(verdicts.Insurance.detected).toBe(true);
    expect(verdicts['Governing Law'].evidence).toEqual(contract.governingLaw!.evidence);
    expect(verdicts['Non-Compete']).toEqual({ detected: false, evidence: null });
    expect(sentencesCovering(view, verdicts.Insurance.evidence).length).toBeGreaterThan(0);
    expect(sentencesCovering(view, null)).toEqual([]);
  });

  it('gives every category a probability, and a confidence that is the probability of the verdict', () => {
    const judged = judgeCategories(view, ruleVerdicts(contract), flatModels(0.3, 'rules'));
    expect(Object.keys(judged)).toEqual([...CUAD_CATEGORIES]);
    expect(judged.Insurance).toMatchObject({ present: true, rules: true, probability: 0.3, confidence: 0.3, source: 'rules' });
    expect(judged['Non-Compete']).toMatchObject({ present: false, rules: false, probability: 0.3, confidence: 0.7 });
    // The sentences that decided: the rules' evidence when they found it.
    expect(judged.Insurance.evidence).toEqual([contract.insurance!.evidence]);
  });

  it('in model mode withdraws what the rules found and adds what they did not, pointing at the decisive sentence', () => {
    const none = judgeContract(contract, view, flatModels(0.1, 'model'));
    expect(none.insurance).toBeNull();
    expect(none.autoRenewal).toBeNull();
    expect(none.governingLaw).toBeNull();
    const all = judgeContract(contract, view, flatModels(0.9, 'model'));
    expect(all.nonCompete).toMatchObject({ present: true, source: 'classifier', confidence: 0.9 });
    expect(all.nonCompete!.evidence).toEqual(all.judgements!['Non-Compete'].evidence[0]);
    expect(all.insurance).toMatchObject({ confidence: 0.9 });
    expect(all.insurance!.source).toBeUndefined();
    expect(all.governingLaw).toMatchObject({ jurisdiction: 'New York', confidence: 0.9 });
    // Liability the rules did not see becomes an uncapped cap with the decisive sentence as description.
    expect(all.liabilityCap).toMatchObject({ kind: 'uncapped', limited: true, source: 'classifier', amount: null });
    expect(all.warrantyDuration).toMatchObject({ duration: null, days: null, source: 'classifier' });
  });

  it('keeps the fields unchanged, with judgements null, when no models are shipped', () => {
    expect(judgeContract(contract, view, null)).toEqual({ ...contract, judgements: null });
  });
});

describe('applyJudgements on the fields of two-category findings', () => {
  const { contract, view } = extractRuleFields(CONTRACT);
  const agree = (category: CuadCategory) => {
    const verdict = ruleVerdicts(contract)[category];
    return judgement(verdict.detected, verdict.detected);
  };

  it('narrows an uncapped cap to a capped one when only Uncapped Liability is withdrawn', () => {
    const withCap = {
      ...contract,
      liabilityCap: {
        ...contract.liabilityCap!,
        kind: 'uncapped' as const,
        limited: true,
        amount: null,
        currency: null,
        description: 'x',
        evidence: { start: 0, end: 1, clauseIndex: 0 },
      },
    };
    const judged = applyJudgements(
      withCap,
      view,
      allJudgements({ 'Uncapped Liability': judgement(false, true), 'Cap on Liability': judgement(true, true) }, agree),
    );
    expect(judged.liabilityCap).toMatchObject({ kind: 'capped', limited: true });
  });

  it('drops the notice, not the renewal, when only the notice period is withdrawn', () => {
    const judged = applyJudgements(contract, view, allJudgements({ 'Notice Period to Terminate Renewal': judgement(false, true) }, agree));
    expect(judged.autoRenewal).toMatchObject({ renews: true, noticeDays: null, noticeRequired: false });
  });
});

describe('operating points', () => {
  it('gives each category its thresholds, and sends a finding under it to a person', () => {
    const models = flatModels(0.5, 'model');
    expect(operatingThresholds('precision-first', models).Insurance).toBe(0.7);
    expect(operatingThresholds('recall-first', models).Insurance).toBe(0.2);
    expect(needsReview('Insurance', 0.5, 'precision-first', models)).toBe(true);
    expect(needsReview('Insurance', 0.5, 'recall-first', models)).toBe(false);
    expect(needsReview('Insurance', 0.7, 'precision-first', models)).toBe(false);
    expect(operatingThresholds('precision-first', null)).toEqual({});
    expect(needsReview('Insurance', 0.1, 'precision-first', null)).toBe(false);
  });
});
