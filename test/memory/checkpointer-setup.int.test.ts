import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKPOINT_SCHEMA, checkpointTables, createCheckpointer } from '../../src/platform/langgraph/checkpointer.js';
import { createDatabase, type Database } from '../../src/platform/db/prisma.js';
import type { WriteBarrier } from '../../src/platform/db/write-barrier.js';
import { createTestDatabase, type TestDatabase } from '../testkit/database.js';

const open: WriteBarrier = { enter: async () => {}, assertWritable: async () => {} };

describe('checkpointer setup across processes', () => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    db = createDatabase(database.url, 2);
  });
  afterAll(async () => {
    await db.$disconnect();
    await database.drop();
  });

  it('four savers (as four processes would) setting up an empty schema at once all succeed, five times over', async () => {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      for (let round = 0; round < 5; round += 1) {
        await admin.query(`DROP SCHEMA IF EXISTS ${CHECKPOINT_SCHEMA} CASCADE`);
        await admin.query(`CREATE SCHEMA ${CHECKPOINT_SCHEMA}`);
        const savers = Array.from({ length: 4 }, () => createCheckpointer(database.url, open));
        try {
          const results = await Promise.allSettled(savers.map(({ saver }) => saver.setup()));
          expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
        } finally {
          await Promise.all(savers.map(({ pool }) => pool.end()));
        }
        expect(await checkpointTables(db)).toEqual(expect.arrayContaining(['checkpoint_blobs', 'checkpoint_writes', 'checkpoints']));
      }
    } finally {
      await admin.end();
    }
  });
});
