/**
 * Deadline and retry policy for one model call. LangChain's own retries are switched off
 * (`maxRetries: 0` on the chat model) because its back-off (p-retry: 1 s, 2 s, 4 s, randomised)
 * ignores the abort signal: after a timeout its sleep timer would keep the process alive and
 * fire one more request attempt. Here the whole call, back-off included, fits in `timeoutMs`.
 */

/** How an attempt loop ended. */
export type BudgetOutcome<R> =
  | { kind: 'ok'; value: R; attempts: number }
  | { kind: 'timeout'; attempts: number; error?: unknown }
  | { kind: 'error'; attempts: number; error: unknown };

export interface BudgetOptions {
  timeoutMs: number;
  maxRetries: number;
  /** The caller's signal; its abort rejects the call (no fallback for a caller that left). */
  signal?: AbortSignal;
  /** Whether another attempt is still safe, e.g. false once streamed pieces reached the caller. */
  mayRetry?: () => boolean;
}

const firstBackoffMs = 250;
const maxBackoffMs = 4_000;
const retryableStatuses = new Set([408, 429, 500, 502, 503, 504]);

/** Thrown into aborted requests when the budget runs out; recognisable by name. */
export class ModelCallTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`model call exceeded its ${timeoutMs} ms budget`);
    this.name = 'TimeoutError';
  }
}

/**
 * Runs `attempt` until it succeeds, fails for good, retries run out or the budget ends. Each
 * attempt gets a signal that aborts at the deadline (so the HTTP request is torn down) and is
 * raced against it (so a library that ignores the signal cannot hold the caller). Every timer
 * and listener is removed before this returns.
 */
export async function runWithinBudget<R>(attempt: (signal: AbortSignal) => Promise<R>, options: BudgetOptions): Promise<BudgetOutcome<R>> {
  options.signal?.throwIfAborted();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new ModelCallTimeoutError(options.timeoutMs)), options.timeoutMs);
  const startedAt = performance.now();
  const forwardCallerAbort = () => deadline.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forwardCallerAbort, { once: true });
  try {
    for (let attempts = 1; ; attempts++) {
      try {
        return { kind: 'ok', value: await raceWithAbort(attempt(deadline.signal), deadline.signal), attempts };
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason;
        if (deadline.signal.aborted) return { kind: 'timeout', attempts, error };
        const retryable = isTransientError(error) && attempts <= options.maxRetries && (options.mayRetry?.() ?? true);
        if (!retryable) return isTimeoutError(error) ? { kind: 'timeout', attempts, error } : { kind: 'error', attempts, error };
        const backoffMs = backoffBeforeRetry(attempts, error);
        // A retry that cannot start before the deadline would only turn an error into a timeout.
        if (performance.now() - startedAt + backoffMs >= options.timeoutMs) return { kind: 'error', attempts, error };
        if (!(await sleepUnlessAborted(backoffMs, deadline.signal))) {
          if (options.signal?.aborted) throw options.signal.reason;
          return { kind: 'timeout', attempts, error };
        }
      }
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardCallerAbort);
    // Anything still in flight (a library that ignored the signal) is told to stop now.
    if (!deadline.signal.aborted) deadline.abort(new Error('model call finished'));
  }
}

/** Settles with `promise`, or rejects with the signal's reason as soon as it aborts. */
function raceWithAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined); // settles later; nobody is listening any more
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Resolves true after `ms`, or false as soon as `signal` aborts; leaves no timer behind. */
function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Exponential back-off with jitter (so parallel callers do not retry in step), or the server's Retry-After. */
function backoffBeforeRetry(attempts: number, error: unknown): number {
  const exponential = Math.min(firstBackoffMs * 2 ** (attempts - 1), maxBackoffMs) * (1 + Math.random() / 2);
  const retryAfterMs = retryAfterFrom(error);
  return Math.round(retryAfterMs === undefined ? exponential : Math.max(exponential, retryAfterMs));
}

/** HTTP status of an OpenAI SDK error (LangChain keeps the property when it wraps them). */
export function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}

function retryAfterFrom(error: unknown): number | undefined {
  const headers = (error as { headers?: unknown } | null)?.headers;
  const value = headers instanceof Headers ? headers.get('retry-after') : undefined;
  const seconds = value ? Number(value) : NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1_000 : undefined;
}

function isTimeoutError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.constructor.name === 'APIConnectionTimeoutError');
}

/**
 * Worth another attempt: overloaded or failing servers, rate limits that are not an exhausted
 * quota, timeouts and network failures. Not: bad requests, authentication, a missing model.
 */
function isTransientError(error: unknown): boolean {
  if (error instanceof Error && error.name === 'AbortError') return false;
  const status = httpStatusOf(error);
  if (status !== undefined) {
    if (status === 429 && /insufficient_quota/.test(String((error as { code?: unknown }).code))) return false;
    return retryableStatuses.has(status) || status >= 520;
  }
  // No status: retry only when the request never got an HTTP answer (refused, reset, DNS,
  // timeout); a bug in our own code would fail the same way again.
  if (!(error instanceof Error)) return false;
  if (isTimeoutError(error) || error.constructor.name.startsWith('APIConnection')) return true;
  const causeCode = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof causeCode === 'string' && networkErrorCodes.has(causeCode);
}

const networkErrorCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_SOCKET']);
