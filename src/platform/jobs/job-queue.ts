import PgBoss from 'pg-boss';
import { exclusively } from '../db/advisory-lock.js';
import type { SqlRunner } from '../db/write-barrier.js';
import type { RetryOptions } from '../db/transient.js';
import { createLogger } from '../logger.js';
import { JobNotifications, JOB_CHANNEL, NOTIFY_JOBS } from './job-notifications.js';
import { QueueWorker, type FetchedJob, type QueuedJob, type QueueWorkerOptions } from './queue-worker.js';

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
  /** New jobs announced by other processes (started with the first worker). */
  private notifications: JobNotifications | undefined;

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

  /**
   * Queues jobs; with `sql`, inside the caller's transaction (they exist exactly when its rows do).
   * Workers of every process are told (see {@link announce}); with `sql` once the transaction commits.
   */
  async insert<T extends object>(name: string, jobs: readonly { data: T; priority?: number }[], sql?: SqlRunner): Promise<void> {
    if (jobs.length === 0) return;
    const rows = jobs.map((job) => ({ name, data: job.data, priority: job.priority ?? 0 }));
    if (sql) {
      await this.boss.insert(rows, { db: { executeSql: async (text: string, values: unknown[]) => ({ rows: await sql(text, values) }) } });
      await sql(NOTIFY_JOBS, [JOB_CHANNEL, name]);
    } else {
      await this.boss.insert(rows);
      await this.announce(name);
    }
  }

  /**
   * Tells the workers of every process that a queue has new jobs (NOTIFY, heard by their
   * {@link JobNotifications}), and this process's at once: a worker whose slots are all busy takes
   * the new job with its next free slot (a single review goes ahead of a batch that holds every
   * slot) instead of waiting for its next poll or for half its slots.
   */
  private async announce(name: string): Promise<void> {
    this.wake(name);
    await this.boss
      .getDb()
      .executeSql(NOTIFY_JOBS, [JOB_CHANNEL, name])
      .catch((error: unknown) =>
        log.warn({ err: error, queue: name }, 'new jobs not announced; other processes find them at their next poll'),
      );
  }

  /**
   * Runs `concurrency` jobs of a queue at a time in this process; a throw fails the attempt
   * (retried while retries remain). Jobs are fetched several at a time and completed in batches
   * (see {@link QueueWorker}); a handler's non-empty return value becomes the job's output.
   */
  async work<T>(
    name: string,
    concurrency: number,
    handler: (job: QueuedJob<T>) => Promise<unknown>,
    options: { reserve?: QueueWorkerOptions['reserve'] } = {},
  ): Promise<void> {
    const worker = new QueueWorker<T>(
      name,
      {
        fetch: async (count, minPriority) =>
          minPriority === undefined
            ? (await this.boss.fetch<T>(name, { batchSize: count, includeMetadata: true, priority: true })).map(
                (job): FetchedJob<T> => ({
                  id: job.id,
                  data: job.data,
                  retryCount: job.retryCount,
                  retryLimit: job.retryLimit,
                  priority: job.priority,
                  // EXTRACT(epoch …) is a numeric, which node-postgres returns as a string.
                  expireInSeconds: Number((job as { expireInSeconds?: unknown }).expireInSeconds ?? this.options.leaseSeconds),
                }),
              )
            : this.fetchAtLeast<T>(name, count, minPriority),
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
        ...(options.reserve ? { reserve: options.reserve } : {}),
      },
    );
    this.workers.set(name, [...(this.workers.get(name) ?? []), worker as QueueWorker<unknown>]);
    worker.start();
    if (!this.notifications) {
      this.notifications = new JobNotifications(this.options.connectionString, (queue) =>
        queue === '*' ? this.wakeAll() : this.wake(queue),
      );
      await this.notifications.start();
    }
  }

  /**
   * pg-boss' fetch (its `fetchNextJob` of 10.x, for queues of the standard policy, which are all
   * this project makes) restricted to jobs of at least `minPriority`: what a worker's slots kept
   * for interactive work take. pg-boss has no such filter; the statement moves a job to `active`
   * and counts a retry exactly as its own does.
   */
  private async fetchAtLeast<T>(name: string, count: number, minPriority: number): Promise<FetchedJob<T>[]> {
    const { rows } = await this.boss.getDb().executeSql(
      `WITH next AS (
         SELECT id FROM ${JOB_SCHEMA}.job
          WHERE name = $1 AND state < 'active' AND start_after < now() AND priority >= $3
          ORDER BY priority DESC, created_on, id
          LIMIT $2
          FOR UPDATE SKIP LOCKED
       )
       UPDATE ${JOB_SCHEMA}.job AS job SET state = 'active', started_on = now(),
              retry_count = CASE WHEN job.started_on IS NOT NULL THEN job.retry_count + 1 ELSE job.retry_count END
         FROM next WHERE job.name = $1 AND job.id = next.id
       RETURNING job.id, job.data, job.priority, job.retry_count, job.retry_limit, EXTRACT(epoch FROM job.expire_in) AS expire_seconds`,
      [name, count, minPriority],
    );
    const fetched: { id: string; data: T; priority: number; retry_count: number; retry_limit: number; expire_seconds: string | number }[] =
      rows;
    return fetched.map((row) => ({
      id: row.id,
      data: row.data,
      priority: row.priority,
      retryCount: row.retry_count,
      retryLimit: row.retry_limit,
      expireInSeconds: Number(row.expire_seconds),
    }));
  }

  /** Wakes this process' workers of a queue: each takes new jobs with its next free slot instead of at its next poll. */
  wake(name: string): void {
    for (const worker of this.workers.get(name) ?? []) worker.wake();
  }

  private wakeAll(): void {
    for (const name of this.workers.keys()) this.wake(name);
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
    await this.announce(name);
    return true;
  }

  /** Cancels a job not finished yet (its handler, if running, is not interrupted). */
  async cancel(name: string, id: string): Promise<void> {
    await this.boss.cancel(name, id);
  }

  async send<T extends object>(name: string, data: T, priority = 0): Promise<string> {
    const id = await this.boss.send(name, data, { priority });
    await this.announce(name);
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
    await this.notifications?.stop();
    this.notifications = undefined;
    await Promise.all(workers.map((worker) => worker.stop(graceMs)));
    await this.boss.stop({ graceful: false, wait: true });
  }
}
