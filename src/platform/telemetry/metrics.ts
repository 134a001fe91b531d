import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Connection counts of a node-postgres pool. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

const operationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const reviewBuckets = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const batchBuckets = [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

/**
 * The gateway's Prometheus metrics, one registry per app (tests run several apps in a process).
 * Labels are bounded: operation types, root field names (validated against the schema), error
 * codes, outcomes. Never a user, tenant or operation name of the client's choosing.
 */
/** What the queue gauges read: this process' queue and, when known, the queue across all workers. */
interface QueueSource {
  depth: number;
  running: number;
  cluster?: { queued: number; running: number; retried: number; failed: number; oldestWaitingSeconds: number };
}

/** This process's Redis as the gauges read it (REDIS_URL set). */
interface RedisSource {
  available: boolean;
  outages: number;
  downForSeconds: number;
}

/** A live process as the registry gauges read it. */
interface ProcessSource {
  id: string;
  role: string;
  host: string;
  lastSeenAt: Date;
  runningJobs: number;
}

export function createMetrics(options: { defaultMetrics?: boolean } = {}) {
  const registry = new Registry();
  if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: registry });
  const sources: {
    pool?: () => PoolStats | undefined;
    queue?: () => QueueSource;
    processes?: () => readonly ProcessSource[];
    stores?: () => Promise<readonly { name: string; totalBytes: number; rowEstimate: number }[]>;
    redis?: () => RedisSource;
  } = {};

  const metrics = {
    registry,

    graphqlRequests: new Counter({
      name: 'suanni_graphql_requests_total',
      help: 'GraphQL operations received, by operation type, first root field and transport.',
      labelNames: ['operation_type', 'root_field', 'transport'] as const,
      registers: [registry],
    }),
    graphqlErrors: new Counter({
      name: 'suanni_graphql_errors_total',
      help: 'Errors returned by GraphQL operations, by extensions.code.',
      labelNames: ['code', 'operation_type', 'root_field'] as const,
      registers: [registry],
    }),
    graphqlDuration: new Histogram({
      name: 'suanni_graphql_operation_duration_seconds',
      help: 'Time from receiving a GraphQL operation to its result (subscriptions: to the stream being set up).',
      labelNames: ['operation_type', 'root_field', 'transport'] as const,
      buckets: operationBuckets,
      registers: [registry],
    }),
    activeSubscriptions: new Gauge({
      name: 'suanni_graphql_active_subscriptions',
      help: 'Subscriptions streaming right now, by root field and transport.',
      labelNames: ['root_field', 'transport'] as const,
      registers: [registry],
    }),
    subscriptionEvents: new Counter({
      name: 'suanni_graphql_subscription_events_total',
      help: 'Subscription events delivered, by root field.',
      labelNames: ['root_field'] as const,
      registers: [registry],
    }),

    reviews: new Counter({
      name: 'suanni_reviews_total',
      help: 'Reviews finished, by outcome (SUCCEEDED, FAILED) and error code (none when succeeded).',
      labelNames: ['outcome', 'error_code'] as const,
      registers: [registry],
    }),
    reviewDuration: new Histogram({
      name: 'suanni_review_duration_seconds',
      help: 'Run time of one review (claim to stored result), by outcome.',
      labelNames: ['outcome'] as const,
      buckets: reviewBuckets,
      registers: [registry],
    }),
    reviewsDegraded: new Counter({
      name: 'suanni_reviews_degraded_total',
      help: 'Reviews that succeeded with a model call degraded to the rules answer.',
      registers: [registry],
    }),
    batchesSubmitted: new Counter({
      name: 'suanni_review_batches_submitted_total',
      help: 'Review batches submitted.',
      registers: [registry],
    }),
    batchesCompleted: new Counter({
      name: 'suanni_review_batches_completed_total',
      help: 'Review batches whose every review finished.',
      registers: [registry],
    }),
    batchReviews: new Counter({
      name: 'suanni_review_batch_reviews_total',
      help: 'Reviews of batches finished, by outcome: rate() of it is the batch throughput.',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    batchDuration: new Histogram({
      name: 'suanni_review_batch_duration_seconds',
      help: 'Time from a batch being submitted to its last review finishing.',
      buckets: batchBuckets,
      registers: [registry],
    }),
    batchThroughput: new Gauge({
      name: 'suanni_review_batch_last_throughput_reviews_per_second',
      help: 'Reviews per second of the most recently completed batch.',
      registers: [registry],
    }),

    /** Registered for the chat feature, which records it. */
    chatPromptTokens: new Counter({
      name: 'suanni_chat_prompt_tokens_total',
      help: 'Prompt (input) tokens sent to the model by chat turns, by provider and model.',
      labelNames: ['provider', 'model'] as const,
      registers: [registry],
    }),
    /** Registered for the erasure feature, which records them. */
    erasures: new Counter({
      name: 'suanni_erasures_total',
      help: 'Erasure requests finished, by outcome.',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    erasedItems: new Counter({
      name: 'suanni_erased_items_total',
      help: 'Items erased, by store (e.g. sessions, reviews, facts, checkpoints, traces).',
      labelNames: ['store'] as const,
      registers: [registry],
    }),

    /** Where the queue and pool gauges read their values at scrape time. */
    observeQueue(read: () => QueueSource) {
      sources.queue = read;
    },
    observePool(read: () => PoolStats | undefined) {
      sources.pool = read;
    },
    /** The registry of live processes, as of this process's last heartbeat. */
    observeProcesses(read: () => readonly ProcessSource[]) {
      sources.processes = read;
    },
    /** Rows and bytes per store (table), read from the database at scrape time. */
    observeStores(read: () => Promise<readonly { name: string; totalBytes: number; rowEstimate: number }[]>) {
      sources.stores = read;
    },

    /** This process's Redis (only with REDIS_URL: without it the Redis series are absent). */
    observeRedis(read: () => RedisSource) {
      sources.redis = read;
    },

    /** The registry in Prometheus text format. */
    async text(): Promise<{ contentType: string; body: string }> {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };

  // Both store gauges read one snapshot per scrape (the first to collect asks, the other reuses it).
  let storeSnapshot: Promise<readonly { name: string; totalBytes: number; rowEstimate: number }[]> | undefined;
  const stores = () => {
    storeSnapshot ??= (sources.stores?.() ?? Promise.resolve([])).finally(() =>
      setTimeout(() => (storeSnapshot = undefined), 1_000).unref(),
    );
    return storeSnapshot.catch(() => []);
  };
  new Gauge({
    name: 'suanni_store_rows',
    help: 'Rows per store (table; checkpoint tables as langgraph.<table>), the planner estimate.',
    labelNames: ['store'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const store of await stores()) this.set({ store: store.name }, store.rowEstimate);
    },
  });
  new Gauge({
    name: 'suanni_store_bytes',
    help: 'Bytes per store (table, indexes and TOAST).',
    labelNames: ['store'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const store of await stores()) this.set({ store: store.name }, store.totalBytes);
    },
  });
  new Gauge({
    name: 'suanni_review_queue_depth',
    help: 'Reviews queued and not yet running in this process.',
    registers: [registry],
    collect() {
      this.set(sources.queue?.().depth ?? 0);
    },
  });
  new Gauge({
    name: 'suanni_review_running',
    help: 'Reviews running in this process.',
    registers: [registry],
    collect() {
      this.set(sources.queue?.().running ?? 0);
    },
  });
  new Gauge({
    name: 'suanni_review_jobs',
    help: 'Review jobs across every worker process, by state: queued, running, retried (on a later attempt), failed (for good).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const cluster = sources.queue?.().cluster;
      for (const state of ['queued', 'running', 'retried', 'failed'] as const) this.set({ state }, cluster?.[state] ?? 0);
    },
  });
  new Gauge({
    name: 'suanni_review_oldest_waiting_seconds',
    help: 'How long the oldest review job ready to run has waited, across every worker process.',
    registers: [registry],
    collect() {
      this.set(sources.queue?.().cluster?.oldestWaitingSeconds ?? 0);
    },
  });
  new Gauge({
    name: 'suanni_live_processes',
    help: 'Gateway and worker processes whose heartbeat has not expired, by role (gateway, worker, all).',
    labelNames: ['role'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const counts = new Map<string, number>([
        ['gateway', 0],
        ['worker', 0],
        ['all', 0],
      ]);
      for (const entry of sources.processes?.() ?? []) counts.set(entry.role, (counts.get(entry.role) ?? 0) + 1);
      for (const [role, count] of counts) this.set({ role }, count);
    },
  });
  // One series per live process: bounded by the deployment's size, not by clients.
  new Gauge({
    name: 'suanni_process_heartbeat_age_seconds',
    help: "Seconds since each live process's last heartbeat.",
    labelNames: ['process', 'role', 'host'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const now = Date.now();
      for (const entry of sources.processes?.() ?? [])
        this.set({ process: entry.id, role: entry.role, host: entry.host }, Math.max(0, (now - entry.lastSeenAt.getTime()) / 1000));
    },
  });
  new Gauge({
    name: 'suanni_process_running_jobs',
    help: 'Jobs each live process was running at its last heartbeat.',
    labelNames: ['process', 'role'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const entry of sources.processes?.() ?? []) this.set({ process: entry.id, role: entry.role }, entry.runningJobs);
    },
  });
  new Gauge({
    name: 'suanni_db_pool_connections',
    help: 'Connections of the gateway pool: total (open), idle, waiting (queued requests for a connection), max.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = sources.pool?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
      this.set({ state: 'max' }, stats.max);
    },
  });
  new Gauge({
    name: 'suanni_redis_up',
    help: 'With REDIS_URL: 1 while Redis answers, 0 while this process runs degraded without it (events local, limits per process).',
    registers: [registry],
    collect() {
      this.reset();
      const redis = sources.redis?.();
      if (redis) this.set(redis.available ? 1 : 0);
    },
  });
  new Gauge({
    name: 'suanni_redis_down_seconds',
    help: 'With REDIS_URL: seconds since Redis became unavailable (0 while it answers).',
    registers: [registry],
    collect() {
      this.reset();
      const redis = sources.redis?.();
      if (redis) this.set(redis.available ? 0 : redis.downForSeconds);
    },
  });
  new Counter({
    name: 'suanni_redis_outages_total',
    help: 'With REDIS_URL: times Redis became unavailable since the process started (a start without it counts).',
    registers: [registry],
    collect() {
      const redis = sources.redis?.();
      if (!redis) return;
      this.reset();
      this.inc(redis.outages);
    },
  });
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;
