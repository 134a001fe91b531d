import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Client, FormattedExecutionResult } from 'graphql-ws';
import { startTestApp, type TestApp } from '../testkit/app.js';

const HEARTBEAT = 'subscription { heartbeat }';
const UNKNOWN_REVIEW = 'subscription { reviewProgress(reviewId: "00000000-0000-4000-8000-000000000000") { __typename } }';

/** Opens a subscription that stays live; resolves once its first event arrived. */
function openLive(client: Client, query = HEARTBEAT) {
  let dispose = () => {};
  const firstEvent = new Promise<void>((resolve, reject) => {
    dispose = client.subscribe(
      { query },
      {
        next: (value) => (value.errors ? reject(value.errors) : resolve()),
        error: reject,
        complete: () => reject(new Error('completed early')),
      },
    );
  });
  return { firstEvent, dispose: () => dispose() };
}

/**
 * Runs an operation to its end and collects what arrived. Unlike the testkit's `collect`, it never
 * disposes inside `next`: the graphql-ws client then also releases on the server's `complete` and
 * its lazy lock count drops twice, closing a socket whose other subscriptions are still live.
 */
function run<T = Record<string, unknown>>(client: Client, query: string) {
  return new Promise<{ results: FormattedExecutionResult<T, unknown>[]; error?: unknown }>((resolve) => {
    const results: FormattedExecutionResult<T, unknown>[] = [];
    client.subscribe<T>(
      { query },
      { next: (value) => results.push(value), error: (error) => resolve({ results, error }), complete: () => resolve({ results }) },
    );
  });
}

/** The values of `suanni_graphql_active_subscriptions` from /metrics, by label set. */
async function activeSubscriptions(app: TestApp): Promise<Record<string, number>> {
  const text = await (await fetch(app.url.replace('/graphql', '/metrics'))).text();
  const entries = text
    .split('\n')
    .filter((line) => line.startsWith('suanni_graphql_active_subscriptions{'))
    .map((line) => [line.slice(line.indexOf('{'), line.lastIndexOf(' ')), Number(line.slice(line.lastIndexOf(' ') + 1))] as const);
  return Object.fromEntries(entries);
}
const totalActive = async (app: TestApp) => Object.values(await activeSubscriptions(app)).reduce((a, b) => a + b, 0);

/** An SSE subscription over real HTTP; `read()` collects its text until `until` holds or the stream ends. */
async function openSse(app: TestApp, token: string, query = HEARTBEAT) {
  const response = await fetch(app.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
  });
  expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let ended = false;
  return {
    async read(until: (text: string) => boolean = () => false) {
      while (!ended && !until(text)) {
        const chunk = await reader.read();
        if (chunk.done) ended = true;
        else text += decoder.decode(chunk.value, { stream: true });
      }
      return { text, ended };
    },
    cancel: () => reader.cancel(),
  };
}

/** The `data:` payloads of the `next` events of an SSE text. */
const nextEvents = (text: string) =>
  text
    .split('\n\n')
    .filter((block) => block.startsWith('event: next'))
    .map(
      (block) =>
        JSON.parse(block.slice(block.indexOf('data:') + 5)) as {
          data?: unknown;
          errors?: { message: string; extensions?: Record<string, unknown> }[];
        },
    );

describe('subscription limits', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { heartbeatMs: 100, subscriptions: { perSocket: 2, perUser: 3 } } });
  });
  afterAll(() => app.stop());

  it('refuses a subscription over the per-socket limit with RATE_LIMITED and keeps the socket usable', async () => {
    let closed = false;
    const client = app.ws({ authorization: `Bearer ${await app.token('sam')}` }, { onClose: () => (closed = true) });
    const first = openLive(client);
    const second = openLive(client);
    await Promise.all([first.firstEvent, second.firstEvent]);

    const refused = await run(client, HEARTBEAT);
    expect(refused.error).toBeUndefined();
    expect(refused.results).toHaveLength(1);
    expect(refused.results[0]!.data ?? null).toBeNull();
    expect(refused.results[0]!.errors?.[0]?.extensions).toMatchObject({
      code: 'RATE_LIMITED',
      reason: 'TOO_MANY_SUBSCRIPTIONS',
      limit: 'perSocket',
      max: 2,
    });

    // The socket still answers, and a freed slot can be taken again.
    const me = await run<{ me: { subject: string } }>(client, '{ me { subject } }');
    expect(me.results[0]?.data?.me.subject).toBe('sam');
    first.dispose();
    const again = await vi.waitFor(
      async () => {
        const subscription = openLive(client);
        await subscription.firstEvent;
        return subscription;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(closed).toBe(false);
    again.dispose();
    second.dispose();
  });

  it('refuses a subscription over the per-user limit across sockets and SSE', async () => {
    const token = await app.token('una');
    const socketA = app.ws({ authorization: `Bearer ${token}` });
    const socketB = app.ws({ authorization: `Bearer ${token}` });
    const live = [openLive(socketA), openLive(socketA), openLive(socketB)];
    await Promise.all(live.map((subscription) => subscription.firstEvent));

    const refused = await run(socketB, HEARTBEAT);
    expect(refused.results[0]!.errors?.[0]?.extensions).toMatchObject({
      code: 'RATE_LIMITED',
      reason: 'TOO_MANY_SUBSCRIPTIONS',
      limit: 'perUser',
      max: 3,
    });
    const sse = await openSse(app, token);
    const { text, ended } = await sse.read();
    expect(ended).toBe(true);
    expect(nextEvents(text)[0]?.errors?.[0]?.extensions).toMatchObject({
      code: 'RATE_LIMITED',
      reason: 'TOO_MANY_SUBSCRIPTIONS',
      limit: 'perUser',
    });

    // Another user is not affected.
    const other = openLive(app.ws({ authorization: `Bearer ${await app.token('vic')}` }));
    await other.firstEvent;
    other.dispose();
    for (const subscription of live) subscription.dispose();
  });
});

describe('graphql-ws operations and the active-subscription gauge', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { heartbeatMs: 100, subscriptions: { perSocket: 1, perUser: 10 } } });
  });
  afterAll(() => app.stop());

  it('runs a mutation over graphql-ws with the socket principal', async () => {
    const client = app.ws({ authorization: `Bearer ${await app.token('wes')}` });
    const { results, error } = await run<{ createSession: { id: string; title: string } }>(
      client,
      'mutation { createSession(title: "over the socket") { id title } }',
    );
    expect(error).toBeUndefined();
    expect(results[0]?.errors).toBeUndefined();
    const session = await app.db.session.findUniqueOrThrow({ where: { id: results[0]!.data!.createSession.id }, include: { user: true } });
    expect(session).toMatchObject({ title: 'over the socket', user: { subject: 'wes' } });
  });

  it('counts only live subscriptions: refused, completed and socket-closed ones come down', async () => {
    const client = app.ws({ authorization: `Bearer ${await app.token('xena')}` });
    // Refused by its resolver on the first step (NOT_FOUND), three times.
    for (let i = 0; i < 3; i += 1) expect((await run(client, UNKNOWN_REVIEW)).error).toMatchObject([{ extensions: { code: 'NOT_FOUND' } }]);
    expect(await totalActive(app)).toBe(0);

    // One live; a second one on the socket is refused by the limit.
    const live = openLive(client);
    await live.firstEvent;
    expect(await activeSubscriptions(app)).toMatchObject({ '{root_field="heartbeat",transport="ws"}': 1 });
    expect((await run(client, HEARTBEAT)).results[0]?.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(await totalActive(app)).toBe(1);

    // Completed by the client.
    live.dispose();
    await vi.waitFor(async () => expect(await totalActive(app)).toBe(0), { timeout: 10_000, interval: 50 });

    // Closed with its socket, over graphql-ws and SSE.
    const other = app.ws({ authorization: `Bearer ${await app.token('yuri')}` });
    await openLive(other).firstEvent;
    const sse = await openSse(app, await app.token('yuri'));
    await sse.read((text) => text.includes('"heartbeat"'));
    expect(await totalActive(app)).toBe(2);
    await other.dispose();
    await sse.cancel();
    await vi.waitFor(async () => expect(await totalActive(app)).toBe(0), { timeout: 10_000, interval: 50 });
  });
});

describe('ending subscriptions from the server', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { heartbeatMs: 200 } });
  });
  afterAll(() => app.stop());

  it('ends an SSE subscription with a final UNAUTHENTICATED event when its token expires', async () => {
    const sse = await openSse(app, await app.token('zoe', { expiresIn: '2s' }));
    const { text, ended } = await sse.read();
    expect(ended).toBe(true);
    const events = nextEvents(text);
    expect(events.length).toBeGreaterThan(1);
    expect(events.slice(0, -1).every((event) => event.errors === undefined)).toBe(true);
    expect(events.at(-1)).toEqual({ errors: [{ message: 'Token has expired.', extensions: { code: 'UNAUTHENTICATED' } }] });
    expect(text.trimEnd()).toMatch(/event: complete(\ndata:)?$/);
    expect(await totalActive(app)).toBe(0);
  });

  it("closes an erased user's sockets with 4403, ends their SSE streams, and leaves other users alone", async () => {
    const token = await app.token('erin');
    const closes: { code: number; reason: string }[] = [];
    const socket = app.ws({ authorization: `Bearer ${token}` }, { onClose: ({ code, reason }) => closes.push({ code, reason }) });
    await openLive(socket).firstEvent;
    const sse = await openSse(app, token);
    await sse.read((text) => text.includes('"heartbeat"'));
    const bystander = app.ws({ authorization: `Bearer ${await app.token('bert')}` });
    const bystanderLive = openLive(bystander);
    await bystanderLive.firstEvent;

    const requested = await app.gql('mutation { requestErasure { id } }', {}, { token });
    expect(requested.errors).toBeUndefined();

    const { text, ended } = await sse.read();
    expect(ended).toBe(true);
    expect(nextEvents(text).at(-1)).toEqual({
      errors: [{ message: 'This user has been erased.', extensions: { code: 'FORBIDDEN', reason: 'SUBJECT_ERASED' } }],
    });
    await vi.waitFor(() => expect(closes).toEqual([{ code: 4403, reason: 'Forbidden: user erased' }]), { timeout: 10_000, interval: 50 });
    await app.deps.services.erasure.idle();

    expect((await run(bystander, '{ me { subject } }')).results[0]?.data).toEqual({ me: { subject: 'bert' } });
    bystanderLive.dispose();
  });
});
