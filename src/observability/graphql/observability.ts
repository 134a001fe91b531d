import type { AttributeValue } from '@opentelemetry/api';
import { builder } from '../../graphql/builder.js';
import type { AdminStats } from '../service.js';
import { rootSpans, traceBounds, traceErrorCodes, type SpanRecord, type TraceRecord } from '../../platform/telemetry/trace-buffer.js';

type Attributes = Record<string, AttributeValue | undefined>;
const attributeList = (attributes: Attributes) =>
  Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({ key, value: value as AttributeValue }))
    .sort((a, b) => a.key.localeCompare(b.key));

/** A span within its trace, so that `children` and `depth` can be resolved. */
interface SpanInTrace {
  span: SpanRecord;
  trace: TraceRecord;
}

const SpanAttributeRef = builder.objectRef<{ key: string; value: AttributeValue }>('SpanAttribute').implement({
  description: 'One span attribute: ids, counts, names, versions and codes; never content.',
  fields: (t) => ({ key: t.exposeString('key'), value: t.field({ type: 'JSON', resolve: (attribute) => attribute.value }) }),
});

const SpanEventRef = builder.objectRef<SpanRecord['events'][number]>('SpanEvent').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    time: t.expose('time', { type: 'DateTime' }),
    attributes: t.field({ type: [SpanAttributeRef], resolve: (event) => attributeList(event.attributes) }),
  }),
});

const SpanLinkRef = builder.objectRef<SpanRecord['links'][number]>('SpanLink').implement({
  fields: (t) => ({ traceId: t.exposeString('traceId'), spanId: t.exposeString('spanId') }),
});

const SpanStatusRef = builder.objectRef<SpanRecord['status']>('SpanStatus').implement({
  fields: (t) => ({
    code: t.exposeString('code', { description: 'UNSET, OK or ERROR.' }),
    message: t.exposeString('message', { nullable: true }),
  }),
});

const TraceSpanRef = builder.objectRef<SpanInTrace>('TraceSpan');
TraceSpanRef.implement({
  description: 'One span of a trace.',
  fields: (t) => ({
    traceId: t.string({ resolve: ({ span }) => span.traceId }),
    spanId: t.string({ resolve: ({ span }) => span.spanId }),
    parentSpanId: t.string({
      nullable: true,
      description: 'Null for a root; may name a span outside the buffer (an incoming traceparent).',
      resolve: ({ span }) => span.parentSpanId,
    }),
    name: t.string({ resolve: ({ span }) => span.name }),
    kind: t.string({ description: 'INTERNAL, SERVER, CLIENT, PRODUCER or CONSUMER.', resolve: ({ span }) => span.kind }),
    startTime: t.field({ type: 'DateTime', resolve: ({ span }) => span.startTime }),
    endTime: t.field({ type: 'DateTime', resolve: ({ span }) => span.endTime }),
    durationMs: t.float({ resolve: ({ span }) => span.durationMs }),
    status: t.field({ type: SpanStatusRef, resolve: ({ span }) => span.status }),
    attributes: t.field({ type: [SpanAttributeRef], resolve: ({ span }) => attributeList(span.attributes) }),
    attribute: t.field({
      type: 'JSON',
      nullable: true,
      args: { key: t.arg.string({ required: true }) },
      resolve: ({ span }, args) => span.attributes[args.key] ?? null,
    }),
    events: t.field({ type: [SpanEventRef], resolve: ({ span }) => span.events }),
    links: t.field({ type: [SpanLinkRef], resolve: ({ span }) => span.links }),
    depth: t.int({
      description: 'Distance from the trace root (0 for a root).',
      resolve: ({ span, trace }) => {
        const byId = new Map(trace.spans.map((entry) => [entry.spanId, entry]));
        let depth = 0;
        for (
          let parent = span.parentSpanId && byId.get(span.parentSpanId);
          parent && depth < 1_000;
          parent = parent.parentSpanId ? byId.get(parent.parentSpanId) : undefined
        )
          depth += 1;
        return depth;
      },
    }),
    children: t.field({
      type: [TraceSpanRef],
      description: 'Spans whose parent is this one, by start time.',
      resolve: ({ span, trace }) =>
        trace.spans.filter((entry) => entry.parentSpanId === span.spanId).map((entry) => ({ span: entry, trace })),
    }),
  }),
});

const TraceRef = builder.objectRef<TraceRecord>('Trace').implement({
  description:
    'A trace from the trace store (this process’s buffer, or shared through Redis), as its owning tenant sees it: the spans attributed to that tenant, flat (`spans`) and as a tree (`root`).',
  fields: (t) => ({
    traceId: t.exposeString('traceId'),
    rootName: t.string({ nullable: true, resolve: (trace) => rootSpans(trace)[0]?.name ?? null }),
    startTime: t.field({ type: 'DateTime', resolve: (trace) => traceBounds(trace).start }),
    durationMs: t.float({ resolve: (trace) => traceBounds(trace).durationMs }),
    spanCount: t.int({ resolve: (trace) => trace.spans.length }),
    droppedSpans: t.exposeInt('droppedSpans', { description: 'Spans not kept because the trace reached the per-trace limit.' }),
    errorCodes: t.stringList({ resolve: (trace) => traceErrorCodes(trace) }),
    spans: t.field({
      type: [TraceSpanRef],
      description: 'Every span, by start time.',
      resolve: (trace) => trace.spans.map((span) => ({ span, trace })),
    }),
    root: t.field({
      type: TraceSpanRef,
      nullable: true,
      description: 'The first root span, with its `children`.',
      resolve: (trace) => {
        const root = rootSpans(trace)[0];
        return root ? { span: root, trace } : null;
      },
    }),
  }),
});

const TraceFilterType = builder.inputType('TraceFilter', {
  fields: (t) => ({
    rootName: t.string({ required: false, description: 'Part of the root span’s name, e.g. "mutation submitReview".' }),
    spanName: t.string({ required: false, description: 'Part of any span’s name, e.g. "review.node.compliance".' }),
    reviewId: t.id({ required: false }),
    batchId: t.id({ required: false }),
    errorsOnly: t.boolean({ required: false }),
    since: t.field({ type: 'DateTime', required: false }),
    minDurationMs: t.float({ required: false }),
  }),
});

const ReviewLatencyRef = builder.objectRef<AdminStats['reviews']['latencyMs']>('ReviewLatency').implement({
  description: 'Milliseconds from start to finish of reviews.',
  fields: (t) => ({
    p50: t.exposeFloat('p50', { nullable: true }),
    p90: t.exposeFloat('p90', { nullable: true }),
    p95: t.exposeFloat('p95', { nullable: true }),
    p99: t.exposeFloat('p99', { nullable: true }),
    max: t.exposeFloat('max', { nullable: true }),
  }),
});
const ReviewStatsRef = builder.objectRef<AdminStats['reviews']>('ReviewStats').implement({
  fields: (t) => ({
    total: t.exposeInt('total'),
    succeeded: t.exposeInt('succeeded'),
    failed: t.exposeInt('failed'),
    successRate: t.exposeFloat('successRate', {
      nullable: true,
      description: 'succeeded / (succeeded + failed); null when none finished.',
    }),
    latencyMs: t.field({ type: ReviewLatencyRef, resolve: (stats) => stats.latencyMs }),
  }),
});
const ClusterQueueStatsRef = builder.objectRef<AdminStats['queue']['cluster']>('ReviewJobStats').implement({
  description: 'Review jobs across every worker process (the job queue in PostgreSQL, refreshed every few seconds).',
  fields: (t) => ({
    queued: t.exposeInt('queued'),
    running: t.exposeInt('running'),
    retried: t.exposeInt('retried', { description: 'Waiting or running on a second or later attempt.' }),
    failed: t.exposeInt('failed', { description: 'Failed for good (kept for the retention period).' }),
    oldestWaitingSeconds: t.exposeFloat('oldestWaitingSeconds'),
  }),
});
const QueueStatsRef = builder.objectRef<AdminStats['queue']>('ReviewQueueStats').implement({
  description:
    'The review queue: `depth` waiting jobs of all processes, `running` and `concurrency` of the process answering, `cluster` across every worker.',
  fields: (t) => ({
    depth: t.exposeInt('depth'),
    running: t.exposeInt('running'),
    concurrency: t.exposeInt('concurrency'),
    cluster: t.field({ type: ClusterQueueStatsRef, resolve: (queue) => queue.cluster }),
  }),
});
const ConnectionCountRef = builder.objectRef<{ state: string; count: number }>('DatabaseConnectionCount').implement({
  fields: (t) => ({
    state: t.exposeString('state', { description: 'pg_stat_activity.state: active, idle, idle in transaction, ...' }),
    count: t.exposeInt('count'),
  }),
});
const PoolStatsRef = builder.objectRef<NonNullable<AdminStats['database']['pool']>>('DatabasePoolStats').implement({
  fields: (t) => ({ total: t.exposeInt('total'), idle: t.exposeInt('idle'), waiting: t.exposeInt('waiting'), max: t.exposeInt('max') }),
});
const TableSizeRef = builder.objectRef<AdminStats['database']['tables'][number]>('TableSize').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    totalBytes: t.exposeFloat('totalBytes', { description: 'Table, indexes and TOAST.' }),
    rowEstimate: t.exposeFloat('rowEstimate'),
  }),
});
const DatabaseStatsRef = builder.objectRef<AdminStats['database']>('DatabaseStats').implement({
  fields: (t) => ({
    connections: t.field({ type: [ConnectionCountRef], resolve: (stats) => stats.connections }),
    pool: t.field({ type: PoolStatsRef, nullable: true, resolve: (stats) => stats.pool }),
    tables: t.field({ type: [TableSizeRef], resolve: (stats) => stats.tables }),
  }),
});
const LiveProcessRef = builder.objectRef<AdminStats['processes'][number]>('LiveProcess').implement({
  description: 'A gateway or worker process whose heartbeat has not expired (the registry in PostgreSQL).',
  fields: (t) => ({
    id: t.exposeID('id'),
    role: t.exposeString('role', { description: 'gateway, worker or all.' }),
    host: t.exposeString('host'),
    pid: t.exposeInt('pid'),
    startedAt: t.expose('startedAt', { type: 'DateTime' }),
    lastHeartbeatAt: t.expose('lastSeenAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'Counted as dead from then on unless it beats again.' }),
    runningJobs: t.exposeInt('runningJobs', { description: 'Jobs it was running at its last heartbeat.' }),
  }),
});
const AdminStatsRef = builder.objectRef<AdminStats>('AdminStats').implement({
  fields: (t) => ({
    window: t.exposeString('window'),
    from: t.expose('from', { type: 'DateTime' }),
    to: t.expose('to', { type: 'DateTime' }),
    reviews: t.field({
      type: ReviewStatsRef,
      description: 'Reviews of the tenant submitted in the window that have finished.',
      resolve: (stats) => stats.reviews,
    }),
    queue: t.field({ type: QueueStatsRef, resolve: (stats) => stats.queue }),
    processes: t.field({
      type: [LiveProcessRef],
      description: 'Live gateway and worker processes of the deployment, oldest first.',
      resolve: (stats) => stats.processes,
    }),
    database: t.field({ type: DatabaseStatsRef, resolve: (stats) => stats.database }),
  }),
});

builder.queryFields((t) => ({
  trace: t.withAuth({ authenticated: true }).field({
    type: TraceRef,
    description:
      'A recent trace of the caller’s tenant from the trace store: this process’s buffer, or with Redis the spans of every process (SRE, ADMIN).',
    args: { id: t.arg.id({ required: true, description: 'The W3C trace id (Review.traceId, extensions.traceId).' }) },
    resolve: (_root, args, context) => context.services.observability.trace(context.principal, args.id),
  }),
  traces: t.withAuth({ authenticated: true }).field({
    type: [TraceRef],
    description: 'Recent traces of the caller’s tenant, newest first (SRE, ADMIN).',
    args: {
      filter: t.arg({ type: TraceFilterType, required: false }),
      first: t.arg.int({ required: false, defaultValue: 20, description: 'At most 100.' }),
    },
    resolve: (_root, args, context) =>
      context.services.observability.traces(context.principal, { ...(args.filter ?? {}), first: args.first ?? 20 }),
  }),
  adminStats: t.withAuth({ authenticated: true }).field({
    type: AdminStatsRef,
    description: 'Review success rate and latency of the tenant over a window, the review queue, and database activity (ADMIN, SRE).',
    args: { window: t.arg.string({ required: false, defaultValue: '1h', description: 'e.g. 15m, 1h, 24h, 7d (at most 90d).' }) },
    resolve: (_root, args, context) => context.services.observability.adminStats(context.principal, args.window ?? '1h'),
  }),
}));
