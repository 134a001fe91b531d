import type { MemoryRetention } from './memory/retention.js';
import type { AuditLog } from './audit/service.js';
import type { ProcessRegistry } from './platform/jobs/process-registry.js';
import type { Database } from './platform/db/prisma.js';
import type { EventBus } from './platform/pubsub.js';
import type { Principal } from './identity/principal.js';
import type { IdentityService } from './identity/service.js';
import type { SessionService } from './identity/sessions.js';
import type { TokenVerifier } from './identity/tokens.js';
import type { KnowledgeService } from './knowledge/service.js';
import type { ReviewService } from './review/service.js';
import type { ReviewJudgement } from './review/judgement/service.js';
import type { ChatService } from './memory/service.js';
import type { QuotaService } from './identity/quotas.js';
import type { RateLimitService } from './identity/rate-limits.js';
import type { ErasureService } from './erasure/service.js';
import type { Metrics } from './platform/telemetry/metrics.js';
import type { ObservabilityService } from './observability/service.js';
import type { Config } from './config.js';
import type { DemoTokenSigner } from './transport/graphiql.js';
import type { UserSlotStore } from './platform/rate-limit/user-slots.js';
import type { RedisHealth } from './platform/redis.js';

/** Long-lived services, built once per process and shared by every request. */
export interface Services {
  audit: AuditLog;
  identity: IdentityService;
  sessions: SessionService;
  knowledge: KnowledgeService;
  reviews: ReviewService;
  /** Operating points and reviewers' decisions on findings (the review service's). */
  judgement: ReviewJudgement;
  observability: ObservabilityService;
  chat: ChatService;
  quotas: QuotaService;
  rateLimits: RateLimitService;
  erasure: ErasureService;
  retention: MemoryRetention;
}

/** What the application is built from; tests pass their own. */
export interface AppDependencies {
  config: Config;
  db: Database;
  events: EventBus;
  tokens: TokenVerifier;
  services: Services;
  /** Prometheus metrics of this app (/metrics). */
  metrics: Metrics;
  /** This process in the registry of live gateways and workers (started by the caller). */
  processes: ProcessRegistry;
  /**
   * Where the per-user limits of sockets and subscriptions are counted: in this process, or with
   * Redis across every gateway (leases).
   */
  userSlots: UserSlotStore;
  /** Development only: signs the demo users' tokens (GraphiQL's picker, `GET /dev/token`). */
  demoTokens?: DemoTokenSigner;
  /** With REDIS_URL: whether Redis answers (`/ready` says degraded while it does not). */
  redisHealth?: RedisHealth;
}

/** The per-operation context: the verified principal (or none) and the services. */
export interface Context {
  principal: Principal | null;
  services: Services;
  db: Database;
  config: Config;
  /** Correlates logs and masked errors with this request. */
  traceId: string;
}
