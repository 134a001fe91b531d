import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { JsonTraceSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeOtlpProtobuf } from './otlp-protobuf.js';
import { decodeOtlpJson } from './otlp-receiver.js';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'suanni-test', 'service.namespace': 'suanni' }),
  spanProcessors: [new SimpleSpanProcessor(exporter)],
});
afterAll(() => provider.shutdown());

/** Spans with every attribute type, events, links, a parent, an error status and odd text. */
function sampleSpans(): ReadableSpan[] {
  exporter.reset();
  const tracer = provider.getTracer('test');
  const root = tracer.startSpan('review.run', { kind: SpanKind.CONSUMER, attributes: { 'suanni.review.id': 'r-1' } });
  const rootContext = root.spanContext();
  const child = tracer.startSpan(
    'review.node.parse',
    {
      attributes: {
        'suanni.node.reads': ['contractText', 'language'],
        'suanni.node.count.clauses': 12,
        'suanni.node.count.negative': -3,
        'gen_ai.usage.ratio': 0.125,
        'suanni.degraded': false,
        'suanni.big': 2 ** 40,
        'suanni.flags': [true, false],
        'suanni.scores': [1.5, -2.25],
        'suanni.name': '供应商 — “quoted”',
        'suanni.empty': '',
      },
      links: [{ context: rootContext, attributes: { 'suanni.link': 'submitted_by' } }],
    },
    trace.setSpan(ROOT_CONTEXT, root),
  );
  child.addEvent('exception', { 'exception.type': 'AppError', 'suanni.error.code': 'STATE_CONTRACT_VIOLATION' });
  child.setStatus({ code: SpanStatusCode.ERROR, message: 'STATE_CONTRACT_VIOLATION' });
  child.end();
  root.setStatus({ code: SpanStatusCode.OK });
  root.end();
  return exporter.getFinishedSpans();
}

describe('decodeOtlpProtobuf', () => {
  it('decodes what the protobuf exporter sends into the same records as the JSON decoder', () => {
    const spans = sampleSpans();
    const fromProtobuf = decodeOtlpProtobuf(ProtobufTraceSerializer.serializeRequest(spans)!);
    const fromJson = decodeOtlpJson(JSON.parse(new TextDecoder().decode(JsonTraceSerializer.serializeRequest(spans)!)));
    expect(fromProtobuf).toEqual(fromJson);

    const [child, root] = fromProtobuf;
    expect(child!.parentSpanId).toBe(root!.spanId);
    expect(root!.parentSpanId).toBeNull();
    expect(root!.kind).toBe(5);
    expect(child!.attributes).toMatchObject({
      'suanni.node.reads': ['contractText', 'language'],
      'suanni.node.count.negative': -3,
      'gen_ai.usage.ratio': 0.125,
      'suanni.degraded': false,
      'suanni.big': 2 ** 40,
      'suanni.flags': [true, false],
      'suanni.scores': [1.5, -2.25],
      'suanni.name': '供应商 — “quoted”',
    });
    expect(child!.events).toEqual([
      { name: 'exception', attributes: { 'exception.type': 'AppError', 'suanni.error.code': 'STATE_CONTRACT_VIOLATION' } },
    ]);
    expect(child!.links).toEqual([{ traceId: root!.traceId, spanId: root!.spanId }]);
    expect(child!.status).toEqual({ code: 2, message: 'STATE_CONTRACT_VIOLATION' });
    expect(child!.resource).toMatchObject({ 'service.name': 'suanni-test', 'service.namespace': 'suanni' });
    expect(child!.startTimeUnixNano).toBeGreaterThan(0n);
  });

  it('rejects a truncated message instead of returning partial spans', () => {
    const encoded = ProtobufTraceSerializer.serializeRequest(sampleSpans())!;
    expect(() => decodeOtlpProtobuf(encoded.subarray(0, encoded.length - 7))).toThrow(/truncated|malformed/);
  });

  it('decodes an empty request to no spans', () => {
    expect(decodeOtlpProtobuf(new Uint8Array())).toEqual([]);
  });
});
