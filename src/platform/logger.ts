import { pino, type Logger } from 'pino';

// Logs go to stderr so that command output (a token, a schema) stays clean on stdout.
const rootLogger = pino(
  {
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info'),
  base: { service: 'suanni' },
  timestamp: pino.stdTimeFunctions.isoTime,
  },
  pino.destination({ fd: 2, sync: false }),
);

/** A structured JSON logger for one module. Never log personal data or content. */
export function createLogger(module: string): Logger {
  return rootLogger.child({ module });
}
