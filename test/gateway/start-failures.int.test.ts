import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDir } from '../../src/config.js';

interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/**
 * Runs `npm start`'s command to its end. With `stopWhenReady`, sends that signal once the
 * gateway prints its URL.
 */
function runStart(env: Record<string, string>, stopWhenReady?: NodeJS.Signals): Promise<Outcome> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'start'], {
    cwd: projectDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      PORT: '0',
      HOST: '127.0.0.1',
      SUANNI_DEMO_DATA: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let signalled = false;
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    if (stopWhenReady && !signalled && output.includes('Suanni gateway: http://')) {
      signalled = true;
      child.kill(stopWhenReady);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, output })));
}

/** A loopback port that nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Whether the machine's own PostgreSQL answers at 127.0.0.1:5432 (CI and the build machines have one). */
const systemPostgresUp = await new Promise<boolean>((resolve) => {
  const socket = net.connect(5432, '127.0.0.1');
  socket.setTimeout(1_000, () => {
    socket.destroy();
    resolve(false);
  });
  socket.once('connect', () => {
    socket.end();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
});

/** The pino JSON lines of the output with the given `msg`. */
const logLines = (output: string, msg: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; err?: { message: string; code?: string }; reason?: string })
    .filter((line) => line.msg === msg);

describe('npm start fails loudly and cleans up', () => {
  let dataDir: string;
  beforeAll(async () => {
    // Under the system temp folder and traversable, so the `postgres` user can reach it as root.
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'suanni-start-failures-'));
    await chmod(dataDir, 0o755);
  });
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('exits 1 when DATABASE_URL points at a port where nothing listens', async () => {
    const port = await closedPort();
    const outcome = await runStart({ SUANNI_DATA_DIR: dataDir, DATABASE_URL: `postgres://suanni:secret@127.0.0.1:${port}/suanni` });
    expect(outcome.code, outcome.output).toBe(1);
    expect(outcome.output).toContain(
      `start failed: cannot connect to the PostgreSQL of DATABASE_URL (127.0.0.1:${port}): connect ECONNREFUSED 127.0.0.1:${port}\n`,
    );
    expect(logLines(outcome.output, 'start failed')).toHaveLength(1);
    expect(logLines(outcome.output, 'shutting down')[0]?.reason).toBe('start failed');
    expect(outcome.output).not.toContain('secret');
  }, 60_000);

  // The machine's PostgreSQL trusts every local connection (any password is accepted), so a
  // wrong password cannot be refused there; a role that does not exist is refused the same way.
  it.skipIf(!systemPostgresUp)(
    'exits 1 when the server at DATABASE_URL refuses the credentials',
    async () => {
      const outcome = await runStart({
        SUANNI_DATA_DIR: dataDir,
        DATABASE_URL: 'postgres://suanni_no_such_role:wrong-password@127.0.0.1:5432/postgres',
      });
      expect(outcome.code, outcome.output).toBe(1);
      expect(outcome.output).toContain(
        'start failed: cannot connect to the PostgreSQL of DATABASE_URL (127.0.0.1:5432): role "suanni_no_such_role" does not exist\n',
      );
      expect(outcome.output).not.toContain('wrong-password');
    },
    60_000,
  );

  it('exits 1 naming LOG_LEVEL, PORT and a misspelled SUANNI_* variable (with the nearest name), without a stack', async () => {
    const outcome = await runStart({ SUANNI_DATA_DIR: dataDir, LOG_LEVEL: 'verbose', PORT: 'abc', SUANNI_DEMO_DATTA: 'false' });
    expect(outcome.code, outcome.output).toBe(1);
    expect(outcome.output).toContain('PORT: must be a port number from 0 to 65535, not "abc"');
    expect(outcome.output).toContain('LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent');
    expect(outcome.output).toContain('SUANNI_DEMO_DATTA: is not a setting of Suanni; did you mean SUANNI_DEMO_DATA?');
    expect(outcome.output).not.toMatch(/\n\s+at /);
    expect(logLines(outcome.output, 'embedded PostgreSQL started')).toHaveLength(0);
  }, 60_000);

  it('with SUANNI_MIGRATE_ON_START=false, exits 1 on a database behind the code, naming the command that migrates it', async () => {
    const fresh = await mkdtemp(path.join(os.tmpdir(), 'suanni-unmigrated-'));
    await chmod(fresh, 0o755);
    try {
      const outcome = await runStart({ SUANNI_DATA_DIR: fresh, SUANNI_MIGRATE_ON_START: 'false' });
      expect(outcome.code, outcome.output).toBe(1);
      expect(outcome.output).toMatch(
        /start failed: the database lacks \d+ migrations \(\d+_foundation, \.\.\.\) and SUANNI_MIGRATE_ON_START is false: run `suanni migrate`/,
      );
      expect(logLines(outcome.output, 'migrations applied')).toHaveLength(0);
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  }, 90_000);

  it('exits 1 with a message naming DATABASE_URL and the accepted form when it is not a URL', async () => {
    const outcome = await runStart({ SUANNI_DATA_DIR: dataDir, DATABASE_URL: 'not-a-url' });
    expect(outcome.code, outcome.output).toBe(1);
    expect(outcome.output).toContain(
      'invalid configuration:\n  DATABASE_URL: must be a PostgreSQL URL of the form postgres://user:password@host:5432/database (postgresql:// works too)',
    );
    expect(outcome.output).not.toContain('Invalid URL');
  }, 60_000);

  it('exits 1 when PORT is taken before starting anything (no database, no migrations); SIGTERM on a healthy start exits 0', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const failed = await runStart({ SUANNI_DATA_DIR: dataDir, PORT: String(port) });
      expect(failed.code, failed.output).toBe(1);
      expect(failed.output).toContain(
        `start failed: PORT ${port} is in use on 127.0.0.1 (EADDRINUSE): stop what listens on 127.0.0.1:${port} or set PORT to a free port\n`,
      );
      expect(logLines(failed.output, 'data folder')).toHaveLength(0);
      expect(logLines(failed.output, 'embedded PostgreSQL started')).toHaveLength(0);
      expect(failed.output).not.toMatch(/\n\s+at /); // no stack trace
      expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }

    const stopped = await runStart({ SUANNI_DATA_DIR: dataDir }, 'SIGTERM');
    expect(stopped.output).toContain('Suanni gateway: http://');
    expect(stopped.code, stopped.output).toBe(0);
    expect(logLines(stopped.output, 'shutting down')[0]?.reason).toBe('SIGTERM');
    expect(logLines(stopped.output, 'embedded PostgreSQL stopped')).toHaveLength(1);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 120_000);
});
