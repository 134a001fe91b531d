import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { operationCosts, rateLimitedError, retryAfterSeconds } from './rate-limit-plugin.js';
import { schema } from './schema.js';

const costs = (query: string, variables?: Record<string, unknown>, operationName?: string) =>
  operationCosts(schema, parse(query), operationName, variables);

describe('operation costs', () => {
  it('charges each root field 1 in its class: queries and subscriptions read, mutations write', () => {
    expect(costs('{ me { id } reviewStateContract { fields { name } } }')).toEqual({ reads: 2, writes: 0, model: 0 });
    expect(costs('mutation { createSession(title: "a") { id } closeSession(id: "x") { id } }')).toEqual({ reads: 0, writes: 2, model: 0 });
    expect(costs('subscription { heartbeat }')).toEqual({ reads: 1, writes: 0, model: 0 });
  });

  it('charges model-backed fields to the model class, whatever the operation type', () => {
    expect(costs('mutation { sendMessage(sessionId: "s", text: "hi") { reply } createSession(title: "a") { id } }')).toEqual({
      reads: 0,
      writes: 1,
      model: 1,
    });
    expect(
      costs('mutation { submitReview(input: { contractId: "c", title: "t", text: "x" }) { id } replayReview(id: "r") { identical } }'),
    ).toEqual({
      reads: 0,
      writes: 0,
      model: 2,
    });
    expect(costs('subscription { replyStream(sessionId: "s", text: "hi") }')).toEqual({ reads: 0, writes: 0, model: 1 });
  });

  it('weighs a batch by the length of its list, inline or from a variable', () => {
    const input = '{ contractId: "c", title: "t", text: "x" }';
    expect(costs(`mutation { submitReviewBatch(inputs: [${input}, ${input}, ${input}]) { id } }`)).toEqual({
      reads: 0,
      writes: 0,
      model: 3,
    });
    const withVariable = 'mutation ($inputs: [ReviewInput!]!) { submitReviewBatch(inputs: $inputs) { id } }';
    const document = parse(withVariable);
    expect(operationCosts(schema, document, undefined, { inputs: new Array(7).fill({}) })).toEqual({ reads: 0, writes: 0, model: 7 });
    // The same parsed document with another batch costs that batch: a variable's cost is never cached.
    expect(operationCosts(schema, document, undefined, { inputs: new Array(2).fill({}) })).toEqual({ reads: 0, writes: 0, model: 2 });
    // A single value where a list is expected is a list of one.
    expect(operationCosts(schema, document, undefined, { inputs: {} })).toEqual({ reads: 0, writes: 0, model: 1 });
  });

  it('counts fields inside fragments on the root type, so they cannot hide a model-backed field', () => {
    expect(costs('mutation { ... on Mutation { sendMessage(sessionId: "s", text: "hi") { reply } } }')).toEqual({
      reads: 0,
      writes: 0,
      model: 1,
    });
    expect(costs('mutation { ...turn ...turn } fragment turn on Mutation { sendMessage(sessionId: "s", text: "hi") { reply } }')).toEqual({
      reads: 0,
      writes: 0,
      model: 1,
    });
  });

  it('picks the named operation of a document with several, and none when the name matches nothing', () => {
    const document = 'query Read { me { id } } mutation Write { createSession(title: "a") { id } }';
    expect(costs(document, undefined, 'Write')).toEqual({ reads: 0, writes: 1, model: 0 });
    expect(costs(document, undefined, 'Read')).toEqual({ reads: 1, writes: 0, model: 0 });
    expect(costs(document, undefined, 'Missing')).toBeNull();
    expect(costs(document)).toBeNull();
  });
});

describe('refusal', () => {
  it('says when to retry in whole seconds, at least one', () => {
    expect([retryAfterSeconds(1), retryAfterSeconds(999), retryAfterSeconds(1_000), retryAfterSeconds(1_001)]).toEqual([1, 1, 1, 2]);
  });

  it('names the limit as setTenantRateLimits does, with retryAfter only when waiting helps', () => {
    const base = { allowed: false, scope: 'tenant', operationClass: 'model', limit: 5, cost: 2, periodMs: 60_000 } as const;
    const waiting = rateLimitedError({ ...base, reason: 'TOO_MANY_REQUESTS', retryAfterMs: 2_500 });
    expect(waiting.code).toBe('RATE_LIMITED');
    expect(waiting.message).toBe('Rate limit of 5 model operations per 60 s for the tenant reached; retry in 3 s.');
    expect(waiting.details).toEqual({
      reason: 'TOO_MANY_REQUESTS',
      limit: 'modelPerTenant',
      max: 5,
      periodSeconds: 60,
      operationClass: 'model',
      scope: 'tenant',
      cost: 2,
      retryAfter: 3,
    });
    const never = rateLimitedError({ ...base, scope: 'user', reason: 'COST_EXCEEDS_LIMIT', cost: 6, retryAfterMs: null });
    expect(never.message).toBe('This operation costs 6, more than the limit of 5 model operations per 60 s per user: split it.');
    expect(never.details).not.toHaveProperty('retryAfter');
    expect(never.details).toMatchObject({ reason: 'COST_EXCEEDS_LIMIT', limit: 'modelPerUser' });
  });
});
