import { createLogger } from '../platform/logger.js';

const log = createLogger('review-queue');

/**
 * An in-process FIFO run by a bounded number of workers. Mutations enqueue and return at once;
 * work never runs on the request's path. Past one process, a PostgreSQL-backed queue replaces it.
 */
export class WorkQueue<T> {
  private readonly pending: T[] = [];
  private running = 0;
  private idleWaiters: (() => void)[] = [];
  private stopped = false;

  constructor(
    private readonly concurrency: number,
    private readonly work: (item: T) => Promise<void>,
  ) {}

  enqueue(...items: T[]): void {
    if (this.stopped) return;
    this.pending.push(...items);
    this.pump();
  }

  get depth(): number {
    return this.pending.length;
  }

  get active(): number {
    return this.running;
  }

  /** Resolves when nothing is queued or running. */
  idle(): Promise<void> {
    if (this.running === 0 && this.pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops queued work and waits for running work to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.pending.length = 0;
    await this.idle();
  }

  private pump(): void {
    while (this.running < this.concurrency && this.pending.length > 0) {
      const item = this.pending.shift()!;
      this.running += 1;
      // Each item runs in its own task: one failure cannot stop the others.
      void this.work(item)
        .catch((error) => log.error({ err: error }, 'queued work failed'))
        .finally(() => {
          this.running -= 1;
          this.pump();
          if (this.running === 0 && this.pending.length === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
        });
    }
  }
}
