import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Token counts as the OpenAI chat-completions API reports them. */
export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** The parts of a chat-completions request body the tests look at; the rest is kept as sent. */
export interface ChatCompletionRequestBody {
  model?: string;
  messages?: Array<{ role: string; content: unknown }>;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: { type: string };
  [key: string]: unknown;
}

/** One request as the fake server received it. */
export interface CapturedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: ChatCompletionRequestBody;
  /** True once the client dropped the connection before the answer was complete (an abort). */
  closedByClient: boolean;
}

/**
 * How the fake answers a request.
 * - `reply`: a normal completion. `usage` defaults to a count derived from the texts; `null`
 *   leaves `usage` out. When streamed, the content goes out as `pieces` (default: word by word).
 * - `malformed`: a well-formed completion whose content is not what was asked for (not JSON).
 * - `hang`: headers never come (or, when streaming, come with `afterPieces` and then nothing);
 *   the request stays open until the client gives up or the server closes.
 * - `status`: an HTTP error with an OpenAI-style error body.
 */
export type FakeBehaviour =
  | { kind: 'reply'; content: string; usage?: Partial<FakeUsage> | null; pieces?: string[] }
  | { kind: 'malformed'; content?: string; usage?: Partial<FakeUsage> | null }
  | { kind: 'hang'; afterPieces?: string[] }
  | { kind: 'status'; status: number; message?: string; code?: string; headers?: Record<string, string> };

/** A fixed behaviour, or one chosen per request (`index` counts requests from 0). */
export type FakeBehaviourSource = FakeBehaviour | ((body: ChatCompletionRequestBody, index: number) => FakeBehaviour);

export interface FakeOpenAIOptions {
  behaviour?: FakeBehaviourSource;
  /** Model name echoed in responses; defaults to the requested one. */
  model?: string;
}

/** A running fake; `close()` it in `afterEach`/`afterAll`. */
export interface FakeOpenAIServer {
  /** Base URL for the clients, ending in `/v1` (`${url}/chat/completions` is served). */
  url: string;
  /** Every chat-completions request received, in order. */
  requests: CapturedRequest[];
  setBehaviour(behaviour: FakeBehaviourSource): void;
  /** Sockets open right now, idle keep-alive ones included: shows whether clients hung up. */
  openConnections(): number;
  /** Stops listening and destroys every open socket, hanging requests included. */
  close(): Promise<void>;
}

const chatCompletionPaths = new Set(['/v1/chat/completions', '/chat/completions']);

/**
 * Starts a real HTTP server on 127.0.0.1 that speaks the OpenAI chat-completions protocol
 * (plain and SSE streaming), so the real LangChain clients and OpenAI SDK are exercised over
 * real sockets, offline.
 */
export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAIServer> {
  let behaviour: FakeBehaviourSource = options.behaviour ?? { kind: 'reply', content: '{}' };
  const requests: CapturedRequest[] = [];
  const sockets = new Set<Socket>();
  let completionCounter = 0;

  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    if (request.method !== 'POST' || !chatCompletionPaths.has(path)) {
      sendError(response, 404, `no route for ${request.method} ${path}`, 'not_found');
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body: ChatCompletionRequestBody;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatCompletionRequestBody;
      } catch {
        sendError(response, 400, 'request body is not JSON', 'invalid_request_error');
        return;
      }
      const index = requests.length;
      const captured: CapturedRequest = { path, headers: request.headers, body, closedByClient: false };
      requests.push(captured);
      response.on('close', () => {
        if (!response.writableFinished) captured.closedByClient = true;
      });
      const chosen = typeof behaviour === 'function' ? behaviour(body, index) : behaviour;
      answer(response, body, chosen, `chatcmpl-fake-${++completionCounter}`, options.model ?? body.model ?? 'fake-model');
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setBehaviour(next) {
      behaviour = next;
    },
    openConnections: () => sockets.size,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await closed;
    },
  };
}

function answer(response: http.ServerResponse, body: ChatCompletionRequestBody, behaviour: FakeBehaviour, id: string, model: string): void {
  switch (behaviour.kind) {
    case 'status':
      sendError(
        response,
        behaviour.status,
        behaviour.message ?? `fake failure ${behaviour.status}`,
        behaviour.code ?? 'server_error',
        behaviour.headers,
      );
      return;
    case 'hang':
      if (body.stream && behaviour.afterPieces) {
        startEventStream(response);
        for (const piece of behaviour.afterPieces) sendEvent(response, chunkOf(id, model, { content: piece }, null));
      }
      return; // never ends; close() or the client's abort tears the socket down
    case 'reply':
    case 'malformed': {
      const content = behaviour.content ?? 'not json at all, sorry {';
      const usage = behaviour.usage === null ? undefined : usageFor(body, content, behaviour.usage);
      const pieces = behaviour.kind === 'reply' && behaviour.pieces ? behaviour.pieces : splitIntoPieces(content);
      if (body.stream) streamCompletion(response, body, { id, model, pieces, usage });
      else sendJson(response, 200, completionOf(id, model, content, usage));
      return;
    }
  }
}

function streamCompletion(
  response: http.ServerResponse,
  body: ChatCompletionRequestBody,
  completion: { id: string; model: string; pieces: string[]; usage?: FakeUsage },
): void {
  const { id, model, pieces, usage } = completion;
  startEventStream(response);
  sendEvent(response, chunkOf(id, model, { role: 'assistant', content: '' }, null));
  for (const piece of pieces) sendEvent(response, chunkOf(id, model, { content: piece }, null));
  sendEvent(response, chunkOf(id, model, {}, 'stop'));
  // As OpenAI does: usage only on request, in a last chunk with no choices.
  if (body.stream_options?.include_usage && usage) {
    sendEvent(response, { id, object: 'chat.completion.chunk', created: nowSeconds(), model, choices: [], usage });
  }
  response.end('data: [DONE]\n\n');
}

function completionOf(id: string, model: string, content: string, usage: FakeUsage | undefined) {
  return {
    id,
    object: 'chat.completion',
    created: nowSeconds(),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
    ...(usage ? { usage } : {}),
  };
}

function chunkOf(id: string, model: string, delta: Record<string, unknown>, finishReason: string | null) {
  return {
    id,
    object: 'chat.completion.chunk',
    created: nowSeconds(),
    model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
}

/** Given counts win; missing ones are a rough count (4 characters a token), total always consistent. */
function usageFor(body: ChatCompletionRequestBody, content: string, given: Partial<FakeUsage> | undefined): FakeUsage {
  const promptText = (body.messages ?? [])
    .map((message) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content)))
    .join('');
  const prompt_tokens = given?.prompt_tokens ?? Math.ceil(promptText.length / 4);
  const completion_tokens = given?.completion_tokens ?? Math.ceil(content.length / 4);
  return { prompt_tokens, completion_tokens, total_tokens: given?.total_tokens ?? prompt_tokens + completion_tokens };
}

/** Word-sized pieces (each word keeps its trailing space), like a model's token stream. */
function splitIntoPieces(content: string): string[] {
  return content.match(/\s*\S+\s*/g) ?? (content ? [content] : []);
}

function startEventStream(response: http.ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  response.flushHeaders();
}

function sendEvent(response: http.ServerResponse, data: unknown): void {
  response.write(`data: ${JSON.stringify(data)}\n\n`);
}

function sendJson(response: http.ServerResponse, status: number, data: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(data);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

function sendError(response: http.ServerResponse, status: number, message: string, code: string, headers?: Record<string, string>): void {
  sendJson(response, status, { error: { message, type: code, param: null, code } }, headers);
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
