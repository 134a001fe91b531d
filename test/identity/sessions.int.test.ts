import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveThreadId } from '../../src/identity/thread-id.js';
import { collect, startTestApp, type TestApp } from '../testkit/app.js';

const CREATE = 'mutation ($title: String!) { createSession(title: $title) { id title threadId createdAt closedAt } }';
const CLOSE = 'mutation ($id: ID!) { closeSession(id: $id) { id closedAt } }';
const SESSION = 'query ($id: ID!) { session(id: $id) { id title threadId } }';

describe('sessions', () => {
  let app: TestApp;
  let alice: string;
  let bob: string;
  let adminOfTenant: string;
  let outsider: string;
  let outsiderAdmin: string;
  let aliceSession: { id: string; threadId: string };

  beforeAll(async () => {
    app = await startTestApp();
    alice = await app.token('alice');
    bob = await app.token('bob');
    adminOfTenant = await app.token('carol', { roles: ['ADMIN'] });
    outsider = await app.token('alice', { tenant: `${app.tenant}-other` });
    outsiderAdmin = await app.token('root', { tenant: `${app.tenant}-other`, roles: ['ADMIN', 'COMPLIANCE', 'SRE'] });
    const created = await app.gql(CREATE, { title: '  Supplier agreement  ' }, { token: alice });
    aliceSession = created.data!.createSession;
    await app.gql(CREATE, { title: 'Bob’s own' }, { token: bob });
  });
  afterAll(() => app.stop());

  it('creates a session with a trimmed title and a server-derived thread id', async () => {
    const me = await app.gql('{ me { id } }', {}, { token: alice });
    const row = await app.db.session.findUniqueOrThrow({ where: { id: aliceSession.id } });
    expect(row.title).toBe('Supplier agreement');
    expect(aliceSession.threadId).toBe(`${me.data!.me.id}:${aliceSession.id}`);
    expect(aliceSession.threadId).toBe(deriveThreadId(row.userId, row.id));
  });

  it('reads and lists the caller’s own sessions only', async () => {
    const own = await app.gql('{ sessions { id title } }', {}, { token: alice });
    expect(own.data!.sessions.map((s: { id: string }) => s.id)).toEqual([aliceSession.id]);
    const one = await app.gql(SESSION, { id: aliceSession.id }, { token: alice });
    expect(one.data!.session).toMatchObject({ id: aliceSession.id, threadId: aliceSession.threadId });
  });

  it('rejects an empty or oversized title with BAD_USER_INPUT and writes nothing', async () => {
    const before = await app.db.session.count();
    for (const title of ['   ', 'x'.repeat(201)]) {
      const response = await app.gql(CREATE, { title }, { token: alice });
      expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'title' });
    }
    expect(await app.db.session.count()).toBe(before);
  });

  it('rejects a malformed id with BAD_USER_INPUT', async () => {
    const response = await app.gql(SESSION, { id: 'not-a-uuid' }, { token: alice });
    expect(response.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('no argument accepts a thread id', async () => {
    const response = await app.gql('mutation { createSession(title: "x", threadId: "u:s") { id } }', {}, { token: alice });
    expect(response.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const introspection = await app.gql('{ __schema { types { fields { args { name } } inputFields { name } } } }', {}, { token: alice });
    // Every argument and input field name, as words: `threadIdleDays` (a retention setting) is not a thread id.
    const names: string[] = [...JSON.stringify(introspection.data).matchAll(/"name":"([^"]+)"/g)].map((match) => match[1]!);
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((name) => /thread_?id$/i.test(name))).toEqual([]);
  });

  describe('another user’s session is denied on every path', () => {
    it('query: FORBIDDEN for a user of the same tenant, NOT_FOUND across tenants, never data', async () => {
      const sameTenant = await app.gql(SESSION, { id: aliceSession.id }, { token: bob });
      expect(sameTenant.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(sameTenant.data?.session ?? null).toBeNull();
      for (const token of [outsider, outsiderAdmin]) {
        const otherTenant = await app.gql(SESSION, { id: aliceSession.id }, { token });
        expect(otherTenant.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
        expect(JSON.stringify(otherTenant)).not.toContain('Supplier');
      }
    });

    it('mutation: closing someone else’s session is refused and changes nothing', async () => {
      for (const token of [bob, outsider, outsiderAdmin]) {
        const response = await app.gql(CLOSE, { id: aliceSession.id }, { token });
        expect(['FORBIDDEN', 'NOT_FOUND']).toContain(response.errors?.[0]?.extensions?.code);
      }
      const row = await app.db.session.findUniqueOrThrow({ where: { id: aliceSession.id } });
      expect(row.closedAt).toBeNull();
    });

    it('nested field: a tenant ADMIN sees ids, titles and timestamps but not the thread id', async () => {
      const response = await app.gql('{ tenantUsers { subject sessions { id title createdAt threadId } } }', {}, { token: adminOfTenant });
      const aliceRow = response.data?.tenantUsers?.find((user: { subject: string }) => user.subject === 'alice');
      expect(response.errors?.every((error) => error.extensions?.code === 'FORBIDDEN')).toBe(true);
      expect(response.errors?.[0]?.path).toContain('threadId');
      expect(aliceRow ?? null).toBeNull();
      const metadata = await app.gql(
        '{ tenantUsers { subject sessions { id title createdAt } } tenantSessions { id owner { subject } } }',
        {},
        { token: adminOfTenant },
      );
      expect(metadata.errors).toBeUndefined();
      const aliceEntry = metadata.data!.tenantUsers.find((user: { subject: string }) => user.subject === 'alice');
      expect(aliceEntry.sessions.map((s: { id: string }) => s.id)).toContain(aliceSession.id);
      expect(metadata.data!.tenantSessions.map((s: { owner: { subject: string } }) => s.owner.subject)).toEqual(
        expect.arrayContaining(['alice', 'bob']),
      );
    });

    it('nested field: a USER cannot list the tenant or reach another user through it', async () => {
      for (const query of ['{ tenantUsers { id } }', '{ tenantSessions { id } }', '{ tenantUsers { sessions { threadId } } }']) {
        const response = await app.gql(query, {}, { token: bob });
        expect(response.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
        expect(response.data ?? null).toBeNull();
      }
    });

    it('no role crosses tenants: another tenant’s ADMIN lists only their own tenant', async () => {
      const response = await app.gql('{ tenantUsers { subject tenant { key } } tenantSessions { id } }', {}, { token: outsiderAdmin });
      expect(response.data!.tenantUsers.every((user: { tenant: { key: string } }) => user.tenant.key === `${app.tenant}-other`)).toBe(true);
      expect(response.data!.tenantSessions.map((s: { id: string }) => s.id)).not.toContain(aliceSession.id);
    });

    it('subscription over graphql-ws: another user’s session yields an error and no event', async () => {
      const client = app.ws({ authorization: `Bearer ${bob}` });
      const { results, error } = await collect(client, 'subscription ($id: ID!) { sessionUpdated(id: $id) { id title } }', {
        id: aliceSession.id,
      });
      const errors = (results[0]?.errors ?? (error as { message: string; extensions?: Record<string, unknown> }[])) as {
        extensions?: { code?: string };
      }[];
      expect(errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(results.every((result) => !result.data)).toBe(true);
    });

    it('subscription over SSE: another user’s session yields an error and no event', async () => {
      const response = await fetch(app.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${bob}` },
        body: JSON.stringify({
          query: 'subscription ($id: ID!) { sessionUpdated(id: $id) { id title } }',
          variables: { id: aliceSession.id },
        }),
      });
      const text = await response.text();
      expect(text).toContain('FORBIDDEN');
      expect(text).not.toContain('Supplier');
    });
  });

  it('the owner follows a session live and sees it close; closing twice is BAD_USER_INPUT', async () => {
    const created = await app.gql(CREATE, { title: 'to close' }, { token: alice });
    const id = created.data!.createSession.id;
    const client = app.ws({ authorization: `Bearer ${alice}` });
    const events: { id: string; closedAt: string | null }[] = [];
    let closed: { data?: Record<string, any> | null } | undefined;
    await new Promise<void>((resolve, reject) => {
      client.subscribe<{ sessionUpdated: { id: string; closedAt: string | null } }>(
        { query: 'subscription ($id: ID!) { sessionUpdated(id: $id) { id closedAt } }', variables: { id } },
        {
          next: (result) => {
            events.push(result.data!.sessionUpdated);
            // The first event is the current state: the subscription is live, so close now.
            if (events.length === 1) void app.gql(CLOSE, { id }, { token: alice }).then((response) => (closed = response));
          },
          error: reject,
          complete: resolve,
        },
      );
    });
    expect(events[0]).toEqual({ id, closedAt: null });
    expect(events[1]?.closedAt).toBeTruthy();
    expect(events).toHaveLength(2);
    await expect.poll(() => closed).toBeDefined();
    expect(closed!.data?.closeSession.closedAt).toBe(events[1]!.closedAt);
    const again = await app.gql(CLOSE, { id }, { token: alice });
    expect(again.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
