import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishContract } from '../fixtures/contracts.js';
import { makeTextPdf } from '../testkit/documents.js';
import { decompressionBombPdf, lyingDocx, manyPagesPdf, paragraphFloodDocx } from '../testkit/hostile-documents.js';
import { postMultipart } from '../testkit/multipart.js';
import {
  clusterEnvironment,
  createSystemDatabase,
  gqlAt,
  postgresReachable,
  spawnSuanni,
  tokenFor,
  waitFor,
  type SuanniProcess,
} from '../testkit/processes.js';

// A gateway of its own, as a child process, so that its memory can be read from /proc and a file
// that took it down would fail this test rather than the test runner.
const wanted = process.env.SUANNI_MULTIPROCESS_TESTS !== 'off';
const reachable = wanted && (await postgresReachable());
if (wanted && !reachable) process.stdout.write('SKIP hostile-files.int.test.ts: no PostgreSQL at 127.0.0.1:5432\n');

const SUBMIT = 'mutation ($input: ReviewInput!) { submitReview(input: $input) { id status } }';
const ME = '{ me { id } }';
const MiB = 1024 * 1024;
const READER_MEMORY_MB = 256;
const READERS = 2;

/** Resident memory of a process in bytes (0 once it is gone). */
function resident(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The child processes of a process (of every thread of it). */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'latin1').split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** The gateway's extraction processes (not, say, the esbuild service that tsx starts). */
const readersOf = (pid: number) =>
  childrenOf(pid).filter((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'latin1').includes('extraction-process');
    } catch {
      return false;
    }
  });

/** Resident memory of the gateway and its extraction processes together. */
const residentWithReaders = (pid: number) => resident(pid) + readersOf(pid).reduce((sum, child) => sum + resident(child), 0);

describe.skipIf(!reachable)('faults: hostile contract files uploaded to a gateway process', () => {
  let database: Awaited<ReturnType<typeof createSystemDatabase>>;
  let env: Record<string, string>;
  let gateway: SuanniProcess;
  let mallory: string;
  const upload = (file: File, token = mallory) =>
    postMultipart(
      gateway.url,
      { query: SUBMIT, variables: { input: { contractId: 'upload', title: file.name, file: null } } },
      { 'variables.input.file': file },
      { token },
    );

  beforeAll(async () => {
    database = await createSystemDatabase();
    env = clusterEnvironment(database.url, {
      SUANNI_EXTRACT_PROCESSES: String(READERS),
      SUANNI_EXTRACT_MEMORY_MB: String(READER_MEMORY_MB),
      SUANNI_EXTRACT_TIMEOUT_SECONDS: '120',
    });
    gateway = await spawnSuanni('all', env);
    mallory = await tokenFor(env, 'mallory', 'acme');
  }, 120_000);

  afterAll(async () => {
    if (gateway?.child.exitCode === null && gateway.child.signalCode === null) gateway.child.kill('SIGKILL');
    await database?.drop();
  });

  it('each hostile file fails alone with BAD_USER_INPUT and its reason, while other users are answered, within a memory bound that returns', async () => {
    const pid = gateway.child.pid!;
    // An ordinary upload first: the readers are started and warm, and that is the baseline.
    const pdf = new File([Buffer.from(await makeTextPdf(englishContract({ payDays: 30, penalty: 5, notice: 10, years: 1 })))], 'ok.pdf');
    const ordinary = await upload(pdf);
    expect(ordinary.errors).toBeUndefined();
    const baseline = residentWithReaders(pid);

    // Made before the traffic starts: generating 2.5 GiB of inflated content blocks this test process for seconds.
    const hostile: [string, Buffer<ArrayBuffer>, string][] = [
      // 150 MiB of tiny paragraphs in 465 KB, sizes declared honestly (took the gateway to 4.5 GB and out of memory).
      ['flood.docx', paragraphFloodDocx(150), 'UNPACKED_TOO_LARGE'],
      // Declares 1 KB, inflates to 1 GiB.
      ['lying.docx', lyingDocx(1024), 'UNPACKED_TOO_LARGE'],
      // 10,000 pages in 1 MB (blocked /health for 38 s).
      ['pages.pdf', manyPagesPdf(10_000), 'TOO_MANY_PAGES'],
      // A 1.6 MB PDF whose content stream inflates to 1.5 GiB.
      ['bomb.pdf', decompressionBombPdf(1536), 'UNPACKED_TOO_LARGE'],
      // Within every cap of its size (padded), but parsing its 6 MiB of paragraphs takes gigabytes.
      ['heavy.docx', paragraphFloodDocx(6, 400_000), 'MEMORY'],
    ];
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentWithReaders(pid));
    }, 25);
    // Other users of another tenant, one request after another for as long as the hostile files are read.
    let reading = true;
    const answers: (true | string)[] = [];
    const others = await Promise.all(['alice', 'bob', 'carol'].map((user) => tokenFor(env, user, 'globex')));
    const traffic = Promise.all(
      others.map(async (token) => {
        while (reading) {
          const answered = await gqlAt(gateway.url, token, ME).then(
            (response): true | string => (!response.errors && response.data?.me?.id ? true : JSON.stringify(response)),
            (error: Error): string => `${error.message} ${String(error.cause ?? '')}`,
          );
          answers.push(answered);
        }
      }),
    );

    const results = await Promise.all(hostile.map(([name, bytes]) => upload(new File([bytes], name))));
    reading = false;
    await traffic;
    clearInterval(sampler);

    for (const [index, [name, , reason]] of hostile.entries()) {
      expect(results[index]!.data?.submitReview ?? null, name).toBeNull();
      expect(results[index]!.errors?.[0]?.extensions, name).toMatchObject({ code: 'BAD_USER_INPUT', reason, field: 'input.file' });
      expect(results[index]!.errors![0]!.message, name).toContain(name);
    }
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((answered) => answered !== true)).toEqual([]);
    expect(gateway.child.exitCode).toBeNull();

    process.stdout.write(
      `hostile files: baseline ${Math.round(baseline / MiB)} MiB, peak ${Math.round(peak / MiB)} MiB (gateway and readers), ${answers.length} other requests answered\n`,
    );
    // The gateway and its readers together: at most every reader at its limit, and some room for
    // the request bodies (the gateway alone went past 4.5 GB before).
    expect(peak - baseline).toBeLessThan((READERS * READER_MEMORY_MB + 256) * MiB);
    // Memory comes back: the readers that held it were ended.
    await waitFor(
      async () => residentWithReaders(pid),
      (now) => now < baseline + 128 * MiB,
      30_000,
      `memory back near the baseline of ${Math.round(baseline / MiB)} MiB`,
    );
    // And the next ordinary upload is read as before.
    expect((await upload(pdf)).errors).toBeUndefined();
  }, 300_000);

  it('SIGTERM ends the gateway and its readers while a file is being read: the upload is told to send it again', async () => {
    const pid = gateway.child.pid!;
    // Within its caps and its memory, so it is read for as long as it takes (seconds).
    const slow = upload(new File([manyPagesPdf(2_000, 1_100_000)], 'slow.pdf'));
    const readers = await waitFor(
      async () => readersOf(pid),
      (found) => found.length > 0,
      30_000,
      'a reader',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    gateway.child.kill('SIGTERM');
    const answer = await slow.catch(() => null);
    // Either the answer that the gateway is stopping, or the connection closed: never the file's text read to the end.
    if (answer) expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'UNAVAILABLE' });
    expect(await gateway.exited).toBe(0);
    for (const reader of readers) expect(resident(reader)).toBe(0);
  }, 120_000);
});
