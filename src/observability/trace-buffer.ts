import { SpanKind, SpanStatusCode, trace, type AttributeValue, type Context as OtelContext, type HrTime } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ATTR } from './tracing.js';

/** One finished span as the buffer hands it out: plain data, safe to serialise. */
export interface SpanRecord {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  kind: string;
  startTime: Date;
  endTime: Date;
  durationMs: number;
  status: { code: 'UNSET' | 'OK' | 'ERROR'; message: string | null };
  attributes: Record<string, AttributeValue | undefined>;
  events: { name: string; time: Date; attributes: Record<string, AttributeValue | undefined> }[];
  links: { traceId: string; spanId: string }[];
}

/** A trace as far as the buffer holds it. */
export interface TraceRecord {
  traceId: string;
  /** Spans ordered by start time. */
  spans: SpanRecord[];
  /** Tenants named by the spans' `suanni.tenant_id`. */
  tenants: string[];
  /** Spans not kept because the trace reached the per-trace limit. */
  droppedSpans: number;
}

export interface TraceFilter {
  /** Only traces with a span of this tenant (callers always set it). */
  tenantId: string;
  /** Substring of the root span's name. */
  rootName?: string | null;
  /** Substring of any span's name. */
  spanName?: string | null;
  reviewId?: string | null;
  batchId?: string | null;
  /** Traces with an error status or error codes. */
  errorsOnly?: boolean | null;
  /** Traces whose first span started at or after this instant. */
  since?: Date | null;
  minDurationMs?: number | null;
  first?: number;
}

/**
 * What the buffer keeps of an ended span: the SDK's span object itself holds much more (limits,
 * processor, timers), and keeping hundreds of thousands of them alive costs the collector.
 * Attributes, events and links are the SDK's own (immutable once ended) objects, not copies.
 */
interface KeptSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  kind: SpanKind;
  startTime: HrTime;
  endTime: HrTime;
  duration: HrTime;
  statusCode: SpanStatusCode;
  statusMessage: string | undefined;
  attributes: ReadableSpan['attributes'];
  events: ReadableSpan['events'];
  links: ReadableSpan['links'];
}

interface Entry {
  spans: KeptSpan[];
  tenants: Set<string>;
  users: Set<string>;
  dropped: number;
}

const kindNames: Record<number, string> = {
  [SpanKind.INTERNAL]: 'INTERNAL',
  [SpanKind.SERVER]: 'SERVER',
  [SpanKind.CLIENT]: 'CLIENT',
  [SpanKind.PRODUCER]: 'PRODUCER',
  [SpanKind.CONSUMER]: 'CONSUMER',
};
const statusNames: Record<number, SpanRecord['status']['code']> = { [SpanStatusCode.UNSET]: 'UNSET', [SpanStatusCode.OK]: 'OK', [SpanStatusCode.ERROR]: 'ERROR' };

const toMs = (time: HrTime) => time[0] * 1e3 + time[1] / 1e6;
const toDate = (time: HrTime) => new Date(Math.round(toMs(time)));

function keep(span: ReadableSpan): KeptSpan {
  const { traceId, spanId } = span.spanContext();
  return {
    traceId,
    spanId,
    parentSpanId: span.parentSpanContext?.spanId,
    name: span.name,
    kind: span.kind,
    startTime: span.startTime,
    endTime: span.endTime,
    duration: span.duration,
    statusCode: span.status.code,
    statusMessage: span.status.message,
    attributes: span.attributes,
    events: span.events,
    links: span.links,
  };
}

function toRecord(span: KeptSpan): SpanRecord {
  return {
    traceId: span.traceId,
    spanId: span.spanId,
    parentSpanId: span.parentSpanId ?? null,
    name: span.name,
    kind: kindNames[span.kind] ?? 'INTERNAL',
    startTime: toDate(span.startTime),
    endTime: toDate(span.endTime),
    durationMs: Math.round(toMs(span.duration) * 1000) / 1000,
    status: { code: statusNames[span.statusCode] ?? 'UNSET', message: span.statusMessage ?? null },
    attributes: { ...span.attributes },
    events: span.events.map((event) => ({ name: event.name, time: toDate(event.time), attributes: { ...(event.attributes ?? {}) } })),
    links: span.links.map((link) => ({ traceId: link.context.traceId, spanId: link.context.spanId })),
  };
}

/**
 * Keeps the spans of the last `maxTraces` traces in memory (oldest trace evicted first, at most
 * `maxSpansPerTrace` spans each), so that SREs can read recent traces without a collector. The
 * spans are kept lean (see {@link KeptSpan}) and turned into records only when read.
 */
export class TraceBuffer implements SpanProcessor {
  private readonly traces = new Map<string, Entry>();

  constructor(
    readonly maxTraces: number,
    readonly maxSpansPerTrace = 2_000,
  ) {}

  onStart(): void {}

  onEnd(span: ReadableSpan): void {
    const { traceId } = span.spanContext();
    let entry = this.traces.get(traceId);
    if (!entry) {
      while (this.traces.size >= this.maxTraces) this.traces.delete(this.traces.keys().next().value!);
      entry = { spans: [], tenants: new Set(), users: new Set(), dropped: 0 };
      this.traces.set(traceId, entry);
    }
    if (entry.spans.length >= this.maxSpansPerTrace) {
      entry.dropped += 1;
      return;
    }
    entry.spans.push(keep(span));
    const tenant = span.attributes[ATTR.tenantId];
    if (typeof tenant === 'string') entry.tenants.add(tenant);
    const user = span.attributes[ATTR.userId];
    if (typeof user === 'string') entry.users.add(user);
  }

  async forceFlush(): Promise<void> {}

  async shutdown(): Promise<void> {}

  get size(): number {
    return this.traces.size;
  }

  /** Forgets everything (tests, and erasure when it must drop traces). */
  clear(): void {
    this.traces.clear();
  }

  /** Traces with a span of this user (`suanni.user_id`), for the erasure inventory. */
  countForUser(userId: string): number {
    let count = 0;
    for (const entry of this.traces.values()) if (entry.users.has(userId)) count += 1;
    return count;
  }

  /** Drops every trace with a span of this user (erasure); returns how many. */
  forgetUser(userId: string): number {
    let count = 0;
    for (const [traceId, entry] of this.traces) {
      if (!entry.users.has(userId)) continue;
      this.traces.delete(traceId);
      count += 1;
    }
    return count;
  }

  /** A trace, or undefined when it is unknown, evicted or not the tenant's. */
  get(traceId: string, tenantId: string): TraceRecord | undefined {
    const entry = this.traces.get(traceId);
    if (!entry || !entry.tenants.has(tenantId)) return undefined;
    return this.toTrace(traceId, entry);
  }

  /** Traces of a tenant matching the filter, newest first. */
  list(filter: TraceFilter): TraceRecord[] {
    const first = Math.min(Math.max(filter.first ?? 20, 1), 100);
    const matches: TraceRecord[] = [];
    const entries = [...this.traces.entries()].reverse();
    for (const [traceId, entry] of entries) {
      if (matches.length >= first) break;
      if (!entry.tenants.has(filter.tenantId)) continue;
      const record = this.toTrace(traceId, entry);
      if (matchesFilter(record, filter)) matches.push(record);
    }
    return matches;
  }

  private toTrace(traceId: string, entry: Entry): TraceRecord {
    // By start time to the nanosecond; the records' Dates only keep milliseconds.
    const spans = [...entry.spans].sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1]).map(toRecord);
    return { traceId, spans, tenants: [...entry.tenants], droppedSpans: entry.dropped };
  }
}

/** The spans whose parent is not in the trace (the root, or spans under a remote parent). */
export function rootSpans(trace: TraceRecord): SpanRecord[] {
  const ids = new Set(trace.spans.map((span) => span.spanId));
  return trace.spans.filter((span) => span.parentSpanId === null || !ids.has(span.parentSpanId));
}

/** Error codes found on a trace's spans. */
export function traceErrorCodes(trace: TraceRecord): string[] {
  const codes = new Set<string>();
  for (const span of trace.spans) {
    const code = span.attributes[ATTR.errorCode];
    if (typeof code === 'string') codes.add(code);
    const many = span.attributes[ATTR.errorCodes];
    if (Array.isArray(many)) for (const value of many) if (typeof value === 'string') codes.add(value);
  }
  return [...codes].sort();
}

export function traceBounds(trace: TraceRecord): { start: Date; end: Date; durationMs: number } {
  const start = Math.min(...trace.spans.map((span) => span.startTime.getTime()));
  const end = Math.max(...trace.spans.map((span) => span.endTime.getTime()));
  return { start: new Date(start), end: new Date(end), durationMs: end - start };
}

function matchesFilter(record: TraceRecord, filter: TraceFilter): boolean {
  if (record.spans.length === 0) return false;
  const roots = rootSpans(record);
  if (filter.rootName && !roots.some((span) => span.name.includes(filter.rootName!))) return false;
  if (filter.spanName && !record.spans.some((span) => span.name.includes(filter.spanName!))) return false;
  if (filter.reviewId && !record.spans.some((span) => span.attributes[ATTR.reviewId] === filter.reviewId)) return false;
  if (filter.batchId && !record.spans.some((span) => span.attributes[ATTR.batchId] === filter.batchId)) return false;
  if (filter.errorsOnly && !record.spans.some((span) => span.status.code === 'ERROR') && traceErrorCodes(record).length === 0) return false;
  const bounds = traceBounds(record);
  if (filter.since && bounds.start < filter.since) return false;
  if (filter.minDurationMs != null && bounds.durationMs < filter.minDurationMs) return false;
  return true;
}

/**
 * Gives every span the tenant of its parent when the parent has one, so that database and model
 * spans deep in a request carry `suanni.tenant_id` too. Reads the parent's attributes, which only
 * spans of this SDK expose.
 */
export class TenantPropagator implements SpanProcessor {
  onStart(span: Span, parentContext: OtelContext): void {
    if (span.attributes[ATTR.tenantId] !== undefined) return;
    const parent = trace.getSpan(parentContext) as (Partial<Pick<Span, 'attributes'>> & object) | undefined;
    const tenant = parent?.attributes?.[ATTR.tenantId];
    if (typeof tenant === 'string') span.setAttribute(ATTR.tenantId, tenant);
  }

  onEnd(): void {}

  async forceFlush(): Promise<void> {}

  async shutdown(): Promise<void> {}
}
