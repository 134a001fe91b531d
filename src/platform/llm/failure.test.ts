import { describe, expect, it } from 'vitest';
import { ModelCallTimeoutError } from './call-budget.js';
import { classifyModelFailure } from './failure.js';

// The shapes below are what the OpenAI SDK (through LangChain) throws, as observed against a
// local server: connection errors are named `Error` and carry undici's system error two
// causes down; HTTP errors carry `status` (and the API's `code`).
class APIConnectionError extends Error {
  constructor(cause: unknown) {
    super('Connection error.', { cause });
  }
}
class APIConnectionTimeoutError extends APIConnectionError {}
class AuthenticationError extends Error {
  readonly status = 401;
  readonly code = 'invalid_api_key';
}
class InternalServerError extends Error {
  readonly status = 500;
}

const systemError = (code: string, syscall: string) =>
  Object.assign(new Error(`${syscall} ${code} 127.0.0.1:9`), { code, syscall, errno: -1 });
const viaFetch = (cause: unknown) => new APIConnectionError(new TypeError('fetch failed', { cause }));

describe('classifyModelFailure', () => {
  it('finds DNS and refused connections in the cause chain', () => {
    expect(classifyModelFailure(viaFetch(systemError('ENOTFOUND', 'getaddrinfo')), 'error')).toEqual({ failure: 'dns', code: 'ENOTFOUND' });
    expect(classifyModelFailure(viaFetch(systemError('EAI_AGAIN', 'getaddrinfo')), 'error')).toEqual({ failure: 'dns', code: 'EAI_AGAIN' });
    expect(classifyModelFailure(viaFetch(systemError('ECONNREFUSED', 'connect')), 'error')).toEqual({
      failure: 'refused',
      code: 'ECONNREFUSED',
    });
  });

  it('looks inside AggregateError (Node tries every address of a host)', () => {
    const aggregate = new AggregateError(
      [systemError('ECONNREFUSED', 'connect'), systemError('ECONNREFUSED', 'connect')],
      'connect failed',
    );
    expect(classifyModelFailure(viaFetch(aggregate), 'error')).toEqual({ failure: 'refused', code: 'ECONNREFUSED' });
  });

  it('names HTTP statuses; 401 and 403 are auth', () => {
    expect(classifyModelFailure(new AuthenticationError('401 bad key'), 'error')).toEqual({
      failure: 'auth',
      status: 401,
      code: 'invalid_api_key',
    });
    expect(classifyModelFailure(Object.assign(new Error('403'), { status: 403 }), 'error')).toEqual({ failure: 'auth', status: 403 });
    expect(classifyModelFailure(new InternalServerError('500 boom'), 'error')).toEqual({ failure: 'http', status: 500 });
    expect(classifyModelFailure(Object.assign(new Error('429'), { status: 429, code: 'rate_limit_exceeded' }), 'error')).toEqual({
      failure: 'http',
      status: 429,
      code: 'rate_limit_exceeded',
    });
  });

  it('recognises timeouts: the budget running out, the SDK timeout, undici connect timeouts', () => {
    expect(classifyModelFailure(new ModelCallTimeoutError(800), 'timeout')).toEqual({ failure: 'timeout' });
    expect(classifyModelFailure(undefined, 'timeout')).toEqual({ failure: 'timeout' });
    expect(classifyModelFailure(Object.assign(new Error('Request timed out.'), { name: 'TimeoutError' }), 'error')).toEqual({
      failure: 'timeout',
    });
    expect(classifyModelFailure(new APIConnectionTimeoutError(undefined), 'error')).toEqual({ failure: 'timeout' });
    expect(classifyModelFailure(viaFetch(systemError('UND_ERR_CONNECT_TIMEOUT', 'connect')), 'error')).toEqual({
      failure: 'timeout',
      code: 'UND_ERR_CONNECT_TIMEOUT',
    });
    // A timeout outcome keeps the status of the last attempt's answer, if any.
    expect(classifyModelFailure(new InternalServerError('500'), 'timeout')).toEqual({ failure: 'timeout', status: 500 });
  });

  it('separates broken connections, malformed answers and the unknown', () => {
    expect(classifyModelFailure(viaFetch(systemError('ECONNRESET', 'read')), 'error')).toEqual({ failure: 'network', code: 'ECONNRESET' });
    expect(classifyModelFailure(new APIConnectionError(new TypeError('fetch failed')), 'error')).toEqual({ failure: 'network' });
    expect(classifyModelFailure(undefined, 'invalid_output')).toEqual({ failure: 'malformed' });
    expect(classifyModelFailure(new SyntaxError('Unexpected token < in JSON'), 'error')).toEqual({ failure: 'malformed' });
    expect(classifyModelFailure(new Error('Error'), 'error')).toEqual({ failure: 'unknown' });
    expect(classifyModelFailure('a string', 'error')).toEqual({ failure: 'unknown' });
  });

  it('stops on cyclic cause chains', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(classifyModelFailure(a, 'error')).toEqual({ failure: 'unknown' });
  });
});
