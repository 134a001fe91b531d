// Where an end-to-end review spends its CPU: `npx tsx bench/profile-reviews.ts [batch size] [--cpu-only]`.
// Starts the all-in-one process (`start --role all`, as `npm run bench -- scale` does) on a fresh
// database of the PostgreSQL at 127.0.0.1:5432 with its inspector on, profiles it with V8's CPU
// profiler while it runs one batch submitted over HTTP, and prints its CPU time per review (from
// /proc) and the self time by area and the top functions. Not a benchmark (no baseline).
// `--cpu-only`: no profiler (it slows the process down), only the CPU time per review.
import { readdir, readFile } from 'node:fs/promises';
import type { Profiler } from 'node:inspector';
import pg from 'pg';
import WebSocket from 'ws';
import { englishContract } from '../test/fixtures/contracts.js';
import { summariseProfile } from './cpu-profile.js';
import { clusterEnvironment, createSystemDatabase, gqlAt, postgresReachable, spawnSuanni, tokenFor } from '../test/testkit/processes.js';

const BATCH = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 400);
const PROFILE = !process.argv.includes('--cpu-only');
const SUBMIT_BATCH = 'mutation ($inputs: [ReviewInput!]!) { submitReviewBatch(inputs: $inputs) { id } }';
const contract = (i: number) => ({
  contractId: `profile-${i}`,
  title: `Contract ${i}`,
  text: englishContract({ payDays: 30 + (i % 5) * 15, penalty: 5 + (i % 4), notice: 30, years: 1 + (i % 3) }, `Supplier ${i}`),
  asOf: '2025-06-01T00:00:00Z',
});

/** A minimal client of the Chrome DevTools protocol over the child's inspector socket. */
async function inspector(url: string) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let next = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  return {
    post: <T>(method: string, params: object = {}) =>
      new Promise<T>((resolve) => {
        const id = ++next;
        waiting.set(id, resolve as (result: unknown) => void);
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

/** User plus system CPU time of a process or thread, in milliseconds (Linux /proc, clock ticks of 10 ms). */
async function cpuMs(pid: number, task?: number): Promise<number> {
  const path = task === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${task}/stat`;
  const fields = (await readFile(path, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU per thread of a process, by thread name and id (`main`; Node names its other threads `node`: worker threads, V8's and libuv's helpers). */
async function threadCpu(pid: number): Promise<Map<string, number>> {
  const byName = new Map<string, number>();
  for (const task of await readdir(`/proc/${pid}/task`).catch(() => [] as string[])) {
    const name =
      Number(task) === pid ? 'main' : `${(await readFile(`/proc/${pid}/task/${task}/comm`, 'utf8').catch(() => '?')).trim()}#${task}`;
    const ms = await cpuMs(pid, Number(task)).catch(() => 0);
    byName.set(name, (byName.get(name) ?? 0) + ms);
  }
  return byName;
}

/** CPU of every PostgreSQL server process on this machine (the database's backends, WAL writer, checkpointer). */
async function postgresCpu(): Promise<number> {
  let total = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '');
    if (comm.startsWith('postgres')) total += await cpuMs(Number(entry)).catch(() => 0);
  }
  return total;
}

if (!(await postgresReachable())) {
  process.stdout.write('no PostgreSQL at 127.0.0.1:5432\n');
  process.exit(0);
}
const database = await createSystemDatabase();
const env = clusterEnvironment(database.url, {
  SUANNI_JOB_LEASE_SECONDS: '120',
  SUANNI_REVIEW_CONCURRENCY: '32',
  SUANNI_REVIEW_MAX_BATCH: '500',
  SUANNI_RATE_LIMITS: 'false', // thousands of reviews a minute from one user
});
const all = await spawnSuanni('all', env, PROFILE ? ['--inspect=127.0.0.1:0'] : []);
const sql = new pg.Client({ connectionString: database.url });
await sql.connect();
try {
  const socketUrl = /Debugger listening on (ws:\/\/\S+)/.exec(all.output())?.[1];
  const token = await tokenFor(env, 'profile', 'acme');
  let polls = 0;
  const runBatch = async (size: number, offset: number) => {
    const submitted = await gqlAt(all.url, token, SUBMIT_BATCH, { inputs: Array.from({ length: size }, (_, i) => contract(offset + i)) });
    const batchId = submitted.data.submitReviewBatch.id as string;
    for (;;) {
      const { rows } = await sql.query<{ count: string }>(
        `SELECT count(*) FROM "Review" WHERE "batchId" = $1 AND status IN ('SUCCEEDED', 'FAILED')`,
        [batchId],
      );
      polls += 1;
      if (Number(rows[0]!.count) >= size) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await runBatch(400, 100_000); // warm-up: the JIT is still speeding the graph up after 40 reviews
  const session = socketUrl ? await inspector(socketUrl) : undefined;
  await session?.post('Profiler.enable');
  await session?.post('Profiler.setSamplingInterval', { interval: 200 });
  await session?.post('Profiler.start');
  const cpuBefore = await cpuMs(all.child.pid!);
  const threadsBefore = await threadCpu(all.child.pid!);
  const postgresBefore = await postgresCpu();
  // Transactions of the database (every autocommit statement is one), PostgreSQL's own count; this client's polling is subtracted below.
  const commits = async () =>
    Number((await sql.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()')).rows[0]!.n);
  const commitsBefore = await commits();
  polls = 0;
  const started = performance.now();
  await runBatch(BATCH, 0);
  const seconds = (performance.now() - started) / 1000;
  const cpu = (await cpuMs(all.child.pid!)) - cpuBefore;
  const threads = [...(await threadCpu(all.child.pid!))].map(([name, ms]) => [name, ms - (threadsBefore.get(name) ?? 0)] as const);
  const postgres = (await postgresCpu()) - postgresBefore;
  const transactions = (await commits()) - commitsBefore - polls - 1;
  process.stdout.write(
    `${BATCH} reviews in ${seconds.toFixed(1)} s (${(BATCH / seconds).toFixed(1)}/s); CPU of the all-in-one process ${(cpu / BATCH).toFixed(2)} ms per review\n`,
  );
  process.stdout.write(
    `  by thread (ms per review): ${threads
      .filter(([, ms]) => ms > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([name, ms]) => `${name} ${(ms / BATCH).toFixed(2)}`)
      .join(
        ', ',
      )}\n  PostgreSQL processes: ${(postgres / BATCH).toFixed(2)} ms per review; ${(transactions / BATCH).toFixed(2)} transactions per review\n`,
  );
  if (session) {
    const { profile } = await session.post<{ profile: Profiler.Profile }>('Profiler.stop');
    session.close();

    const summary = summariseProfile(profile, { per: BATCH, unit: 'review', skipIdle: true, areas: 30, functions: 50 });
    process.stdout.write(
      `## self time by area (share of the non-idle samples)\n${summary.byArea}\n## top functions\n${summary.byFunction}\n`,
    );
    if (process.env.BENCH_PROFILE_OUT) {
      const { writeFile } = await import('node:fs/promises');
      await writeFile(process.env.BENCH_PROFILE_OUT, JSON.stringify(profile));
    }
  }
} finally {
  await sql.end();
  all.child.kill('SIGKILL');
  await all.exited;
  await database.drop();
}
process.exit(0);
