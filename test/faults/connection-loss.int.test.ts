import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishContract } from '../fixtures/contracts.js';
import { startTestApp, type TestApp } from '../testkit/app.js';

const SEND = 'mutation ($sessionId: ID!, $text: String!) { sendMessage(sessionId: $sessionId, text: $text) { reply } }';
const CREATE = 'mutation ($title: String!) { createSession(title: $title) { id } }';
const CONFIRM = 'mutation ($key: String!, $value: JSON!) { confirmFact(category: "profile", key: $key, value: $value) { version } }';
const SUBMIT = 'mutation ($input: ReviewInput!) { submitReview(input: $input) { id status } }';
const REQUEST_ERASURE = 'mutation { requestErasure { id status } }';
const ERASURE = 'query ($id: ID!) { erasureRequest(id: $id) { status } }';

interface Outcome {
  operation: string;
  ok: boolean;
  code?: string;
}

/** Ends every connection to the test database but the caller's own, as a failover or an admin would. */
async function terminateBackends(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rowCount ?? 0;
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('faults: PostgreSQL drops every connection during mixed traffic', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { SUANNI_CHAT_SUMMARIZE_ABOVE: '8', SUANNI_CHAT_RECENT_TURNS: '3' } });
  });
  afterAll(() => app.stop());

  /** One operation over real HTTP; an error is an outcome, never a thrown exception. */
  async function attempt(
    operation: string,
    query: string,
    variables: Record<string, unknown>,
    token: string,
  ): Promise<Outcome & { data?: any }> {
    try {
      const response = await app.gql(query, variables, { token });
      if (response.errors?.length) return { operation, ok: false, code: String(response.errors[0]!.extensions?.code) };
      return { operation, ok: true, data: response.data };
    } catch {
      return { operation, ok: false, code: 'TRANSPORT' };
    }
  }

  async function ready(): Promise<boolean> {
    const response = await fetch(app.url.replace('/graphql', '/ready')).catch(() => null);
    return response?.status === 200;
  }

  /** One user's loop of chat turns, new sessions, facts and reviews until `stop()` says so. */
  async function traffic(user: string, stop: () => boolean, outcomes: Outcome[]): Promise<void> {
    const token = await app.token(user);
    let session: string | undefined;
    for (let round = 0; !stop(); round += 1) {
      if (!session) {
        const created = await attempt('createSession', CREATE, { title: `${user} ${round}` }, token);
        outcomes.push(created);
        session = created.data?.createSession.id;
        continue;
      }
      outcomes.push(
        await attempt(
          'sendMessage',
          SEND,
          { sessionId: session, text: round % 3 ? `Question ${round} about order ${round * 7}?` : `My name is ${user} Stone.` },
          token,
        ),
      );
      outcomes.push(await attempt('confirmFact', CONFIRM, { key: `k${round % 5}`, value: { round } }, token));
      if (round % 4 === 0) {
        const input = {
          contractId: `c-${user}-${round}`,
          title: 'supply',
          text: englishContract({ payDays: 30 + round, penalty: 5, notice: 30, years: 2 }),
        };
        outcomes.push(await attempt('submitReview', SUBMIT, { input }, token));
      }
      if (round % 6 === 0) session = undefined;
    }
  }

  it('stays up, is ready again within seconds, fails nothing after recovery, and leaves no review unfinished', async () => {
    const outcomes: Outcome[] = [];
    let stopped = false;
    const loops = ['ann', 'ben', 'cai', 'dev'].map((user) => traffic(user, () => stopped, outcomes));
    // A user who asks to be erased while the database fails under everyone.
    const leaverToken = await app.token('leaver');
    const leaverSession = (await app.gql(CREATE, { title: 'before leaving' }, { token: leaverToken })).data!.createSession.id;
    await app.gql(SEND, { sessionId: leaverSession, text: 'My name is Lee Ver.' }, { token: leaverToken });

    await sleep(1_500);
    expect(await terminateBackends(app.database.url)).toBeGreaterThan(0);
    const erasure = await attempt('requestErasure', REQUEST_ERASURE, {}, leaverToken);
    await sleep(1_000);
    expect(await terminateBackends(app.database.url)).toBeGreaterThan(0);
    await sleep(1_000);
    stopped = true;
    await Promise.all(loops);

    // Ready again within seconds (polled, bounded: no timing assertion beyond "eventually").
    let isReady = false;
    for (let i = 0; i < 100 && !isReady; i += 1) {
      isReady = await ready();
      if (!isReady) await sleep(100);
    }
    expect(isReady).toBe(true);
    expect(outcomes.filter((outcome) => outcome.code === 'TRANSPORT')).toEqual([]);

    // After recovery every kind of request succeeds at once, for every user.
    const after: Outcome[] = [];
    for (const user of ['ann', 'ben', 'cai', 'dev', 'eve']) {
      const token = await app.token(user);
      const created = await attempt('createSession', CREATE, { title: 'after' }, token);
      after.push(created);
      const sessionId = created.data?.createSession.id;
      after.push(await attempt('sendMessage', SEND, { sessionId, text: 'What is my name?' }, token));
      after.push(await attempt('confirmFact', CONFIRM, { key: 'after', value: 'yes' }, token));
      after.push(
        await attempt(
          'submitReview',
          SUBMIT,
          {
            input: {
              contractId: `after-${user}`,
              title: 'after',
              text: englishContract({ payDays: 45, penalty: 5, notice: 30, years: 2 }),
            },
          },
          token,
        ),
      );
      after.push(await attempt('me', '{ me { id sessions { id } } }', {}, token));
    }
    expect(after.filter((outcome) => !outcome.ok)).toEqual([]);

    // Every review reached a terminal state; transient failures were retried, not left behind.
    await app.deps.services.reviews.idle();
    const unfinished = await app.db.review.count({ where: { status: { in: ['QUEUED', 'RUNNING'] } } });
    expect(unfinished).toBe(0);
    const failed = await app.db.review.findMany({ where: { status: 'FAILED' }, select: { errorCode: true } });
    expect(failed).toEqual([]);

    // The erasure asked for during the faults finishes (retried by the job itself).
    if (erasure.ok) {
      await app.deps.services.erasure.idle();
      const compliance = await app.token('cora', { roles: ['COMPLIANCE'] });
      const job = await app.gql(ERASURE, { id: erasure.data.requestErasure.id }, { token: compliance });
      expect(job.data?.erasureRequest.status).toBe('COMPLETED');
    }
    expect(outcomes.length).toBeGreaterThan(20);
  }, 120_000);
});
