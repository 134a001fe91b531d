// Throughput of the 200-contract review batch (rules provider, concurrency 8, end to end through
// ReviewService on PostgreSQL) with the OpenTelemetry SDK off and on, in three modes: `off` (no
// SDK: the API's no-op tracer), `buffer` (SDK with the in-process trace buffer, Prisma
// instrumentation included) and `export` (the same plus the OTLP/HTTP protobuf exporter sending to
// a receiver in the parent process that only counts, so that receiving costs next to nothing).
//
// One child process measures all three, alternating batch by batch (the SDK is started and shut
// down between batches, and 50 untimed reviews follow each switch; the order rotates each round):
// on these shared, noisy machines separate processes differ by more than the overhead itself,
// while neighbouring batches in one process see the same machine. Each mode runs BENCH_ROUNDS
// batches (default 10) after warm-up; the figures are medians, and the ratio is the median of
// each round's on/off ratio, with the middle half of those ratios beside it. The gateway's CPU
// time per review is printed as well. Then BENCH_PROFILED_ROUNDS (default 2) more batches per
// mode run under V8's CPU profiler, which yields the share of the CPU spent in tracing code:
// a figure taken within each batch, so it hardly moves with the machine's speed.
// Target: `buffer` and `export` under 10 % slower than `off`.
import { spawn } from 'node:child_process';
import { Session, type Profiler } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { projectDir } from '../src/config.js';
import { startOtlpReceiver } from '../test/testkit/otlp-receiver.js';
import { currentTelemetry, startTelemetry } from '../src/platform/telemetry/sdk.js';
import { startEmbeddedPostgres } from '../src/platform/db/embedded-postgres.js';
import { createModelProvider } from '../src/platform/llm/provider.js';
import { createDatabase } from '../src/platform/db/prisma.js';
import { createDependencies } from '../src/services.js';
import { openBenchDatabase } from './bench-database.js';
import { benchContracts, reviewBenchConfig, reviewBenchPrincipal } from './review-fixtures.js';

export const name = 'tracing overhead (200-contract review batch, SDK off vs on)';

const BATCH = 200;
const CONCURRENCY = 8;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
/** Reviews run untimed after each switch of mode. */
const SETTLE = 50;
const MODES = ['off', 'buffer', 'export'] as const;
type Mode = (typeof MODES)[number];
interface Sample {
  perSecond: number;
  cpuMsPerReview: number;
}
/** Per mode: CPU-profile samples (µs) of the profiled batches by category, see {@link categoryOf}. */
type ProfileShares = Record<Mode, Record<string, number>>;
type ChildResult = Record<Mode, Sample[]> & { spansBuffered: number; profile: ProfileShares };

/** Batches per mode run under the CPU profiler, after the timed rounds. */
const PROFILED_ROUNDS = Number(process.env.BENCH_PROFILED_ROUNDS ?? 2);

/**
 * What a profile sample's function belongs to. Tracing code: the OpenTelemetry packages (API,
 * SDK, context manager, exporter), Suanni's tracing module, Prisma's instrumentation, and the
 * async_hooks machinery behind the context manager's AsyncLocalStorage (LangChain keeps one of
 * its own, so part of that is there with the SDK off too).
 */
function categoryOf(frame: { url: string; functionName: string }): string {
  const { url, functionName } = frame;
  if (functionName === '(idle)' || functionName === '(program)') return 'idle';
  if (functionName === '(garbage collector)') return 'gc';
  if (
    url.includes('node_modules/@opentelemetry/') ||
    url.includes('/src/platform/telemetry/') ||
    url.includes('/src/graphql/tracing-plugin') ||
    url.endsWith('/tracing.ts') ||
    url.includes('@prisma/instrumentation')
  )
    return 'tracing';
  if (url.includes('async_hooks')) return 'async_hooks';
  return 'other';
}

function addProfile(into: Record<string, number>, profile: Profiler.Profile): void {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples!.forEach((id, index) => {
    const category = categoryOf(nodes.get(id)!.callFrame);
    into[category] = (into[category] ?? 0) + (profile.timeDeltas![index] ?? 0);
  });
}

/** Puts this process's SDK in `mode`; shutting down also exports what the last batch left queued. */
async function switchTo(mode: Mode): Promise<void> {
  await currentTelemetry()?.shutdown();
  if (mode !== 'off')
    startTelemetry({
      serviceName: 'suanni-bench',
      bufferTraces: 500,
      otlpEndpoint: mode === 'export' ? process.env.BENCH_OTLP_ENDPOINT : undefined,
    });
}

/** The child: every mode in this one process, batch by batch. */
async function measure(): Promise<ChildResult> {
  const database = await openBenchDatabase('tracing');
  const db = createDatabase(database.url, 10);
  const result: ChildResult = { off: [], buffer: [], export: [], spansBuffered: 0, profile: { off: {}, buffer: {}, export: {} } };
  try {
    const deps = createDependencies({
      config: reviewBenchConfig(CONCURRENCY),
      db,
      databaseUrl: database.url,
      provider: createModelProvider({ provider: 'rules' } as never),
    });
    const principal = await reviewBenchPrincipal(deps);
    const asOf = new Date('2025-06-01T00:00:00Z');
    let offset = 0;
    const batch = async (size = BATCH): Promise<Sample> => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const submitted = await deps.services.reviews.submitBatch(
        principal,
        benchContracts(size, offset).map((contract) => ({ ...contract, asOf })),
      );
      offset += size;
      await deps.services.reviews.idle();
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      const failed = await db.review.count({ where: { batchId: submitted.id, status: { not: 'SUCCEEDED' } } });
      if (failed) throw new Error(`${failed} benchmark reviews did not succeed`);
      return { perSecond: size / seconds, cpuMsPerReview: (used.user + used.system) / 1000 / size };
    };
    // Warm-up: the JIT keeps improving for the first few hundred reviews, on both code paths.
    for (const mode of ['off', 'off', 'buffer', 'export', 'off'] as const) {
      await switchTo(mode);
      await batch();
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (let step = 0; step < MODES.length; step++) {
        const mode = MODES[(round + step) % MODES.length]!;
        await switchTo(mode);
        // Untimed: after a switch the JIT re-optimises the code that now sees other tracer objects.
        await batch(SETTLE);
        result[mode].push(await batch());
        if (mode === 'buffer') result.spansBuffered = Math.max(result.spansBuffered, currentTelemetry()!.buffer.size);
      }
    }
    // Where the CPU goes, by the profiler: a share within the same batch, so it does not move
    // with the machine's speed the way throughput does. Profiled apart from the timed rounds.
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    for (let round = 0; round < PROFILED_ROUNDS; round++) {
      for (const mode of MODES) {
        await switchTo(mode);
        await batch(SETTLE);
        await session.post('Profiler.start');
        await batch();
        addProfile(result.profile[mode], (await session.post('Profiler.stop')).profile);
      }
    }
    session.disconnect();
    await switchTo('off');
    await deps.services.reviews.stop();
    await deps.services.chat.close();
    return result;
  } finally {
    await currentTelemetry()?.shutdown();
    await db.$disconnect();
    await database.close();
  }
}

function runChild(env: NodeJS.ProcessEnv): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child'], {
      cwd: projectDir,
      env: { ...env, LOG_LEVEL: 'error', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = output.split('\n').find((entry) => entry.startsWith('RESULT '));
      if (code !== 0 || !line) reject(new Error(`tracing-overhead child exited ${code}`));
      else resolve(JSON.parse(line.slice('RESULT '.length)));
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export async function run(): Promise<Record<string, string | number>> {
  const receiver = await startOtlpReceiver({ decode: false });
  const embedded = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir: path.join(os.tmpdir(), `suanni-bench-tracing-${process.pid}`), ephemeral: true });
  let result: ChildResult;
  try {
    result = await runChild({
      ...process.env,
      DATABASE_URL: process.env.DATABASE_URL ?? embedded!.adminUrl,
      BENCH_OTLP_ENDPOINT: receiver.url,
    });
  } finally {
    await embedded?.stop();
    await receiver.close();
  }
  const throughput = (mode: Mode) => median(result[mode].map((sample) => sample.perSecond));
  const cpu = (mode: Mode) => median(result[mode].map((sample) => sample.cpuMsPerReview));
  // Round by round: each on-batch against the off-batch of the same round.
  const ratios = (mode: Mode) => result[mode].map((sample, round) => sample.perSecond / result.off[round]!.perSecond);
  const ratio = (mode: Mode) => median(ratios(mode));
  // The middle half of the rounds' ratios: how far one batch pair can be trusted on this machine.
  const spread = (mode: Mode) => {
    const sorted = ratios(mode).sort((a, b) => a - b);
    return `${sorted[Math.floor(sorted.length / 4)]!.toFixed(2)}–${sorted[Math.ceil((sorted.length * 3) / 4) - 1]!.toFixed(2)}`;
  };
  const runs = (mode: Mode) => result[mode].map((sample) => sample.perSecond.toFixed(0)).join(', ');
  const slower = (mode: Mode) =>
    `${ratio(mode).toFixed(3)} (middle half of rounds ${spread(mode)}): ${((1 - ratio(mode)) * 100).toFixed(1)}% slower (target < 10%)`;
  // Tracing code's share of the busy (non-idle) CPU samples, and the overhead that implies:
  // on-mode work beyond what the same categories cost with the SDK off, relative to the rest.
  const share = (mode: Mode, ...categories: string[]) => {
    const samples = result.profile[mode];
    const busy = Object.entries(samples).reduce((sum, [category, value]) => (category === 'idle' ? sum : sum + value), 0);
    return categories.reduce((sum, category) => sum + (samples[category] ?? 0), 0) / busy;
  };
  // Garbage collection counts too: the spans' allocations raise its share.
  const attributed = (mode: Mode) => {
    const on = share(mode, 'tracing', 'async_hooks', 'gc');
    const off = share('off', 'tracing', 'async_hooks', 'gc');
    const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
    const parts = (of: Mode) => `${percent(share(of, 'tracing'))} + ${percent(share(of, 'async_hooks'))} + ${percent(share(of, 'gc'))}`;
    return `${parts(mode)} of busy CPU (off: ${parts('off')}): ${percent((on - off) / (1 - on))} more CPU`;
  };
  return {
    'SDK off: reviews/s (median; each batch)': `${throughput('off').toFixed(0)} (${runs('off')})`,
    'SDK on, buffer only: reviews/s': `${throughput('buffer').toFixed(0)} (${runs('buffer')})`,
    'SDK on, buffer + OTLP/HTTP export: reviews/s': `${throughput('export').toFixed(0)} (${runs('export')})`,
    'ratio on/off, buffer (median of rounds)': slower('buffer'),
    'ratio on/off, buffer + export (median of rounds)': slower('export'),
    'gateway CPU per review, off / buffer / export (ms)': `${cpu('off').toFixed(2)} / ${cpu('buffer').toFixed(2)} / ${cpu('export').toFixed(2)} (+${((cpu('buffer') / cpu('off') - 1) * 100).toFixed(1)}% / +${((cpu('export') / cpu('off') - 1) * 100).toFixed(1)}%)`,
    'CPU profile, buffer: tracing + async_hooks + GC': attributed('buffer'),
    'CPU profile, buffer + export: same': attributed('export'),
    'traces in the buffer after a batch': result.spansBuffered,
    'OTLP export requests / MB received': `${receiver.requests.protobuf} / ${(receiver.bytes / 1e6).toFixed(1)}`,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2] === '--child') {
  measure().then(
    (result) => {
      process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
      process.exit(0);
    },
    (error: Error) => {
      process.stderr.write(`${error.stack ?? error.message}\n`);
      process.exit(1);
    },
  );
}
