// The gateway under load, in its own process so the load generator does not share its CPU.
// Prints one JSON line with the URLs and a token, then serves until killed.
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchema, createYoga } from 'graphql-yoga';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { signDevelopmentToken } from '../src/identity/tokens.js';
import { startEmbeddedPostgres, withDatabase } from '../src/platform/db/embedded-postgres.js';
import { applyMigrations } from '../src/platform/db/migrations.js';
import { createDatabase } from '../src/platform/db/prisma.js';
import { ensureDatabase } from '../src/platform/runtime.js';
import { createDependencies } from '../src/services.js';

const secret = 'bench-secret-bench-secret-bench-secret';
const embedded = process.env.DATABASE_URL
  ? undefined
  : await startEmbeddedPostgres({ dataDir: path.join(os.tmpdir(), `suanni-bench-${process.pid}`), ephemeral: true });
const adminUrl = embedded?.adminUrl ?? withDatabase(process.env.DATABASE_URL!, 'postgres');
const databaseName = `suanni_bench_${process.pid}`;
await ensureDatabase(adminUrl, databaseName);
const url = withDatabase(adminUrl, databaseName);
await applyMigrations(url);

const config = { ...loadConfig({ NODE_ENV: 'production', AUTH_JWT_SECRET: secret, LOG_LEVEL: 'error' }), host: '127.0.0.1', port: 0 };
const db = createDatabase(url, 10);
const app = buildApp(createDependencies({ config, db }));
const { url: gatewayUrl } = await app.start();

// Baseline in the same process: a bare Yoga with one field, no plugins, no database.
const bare = createYoga({ schema: createSchema({ typeDefs: 'type Query { hello: String! }', resolvers: { Query: { hello: () => 'world' } } }) });
const bareServer = createServer(bare);
await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));

const token = await signDevelopmentToken({ secret, issuer: config.auth.issuer, audience: config.auth.audience, subject: 'bench-user', tenant: 'bench', roles: ['USER'] });
process.stdout.write(`${JSON.stringify({ gatewayUrl, bareUrl: `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/graphql`, token })}\n`);

const shutdown = async () => {
  await app.stop();
  bareServer.close();
  await db.$disconnect();
  if (embedded) {
    await embedded.stop();
  } else {
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await client.end();
  }
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
