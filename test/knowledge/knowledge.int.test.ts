import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testkit/app.js';

const PUT = `mutation ($input: KnowledgeVersionInput!) {
  putKnowledgeVersion(input: $input) { id knowledgeId version content recordedAt retractedAt global constraint { field operator value unit } }
}`;
const RETRACT =
  'mutation ($knowledgeId: ID!, $version: String!) { retractKnowledgeVersion(knowledgeId: $knowledgeId, version: $version) { version retractedAt } }';
const KNOWLEDGE = `query ($asOf: DateTime, $knownAt: DateTime, $ids: [ID!], $tags: [String!], $kind: KnowledgeKind) {
  knowledge(asOf: $asOf, knownAt: $knownAt, knowledgeIds: $ids, tags: $tags, kind: $kind) { knowledgeId version content global tags kind }
}`;

describe('knowledge base', () => {
  let app: TestApp;
  let compliance: string;
  let reader: string;
  let otherTenantAdmin: string;

  const put = async (input: Record<string, unknown>, token = compliance) =>
    app.gql(PUT, { input: { kind: 'CLAUSE', source: 'policy:test#1', ...input } }, { token });
  const asOf = async (variables: Record<string, unknown>, token = reader) => {
    const response = await app.gql(KNOWLEDGE, variables, { token });
    expect(response.errors).toBeUndefined();
    return response.data!.knowledge as { knowledgeId: string; version: string; content: string; global: boolean }[];
  };

  beforeAll(async () => {
    app = await startTestApp();
    compliance = await app.token('cora', { roles: ['COMPLIANCE'] });
    reader = await app.token('rita');
    otherTenantAdmin = await app.token('otto', { tenant: `${app.tenant}-b`, roles: ['ADMIN'] });
  });
  afterAll(() => app.stop());

  it('returns the version in force: validFrom inclusive, validUntil exclusive', async () => {
    await put({
      knowledgeId: 'cap',
      version: '1.2',
      content: 'cap 5%',
      validFrom: '2024-01-01T00:00:00Z',
      validUntil: '2025-01-01T00:00:00Z',
    });
    await put({ knowledgeId: 'cap', version: '1.3', content: 'cap 8%', validFrom: '2025-01-01T00:00:00Z' });
    const at = async (instant: string) => (await asOf({ asOf: instant, ids: ['cap'] })).map((item) => item.version);
    expect(await at('2023-12-31T23:59:59.999Z')).toEqual([]);
    expect(await at('2024-01-01T00:00:00Z')).toEqual(['1.2']);
    expect(await at('2024-12-31T23:59:59.999Z')).toEqual(['1.2']);
    expect(await at('2025-01-01T00:00:00Z')).toEqual(['1.3']);
    expect(await at('2031-06-01T00:00:00Z')).toEqual(['1.3']);
  });

  it('honours offsets: +08:00 local midnight is the same instant as 16:00Z the day before', async () => {
    expect((await asOf({ asOf: '2025-01-01T08:00:00+08:00', ids: ['cap'] }))[0]?.version).toBe('1.3');
    expect((await asOf({ asOf: '2025-01-01T07:59:59.999+08:00', ids: ['cap'] }))[0]?.version).toBe('1.2');
  });

  it('rejects an asOf that is not an instant at the edge', async () => {
    for (const bad of ['yesterday', '2024-13-01T00:00:00Z', '2024-01-01', 12345]) {
      const response = await app.gql(KNOWLEDGE, { asOf: bad }, { token: reader });
      expect(response.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(response.data ?? null).toBeNull();
    }
    const inline = await app.gql('{ knowledge(asOf: "not-a-date") { version } }', {}, { token: reader });
    expect(inline.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('orders versions numerically: 1.10 is newer than 1.9', async () => {
    for (const version of ['1.2', '1.9', '1.10'])
      await put({ knowledgeId: 'numeric', version, content: `v${version}`, validFrom: '2020-01-01T00:00:00Z' });
    expect((await asOf({ ids: ['numeric'] }))[0]?.version).toBe('1.10');
    const history = await app.gql('{ knowledgeHistory(knowledgeId: "numeric") { version } }', {}, { token: reader });
    expect(history.data!.knowledgeHistory.map((item: { version: string }) => item.version)).toEqual(['1.10', '1.9', '1.2']);
  });

  it('never returns a retracted version, and history keeps it', async () => {
    await put({ knowledgeId: 'retractable', version: '1.0', content: 'old', validFrom: '2020-01-01T00:00:00Z' });
    await put({ knowledgeId: 'retractable', version: '1.1', content: 'wrong', validFrom: '2020-01-01T00:00:00Z' });
    const retracted = await app.gql(RETRACT, { knowledgeId: 'retractable', version: '1.1' }, { token: compliance });
    expect(retracted.data!.retractKnowledgeVersion.retractedAt).toBeTruthy();
    expect((await asOf({ ids: ['retractable'] })).map((item) => item.version)).toEqual(['1.0']);
    const again = await app.gql(RETRACT, { knowledgeId: 'retractable', version: '1.1' }, { token: compliance });
    expect(again.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const history = await app.gql('{ knowledgeHistory(knowledgeId: "retractable") { version retractedAt } }', {}, { token: reader });
    expect(history.data!.knowledgeHistory[0]).toMatchObject({ version: '1.1', retractedAt: expect.any(String) });
  });

  it('rejects a duplicate (knowledgeId, version) with BAD_USER_INPUT and writes nothing', async () => {
    await put({ knowledgeId: 'dup', version: '2.0', content: 'first', validFrom: '2020-01-01T00:00:00Z' });
    const before = await app.db.knowledgeVersion.count();
    const duplicate = await put({ knowledgeId: 'dup', version: '2.0', content: 'overwrite attempt', validFrom: '2020-01-01T00:00:00Z' });
    expect(duplicate.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'version' });
    expect(await app.db.knowledgeVersion.count()).toBe(before);
    expect((await asOf({ ids: ['dup'] }))[0]?.content).toBe('first');
  });

  it('replays what was known at an earlier instant', async () => {
    const first = await put({ knowledgeId: 'replay', version: '1.0', content: 'known first', validFrom: '2020-01-01T00:00:00Z' });
    const knownThen = first.data!.putKnowledgeVersion.recordedAt as string;
    await put({ knowledgeId: 'replay', version: '1.1', content: 'known later', validFrom: '2020-01-01T00:00:00Z' });
    expect((await asOf({ ids: ['replay'] }))[0]?.content).toBe('known later');
    expect((await asOf({ ids: ['replay'], knownAt: knownThen }))[0]?.content).toBe('known first');
    // A retraction after T2 does not change what was known at T2.
    const beforeRetraction = new Date().toISOString();
    await app.gql(RETRACT, { knowledgeId: 'replay', version: '1.1' }, { token: compliance });
    expect((await asOf({ ids: ['replay'], knownAt: beforeRetraction }))[0]?.content).toBe('known later');
    expect((await asOf({ ids: ['replay'] }))[0]?.content).toBe('known first');
  });

  it('applies tag and kind filters to the current version only, never resurrecting an older one', async () => {
    await put({ knowledgeId: 'tagged', version: '1.0', content: 'old tag', tags: ['legacy'], validFrom: '2020-01-01T00:00:00Z' });
    await put({ knowledgeId: 'tagged', version: '1.1', content: 'new tag', tags: ['current'], validFrom: '2020-01-01T00:00:00Z' });
    expect((await asOf({ tags: ['legacy'] })).map((item) => item.knowledgeId)).not.toContain('tagged');
    expect((await asOf({ tags: ['current'] })).map((item) => item.content)).toEqual(['new tag']);
    await put({ knowledgeId: 'meta', version: '1.0', kind: 'METADATA', content: 'a list', validFrom: '2020-01-01T00:00:00Z' });
    expect((await asOf({ kind: 'METADATA' })).map((item) => item.knowledgeId)).toEqual(['meta']);
  });

  it('isolates tenants; global knowledge is visible to all and a tenant item shadows it', async () => {
    const mine = await asOf({});
    expect(mine.length).toBeGreaterThan(0);
    expect(await asOf({}, otherTenantAdmin)).toEqual([]);
    const history = await app.gql('{ knowledgeHistory(knowledgeId: "cap") { version } }', {}, { token: otherTenantAdmin });
    expect(history.data!.knowledgeHistory).toEqual([]);
    const retract = await app.gql(RETRACT, { knowledgeId: 'cap', version: '1.3' }, { token: otherTenantAdmin });
    expect(retract.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    const globalTenant = '00000000-0000-0000-0000-000000000000';
    await app.db.knowledgeVersion.create({
      data: {
        tenantId: globalTenant,
        knowledgeId: 'law',
        version: '1.0',
        versionMajor: 1,
        versionMinor: 0,
        kind: 'METADATA',
        content: 'global law',
        tags: [],
        source: 'reference:law#1',
        validFrom: new Date('2020-01-01T00:00:00Z'),
        validUntil: new Date('9999-01-01T00:00:00Z'),
      },
    });
    expect((await asOf({ ids: ['law'] }, otherTenantAdmin))[0]).toMatchObject({ content: 'global law', global: true });
    await put({ knowledgeId: 'law', version: '1.0', kind: 'METADATA', content: 'our own law list', validFrom: '2020-01-01T00:00:00Z' });
    expect((await asOf({ ids: ['law'] }))[0]).toMatchObject({ content: 'our own law list', global: false });
    expect((await asOf({ ids: ['law'] }, otherTenantAdmin))[0]?.content).toBe('global law');
  });

  it('lets only ADMIN and COMPLIANCE write', async () => {
    const denied = await put({ knowledgeId: 'nope', version: '1.0', content: 'x' }, reader);
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const admin = await put({ knowledgeId: 'by-admin', version: '1.0', content: 'x' }, await app.token('ada', { roles: ['ADMIN'] }));
    expect(admin.errors).toBeUndefined();
    const retract = await app.gql(RETRACT, { knowledgeId: 'by-admin', version: '1.0' }, { token: reader });
    expect(retract.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('validates input and writes nothing on a bad one', async () => {
    const before = await app.db.knowledgeVersion.count();
    const cases: [Record<string, unknown>, string][] = [
      [{ knowledgeId: 'v', version: '1', content: 'x' }, 'version'],
      [{ knowledgeId: 'v', version: '1.2.3', content: 'x' }, 'version'],
      [{ knowledgeId: 'v', version: '1.0', content: '   ' }, 'content'],
      [
        { knowledgeId: 'v', version: '1.0', content: 'x', validFrom: '2025-01-01T00:00:00Z', validUntil: '2025-01-01T00:00:00Z' },
        'validUntil',
      ],
      [{ knowledgeId: 'v', version: '1.0', content: 'x', source: '/etc/passwd' }, 'source'],
      [{ knowledgeId: 'v', version: '1.0', content: 'x', source: 'postgresql://user:secret@db/prod' }, 'source'],
      [
        { knowledgeId: 'v', version: '1.0', content: 'x', constraint: { field: 'penaltyRate', operator: '<=', value: 'eight' } },
        'constraint.value',
      ],
      [{ knowledgeId: 'v', version: '1.0', content: 'x', constraint: { field: 'salary', operator: '<=', value: 1 } }, 'constraint.field'],
      [{ knowledgeId: 'bad id!', version: '1.0', content: 'x' }, 'knowledgeId'],
    ];
    for (const [input, field] of cases) {
      const response = await put(input);
      expect(response.errors?.[0]?.extensions, JSON.stringify(input)).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    expect(await app.db.knowledgeVersion.count()).toBe(before);
  });

  it('keeps a machine-checkable constraint', async () => {
    const response = await put({
      knowledgeId: 'penalty',
      version: '1.3',
      content: '违约金不超过8%',
      constraint: { field: 'penaltyRate', operator: '<=', value: 8, unit: '%' },
    });
    expect(response.data!.putKnowledgeVersion.constraint).toEqual({ field: 'penaltyRate', operator: '<=', value: 8, unit: '%' });
  });

  it('the database itself refuses validFrom >= validUntil', async () => {
    const tenant = await app.db.tenant.findUniqueOrThrow({ where: { key: app.tenant } });
    await expect(
      app.db.knowledgeVersion.create({
        data: {
          tenantId: tenant.id,
          knowledgeId: 'raw',
          version: '1.0',
          versionMajor: 1,
          versionMinor: 0,
          kind: 'CLAUSE',
          content: 'x',
          tags: [],
          source: 's:1',
          validFrom: new Date('2025-01-01'),
          validUntil: new Date('2024-01-01'),
        },
      }),
    ).rejects.toThrow(/valid_period_check|check constraint/i);
  });

  it('records which versions a review read in the access log', async () => {
    const principal = await app.deps.services.identity.principalFor({
      subject: 'rita',
      tenantKey: app.tenant,
      roles: ['USER'],
      issuedAt: null,
      expiresAt: null,
    });
    const current = await app.deps.services.knowledge.asOf(principal, { knowledgeIds: ['cap', 'numeric'] });
    const reviewId = '11111111-2222-4333-8444-555555555555';
    await app.deps.services.knowledge.recordAccess(principal, reviewId, current);
    const rows = await app.db.knowledgeAccess.findMany({ where: { reviewId }, orderBy: { knowledgeId: 'asc' } });
    expect(rows.map((row) => [row.knowledgeId, row.version])).toEqual([
      ['cap', '1.3'],
      ['numeric', '1.10'],
    ]);
    expect(rows.every((row) => row.userId === principal.userId)).toBe(true);
  });
});
