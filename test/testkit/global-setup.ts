import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, withDatabase, type EmbeddedDatabase } from '../../src/platform/db/embedded-postgres.js';
import { applyMigrations } from '../../src/platform/db/migrations.js';
import { JobQueue } from '../../src/platform/jobs/job-queue.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection string to the maintenance database of the test server. */
    adminDatabaseUrl: string;
    /** A migrated, empty database that each test file clones. */
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL per run: an ephemeral embedded cluster under the system temp folder, or the
 * server of `DATABASE_URL`. A migrated template database is cloned by every test file.
 */
export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  let embedded: EmbeddedDatabase | undefined;
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    adminUrl = withDatabase(process.env.DATABASE_URL, 'postgres');
  } else {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(os.tmpdir(), `suanni-test-${runId}`), ephemeral: true });
    adminUrl = embedded.adminUrl;
  }
  const templateDatabase = `suanni_template_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${templateDatabase}`);
  await applyMigrations(withDatabase(adminUrl, templateDatabase));
  // The job queue's schema too, so that each test app's pg-boss finds it installed.
  const jobs = new JobQueue({
    connectionString: withDatabase(adminUrl, templateDatabase),
    leaseSeconds: 60,
    superviseSeconds: 60,
    pollSeconds: 2,
    poolMax: 1,
  });
  await jobs.start([]);
  await jobs.stop(1_000);
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${templateDatabase} WITH (FORCE)`);
    // Databases of test files that did not clean up after themselves (a crashed worker).
    const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
      `suanni_test_${runId}_%`,
    ]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(datname)} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
  };
}
