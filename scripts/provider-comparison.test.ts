import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type ChatCompletionRequestBody, type FakeBehaviour, type FakeOpenAIServer } from '../test/testkit/fake-openai.js';
import { CUAD_CATEGORIES, type CategoryLabel } from '@suanni/clause-extraction/evaluation';
import { compareWithProvider, formatComparison, modelProviderFor } from './provider-comparison.js';

const HOUSEHOLD = [
  '家政服务合同',
  '一、服务内容：乙方为甲方指派住家育儿嫂一名，负责婴儿日常照料。',
  '二、合同解除：甲方哪天不想用了，说一声、过七天就算完，不用讲理由。',
  '三、保险：乙方应为服务人员购买意外伤害保险。',
].join('\n');
const LEASE = ['设备租赁合同', '第一条 租期不少于六个月。', '第二条 乙方应为设备投保机械损失险。', '第三条 乙方应妥善保管设备。'].join(
  '\n',
);

function labels(present: string[]): Record<string, CategoryLabel> {
  return Object.fromEntries(CUAD_CATEGORIES.map((category) => [category, { present: present.includes(category), answer: '' }]));
}

const CONTRACTS = [
  { id: 'household', file: 'household.txt', text: HOUSEHOLD, labels: labels(['Termination for Convenience', 'Insurance']) },
  { id: 'lease', file: 'lease.txt', text: LEASE, labels: labels(['Insurance']) },
];

/** Answers as a model might give them: right about the household termination, wrong about insurance there and about a minimum in the lease. */
function recordedAnswers(body: ChatCompletionRequestBody): FakeBehaviour {
  const user = String((body.messages ?? []).find((message) => message.role === 'user')?.content ?? '{}');
  const { clauses } = JSON.parse(user) as { clauses: Array<{ index: number; text: string }> };
  const at = (words: string) => clauses.find((clause) => clause.text.includes(words))?.index ?? null;
  const answers = user.includes('不想用了')
    ? [
        { field: 'terminationForConvenience', present: true, clauseIndex: at('不想用了') },
        { field: 'insurance', present: false, clauseIndex: null },
      ]
    : [{ field: 'minimumCommitment', present: true, clauseIndex: at('不少于') }];
  return { kind: 'reply', content: JSON.stringify({ answers }), usage: { prompt_tokens: 100, completion_tokens: 20 } };
}

describe('npm run eval -- --provider', () => {
  let fake: FakeOpenAIServer;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ behaviour: recordedAnswers });
  });
  afterAll(async () => {
    await fake.close();
  });

  const provider = () =>
    modelProviderFor('deepseek', {
      DEEPSEEK_API_KEY: 'test-key',
      DEEPSEEK_BASE_URL: fake.url,
      SUANNI_MODEL_TIMEOUT_MS: '2000',
      SUANNI_MODEL_MAX_RETRIES: '0',
    });

  it('scores the rules and the rules with the model on the same contracts', async () => {
    fake.setBehaviour(recordedAnswers);
    const comparison = await compareWithProvider(CONTRACTS, provider(), 2);
    const termination = (report: typeof comparison.rules) => report.categories['Termination for Convenience'];
    expect(termination(comparison.rules)).toMatchObject({ truePositives: 0, falseNegatives: 1, f1: 0 });
    expect(termination(comparison.assisted)).toMatchObject({ truePositives: 1, falseNegatives: 0, f1: 1 });
    // The model's wrong addition is scored as a false positive; its dispute removes nothing.
    expect(comparison.assisted.categories['Minimum Commitment'].falsePositiveIds).toEqual(['lease']);
    expect(comparison.assisted.categories.Insurance.truePositives).toBe(comparison.rules.categories.Insurance.truePositives);
    expect(comparison.tally).toMatchObject({
      calls: 2,
      degraded: 0,
      inputTokens: 200,
      outputTokens: 40,
      added: { terminationForConvenience: 1, minimumCommitment: 1 },
      disputed: { insurance: 1 },
    });
    const table = formatComparison(comparison);
    expect(table).toMatch(/Termination for Convenience\s+0\.00\/0\.00\s+0\.000\s+1\.00\/1\.00\s+1\.000\s+\+1\.000/);
    expect(table).toContain('added by the model: terminationForConvenience 1, minimumCommitment 1');
    expect(table).toContain('disputed by the model (kept): insurance 1');
  });

  it('counts calls that fell back and scores them as the rules', async () => {
    fake.setBehaviour({ kind: 'status', status: 503, message: 'busy' });
    const comparison = await compareWithProvider(CONTRACTS, provider(), 1);
    expect(comparison.tally).toMatchObject({ calls: 2, degraded: 2, added: {} });
    expect(comparison.assisted.macroF1).toBe(comparison.rules.macroF1);
  });

  it('needs a model provider', () => {
    expect(() => modelProviderFor('rules', {})).toThrow(/deepseek or openai-compatible/);
    expect(() => modelProviderFor('deepseek', {})).toThrow(/DEEPSEEK_API_KEY/);
  });
});
