import { randomBytes } from 'node:crypto';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type RedisConnections } from '../../src/platform/redis.js';
import { startTestApp, type GraphQLResponse, type TestApp } from '../testkit/app.js';
import { redisReachable, SYSTEM_REDIS, waitFor } from '../testkit/processes.js';

const redisUp = await redisReachable();
if (!redisUp) process.stdout.write(`SKIP rate-limits.int.test.ts (Redis part): no Redis at ${SYSTEM_REDIS}\n`);

const ME = '{ me { id } }';
const CREATE_SESSION = 'mutation ($title: String!) { createSession(title: $title) { id } }';
const SEND = 'mutation ($sessionId: ID!, $text: String!) { sendMessage(sessionId: $sessionId, text: $text) { reply } }';
const SUBMIT = 'mutation ($input: ReviewInput!) { submitReview(input: $input) { id } }';
const SUBMIT_BATCH = 'mutation ($inputs: [ReviewInput!]!) { submitReviewBatch(inputs: $inputs) { id total } }';
const SET_LIMITS = `mutation ($input: TenantRateLimitsInput!) {
  setTenantRateLimits(input: $input) { operationClass scope limit defaultLimit ceiling custom periodSeconds }
}`;
const LIMITS = '{ tenantRateLimits { operationClass scope limit defaultLimit ceiling custom periodSeconds } }';

const reviewInput = (index: number) => ({
  contractId: `rl-${index}`,
  title: `Contract ${index}`,
  text: 'The Supplier shall deliver the goods within 30 days. Payment is due within 45 days of invoice.',
});

/** Sends until the first refusal (within a bound): returns how many passed and the refusal. */
async function untilRefused(send: () => Promise<GraphQLResponse>, bound = 40) {
  let passed = 0;
  for (let attempt = 0; attempt < bound; attempt++) {
    const response = await send();
    if (response.errors?.[0]?.extensions?.code === 'RATE_LIMITED') return { passed, refusal: response };
    expect(response.errors).toBeUndefined();
    passed++;
  }
  throw new Error(`no refusal within ${bound} operations`);
}

/** One operation over graphql-ws: its first result, or how the socket failed it. */
function runOnSocket(client: Client, query: string, variables: Record<string, unknown> = {}) {
  return new Promise<{
    result?: { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };
    failure?: unknown;
  }>((resolve) => {
    // Not disposed on its first result: the server completes a single result itself.
    client.subscribe(
      { query, variables },
      { next: (result) => resolve({ result: result as never }), error: (failure) => resolve({ failure }), complete: () => resolve({}) },
    );
  });
}

/** A subscription's first event (a refusal is one too) and its stop. */
function firstEvent(client: Client, query: string) {
  return new Promise<{ result: { data?: unknown; errors?: { extensions?: Record<string, unknown> }[] }; stop: () => void }>(
    (resolve, reject) => {
      let stop = () => {};
      stop = client.subscribe(
        { query },
        { next: (result) => resolve({ result: result as never, stop }), error: reject, complete: () => {} },
      );
    },
  );
}

/** Opens a subscription and resolves once its first event arrived; returns its stop. */
function holdOpen(client: Client, query = 'subscription { heartbeat }') {
  return new Promise<() => void>((resolve, reject) => {
    let stop = () => {};
    stop = client.subscribe({ query }, { next: () => resolve(stop), error: reject, complete: () => {} });
  });
}

describe('rate limits', () => {
  /** Long period: nothing recovers while a test counts. Small ceilings to test against. */
  let slow: TestApp;
  /** Two-second period: buckets refill while a test waits. */
  let fast: TestApp;

  beforeAll(async () => {
    [slow, fast] = await Promise.all([
      startTestApp({
        env: {
          SUANNI_RATE_LIMIT_PERIOD_SECONDS: '600',
          SUANNI_RATE_LIMIT_MODEL_PER_USER: '50',
          SUANNI_RATE_LIMIT_MODEL_PER_USER_CEILING: '100',
          SUANNI_RATE_LIMIT_FLOOD_REFUSALS: '3',
          SUANNI_MAX_SOCKETS_PER_USER: '2',
        },
      }),
      startTestApp({ env: { SUANNI_RATE_LIMIT_PERIOD_SECONDS: '2' } }),
    ]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([slow?.stop(), fast?.stop()]);
  });

  /** A fresh tenant of `app` with limits set by its ADMIN; returns a token factory for its users. */
  async function tenantWith(app: TestApp, limits: Record<string, number>) {
    const tenant = `rl${randomBytes(4).toString('hex')}`;
    const admin = await app.token('admin', { tenant, roles: ['ADMIN'] });
    const set = await app.gql(SET_LIMITS, { input: limits }, { token: admin });
    expect(set.errors).toBeUndefined();
    return { tenant, admin, user: (subject: string) => app.token(subject, { tenant }) };
  }

  it('refuses over HTTP with RATE_LIMITED, retryAfter, 429 and Retry-After, and recovers after the window', async () => {
    const { user } = await tenantWith(fast, { readsPerUser: 3 });
    const token = await user('reader');
    const { passed, refusal } = await untilRefused(() => fast.gql(ME, {}, { token }));
    expect(passed).toBeGreaterThanOrEqual(3);
    expect(refusal.status).toBe(429);
    expect(refusal.data ?? null).toBeNull();
    const error = refusal.errors![0]!;
    expect(error.extensions).toEqual({
      code: 'RATE_LIMITED',
      reason: 'TOO_MANY_REQUESTS',
      limit: 'readsPerUser',
      max: 3,
      periodSeconds: 2,
      operationClass: 'reads',
      scope: 'user',
      cost: 1,
      retryAfter: expect.any(Number),
    });
    // One read comes back every 2/3 s: the wait is a whole number of seconds, at least 1, at most the period.
    const retryAfter = error.extensions!.retryAfter as number;
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 2).toBe(true);
    expect(refusal.headers.get('retry-after')).toBe(String(retryAfter));
    expect(error.message).toMatch(/3 reads operations per 2 s per user/);
    const recovered = await waitFor(
      () => fast.gql(ME, {}, { token }),
      (response) => response.status === 200,
      10_000,
      'the bucket to refill',
    );
    expect(recovered.data?.me.id).toEqual(expect.any(String));
  });

  it('refuses a batched HTTP body (an array of operations) as malformed, charging nothing', async () => {
    const { user } = await tenantWith(slow, { readsPerUser: 1 });
    const token = await user('batcher');
    const response = await fetch(slow.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify([{ query: ME }, { query: ME }]),
    });
    expect(response.status).toBe(400);
    // The one read is still there.
    expect((await slow.gql(ME, {}, { token })).status).toBe(200);
    expect((await slow.gql(ME, {}, { token })).status).toBe(429);
  });

  it('charges two users of one tenant to the shared tenant bucket; another tenant is untouched', async () => {
    const { user } = await tenantWith(slow, { readsPerUser: 3, readsPerTenant: 4 });
    const [alice, bob] = await Promise.all([user('alice'), user('bob')]);
    const first = await untilRefused(() => slow.gql(ME, {}, { token: alice }));
    expect(first.passed).toBe(3);
    expect(first.refusal.errors![0]!.extensions).toMatchObject({ scope: 'user', limit: 'readsPerUser', max: 3 });
    const second = await untilRefused(() => slow.gql(ME, {}, { token: bob }));
    expect(second.passed).toBe(1);
    expect(second.refusal.status).toBe(429);
    expect(second.refusal.errors![0]!.extensions).toMatchObject({ scope: 'tenant', limit: 'readsPerTenant', max: 4 });
    const other = await tenantWith(slow, { readsPerTenant: 4 });
    expect((await slow.gql(ME, {}, { token: await other.user('alice') })).status).toBe(200);
  });

  it('keeps classes apart: exhausted reads do not block writes or model work, exhausted writes do not block reads', async () => {
    const { user } = await tenantWith(slow, { readsPerUser: 1, writesPerUser: 2, modelPerUser: 2 });
    const token = await user('writer');
    expect((await slow.gql(ME, {}, { token })).status).toBe(200);
    expect((await slow.gql(ME, {}, { token })).errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', operationClass: 'reads' });
    const session = await slow.gql(CREATE_SESSION, { title: 'one' }, { token });
    expect(session.errors).toBeUndefined();
    expect((await slow.gql(CREATE_SESSION, { title: 'two' }, { token })).errors).toBeUndefined();
    const refusedWrite = await slow.gql(CREATE_SESSION, { title: 'three' }, { token });
    expect(refusedWrite.status).toBe(429);
    expect(refusedWrite.errors![0]!.extensions).toMatchObject({ code: 'RATE_LIMITED', operationClass: 'writes', limit: 'writesPerUser' });
    // sendMessage is model-backed work, not a write.
    const turn = await slow.gql(SEND, { sessionId: session.data!.createSession.id, text: 'Hello there.' }, { token });
    expect(turn.errors).toBeUndefined();
    expect(turn.data!.sendMessage.reply).toEqual(expect.any(String));

    const other = await tenantWith(slow, { writesPerUser: 1 });
    const writer = await other.user('writer');
    expect((await slow.gql(CREATE_SESSION, { title: 'one' }, { token: writer })).errors).toBeUndefined();
    expect((await slow.gql(CREATE_SESSION, { title: 'two' }, { token: writer })).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect((await slow.gql(ME, {}, { token: writer })).status).toBe(200);
  });

  it('weighs a review batch by its size and refuses one larger than the limit outright, queueing nothing', async () => {
    const { tenant, user } = await tenantWith(slow, { modelPerUser: 5 });
    const token = await user('reviewer');
    const tooLarge = await slow.gql(SUBMIT_BATCH, { inputs: [0, 1, 2, 3, 4, 5].map(reviewInput) }, { token });
    expect(tooLarge.status).toBe(429);
    expect(tooLarge.headers.get('retry-after')).toBeNull();
    expect(tooLarge.errors![0]!.extensions).toEqual({
      code: 'RATE_LIMITED',
      reason: 'COST_EXCEEDS_LIMIT',
      limit: 'modelPerUser',
      max: 5,
      periodSeconds: 600,
      operationClass: 'model',
      scope: 'user',
      cost: 6,
    });
    const reviewsOfTenant = () => slow.db.review.count({ where: { tenant: { key: tenant } } });
    expect(await reviewsOfTenant()).toBe(0);

    const batch = await slow.gql(SUBMIT_BATCH, { inputs: [0, 1, 2].map(reviewInput) }, { token });
    expect(batch.errors).toBeUndefined();
    expect(batch.data!.submitReviewBatch.total).toBe(3);
    // 3 of 5 used: an inline batch of 3 no longer fits, two single reviews do.
    const inline = await slow.gql(
      `mutation { submitReviewBatch(inputs: [${[0, 1, 2].map((index) => `{ contractId: "i${index}", title: "T", text: "Payment is due within 45 days." }`).join(', ')}]) { id } }`,
      {},
      { token },
    );
    expect(inline.errors![0]!.extensions).toMatchObject({
      code: 'RATE_LIMITED',
      reason: 'TOO_MANY_REQUESTS',
      cost: 3,
      operationClass: 'model',
    });
    expect((await slow.gql(SUBMIT, { input: reviewInput(10) }, { token })).errors).toBeUndefined();
    expect((await slow.gql(SUBMIT, { input: reviewInput(11) }, { token })).errors).toBeUndefined();
    const sixth = await slow.gql(SUBMIT, { input: reviewInput(12) }, { token });
    expect(sixth.errors![0]!.extensions).toMatchObject({ code: 'RATE_LIMITED', cost: 1, operationClass: 'model' });
    expect(await reviewsOfTenant()).toBe(5);
  });

  it('lets an ADMIN set limits within the ceilings, refuses above them naming the ceiling, and refuses everyone else', async () => {
    const { admin, user } = await tenantWith(slow, { writesPerUser: 100 });
    const before = await slow.gql(LIMITS, {}, { token: admin });
    expect(before.data!.tenantRateLimits).toContainEqual({
      operationClass: 'MODEL',
      scope: 'USER',
      limit: 50,
      defaultLimit: 50,
      ceiling: 100,
      custom: false,
      periodSeconds: 600,
    });

    const above = await slow.gql(SET_LIMITS, { input: { modelPerUser: 101, readsPerUser: 10 } }, { token: admin });
    expect(above.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'modelPerUser', ceiling: 100 });
    expect(above.errors![0]!.message).toBe(
      "modelPerUser of 101 is above the server's ceiling of 100 (SUANNI_RATE_LIMIT_MODEL_PER_USER_CEILING).",
    );
    const zero = await slow.gql(SET_LIMITS, { input: { readsPerTenant: 0 } }, { token: admin });
    expect(zero.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'readsPerTenant' });
    // Nothing of a refused change was kept (readsPerUser came with the refused modelPerUser).
    const unchanged = await slow.gql(LIMITS, {}, { token: admin });
    expect(unchanged.data!.tenantRateLimits.filter((limit: { custom: boolean }) => limit.custom)).toEqual([
      expect.objectContaining({ operationClass: 'WRITES', scope: 'USER', limit: 100 }),
    ]);

    const set = await slow.gql(SET_LIMITS, { input: { modelPerUser: 100, writesPerUser: null } }, { token: admin });
    expect(set.errors).toBeUndefined();
    expect(set.data!.setTenantRateLimits).toContainEqual(
      expect.objectContaining({ operationClass: 'MODEL', scope: 'USER', limit: 100, custom: true }),
    );
    expect(set.data!.setTenantRateLimits).toContainEqual(
      expect.objectContaining({ operationClass: 'WRITES', scope: 'USER', custom: false }),
    );

    const plain = await user('plain');
    for (const [query, variables] of [
      [LIMITS, {}],
      [SET_LIMITS, { input: { readsPerUser: 1 } }],
    ] as const) {
      const refused = await slow.gql(query, variables, { token: plain });
      expect(refused.errors![0]!.extensions?.code).toBe('FORBIDDEN');
    }
    const anonymous = await slow.gql(SET_LIMITS, { input: { readsPerUser: 1 } });
    expect(anonymous.errors![0]!.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('graphql-ws: a refused operation errors with RATE_LIMITED, and a socket that keeps flooding is closed with 4429', async () => {
    const { user } = await tenantWith(slow, { readsPerUser: 2 });
    const token = await user('flooder');
    let closed: { code: number; reason: string } | undefined;
    const client = slow.ws(
      { authorization: `Bearer ${token}` },
      { onClose: (event) => (closed ??= { code: event.code, reason: event.reason }) },
    );
    const results: Awaited<ReturnType<typeof runOnSocket>>[] = [];
    // Keep a subscription open so that the lazy client holds one socket throughout.
    const keepOpen = await holdOpen(client);
    for (let attempt = 0; attempt < 20 && !closed; attempt++) results.push(await runOnSocket(client, ME));
    keepOpen();
    expect(closed).toEqual({ code: 4429, reason: 'Too many requests: kept sending after being rate limited' });
    const refusals = results.filter((entry) => entry.result?.errors?.[0]?.extensions?.code === 'RATE_LIMITED');
    // The subscription above took one of the two reads; the threshold is three refusals, closed at the fourth.
    expect(results[0]!.result?.errors).toBeUndefined();
    expect(refusals.length).toBeGreaterThanOrEqual(3);
    expect(refusals[0]!.result!.errors![0]!.extensions).toMatchObject({
      reason: 'TOO_MANY_REQUESTS',
      operationClass: 'reads',
      retryAfter: expect.any(Number),
    });
  });

  it('graphql-ws: a subscription over the read limit is refused with RATE_LIMITED, and the socket stays usable', async () => {
    const { user } = await tenantWith(slow, { readsPerUser: 1, writesPerUser: 5 });
    const token = await user('subscriber');
    const client = slow.ws({ authorization: `Bearer ${token}` });
    const stop = await holdOpen(client);
    const refused = await runOnSocket(client, 'subscription { heartbeat }');
    expect(refused.result?.data ?? null).toBeNull();
    expect(refused.result?.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', operationClass: 'reads', limit: 'readsPerUser' });
    // Writes have their own bucket, on the same socket.
    const write = await runOnSocket(client, CREATE_SESSION, { title: 'over the socket' });
    expect(write.result?.errors).toBeUndefined();
    stop();
  });

  it('graphql-ws: a socket over the per-user limit is closed with 1013 (try again later), and one fits again once another closes', async () => {
    const { user } = await tenantWith(slow, {});
    const token = await user('many-sockets');
    const holders = [slow.ws({ authorization: `Bearer ${token}` }), slow.ws({ authorization: `Bearer ${token}` })];
    const stops = await Promise.all(holders.map((holder) => holdOpen(holder)));
    let closed: { code: number; reason: string } | undefined;
    const third = slow.ws(
      { authorization: `Bearer ${token}` },
      { onClose: (event) => (closed ??= { code: event.code, reason: event.reason }) },
    );
    const outcome = await runOnSocket(third, '{ me { id } }');
    expect(outcome.result).toBeUndefined();
    expect(closed).toEqual({ code: 1013, reason: 'Too many connections: at most 2 per user' });
    // Another user of the tenant has sockets of their own.
    const other = await runOnSocket(slow.ws({ authorization: `Bearer ${await user('someone-else')}` }), '{ me { id } }');
    expect(other.result?.errors).toBeUndefined();

    stops[0]!();
    await holders[0]!.dispose();
    const again = await waitFor(
      () => runOnSocket(slow.ws({ authorization: `Bearer ${token}` }), '{ me { id } }'),
      (entry) => entry.result !== undefined,
      10_000,
      'a socket place to free',
    );
    expect(again.result?.errors).toBeUndefined();
    stops[1]!();
  });
});

describe.skipIf(!redisUp)('rate limits shared through Redis', () => {
  let one: TestApp;
  let two: TestApp;
  const connections: RedisConnections[] = [];
  const prefix = `suanni-test:rl:${randomBytes(6).toString('hex')}:`;

  beforeAll(async () => {
    const env = {
      SUANNI_RATE_LIMIT_PERIOD_SECONDS: '600',
      SUANNI_RATE_LIMIT_KEY_PREFIX: prefix,
      SUANNI_MAX_SOCKETS_PER_USER: '2',
      SUANNI_MAX_SUBSCRIPTIONS_PER_USER: '3',
    };
    connections.push(await connectRedis(SYSTEM_REDIS), await connectRedis(SYSTEM_REDIS));
    one = await startTestApp({ env, redis: connections[0] });
    // The same database, tenant and secret: the same users, on a second gateway with its own Redis connections.
    two = await startTestApp({ env, redis: connections[1], restartOf: one });
  }, 60_000);

  afterAll(async () => {
    await two?.stop();
    await one?.stop();
    const keys = await connections[0]?.commands.keys(`${prefix}*`);
    if (keys?.length) await connections[0]!.commands.del(...keys);
    await Promise.all(connections.map((connection) => connection.close()));
  });

  it('two gateways charge one bucket: a user refused on one is refused on the other', async () => {
    const admin = await one.token('admin', { roles: ['ADMIN'] });
    expect((await one.gql(SET_LIMITS, { input: { readsPerUser: 4 } }, { token: admin })).errors).toBeUndefined();
    const token = await one.token('shared-reader');
    const apps = [one, two];
    let passed = 0;
    let refusal: GraphQLResponse | undefined;
    for (let attempt = 0; attempt < 20 && !refusal; attempt++) {
      const response = await apps[attempt % 2]!.gql(ME, {}, { token });
      if (response.status === 429) refusal = response;
      else passed++;
    }
    expect(passed).toBe(4);
    expect(refusal!.errors![0]!.extensions).toMatchObject({ code: 'RATE_LIMITED', limit: 'readsPerUser', max: 4 });
    for (const app of apps) expect((await app.gql(ME, {}, { token })).status).toBe(429);
    // One key per bucket, the tenant as the hash tag (the prefix holds no pattern characters).
    const keys = await connections[0]!.commands.keys(`${prefix}*`);
    expect(keys.filter((key) => /^\{[0-9a-f-]{36}\}:u:[0-9a-f-]{36}:reads$/.test(key.slice(prefix.length)))).toHaveLength(1);
  });

  it('two gateways count a user’s sockets together: at the limit on one, refused with 1013 on the other, and room again once one closes', async () => {
    // A tenant of its own: the test above lowered the reads of the shared one.
    const tenant = `ws${randomBytes(4).toString('hex')}`;
    const token = await one.token('shared-sockets', { tenant });
    const auth = { authorization: `Bearer ${token}` };
    const holders = [one.ws(auth), one.ws(auth)];
    const stops = await Promise.all(holders.map((holder) => holdOpen(holder)));
    let closed: { code: number; reason: string } | undefined;
    const onTwo = two.ws(auth, { onClose: (event) => (closed ??= { code: event.code, reason: event.reason }) });
    const outcome = await runOnSocket(onTwo, ME);
    expect(outcome.result).toBeUndefined();
    expect(closed).toEqual({ code: 1013, reason: 'Too many connections: at most 2 per user' });
    // Another user is not affected on either gateway.
    const other = await runOnSocket(two.ws({ authorization: `Bearer ${await one.token('shared-sockets-other', { tenant })}` }), ME);
    expect(other.result?.errors).toBeUndefined();

    stops[0]!();
    await holders[0]!.dispose();
    const again = await waitFor(
      () => runOnSocket(two.ws(auth), ME),
      (entry) => entry.result !== undefined,
      10_000,
      'the socket closed on the first gateway to free a place on the second',
    );
    expect(again.result?.errors).toBeUndefined();
    stops[1]!();
  });

  it('two gateways count a user’s subscriptions together: over the limit on the other one is refused with TOO_MANY_SUBSCRIPTIONS', async () => {
    const token = await one.token('shared-subscriber', { tenant: `ws${randomBytes(4).toString('hex')}` });
    const auth = { authorization: `Bearer ${token}` };
    const onOne = one.ws(auth);
    const stops = [await holdOpen(onOne), await holdOpen(onOne), await holdOpen(onOne)];
    const onTwo = two.ws(auth);
    const refused = await firstEvent(onTwo, 'subscription { heartbeat }');
    expect(refused.result.errors?.[0]?.extensions).toMatchObject({
      code: 'RATE_LIMITED',
      reason: 'TOO_MANY_SUBSCRIPTIONS',
      limit: 'perUser',
      max: 3,
    });
    stops[0]!();
    const admitted = await waitFor(
      () => firstEvent(onTwo, 'subscription { heartbeat }'),
      (entry) => entry.result.errors === undefined,
      10_000,
      'the subscription ended on the first gateway to free a slot on the second',
    );
    expect(admitted.result.data).toEqual({ heartbeat: expect.anything() });
    admitted.stop();
    for (const stop of stops.slice(1)) stop();
  });
});
