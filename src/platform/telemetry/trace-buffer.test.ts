import { ROOT_CONTEXT, trace, TraceFlags, type Context, type Span } from '@opentelemetry/api';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { afterAll, describe, expect, it } from 'vitest';
import { TenantPropagator, TraceBuffer } from './trace-buffer.js';
import { ATTR } from './tracing.js';

// Real spans from a real SDK tracer provider, fed to the buffer exactly as in the gateway
// (TenantPropagator first, then the buffer); only the provider is not registered globally.
const providers: BasicTracerProvider[] = [];
afterAll(() => Promise.all(providers.map((provider) => provider.shutdown())));

function setup(maxTraces = 10, maxSpansPerTrace = 2_000) {
  const buffer = new TraceBuffer(maxTraces, maxSpansPerTrace);
  const provider = new BasicTracerProvider({ spanProcessors: [new TenantPropagator(), buffer] });
  providers.push(provider);
  return { buffer, tracer: provider.getTracer('test') };
}

type Tracer = ReturnType<typeof setup>['tracer'];

const hex = (bytes: number) =>
  Array.from({ length: bytes }, () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, '0'),
  ).join('');

/** The context an incoming `traceparent` gives: a remote parent in the trace. */
const remoteParent = (traceId: string, spanId = hex(8)): Context =>
  trace.setSpanContext(ROOT_CONTEXT, { traceId, spanId, traceFlags: TraceFlags.SAMPLED, isRemote: true });

/**
 * A request as the gateway traces it: the operation span starts (under `parent`), a child
 * starts before the caller is known (authentication: no tenant), then the caller's tenant and
 * user are set and a second child starts (it inherits the tenant). `end: false` leaves the
 * operation span running.
 */
function request(
  tracer: Tracer,
  name: string,
  parent: Context,
  caller?: { tenant: string; user: string },
  options: { end?: boolean } = {},
) {
  const root = tracer.startSpan(name, {}, parent);
  const inside = trace.setSpan(parent, root);
  tracer.startSpan(`${name}.auth`, {}, inside).end();
  if (caller) root.setAttributes({ [ATTR.tenantId]: caller.tenant, [ATTR.userId]: caller.user });
  tracer.startSpan(`${name}.work`, {}, inside).end();
  if (options.end !== false) root.end();
  return { root, traceId: root.spanContext().traceId, inside };
}

const names = (buffer: TraceBuffer, traceId: string, tenant: string) =>
  buffer
    .get(traceId, tenant)
    ?.spans.map((span) => span.name)
    .sort();

describe('TraceBuffer ownership', () => {
  it('belongs to the tenant of the first local root; a tenant joining by trace id sees nothing and is not shown to the owner', () => {
    const { buffer, tracer } = setup();
    const a = request(tracer, 'a', ROOT_CONTEXT, { tenant: 'A', user: 'alice' });
    const b = request(tracer, 'b', remoteParent(a.traceId), { tenant: 'B', user: 'bob' });
    expect(b.traceId).toBe(a.traceId);

    expect(names(buffer, a.traceId, 'A')).toEqual(['a', 'a.auth', 'a.work']);
    expect(buffer.get(a.traceId, 'A')!.tenantId).toBe('A');
    expect(buffer.get(a.traceId, 'B')).toBeUndefined();
    expect(buffer.list({ tenantId: 'B' })).toEqual([]);
    expect(buffer.list({ tenantId: 'B', spanName: 'a' })).toEqual([]);
    // The owner's filters see the owner's spans only.
    expect(buffer.list({ tenantId: 'A', spanName: 'b' })).toEqual([]);
    expect(buffer.list({ tenantId: 'A', spanName: 'a.work' }).map((record) => record.traceId)).toEqual([a.traceId]);
    // Spans naming B under A's trace are not even kept.
    expect(buffer.countForUser('bob')).toBe(0);
    expect(buffer.countForUser('alice')).toBe(1);
  });

  it('owns by start order, not end order: a root that ends last still owns the trace', () => {
    const { buffer, tracer } = setup();
    // A's operation starts first but its caller is not known yet when B's whole request ends.
    const a = tracer.startSpan('a');
    const traceId = a.spanContext().traceId;
    request(tracer, 'b', remoteParent(traceId), { tenant: 'B', user: 'bob' });
    // Undecided while an earlier root runs without a tenant: shown to no one.
    expect(buffer.get(traceId, 'B')).toBeUndefined();
    expect(buffer.list({ tenantId: 'B' })).toEqual([]);
    expect(buffer.get(traceId, 'A')).toBeUndefined();

    a.setAttribute(ATTR.tenantId, 'A');
    // Decided as soon as the running root names its tenant, before it ends.
    tracer.startSpan('a.work', {}, trace.setSpan(ROOT_CONTEXT, a)).end();
    expect(names(buffer, traceId, 'A')).toEqual(['a.work']);
    a.end();
    expect(names(buffer, traceId, 'A')).toEqual(['a', 'a.work']);
    expect(buffer.get(traceId, 'B')).toBeUndefined();
  });

  it('passes over a first root that ended without a tenant; its spans are served to no one', () => {
    const { buffer, tracer } = setup();
    const anonymous = request(tracer, 'anonymous', ROOT_CONTEXT);
    request(tracer, 'a', remoteParent(anonymous.traceId), { tenant: 'A', user: 'alice' });
    request(tracer, 'b', remoteParent(anonymous.traceId), { tenant: 'B', user: 'bob' });
    expect(names(buffer, anonymous.traceId, 'A')).toEqual(['a', 'a.auth', 'a.work']);
    expect(buffer.get(anonymous.traceId, 'B')).toBeUndefined();
  });

  it('attributes spans without a tenant to their nearest ancestor with one, never across a remote parent', () => {
    const { buffer, tracer } = setup();
    const a = request(tracer, 'a', ROOT_CONTEXT, { tenant: 'A', user: 'alice' }, { end: false });
    // Deeper work of A whose spans carry no tenant (started before the tenant was set on their parent).
    const step = tracer.startSpan('a.step', {}, a.inside);
    tracer.startSpan('a.step.query', {}, trace.setSpan(ROOT_CONTEXT, step)).end();
    step.end();
    // B joins with the id of A's real operation span as its remote parent, once authenticated and once not.
    const parentInA = remoteParent(a.traceId, a.root.spanContext().spanId);
    request(tracer, 'b', parentInA, { tenant: 'B', user: 'bob' });
    request(tracer, 'b-anonymous', parentInA);
    a.root.end();

    expect(names(buffer, a.traceId, 'A')).toEqual(['a', 'a.auth', 'a.step', 'a.step.query', 'a.work']);
    expect(buffer.get(a.traceId, 'B')).toBeUndefined();
    const served = buffer.get(a.traceId, 'A')!.spans;
    expect(served.some((span) => span.attributes[ATTR.tenantId] === 'B' || span.name.startsWith('b'))).toBe(false);
  });

  it('serves a span whose parent is still running only once the parent has ended', () => {
    const { buffer, tracer } = setup();
    const run = tracer.startSpan('review.run');
    const traceId = run.spanContext().traceId;
    tracer.startSpan('claim', {}, trace.setSpan(ROOT_CONTEXT, run)).end();
    run.setAttribute(ATTR.tenantId, 'A');
    tracer.startSpan('node', {}, trace.setSpan(ROOT_CONTEXT, run)).end();
    expect(names(buffer, traceId, 'A')).toEqual(['node']);
    run.end();
    expect(names(buffer, traceId, 'A')).toEqual(['claim', 'node', 'review.run']);
  });

  it('evicts the oldest trace; spans of an evicted trace that end later belong to no one', () => {
    const { buffer, tracer } = setup(2);
    const first = request(tracer, 'first', ROOT_CONTEXT, { tenant: 'A', user: 'alice' }, { end: false });
    const second = request(tracer, 'second', ROOT_CONTEXT, { tenant: 'A', user: 'alice' });
    const third = request(tracer, 'third', ROOT_CONTEXT, { tenant: 'A', user: 'alice' });
    expect(buffer.size).toBe(2);
    expect(buffer.get(first.traceId, 'A')).toBeUndefined();
    expect(buffer.list({ tenantId: 'A' }).map((record) => record.traceId)).toEqual([third.traceId, second.traceId]);

    // The rest of the first trace ends after its root was evicted: no root, no owner.
    tracer.startSpan('first.late', {}, first.inside).end();
    first.root.end();
    expect(buffer.get(first.traceId, 'A')).toBeUndefined();
    // Another tenant joining it now owns an entry that holds none of A's spans.
    request(tracer, 'b', remoteParent(first.traceId), { tenant: 'B', user: 'bob' });
    expect(names(buffer, first.traceId, 'B')).toEqual(['b', 'b.auth', 'b.work']);
    expect(buffer.get(first.traceId, 'A')).toBeUndefined();
  });
});

describe('TraceBuffer erasure', () => {
  it('keeps no span naming a forgotten user, so the count stays at zero; other users are kept', () => {
    const { buffer, tracer } = setup();
    const before = request(tracer, 'before', ROOT_CONTEXT, { tenant: 'A', user: 'erased' });
    request(tracer, 'other', ROOT_CONTEXT, { tenant: 'A', user: 'alice' });
    expect(buffer.countForUser('erased')).toBe(1);
    expect(buffer.forgetUser('erased')).toBe(1);
    expect(buffer.get(before.traceId, 'A')).toBeUndefined();

    // A request of the erased user still in flight (a socket still open), and a new one.
    const running: Span = tracer.startSpan('running');
    running.setAttributes({ [ATTR.tenantId]: 'A', [ATTR.userId]: 'erased' });
    running.end();
    const late = request(tracer, 'late', ROOT_CONTEXT, { tenant: 'A', user: 'erased' });
    expect(buffer.countForUser('erased')).toBe(0);
    const kept = buffer.get(late.traceId, 'A')?.spans ?? [];
    expect(kept.some((span) => span.attributes[ATTR.userId] === 'erased')).toBe(false);
    // What stays is work under the dropped span that names no user: `late.work` carries the
    // tenant it inherited; `late.auth` carries nothing and its parent is gone, so no one sees it.
    expect(kept.map((span) => span.name)).toEqual(['late.work']);

    expect(buffer.countForUser('alice')).toBe(1);
    request(tracer, 'alice-again', ROOT_CONTEXT, { tenant: 'A', user: 'alice' });
    expect(buffer.countForUser('alice')).toBe(2);

    // clear() does not forget the erasure.
    buffer.clear();
    request(tracer, 'after-clear', ROOT_CONTEXT, { tenant: 'A', user: 'erased' });
    expect(buffer.countForUser('erased')).toBe(0);
  });
});
