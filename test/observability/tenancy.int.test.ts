// Traces keep tenants apart (DESIGN section 7): a `traceparent` with another tenant's trace id
// never makes that trace readable, spans carry no owner-only review result, and an erased user's
// late spans are not kept. Telemetry is process-global: started once in beforeAll, before the app.
import { context, SpanKind, trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelemetry, type Telemetry } from '../../src/platform/telemetry/sdk.js';
import { ATTR, tracer } from '../../src/platform/telemetry/tracing.js';
import { englishContract, REVIEW_KNOWLEDGE } from '../fixtures/contracts.js';
import { startTestApp, type TestApp } from '../testkit/app.js';

const SUBMIT = `mutation ($input: ReviewInput!) { submitReview(input: $input) { id } }`;
const OWN_REVIEW = `query ($id: ID!) { review(id: $id) { id status traceId riskLevel riskScore findings { severity } } }`;
const TRACE = `query ($id: ID!) { trace(id: $id) {
  traceId rootName
  spans { spanId name attributes { key value } events { name attributes { key value } } }
} }`;
const TRACES = `query ($filter: TraceFilter) { traces(filter: $filter, first: 100) { traceId } }`;
const NODES = ['parse', 'retrieve', 'compliance', 'risk', 'report'];

const hex = (bytes: number) =>
  Array.from({ length: bytes }, () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, '0'),
  ).join('');

type Attribute = { key: string; value: unknown };
type SpanView = { spanId: string; name: string; attributes: Attribute[]; events: { name: string; attributes: Attribute[] }[] };

/** Every attribute of every span and event, flattened (array values element by element). */
function everyAttribute(spans: SpanView[]): { span: string; key: string; value: unknown }[] {
  return spans.flatMap((span) =>
    [...span.attributes, ...span.events.flatMap((event) => event.attributes)].flatMap(({ key, value }) =>
      (Array.isArray(value) ? value : [value]).map((element) => ({ span: span.name, key, value: element })),
    ),
  );
}

describe('traces and tenants', () => {
  let telemetry: Telemetry;
  let app: TestApp;
  let alice: string;
  let adminA: string;
  let adminB: string;
  let sreB: string;
  let review: { id: string; traceId: string; riskLevel: string; riskScore: number; findings: unknown[] };

  beforeAll(async () => {
    telemetry = startTelemetry({ serviceName: 'suanni-test', bufferTraces: 500 });
    app = await startTestApp();
    alice = await app.token('alice');
    adminA = await app.token('carol', { roles: ['ADMIN', 'COMPLIANCE'] });
    adminB = await app.token('mallory', { tenant: `${app.tenant}b`, roles: ['ADMIN'] });
    sreB = await app.token('trent', { tenant: `${app.tenant}b`, roles: ['SRE'] });
    for (const item of REVIEW_KNOWLEDGE) {
      const response = await app.gql(
        'mutation ($input: KnowledgeVersionInput!) { putKnowledgeVersion(input: $input) { id } }',
        { input: { kind: 'CLAUSE', source: `policy:test/${item.knowledgeId}`, ...item } },
        { token: adminA },
      );
      expect(response.errors).toBeUndefined();
    }
    const submitted = await app.gql(
      SUBMIT,
      {
        input: {
          contractId: 'tenancy-1',
          title: 'Supply',
          text: englishContract({ payDays: 45, penalty: 10, notice: 15, years: 2 }),
          asOf: '2025-06-01T00:00:00Z',
        },
      },
      { token: alice },
    );
    expect(submitted.errors).toBeUndefined();
    await app.deps.services.reviews.idle();
    const read = await app.gql(OWN_REVIEW, { id: submitted.data!.submitReview.id }, { token: alice });
    review = read.data!.review;
    expect(review).toMatchObject({ status: 'SUCCEEDED', traceId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    // A result worth hiding: findings and a risk above LOW.
    expect(review.findings.length).toBeGreaterThan(0);
    expect(review.riskLevel).not.toBe('LOW');
  });
  afterAll(async () => {
    await app?.stop();
    await telemetry?.shutdown();
  });

  it('never shows a trace to another tenant that joins it with a traceparent, and never shows the joiner’s spans to the owner', async () => {
    const ownerView = await app.gql(TRACE, { id: review.traceId }, { token: adminA });
    expect(ownerView.errors).toBeUndefined();
    const ownerRoot = (ownerView.data!.trace.spans as SpanView[]).find((span) => span.name === 'mutation submitReview')!;
    expect(ownerRoot).toBeDefined();

    // Tenant B's ADMIN and SRE send requests under A's trace id: with a random parent, and with
    // the id of A's own operation span as the parent.
    const joins = [`00-${review.traceId}-${hex(8)}-01`, `00-${review.traceId}-${ownerRoot.spanId}-01`];
    for (const traceparent of joins) {
      for (const token of [adminB, sreB]) {
        const probe = await app.gql('query Probe { me { id } }', {}, { token, headers: { traceparent } });
        expect(probe.errors).toBeUndefined();
        // Even a read of the trace itself, sent under it, must not open it.
        const inside = await app.gql(TRACE, { id: review.traceId }, { token, headers: { traceparent } });
        expect(inside.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      }
    }
    await app.gql('query Probe { me { id } }', {}, { token: alice, headers: { traceparent: joins[0]! } });

    for (const token of [adminB, sreB]) {
      const read = await app.gql(TRACE, { id: review.traceId }, { token });
      expect(read.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect(read.data?.trace ?? null).toBeNull();
      for (const filter of [
        { reviewId: review.id },
        {},
        { spanName: 'Probe' },
        { spanName: 'review.node' },
        { rootName: 'mutation submitReview' },
        { errorsOnly: true },
      ]) {
        const listed = await app.gql(TRACES, { filter }, { token });
        expect(listed.errors).toBeUndefined();
        expect(listed.data!.traces.map((entry: { traceId: string }) => entry.traceId)).not.toContain(review.traceId);
      }
    }

    // A still reads its trace, with its own late request in it and none of B's spans.
    const after = await app.gql(TRACE, { id: review.traceId }, { token: adminA });
    expect(after.errors).toBeUndefined();
    expect(after.data!.trace.rootName).toBe('mutation submitReview');
    const spans = after.data!.trace.spans as SpanView[];
    expect(spans.map((span) => span.name)).toEqual(expect.arrayContaining(['mutation submitReview', 'review.run', 'query Probe']));
    const tenantIds = new Set(
      everyAttribute(spans)
        .filter((entry) => entry.key === ATTR.tenantId)
        .map((entry) => entry.value),
    );
    expect(tenantIds.size).toBe(1);
    const userIds = new Set(
      everyAttribute(spans)
        .filter((entry) => entry.key === ATTR.userId)
        .map((entry) => entry.value),
    );
    const [aliceId, mallory, trent] = await Promise.all(
      [alice, adminB, sreB].map(async (token) => (await app.gql('{ me { id } }', {}, { token })).data!.me.id as string),
    );
    expect(userIds).toContain(aliceId);
    expect(userIds).not.toContain(mallory);
    expect(userIds).not.toContain(trent);
    // B's probes (and the trace reads they sent) ran under spans the owner is not shown.
    expect(spans.filter((span) => span.name === 'query Probe')).toHaveLength(1);
    expect(spans.some((span) => span.name.startsWith('query') && span.name !== 'query Probe')).toBe(false);
    expect(
      (await app.gql(TRACES, { filter: { reviewId: review.id } }, { token: adminA })).data!.traces.map(
        (entry: { traceId: string }) => entry.traceId,
      ),
    ).toEqual([review.traceId]);
  });

  it('puts no risk level, risk score, finding count or cited knowledge on any span of a review trace', async () => {
    const read = await app.gql(TRACE, { id: review.traceId }, { token: adminA });
    const spans = read.data!.trace.spans as SpanView[];
    expect(spans.map((span) => span.name)).toEqual(expect.arrayContaining(['review.run', ...NODES.map((node) => `review.node.${node}`)]));
    const attributes = everyAttribute(spans);
    expect(attributes.filter((entry) => /risk|score|finding|cited|language|report_?chars|fields_?found/i.test(entry.key))).toEqual([]);
    const levels = ['LOW', 'MEDIUM', 'HIGH', 'NONE'];
    expect(attributes.filter((entry) => typeof entry.value === 'string' && levels.includes(entry.value))).toEqual([]);
    const scores = [review.riskScore, Math.round(review.riskScore * 1000), Math.round(review.riskScore * 100)];
    expect(attributes.filter((entry) => typeof entry.value === 'number' && scores.includes(entry.value))).toEqual([]);
    // What an ADMIN may see of the review is still there.
    expect(attributes).toEqual(
      expect.arrayContaining([
        { span: 'review.run', key: 'suanni.review.id', value: review.id },
        { span: 'review.run', key: 'suanni.review.status', value: 'SUCCEEDED' },
      ]),
    );
    expect(attributes.some((entry) => entry.span === 'review.run' && entry.key === 'suanni.knowledge.versions')).toBe(true);
  });

  it('keeps no span naming a user after their erasure, including a request still in flight', async () => {
    const erin = await app.token('erin');
    const erinId = (await app.gql('{ me { id } }', {}, { token: erin })).data!.me.id as string;
    expect(telemetry.buffer.countForUser(erinId)).toBeGreaterThanOrEqual(1);
    // A request of erin's that is still running when the erasure happens (an open socket).
    const inFlight = tracer().startSpan('subscription heartbeat', { kind: SpanKind.SERVER, attributes: { [ATTR.userId]: erinId } });

    const requested = await app.gql(
      'mutation ($userId: ID) { requestErasure(userId: $userId) { id } }',
      { userId: erinId },
      { token: adminA },
    );
    expect(requested.errors).toBeUndefined();
    await app.deps.services.erasure.idle();
    const job = await app.gql(
      'query ($id: ID!) { erasureRequest(id: $id) { status verification { allZero } } }',
      { id: requested.data!.requestErasure.id },
      { token: adminA },
    );
    expect(job.data!.erasureRequest).toMatchObject({ status: 'COMPLETED', verification: { allZero: true } });
    expect(telemetry.buffer.countForUser(erinId)).toBe(0);

    inFlight.end();
    // And a later one, as a socket opened before the erasure would make.
    const late = tracer().startSpan('query me', { kind: SpanKind.SERVER, attributes: { [ATTR.userId]: erinId } });
    tracer().startSpan('prisma:client:db_query', {}, trace.setSpan(context.active(), late)).end();
    late.end();
    expect(telemetry.buffer.countForUser(erinId)).toBe(0);
  });
});
