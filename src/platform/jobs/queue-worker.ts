import { isTransientDatabaseError, retryTransient, type RetryOptions } from '../db/transient.js';
import { createLogger } from '../logger.js';

const log = createLogger('jobs');

/** A job as a handler sees it. */
export interface QueuedJob<T> {
  id: string;
  data: T;
  /** Attempts before this one. */
  retryCount: number;
  retryLimit: number;
}

/** A fetched job with what the worker needs of pg-boss' metadata. */
export interface FetchedJob<T> extends QueuedJob<T> {
  /** The lease: a handler running longer fails its attempt (the job is retried). */
  expireInSeconds: number;
  priority: number;
}

/** The calls of pg-boss a worker makes (`fetch`, `complete`, `fail` of PgBoss). */
export interface JobSource<T> {
  /** Up to `count` jobs (only those of at least `minPriority` when given), highest priority first, now `active` under this worker's lease. */
  fetch(count: number, minPriority?: number): Promise<FetchedJob<T>[]>;
  complete(ids: string[], output?: object): Promise<unknown>;
  fail(id: string, error: unknown): Promise<unknown>;
}

export interface QueueWorkerOptions {
  concurrency: number;
  /**
   * How often each slot of pg-boss' `work()` looked for work when nobody woke it: the one loop
   * here looks `concurrency` times as often while it has a free slot, so that a job queued by
   * another process (which cannot wake this one) waits no longer than it did.
   */
  pollMs: number;
  settleRetry: RetryOptions;
  /** How long a finished job may wait to be completed together with others. */
  completeDelayMs: number;
  /** Called with +1 when a job's handler starts and -1 when it returns (the process' count of running jobs). */
  onActive?(delta: 1 | -1): void;
  /**
   * Slots kept for jobs of at least `minPriority` (interactive work): jobs below it (bulk work, a
   * batch) never hold more than `concurrency - slots`, so an interactive job queued while a bulk
   * backlog keeps every other slot busy starts at once (on a wake or the next poll) instead of
   * waiting for the bulk jobs running to finish. Interactive jobs may use every slot.
   */
  reserve?: { slots: number; minPriority: number };
}

/**
 * Works one queue in this process with at most `concurrency` jobs at a time, in place of pg-boss'
 * `work()`, which runs one loop per slot, each fetching one job per query and completing it with
 * another, and settles a fetched batch as one unit. Here one loop fetches as many jobs as there
 * are free slots in one query (while the queue has work, once half the slots are free), every job
 * succeeds or fails on its own (a failure is settled at once, so its retry is scheduled by pg-boss
 * as before), and finished jobs are completed together: those finishing within `completeDelayMs`
 * of each other, or half the slots' worth, in one statement. A job completed late is harmless: the
 * handlers are idempotent, and its lease still covers it.
 */
export class QueueWorker<T> {
  private readonly running = new Map<string, Promise<void>>();
  private readonly settling = new Set<Promise<unknown>>();
  private toComplete: string[] = [];
  private completeTimer: NodeJS.Timeout | undefined;
  private stopping = false;
  private loop: Promise<void> | undefined;
  /** Set by {@link wake} and by the poll timer: look for work even when only one slot is free. */
  private woken = true;
  /** The last fetch found fewer jobs than it asked for: wait for a wake or the poll before asking again. */
  private drained = false;
  private interrupt: (() => void) | undefined;
  /** Free slots worth a fetch while the queue has work: half the slots, so one query starts several jobs. */
  private readonly refillAt: number;
  private readonly completeAt: number;
  /** Slots bulk jobs may hold (all without a reserve), and how many they hold now. */
  private readonly bulkSlots: number;
  private readonly minPriority: number;
  private runningBulk = 0;

  constructor(
    private readonly name: string,
    private readonly source: JobSource<T>,
    private readonly handler: (job: QueuedJob<T>) => Promise<unknown>,
    private readonly options: QueueWorkerOptions,
  ) {
    // A reserve leaves bulk work at least one slot.
    const reserved = Math.min(Math.max(0, options.reserve?.slots ?? 0), options.concurrency - 1);
    this.bulkSlots = options.concurrency - reserved;
    this.minPriority = reserved > 0 ? options.reserve!.minPriority : Number.NEGATIVE_INFINITY;
    this.refillAt = Math.max(1, Math.ceil(this.bulkSlots / 2));
    this.completeAt = Math.max(1, Math.ceil(options.concurrency / 2));
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** Looks for work at once (jobs were queued) instead of at the next poll. */
  wake(): void {
    this.woken = true;
    this.interrupt?.();
  }

  /** Jobs running now. */
  get size(): number {
    return this.running.size;
  }

  /**
   * Stops fetching, lets running jobs finish within `graceMs`, fails the attempts of the rest
   * (they are retried by another worker) and settles everything finished.
   */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    this.interrupt?.();
    await this.loop;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.running.values()]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, graceMs);
      }),
    ]);
    clearTimeout(timer);
    const abandoned = [...this.running.keys()];
    for (const id of abandoned) this.settle('fail', () => this.source.fail(id, new Error('the worker stopped while the job ran')));
    this.flushCompleted();
    while (this.settling.size > 0) await Promise.allSettled([...this.settling]);
  }

  private async run(): Promise<void> {
    const pollEveryMs = this.options.pollMs / this.options.concurrency;
    let pollAt = performance.now() + pollEveryMs;
    while (!this.stopping) {
      // The poll is due on its own clock: a job finishing wakes the loop but must not push the poll
      // back, or a worker whose jobs finish more often than it polls never looks for new work
      // until half its slots are free (a single review then waited behind a whole refill).
      const now = performance.now();
      if (now >= pollAt) {
        this.woken = true;
        pollAt = now + pollEveryMs;
      }
      const free = this.options.concurrency - this.running.size;
      // Any job may go to `open` slots; the rest of the free ones are kept for interactive jobs.
      const open = Math.min(free, this.bulkSlots - this.runningBulk);
      if (open > 0 && (this.woken || (!this.drained && open >= this.refillAt))) {
        const woken = this.woken;
        this.woken = false;
        const jobs = await this.fetch(open);
        this.drained = jobs.length < open;
        // The queue still had work on a wake or poll: look at once whether interactive jobs wait for the kept slots.
        if (woken && !this.drained && free > open) this.woken = true;
        continue;
      }
      if (free > open && this.woken) {
        this.woken = false;
        await this.fetch(free - open, this.minPriority);
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, pollAt - now));
        this.interrupt = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.interrupt = undefined;
    }
  }

  /** Fetches up to `count` jobs (of at least `minPriority` when given) and starts them; none when the fetch failed. */
  private async fetch(count: number, minPriority?: number): Promise<FetchedJob<T>[]> {
    let jobs: FetchedJob<T>[] = [];
    try {
      jobs = await this.source.fetch(count, minPriority);
    } catch (error) {
      log.warn({ err: error, queue: this.name }, 'could not fetch jobs; trying again at the next poll');
    }
    for (const job of jobs) this.execute(job);
    return jobs;
  }

  private execute(job: FetchedJob<T>): void {
    const bulk = job.priority < this.minPriority;
    if (bulk) this.runningBulk += 1;
    this.options.onActive?.(1);
    const leaseEndsAt = performance.now() + Math.max(1, job.expireInSeconds) * 1000;
    const run = (async () => {
      let output: unknown;
      let failure: { error: unknown } | undefined;
      const handled = this.handler({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit });
      // The process counts a handler as running until it returns, also past its lease (its slot is free by then).
      void handled.then(
        () => this.options.onActive?.(-1),
        () => this.options.onActive?.(-1),
      );
      try {
        output = await withinLease(handled, leaseEndsAt);
      } catch (error) {
        failure = { error };
      }
      this.running.delete(job.id);
      if (bulk) this.runningBulk -= 1;
      if (failure?.error instanceof LeaseLost) {
        // This worker was stopped (SIGSTOP, a frozen VM) past the job's lease: the queue has expired it
        // and may have handed it to another worker, whose delivery a settle from here would end.
        log.warn(
          { queue: this.name, jobId: job.id, lateMs: Math.round(failure.error.lateMs) },
          'job lease lost while this worker was paused; left to the queue',
        );
      } else if (failure) this.settle('fail', () => this.source.fail(job.id, failure.error));
      else if (output !== undefined && output !== null) this.settle('complete', () => this.source.complete([job.id], outputOf(output)));
      else this.completeLater(job.id);
      // A slot is free: look for the next job (at once when the queue is known to have work).
      this.interrupt?.();
    })();
    this.running.set(job.id, run);
  }

  private completeLater(id: string): void {
    this.toComplete.push(id);
    if (this.toComplete.length >= this.completeAt || this.running.size === 0 || this.stopping) this.flushCompleted();
    else this.completeTimer ??= setTimeout(() => this.flushCompleted(), this.options.completeDelayMs);
  }

  private flushCompleted(): void {
    clearTimeout(this.completeTimer);
    this.completeTimer = undefined;
    if (this.toComplete.length === 0) return;
    const ids = this.toComplete;
    this.toComplete = [];
    this.settle('complete', () => this.source.complete(ids));
  }

  private settle(method: 'complete' | 'fail', call: () => Promise<unknown>): void {
    const settled = retryTransient(call, this.options.settleRetry)
      .catch((error: unknown) => {
        if (isTransientDatabaseError(error))
          log.warn({ err: error, method, queue: this.name }, 'could not settle a job; it is retried when its lease expires');
        else log.error({ err: error, method, queue: this.name }, 'could not settle a job');
      })
      .finally(() => this.settling.delete(settled));
    this.settling.add(settled);
  }
}

/** How late a lease's end may be noticed and still be this worker's to settle (timers of a busy process run late). */
const LEASE_SLACK_MS = 1_000;

/** The lease ran out while this worker could not act (it was paused): settling is left to the queue's expiry. */
class LeaseLost extends Error {
  constructor(readonly lateMs: number) {
    super(`the job's lease ended ${Math.round(lateMs)} ms before this worker noticed`);
    this.name = 'LeaseLost';
  }
}

/**
 * A handler that outlives its lease fails its attempt, as under pg-boss' `work()` (the job is
 * retried; the handler is not interrupted, and a later attempt that takes its review over stops it,
 * see ReviewRunner). When the end of the lease is noticed late (the process was paused), or the
 * handler finishes after it, the outcome is {@link LeaseLost}: nothing is settled.
 */
async function withinLease<R>(work: Promise<R>, leaseEndsAt: number): Promise<R> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => {
            const late = performance.now() - leaseEndsAt;
            reject(late > LEASE_SLACK_MS ? new LeaseLost(late) : new Error('handler execution exceeded its lease'));
          },
          Math.max(0, leaseEndsAt - performance.now()),
        );
      }),
    ]);
    const late = performance.now() - leaseEndsAt;
    if (late > LEASE_SLACK_MS) throw new LeaseLost(late);
    return result;
  } catch (error) {
    const late = performance.now() - leaseEndsAt;
    if (late > LEASE_SLACK_MS && !(error instanceof LeaseLost)) throw new LeaseLost(late);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** pg-boss keeps an object as the job's output as it is and wraps anything else. */
const outputOf = (value: unknown): object => (typeof value === 'object' && !Array.isArray(value) ? (value as object) : { value });
