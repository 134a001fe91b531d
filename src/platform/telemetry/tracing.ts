import {
  context,
  isSpanContextValid,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context as OtelContext,
  type Link,
  type Span,
} from '@opentelemetry/api';
import { AppError } from '../errors.js';

/**
 * The tracer every Suanni span comes from, looked up at each use so that an SDK started (or
 * restarted) after this module loaded is the one used. Without a started SDK (see telemetry.ts)
 * it is the API's no-op tracer: spans cost next to nothing and carry no ids, and callers fall
 * back to their own correlation ids.
 */
export const tracer = () => trace.getTracer('suanni');

/** Limits of every span of the process (the SDK's) and of its graph threads. */
export const SPAN_LIMITS = { attributeValueLengthLimit: 4_096, attributeCountLimit: 128, eventCountLimit: 64, linkCountLimit: 64 };

/**
 * Attribute keys shared by several span kinds. Attributes carry ids, counts, field names,
 * versions and codes only: never contract text, message text or fact values (DESIGN section 7).
 */
export const ATTR = {
  tenantId: 'suanni.tenant_id',
  /** The internal user id (a UUID, never the token subject): lets erasure find a user's traces. */
  userId: 'suanni.user_id',
  reviewId: 'suanni.review.id',
  batchId: 'suanni.review.batch_id',
  errorCode: 'suanni.error.code',
  errorCodes: 'suanni.error.codes',
  degraded: 'suanni.degraded',
} as const;

/** The W3C trace id of a span, or undefined for a non-recording span without one. */
export function traceIdOf(span: Span | undefined): string | undefined {
  const spanContext = span?.spanContext();
  return spanContext && isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
}

/** The trace id of the active span, if any. */
export function activeTraceId(): string | undefined {
  return traceIdOf(trace.getActiveSpan());
}

/** The code an error is known by: an AppError's code, a GraphQL error's `extensions.code`, or INTERNAL. */
export function errorCodeOf(error: unknown): string {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { originalError?: unknown }).originalError, depth++) {
    if (current instanceof AppError) return current.code;
    const code = (current as { extensions?: { code?: unknown } }).extensions?.code;
    if (typeof code === 'string') return code;
  }
  return 'INTERNAL';
}

/**
 * Marks a span failed without copying the error's message or stack: messages can quote input
 * (a validation message, a driver error with a value), so only the error's type and code go
 * into the span. The logs, correlated by trace id, hold the details.
 */
export function recordError(span: Span, error: unknown, code = errorCodeOf(error)): void {
  const type = error instanceof Error ? error.name : typeof error;
  span.addEvent('exception', { 'exception.type': type, [ATTR.errorCode]: code });
  span.setAttribute(ATTR.errorCode, code);
  span.setStatus({ code: SpanStatusCode.ERROR, message: code });
}

export interface SpanOptions {
  kind?: SpanKind;
  links?: Link[];
  /** The parent context; default the active one. */
  parent?: OtelContext;
}

/**
 * Runs `fn` inside a new active span named `name`, ends the span when `fn` settles, and records
 * a failure by code (see {@link recordError}). For erasure steps and anything else that needs a
 * span around a piece of work:
 *
 * ```ts
 * await withSpan('erasure.step', { 'suanni.erasure.step': 'facts', 'suanni.erasure.rows': 12 }, () => deleteFacts(...));
 * ```
 *
 * Attribute values must be ids, counts, names or codes, never content.
 */
export async function withSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span) => Promise<T> | T,
  options: SpanOptions = {},
): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = tracer().startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes, links: options.links }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => fn(span));
  } catch (error) {
    recordError(span, error);
    throw error;
  } finally {
    span.end();
  }
}
