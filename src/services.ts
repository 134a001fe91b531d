import { storeSizes } from './platform/db/store-sizes.js';
import { MemoryRetention } from './memory/retention.js';
import type { Config } from './config.js';
import type { AppDependencies } from './context.js';
import { AuditLog } from './audit/service.js';
import { IdentityService } from './identity/service.js';
import { SessionService } from './identity/sessions.js';
import { createTokenVerifier, type TokenVerifier } from './identity/tokens.js';
import { KnowledgeService } from './knowledge/service.js';
import { createModelProvider, type ModelProvider } from './platform/llm/provider.js';
import { compileReviewGraph } from './review/agent/graph.js';
import { InProcessGraph, type ReviewGraphExecutor } from './review/run/graph-executor.js';
import { DocumentExtractor } from './review/documents/extractor.js';
import { GraphThreadPool } from './review/run/graph-thread-pool.js';
import { ReviewService } from './review/service.js';
import { JobQueue } from './platform/jobs/job-queue.js';
import { ProcessRegistry } from './platform/jobs/process-registry.js';
import { ChatService } from './memory/service.js';
import { poolStats, type Database } from './platform/db/prisma.js';
import { createMetrics, type Metrics } from './platform/telemetry/metrics.js';
import { ObservabilityService } from './observability/service.js';
import { traceStore } from './platform/telemetry/sdk.js';
import { createEventBus } from './platform/pubsub.js';
import type { RedisConnections } from './platform/redis.js';
import { QuotaService } from './identity/quotas.js';
import { RateLimitService } from './identity/rate-limits.js';
import { MemoryRateLimitStore } from './platform/rate-limit/memory-store.js';
import { RedisRateLimitStore } from './platform/rate-limit/redis-store.js';
import { RedisUserSlotStore } from './platform/rate-limit/redis-user-slots.js';
import { MemoryUserSlotStore } from './platform/rate-limit/user-slots.js';
import { rateLimitVariable } from './config.js';
import { ErasureService } from './erasure/service.js';
import { SubjectHasher } from './erasure/subject-hash.js';
import { Tombstones } from './erasure/tombstones.js';
import type { MemoryStores } from './erasure/inventory.js';
import { demoTokenSigner } from './transport/graphiql.js';
import { refuseOverridesInProduction, type TestOverrides } from './test-overrides.js';

/** Wires the services of every domain over one database and event bus. */
export function createDependencies(options: {
  config: Config;
  db: Database;
  /** The same database, for the LangGraph checkpointer's own pool. */
  databaseUrl: string;
  tokens?: TokenVerifier;
  jwtSecret?: string;
  provider?: ModelProvider;
  /** Prometheus metrics; a fresh registry per app by default. */
  metrics?: Metrics;
  /** Key of erasure hashes when the configuration has none (development: from the data folder). */
  erasureHashKey?: string;
  /** Composed by the testkit only (see test-overrides.ts); refused in production. */
  testOverrides?: TestOverrides;
  /** Redis connections (REDIS_URL): event fan-out and the shared progress log. */
  redis?: RedisConnections;
  /** In-memory stores an erasure must clear besides the review progress log. */
  traceStore?: Pick<MemoryStores, 'countTraces' | 'forgetTraces'>;
}): AppDependencies {
  const { config, db } = options;
  refuseOverridesInProduction(config.env, options.testOverrides);
  const overrides = options.testOverrides ?? {};
  const provider = options.provider ?? createModelProvider(config.models);
  const audit = new AuditLog(db);
  const knowledge = new KnowledgeService(db, audit);
  const events = createEventBus(options.redis);
  const hashKey =
    config.erasureHashKey ?? options.erasureHashKey ?? (config.auth.jwtSecret ? `erasure:${config.auth.jwtSecret}` : undefined);
  if (!hashKey) throw new Error('an erasure hash key is required (SUANNI_ERASURE_HASH_KEY)');
  const hasher = new SubjectHasher(hashKey);
  const tombstones = new Tombstones(db, hasher);
  const quotas = new QuotaService(db, config.quotas, audit);
  const rateLimits = new RateLimitService(
    db,
    // With Redis, every gateway charges the same buckets; otherwise each process counts its own.
    options.redis
      ? new RedisRateLimitStore(options.redis.commands, config.rateLimits.keyPrefix, { health: options.redis.health })
      : new MemoryRateLimitStore(),
    { ...config.rateLimits, ceilingVariable: (scope, operationClass) => rateLimitVariable(scope, operationClass, true) },
    audit,
  );
  const jobs = new JobQueue({ connectionString: options.databaseUrl, ...config.jobs });
  // Replaced nodes and an injected provider are objects of this thread: such graphs run here.
  const reviewGraph: ReviewGraphExecutor =
    config.reviews.threads > 0 && !overrides.reviewNodes && !options.provider
      ? new GraphThreadPool({ threads: config.reviews.threads, models: config.models, modelExtraction: config.reviews.modelExtraction })
      : new InProcessGraph(
          compileReviewGraph({ provider, modelExtraction: config.reviews.modelExtraction }, { overrides: overrides.reviewNodes }),
        );
  const metrics = options.metrics ?? createMetrics();
  const reviews = new ReviewService({
    db,
    events,
    knowledge,
    documents: new DocumentExtractor(config.extraction),
    graph: reviewGraph,
    provider,
    limits: config.reviews,
    metrics,
    barrier: tombstones,
    quota: (principal, count) => quotas.assertRoom(principal.tenantId, 'reviewsPerDay', count),
    sharedProgress: options.redis && { redis: options.redis.commands, health: options.redis.health },
    jobs,
    jobRetry: { limit: config.jobs.retryLimit, delaySeconds: config.jobs.retryDelaySeconds },
    exitAfterClaims: overrides.reviews?.exitAfterClaims,
    audit,
    pauseAfterClaims: overrides.reviews?.pauseAfterClaims,
  });
  metrics.observeQueue(() => ({ depth: reviews.queueDepth, running: reviews.queueRunning, cluster: reviews.clusterQueue }));
  const processes = new ProcessRegistry(db, {
    role: config.role,
    intervalSeconds: config.jobs.heartbeatSeconds,
    runningJobs: () => jobs.runningHere,
  });
  metrics.observeProcesses(() => processes.snapshot);
  metrics.observePool(() => poolStats(db));
  metrics.observeStores(() => storeSizes(db));
  const redisHealth = options.redis?.health;
  if (redisHealth) metrics.observeRedis(() => redisHealth);

  const sessions = new SessionService(db, events, quotas, tombstones, audit);
  const identity = new IdentityService(db, tombstones, audit);
  const memoryStores: MemoryStores = {
    countTraces: (userId) => (options.traceStore ? options.traceStore.countTraces(userId) : traceStore().countForUser(userId)),
    forgetTraces: (userId) => (options.traceStore ? options.traceStore.forgetTraces(userId) : traceStore().forgetUser(userId)),
    countProgress: (userId) => reviews.progress.countForUser(userId),
    forgetProgress: (userId) => reviews.progress.forgetUser(userId),
  };
  const tokens =
    options.tokens ??
    createTokenVerifier({
      secret: config.auth.jwtSecret ?? options.jwtSecret,
      jwksUrl: config.auth.jwksUrl,
      issuer: config.auth.issuer,
      audience: config.auth.audience,
      maxLifetimeSeconds: config.auth.maxTokenLifetimeSeconds,
    });
  return {
    config,
    db,
    events,
    tokens,
    metrics,
    processes,
    // With Redis, a user's sockets and subscriptions count on every gateway; otherwise per process.
    userSlots: options.redis
      ? new RedisUserSlotStore(options.redis.commands, config.rateLimits.keyPrefix, {
          leaseMs: config.rateLimits.connectionLeaseMs,
          processTtlMs: config.rateLimits.connectionProcessTtlMs,
          health: options.redis.health,
        })
      : new MemoryUserSlotStore(),
    redisHealth: options.redis?.health,
    demoTokens: demoTokenSigner({
      env: config.env,
      secret: config.auth.jwtSecret ?? options.jwtSecret,
      jwksUrl: config.auth.jwksUrl,
      issuer: config.auth.issuer,
      audience: config.auth.audience,
    }),
    services: {
      audit,
      identity,
      quotas,
      rateLimits,
      erasure: new ErasureService(db, events, tombstones, hasher, identity, memoryStores, audit, {
        faultAfterStep: overrides.erasure?.crashAfterStep,
        failAfterStep: overrides.erasure?.failAfterStep,
        exitAfterStep: overrides.erasure?.exitAfterStep,
        retry: overrides.erasure?.retry,
        metrics,
        jobs,
      }),
      sessions,
      knowledge,
      reviews,
      judgement: reviews.judgement,
      observability: new ObservabilityService(
        db,
        () => ({
          depth: reviews.queueDepth,
          running: reviews.queueRunning,
          concurrency: config.reviews.concurrency,
          cluster: reviews.clusterQueue,
        }),
        audit,
        () => processes.live(),
      ),
      retention: new MemoryRetention(db, options.databaseUrl, tombstones, audit, config.retention, jobs),
      chat: new ChatService(db, options.databaseUrl, sessions, provider, config.chat, tombstones, quotas, {
        summarizer: overrides.chatSummarizer,
        metrics,
        audit,
      }),
    },
  };
}
