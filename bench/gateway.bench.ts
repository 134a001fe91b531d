// Gateway throughput against a bare Yoga `{ hello }` measured in the same run, with the
// OpenTelemetry SDK on (as production runs: spans into the trace buffer) and off.
//
// Three server processes (bench/gateway-server.ts): the bare Yoga, the gateway with the SDK and the
// gateway without it, on one fresh database; autocannon in this process drives one at a time with
// 50 connections. The machine is shared and noisy, so measurements are interleaved: each round
// measures, for each SDK mode (in an order that alternates by round), the bare Yoga and then that
// mode's `{ __typename }`, `{ me }` and `createSession`, and each ratio is taken against the bare
// Yoga of its own round and mode. Printed: the median ratio of the rounds with their range, the
// median requests/s, p99 (median and worst round), and the gateway's CPU time per request (from
// /proc, user + system), which moves less with the machine's load than requests/s does.
// BENCH_ROUNDS (default 4) rounds of BENCH_DURATION_S (default 3) seconds per load, after a warm-up.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { projectDir } from '../src/config.js';
import { openBenchDatabase, percentile } from './bench-database.js';

export const name = 'gateway throughput (against bare Yoga in the same run; SDK on and off)';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const CONNECTIONS = 50;
/**
 * Each load opens its 50 connections anew; their first requests wait behind connection set-up and
 * the load generator's own start (the bare Yoga shows it too). The steady p99 leaves out requests
 * sent in this first part of a load; the whole-window p99 is printed beside it.
 */
const RAMP_MS = 500;
/** The targets of issue 14: share of bare Yoga's requests/s, and p99 at 50 connections. */
const TARGETS = { me: 0.5, createSession: 0.25, p99Ms: 50 } as const;

const OPERATIONS = {
  typename: { label: '{ __typename }', query: '{ __typename }' },
  me: { label: '{ me { id subject roles createdAt } }', query: '{ me { id subject roles createdAt } }' },
  createSession: { label: 'createSession', query: 'mutation { createSession(title: "bench") { id threadId } }' },
} as const;
type Operation = keyof typeof OPERATIONS;
type Mode = 'on' | 'off';

interface Server {
  child: ChildProcess;
  url: string;
  token?: string;
}

interface Sample {
  rps: number;
  p99: number;
  /** p99 of the requests sent after the first RAMP_MS of the load (the 50 connections are open and warm by then). */
  p99Steady: number;
  errors: number;
  /** CPU milliseconds of the server process per request. */
  cpuMs: number;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectDir, 'bench/gateway-server.ts')], {
    cwd: projectDir,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'error', ...env },
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return { child, ...(JSON.parse(line) as { url: string; token?: string }) };
}

/** CPU time (user + system) a process has used, in milliseconds; NaN where /proc is missing. */
async function cpuMsOf(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat(5); the slice starts at field 3.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

async function load(server: Server, query: string, seconds: number): Promise<Sample> {
  const cpuBefore = await cpuMsOf(server.child.pid!);
  const started = performance.now();
  const steady: number[] = [];
  let instance!: autocannon.Instance;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: server.url,
        method: 'POST',
        connections: CONNECTIONS,
        duration: seconds,
        headers: { 'content-type': 'application/json', ...(server.token ? { authorization: `Bearer ${server.token}` } : {}) },
        body: JSON.stringify({ query }),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  // 'response' fires when a response is complete, `responseTime` milliseconds after its request was sent.
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    if (performance.now() - responseTime - started >= RAMP_MS) steady.push(responseTime);
  });
  const result = await finished;
  const cpu = (await cpuMsOf(server.child.pid!)) - cpuBefore;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    p99Steady: percentile(steady, 99),
    errors: result.errors + result.non2xx + result.timeouts,
    cpuMs: cpu / Math.max(result.requests.total, 1),
  };
}

/** A GraphQL error answers HTTP 200: check each operation once for a clean result before measuring. */
async function assertAnswers(server: Server, query: string): Promise<void> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(server.token ? { authorization: `Bearer ${server.token}` } : {}) },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { errors?: unknown[] };
  if (body.errors) throw new Error(`${query} failed: ${JSON.stringify(body.errors)}`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const fixed = (value: number, digits = 2) => value.toFixed(digits);

export async function run(): Promise<Record<string, string | number>> {
  const database = await openBenchDatabase('gateway');
  const servers: Server[] = [];
  try {
    const bare = await startServer({ BENCH_SERVER: 'bare' });
    servers.push(bare);
    const gateways: Record<Mode, Server> = {
      on: await startServer({ BENCH_SERVER: 'gateway', BENCH_TELEMETRY: 'on', BENCH_DATABASE_URL: database.url }),
      off: await startServer({ BENCH_SERVER: 'gateway', BENCH_TELEMETRY: 'off', BENCH_DATABASE_URL: database.url }),
    };
    servers.push(gateways.on, gateways.off);
    await assertAnswers(bare, '{ hello }');
    for (const mode of ['on', 'off'] as const)
      for (const operation of Object.values(OPERATIONS)) await assertAnswers(gateways[mode], operation.query);

    // Warm-up: JIT, connection pools, provisioning, caches.
    await load(bare, '{ hello }', 1);
    for (const mode of ['on', 'off'] as const)
      for (const operation of Object.values(OPERATIONS)) await load(gateways[mode], operation.query, 1);

    const samples: Record<Mode, Record<Operation | 'bare', Sample[]>> = {
      on: { bare: [], typename: [], me: [], createSession: [] },
      off: { bare: [], typename: [], me: [], createSession: [] },
    };
    const ratios: Record<Mode, Record<Operation, number[]>> = {
      on: { typename: [], me: [], createSession: [] },
      off: { typename: [], me: [], createSession: [] },
    };
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of round % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
        const baseline = await load(bare, '{ hello }', DURATION_S);
        samples[mode].bare.push(baseline);
        for (const operation of Object.keys(OPERATIONS) as Operation[]) {
          const sample = await load(gateways[mode], OPERATIONS[operation].query, DURATION_S);
          samples[mode][operation].push(sample);
          ratios[mode][operation].push(sample.rps / baseline.rps);
        }
      }
    }

    const figures: Record<string, string | number> = {};
    let failed = 0;
    for (const mode of ['on', 'off'] as const) {
      const baseline = samples[mode].bare;
      failed += baseline.reduce((sum, sample) => sum + sample.errors, 0);
      figures[`SDK ${mode}: bare Yoga { hello }`] =
        `${Math.round(median(baseline.map((s) => s.rps)))} rps, p99 ${median(baseline.map((s) => s.p99))} ms ` +
        `(steady ${fixed(median(baseline.map((s) => s.p99Steady)), 1)} ms), ` +
        `${fixed(median(baseline.map((s) => s.cpuMs)), 3)} ms CPU/request`;
      for (const operation of Object.keys(OPERATIONS) as Operation[]) {
        const runs = samples[mode][operation];
        failed += runs.reduce((sum, sample) => sum + sample.errors, 0);
        const ratio = ratios[mode][operation];
        const p99 = median(runs.map((s) => s.p99));
        const worstP99 = Math.max(...runs.map((s) => s.p99));
        const p99Steady = median(runs.map((s) => s.p99Steady));
        const target = operation === 'typename' ? undefined : TARGETS[operation];
        const met = (value: boolean) => (value ? 'met' : 'NOT met');
        const verdict =
          target === undefined
            ? ''
            : `  [share ≥ ${target}: ${met(median(ratio) >= target)}; p99 < ${TARGETS.p99Ms} ms: ${met(p99 < TARGETS.p99Ms)}, ` +
              `steady: ${met(p99Steady < TARGETS.p99Ms)}]`;
        figures[`SDK ${mode}: ${OPERATIONS[operation].label}`] =
          `${fixed(median(ratio))} of bare (rounds ${fixed(Math.min(...ratio))}–${fixed(Math.max(...ratio))}), ` +
          `${Math.round(median(runs.map((s) => s.rps)))} rps, p99 ${p99} ms (worst round ${worstP99}; ` +
          `steady, after the first ${RAMP_MS} ms: ${fixed(p99Steady, 1)} ms), ` +
          `${fixed(median(runs.map((s) => s.cpuMs)), 3)} ms CPU/request${verdict}`;
      }
    }
    figures['rounds × seconds per load'] = `${ROUNDS} × ${DURATION_S} s, ${CONNECTIONS} connections`;
    figures['failed requests'] = failed;
    return figures;
  } finally {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      if (server.child.exitCode === null) await once(server.child, 'exit');
    }
    await database.close();
  }
}
