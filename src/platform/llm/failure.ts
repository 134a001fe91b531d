/**
 * Why a model call failed, for operators: a structured log field instead of `"error":"Error"`
 * (the OpenAI SDK's connection errors are all named `Error`; the reason sits in the `cause`
 * chain, where undici puts the system error).
 */
export type ModelFailureKind =
  /** No answer within the budget, or the connection timed out. */
  | 'timeout'
  /** The API host name did not resolve (ENOTFOUND, EAI_AGAIN). */
  | 'dns'
  /** Nothing listens at the API address (ECONNREFUSED). */
  | 'refused'
  /** The connection broke (reset, closed socket, unreachable network). */
  | 'network'
  /** The API refused the key (HTTP 401 or 403). */
  | 'auth'
  /** Any other HTTP error status; `status` says which. */
  | 'http'
  /** The API answered, but not with what was asked for. */
  | 'malformed'
  | 'unknown';

export interface ModelFailure {
  failure: ModelFailureKind;
  /** The HTTP status, when the API answered with one. */
  status?: number;
  /** The system or API error code found, e.g. `ECONNREFUSED` or `invalid_api_key`. */
  code?: string;
}

const dnsCodes = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);
const refusedCodes = new Set(['ECONNREFUSED']);
const timeoutCodes = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const networkCodes = new Set([
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);
const timeoutNames = new Set(['TimeoutError', 'APIConnectionTimeoutError']);
/** Bounds the walk: cause chains are short, but a cycle must not loop forever. */
const MAX_ERRORS_VISITED = 32;

/** The error and everything it wraps (`cause` chains, AggregateError's `errors`), outermost first. */
function errorChain(error: unknown): object[] {
  const chain: object[] = [];
  const pending: unknown[] = [error];
  const seen = new Set<unknown>();
  while (pending.length > 0 && chain.length < MAX_ERRORS_VISITED) {
    const current = pending.shift();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    chain.push(current);
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return chain;
}

const stringField = (error: object, field: 'code' | 'name'): string | undefined => {
  const value = (error as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Classifies a failed model call from the error it ended with. `outcome` is how the attempt loop
 * ended: a `timeout` outcome is a timeout whatever the last error was, and an `invalid_output`
 * one is a malformed answer. Pure; reads only names, codes and statuses, never messages.
 */
export function classifyModelFailure(error: unknown, outcome?: 'timeout' | 'error' | 'invalid_output'): ModelFailure {
  if (outcome === 'invalid_output') return { failure: 'malformed' };
  const chain = errorChain(error);
  const status = chain.map((item) => (item as { status?: unknown }).status).find((value): value is number => typeof value === 'number');
  const codes = chain.map((item) => stringField(item, 'code')).filter((code): code is string => code !== undefined);
  const code =
    codes.find((value) => dnsCodes.has(value) || refusedCodes.has(value) || timeoutCodes.has(value) || networkCodes.has(value)) ?? codes[0];
  const withCode = (failure: ModelFailureKind): ModelFailure => ({
    failure,
    ...(status !== undefined ? { status } : {}),
    ...(code ? { code } : {}),
  });
  if (outcome === 'timeout') return withCode('timeout');
  if (status !== undefined) return withCode(status === 401 || status === 403 ? 'auth' : 'http');
  if (code && dnsCodes.has(code)) return withCode('dns');
  if (code && refusedCodes.has(code)) return withCode('refused');
  if (
    (code && timeoutCodes.has(code)) ||
    chain.some((item) => timeoutNames.has(stringField(item, 'name') ?? '') || timeoutNames.has(item.constructor?.name ?? ''))
  ) {
    return withCode('timeout');
  }
  if (code && networkCodes.has(code)) return withCode('network');
  if (chain.some((item) => (item.constructor?.name ?? '').startsWith('APIConnection'))) return withCode('network');
  // A 200 answer whose body did not parse.
  if (chain.some((item) => item instanceof SyntaxError)) return withCode('malformed');
  return withCode('unknown');
}
