import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { randomBytes, createHash } from 'node:crypto';
import { access, chmod, chown, cp, lstat, mkdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createLogger } from '../logger.js';
import { readOrCreateSecret } from '../secrets.js';

const execFileAsync = promisify(execFile);

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

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

interface PostgresUser {
  uid: number;
  gid: number;
}

/** As root, the unprivileged account PostgreSQL runs as; created like embedded-postgres does. */
async function postgresUser(): Promise<PostgresUser | undefined> {
  if (!runningAsRoot()) return undefined;
  const lookup = async () => {
    const { stdout: uid } = await execFileAsync('id', ['-u', 'postgres']);
    const { stdout: gid } = await execFileAsync('id', ['-g', 'postgres']);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  };
  try {
    return await lookup();
  } catch {
    await execFileAsync('groupadd', ['postgres']).catch(() => undefined);
    await execFileAsync('useradd', ['-g', 'postgres', 'postgres']);
    return lookup();
  }
}

/**
 * The folder of PostgreSQL binaries from the `embedded-postgres` platform package. As root,
 * the `postgres` user must be able to reach the binaries too; when the project sits under a
 * private folder, a copy is made once under the system temp folder.
 */
async function binariesDir(): Promise<string> {
  const platformPackage = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const { postgres } = (await import(platformPackage)) as { postgres: string };
  const nativeDir = path.resolve(path.dirname(postgres), '..');
  let dir = nativeDir;
  if (!(await isReachableByPostgresUser(nativeDir))) {
    const version = JSON.parse(await readFile(path.join(nativeDir, '..', 'package.json'), 'utf8')).version as string;
    dir = path.join(os.tmpdir(), `suanni-postgres-${os.platform()}-${os.arch()}-${version}`);
    if (!(await exists(path.join(dir, 'bin', 'postgres')))) {
      const staging = `${dir}.${process.pid}.${randomBytes(3).toString('hex')}`;
      await cp(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
      await chmod(staging, 0o755);
      // Another process may have finished the same copy first; either copy is complete.
      await rename(staging, dir).catch(() => rm(staging, { recursive: true, force: true }));
      log.info({ binaries: dir }, 'copied PostgreSQL binaries where the postgres user can reach them');
    }
  }
  await hydrateLibrarySymlinks(dir);
  return dir;
}

/** Recreates the shared-library symlinks the package lists, which some installs drop. */
async function hydrateLibrarySymlinks(dir: string): Promise<void> {
  const listing = await readFile(path.join(dir, 'pg-symlinks.json'), 'utf8').catch(() => '[]');
  for (const { source, target } of JSON.parse(listing) as { source: string; target: string }[]) {
    const link = path.join(dir, path.relative('native', target));
    if (
      await lstat(link).then(
        () => true,
        () => false,
      )
    )
      continue;
    await symlink(path.basename(source), link).catch(() => undefined);
  }
}

function waitForReady(child: ChildProcess, recentLog: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        recentLog.push(line);
        if (recentLog.length > 20) recentLog.shift();
        pgLog.debug(line);
        if (line.includes('database system is ready to accept connections')) resolve();
      }
    };
    child.stderr?.on('data', onData);
    child.stdout?.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`postgres exited (code ${code}, signal ${signal})`)));
    child.once('error', reject);
  });
}

function run(command: string, args: string[], user: PostgresUser | undefined, recentLog: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...user, env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (chunk: Buffer) => recentLog.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} exited with code ${code}`))));
  });
}

const pgLog = createLogger('postgres');

/**
 * Starts (initialising on first use) a PostgreSQL cluster from the `embedded-postgres`
 * binaries in `<dataDir>/pg`, listening on a free loopback port only. Data persists unless
 * `ephemeral`. Stopping sends SIGINT (PostgreSQL's fast, clean shutdown).
 */
export async function startEmbeddedPostgres(options: { dataDir: string; ephemeral?: boolean; port?: number }): Promise<EmbeddedDatabase> {
  await ensureTraversableDir(options.dataDir);
  const clusterDir = path.join(options.dataDir, 'pg');
  const { secret: password } = await readOrCreateSecret(path.join(options.dataDir, 'pg-password'));
  const port = options.port ?? (await findFreePort());
  const user = await postgresUser();
  const bin = path.join(await binariesDir(), 'bin');
  // The last lines PostgreSQL printed, to explain a failed start.
  const recentLog: string[] = [];
  const fail = (what: string, error: unknown): never => {
    const lockHint = recentLog.some((line) => line.includes('postmaster.pid')) ? ' (is another Suanni using this data folder?)' : '';
    throw new Error(`embedded PostgreSQL failed to ${what} in ${clusterDir}${lockHint}:\n${recentLog.slice(-6).join('\n')}`, {
      cause: error,
    });
  };

  if (!(await exists(path.join(clusterDir, 'PG_VERSION')))) {
    log.info({ dataDir: clusterDir }, 'initialising PostgreSQL cluster');
    await mkdir(clusterDir, { recursive: true, mode: 0o700 });
    const passwordFile = path.join(clusterDir, '..', `.initdb-password-${process.pid}`);
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    if (user) {
      await chown(clusterDir, user.uid, user.gid);
      await chown(passwordFile, user.uid, user.gid);
    }
    try {
      await run(
        path.join(bin, 'initdb'),
        [
          `--pgdata=${clusterDir}`,
          '--auth=scram-sha-256',
          '--username=postgres',
          `--pwfile=${passwordFile}`,
          '--encoding=UTF8',
          '--locale=C',
        ],
        user,
        recentLog,
      );
    } catch (error) {
      fail('initialise', error);
    } finally {
      await rm(passwordFile, { force: true });
    }
  }

  const child = spawn(
    path.join(bin, 'postgres'),
    [
      '-D',
      clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=300',
    ],
    { ...user, env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // If this process exits without stopping the cluster, do not leave PostgreSQL running.
  const killOnExit = () => child.kill('SIGINT');
  process.once('exit', killOnExit);
  try {
    await waitForReady(child, recentLog);
  } catch (error) {
    process.off('exit', killOnExit);
    fail('start', error);
  }
  log.info({ dataDir: clusterDir, port }, 'embedded PostgreSQL started');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopping: Promise<void> | undefined;
  return {
    adminUrl: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    dataDir: clusterDir,
    port,
    stop() {
      stopping ??= (async () => {
        process.off('exit', killOnExit);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
        await exited;
        if (options.ephemeral) await rm(options.dataDir, { recursive: true, force: true });
        log.info({ dataDir: clusterDir }, 'embedded PostgreSQL stopped');
      })();
      return stopping;
    },
  };
}

/** Returns `url` with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
