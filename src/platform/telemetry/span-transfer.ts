import type { SpanContext } from '@opentelemetry/api';
import { emptyResource, type Resource } from '@opentelemetry/resources';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';

/**
 * A finished span as plain data, to cross a thread boundary (`postMessage` clones data, not
 * objects with methods): spans made on a graph thread are handed to this process's span
 * processors (the trace store and the OTLP exporter), as if they had ended here.
 */
export type TransferredSpan = Omit<ReadableSpan, 'spanContext' | 'resource' | 'ended'> & { context: SpanContext };

const plainContext = (context: SpanContext): SpanContext => ({
  traceId: context.traceId,
  spanId: context.spanId,
  traceFlags: context.traceFlags,
  ...(context.isRemote === undefined ? {} : { isRemote: context.isRemote }),
});

export function transferableSpan(span: ReadableSpan): TransferredSpan {
  return {
    name: span.name,
    kind: span.kind,
    context: plainContext(span.spanContext()),
    ...(span.parentSpanContext ? { parentSpanContext: plainContext(span.parentSpanContext) } : {}),
    startTime: span.startTime,
    endTime: span.endTime,
    duration: span.duration,
    status: { ...span.status },
    attributes: { ...span.attributes },
    links: span.links.map((link) => ({ ...link, context: plainContext(link.context) })),
    events: span.events.map((event) => ({ ...event })),
    instrumentationScope: { ...span.instrumentationScope },
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

/** A transferred span as a `ReadableSpan` of this process, under `resource` (this process's). */
export function receivedSpan(span: TransferredSpan, resource: Resource | undefined): ReadableSpan {
  const { context, ...rest } = span;
  return { ...rest, spanContext: () => context, resource: resource ?? emptyResource(), ended: true };
}
