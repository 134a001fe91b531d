import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traceBuffer } from '../../src/platform/telemetry/sdk.js';
import { englishContract } from '../fixtures/contracts.js';
import { startTestApp, type TestApp } from '../testkit/app.js';
import { scanDatabase } from '../testkit/catalogue-scan.js';

const CREATE = 'mutation ($title: String!) { createSession(title: $title) { id } }';
const SEND = 'mutation ($sessionId: ID!, $text: String!) { sendMessage(sessionId: $sessionId, text: $text) { reply } }';
const STREAM = 'subscription ($sessionId: ID!, $text: String!) { replyStream(sessionId: $sessionId, text: $text) }';
const CONFIRM = 'mutation ($key: String!, $value: JSON!) { confirmFact(category: "profile", key: $key, value: $value) { version } }';
const SUBMIT = 'mutation ($input: ReviewInput!) { submitReview(input: $input) { id } }';
const ERASE = 'mutation ($userId: ID) { requestErasure(userId: $userId) { id status } }';
const JOB = 'query ($id: ID!) { erasureRequest(id: $id) { id status } }';
const RESUME = 'mutation ($id: ID!) { resumeErasure(id: $id) { id status } }';

/** What a writer may be told once its user is being erased; anything else is a defect. */
const REFUSALS = new Set(['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND']);
const ROUNDS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('faults: an erasure racing the subject’s own writes of every kind', () => {
  let app: TestApp;
  let compliance: string;

  beforeAll(async () => {
    app = await startTestApp({ env: { SUANNI_CHAT_SUMMARIZE_ABOVE: '6', SUANNI_CHAT_RECENT_TURNS: '2' } });
    compliance = await app.token('cora', { roles: ['COMPLIANCE'] });
  });
  afterAll(() => app.stop());

  for (let round = 1; round <= ROUNDS; round += 1) {
    it(`round ${round}: the job completes and nothing of the subject is left anywhere`, async () => {
      const subject = `racer-${round}-${randomBytes(3).toString('hex')}`;
      const words = `words-${randomBytes(6).toString('hex')}`;
      const token = await app.token(subject);
      const me = await app.gql('{ me { id } }', {}, { token });
      const userId = me.data!.me.id as string;
      const session = (await app.gql(CREATE, { title: `first ${words}` }, { token })).data!.createSession.id as string;
      await app.gql(SEND, { sessionId: session, text: `My name is Ray ${words}.` }, { token });

      const unexpected: string[] = [];
      let stopped = false;
      /** Repeats one kind of write until the gateway refuses it (or the round ends). */
      const writer = async (kind: string, write: (n: number) => Promise<{ errors?: { extensions?: Record<string, unknown> }[] }>) => {
        for (let n = 0; !stopped; n += 1) {
          const result = await write(n);
          const code = result.errors?.[0]?.extensions?.code;
          if (code === undefined) continue;
          if (!REFUSALS.has(String(code))) unexpected.push(`${kind}: ${String(code)}`);
          return;
        }
      };
      const stream = (n: number) =>
        new Promise<{ errors?: { extensions?: Record<string, unknown> }[] }>((resolve) => {
          const client = app.ws({ authorization: `Bearer ${token}` });
          client.subscribe(
            { query: STREAM, variables: { sessionId: session, text: `Stream ${n} of ${words}?` } },
            {
              next: (value) => {
                if (value.errors?.length) resolve({ errors: value.errors as never });
              },
              error: (error) => {
                // The operation's own errors arrive as a list; a socket closed or refused at connect (4401/4403) is a refusal too.
                if (Array.isArray(error)) return resolve({ errors: error });
                const code = (error as { code?: number }).code;
                resolve({
                  errors: [
                    {
                      extensions: {
                        code: code === 4401 || code === 4403 ? 'UNAUTHENTICATED' : `SOCKET_${String(code ?? (error as Error).message)}`,
                      },
                    },
                  ],
                });
              },
              complete: () => resolve({}),
            },
          );
        });
      const writers = [
        writer('sendMessage', (n) => app.gql(SEND, { sessionId: session, text: `Question ${n} about ${words}?` }, { token })),
        writer('replyStream', stream),
        writer('confirmFact', (n) => app.gql(CONFIRM, { key: `k${n % 3}`, value: { said: words, n } }, { token })),
        writer('submitReview', (n) =>
          app.gql(
            SUBMIT,
            {
              input: {
                contractId: `c-${n}`,
                title: `t ${words}`,
                text: `${englishContract({ payDays: 30 + n, penalty: 5, notice: 30, years: 2 })}\n${words}`,
              },
            },
            { token },
          ),
        ),
        writer('createSession', (n) => app.gql(CREATE, { title: `s${n} ${words}` }, { token })),
      ];

      await sleep(50 + ((round * 37) % 250));
      const requested = await app.gql(ERASE, { userId }, { token: compliance });
      expect(requested.errors).toBeUndefined();
      const jobId = requested.data!.requestErasure.id as string;
      let status = 'PENDING';
      for (let i = 0; i < 600 && (status === 'PENDING' || status === 'RUNNING'); i += 1) {
        await sleep(100);
        status = (await app.gql(JOB, { id: jobId }, { token: compliance })).data!.erasureRequest.status;
      }
      stopped = true;
      await Promise.all(writers);
      await app.deps.services.reviews.idle();
      await app.deps.services.erasure.idle();

      expect(status).toBe('COMPLETED');
      expect(unexpected).toEqual([]);
      // Everything in flight has settled: still nothing of the subject, in any table or column.
      expect(await scanDatabase(app.db, [userId, subject, words])).toEqual([]);
      expect(traceBuffer().countForUser(userId)).toBe(0);
      expect(await app.deps.services.reviews.progress.countForUser(userId)).toBe(0);
      // A second request for the erased subject answers with the same job.
      const again = await app.gql(ERASE, { userId }, { token: compliance });
      expect(again.errors).toBeUndefined();
      expect(again.data!.requestErasure).toEqual({ id: jobId, status: 'COMPLETED' });
      // Resuming a completed job changes nothing.
      expect((await app.gql(RESUME, { id: jobId }, { token: compliance })).data!.resumeErasure).toEqual({ id: jobId, status: 'COMPLETED' });
    });
  }
});
