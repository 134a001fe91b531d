import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testkit/app.js';

const SEND = `mutation ($sessionId: ID!, $text: String!) { sendMessage(sessionId: $sessionId, text: $text) {
  reply context { promptTokens budget retrievedTokens retrieved { kind ref score matchedTerms similarity tokens } } } }`;
const CREATE = 'mutation { createSession(title: "recall") { id } }';
const CONFIRM = `mutation ($key: String!, $value: JSON!, $validFrom: DateTime, $validTo: DateTime) {
  confirmFact(category: "business", key: $key, value: $value, validFrom: $validFrom, validTo: $validTo) { version } }`;

type Retrieved = { kind: string; ref: string; score: number; matchedTerms: string[]; similarity: number; tokens: number };
type Turn = { reply: string; context: { promptTokens: number; budget: number; retrievedTokens: number; retrieved: Retrieved[] } };

const FILLER = [
  'How is the weather looking for the weekend?',
  'Can you suggest a good book about gardening?',
  'I had pasta for lunch today.',
  'The train was late again this morning.',
  'Remind me to water the plants.',
  'What a busy week it has been.',
];

async function chatter(app: TestApp, token: string, sessionId: string, text: string): Promise<Turn> {
  const response = await app.gql(SEND, { sessionId, text }, { token });
  expect(response.errors, text).toBeUndefined();
  return response.data!.sendMessage as Turn;
}

describe('retrieval in the context window', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({
      env: { SUANNI_CHAT_TOKEN_BUDGET: '500', SUANNI_CHAT_RECENT_TURNS: '2', SUANNI_CHAT_SUMMARIZE_ABOVE: '6' },
    });
  });
  afterAll(() => app.stop());

  it('finds the one old turn the message needs after summarizing removed it from the thread, and says why', async () => {
    const token = await app.token('ivy');
    const session = (await app.gql(CREATE, {}, { token })).data!.createSession.id as string;
    await chatter(app, token, session, 'My cat is called Whiskerton and she loves sardines.');
    for (let i = 0; i < 12; i += 1) await chatter(app, token, session, FILLER[i % FILLER.length]!);
    const thread = await app.gql(
      'query ($id: ID!) { thread(sessionId: $id) { messages(last: 200) { content } } }',
      { id: session },
      { token },
    );
    expect(JSON.stringify(thread.data!.thread.messages)).not.toContain('Whiskerton');

    const turn = await chatter(app, token, session, 'Which sardines does my cat Whiskerton like?');
    const [best] = turn.context.retrieved;
    expect(best).toMatchObject({ kind: 'TURN', ref: expect.stringMatching(new RegExp(`^turn:${session}:`)) });
    expect(best!.matchedTerms).toEqual(expect.arrayContaining(['sardines', 'cat', 'whiskerton']));
    expect(turn.context.retrievedTokens).toBeGreaterThan(0);
    expect(turn.context.retrievedTokens).toBeLessThanOrEqual(Math.floor(turn.context.budget * 0.3));
    expect(turn.context.promptTokens).toBeLessThanOrEqual(turn.context.budget);
    // The turns still in the thread are not retrieved a second time.
    const again = await chatter(app, token, session, 'Whiskerton sardines again, please.');
    const refs = again.context.retrieved.map((item) => item.ref);
    expect(new Set(refs).size).toBe(refs.length);
  });

  it('finds a past fact version by its value, and not the current facts the window renders anyway', async () => {
    const token = await app.token('jack');
    await app.gql(CONFIRM, { key: 'company', value: 'Globex', validFrom: '2024-03-01T00:00:00Z' }, { token });
    await app.gql(
      CONFIRM,
      { key: 'company', value: 'Initech', validFrom: '2019-01-01T00:00:00Z', validTo: '2021-01-01T00:00:00Z' },
      { token },
    );
    const session = (await app.gql(CREATE, {}, { token })).data!.createSession.id as string;
    const turn = await chatter(app, token, session, 'Was Initech or Globex my company back then?');
    expect(turn.context.retrieved.map((item) => [item.kind, item.ref])).toEqual([['FACT', 'business.company@2']]);
  });

  it('keeps to the caller: another user’s words and, by default, the caller’s other threads are never retrieved', async () => {
    const kim = await app.token('kim');
    const lee = await app.token('lee');
    const kimSession = (await app.gql(CREATE, {}, { token: kim })).data!.createSession.id as string;
    await chatter(app, kim, kimSession, 'My secret locker code is zebra-kumquat-42.');
    const leeSession = (await app.gql(CREATE, {}, { token: lee })).data!.createSession.id as string;
    expect((await chatter(app, lee, leeSession, 'What is the zebra kumquat locker code?')).context.retrieved).toEqual([]);
    const kimOther = (await app.gql(CREATE, {}, { token: kim })).data!.createSession.id as string;
    expect((await chatter(app, kim, kimOther, 'What is my zebra kumquat locker code?')).context.retrieved).toEqual([]);
  });

  it('treats a hostile message as words: no error, no injection, nothing of anyone else', async () => {
    const token = await app.token('mia');
    const session = (await app.gql(CREATE, {}, { token })).data!.createSession.id as string;
    await chatter(app, token, session, 'I keep my bicycle in the blue shed.');
    const factsBefore = await app.db.fact.count();
    for (const text of [
      `'); DROP TABLE "MemoryPassage"; --`,
      `bicycle' OR '1'='1`,
      '!!&&|| :* <-> "unterminated \\ -bicycle',
      'bicycle:* & !shed | (blue <-> shed)',
      `${'(('.repeat(500)} bicycle`,
      'the and of or not',
      '🚲 ₿ ｂｉｃｙｃｌｅ',
    ]) {
      const turn = await chatter(app, token, session, text);
      for (const item of turn.context.retrieved) expect(item.ref).toMatch(new RegExp(`^turn:${session}:`));
    }
    expect(await app.db.memoryPassage.count({ where: { sessionId: session } })).toBeGreaterThan(0);
    expect(await app.db.fact.count()).toBe(factsBefore);
  });
});

describe('retrieval across the user’s threads (SUANNI_CHAT_RECALL_SCOPE=user)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { SUANNI_CHAT_RECALL_SCOPE: 'user' } });
  });
  afterAll(() => app.stop());

  it('finds a turn of another of the caller’s threads, and still nothing of another user', async () => {
    const nia = await app.token('nia');
    const first = (await app.gql(CREATE, {}, { token: nia })).data!.createSession.id as string;
    await chatter(app, nia, first, 'My locker code is zebra-kumquat-42.');
    const second = (await app.gql(CREATE, {}, { token: nia })).data!.createSession.id as string;
    const turn = await chatter(app, nia, second, 'What is my zebra kumquat locker code?');
    expect(turn.context.retrieved[0]).toMatchObject({ kind: 'TURN', ref: expect.stringMatching(new RegExp(`^turn:${first}:`)) });
    const oli = await app.token('oli');
    const theirs = (await app.gql(CREATE, {}, { token: oli })).data!.createSession.id as string;
    expect((await chatter(app, oli, theirs, 'zebra kumquat locker code?')).context.retrieved).toEqual([]);
  });
});
