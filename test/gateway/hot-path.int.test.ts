import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubjectHasher } from '../../src/erasure/subject-hash.js';
import { AuditLog } from '../../src/audit/service.js';
import { ERASURE_LOCK_SPACE, erasureLockKey, SubjectErasedError, Tombstones } from '../../src/erasure/tombstones.js';
import type { Principal } from '../../src/identity/principal.js';
import { QUOTA_REUSE, QuotaService } from '../../src/identity/quotas.js';
import { SessionService } from '../../src/identity/sessions.js';
import { createEventBus } from '../../src/platform/pubsub.js';
import { KnowledgeService } from '../../src/knowledge/service.js';
import type { ReviewState } from '../../src/review/agent/state.js';
import { ReviewStore } from '../../src/review/store.js';
import { createDatabase, type Database } from '../../src/platform/db/prisma.js';
import { startTestApp, type TestApp } from '../testkit/app.js';
import { createTestDatabase, type TestDatabase } from '../testkit/database.js';

const ME = '{ me { id subject roles createdAt lastSeenAt } }';
const CREATE = 'mutation ($title: String!) { createSession(title: $title) { id title threadId createdAt closedAt } }';

describe('hot path: me, createSession and the caches behind them', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  it('me answers the provisioned row and createSession returns the stored session', async () => {
    const token = await app.token('hana', { roles: ['USER', 'SRE'] });
    const me = await app.gql(ME, {}, { token });
    expect(me.errors).toBeUndefined();
    const stored = await app.db.user.findFirstOrThrow({ where: { subject: 'hana', tenant: { key: app.tenant } } });
    expect(me.data?.me).toEqual({
      id: stored.id,
      subject: 'hana',
      roles: ['USER', 'SRE'],
      createdAt: stored.createdAt.toISOString(),
      lastSeenAt: stored.lastSeenAt.toISOString(),
    });
    // Again, from the identity cache: the same answer.
    expect((await app.gql(ME, {}, { token })).data?.me).toEqual(me.data?.me);

    const created = await app.gql(CREATE, { title: '  Quarterly review  ' }, { token });
    expect(created.errors).toBeUndefined();
    const session = await app.db.session.findUniqueOrThrow({ where: { id: created.data?.createSession.id } });
    expect(created.data?.createSession).toEqual({
      id: session.id,
      title: 'Quarterly review',
      threadId: `${stored.id}:${session.id}`,
      createdAt: session.createdAt.toISOString(),
      closedAt: null,
    });
    expect(session).toMatchObject({ userId: stored.id, tenantId: stored.tenantId });
  });

  it('bad input to createSession leaves nothing written', async () => {
    const token = await app.token('ivo');
    const before = await app.db.session.count();
    const empty = await app.gql(CREATE, { title: '   ' }, { token });
    expect(empty.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'title' });
    expect(await app.db.session.count()).toBe(before);
  });

  it('concurrent first requests of one token provision it once and all see the same user', async () => {
    const token = await app.token('jun');
    const answers = await Promise.all(Array.from({ length: 20 }, () => app.gql(ME, {}, { token })));
    expect(answers.every((answer) => answer.errors === undefined)).toBe(true);
    expect(new Set(answers.map((answer) => answer.data?.me.id)).size).toBe(1);
    expect(await app.db.user.count({ where: { subject: 'jun' } })).toBe(1);
  });

  it('after an erasure, a token issued before it stays refused even once a newer token re-provisioned the subject', async () => {
    const compliance = await app.token('kit', { roles: ['COMPLIANCE'] });
    const old = await app.token('lena');
    const first = await app.gql(ME, {}, { token: old });
    const oldId = first.data?.me.id as string;
    const requested = await app.gql(
      'mutation ($userId: ID) { requestErasure(userId: $userId) { id } }',
      { userId: oldId },
      {
        token: compliance,
      },
    );
    expect(requested.errors).toBeUndefined();
    await app.deps.services.erasure.idle();
    const refused = await app.gql(ME, {}, { token: old });
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    // Token times are whole seconds: a token issued after the erasure needs the next second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const fresh = await app.token('lena');
    const again = await app.gql(ME, {}, { token: fresh });
    expect(again.errors).toBeUndefined();
    expect(again.data?.me.id).not.toBe(oldId);
    // The subject's identity is cached now (by the newer token); the older token is still refused.
    const stillRefused = await app.gql(ME, {}, { token: old });
    expect(stillRefused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(stillRefused.errors?.[0]?.message).toMatch(/erased/);
  });
});

describe('hot path: the session quota and the write barrier on the pg pool', () => {
  let database: TestDatabase;
  let db: Database;
  let tenantId: string;
  let userId: string;
  const hasher = new SubjectHasher('hot-path-test-key-0123456789abcdef0123');

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDatabase(database.url, 5);
    tenantId = (await db.tenant.create({ data: { key: `hot-${randomUUID().slice(0, 8)}` } })).id;
    userId = (await db.user.create({ data: { tenantId, subject: 'quota-user' } })).id;
  });
  afterAll(async () => {
    await db?.$disconnect();
    await database?.drop();
  });

  const addSessionsElsewhere = (count: number) =>
    db.session.createMany({ data: Array.from({ length: count }, (_, i) => ({ tenantId, userId, title: `elsewhere ${i}` })) });
  /** A quota service whose clock the test moves. */
  const quotasAt = (clock: { now: number }) =>
    new QuotaService(db, { facts: 100, sessions: 100, checkpointBytes: 1e9, reviewsPerDay: 100 }, new AuditLog(db), () => clock.now);
  const outcome = (promise: Promise<unknown>) =>
    promise.then(
      () => 'room',
      (error: { code?: string }) => error.code ?? String(error),
    );

  it('reuses a recent count far below the limit, counts again after it expires, and counts every time near the limit', async () => {
    const clock = { now: Date.now() };
    const quotas = quotasAt(clock);
    await db.tenantQuota.create({ data: { tenantId, maxSessions: 10 } });
    expect(QUOTA_REUSE.belowShare * 10).toBe(9);

    expect(await outcome(quotas.assertRoom(tenantId, 'sessions'))).toBe('room'); // counts 0; holds 1
    // Another process adds 8: this process does not see them while its count is recent and far below the limit.
    await addSessionsElsewhere(8);
    expect(await outcome(quotas.assertRoom(tenantId, 'sessions'))).toBe('room'); // holds 2
    clock.now += QUOTA_REUSE.ttlMs;
    expect(await outcome(quotas.assertRoom(tenantId, 'sessions'))).toBe('room'); // holds 3; counts again in the background
    await quotas.settled(); // counted 8, plus the 1 added meanwhile: holds 9
    // From here on within the last 10 %: every check counts, so sessions added elsewhere count at once.
    expect(await outcome(quotas.assertRoom(tenantId, 'sessions'))).toBe('room'); // counts 8
    await addSessionsElsewhere(2);
    expect(await outcome(quotas.assertRoom(tenantId, 'sessions'))).toBe('QUOTA_EXCEEDED'); // counts 10
  });

  it('an old count keeps serving while it is counted again in the background, and a too old one is counted before the check', async () => {
    const clock = { now: Date.now() };
    const quotas = quotasAt(clock);
    await db.session.deleteMany({ where: { tenantId } });
    await db.tenantQuota.upsert({ where: { tenantId }, create: { tenantId, maxSessions: 10 }, update: { maxSessions: 10 } });
    expect(QUOTA_REUSE.staleMs).toBeGreaterThan(QUOTA_REUSE.ttlMs);

    expect(await outcome(quotas.assertRoom(tenantId, 'sessions'))).toBe('room'); // counts 0; holds 1
    await addSessionsElsewhere(10);
    clock.now += QUOTA_REUSE.ttlMs;
    // The old count (1) answers at once, far below the limit, although all 10 are in use by now
    // (a check that waited for a count would refuse) ...
    expect(await outcome(quotas.assertRoom(tenantId, 'sessions'))).toBe('room'); // holds 2; recounts in the background
    await quotas.settled();
    // ... and the recount (10, plus the 1 this process added meanwhile) takes over: near the limit, so the next check counts.
    expect(await outcome(quotas.assertRoom(tenantId, 'sessions'))).toBe('QUOTA_EXCEEDED'); // counts 10

    // A count older than staleMs is not used: the check counts before it answers.
    await db.session.deleteMany({ where: { tenantId } });
    const fresh = quotasAt(clock);
    expect(await outcome(fresh.assertRoom(tenantId, 'sessions'))).toBe('room'); // counts 0; holds 1
    await addSessionsElsewhere(10);
    clock.now += QUOTA_REUSE.staleMs;
    expect(await outcome(fresh.assertRoom(tenantId, 'sessions'))).toBe('QUOTA_EXCEEDED'); // counts 10 first
    await fresh.settled();
    await db.session.deleteMany({ where: { tenantId } });
    await db.tenantQuota.delete({ where: { tenantId } });
  });

  /**
   * Holds the user's exclusive erasure lock (as Tombstones.bury does), starts `write`, waits until
   * it queues on that lock, then commits a tombstone: what the writer's check sees is the tombstone
   * committed while it waited (a check reading a snapshot from before the lock would miss it).
   */
  async function eraseWhileWaiting(write: () => Promise<unknown>): Promise<string> {
    const eraser = new pg.Client({ connectionString: database.url });
    await eraser.connect();
    try {
      await eraser.query('BEGIN');
      await eraser.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [ERASURE_LOCK_SPACE, erasureLockKey(userId)]);
      const writing = outcome(write());
      for (let waiting = 0; waiting === 0; ) {
        const { rows } = await eraser.query<{ count: string }>("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted");
        waiting = Number(rows[0]!.count);
      }
      await eraser.query('INSERT INTO "ErasureTombstone" ("userHash", "subjectHash", "tenantId") VALUES ($1, $2, $3)', [
        hasher.userHash(userId),
        hasher.subjectHash('hot', 'quota-user'),
        tenantId,
      ]);
      await eraser.query('COMMIT');
      return await writing;
    } finally {
      await eraser.end();
    }
  }
  const forgetTombstone = () => db.erasureTombstone.deleteMany({ where: { userHash: hasher.userHash(userId) } });

  it('a writer waiting on an erasure in progress is refused once the erasure commits its tombstone', async () => {
    const tombstones = new Tombstones(db, hasher);
    const writer = new pg.Client({ connectionString: database.url });
    await writer.connect();
    try {
      expect(await eraseWhileWaiting(() => tombstones.begin(writer, userId))).toBe(new SubjectErasedError().code);
      await writer.query('ROLLBACK');
      // Known erased now: refused without a round trip, and on a fresh instance by the check.
      expect(await outcome(tombstones.begin(writer, userId))).toBe('FORBIDDEN');
      expect(await outcome(new Tombstones(db, hasher).begin(writer, userId))).toBe('FORBIDDEN');
      await writer.query('ROLLBACK');
    } finally {
      await writer.end();
      await forgetTombstone();
    }
  });

  it('a single-statement write (createSession) waiting on an erasure in progress is refused and writes nothing', async () => {
    const tombstones = new Tombstones(db, hasher);
    const quotas = new QuotaService(db, { facts: 100, sessions: 1000, checkpointBytes: 1e9, reviewsPerDay: 100 }, new AuditLog(db));
    const sessions = new SessionService(db, createEventBus(), quotas, tombstones, new AuditLog(db));
    const principal: Principal = { userId, tenantId, tenantKey: 'hot', subject: 'quota-user', roles: ['USER'], tokenExpiresAt: null };
    await db.tenantQuota.deleteMany({ where: { tenantId } }); // the quota test's limit of 10 is not this test's subject
    try {
      // Before any erasure the same statement writes its row.
      const written = await sessions.create(principal, 'before the erasure');
      expect(await db.session.findUnique({ where: { id: written.id } })).toMatchObject({ userId, title: 'before the erasure' });
      const before = await db.session.count({ where: { userId } });
      expect(await eraseWhileWaiting(() => sessions.create(principal, 'during the erasure'))).toBe('FORBIDDEN');
      expect(await db.session.count({ where: { userId } })).toBe(before);
      expect(await db.session.count({ where: { title: 'during the erasure' } })).toBe(0);
      // Known erased now: refused before any statement; a fresh process is refused by the condition.
      const refusal = await sessions.create(principal, 'after').catch((error: SubjectErasedError) => error);
      expect(refusal).toBeInstanceOf(SubjectErasedError);
      const fresh = new SessionService(db, createEventBus(), quotas, new Tombstones(db, hasher), new AuditLog(db));
      expect(await outcome(fresh.create(principal, 'after, elsewhere'))).toBe('FORBIDDEN');
      expect(await db.session.count({ where: { userId } })).toBe(before);
    } finally {
      await forgetTombstone();
    }
  });
  it('sessions of several users in one statement: the row of a user erased meanwhile is left out, the others are written', async () => {
    const tombstones = new Tombstones(db, hasher);
    const quotas = new QuotaService(db, { facts: 100, sessions: 1000, checkpointBytes: 1e9, reviewsPerDay: 100 }, new AuditLog(db));
    // One statement at a time, so that the two creates queued behind the first share the next statement.
    const sessions = new SessionService(db, createEventBus(), quotas, tombstones, new AuditLog(db), { maxBatch: 10, maxInFlight: 1 });
    const principalOf = async (subject: string): Promise<Principal> => {
      const user = await db.user.create({ data: { tenantId, subject } });
      return { userId: user.id, tenantId, tenantKey: 'hot', subject, roles: ['USER'], tokenExpiresAt: null };
    };
    const [holder, erased, bystander] = [
      await principalOf('batch-holder'),
      await principalOf('batch-erased'),
      await principalOf('batch-bystander'),
    ];
    const lockOf = async (principal: Principal) => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [ERASURE_LOCK_SPACE, erasureLockKey(principal.userId)]);
      return client;
    };
    const waitingOnLocks = async () => {
      for (;;) {
        const [row] = await db.$queryRawUnsafe<{ count: bigint }[]>(
          "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
        );
        if (Number(row!.count) > 0) return;
      }
    };
    const holding = await lockOf(holder); // an erasure of the holder that will not go through
    const erasing = await lockOf(erased);
    try {
      const first = outcome(sessions.create(holder, 'first'));
      await waitingOnLocks();
      const queued = [outcome(sessions.create(erased, 'queued, erased')), outcome(sessions.create(bystander, 'queued, bystander'))];
      await holding.query('ROLLBACK'); // the first statement goes through; the two queued creates leave together
      expect(await first).toBe('room');
      await waitingOnLocks(); // the shared statement waits on the erasure of one of its users
      await erasing.query('INSERT INTO "ErasureTombstone" ("userHash", "subjectHash", "tenantId") VALUES ($1, $2, $3)', [
        hasher.userHash(erased.userId),
        hasher.subjectHash('hot', 'batch-erased'),
        tenantId,
      ]);
      await erasing.query('COMMIT');
      expect(await Promise.all(queued)).toEqual(['FORBIDDEN', 'room']);
      expect(await db.session.count({ where: { userId: erased.userId } })).toBe(0);
      expect((await db.session.findMany({ where: { userId: bystander.userId } })).map((row) => row.title)).toEqual(['queued, bystander']);
      expect((await db.session.findMany({ where: { userId: holder.userId } })).map((row) => row.title)).toEqual(['first']);
    } finally {
      await holding.end();
      await erasing.end();
      await db.erasureTombstone.deleteMany({ where: { userHash: hasher.userHash(erased.userId) } });
    }
  });

  it('claims arriving together leave in one statement: each review runs once, redelivered jobs may take a RUNNING one', async () => {
    const store = new ReviewStore(db, new Tombstones(db, hasher));
    const review = async (status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'CANCELLED') =>
      (
        await db.review.create({
          data: { tenantId, userId, contractId: 'c', title: status, text: `text of ${status}`, asOf: new Date(), status },
        })
      ).id;
    const [queued, other, running, finished, cancelled] = [
      await review('QUEUED'),
      await review('QUEUED'),
      await review('RUNNING'),
      await review('SUCCEEDED'),
      await review('CANCELLED'),
    ];
    const claims = await Promise.all([
      store.claim(queued, false),
      store.claim(other, false),
      store.claim(other, true),
      store.claim(running, false),
      store.claim(running, true),
      store.claim(finished, true),
      store.claim(cancelled, false),
    ]);
    // `other` twice in one statement runs once, for one of its two jobs (either may win).
    expect(claims.map((claim) => claim?.id ?? null)).toEqual([
      queued,
      ...(claims[1] ? [other, null] : [null, other]),
      null,
      running,
      null,
      null,
    ]);
    expect(claims[1] ?? claims[2]).toMatchObject({ tenantId, userId, title: 'QUEUED', text: 'text of QUEUED', pinnedKnowledge: null });
    const statuses = await db.review.findMany({ where: { id: { in: [queued, other, running, finished, cancelled] } } });
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [queued]: 'RUNNING',
      [other]: 'RUNNING',
      [running]: 'RUNNING',
      [finished]: 'SUCCEEDED',
      [cancelled]: 'CANCELLED',
    });
    expect(statuses.filter((row) => row.id !== finished && row.id !== cancelled).every((row) => row.startedAt !== null)).toBe(true);
  });

  it('a review result (one statement: result, findings, access log) waiting on an erasure in progress is refused and writes nothing', async () => {
    const tombstones = new Tombstones(db, hasher);
    const knowledge = new KnowledgeService(db, new AuditLog(db));
    const store = new ReviewStore(db, tombstones, (relation) => knowledge.accessLogOfResults(relation));
    const version = await db.knowledgeVersion.create({
      data: {
        tenantId,
        knowledgeId: 'hot.rule',
        version: '1.0',
        versionMajor: 1,
        versionMinor: 0,
        kind: 'CLAUSE',
        content: 'Pay within 30 days.',
        source: 'policy:hot',
        validFrom: new Date('2020-01-01T00:00:00Z'),
        validUntil: new Date('9999-12-31T00:00:00Z'),
      },
    });
    const used = [{ id: version.id, knowledgeId: 'hot.rule', version: '1.0' }];
    const state = {
      language: 'en',
      riskLevel: 'MEDIUM',
      riskScore: 0.5,
      reviewReport: null,
      reportText: 'report',
      knowledgeUsed: used,
      flags: [],
      degraded: false,
      findings: [
        { clause: 'payment', clauseIndex: 0, knowledgeId: 'hot.rule', version: '1.0', severity: 'MEDIUM', message: 'late', evidence: null },
      ],
    } as unknown as ReviewState;
    const meta = { traceId: '0'.repeat(32), provider: 'rules', model: null };
    const review = (status: 'RUNNING' | 'SUCCEEDED', attempt = 1) =>
      db.review.create({ data: { tenantId, userId, contractId: 'c', title: 't', text: 'x', asOf: new Date(), status, attempt } });
    const write = (row: { id: string }, attempt = 1) => store.writeResult({ id: row.id, attempt, tenantId, userId }, state, meta);
    const written = async (reviewId: string) => ({
      status: (await db.review.findUniqueOrThrow({ where: { id: reviewId } })).status,
      findings: await db.reviewFinding.count({ where: { reviewId } }),
      accessLog: await db.knowledgeAccess.count({ where: { reviewId } }),
    });
    try {
      const running = await review('RUNNING');
      expect(await write(running)).toBe(true);
      expect(await written(running.id)).toEqual({ status: 'SUCCEEDED', findings: 1, accessLog: 1 });
      // A second delivery of the same job writes nothing twice.
      expect(await write(running)).toBe(false);
      expect(await written(running.id)).toEqual({ status: 'SUCCEEDED', findings: 1, accessLog: 1 });
      const finished = await review('SUCCEEDED');
      expect(await write(finished)).toBe(false);
      expect(await written(finished.id)).toEqual({ status: 'SUCCEEDED', findings: 0, accessLog: 0 });

      // Results finishing together share one statement; each keeps its own outcome, and a review
      // offered twice in it (two attempts at once) is written once.
      const [first, second, again] = [await review('RUNNING'), await review('RUNNING'), await review('SUCCEEDED')];
      expect(await Promise.all([write(first), write(second), write(second), write(again), write(first)])).toEqual([
        true,
        true,
        false,
        false,
        false,
      ]);
      for (const row of [first, second]) expect(await written(row.id)).toEqual({ status: 'SUCCEEDED', findings: 1, accessLog: 1 });
      expect(await written(again.id)).toEqual({ status: 'SUCCEEDED', findings: 0, accessLog: 0 });

      // A review a later attempt took over (its first worker lost the lease): the stale run writes
      // nothing, is not taken for an erasure's refusal, and the latest run writes, even in one statement with it.
      const takenOver = await review('RUNNING', 2);
      expect(await write(takenOver, 1)).toBe(false);
      expect(await written(takenOver.id)).toEqual({ status: 'RUNNING', findings: 0, accessLog: 0 });
      expect(await Promise.all([write(takenOver, 1), write(takenOver, 2)])).toEqual([false, true]);
      expect(await written(takenOver.id)).toEqual({ status: 'SUCCEEDED', findings: 1, accessLog: 1 });

      const racing = await review('RUNNING');
      expect(await eraseWhileWaiting(() => write(racing))).toBe('FORBIDDEN');
      expect(await written(racing.id)).toEqual({ status: 'RUNNING', findings: 0, accessLog: 0 });
      // A fresh process (nothing known) is refused by the statement's condition, and writes nothing either.
      const fresh = new ReviewStore(db, new Tombstones(db, hasher), (relation) => knowledge.accessLogOfResults(relation));
      const refused = await fresh
        .writeResult({ id: racing.id, attempt: 1, tenantId, userId }, state, meta)
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(SubjectErasedError);
      expect(await written(racing.id)).toEqual({ status: 'RUNNING', findings: 0, accessLog: 0 });
    } finally {
      await forgetTombstone();
    }
  });
});
