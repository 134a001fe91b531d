// A server under load for the gateway bench, in its own process so that the load generator does
// not share its CPU. BENCH_SERVER=bare: a bare Yoga with one field, no plugins, no database (the
// baseline). BENCH_SERVER=gateway: the gateway as `start` builds it in production, on
// BENCH_DATABASE_URL, with the OpenTelemetry SDK started (spans into the in-process trace buffer,
// as production does without an OTLP endpoint) unless BENCH_TELEMETRY=off.
// Prints one JSON line with its URL (and a token), then serves until SIGTERM.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchema, createYoga } from 'graphql-yoga';
import { buildApp } from '../src/app.js';
import { BENCH_SECRET, benchGatewayConfig } from './gateway-config.js';
import { signDevelopmentToken } from '../src/identity/tokens.js';
import { createDatabase } from '../src/platform/db/prisma.js';
import { startTelemetry } from '../src/platform/telemetry/sdk.js';
import { createDependencies } from '../src/services.js';

const announce = (fields: Record<string, string>) => process.stdout.write(`${JSON.stringify(fields)}\n`);

if (process.env.BENCH_SERVER === 'bare') {
  const bare = createServer(
    createYoga({ schema: createSchema({ typeDefs: 'type Query { hello: String! }', resolvers: { Query: { hello: () => 'world' } } }) }),
  );
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  announce({ url: `http://127.0.0.1:${(bare.address() as AddressInfo).port}/graphql` });
  process.on('SIGTERM', () => bare.close(() => process.exit(0)));
} else {
  const secret = BENCH_SECRET;
  const config = benchGatewayConfig();
  // As `start` does: the SDK before anything that makes spans.
  const telemetry = process.env.BENCH_TELEMETRY === 'off' ? undefined : startTelemetry(config.telemetry);
  const url = process.env.BENCH_DATABASE_URL!;
  const db = createDatabase(url, config.databasePoolMax);
  const app = buildApp(createDependencies({ config, db, databaseUrl: url }));
  const { url: gatewayUrl } = await app.start();
  const token = await signDevelopmentToken({
    secret,
    issuer: config.auth.issuer,
    audience: config.auth.audience,
    subject: 'bench-user',
    tenant: 'bench',
    roles: ['USER'],
  });
  announce({ url: gatewayUrl, token });
  process.on('SIGTERM', () => {
    void (async () => {
      await app.stop(2_000);
      await db.$disconnect();
      process.stderr.write(telemetry ? `  (spans buffered: ${telemetry.buffer.size} traces held)\n` : '');
      await telemetry?.shutdown();
      process.exit(0);
    })();
  });
}
