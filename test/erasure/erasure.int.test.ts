import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/identity/principal.js';
import { deriveThreadId } from '../../src/identity/thread-id.js';
import { englishContract, REVIEW_KNOWLEDGE } from '../fixtures/contracts.js';
import { collect, startTestApp, type TestApp } from '../testkit/app.js';
import { countMatches, scanDatabase, textColumns } from '../testkit/catalogue-scan.js';
import { postMultipart } from '../testkit/multipart.js';

const REQUEST = 'mutation ($userId: ID) { requestErasure(userId: $userId) { id status steps { name status countBefore countAfter } } }';
const JOB = `query ($id: ID!) { erasureRequest(id: $id) { id status attempts subjectHash completedAt
  steps { name status countBefore countAfter } verification { allZero counts { store count } } } }`;

async function principalOf(app: TestApp, subject: string, roles: Principal['roles'] = ['USER']): Promise<Principal> {
  return app.deps.services.identity.principalFor({
    subject,
    tenantKey: app.tenant,
    roles: [...roles],
    issuedAt: new Date(),
    expiresAt: null,
  });
}

/** Gives a user sessions with conversation turns, facts and reviews. */
async function populate(app: TestApp, principal: Principal, shape: { sessions: number; turns: number; facts: number; reviews: number }) {
  const sessions = await Promise.all(
    Array.from({ length: shape.sessions }, (_, i) => app.deps.services.sessions.create(principal, `session ${i}`)),
  );
  await Promise.all(
    sessions.map(async (session, i) => {
      for (let turn = 0; turn < shape.turns; turn += 1) {
        await app.deps.services.chat.sendMessage(
          principal,
          session.id,
          turn === 0 ? `My name is User ${i}.` : `Question ${turn} about order ${turn * 7}?`,
        );
      }
    }),
  );
  const store = app.deps.services.chat.factStore(principal, 'CONFIRMED');
  for (let i = 0; i < shape.facts; i += 1)
    await store.put([principal.userId, i % 2 ? 'profile' : 'business'], `key_${i}`, { value: `v${i}` });
  if (shape.reviews) {
    await app.deps.services.reviews.submitBatch(
      principal,
      Array.from({ length: shape.reviews }, (_, i) => ({
        contractId: `c-${i}`,
        title: `r${i}`,
        text: englishContract({ payDays: 30 + i, penalty: 5 + (i % 4), notice: 30, years: 3 }),
      })),
    );
    await app.deps.services.reviews.idle();
  }
  return sessions;
}

async function waitForJob(app: TestApp, token: string, id: string) {
  await app.deps.services.erasure.idle();
  const response = await app.gql(JOB, { id }, { token });
  expect(response.errors).toBeUndefined();
  return response.data!.erasureRequest;
}

describe('erasure', () => {
  let app: TestApp;
  let compliance: string;

  beforeAll(async () => {
    app = await startTestApp({ env: { SUANNI_CHAT_SUMMARIZE_ABOVE: '12', SUANNI_CHAT_RECENT_TURNS: '3' } });
    compliance = await app.token('cora', { roles: ['COMPLIANCE'] });
  });
  afterAll(() => app.stop());

  it('erases a user with 20 sessions of 30 turns, 100 facts and 50 reviews completely; a neighbour whose subject starts the same keeps everything', async () => {
    const victimToken = await app.token('erin');
    await app.gql('{ me { id } }', {}, { token: victimToken });
    const victim = await principalOf(app, 'erin');
    const neighbour = await principalOf(app, 'erin_%2');
    const victimSessions = await populate(app, victim, { sessions: 20, turns: 30, facts: 100, reviews: 50 });
    await populate(app, neighbour, { sessions: 2, turns: 5, facts: 10, reviews: 3 });
    // Counted from outside: rows per column of every table the catalogue lists, not the job's inventory.
    const neighbourCounts = await countMatches(app.db, [neighbour.userId]);
    const victimCounts = await countMatches(app.db, [victim.userId]);
    expect(victimCounts).toMatchObject({
      'public.Session.userId': 20,
      'public.Review.userId': 50,
      'public.Fact.userId': 100,
      'public.User.id': 1,
    });
    expect(victimCounts['langgraph.checkpoints.thread_id']).toBeGreaterThan(0);
    expect(victimCounts['langgraph.checkpoint_blobs.thread_id']).toBeGreaterThan(0);
    const victimFindings = await app.db.reviewFinding.count({ where: { review: { userId: victim.userId } } });

    const requested = await app.gql(REQUEST, { userId: victim.userId }, { token: compliance });
    expect(requested.errors).toBeUndefined();
    expect(['PENDING', 'RUNNING']).toContain(requested.data!.requestErasure.status);
    const again = await app.gql(REQUEST, { userId: victim.userId }, { token: compliance });
    expect(again.data!.requestErasure.id).toBe(requested.data!.requestErasure.id);

    const job = await waitForJob(app, compliance, requested.data!.requestErasure.id);
    expect(job.status).toBe('COMPLETED');
    expect(job.verification.allZero).toBe(true);
    expect(job.verification.counts.every((entry: { count: number }) => entry.count === 0)).toBe(true);
    const steps = Object.fromEntries(job.steps.map((step: { name: string; countBefore: number; countAfter: number }) => [step.name, step]));
    expect(steps.sessions).toMatchObject({ countBefore: 20, countAfter: 0 });
    expect(steps.facts).toMatchObject({ countBefore: 100, countAfter: 0 });
    expect(steps.reviews.countBefore).toBe(50 + victimFindings + victimCounts['public.ReviewBatch.userId']!);
    expect(steps.checkpoints.countAfter).toBe(0);
    expect(JSON.stringify(job)).not.toContain(victim.userId);

    // Memory acceptance criterion 4: the store and the checkpoints hold nothing under the prefix.
    const store = app.deps.services.chat.factStore(victim);
    expect(await store.search([victim.userId], { limit: 1000 })).toEqual([]);
    // biome-ignore lint/complexity/useLiteralKeys: the test reads the service's private saver
    const saver = app.deps.services.chat['checkpointer'];
    for (const session of victimSessions) {
      const listed = [];
      for await (const checkpoint of saver.list({ configurable: { thread_id: deriveThreadId(victim.userId, session.id) } }))
        listed.push(checkpoint);
      expect(listed).toEqual([]);
    }
    // Nothing names the victim in any column of any table; the neighbour keeps every row.
    expect(await scanDatabase(app.db, [victim.userId])).toEqual([]);
    expect(await countMatches(app.db, [neighbour.userId])).toEqual(neighbourCounts);
    expect((await app.db.erasureRequest.findUniqueOrThrow({ where: { id: job.id } })).subjectUserId).toBeNull();
  }, 240_000);

  it('leaves nothing of what a user wrote through the API in any column of any schema, as the job’s own verification says', async () => {
    const mark = (what: string) => `${what}-${randomBytes(6).toString('hex')}`;
    const subject = mark('judged');
    const markers = {
      sessionTitle: mark('title'),
      closedTitle: mark('closed'),
      chat: mark('chat'),
      stream: mark('stream'),
      fact: mark('fact'),
      forgotten: mark('forgotten'),
      contractId: mark('contract'),
      reviewTitle: mark('review-title'),
      contractText: mark('clause'),
      batchText: mark('batch'),
      fileText: mark('file-text'),
      rejection: mark('rejection'),
    };
    // Not stored (only the text is), but scanned for afterwards all the same.
    const fileName = mark('upload');
    // An ADMIN too, so that the audit log names them as an actor; a REVIEWER, so that they decide findings.
    const token = await app.token(subject, { roles: ['USER', 'ADMIN', 'REVIEWER'] });
    const call = async (query: string, variables: Record<string, unknown> = {}) => {
      const response = await app.gql(query, variables, { token });
      expect(response.errors, query).toBeUndefined();
      return response.data!;
    };
    const userId = (await call('{ me { id } }')).me.id as string;
    // Two rules the contract below breaks, so that its review has findings to decide.
    for (const item of REVIEW_KNOWLEDGE.filter(
      (rule) => rule.knowledgeId === 'payment-term' || rule.knowledgeId === 'confidentiality-term',
    ))
      await call('mutation ($input: KnowledgeVersionInput!) { putKnowledgeVersion(input: $input) { id } }', {
        input: { kind: 'CLAUSE', source: `policy:test/${item.knowledgeId}`, ...item },
      });
    const CREATE = 'mutation ($title: String!) { createSession(title: $title) { id } }';
    const session = (await call(CREATE, { title: markers.sessionTitle })).createSession.id;
    const closed = (await call(CREATE, { title: markers.closedTitle })).createSession.id;
    await call('mutation ($id: ID!) { closeSession(id: $id) { id } }', { id: closed });
    for (const text of [`My name is Zed ${markers.chat}.`, `What about ${markers.chat}?`])
      await call('mutation ($s: ID!, $t: String!) { sendMessage(sessionId: $s, text: $t) { reply } }', { s: session, t: text });
    const streamed = await collect(
      app.ws({ authorization: `Bearer ${token}` }),
      'subscription ($s: ID!, $t: String!) { replyStream(sessionId: $s, text: $t) }',
      { s: session, t: `And ${markers.stream}?` },
      1_000,
    );
    expect(streamed.error).toBeUndefined();
    const CONFIRM = 'mutation ($k: String!, $v: JSON!) { confirmFact(category: "profile", key: $k, value: $v) { version } }';
    await call(CONFIRM, { k: 'nickname', v: { said: markers.fact } });
    await call(CONFIRM, { k: 'region', v: markers.forgotten });
    await call('mutation { forgetFact(category: "profile", key: "region") }');
    const SUBMIT = 'mutation ($input: ReviewInput!) { submitReview(input: $input) { id } }';
    const contract = englishContract({ payDays: 45, penalty: 5, notice: 30, years: 2 });
    const review = (
      await call(SUBMIT, {
        input: { contractId: markers.contractId, title: markers.reviewTitle, text: `${contract}\n${markers.contractText}` },
      })
    ).submitReview.id;
    await call('mutation ($inputs: [ReviewInput!]!) { submitReviewBatch(inputs: $inputs) { id } }', {
      inputs: [1, 2].map((i) => ({ contractId: `b-${i}`, title: `b${i}`, text: `${contract}\n${markers.batchText} ${i}` })),
    });
    const uploaded = await postMultipart(
      app.url,
      { query: SUBMIT, variables: { input: { contractId: 'upload-1', title: 'upload', file: null } } },
      { 'variables.input.file': new File([`${contract}\n${markers.fileText}`], `${fileName}.md`, { type: 'text/markdown' }) },
      { token },
    );
    expect(uploaded.errors).toBeUndefined();
    await app.deps.services.reviews.idle();
    await call('mutation ($id: ID!) { replayReview(id: $id) { identical } }', { id: review });
    const decided = (await call('query ($id: ID!) { review(id: $id) { findings { id } } }', { id: review })).review.findings;
    expect(decided.length).toBeGreaterThan(1);
    await call('mutation ($id: ID!) { confirmFinding(id: $id) { id } }', { id: decided[0].id });
    await call('mutation ($id: ID!, $r: String!) { rejectFinding(id: $id, reason: $r) { id } }', {
      id: decided[1].id,
      r: markers.rejection,
    });
    await call('{ tenantSessions { id } }');
    await call('mutation { setTenantQuota(input: { facts: 100000 }) { name } }');

    // The scanner sees everything written: each marker somewhere, the id in every kind of store.
    const where = Object.fromEntries(
      await Promise.all(Object.entries(markers).map(async ([name, m]) => [name, await scanDatabase(app.db, [m])])),
    );
    for (const [name, columns] of Object.entries(where)) expect(columns, name).not.toEqual([]);
    const schemas = new Set((await textColumns(app.db)).map((column) => column.schema));
    expect([...schemas]).toEqual(expect.arrayContaining(['public', 'langgraph', 'pgboss']));
    const holdingId = await scanDatabase(app.db, [userId]);
    expect(holdingId).toEqual(
      expect.arrayContaining([
        'public.User.id',
        'public.Fact.namespace',
        'public.Session.userId',
        'public.Review.userId',
        'public.FindingDecision.deciderId',
        'public.AuditEntry.actorId',
        'langgraph.checkpoints.thread_id',
      ]),
    );

    // Retrieval's index holds the words too, in full-text (tsvector) columns the scan reads as well.
    expect(where.chat).toEqual(expect.arrayContaining(['public.MemoryPassage.content', 'public.MemoryPassage.search']));
    expect(where.fact).toEqual(expect.arrayContaining(['public.Fact.search']));

    const requested = await app.gql(REQUEST, { userId }, { token: compliance });
    expect(requested.errors).toBeUndefined();
    const job = await waitForJob(app, compliance, requested.data!.requestErasure.id);
    expect(job.status).toBe('COMPLETED');
    expect(job.verification.allZero).toBe(true);
    expect(job.verification.counts).toEqual(expect.arrayContaining([{ store: 'memoryPassages', count: 0 }]));
    // The outside scan agrees: no id, no subject, no marker left anywhere.
    expect(await scanDatabase(app.db, [userId, subject, fileName, ...Object.values(markers)])).toEqual([]);
    const [stored] = await app.db.$queryRaw<{ subjectUserId: string | null; requestedBy: string }[]>`
      SELECT "subjectUserId", "requestedBy" FROM "ErasureRequest" WHERE id = ${job.id}::uuid`;
    expect(stored!.subjectUserId).toBeNull();
    // Requested by COMPLIANCE: the requester too is named by a keyed hash, not the officer's id.
    const officerId = (await app.gql('{ me { id } }', {}, { token: compliance })).data!.me.id;
    expect(stored!.requestedBy).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.requestedBy).not.toBe(job.subjectHash);
    expect(await scanDatabase(app.db, [officerId])).not.toContain('public.ErasureRequest.requestedBy');

    // And the scanner is not bound to a list: a table it was never told about is searched too.
    await app.db.$executeRawUnsafe('CREATE SCHEMA judged_extra');
    await app.db.$executeRawUnsafe('CREATE TABLE judged_extra.notes (owner uuid, body jsonb)');
    await app.db.$executeRawUnsafe(
      `INSERT INTO judged_extra.notes VALUES ($1::uuid, $2::jsonb)`,
      userId,
      JSON.stringify({ m: markers.chat }),
    );
    expect(await scanDatabase(app.db, [userId, markers.chat])).toEqual(['judged_extra.notes.body', 'judged_extra.notes.owner']);
    await app.db.$executeRawUnsafe('DROP SCHEMA judged_extra CASCADE');
  }, 120_000);

  it('shows a job to its requester, its subject and the tenant’s COMPLIANCE only', async () => {
    const subject = await principalOf(app, 'watched');
    const requested = await app.gql(REQUEST, { userId: subject.userId }, { token: await app.token('cora', { roles: ['COMPLIANCE'] }) });
    const id = requested.data!.requestErasure.id as string;
    await app.deps.services.erasure.idle();
    const read = async (token: string) => (await app.gql(JOB, { id }, { token })).errors?.[0]?.extensions?.code ?? 'OK';
    // The requester, with a token that no longer carries COMPLIANCE: the request is theirs.
    expect(await read(await app.token('cora', { roles: ['USER'] }))).toBe('OK');
    expect(await read(await app.token('colette', { roles: ['COMPLIANCE'] }))).toBe('OK');
    expect(await read(await app.token('nosy'))).toBe('FORBIDDEN');
    expect(await read(await app.token('nosy-admin', { roles: ['ADMIN', 'SRE'] }))).toBe('FORBIDDEN');
    expect(await read(await app.token('cora', { tenant: `${app.tenant}-elsewhere`, roles: ['COMPLIANCE'] }))).toBe('NOT_FOUND');
    const elsewhere = await app.token('cora', { tenant: `${app.tenant}-elsewhere`, roles: ['COMPLIANCE'] });
    expect(
      (await app.gql('mutation ($id: ID!) { resumeErasure(id: $id) { id } }', { id }, { token: elsewhere })).errors?.[0]?.extensions?.code,
    ).toBe('NOT_FOUND');
    // The subject, through a principal verified before the erasure (their tokens stop working with it).
    await expect(app.deps.services.erasure.get(subject, id)).resolves.toMatchObject({ id });
    const bystander = await principalOf(app, 'bystander');
    await expect(app.deps.services.erasure.get(bystander, id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses late writes and tokens issued before the erasure', async () => {
    const token = await app.token('late');
    await app.gql('{ me { id } }', {}, { token });
    const principal = await principalOf(app, 'late');
    const [session] = await populate(app, principal, { sessions: 1, turns: 1, facts: 1, reviews: 0 });
    const requested = await app.gql(REQUEST, {}, { token });
    expect(requested.errors).toBeUndefined();
    const job = await app.deps.services.erasure.get(await principalOf(app, 'cora', ['COMPLIANCE']), requested.data!.requestErasure.id);
    await app.deps.services.erasure.idle();
    expect((await app.db.erasureRequest.findUniqueOrThrow({ where: { id: job.id } })).status).toBe('COMPLETED');

    // A turn or fact that was in flight with the old principal cannot recreate anything.
    await expect(app.deps.services.chat.sendMessage(principal, session!.id, 'still here?')).rejects.toMatchObject({
      code: expect.stringMatching(/FORBIDDEN|NOT_FOUND/),
    });
    await expect(
      app.deps.services.chat.factStore(principal).put([principal.userId, 'profile'], 'name', { value: 'back' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // biome-ignore lint/complexity/useLiteralKeys: the test reads the service's private saver
    const saver = app.deps.services.chat['checkpointer'];
    const threadId = deriveThreadId(principal.userId, session!.id);
    await expect(
      saver.putWrites({ configurable: { thread_id: threadId, checkpoint_ns: '', checkpoint_id: '1' } }, [['messages', 'x']], 'task'),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(app.deps.services.reviews.submit(principal, { contractId: 'late', title: 'late', text: 'text' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await scanDatabase(app.db, [principal.userId])).toEqual([]);
    // Self-erasure: the request row and its audit record name the requester by the keyed hash only.
    const [stored] = await app.db.$queryRaw<{ requestedBy: string; subjectHash: string; subjectUserId: string | null }[]>`
      SELECT "requestedBy", "subjectHash", "subjectUserId" FROM "ErasureRequest" WHERE id = ${job.id}::uuid`;
    expect(stored!.requestedBy).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).toEqual({ requestedBy: stored!.subjectHash, subjectHash: stored!.subjectHash, subjectUserId: null });
    const [audit] = await app.db.$queryRaw<
      { requestedBy: string }[]
    >`SELECT "requestedBy" FROM "ErasureAudit" WHERE "requestId" = ${job.id}::uuid`;
    expect(audit!.requestedBy).toBe(stored!.subjectHash);

    const old = await app.gql('{ me { id } }', {}, { token });
    expect(old.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(old.errors?.[0]?.message).toMatch(/erased/);
  });

  it('resumes a job interrupted by a crash and completes with the full report; running it again changes nothing', async () => {
    const crashing = await startTestApp({ testOverrides: { erasure: { crashAfterStep: 'facts' } } });
    const compliance = await crashing.token('cora', { roles: ['COMPLIANCE'] });
    const principal = await principalOf(crashing, 'crash');
    await populate(crashing, principal, { sessions: 3, turns: 2, facts: 5, reviews: 2 });
    const requested = await crashing.gql(REQUEST, { userId: principal.userId }, { token: compliance });
    const id = requested.data!.requestErasure.id;
    await crashing.deps.services.erasure.idle();
    const interrupted = await crashing.db.erasureRequest.findUniqueOrThrow({ where: { id } });
    expect(interrupted.status).toBe('RUNNING');
    await crashing.stop({ keepDatabase: true });

    const restarted = await startTestApp({ restartOf: crashing });
    try {
      expect(await restarted.deps.services.erasure.resumeInterrupted()).toBe(1);
      const job = await waitForJob(restarted, await restarted.token('cora', { roles: ['COMPLIANCE'] }), id);
      expect(job).toMatchObject({ status: 'COMPLETED', attempts: 2 });
      expect(job.verification.allZero).toBe(true);
      const steps = Object.fromEntries(job.steps.map((step: { name: string; countBefore: number }) => [step.name, step.countBefore]));
      expect(steps).toMatchObject({ sessions: 3, facts: 5 });
      expect(job.steps.every((step: { status: string }) => step.status === 'DONE')).toBe(true);
      expect(await restarted.deps.services.erasure.resumeInterrupted()).toBe(0);
      const same = await waitForJob(restarted, await restarted.token('cora', { roles: ['COMPLIANCE'] }), id);
      expect(same).toEqual(job);
      const audits = await restarted.db.erasureAudit.findMany({ where: { requestId: id } });
      expect(audits).toHaveLength(1);
      expect(JSON.stringify(audits)).not.toContain(principal.userId);
      expect(JSON.stringify(audits)).not.toContain('crash');
      await expect(restarted.db.erasureAudit.deleteMany({ where: { requestId: id } })).rejects.toThrow(/append-only/);
    } finally {
      await restarted.stop();
      await crashing.database.drop();
    }
  }, 60_000);

  it('retries a failed attempt by itself; a job FAILED after its last attempt is finished by resumeErasure or by asking again', async () => {
    const RESUME = 'mutation ($id: ID!) { resumeErasure(id: $id) { id status } }';
    const retrying = await startTestApp({
      testOverrides: { erasure: { failAfterStep: 'facts', retry: { attempts: 3, baseDelayMs: 10, maxDelayMs: 20 } } },
    });
    const giving = await startTestApp({
      testOverrides: { erasure: { failAfterStep: 'user', retry: { attempts: 1, baseDelayMs: 10, maxDelayMs: 20 } } },
    });
    try {
      const retried = await principalOf(retrying, 'retried');
      await populate(retrying, retried, { sessions: 1, turns: 1, facts: 2, reviews: 0 });
      const officer = await retrying.token('cora', { roles: ['COMPLIANCE'] });
      const first = await retrying.gql(REQUEST, { userId: retried.userId }, { token: officer });
      expect(await waitForJob(retrying, officer, first.data!.requestErasure.id)).toMatchObject({
        status: 'COMPLETED',
        attempts: 2,
        verification: { allZero: true },
      });

      // The only attempt fails after the user row is gone: FAILED, and the subject is no user any more.
      const officerB = await giving.token('cora', { roles: ['COMPLIANCE'] });
      const stuck: Record<string, string> = {};
      for (const name of ['resumed', 'asked-again']) {
        const principal = await principalOf(giving, name);
        await populate(giving, principal, { sessions: 1, turns: 2, facts: 1, reviews: 1 });
        const requested = await giving.gql(REQUEST, { userId: principal.userId }, { token: officerB });
        expect(await waitForJob(giving, officerB, requested.data!.requestErasure.id)).toMatchObject({ status: 'FAILED', attempts: 1 });
        expect(await giving.db.user.count({ where: { id: principal.userId } })).toBe(0);
        stuck[name] = principal.userId;
      }
      const [resumedJob] = await giving.db.erasureRequest.findMany({ where: { subjectUserId: stuck.resumed } });
      // Only COMPLIANCE resumes.
      const user = await giving.token('someone');
      expect((await giving.gql(RESUME, { id: resumedJob!.id }, { token: user })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const resumed = await giving.gql(RESUME, { id: resumedJob!.id }, { token: officerB });
      expect(resumed.errors).toBeUndefined();
      expect(await waitForJob(giving, officerB, resumedJob!.id)).toMatchObject({
        status: 'COMPLETED',
        attempts: 2,
        verification: { allZero: true },
      });

      // Asking again for a subject whose user row is gone returns the existing job and finishes it.
      const [askedJob] = await giving.db.erasureRequest.findMany({ where: { subjectUserId: stuck['asked-again'] } });
      const again = await giving.gql(REQUEST, { userId: stuck['asked-again'] }, { token: officerB });
      expect(again.errors).toBeUndefined();
      expect(again.data!.requestErasure.id).toBe(askedJob!.id);
      const finished = await waitForJob(giving, officerB, askedJob!.id);
      expect(finished).toMatchObject({ status: 'COMPLETED', verification: { allZero: true } });
      expect((await giving.db.erasureRequest.findUniqueOrThrow({ where: { id: askedJob!.id } })).subjectUserId).toBeNull();
      // And once more, now that it is complete: the same job, not NOT_FOUND, and no new one.
      const third = await giving.gql(REQUEST, { userId: stuck['asked-again'] }, { token: officerB });
      expect(third.data!.requestErasure).toMatchObject({ id: askedJob!.id, status: 'COMPLETED' });
      expect(await giving.db.erasureRequest.count()).toBe(2);
    } finally {
      await retrying.stop();
      await giving.stop();
    }
  }, 60_000);

  it('streams progress until the job completes', async () => {
    const principal = await principalOf(app, 'streamed');
    await populate(app, principal, { sessions: 1, turns: 1, facts: 1, reviews: 0 });
    const requested = await app.gql(REQUEST, { userId: principal.userId }, { token: compliance });
    const client = app.ws({ authorization: `Bearer ${compliance}` });
    const events: { status: string; step: string | null }[] = [];
    await new Promise<void>((resolve, reject) => {
      client.subscribe<{ erasureProgress: { status: string; step: string | null } }>(
        {
          query: 'subscription ($id: ID!) { erasureProgress(id: $id) { status step steps { name status } } }',
          variables: { id: requested.data!.requestErasure.id },
        },
        { next: (result) => events.push(result.data!.erasureProgress), error: reject, complete: resolve },
      );
    });
    expect(events.at(-1)?.status).toBe('COMPLETED');
  });

  it('allows only COMPLIANCE to erase someone else, and never across tenants', async () => {
    const target = await principalOf(app, 'target');
    const user = await app.token('nosy');
    const denied = await app.gql(REQUEST, { userId: target.userId }, { token: user });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const otherCompliance = await app.token('oscar', { tenant: `${app.tenant}-other`, roles: ['COMPLIANCE'] });
    const crossTenant = await app.gql(REQUEST, { userId: target.userId }, { token: otherCompliance });
    expect(crossTenant.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const list = await app.gql('{ erasureRequests { id status } }', {}, { token: user });
    expect(list.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await app.db.user.count({ where: { id: target.userId } })).toBe(1);
  });
});

describe('tenant quotas', () => {
  let app: TestApp;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await app.token('ada', { roles: ['ADMIN'] });
    user = await app.token('ulla');
  });
  afterAll(() => app.stop());

  it('enforces the limits an ADMIN sets and names the one exceeded', async () => {
    const set = await app.gql(
      'mutation { setTenantQuota(input: { sessions: 2, reviewsPerDay: 1, facts: 1 }) { name used limit } }',
      {},
      { token: admin },
    );
    expect(set.errors).toBeUndefined();
    await app.gql('mutation { createSession(title: "a") { id } }', {}, { token: user });
    await app.gql('mutation { createSession(title: "b") { id } }', {}, { token: user });
    const third = await app.gql('mutation { createSession(title: "c") { id } }', {}, { token: user });
    expect(third.errors?.[0]?.extensions).toMatchObject({ code: 'QUOTA_EXCEEDED', limit: 'sessions' });
    expect(await app.db.session.count()).toBe(2);

    await app.gql('mutation { confirmFact(category: "profile", key: "name", value: "Ulla") { version } }', {}, { token: user });
    const secondFact = await app.gql(
      'mutation { confirmFact(category: "profile", key: "region", value: "North") { version } }',
      {},
      { token: user },
    );
    expect(secondFact.errors?.[0]?.extensions).toMatchObject({ code: 'QUOTA_EXCEEDED', limit: 'facts' });
    const update = await app.gql(
      'mutation { confirmFact(category: "profile", key: "name", value: "Ulla B") { version } }',
      {},
      { token: user },
    );
    expect(update.data!.confirmFact.version).toBe(2);

    const review = (i: number) =>
      app.gql(
        'mutation ($input: ReviewInput!) { submitReview(input: $input) { id } }',
        { input: { contractId: `q${i}`, title: 't', text: 'Payment within 30 days.' } },
        { token: user },
      );
    expect((await review(1)).errors).toBeUndefined();
    expect((await review(2)).errors?.[0]?.extensions).toMatchObject({ code: 'QUOTA_EXCEEDED', limit: 'reviewsPerDay' });

    const usage = await app.gql('{ tenantUsage { name used limit } }', {}, { token: admin });
    expect(usage.data!.tenantUsage).toEqual(
      expect.arrayContaining([
        { name: 'sessions', used: 2, limit: 2 },
        { name: 'facts', used: 1, limit: 1 },
        { name: 'reviewsPerDay', used: 1, limit: 1 },
      ]),
    );
    const denied = await app.gql('{ tenantUsage { name } }', {}, { token: user });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
