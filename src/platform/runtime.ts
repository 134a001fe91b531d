import path from 'node:path';
import pg from 'pg';
import { projectDir, type Config } from '../config.js';
import { ensureTraversableDir, resolveDataDir, startEmbeddedPostgres, withDatabase } from './db/embedded-postgres.js';
import { createLogger } from './logger.js';
import { readOrCreateSecret } from './secrets.js';

const log = createLogger('runtime');

export const DEFAULT_DATABASE_NAME = 'suanni';

/** Where the gateway keeps local state: the embedded cluster and the development secret. */
export async function dataDirectory(config: Config): Promise<string> {
  const { dir, reason } = await resolveDataDir(projectDir, config.dataDir);
  await ensureTraversableDir(dir);
  log.info({ dataDir: dir, reason }, 'data folder');
  return dir;
}

export interface OpenedDatabase {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/** Creates `name` on the server behind `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * Connects once so that an unreachable server or refused credentials are reported plainly, naming
 * DATABASE_URL and the server (never the password), instead of surfacing later from the migrator.
 */
async function checkConnection(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw new Error(`cannot connect to the PostgreSQL of DATABASE_URL (${new URL(url).host}): ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    await client.end().catch(() => {});
  }
}

/** `DATABASE_URL` when set; otherwise the embedded PostgreSQL in the data folder. */
export async function openDatabase(config: Config, dataDir: string): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    log.info({ server: new URL(config.databaseUrl).host }, 'using DATABASE_URL; no embedded server started');
    await checkConnection(config.databaseUrl);
    return { url: config.databaseUrl, embedded: false, stop: async () => {} };
  }
  const embedded = await startEmbeddedPostgres({ dataDir });
  try {
    await ensureDatabase(embedded.adminUrl, DEFAULT_DATABASE_NAME);
  } catch (error) {
    await embedded.stop();
    throw error;
  }
  return { url: withDatabase(embedded.adminUrl, DEFAULT_DATABASE_NAME), embedded: true, stop: () => embedded.stop() };
}

/** A secret generated once into the data folder (development only). */
async function developmentSecret(dataDir: string, name: string): Promise<string> {
  const file = path.join(dataDir, name);
  const { secret, created } = await readOrCreateSecret(file);
  if (created) log.info({ file }, 'generated a development secret');
  return secret;
}

/**
 * The HS256 secret: `AUTH_JWT_SECRET`, or in development one generated once into the data
 * folder. Undefined when tokens are verified with `AUTH_JWKS_URL` alone.
 */
export async function jwtSecret(config: Config, dataDir: string): Promise<string | undefined> {
  if (config.auth.jwtSecret) return config.auth.jwtSecret;
  if (config.auth.jwksUrl) return undefined;
  if (config.env === 'production') throw new Error('AUTH_JWT_SECRET or AUTH_JWKS_URL is required in production');
  return developmentSecret(dataDir, 'dev-jwt-secret');
}

/** The key of erasure hashes: `SUANNI_ERASURE_HASH_KEY`, or in development one from the data folder. */
export async function erasureHashKey(config: Config, dataDir: string): Promise<string | undefined> {
  if (config.erasureHashKey) return config.erasureHashKey;
  if (config.env === 'production') return undefined;
  return developmentSecret(dataDir, 'dev-erasure-key');
}
