// The gateway under load, in its own process so the load generator does not share its CPU.
// Prints one JSON line with the URLs and a token, then serves until killed.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchema, createYoga } from 'graphql-yoga';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { signDevelopmentToken } from '../src/identity/tokens.js';
import { createDatabase } from '../src/platform/db/prisma.js';
import { createDependencies } from '../src/services.js';
import { openBenchDatabase } from './bench-database.js';

const secret = 'bench-secret-bench-secret-bench-secret';
const database = await openBenchDatabase('gateway');
const url = database.url;

// Rate limits stay on (their cost is part of every request) but high enough never to refuse the load.
const unrefused = Object.fromEntries(
  ['READS', 'WRITES'].flatMap((operationClass) =>
    ['USER', 'TENANT'].flatMap((scope) => [
      [`SUANNI_RATE_LIMIT_${operationClass}_PER_${scope}`, '1000000000'],
      [`SUANNI_RATE_LIMIT_${operationClass}_PER_${scope}_CEILING`, '1000000000'],
    ]),
  ),
);
const config = {
  ...loadConfig({ NODE_ENV: 'production', AUTH_JWT_SECRET: secret, LOG_LEVEL: 'error', ...unrefused }),
  host: '127.0.0.1',
  port: 0,
};
const db = createDatabase(url, 10);
const deps = createDependencies({ config, db, databaseUrl: url });
const app = buildApp(deps);
const { url: gatewayUrl } = await app.start();

// Baseline in the same process: a bare Yoga with one field, no plugins, no database.
const bare = createYoga({
  schema: createSchema({ typeDefs: 'type Query { hello: String! }', resolvers: { Query: { hello: () => 'world' } } }),
});
const bareServer = createServer(bare);
await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));

const token = await signDevelopmentToken({
  secret,
  issuer: config.auth.issuer,
  audience: config.auth.audience,
  subject: 'bench-user',
  tenant: 'bench',
  roles: ['USER'],
});
process.stdout.write(
  `${JSON.stringify({ gatewayUrl, bareUrl: `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/graphql`, token })}\n`,
);

const shutdown = async () => {
  await app.stop();
  bareServer.close();
  await db.$disconnect();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
