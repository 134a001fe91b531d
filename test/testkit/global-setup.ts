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

interface SharedCluster {
  adminUrl: string;
  templateDatabase: string;
  /** Projects using it now; the last one out stops it. */
  users: number;
  stop(): Promise<void>;
}

/**
 * The integration and browser projects both name this setup; vitest runs it once per project, in
 * the one main process. They share one cluster and one template (started by the first, stopped by
 * the last), kept on `globalThis` because each project may load this module on its own.
 */
const shared = globalThis as { suanniTestCluster?: Promise<SharedCluster> };

/**
 * One PostgreSQL per run: an ephemeral embedded cluster under the system temp folder, or the
 * server of `DATABASE_URL`. A migrated template database is cloned by every test file.
 */
async function startCluster(): Promise<SharedCluster> {
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

  return {
    adminUrl,
    templateDatabase,
    users: 0,
    async stop() {
      await admin.query(`DROP DATABASE IF EXISTS ${templateDatabase} WITH (FORCE)`);
      // Databases of test files that did not clean up after themselves (a crashed worker).
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
        `suanni_test_${runId}_%`,
      ]);
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(datname)} WITH (FORCE)`);
      await admin.end();
      await embedded?.stop();
    },
  };
}

export default async function setup(project: TestProject) {
  shared.suanniTestCluster ??= startCluster();
  const cluster = await shared.suanniTestCluster;
  cluster.users += 1;
  project.provide('adminDatabaseUrl', cluster.adminUrl);
  project.provide('templateDatabase', cluster.templateDatabase);

  return async () => {
    cluster.users -= 1;
    if (cluster.users > 0) return;
    shared.suanniTestCluster = undefined;
    await cluster.stop();
  };
}
