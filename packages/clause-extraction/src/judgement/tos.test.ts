import { describe, expect, it } from 'vitest';
import { extractRuleFields } from '../extract-fields.js';
import { viewFeatures } from './features.js';
import { buildScorer } from './model.js';
import { judgeUnfairTerms, ruleTermsBySentence, TOS_MODEL_CATEGORIES, type TosModels } from './tos.js';

/** A terms-of-service text long enough to be judged (400 words and more, speaking to "you"). */
const TERMS = [
  'Welcome to Example. These terms govern your use of the service and everything you do with it.',
  'By using the service you agree to be bound by these terms.',
  'We may change these terms at any time without notice to you.',
  ...Array.from({ length: 60 }, (_, index) => `You may read page ${index} of your account whenever you wish to do so.`),
].join('\n\n');

function models(probability: number, mode: 'rules' | 'model'): TosModels {
  const logit = Math.log(probability / (1 - probability));
  return {
    categories: TOS_MODEL_CATEGORIES.map((category) => ({
      category,
      mode,
      threshold: 0.5,
      level: 2,
      stacker: { bias: logit, weights: [0, 0, 0, 0] },
    })),
    scorer: buildScorer(TOS_MODEL_CATEGORIES.map(() => ({ bias: 0, weights: new Map<number, number>() }))),
  };
}

describe('terms-of-service models', () => {
  const { contract, view } = extractRuleFields(TERMS);
  const features = viewFeatures(view);

  it('maps the rules terms to their sentences', () => {
    const rules = ruleTermsBySentence(view, contract.unfairTerms);
    expect(rules.get('contract_by_using')?.size).toBe(1);
    expect(ruleTermsBySentence(view, null).size).toBe(0);
  });

  it('in rules mode keeps the rules terms and gives each a confidence', () => {
    const judged = judgeUnfairTerms(view, contract.unfairTerms, features, models(0.3, 'rules'))!;
    expect(judged.map(({ category, level, evidence }) => ({ category, level, evidence }))).toEqual(
      contract.unfairTerms!.map(({ category, level, evidence }) => ({ category, level, evidence })),
    );
    expect(judged.every((term) => term.confidence === 0.3)).toBe(true);
  });

  it('in model mode claims by probability, with the rules level where they found the term and the usual level elsewhere', () => {
    expect(judgeUnfairTerms(view, contract.unfairTerms, features, models(0.1, 'model'))).toBeNull();
    const all = judgeUnfairTerms(view, contract.unfairTerms, features, models(0.9, 'model'))!;
    expect(all).toHaveLength(view.sentences.length * TOS_MODEL_CATEGORIES.length);
    expect(all.every((term) => term.confidence === 0.9 && term.level === 2)).toBe(true);
  });

  it('leaves short texts and business contracts to the rules', () => {
    const short = extractRuleFields('By using the service you agree to be bound by these terms.');
    expect(judgeUnfairTerms(short.view, short.contract.unfairTerms, viewFeatures(short.view), models(0.9, 'model'))).toEqual(
      short.contract.unfairTerms,
    );
  });

  it('takes the evaluation probabilities when given', () => {
    const judged = judgeUnfairTerms(view, contract.unfairTerms, [], models(0.1, 'model'), (sentence, category) =>
      sentence === 0 && category === 0 ? 0.75 : 0,
    )!;
    expect(judged).toHaveLength(1);
    expect(judged[0]).toMatchObject({ category: TOS_MODEL_CATEGORIES[0], confidence: 0.75 });
  });
});
