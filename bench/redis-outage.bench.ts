// `npm run bench -- redis-outage`: what a Redis outage costs an authenticated operation. One
// gateway process over the system PostgreSQL and a redis-server of its own; `me` and
// `requestErasure` timed while Redis answers, after it was killed (SIGKILL), and while it hangs
// (SIGSTOP), against a gateway without REDIS_URL measured in the same run (the baseline).
import { percentile } from './bench-database.js';
import {
  clusterEnvironment,
  createSystemDatabase,
  gqlAt,
  ownRedis,
  postgresReachable,
  readyAt,
  redisServerInstalled,
  spawnSuanni,
  tokenFor,
  type SuanniProcess,
} from '../test/testkit/processes.js';

export const name = 'Redis outage: authenticated operations with Redis up, killed and hung';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const ERASURES = 20;

/** Milliseconds of each of `count` sequential calls. */
async function timed(count: number, call: (i: number) => Promise<{ errors?: unknown[] }>): Promise<{ ms: number[]; errors: number }> {
  const ms: number[] = [];
  let errors = 0;
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const result = await call(i);
    ms.push(performance.now() - started);
    if (result.errors?.length) errors += 1;
  }
  return { ms, errors };
}

const summary = ({ ms, errors }: { ms: number[]; errors: number }) =>
  `p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms` +
  (errors ? `, ${errors} errors` : '');

async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 300 && !(await check()); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
}

export async function run(): Promise<Record<string, string | number>> {
  if (!(await postgresReachable())) return { skipped: 'no PostgreSQL at 127.0.0.1:5432' };
  if (!redisServerInstalled()) return { skipped: 'no redis-server' };
  const redis = await ownRedis();
  await redis.start();
  const database = await createSystemDatabase();
  const env = clusterEnvironment(database.url, { SUANNI_RATE_LIMITS: 'true' });
  const processes: SuanniProcess[] = [];
  try {
    const [plain, shared] = await Promise.all([spawnSuanni('gateway', env), spawnSuanni('gateway', { ...env, REDIS_URL: redis.url })]);
    processes.push(plain, shared);
    const tokens = await Promise.all(Array.from({ length: 10 + ERASURES * 4 }, (_, i) => tokenFor(env, `user-${i}`, 'acme')));
    const me = (gateway: SuanniProcess) => timed(REQUESTS, (i) => gqlAt(gateway.url, tokens[i % 10]!, '{ me { id } }'));
    let erasers = 0;
    const erase = (gateway: SuanniProcess) =>
      timed(ERASURES, () => gqlAt(gateway.url, tokens[10 + erasers++]!, 'mutation { requestErasure { id } }'));
    // Warm-up: provisioning and JIT.
    await me(plain);
    await me(shared);
    const figures: Record<string, string | number> = {
      'me, no REDIS_URL (baseline)': summary(await me(plain)),
      'me, Redis up': summary(await me(shared)),
      'requestErasure, no REDIS_URL (baseline)': summary(await erase(plain)),
      'requestErasure, Redis up': summary(await erase(shared)),
    };
    await redis.kill();
    const killed = performance.now();
    figures['me, Redis killed (first 20, while it is noticed)'] = summary(
      await timed(20, (i) => gqlAt(shared.url, tokens[i % 10]!, '{ me { id } }')),
    );
    await waitUntil(async () => (await readyAt(shared.url)).body?.status === 'degraded');
    figures['Redis killed: /ready degraded after'] = `${(performance.now() - killed).toFixed(0)} ms`;
    figures['me, Redis killed'] = summary(await me(shared));
    figures['requestErasure, Redis killed'] = summary(await erase(shared));
    await redis.start();
    await waitUntil(async () => (await readyAt(shared.url)).body?.status === 'ready');
    redis.pause();
    figures['me, Redis hung (first 20, until the timeout marks it down)'] = summary(
      await timed(20, (i) => gqlAt(shared.url, tokens[i % 10]!, '{ me { id } }')),
    );
    figures['me, Redis hung'] = summary(await me(shared));
    figures['requestErasure, Redis hung'] = summary(await erase(shared));
    redis.resume();
    await waitUntil(async () => (await readyAt(shared.url)).body?.status === 'ready');
    figures['me, Redis back'] = summary(await me(shared));
    return figures;
  } finally {
    for (const started of processes) started.child.kill('SIGKILL');
    await redis.stop();
    await database.drop();
  }
}
