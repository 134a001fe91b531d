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

/** The levels `LOG_LEVEL` may name (pino's); the configuration refuses any other. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * The level to log at. The logger exists before the configuration is read (modules create theirs
 * when loaded), so an unknown LOG_LEVEL must not throw here (pino would, with a stack): it logs
 * at `info` until loadConfig refuses the value with a message that names it.
 */
export function logLevelOf(environment: NodeJS.ProcessEnv): string {
  const wanted = environment.LOG_LEVEL?.trim().toLowerCase();
  if (wanted && (LOG_LEVELS as readonly string[]).includes(wanted)) return wanted;
  return environment.NODE_ENV === 'test' && !wanted ? 'warn' : 'info';
}

// Logs go to stderr so that command output (a token, a schema) stays clean on stdout.
const rootLogger = pino(
  {
    level: logLevelOf(process.env),
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
