import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, pendingSchemaChanges } from '../../src/platform/db/migrations.js';
import { createTestDatabase, type TestDatabase } from '../testkit/database.js';

describe('migrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
  });
  afterAll(() => database.drop());

  it('apply to an empty database, are recorded like `prisma migrate deploy`, and are a no-op the second time', async () => {
    const applied = await applyMigrations(database.url);
    expect(applied.length).toBeGreaterThan(0);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ migration_name: string; finished_at: Date | null }>(
        'SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name',
      );
      expect(rows.map((row) => row.migration_name)).toEqual(applied);
      expect(rows.every((row) => row.finished_at !== null)).toBe(true);
      const tables = await client.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
      );
      expect(tables.rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(['Tenant', 'User', 'Session']));
    } finally {
      await client.end();
    }
    expect(await applyMigrations(database.url)).toEqual([]);
  });

  it('cover every change of schema.prisma (run `npm run migrate:new -- <name>` when this fails)', async () => {
    expect(await pendingSchemaChanges(database.url)).toBe('');
  });
});
