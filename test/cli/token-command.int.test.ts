import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { projectDir } from '../../src/config.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const secret = randomBytes(32).toString('hex');

/** `npm run token -- <args>`, as its script runs it, with a configured secret (no data folder, no database). */
function token(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'token', ...args], {
    cwd: projectDir,
    env: { ...process.env, DATABASE_URL: '', NODE_ENV: 'development', LOG_LEVEL: 'info', AUTH_JWT_SECRET: secret, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** The pino lines of a run's stderr with this message. */
const logLines = (stderr: string, msg: string) =>
  stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === msg);

describe('the token command', () => {
  it('refuses NODE_ENV=production unless --allow-production is given, and then logs what it minted', async () => {
    const production = { NODE_ENV: 'production', SUANNI_ERASURE_HASH_KEY: randomBytes(32).toString('hex') };
    const refused = await token(['--user', 'root', '--tenant', 'acme', '--role', 'ADMIN', '--role', 'COMPLIANCE'], production);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('refusing to mint a token with the production secret');
    expect(refused.stderr).toContain('--allow-production');

    const allowed = await token(
      ['--user', 'root', '--tenant', 'acme', '--role', 'ADMIN', '--role', 'COMPLIANCE', '--ttl', '1h', '--allow-production'],
      production,
    );
    expect(allowed.code).toBe(0);
    const minted = allowed.stdout.trim();
    const claims = decodeJwt(minted);
    expect(claims).toMatchObject({ sub: 'root', tenant: 'acme', roles: ['ADMIN', 'COMPLIANCE'] });
    const [line] = logLines(allowed.stderr, 'minted a token');
    expect(line).toMatchObject({
      subject: 'root',
      tenant: 'acme',
      roles: ['ADMIN', 'COMPLIANCE'],
      expiresAt: new Date(claims.exp! * 1000).toISOString(),
      env: 'production',
      allowProduction: true,
    });
    // The token itself is never logged (nor any of its three parts).
    for (const part of minted.split('.')) expect(allowed.stderr).not.toContain(part);
  }, 60_000);

  it('refuses a lifetime above AUTH_MAX_TOKEN_LIFETIME_SECONDS, which the gateway would refuse too', async () => {
    const decade = await token(['--user', 'root', '--ttl', '3650d']);
    expect(decade.code).toBe(1);
    expect(decade.stdout).toBe('');
    expect(decade.stderr).toContain(
      '--ttl 3650d (315360000 s) is above the maximum token lifetime of 86400 s (AUTH_MAX_TOKEN_LIFETIME_SECONDS)',
    );
    const raised = await token(['--user', 'root', '--ttl', '2d'], { AUTH_MAX_TOKEN_LIFETIME_SECONDS: String(3 * 86_400) });
    expect(raised.code).toBe(0);
    const claims = decodeJwt(raised.stdout.trim());
    expect(claims.exp! - claims.iat!).toBe(2 * 86_400);
    expect(logLines(raised.stderr, 'minted a token')).toHaveLength(1);
  }, 60_000);
});
