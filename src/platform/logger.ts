import { isSpanContextValid, trace } from '@opentelemetry/api';
import { pino, type Logger } from 'pino';

/**
 * The trace and span of the active OpenTelemetry span, so that every log line written while
 * handling an operation or running a review can be found from its trace (and the other way).
 */
export function traceFields(): Record<string, string> {
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (!spanContext || !isSpanContextValid(spanContext)) return {};
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId, trace_flags: `0${spanContext.traceFlags.toString(16)}` };
}

// Logs go to stderr so that command output (a token, a schema) stays clean on stdout.
const rootLogger = pino(
  {
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info'),
    base: { service: 'suanni' },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: traceFields,
  },
  pino.destination({ fd: 2, sync: false }),
);

/** A structured JSON logger for one module. Never log personal data or content. */
export function createLogger(module: string): Logger {
  return rootLogger.child({ module });
}
