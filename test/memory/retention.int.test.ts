import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadLockKey } from '../../src/memory/thread-lock.js';
import { startTestApp, type TestApp } from '../testkit/app.js';

const SEND = 'mutation ($s: ID!, $t: String!) { sendMessage(sessionId: $s, text: $t) { reply } }';
const CREATE = 'mutation { createSession(title: "kept") { id } }';
const THREAD = 'query ($id: ID!) { thread(sessionId: $id) { checkpointCount messages(last: 200) { role content } } }';
const SET = 'mutation ($input: RetentionPolicyInput!) { setRetentionPolicy(input: $input) { threadIdleDays keepCheckpoints } }';

describe('memory retention', () => {
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    // No summarizing in these threads: every message of a turn must still be there after pruning.
    app = await startTestApp({
      env: { SUANNI_CHAT_RECENT_TURNS: '50', SUANNI_CHAT_SUMMARIZE_ABOVE: '500', SUANNI_RETENTION_SWEEP_SECONDS: '0' },
    });
    admin = await app.token('root', { roles: ['ADMIN'] });
  });
  afterAll(() => app.stop());

  const sessionOf = async (token: string) => (await app.gql(CREATE, {}, { token })).data!.createSession.id as string;
  const send = async (token: string, session: string, text: string) => {
    const response = await app.gql(SEND, { s: session, t: text }, { token });
    expect(response.errors, text).toBeUndefined();
  };
  const thread = async (token: string, session: string) => (await app.gql(THREAD, { id: session }, { token })).data!.thread;

  it('sets a tenant policy (ADMIN only, audited) and refuses impossible values, writing nothing', async () => {
    const user = await app.token('plain');
    expect((await app.gql(SET, { input: { keepCheckpoints: 5 } }, { token: user })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    for (const input of [{ keepCheckpoints: 1 }, { keepCheckpoints: -3 }, { threadIdleDays: 100_000 }]) {
      expect((await app.gql(SET, { input }, { token: admin })).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    expect((await app.gql('{ retentionPolicy { threadIdleDays keepCheckpoints } }', {}, { token: admin })).data!.retentionPolicy).toEqual({
      threadIdleDays: 0,
      keepCheckpoints: 0,
    });
    const set = await app.gql(SET, { input: { keepCheckpoints: 6 } }, { token: admin });
    expect(set.data!.setRetentionPolicy).toEqual({ threadIdleDays: 0, keepCheckpoints: 6 });
    expect(await app.db.auditEntry.count({ where: { action: 'RETENTION_SET', outcome: 'SUCCESS' } })).toBe(1);
  });

  it('prunes checkpoints to the latest K per thread while turns run, and loses no message of any turn', async () => {
    await app.gql(SET, { input: { keepCheckpoints: 6 } }, { token: admin });
    const users = await Promise.all(['ann', 'ben', 'cat'].map((name) => app.token(name)));
    const sessions = await Promise.all(users.map((token) => sessionOf(token)));
    let running = true;
    const sweeps = (async () => {
      let count = 0;
      while (running) {
        await app.deps.services.retention.sweep();
        count += 1;
      }
      return count;
    })();
    await Promise.all(
      users.map(async (token, index) => {
        for (let turn = 0; turn < 8; turn += 1) await send(token, sessions[index]!, `message ${turn} of thread ${index}`);
      }),
    );
    running = false;
    expect(await sweeps).toBeGreaterThan(0);
    const report = await app.deps.services.retention.sweep();
    expect(report.threadsBusy).toBe(0);
    for (const [index, token] of users.entries()) {
      const view = await thread(token, sessions[index]!);
      expect(view.checkpointCount).toBeLessThanOrEqual(6);
      const said = view.messages
        .filter((message: { role: string }) => message.role === 'user')
        .map((message: { content: string }) => message.content);
      expect(said).toEqual(Array.from({ length: 8 }, (_, turn) => `message ${turn} of thread ${index}`));
      // The pruned thread goes on: the next turn sees every earlier message.
      await send(token, sessions[index]!, 'one more');
      expect((await thread(token, sessions[index]!)).messages).toHaveLength(18);
    }
    expect(
      await app.db.auditEntry.count({ where: { action: 'RETENTION_CHECKPOINTS_PRUNED', actorId: 'system:retention' } }),
    ).toBeGreaterThan(0);
    await app.gql(SET, { input: { keepCheckpoints: null } }, { token: admin });
  }, 180_000);

  it('deletes a thread idle past the policy with its checkpoints and passages, never a busy or active one', async () => {
    await app.gql(SET, { input: { threadIdleDays: 7 } }, { token: admin });
    const token = await app.token('dee');
    const [idle, busy, active] = [await sessionOf(token), await sessionOf(token), await sessionOf(token)];
    for (const session of [idle, busy, active]) await send(token, session, `hello from ${session}`);
    const userId = (await app.gql('{ me { id } }', {}, { token })).data!.me.id as string;
    for (const session of [idle, busy]) {
      await app.db.$executeRaw`UPDATE "Session" SET "createdAt" = now() - interval '30 days' WHERE "id" = ${session}::uuid`;
      await app.db.$executeRaw`UPDATE "MemoryPassage" SET "createdAt" = now() - interval '30 days' WHERE "sessionId" = ${session}::uuid`;
      await app.db.$executeRawUnsafe(
        `UPDATE langgraph.checkpoints SET checkpoint = jsonb_set(checkpoint, '{ts}', to_jsonb((now() - interval '30 days')::text)) WHERE thread_id = $1`,
        `${userId}:${session}`,
      );
    }
    // A turn holds the busy thread (its lock, as a running turn takes it): the sweep leaves it.
    const holder = new pg.Client({ connectionString: app.database.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [threadLockKey(`${userId}:${busy}`)]);
    const first = await app.deps.services.retention.sweep();
    expect(first).toMatchObject({ threadsDeleted: 1, threadsBusy: 1 });
    const gone = await app.gql(THREAD, { id: idle }, { token });
    expect(gone.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const [left] = await app.db.$queryRawUnsafe<{ count: bigint }[]>(
      'SELECT count(*) AS count FROM langgraph.checkpoints WHERE thread_id = $1',
      `${userId}:${idle}`,
    );
    expect(Number(left?.count)).toBe(0);
    expect(await app.db.memoryPassage.count({ where: { sessionId: idle } })).toBe(0);
    expect((await thread(token, busy)).messages).toHaveLength(2);
    await holder.query('COMMIT');
    await holder.end();
    expect(await app.deps.services.retention.sweep()).toMatchObject({ threadsDeleted: 1, threadsBusy: 0 });
    expect((await app.gql(THREAD, { id: busy }, { token })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await thread(token, active)).messages).toHaveLength(2);
    expect(await app.db.auditEntry.count({ where: { action: 'RETENTION_THREAD_DELETED', targetIds: { has: idle } } })).toBe(1);
    await app.gql(SET, { input: { threadIdleDays: null } }, { token: admin });
  });

  it('shows rows and bytes per store in adminStats and /metrics', async () => {
    const stats = await app.gql('{ adminStats { database { tables { name totalBytes rowEstimate } } } }', {}, { token: admin });
    const names = stats.data!.adminStats.database.tables.map((table: { name: string }) => table.name);
    expect(names).toEqual(expect.arrayContaining(['Fact', 'MemoryPassage', 'langgraph.checkpoints', 'langgraph.checkpoint_blobs']));
    const metrics = await (await fetch(app.url.replace('/graphql', '/metrics'))).text();
    expect(metrics).toMatch(/suanni_store_bytes\{store="langgraph\.checkpoints"\} \d+/);
    expect(metrics).toMatch(/suanni_store_rows\{store="MemoryPassage"\} \d+/);
  });
});
