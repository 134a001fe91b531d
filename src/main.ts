import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from './app.js';
import { loadConfig, projectDir } from './config.js';
import { DEMO_TENANT, seedDemoData } from './demo/seed.js';
import { ROLES, type Role } from './identity/principal.js';
import { signDevelopmentToken } from './identity/tokens.js';
import { applyMigrations, createMigration } from './platform/db/migrations.js';
import { createDatabase } from './platform/db/prisma.js';
import { createLogger } from './platform/logger.js';
import { startTelemetry } from './observability/telemetry.js';
import { dataDirectory, erasureHashKey, jwtSecret, openDatabase } from './platform/runtime.js';
import { createDependencies } from './services.js';

const log = createLogger('main');

async function start(): Promise<void> {
  const config = loadConfig();
  // The OpenTelemetry SDK starts before anything that makes spans (the database client, the app).
  const telemetry = startTelemetry(config.telemetry);
  const dataDir = await dataDirectory(config);
  const database = await openDatabase(config, dataDir);
  const db = createDatabase(database.url, config.databasePoolMax);
  let app: ReturnType<typeof buildApp> | undefined;
  let deps: ReturnType<typeof createDependencies> | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await app?.stop().catch((error) => log.error({ err: error }, 'gateway stop failed'));
    await deps?.services.reviews.stop();
    await deps?.services.chat.close();
    await db.$disconnect();
    await telemetry.shutdown(); // exports the spans still buffered
    await database.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  try {
    await applyMigrations(database.url);
    if (config.demoData) await seedDemoData(db);
    deps = createDependencies({ config, db, databaseUrl: database.url, jwtSecret: await jwtSecret(config, dataDir), erasureHashKey: await erasureHashKey(config, dataDir) });
    await deps.services.reviews.recoverInterrupted();
    await deps.services.erasure.resumeInterrupted();
    app = buildApp(deps);
    const { url } = await app.start();
    process.stdout.write(
      [
        '',
        `  Suanni gateway: ${url} (GraphiQL in a browser)`,
        `  Data folder:    ${dataDir}${database.embedded ? ' (embedded PostgreSQL)' : ' (DATABASE_URL in use)'}`,
        '',
        '  Get a development token, then send it as "Authorization: Bearer <token>":',
        `    npm run token -- --user alice --tenant ${DEMO_TENANT} --role USER`,
        '',
      ].join('\n') + '\n',
    );
  } catch (error) {
    log.error({ err: error }, 'start failed');
    await shutdown('startup failure');
  }
}

async function migrate(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config, await dataDirectory(config));
  try {
    const applied = await applyMigrations(database.url);
    process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
  } finally {
    await database.stop();
  }
}

async function newMigration(name: string | undefined): Promise<void> {
  if (!name) throw new Error('usage: npm run migrate:new -- <name>');
  const config = loadConfig();
  const database = await openDatabase(config, await dataDirectory(config));
  try {
    const folder = await createMigration(database.url, name);
    process.stdout.write(folder ? `created ${path.relative(projectDir, folder)}/migration.sql\n` : 'schema.prisma has no changes to migrate\n');
  } finally {
    await database.stop();
  }
}

async function token(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      user: { type: 'string' },
      tenant: { type: 'string', default: DEMO_TENANT },
      role: { type: 'string', multiple: true },
      ttl: { type: 'string', default: '12h' },
    },
  });
  if (!values.user) throw new Error('usage: npm run token -- --user <sub> [--tenant <key>] [--role USER|ADMIN|COMPLIANCE|SRE ...] [--ttl 12h]');
  const roles = (values.role ?? ['USER']).map((role) => role.toUpperCase());
  const unknown = roles.filter((role) => !(ROLES as readonly string[]).includes(role));
  if (unknown.length) throw new Error(`unknown role ${unknown.join(', ')}; use ${ROLES.join(', ')}`);
  const config = loadConfig();
  const secret = await jwtSecret(config, await dataDirectory(config));
  if (!secret) throw new Error('tokens are verified with AUTH_JWKS_URL: get one from your identity provider');
  const signed = await signDevelopmentToken({
    secret,
    issuer: config.auth.issuer,
    audience: config.auth.audience,
    subject: values.user,
    tenant: values.tenant!,
    roles: roles as Role[],
    expiresIn: values.ttl,
  });
  process.stdout.write(`${signed}\n`);
}

async function printSchemaFile(): Promise<void> {
  const { printSchemaSDL } = await import('./graphql/schema.js');
  await writeFile(path.join(projectDir, 'schema.graphql'), printSchemaSDL());
  process.stdout.write('wrote schema.graphql\n');
}

const [command, ...rest] = process.argv.slice(2);
const commands: Record<string, () => Promise<void>> = {
  start,
  migrate,
  'migrate:new': () => newMigration(rest.find((arg) => !arg.startsWith('-'))),
  token: () => token(rest),
  'print-schema': printSchemaFile,
};

const run = command ? commands[command] : undefined;
if (!run) {
  process.stderr.write(`usage: suanni <${Object.keys(commands).join(' | ')}>\n`);
  process.exit(2);
}
run().then(
  () => {
    // The long-running server keeps the process alive; one-shot commands end here.
    if (command !== 'start') process.exit(0);
  },
  (error: Error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  },
);
