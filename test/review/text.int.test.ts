import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishContract, REVIEW_KNOWLEDGE } from '../fixtures/contracts.js';
import { startTestApp, type TestApp } from '../testkit/app.js';

describe('Review.text', () => {
  let app: TestApp;
  let alice: string;
  let bob: string;
  let admin: string;

  beforeAll(async () => {
    app = await startTestApp();
    alice = await app.token('alice');
    bob = await app.token('bob');
    admin = await app.token('carol', { roles: ['ADMIN'] });
    for (const item of REVIEW_KNOWLEDGE) {
      const put = await app.gql(
        'mutation ($input: KnowledgeVersionInput!) { putKnowledgeVersion(input: $input) { id } }',
        { input: { kind: 'CLAUSE', source: `policy:test/${item.knowledgeId}`, ...item } },
        { token: admin },
      );
      expect(put.errors).toBeUndefined();
    }
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('gives the owner the text the evidence offsets refer to, and nobody else', async () => {
    const text = englishContract({ payDays: 45, penalty: 10, notice: 15, years: 2 });
    const submitted = await app.gql(
      'mutation ($input: ReviewInput!) { submitReview(input: $input) { id } }',
      { input: { contractId: 'text-1', title: 'Supply', text } },
      { token: alice },
    );
    const id = submitted.data!.submitReview.id as string;
    await app.deps.services.reviews.idle();

    const own = await app.gql(
      'query ($id: ID!) { review(id: $id) { text findings { evidence { start end } } } }',
      { id },
      { token: alice },
    );
    expect(own.errors).toBeUndefined();
    expect(own.data!.review.text).toBe(text);
    const spans = (own.data!.review.findings as { evidence: { start: number; end: number } | null }[]).flatMap((f) =>
      f.evidence ? [f.evidence] : [],
    );
    expect(spans.length).toBeGreaterThan(0);
    expect(spans.map(({ start, end }) => text.slice(start, end))).toContain('10%');

    const asAdmin = await app.gql('query ($id: ID!) { review(id: $id) { id text } }', { id }, { token: admin });
    expect(asAdmin.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(asAdmin.data?.review?.text ?? null).toBeNull();
    const asOther = await app.gql('query ($id: ID!) { review(id: $id) { text } }', { id }, { token: bob });
    expect(asOther.errors?.[0]?.extensions?.code).toMatch(/^(FORBIDDEN|NOT_FOUND)$/);
    expect(asOther.data?.review ?? null).toBeNull();
  });
});
