import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, startTestApp, type TestApp } from '../testkit/app.js';

const SEND = `mutation ($sessionId: ID!, $text: String!) { sendMessage(sessionId: $sessionId, text: $text) {
  reply proposedFacts { category key value }
  context { factsUsed summaryLength turnsIncluded promptTokens budget degraded degradedReasons provider }
} }`;
const CREATE = 'mutation ($title: String!) { createSession(title: $title) { id } }';
const THREAD = 'query ($id: ID!) { thread(sessionId: $id) { threadId summary checkpointCount messages(last: 200) { role content } } }';
const CONFIRM =
  'mutation ($category: String!, $key: String!, $value: JSON!) { confirmFact(category: $category, key: $key, value: $value) { category key value version source } }';

describe('conversational memory', () => {
  let app: TestApp;
  let alice: string;
  let bob: string;

  const newSession = async (token: string, title = 'chat') =>
    (await app.gql(CREATE, { title }, { token })).data!.createSession.id as string;
  const send = async (token: string, sessionId: string, text: string) => {
    const response = await app.gql(SEND, { sessionId, text }, { token });
    expect(response.errors, text).toBeUndefined();
    return response.data!.sendMessage as {
      reply: string;
      proposedFacts: { category: string; key: string; value: string }[];
      context: Record<string, any>;
    };
  };

  beforeAll(async () => {
    app = await startTestApp({
      config: {},
      env: { SUANNI_CHAT_TOKEN_BUDGET: '400', SUANNI_CHAT_RECENT_TURNS: '3', SUANNI_CHAT_SUMMARIZE_ABOVE: '10' },
    });
    alice = await app.token('alice');
    bob = await app.token('bob');
  });
  afterAll(() => app.stop());

  it('1. same user, same session: the second turn recalls the identity given in the first (zh and en)', async () => {
    const session = await newSession(alice);
    const first = await send(alice, session, '你好，我叫张三，我是华东区的。');
    expect(first.proposedFacts).toEqual(
      expect.arrayContaining([
        { category: 'profile', key: 'name', value: '张三' },
        { category: 'profile', key: 'region', value: '华东区' },
      ]),
    );
    expect((await send(alice, session, '我叫什么？')).reply).toContain('张三');
    expect((await send(alice, session, '我是哪个区的？')).reply).toContain('华东区');

    const english = await newSession(alice);
    await send(alice, english, 'Hi, my name is Alice Chen.');
    expect((await send(alice, english, 'What is my name?')).reply).toBe('Your name is Alice Chen.');
    expect((await send(alice, english, 'What is my employee ID?')).reply).toMatch(/don't know/);
  });

  it('2. same user, new session: earlier raw messages are not visible, confirmed facts are', async () => {
    const first = await newSession(alice);
    await send(alice, first, 'My name is Alice Chen and my employee ID is E-1024.');
    const confirmed = await app.gql(CONFIRM, { category: 'profile', key: 'name', value: 'Alice Chen' }, { token: alice });
    expect(confirmed.data!.confirmFact).toMatchObject({ value: 'Alice Chen', version: 1, source: 'CONFIRMED' });

    const second = await newSession(alice);
    const thread = await app.gql(THREAD, { id: second }, { token: alice });
    expect(thread.data!.thread.messages).toEqual([]);
    const name = await send(alice, second, 'what is my name?');
    expect(name.reply).toBe('Your name is Alice Chen.');
    expect(name.context.factsUsed).toBeGreaterThanOrEqual(1);
    // Not confirmed, so not remembered across sessions.
    expect((await send(alice, second, 'what is my employee id?')).reply).toMatch(/don't know/);
    const after = await app.gql(THREAD, { id: second }, { token: alice });
    expect(JSON.stringify(after.data!.thread.messages)).not.toContain('E-1024');
  });

  it('3. different users: no path reads the other’s messages or facts', async () => {
    const aliceSession = await newSession(alice);
    await send(alice, aliceSession, '我叫张三，我的工号是A-7。');
    await app.gql(CONFIRM, { category: 'profile', key: 'employeeId', value: 'A-7' }, { token: alice });

    for (const [query, variables] of [
      [SEND, { sessionId: aliceSession, text: '我叫什么？' }],
      [THREAD, { id: aliceSession }],
    ] as const) {
      const response = await app.gql(query, variables, { token: bob });
      expect(response.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(JSON.stringify(response)).not.toContain('张三');
    }
    const crafted = await app.gql(SEND, { sessionId: '00000000-0000-4000-8000-000000000001', text: 'hi' }, { token: bob });
    expect(crafted.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const bobFacts = await app.gql('{ facts { key value } }', {}, { token: bob });
    expect(bobFacts.data!.facts).toEqual([]);
    const bobSession = await newSession(bob);
    expect((await send(bob, bobSession, '我的工号是多少？')).reply).toMatch(/不知道/);

    const client = app.ws({ authorization: `Bearer ${bob}` });
    const { results, error } = await collect(client, 'subscription ($s: ID!, $t: String!) { replyStream(sessionId: $s, text: $t) }', {
      s: aliceSession,
      t: '我叫什么？',
    });
    const errors = (results[0]?.errors ?? error) as { extensions?: { code?: string } }[];
    expect(errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const aliceId = (await app.gql('{ me { id } }', {}, { token: alice })).data!.me.id;
    const bobPrincipal = await app.deps.services.identity.principalFor({
      subject: 'bob',
      tenantKey: app.tenant,
      roles: ['USER'],
      issuedAt: null,
      expiresAt: null,
    });
    const bobStore = app.deps.services.chat.factStore(bobPrincipal);
    await expect(bobStore.search([aliceId])).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(bobStore.get([aliceId, 'profile'], 'employeeId')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const bobOwn = await bobStore.search([bobPrincipal.userId]);
    expect(JSON.stringify(bobOwn)).not.toContain('A-7');
  });

  it('streams the reply of a turn, and the thread keeps both messages', async () => {
    const session = await newSession(alice);
    const client = app.ws({ authorization: `Bearer ${alice}` });
    const { results } = await collect<{ replyStream: string }>(
      client,
      'subscription ($s: ID!, $t: String!) { replyStream(sessionId: $s, text: $t) }',
      { s: session, t: 'My name is Alice Chen.' },
      100,
    );
    const streamed = results.map((result) => result.data!.replyStream).join('');
    expect(streamed).toMatch(/Noted/);
    const thread = await app.gql(THREAD, { id: session }, { token: alice });
    expect(thread.data!.thread.messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant']);
    expect(thread.data!.thread.messages[1].content).toBe(streamed);
    expect(thread.data!.thread.checkpointCount).toBeGreaterThan(0);
  });

  it('keeps facts and budget over 80 turns: summarizing removes old messages, never facts', async () => {
    const dora = await app.token('dora');
    const alice = dora;
    await app.gql(CONFIRM, { category: 'profile', key: 'region', value: '华东区' }, { token: dora });
    await app.gql(CONFIRM, { category: 'profile', key: 'employeeId', value: 'D-42' }, { token: dora });
    const session = await newSession(dora);
    await send(dora, session, '我叫李四。');
    let maxPrompt = 0;
    for (let turn = 1; turn < 80; turn += 1) {
      const result = await send(
        alice,
        session,
        turn % 10 === 0 ? '我是哪个区的？' : `第${turn}个问题：请帮我查一下订单${1000 + turn}的物流状态，谢谢。`,
      );
      expect(result.context.promptTokens).toBeLessThanOrEqual(result.context.budget);
      maxPrompt = Math.max(maxPrompt, result.context.promptTokens);
      if (turn % 10 === 0) expect(result.reply).toContain('华东区');
      expect(result.context.factsUsed).toBeGreaterThanOrEqual(2);
    }
    const thread = (await app.gql(THREAD, { id: session }, { token: alice })).data!.thread;
    expect(thread.messages.length).toBeLessThanOrEqual(12);
    expect(thread.summary).toContain('李四');
    // The name was stated 80 turns ago and never confirmed: the summary still carries it.
    expect((await send(alice, session, '我叫什么？')).reply).toContain('李四');
    expect(maxPrompt).toBeGreaterThan(0);
  }, 120_000);

  it('a failing summarizer degrades the turn to trimming and says so', async () => {
    const failing = await startTestApp({
      env: { SUANNI_CHAT_RECENT_TURNS: '2', SUANNI_CHAT_SUMMARIZE_ABOVE: '6' },
      testOverrides: {
        chatSummarizer: async () => {
          throw new Error('summarizer is down');
        },
      },
    });
    try {
      const token = await failing.token('alice');
      const session = (await failing.gql(CREATE, { title: 'x' }, { token })).data!.createSession.id;
      let degraded: Record<string, any> | undefined;
      for (let turn = 0; turn < 6; turn += 1) {
        const result = await failing.gql(SEND, { sessionId: session, text: `message ${turn}` }, { token });
        if (result.data!.sendMessage.context.degraded) degraded = result.data!.sendMessage.context;
      }
      expect(degraded?.degradedReasons).toContain('summarizer_failed_trimmed');
      const thread = (await failing.gql(THREAD, { id: session }, { token })).data!.thread;
      expect(thread.messages.length).toBeLessThanOrEqual(6);
      expect(thread.summary).toBe('');
    } finally {
      await failing.stop();
    }
  });

  it('versions facts, keeps history, forgets on request, and shows an ADMIN counts only', async () => {
    await app.gql(CONFIRM, { category: 'preference', key: 'language', value: 'zh' }, { token: bob });
    await app.gql(CONFIRM, { category: 'preference', key: 'language', value: 'zh' }, { token: bob });
    const changed = await app.gql(CONFIRM, { category: 'preference', key: 'language', value: 'en' }, { token: bob });
    expect(changed.data!.confirmFact.version).toBe(2);
    const history = await app.gql(
      '{ factHistory(category: "preference", key: "language") { value version supersededAt } }',
      {},
      { token: bob },
    );
    expect(history.data!.factHistory.map((fact: { value: string; version: number }) => [fact.value, fact.version])).toEqual([
      ['en', 2],
      ['zh', 1],
    ]);
    expect(history.data!.factHistory[1].supersededAt).toBeTruthy();
    const forgot = await app.gql('mutation { forgetFact(category: "preference", key: "language") }', {}, { token: bob });
    expect(forgot.data!.forgetFact).toBe(true);
    expect((await app.gql('{ facts(category: "preference") { key } }', {}, { token: bob })).data!.facts).toEqual([]);

    const admin = await app.token('carol', { roles: ['ADMIN'] });
    const counts = await app.gql('{ tenantFactCounts { category count } }', {}, { token: admin });
    expect(counts.data!.tenantFactCounts).toEqual(expect.arrayContaining([{ category: 'profile', count: expect.any(Number) }]));
    expect(JSON.stringify(counts)).not.toContain('Alice Chen');
    const denied = await app.gql('{ tenantFactCounts { category } }', {}, { token: bob });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('rejects bad input with clear codes', async () => {
    const session = await newSession(alice);
    for (const text of ['   ', 'x'.repeat(4_001)]) {
      const response = await app.gql(SEND, { sessionId: session, text }, { token: alice });
      expect(response.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    await app.gql('mutation ($id: ID!) { closeSession(id: $id) { id } }', { id: session }, { token: alice });
    const closed = await app.gql(SEND, { sessionId: session, text: 'hello' }, { token: alice });
    expect(closed.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const badFact = await app.gql(CONFIRM, { category: 'Not OK', key: 'k', value: 1 }, { token: alice });
    expect(badFact.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
