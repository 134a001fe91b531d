import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectDir } from '../../src/config.js';

/** Runs `npm start`'s command and resolves with the URL it prints. */
function startGateway(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'start'], {
    cwd: projectDir,
    env: { ...process.env, DATABASE_URL: '', NODE_ENV: 'development', LOG_LEVEL: 'info', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Suanni gateway: (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1]!, output: () => output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`gateway exited with ${code}:\n${output}`)));
  });
}

function stopGateway(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', (code) => resolve(code));
    child.kill('SIGINT');
  });
}

/** The token command, as `npm run token` runs it. */
function token(env: Record<string, string>, subject: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/main.ts', 'token', '--user', subject, '--tenant', 'acme', '--role', 'USER'],
      {
        cwd: projectDir,
        env: { ...process.env, DATABASE_URL: '', NODE_ENV: 'development', ...env },
      },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(stdout.trim()) : reject(new Error(`token exited with ${code}`))));
  });
}

async function gql(url: string, bearer: string, query: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { data?: any; errors?: unknown[] };
}

describe('npm start', () => {
  let dataDir: string;
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('serves demo data and GraphiQL on embedded PostgreSQL, stops cleanly on Ctrl-C, and keeps data for the next start', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'suanni-start-'));
    await chmod(dataDir, 0o755);
    const env = { SUANNI_DATA_DIR: dataDir };

    const first = await startGateway(env);
    expect(first.output()).toContain('npm run token -- --user alice --tenant acme --role USER');
    expect(first.output()).toContain(dataDir);
    const aliceToken = await token(env, 'alice');
    const seeded = await gql(first.url, aliceToken, '{ me { subject sessions { title } } }');
    expect(seeded.data.me.sessions.length).toBeGreaterThan(0);
    const created = await gql(first.url, aliceToken, 'mutation { createSession(title: "kept across restarts") { id } }');
    const sessionId = created.data.createSession.id;
    const graphiql = await fetch(first.url, { headers: { accept: 'text/html' } });
    expect(await graphiql.text()).toMatch(/graphiql/i);
    expect(await stopGateway(first.child)).toBe(0);

    const second = await startGateway(env);
    try {
      const again = await gql(second.url, await token(env, 'alice'), `{ session(id: "${sessionId}") { title } }`);
      expect(again.data.session.title).toBe('kept across restarts');
      // Demo data is loaded once: a restart does not add a second copy.
      const sessions = await gql(second.url, aliceToken, '{ sessions { title } }');
      expect(sessions.data.sessions.filter((s: { title: string }) => s.title === 'Supplier agreement questions')).toHaveLength(1);
    } finally {
      expect(await stopGateway(second.child)).toBe(0);
    }
  }, 120_000);
});
