import { context, propagation, trace, type Context as OtelContext } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as OtlpJsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { envDetector, hostDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, type ReadableSpan, type Span, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { PrismaInstrumentation } from '@prisma/instrumentation';
import type { OtlpProtocol } from '../../config.js';
import { createLogger } from '../logger.js';
import { TenantPropagator, TraceBuffer, type TraceStore } from './trace-buffer.js';
import { SPAN_LIMITS } from './tracing.js';

const log = createLogger('telemetry');

/** Prisma spans not recorded; see startTelemetry. */
export const PRISMA_IGNORED_SPANS = [
  'prisma:client:operation',
  'prisma:client:transaction',
  'prisma:client:serialize',
  'prisma:client:compile',
  'prisma:client:start_transaction',
  'prisma:client:commit_transaction',
  'prisma:client:connect',
];

export interface TelemetryConfig {
  /** `OTEL_SERVICE_NAME`, default `suanni`. */
  serviceName: string;
  /** `OTEL_EXPORTER_OTLP_ENDPOINT` (the collector's base URL; `/v1/traces` is appended). */
  otlpEndpoint?: string;
  /** `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`: the full traces URL, used as is; wins over `otlpEndpoint`. */
  otlpTracesEndpoint?: string;
  /**
   * `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL` / `OTEL_EXPORTER_OTLP_PROTOCOL`; default `http/protobuf`
   * (the OTLP default): 2.4 times cheaper to encode than JSON and 2.5 times smaller, measured.
   */
  otlpProtocol?: OtlpProtocol;
  /** `SUANNI_TRACE_BUFFER_TRACES`: traces kept in memory for the `trace`/`traces` queries. */
  bufferTraces: number;
}

/** The running SDK of this process. */
export interface Telemetry {
  /** This process's in-memory trace buffer (all-in-one). */
  readonly buffer: TraceBuffer;
  /** Where spans are kept for the `trace`/`traces` queries: the buffer, or the shared store once set. */
  readonly store: TraceStore;
  /** From now on spans go to `store` (shared by every process) instead of the in-process buffer. */
  shareSpans(store: TraceStore & SpanProcessor): void;
  /** Where spans are exported, or null when only the buffer keeps them. */
  readonly exportUrl: string | null;
  /** Spans that ended on another thread of this process (graph threads): stored and exported like spans ended here. */
  ingest(spans: readonly ReadableSpan[]): void;
  /** Exports every ended span now (tests; before exit). */
  forceFlush(): Promise<void>;
  shutdown(): Promise<void>;
}

// The OpenTelemetry API is process-global; so is this handle. It lives on globalThis so that a
// module registry reset (vitest isolation) cannot lose track of an SDK that is still registered.
const handleKey = Symbol.for('suanni.telemetry');
type GlobalWithTelemetry = typeof globalThis & { [handleKey]?: Telemetry };

/** The telemetry started in this process, if any. */
export function currentTelemetry(): Telemetry | undefined {
  return (globalThis as GlobalWithTelemetry)[handleKey];
}

const emptyBuffer = new TraceBuffer(1);

/** The trace buffer of the running SDK; an always-empty one when telemetry is off. */
export function traceBuffer(): TraceBuffer {
  return currentTelemetry()?.buffer ?? emptyBuffer;
}

/** The trace store of the running SDK (shared with Redis, else the buffer); an always-empty one when telemetry is off. */
export function traceStore(): TraceStore {
  return currentTelemetry()?.store ?? emptyBuffer;
}

/** Hands spans to the in-process buffer, or to the shared store once the process has one. */
class SpanStoreRelay implements SpanProcessor {
  target: SpanProcessor & TraceStore;

  constructor(buffer: TraceBuffer) {
    this.target = buffer;
  }

  onStart(span: Span, parentContext: OtelContext): void {
    this.target.onStart(span, parentContext);
  }

  onEnd(span: ReadableSpan): void {
    this.target.onEnd(span);
  }

  forceFlush(): Promise<void> {
    return this.target.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.target.shutdown();
  }
}

/**
 * Starts `@opentelemetry/sdk-node` for this process: W3C trace context propagation, the
 * AsyncLocalStorage context manager, Prisma's instrumentation (database spans), the in-process
 * trace buffer and, when an endpoint is configured, an OTLP/HTTP exporter (protobuf or JSON) behind
 * a batch processor. Call it before the app is built. The SDK is process-global: a second call returns
 * the running instance (its settings win); after `shutdown()` it can be started again.
 *
 * `OTEL_SDK_DISABLED=true` is honoured: spans are then no-ops and nothing is buffered.
 */
export function startTelemetry(config: TelemetryConfig): Telemetry {
  const running = currentTelemetry();
  if (running) return running;

  const buffer = new TraceBuffer(config.bufferTraces);
  const exportUrl = config.otlpTracesEndpoint ?? (config.otlpEndpoint ? `${config.otlpEndpoint.replace(/\/+$/, '')}/v1/traces` : null);
  const relay = new SpanStoreRelay(buffer);
  const spanProcessors: SpanProcessor[] = [new TenantPropagator(), relay];
  const protocol = config.otlpProtocol ?? 'http/protobuf';
  if (exportUrl) {
    const exporter =
      protocol === 'http/json' ? new OtlpJsonTraceExporter({ url: exportUrl }) : new OtlpProtobufTraceExporter({ url: exportUrl });
    spanProcessors.push(new BatchSpanProcessor(exporter));
  }
  const prisma = new PrismaInstrumentation({
    // One span per SQL statement (`prisma:client:db_query`: the parameterised SQL in
    // `db.query.text`, BEGIN and COMMIT included), directly under the span that made the call.
    // Prisma's other spans (per client call, per transaction, serialising, compiling the query
    // plan) would triple the spans of a review and, measured on the review batch benchmark,
    // double the tracing overhead, for little that the SQL does not already say.
    ignoreSpanTypes: PRISMA_IGNORED_SPANS,
  });
  const sdk = new NodeSDK({
    serviceName: config.serviceName,
    resource: resourceFromAttributes({ 'service.namespace': 'suanni' }),
    // No process detector: it records the command line and the OS user.
    resourceDetectors: [envDetector, hostDetector],
    textMapPropagator: new W3CTraceContextPropagator(),
    spanProcessors,
    spanLimits: SPAN_LIMITS,
    instrumentations: [prisma],
    // Metrics are Prometheus text from /metrics (prom-client) and logs are pino's: without these
    // empty lists the SDK would set up OTLP metric and log exporters from the environment.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();

  let stopped = false;
  const telemetry: Telemetry = {
    buffer,
    get store() {
      return relay.target;
    },
    shareSpans(store) {
      relay.target = store;
      buffer.clear();
    },
    exportUrl,
    ingest(spans) {
      for (const span of spans) for (const processor of spanProcessors) processor.onEnd(span);
    },
    async forceFlush() {
      await Promise.all(spanProcessors.map((processor) => processor.forceFlush()));
    },
    async shutdown() {
      if (stopped) return;
      stopped = true;
      prisma.disable();
      await sdk.shutdown().catch((error: unknown) => log.warn({ err: error }, 'telemetry shutdown failed'));
      // Unregister the global providers so that a later start (the next test file) can register again.
      trace.disable();
      context.disable();
      propagation.disable();
      const global = globalThis as GlobalWithTelemetry;
      if (global[handleKey] === telemetry) delete global[handleKey];
    },
  };
  (globalThis as GlobalWithTelemetry)[handleKey] = telemetry;
  log.info(
    { serviceName: config.serviceName, exportUrl, protocol: exportUrl ? protocol : undefined, bufferTraces: config.bufferTraces },
    'telemetry started',
  );
  return telemetry;
}
