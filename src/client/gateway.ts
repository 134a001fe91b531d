import { createHash } from 'node:crypto';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

/** A GraphQL error the gateway answered with, or a transport failure (code `NETWORK`). */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** The answer of a gateway that does not know a document by its hash (trusted documents off, or an older gateway). */
const NOT_FOUND = 'PERSISTED_QUERY_NOT_FOUND';

/** A trusted document's id: the SHA-256 of its exact text (GraphQL over HTTP persisted documents). */
export function documentIdOf(query: string): string {
  return `sha256:${createHash('sha256').update(query).digest('hex')}`;
}

/**
 * The error code a socket close stands for: the gateway closes 4401 for a token it no longer accepts
 * and 4403 for a user it refuses (erased); those are answers, not network failures.
 */
export function socketCloseCode(code: number): string {
  if (code === 4401) return 'UNAUTHENTICATED';
  if (code === 4403) return 'FORBIDDEN';
  if (code === 4429) return 'RATE_LIMITED';
  return 'NETWORK';
}

interface GraphQLBody<T> {
  data?: T | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/**
 * A client of a running gateway over its public API: operations over HTTP (JSON, or a GraphQL
 * multipart request when files are attached) and subscriptions over graphql-ws.
 */
export class GatewayClient {
  private socket: Client | undefined;
  /**
   * Operations go by hash first (the gateway trusts the CLI's documents, see trusted documents);
   * once a gateway answers that it does not know one, by their text.
   */
  private sendText = false;

  constructor(
    readonly url: string,
    private readonly token: string | undefined,
  ) {}

  /** The same path over ws(s): graphql-ws listens next to HTTP. */
  get wsUrl(): string {
    const url = new URL(this.url);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.toString();
  }

  /**
   * Runs a query or mutation. `files` maps a variable path (`variables.input.file`) to a file;
   * such a request is multipart, which browsers send without a CORS preflight, so the gateway's
   * CSRF prevention requires the `x-graphql-yoga-csrf` header: it is always sent here.
   */
  async request<T>(query: string, variables: Record<string, unknown> = {}, files: Record<string, File> = {}): Promise<T> {
    if (this.sendText) return this.send<T>({ query, variables }, files);
    try {
      return await this.send<T>({ documentId: documentIdOf(query), variables }, files);
    } catch (error) {
      if (!(error instanceof GatewayError && error.code === NOT_FOUND)) throw error;
      this.sendText = true;
      return this.send<T>({ query, variables }, files);
    }
  }

  private async send<T>(
    operation: { query?: string; documentId?: string; variables: Record<string, unknown> },
    files: Record<string, File>,
  ): Promise<T> {
    const headers: Record<string, string> = {
      accept: 'application/graphql-response+json, application/json',
      'x-graphql-yoga-csrf': 'suanni-cli',
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
    };
    const entries = Object.entries(files);
    let body: string | FormData;
    if (entries.length === 0) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(operation);
    } else {
      const form = new FormData();
      form.append('operations', JSON.stringify(operation));
      form.append('map', JSON.stringify(Object.fromEntries(entries.map(([path], index) => [String(index), [path]]))));
      for (const [index, [, file]] of entries.entries()) form.append(String(index), file, file.name);
      body = form;
    }
    let response: Response;
    try {
      response = await fetch(this.url, { method: 'POST', headers, body });
    } catch (error) {
      throw new GatewayError(
        `cannot reach the gateway at ${this.url}: ${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}`,
        'NETWORK',
      );
    }
    const text = await response.text();
    let parsed: GraphQLBody<T>;
    try {
      parsed = JSON.parse(text) as GraphQLBody<T>;
    } catch {
      throw new GatewayError(`the gateway answered HTTP ${response.status} without a GraphQL body`, 'NETWORK');
    }
    const [first] = parsed.errors ?? [];
    if (first) throw new GatewayError(first.message, String(first.extensions?.code ?? 'INTERNAL'), first.extensions);
    return parsed.data as T;
  }

  /** Every event of a subscription, until it completes. */
  async *subscribe<T>(query: string, variables: Record<string, unknown>): AsyncGenerator<T> {
    if (this.sendText) {
      yield* this.subscribeOnce<T>({ query, variables });
      return;
    }
    let started = false;
    try {
      // graphql-ws requires a query string: an empty one with a documentId asks for a trusted document.
      for await (const data of this.subscribeOnce<T>({ query: '', documentId: documentIdOf(query), variables })) {
        started = true;
        yield data;
      }
    } catch (error) {
      if (started || !(error instanceof GatewayError && error.code === NOT_FOUND)) throw error;
      this.sendText = true;
      yield* this.subscribeOnce<T>({ query, variables });
    }
  }

  private async *subscribeOnce<T>(payload: { query: string; documentId?: string; variables: Record<string, unknown> }): AsyncGenerator<T> {
    this.socket ??= createClient({
      url: this.wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: this.token ? { authorization: `Bearer ${this.token}` } : {},
      retryAttempts: 0,
      lazy: true,
    });
    const events = this.socket.iterate<T>(payload);
    try {
      for await (const result of events) {
        const [first] = result.errors ?? [];
        if (first) throw new GatewayError(first.message, String(first.extensions?.code ?? 'INTERNAL'), first.extensions ?? {});
        yield result.data as T;
      }
    } catch (error) {
      if (error instanceof GatewayError) throw error;
      // The gateway refused the operation (an `error` message): its GraphQL errors.
      if (Array.isArray(error) && error.length > 0) {
        const [first] = error as { message?: unknown; extensions?: Record<string, unknown> }[];
        throw new GatewayError(
          String(first?.message ?? 'subscription refused'),
          String(first?.extensions?.code ?? 'INTERNAL'),
          first?.extensions ?? {},
        );
      }
      // graphql-ws rejects with the socket's CloseEvent (e.g. 4401 token expired, 4403 user erased), or an Error.
      const closed = error as { code?: unknown; reason?: unknown; message?: unknown };
      if (typeof closed.code === 'number')
        throw new GatewayError(
          `the gateway closed the subscription socket: ${closed.code} ${String(closed.reason ?? '')}`.trim(),
          socketCloseCode(closed.code),
        );
      throw new GatewayError(`subscription failed at ${this.wsUrl}: ${String(closed.message ?? error)}`, 'NETWORK');
    }
  }

  async close(): Promise<void> {
    await this.socket?.dispose();
  }
}
