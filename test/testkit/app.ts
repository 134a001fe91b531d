import type { TestOverrides } from '../../src/test-overrides.js';
import { randomBytes } from 'node:crypto';
import { createClient, type Client as WsClient, type FormattedExecutionResult as ExecutionResult } from 'graphql-ws';
import WebSocket from 'ws';
import { buildApp, type App } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Role } from '../../src/identity/principal.js';
import { signDevelopmentToken } from '../../src/identity/tokens.js';
import { createDatabase, type Database } from '../../src/platform/db/prisma.js';
import { createDependencies } from '../../src/services.js';
import type { RedisConnections } from '../../src/platform/redis.js';
import type { AppDependencies } from '../../src/context.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export const TEST_ISSUER = 'suanni-test';
export const TEST_AUDIENCE = 'suanni-test-gateway';

export interface GraphQLResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  data?: T | null;
  errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[];
}

export interface TestApp {
  url: string;
  wsUrl: string;
  db: Database;
  database: TestDatabase;
  deps: AppDependencies;
  secret: string;
  /** Signs a token for a subject of a tenant (unique tenant per test app by default). */
  token(subject: string, options?: { tenant?: string; roles?: Role[]; expiresIn?: string }): Promise<string>;
  /** POSTs an operation as JSON over real HTTP. */
  gql<T = Record<string, any>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: { token?: string; headers?: Record<string, string> },
  ): Promise<GraphQLResponse<T>>;
  /** A real graphql-ws client; closes with the app. */
  ws(connectionParams?: Record<string, unknown>, options?: { onClose?: (event: { code: number; reason: string }) => void }): WsClient;
  /** The tenant key this app's tokens use by default. */
  tenant: string;
  /** Stops the app; `keepDatabase` leaves its database for a restart. */
  stop(options?: { keepDatabase?: boolean }): Promise<void>;
}

/** Starts the real gateway on a free port over a fresh database. */
export async function startTestApp(
  overrides: {
    config?: Partial<Config>;
    env?: Record<string, string>;
    /** Replaced nodes, a failing summarizer, fault injections: the test's changes to the wiring. */
    testOverrides?: TestOverrides;
    /** Redis connections (the caller's, closed by the caller): events, progress and rate limits shared with other apps. */
    redis?: RedisConnections;
    /** Reuse another app's database, secret and tenant: a "restart" of the gateway. */
    restartOf?: Pick<TestApp, 'database' | 'secret' | 'tenant'>;
  } = {},
): Promise<TestApp> {
  const database = overrides.restartOf?.database ?? (await createTestDatabase());
  const secret = overrides.restartOf?.secret ?? randomBytes(32).toString('hex');
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', AUTH_JWT_SECRET: secret, AUTH_ISSUER: TEST_ISSUER, AUTH_AUDIENCE: TEST_AUDIENCE, ...overrides.env }),
    host: '127.0.0.1',
    port: 0,
    ...overrides.config,
  };
  const db = createDatabase(database.url, 5);
  const deps = createDependencies({
    config,
    db,
    databaseUrl: database.url,
    erasureHashKey: `erasure-key-${secret}`,
    testOverrides: overrides.testOverrides,
    redis: overrides.redis,
  });
  await deps.services.reviews.start({ work: true });
  await deps.services.erasure.start({ work: true });
  await deps.services.retention.start({ work: true });
  await deps.processes.start();
  const app: App = buildApp(deps);
  const { url, port } = await app.start();
  const tenant = overrides.restartOf?.tenant ?? `t${randomBytes(4).toString('hex')}`;
  const wsClients = new Set<WsClient>();

  return {
    url,
    wsUrl: `ws://127.0.0.1:${port}/graphql`,
    db,
    database,
    deps,
    secret,
    tenant,
    token: (subject, options = {}) =>
      signDevelopmentToken({
        secret,
        issuer: config.auth.issuer,
        audience: config.auth.audience,
        subject,
        tenant: options.tenant ?? tenant,
        roles: options.roles ?? ['USER'],
        expiresIn: options.expiresIn ?? '1h',
      }),
    async gql(query, variables, options = {}) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json, application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as Omit<GraphQLResponse, 'status' | 'headers'>;
      return { status: response.status, headers: response.headers, ...body } as GraphQLResponse<any>;
    },
    ws(connectionParams, options = {}) {
      const client = createClient({
        url: `ws://127.0.0.1:${port}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams,
        retryAttempts: 0,
        lazy: true,
        on: { closed: (event) => options.onClose?.(event as { code: number; reason: string }) },
      });
      wsClients.add(client);
      return client;
    },
    async stop(options: { keepDatabase?: boolean } = {}) {
      for (const client of wsClients) await client.dispose();
      await deps.services.erasure.idle();
      await deps.services.reviews.stop(2_000);
      await deps.processes.stop();
      await app.stop();
      await deps.services.chat.close();
      await deps.services.retention.close();
      await db.$disconnect();
      if (!overrides.restartOf && !options.keepDatabase) await database.drop();
    },
  };
}

/** Collects results of a subscription until `count` arrived or it ends. */
export function collect<T>(client: WsClient, query: string, variables: Record<string, unknown> = {}, count = 1) {
  return new Promise<{ results: ExecutionResult<T, unknown>[]; error?: unknown }>((resolve) => {
    const results: ExecutionResult<T, unknown>[] = [];
    const dispose = client.subscribe<T>(
      { query, variables },
      {
        next: (value) => {
          results.push(value);
          if (results.length >= count) {
            dispose();
            resolve({ results });
          }
        },
        error: (error) => resolve({ results, error }),
        complete: () => resolve({ results }),
      },
    );
  });
}
