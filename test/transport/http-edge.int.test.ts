import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testkit/app.js';

/** A raw connection from `localAddress` (any of 127.0.0.0/8 reaches the gateway on 127.0.0.1). */
interface RawConnection {
  socket: Socket;
  /** Everything the server sent. */
  received(): string;
  /** Resolves once the server (or the network) closed the connection. */
  closed: Promise<void>;
}

function open(url: string, localAddress: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress });
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, received: () => received, closed }));
    socket.once('error', reject);
  });
}

/** Writes `lines` one by one, `everyMs` apart, for as long as the connection is open. */
function trickle(connection: RawConnection, everyMs: number, line: () => string): void {
  const timer = setInterval(() => {
    if (connection.socket.destroyed) clearInterval(timer);
    else connection.socket.write(line());
  }, everyMs);
  void connection.closed.then(() => clearInterval(timer));
}

/** Resolves with `closed` or with 'still open' after `ms`: the test then fails by its assertion, not its timeout. */
const closedWithin = (connection: RawConnection, ms: number) =>
  Promise.race([
    connection.closed.then(() => 'closed'),
    new Promise<string>((resolve) => setTimeout(() => resolve('still open'), ms).unref()),
  ]);

const statusLine = (raw: string) => raw.split('\r\n')[0] ?? '';

describe('slow and idle clients at the HTTP edge', () => {
  let app: TestApp;
  const PER_ADDRESS = 8;
  beforeAll(async () => {
    app = await startTestApp({
      env: {
        SUANNI_HTTP_HEADERS_TIMEOUT_SECONDS: '1',
        SUANNI_HTTP_REQUEST_TIMEOUT_SECONDS: '2',
        SUANNI_HTTP_KEEPALIVE_TIMEOUT_SECONDS: '1',
        SUANNI_HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
      },
    });
  });
  afterAll(() => app.stop());

  it('drops unauthenticated trickled headers within seconds and caps connections per address, while others are answered', async () => {
    const attacker = '127.0.0.3';
    const slow = await Promise.all(Array.from({ length: PER_ADDRESS }, () => open(app.url, attacker)));
    for (const connection of slow) {
      connection.socket.write('POST /graphql HTTP/1.1\r\nHost: localhost\r\n');
      trickle(connection, 200, () => `X-Padding-${Math.random().toString(36).slice(2)}: 1\r\n`);
    }
    // Over the cap for that address: closed at once, before a byte is read (no answer at all).
    const excess = await Promise.all(Array.from({ length: 4 }, () => open(app.url, attacker)));
    for (const connection of excess) connection.socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    // A connection that says nothing at all.
    const silent = await open(app.url, '127.0.0.4');

    // Meanwhile another client (another address) is answered, authenticated or not.
    const token = await app.token('alice');
    const me = await app.gql('{ me { subject } }', {}, { token });
    expect(me.data).toEqual({ me: { subject: 'alice' } });
    expect((await fetch(app.url.replace('/graphql', '/health'))).status).toBe(200);

    for (const connection of excess) {
      expect(await closedWithin(connection, 10_000)).toBe('closed');
      expect(connection.received()).toBe('');
    }
    for (const connection of [...slow, silent]) {
      expect(await closedWithin(connection, 15_000)).toBe('closed');
      expect(statusLine(connection.received())).toBe('HTTP/1.1 408 Request Timeout');
    }
    // Their places are free again.
    const again = await open(app.url, attacker);
    again.socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    await closedWithin(again, 10_000);
    expect(statusLine(again.received())).toBe('HTTP/1.1 200 OK');
  });

  it('drops a request whose body trickles past the request timeout, and an idle kept-alive connection', async () => {
    const body = await open(app.url, '127.0.0.5');
    body.socket.write('POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{');
    trickle(body, 200, () => ' ');
    expect(await closedWithin(body, 15_000)).toBe('closed');
    expect(statusLine(body.received())).toBe('HTTP/1.1 408 Request Timeout');

    const idle = await open(app.url, '127.0.0.6');
    idle.socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await closedWithin(idle, 15_000)).toBe('closed');
    expect(statusLine(idle.received())).toBe('HTTP/1.1 200 OK');
  });
});

describe('a cap on connections in all', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { SUANNI_HTTP_MAX_CONNECTIONS: '4', SUANNI_HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' } });
  });
  afterAll(() => app.stop());

  it('closes a connection over SUANNI_HTTP_MAX_CONNECTIONS at once, from any address', async () => {
    const held = await Promise.all(['127.0.0.7', '127.0.0.8', '127.0.0.9', '127.0.0.10'].map((address) => open(app.url, address)));
    const over = await open(app.url, '127.0.0.11');
    over.socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await closedWithin(over, 10_000)).toBe('closed');
    expect(over.received()).toBe('');
    for (const connection of held) connection.socket.destroy();
  });
});

describe('CORS, content sniffing and console paths', () => {
  let app: TestApp;
  let allowed: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    allowed = await startTestApp({ env: { SUANNI_CORS_ORIGINS: 'https://app.example.com, https://admin.example.com' } });
  });
  afterAll(async () => {
    await app.stop();
    await allowed.stop();
  });

  const post = (url: string, origin: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
  const preflight = (url: string, origin: string) =>
    fetch(url, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });

  it('answers no other origin with CORS headers by default, and never allows credentials', async () => {
    for (const response of [await post(app.url, 'https://evil.example'), await preflight(app.url, 'https://evil.example')]) {
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('allows the origins of SUANNI_CORS_ORIGINS only, by name and without credentials', async () => {
    for (const response of [
      await post(allowed.url, 'https://app.example.com'),
      await preflight(allowed.url, 'https://admin.example.com'),
    ]) {
      expect(response.headers.get('access-control-allow-origin')).toMatch(/^https:\/\/(app|admin)\.example\.com$/);
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    }
    const refused = await post(allowed.url, 'https://evil.example');
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends X-Content-Type-Options: nosniff with every JSON answer, errors and refusals included', async () => {
    const health = app.url.replace('/graphql', '/health');
    const answers = [
      await post(app.url, 'https://evil.example'),
      await fetch(app.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ nope }"}' }),
      await fetch(app.url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer bad' }, body: '{}' }),
      await fetch(app.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: 'x'.repeat(app.deps.config.limits.maxSmallBodyBytes + 1),
      }),
    ];
    for (const response of answers) {
      expect(response.headers.get('content-type') ?? '', String(response.status)).toMatch(/json/);
      expect(response.headers.get('x-content-type-options'), String(response.status)).toBe('nosniff');
    }
    // And every other answer too (the health check has no body type; the console's files had it already).
    expect((await fetch(health)).headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers a refused body at once, and cuts its connection if the body keeps coming', async () => {
    const connection = await open(app.url, '127.0.0.12');
    connection.socket.write(
      'POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 50000000\r\n\r\n',
    );
    trickle(connection, 50, () => 'x'.repeat(16_384));
    expect(await closedWithin(connection, 15_000)).toBe('closed');
    expect(statusLine(connection.received())).toBe('HTTP/1.1 413 Payload Too Large');
    expect(connection.received()).toContain('"reason":"MAX_BODY_SIZE"');
  });

  it('answers 404 to console paths that climb out of the console, as sent (not normalised)', async () => {
    for (const path of ['/console/../package.json', '/console/%2e%2e/%2e%2e/package.json', '/console/assets/../../package.json']) {
      const connection = await open(app.url, '127.0.0.1');
      connection.socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      await connection.closed;
      expect(statusLine(connection.received()), path).toBe('HTTP/1.1 404 Not Found');
      expect(connection.received(), path).not.toContain('"dependencies"');
      expect(connection.received(), path).not.toContain('<!doctype html>');
    }
  });
});
