// Where one gateway request spends its CPU: `npx tsx bench/profile-gateway.ts [me|create|typename|bare] [on|off]`.
// Starts the gateway in this process (the OpenTelemetry SDK on with its trace buffer, as `start`
// does, unless `off`), drives it from an autocannon child process, profiles this process with V8's
// CPU profiler while the load runs, and prints the self time by area and the top functions.
// Not a benchmark (no baseline); a tool to find what a request does that it need not.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Session, type Profiler } from 'node:inspector/promises';
import path from 'node:path';
import { createSchema, createYoga } from 'graphql-yoga';
import { projectDir } from '../src/config.js';
import { benchGatewayConfig } from './gateway-config.js';
import { signDevelopmentToken } from '../src/identity/tokens.js';
import { startTelemetry } from '../src/platform/telemetry/sdk.js';
import { openBenchDatabase } from './bench-database.js';
import { summariseProfile } from './cpu-profile.js';

const [target = 'me', sdk = 'on'] = process.argv.slice(2);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);

const config = benchGatewayConfig();
if (sdk === 'on') startTelemetry(config.telemetry);
// Loaded after the SDK, as in `start`: Prisma's instrumentation patches the client when it loads.
const { buildApp } = await import('../src/app.js');
const { createDatabase } = await import('../src/platform/db/prisma.js');
const { createDependencies } = await import('../src/services.js');

const database = await openBenchDatabase('profile');
const db = createDatabase(database.url, config.databasePoolMax);
const app = buildApp(createDependencies({ config, db, databaseUrl: database.url }));
const { url } = await app.start();
const bare = createServer(
  createYoga({ schema: createSchema({ typeDefs: 'type Query { hello: String! }', resolvers: { Query: { hello: () => 'world' } } }) }),
);
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const token = await signDevelopmentToken({
  secret: config.auth.jwtSecret!,
  issuer: config.auth.issuer,
  audience: config.auth.audience,
  subject: 'bench-user',
  tenant: 'bench',
  roles: ['USER'],
});

const bodies: Record<string, { url: string; query: string }> = {
  bare: { url: `http://127.0.0.1:${(bare.address() as AddressInfo).port}/graphql`, query: '{ hello }' },
  typename: { url, query: '{ __typename }' },
  me: { url, query: '{ me { id subject roles createdAt } }' },
  create: { url, query: 'mutation { createSession(title: "bench") { id threadId } }' },
};
const chosen = bodies[target]!;

function load(seconds: number): Promise<string> {
  const child = spawn(
    path.join(projectDir, 'node_modules/.bin/autocannon'),
    [
      '-j',
      '-c',
      '50',
      '-d',
      String(seconds),
      '-m',
      'POST',
      '-H',
      'content-type: application/json',
      '-H',
      `authorization: Bearer ${token}`,
      '-b',
      JSON.stringify({ query: chosen.query }),
      chosen.url,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return once(child, 'exit').then(() => output);
}

await load(2); // warm-up
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
await session.post('Profiler.start');
const cpuBefore = process.cpuUsage();
const summary = await load(DURATION_S);
const cpu = process.cpuUsage(cpuBefore);
const { profile } = (await session.post('Profiler.stop')) as { profile: Profiler.Profile };

const result = JSON.parse(summary.slice(summary.indexOf('{'))) as {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
};
const requests = result.requests.total;
process.stdout.write(
  `${result.requests.average} requests/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, failed ${result.errors + result.non2xx}\nCPU of this process: ${((cpu.user + cpu.system) / 1000 / Math.max(requests, 1)).toFixed(2)} ms per request (user ${(cpu.user / 1000 / Math.max(requests, 1)).toFixed(2)}, system ${(cpu.system / 1000 / Math.max(requests, 1)).toFixed(2)})\n`,
);
const profileSummary = summariseProfile(profile, { per: requests, unit: 'req', skipIdle: false, areas: 30, functions: 40 });
process.stdout.write(`## self time by area (${target}, SDK ${sdk}, ${requests} requests)\n${profileSummary.byArea}\n`);
process.stdout.write(`## top functions\n${profileSummary.byFunction}\n`);
if (process.env.BENCH_PROFILE_OUT) {
  const { writeFile } = await import('node:fs/promises');
  await writeFile(process.env.BENCH_PROFILE_OUT, JSON.stringify(profile));
}
await app.stop(1000);
bare.close();
await db.$disconnect();
await database.close();
process.exit(0);
