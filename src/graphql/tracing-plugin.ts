import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context as OtelContext,
  type Span,
  type TextMapGetter,
} from '@opentelemetry/api';
import { getOperationAST, Kind, type DocumentNode, type GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Principal } from '../identity/principal.js';
import type { Metrics } from '../platform/telemetry/metrics.js';
import { ATTR, errorCodeOf, traceIdOf, tracer } from '../platform/telemetry/tracing.js';

type Transport = 'http' | 'sse' | 'ws';

/** What is known about one GraphQL operation while it runs. */
interface OperationState {
  span: Span;
  /** The active context of the operation: its span under the incoming `traceparent`, if any. */
  otel: OtelContext;
  transport: Transport;
  type: string;
  rootField: string;
  codes: Set<string>;
  startedAt: number;
  finished: boolean;
}

const operations = new WeakMap<object, OperationState>();

const headerGetter: TextMapGetter<Headers> = {
  get: (headers, key) => headers.get(key) ?? undefined,
  keys: (headers) => [...headers.keys()],
};

/** The trace id of the operation a GraphQL context belongs to, when tracing is on. */
export function operationTraceId(graphqlContext: object): string | undefined {
  return traceIdOf(operations.get(graphqlContext)?.span);
}

function begin(graphqlContext: object, request: Request | undefined, transport: Transport): OperationState {
  const parent = request ? propagation.extract(ROOT_CONTEXT, request.headers, headerGetter) : ROOT_CONTEXT;
  const span = tracer().startSpan('graphql', { kind: SpanKind.SERVER, attributes: { 'suanni.graphql.transport': transport } }, parent);
  const state: OperationState = {
    span,
    otel: trace.setSpan(parent, span),
    transport,
    type: 'unknown',
    rootField: '(invalid)',
    codes: new Set(),
    startedAt: performance.now(),
    finished: false,
  };
  operations.set(graphqlContext, state);
  return state;
}

/** The operation the client asked for: Yoga (HTTP) and app.ts (graphql-ws) both put the request's params on the context. */
const operationNameOf = (graphqlContext: object) =>
  (graphqlContext as { params?: { operationName?: string | null } }).params?.operationName;

function describe(state: OperationState, document: DocumentNode, operationName: string | null | undefined): void {
  const operation = getOperationAST(document, operationName ?? undefined);
  if (!operation) return;
  state.type = operation.operation;
  state.span.setAttribute('graphql.operation.type', operation.operation);
  if (operation.name) state.span.setAttribute('graphql.operation.name', operation.name.value);
  state.span.updateName(operation.name ? `${operation.operation} ${operation.name.value}` : operation.operation);
}

/** After validation the root fields are the schema's own names: safe as attributes and labels. */
function describeRootFields(state: OperationState, document: DocumentNode, operationName: string | null | undefined): void {
  const operation = getOperationAST(document, operationName ?? undefined);
  if (!operation) return;
  const fields = operation.selectionSet.selections.flatMap((selection) => (selection.kind === Kind.FIELD ? [selection.name.value] : []));
  state.rootField = fields[0] ?? '(fragment)';
  state.span.setAttribute('suanni.graphql.root_fields', fields);
  if (!operation.name && fields[0]) state.span.updateName(`${operation.operation} ${fields[0]}`);
}

function addErrorCodes(state: OperationState, errors: readonly GraphQLError[] | readonly unknown[] | undefined): void {
  for (const error of errors ?? []) state.codes.add(errorCodeOf(error));
}

function finish(state: OperationState, metrics: Metrics): void {
  if (state.finished) return;
  state.finished = true;
  const codes = [...state.codes].sort();
  if (codes.length > 0) {
    state.span.setAttribute(ATTR.errorCodes, codes);
    // Client errors are outcomes, not faults; only INTERNAL marks the span failed.
    if (state.codes.has('INTERNAL')) state.span.setStatus({ code: SpanStatusCode.ERROR, message: 'INTERNAL' });
  }
  state.span.end();
  const labels = { operation_type: state.type, root_field: state.rootField, transport: state.transport };
  metrics.graphqlRequests.inc(labels);
  metrics.graphqlDuration.observe(labels, (performance.now() - state.startedAt) / 1000);
  for (const code of codes) metrics.graphqlErrors.inc({ code, operation_type: state.type, root_field: state.rootField });
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/**
 * Runs every step of an iterator in `otel`, so that work done while streaming (a subscription's
 * reads) belongs to the operation's trace; `onError` sees a stream that fails. `onFinish` runs
 * once, however the stream stops: done, failed (also on its first step, as a refused
 * subscription does), or returned by the transport (client completion, socket closed).
 */
function bindIterable<T>(
  iterable: AsyncIterable<T>,
  otel: OtelContext,
  onError: (error: unknown) => void,
  onFinish: () => void,
): AsyncIterableIterator<T> {
  const iterator = iterable[Symbol.asyncIterator]();
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    onFinish();
  };
  return {
    next: (...args) =>
      context.with(otel, () =>
        iterator.next(...args).then(
          (step) => {
            if (step.done) finish();
            return step;
          },
          (error: unknown) => {
            onError(error);
            finish();
            throw error;
          },
        ),
      ),
    return: (value) => {
      finish();
      return context.with(otel, () => iterator.return?.(value) ?? Promise.resolve({ done: true as const, value: undefined }));
    },
    throw: (error) => {
      finish();
      return context.with(otel, () => iterator.throw?.(error) ?? Promise.reject(error));
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/**
 * Traces and measures every GraphQL operation, over HTTP, SSE and graphql-ws alike:
 *
 * - one SERVER span per operation, a child of the incoming W3C `traceparent` when there is one,
 *   named `<type> <operationName | first root field>`, with `graphql.operation.type`,
 *   `graphql.operation.name`, `suanni.graphql.root_fields`, `suanni.graphql.transport`,
 *   `suanni.tenant_id` and `suanni.user_id` (the internal UUID) once the caller is known, and
 *   `suanni.error.codes` from the final result;
 *   never the document or variables (they can hold contract text);
 * - the span is the active context for parsing, validation, context building, execution and
 *   every step of a subscription stream, so database, review and model spans hang under it;
 * - one `graphql.subscription.event` span per subscription event delivered, a child of the
 *   subscription's operation span;
 * - the request, error, duration and active-subscription metrics.
 *
 * HTTP operations start in Yoga's `operation` instrumentation; graphql-ws operations (built by
 * app.ts through `getEnveloped`) start in envelop's `init` and are entered phase by phase.
 */
export function useObservability(metrics: Metrics): Plugin<Record<string, unknown>> {
  const enterWs = (payload: { context: object }, wrapped: () => unknown) => {
    const state = operations.get(payload.context);
    return state && state.transport === 'ws' ? context.with(state.otel, wrapped) : wrapped();
  };
  return {
    instrumentation: {
      operation: async ({ context: graphqlContext, request }, wrapped) => {
        const state = begin(graphqlContext, request, 'http');
        try {
          await context.with(state.otel, wrapped);
        } catch (error) {
          state.codes.add(errorCodeOf(error));
          throw error;
        } finally {
          finish(state, metrics);
        }
      },
      init: ({ context: graphqlContext }, wrapped) => {
        if (!operations.has(graphqlContext) && 'socketPrincipal' in graphqlContext)
          begin(graphqlContext, (graphqlContext as { request?: Request }).request, 'ws');
        return enterWs({ context: graphqlContext }, wrapped) as undefined;
      },
      parse: (payload, wrapped) => enterWs(payload, wrapped) as undefined,
      validate: (payload, wrapped) => enterWs(payload, wrapped) as undefined,
      context: (payload, wrapped) => enterWs(payload, wrapped) as undefined,
      execute: (payload, wrapped) => enterWs(payload, wrapped) as Promise<void>,
      subscribe: (payload, wrapped) => enterWs(payload, wrapped) as Promise<void>,
    },
    onParse: ({ context: graphqlContext }) => {
      const state = operations.get(graphqlContext);
      if (!state) return;
      return ({ result }) => {
        if (result instanceof Error || !result) {
          state.codes.add('BAD_USER_INPUT');
          if (state.transport === 'ws') finish(state, metrics);
          return;
        }
        describe(state, result as DocumentNode, operationNameOf(graphqlContext));
      };
    },
    onValidate: ({ context: graphqlContext, params }) => {
      const state = operations.get(graphqlContext);
      if (!state) return;
      return ({ result }) => {
        if (result.length > 0) {
          addErrorCodes(state, result);
          if (state.transport === 'ws') finish(state, metrics);
          return;
        }
        describeRootFields(state, params.documentAST, operationNameOf(graphqlContext));
      };
    },
    onContextBuilding: ({ context: graphqlContext }) => {
      const state = operations.get(graphqlContext);
      if (!state) return;
      return ({ context: built }) => {
        const principal = (built as { principal?: Principal | null }).principal;
        if (principal) state.span.setAttributes({ [ATTR.tenantId]: principal.tenantId, [ATTR.userId]: principal.userId });
      };
    },
    onExecute: ({ args }) => {
      const state = operations.get(args.contextValue as object);
      if (!state) return;
      return {
        onExecuteDone: ({ result }) => {
          if (!isAsyncIterable(result)) addErrorCodes(state, result.errors);
          if (state.transport === 'ws') finish(state, metrics);
        },
      };
    },
    onSubscribe: ({ args }) => {
      const state = operations.get(args.contextValue as object);
      if (!state) return;
      if (state.transport === 'http') {
        state.transport = 'sse';
        state.span.setAttribute('suanni.graphql.transport', 'sse');
      }
      return {
        onSubscribeResult: ({ result, setResult }) => {
          if (!isAsyncIterable(result)) {
            addErrorCodes(state, result.errors);
            if (state.transport === 'ws') finish(state, metrics);
            return;
          }
          const labels = { root_field: state.rootField, transport: state.transport };
          metrics.activeSubscriptions.inc(labels);
          if (state.transport === 'ws') finish(state, metrics);
          let sequence = 0;
          /** One span per event delivered (an error ending the stream included), under the operation. */
          const eventSpan = (codes: string[]) => {
            sequence += 1;
            const span = tracer().startSpan(
              'graphql.subscription.event',
              {
                kind: SpanKind.PRODUCER,
                attributes: {
                  'suanni.graphql.root_fields': [state.rootField],
                  'suanni.graphql.transport': state.transport,
                  'suanni.graphql.event_sequence': sequence,
                  ...(codes.length ? { [ATTR.errorCodes]: codes } : {}),
                },
              },
              state.otel,
            );
            if (codes.includes('INTERNAL')) span.setStatus({ code: SpanStatusCode.ERROR, message: 'INTERNAL' });
            span.end();
            metrics.subscriptionEvents.inc({ root_field: state.rootField });
            for (const code of codes) metrics.graphqlErrors.inc({ code, operation_type: state.type, root_field: state.rootField });
          };
          // Counted down in the stream itself: envelop's onEnd misses a stream that fails.
          const release = () => metrics.activeSubscriptions.dec(labels);
          setResult(bindIterable(result, state.otel, (error) => eventSpan([errorCodeOf(error)]), release));
          return {
            onNext: ({ result: event }) => eventSpan([...new Set((event.errors ?? []).map(errorCodeOf))].sort()),
          };
        },
        onSubscribeError: ({ error }) => {
          state.codes.add(errorCodeOf(error));
          if (state.transport === 'ws') finish(state, metrics);
        },
      };
    },
    onExecutionResult: ({ result, context: graphqlContext }) => {
      // HTTP and SSE: the result as the client gets it, errors from every phase included.
      const state = operations.get(graphqlContext);
      if (!state || !result || isAsyncIterable(result)) return;
      for (const single of Array.isArray(result) ? result : [result]) addErrorCodes(state, (single as { errors?: GraphQLError[] }).errors);
    },
  };
}
