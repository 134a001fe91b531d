import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import { createYoga, useReadinessCheck, type YogaServerInstance } from 'graphql-yoga';
import type { ExecutionArgs, GraphQLError } from 'graphql';
import { CloseCode, type SubscribePayload } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AppDependencies, Context } from './context.js';
import { armorConfig, maskUnexpectedError, useErrorPolicy, appErrorToGraphQL } from './graphql/errors.js';
import { schema } from './graphql/schema.js';
import { authenticate } from './identity/authenticate.js';
import type { Principal } from './identity/principal.js';
import { AppError } from './platform/errors.js';
import { createLogger } from './platform/logger.js';
import { operationTraceId, useObservability } from './observability/graphql-tracing.js';

const log = createLogger('app');

export const GRAPHQL_PATH = '/graphql';
/** The largest delay Node timers accept; longer token lifetimes are re-armed. */
const MAX_TIMER_MS = 2_147_483_647;

interface ServerContext {
  req?: IncomingMessage;
  res?: ServerResponse;
  /** Set for graphql-ws operations: the principal verified when the socket connected. */
  socketPrincipal?: Principal;
}

/** Without telemetry: the W3C trace id of an incoming `traceparent`, or a new one. */
function traceIdFrom(traceparent: string | null | undefined): string {
  const match = traceparent ? /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/.exec(traceparent.trim()) : null;
  return match && match[1] !== '0'.repeat(32) ? match[1]! : randomBytes(16).toString('hex');
}

function createGateway(deps: AppDependencies): YogaServerInstance<ServerContext, Context> {
  const { config } = deps;
  const production = config.env === 'production';
  return createYoga<ServerContext, Context>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    healthCheckEndpoint: '/health',
    landingPage: false,
    graphiql: production ? false : { title: 'Suanni gateway', defaultQuery: '{\n  me {\n    id\n    subject\n    roles\n    sessions { id title threadId createdAt }\n  }\n}\n' },
    maskedErrors: { maskError: maskUnexpectedError },
    logging: {
      debug: (...args) => log.debug(args.map(String).join(' ')),
      info: (...args) => log.info(args.map(String).join(' ')),
      warn: (...args) => log.warn(args.map(String).join(' ')),
      error: (...args) => log.error(args.map(String).join(' ')),
    },
    context: async (initial): Promise<Context> => {
      // The operation span's trace id (under an incoming traceparent), see useObservability.
      const traceId = operationTraceId(initial) ?? traceIdFrom(initial.request.headers.get('traceparent'));
      let principal: Principal | null;
      if (initial.socketPrincipal) {
        principal = initial.socketPrincipal;
      } else {
        try {
          principal = await authenticate(initial.request.headers.get('authorization'), deps.tokens, deps.services.identity);
        } catch (error) {
          if (error instanceof AppError) throw appErrorToGraphQL(error);
          throw error;
        }
      }
      return { principal, services: deps.services, db: deps.db, config, traceId };
    },
    plugins: [
      useCSRFPrevention({ requestHeaders: ['x-graphql-yoga-csrf', 'apollo-require-preflight'] }),
      useReadinessCheck({
        endpoint: '/ready',
        check: async () => {
          await deps.db.$queryRaw`SELECT 1`;
        },
      }),
      ...(production ? [useDisableIntrospection()] : []),
      EnvelopArmorPlugin(armorConfig(config.limits, production)),
      useErrorPolicy(),
      // Last, so that it sees results after the error policy (its instrumentation wraps everything anyway).
      useObservability(deps.metrics),
    ],
  });
}

/** Refuses request bodies over the limit (`SUANNI_MAX_BODY_BYTES`) before they are read. */
function rejectOversizedBody(req: IncomingMessage, res: ServerResponse, maxBytes: number): boolean {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return false;
  const length = req.headers['content-length'];
  let status = 0;
  let message = '';
  if (length === undefined) {
    // Node stops reading at Content-Length; a chunked body could be unbounded.
    if (req.headers['transfer-encoding']) [status, message] = [411, 'A Content-Length header is required.'];
  } else if (Number(length) > maxBytes) {
    [status, message] = [413, `Request body of ${Number(length)} bytes exceeds the limit of ${maxBytes} bytes; the operator can raise SUANNI_MAX_BODY_BYTES.`];
  }
  if (!status) return false;
  res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
  res.end(JSON.stringify({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT', reason: 'MAX_BODY_SIZE' } }] }));
  req.resume();
  return true;
}

/** Prometheus text format; no personal data, labels are codes and schema names. */
async function serveMetrics(deps: AppDependencies, res: ServerResponse): Promise<void> {
  try {
    const { contentType, body } = await deps.metrics.text();
    res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
    res.end(body);
  } catch (error) {
    log.error({ err: error }, 'metrics failed');
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('metrics unavailable\n');
  }
}

export interface RunningApp {
  url: string;
  port: number;
}

export interface App {
  start(): Promise<RunningApp>;
  stop(gracePeriodMs?: number): Promise<void>;
  yoga: YogaServerInstance<ServerContext, Context>;
}

/**
 * Builds the gateway: Yoga over HTTP and graphql-ws on the same port and path, both through
 * the same envelop plugins and context.
 */
export function buildApp(deps: AppDependencies): App {
  const yoga = createGateway(deps);
  const server: Server = createServer((req, res) => {
    if (rejectOversizedBody(req, res, deps.config.limits.maxBodyBytes)) return;
    if (req.url === '/metrics' && (req.method === 'GET' || req.method === 'HEAD')) {
      void serveMetrics(deps, res);
      return;
    }
    void yoga.requestListener(req, res);
  });
  // One limit for both transports: a batch that fits an HTTP body fits a graphql-ws message.
  const wsServer = new WebSocketServer({ server, path: GRAPHQL_PATH, maxPayload: deps.config.limits.maxBodyBytes });
  const expiryTimers = new Map<WebSocket, NodeJS.Timeout>();

  const armExpiry = (socket: WebSocket, expiresAt: Date | null) => {
    if (!expiresAt) return;
    const remaining = expiresAt.getTime() - Date.now();
    const timer = setTimeout(() => {
      if (Date.now() < expiresAt.getTime()) return armExpiry(socket, expiresAt);
      socket.close(4401, 'Unauthorized: token expired');
    }, Math.min(Math.max(remaining, 0), MAX_TIMER_MS));
    timer.unref();
    expiryTimers.set(socket, timer);
  };

  const wsCleanup = useServer<Record<string, unknown> | undefined, { principal?: Principal }>(
    {
      execute: (args) => (args.rootValue as { execute: (a: ExecutionArgs) => unknown }).execute(args) as never,
      subscribe: (args) => (args.rootValue as { subscribe: (a: ExecutionArgs) => unknown }).subscribe(args) as never,
      onConnect: async (ctx) => {
        const authorization = ctx.connectionParams?.authorization ?? ctx.connectionParams?.Authorization;
        try {
          const principal = await authenticate(typeof authorization === 'string' ? authorization : null, deps.tokens, deps.services.identity);
          if (!principal) {
            ctx.extra.socket.close(4401, 'Unauthorized: connectionParams.authorization is required');
            return false;
          }
          ctx.extra.principal = principal;
          armExpiry(ctx.extra.socket, principal.tokenExpiresAt);
          return true;
        } catch (error) {
          const reason = error instanceof AppError ? error.message : 'authentication failed';
          ctx.extra.socket.close(error instanceof AppError && error.code === 'FORBIDDEN' ? CloseCode.Forbidden : 4401, `Unauthorized: ${reason}`.slice(0, 120));
          return false;
        }
      },
      onClose: (ctx) => {
        clearTimeout(expiryTimers.get(ctx.extra.socket));
        expiryTimers.delete(ctx.extra.socket);
      },
      onSubscribe: async (ctx, _id, params: SubscribePayload) => {
        const enveloped = yoga.getEnveloped({
          req: ctx.extra.request,
          // A traceparent in the operation's extensions (browsers cannot set upgrade headers) wins over the upgrade request's.
          request: new Request(`http://localhost${GRAPHQL_PATH}`, { headers: { traceparent: String(params.extensions?.traceparent ?? ctx.extra.request.headers.traceparent ?? '') } }),
          socketPrincipal: ctx.extra.principal,
          params,
        } as never);
        let document;
        try {
          document = enveloped.parse(params.query);
        } catch (error) {
          if (error instanceof Error && 'extensions' in error) return [error as GraphQLError];
          throw error;
        }
        const errors = enveloped.validate(enveloped.schema, document);
        if (errors.length > 0) return errors;
        return {
          schema: enveloped.schema,
          operationName: params.operationName,
          document,
          variableValues: params.variables,
          contextValue: await enveloped.contextFactory(),
          rootValue: { execute: enveloped.execute, subscribe: enveloped.subscribe },
        };
      },
    },
    wsServer,
  );

  return {
    yoga,
    async start() {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(deps.config.port, deps.config.host, () => resolve());
      });
      const { port } = server.address() as AddressInfo;
      const url = `http://localhost:${port}${GRAPHQL_PATH}`;
      log.info({ url }, 'gateway listening');
      return { url, port };
    },
    /** Stops accepting work, lets requests in flight finish (up to a grace period), then closes. */
    async stop(gracePeriodMs = 10_000) {
      for (const timer of expiryTimers.values()) clearTimeout(timer);
      await wsCleanup.dispose();
      wsServer.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const forced = setTimeout(() => server.closeAllConnections(), gracePeriodMs);
      await closed;
      clearTimeout(forced);
    },
  };
}
