import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import { isTransientDatabaseError, retryTransient, type RetryOptions } from '../db/transient.js';
import { createLogger } from '../logger.js';

const log = createLogger('jobs');

/**
 * pg-boss 10.4 settles a fetched job with `this.complete(...)` / `this.fail(...)` without awaiting
 * them (src/manager.js, onFetch): when the database drops the connection at that moment the
 * rejection is unhandled and takes the process down. A transient failure to settle is retried
 * with backoff (the database is usually back within seconds, and a job left active would wait for
 * its lease to expire before running again); if it still fails, it is logged and the job is
 * retried once its lease expires, which the idempotent handlers absorb. Any other error propagates.
 */
const SETTLE_RETRY: RetryOptions = { attempts: 8, baseDelayMs: 100, maxDelayMs: 2_000 };

function settleTolerantly(): void {
  const { prototype } = createRequire(import.meta.url)('pg-boss/src/manager.js') as {
    prototype: Record<'complete' | 'fail', (...args: unknown[]) => Promise<unknown>>;
  };
  for (const method of ['complete', 'fail'] as const) {
    const settle = prototype[method];
    prototype[method] = async function (this: unknown, ...args: unknown[]) {
      try {
        return await retryTransient(() => settle.apply(this, args), SETTLE_RETRY);
      } catch (error) {
        if (!isTransientDatabaseError(error)) throw error;
        log.warn({ err: error, method, queue: args[0] }, 'could not settle a job; it is retried when its lease expires');
        return { jobs: [], requested: 0, affected: 0 };
      }
    };
  }
}
settleTolerantly();

/** Where pg-boss keeps its tables: a schema of its own in the application's database. */
export const JOB_SCHEMA = 'pgboss';

export interface JobQueueOptions {
  connectionString: string;
  /** How long a worker may hold a job before it counts as lost and is retried (the lease). */
  leaseSeconds: number;
  /** How often expired leases are looked for (pg-boss maintenance). */
  superviseSeconds: number;
  /** How often an idle worker looks for work when nobody woke it. */
  pollSeconds: number;
  /** Connections of pg-boss' own pool. */
  poolMax?: number;
}

export interface QueueDefinition {
  name: string;
  /** Retries after the first attempt. */
  retryLimit: number;
  /** Seconds before the first retry; doubled each time (pg-boss' exponential backoff with jitter). */
  retryDelaySeconds: number;
  /** Queue that receives a copy of a job that failed for good. */
  deadLetter?: string;
}

/** A queue across all processes (see {@link JobQueue.stats}). */
export interface ClusterQueueStats {
  queued: number;
  running: number;
  /** Waiting or running jobs that are on a second or later attempt. */
  retried: number;
  /** Jobs that failed for good (kept for the retention period). */
  failed: number;
  oldestWaitingSeconds: number;
}

/** A job as a handler sees it. */
export interface QueuedJob<T> {
  id: string;
  data: T;
  /** Attempts before this one. */
  retryCount: number;
  retryLimit: number;
}

/** Runs SQL inside the caller's transaction, so that a job is created with the rows it is about. */
export type SqlRunner = (text: string, values: unknown[]) => Promise<unknown[]>;

/**
 * Durable jobs in PostgreSQL (pg-boss 10, the last line that runs on Node 20): at-least-once
 * delivery, retries with backoff, a lease per job (a job whose worker died is retried once its
 * lease expires), priorities, and a graceful stop. Handlers must be idempotent.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly workers = new Map<string, string[]>();
  private started = false;
  private starting: Promise<void> | undefined;
  /** Jobs whose handler runs in this process now, over all queues (the process registry reports them). */
  private active = 0;

  constructor(private readonly options: JobQueueOptions) {
    this.boss = new PgBoss({
      connectionString: options.connectionString,
      schema: JOB_SCHEMA,
      max: options.poolMax ?? 4,
      application_name: 'suanni-jobs',
      expireInSeconds: options.leaseSeconds,
      maintenanceIntervalSeconds: options.superviseSeconds,
      schedule: false,
    });
    this.boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  }

  /**
   * Creates the schema (first start) and the queues; safe to run in every process at once, and
   * once per domain in one process (each adds its queues to the one pg-boss instance).
   */
  async start(queues: readonly QueueDefinition[]): Promise<void> {
    this.starting ??= this.boss.start().then(() => {
      this.started = true;
    });
    await this.starting;
    for (const queue of queues) {
      await this.boss.createQueue(queue.name, {
        name: queue.name,
        retryLimit: queue.retryLimit,
        retryDelay: queue.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: this.options.leaseSeconds,
        ...(queue.deadLetter ? { deadLetter: queue.deadLetter } : {}),
      });
    }
  }

  /** Queues jobs; with `sql`, inside the caller's transaction (they exist exactly when its rows do). */
  async insert<T extends object>(name: string, jobs: readonly { data: T; priority?: number }[], sql?: SqlRunner): Promise<void> {
    if (jobs.length === 0) return;
    const rows = jobs.map((job) => ({ name, data: job.data, priority: job.priority ?? 0 }));
    if (sql)
      await this.boss.insert(rows, { db: { executeSql: async (text: string, values: unknown[]) => ({ rows: await sql(text, values) }) } });
    else {
      await this.boss.insert(rows);
      this.wake(name);
    }
  }

  /** Runs `concurrency` jobs of a queue at a time in this process; a throw fails the attempt (retried while retries remain). */
  async work<T>(name: string, concurrency: number, handler: (job: QueuedJob<T>) => Promise<unknown>): Promise<void> {
    const ids: string[] = [];
    for (let slot = 0; slot < concurrency; slot += 1) {
      let workerId = '';
      workerId = await this.boss.work<T>(
        name,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.options.pollSeconds },
        async ([job]) => {
          this.active += 1;
          try {
            return await handler({ id: job!.id, data: job!.data, retryCount: job!.retryCount, retryLimit: job!.retryLimit });
          } finally {
            this.active -= 1;
            // A worker that just finished a job looks for the next one at once, not after its poll interval.
            this.boss.notifyWorker(workerId);
          }
        },
      );
      ids.push(workerId);
    }
    this.workers.set(name, [...(this.workers.get(name) ?? []), ...ids]);
  }

  /** Wakes this process' idle workers of a queue at once instead of at their next poll. */
  wake(name: string): void {
    for (const id of this.workers.get(name) ?? []) this.boss.notifyWorker(id);
  }

  /** Jobs of the queues not finished yet: waiting, waiting for a retry, or running anywhere. */
  async unfinished(names: readonly string[]): Promise<number> {
    let total = 0;
    for (const name of names) total += await this.boss.getQueueSize(name, { before: 'completed' });
    return total;
  }

  /** One queue across every process: waiting, running, retried and failed jobs, and how long the oldest has waited. */
  async stats(name: string): Promise<ClusterQueueStats> {
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS queued,
              count(*) FILTER (WHERE state = 'active')::int AS running,
              count(*) FILTER (WHERE state IN ('created', 'retry', 'active') AND retry_count > 0)::int AS retried,
              count(*) FILTER (WHERE state = 'failed')::int AS failed,
              coalesce(extract(epoch FROM now() - min(created_on) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())), 0)::float AS oldest
         FROM ${JOB_SCHEMA}.job WHERE name = $1`,
      [name],
    );
    const row = rows[0] as { queued: number; running: number; retried: number; failed: number; oldest: number };
    return { queued: row.queued, running: row.running, retried: row.retried, failed: row.failed, oldestWaitingSeconds: row.oldest };
  }

  /** A job's state and output (for callers that wait for a job's answer). */
  async job(name: string, id: string): Promise<{ state: string; output: unknown } | null> {
    const job = await this.boss.getJobById(name, id);
    return job ? { state: job.state, output: job.output } : null;
  }

  /** Jobs running in this process now. */
  get runningHere(): number {
    return this.active;
  }

  /** Whether the queue runs (between start and stop). */
  get running(): boolean {
    return this.started;
  }

  /**
   * Queues a job for `key` unless one for the same key is still waiting or running somewhere (a
   * resumption must not start a second run beside a live one). Two processes racing may both
   * queue one: handlers are idempotent.
   */
  async sendOnce<T extends object>(name: string, key: string, data: T, retry?: { limit: number; delaySeconds: number }): Promise<boolean> {
    const { rows } = await this.boss
      .getDb()
      .executeSql(`SELECT 1 FROM ${JOB_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state < 'completed' LIMIT 1`, [name, key]);
    if (rows.length > 0) return false;
    await this.boss.send(name, data, {
      singletonKey: key,
      ...(retry ? { retryLimit: retry.limit, retryDelay: retry.delaySeconds, retryBackoff: true } : {}),
    });
    this.wake(name);
    return true;
  }

  /** Cancels a job not finished yet (its handler, if running, is not interrupted). */
  async cancel(name: string, id: string): Promise<void> {
    await this.boss.cancel(name, id);
  }

  async send<T extends object>(name: string, data: T, priority = 0): Promise<string> {
    const id = await this.boss.send(name, data, { priority });
    this.wake(name);
    return id!;
  }

  /**
   * Stops taking work, lets running jobs finish within `graceMs`, then releases the rest (their
   * attempt fails and they are retried by another worker) and closes the pool.
   */
  async stop(graceMs: number): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.starting = undefined;
    await this.boss.stop({ graceful: true, timeout: graceMs, wait: true });
  }
}
