import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import { createGraphQLError, createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import type { DocumentNode, GraphQLError } from 'graphql';
import { CloseCode, type SubscribePayload } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AppDependencies, Context } from './context.js';
import { armorConfig, maskUnexpectedError, useErrorPolicy, appErrorToGraphQL } from './graphql/errors.js';
import { schema } from './graphql/schema.js';
import { authenticate } from './identity/authenticate.js';
import type { Principal } from './identity/principal.js';
import { AppError, unauthenticated } from './platform/errors.js';
import { createLogger } from './platform/logger.js';
import { operationTraceId, useObservability } from './graphql/tracing-plugin.js';
import { USER_ERASED_TOPIC } from './erasure/service.js';
import { isConsoleRequest, serveConsole } from './transport/console-static.js';
import { LiveConnections, TOO_MANY_REQUESTS_CLOSE, type Revocation } from './transport/live-connections.js';
import { SocketFloodGuard } from './transport/flood-guard.js';
import { SocketRecheck } from './transport/socket-recheck.js';
import { useRateLimits } from './graphql/rate-limit-plugin.js';
import { atInstant, tokenExpired, useSubscriptionGuard } from './transport/subscription-guard.js';
import { DEV_TOKEN_PATH, graphiqlOptions, renderGatewayGraphiQL, serveDevToken, serveLanding } from './transport/graphiql.js';
import { isProbeRequest, type OptionalDependency, serveProbe } from './transport/health.js';
import { loadTrustedDocuments, type TrustedDocuments } from './transport/trusted-documents.js';
import { admitBody, capConnections, corsFor, serverTimeouts, useLargeBodyGuard } from './transport/http-edge.js';

const log = createLogger('app');

/** Why the server closes a socket of its own accord. */
const socketTokenExpired: Revocation = { code: 4401, reason: 'Unauthorized: token expired', error: tokenExpired() };
const userErased: Revocation = {
  code: CloseCode.Forbidden,
  reason: 'Forbidden: user erased',
  error: new AppError('FORBIDDEN', 'This user has been erased.', { reason: 'SUBJECT_ERASED' }),
};

/** A socket that kept sending after its operations were refused for the rate limit. */
const socketFlooding: Revocation = {
  code: TOO_MANY_REQUESTS_CLOSE,
  reason: 'Too many requests: kept sending after being rate limited',
  error: new AppError('RATE_LIMITED', 'This connection kept sending after being rate limited and was closed.', {
    reason: 'SOCKET_FLOODING',
  }),
};

export const GRAPHQL_PATH = '/graphql';
/** Headers that mark a request a browser would have preflighted (CSRF prevention). */
const CSRF_HEADERS = ['x-graphql-yoga-csrf', 'apollo-require-preflight'];

interface ServerContext {
  req?: IncomingMessage;
  res?: ServerResponse;
  /** Set for graphql-ws operations: the principal verified when the socket connected. */
  socketPrincipal?: Principal;
  /** Set for graphql-ws operations: their socket (subscription limits per socket). */
  socket?: WebSocket;
}

/**
 * One socket operation's enveloped `execute` and `subscribe`, handed to graphql-ws as the root
 * value (graphql-yoga's graphql-ws example), so that sockets run through the same plugins as HTTP.
 */
type SocketOperation = Pick<ReturnType<ReturnType<typeof createGateway>['getEnveloped']>, 'execute' | 'subscribe'>;

/** Without telemetry: the W3C trace id of an incoming `traceparent`, or a new one. */
function traceIdFrom(traceparent: string | null | undefined): string {
  const match = traceparent ? /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/.exec(traceparent.trim()) : null;
  return match && match[1] !== '0'.repeat(32) ? match[1]! : randomBytes(16).toString('hex');
}

/**
 * The request's one Authorization header. Node keeps only the first of repeated `authorization`
 * headers, so two are refused here rather than one silently picked.
 */
function authorizationOf(initial: ServerContext & { request: Request }): string | null {
  const distinct = initial.req?.headersDistinct?.authorization;
  if (distinct && distinct.length > 1) throw unauthenticated('Send exactly one Authorization header; several were received.');
  return initial.request.headers.get('authorization');
}

/**
 * Yoga's CSRF prevention, its refusal carrying the project's code: `BAD_USER_INPUT` with reason
 * `CSRF` (HTTP 403 as before), like the other refusals of a request's shape.
 */
function useCsrfPreventionWithCode(): Plugin {
  const csrf = useCSRFPrevention({ requestHeaders: CSRF_HEADERS });
  return {
    onRequestParse(payload) {
      try {
        return csrf.onRequestParse?.(payload);
      } catch (error) {
        if (!(error instanceof Error) || (error as GraphQLError).extensions?.code) throw error;
        throw createGraphQLError(`Required CSRF header not present: send one of ${CSRF_HEADERS.join(', ')}, or a JSON body.`, {
          extensions: { code: 'BAD_USER_INPUT', reason: 'CSRF', http: { status: 403 } },
        });
      }
    },
  };
}

function createGateway(
  deps: AppDependencies,
  live: LiveConnections<WebSocket>,
  trustedDocuments: TrustedDocuments,
): YogaServerInstance<ServerContext, Context> {
  const { config } = deps;
  const flood = new SocketFloodGuard<WebSocket>(config.rateLimits.floodRefusals, config.rateLimits.periodMs);
  const production = config.env === 'production';
  return createYoga<ServerContext, Context>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    // /health and /ready never reach Yoga: answered before it with JSON bodies (transport/health.ts).
    landingPage: false,
    // The body limits are enforced before Yoga (`admitBody`: a Content-Length is required and
    // Node's parser reads no byte past it), so Yoga's own limiter, which pipes every body through a
    // counting stream (a stream pipeline, an AbortSignal and a DOMException per request), is off.
    maxRequestBodySize: false,
    // No CORS headers unless the Origin is allowed (SUANNI_CORS_ORIGINS), and never with credentials.
    cors: corsFor(config.http.corsOrigins),
    // A trusted document's id (GraphQL over HTTP persisted documents); without it Yoga refuses the parameter.
    extraParamNames: ['documentId'],
    graphiql: production ? false : (request, serverContext) => graphiqlOptions(request, serverContext?.req, deps.demoTokens),
    renderGraphiQL: (options) => renderGatewayGraphiQL(options, Boolean(deps.demoTokens)),
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
          principal = await authenticate(authorizationOf(initial), deps.tokens, deps.services.identity);
        } catch (error) {
          if (error instanceof AppError) throw appErrorToGraphQL(error);
          throw error;
        }
      }
      return { principal, services: deps.services, db: deps.db, config, traceId };
    },
    plugins: [
      useCsrfPreventionWithCode(),
      trustedDocuments.plugin,
      ...(production ? [useDisableIntrospection()] : []),
      EnvelopArmorPlugin(armorConfig(config.limits, production)),
      useErrorPolicy(),
      // Last, so that it sees results after the error policy (its instrumentation wraps everything anyway).
      useObservability(deps.metrics),
      // A body admitted past the small limit runs only as a review submission; refused before it is charged.
      useLargeBodyGuard(bodyLimits(config)),
      // After observability and the error policy (a refusal is traced and shaped like any error);
      // before the subscription guard, so that a refused subscription takes no slot.
      useRateLimits<WebSocket>({
        onSocketRefusal: (socket) => {
          if (flood.refused(socket)) live.revokeSocket(socket, socketFlooding);
        },
      }),
      // After observability, so that a refused subscription still ends its operation span.
      useSubscriptionGuard(live),
    ],
  });
}

/** The body limits of a configuration: small for every request, large for an authenticated review submission. */
const bodyLimits = (config: AppDependencies['config']) => ({ small: config.limits.maxSmallBodyBytes, large: config.limits.maxBodyBytes });

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
export function buildApp(deps: AppDependencies, options: { trustedDocuments?: TrustedDocuments } = {}): App {
  const live = new LiveConnections<WebSocket>(deps.config.subscriptions, deps.config.rateLimits.socketsPerUser, deps.userSlots);
  // A manifest that cannot be trusted fails the start, listing its problems.
  const trustedDocuments = options.trustedDocuments ?? loadTrustedDocuments(deps.config.trustedDocuments, schema);
  if (deps.config.env === 'production' && trustedDocuments.mode !== 'enforce')
    log.warn(
      { mode: trustedDocuments.mode },
      'trusted documents are not enforced: any operation text runs; SUANNI_TRUSTED_DOCUMENTS=enforce is recommended in production',
    );
  const yoga = createGateway(deps, live, trustedDocuments);
  // Without Redis the gateway serves, degraded: /ready says so (200) rather than take every gateway out.
  const redisHealth = deps.redisHealth;
  const optionalDependencies: OptionalDependency[] = redisHealth
    ? [
        {
          name: 'redis',
          degradation: () =>
            redisHealth.available ? null : { reason: redisHealth.publicReason, sinceSeconds: Math.round(redisHealth.downForSeconds) },
        },
      ]
    : [];
  const limits = bodyLimits(deps.config);
  // Whether a request's bearer token verifies: asked only of a body over the small limit.
  const authenticated = async (authorization: string | undefined) =>
    (await authenticate(authorization ?? null, deps.tokens, deps.services.identity)) !== null;
  const route = (req: IncomingMessage, res: ServerResponse) => {
    if (isProbeRequest(req)) {
      void serveProbe(req, res, [{ name: 'database', check: () => deps.db.$queryRaw`SELECT 1` }], optionalDependencies);
      return;
    }
    if (req.url === '/metrics' && (req.method === 'GET' || req.method === 'HEAD')) {
      void serveMetrics(deps, res);
      return;
    }
    if (req.url === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
      serveLanding(res, { graphiql: deps.config.env !== 'production', graphqlPath: GRAPHQL_PATH });
      return;
    }
    if (req.url?.split('?')[0] === DEV_TOKEN_PATH && req.method === 'GET') {
      void serveDevToken(req, res, deps.demoTokens);
      return;
    }
    if (isConsoleRequest(req.url)) {
      void serveConsole(req, res);
      return;
    }
    void yoga.requestListener(req, res);
  };
  const server: Server = createServer(serverTimeouts(deps.config.http), (req, res) => {
    // Every answer, JSON or not: browsers must not guess another type.
    res.setHeader('x-content-type-options', 'nosniff');
    const admitted = admitBody(req, res, limits, GRAPHQL_PATH, authenticated);
    if (admitted === true) route(req, res);
    else if (admitted !== false) void admitted.then((yes) => yes && route(req, res));
  });
  capConnections(server, deps.config.http);
  // A graphql-ws message is held to the small limit: batches go over HTTP, where a large body is
  // admitted only once its token verifies.
  const wsServer = new WebSocketServer({ server, path: GRAPHQL_PATH, maxPayload: deps.config.limits.maxSmallBodyBytes });
  const cancelExpiry = new Map<WebSocket, () => void>();
  /** When each open socket's token expires (null: never). */
  const socketExpiry = new Map<WebSocket, Date | null>();

  // An erased user's sockets close at once and their SSE streams end (the erasure's tombstone step).
  const erasures = deps.events.subscribe(USER_ERASED_TOPIC);
  void (async () => {
    for await (const { userId } of erasures) {
      // With Redis this event reaches every gateway: none keeps a cached identity of the erased user.
      deps.services.identity.forgetCachedIdentities();
      const ended = live.endUser(userId, userErased);
      if (ended.sockets + ended.streams > 0) log.info(ended, 'closed the connections of an erased user');
    }
  })().catch((error: unknown) => log.error({ err: error }, 'erasure listener stopped'));

  // The event can be missed (Redis away during the erasure): every open socket is also re-checked
  // against the tombstones every SUANNI_WS_RECHECK_SECONDS, and at once when Redis is back.
  const recheck = new SocketRecheck<WebSocket>(
    {
      users: () => live.users(),
      erasedAmong: (userIds) => deps.services.identity.erasedAmong(userIds),
      endErased: (userId) => {
        // Its event was missed here: the cached identities are dropped as the event would have.
        deps.services.identity.forgetCachedIdentities();
        live.endUser(userId, userErased);
      },
      sockets: () => socketExpiry.entries(),
      endExpired: (socket) => live.revokeSocket(socket, socketTokenExpired),
    },
    deps.config.websocket.recheckMs,
  );
  recheck.start();
  const unwatchRedis = deps.redisHealth?.onChange((available) => {
    if (!available) return;
    // A userErased event may have been missed: no cached identity of an erased user may survive it.
    deps.services.identity.forgetCachedIdentities();
    void recheck.run();
  });

  const wsCleanup = useServer<Record<string, unknown> | undefined, { principal?: Principal }>(
    {
      connectionInitWaitTimeout: deps.config.websocket.initTimeoutMs,
      execute: (args) => (args.rootValue as SocketOperation).execute(args),
      subscribe: (args) => (args.rootValue as SocketOperation).subscribe(args),
      onConnect: async (ctx) => {
        const authorization = ctx.connectionParams?.authorization ?? ctx.connectionParams?.Authorization;
        try {
          const principal = await authenticate(
            typeof authorization === 'string' ? authorization : null,
            deps.tokens,
            deps.services.identity,
          );
          if (!principal) {
            ctx.extra.socket.close(4401, 'Unauthorized: connectionParams.authorization is required');
            return false;
          }
          // Closed while authenticating: onClose has run already, so it must not be registered.
          if (ctx.extra.socket.readyState !== ctx.extra.socket.OPEN) return false;
          const ended = await live.addSocket(principal.userId, ctx.extra.socket);
          if (ended) {
            ctx.extra.socket.close(ended.code, ended.reason);
            return false;
          }
          // Closed while its place was being taken (a shared count answers over the network).
          if (ctx.extra.socket.readyState !== ctx.extra.socket.OPEN) {
            live.removeSocket(principal.userId, ctx.extra.socket);
            return false;
          }
          ctx.extra.principal = principal;
          const socket = ctx.extra.socket;
          socketExpiry.set(socket, principal.tokenExpiresAt);
          if (principal.tokenExpiresAt)
            cancelExpiry.set(
              socket,
              atInstant(principal.tokenExpiresAt, () => live.revokeSocket(socket, socketTokenExpired)),
            );
          return true;
        } catch (error) {
          const reason = error instanceof AppError ? error.message : 'authentication failed';
          ctx.extra.socket.close(
            error instanceof AppError && error.code === 'FORBIDDEN' ? CloseCode.Forbidden : 4401,
            `Unauthorized: ${reason}`.slice(0, 120),
          );
          return false;
        }
      },
      onClose: (ctx) => {
        cancelExpiry.get(ctx.extra.socket)?.();
        cancelExpiry.delete(ctx.extra.socket);
        socketExpiry.delete(ctx.extra.socket);
        if (ctx.extra.principal) live.removeSocket(ctx.extra.principal.userId, ctx.extra.socket);
      },
      onSubscribe: async (ctx, _id, params: SubscribePayload) => {
        // A socket the server closed (token expired, user erased) runs nothing it still sends.
        const revoked = live.revocationOf(ctx.extra.socket);
        if (revoked) return [appErrorToGraphQL(revoked.error)];
        try {
          params = trustedDocuments.resolveSocketOperation(params);
        } catch (error) {
          if (error instanceof Error && 'extensions' in error) return [error as GraphQLError];
          throw error;
        }
        const enveloped = yoga.getEnveloped({
          req: ctx.extra.request,
          request: new Request(`http://localhost${GRAPHQL_PATH}`, {
            // A socket message is a POST-like channel: Yoga's "no mutation over GET" rule must not apply.
            method: 'POST',
            // A traceparent in the operation's extensions (browsers cannot set upgrade headers) wins over the upgrade request's.
            headers: { traceparent: String(params.extensions?.traceparent ?? ctx.extra.request.headers.traceparent ?? '') },
          }),
          socketPrincipal: ctx.extra.principal,
          socket: ctx.extra.socket,
          params,
        });
        let document: DocumentNode;
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
    // WebSocket pings keep an idle socket open through proxies, and end one whose peer is gone.
    deps.config.websocket.keepAliveMs,
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
      // Uploads being read answer at once (UNAVAILABLE) rather than hold the stop up to their deadline.
      await deps.services.reviews.stopReadingFiles();
      for (const cancel of cancelExpiry.values()) cancel();
      recheck.stop();
      unwatchRedis?.();
      await erasures.return?.(undefined);
      await wsCleanup.dispose();
      wsServer.close();
      // Every socket is closed: the places they held (with Redis, in every gateway's count) go now.
      await live.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const forced = setTimeout(() => server.closeAllConnections(), gracePeriodMs);
      await closed;
      clearTimeout(forced);
    },
  };
}
