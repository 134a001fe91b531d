import { randomBytes } from 'node:crypto';
import { ROOT_CONTEXT, trace, TraceFlags, type Context } from '@opentelemetry/api';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { SharedTraceStore } from './shared-trace-store.js';
import { TenantPropagator } from './trace-buffer.js';
import { ATTR } from './tracing.js';
import { redisReachable, SYSTEM_REDIS } from '../../../test/testkit/processes.js';

// The shared store on the machine's Redis (127.0.0.1:6379), under a key prefix of its own; two
// tracer providers writing to one prefix stand for two processes (a gateway and a worker).
const REDIS_URL = SYSTEM_REDIS;
const redisUp = await redisReachable();
if (!redisUp) process.stdout.write(`SKIP shared-trace-store.test.ts: no Redis at ${REDIS_URL}\n`);

const redis = redisUp ? new Redis(REDIS_URL, { lazyConnect: true }) : undefined;
const prefixes: string[] = [];
const providers: BasicTracerProvider[] = [];
afterAll(async () => {
  await Promise.all(providers.map((provider) => provider.shutdown()));
  if (!redis) return;
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  }
  await redis.quit();
});

/** Two processes sharing one store (each with its own store object, as each process has). */
function cluster(options: { maxTraces?: number; maxSpansPerTrace?: number } = {}) {
  const prefix = `suanni-test:${randomBytes(4).toString('hex')}:`;
  prefixes.push(prefix);
  const process = () => {
    const store = new SharedTraceStore(redis!, { prefix, ttlSeconds: 60, maxTraces: options.maxTraces ?? 100, ...options, flushMs: 5 });
    const provider = new BasicTracerProvider({ spanProcessors: [new TenantPropagator(), store] });
    providers.push(provider);
    return { store, tracer: provider.getTracer('test') };
  };
  const gateway = process();
  const worker = process();
  // What each process has not written yet (at most flushMs old) is not visible to the others.
  const settled = () => Promise.all([gateway.store.forceFlush(), worker.store.forceFlush()]);
  return { gateway, worker, settled };
}

type Tracer = ReturnType<typeof cluster>['gateway']['tracer'];

const remoteParent = (traceId: string, spanId = randomBytes(8).toString('hex')): Context =>
  trace.setSpanContext(ROOT_CONTEXT, { traceId, spanId, traceFlags: TraceFlags.SAMPLED, isRemote: true });

/** A request: the operation span, a child before the caller is known, the caller, a child after. */
function request(tracer: Tracer, name: string, parent: Context, caller?: { tenant: string; user: string }, end = true) {
  const root = tracer.startSpan(name, {}, parent);
  const inside = trace.setSpan(parent, root);
  tracer.startSpan(`${name}.auth`, {}, inside).end();
  if (caller) root.setAttributes({ [ATTR.tenantId]: caller.tenant, [ATTR.userId]: caller.user });
  tracer.startSpan(`${name}.work`, {}, inside).end();
  if (end) root.end();
  return { root, traceId: root.spanContext().traceId, spanId: root.spanContext().spanId };
}

const names = async (store: SharedTraceStore, traceId: string, tenant: string) =>
  (await store.get(traceId, tenant))?.spans.map((span) => span.name).sort();

describe.skipIf(!redisUp)('SharedTraceStore', () => {
  it('serves the spans of every process of a trace to its owner from any process', async () => {
    await redis!.connect();
    const { gateway, worker, settled } = cluster();
    const submit = request(gateway.tracer, 'submitReview', ROOT_CONTEXT, { tenant: 'A', user: 'alice' });
    // The worker continues the trace from the job's traceparent: a local root under a remote parent.
    request(worker.tracer, 'review.run', remoteParent(submit.traceId, submit.spanId), { tenant: 'A', user: 'alice' });
    const expected = ['review.run', 'review.run.auth', 'review.run.work', 'submitReview', 'submitReview.auth', 'submitReview.work'];
    await settled();
    expect(await names(gateway.store, submit.traceId, 'A')).toEqual(expected);
    expect(await names(worker.store, submit.traceId, 'A')).toEqual(expected);
    const listed = await worker.store.list({ tenantId: 'A', spanName: 'review.run' });
    expect(listed.map((record) => record.traceId)).toEqual([submit.traceId]);
    expect(listed[0]!.spans.find((span) => span.name === 'review.run')!.parentSpanId).toBe(submit.spanId);
  });

  it('belongs to the first local root by start time; a tenant joining by trace id in another process sees nothing and is not shown', async () => {
    const { gateway, worker, settled } = cluster();
    const a = request(gateway.tracer, 'a', ROOT_CONTEXT, { tenant: 'A', user: 'alice' });
    request(worker.tracer, 'b', remoteParent(a.traceId), { tenant: 'B', user: 'bob' });
    await settled();
    expect(await names(worker.store, a.traceId, 'A')).toEqual(['a', 'a.auth', 'a.work']);
    expect(await gateway.store.get(a.traceId, 'B')).toBeUndefined();
    expect(await worker.store.list({ tenantId: 'B' })).toEqual([]);
    expect(await gateway.store.list({ tenantId: 'A', spanName: 'b' })).toEqual([]);

    // Start order, not end order: A's root starts first in one process and ends after B's whole request in the other.
    const early = gateway.tracer.startSpan('early');
    const traceId = early.spanContext().traceId;
    await gateway.store.forceFlush();
    request(worker.tracer, 'joiner', remoteParent(traceId), { tenant: 'B', user: 'bob' });
    await settled();
    // Undecided while the earlier root runs without a tenant: shown to no one.
    expect(await worker.store.get(traceId, 'B')).toBeUndefined();
    expect(await worker.store.list({ tenantId: 'B' })).toEqual([]);
    early.setAttribute(ATTR.tenantId, 'A');
    early.end();
    await settled();
    expect(await names(worker.store, traceId, 'A')).toEqual(['early']);
    expect(await worker.store.get(traceId, 'B')).toBeUndefined();
  });

  it('passes over a first root that ended without a tenant', async () => {
    const { gateway, worker, settled } = cluster();
    // Each written before the next starts: roots that start in the same millisecond are ordered by when Redis first saw them.
    const anonymous = request(gateway.tracer, 'anonymous', ROOT_CONTEXT);
    await settled();
    request(worker.tracer, 'a', remoteParent(anonymous.traceId), { tenant: 'A', user: 'alice' });
    await settled();
    request(gateway.tracer, 'b', remoteParent(anonymous.traceId), { tenant: 'B', user: 'bob' });
    await settled();
    expect(await names(gateway.store, anonymous.traceId, 'A')).toEqual(['a', 'a.auth', 'a.work']);
    expect(await gateway.store.get(anonymous.traceId, 'B')).toBeUndefined();
  });

  it('erasure drops the user’s traces from every process’s part and refuses their later spans, atomically with the writes', async () => {
    const { gateway, worker, settled } = cluster();
    const before = request(gateway.tracer, 'before', ROOT_CONTEXT, { tenant: 'A', user: 'erased' });
    request(worker.tracer, 'run', remoteParent(before.traceId, before.spanId), { tenant: 'A', user: 'erased' });
    const other = request(worker.tracer, 'other', ROOT_CONTEXT, { tenant: 'A', user: 'alice' });
    await settled();
    expect(await gateway.store.countForUser('erased')).toBe(1);
    // Spans of the erased user still waiting in the worker's batch when the erasure runs.
    const running = worker.tracer.startSpan('running');
    running.setAttributes({ [ATTR.tenantId]: 'A', [ATTR.userId]: 'erased' });
    running.end();
    expect(await gateway.store.forgetUser('erased')).toBe(1);
    expect(await gateway.store.get(before.traceId, 'A')).toBeUndefined();
    const late = request(worker.tracer, 'late', ROOT_CONTEXT, { tenant: 'A', user: 'erased' });
    await settled();
    expect(await worker.store.countForUser('erased')).toBe(0);
    const kept = (await worker.store.get(late.traceId, 'A'))?.spans ?? [];
    expect(kept.some((span) => span.attributes[ATTR.userId] === 'erased')).toBe(false);
    const listed = await gateway.store.list({ tenantId: 'A' });
    expect(JSON.stringify(listed)).not.toContain('erased');
    expect(listed.map((record) => record.traceId)).toContain(other.traceId);
    expect(await gateway.store.countForUser('alice')).toBe(1);
  });

  it('is bounded: the oldest traces go past maxTraces, spans past maxSpansPerTrace are counted as dropped', async () => {
    const { gateway } = cluster({ maxTraces: 3, maxSpansPerTrace: 4 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push(request(gateway.tracer, `t${i}`, ROOT_CONTEXT, { tenant: 'A', user: 'alice' }).traceId);
      await gateway.store.forceFlush();
    }
    expect((await gateway.store.list({ tenantId: 'A' })).map((record) => record.traceId)).toEqual(ids.slice(2).reverse());
    expect(await gateway.store.get(ids[0]!, 'A')).toBeUndefined();
    const big = request(gateway.tracer, 'big', ROOT_CONTEXT, { tenant: 'A', user: 'alice' }, false);
    for (let i = 0; i < 5; i += 1) gateway.tracer.startSpan(`big.${i}`, {}, trace.setSpan(ROOT_CONTEXT, big.root)).end();
    big.root.end();
    const record = (await gateway.store.get(big.traceId, 'A'))!;
    // Kept: the first four to end; `big.auth` started before the caller was known and its parent was dropped: no one's.
    expect(record.spans.map((span) => span.name).sort()).toEqual(['big.0', 'big.1', 'big.work']);
    expect(record.droppedSpans).toBe(4);
    const ttl = await redis!.ttl(`${prefixes.at(-1)}trace:${big.traceId}:spans`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
  });
});
