/**
 * Errors that say "the database was briefly unavailable", not "the request was wrong": the
 * connection was terminated or refused, the server is shutting down or starting, a pool or
 * transaction slot could not be had in time, or a serialization conflict. Retrying such an
 * operation (when it is idempotent) is safe.
 */
const TRANSIENT_SQLSTATES = new Set([
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '53300', // too_many_connections
  '57P01', // admin_shutdown (pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up)
]);
const TRANSIENT_NODE_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** Prisma: can't reach server, timed out, closed, pool timeout, transaction API errors. */
const TRANSIENT_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028', 'P2034']);
const TRANSIENT_MESSAGES = [
  /connection terminated/i,
  /terminating connection/i,
  /connection (?:is )?closed/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
  /timeout exceeded when trying to connect/i,
  /server closed the connection unexpectedly/i,
  /transaction already closed/i,
];

/** Whether an error (or any error in its `cause` chain) is a transient database failure. */
export function isTransientDatabaseError(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (
    let current = error;
    current && typeof current === 'object' && !seen.has(current);
    current = (current as { cause?: unknown }).cause
  ) {
    seen.add(current);
    const { code, message, kind } = current as { code?: unknown; message?: unknown; kind?: unknown; originalCode?: unknown };
    const originalCode = (current as { originalCode?: unknown }).originalCode;
    if (typeof code === 'string' && (TRANSIENT_SQLSTATES.has(code) || TRANSIENT_NODE_CODES.has(code) || TRANSIENT_PRISMA_CODES.has(code)))
      return true;
    if (typeof originalCode === 'string' && TRANSIENT_SQLSTATES.has(originalCode)) return true;
    // Driver adapter errors: { kind: 'postgres', code } or a kind naming a lost connection.
    if (kind === 'ConnectionClosed' || kind === 'SocketTimeout' || kind === 'TransactionAlreadyClosed' || kind === 'TooManyConnections')
      return true;
    if (typeof message === 'string' && TRANSIENT_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

export interface RetryOptions {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Delay before the second attempt; doubled each time, with jitter, capped by `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Called before each retry (logging). */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
}

export const DEFAULT_RETRY: RetryOptions = { attempts: 6, baseDelayMs: 100, maxDelayMs: 3_000 };

/** The delay before retry number `attempt` (1 = first retry): exponential, jittered in [50%, 100%]. */
export function backoffDelay(attempt: number, options: Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs'>, random = Math.random): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling * (0.5 + random() / 2));
}

/** Runs `work`, retrying transient database failures with backoff; other errors pass at once. */
export async function retryTransient<T>(work: () => Promise<T>, options: RetryOptions = DEFAULT_RETRY): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= options.attempts || !isTransientDatabaseError(error)) throw error;
      const delay = backoffDelay(attempt, options);
      options.onRetry?.(error, attempt, delay);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
