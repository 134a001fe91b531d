import { Redis, type RedisOptions } from 'ioredis';
import { createLogger } from './logger.js';

const log = createLogger('redis');

/** The Redis connections of one process: commands, publishing, and one in subscriber mode. */
export interface RedisConnections {
  commands: Redis;
  publish: Redis;
  subscribe: Redis;
  /** Whether Redis answers now; every user of these connections asks it before waiting on one. */
  health: RedisHealth;
  close(): Promise<void>;
}

export interface RedisConnectOptions {
  /**
   * How long one command may wait for its answer (`SUANNI_REDIS_TIMEOUT_MS`, default 1 s). A
   * command that times out marks Redis unavailable until a probe answers again.
   */
  timeoutMs?: number;
  /** How long the start waits for Redis before it goes on degraded (default 3 s). */
  startWaitMs?: number;
}

/** `host:port` of a Redis URL: what the logs and `/ready` name (never the password). */
export function redisServerOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '6379'}`;
}

/**
 * The ioredis options of every connection: fail fast, reconnect forever. No offline queue and no
 * retries per request (a command sent while Redis is away fails at once instead of waiting for a
 * reconnection), no resending of commands that were in flight when the connection dropped, a
 * timeout per command (a Redis that hangs without closing its sockets), and reconnection attempts
 * every 100 ms to 2 s for as long as the process runs.
 */
export function redisClientOptions(name: string, timeoutMs: number): RedisOptions {
  return {
    connectionName: `suanni-${name}`,
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout: timeoutMs,
    connectTimeout: Math.max(timeoutMs, 2_000),
    retryStrategy: (attempt) => Math.min(100 * 2 ** Math.min(attempt - 1, 5), 2_000),
  };
}

/** Why Redis is unavailable, in words for a log line and `/ready`. */
function describe(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

type Listener = (available: boolean) => void;

/** What {@link RedisHealth} follows of a connection (an ioredis client). */
export interface TrackedConnection {
  readonly status: string;
  on(event: string, listener: (error: Error) => void): unknown;
}

/**
 * Whether this process's Redis answers: every connection ready and the last probe answered. Users
 * of Redis ask {@link available} before each call and skip Redis while it is false (the in-process
 * fallback answers at once), and report a failed call with {@link failed}. A change is logged once
 * (warn when Redis goes, info with the outage's length when it is back) and told to the listeners
 * ({@link onChange}), which resubscribe, renew and re-check what they missed.
 */
export class RedisHealth {
  private readonly ready = new Map<string, boolean>();
  private lastError: string | undefined;
  private lastErrorCode: string | undefined;
  /** A command or probe timed out while the connections still looked open (a hung server). */
  private hung: string | undefined;
  private state = false;
  private downSince: number | undefined = Date.now();
  private readonly listeners = new Set<Listener>();
  private connectedOnce = false;
  private closed = false;
  /** Outages since start (a start without Redis counts as one). */
  outages = 0;

  constructor(
    /** `host:port`, for the log and `/ready`. */
    readonly server: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** True while Redis answers; false from the first sign of an outage until every connection is ready again. */
  get available(): boolean {
    return this.state;
  }

  /** Why Redis is unavailable (undefined while it is available). */
  get reason(): string | undefined {
    if (this.state) return undefined;
    if (this.hung) return this.hung;
    const waiting = [...this.ready].filter(([, ready]) => !ready).map(([name]) => name);
    const what = waiting.length ? `${waiting.join(', ')} connection${waiting.length > 1 ? 's' : ''} not ready` : 'not connected';
    return `Redis at ${this.server} unavailable: ${this.lastError ?? what}`;
  }

  /**
   * Why Redis is unavailable in a few words without an address or error text, for an
   * unauthenticated probe (`/ready`): `connection refused`, `host not found`, `not answering`, ...
   */
  get publicReason(): string {
    if (this.state) return 'ok';
    if (this.hung) return 'not answering (timed out)';
    switch (this.lastErrorCode) {
      case 'ECONNREFUSED':
        return 'connection refused';
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return 'host not found';
      case 'ETIMEDOUT':
        return 'connect timed out';
      case undefined:
        return this.connectedOnce ? 'connection lost' : 'connecting';
      default:
        return 'connection lost';
    }
  }

  /** Seconds since Redis became unavailable (0 while available). */
  get downForSeconds(): number {
    return this.downSince === undefined ? 0 : (this.now() - this.downSince) / 1000;
  }

  /** Calls `listener` on every change; returns the unsubscribe. */
  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Follows one connection's state (ready, closed, reconnecting, its errors). */
  track(name: string, client: TrackedConnection): void {
    this.ready.set(name, client.status === 'ready');
    client.on('ready', () => this.connection(name, true));
    for (const event of ['close', 'end', 'reconnecting'] as const) client.on(event, () => this.connection(name, false));
    client.on('error', (error: Error) => {
      this.lastError = describe(error);
      this.lastErrorCode = (error as NodeJS.ErrnoException).code;
    });
    this.update();
  }

  /** A connection became ready or stopped being ready. */
  connection(name: string, ready: boolean): void {
    this.ready.set(name, ready);
    if (ready && [...this.ready.values()].every(Boolean)) {
      this.lastError = undefined;
      this.lastErrorCode = undefined;
    }
    this.update();
  }

  /** A call to Redis failed: a timeout means a server that hangs, unavailable until a probe answers. */
  failed(error: unknown): void {
    const message = describe(error);
    if (/timed? ?out/i.test(message) && !this.hung) {
      this.hung = `Redis at ${this.server} unavailable: ${message}`;
      this.update();
    }
  }

  /** A probe (or any call) answered: a hung server is back. */
  answered(): void {
    if (!this.hung) return;
    this.hung = undefined;
    this.update();
  }

  /** The start gave up waiting: counted and said once, as an outage. */
  startedDegraded(): void {
    if (this.state) return;
    this.outages += 1;
    log.warn(
      { server: this.server, reason: this.reason },
      'Redis does not answer at start: starting degraded; the connections keep retrying and shared state resumes once it answers',
    );
  }

  /** The process closes its connections: what follows is no outage. */
  close(): void {
    this.closed = true;
    this.listeners.clear();
  }

  private update(): void {
    if (this.closed) return;
    const available = this.hung === undefined && this.ready.size > 0 && [...this.ready.values()].every(Boolean);
    if (available === this.state) return;
    this.state = available;
    if (available) {
      const seconds = this.downForSeconds;
      this.downSince = undefined;
      if (this.connectedOnce)
        log.info({ server: this.server, outageSeconds: Math.round(seconds * 10) / 10 }, 'Redis available again: shared state resumes');
      else log.info({ server: this.server }, 'Redis connected');
      this.connectedOnce = true;
    } else {
      this.downSince = this.now();
      this.outages += 1;
      log.warn(
        { server: this.server, reason: this.reason },
        'Redis unavailable: degraded (events reach this process only, rate and connection limits count per process) until it answers',
      );
    }
    for (const listener of this.listeners) {
      try {
        listener(available);
      } catch (error) {
        log.error({ err: error }, 'a Redis availability listener failed');
      }
    }
  }
}

/**
 * Connects to Redis (only what is live goes there: event fan-out, the progress replay log with a
 * TTL, cancellation signals, rate-limit and connection counters, recent spans). Never fails the
 * start: when Redis does not answer within `startWaitMs` the process starts degraded, says so, and
 * the connections keep reconnecting; {@link RedisHealth} tells when it is back.
 */
export async function connectRedis(url: string, options: RedisConnectOptions = {}): Promise<RedisConnections> {
  const timeoutMs = options.timeoutMs ?? 1_000;
  const health = new RedisHealth(redisServerOf(url));
  const open = (name: string) => {
    const client = new Redis(url, redisClientOptions(name, timeoutMs));
    // Every error is also a state change that RedisHealth reports once; logging each would repeat it per attempt.
    client.on('error', (error) => log.debug({ err: error, connection: name }, 'redis connection error'));
    health.track(name, client);
    return client;
  };
  const commands = open('commands');
  const publish = open('publish');
  const subscribe = open('subscribe');
  // A hung server keeps its sockets open: a probe every second (or timeout) notices, and notices its return.
  const probe = setInterval(
    () => {
      if (commands.status !== 'ready') return;
      commands.ping().then(
        () => health.answered(),
        (error: unknown) => health.failed(error),
      );
    },
    Math.max(1_000, timeoutMs),
  );
  probe.unref();
  if (!health.available) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(finish, options.startWaitMs ?? 3_000);
      const stop = health.onChange((available) => available && finish());
      function finish() {
        clearTimeout(timer);
        stop();
        resolve();
      }
    });
  }
  health.startedDegraded();
  return {
    commands,
    publish,
    subscribe,
    health,
    async close() {
      clearInterval(probe);
      health.close();
      await Promise.allSettled(
        [commands, publish, subscribe].map((client) => (client.status === 'ready' ? client.quit() : Promise.resolve(client.disconnect()))),
      );
    },
  };
}
