import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewNode } from '../../src/review/agent/contract.js';
import { parseNode } from '../../src/review/agent/nodes/parse.js';
import { englishContract } from '../fixtures/contracts.js';
import { startTestApp, TEST_AUDIENCE, TEST_ISSUER, type TestApp } from '../testkit/app.js';

const BIN = path.join(import.meta.dirname, '..', '..', 'bin', 'suanni.mjs');

/** A parse node that holds every review until the test lets it go: the CLI is still watching when its token runs out. */
function heldParse() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const node: ReviewNode = {
    ...(parseNode as unknown as ReviewNode),
    async run(input, deps, run) {
      await held;
      return (parseNode as unknown as ReviewNode).run(input, deps, run);
    },
  };
  return { node, release: () => release() };
}

describe('suanni review when the token runs out while it watches', () => {
  let app: TestApp;
  let folder: string;
  const parse = heldParse();
  beforeAll(async () => {
    app = await startTestApp({ testOverrides: { reviewNodes: { parse: parse.node } } });
    folder = await mkdtemp(path.join(tmpdir(), 'suanni-cli-expiry-'));
    await writeFile(path.join(folder, 'supply.txt'), englishContract({ payDays: 45, penalty: 10, notice: 15, years: 2 }));
  });
  afterAll(async () => {
    parse.release();
    await app.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it('says the token was refused (not NETWORK) and names the review it created, which keeps running', async () => {
    const token = await new SignJWT({ tenant: app.tenant, roles: ['USER'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('short-lived')
      .setIssuer(TEST_ISSUER)
      .setAudience(TEST_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(new TextEncoder().encode(app.secret));
    const outcome = await new Promise<{ code: number; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        [BIN, 'review', path.join(folder, 'supply.txt'), '--json'],
        { env: { ...process.env, SUANNI_URL: app.url, SUANNI_TOKEN: token }, timeout: 60_000 },
        (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
      ),
    );
    expect(outcome.code, outcome.stderr).toBe(1);
    expect(outcome.stderr).toMatch(/^UNAUTHENTICATED: the gateway closed the subscription socket: 4401 Unauthorized: token expired$/m);
    expect(outcome.stderr).not.toContain('NETWORK');
    const created = /created before this, and still running on the gateway: review ([0-9a-f-]{36}) \(/.exec(outcome.stderr);
    expect(created, outcome.stderr).not.toBeNull();
    const stored = await app.db.review.findUniqueOrThrow({ where: { id: created![1]! } });
    expect(['PENDING', 'RUNNING']).toContain(stored.status);
  }, 60_000);
});
