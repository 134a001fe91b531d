import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { loadModelProviderConfig, type ModelProviderConfig } from './platform/llm/config.js';
import { LOG_LEVELS } from './platform/logger.js';
import { nearestName } from './platform/nearest-name.js';
import { OPERATION_CLASSES, RATE_SCOPES, type ClassLimits, type RateScope } from './platform/rate-limit/limits.js';

export const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const optionalString = z.string().trim().min(1).optional().catch(undefined);
const booleanFlag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => ['true', '1', 'yes'].includes(value));

/** A PostgreSQL connection URL; the value is never echoed in the error (it may hold a password). */
const postgresUrl = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .string()
    .trim()
    .refine((value) => /^postgres(?:ql)?:\/\//i.test(value) && URL.canParse(value), {
      error: 'must be a PostgreSQL URL of the form postgres://user:password@host:5432/database (postgresql:// works too)',
    })
    .optional(),
);

/** The OTLP encodings the trace exporter speaks; `grpc` would need a second transport and is refused. */
export type OtlpProtocol = 'http/protobuf' | 'http/json';
const otlpProtocol = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.enum(['http/protobuf', 'http/json'], { error: 'must be http/protobuf or http/json (grpc is not supported)' }).optional(),
);

/** Room a request needs besides one contract's text: the query, the other fields, JSON escapes. */
export const BODY_OVERHEAD_BYTES = 64 * 1024;
/** What a typical contract adds to a batch request (CUAD: median 40 KB, 90th percentile 88 KB). */
export const TYPICAL_CONTRACT_BYTES = 64 * 1024;

/**
 * Slots of a review worker kept for single reviews unless SUANNI_REVIEW_RESERVED_SLOTS says: an
 * eighth of SUANNI_REVIEW_CONCURRENCY, at least one (none with a single slot). Batch members hold at
 * most the other slots, so a single review queued beside a batch starts at once.
 */
export const defaultReservedSlots = (concurrency: number): number => (concurrency > 1 ? Math.max(1, Math.floor(concurrency / 8)) : 0);

/**
 * The default request body limit: a full batch of typical contracts (`maxBatch` × 64 KiB, so at
 * most 500 × 64 KiB = 31.25 MiB), never less than one contract at the text limit plus overhead,
 * so that a single `submitReview` at `SUANNI_REVIEW_MAX_TEXT_BYTES` always arrives. Sized for
 * typical rather than maximal contracts: 500 × 1 MB in one request would be a memory hazard.
 */
/** The default body limit of every request but an authenticated review submission (`SUANNI_MAX_SMALL_BODY_BYTES`): 2 MiB. */
export const DEFAULT_SMALL_BODY_BYTES = 2 * 1024 * 1024;

export function defaultMaxBodyBytes(reviews: { maxBatch: number; maxTextBytes: number }): number {
  return Math.max(reviews.maxBatch * TYPICAL_CONTRACT_BYTES, reviews.maxTextBytes + BODY_OVERHEAD_BYTES);
}

/**
 * Rate limits per period (`SUANNI_RATE_LIMIT_PERIOD_SECONDS`), by class and scope: the default a
 * tenant gets and the ceiling its ADMIN may raise it to (ten times the default unless set).
 * Generous defaults: two full review batches (500 each) fit a user's model budget, and reads
 * refill at 50 per second per user.
 */
export const RATE_LIMIT_DEFAULTS: Record<RateScope, ClassLimits> = {
  user: { reads: 3_000, writes: 600, model: 1_200 },
  tenant: { reads: 30_000, writes: 6_000, model: 6_000 },
};
const CEILING_FACTOR = 10;

/** `SUANNI_RATE_LIMIT_READS_PER_USER`, `..._CEILING`: the variable of one limit. */
export function rateLimitVariable(scope: RateScope, operationClass: keyof ClassLimits, ceiling = false): string {
  return `SUANNI_RATE_LIMIT_${operationClass.toUpperCase()}_PER_${scope.toUpperCase()}${ceiling ? '_CEILING' : ''}`;
}

const rateLimitVariables = Object.fromEntries(
  RATE_SCOPES.flatMap((scope) =>
    OPERATION_CLASSES.flatMap((operationClass) => [
      [rateLimitVariable(scope, operationClass), z.coerce.number().int().min(1).default(RATE_LIMIT_DEFAULTS[scope][operationClass])],
      [
        rateLimitVariable(scope, operationClass, true),
        z.coerce
          .number()
          .int()
          .min(1)
          .default(RATE_LIMIT_DEFAULTS[scope][operationClass] * CEILING_FACTOR),
      ],
    ]),
  ),
) as Record<string, z.ZodDefault<z.ZodCoercedNumber<unknown>>>;

const environmentSchema = z
  .object({
    ...rateLimitVariables,
    SUANNI_RATE_LIMITS: booleanFlag.default(true),
    SUANNI_RATE_LIMIT_PERIOD_SECONDS: z.coerce.number().min(0.1).max(86_400).default(60),
    SUANNI_RATE_LIMIT_FLOOD_REFUSALS: z.coerce.number().int().min(1).default(20),
    SUANNI_RATE_LIMIT_KEY_PREFIX: z.string().min(1).default('suanni:rl:'),
    SUANNI_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).default(20),
    SUANNI_CONNECTION_LEASE_SECONDS: z.coerce.number().min(1).max(3_600).default(30),
    SUANNI_CONNECTION_PROCESS_TTL_SECONDS: z.coerce.number().min(1).max(3_600).default(5),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z
      .string()
      .trim()
      .regex(/^\d+$/, { error: (issue) => `must be a port number from 0 to 65535, not ${JSON.stringify(issue.input)}` })
      .transform(Number)
      .refine((port) => port <= 65_535, { error: 'must be a port number from 0 to 65535' })
      .default(4000),
    LOG_LEVEL: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
      z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
    ),
    DATABASE_URL: postgresUrl,
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    SUANNI_DATA_DIR: optionalString,
    SUANNI_DEMO_DATA: booleanFlag.default(true),
    SUANNI_MIGRATE_ON_START: booleanFlag.default(true),
    AUTH_JWT_SECRET: z.string().min(32, 'AUTH_JWT_SECRET must be at least 32 characters').optional(),
    AUTH_JWKS_URL: z.url().optional(),
    AUTH_ISSUER: z.string().min(1).default('suanni-dev'),
    AUTH_AUDIENCE: z.string().min(1).default('suanni'),
    AUTH_MAX_TOKEN_LIFETIME_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(366 * 86_400)
      .default(86_400),
    // Default derived from the review limits, see defaultMaxBodyBytes.
    SUANNI_MAX_BODY_BYTES: z.coerce.number().int().positive().optional(),
    SUANNI_MAX_SMALL_BODY_BYTES: z.coerce.number().int().positive().optional(),
    SUANNI_HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(10),
    SUANNI_HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3_600).default(120),
    SUANNI_HTTP_KEEPALIVE_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(5),
    SUANNI_HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(0).default(10_000),
    SUANNI_HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(256),
    SUANNI_CORS_ORIGINS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      ),
    SUANNI_MAX_DEPTH: z.coerce.number().int().positive().default(10),
    SUANNI_MAX_TOKENS: z.coerce.number().int().positive().default(2_000),
    SUANNI_MAX_ALIASES: z.coerce.number().int().positive().default(15),
    SUANNI_MAX_COST: z.coerce.number().int().positive().default(50_000),
    SUANNI_MAX_SUBSCRIPTIONS_PER_SOCKET: z.coerce.number().int().min(1).default(100),
    SUANNI_MAX_SUBSCRIPTIONS_PER_USER: z.coerce.number().int().min(1).default(200),
    SUANNI_HEARTBEAT_MS: z.coerce.number().int().min(100).default(3_000),
    SUANNI_WS_KEEPALIVE_MS: z.coerce.number().int().min(0).max(3_600_000).default(12_000),
    SUANNI_WS_INIT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(3_000),
    SUANNI_WS_RECHECK_SECONDS: z.coerce.number().min(0.1).max(3_600).default(15),
    SUANNI_TRUSTED_DOCUMENTS: z.enum(['off', 'allow', 'enforce'], { error: 'must be off, allow or enforce' }).default('allow'),
    SUANNI_TRUSTED_DOCUMENTS_MANIFEST: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((file) => file.trim())
          .filter(Boolean),
      ),
    SUANNI_REVIEW_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(32),
    SUANNI_REVIEW_MAX_TEXT_BYTES: z.coerce.number().int().positive().default(1_000_000),
    SUANNI_REVIEW_MAX_BATCH: z.coerce.number().int().min(1).max(500).default(500),
    SUANNI_REVIEW_MAX_FILE_BYTES: z.coerce.number().int().positive().default(10_000_000),
    SUANNI_REVIEW_MAX_PAGES: z.coerce.number().int().min(1).default(2_000),
    SUANNI_EXTRACT_PROCESSES: z.coerce.number().int().min(1).max(32).default(2),
    SUANNI_EXTRACT_MEMORY_MB: z.coerce.number().int().min(64).max(65_536).default(512),
    SUANNI_EXTRACT_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3_600).default(30),
    SUANNI_REVIEW_THREADS: z.coerce.number().int().min(0).max(16).default(1),
    SUANNI_REVIEW_RESERVED_SLOTS: z.coerce.number().int().min(0).max(63).optional(),
    SUANNI_MODEL_EXTRACTION: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
      z.enum(['off', 'assist'], { error: 'must be off or assist' }).default('off'),
    ),
    REDIS_URL: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
    ),
    SUANNI_REDIS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
    SUANNI_ROLE: z.enum(['all', 'gateway', 'worker'], { error: 'must be all, gateway or worker' }).default('all'),
    SUANNI_JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(120),
    SUANNI_JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(15),
    SUANNI_JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    SUANNI_JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(4),
    SUANNI_JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3_600).default(2),
    SUANNI_DRAIN_SECONDS: z.coerce.number().min(0).max(3_600).default(30),
    SUANNI_PROCESS_HEARTBEAT_SECONDS: z.coerce.number().min(0.2).max(300).default(10),
    OTEL_SERVICE_NAME: z.string().trim().min(1).default('suanni'),
    OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    ),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    ),
    OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol,
    OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol,
    SUANNI_TRACE_BUFFER_TRACES: z.coerce.number().int().min(1).max(100_000).default(500),
    SUANNI_TRACE_STORE_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(10)
      .max(7 * 86_400)
      .default(3_600),
    SUANNI_TRACE_STORE_PREFIX: z.string().trim().min(1).max(100).default('suanni:'),
    SUANNI_CHAT_TOKEN_BUDGET: z.coerce.number().int().min(200).max(200_000).default(1_200),
    SUANNI_CHAT_RECENT_TURNS: z.coerce.number().int().min(1).max(100).default(6),
    SUANNI_CHAT_SUMMARIZE_ABOVE: z.coerce.number().int().min(4).max(1_000).default(16),
    SUANNI_CHAT_AUTO_CONFIRM_FACTS: booleanFlag.default(false),
    SUANNI_CHAT_RECALL_LIMIT: z.coerce.number().int().min(0).max(50).default(8),
    SUANNI_CHAT_RECALL_SHARE: z.coerce.number().min(0).max(0.9).default(0.3),
    SUANNI_CHAT_RECALL_SCOPE: z.enum(['thread', 'user']).default('thread'),
    SUANNI_RETENTION_THREAD_IDLE_DAYS: z.coerce.number().int().min(0).max(36_500).default(0),
    SUANNI_RETENTION_KEEP_CHECKPOINTS: z.coerce
      .number()
      .int()
      .refine((value) => value === 0 || (value >= 2 && value <= 1_000_000), 'SUANNI_RETENTION_KEEP_CHECKPOINTS is 0 (off) or 2 to 1000000')
      .default(0),
    SUANNI_RETENTION_SWEEP_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 86_400)
      .default(3_600),
    SUANNI_CHAT_THREAD_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(30_000),
    SUANNI_CHAT_MAX_MESSAGE_CHARS: z.coerce.number().int().min(1).max(100_000).default(4_000),
    SUANNI_FACTS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(200),
    SUANNI_QUOTA_FACTS: z.coerce.number().int().min(0).default(100_000),
    SUANNI_QUOTA_SESSIONS: z.coerce.number().int().min(0).default(100_000),
    SUANNI_QUOTA_CHECKPOINT_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .default(10 * 1024 ** 3),
    SUANNI_QUOTA_REVIEWS_PER_DAY: z.coerce.number().int().min(0).default(100_000),
    SUANNI_ERASURE_HASH_KEY: z.string().min(32, 'SUANNI_ERASURE_HASH_KEY must be at least 32 characters').optional(),
  })
  .refine(
    (env) => env.SUANNI_MAX_BODY_BYTES === undefined || env.SUANNI_MAX_BODY_BYTES >= env.SUANNI_REVIEW_MAX_TEXT_BYTES + BODY_OVERHEAD_BYTES,
    {
      path: ['SUANNI_MAX_BODY_BYTES'],
      message:
        `must be at least SUANNI_REVIEW_MAX_TEXT_BYTES + ${BODY_OVERHEAD_BYTES} (query and JSON overhead), ` +
        'or a contract at the text limit could never be submitted; leave it unset for the default derived from the review limits',
    },
  )
  .superRefine((env, context) => {
    for (const scope of RATE_SCOPES)
      for (const operationClass of OPERATION_CLASSES) {
        const name = rateLimitVariable(scope, operationClass);
        const ceiling = rateLimitVariable(scope, operationClass, true);
        const ceilingValue = parsedNumber(env, ceiling);
        if (parsedNumber(env, name) > ceilingValue)
          context.addIssue({ code: 'custom', path: [name], message: `must not be above ${ceiling} (${ceilingValue})` });
      }
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.AUTH_JWT_SECRET || env.AUTH_JWKS_URL, {
    message: 'in production set AUTH_JWT_SECRET or AUTH_JWKS_URL; the generated development secret is refused',
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.SUANNI_ERASURE_HASH_KEY || env.AUTH_JWT_SECRET, {
    message: 'in production set SUANNI_ERASURE_HASH_KEY (the key of erasure tombstone and audit hashes)',
  });

/** The HTTP server's timeouts and connection caps (SUANNI_HTTP_*), see `src/transport/http-edge.ts`. */
export interface HttpEdgeSettings {
  /** Time a client has to send a request's headers, from its first byte (or from the connection). */
  headersTimeoutMs: number;
  /** Time a client has to send a whole request, headers and body. */
  requestTimeoutMs: number;
  /** How long an idle kept-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** Connections open at once, all addresses together (0: no cap). */
  maxConnections: number;
  /** Connections open at once from one client address (0: no cap). */
  maxConnectionsPerAddress: number;
}

/** `all`: gateway and worker in one process; `gateway`: the API only; `worker`: jobs only. */
export type ProcessRole = 'all' | 'gateway' | 'worker';

/** Validated configuration; read once at start, passed down explicitly. */
export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl?: string;
  databasePoolMax: number;
  dataDir?: string;
  demoData: boolean;
  /** Apply pending migrations at start (the default); when off, a database behind the code fails the start. */
  migrateOnStart: boolean;
  /** `maxTokenLifetimeSeconds`: a token whose `exp` is further than this past its `iat` is refused. */
  auth: { jwtSecret?: string; jwksUrl?: string; issuer: string; audience: string; maxTokenLifetimeSeconds: number };
  /**
   * `maxBodyBytes`: the largest request body (and graphql-ws message), sized for a batch; only an
   * authenticated review submission may send more than `maxSmallBodyBytes`, the limit of every
   * other request and of graphql-ws messages.
   */
  limits: { maxBodyBytes: number; maxSmallBodyBytes: number; maxDepth: number; maxTokens: number; maxAliases: number; maxCost: number };
  /** The HTTP server's timeouts and connection caps, and the origins allowed by CORS. */
  http: HttpEdgeSettings & { corsOrigins: string[] };
  /** Subscriptions open at once per graphql-ws socket and per user (in one process). */
  subscriptions: { perSocket: number; perUser: number };
  heartbeatMs: number;
  /**
   * graphql-ws: `keepAliveMs` between the server's WebSocket pings (0: none; a socket that misses
   * a pong is ended), `initTimeoutMs` for a socket to send `connection_init` (else closed 4408),
   * `recheckMs` between re-checks of every open socket's subject (erased?) and token (expired?).
   */
  websocket: { keepAliveMs: number; initTimeoutMs: number; recheckMs: number };
  /** Trusted documents (persisted operations): the mode and the operator's manifest files. */
  trustedDocuments: { mode: 'off' | 'allow' | 'enforce'; manifests: string[] };
  /**
   * Operations per user and per tenant by class, counted over `periodMs`: defaults, and the
   * ceilings an ADMIN may set the tenant's own up to. `floodRefusals`: refusals one graphql-ws
   * socket may receive in a period before it is closed (4429). `socketsPerUser`: graphql-ws sockets
   * one user may hold open (in this process, or with REDIS_URL over every gateway). `keyPrefix`: of
   * the Redis keys (with REDIS_URL). `connectionLeaseMs`: with REDIS_URL, how long a socket's or
   * subscription's place counts without being renewed; `connectionProcessTtlMs`: with REDIS_URL, how
   * long a gateway's heartbeat lives (a killed gateway's places free within it).
   */
  rateLimits: {
    enabled: boolean;
    periodMs: number;
    defaults: Record<RateScope, ClassLimits>;
    ceilings: Record<RateScope, ClassLimits>;
    floodRefusals: number;
    socketsPerUser: number;
    keyPrefix: string;
    connectionLeaseMs: number;
    connectionProcessTtlMs: number;
  };
  /**
   * `maxFileBytes`: one uploaded contract file (PDF, DOCX, TXT), before its text is extracted.
   * `modelExtraction: 'assist'` sends candidate clauses of each contract to the configured model
   * (SUANNI_MODEL_EXTRACTION); `off` keeps contract text in the process.
   */
  reviews: {
    concurrency: number;
    maxTextBytes: number;
    maxBatch: number;
    maxFileBytes: number;
    /** Pages of an uploaded PDF, whatever its size (a smaller file allows fewer, see `fileCaps`). */
    maxPages: number;
    modelExtraction: 'off' | 'assist';
    /** Worker threads that run the review graph (0: on the main thread). */
    threads: number;
    /** Slots of a worker that batch members never take, kept for single reviews (below `concurrency`). */
    reservedSlots: number;
  };
  /**
   * Reading uploaded PDF and DOCX files in child processes: how many at once, each one's memory
   * limit (resident, in MiB) and deadline per file.
   */
  extraction: { processes: number; memoryMb: number; timeoutMs: number };
  /** Redis for live state shared by processes (event fan-out, progress replay); none in the all-in-one default. */
  redisUrl?: string;
  /** How long one Redis command may take before it fails and Redis counts as unavailable. */
  redisTimeoutMs: number;
  /** What this process does: serve the API, run jobs, or both (the default). */
  role: ProcessRole;
  /** Durable jobs (pg-boss): lease, how often lost leases are looked for, polling, retries; the SIGTERM grace period. */
  jobs: {
    leaseSeconds: number;
    superviseSeconds: number;
    pollSeconds: number;
    retryLimit: number;
    retryDelaySeconds: number;
    drainSeconds: number;
    /** How often a process writes its heartbeat to the registry of live processes (dead after three missed). */
    heartbeatSeconds: number;
  };
  quotas: { facts: number; sessions: number; checkpointBytes: number; reviewsPerDay: number };
  /** Key of the erasure hashes; in development generated once into the data folder. */
  erasureHashKey?: string;
  chat: {
    budget: number;
    recentTurns: number;
    summarizeAbove: number;
    autoConfirmFacts: boolean;
    /** Memories retrieved per turn at most (0: off), the budget share they may use, and from where. */
    recallLimit: number;
    recallShare: number;
    recallScope: 'thread' | 'user';
    maxMessageChars: number;
    maxFactsPerUser: number;
    threadWaitMs: number;
  };
  /** Memory retention defaults of every tenant, and how often a sweep is queued (src/memory/retention.ts). */
  retention: { threadIdleDays: number; keepCheckpoints: number; sweepSeconds: number };
  models: ModelProviderConfig;
  /** OpenTelemetry: see src/platform/telemetry/sdk.ts. */
  telemetry: { serviceName: string; otlpEndpoint?: string; otlpTracesEndpoint?: string; otlpProtocol: OtlpProtocol; bufferTraces: number };
  /** With Redis: the recent-span store every process shares (key prefix, how long a trace is kept). */
  traceStore: { prefix: string; ttlSeconds: number };
}

/**
 * A variable of the parsed environment by a name made at run time (the rate-limit variables are
 * built from scopes and classes, so the parsed type does not list them); they are parsed as numbers.
 */
function parsedNumber(env: object, name: string): number {
  const value: unknown = Reflect.get(env, name);
  if (typeof value !== 'number') throw new Error(`${name} was not parsed as a number`);
  return value;
}

function rateLimitTable(env: object, ceiling: boolean): Record<RateScope, ClassLimits> {
  const limits = (scope: RateScope) =>
    Object.fromEntries(OPERATION_CLASSES.map((name) => [name, parsedNumber(env, rateLimitVariable(scope, name, ceiling))])) as ClassLimits;
  return { user: limits('user'), tenant: limits('tenant') };
}

/**
 * `SUANNI_*` variables read outside loadConfig: the client commands' gateway and token, and the
 * test suite's switch for multi-process tests (inherited by the servers the tests start).
 */
export const SUANNI_VARIABLES_READ_ELSEWHERE: readonly string[] = ['SUANNI_URL', 'SUANNI_TOKEN', 'SUANNI_MULTIPROCESS_TESTS'];

/**
 * `SUANNI_*` variables set in the environment that no setting reads: a misspelled setting would
 * otherwise be silently ignored. Each problem names the nearest known variable when there is one.
 */
function unknownSuanniVariables(environment: NodeJS.ProcessEnv, read: ReadonlySet<string>): string[] {
  const known = [...read, ...SUANNI_VARIABLES_READ_ELSEWHERE].filter((name) => name.startsWith('SUANNI_'));
  return Object.keys(environment)
    .filter((name) => name.startsWith('SUANNI_') && !read.has(name) && !SUANNI_VARIABLES_READ_ELSEWHERE.includes(name))
    .sort()
    .map((name) => {
      const nearest = nearestName(name, known);
      return `${name}: is not a setting of Suanni${nearest ? `; did you mean ${nearest}?` : ''} (see docs/operations.md)`;
    });
}

/** Parses the environment; throws one error listing every invalid variable (and every unknown `SUANNI_*` one). */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  // Every name the settings look up, whether set or not: what is set beyond them is unknown.
  const read = new Set<string>();
  const watched = new Proxy(environment, {
    get: (target, key) => {
      if (typeof key === 'string') read.add(key);
      return Reflect.get(target, key);
    },
  });
  const parsed = environmentSchema.safeParse(watched);
  let models: ModelProviderConfig | undefined;
  let modelProblems: string[] = [];
  try {
    models = loadModelProviderConfig(watched);
  } catch (error) {
    modelProblems = (error as Error).message
      .split('\n')
      .slice(1)
      .map((line) => line.trim());
  }
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`)),
    ...modelProblems,
    ...unknownSuanniVariables(environment, read),
  ];
  if (problems.length > 0 || !parsed.success || !models) throw new Error(`invalid configuration:\n  ${problems.join('\n  ')}`);
  const env = parsed.data;
  const maxBodyBytes =
    env.SUANNI_MAX_BODY_BYTES ??
    defaultMaxBodyBytes({ maxBatch: env.SUANNI_REVIEW_MAX_BATCH, maxTextBytes: env.SUANNI_REVIEW_MAX_TEXT_BYTES });
  if (env.SUANNI_MODEL_EXTRACTION === 'assist' && models.provider === 'rules') {
    throw new Error(
      'invalid configuration:\n  SUANNI_MODEL_EXTRACTION: assist needs a model provider (SUANNI_MODEL_PROVIDER=deepseek or openai-compatible)',
    );
  }
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    dataDir: env.SUANNI_DATA_DIR,
    demoData: env.SUANNI_DEMO_DATA,
    migrateOnStart: env.SUANNI_MIGRATE_ON_START,
    auth: {
      jwtSecret: env.AUTH_JWT_SECRET,
      jwksUrl: env.AUTH_JWKS_URL,
      issuer: env.AUTH_ISSUER,
      audience: env.AUTH_AUDIENCE,
      maxTokenLifetimeSeconds: env.AUTH_MAX_TOKEN_LIFETIME_SECONDS,
    },
    limits: {
      maxBodyBytes,
      maxSmallBodyBytes: Math.min(env.SUANNI_MAX_SMALL_BODY_BYTES ?? DEFAULT_SMALL_BODY_BYTES, maxBodyBytes),
      maxDepth: env.SUANNI_MAX_DEPTH,
      maxTokens: env.SUANNI_MAX_TOKENS,
      maxAliases: env.SUANNI_MAX_ALIASES,
      maxCost: env.SUANNI_MAX_COST,
    },
    http: {
      headersTimeoutMs: Math.round(env.SUANNI_HTTP_HEADERS_TIMEOUT_SECONDS * 1000),
      requestTimeoutMs: Math.round(env.SUANNI_HTTP_REQUEST_TIMEOUT_SECONDS * 1000),
      keepAliveTimeoutMs: Math.round(env.SUANNI_HTTP_KEEPALIVE_TIMEOUT_SECONDS * 1000),
      maxConnections: env.SUANNI_HTTP_MAX_CONNECTIONS,
      maxConnectionsPerAddress: env.SUANNI_HTTP_MAX_CONNECTIONS_PER_ADDRESS,
      corsOrigins: env.SUANNI_CORS_ORIGINS,
    },
    subscriptions: { perSocket: env.SUANNI_MAX_SUBSCRIPTIONS_PER_SOCKET, perUser: env.SUANNI_MAX_SUBSCRIPTIONS_PER_USER },
    heartbeatMs: env.SUANNI_HEARTBEAT_MS,
    websocket: {
      keepAliveMs: env.SUANNI_WS_KEEPALIVE_MS,
      initTimeoutMs: env.SUANNI_WS_INIT_TIMEOUT_MS,
      recheckMs: Math.round(env.SUANNI_WS_RECHECK_SECONDS * 1000),
    },
    trustedDocuments: { mode: env.SUANNI_TRUSTED_DOCUMENTS, manifests: env.SUANNI_TRUSTED_DOCUMENTS_MANIFEST },
    rateLimits: {
      enabled: env.SUANNI_RATE_LIMITS,
      periodMs: Math.round(env.SUANNI_RATE_LIMIT_PERIOD_SECONDS * 1000),
      defaults: rateLimitTable(env, false),
      ceilings: rateLimitTable(env, true),
      floodRefusals: env.SUANNI_RATE_LIMIT_FLOOD_REFUSALS,
      socketsPerUser: env.SUANNI_MAX_SOCKETS_PER_USER,
      keyPrefix: env.SUANNI_RATE_LIMIT_KEY_PREFIX,
      connectionLeaseMs: Math.round(env.SUANNI_CONNECTION_LEASE_SECONDS * 1000),
      connectionProcessTtlMs: Math.round(env.SUANNI_CONNECTION_PROCESS_TTL_SECONDS * 1000),
    },
    reviews: {
      concurrency: env.SUANNI_REVIEW_CONCURRENCY,
      maxTextBytes: env.SUANNI_REVIEW_MAX_TEXT_BYTES,
      maxBatch: env.SUANNI_REVIEW_MAX_BATCH,
      maxFileBytes: env.SUANNI_REVIEW_MAX_FILE_BYTES,
      maxPages: env.SUANNI_REVIEW_MAX_PAGES,
      modelExtraction: env.SUANNI_MODEL_EXTRACTION,
      threads: env.SUANNI_REVIEW_THREADS,
      reservedSlots: Math.min(
        env.SUANNI_REVIEW_RESERVED_SLOTS ?? defaultReservedSlots(env.SUANNI_REVIEW_CONCURRENCY),
        env.SUANNI_REVIEW_CONCURRENCY - 1,
      ),
    },
    extraction: {
      processes: env.SUANNI_EXTRACT_PROCESSES,
      memoryMb: env.SUANNI_EXTRACT_MEMORY_MB,
      timeoutMs: Math.round(env.SUANNI_EXTRACT_TIMEOUT_SECONDS * 1000),
    },
    redisUrl: env.REDIS_URL,
    redisTimeoutMs: env.SUANNI_REDIS_TIMEOUT_MS,
    role: env.SUANNI_ROLE,
    jobs: {
      leaseSeconds: env.SUANNI_JOB_LEASE_SECONDS,
      superviseSeconds: env.SUANNI_JOB_SUPERVISE_SECONDS,
      pollSeconds: env.SUANNI_JOB_POLL_SECONDS,
      retryLimit: env.SUANNI_JOB_RETRY_LIMIT,
      retryDelaySeconds: env.SUANNI_JOB_RETRY_DELAY_SECONDS,
      drainSeconds: env.SUANNI_DRAIN_SECONDS,
      heartbeatSeconds: env.SUANNI_PROCESS_HEARTBEAT_SECONDS,
    },
    quotas: {
      facts: env.SUANNI_QUOTA_FACTS,
      sessions: env.SUANNI_QUOTA_SESSIONS,
      checkpointBytes: env.SUANNI_QUOTA_CHECKPOINT_BYTES,
      reviewsPerDay: env.SUANNI_QUOTA_REVIEWS_PER_DAY,
    },
    erasureHashKey: env.SUANNI_ERASURE_HASH_KEY,
    chat: {
      budget: env.SUANNI_CHAT_TOKEN_BUDGET,
      recentTurns: env.SUANNI_CHAT_RECENT_TURNS,
      summarizeAbove: Math.max(env.SUANNI_CHAT_SUMMARIZE_ABOVE, env.SUANNI_CHAT_RECENT_TURNS * 2 + 2),
      autoConfirmFacts: env.SUANNI_CHAT_AUTO_CONFIRM_FACTS,
      recallLimit: env.SUANNI_CHAT_RECALL_LIMIT,
      recallShare: env.SUANNI_CHAT_RECALL_SHARE,
      recallScope: env.SUANNI_CHAT_RECALL_SCOPE,
      maxMessageChars: env.SUANNI_CHAT_MAX_MESSAGE_CHARS,
      threadWaitMs: env.SUANNI_CHAT_THREAD_WAIT_MS,
      maxFactsPerUser: env.SUANNI_FACTS_PER_USER,
    },
    retention: {
      threadIdleDays: env.SUANNI_RETENTION_THREAD_IDLE_DAYS,
      keepCheckpoints: env.SUANNI_RETENTION_KEEP_CHECKPOINTS,
      sweepSeconds: env.SUANNI_RETENTION_SWEEP_SECONDS,
    },
    models,
    telemetry: {
      serviceName: env.OTEL_SERVICE_NAME,
      otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
      otlpTracesEndpoint: env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
      otlpProtocol: env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf',
      bufferTraces: env.SUANNI_TRACE_BUFFER_TRACES,
    },
    traceStore: { prefix: env.SUANNI_TRACE_STORE_PREFIX, ttlSeconds: env.SUANNI_TRACE_STORE_TTL_SECONDS },
  };
}
