import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { projectDir } from '../../src/config.js';
import { applyMigrations } from '../../src/platform/db/migrations.js';
import { signDevelopmentToken } from '../../src/identity/tokens.js';

/** The machine's shared servers (see .ci/run); tests that need them skip when they are not there. */
export const SYSTEM_POSTGRES = process.env.CI_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const SYSTEM_REDIS = process.env.CI_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: SYSTEM_POSTGRES, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(SYSTEM_REDIS);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(2_000);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** A fresh, migrated database on the system PostgreSQL. */
export async function createSystemDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `suanni_scale_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SYSTEM_POSTGRES });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SYSTEM_POSTGRES);
  url.pathname = `/${name}`;
  await applyMigrations(url.toString());
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: SYSTEM_POSTGRES });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface SuanniProcess {
  child: ChildProcess;
  role: 'gateway' | 'worker' | 'all';
  /** The GraphQL URL (gateways). */
  url: string;
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/**
 * Spawns `node [nodeOptions] --import tsx test/testkit/server-process.ts --role <role>` (the product's start, with
 * the fault injections of `env` composed by the testkit) and waits until it says it runs.
 */
export function spawnSuanni(
  role: 'gateway' | 'worker' | 'all',
  env: Record<string, string>,
  nodeOptions: readonly string[] = [],
): Promise<SuanniProcess> {
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', 'test/testkit/server-process.ts', '--role', role], {
    cwd: projectDir,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1', SUANNI_DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const gateway = /Suanni gateway: (http:\/\/\S+)/.exec(output);
      if (gateway) resolve({ child, role, url: gateway[1]!, output: () => output, exited });
      else if (/Suanni worker:/.test(output)) resolve({ child, role, url: '', output: () => output, exited });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`${role} exited with ${code}:\n${output}`)));
  });
}

/** Environment shared by the processes of one test: database, secrets, short leases. */
export function clusterEnvironment(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    AUTH_JWT_SECRET: randomBytes(32).toString('hex'),
    SUANNI_ERASURE_HASH_KEY: randomBytes(32).toString('hex'),
    SUANNI_JOB_LEASE_SECONDS: '4',
    SUANNI_JOB_SUPERVISE_SECONDS: '1',
    SUANNI_JOB_POLL_SECONDS: '0.5',
    SUANNI_JOB_RETRY_DELAY_SECONDS: '1',
    SUANNI_REVIEW_CONCURRENCY: '4',
    SUANNI_PROCESS_HEARTBEAT_SECONDS: '0.5',
    DATABASE_POOL_MAX: '6',
    // Redis is shared by everyone on the machine: this run's spans under a prefix of its own, gone within 10 minutes.
    SUANNI_TRACE_STORE_PREFIX: `suanni-test:${randomBytes(4).toString('hex')}:`,
    SUANNI_TRACE_STORE_TTL_SECONDS: '600',
    ...extra,
  };
}

export function tokenFor(
  env: Record<string, string>,
  subject: string,
  tenant: string,
  roles: ('USER' | 'ADMIN' | 'COMPLIANCE' | 'SRE')[] = ['USER'],
): Promise<string> {
  return signDevelopmentToken({
    secret: env.AUTH_JWT_SECRET!,
    issuer: 'suanni-dev',
    audience: 'suanni',
    subject,
    tenant,
    roles,
    expiresIn: '1h',
  });
}

export async function gqlAt(url: string, token: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };
}

export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `/ready` of a gateway: its status and JSON body (null when it is not JSON). */
export async function readyAt(url: string): Promise<{ status: number; body: any }> {
  const response = await fetch(url.replace(/\/graphql$/, '/ready'));
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body };
}

/** One unlabelled series of a gateway's `/metrics` (undefined when absent). */
export async function metricAt(url: string, name: string): Promise<number | undefined> {
  const text = await (await fetch(url.replace(/\/graphql$/, '/metrics'))).text();
  const line = text.split('\n').find((entry) => entry.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

/** Whether `redis-server` can be started here (the fault tests that kill Redis skip without it). */
export function redisServerInstalled(): boolean {
  const probe = spawnSync('redis-server', ['--version'], { stdio: 'ignore' });
  return probe.status === 0;
}

/** A loopback port nothing listens on (bound, then released). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.write('PING\r\n');
    });
    socket.once('data', (chunk) => {
      socket.destroy();
      resolve(chunk.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * A Redis of the test's own (never the machine's shared one): `redis-server` on a free loopback
 * port, without persistence, that the test kills, pauses and restarts by pid.
 */
export interface OwnRedis {
  port: number;
  url: string;
  /** The running server's pid (undefined while it is down). */
  readonly pid: number | undefined;
  /** Starts it (again) on the same port and waits until it answers. */
  start(): Promise<void>;
  /** SIGKILL: every connection drops at once, nothing is saved. Resolves once it exited. */
  kill(): Promise<void>;
  /** SIGSTOP: the sockets stay open and nothing answers (a hung server). */
  pause(): void;
  /** SIGCONT after {@link pause}. */
  resume(): void;
  /** Kills it for good. */
  stop(): Promise<void>;
}

export async function ownRedis(port?: number): Promise<OwnRedis> {
  const chosen = port ?? (await freePort());
  let child: ChildProcess | undefined;
  const own: OwnRedis = {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    get pid() {
      return child?.exitCode === null && child.signalCode === null ? child.pid : undefined;
    },
    async start() {
      if (own.pid !== undefined) return;
      child = spawn('redis-server', ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      for (let attempt = 0; attempt < 100; attempt += 1) {
        if (await answers(chosen)) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`redis-server did not answer on port ${chosen}`);
    },
    async kill() {
      const running = child;
      if (!running || own.pid === undefined) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGCONT');
      running.kill('SIGKILL');
      await exited;
    },
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
    stop() {
      return own.kill();
    },
  };
  return own;
}
