import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { decodeJwt } from 'jose';
import { loadConfig, projectDir, type ProcessRole } from './config.js';
import { DEMO_TENANT } from './demo/users.js';
import { ROLES, type Role } from './identity/principal.js';
import { signDevelopmentToken } from './identity/tokens.js';
import { createLogger } from './platform/logger.js';
import { assertPortFree } from './platform/port-check.js';
import { dataDirectory, jwtSecret, openDatabase } from './platform/runtime.js';
import type { TestOverrides } from './test-overrides.js';

// Only what `token` needs is imported statically: the server (Yoga, Prisma, LangGraph, OpenTelemetry)
// is imported by the commands that run it, so `npm run token` loads none of it.
const log = createLogger('main');

/** Runs one clean-up step; a failing step is logged and the next one still runs. */
async function cleanUp(step: string, action: () => Promise<unknown> | undefined): Promise<void> {
  try {
    await action();
  } catch (error) {
    log.error({ err: error, step }, 'clean-up step failed');
  }
}

/** `--role gateway|worker|all` (overrides SUANNI_ROLE). */
function roleArgument(argv: string[]): ProcessRole | undefined {
  const { values } = parseArgs({ args: argv, options: { role: { type: 'string' } }, strict: false });
  const role = values.role;
  if (role === undefined) return undefined;
  if (role !== 'all' && role !== 'gateway' && role !== 'worker')
    throw new Error(`unknown role ${String(role)}; use gateway, worker or all`);
  return role;
}

/**
 * Starts a server process (gateway, worker or both) and keeps it running until a signal.
 * `testOverrides` come only from the testkit's process entry (test/testkit/server-process.ts).
 */
export async function start(role?: ProcessRole, testOverrides?: TestOverrides): Promise<void> {
  const config = loadConfig(role ? { ...process.env, SUANNI_ROLE: role } : process.env);
  // Before anything else (and before loading the server): a taken port is known in a millisecond.
  if (config.role !== 'worker')
    await assertPortFree(config.host, config.port).catch((error: Error) => {
      process.stderr.write(`start failed: ${error.message}\n`);
      process.exit(1);
    });
  const [
    { buildApp },
    { seedDemoData },
    { applyMigrationsExclusively, unappliedMigrations },
    { createDatabase },
    { connectRedis },
    { startTelemetry },
    { SharedTraceStore },
    { erasureHashKey },
    { createDependencies },
  ] = await Promise.all([
    import('./app.js'),
    import('./demo/seed.js'),
    import('./platform/db/migrations.js'),
    import('./platform/db/prisma.js'),
    import('./platform/redis.js'),
    import('./platform/telemetry/sdk.js'),
    import('./platform/telemetry/shared-trace-store.js'),
    import('./platform/runtime.js'),
    import('./services.js'),
  ]);
  const serves = config.role !== 'worker';
  const works = config.role !== 'gateway';
  // Checked before anything starts: a manifest that cannot be trusted is a configuration error.
  const trustedDocuments = serves ? await loadGatewayTrustedDocuments(config) : undefined;
  // The OpenTelemetry SDK starts before anything that makes spans (the database client, the app).
  const telemetry = startTelemetry(config.telemetry);
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let db: ReturnType<typeof createDatabase> | undefined;
  let app: ReturnType<typeof buildApp> | undefined;
  let deps: ReturnType<typeof createDependencies> | undefined;
  let redis: Awaited<ReturnType<typeof connectRedis>> | undefined;
  let stopping = false;
  // A signal stops a healthy server with 0; a failed start exits 1 so a supervisor or CI sees it.
  const shutdown = async (reason: string, exitCode: 0 | 1) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, 'shutting down');
    await cleanUp('gateway', () => app?.stop());
    await cleanUp('reviews', () => deps?.services.reviews.stop(config.jobs.drainSeconds * 1000));
    await cleanUp('process registry', () => deps?.processes.stop());
    await cleanUp('chat', () => deps?.services.chat.close());
    await cleanUp('retention', () => deps?.services.retention.close());
    await cleanUp('database client', () => db?.$disconnect());
    await cleanUp('trace store', () => telemetry.forceFlush()); // spans still bound for the shared store
    await cleanUp('redis', () => redis?.close());
    await cleanUp('telemetry', () => telemetry.shutdown()); // exports the spans still buffered
    await cleanUp('embedded PostgreSQL', () => database?.stop());
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void shutdown('SIGINT', 0));
  process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
  try {
    const dataDir = await dataDirectory(config);
    database = await openDatabase(config, dataDir);
    db = createDatabase(database.url, config.databasePoolMax);
    if (config.migrateOnStart) await applyMigrationsExclusively(database.url);
    else {
      const behind = await unappliedMigrations(database.url);
      if (behind.length > 0)
        throw new Error(
          `the database lacks ${behind.length} migration${behind.length === 1 ? '' : 's'} (${behind[0]}${behind.length > 1 ? ', ...' : ''}) ` +
            "and SUANNI_MIGRATE_ON_START is false: run `suanni migrate` (the compose file's migrate service) first",
        );
    }
    if (config.demoData && serves) await seedDemoData(db);
    // Never fails the start: without Redis the process starts degraded and reconnects (docs/operations.md).
    redis = config.redisUrl ? await connectRedis(config.redisUrl, { timeoutMs: config.redisTimeoutMs }) : undefined;
    if (redis)
      telemetry.shareSpans(
        new SharedTraceStore(redis.commands, { ...config.traceStore, maxTraces: config.telemetry.bufferTraces, health: redis.health }),
      );
    deps = createDependencies({
      config,
      db,
      redis,
      databaseUrl: database.url,
      jwtSecret: await jwtSecret(config, dataDir),
      erasureHashKey: await erasureHashKey(config, dataDir),
      testOverrides,
    });
    await deps.services.reviews.start({ work: works });
    await deps.processes.start();
    await deps.services.erasure.start({ work: works });
    await deps.services.retention.start({ work: works });
    if (works) await deps.services.erasure.resumeInterrupted();
    if (!serves) {
      process.stdout.write(
        `\n  Suanni worker: running up to ${config.reviews.concurrency} reviews at a time (pid ${process.pid})\n  Data folder:   ${dataDir}\n\n`,
      );
      return;
    }
    app = buildApp(deps, { trustedDocuments });
    const { url } = await app.start();
    process.stdout.write(
      `${[
        '',
        `  Suanni gateway: ${url} (GraphiQL in a browser)${config.role === 'gateway' ? ' [gateway only: reviews run in worker processes]' : ''}`,
        `  Web console:    ${url.replace(/\/graphql$/, '/console/')}`,
        `  Data folder:    ${dataDir}${database.embedded ? ' (embedded PostgreSQL)' : ' (DATABASE_URL in use)'}`,
        '',
        '  Get a development token, then send it as "Authorization: Bearer <token>":',
        `    npm run token -- --user alice --tenant ${DEMO_TENANT} --role USER`,
        '',
      ].join('\n')}\n`,
    );
  } catch (error) {
    log.error({ err: error }, 'start failed');
    process.stderr.write(`start failed: ${error instanceof Error ? error.message : String(error)}\n`);
    await shutdown('start failed', 1);
  }
}

async function loadGatewayTrustedDocuments(config: ReturnType<typeof loadConfig>) {
  const [{ schema }, { loadTrustedDocuments }] = await Promise.all([
    import('./graphql/schema.js'),
    import('./transport/trusted-documents.js'),
  ]);
  return loadTrustedDocuments(config.trustedDocuments, schema);
}

/** `manifest:check <file>...`: each manifest's problems against the schema; exits 1 when there are any. */
async function checkManifests(files: string[]): Promise<void> {
  if (files.length === 0) throw new Error('usage: suanni manifest:check <persisted-documents.json> [...]');
  const [{ schema }, { checkManifest }] = await Promise.all([import('./graphql/schema.js'), import('./transport/trusted-documents.js')]);
  let failed = false;
  for (const file of files) {
    let manifest: unknown;
    try {
      manifest = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      failed = true;
      process.stdout.write(`${file}: cannot be read as JSON: ${(error as Error).message}\n`);
      continue;
    }
    const { documents, problems } = checkManifest(manifest, schema);
    if (problems.length > 0) failed = true;
    process.stdout.write(
      problems.length > 0
        ? `${file}: ${problems.length} problem${problems.length === 1 ? '' : 's'}\n${problems.map((problem) => `  ${problem}\n`).join('')}`
        : `${file}: ${documents.size} document${documents.size === 1 ? '' : 's'}, all valid\n`,
    );
  }
  if (failed) process.exitCode = 1;
}

async function migrate(): Promise<void> {
  const config = loadConfig();
  const { applyMigrationsExclusively } = await import('./platform/db/migrations.js');
  const database = await openDatabase(config, await dataDirectory(config));
  try {
    // Under the same lock as a start that migrates: a migrate service beside such a process waits for it.
    const applied = await applyMigrationsExclusively(database.url);
    process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
  } finally {
    await database.stop();
  }
}

async function newMigration(name: string | undefined): Promise<void> {
  if (!name) throw new Error('usage: npm run migrate:new -- <name>');
  const config = loadConfig();
  const { createMigration } = await import('./platform/db/migrations.js');
  const database = await openDatabase(config, await dataDirectory(config));
  try {
    const folder = await createMigration(database.url, name);
    process.stdout.write(
      folder ? `created ${path.relative(projectDir, folder)}/migration.sql\n` : 'schema.prisma has no changes to migrate\n',
    );
  } finally {
    await database.stop();
  }
}

/**
 * `token`: signs a token with the configured secret (development and tests). Refused in production
 * unless `--allow-production` says so, and refused above AUTH_MAX_TOKEN_LIFETIME_SECONDS (the
 * gateway would refuse it too). What it mints is logged (subject, tenant, roles, expiry; never the
 * token itself) on stderr; the token alone goes to stdout.
 */
async function token(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      user: { type: 'string' },
      tenant: { type: 'string', default: DEMO_TENANT },
      role: { type: 'string', multiple: true },
      ttl: { type: 'string', default: '12h' },
      'allow-production': { type: 'boolean', default: false },
    },
  });
  if (!values.user)
    throw new Error(
      'usage: npm run token -- --user <sub> [--tenant <key>] [--role USER|ADMIN|COMPLIANCE|SRE|REVIEWER ...] [--ttl 12h] [--allow-production]',
    );
  const roles = (values.role ?? ['USER']).map((role) => role.toUpperCase());
  const unknown = roles.filter((role) => !(ROLES as readonly string[]).includes(role));
  if (unknown.length) throw new Error(`unknown role ${unknown.join(', ')}; use ${ROLES.join(', ')}`);
  const config = loadConfig();
  if (config.env === 'production' && !values['allow-production'])
    throw new Error(
      'refusing to mint a token with the production secret (NODE_ENV=production): tokens come from your identity provider; ' +
        'pass --allow-production if you really mean it (it is logged)',
    );
  // The data folder (and its development secret) only when no secret is configured.
  const secret = config.auth.jwtSecret ?? (config.auth.jwksUrl ? undefined : await jwtSecret(config, await dataDirectory(config)));
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
  const { iat, exp } = decodeJwt(signed);
  const lifetime = (exp ?? 0) - (iat ?? 0);
  if (lifetime > config.auth.maxTokenLifetimeSeconds)
    throw new Error(
      `--ttl ${values.ttl} (${lifetime} s) is above the maximum token lifetime of ${config.auth.maxTokenLifetimeSeconds} s ` +
        '(AUTH_MAX_TOKEN_LIFETIME_SECONDS); the gateway would refuse the token',
    );
  log.warn(
    {
      subject: values.user,
      tenant: values.tenant,
      roles,
      expiresAt: new Date((exp ?? 0) * 1000).toISOString(),
      env: config.env,
      ...(config.env === 'production' ? { allowProduction: true } : {}),
    },
    'minted a token',
  );
  process.stdout.write(`${signed}\n`);
}

/** `labels:export -- --tenant <key> [--out <folder>]`: a tenant's decisions on findings as labels to train its next model. */
async function labelsExport(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { tenant: { type: 'string' }, out: { type: 'string' } } });
  if (!values.tenant) throw new Error('usage: npm run labels:export -- --tenant <key> [--out <folder>]');
  const out = path.resolve(values.out ?? `labels-${values.tenant}`);
  const config = loadConfig();
  const { createDatabase } = await import('./platform/db/prisma.js');
  const database = await openDatabase(config, await dataDirectory(config));
  const db = createDatabase(database.url, 2);
  try {
    const { exportTenantLabels } = await import('./review/judgement/labels.js');
    const { labels, texts } = await exportTenantLabels(db, values.tenant);
    await mkdir(path.join(out, 'contracts'), { recursive: true });
    for (const { file, text } of texts) await writeFile(path.join(out, file), text);
    await writeFile(path.join(out, 'labels.json'), `${JSON.stringify(labels, null, 1)}\n`);
    const decisions = labels.contracts.reduce((total, contract) => total + contract.decisions.length, 0);
    process.stdout.write(
      `wrote ${path.join(out, 'labels.json')}: ${labels.contracts.length} contracts, ${decisions} decisions, categories ${labels.meta.categories.join(', ') || '(none)'}\n`,
    );
  } finally {
    await db.$disconnect();
    await database.stop();
  }
}

async function printSchemaFile(): Promise<void> {
  const { printSchemaSDL } = await import('./graphql/schema.js');
  await writeFile(path.join(projectDir, 'schema.graphql'), printSchemaSDL());
  process.stdout.write('wrote schema.graphql\n');
}

/** Runs a server command (`suanni start`, `migrate`, `token`, ...); src/main.ts sends the rest to the client. */
export function runServerCommand(argv: readonly string[]): void {
  const [command, ...rest] = argv;
  const commands: Record<string, () => Promise<void>> = {
    start: () => start(roleArgument(rest)),
    worker: () => start('worker'),
    migrate,
    'migrate:new': () => newMigration(rest.find((arg) => !arg.startsWith('-'))),
    token: () => token(rest),
    'labels:export': () => labelsExport(rest),
    'print-schema': printSchemaFile,
    'manifest:check': () => checkManifests(rest.filter((arg) => !arg.startsWith('-'))),
  };
  const run = command ? commands[command] : undefined;
  if (!run) {
    process.stderr.write(
      `usage: suanni <${Object.keys(commands).join(' | ')}>   (server commands)\n       suanni <review | erase | traces | token --url URL>   (client commands: suanni review --help)\n`,
    );
    process.exit(2);
  }
  run().then(
    () => {
      // The long-running server keeps the process alive; one-shot commands end here.
      // (`process.exitCode`: a check that found problems ends with 1.)
      if (command !== 'start' && command !== 'worker') process.exit();
    },
    (error: Error) => {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    },
  );
}
