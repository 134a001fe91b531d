import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testkit/app.js';

const SEND =
  'mutation ($sessionId: ID!, $text: String!) { sendMessage(sessionId: $sessionId, text: $text) { reply proposedFacts { category key value } } }';
const CREATE = 'mutation ($title: String!) { createSession(title: $title) { id } }';
const CONFIRM =
  'mutation ($category: String!, $key: String!, $value: JSON!) { confirmFact(category: $category, key: $key, value: $value) { category key value } }';
const FACTS = '{ facts { category key value } }';

type Proposed = { category: string; key: string; value: string };

/** The three messages of issue 11 item 9, as a user sends them (auto-confirmation off, the default). */
describe('chat memory: compound statements and questions about the user, over HTTP', () => {
  let app: TestApp;
  let token: string;

  const newSession = async () => (await app.gql(CREATE, { title: 'phrasings' }, { token })).data!.createSession.id as string;
  const send = async (sessionId: string, text: string) => {
    const response = await app.gql(SEND, { sessionId, text }, { token });
    expect(response.errors, text).toBeUndefined();
    return response.data!.sendMessage as { reply: string; proposedFacts: Proposed[] };
  };
  const confirmAll = async (proposed: Proposed[]) => {
    for (const fact of proposed) {
      const response = await app.gql(CONFIRM, fact, { token });
      expect(response.errors).toBeUndefined();
    }
  };

  beforeAll(async () => {
    app = await startTestApp({ config: {} });
    token = await app.token('phrasing-user');
  });
  afterAll(() => app.stop());

  it('remembers each detail of a compound statement with a clean value and answers from the confirmed facts', async () => {
    const first = await newSession();
    const bob = await send(first, 'My name is Bob Stone and my employee id is B-7.');
    expect(bob.proposedFacts).toEqual([
      { category: 'profile', key: 'name', value: 'Bob Stone' },
      { category: 'profile', key: 'employeeId', value: 'B-7' },
    ]);
    expect(bob.reply).toBe('Noted (name: Bob Stone; employeeId: B-7). Confirm it and I will remember it in later conversations.');
    // In the same session the stated details are answered from the recent turns, before any confirmation.
    expect((await send(first, 'What is my employee id?')).reply).toBe('Your employee ID is B-7.');
    expect((await app.gql(FACTS, {}, { token })).data!.facts).toEqual([]);
    await confirmAll(bob.proposedFacts);

    const globex = await send(first, 'I work at Globex Ltd and my employee id is E-1024.');
    expect(globex.proposedFacts).toEqual([
      { category: 'business', key: 'company', value: 'Globex Ltd' },
      { category: 'profile', key: 'employeeId', value: 'E-1024' },
    ]);
    await confirmAll(globex.proposedFacts);

    const stored = (await app.gql(FACTS, {}, { token })).data!.facts as Proposed[];
    expect(stored.map((fact) => `${fact.category}.${fact.key}=${fact.value}`).sort()).toEqual([
      'business.company=Globex Ltd',
      'profile.employeeId=E-1024',
      'profile.name=Bob Stone',
    ]);

    // A new session sees none of the earlier messages: the answers come from the confirmed facts.
    const second = await newSession();
    for (const [question, reply] of [
      ['What company do I work for?', 'Your company is Globex Ltd.'],
      ['Where do I work?', 'Your company is Globex Ltd.'],
      ['What is my employee id?', 'Your employee ID is E-1024.'],
      ['Who am I?', 'Your name is Bob Stone.'],
    ] as const) {
      const answer = await send(second, question);
      expect(answer.reply, question).toBe(reply);
      expect(answer.proposedFacts, question).toEqual([]);
    }
  }, 60_000);
});
