import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishContract, REVIEW_KNOWLEDGE } from '../fixtures/contracts.js';
import { startTestApp, type TestApp } from '../testkit/app.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../testkit/fake-openai.js';

const REVIEW = `query ($id: ID!) { review(id: $id) { status degraded provider model riskLevel findings { knowledgeId version severity message } reportText } }`;

describe('review with the DeepSeek provider (local OpenAI-compatible server)', () => {
  let fake: FakeOpenAIServer;
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    app = await startTestApp({
      env: {
        SUANNI_MODEL_PROVIDER: 'deepseek',
        DEEPSEEK_API_KEY: 'test-key',
        DEEPSEEK_BASE_URL: fake.url,
        DEEPSEEK_MODEL: 'deepseek-chat',
        SUANNI_MODEL_TIMEOUT_MS: '800',
        SUANNI_MODEL_MAX_RETRIES: '1',
      },
    });
    token = await app.token('alice');
    const admin = await app.token('carol', { roles: ['COMPLIANCE'] });
    for (const item of REVIEW_KNOWLEDGE) {
      await app.gql(
        'mutation ($input: KnowledgeVersionInput!) { putKnowledgeVersion(input: $input) { id } }',
        { input: { kind: 'CLAUSE', source: `policy:test/${item.knowledgeId}`, ...item } },
        { token: admin },
      );
    }
  });
  afterAll(async () => {
    await app.stop();
    await fake.close();
  });

  const review = async () => {
    const submitted = await app.gql(
      'mutation ($input: ReviewInput!) { submitReview(input: $input) { id } }',
      {
        input: {
          contractId: 'ds-1',
          title: 'Supply',
          text: englishContract({ payDays: 45, penalty: 10, notice: 30, years: 3 }),
          asOf: '2025-06-01T00:00:00Z',
        },
      },
      { token },
    );
    await app.deps.services.reviews.idle();
    return (await app.gql(REVIEW, { id: submitted.data!.submitReview.id }, { token })).data!.review;
  };

  it('uses the model’s typed answer and report text when it answers well', async () => {
    fake.setBehaviour((body) =>
      body.response_format
        ? {
            kind: 'reply',
            content: JSON.stringify({
              findings: [
                {
                  clause: 'penaltyRate',
                  knowledgeId: 'penalty-rate-cap',
                  version: '1.2',
                  severity: 'HIGH',
                  message: 'Penalty of 10% is above the 5% cap.',
                },
              ],
            }),
          }
        : { kind: 'reply', content: 'High risk: the penalty exceeds the cap.' },
    );
    const result = await review();
    expect(result).toMatchObject({
      status: 'SUCCEEDED',
      degraded: false,
      provider: 'deepseek',
      model: 'deepseek-chat',
      riskLevel: 'HIGH',
      reportText: 'High risk: the penalty exceeds the cap.',
    });
    expect(result.findings).toEqual([
      { knowledgeId: 'penalty-rate-cap', version: '1.2', severity: 'HIGH', message: 'Penalty of 10% is above the 5% cap.' },
    ]);
    // The contract text itself is never sent; only extracted values and rules.
    expect(JSON.stringify(fake.requests.map((request) => request.body))).not.toContain('Acme Ltd');
  });

  it('falls back to rules and marks the review degraded when the model hangs', async () => {
    fake.setBehaviour({ kind: 'hang' });
    const result = await review();
    expect(result).toMatchObject({ status: 'SUCCEEDED', degraded: true, riskLevel: 'HIGH' });
    expect(result.findings.map((finding: { knowledgeId: string }) => finding.knowledgeId)).toEqual(['payment-term', 'penalty-rate-cap']);
  });

  it('falls back when the output is malformed or cites knowledge it was not given', async () => {
    fake.setBehaviour({ kind: 'malformed', content: 'Sure! The contract looks LOW risk to me.' });
    const malformed = await review();
    expect(malformed).toMatchObject({ status: 'SUCCEEDED', degraded: true, riskLevel: 'HIGH' });
    fake.setBehaviour({
      kind: 'reply',
      content: JSON.stringify({
        findings: [{ clause: 'penaltyRate', knowledgeId: 'made-up', version: '9.9', severity: 'LOW', message: 'fine' }],
      }),
    });
    const invented = await review();
    expect(invented.degraded).toBe(true);
    expect(invented.findings.map((finding: { knowledgeId: string }) => finding.knowledgeId)).not.toContain('made-up');
  });
});
