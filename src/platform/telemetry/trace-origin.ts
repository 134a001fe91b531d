import { context, isSpanContextValid, propagation, ROOT_CONTEXT, trace, type Context as OtelContext, type Link } from '@opentelemetry/api';

/**
 * Where a queued job came from: the W3C trace context of the operation that queued it, carried in
 * the job's data, so the worker that runs it (in whatever process) continues that trace. `link`:
 * the job starts a trace of its own that links to the operation instead (a batch member, so that a
 * batch of 500 is not one trace of ten thousand spans).
 */
export interface TraceOrigin {
  traceparent: string;
  tracestate?: string;
  link?: true;
}

/** The active trace context as a job carries it; undefined without one. Also when not sampled: the run then stays in the same (unsampled) trace. */
export function currentTraceOrigin(mode: 'child' | 'link'): TraceOrigin | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  if (!carrier.traceparent) return undefined;
  return {
    traceparent: carrier.traceparent,
    ...(carrier.tracestate ? { tracestate: carrier.tracestate } : {}),
    ...(mode === 'link' ? { link: true as const } : {}),
  };
}

/** The parent context (or the links) of a job's first span; a root when the origin is missing or invalid. */
export function originParent(origin: TraceOrigin | undefined): { parent: OtelContext; links: Link[] } {
  if (!origin) return { parent: ROOT_CONTEXT, links: [] };
  const remote = propagation.extract(ROOT_CONTEXT, {
    traceparent: origin.traceparent,
    ...(origin.tracestate ? { tracestate: origin.tracestate } : {}),
  });
  const spanContext = trace.getSpanContext(remote);
  if (!spanContext || !isSpanContextValid(spanContext)) return { parent: ROOT_CONTEXT, links: [] };
  if (!origin.link) return { parent: remote, links: [] };
  return { parent: ROOT_CONTEXT, links: [{ context: spanContext, attributes: { 'suanni.link': 'submitted_by' } }] };
}

/** Runs `fn` as a child of the operation that queued it: its spans join the caller's trace. */
export function withTraceOrigin<T>(origin: TraceOrigin | undefined, fn: () => Promise<T>): Promise<T> {
  const { parent } = originParent(origin ? { traceparent: origin.traceparent, tracestate: origin.tracestate } : undefined);
  return context.with(parent, fn);
}
