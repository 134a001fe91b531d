import PgBoss from 'pg-boss';
import { exclusively } from '../db/advisory-lock.js';
import type { SqlRunner } from '../db/write-barrier.js';
import type { RetryOptions } from '../db/transient.js';
import { createLogger } from '../logger.js';
import { QueueWorker, type FetchedJob, type QueuedJob } from './queue-worker.js';

export type { QueuedJob } from './queue-worker.js';

const log = createLogger('jobs');

/**
 * Settling a job (complete, fail) that fails on a lost connection is retried with backoff (the
 * database is usually back within seconds, and a job left active would wait for its lease to
 * expire before running again); if it still fails, it is logged and the job is retried once its
 * lease expires, which the idempotent handlers absorb.
 */
const SETTLE_RETRY: RetryOptions = { attempts: 8, baseDelayMs: 100, maxDelayMs: 2_000 };
/** How long a finished job may wait for others to be completed with it in one statement. */
const COMPLETE_DELAY_MS = 50;

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

/** Jobs are inserted with a runner of the caller's transaction, so that a job exists exactly when the rows it is about do. */
export type { SqlRunner };

/**
 * Durable jobs in PostgreSQL (pg-boss 10, the last line that runs on Node 20): at-least-once
 * delivery, retries with backoff, a lease per job (a job whose worker died is retried once its
 * lease expires), priorities, and a graceful stop. Handlers must be idempotent.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly workers = new Map<string, QueueWorker<unknown>[]>();
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
   * once per domain in one process (each adds its queues to the one pg-boss instance). Queues are
   * created one process at a time: pg-boss' create_queue inserts the queue row and then adds
   * constraints that lock the queue table, so two processes creating the same queue deadlock.
   */
  async start(queues: readonly QueueDefinition[]): Promise<void> {
    this.starting ??= this.boss.start().then(() => {
      this.started = true;
    });
    await this.starting;
    const missing = await this.missingQueues(queues);
    if (missing.length === 0) return;
    await exclusively(this.options.connectionString, 'suanni:job-queues', async () => {
      for (const queue of await this.missingQueues(missing))
        await this.boss.createQueue(queue.name, {
          name: queue.name,
          retryLimit: queue.retryLimit,
          retryDelay: queue.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: this.options.leaseSeconds,
          ...(queue.deadLetter ? { deadLetter: queue.deadLetter } : {}),
        });
    });
  }

  private async missingQueues(queues: readonly QueueDefinition[]): Promise<QueueDefinition[]> {
    const existing = new Set((await this.boss.getQueues()).map((queue) => queue.name));
    return queues.filter((queue) => !existing.has(queue.name));
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

  /**
   * Runs `concurrency` jobs of a queue at a time in this process; a throw fails the attempt
   * (retried while retries remain). Jobs are fetched several at a time and completed in batches
   * (see {@link QueueWorker}); a handler's non-empty return value becomes the job's output.
   */
  async work<T>(name: string, concurrency: number, handler: (job: QueuedJob<T>) => Promise<unknown>): Promise<void> {
    const worker = new QueueWorker<T>(
      name,
      {
        fetch: async (count) =>
          (await this.boss.fetch<T>(name, { batchSize: count, includeMetadata: true, priority: true })).map(
            (job): FetchedJob<T> => ({
              id: job.id,
              data: job.data,
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
              // EXTRACT(epoch …) is a numeric, which node-postgres returns as a string.
              expireInSeconds: Number((job as { expireInSeconds?: unknown }).expireInSeconds ?? this.options.leaseSeconds),
            }),
          ),
        complete: (ids, output) => this.boss.complete(name, ids, output),
        fail: (id, error) => this.boss.fail(name, id, error as object),
      },
      handler,
      {
        concurrency,
        pollMs: this.options.pollSeconds * 1000,
        settleRetry: SETTLE_RETRY,
        completeDelayMs: COMPLETE_DELAY_MS,
        onActive: (delta) => {
          this.active += delta;
        },
      },
    );
    this.workers.set(name, [...(this.workers.get(name) ?? []), worker as QueueWorker<unknown>]);
    worker.start();
  }

  /** Wakes this process' idle workers of a queue at once instead of at their next poll. */
  wake(name: string): void {
    for (const worker of this.workers.get(name) ?? []) worker.wake();
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
   * attempt fails and they are retried by another worker), settles what finished and closes the pool.
   */
  async stop(graceMs: number): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.starting = undefined;
    const workers = [...this.workers.values()].flat();
    this.workers.clear();
    await Promise.all(workers.map((worker) => worker.stop(graceMs)));
    await this.boss.stop({ graceful: false, wait: true });
  }
}
