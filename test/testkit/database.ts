import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { withDatabase } from '../../src/platform/db/embedded-postgres.js';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh database for one test file, cloned from the migrated template. */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const template = inject('templateDatabase');
  const runId = template.replace('suanni_template_', '');
  const name = `suanni_test_${runId}_${randomBytes(4).toString('hex')}`;
  await withAdmin((client) =>
    client.query(options.migrated === false ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${template}`),
  );
  return {
    name,
    url: withDatabase(inject('adminDatabaseUrl'), name),
    drop: () => withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}
