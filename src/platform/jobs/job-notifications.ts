import pg from 'pg';
import { createLogger } from '../logger.js';

const log = createLogger('jobs');

/** The PostgreSQL channel on which a job's insertion is announced; the payload is the queue's name. */
export const JOB_CHANNEL = 'suanni_jobs';

/** The statement that announces new jobs of a queue; inside a transaction it is delivered at commit, never on rollback. */
export const NOTIFY_JOBS = 'SELECT 1 AS announced FROM pg_notify($1, $2)';

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/**
 * Listens for new jobs announced by any process (LISTEN on {@link JOB_CHANNEL}), so that a worker
 * learns of a review queued by a gateway at once instead of at its next poll. One connection of its
 * own per process; when it is lost (the database restarted, a backend was terminated), the worker
 * falls back to polling, and the listener reconnects with backoff and says so in the log.
 */
export class JobNotifications {
  private client: pg.Client | undefined;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private delayMs = RECONNECT_MIN_MS;
  private lost = false;

  constructor(
    private readonly connectionString: string,
    private readonly onJobs: (queue: string) => void,
  ) {}

  /** Connects and listens; resolves once listening or once the first attempt failed (it then keeps retrying). */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.connectionString, application_name: 'suanni-jobs-listen' });
    this.client = client;
    let failed = false;
    const onLost = (error?: Error) => {
      if (failed) return;
      failed = true;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      if (!this.lost) log.warn({ err: error }, 'job notifications lost; workers poll until the listener reconnects');
      this.lost = true;
      this.retryTimer = setTimeout(() => void this.connect(), this.delayMs);
      this.retryTimer.unref();
      this.delayMs = Math.min(this.delayMs * 2, RECONNECT_MAX_MS);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === JOB_CHANNEL && message.payload) this.onJobs(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${JOB_CHANNEL}`);
      if (this.lost) log.info('job notifications back');
      this.lost = false;
      this.delayMs = RECONNECT_MIN_MS;
      // Jobs announced while nobody listened: look for them now rather than at the next poll.
      this.onJobs('*');
    } catch (error) {
      onLost(error as Error);
    }
  }

  /** Stops listening and closes the connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}
