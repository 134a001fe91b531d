import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '../../../test/testkit/fake-openai.js';
import { httpStatusOf, ModelCallTimeoutError, runWithinBudget, type BudgetOptions } from './call-budget.js';
import { createModelProvider } from './provider.js';

/** An attempt function that throws the given errors in turn, then answers; it counts its calls. */
function attemptsThat(...failures: unknown[]) {
  const signals: AbortSignal[] = [];
  const attempt = async (signal: AbortSignal) => {
    signals.push(signal);
    if (signals.length <= failures.length) throw failures[signals.length - 1];
    return 'answer';
  };
  return { attempt, signals, calls: () => signals.length };
}
const httpError = (status: number, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(`${status} from the API`), { status, ...extra });
/** What undici throws when a connection fails: the system error code sits on `cause`. */
const networkError = (code: string) => new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
class APIConnectionError extends Error {}
class APIConnectionTimeoutError extends Error {}
const namedError = (name: string) => Object.assign(new Error(name), { name });

const generous: BudgetOptions = { timeoutMs: 10_000, maxRetries: 1 };
const never = new Promise<never>(() => undefined);

describe('runWithinBudget', () => {
  it('returns the first answer with the number of attempts', async () => {
    const { attempt } = attemptsThat();
    expect(await runWithinBudget(attempt, generous)).toEqual({ kind: 'ok', value: 'answer', attempts: 1 });
  });

  // Concurrent: each case waits out one real back-off (250 to 375 ms).
  it.concurrent.each([
    ['408', httpError(408)],
    ['429 rate limit', httpError(429, { code: 'rate_limit_exceeded' })],
    ['500', httpError(500)],
    ['502', httpError(502)],
    ['503', httpError(503)],
    ['504', httpError(504)],
    ['520 and above (proxies)', httpError(520)],
    ['a refused connection', networkError('ECONNREFUSED')],
    ['a reset connection', networkError('ECONNRESET')],
    ['a broken pipe', networkError('EPIPE')],
    ['a socket timeout', networkError('ETIMEDOUT')],
    ['an unknown host', networkError('ENOTFOUND')],
    ['a DNS hiccup', networkError('EAI_AGAIN')],
    ["undici's socket error", networkError('UND_ERR_SOCKET')],
    ["the SDK's connection error", new APIConnectionError('Connection error.')],
    ['a timed-out attempt', namedError('TimeoutError')],
  ])('retries %s once, then answers', async (_name, error) => {
    const { attempt, calls } = attemptsThat(error);
    expect(await runWithinBudget(attempt, generous)).toEqual({ kind: 'ok', value: 'answer', attempts: 2 });
    expect(calls()).toBe(2);
  });

  it.each([
    ['400', httpError(400)],
    ['401', httpError(401)],
    ['404', httpError(404)],
    ['501', httpError(501)],
    ['519', httpError(519)],
    ['an exhausted quota (429 insufficient_quota)', httpError(429, { code: 'insufficient_quota' })],
    ['an abort', namedError('AbortError')],
    ['a bug in our own code', new TypeError("Cannot read properties of undefined (reading 'content')")],
    ['a system error that is not a network failure', networkError('ENOENT')],
    ['a thrown string', 'boom'],
    ['a thrown null', null],
  ])('does not retry %s', async (_name, error) => {
    const { attempt, calls } = attemptsThat(error, error);
    expect(await runWithinBudget(attempt, { ...generous, maxRetries: 3 })).toEqual({ kind: 'error', attempts: 1, error });
    expect(calls()).toBe(1);
  });

  it('makes at most maxRetries + 1 attempts and reports the last error', async () => {
    const errors = [httpError(503), httpError(502), httpError(500)];
    const { attempt, calls } = attemptsThat(...errors);
    expect(await runWithinBudget(attempt, { ...generous, maxRetries: 1 })).toEqual({ kind: 'error', attempts: 2, error: errors[1] });
    expect(calls()).toBe(2);
    const none = attemptsThat(...errors);
    expect(await runWithinBudget(none.attempt, { ...generous, maxRetries: 0 })).toMatchObject({ kind: 'error', attempts: 1 });
  });

  it('reports a timed-out last attempt as a timeout, not an error', async () => {
    const sdkTimeout = new APIConnectionTimeoutError('Request timed out.');
    expect(await runWithinBudget(attemptsThat(sdkTimeout).attempt, { ...generous, maxRetries: 0 })).toEqual({
      kind: 'timeout',
      attempts: 1,
      error: sdkTimeout,
    });
    const timeout = namedError('TimeoutError');
    expect(await runWithinBudget(attemptsThat(timeout).attempt, { ...generous, maxRetries: 0 })).toEqual({
      kind: 'timeout',
      attempts: 1,
      error: timeout,
    });
  });

  it('does not retry once the caller says another attempt is unsafe', async () => {
    const { attempt, calls } = attemptsThat(httpError(503));
    expect(await runWithinBudget(attempt, { ...generous, mayRetry: () => false })).toMatchObject({ kind: 'error', attempts: 1 });
    expect(calls()).toBe(1);
  });

  it('honours Retry-After: a wait longer than what is left of the budget ends the call at once, as an error', async () => {
    const error = httpError(429, { headers: new Headers({ 'retry-after': '30' }) });
    const { attempt, calls } = attemptsThat(error);
    expect(await runWithinBudget(attempt, { timeoutMs: 5_000, maxRetries: 3 })).toEqual({ kind: 'error', attempts: 1, error });
    expect(calls()).toBe(1);
  });

  it.concurrent.each([
    ['0', new Headers({ 'retry-after': '0' })],
    ['not a number of seconds', new Headers({ 'retry-after': 'soon' })],
    ['negative', new Headers({ 'retry-after': '-30' })],
    ['not in a Headers object', { 'retry-after': '30' }],
  ])('retries after the usual back-off when Retry-After is %s', async (_name, headers) => {
    const { attempt, calls } = attemptsThat(httpError(503, { headers }));
    expect(await runWithinBudget(attempt, { timeoutMs: 5_000, maxRetries: 3 })).toMatchObject({ kind: 'ok', attempts: 2 });
    expect(calls()).toBe(2);
  });

  it('backs off exponentially: the second back-off (500 ms or more) does not fit in a 600 ms budget', async () => {
    const error = httpError(503);
    const { attempt, calls } = attemptsThat(error, error, error);
    expect(await runWithinBudget(attempt, { timeoutMs: 600, maxRetries: 3 })).toEqual({ kind: 'error', attempts: 2, error });
    expect(calls()).toBe(2);
  });

  it('ends a hanging attempt at the deadline, aborting its signal with a TimeoutError', async () => {
    const signals: AbortSignal[] = [];
    const outcome = await runWithinBudget(
      (signal) => {
        signals.push(signal);
        return never; // ignores the signal: the race must still end the call
      },
      { timeoutMs: 50, maxRetries: 2 },
    );
    expect(outcome).toMatchObject({ kind: 'timeout', attempts: 1 });
    expect(signals).toHaveLength(1);
    expect(signals[0]!.reason).toBeInstanceOf(ModelCallTimeoutError);
    expect(signals[0]!.reason).toMatchObject({ name: 'TimeoutError', message: 'model call exceeded its 50 ms budget' });
    expect((outcome as { error: unknown }).error).toBe(signals[0]!.reason);
  });

  it('tells an attempt still in flight to stop once the call is over', async () => {
    const { attempt, signals } = attemptsThat();
    await runWithinBudget(attempt, generous);
    expect(signals[0]!.aborted).toBe(true);
  });

  it('leaves no timer behind, whatever the outcome', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    const before = timers();
    await runWithinBudget(attemptsThat().attempt, { timeoutMs: 60_000, maxRetries: 1 });
    await runWithinBudget(attemptsThat(httpError(401)).attempt, { timeoutMs: 60_000, maxRetries: 1 });
    await runWithinBudget(() => never, { timeoutMs: 30, maxRetries: 0 });
    const caller = new AbortController();
    const sleeping = runWithinBudget(attemptsThat(httpError(503)).attempt, { timeoutMs: 60_000, maxRetries: 1, signal: caller.signal });
    setImmediate(() => caller.abort(new Error('gone')));
    await expect(sleeping).rejects.toThrow('gone');
    expect(timers()).toBeLessThanOrEqual(before); // vitest may drop one of its own meanwhile, never add ours
  });

  it("rejects with the caller's reason when the caller has left, before, during or between attempts", async () => {
    const gone = new Error('client went away');
    const left = new AbortController();
    left.abort(gone);
    const { attempt, calls } = attemptsThat();
    await expect(runWithinBudget(attempt, { ...generous, signal: left.signal })).rejects.toBe(gone);
    expect(calls()).toBe(0);

    const during = new AbortController();
    const inFlight = runWithinBudget(() => never, { ...generous, signal: during.signal });
    during.abort(gone);
    await expect(inFlight).rejects.toBe(gone);

    const between = new AbortController();
    const failing = attemptsThat(httpError(503));
    const backingOff = runWithinBudget(failing.attempt, { ...generous, signal: between.signal });
    await new Promise((resolve) => setImmediate(resolve));
    expect(failing.calls()).toBe(1);
    between.abort(gone);
    await expect(backingOff).rejects.toBe(gone);
    expect(failing.calls()).toBe(1);
  });

  it("rejects with the caller's reason when an attempt fails after the caller left", async () => {
    const gone = new Error('client went away');
    const caller = new AbortController();
    const outcome = runWithinBudget(
      async () => {
        caller.abort(gone);
        throw httpError(500);
      },
      { ...generous, signal: caller.signal },
    );
    await expect(outcome).rejects.toBe(gone);
  });
});

describe('httpStatusOf', () => {
  it('reads a numeric status only', () => {
    expect(httpStatusOf(httpError(503))).toBe(503);
    expect(httpStatusOf(Object.assign(new Error('x'), { status: '503' }))).toBeUndefined();
    expect(httpStatusOf(null)).toBeUndefined();
    expect(httpStatusOf('503')).toBeUndefined();
  });
});

describe('retries over real HTTP (the OpenAI SDK errors as thrown)', () => {
  let fake: FakeOpenAIServer;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake.close());
  const reply = { kind: 'reply' as const, content: 'fine' };
  const ask = (baseUrl: string, timeoutMs = 10_000) =>
    createModelProvider({ provider: 'openai-compatible', apiKey: 'k', baseUrl, model: 'm', timeoutMs, maxRetries: 2 }).text({
      system: 's',
      user: 'u',
      fallback: () => 'fallback',
    });

  it('gives up at once when the server asks for a wait longer than the budget (Retry-After)', async () => {
    fake.requests.length = 0;
    fake.setBehaviour({ kind: 'status', status: 429, headers: { 'retry-after': '60' } });
    expect(await ask(fake.url, 5_000)).toMatchObject({ value: 'fallback', degraded: true, degradedReason: 'error', attempts: 1 });
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a connection the server dropped, and answers', async () => {
    // A server that accepts and resets the first connection, then hands over to the fake.
    let connections = 0;
    const resetter = net.createServer((socket) => {
      connections++;
      if (connections === 1) return socket.resetAndDestroy();
      const upstream = net.connect(Number(new URL(fake.url).port), '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => listenOnLoopback(resetter, resolve));
    try {
      fake.setBehaviour(reply);
      const port = (resetter.address() as net.AddressInfo).port;
      expect(await ask(`http://127.0.0.1:${port}/v1`)).toMatchObject({ value: 'fine', degraded: false, attempts: 2 });
      expect(connections).toBe(2);
    } finally {
      resetter.close();
    }
  });

  it('retries a refused connection a bounded number of times', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => listenOnLoopback(closed, resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await ask(`http://127.0.0.1:${port}/v1`)).toMatchObject({
      value: 'fallback',
      degraded: true,
      degradedReason: 'error',
      attempts: 3,
    });
  });
});

function listenOnLoopback(server: net.Server, done: () => void) {
  server.listen(0, '127.0.0.1', done);
}
