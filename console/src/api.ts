// The console's only way to the server: the public GraphQL API over HTTP and graphql-ws.
import { createClient, type Client } from 'graphql-ws/client';
import type { TypedDocumentString } from './gql/graphql';
import { filesIn, multipartBody } from './multipart';

export const GRAPHQL_PATH = '/graphql';
const TOKEN_KEY = 'suanni.console.token';

/** A GraphQL error as the API reports it, with its `extensions.code`. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

let token = sessionStorage.getItem(TOKEN_KEY) ?? '';
let wsClient: Client | null = null;
let onUnauthenticated: ((error: ApiError) => void) | null = null;

/** Called when the gateway refuses the token (expired, revoked): the app returns to sign-in. */
export function whenUnauthenticated(listener: (error: ApiError) => void): void {
  onUnauthenticated = listener;
}

export function currentToken(): string {
  return token;
}

/** Keeps the token for this browser tab only (sessionStorage), and reconnects graphql-ws with it. */
export function setToken(value: string): void {
  token = value.trim().replace(/^Bearer\s+/i, '');
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  else sessionStorage.removeItem(TOKEN_KEY);
  void wsClient?.dispose();
  wsClient = null;
}

function authorization(): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

interface GraphQLBody<R> {
  data?: R | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

async function unwrap<R>(response: Response): Promise<R> {
  let body: GraphQLBody<R>;
  try {
    body = (await response.json()) as GraphQLBody<R>;
  } catch {
    throw new ApiError(`The gateway answered HTTP ${response.status} without a GraphQL body.`, 'INTERNAL');
  }
  const first = body.errors?.[0];
  if (first) {
    const error = new ApiError(first.message, first.extensions?.code);
    if (error.code === 'UNAUTHENTICATED') onUnauthenticated?.(error);
    throw error;
  }
  if (!body.data) throw new ApiError('The gateway answered without data.', 'INTERNAL');
  return body.data;
}

/**
 * Whether to send operations by their text. The console sends its operations by hash (trusted
 * documents: graphql-codegen's `__meta__.hash`, which the gateway knows from the console's
 * manifest); a gateway that does not know them (trusted documents off) answers
 * PERSISTED_QUERY_NOT_FOUND, and from then on the console sends the text.
 */
let sendText = false;
const NOT_FOUND = 'PERSISTED_QUERY_NOT_FOUND';

function documentIdOf<R, V>(document: TypedDocumentString<R, V>): string | undefined {
  return sendText ? undefined : (document.__meta__?.hash as string | undefined);
}

/**
 * One query or mutation. Variables holding a `File` go as a GraphQL multipart request (the files
 * replaced by null in `operations`, a `map`, then the files), with the CSRF header Yoga requires
 * for a body a browser could send without a preflight.
 */
export async function request<R, V>(document: TypedDocumentString<R, V>, variables?: V): Promise<R> {
  const documentId = documentIdOf(document);
  const hasFiles = filesIn(variables).length > 0;
  const response = await fetch(GRAPHQL_PATH, {
    method: 'POST',
    headers: {
      accept: 'application/graphql-response+json, application/json',
      ...(hasFiles ? { 'x-graphql-yoga-csrf': 'console' } : { 'content-type': 'application/json' }),
      ...authorization(),
    },
    body: hasFiles
      ? multipartBody(documentId ? { documentId } : document.toString(), variables)
      : JSON.stringify({ ...(documentId ? { documentId } : { query: document.toString() }), variables }),
  });
  try {
    return await unwrap<R>(response);
  } catch (error) {
    if (!(documentId && error instanceof ApiError && error.code === NOT_FOUND)) throw error;
    sendText = true;
    return request(document, variables);
  }
}

function socket(): Client {
  wsClient ??= createClient({
    url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${GRAPHQL_PATH}`,
    connectionParams: () => authorization(),
    lazy: true,
    retryAttempts: 3,
  });
  return wsClient;
}

export interface SubscriptionHandlers<R> {
  next(data: R): void;
  error?(error: ApiError): void;
  complete?(): void;
}

/** A subscription over graphql-ws; returns the function that ends it. */
export function subscribe<R, V>(document: TypedDocumentString<R, V>, variables: V, handlers: SubscriptionHandlers<R>): () => void {
  const documentId = documentIdOf(document);
  let retried: (() => void) | undefined;
  // graphql-ws requires a query string: an empty one with a documentId asks for a trusted document.
  const stop = socket().subscribe<R>(
    { query: documentId ? '' : document.toString(), variables: variables as Record<string, unknown>, ...(documentId ? { documentId } : {}) },
    {
      next: (result) => {
        const first = result.errors?.[0];
        if (first) handlers.error?.(new ApiError(first.message, (first.extensions as { code?: string } | undefined)?.code));
        else if (result.data) handlers.next(result.data);
      },
      error: (error) => {
        const first = Array.isArray(error) ? (error[0] as { message?: string; extensions?: { code?: string } } | undefined) : undefined;
        if (documentId && first?.extensions?.code === NOT_FOUND) {
          sendText = true;
          retried = subscribe(document, variables, handlers);
          return;
        }
        const message = first?.message ?? (error instanceof CloseEvent ? `Connection closed: ${error.reason || error.code}` : error instanceof Error ? error.message : 'Subscription failed.');
        handlers.error?.(new ApiError(message, first?.extensions?.code));
      },
      complete: () => handlers.complete?.(),
    },
  );
  return () => (retried ? retried() : stop());
}
