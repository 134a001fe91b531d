// Telemetry is process-global (the OpenTelemetry API registers one tracer provider per process).
// vitest runs each test file in its own worker process (pool: forks), so this file starts the
// real NodeSDK once, in beforeAll, before the app is built, and shuts it down in afterAll.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLeaks } from '../testkit/attribute-scan.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../testkit/otlp-receiver.js';
import { startTelemetry, type Telemetry } from '../../src/platform/telemetry/sdk.js';
import { withSpan } from '../../src/platform/telemetry/tracing.js';
import { traceFields } from '../../src/platform/logger.js';
import { ERASURE_STEPS } from '../../src/erasure/steps.js';
import { englishContract, REVIEW_KNOWLEDGE } from '../fixtures/contracts.js';
import { collect, startTestApp, type TestApp } from '../testkit/app.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../testkit/fake-openai.js';

const SUBMIT = `mutation ($input: ReviewInput!) { submitReview(input: $input) { id status } }`;
const REVIEW = `query ($id: ID!) { review(id: $id) { id status traceId reportText findings { message } } }`;
const TRACE = `query ($id: ID!) { trace(id: $id) {
  traceId rootName spanCount errorCodes
  spans { spanId parentSpanId name kind depth attributes { key value } }
  root { name children { name children { name children { name } } } }
} }`;
const NODES = ['parse', 'retrieve', 'compliance', 'risk', 'report'];
const SERVER = 2;

/** A W3C traceparent with fresh random ids. */
function newTraceparent(): { header: string; traceId: string; spanId: string } {
  const hex = (bytes: number) =>
    Array.from({ length: bytes }, () =>
      Math.floor(Math.random() * 256)
        .toString(16)
        .padStart(2, '0'),
    ).join('');
  const traceId = hex(16);
  const spanId = hex(8);
  return { header: `00-${traceId}-${spanId}-01`, traceId, spanId };
}

/** Prometheus text format, parsed: TYPE lines and samples (`name{labels} value`). */
function parsePrometheus(text: string): {
  types: Map<string, string>;
  samples: { name: string; labels: Record<string, string>; value: number }[];
} {
  const types = new Map<string, string>();
  const samples: { name: string; labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (line.startsWith('# HELP ')) continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|NaN|\+Inf|-Inf)(?: -?\d+)?$/.exec(line);
    if (!sample) throw new Error(`not Prometheus text: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (sample[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    samples.push({ name: sample[1]!, labels, value: Number(sample[3]) });
  }
  return { types, samples };
}

describe('observability', () => {
  let receiver: OtlpReceiver;
  let telemetry: Telemetry;
  let fake: FakeOpenAIServer;
  let app: TestApp;
  let alice: string;
  let sre: string;
  let admin: string;

  /** Spans of a trace the receiver got, once the batch processor has exported them. */
  const exported = async (traceId: string): Promise<ReceivedSpan[]> => {
    await telemetry.forceFlush();
    return receiver.spans.filter((span) => span.traceId === traceId);
  };

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    telemetry = startTelemetry({ serviceName: 'suanni-test', otlpEndpoint: receiver.url, bufferTraces: 200 });
    fake = await startFakeOpenAI({
      // Structured (compliance): typed findings; text (report, knowledge summaries): a short answer.
      behaviour: (body) =>
        body.response_format
          ? {
              kind: 'reply',
              content: JSON.stringify({
                findings: [
                  {
                    clause: 'penaltyRate',
                    knowledgeId: 'penalty-rate-cap',
                    version: '1.2',
                    severity: 'HIGH',
                    message: 'Penalty above the cap.',
                  },
                ],
              }),
            }
          : { kind: 'reply', content: 'High risk overall.' },
    });
    app = await startTestApp({
      env: {
        SUANNI_MODEL_PROVIDER: 'openai-compatible',
        OPENAI_COMPATIBLE_BASE_URL: fake.url,
        OPENAI_COMPATIBLE_MODEL: 'fake-model',
        OPENAI_COMPATIBLE_API_KEY: 'test-key',
        SUANNI_MODEL_TIMEOUT_MS: '5000',
        SUANNI_HEARTBEAT_MS: '150',
      },
    });
    alice = await app.token('alice');
    sre = await app.token('sam', { roles: ['SRE'] });
    admin = await app.token('carol', { roles: ['ADMIN', 'COMPLIANCE'] });
    for (const item of REVIEW_KNOWLEDGE) {
      const response = await app.gql(
        'mutation ($input: KnowledgeVersionInput!) { putKnowledgeVersion(input: $input) { id } }',
        { input: { kind: 'CLAUSE', source: `policy:test/${item.knowledgeId}`, ...item } },
        { token: admin },
      );
      expect(response.errors).toBeUndefined();
    }
  });
  afterAll(async () => {
    await app?.stop();
    await fake?.close();
    await telemetry?.shutdown();
    await receiver?.close();
  });

  const contractText = englishContract({ payDays: 45, penalty: 10, notice: 15, years: 2 }, 'Zephyrine Holloway Trading');
  const title = 'Quarterly supply for Zephyrine Holloway';
  let reviewed: { id: string; traceId: string; incoming: ReturnType<typeof newTraceparent>; reportText: string; messages: string[] };

  const reviewWithTrace = async () => {
    if (reviewed) return reviewed;
    const incoming = newTraceparent();
    const submitted = await app.gql(
      SUBMIT,
      { input: { contractId: 'obs-1', title, text: contractText, asOf: '2025-06-01T00:00:00Z' } },
      { token: alice, headers: { traceparent: incoming.header } },
    );
    expect(submitted.errors).toBeUndefined();
    await app.deps.services.reviews.idle();
    const review = (await app.gql(REVIEW, { id: submitted.data!.submitReview.id }, { token: alice })).data!.review;
    expect(review.status).toBe('SUCCEEDED');
    reviewed = {
      id: review.id,
      traceId: review.traceId,
      incoming,
      reportText: review.reportText,
      messages: review.findings.map((finding: { message: string }) => finding.message),
    };
    return reviewed;
  };

  it('exports a review over OTLP/HTTP: operation -> review.run -> five node spans -> model calls', async () => {
    const { id, traceId, incoming } = await reviewWithTrace();
    // Review.traceId is the trace of the run, which continues the caller's traceparent.
    expect(traceId).toBe(incoming.traceId);
    const spans = await exported(traceId);
    expect(receiver.rejected).toBe(0);
    // The default encoding is OTLP's default, protobuf.
    expect(receiver.requests).toMatchObject({ json: 0, protobuf: expect.any(Number) });
    expect(receiver.requests.protobuf).toBeGreaterThan(0);

    const operation = spans.find((span) => span.name === 'mutation submitReview')!;
    expect(operation, spans.map((span) => span.name).join(', ')).toBeDefined();
    expect(operation.kind).toBe(SERVER);
    expect(operation.parentSpanId).toBe(incoming.spanId);
    expect(operation.attributes).toMatchObject({
      'graphql.operation.type': 'mutation',
      'suanni.graphql.root_fields': ['submitReview'],
      'suanni.graphql.transport': 'http',
    });
    expect(operation.attributes['suanni.tenant_id']).toEqual(expect.any(String));
    expect(operation.resource['service.name']).toBe('suanni-test');

    const run = spans.find((span) => span.name === 'review.run')!;
    expect(run.parentSpanId).toBe(operation.spanId);
    expect(run.attributes).toMatchObject({
      'suanni.review.id': id,
      'suanni.review.status': 'SUCCEEDED',
      'suanni.tenant_id': operation.attributes['suanni.tenant_id'],
    });
    expect(run.attributes['suanni.knowledge.versions']).toEqual(expect.arrayContaining(['penalty-rate-cap@1.2']));

    const nodes = spans
      .filter((span) => span.name.startsWith('review.node.'))
      .sort((a, b) => Number(a.startTimeUnixNano - b.startTimeUnixNano));
    expect(nodes.map((span) => span.name)).toEqual(NODES.map((node) => `review.node.${node}`));
    for (const node of nodes) {
      expect(node.parentSpanId).toBe(run.spanId);
      expect(node.attributes['suanni.node.reads']).toEqual(expect.any(Array));
      expect(node.attributes['suanni.node.writes']).toEqual(expect.any(Array));
      expect(node.attributes['suanni.node.dropped']).toEqual(expect.any(Array));
      expect(node.attributes).toHaveProperty('suanni.model.provider');
      expect(node.attributes).toHaveProperty('gen_ai.usage.input_tokens');
      expect(node.attributes).toHaveProperty('suanni.degraded');
    }
    const byName = Object.fromEntries(nodes.map((span) => [span.name.replace('review.node.', ''), span]));
    expect(byName.parse!.attributes['suanni.node.reads']).toEqual(['text']);
    expect(byName.parse!.attributes['suanni.node.dropped']).toContain('knowledge');
    expect(byName.retrieve!.attributes['suanni.knowledge.versions']).toEqual(expect.arrayContaining(['penalty-rate-cap@1.2']));
    expect(byName.compliance!.attributes).toMatchObject({
      'suanni.model.provider': 'openai-compatible',
      'suanni.model.name': 'fake-model',
      'suanni.model.calls': 1,
      'suanni.degraded': false,
    });
    // The knowledge its findings cite would say what the owner-only findings are.
    expect(byName.compliance!.attributes).not.toHaveProperty('suanni.knowledge.cited');
    expect(Number(byName.compliance!.attributes['gen_ai.usage.input_tokens'])).toBeGreaterThan(0);

    const modelCalls = spans.filter((span) => span.name === 'model.call');
    const underCompliance = modelCalls.filter((span) => span.parentSpanId === byName.compliance!.spanId);
    const underReport = modelCalls.filter((span) => span.parentSpanId === byName.report!.spanId);
    expect(underCompliance).toHaveLength(1);
    expect(underReport).toHaveLength(1);
    expect(underCompliance[0]!.attributes).toMatchObject({
      'gen_ai.system': 'openai-compatible',
      'gen_ai.request.model': 'fake-model',
      'suanni.model.kind': 'structured',
      'suanni.model.attempts': 1,
      'suanni.degraded': false,
    });
    expect(Number(underCompliance[0]!.attributes['gen_ai.usage.output_tokens'])).toBeGreaterThan(0);
    // Knowledge summaries asked of the model during retrieve hang under the retrieve node.
    for (const call of modelCalls)
      expect([byName.compliance!.spanId, byName.report!.spanId, byName.retrieve!.spanId]).toContain(call.parentSpanId);

    // Database spans (Prisma's instrumentation through the pg driver adapter) belong to the run.
    const queries = spans.filter((span) => span.name === 'prisma:client:db_query');
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every((span) => typeof span.attributes['db.query.text'] === 'string')).toBe(true);
    // The as-of knowledge query goes to the pool directly, in a span of its own under retrieve.
    const knowledgeQuery = spans.find((span) => span.name === 'SELECT KnowledgeVersion')!;
    expect(knowledgeQuery, spans.map((span) => span.name).join(', ')).toBeDefined();
    expect(knowledgeQuery.parentSpanId).toBe(byName.retrieve!.spanId);
    expect(knowledgeQuery.kind).toBe(3);
    expect(knowledgeQuery.attributes).toMatchObject({
      'db.system.name': 'postgresql',
      'db.operation.name': 'SELECT',
      'db.collection.name': 'KnowledgeVersion',
    });
    expect(knowledgeQuery.attributes['db.query.text']).toMatch(/\$1/);
    expect(knowledgeQuery.attributes['db.response.returned_rows']).toBeGreaterThan(0);
  });

  it('puts no contract text, title, finding or report text in any exported attribute', async () => {
    const { traceId, reportText, messages } = await reviewWithTrace();
    const spans = await exported(traceId);
    expect(spans.length).toBeGreaterThan(10);
    expect(findLeaks(spans, [contractText, title, reportText, ...messages])).toEqual([]);
    // The in-process buffer holds the same spans.
    const tenantId = spans.find((span) => span.name === 'review.run')!.attributes['suanni.tenant_id'] as string;
    expect(findLeaks(telemetry.buffer.get(traceId, tenantId)!.spans, [contractText, title, reportText, ...messages])).toEqual([]);
    // The scan does find text when it is there.
    expect(findLeaks([{ name: 'x', attributes: { note: `parsed: ${contractText.split('\n')[2]}` } }], [contractText])).toHaveLength(1);
  });

  it('lets SRE and ADMIN of the tenant read the trace tree; a USER gets FORBIDDEN, another tenant NOT_FOUND', async () => {
    const { traceId } = await reviewWithTrace();
    const read = await app.gql(TRACE, { id: traceId }, { token: sre });
    expect(read.errors).toBeUndefined();
    const trace = read.data!.trace;
    expect(trace.traceId).toBe(traceId);
    expect(trace.rootName).toBe('mutation submitReview');
    const run = trace.root.children.find((child: { name: string }) => child.name === 'review.run');
    expect(run.children.map((child: { name: string }) => child.name)).toEqual(
      expect.arrayContaining(NODES.map((node) => `review.node.${node}`)),
    );
    const compliance = run.children.find((child: { name: string }) => child.name === 'review.node.compliance');
    expect(compliance.children.map((child: { name: string }) => child.name)).toContain('model.call');
    const nodeSpan = trace.spans.find((span: { name: string }) => span.name === 'review.node.parse');
    expect(nodeSpan.depth).toBe(2);
    expect(nodeSpan.attributes).toEqual(expect.arrayContaining([{ key: 'suanni.node.reads', value: ['text'] }]));

    expect((await app.gql(TRACE, { id: traceId }, { token: admin })).data!.trace.traceId).toBe(traceId);
    const user = await app.gql(TRACE, { id: traceId }, { token: alice });
    expect(user.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const userList = await app.gql('{ traces { traceId } }', {}, { token: alice });
    expect(userList.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const otherSre = await app.token('sam', { tenant: `${app.tenant}x`, roles: ['SRE'] });
    expect((await app.gql(TRACE, { id: traceId }, { token: otherSre })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(
      (await app.gql('{ traces(first: 100) { traceId } }', {}, { token: otherSre })).data!.traces.map(
        (entry: { traceId: string }) => entry.traceId,
      ),
    ).not.toContain(traceId);
    expect((await app.gql(TRACE, { id: 'not-a-trace' }, { token: sre })).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

    const listed = await app.gql(
      'query ($filter: TraceFilter) { traces(filter: $filter) { traceId spanCount } }',
      { filter: { reviewId: reviewed.id } },
      { token: sre },
    );
    expect(listed.data!.traces.map((entry: { traceId: string }) => entry.traceId)).toEqual([traceId]);
  });

  it('carries the incoming traceparent into extensions.traceId of a masked INTERNAL error and its operation span', async () => {
    const incoming = newTraceparent();
    const identity = app.deps.services.identity;
    const original = identity.me.bind(identity);
    identity.me = async () => {
      throw new Error('secret detail hunter2');
    };
    try {
      const response = await app.gql('query WhoAmI { me { id } }', {}, { token: alice, headers: { traceparent: incoming.header } });
      expect(response.errors?.[0]?.extensions).toEqual({ code: 'INTERNAL', traceId: incoming.traceId });
    } finally {
      identity.me = original;
    }
    const spans = await exported(incoming.traceId);
    const operation = spans.find((span) => span.name === 'query WhoAmI')!;
    expect(operation.parentSpanId).toBe(incoming.spanId);
    expect(operation.attributes).toMatchObject({ 'graphql.operation.name': 'WhoAmI', 'suanni.error.codes': ['INTERNAL'] });
    expect(operation.status.code).toBe(2);
    expect(findLeaks(spans, ['secret detail hunter2'], 7)).toEqual([]);

    // Without a traceparent the operation starts a trace of its own, and that is the id returned.
    identity.me = async () => {
      throw new Error('again');
    };
    try {
      const response = await app.gql('{ me { id } }', {}, { token: alice });
      const own = response.errors?.[0]?.extensions?.traceId as string;
      expect(own).toMatch(/^[0-9a-f]{32}$/);
      expect((await exported(own)).map((span) => span.name)).toContain('query me');
    } finally {
      identity.me = original;
    }
  });

  it('records error codes of rejected operations on their spans', async () => {
    const incoming = newTraceparent();
    const response = await app.gql('{ me { id } }', {}, { headers: { traceparent: incoming.header, authorization: 'Bearer not-a-token' } });
    expect(response.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const [operation] = await exported(incoming.traceId);
    expect(operation?.attributes['suanni.error.codes']).toEqual(['UNAUTHENTICATED']);
  });

  it('traces every subscription event delivered over graphql-ws, under the traceparent in the operation extensions', async () => {
    const incoming = newTraceparent();
    const client = app.ws({ authorization: `Bearer ${alice}` });
    const results = await new Promise<unknown[]>((resolve, reject) => {
      const received: unknown[] = [];
      const dispose = client.subscribe(
        { query: 'subscription { heartbeat }', extensions: { traceparent: incoming.header } },
        {
          next: (value) => {
            received.push(value);
            if (received.length === 2) {
              dispose();
              resolve(received);
            }
          },
          error: reject,
          complete: () => resolve(received),
        },
      );
    });
    expect(results).toHaveLength(2);
    const spans = await exported(incoming.traceId);
    const operation = spans.find((span) => span.name === 'subscription heartbeat')!;
    expect(operation.parentSpanId).toBe(incoming.spanId);
    expect(operation.attributes['suanni.graphql.transport']).toBe('ws');
    const events = spans.filter((span) => span.name === 'graphql.subscription.event');
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.every((span) => span.parentSpanId === operation.spanId)).toBe(true);
    expect(events.map((span) => span.attributes['suanni.graphql.event_sequence'])).toEqual(expect.arrayContaining([1, 2]));
  });

  it('records the error code of a graphql-ws subscription refused in its stream', async () => {
    const { id } = await reviewWithTrace();
    const incoming = newTraceparent();
    const bob = await app.token('bob');
    const client = app.ws({ authorization: `Bearer ${bob}` });
    const outcome = await new Promise<{ errors?: { extensions?: { code?: string } }[] }>((resolve) => {
      client.subscribe(
        {
          query: 'subscription ($id: ID!) { reviewProgress(reviewId: $id) { kind } }',
          variables: { id },
          extensions: { traceparent: incoming.header },
        },
        { next: (value) => resolve(value as never), error: (error) => resolve({ errors: error as never }), complete: () => resolve({}) },
      );
    });
    expect(outcome.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // The subscription was set up; its stream then failed: that is the event delivered.
    const spans = await exported(incoming.traceId);
    const operation = spans.find((span) => span.name === 'subscription reviewProgress')!;
    expect(operation.attributes['suanni.graphql.transport']).toBe('ws');
    const [event] = spans.filter((span) => span.name === 'graphql.subscription.event');
    expect(event?.parentSpanId).toBe(operation.spanId);
    expect(event?.attributes['suanni.error.codes']).toEqual(['FORBIDDEN']);
  });

  it('traces subscription events delivered over SSE', async () => {
    const incoming = newTraceparent();
    const abort = new AbortController();
    const response = await fetch(app.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${alice}`,
        traceparent: incoming.header,
      },
      body: JSON.stringify({ query: 'subscription { heartbeat }' }),
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let text = '';
    while ((text.match(/event: next/g) ?? []).length < 2) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    abort.abort();
    await reader.cancel().catch(() => undefined);
    const spans = await exported(incoming.traceId);
    const operation = spans.find((span) => span.name === 'subscription heartbeat')!;
    expect(operation.parentSpanId).toBe(incoming.spanId);
    expect(operation.attributes['suanni.graphql.transport']).toBe('sse');
    expect(
      spans.filter((span) => span.name === 'graphql.subscription.event' && span.parentSpanId === operation.spanId).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('traces the events of a review progress subscription', async () => {
    const client = app.ws({ authorization: `Bearer ${alice}` });
    const submitted = await app.gql(
      SUBMIT,
      { input: { contractId: 'obs-2', title: 'Second', text: englishContract({ payDays: 30, penalty: 5, notice: 30, years: 3 }) } },
      { token: alice },
    );
    const id = submitted.data!.submitReview.id;
    const { results } = await collect<{ reviewProgress: { kind: string; status: string } }>(
      client,
      'subscription ($id: ID!) { reviewProgress(reviewId: $id) { kind status } }',
      { id },
      100,
    );
    expect(results.at(-1)!.data!.reviewProgress).toMatchObject({ kind: 'STATUS', status: 'SUCCEEDED' });
    const traces = await app.gql(
      'query ($filter: TraceFilter) { traces(filter: $filter, first: 100) { traceId rootName } }',
      { filter: { rootName: 'subscription reviewProgress' } },
      { token: sre },
    );
    expect(traces.errors).toBeUndefined();
    const [trace] = traces.data!.traces;
    const spans = await exported(trace.traceId);
    expect(spans.filter((span) => span.name === 'graphql.subscription.event')).toHaveLength(results.length);
  });

  it('serves /metrics in Prometheus text format with the gateway, review, pool, chat and erasure metrics', async () => {
    await reviewWithTrace();
    const response = await fetch(app.url.replace('/graphql', '/metrics'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const { types, samples } = parsePrometheus(await response.text());
    expect(Object.fromEntries([...types].filter(([name]) => name.startsWith('suanni_')))).toMatchObject({
      suanni_graphql_requests_total: 'counter',
      suanni_graphql_errors_total: 'counter',
      suanni_graphql_operation_duration_seconds: 'histogram',
      suanni_graphql_active_subscriptions: 'gauge',
      suanni_reviews_total: 'counter',
      suanni_review_duration_seconds: 'histogram',
      suanni_review_queue_depth: 'gauge',
      suanni_review_batch_reviews_total: 'counter',
      suanni_review_batch_last_throughput_reviews_per_second: 'gauge',
      suanni_chat_prompt_tokens_total: 'counter',
      suanni_erasures_total: 'counter',
      suanni_db_pool_connections: 'gauge',
    });
    const sample = (name: string, labels: Record<string, string> = {}) =>
      samples.find((entry) => entry.name === name && Object.entries(labels).every(([key, value]) => entry.labels[key] === value));
    expect(
      sample('suanni_graphql_requests_total', { operation_type: 'mutation', root_field: 'submitReview', transport: 'http' })?.value,
    ).toBeGreaterThanOrEqual(1);
    expect(sample('suanni_graphql_errors_total', { code: 'FORBIDDEN' })?.value).toBeGreaterThanOrEqual(1);
    expect(sample('suanni_reviews_total', { outcome: 'SUCCEEDED', error_code: 'none' })?.value).toBeGreaterThanOrEqual(1);
    expect(sample('suanni_review_duration_seconds_count', { outcome: 'SUCCEEDED' })?.value).toBeGreaterThanOrEqual(1);
    expect(sample('suanni_db_pool_connections', { state: 'max' })?.value).toBe(5);
    expect(sample('suanni_db_pool_connections', { state: 'total' })?.value).toBeGreaterThanOrEqual(1);
    expect(sample('process_cpu_seconds_total')).toBeDefined();
  });

  it('answers adminStats for ADMIN and SRE, and FORBIDDEN for a USER', async () => {
    await reviewWithTrace();
    const query = `query ($window: String) { adminStats(window: $window) {
      window reviews { total succeeded failed successRate latencyMs { p50 p95 p99 } }
      queue { depth running concurrency }
      processes { role pid }
      database { connections { state count } pool { total idle waiting max } tables { name totalBytes rowEstimate } }
    } }`;
    const response = await app.gql(query, { window: '1h' }, { token: sre });
    expect(response.errors).toBeUndefined();
    const stats = response.data!.adminStats;
    expect(stats.reviews.succeeded).toBeGreaterThanOrEqual(1);
    expect(stats.reviews.successRate).toBeGreaterThan(0);
    expect(stats.reviews.latencyMs.p50).toEqual(expect.any(Number));
    expect(stats.queue).toMatchObject({ depth: expect.any(Number), running: expect.any(Number), concurrency: 32 });
    // The all-in-one test app is registered as a live process (multi-process listings: test/gateway/scale.int.test.ts).
    expect(stats.processes).toContainEqual({ role: 'all', pid: process.pid });
    expect(stats.database.connections.reduce((sum: number, entry: { count: number }) => sum + entry.count, 0)).toBeGreaterThan(0);
    expect(stats.database.pool.max).toBe(5);
    expect(stats.database.tables.map((table: { name: string }) => table.name)).toEqual(
      expect.arrayContaining(['Review', 'KnowledgeVersion']),
    );
    expect((await app.gql(query, { window: '7d' }, { token: admin })).errors).toBeUndefined();
    expect((await app.gql(query, {}, { token: alice })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await app.gql(query, { window: 'forever' }, { token: sre })).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('finds and forgets the traces of a user for erasure', async () => {
    const { traceId } = await reviewWithTrace();
    const me = (await app.gql('{ me { id } }', {}, { token: alice })).data!.me.id as string;
    const before = telemetry.buffer.countForUser(me);
    expect(before).toBeGreaterThanOrEqual(2);
    expect(telemetry.buffer.forgetUser(me)).toBe(before);
    expect(telemetry.buffer.countForUser(me)).toBe(0);
    expect((await app.gql(TRACE, { id: traceId }, { token: sre })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('an erasure run joins the trace of the operation that asked for it: operation -> erasure.run -> one span per step', async () => {
    const erin = await app.token('erin-traced');
    const erinId = (await app.gql('{ me { id } }', {}, { token: erin })).data!.me.id as string;
    const incoming = newTraceparent();
    const requested = await app.gql(
      'mutation ($userId: ID) { requestErasure(userId: $userId) { id } }',
      { userId: erinId },
      { token: admin, headers: { traceparent: incoming.header } },
    );
    expect(requested.errors).toBeUndefined();
    await app.deps.services.erasure.idle();

    const spans = await exported(incoming.traceId);
    const operation = spans.find((span) => span.name === 'mutation requestErasure')!;
    expect(operation, spans.map((span) => span.name).join(', ')).toBeDefined();
    const run = spans.find((span) => span.name === 'erasure.run')!;
    expect(run.parentSpanId).toBe(operation.spanId);
    expect(run.attributes).toMatchObject({
      'suanni.erasure.request_id': requested.data!.requestErasure.id,
      'suanni.erasure.attempt': 1,
      'suanni.tenant_id': operation.attributes['suanni.tenant_id'],
    });
    const steps = spans
      .filter((span) => span.parentSpanId === run.spanId && span.name.startsWith('erasure.'))
      .sort((a, b) => Number(a.startTimeUnixNano - b.startTimeUnixNano));
    expect(steps.map((span) => span.name)).toEqual(ERASURE_STEPS.map((step) => `erasure.${step}`));

    // An SRE of the tenant reads the same tree from the gateway.
    const read = await app.gql(TRACE, { id: incoming.traceId }, { token: sre });
    expect(read.errors).toBeUndefined();
    expect(read.data!.trace.rootName).toBe('mutation requestErasure');
    const tree = read.data!.trace.root.children.find((child: { name: string }) => child.name === 'erasure.run');
    expect(tree.children.map((child: { name: string }) => child.name).filter((name: string) => name.startsWith('erasure.'))).toEqual(
      ERASURE_STEPS.map((step) => `erasure.${step}`),
    );
  });

  it('logs carry the trace and span of the active span', async () => {
    await withSpan('test.log', {}, (span) => {
      expect(traceFields()).toEqual({ trace_id: span.spanContext().traceId, span_id: span.spanContext().spanId, trace_flags: '01' });
    });
    expect(traceFields()).toEqual({});
  });
});
