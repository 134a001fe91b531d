import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has development defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: 'development', port: 4000, demoData: true, auth: { issuer: 'suanni-dev', audience: 'suanni' } });
  });

  it('refuses production without a configured key', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_JWT_SECRET or AUTH_JWKS_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_JWKS_URL: 'https://idp.example/jwks.json' })).toThrow(/SUANNI_ERASURE_HASH_KEY/);
    expect(
      loadConfig({ NODE_ENV: 'production', AUTH_JWKS_URL: 'https://idp.example/jwks.json', SUANNI_ERASURE_HASH_KEY: 'k'.repeat(32) }).env,
    ).toBe('production');
  });

  it('knows no fault injection: the old variables are unknown settings (the testkit composes faults)', () => {
    expect(loadConfig({})).not.toHaveProperty('faults');
    expect(() => loadConfig({ SUANNI_FAULT_REVIEW_EXIT_AFTER_CLAIMS: '3' })).toThrow(
      /SUANNI_FAULT_REVIEW_EXIT_AFTER_CLAIMS: is not a setting/,
    );
  });

  it('reads trusted documents and graphql-ws timings: allow by default, in production too', () => {
    const production = { NODE_ENV: 'production', AUTH_JWT_SECRET: 's'.repeat(32) };
    expect(loadConfig({}).trustedDocuments).toEqual({ mode: 'allow', manifests: [] });
    expect(loadConfig(production).trustedDocuments.mode).toBe('allow');
    expect(
      loadConfig({ SUANNI_TRUSTED_DOCUMENTS: 'enforce', SUANNI_TRUSTED_DOCUMENTS_MANIFEST: ' a.json, /etc/b.json ,' }).trustedDocuments,
    ).toEqual({ mode: 'enforce', manifests: ['a.json', '/etc/b.json'] });
    expect(() => loadConfig({ SUANNI_TRUSTED_DOCUMENTS: 'strict' })).toThrow('SUANNI_TRUSTED_DOCUMENTS: must be off, allow or enforce');
    expect(loadConfig({}).websocket).toEqual({ keepAliveMs: 12_000, initTimeoutMs: 3_000, recheckMs: 15_000 });
    expect(
      loadConfig({ SUANNI_WS_KEEPALIVE_MS: '0', SUANNI_WS_INIT_TIMEOUT_MS: '500', SUANNI_WS_RECHECK_SECONDS: '2.5' }).websocket,
    ).toEqual({
      keepAliveMs: 0,
      initTimeoutMs: 500,
      recheckMs: 2_500,
    });
    expect(() => loadConfig({ SUANNI_WS_INIT_TIMEOUT_MS: '0' })).toThrow(/SUANNI_WS_INIT_TIMEOUT_MS/);
    expect(() => loadConfig({ SUANNI_WS_RECHECK_SECONDS: '0' })).toThrow(/SUANNI_WS_RECHECK_SECONDS/);
  });

  it('reads the Redis timeout, the gateway heartbeat of connection places and the maximum token lifetime, with defaults', () => {
    const defaults = loadConfig({});
    expect(defaults.redisTimeoutMs).toBe(1_000);
    expect(defaults.rateLimits.connectionProcessTtlMs).toBe(5_000);
    expect(defaults.auth.maxTokenLifetimeSeconds).toBe(86_400);
    const set = loadConfig({
      SUANNI_REDIS_TIMEOUT_MS: '250',
      SUANNI_CONNECTION_PROCESS_TTL_SECONDS: '2',
      AUTH_MAX_TOKEN_LIFETIME_SECONDS: '3600',
    });
    expect([set.redisTimeoutMs, set.rateLimits.connectionProcessTtlMs, set.auth.maxTokenLifetimeSeconds]).toEqual([250, 2_000, 3_600]);
    expect(() => loadConfig({ AUTH_MAX_TOKEN_LIFETIME_SECONDS: '10' })).toThrow(/AUTH_MAX_TOKEN_LIFETIME_SECONDS/);
    expect(() => loadConfig({ SUANNI_REDIS_TIMEOUT_MS: '0' })).toThrow(/SUANNI_REDIS_TIMEOUT_MS/);
  });

  it('reads rate limits by scope and class, with ceilings ten times the defaults unless set, and refuses a default above its ceiling', () => {
    const config = loadConfig({
      SUANNI_RATE_LIMIT_PERIOD_SECONDS: '2.5',
      SUANNI_RATE_LIMIT_MODEL_PER_TENANT: '40',
      SUANNI_RATE_LIMIT_MODEL_PER_TENANT_CEILING: '50',
    });
    expect(config.rateLimits).toMatchObject({
      enabled: true,
      periodMs: 2_500,
      defaults: { user: { reads: 3_000, writes: 600, model: 1_200 }, tenant: { reads: 30_000, writes: 6_000, model: 40 } },
      ceilings: { user: { reads: 30_000, writes: 6_000, model: 12_000 }, tenant: { reads: 300_000, writes: 60_000, model: 50 } },
      floodRefusals: 20,
      socketsPerUser: 20,
      keyPrefix: 'suanni:rl:',
      connectionLeaseMs: 30_000,
    });
    expect(() => loadConfig({ SUANNI_RATE_LIMIT_READS_PER_USER: '500', SUANNI_RATE_LIMIT_READS_PER_USER_CEILING: '400' })).toThrow(
      'SUANNI_RATE_LIMIT_READS_PER_USER: must not be above SUANNI_RATE_LIMIT_READS_PER_USER_CEILING (400)',
    );
    expect(() => loadConfig({ SUANNI_RATE_LIMIT_WRITES_PER_TENANT: '0' })).toThrow(/SUANNI_RATE_LIMIT_WRITES_PER_TENANT/);
    expect(loadConfig({ SUANNI_RATE_LIMITS: 'false' }).rateLimits.enabled).toBe(false);
  });

  it('lists every invalid variable at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', AUTH_JWT_SECRET: 'short' })).toThrow(/PORT[\s\S]*AUTH_JWT_SECRET/);
  });

  it('accepts DATABASE_URL only as a postgres:// or postgresql:// URL, naming the variable and never echoing the value', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db.internal:5432/suanni' }).databaseUrl).toBe(
      'postgres://u:p@db.internal:5432/suanni',
    );
    expect(loadConfig({ DATABASE_URL: ' postgresql://localhost/suanni?sslmode=require ' }).databaseUrl).toBe(
      'postgresql://localhost/suanni?sslmode=require',
    );
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: '  ' }).databaseUrl).toBeUndefined();
    const message =
      'invalid configuration:\n  DATABASE_URL: must be a PostgreSQL URL of the form postgres://user:password@host:5432/database (postgresql:// works too)';
    for (const bad of ['not-a-url', 'mysql://u:p@db/suanni', 'http://db:5432/suanni', 'postgres:db', 'postgres://u:p@[bad/suanni']) {
      expect(() => loadConfig({ DATABASE_URL: bad }), bad).toThrow(message);
      expect(() => loadConfig({ DATABASE_URL: bad })).not.toThrow(bad);
    }
    // Reported together with the other problems, in one message.
    expect(() => loadConfig({ DATABASE_URL: 'not-a-url', PORT: 'eighty' })).toThrow(
      /PORT: [^\n]+\n {2}DATABASE_URL: must be a PostgreSQL URL/,
    );
  });

  it('reads limits and flags', () => {
    const config = loadConfig({ SUANNI_MAX_DEPTH: '4', SUANNI_DEMO_DATA: 'false', PORT: '8080' });
    expect(config.limits.maxDepth).toBe(4);
    expect(config.demoData).toBe(false);
    expect(config.port).toBe(8080);
  });

  it('reads the subscription limits, defaults 100 per socket and 200 per user, and refuses zero', () => {
    expect(loadConfig({}).subscriptions).toEqual({ perSocket: 100, perUser: 200 });
    expect(loadConfig({ SUANNI_MAX_SUBSCRIPTIONS_PER_SOCKET: '5', SUANNI_MAX_SUBSCRIPTIONS_PER_USER: '8' }).subscriptions).toEqual({
      perSocket: 5,
      perUser: 8,
    });
    expect(() => loadConfig({ SUANNI_MAX_SUBSCRIPTIONS_PER_SOCKET: '0' })).toThrow(/SUANNI_MAX_SUBSCRIPTIONS_PER_SOCKET/);
  });

  it('reads the OTLP trace export settings, traces-specific variables first', () => {
    expect(loadConfig({}).telemetry).toMatchObject({ serviceName: 'suanni', otlpProtocol: 'http/protobuf', bufferTraces: 500 });
    const config = loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
    });
    expect(config.telemetry).toMatchObject({ otlpEndpoint: 'http://collector:4318', otlpProtocol: 'http/json' });
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL[\s\S]*grpc is not supported/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });

  it('derives the body limit from the review limits: a full batch of typical contracts, at least one maximal contract', () => {
    expect(loadConfig({}).limits.maxBodyBytes).toBe(500 * 64 * 1024);
    expect(loadConfig({ SUANNI_REVIEW_MAX_BATCH: '10' }).limits.maxBodyBytes).toBe(1_000_000 + 64 * 1024);
    expect(loadConfig({ SUANNI_REVIEW_MAX_BATCH: '100', SUANNI_REVIEW_MAX_TEXT_BYTES: '100000' }).limits.maxBodyBytes).toBe(
      100 * 64 * 1024,
    );
    expect(loadConfig({ SUANNI_MAX_BODY_BYTES: '5000000' }).limits.maxBodyBytes).toBe(5_000_000);
  });

  it('holds every request but a review submission to a small body limit (2 MiB, never above the large one)', () => {
    expect(loadConfig({}).limits.maxSmallBodyBytes).toBe(2 * 1024 * 1024);
    expect(loadConfig({ SUANNI_MAX_SMALL_BODY_BYTES: '500000' }).limits.maxSmallBodyBytes).toBe(500_000);
    expect(loadConfig({ SUANNI_MAX_BODY_BYTES: '1100000' }).limits.maxSmallBodyBytes).toBe(1_100_000);
  });

  it('bounds slow clients by default: headers in 10 s, a request in 120 s, 256 connections per address', () => {
    expect(loadConfig({}).http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 120_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 10_000,
      maxConnectionsPerAddress: 256,
      corsOrigins: [],
    });
    expect(loadConfig({ SUANNI_CORS_ORIGINS: 'https://a.example, https://b.example' }).http.corsOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  it('refuses a body limit that a contract at the text limit could not fit into, naming both variables', () => {
    expect(() => loadConfig({ SUANNI_MAX_BODY_BYTES: '1000000' })).toThrow(
      /SUANNI_MAX_BODY_BYTES: must be at least SUANNI_REVIEW_MAX_TEXT_BYTES \+ 65536/,
    );
    expect(loadConfig({ SUANNI_MAX_BODY_BYTES: '1000000', SUANNI_REVIEW_MAX_TEXT_BYTES: '900000' }).limits.maxBodyBytes).toBe(1_000_000);
  });

  it('says what PORT must be when it is not a port number (not "expected number, received NaN")', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow('PORT: must be a port number from 0 to 65535, not "abc"');
    expect(() => loadConfig({ PORT: '70000' })).toThrow('PORT: must be a port number from 0 to 65535');
    expect(() => loadConfig({ PORT: '-1' })).toThrow('PORT: must be a port number');
    expect(loadConfig({ PORT: ' 8080 ' }).port).toBe(8080);
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });

  it('validates LOG_LEVEL with the levels it may name', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow('LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent');
    expect(() => loadConfig({ LOG_LEVEL: 'DEBUG' })).not.toThrow();
  });

  it('reports an unknown SUANNI_* variable with the nearest known name, with every other problem', () => {
    expect(() => loadConfig({ SUANNI_REVIEW_CONCURENCY: '4' })).toThrow(
      'SUANNI_REVIEW_CONCURENCY: is not a setting of Suanni; did you mean SUANNI_REVIEW_CONCURRENCY?',
    );
    // Settings read through the model provider's own schema count as known, even when another setting is invalid.
    const error = (() => {
      try {
        loadConfig({ SUANNI_MODEL_PROVIDER: 'rules', SUANNI_MODEL_TIMEOUT_MS: '5000', PORT: 'abc', SUANNI_WHATEVER: 'x' });
      } catch (caught) {
        return (caught as Error).message;
      }
    })();
    expect(error).toContain('PORT: must be a port number');
    expect(error).toContain('SUANNI_WHATEVER: is not a setting of Suanni (see docs/operations.md)');
    expect(error).not.toContain('SUANNI_MODEL_');
    expect(() => loadConfig({ SUANNI_URL: 'http://x', SUANNI_TOKEN: 't', SUANNI_MULTIPROCESS_TESTS: '1' })).not.toThrow();
  });
});
