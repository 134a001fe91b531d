import type { ReceivedSpan } from './otlp-receiver.js';

/**
 * Decodes an OTLP `ExportTraceServiceRequest` in the protobuf encoding (what the
 * `http/protobuf` exporter sends) into the same records as the JSON decoder. A reader of the
 * protobuf wire format for just the messages of the OTLP trace schema
 * (opentelemetry/proto/trace/v1/trace.proto, common/v1/common.proto); unknown fields are skipped,
 * as the format requires. The OpenTelemetry packages only encode these messages.
 */
export function decodeOtlpProtobuf(body: Uint8Array): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const [field, resourceSpans] of fields(body)) {
    if (field !== 1) continue;
    let resource: Record<string, unknown> = {};
    const scopeSpansList: Uint8Array[] = [];
    for (const [inner, value] of fields(bytes(resourceSpans))) {
      if (inner === 1) resource = attributesOf(bytes(value), 1);
      else if (inner === 2) scopeSpansList.push(bytes(value));
    }
    for (const scopeSpans of scopeSpansList) {
      for (const [inner, value] of fields(scopeSpans)) if (inner === 2) spans.push(decodeSpan(bytes(value), resource));
    }
  }
  return spans;
}

type WireValue = bigint | Uint8Array;

/** The fields of one message: [field number, value] with varints as bigint, everything else as bytes. */
function* fields(message: Uint8Array): Generator<[number, WireValue]> {
  let offset = 0;
  const varint = (): bigint => {
    let result = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (offset >= message.length || shift > 63n) throw new Error('malformed protobuf varint');
      const byte = message[offset++]!;
      result |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return result;
    }
  };
  const take = (length: number): Uint8Array => {
    if (offset + length > message.length) throw new Error('truncated protobuf message');
    const value = message.subarray(offset, offset + length);
    offset += length;
    return value;
  };
  while (offset < message.length) {
    const tag = Number(varint());
    const wireType = tag & 7;
    const field = tag >>> 3;
    if (wireType === 0) yield [field, varint()];
    else if (wireType === 1) yield [field, take(8)];
    else if (wireType === 2) yield [field, take(Number(varint()))];
    else if (wireType === 5) yield [field, take(4)];
    else throw new Error(`unsupported protobuf wire type ${wireType}`);
  }
}

function bytes(value: WireValue): Uint8Array {
  if (typeof value === 'bigint') throw new Error('expected a length-delimited protobuf field');
  return value;
}

const text = (value: WireValue) => Buffer.from(bytes(value)).toString('utf8');
const hex = (value: WireValue) => Buffer.from(bytes(value)).toString('hex');
const fixed64 = (value: WireValue) => Buffer.from(bytes(value)).readBigUInt64LE(0);
const double = (value: WireValue) => Buffer.from(bytes(value)).readDoubleLE(0);
const unsigned = (value: WireValue) => (typeof value === 'bigint' ? Number(value) : 0);

function decodeSpan(message: Uint8Array, resource: Record<string, unknown>): ReceivedSpan {
  const span: ReceivedSpan = {
    traceId: '',
    spanId: '',
    parentSpanId: null,
    name: '',
    kind: 0,
    startTimeUnixNano: 0n,
    attributes: {},
    events: [],
    links: [],
    status: { code: 0, message: null },
    resource,
  };
  for (const [field, value] of fields(message)) {
    if (field === 1) span.traceId = hex(value);
    else if (field === 2) span.spanId = hex(value);
    else if (field === 4) span.parentSpanId = bytes(value).length > 0 ? hex(value) : null;
    else if (field === 5) span.name = text(value);
    else if (field === 6) span.kind = unsigned(value);
    else if (field === 7) span.startTimeUnixNano = fixed64(value);
    else if (field === 9) {
      const [key, attribute] = keyValue(bytes(value));
      span.attributes[key] = attribute;
    } else if (field === 11) span.events.push(decodeEvent(bytes(value)));
    else if (field === 13) span.links.push(decodeLink(bytes(value)));
    else if (field === 15) span.status = decodeStatus(bytes(value));
  }
  return span;
}

function decodeEvent(message: Uint8Array): ReceivedSpan['events'][number] {
  let name = '';
  for (const [field, value] of fields(message)) if (field === 2) name = text(value);
  return { name, attributes: attributesOf(message, 3) };
}

function decodeLink(message: Uint8Array): ReceivedSpan['links'][number] {
  const link = { traceId: '', spanId: '' };
  for (const [field, value] of fields(message)) {
    if (field === 1) link.traceId = hex(value);
    else if (field === 2) link.spanId = hex(value);
  }
  return link;
}

function decodeStatus(message: Uint8Array): ReceivedSpan['status'] {
  const status: ReceivedSpan['status'] = { code: 0, message: null };
  for (const [field, value] of fields(message)) {
    if (field === 2) status.message = text(value) || null;
    else if (field === 3) status.code = unsigned(value);
  }
  return status;
}

/** The `KeyValue` entries in field `field` of a message, as a record. */
function attributesOf(message: Uint8Array, field: number): Record<string, unknown> {
  return Object.fromEntries([...fields(message)].filter(([number]) => number === field).map(([, entry]) => keyValue(bytes(entry))));
}

function keyValue(entry: Uint8Array): [string, unknown] {
  let key = '';
  let value: unknown = null;
  for (const [field, raw] of fields(entry)) {
    if (field === 1) key = text(raw);
    else if (field === 2) value = decodeAnyValue(bytes(raw));
  }
  return [key, value];
}

function decodeAnyValue(message: Uint8Array): unknown {
  let result: unknown = null;
  for (const [field, value] of fields(message)) {
    if (field === 1) result = text(value);
    else if (field === 2) result = value === 1n;
    else if (field === 3) result = Number(BigInt.asIntN(64, value as bigint));
    else if (field === 4) result = double(value);
    else if (field === 5)
      result = [...fields(bytes(value))].filter(([inner]) => inner === 1).map(([, item]) => decodeAnyValue(bytes(item)));
    else if (field === 6) result = attributesOf(bytes(value), 1);
    else if (field === 7) result = Buffer.from(bytes(value)).toString('base64');
  }
  return result;
}
