import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../src/audit/service.js';
import { startTelemetry, type Telemetry } from '../../src/platform/telemetry/sdk.js';
import { type GraphQLResponse, startTestApp, type TestApp } from '../testkit/app.js';

const ENTRY = 'id at actorId actorRoles action targetIds outcome errorCode traceId';
const AUDIT = `query ($filter: AuditFilter, $first: Int, $after: String) {
  auditLog(filter: $filter, first: $first, after: $after) { hasNextPage endCursor edges { cursor node { ${ENTRY} } } nodes { ${ENTRY} } } }`;
const PUT = 'mutation ($input: KnowledgeVersionInput!) { putKnowledgeVersion(input: $input) { id knowledgeId version } }';
const RETRACT = 'mutation ($k: ID!, $v: String!) { retractKnowledgeVersion(knowledgeId: $k, version: $v) { id retractedAt } }';
const QUOTA = 'mutation ($input: TenantQuotaInput!) { setTenantQuota(input: $input) { name limit } }';
const RATE_LIMITS = 'mutation ($input: TenantRateLimitsInput!) { setTenantRateLimits(input: $input) { limit } }';
const USERS = '{ tenantUsers { id sessions { id title } } }';
const SESSIONS = '{ tenantSessions { id title } }';
const TRACE = 'query ($id: ID!) { trace(id: $id) { traceId } }';
const TRACES = '{ traces { traceId } }';
const ERASE = 'mutation ($userId: ID) { requestErasure(userId: $userId) { id status subjectHash } }';
const TENANT_REVIEWS = '{ reviews(filter: { scope: TENANT }) { nodes { id title } } }';
const OWN_REVIEWS = '{ reviews { nodes { id title } } }';
const ADMIN_STATS = '{ adminStats(window: "1h") { reviews { total } } }';
const USAGE = '{ tenantUsage { name used limit } }';
const TENANT_RATE_LIMITS = '{ tenantRateLimits { limit } }';
const FACT_COUNTS = '{ tenantFactCounts { category count } }';
const ERASURES = '{ erasureRequests { id status } }';
const SUBMIT = 'mutation ($input: ReviewInput!) { submitReview(input: $input) { id } }';
const RESUME = 'mutation ($id: ID!) { resumeErasure(id: $id) { id status } }';
const REVIEW_SETTINGS = 'mutation ($input: TenantReviewSettingsInput!) { setTenantReviewSettings(input: $input) { operatingPoint } }';
const CONFIRM = 'mutation ($id: ID!) { confirmFinding(id: $id) { id } }';
const RETENTION = 'mutation ($input: RetentionPolicyInput!) { setRetentionPolicy(input: $input) { threadIdleDays } }';
const REJECT = 'mutation ($id: ID!, $reason: String!) { rejectFinding(id: $id, reason: $reason) { id } }';

interface Entry {
  id: string;
  at: string;
  actorId: string;
  actorRoles: string[];
  action: string;
  targetIds: string[];
  outcome: string;
  errorCode: string | null;
  traceId: string | null;
}

const newTraceId = () => randomBytes(16).toString('hex');
const traceparentOf = (traceId: string) => `00-${traceId}-${randomBytes(8).toString('hex')}-01`;
const marker = (what: string) => `${what}-${randomBytes(6).toString('hex')}`;

describe('audit log', () => {
  let telemetry: Telemetry;
  let app: TestApp;
  let admin: string;
  let adminId: string;
  let officer: string;
  let officerId: string;
  let user: string;
  let userId: string;
  /** Text written through the API that must never reach an audit entry. */
  const content = {
    knowledge: marker('knowledge-text'),
    source: marker('src'),
    title: marker('session-title'),
    reason: marker('rejection-reason'),
    reviewTitle: marker('review-title'),
  };
  let tenantId: string;

  /** Runs one operation under a fresh trace id: the audit entries of exactly that request are found by it. */
  async function traced(query: string, variables: Record<string, unknown>, token: string) {
    const traceId = newTraceId();
    const response = await app.gql(query, variables, { token, headers: { traceparent: traceparentOf(traceId) } });
    return { response, traceId };
  }

  /** Every entry of the tenant, read by the officer (SQL would bypass tenancy; this goes through the API). */
  async function entries(filter: Record<string, unknown> = {}, token = officer): Promise<Entry[]> {
    const all: Entry[] = [];
    let after: string | null = null;
    do {
      const page: GraphQLResponse<any> = await app.gql(AUDIT, { filter, first: 200, after }, { token });
      expect(page.errors).toBeUndefined();
      all.push(...page.data!.auditLog.nodes);
      after = page.data!.auditLog.hasNextPage ? page.data!.auditLog.endCursor : null;
    } while (after);
    return all;
  }

  const ofTrace = async (traceId: string) => (await entries()).filter((entry) => entry.traceId === traceId);

  beforeAll(async () => {
    telemetry = startTelemetry({ serviceName: 'suanni-audit-test', bufferTraces: 200 });
    app = await startTestApp();
    admin = await app.token('ada', { roles: ['ADMIN'] });
    officer = await app.token('cora', { roles: ['COMPLIANCE'] });
    user = await app.token('ulla');
    adminId = (await app.gql('{ me { id } }', {}, { token: admin })).data!.me.id;
    officerId = (await app.gql('{ me { id } }', {}, { token: officer })).data!.me.id;
    userId = (await app.gql('{ me { id } }', {}, { token: user })).data!.me.id;
    const created = await app.gql('mutation ($t: String!) { createSession(title: $t) { id } }', { t: content.title }, { token: user });
    expect(created.errors).toBeUndefined();
    const review = await app.gql(
      SUBMIT,
      { input: { contractId: 'audit-contract', title: content.reviewTitle, text: 'Payment within 30 days. Penalty 5%.' } },
      { token: user },
    );
    expect(review.errors).toBeUndefined();
    tenantId = (await app.db.user.findUniqueOrThrow({ where: { id: userId } })).tenantId;
  });
  afterAll(async () => {
    await app.stop();
    await telemetry.shutdown();
  });

  it('records every privileged action exactly once, with who, roles, targets, outcome and trace, and no content', async () => {
    const seen = new Map<string, Entry>();
    const expectOne = async (traceId: string, action: string) => {
      const found = (await ofTrace(traceId)).filter((entry) => entry.action === action);
      expect(found, action).toHaveLength(1);
      seen.set(action, found[0]!);
      return found[0]!;
    };

    const knowledgeId = `audit.${randomBytes(3).toString('hex')}`;
    const put = await traced(
      PUT,
      { input: { knowledgeId, version: '1.0', kind: 'METADATA', content: content.knowledge, source: `policy:${content.source}` } },
      admin,
    );
    expect(put.response.errors).toBeUndefined();
    const versionId = put.response.data!.putKnowledgeVersion.id;
    expect(await expectOne(put.traceId, 'KNOWLEDGE_PUT')).toMatchObject({
      actorId: adminId,
      actorRoles: ['ADMIN'],
      outcome: 'SUCCESS',
      errorCode: null,
      targetIds: [versionId, `${knowledgeId}@1.0`],
      traceId: put.traceId,
    });

    const retract = await traced(RETRACT, { k: knowledgeId, v: '1.0' }, admin);
    expect(retract.response.errors).toBeUndefined();
    expect((await expectOne(retract.traceId, 'KNOWLEDGE_RETRACT')).targetIds).toEqual([versionId, `${knowledgeId}@1.0`]);

    const quota = await traced(QUOTA, { input: { sessions: 1234 } }, admin);
    expect(quota.response.errors).toBeUndefined();
    expect((await expectOne(quota.traceId, 'QUOTA_SET')).targetIds).toHaveLength(1);
    // The usage the mutation answers with belongs to the change's entry: no second entry for a read.
    expect((await ofTrace(quota.traceId)).map((entry) => entry.action)).toEqual(['QUOTA_SET']);

    const limits = await traced(RATE_LIMITS, { input: { readsPerUser: 2345 } }, admin);
    expect(limits.response.errors).toBeUndefined();
    expect((await expectOne(limits.traceId, 'RATE_LIMIT_SET')).targetIds).toHaveLength(1);
    expect((await ofTrace(limits.traceId)).map((entry) => entry.action)).toEqual(['RATE_LIMIT_SET']);

    // Privileged reads of the tenant: who, what, which tenant; never what was read.
    const reads: [string, string, string, [string]][] = [
      [TENANT_REVIEWS, 'TENANT_REVIEWS_LIST', admin, ['ADMIN']],
      [ADMIN_STATS, 'ADMIN_STATS_READ', admin, ['ADMIN']],
      [USAGE, 'TENANT_USAGE_READ', admin, ['ADMIN']],
      [TENANT_RATE_LIMITS, 'TENANT_RATE_LIMITS_READ', admin, ['ADMIN']],
      [FACT_COUNTS, 'TENANT_FACT_COUNTS_READ', admin, ['ADMIN']],
      [ERASURES, 'ERASURE_REQUESTS_LIST', officer, ['COMPLIANCE']],
    ];
    for (const [query, action, token, roles] of reads) {
      const read = await traced(query, {}, token);
      expect(read.response.errors, action).toBeUndefined();
      expect(await expectOne(read.traceId, action)).toMatchObject({
        actorId: token === admin ? adminId : officerId,
        actorRoles: roles,
        outcome: 'SUCCESS',
        targetIds: [tenantId],
        traceId: read.traceId,
      });
      if (action === 'TENANT_REVIEWS_LIST')
        expect(read.response.data!.reviews.nodes.map((node: { title: string }) => node.title)).toContain(content.reviewTitle);
    }

    const retention = await traced(RETENTION, { input: { threadIdleDays: 400 } }, admin);
    expect(retention.response.errors).toBeUndefined();
    await expectOne(retention.traceId, 'RETENTION_SET');

    const settings = await traced(REVIEW_SETTINGS, { input: { reviewThreshold: 0.99 } }, admin);
    expect(settings.response.errors).toBeUndefined();
    expect((await expectOne(settings.traceId, 'REVIEW_SETTING_SET')).targetIds).toHaveLength(1);

    // Two findings for a REVIEWER to decide: two rules asking for an insurance clause the contract lacks.
    for (const id of ['audit.insurance', 'audit.insurance-again'])
      await app.gql(
        PUT,
        {
          input: {
            knowledgeId: id,
            version: '1.0',
            kind: 'CLAUSE',
            content: 'Insurance.',
            source: 'policy:audit',
            validFrom: '2020-01-01T00:00:00Z',
            constraint: { field: 'insurance', operator: '=', value: 'present' },
          },
        },
        { token: admin },
      );
    const submitted = await app.gql(
      'mutation ($input: ReviewInput!) { submitReview(input: $input) { id } }',
      { input: { contractId: 'audit-1', title: 'Supply', text: '1. Payment. Buyer shall pay within 30 days of receipt.' } },
      { token: user },
    );
    const reviewId = submitted.data!.submitReview.id as string;
    await app.deps.services.reviews.idle();
    const reviewer = await app.token('rita', { roles: ['REVIEWER'] });
    const found = await app.gql('query ($id: ID!) { review(id: $id) { findings { id } } }', { id: reviewId }, { token: reviewer });
    const [first, second] = found.data!.review.findings as { id: string }[];
    const confirmed = await traced(CONFIRM, { id: first!.id }, reviewer);
    expect(confirmed.response.errors).toBeUndefined();
    expect((await expectOne(confirmed.traceId, 'FINDING_CONFIRM')).targetIds.slice(0, 2)).toEqual([first!.id, reviewId]);
    const rejected = await traced(REJECT, { id: second!.id, reason: content.reason }, reviewer);
    expect(rejected.response.errors).toBeUndefined();
    expect((await expectOne(rejected.traceId, 'FINDING_REJECT')).targetIds).toHaveLength(3);

    const users = await traced(USERS, {}, admin);
    expect(users.response.errors).toBeUndefined();
    await expectOne(users.traceId, 'TENANT_USERS_LIST');
    // The ADMIN's own sessions are no privileged read; every other user's are, once each.
    const others = (users.response.data!.tenantUsers as { id: string }[]).filter((listed) => listed.id !== adminId);
    const sessionReads = (await ofTrace(users.traceId)).filter((entry) => entry.action === 'USER_SESSIONS_LIST');
    expect(sessionReads.map((entry) => entry.targetIds[0]).sort()).toEqual(others.map((listed) => listed.id).sort());
    seen.set('USER_SESSIONS_LIST', sessionReads[0]!);

    const sessions = await traced(SESSIONS, {}, admin);
    expect(sessions.response.data!.tenantSessions.map((session: { title: string }) => session.title)).toContain(content.title);
    await expectOne(sessions.traceId, 'TENANT_SESSIONS_LIST');

    const trace = await traced(TRACE, { id: put.traceId }, admin);
    expect(trace.response.errors).toBeUndefined();
    expect((await expectOne(trace.traceId, 'TRACE_READ')).targetIds).toEqual([put.traceId]);
    const traces = await traced(TRACES, {}, admin);
    expect(traces.response.errors).toBeUndefined();
    await expectOne(traces.traceId, 'TRACES_READ');

    const victimSubject = marker('victim');
    const victim = await app.token(victimSubject);
    const victimId = (await app.gql('{ me { id } }', {}, { token: victim })).data!.me.id;
    const erase = await traced(ERASE, { userId: victimId }, officer);
    expect(erase.response.errors).toBeUndefined();
    const jobId = erase.response.data!.requestErasure.id;
    await app.deps.services.erasure.idle();
    const requested = await expectOne(erase.traceId, 'ERASURE_REQUEST');
    expect(requested).toMatchObject({ actorId: officerId, actorRoles: ['COMPLIANCE'], outcome: 'SUCCESS' });
    // The erased subject is named by the keyed hash the job reports, never by the id.
    expect(requested.targetIds).toEqual([erase.response.data!.requestErasure.subjectHash, jobId]);

    const resume = await traced(RESUME, { id: jobId }, officer);
    expect(resume.response.errors).toBeUndefined();
    expect((await expectOne(resume.traceId, 'ERASURE_RESUME')).targetIds).toEqual([jobId]);

    const read = await traced(AUDIT, { first: 1 }, officer);
    expect(read.response.errors).toBeUndefined();
    await expectOne(read.traceId, 'AUDIT_LOG_READ');

    expect([...seen.keys()].sort()).toEqual([...AUDIT_ACTIONS].sort());

    // No content anywhere in the entries, as served or as stored.
    const stored = await app.db.$queryRaw<{ row: string }[]>`SELECT row_to_json(a)::text AS row FROM "AuditEntry" a`;
    const everything = JSON.stringify(await entries()) + stored.map((row) => row.row).join('\n');
    for (const text of Object.values(content)) expect(everything).not.toContain(text);
    expect(everything).not.toContain(victimSubject);
  });

  it('records denied attempts as DENIED and failures as FAILED with their code, and a USER or SRE cannot read the log', async () => {
    const sre = await app.token('sam', { roles: ['SRE'] });
    const attempts: [string, Record<string, unknown>, string][] = [
      [
        PUT,
        { input: { knowledgeId: 'x.1', version: '1.0', kind: 'METADATA', content: content.knowledge, source: 'policy:x' } },
        'KNOWLEDGE_PUT',
      ],
      [RETRACT, { k: 'x.1', v: '1.0' }, 'KNOWLEDGE_RETRACT'],
      [QUOTA, { input: { facts: 1 } }, 'QUOTA_SET'],
      [RATE_LIMITS, { input: { writesPerUser: 5 } }, 'RATE_LIMIT_SET'],
      [RETENTION, { input: { threadIdleDays: 1 } }, 'RETENTION_SET'],
      [REVIEW_SETTINGS, { input: { operatingPoint: 'RECALL_FIRST' } }, 'REVIEW_SETTING_SET'],
      [CONFIRM, { id: '00000000-0000-4000-8000-000000000000' }, 'FINDING_CONFIRM'],
      [REJECT, { id: '00000000-0000-4000-8000-000000000000', reason: 'no' }, 'FINDING_REJECT'],
      [USERS, {}, 'TENANT_USERS_LIST'],
      [SESSIONS, {}, 'TENANT_SESSIONS_LIST'],
      [TRACE, { id: newTraceId() }, 'TRACE_READ'],
      [TRACES, {}, 'TRACES_READ'],
      [ERASE, { userId: adminId }, 'ERASURE_REQUEST'],
      [RESUME, { id: '00000000-0000-4000-8000-000000000000' }, 'ERASURE_RESUME'],
      [AUDIT, {}, 'AUDIT_LOG_READ'],
      [TENANT_REVIEWS, {}, 'TENANT_REVIEWS_LIST'],
      [ADMIN_STATS, {}, 'ADMIN_STATS_READ'],
      [USAGE, {}, 'TENANT_USAGE_READ'],
      [TENANT_RATE_LIMITS, {}, 'TENANT_RATE_LIMITS_READ'],
      [FACT_COUNTS, {}, 'TENANT_FACT_COUNTS_READ'],
      [ERASURES, {}, 'ERASURE_REQUESTS_LIST'],
    ];
    for (const [query, variables, action] of attempts) {
      const { response, traceId } = await traced(query, variables, user);
      expect(response.errors?.[0]?.extensions?.code, action).toBe('FORBIDDEN');
      const found = await ofTrace(traceId);
      expect(found, action).toEqual([
        expect.objectContaining({ action, actorId: userId, actorRoles: ['USER'], outcome: 'DENIED', errorCode: 'FORBIDDEN' }),
      ]);
    }
    expect(await app.db.tenantQuota.findFirst({ where: { maxFacts: 1 } })).toBeNull();
    expect(await app.db.user.count({ where: { id: adminId } })).toBe(1);

    const bySre = await traced(AUDIT, {}, sre);
    expect(bySre.response.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(bySre.response.data).toBeNull();
    expect(await ofTrace(bySre.traceId)).toMatchObject([{ action: 'AUDIT_LOG_READ', outcome: 'DENIED' }]);

    // Text sent where an id belongs is refused and never copied into the entry.
    const garbage = await traced(RESUME, { id: `not an id ${content.title}` }, officer);
    expect(garbage.response.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await ofTrace(garbage.traceId)).toMatchObject([
      { action: 'ERASURE_RESUME', outcome: 'FAILED', errorCode: 'BAD_USER_INPUT', targetIds: [] },
    ]);

    // Allowed but failing: a duplicate version is BAD_USER_INPUT, recorded FAILED, and nothing is added.
    const knowledgeId = `dup.${randomBytes(3).toString('hex')}`;
    const input = { knowledgeId, version: '1.0', kind: 'METADATA', content: 'first', source: 'policy:dup' };
    expect((await app.gql(PUT, { input }, { token: admin })).errors).toBeUndefined();
    const duplicate = await traced(PUT, { input: { ...input, content: 'second' } }, admin);
    expect(duplicate.response.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await ofTrace(duplicate.traceId)).toMatchObject([{ action: 'KNOWLEDGE_PUT', outcome: 'FAILED', errorCode: 'BAD_USER_INPUT' }]);
    expect(await app.db.knowledgeVersion.count({ where: { knowledgeId } })).toBe(1);
  });

  it('does not record a USER’s reads of their own data, however often (only tenant-wide and denied reads are entries)', async () => {
    const before = (await entries({ actorId: userId })).length;
    for (let i = 0; i < 5; i += 1) {
      const own = await app.gql(OWN_REVIEWS, {}, { token: user });
      expect(own.errors).toBeUndefined();
      expect(own.data!.reviews.nodes.map((node: { title: string }) => node.title)).toContain(content.reviewTitle);
      const id = own.data!.reviews.nodes[0].id;
      expect((await app.gql('query ($id: ID!) { review(id: $id) { status } }', { id }, { token: user })).errors).toBeUndefined();
      expect((await app.gql('{ me { id sessions { id } } }', {}, { token: user })).errors).toBeUndefined();
    }
    expect(await entries({ actorId: userId })).toHaveLength(before);
    // An ADMIN's own listing (scope OWN) is no privileged read either.
    const { traceId } = await traced(OWN_REVIEWS, {}, admin);
    expect(await ofTrace(traceId)).toEqual([]);
  });

  it('commits a change and its entry together: when the entry cannot be written, the change is not made', async () => {
    const before = await app.db.tenantQuota.findMany();
    await app.db.$executeRawUnsafe(`CREATE FUNCTION test_refuse_quota_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.action = 'QUOTA_SET' AND NEW.outcome = 'SUCCESS' THEN RAISE EXCEPTION 'audit store down'; END IF; RETURN NEW; END $$`);
    await app.db.$executeRawUnsafe(
      'CREATE TRIGGER test_refuse_quota_audit BEFORE INSERT ON "AuditEntry" FOR EACH ROW EXECUTE FUNCTION test_refuse_quota_audit()',
    );
    try {
      const { response, traceId } = await traced(QUOTA, { input: { reviewsPerDay: 4321 } }, admin);
      expect(response.errors?.[0]?.extensions?.code).toBe('INTERNAL');
      expect(await app.db.tenantQuota.findMany()).toEqual(before);
      // The failure itself is on record.
      expect(await ofTrace(traceId)).toMatchObject([{ action: 'QUOTA_SET', outcome: 'FAILED', errorCode: 'INTERNAL' }]);
    } finally {
      await app.db.$executeRawUnsafe('DROP TRIGGER test_refuse_quota_audit ON "AuditEntry"');
      await app.db.$executeRawUnsafe('DROP FUNCTION test_refuse_quota_audit()');
    }
  });

  it('filters by actions, actor, target, outcome and time range, and pages without gaps or repeats', async () => {
    const start = new Date();
    for (let i = 0; i < 3; i += 1) await app.gql(SESSIONS, {}, { token: admin });
    await app.gql(SESSIONS, {}, { token: user });
    const end = new Date(Date.now() + 1);

    const window = { from: start.toISOString(), until: end.toISOString() };
    const listed = await entries({ ...window, actions: ['TENANT_SESSIONS_LIST'] });
    expect(listed.map((entry) => `${entry.actorId} ${entry.outcome}`).sort()).toEqual(
      [`${userId} DENIED`, `${adminId} SUCCESS`, `${adminId} SUCCESS`, `${adminId} SUCCESS`].sort(),
    );
    expect(await entries({ ...window, actions: ['TENANT_SESSIONS_LIST'], outcomes: ['DENIED'] })).toHaveLength(1);
    expect(await entries({ ...window, actorId: adminId })).toHaveLength(3);
    expect(await entries({ until: start.toISOString(), actions: ['TENANT_SESSIONS_LIST'], actorId: userId })).toHaveLength(1);
    expect((await entries({ targetId: userId })).every((entry) => entry.targetIds.includes(userId))).toBe(true);

    const all = await entries();
    const paged: Entry[] = [];
    let after: string | null = null;
    do {
      const page: GraphQLResponse<any> = await app.gql(AUDIT, { first: 3, after }, { token: officer });
      expect(page.data!.auditLog.edges.map((edge: { node: Entry }) => edge.node)).toEqual(page.data!.auditLog.nodes);
      paged.push(...page.data!.auditLog.nodes);
      after = page.data!.auditLog.hasNextPage ? page.data!.auditLog.endCursor : null;
    } while (after);
    // Each page read adds its own AUDIT_LOG_READ entry at the head, after the first page was served.
    const pagedIds = paged.map((entry) => entry.id);
    expect(new Set(pagedIds).size).toBe(pagedIds.length);
    const allIds = all.map((entry) => entry.id);
    expect(pagedIds.filter((id) => allIds.includes(id))).toEqual(allIds);
    expect(all.every((entry, i) => i === 0 || entry.at <= all[i - 1]!.at)).toBe(true);

    const bad = await app.gql(AUDIT, { after: 'not-a-cursor' }, { token: officer });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const backwards = await app.gql(AUDIT, { filter: { from: end.toISOString(), until: start.toISOString() } }, { token: officer });
    expect(backwards.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('shows a tenant only its own entries', async () => {
    const otherTenant = `${app.tenant}-other`;
    const otherAdmin = await app.token('ada', { tenant: otherTenant, roles: ['ADMIN', 'COMPLIANCE'] });
    const otherAdminId = (await app.gql('{ me { id } }', {}, { token: otherAdmin })).data!.me.id;
    const { traceId } = await traced(SESSIONS, {}, otherAdmin);
    expect(await entries({ actorId: otherAdminId })).toEqual([]);
    expect(await ofTrace(traceId)).toEqual([]);
    const theirs = await entries({}, otherAdmin);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((entry) => entry.actorId === otherAdminId)).toBe(true);
  });

  it('refuses UPDATE, DELETE and TRUNCATE in the database; only replacing an id by a keyed hash passes', async () => {
    const [entry] = await app.db.auditEntry.findMany({ where: { actorId: adminId }, take: 1 });
    const where = { id: entry!.id };
    await expect(app.db.auditEntry.update({ where, data: { outcome: 'DENIED' } })).rejects.toThrow(/append-only/);
    await expect(app.db.auditEntry.update({ where, data: { actorId: officerId } })).rejects.toThrow(/append-only/);
    const otherAction = entry!.action === 'QUOTA_SET' ? 'TRACES_READ' : 'QUOTA_SET';
    await expect(app.db.auditEntry.update({ where, data: { actorId: 'f'.repeat(64), action: otherAction } })).rejects.toThrow(
      /append-only/,
    );
    await expect(app.db.auditEntry.delete({ where })).rejects.toThrow(/append-only/);
    await expect(app.db.$executeRawUnsafe('DELETE FROM "AuditEntry"')).rejects.toThrow(/append-only/);
    await expect(app.db.$executeRawUnsafe('TRUNCATE "AuditEntry"')).rejects.toThrow(/append-only/);
    expect(await app.db.auditEntry.findUniqueOrThrow({ where })).toEqual(entry);

    // The erasure path: the id becomes a hash, nothing else changes, and a hash is never replaced.
    const hash = 'a'.repeat(64);
    await app.db.auditEntry.update({ where, data: { actorId: hash } });
    expect(await app.db.auditEntry.findUniqueOrThrow({ where })).toEqual({ ...entry, actorId: hash });
    await expect(app.db.auditEntry.update({ where, data: { actorId: 'b'.repeat(64) } })).rejects.toThrow(/append-only/);
  });

  it('names an erased actor only by the keyed hash: the job hashes the entries and verifies it', async () => {
    const gone = await app.token('gone-admin', { roles: ['ADMIN'] });
    const goneId = (await app.gql('{ me { id } }', {}, { token: gone })).data!.me.id as string;
    expect((await app.gql(SESSIONS, {}, { token: gone })).errors).toBeUndefined();
    expect((await app.gql(QUOTA, { input: { facts: 99 } }, { token: gone })).errors).toBeUndefined();
    expect(await entries({ actorId: goneId })).toHaveLength(2);
    // The ADMIN also appears as the target of another ADMIN's read of their sessions.
    await app.gql(USERS, {}, { token: admin });
    expect((await entries({ targetId: goneId, actions: ['USER_SESSIONS_LIST'] })).length).toBe(1);

    const requested = await app.gql(ERASE, { userId: goneId }, { token: officer });
    const { id: jobId, subjectHash } = requested.data!.requestErasure;
    await app.deps.services.erasure.idle();
    const job = await app.gql(
      'query ($id: ID!) { erasureRequest(id: $id) { status steps { name countBefore countAfter } verification { allZero counts { store count } } } }',
      { id: jobId },
      { token: officer },
    );
    expect(job.data!.erasureRequest.status).toBe('COMPLETED');
    const step = job.data!.erasureRequest.steps.find((s: { name: string }) => s.name === 'audit-log');
    // Two entries as actor, the read as target, and the erasure request naming them.
    expect(step).toEqual({ name: 'audit-log', countBefore: 4, countAfter: 0 });
    expect(job.data!.erasureRequest.verification.counts).toContainEqual({ store: 'auditLog', count: 0 });

    expect(await entries({ actorId: goneId })).toEqual([]);
    const hashed = await entries({ actorId: subjectHash });
    expect(hashed.map((entry) => entry.action).sort()).toEqual(['QUOTA_SET', 'TENANT_SESSIONS_LIST']);
    expect(await entries({ targetId: goneId })).toEqual([]);
    expect((await entries({ targetId: subjectHash })).map((entry) => entry.action).sort()).toEqual([
      'ERASURE_REQUEST',
      'USER_SESSIONS_LIST',
    ]);
    const [row] = await app.db.$queryRaw<{ left: bigint }[]>`
      SELECT count(*) AS left FROM "AuditEntry" a WHERE strpos(row_to_json(a)::text, ${goneId}) > 0`;
    expect(Number(row!.left)).toBe(0);
  });
});
