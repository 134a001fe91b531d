import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testkit/app.js';
import { startFakeOpenAI, type ChatCompletionRequestBody, type FakeBehaviour, type FakeOpenAIServer } from '../testkit/fake-openai.js';
import { loadConfig } from '../../src/config.js';
import { HOUSEHOLD_SERVICES_CONTRACT as CONTRACT } from '@suanni/clause-extraction/fixtures';

const REVIEW = `query ($id: ID!) { review(id: $id) { status degraded text report error { code } } }`;

const isExtractionRequest = (body: ChatCompletionRequestBody) => JSON.stringify(body.messages ?? []).includes('kinds of clauses');

/** The clauses the parse node sent, read back from the request as a model would. */
function shownClauses(body: ChatCompletionRequestBody): Array<{ index: number; text: string }> {
  const user = (body.messages ?? []).find((message) => message.role === 'user');
  return (JSON.parse(String(user?.content)) as { clauses: Array<{ index: number; text: string }> }).clauses;
}

/**
 * A model double: for extraction it points at the clause that lets a party end the contract at
 * will (as a model reading the clauses would); compliance gets no findings; the report a sentence.
 */
function answering(extraction: (body: ChatCompletionRequestBody) => FakeBehaviour) {
  return (body: ChatCompletionRequestBody): FakeBehaviour => {
    if (isExtractionRequest(body)) return extraction(body);
    if (body.response_format) return { kind: 'reply', content: JSON.stringify({ findings: [] }) };
    return { kind: 'reply', content: '风险较低。' };
  };
}

const pointsAtTermination = answering((body) => {
  const clause = shownClauses(body).find((candidate) => candidate.text.includes('不想用了'));
  return {
    kind: 'reply',
    content: JSON.stringify({
      answers: [
        { field: 'terminationForConvenience', present: true, clauseIndex: clause?.index ?? null },
        {
          field: 'insurance',
          present: true,
          clauseIndex: shownClauses(body).find((candidate) => candidate.text.includes('保险'))?.index ?? null,
        },
      ],
    }),
  };
});

describe('model-assisted extraction (SUANNI_MODEL_EXTRACTION)', () => {
  let fake: FakeOpenAIServer;
  let assisted: TestApp;
  let plain: TestApp;

  const env = (url: string) => ({
    SUANNI_MODEL_PROVIDER: 'deepseek',
    DEEPSEEK_API_KEY: 'test-key',
    DEEPSEEK_BASE_URL: url,
    SUANNI_MODEL_TIMEOUT_MS: '2000',
    SUANNI_MODEL_MAX_RETRIES: '0',
  });

  beforeAll(async () => {
    fake = await startFakeOpenAI({ behaviour: pointsAtTermination });
    assisted = await startTestApp({ env: { ...env(fake.url), SUANNI_MODEL_EXTRACTION: 'assist' } });
    plain = await startTestApp({ env: env(fake.url) });
  });
  afterAll(async () => {
    await assisted?.stop();
    await plain?.stop();
    await fake?.close();
  });

  const review = async (app: TestApp, contractId: string) => {
    const token = await app.token('alice');
    const submitted = await app.gql(
      'mutation ($input: ReviewInput!) { submitReview(input: $input) { id } }',
      { input: { contractId, title: '家政服务合同', text: CONTRACT, asOf: '2025-06-01T00:00:00Z' } },
      { token },
    );
    expect(submitted.errors).toBeUndefined();
    await app.deps.services.reviews.idle();
    return (await app.gql(REVIEW, { id: submitted.data!.submitReview.id }, { token })).data!.review;
  };

  it('adds the clause kind the rules missed, with the clause as evidence, and says the model found it', async () => {
    fake.setBehaviour(pointsAtTermination);
    const before = fake.requests.length;
    const result = await review(assisted, 'assist-1');
    expect(result).toMatchObject({ status: 'SUCCEEDED', degraded: false });
    expect(result.report.extracted).toMatchObject({
      terminationForConvenience: true,
      insurance: true,
      foundByModel: 'terminationForConvenience',
    });
    const extraction = fake.requests.slice(before).filter((request) => isExtractionRequest(request.body));
    expect(extraction).toHaveLength(1);
    // Only candidate clauses travel: the fee clause has no cue word and stays home.
    const sent = JSON.stringify(extraction[0]!.body);
    expect(sent).toContain('不想用了');
    expect(sent).not.toContain('每月人民币九千元');
  });

  it('sends no contract text without the setting (the default)', async () => {
    fake.setBehaviour(pointsAtTermination);
    const before = fake.requests.length;
    const result = await review(plain, 'plain-1');
    expect(result.status).toBe('SUCCEEDED');
    expect(result.report.extracted.terminationForConvenience).toBeNull();
    expect(result.report.extracted.foundByModel).toBeUndefined();
    const sent = JSON.stringify(fake.requests.slice(before).map((request) => request.body));
    expect(fake.requests.length).toBeGreaterThan(before);
    for (const words of ['不想用了', '育儿嫂', '意外伤害保险']) expect(sent).not.toContain(words);
  });

  it('ignores an answer that points at a clause it was not shown, and marks the review degraded', async () => {
    fake.setBehaviour(
      answering(() => ({
        kind: 'reply',
        content: JSON.stringify({ answers: [{ field: 'terminationForConvenience', present: true, clauseIndex: 4242 }] }),
      })),
    );
    const result = await review(assisted, 'assist-2');
    expect(result).toMatchObject({ status: 'SUCCEEDED', degraded: true });
    expect(result.report.extracted.terminationForConvenience).toBeNull();
    expect(result.report.extracted.foundByModel).toBeUndefined();
  });

  it('falls back to the rules when the model fails, and the review still succeeds', async () => {
    fake.setBehaviour(answering(() => ({ kind: 'status', status: 500, message: 'upstream down' })));
    const result = await review(assisted, 'assist-3');
    expect(result).toMatchObject({ status: 'SUCCEEDED', degraded: true });
    expect(result.report.extracted.insurance).toBe(true);
    expect(result.report.extracted.terminationForConvenience).toBeNull();
  });

  it('is refused at start without a model provider', () => {
    expect(() => loadConfig({ ...process.env, SUANNI_MODEL_PROVIDER: 'rules', SUANNI_MODEL_EXTRACTION: 'assist' })).toThrow(
      /SUANNI_MODEL_EXTRACTION: assist needs a model provider/,
    );
    expect(() => loadConfig({ ...process.env, SUANNI_MODEL_EXTRACTION: 'always' })).toThrow(
      /SUANNI_MODEL_EXTRACTION: must be off or assist/,
    );
  });
});
