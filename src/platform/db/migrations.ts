import { readFile, readdir, mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PrismaPg } from '@prisma/adapter-pg';
import { exclusively } from './advisory-lock.js';
import { createPool } from './pool.js';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { createLogger } from '../logger.js';

const log = createLogger('migrations');

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const schemaPath = path.join(projectRoot, 'prisma/schema.prisma');
export const migrationsDir = path.join(projectRoot, 'prisma/migrations');

/** The subset of Prisma's WASM schema engine that Suanni drives. */
interface SchemaEngine {
  applyMigrations(input: unknown): Promise<{ appliedMigrationNames: string[] }>;
  diff(input: unknown): Promise<{ exitCode: number; stdout: string | null }>;
  free(): void;
}
interface SchemaEngineModule {
  SchemaEngine: { new: (options: unknown, log: (message: string) => void, adapter: object) => Promise<SchemaEngine> };
  __wbg_set_wasm(exports: unknown): void;
}

let engineModule: Promise<SchemaEngineModule> | undefined;

/**
 * Loads `@prisma/schema-engine-wasm` by hand: its package entry imports the `.wasm` file as an
 * ES module, which Node cannot do, so we instantiate the WebAssembly ourselves.
 */
function loadEngineModule(): Promise<SchemaEngineModule> {
  engineModule ??= (async () => {
    const require = createRequire(import.meta.url);
    const bindingsFile = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const packageDir = path.dirname(bindingsFile);
    const bindings = (await import(pathToFileURL(bindingsFile).href)) as SchemaEngineModule & {
      __wbindgen_start?: () => void;
    };
    const wasmBytes = await readFile(path.join(packageDir, 'schema_engine_bg.wasm'));
    const { instance } = await WebAssembly.instantiate(wasmBytes, {
      // Cast: a module namespace has no index signature, but it is the import object wasm-bindgen generated it to be.
      './schema_engine_bg.js': bindings as unknown as WebAssembly.ModuleImports,
    });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
    return bindings;
  })();
  return engineModule;
}

/**
 * PrismaPg's `executeScript` splits a migration on every `;`, which breaks `DO $$ ... $$`
 * blocks, function bodies and strings. PostgreSQL's simple-query protocol runs a whole script
 * at once, as Prisma's native engine does, so send it unsplit.
 */
class WholeScriptPrismaPg extends PrismaPg {
  override async connect() {
    const adapter = await super.connect();
    const pool = adapter.underlyingDriver();
    adapter.executeScript = async (script: string) => {
      try {
        await pool.query(script);
      } catch (error) {
        // Cast: onError (pg error -> Prisma's driver error) is private to the adapter; the replaced executeScript must use it.
        (adapter as unknown as { onError(error: unknown): never }).onError(error);
      }
    };
    return adapter;
  }
}

async function withEngine<T>(databaseUrl: string, run: (engine: SchemaEngine, datamodel: string) => Promise<T>): Promise<T> {
  const { SchemaEngine } = await loadEngineModule();
  const datamodel = await readFile(schemaPath, 'utf8');
  // Our own pool, so the connections close with the engine instead of idling for 30 s.
  const pool = createPool({ connectionString: databaseUrl, max: 2, name: 'migrations' });
  const adapterFactory = bindMigrationAwareSqlAdapterFactory(new WholeScriptPrismaPg(pool));
  const engine = await SchemaEngine.new(
    { datamodels: [[schemaPath, datamodel]] },
    (message: string) => log.debug({ engine: message }, 'schema engine'),
    adapterFactory,
  );
  try {
    return await run(engine, datamodel);
  } finally {
    engine.free();
    await pool.end();
  }
}

async function listMigrations() {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const directories = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const lockfilePath = path.join(migrationsDir, 'migration_lock.toml');
  return {
    baseDir: migrationsDir,
    lockfile: { path: 'migration_lock.toml', content: await readFile(lockfilePath, 'utf8').catch(() => null) },
    shadowDbInitScript: '',
    migrationDirectories: await Promise.all(
      directories.map(async (name) => {
        const file = path.join(migrationsDir, name, 'migration.sql');
        const content = await readFile(file, 'utf8').then(
          (value) => ({ tag: 'ok' as const, value }),
          (error: Error) => ({ tag: 'error' as const, value: error.message }),
        );
        return { path: name, migrationFile: { path: 'migration.sql', content } };
      }),
    ),
  };
}

const noFilters = { externalTables: [], externalEnums: [] };

/**
 * Applies every pending migration of `prisma/migrations`, recording them in
 * `_prisma_migrations` exactly as `prisma migrate deploy` does. A no-op when up to date.
 */
export async function applyMigrations(databaseUrl: string): Promise<string[]> {
  const migrationsList = await listMigrations();
  const { appliedMigrationNames } = await withEngine(databaseUrl, (engine) =>
    engine.applyMigrations({ migrationsList, filters: noFilters }),
  );
  if (appliedMigrationNames.length > 0) log.info({ applied: appliedMigrationNames }, 'migrations applied');
  return appliedMigrationNames;
}

/**
 * The datamodel as of the newest migration. The WASM engine cannot introspect a live
 * database through the pg adapter (it fails on `"char"` catalog columns), so
 * `migrate:new` diffs this snapshot against `schema.prisma` instead of a shadow database.
 */
export const schemaSnapshotPath = path.join(migrationsDir, 'schema.snapshot.prisma');

/** SQL that takes the migrated schema to the current `schema.prisma`; empty when none. */
export async function pendingSchemaChanges(databaseUrl: string): Promise<string> {
  const snapshot = await readFile(schemaSnapshotPath, 'utf8').catch(() => null);
  const script = await withEngine(databaseUrl, async (engine, datamodel) => {
    const result = await engine.diff({
      from: snapshot === null ? { tag: 'empty' } : { tag: 'schemaDatamodel', files: [{ path: schemaSnapshotPath, content: snapshot }] },
      to: { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: datamodel }] },
      script: true,
      exitCode: null,
      filters: noFilters,
    });
    return result.stdout ?? '';
  });
  return /^\s*(-- This is an empty migration\.)?\s*$/.test(script) ? '' : script;
}

/**
 * Creates `prisma/migrations/<timestamp>_<name>/migration.sql` for the schema changes since
 * the last migration and applies it. Returns null when there is nothing to migrate.
 */
export async function createMigration(databaseUrl: string, name: string): Promise<string | null> {
  if (!/^[a-z0-9_]+$/i.test(name)) throw new Error('migration name must be letters, digits and underscores');
  const script = await pendingSchemaChanges(databaseUrl);
  if (!script) return null;
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const folder = path.join(migrationsDir, `${stamp}_${name}`);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'migration.sql'), script);
  await writeFile(schemaSnapshotPath, await readFile(schemaPath, 'utf8'));
  await applyMigrations(databaseUrl);
  return folder;
}

/**
 * The migrations of `prisma/migrations` the database has not applied (all of them when it has no
 * `_prisma_migrations` table): a process that does not migrate at start refuses to serve an older schema.
 */
export async function unappliedMigrations(databaseUrl: string): Promise<string[]> {
  const { migrationDirectories } = await listMigrations();
  const pool = createPool({ connectionString: databaseUrl, max: 1, name: 'migration-check' });
  try {
    const { rows } = await pool
      .query<{ name: string }>(
        `SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
      )
      .catch((error: { code?: string }) => {
        if (error.code === '42P01') return { rows: [] }; // undefined_table: never migrated
        throw error;
      });
    const applied = new Set(rows.map((row) => row.name));
    return migrationDirectories.map((migration) => migration.path).filter((name) => !applied.has(name));
  } finally {
    await pool.end();
  }
}

/**
 * Applies migrations while holding a PostgreSQL advisory lock, so that gateways and workers
 * starting at once on one database migrate it once and the others wait, then find it current.
 */
export function applyMigrationsExclusively(databaseUrl: string): Promise<string[]> {
  return exclusively(databaseUrl, 'suanni:migrations', () => applyMigrations(databaseUrl));
}
