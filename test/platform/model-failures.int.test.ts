import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ModelProviderConfig } from '../../src/platform/llm/config.js';
import { createModelProvider } from '../../src/platform/llm/provider.js';
import { startFakeOpenAI, type FakeBehaviour, type FakeOpenAIServer } from '../testkit/fake-openai.js';

const API_KEY = 'sk-secret-test-key-0123456789';
const PROMPT_SECRET = 'Contract of Zhang San, salary 88,888';

/** A pino logger writing JSON lines into memory, as the production logger writes them to stderr. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const logger = pino(
    { level: 'debug' },
    {
      write: (line: string) => {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  );
  return { logger, lines, raw };
}

async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(['deepseek', 'openai-compatible'] as const)('model call failures are logged by kind (%s)', (providerName) => {
  let fake: FakeOpenAIServer;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake.close());

  const callWith = async (baseUrl: string, behaviour?: FakeBehaviour, timeoutMs = 2_000) => {
    if (behaviour) fake.setBehaviour(behaviour);
    const capture = capturingLogger();
    const config: ModelProviderConfig = { provider: providerName, apiKey: API_KEY, baseUrl, model: 'model-x', timeoutMs, maxRetries: 0 };
    const provider = createModelProvider(config, { logger: capture.logger });
    const result = await provider.structured({
      system: 'Judge the clause.',
      user: PROMPT_SECRET,
      schema: z.object({ verdict: z.enum(['allow', 'deny']) }),
      fallback: () => ({ verdict: 'deny' as const }),
    });
    expect(result).toMatchObject({ degraded: true, value: { verdict: 'deny' } });
    const failureLines = capture.lines.filter((line) => line.msg === 'model call degraded to its fallback');
    expect(failureLines).toHaveLength(1);
    // Nothing of the prompt or the key reaches the log.
    expect(capture.raw.join('')).not.toContain('Zhang San');
    expect(capture.raw.join('')).not.toContain(API_KEY);
    return { failure: failureLines[0]!, start: capture.lines.find((line) => line.msg === 'model provider') };
  };

  it('logs the active provider once at creation: model and base URL host, never the key', async () => {
    const { start } = await callWith(fake.url, { kind: 'status', status: 500 });
    expect(start).toMatchObject({
      level: 30,
      provider: providerName,
      model: 'model-x',
      baseUrlHost: new URL(fake.url).host,
      maxRetries: 0,
    });
  });

  it('a closed port is "refused" (ECONNREFUSED)', async () => {
    const { failure } = await callWith(`http://127.0.0.1:${await closedPort()}/v1`);
    expect(failure).toMatchObject({
      level: 40,
      provider: providerName,
      reason: 'error',
      failure: 'refused',
      code: 'ECONNREFUSED',
      attempts: 1,
    });
  });

  it('a server that never answers is "timeout"', async () => {
    const { failure } = await callWith(fake.url, { kind: 'hang' }, 300);
    expect(failure).toMatchObject({ reason: 'timeout', failure: 'timeout' });
    expect(failure.status).toBeUndefined();
  });

  it('HTTP 500 is "http" with the status; 401 is "auth"', async () => {
    expect((await callWith(fake.url, { kind: 'status', status: 500 })).failure).toMatchObject({
      reason: 'error',
      failure: 'http',
      status: 500,
    });
    expect((await callWith(fake.url, { kind: 'status', status: 401, code: 'invalid_api_key' })).failure).toMatchObject({
      reason: 'error',
      failure: 'auth',
      status: 401,
      code: 'invalid_api_key',
      errorClass: 'AuthenticationError',
    });
  });

  it('an answer that is not the JSON asked for is "malformed"', async () => {
    const { failure } = await callWith(fake.url, { kind: 'malformed', content: `Sure! ${PROMPT_SECRET.slice(0, 5)} looks fine.` });
    expect(failure).toMatchObject({ reason: 'invalid_output', failure: 'malformed' });
  });
});
