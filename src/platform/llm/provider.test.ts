import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeOpenAI, type FakeOpenAIServer } from '../../../test/testkit/fake-openai.js';
import type { ChatModelProviderConfig } from './chat-model-provider.js';
import { loadModelProviderConfig } from './config.js';
import { createModelProvider } from './provider.js';

const projectDir = fileURLToPath(new URL('../../..', import.meta.url));
const runNode = (args: string[]) =>
  promisify(execFile)(process.execPath, args, { cwd: projectDir, env: { ...process.env, LOG_LEVEL: 'silent' }, timeout: 60_000 });

/** The same scenarios run against both real providers, each over real HTTP to the fake server. */
const realProviders = [
  {
    provider: 'deepseek' as const,
    model: 'deepseek-chat',
    // DeepSeek's documented base URL has no /v1: this also proves the unversioned path works.
    baseUrlOf: (fake: FakeOpenAIServer) => fake.url.replace(/\/v1$/, ''),
    expectedPath: '/chat/completions',
  },
  {
    provider: 'openai-compatible' as const,
    model: 'local-model',
    baseUrlOf: (fake: FakeOpenAIServer) => fake.url,
    expectedPath: '/v1/chat/completions',
  },
];

const clauseSchema = z.object({ verdict: z.enum(['allow', 'deny']), reasons: z.array(z.string()) });
const ruleVerdict = { verdict: 'deny' as const, reasons: ['deterministic rule 7'] };

describe.each(realProviders)('$provider provider over HTTP', ({ provider, model, baseUrlOf, expectedPath }) => {
  let fake: FakeOpenAIServer;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterEach(() => {
    fake.requests.length = 0;
  });
  afterAll(async () => {
    await fake.close();
  });

  const providerWith = (limits: { timeoutMs?: number; maxRetries?: number } = {}) => {
    const config: ChatModelProviderConfig = {
      provider,
      apiKey: 'sk-test-key',
      baseUrl: baseUrlOf(fake),
      model,
      timeoutMs: limits.timeoutMs ?? 10_000,
      maxRetries: limits.maxRetries ?? 2,
    };
    return createModelProvider(config);
  };
  const askForVerdict = (limits?: { timeoutMs?: number; maxRetries?: number }) =>
    providerWith(limits).structured({
      system: 'You check contract clauses.',
      user: 'Clause: the supplier may change prices at any time.',
      schema: clauseSchema,
      fallback: () => ruleVerdict,
    });

  it('parses a JSON answer into the typed value, with token use from the API', async () => {
    fake.setBehaviour({
      kind: 'reply',
      content: '```json\n{"verdict": "allow", "reasons": ["price changes need notice"]}\n```',
      usage: { prompt_tokens: 57, completion_tokens: 12 },
    });
    const result = await askForVerdict();

    expect(result).toMatchObject({
      value: { verdict: 'allow', reasons: ['price changes need notice'] },
      provider,
      model,
      degraded: false,
      attempts: 1,
      usage: { inputTokens: 57, outputTokens: 12, source: 'api' },
    });
    expect(result.degradedReason).toBeUndefined();
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.path).toBe(expectedPath);
    expect(request!.headers.authorization).toBe('Bearer sk-test-key');
    expect(request!.body).toMatchObject({ model, response_format: { type: 'json_object' } });
    expect(request!.body.stream).toBeFalsy();
    const [system, user] = request!.body.messages!;
    expect(system).toMatchObject({ role: 'system' });
    expect(String(system!.content)).toContain('JSON');
    expect(String(system!.content)).toContain('"verdict"');
    expect(user).toEqual({ role: 'user', content: 'Clause: the supplier may change prices at any time.' });
  });

  it('estimates token use when the API reports none', async () => {
    fake.setBehaviour({ kind: 'reply', content: '{"verdict":"deny","reasons":[]}', usage: null });
    const result = await askForVerdict();
    expect(result.degraded).toBe(false);
    expect(result.usage.source).toBe('estimate');
    expect(result.usage.inputTokens).toBeGreaterThan(10);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
  });

  it('falls back, degraded "timeout", when the server hangs', async () => {
    fake.setBehaviour({ kind: 'hang' });
    const result = await askForVerdict({ timeoutMs: 300, maxRetries: 2 });
    expect(result).toMatchObject({ value: ruleVerdict, degraded: true, degradedReason: 'timeout', usage: { source: 'none' } });
    expect(fake.requests.length).toBeGreaterThanOrEqual(1);
    expect(fake.requests.length).toBeLessThanOrEqual(3);
  });

  it('tears the timed-out request down', async () => {
    fake.setBehaviour({ kind: 'hang' });
    await askForVerdict({ timeoutMs: 300, maxRetries: 2 });
    await expect.poll(() => fake.requests.every((request) => request.closedByClient)).toBe(true);
  });

  it('falls back, degraded "invalid_output", on an answer that is not JSON, without retrying', async () => {
    fake.setBehaviour({
      kind: 'malformed',
      content: 'not json... I think the clause is fine',
      usage: { prompt_tokens: 40, completion_tokens: 9 },
    });
    const result = await askForVerdict();
    // The tokens were spent even though the answer was useless.
    expect(result).toMatchObject({
      value: ruleVerdict,
      degraded: true,
      degradedReason: 'invalid_output',
      usage: { inputTokens: 40, outputTokens: 9, source: 'api' },
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('falls back, degraded "invalid_output", on JSON that does not fit the schema', async () => {
    fake.setBehaviour({ kind: 'reply', content: '{"verdict": "perhaps", "reasons": "it depends"}' });
    const result = await askForVerdict();
    expect(result).toMatchObject({ value: ruleVerdict, degraded: true, degradedReason: 'invalid_output' });
  });

  it('retries a 500 a bounded number of times, then falls back, degraded "error"', async () => {
    fake.setBehaviour({ kind: 'status', status: 500 });
    const result = await askForVerdict({ maxRetries: 2 });
    expect(result).toMatchObject({ value: ruleVerdict, degraded: true, degradedReason: 'error', attempts: 3 });
    expect(fake.requests).toHaveLength(3); // maxRetries + 1, never more
  });

  it('does not retry errors that would fail again (401)', async () => {
    fake.setBehaviour({ kind: 'status', status: 401, message: 'invalid api key', code: 'invalid_api_key' });
    const result = await askForVerdict({ maxRetries: 2 });
    expect(result).toMatchObject({ degraded: true, degradedReason: 'error', attempts: 1 });
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a rate limit, but not an exhausted quota', async () => {
    fake.setBehaviour((_body, index) =>
      index === 0
        ? { kind: 'status', status: 429, headers: { 'retry-after': '0' } }
        : { kind: 'reply', content: '{"verdict":"allow","reasons":[]}' },
    );
    expect(await askForVerdict({ maxRetries: 1 })).toMatchObject({ degraded: false, attempts: 2 });

    fake.requests.length = 0;
    fake.setBehaviour({ kind: 'status', status: 429, code: 'insufficient_quota', message: 'You exceeded your current quota' });
    expect(await askForVerdict({ maxRetries: 2 })).toMatchObject({ degraded: true, degradedReason: 'error', attempts: 1 });
    expect(fake.requests).toHaveLength(1);
  });

  it('recovers when a retry succeeds', async () => {
    fake.setBehaviour((_body, index) =>
      index === 0 ? { kind: 'status', status: 503 } : { kind: 'reply', content: '{"verdict":"allow","reasons":["ok"]}' },
    );
    const result = await askForVerdict({ maxRetries: 1 });
    expect(result).toMatchObject({ value: { verdict: 'allow' }, degraded: false, attempts: 2 });
    expect(fake.requests).toHaveLength(2);
  });

  it('streams text pieces in order to onToken, with usage from the final chunk', async () => {
    const pieces = ['The', ' supplier', ' may', ' not', ' change', ' prices', ' without', ' notice.'];
    fake.setBehaviour({ kind: 'reply', content: pieces.join(''), pieces, usage: { prompt_tokens: 20, completion_tokens: 8 } });
    const received: string[] = [];
    const result = await providerWith().text({
      system: 'Summarise.',
      user: 'Clause 4.',
      fallback: () => 'rules summary',
      onToken: (piece) => received.push(piece),
    });

    expect(received).toEqual(pieces);
    expect(result).toMatchObject({ value: pieces.join(''), degraded: false, usage: { inputTokens: 20, outputTokens: 8, source: 'api' } });
    expect(fake.requests[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('answers text in one response when nobody listens for pieces', async () => {
    fake.setBehaviour({ kind: 'reply', content: 'A short summary.' });
    const result = await providerWith().text({ system: 'Summarise.', user: 'Clause 4.', fallback: () => 'rules summary' });
    expect(result).toMatchObject({ value: 'A short summary.', degraded: false, usage: { source: 'api' } });
    expect(fake.requests[0]!.body.stream).toBeFalsy();
  });

  it('falls back without a second attempt when a stream stalls after some pieces', async () => {
    fake.setBehaviour({ kind: 'hang', afterPieces: ['Half', ' an'] });
    const received: string[] = [];
    const result = await providerWith({ timeoutMs: 300, maxRetries: 2 }).text({
      system: 'Summarise.',
      user: 'Clause 4.',
      fallback: () => 'rules summary',
      onToken: (piece) => received.push(piece),
    });
    expect(result).toMatchObject({ value: 'rules summary', degraded: true, degradedReason: 'timeout' });
    expect(received).toEqual(['Half', ' an']); // delivered before the stall; the caller discards them
    expect(fake.requests).toHaveLength(1);
    // The OpenAI SDK's own timeout stops at the response headers; only our deadline ends a stalled body.
    await expect.poll(() => fake.requests[0]!.closedByClient).toBe(true);
  });

  it('falls back on an empty text answer', async () => {
    fake.setBehaviour({ kind: 'reply', content: '' });
    const result = await providerWith().text({ system: 'Summarise.', user: 'Clause 4.', fallback: () => 'rules summary' });
    expect(result).toMatchObject({ value: 'rules summary', degraded: true, degradedReason: 'invalid_output' });
  });

  it("rejects with the caller's reason when the caller aborts, without computing a fallback", async () => {
    fake.setBehaviour({ kind: 'hang' });
    const caller = new AbortController();
    let fallbackCalls = 0;
    const pending = providerWith().structured({
      system: 's',
      user: 'u',
      schema: clauseSchema,
      signal: caller.signal,
      fallback: () => {
        fallbackCalls++;
        return ruleVerdict;
      },
    });
    await expect.poll(() => fake.requests.length).toBe(1);
    caller.abort(new Error('client went away'));
    await expect(pending).rejects.toThrow('client went away');
    expect(fallbackCalls).toBe(0);
  });
});

describe('rules provider', () => {
  let fake: FakeOpenAIServer;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ behaviour: { kind: 'reply', content: '{"verdict":"allow","reasons":[]}' } });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('answers with the deterministic fallback and never makes a request, even with real-provider settings around', async () => {
    const config = loadModelProviderConfig({
      DEEPSEEK_API_KEY: 'sk-present',
      DEEPSEEK_BASE_URL: fake.url,
      OPENAI_COMPATIBLE_BASE_URL: fake.url,
    });
    const rules = createModelProvider(config);
    const received: string[] = [];

    const structured = await rules.structured({ system: 's', user: 'u', schema: clauseSchema, fallback: () => ruleVerdict });
    const text = await rules.text({
      system: 's',
      user: 'u',
      fallback: async () => 'rules summary',
      onToken: (piece) => received.push(piece),
    });

    expect(rules).toMatchObject({ name: 'rules', model: 'rules' });
    expect(structured).toMatchObject({
      value: ruleVerdict,
      provider: 'rules',
      degraded: false,
      attempts: 0,
      usage: { inputTokens: 0, outputTokens: 0, source: 'none' },
    });
    expect(text).toMatchObject({ value: 'rules summary', degraded: false });
    expect(received).toEqual(['rules summary']);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('after a degraded call', () => {
  /**
   * Runs in a fresh Node process so that the count of live timers is exact (vitest's worker has
   * timers of its own). Each scenario reports the timers alive right after the call returned.
   */
  const script = `
    const { z } = await import('zod');
    const { startFakeOpenAI } = await import(${JSON.stringify(new URL('../../../test/testkit/fake-openai.ts', import.meta.url).href)});
    const { createModelProvider } = await import(${JSON.stringify(new URL('./provider.ts', import.meta.url).href)});
    const fake = await startFakeOpenAI();
    const report = [];
    for (const provider of ['deepseek', 'openai-compatible']) {
      // 200 ms: shorter than the first back-off (250 ms or more), so the 503 ends as 'error' at once.
      const model = createModelProvider({ provider, apiKey: 'k', baseUrl: fake.url, model: 'm', timeoutMs: 200, maxRetries: 2 });
      const schema = z.object({ a: z.number() });
      for (const behaviour of [{ kind: 'status', status: 503 }, { kind: 'hang' }]) {
        fake.setBehaviour(behaviour);
        const result = await model.structured({ system: 's', user: 'u', schema, fallback: () => ({ a: 1 }) });
        report.push({ provider, reason: result.degradedReason, timers: process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length });
      }
      fake.setBehaviour({ kind: 'hang', afterPieces: ['x'] });
      const result = await model.text({ system: 's', user: 'u', fallback: () => 'f', onToken: () => {} });
      report.push({ provider, reason: result.degradedReason, timers: process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length });
    }
    await fake.close();
    process.stdout.write(JSON.stringify(report));
  `;

  it('leaves no timer running, so nothing keeps the process alive or sends a late retry', async () => {
    const { stdout } = await runNode(['--import', 'tsx', '--input-type=module', '-e', script]);
    const report = JSON.parse(stdout) as Array<{ provider: string; reason: string; timers: number }>;
    expect(report.map(({ reason }) => reason)).toEqual(['error', 'timeout', 'timeout', 'error', 'timeout', 'timeout']);
    // LangChain's own retry loop (p-retry: 1 s and more between attempts, deaf to the abort
    // signal) would leave a sleeping timer here after the 503, ready to send another request.
    expect(report.filter(({ timers }) => timers > 0)).toEqual([]);
  });
});

describe('createModelProvider from the environment', () => {
  it('builds a DeepSeek provider that talks to the configured base URL', async () => {
    const fake = await startFakeOpenAI({ behaviour: { kind: 'reply', content: '{"verdict":"allow","reasons":[]}' } });
    try {
      const provider = createModelProvider(
        loadModelProviderConfig({
          SUANNI_MODEL_PROVIDER: 'deepseek',
          DEEPSEEK_API_KEY: 'sk-env',
          DEEPSEEK_BASE_URL: fake.url,
          SUANNI_MODEL_TIMEOUT_MS: '5000',
        }),
      );
      expect(provider).toMatchObject({ name: 'deepseek', model: 'deepseek-chat' });
      const result = await provider.structured({ system: 's', user: 'u', schema: clauseSchema, fallback: () => ruleVerdict });
      expect(result).toMatchObject({ value: { verdict: 'allow' }, degraded: false });
      expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk-env');
    } finally {
      await fake.close();
    }
  });
});
