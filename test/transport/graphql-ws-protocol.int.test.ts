import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../testkit/app.js';

/** A graphql-transport-ws message as it travels (https://github.com/enisdenjo/graphql-ws/blob/master/PROTOCOL.md). */
interface Message {
  type: string;
  id?: string;
  payload?: unknown;
}

/**
 * A WebSocket client that speaks graphql-transport-ws by hand (the `ws` package, no graphql-ws
 * client): it sends exactly what a test says, and records every message, WebSocket ping and close.
 */
class RawSocket {
  readonly messages: Message[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  pings = 0;
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as Message);
      this.wake();
    });
    socket.on('ping', () => {
      this.pings += 1;
      this.wake();
    });
    this.closed = new Promise((resolve) =>
      socket.once('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.wake();
      }),
    );
  }

  /** `protocol: null` asks for no subprotocol at all. */
  static async open(url: string, options: { protocol?: string | null; autoPong?: boolean } = {}): Promise<RawSocket> {
    const protocol = options.protocol === null ? [] : (options.protocol ?? 'graphql-transport-ws');
    const socket = new WebSocket(url, protocol, { autoPong: options.autoPong ?? true });
    const raw = new RawSocket(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return raw;
  }

  /** Opens a socket and completes the handshake with a token. */
  static async acknowledged(app: TestApp, token: string): Promise<RawSocket> {
    const raw = await RawSocket.open(app.wsUrl);
    raw.send({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } });
    expect(await raw.next()).toEqual({ type: 'connection_ack' });
    return raw;
  }

  send(message: Message | string): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** Resolves once `condition` holds; checked on every message, ping and close (the test's own timeout bounds it). */
  async until(condition: () => boolean): Promise<void> {
    while (!condition()) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** The next message not yet taken by `next` (in order of arrival). */
  private taken = 0;
  async next(): Promise<Message> {
    await this.until(() => this.messages.length > this.taken || this.socket.readyState === WebSocket.CLOSED);
    const message = this.messages[this.taken];
    if (!message) throw new Error(`socket closed before the next message (${JSON.stringify(await this.closed)})`);
    this.taken += 1;
    return message;
  }

  close(): void {
    this.socket.terminate();
  }

  private wake(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}

const HEARTBEAT = { query: 'subscription { heartbeat }' };
const INIT_TIMEOUT_MS = 400;
const KEEPALIVE_MS = 500;

describe('graphql-transport-ws protocol, spoken by a raw WebSocket client', () => {
  let app: TestApp;
  let token: string;
  const sockets: RawSocket[] = [];
  const open = async (options?: Parameters<typeof RawSocket.open>[1]) => {
    const raw = await RawSocket.open(app.wsUrl, options);
    sockets.push(raw);
    return raw;
  };
  const acknowledged = async (as = token) => {
    const raw = await RawSocket.acknowledged(app, as);
    sockets.push(raw);
    return raw;
  };

  beforeAll(async () => {
    app = await startTestApp({
      env: { SUANNI_WS_INIT_TIMEOUT_MS: String(INIT_TIMEOUT_MS), SUANNI_HEARTBEAT_MS: '60000' },
    });
    token = await app.token('wes');
  });
  afterAll(async () => {
    for (const raw of sockets) raw.close();
    await app?.stop();
  });

  describe('4400 bad request', () => {
    it('closes on a message that is not JSON', async () => {
      const raw = await acknowledged();
      raw.send('{ this is not json');
      expect(await raw.closed).toEqual({ code: 4400, reason: 'Invalid message received' });
    });

    it('closes on a message of an unknown type, also before connection_init', async () => {
      const raw = await acknowledged();
      raw.send({ type: 'start', id: '1', payload: HEARTBEAT });
      expect(await raw.closed).toEqual({ code: 4400, reason: 'Invalid message received' });
      const early = await open();
      early.send({ type: 'connection_initialise' });
      expect(await early.closed).toEqual({ code: 4400, reason: 'Invalid message received' });
    });

    it('closes on a subscribe whose payload breaks the protocol (no query string, no id)', async () => {
      const noQuery = await acknowledged();
      noQuery.send({ type: 'subscribe', id: '1', payload: { query: 42 } });
      expect(await noQuery.closed).toEqual({ code: 4400, reason: 'Invalid message received' });
      const noId = await acknowledged();
      noId.send({ type: 'subscribe', payload: HEARTBEAT });
      expect(await noId.closed).toEqual({ code: 4400, reason: 'Invalid message received' });
    });
  });

  describe('4401 unauthorized', () => {
    it('closes a connection_init without a token or with a bad one', async () => {
      const missing = await open();
      missing.send({ type: 'connection_init' });
      expect(await missing.closed).toEqual({ code: 4401, reason: 'Unauthorized: connectionParams.authorization is required' });
      const bad = await open();
      bad.send({ type: 'connection_init', payload: { authorization: 'Bearer not.a.token' } });
      expect((await bad.closed).code).toBe(4401);
      expect(missing.messages).toEqual([]);
      expect(bad.messages).toEqual([]);
    });

    it('closes a subscribe sent before the connection was acknowledged (the protocol says 4401, not 4400)', async () => {
      const raw = await open();
      raw.send({ type: 'subscribe', id: '1', payload: HEARTBEAT });
      expect(await raw.closed).toEqual({ code: 4401, reason: 'Unauthorized' });
      expect(raw.messages).toEqual([]);
    });
  });

  it('4403 forbidden: the server closes the sockets of a user who is erased; the old token then gets 4401', async () => {
    const erinToken = await app.token('erin');
    const raw = await acknowledged(erinToken);
    raw.send({ type: 'subscribe', id: 'live', payload: HEARTBEAT });
    expect((await raw.next()).type).toBe('next');
    const requested = await app.gql('mutation { requestErasure { id } }', {}, { token: erinToken });
    expect(requested.errors).toBeUndefined();
    expect(await raw.closed).toEqual({ code: 4403, reason: 'Forbidden: user erased' });
    await app.deps.services.erasure.idle();

    const again = await open();
    again.send({ type: 'connection_init', payload: { authorization: `Bearer ${erinToken}` } });
    expect(await again.closed).toEqual({ code: 4401, reason: 'Unauthorized: Token was issued before this subject was erased.' });
  });

  it('4406: a socket without the graphql-transport-ws subprotocol is refused', async () => {
    const raw = await open({ protocol: null });
    expect(await raw.closed).toEqual({ code: 4406, reason: 'Subprotocol not acceptable' });
  });

  it('4408: a socket that sends no connection_init in time is closed', async () => {
    const raw = await open();
    expect(await raw.closed).toEqual({ code: 4408, reason: 'Connection initialisation timeout' });
    expect(raw.messages).toEqual([]);
  });

  it('4409: a second subscribe with the id of a live subscription closes the socket', async () => {
    const raw = await acknowledged();
    raw.send({ type: 'subscribe', id: 'same', payload: HEARTBEAT });
    expect(await raw.next()).toMatchObject({ type: 'next', id: 'same' });
    raw.send({ type: 'subscribe', id: 'same', payload: HEARTBEAT });
    expect(await raw.closed).toEqual({ code: 4409, reason: 'Subscriber for same already exists' });
  });

  it('an id may be reused once its operation completed (no 4409)', async () => {
    const raw = await acknowledged();
    raw.send({ type: 'subscribe', id: 'q', payload: { query: '{ me { subject } }' } });
    expect(await raw.next()).toEqual({ type: 'next', id: 'q', payload: { data: { me: { subject: 'wes' } } } });
    expect(await raw.next()).toEqual({ type: 'complete', id: 'q' });
    raw.send({ type: 'subscribe', id: 'q', payload: { query: '{ me { subject } }' } });
    expect(await raw.next()).toEqual({ type: 'next', id: 'q', payload: { data: { me: { subject: 'wes' } } } });
    expect(await raw.next()).toEqual({ type: 'complete', id: 'q' });
    // A client's `complete` for a live subscription ends it; the id is then free again.
    raw.send({ type: 'subscribe', id: 'live', payload: HEARTBEAT });
    expect(await raw.next()).toMatchObject({ type: 'next', id: 'live' });
    raw.send({ type: 'complete', id: 'live' });
    raw.send({ type: 'subscribe', id: 'live', payload: HEARTBEAT });
    await raw.until(() => raw.messages.filter((message) => message.id === 'live' && message.type === 'next').length === 2);
    expect(raw.open).toBe(true);
  });

  it('4429: a second connection_init closes the socket, also while the first is being authenticated', async () => {
    const raw = await acknowledged();
    raw.send({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } });
    expect(await raw.closed).toEqual({ code: 4429, reason: 'Too many initialisation requests' });
    const racing = await open();
    racing.send({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } });
    racing.send({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } });
    expect((await racing.closed).code).toBe(4429);
  });

  it('answers a ping with a pong, before and after the handshake, echoing its payload', async () => {
    const raw = await open();
    raw.send({ type: 'ping' });
    expect(await raw.next()).toEqual({ type: 'pong' });
    raw.send({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } });
    expect(await raw.next()).toEqual({ type: 'connection_ack' });
    raw.send({ type: 'ping', payload: { sent: 'by the client' } });
    expect(await raw.next()).toEqual({ type: 'pong', payload: { sent: 'by the client' } });
    // A pong nobody asked for is allowed and ignored.
    raw.send({ type: 'pong' });
    raw.send({ type: 'ping' });
    expect(await raw.next()).toEqual({ type: 'pong' });
    expect(raw.open).toBe(true);
  });
});

/**
 * Keep-alive on its own gateway with a short interval. graphql-ws ends a socket whose pong is not
 * back within one interval, so the interval is short only where nothing else shares the event loop
 * with this in-process server (an erasure blocking it for longer than the interval would end sockets).
 */
describe('graphql-ws keep-alive (SUANNI_WS_KEEPALIVE_MS)', () => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp({ env: { SUANNI_WS_KEEPALIVE_MS: String(KEEPALIVE_MS) } });
    token = await app.token('kim');
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('keeps an idle socket open with its own WebSocket pings, which the client answers', async () => {
    const raw = await RawSocket.acknowledged(app, token);
    // Idle past several keep-alive intervals (each ping must be answered before the next).
    await raw.until(() => raw.pings >= 3);
    expect(raw.open).toBe(true);
    raw.send({ type: 'subscribe', id: 'after-idle', payload: { query: '{ me { subject } }' } });
    expect(await raw.next()).toEqual({ type: 'next', id: 'after-idle', payload: { data: { me: { subject: 'kim' } } } });
    raw.close();
  });

  it('ends a socket whose peer stopped answering pings (a dead connection behind a proxy)', async () => {
    const raw = await RawSocket.open(app.wsUrl, { autoPong: false });
    raw.send({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } });
    expect(await raw.next()).toEqual({ type: 'connection_ack' });
    // Terminated without a closing handshake: the client sees an abnormal closure.
    expect((await raw.closed).code).toBe(1006);
    expect(raw.pings).toBeGreaterThanOrEqual(1);
  });
});
