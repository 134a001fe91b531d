import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, startTestApp, type TestApp } from '../testkit/app.js';

const NUL = '\u0000';
const LONE = '\ud800';

/** Everything a rejected operation could have written, counted. */
async function rowCounts(app: TestApp) {
  const [sessions, reviews, batches, knowledge, facts] = await Promise.all([
    app.db.session.count(),
    app.db.review.count(),
    app.db.reviewBatch.count(),
    app.db.knowledgeVersion.count(),
    app.db.fact.count(),
  ]);
  return { sessions, reviews, batches, knowledge, facts };
}

describe('text PostgreSQL cannot store is refused at the edge', () => {
  let app: TestApp;
  let token: string;
  let sessionId: string;

  beforeAll(async () => {
    app = await startTestApp();
    token = await app.token('alice', { roles: ['USER', 'ADMIN', 'COMPLIANCE'] });
    const created = await app.gql('mutation { createSession(title: "hostile input") { id } }', {}, { token });
    sessionId = created.data!.createSession.id;
  });
  afterAll(() => app.stop());

  const expectRefused = async (query: string, variables: Record<string, unknown>, reason: string, argument: string) => {
    const before = await rowCounts(app);
    const response = await app.gql(query, variables, { token });
    expect(response.status).toBe(200);
    expect(response.data ?? null).toBeNull();
    expect(response.errors).toHaveLength(1);
    expect(response.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', reason, argument });
    expect(await rowCounts(app)).toEqual(before);
  };

  const operations: [string, string, Record<string, unknown>, string][] = [
    ['createSession(title)', 'mutation ($t: String!) { createSession(title: $t) { id } }', { t: `a${NUL}b` }, 'title'],
    [
      'submitReview title',
      'mutation ($i: ReviewInput!) { submitReview(input: $i) { id } }',
      { i: { contractId: 'c-1', title: `t${NUL}`, text: 'Payment within 30 days.' } },
      'input.title',
    ],
    [
      'submitReview text',
      'mutation ($i: ReviewInput!) { submitReview(input: $i) { id } }',
      { i: { contractId: 'c-1', title: 't', text: `Payment ${NUL} within 30 days.` } },
      'input.text',
    ],
    ['knowledge(tags)', 'query ($t: [String!]) { knowledge(tags: $t) { id } }', { t: ['ok', `x${NUL}`] }, 'tags[1]'],
    ['knowledge(knowledgeIds)', 'query ($t: [ID!]) { knowledge(knowledgeIds: $t) { id } }', { t: [`x${NUL}`] }, 'knowledgeIds[0]'],
    ['knowledgeHistory', 'query ($t: ID!) { knowledgeHistory(knowledgeId: $t) { id } }', { t: `x${NUL}` }, 'knowledgeId'],
    [
      'reviews(filter.contractId)',
      'query ($t: String) { reviews(filter: { contractId: $t }) { edges { node { id } } } }',
      { t: `x${NUL}` },
      'filter.contractId',
    ],
    [
      'putKnowledgeVersion content',
      'mutation ($i: KnowledgeVersionInput!) { putKnowledgeVersion(input: $i) { id } }',
      { i: { knowledgeId: 'k', version: '1.0', kind: 'CLAUSE', source: 'policy:x#1', content: `cap ${NUL} 5%` } },
      'input.content',
    ],
    [
      'sendMessage',
      'mutation ($s: ID!, $t: String!) { sendMessage(sessionId: $s, text: $t) { reply } }',
      { t: `my name is ${NUL}Alice` },
      'text',
    ],
    [
      'confirmFact value',
      'mutation ($v: JSON!) { confirmFact(category: "profile", key: "name", value: $v) { key } }',
      { v: { first: `Al${NUL}ice` } },
      'value.first',
    ],
    [
      'confirmFact key',
      'mutation ($k: String!) { confirmFact(category: "profile", key: $k, value: 1) { key } }',
      { k: `na${NUL}me` },
      'key',
    ],
  ];

  for (const [name, query, variables, argument] of operations) {
    it(`${name}: NUL is BAD_USER_INPUT (NUL_CHARACTER, ${argument}) and writes nothing`, async () => {
      await expectRefused(query, { s: sessionId, ...variables }, 'NUL_CHARACTER', argument);
    });
  }

  it('a NUL in an inline string literal is refused the same way', async () => {
    await expectRefused('mutation { createSession(title: "inline \\u0000 title") { id } }', {}, 'NUL_CHARACTER', 'title');
  });

  it('the chat thread stays untouched by a refused message', async () => {
    await app.gql(
      'mutation ($s: ID!, $t: String!) { sendMessage(sessionId: $s, text: $t) { reply } }',
      { s: sessionId, t: `hi${NUL}` },
      { token },
    );
    const thread = await app.gql(
      'query ($s: ID!) { thread(sessionId: $s) { checkpointCount messages { content } } }',
      { s: sessionId },
      { token },
    );
    expect(thread.data!.thread).toEqual({ checkpointCount: 0, messages: [] });
  });

  it('unpaired surrogates are refused too: jsonb rejects them and text would store U+FFFD instead', async () => {
    await expectRefused('mutation ($t: String!) { createSession(title: $t) { id } }', { t: `a${LONE}b` }, 'UNPAIRED_SURROGATE', 'title');
    await expectRefused(
      'mutation ($i: KnowledgeVersionInput!) { putKnowledgeVersion(input: $i) { id } }',
      {
        i: {
          knowledgeId: 'k',
          version: '1.0',
          kind: 'CLAUSE',
          source: 'policy:x#1',
          content: 'cap',
          constraint: { field: 'penaltyRate', operator: '<=', value: `5${LONE}`, unit: '%' },
        },
      },
      'UNPAIRED_SURROGATE',
      'input.constraint.value',
    );
    // A well-formed pair (an emoji) and other control characters are fine.
    const ok = await app.gql('mutation ($t: String!) { createSession(title: $t) { title } }', { t: '合同 😀 \u0001' }, { token });
    expect(ok.data?.createSession.title).toBe('合同 😀 \u0001');
  });

  it('over graphql-ws: a subscription and a query are refused alike and write nothing', async () => {
    const before = await rowCounts(app);
    const client = app.ws({ authorization: `Bearer ${token}` });
    const stream = await collect(client, 'subscription ($s: ID!, $t: String!) { replyStream(sessionId: $s, text: $t) }', {
      s: sessionId,
      t: `hi${NUL}`,
    });
    expect(stream.results[0]?.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', reason: 'NUL_CHARACTER', argument: 'text' });
    const query = await collect(client, 'query ($t: [ID!]) { knowledge(knowledgeIds: $t) { id } }', { t: [`ws${NUL}`] });
    expect(query.results[0]?.errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      reason: 'NUL_CHARACTER',
      argument: 'knowledgeIds[0]',
    });
    expect(await rowCounts(app)).toEqual(before);
  });

  it('in a batch, an input with NUL in its title or text fails on its own; the others are queued', async () => {
    const inputs = [
      { contractId: 'b-ok', title: 'fine', text: 'Payment within 30 days of invoice.' },
      { contractId: 'b-title', title: `bad${NUL}title`, text: 'Payment within 30 days of invoice.' },
      { contractId: 'b-text', title: 'bad text', text: `Payment ${NUL}` },
      { contractId: `b-id${NUL}`, title: `both${NUL}`, text: 'x' },
    ];
    const batch = await app.gql('mutation ($i: [ReviewInput!]!) { submitReviewBatch(inputs: $i) { id total } }', { i: inputs }, { token });
    expect(batch.errors).toBeUndefined();
    await app.deps.services.reviews.idle();
    const rows = await app.db.review.findMany({ where: { batchId: batch.data!.submitReviewBatch.id }, orderBy: { batchIndex: 'asc' } });
    expect(rows.map((row) => [row.status, row.errorCode])).toEqual([
      ['SUCCEEDED', null],
      ['FAILED', 'BAD_USER_INPUT'],
      ['FAILED', 'BAD_USER_INPUT'],
      ['FAILED', 'BAD_USER_INPUT'],
    ]);
    expect(rows[1]).toMatchObject({ title: '#2', text: '' });
    expect(rows[3]).toMatchObject({ title: '#4', contractId: 'invalid-3' });
  });
});

describe('JSON arguments are bounded', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp();
    token = await app.token('alice');
  });
  afterAll(() => app.stop());

  // JSON.stringify itself overflows on such values in some runtimes: the body is written by hand.
  const confirmRaw = async (valueJson: string) => {
    const response = await fetch(app.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: `{"query":"mutation ($v: JSON!) { confirmFact(category: \\"profile\\", key: \\"k\\", value: $v) { key } }","variables":{"v":${valueJson}}}`,
    });
    return {
      status: response.status,
      ...((await response.json()) as { data?: unknown; errors?: { extensions?: Record<string, unknown> }[] }),
    };
  };

  it('a 5,000-level nested value is BAD_USER_INPUT (JSON_TOO_DEEP), not a stack overflow, and stores nothing', async () => {
    for (const deep of ['['.repeat(5_000) + ']'.repeat(5_000), `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`]) {
      const response = await confirmRaw(deep);
      expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'JSON_TOO_DEEP' });
      expect(response.data ?? null).toBeNull();
    }
    expect(await app.db.fact.count()).toBe(0);
  });

  it('a value with more than 10,000 values is BAD_USER_INPUT (JSON_TOO_LARGE); a modest nested one is stored', async () => {
    const large = await confirmRaw(`[${Array.from({ length: 10_001 }, () => '0').join(',')}]`);
    expect(large.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'JSON_TOO_LARGE' });
    expect(await app.db.fact.count()).toBe(0);
    const fine = await confirmRaw('{"a":{"b":{"c":[1,2,{"d":"e"}]}}}');
    expect(fine.errors).toBeUndefined();
    expect(await app.db.fact.count()).toBe(1);
  });

  it('a too-deep inline literal is refused the same way', async () => {
    const literal = `${'['.repeat(40)}1${']'.repeat(40)}`;
    const response = await app.gql(`mutation { confirmFact(category: "profile", key: "lit", value: ${literal}) { key } }`, {}, { token });
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'JSON_TOO_DEEP' });
  });
});
