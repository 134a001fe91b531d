import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { projectDir } from '../src/config.js';

export const name = 'gateway throughput';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = 50;

async function load(url: string, body: unknown, headers: Record<string, string> = {}) {
  const options = {
    url,
    method: 'POST' as const,
    connections: CONNECTIONS,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
  // Warm up (JIT, connection pool, provisioning cache) before measuring.
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration: DURATION_S });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * Requests per second of the gateway (all plugins, token verification, provisioning cache,
 * a database read or write) against a bare Yoga `{ hello }` measured in the same run.
 */
export async function run(): Promise<Record<string, string | number>> {
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(projectDir, 'bench/gateway-server.ts')], {
    cwd: projectDir,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'error' },
  });
  const [line] = (await once(createInterface({ input: server.stdout! }), 'line')) as [string];
  const { gatewayUrl, bareUrl, token } = JSON.parse(line) as { gatewayUrl: string; bareUrl: string; token: string };
  const auth = { authorization: `Bearer ${token}` };
  try {
    const bare = await load(bareUrl, { query: '{ hello }' });
    const typename = await load(gatewayUrl, { query: '{ __typename }' });
    const me = await load(gatewayUrl, { query: '{ me { id subject } }' }, auth);
    const create = await load(gatewayUrl, { query: 'mutation { createSession(title: "bench") { id threadId } }' }, auth);
    const ratio = (rps: number) => `${((rps / bare.rps) * 100).toFixed(0)}% of bare`;
    return {
      'bare Yoga { hello } rps (baseline)': bare.rps,
      'gateway { __typename } rps': `${typename.rps} (${ratio(typename.rps)})`,
      'gateway { me } rps, authenticated': `${me.rps} (${ratio(me.rps)}), p50 ${me.p50} ms, p99 ${me.p99} ms`,
      'gateway createSession rps': `${create.rps} (${ratio(create.rps)}), p50 ${create.p50} ms, p99 ${create.p99} ms`,
      'failed requests': bare.errors + typename.errors + me.errors + create.errors,
    };
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
}
