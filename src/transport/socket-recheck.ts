import { createLogger } from '../platform/logger.js';

const log = createLogger('socket-recheck');

/** Users asked about in one query. */
const USERS_PER_QUERY = 1_000;

/** What a re-check reads and does; the gateway passes its live connections and the tombstones. */
export interface SocketRecheckTarget<S> {
  /** Users with a socket or stream open in this process now. */
  users(): Iterable<string>;
  /** Which of these users have been erased (the tombstones in PostgreSQL). */
  erasedAmong(userIds: string[]): Promise<Set<string>>;
  /** Closes everything an erased user has open. */
  endErased(userId: string): void;
  /** Open sockets with the instant their token expires (null: none). */
  sockets(): Iterable<[S, Date | null]>;
  /** Closes a socket whose token expired. */
  endExpired(socket: S): void;
}

/**
 * Re-checks every open socket on its own schedule (every `intervalMs`) and on demand (Redis back
 * after an outage): a socket whose user was erased closes even when the `userErased` event never
 * arrived, and one whose token expired closes even when its timer was late. A check that fails
 * (PostgreSQL away) is logged and the next one runs on schedule; checks never overlap.
 */
export class SocketRecheck<S> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly target: SocketRecheckTarget<S>,
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.run(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One check now; a call during a check runs one more right after it (what changed meanwhile is seen). */
  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.checkOnce().catch((error: unknown) => log.warn({ err: error }, 'socket re-check failed; the next one runs on schedule'));
      } while (this.again);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async checkOnce(): Promise<void> {
    const now = this.now();
    for (const [socket, expiresAt] of this.target.sockets()) if (expiresAt && expiresAt.getTime() <= now) this.target.endExpired(socket);
    const users = [...new Set(this.target.users())];
    for (let start = 0; start < users.length; start += USERS_PER_QUERY) {
      const erased = await this.target.erasedAmong(users.slice(start, start + USERS_PER_QUERY));
      for (const userId of erased) {
        this.target.endErased(userId);
        log.info('closed the connections of a user erased without its event reaching this gateway');
      }
    }
  }
}
