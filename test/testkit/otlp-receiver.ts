import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { decodeOtlpProtobuf } from './otlp-protobuf.js';

/** A span as decoded from an OTLP/HTTP export (JSON or protobuf). */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  /** OTLP span kind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  startTimeUnixNano: bigint;
  attributes: Record<string, unknown>;
  events: { name: string; attributes: Record<string, unknown> }[];
  links: { traceId: string; spanId: string }[];
  status: { code: number; message: string | null };
  resource: Record<string, unknown>;
}

type OtlpValue = {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number;
  arrayValue?: { values?: OtlpValue[] };
  kvlistValue?: { values?: OtlpKeyValue[] };
};
type OtlpKeyValue = { key: string; value?: OtlpValue };

function decodeValue(value: OtlpValue | undefined): unknown {
  if (!value) return null;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(decodeValue);
  if (value.kvlistValue) return decodeAttributes(value.kvlistValue.values);
  return null;
}

function decodeAttributes(list: OtlpKeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map((entry) => [entry.key, decodeValue(entry.value)]));
}

/** Hex ids as the JSON encoding of the JS exporter sends them; base64 (the spec's JSON mapping of bytes) is accepted too. */
function hexId(id: string | undefined): string {
  if (!id) return '';
  return /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex');
}

/** Decodes an `ExportTraceServiceRequest` in the OTLP JSON encoding. */
export function decodeOtlpJson(body: unknown): ReceivedSpan[] {
  const request = body as {
    resourceSpans?: { resource?: { attributes?: OtlpKeyValue[] }; scopeSpans?: { spans?: Record<string, any>[] }[] }[];
  };
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of request.resourceSpans ?? []) {
    const resource = decodeAttributes(resourceSpans.resource?.attributes);
    for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
      for (const span of scopeSpans.spans ?? []) {
        spans.push({
          traceId: hexId(span.traceId),
          spanId: hexId(span.spanId),
          parentSpanId: span.parentSpanId ? hexId(span.parentSpanId) : null,
          name: span.name,
          kind: Number(span.kind ?? 0),
          startTimeUnixNano: BigInt(span.startTimeUnixNano ?? 0),
          attributes: decodeAttributes(span.attributes),
          events: ((span.events ?? []) as { name: string; attributes?: OtlpKeyValue[] }[]).map((event) => ({
            name: event.name,
            attributes: decodeAttributes(event.attributes),
          })),
          links: ((span.links ?? []) as { traceId: string; spanId: string }[]).map((link) => ({
            traceId: hexId(link.traceId),
            spanId: hexId(link.spanId),
          })),
          status: { code: Number(span.status?.code ?? 0), message: span.status?.message ?? null },
          resource,
        });
      }
    }
  }
  return spans;
}

export interface OtlpReceiver {
  /** The base URL to use as `OTEL_EXPORTER_OTLP_ENDPOINT`. */
  url: string;
  /** Every span received so far, in arrival order (none when started with `decode: false`). */
  spans: ReceivedSpan[];
  /** Requests that were not a decodable `POST /v1/traces` (should stay 0). */
  rejected: number;
  /** Accepted requests by encoding. */
  requests: { json: number; protobuf: number };
  /** Bytes of accepted request bodies, as sent (compressed or not). */
  bytes: number;
  close(): Promise<void>;
}

/**
 * A minimal OTLP/HTTP receiver on 127.0.0.1 accepting `POST /v1/traces` in both encodings
 * (`application/x-protobuf`, the default of the exporter, and `application/json`), gzip or not,
 * for tests, benchmarks and local debugging.
 */
export async function startOtlpReceiver(options: { decode?: boolean } = {}): Promise<OtlpReceiver> {
  // Without decoding it is a sink that counts requests and bytes: benchmarks use it so that the
  // receiving end costs the machine next to nothing.
  const decode = options.decode ?? true;
  const receiver: OtlpReceiver = { url: '', spans: [], rejected: 0, requests: { json: 0, protobuf: 0 }, bytes: 0, close: async () => {} };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const contentType = request.headers['content-type'] ?? '';
      const encoding = contentType.includes('json') ? 'json' : contentType.includes('protobuf') ? 'protobuf' : null;
      if (request.method !== 'POST' || request.url !== '/v1/traces' || !encoding) {
        receiver.rejected += 1;
        response.writeHead(encoding ? 404 : 415).end();
        return;
      }
      try {
        const raw = Buffer.concat(chunks);
        if (decode) {
          const body = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
          receiver.spans.push(...(encoding === 'json' ? decodeOtlpJson(JSON.parse(body.toString('utf8'))) : decodeOtlpProtobuf(body)));
        }
        receiver.requests[encoding] += 1;
        receiver.bytes += raw.length;
        // An empty ExportTraceServiceResponse: `{}`, or zero bytes in protobuf.
        response
          .writeHead(200, { 'content-type': encoding === 'json' ? 'application/json' : 'application/x-protobuf' })
          .end(encoding === 'json' ? '{}' : '');
      } catch {
        receiver.rejected += 1;
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
