// Telemetry is process-global: this file (its own worker process) starts the real NodeSDK once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLeaks } from '../testkit/attribute-scan.js';
import { startOtlpReceiver, type OtlpReceiver } from '../testkit/otlp-receiver.js';
import { startTelemetry, type Telemetry } from '../../src/platform/telemetry/sdk.js';
import { startTestApp, type TestApp } from '../testkit/app.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../testkit/fake-openai.js';

const MESSAGES = [
  'My name is Wilhelmina Okonkwo-Lindqvist and I manage the Rotterdam warehouse.',
  '我叫欧阳娜娜，我是华南区的，请帮我查询第七号仓库的库存情况。',
];
const FACT_VALUE = 'Rotterdam-Harbour-Warehouse-Seven';

describe('chat turns and erasure leave no content in spans, and are measured', () => {
  let receiver: OtlpReceiver;
  let telemetry: Telemetry;
  let fake: FakeOpenAIServer;
  let app: TestApp;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    // This file exports in the JSON encoding (observability.int.test.ts covers the protobuf default).
    telemetry = startTelemetry({ serviceName: 'suanni-test', otlpEndpoint: receiver.url, otlpProtocol: 'http/json', bufferTraces: 200 });
    fake = await startFakeOpenAI({ behaviour: { kind: 'reply', content: 'Noted, Wilhelmina Okonkwo-Lindqvist.' } });
    app = await startTestApp({
      env: {
        SUANNI_MODEL_PROVIDER: 'openai-compatible',
        OPENAI_COMPATIBLE_BASE_URL: fake.url,
        OPENAI_COMPATIBLE_MODEL: 'fake-model',
        OPENAI_COMPATIBLE_API_KEY: 'test-key',
        SUANNI_MODEL_TIMEOUT_MS: '5000',
      },
    });
  });
  afterAll(async () => {
    await app.stop();
    await fake.close();
    await telemetry.shutdown();
    await receiver.close();
  });

  it('exports spans of chat turns, fact writes and an erasure without message text or fact values', async () => {
    const token = await app.token('wilhelmina', { roles: ['USER'] });
    const session = (await app.gql('mutation { createSession(title: "warehouse") { id } }', {}, { token })).data!.createSession.id;
    for (const text of MESSAGES) {
      const turn = await app.gql(
        'mutation ($s: ID!, $t: String!) { sendMessage(sessionId: $s, text: $t) { reply context { promptTokens promptTokensSource } } }',
        { s: session, t: text },
        { token },
      );
      expect(turn.errors).toBeUndefined();
      expect(turn.data!.sendMessage.context.promptTokensSource).toBe('api');
    }
    await app.gql(
      'mutation ($v: JSON!) { confirmFact(category: "business", key: "site", value: $v) { version } }',
      { v: FACT_VALUE },
      { token },
    );
    const erasure = await app.gql('mutation { requestErasure { id } }', {}, { token });
    expect(erasure.errors).toBeUndefined();
    await app.deps.services.erasure.idle();

    await telemetry.forceFlush();
    const spans = receiver.spans;
    expect(receiver.rejected).toBe(0);
    expect(receiver.requests.protobuf).toBe(0);
    expect(receiver.requests.json).toBeGreaterThan(0);
    const names = new Set(spans.map((span) => span.name));
    expect([...names].some((name) => name.startsWith('erasure.'))).toBe(true);
    expect(spans.length).toBeGreaterThan(10);
    const leaks = findLeaks(spans, [...MESSAGES, FACT_VALUE, 'Noted, Wilhelmina Okonkwo-Lindqvist.']);
    expect(leaks).toEqual([]);

    // Every chat node runs in a span under its sendMessage operation; the model call and the
    // checkpointer's database work are children within the same trace.
    const operations = spans.filter((span) => span.name === 'mutation sendMessage');
    expect(operations).toHaveLength(MESSAGES.length);
    for (const operation of operations) {
      const inTrace = spans.filter((span) => span.traceId === operation.traceId);
      const byId = new Map(inTrace.map((span) => [span.spanId, span]));
      const nodes = inTrace.filter((span) => span.name.startsWith('chat.node.'));
      expect(nodes.map((span) => span.name).sort()).toEqual(['chat.node.propose-facts', 'chat.node.respond', 'chat.node.summarize']);
      const respond = nodes.find((span) => span.name === 'chat.node.respond')!;
      expect(respond.attributes).toMatchObject({
        'suanni.agent': 'chat',
        'suanni.node.reads': ['messages', 'summary'],
        'suanni.node.writes': ['messages', 'reply', 'turn'],
        'suanni.node.count.messages': 1,
        'suanni.model.provider': 'openai-compatible',
        'suanni.model.name': 'fake-model',
        'suanni.chat.prompt_tokens_source': 'api',
        'suanni.degraded': false,
      });
      expect(respond.attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(0);
      const proposed = nodes.find((span) => span.name === 'chat.node.propose-facts')!;
      expect(proposed.attributes['suanni.node.count.proposed_facts']).toBeGreaterThanOrEqual(0);
      const modelCall = inTrace.find((span) => span.name === 'model.call')!;
      expect(byId.get(modelCall.parentSpanId!)?.name).toBe('chat.node.respond');
      const checkpoints = inTrace.filter((span) => span.name.startsWith('checkpoint.'));
      expect(checkpoints.map((span) => span.name)).toEqual(
        expect.arrayContaining(['checkpoint.get', 'checkpoint.put', 'checkpoint.put_writes']),
      );
      expect(checkpoints.every((span) => span.kind === 3 && span.attributes['db.system.name'] === 'postgresql')).toBe(true);
    }

    const metrics = await (await fetch(app.url.replace('/graphql', '/metrics'))).text();
    expect(metrics).toMatch(/suanni_chat_prompt_tokens_total\{provider="openai-compatible",model="fake-model"\} [1-9]/);
    expect(metrics).toMatch(/suanni_erasures_total\{outcome="completed"\} 1/);
  });
});
