import { handleStreamOrSingleExecutionResult, type Plugin } from '@envelop/core';
import type { GraphQLArmorConfig, GraphQLArmorRejectCallback } from '@escape.tech/graphql-armor-types';
import { GraphQLError, type ExecutionResult } from 'graphql';
import { AppError, type ErrorCode } from '../platform/errors.js';
import { createLogger } from '../platform/logger.js';

const log = createLogger('graphql-errors');

const httpStatusByCode: Partial<Record<ErrorCode, number>> = {
  UNAUTHENTICATED: 401,
  RATE_LIMITED: 429,
};

/** Builds the client-facing GraphQL error for an expected failure. */
export function appErrorToGraphQL(error: AppError, source?: GraphQLError): GraphQLError {
  const status = httpStatusByCode[error.code];
  // A refusal that says when to come back says it in HTTP too (Yoga copies these headers onto the response).
  const retryAfter = error.details.retryAfter;
  const headers = typeof retryAfter === 'number' ? { 'retry-after': String(retryAfter) } : undefined;
  return new GraphQLError(error.message, {
    nodes: source?.nodes,
    source: source?.source,
    positions: source?.positions,
    path: source?.path,
    extensions: { code: error.code, ...error.details, ...(status ? { http: { status, ...(headers ? { headers } : {}) } } : {}) },
  });
}

/** Why a request was refused before execution, for errors that carry no code of their own. */
const limitReasons = new WeakMap<GraphQLError, string>();
const tagLimit =
  (reason: string): GraphQLArmorRejectCallback =>
  (_context, error) => {
    limitReasons.set(error, reason);
  };

/** GraphQL Armor limits, each tagged so its rejection names the limit. */
export function armorConfig(
  limits: { maxDepth: number; maxTokens: number; maxAliases: number; maxCost: number },
  production: boolean,
): GraphQLArmorConfig {
  return {
    maxDepth: { n: limits.maxDepth, onReject: [tagLimit('MAX_DEPTH')], flattenFragments: true },
    maxTokens: { n: limits.maxTokens, onReject: [tagLimit('MAX_TOKENS')] },
    maxAliases: { n: limits.maxAliases, onReject: [tagLimit('MAX_ALIASES')] },
    maxDirectives: { n: 50, onReject: [tagLimit('MAX_DIRECTIVES')] },
    costLimit: { maxCost: limits.maxCost, onReject: [tagLimit('MAX_COST')] },
    blockFieldSuggestion: { enabled: production },
  };
}

function withCode(error: GraphQLError, code: ErrorCode, reason: string): GraphQLError {
  if (error.extensions?.code) return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: { ...error.extensions, code, reason },
  });
}

/** A request error found before execution: malformed, invalid, or over a limit. */
function requestError(error: GraphQLError, fallbackReason: string): GraphQLError {
  const limit = limitReasons.get(error);
  return withCode(error, 'BAD_USER_INPUT', limit ?? fallbackReason);
}

/**
 * Turns any error into what a client may see: an AppError keeps its code and message, a
 * GraphQL request error becomes BAD_USER_INPUT, and anything unexpected is logged and masked
 * as INTERNAL carrying the trace id.
 */
export function toClientError(error: GraphQLError, traceId: string): GraphQLError {
  const original = rootCause(error);
  if (original instanceof AppError) return appErrorToGraphQL(original, error);
  if (isGraphQLError(original)) {
    // Raised deliberately for the client, e.g. by a scalar rejecting a variable's value.
    const extensions = original.extensions?.code
      ? original.extensions
      : { ...original.extensions, code: 'BAD_USER_INPUT', reason: 'INVALID_VALUE' };
    return new GraphQLError(error.message, { nodes: error.nodes, path: error.path, extensions });
  }
  if (!original) return error.extensions?.code ? error : requestError(error, 'GRAPHQL_VALIDATION_FAILED');
  log.error({ err: original, traceId, path: error.path }, 'unexpected error');
  return new GraphQLError('Unexpected error.', { nodes: error.nodes, path: error.path, extensions: { code: 'INTERNAL', traceId } });
}

function mapResult(result: ExecutionResult, traceId: string): ExecutionResult {
  if (!result.errors?.length) return result;
  return { ...result, errors: result.errors.map((error) => toClientError(error, traceId)) };
}

/** Applies the error policy at every phase: parse, validate, execute and subscribe. */
export function useErrorPolicy(): Plugin<{ traceId?: string }> {
  const onResult = (traceId: string) => ({
    onExecuteDone: (payload: Parameters<typeof handleStreamOrSingleExecutionResult>[0]) =>
      handleStreamOrSingleExecutionResult(payload, ({ result, setResult }) => setResult(mapResult(result, traceId))),
  });
  return {
    onParse:
      () =>
      ({ result, replaceParseResult }) => {
        if (isGraphQLError(result)) replaceParseResult(requestError(result, 'GRAPHQL_PARSE_FAILED'));
      },
    onValidate: ({ validateFn, setValidationFn }) => {
      // GraphQL Armor throws its rejection from inside a validation rule; report it as a result.
      setValidationFn((...args) => {
        try {
          return validateFn(...args);
        } catch (error) {
          if (isGraphQLError(error)) return [error];
          throw error;
        }
      });
      return ({ result, setResult }) => {
        if (result.length > 0) setResult(result.map((error) => requestError(error, 'GRAPHQL_VALIDATION_FAILED')));
      };
    },
    onExecute: ({ args }) => onResult(args.contextValue.traceId ?? 'unknown'),
    onSubscribe: ({ args }) => ({
      onSubscribeResult: (payload) =>
        handleStreamOrSingleExecutionResult(payload, ({ result, setResult }) =>
          setResult(mapResult(result, args.contextValue.traceId ?? 'unknown')),
        ),
      onSubscribeError: ({ error, setError }) => {
        if (error instanceof AppError) setError(appErrorToGraphQL(error));
      },
    }),
  };
}

/**
 * Recognises a GraphQLError by shape: executors may load graphql's ESM build while other code
 * loads its CommonJS build, and then `instanceof GraphQLError` fails across the two.
 */
function isGraphQLError(error: unknown): error is GraphQLError {
  return error instanceof Error && 'extensions' in error && 'path' in error;
}

/** The innermost cause of an error that GraphQL execution wrapped one or more times. */
function rootCause(error: GraphQLError): Error | undefined {
  let cause: Error | undefined = error.originalError;
  while (isGraphQLError(cause) && cause.originalError) cause = cause.originalError;
  return cause;
}

/** Yoga's last line of defence for errors raised outside execution (context, transport). */
export function maskUnexpectedError(error: unknown): Error {
  if (error instanceof AppError) return appErrorToGraphQL(error);
  if (isGraphQLError(error)) {
    const cause = rootCause(error);
    if (cause instanceof AppError) return appErrorToGraphQL(cause, error);
    if (error.extensions?.code || !error.originalError) return error;
  }
  log.error({ err: error }, 'unexpected error outside execution');
  return new GraphQLError('Unexpected error.', { extensions: { code: 'INTERNAL' } });
}
