import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelemetry, type Telemetry } from '../../src/platform/telemetry/sdk.js';
import { englishContract, REVIEW_KNOWLEDGE } from '../fixtures/contracts.js';
import { startTestApp, type TestApp } from '../testkit/app.js';
import { CUAD_FOLDER, cuadContracts, makeCorruptPdf, makeDocx, makeTextPdf } from '../testkit/documents.js';

const BIN = path.join(import.meta.dirname, '..', '..', 'bin', 'suanni.mjs');
const TERMS = { payDays: 45, penalty: 10, notice: 15, years: 2 };

/** Runs the real `suanni` binary in a child process; resolves with its exit code and output. */
function suanni(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

type Outcome = {
  file: string;
  reviewId: string | null;
  status: string;
  riskLevel: string | null;
  findings: { knowledgeId: string; evidence: { start: number; end: number } | null }[];
  error: { code: string; message: string } | null;
};

describe('the suanni CLI against a running gateway', () => {
  let app: TestApp;
  let folder: string;
  let env: Record<string, string>;
  let telemetry: Telemetry;

  beforeAll(async () => {
    // The in-process trace buffer lives in the telemetry SDK (process-global), started before the app.
    telemetry = startTelemetry({ serviceName: 'suanni-test', bufferTraces: 200 });
    app = await startTestApp();
    const admin = await app.token('carol', { roles: ['ADMIN'] });
    for (const item of REVIEW_KNOWLEDGE) {
      const response = await app.gql(
        `mutation ($input: KnowledgeVersionInput!) { putKnowledgeVersion(input: $input) { id } }`,
        { input: { kind: 'CLAUSE', source: `policy:test/${item.knowledgeId}`, ...item } },
        { token: admin },
      );
      expect(response.errors).toBeUndefined();
    }
    env = { SUANNI_URL: app.url, SUANNI_TOKEN: await app.token('alice') };
    folder = await mkdtemp(path.join(tmpdir(), 'suanni-cli-'));
    const cuad = await cuadContracts(3, 40_000);
    if (cuad.length < 3) console.log(`CUAD contracts not found under ${CUAD_FOLDER}: the folder holds the synthetic contracts only`);
    await mkdir(path.join(folder, 'contracts', 'nested'), { recursive: true });
    await writeFile(path.join(folder, 'contracts', 'a-supply.txt'), `${englishContract(TERMS)}\n\n${cuad[0]?.text ?? ''}`);
    await writeFile(
      path.join(folder, 'contracts', 'b-supply.pdf'),
      await makeTextPdf(`${englishContract({ ...TERMS, payDays: 60 })}\n\n${cuad[1]?.text ?? ''}`),
    );
    await writeFile(
      path.join(folder, 'contracts', 'nested', 'c-supply.docx'),
      await makeDocx(`${englishContract({ ...TERMS, penalty: 12 })}\n${cuad[2]?.text ?? ''}`),
    );
    await writeFile(path.join(folder, 'contracts', 'notes.json'), '{"not": "a contract"}');
    await mkdir(path.join(folder, 'with-broken'));
    await writeFile(path.join(folder, 'with-broken', 'good.txt'), englishContract(TERMS));
    await writeFile(path.join(folder, 'with-broken', 'broken.pdf'), await makeCorruptPdf());
  });
  afterAll(async () => {
    await app.stop();
    await telemetry.shutdown();
    await rm(folder, { recursive: true, force: true });
  });

  it('reviews a folder one review per file (--json): every file SUCCEEDED, exit code 0, progress on stderr', async () => {
    const result = await suanni(['review', path.join(folder, 'contracts'), '--json', '--as-of', '2025-06-01T00:00:00Z'], env);
    expect(result.stderr).toContain('progress 3/3 completed, 0 failed');
    expect(result.code).toBe(0);
    const outcomes = JSON.parse(result.stdout) as Outcome[];
    // Folders are walked recursively, contract types only, in path order.
    expect(outcomes.map((outcome) => path.relative(folder, outcome.file))).toEqual([
      path.join('contracts', 'a-supply.txt'),
      path.join('contracts', 'b-supply.pdf'),
      path.join('contracts', 'nested', 'c-supply.docx'),
    ]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('SUCCEEDED');
      expect(outcome.findings.map((finding) => finding.knowledgeId)).toContain('penalty-rate-cap');
    }
    const stored = await app.db.review.findMany({
      where: { id: { in: outcomes.map((outcome) => outcome.reviewId!) } },
      select: { contractId: true, batchId: true, asOf: true },
    });
    expect(stored.map((row) => row.contractId).sort()).toEqual(['a-supply.txt', 'b-supply.pdf', 'nested/c-supply.docx']);
    expect(stored.every((row) => row.batchId === null && row.asOf.toISOString() === '2025-06-01T00:00:00.000Z')).toBe(true);
  });

  it('reviews the folder as one batch (--batch --csv --out): the CSV lists each file, exit code 0', async () => {
    const out = path.join(folder, 'results.csv');
    const result = await suanni(['review', path.join(folder, 'contracts'), '--batch', '--csv', '--out', out], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('progress 3/3 completed, 0 failed, ETA 0s');
    const lines = (await readFile(out, 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe('file,reviewId,status,riskLevel,riskScore,findings,errorCode,errorMessage');
    expect(lines).toHaveLength(4);
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(rows.map((row) => path.basename(row[0]!))).toEqual(['a-supply.txt', 'b-supply.pdf', 'c-supply.docx']);
    expect(rows.map((row) => row[2])).toEqual(['SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED']);
    const batchIds = await app.db.review.findMany({ where: { id: { in: rows.map((row) => row[1]!) } }, select: { batchId: true } });
    expect(new Set(batchIds.map((row) => row.batchId)).size).toBe(1);
    expect(batchIds[0]!.batchId).not.toBeNull();
  });

  it.each([[[]], [['--batch']]])('exits non-zero when a file fails (%j), reporting it with the reason', async (mode) => {
    const result = await suanni(['review', path.join(folder, 'with-broken'), '--json', ...mode], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('progress 2/2 completed, 1 failed');
    const outcomes = JSON.parse(result.stdout) as Outcome[];
    const [broken, good] = outcomes;
    expect(path.basename(broken!.file)).toBe('broken.pdf');
    expect(broken!.status).toBe('FAILED');
    expect(broken!.error!.code).toBe('BAD_USER_INPUT');
    expect(broken!.error!.message).toMatch(/^broken\.pdf is not a readable PDF/);
    expect(good!.status).toBe('SUCCEEDED');
  });

  it('refuses bad usage with exit code 2 and a missing token with a clear message', async () => {
    const noFiles = await suanni(['review'], env);
    expect(noFiles.code).toBe(2);
    expect(noFiles.stderr).toContain('name at least one file or folder to review');
    const noToken = await suanni(['review', path.join(folder, 'contracts')], { SUANNI_URL: app.url, SUANNI_TOKEN: '' });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain('a token is required: --token <jwt> or SUANNI_TOKEN');
    const badToken = await suanni(['review', path.join(folder, 'contracts'), '--token', 'not-a-jwt'], { SUANNI_URL: app.url });
    expect(badToken.code).toBe(1);
    expect(badToken.stderr).toMatch(/^UNAUTHENTICATED: /m);
  });

  it('lists traces of a review (SRE), erases a user (COMPLIANCE) following its steps, and erases the caller', async () => {
    const reviewed = await suanni(['review', path.join(folder, 'with-broken', 'good.txt'), '--json'], env);
    const [outcome] = JSON.parse(reviewed.stdout) as Outcome[];
    const sre = await app.token('sam', { roles: ['SRE'] });
    const traces = await suanni(['traces', '--review', outcome!.reviewId!, '--json'], { SUANNI_URL: app.url, SUANNI_TOKEN: sre });
    expect(traces.code).toBe(0);
    const found = JSON.parse(traces.stdout) as { traceId: string; rootName: string }[];
    expect(found.length).toBeGreaterThan(0);
    const one = await suanni(['traces', found[0]!.traceId], { SUANNI_URL: app.url, SUANNI_TOKEN: sre });
    expect(one.code).toBe(0);
    expect(one.stdout.split('\n')[0]).toContain(found[0]!.traceId);

    const dave = await app.token('dave');
    const me = await app.gql('{ me { id } }', {}, { token: dave });
    const compliance = await app.token('cora', { roles: ['COMPLIANCE'] });
    // COMPLIANCE finds the subject's id (`suanni users dave`), and `erase --user` takes the subject as well as the id.
    const listed = await suanni(['users', 'dave'], { SUANNI_URL: app.url, SUANNI_TOKEN: compliance });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^${me.data!.me.id}  dave `));
    const nobody = await suanni(['erase', '--user', 'nobody-here'], { SUANNI_URL: app.url, SUANNI_TOKEN: compliance });
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('NOT_FOUND: no user with subject "nobody-here" in your tenant (suanni users lists them)');
    const erased = await suanni(['erase', '--user', 'dave'], { SUANNI_URL: app.url, SUANNI_TOKEN: compliance });
    expect(erased.code).toBe(0);
    expect(JSON.parse(erased.stdout)).toMatchObject({ status: 'COMPLETED', verification: { allZero: true } });
    expect(erased.stderr).toContain('step verify done');

    // Erasing yourself: accepted at once, not followed (the gateway closes the erased user's sockets).
    const self = await suanni(['erase'], { SUANNI_URL: app.url, SUANNI_TOKEN: await app.token('erin') });
    expect(self.code).toBe(0);
    expect(self.stderr).toContain('your own erasure runs in the background');
    expect(['PENDING', 'RUNNING', 'COMPLETED']).toContain((JSON.parse(self.stdout) as { status: string }).status);
  });
});
