import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Plugin } from '@envelop/core';
import { type DocumentNode, getOperationAST, GraphQLError, Kind } from 'graphql';
import type { HttpEdgeSettings } from '../config.js';
import { createLogger } from '../platform/logger.js';

const log = createLogger('http-edge');

/**
 * Node checks the header and request timeouts of its open connections this often (its default,
 * 30 s, let a connection trickling headers live up to 30 s past the timeout).
 */
export const CONNECTION_CHECK_MS = 1_000;

/** Options for `http.createServer`: the timeouts, checked every second. */
export function serverTimeouts(settings: HttpEdgeSettings) {
  return {
    headersTimeout: Math.min(settings.headersTimeoutMs, settings.requestTimeoutMs),
    requestTimeout: settings.requestTimeoutMs,
    keepAliveTimeout: settings.keepAliveTimeoutMs,
    connectionsCheckingInterval: CONNECTION_CHECK_MS,
  };
}

/**
 * Caps the connections a server holds open: in all (`server.maxConnections`), and per client
 * address (WebSocket upgrades included); a connection over a cap is closed at once, before a byte
 * of it is read. Behind a proxy every connection has the proxy's address: raise the cap or set 0.
 * Returns the number of connections open per address (tests).
 */
export function capConnections(server: Server, settings: HttpEdgeSettings): Map<string, number> {
  if (settings.maxConnections > 0) server.maxConnections = settings.maxConnections;
  const open = new Map<string, number>();
  const warned = new Set<string>();
  const cap = settings.maxConnectionsPerAddress;
  if (cap <= 0) return open;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > cap) {
      // One line per address and minute, not one per refused connection.
      if (!warned.has(address)) {
        warned.add(address);
        setTimeout(() => warned.delete(address), 60_000).unref();
        log.warn({ address, cap }, 'connections from one address over SUANNI_HTTP_MAX_CONNECTIONS_PER_ADDRESS are refused');
      }
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  return open;
}

/** The request body limits: `small` for every request, `large` for an authenticated review submission. */
export interface BodyLimits {
  small: number;
  large: number;
}

/** The root fields that may send a large body: a batch, or a review of an uploaded file. */
const SUBMISSIONS = new Set(['submitReviewBatch', 'submitReview']);

/** Requests admitted past the small limit, to be checked once their operation is known. */
const largeBodies = new WeakSet<IncomingMessage>();

const bodyRefusal = (message: string) =>
  JSON.stringify({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT', reason: 'MAX_BODY_SIZE' } }] });

/** How long, and how many bytes, a refused body is read and dropped before its connection is cut. */
const LINGER_MS = 1_000;
const LINGER_BYTES = 64 * 1024 * 1024;

/**
 * Answers a refused body, then reads and drops the rest of it for a moment (a lingering close):
 * closing at once, with the client's bytes still arriving, resets the connection, and a client
 * still sending can lose the answer with it. A body that ends within the moment leaves the
 * connection usable; one that goes on past it (or past 64 MiB) has its connection cut.
 */
function refuse(req: IncomingMessage, res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(bodyRefusal(message));
  let dropped = 0;
  const cut = () => req.socket.destroy();
  const timer = setTimeout(cut, LINGER_MS);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) cut();
  });
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
}

const smallLimitMessage = (length: number, limits: BodyLimits) =>
  `Request body of ${length} bytes exceeds the limit of ${limits.small} bytes; only an authenticated review submission ` +
  `(submitReview, submitReviewBatch) may send up to ${limits.large} bytes. The operator can raise SUANNI_MAX_SMALL_BODY_BYTES.`;

/**
 * Decides from the headers, before any byte of the body is read, whether a request body may
 * arrive: up to `small` always; up to `large` only a POST to the GraphQL path whose bearer token
 * verifies (`authenticated`; its operation is checked once parsed, see {@link useLargeBodyGuard});
 * a chunked body without Content-Length never (411; Node reads no byte past Content-Length). A
 * refusal is answered here (413 or 411, `BAD_USER_INPUT`, reason `MAX_BODY_SIZE`) and the result
 * is false; only a body over the small limit waits for the token to be verified.
 */
export function admitBody(
  req: IncomingMessage,
  res: ServerResponse,
  limits: BodyLimits,
  graphqlPath: string,
  authenticated: (authorization: string | undefined) => Promise<boolean>,
): boolean | Promise<boolean> {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return true;
  const header = req.headers['content-length'];
  if (header === undefined) {
    if (!req.headers['transfer-encoding']) return true;
    refuse(req, res, 411, 'A Content-Length header is required.');
    return false;
  }
  const length = Number(header);
  if (length <= limits.small) return true;
  if (length > limits.large) {
    refuse(
      req,
      res,
      413,
      `Request body of ${length} bytes exceeds the limit of ${limits.large} bytes; the operator can raise SUANNI_MAX_BODY_BYTES.`,
    );
    return false;
  }
  const path = (req.url ?? '').split('?')[0];
  const tooLarge = () => {
    refuse(req, res, 413, smallLimitMessage(length, limits));
    return false;
  };
  if (req.method !== 'POST' || path !== graphqlPath) return tooLarge();
  return authenticated(req.headers.authorization).then(
    (yes) => {
      if (!yes) return tooLarge();
      largeBodies.add(req);
      return true;
    },
    () => tooLarge(),
  );
}

/** Whether an operation is a mutation selecting nothing but review submissions. */
function isSubmission(document: DocumentNode, operationName: string | null | undefined): boolean {
  const operation = getOperationAST(document, operationName);
  if (operation?.operation !== 'mutation') return false;
  return operation.selectionSet.selections.every((selection) => selection.kind === Kind.FIELD && SUBMISSIONS.has(selection.name.value));
}

/**
 * The second half of {@link admitBody}: a request admitted past the small limit runs only if it
 * is a review submission; anything else sent in a large body is refused (413) without running.
 */
export function useLargeBodyGuard(limits: BodyLimits): Plugin<{ req?: IncomingMessage }> {
  return {
    onExecute: ({ args, setResultAndStopExecution }) => {
      const req = args.contextValue.req;
      if (!req || !largeBodies.has(req) || isSubmission(args.document, args.operationName)) return;
      const length = Number(req.headers['content-length']);
      setResultAndStopExecution({
        errors: [
          new GraphQLError(smallLimitMessage(length, limits), {
            extensions: { code: 'BAD_USER_INPUT', reason: 'MAX_BODY_SIZE', http: { status: 413 } },
          }),
        ],
      });
    },
  };
}

/**
 * Yoga's CORS options for a request: none (so browsers keep to the same origin) unless its Origin
 * is on the allow-list (`SUANNI_CORS_ORIGINS`; `*` allows any), and never with credentials: the
 * API authenticates by bearer token, not by cookies.
 */
export function corsFor(allowed: readonly string[]) {
  const any = allowed.includes('*');
  return (request: Request) => {
    const origin = request.headers.get('origin');
    if (!origin || (!any && !allowed.includes(origin))) return false as const;
    return {
      origin: [origin],
      credentials: false,
      methods: ['GET', 'POST', 'OPTIONS'],
      allowedHeaders: ['authorization', 'content-type', 'accept', 'traceparent', 'x-graphql-yoga-csrf', 'apollo-require-preflight'],
      maxAge: 600,
    };
  };
}
