import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, withDatabase } from '../src/platform/db/embedded-postgres.js';
import { applyMigrations } from '../src/platform/db/migrations.js';
import { ensureDatabase } from '../src/platform/runtime.js';

/** A fresh, migrated database for one benchmark: on an ephemeral embedded server, or DATABASE_URL's server. */
export async function openBenchDatabase(label: string): Promise<{ url: string; close(): Promise<void> }> {
  const embedded = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir: path.join(os.tmpdir(), `suanni-bench-${label}-${process.pid}`), ephemeral: true });
  const adminUrl = embedded?.adminUrl ?? withDatabase(process.env.DATABASE_URL!, 'postgres');
  const name = `suanni_bench_${label.replace(/\W/g, '_')}_${process.pid}`;
  await ensureDatabase(adminUrl, name);
  const url = withDatabase(adminUrl, name);
  await applyMigrations(url);
  return {
    url,
    async close() {
      if (embedded) return embedded.stop();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The p-th percentile (0..100) of a list of numbers. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
