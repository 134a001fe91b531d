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

/** A trace as far as the buffer holds it, as its owner may see it. */
export interface TraceRecord {
  traceId: string;
  /** The tenant that owns the trace (see {@link TraceBuffer}). */
  tenantId: string;
  /** The owner's spans, ordered by start time. */
  spans: SpanRecord[];
  /** Spans not kept because the trace reached the per-trace limit. */
  droppedSpans: number;
}

export interface TraceFilter {
  /** Only traces owned by this tenant (callers always set it). */
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
export interface KeptSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  /** The parent is another process's span (an incoming `traceparent`): this span is a local root. */
  parentIsRemote: boolean;
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

/** A span of this process without a local parent: where this process's part of a trace begins. */
interface LocalRoot {
  spanId: string;
  /** The span while it runs: its tenant is often set only after it started (a request's caller). */
  running: Span | undefined;
  /** Its tenant once it has ended; undefined when it ended without one (an unauthenticated request). */
  tenant: string | undefined;
}

interface Entry {
  spans: KeptSpan[];
  /** Local roots in the order they started, kept only until the owner is decided. */
  roots: LocalRoot[];
  /** The owning tenant, once decided; never changes afterwards. */
  owner: string | undefined;
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
const statusNames: Record<number, SpanRecord['status']['code']> = {
  [SpanStatusCode.UNSET]: 'UNSET',
  [SpanStatusCode.OK]: 'OK',
  [SpanStatusCode.ERROR]: 'ERROR',
};

const toMs = (time: HrTime) => time[0] * 1e3 + time[1] / 1e6;
const toDate = (time: HrTime) => new Date(Math.round(toMs(time)));

export function keep(span: ReadableSpan): KeptSpan {
  const { traceId, spanId } = span.spanContext();
  return {
    traceId,
    spanId,
    parentSpanId: span.parentSpanContext?.spanId,
    parentIsRemote: span.parentSpanContext?.isRemote === true,
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

export function toRecord(span: KeptSpan): SpanRecord {
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

export const stringAttribute = (attributes: ReadableSpan['attributes'], key: string) => {
  const value = attributes[key];
  return typeof value === 'string' ? value : undefined;
};

export const isLocalRoot = (span: Pick<ReadableSpan, 'parentSpanContext'>) =>
  !span.parentSpanContext || span.parentSpanContext.isRemote === true;

/**
 * Where the `trace` and `traces` queries read recent spans: this process's {@link TraceBuffer}, or
 * with Redis the store every process writes to (see shared-trace-store.ts). Same tenancy rules.
 */
export interface TraceStore {
  get(traceId: string, tenantId: string): TraceRecord | undefined | Promise<TraceRecord | undefined>;
  list(filter: TraceFilter): TraceRecord[] | Promise<TraceRecord[]>;
  countForUser(userId: string): number | Promise<number>;
  forgetUser(userId: string): number | Promise<number>;
}

/** Erased users remembered so that their late spans are not kept; the oldest are forgotten past this many. */
export const MAX_FORGOTTEN_USERS = 100_000;

/**
 * Keeps the spans of the last `maxTraces` traces in memory (oldest trace evicted first, at most
 * `maxSpansPerTrace` spans each), so that SREs can read recent traces without a collector. The
 * spans are kept lean (see {@link KeptSpan}) and turned into records only when read.
 *
 * Tenancy (DESIGN section 7: a trace belongs to the tenant of its root operation). A client can
 * put any trace id into a `traceparent`, so a trace id alone proves nothing:
 *
 * - **Owner.** A *local root* is a span of this process without a local parent (no parent, or
 *   a remote one from an incoming `traceparent`). The owner is the tenant of the first local root
 *   to start in the trace. Roots are recorded in `onStart`, in start order, because root
 *   spans end last (a request's span ends after everything under it) and their tenant is only
 *   set once the caller is known. A first root that ends without a tenant (an unauthenticated
 *   request) is passed over for the next one; while an earlier root still runs without a tenant,
 *   the trace has no owner yet and is shown to nobody. Once decided, the owner never changes.
 *   A trace whose roots were evicted before its last spans ended has no owner and is shown to
 *   nobody.
 * - **Attribution.** A span is attributed to its own `suanni.tenant_id`, else to that of its
 *   nearest ancestor that carries one; the walk stops at a local root, so nothing is attributed
 *   across an incoming `traceparent`. Only the spans attributed to the owner are served, and
 *   filters see only those; spans of a tenant that joined the trace with its id are never shown
 *   to the owner, and the joining tenant never sees the trace at all. Spans that name another
 *   tenant than a decided owner are not even kept.
 * - **Erasure.** {@link forgetUser} remembers the user (the last {@link MAX_FORGOTTEN_USERS}),
 *   and spans naming a forgotten user are dropped when they end (a request still in flight, a
 *   socket still open), so the buffer never again holds that user's id.
 */
export class TraceBuffer implements SpanProcessor, TraceStore {
  private readonly traces = new Map<string, Entry>();
  /** Insertion-ordered, so the oldest erasure is the first to go past the bound. */
  private readonly forgottenUsers = new Set<string>();

  constructor(
    readonly maxTraces: number,
    readonly maxSpansPerTrace = 2_000,
  ) {}

  onStart(span: Span): void {
    if (!isLocalRoot(span)) return;
    const { traceId, spanId } = span.spanContext();
    const entry = this.traces.get(traceId) ?? this.newEntry(traceId);
    // After the decision roots no longer matter; before it, at most one per span the trace may keep.
    if (entry.owner !== undefined || entry.roots.length >= this.maxSpansPerTrace) return;
    entry.roots.push({ spanId, running: span, tenant: undefined });
  }

  onEnd(span: ReadableSpan): void {
    const { traceId, spanId } = span.spanContext();
    const tenant = stringAttribute(span.attributes, ATTR.tenantId);
    let entry = this.traces.get(traceId);
    if (entry && entry.owner === undefined && isLocalRoot(span)) {
      const root = entry.roots.find((candidate) => candidate.spanId === spanId);
      if (root) {
        root.running = undefined;
        root.tenant = tenant;
      }
    }
    const user = stringAttribute(span.attributes, ATTR.userId);
    if (user !== undefined && this.forgottenUsers.has(user)) return;
    entry ??= this.newEntry(traceId);
    const owner = ownerOf(entry);
    if (owner !== undefined && tenant !== undefined && tenant !== owner) return;
    if (entry.spans.length >= this.maxSpansPerTrace) {
      entry.dropped += 1;
      return;
    }
    entry.spans.push(keep(span));
    if (user !== undefined) entry.users.add(user);
  }

  async forceFlush(): Promise<void> {}

  async shutdown(): Promise<void> {}

  get size(): number {
    return this.traces.size;
  }

  /** Forgets every trace (tests, and erasure when it must drop traces); erased users stay remembered. */
  clear(): void {
    this.traces.clear();
  }

  /** Traces with a span of this user (`suanni.user_id`), for the erasure inventory. */
  countForUser(userId: string): number {
    let count = 0;
    for (const entry of this.traces.values()) if (entry.users.has(userId)) count += 1;
    return count;
  }

  /**
   * Drops every trace with a span of this user (erasure) and keeps no span naming the user from
   * now on; returns how many traces were dropped.
   */
  forgetUser(userId: string): number {
    this.forgottenUsers.delete(userId);
    this.forgottenUsers.add(userId);
    if (this.forgottenUsers.size > MAX_FORGOTTEN_USERS) this.forgottenUsers.delete(this.forgottenUsers.values().next().value!);
    let count = 0;
    for (const [traceId, entry] of this.traces) {
      if (!entry.users.has(userId)) continue;
      this.traces.delete(traceId);
      count += 1;
    }
    return count;
  }

  /** A trace owned by this tenant, or undefined when it is unknown, evicted, not (yet) the tenant's, or holds none of its spans. */
  get(traceId: string, tenantId: string): TraceRecord | undefined {
    const entry = this.traces.get(traceId);
    if (!entry || ownerOf(entry) !== tenantId) return undefined;
    const record = this.toTrace(traceId, entry, tenantId);
    return record.spans.length > 0 ? record : undefined;
  }

  /** Traces owned by the tenant matching the filter, newest first. */
  list(filter: TraceFilter): TraceRecord[] {
    const first = Math.min(Math.max(filter.first ?? 20, 1), 100);
    const matches: TraceRecord[] = [];
    const entries = [...this.traces.entries()].reverse();
    for (const [traceId, entry] of entries) {
      if (matches.length >= first) break;
      if (ownerOf(entry) !== filter.tenantId) continue;
      const record = this.toTrace(traceId, entry, filter.tenantId);
      if (matchesFilter(record, filter)) matches.push(record);
    }
    return matches;
  }

  private newEntry(traceId: string): Entry {
    while (this.traces.size >= this.maxTraces) this.traces.delete(this.traces.keys().next().value!);
    const entry: Entry = { spans: [], roots: [], owner: undefined, users: new Set(), dropped: 0 };
    this.traces.set(traceId, entry);
    return entry;
  }

  private toTrace(traceId: string, entry: Entry, owner: string): TraceRecord {
    return traceOf(traceId, entry.spans, owner, entry.dropped);
  }
}

/** The owner's view of a trace: the spans attributed to it, by start time. */
export function traceOf(traceId: string, spans: readonly KeptSpan[], owner: string, dropped: number): TraceRecord {
  // By start time to the nanosecond; the records' Dates only keep milliseconds.
  const owned = attributedTo(spans, owner)
    .sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1])
    .map(toRecord);
  return { traceId, tenantId: owner, spans: owned, droppedSpans: dropped };
}

/** Decides the owner when it can (see {@link TraceBuffer}); undefined while it cannot. */
function ownerOf(entry: Entry): string | undefined {
  if (entry.owner !== undefined) return entry.owner;
  for (const root of entry.roots) {
    const tenant = root.tenant ?? (root.running ? stringAttribute(root.running.attributes, ATTR.tenantId) : undefined);
    if (tenant !== undefined) {
      entry.owner = tenant;
      entry.roots = [];
      return tenant;
    }
    // An earlier root still running may yet name its tenant: no later root may own the trace before it.
    if (root.running) return undefined;
  }
  return undefined;
}

/**
 * The spans attributed to `tenant`: by their own `suanni.tenant_id`, else by their nearest
 * ancestor's, never across a local root. A span whose ancestry is not in the buffer (a parent
 * still running, or dropped) is attributed to no one.
 */
export function attributedTo(spans: readonly KeptSpan[], tenant: string): KeptSpan[] {
  const byId = new Map(spans.map((span) => [span.spanId, span]));
  const attribution = new Map<string, string | null>();
  const tenantOf = (span: KeptSpan): string | null => {
    const path: KeptSpan[] = [];
    let found: string | null = null;
    for (let current: KeptSpan | undefined = span; current; ) {
      const known = attribution.get(current.spanId);
      if (known !== undefined) {
        found = known;
        break;
      }
      const own = stringAttribute(current.attributes, ATTR.tenantId);
      if (own !== undefined) {
        found = own;
        break;
      }
      path.push(current);
      // A local root without a tenant, or a cycle of ids (which the SDK never makes): no one.
      if (current.parentSpanId === undefined || current.parentIsRemote || path.length > spans.length) break;
      current = byId.get(current.parentSpanId);
    }
    for (const visited of path) attribution.set(visited.spanId, found);
    attribution.set(span.spanId, found);
    return found;
  };
  return spans.filter((span) => tenantOf(span) === tenant);
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

export function matchesFilter(record: TraceRecord, filter: TraceFilter): boolean {
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
