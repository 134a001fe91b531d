import { getEncoding } from 'js-tiktoken';
import { describe, expect, it } from 'vitest';
import { CHAT_PREAMBLE, renderContextWindow, type ChatTurnMessage, type ContextWindow, type ContextWindowInput } from './context-window.js';

// The budget is judged by counting what the model is sent with the tokenizer itself (js-tiktoken's
// full build, not the module's lazily loaded one), never by trusting `promptTokens`.
const cl100k = getEncoding('cl100k_base');
const tokens = (text: string) => cl100k.encode(text).length;
/** OpenAI's chat format for cl100k models: 3 tokens around each message, 3 to prime the reply. */
const chatPromptTokens = (messages: string[]) => messages.reduce((sum, message) => sum + tokens(message) + 3, 3);
/** What respond sends: the system message, and the turns as one "User: / Assistant:" transcript. */
const transcriptOf = (turns: readonly ChatTurnMessage[]) =>
  turns.map((turn) => `${turn.role === 'user' ? 'User' : 'Assistant'}: ${turn.content}`).join('\n');
const countedPrompt = (window: ContextWindow) => chatPromptTokens([window.system, transcriptOf(window.turns)]);

const user = (content: string): ChatTurnMessage => ({ role: 'user', content });
const assistant = (content: string): ChatTurnMessage => ({ role: 'assistant', content });
const conversation = (turns: number): ChatTurnMessage[] =>
  Array.from({ length: turns }, (_, i) => [
    user(`Question ${i}: where is order ${1000 + i}? It is late and I need it soon.`),
    assistant(`Order ${1000 + i} is on its way and should arrive within two days.`),
  ]).flat();

const facts = [{ category: 'profile', key: 'name', value: 'Alice' }];
const summaryHeader = '\n\nConversation so far (summary):\n';
const base: ContextWindowInput = { facts, summary: '', messages: [user('hi')], budget: 4000, recentTurns: 6 };
const render = (input: Partial<ContextWindowInput>) => renderContextWindow({ ...base, ...input });

/** The smallest budget under which `input` renders with everything it offers (all turns, whole summary). */
async function budgetForAll(input: Partial<ContextWindowInput>): Promise<number> {
  return (await render({ ...input, budget: 1_000_000 })).promptTokens;
}

describe('renderContextWindow', () => {
  it('renders facts first, then the summary, then the newest turns that fit, under the budget', async () => {
    const messages = [...conversation(30), user('What is my name?')];
    const window = await render({ summary: 'Known: name=Alice', messages, budget: 300 });
    expect(window.system).toBe(`${CHAT_PREAMBLE}\n\nKnown facts about the user:\n- profile.name: Alice${summaryHeader}Known: name=Alice`);
    expect(window.turns.at(-1)).toEqual(user('What is my name?'));
    expect(window.turns[0]?.role).toBe('user');
    expect(window.transcript).toBe(transcriptOf(window.turns));
    expect(countedPrompt(window)).toBeLessThanOrEqual(300);
    expect(window.promptTokens).toBe(countedPrompt(window));
    // The window is contiguous and ends at the newest turn.
    expect(window.turns).toEqual(messages.slice(-window.turns.length));
    expect(window.turnsIncluded).toBe(window.turns.filter((turn) => turn.role === 'user').length - 1);
    expect(window.turnsIncluded).toBeGreaterThan(0);
    expect(window.turnsIncluded).toBeLessThan(6);
  });

  it('reports the tokens of the prompt it sends, counted independently, across budgets', async () => {
    const messages = [...conversation(12), user('And order 1011?')];
    const summary = 'The user asked about several late orders; all ship from Ningbo. Known: name=Alice.';
    for (const budget of [60, 100, 150, 200, 260, 330, 420, 600]) {
      const window = await render({ summary, messages, budget });
      expect(window.promptTokens, `budget ${budget}`).toBe(countedPrompt(window));
      expect(window.transcript).toBe(transcriptOf(window.turns));
      // Only the new message itself may push a window over its budget.
      if (window.turns.length > 1 || window.summaryLength > 0)
        expect(countedPrompt(window), `budget ${budget}`).toBeLessThanOrEqual(budget);
    }
  });

  it('takes as many earlier turns as fit: one token more budget is needed for the next older turn', async () => {
    const messages = [...conversation(8), user('Where is order 1007?')];
    const all = await budgetForAll({ messages, recentTurns: 8 });
    const full = await render({ messages, recentTurns: 8, budget: all });
    expect(full.turns).toEqual(messages);
    expect(full.promptTokens).toBe(all);
    expect(countedPrompt(full)).toBe(all);

    const short = await render({ messages, recentTurns: 8, budget: all - 1 });
    expect(short.turns).toEqual(messages.slice(2)); // the oldest question and its answer go together
    expect(countedPrompt(short)).toBeLessThanOrEqual(all - 1);
    expect(short.turnsIncluded).toBe(7);
  });

  it('stops at the first earlier turn that does not fit, so the window has no gaps', async () => {
    const messages = [
      user('u1'),
      assistant('a1'),
      user('u2'),
      assistant(`a2 ${'long answer '.repeat(200)}`),
      user('u3'),
      assistant('a3'),
      user('u4'),
    ];
    const withoutLongAnswer = await budgetForAll({ messages: messages.slice(4) });
    // Room for u1, a1 and u2 too, but not for the long answer between them and the newest turns.
    const window = await render({ messages, budget: withoutLongAnswer + 40 });
    expect(window.turns).toEqual([user('u3'), assistant('a3'), user('u4')]);
    expect(window.promptTokens).toBe(countedPrompt(window));
  });

  it('never starts with an answer cut off from its question', async () => {
    const messages = [user(`u1 ${'detail '.repeat(40)}`), assistant('a1'), user('u2')];
    const answerOnly = await budgetForAll({ messages: [assistant('a1'), user('u2')] });
    const window = await render({ messages, budget: answerOnly });
    expect(window.turns).toEqual([user('u2')]);
    expect(window.turnsIncluded).toBe(0);
    expect(window.promptTokens).toBe(countedPrompt(window));
  });

  it('includes at most `recentTurns` earlier turns, however much budget is left', async () => {
    const messages = [...conversation(10), user('now')];
    const three = await render({ messages, recentTurns: 3, budget: 100_000 });
    expect(three.turns).toEqual(messages.slice(-7));
    expect(three.turnsIncluded).toBe(3);
    const none = await render({ messages, recentTurns: 0, budget: 100_000 });
    expect(none.turns).toEqual([user('now')]);
    expect(none.turnsIncluded).toBe(0);
    expect(none.transcript).toBe('User: now');
  });

  it('counts the earlier questions in the window, answered or not', async () => {
    // A turn whose reply failed leaves a question without an answer in the thread.
    const window = await render({ messages: [user('u1'), assistant('a1'), user('u2 (no answer came)'), user('u3')] });
    expect(window.turns).toHaveLength(4);
    expect(window.turnsIncluded).toBe(2);
  });

  it('does not grow with the conversation', async () => {
    const short = await render({ messages: [...conversation(20), user('hi')], budget: 500, recentTurns: 4 });
    const long = await render({ messages: [...conversation(80), user('hi')], budget: 500, recentTurns: 4 });
    expect(long.turns.length).toBe(short.turns.length);
    expect(countedPrompt(long)).toBeLessThanOrEqual(countedPrompt(short) * 1.2);
  });

  it('keeps the whole summary when it fits exactly, and its newest three quarters when one token is missing', async () => {
    // 403 characters: the quarter dropped is rounded up.
    const summary = `${Array.from({ length: 40 }, (_, i) => `Fact ${i}.`).join(' ')} Known: name=Alice`.padEnd(403, '!');
    expect(summary.length).toBe(403);
    const exact = await budgetForAll({ summary, facts: [] });
    const whole = await render({ summary, facts: [], budget: exact });
    expect(whole.summaryLength).toBe(403);
    expect(whole.system).toBe(`${CHAT_PREAMBLE}${summaryHeader}${summary}`);
    expect(countedPrompt(whole)).toBe(exact);

    const trimmed = await render({ summary, facts: [], budget: exact - 1 });
    expect(trimmed.summaryLength).toBe(403 - 101);
    expect(trimmed.system).toBe(`${CHAT_PREAMBLE}${summaryHeader}${summary.slice(101)}`);
    expect(trimmed.promptTokens).toBe(countedPrompt(trimmed));
    expect(countedPrompt(trimmed)).toBeLessThanOrEqual(exact - 1);
  });

  it('keeps the newest end of a long summary that does not fit', async () => {
    const summary = `Earlier: ${'old chatter '.repeat(300)}\nKnown: name=Alice`;
    const window = await render({ facts: [], summary, budget: 120, recentTurns: 2 });
    expect(countedPrompt(window)).toBeLessThanOrEqual(120);
    expect(window.promptTokens).toBe(countedPrompt(window));
    expect(window.system).toContain('Known: name=Alice');
    expect(window.summaryLength).toBeGreaterThan(0);
    expect(window.system.endsWith(summary.slice(-window.summaryLength))).toBe(true);
  });

  it('drops a summary, however short, when not even its last characters fit, and says so', async () => {
    for (const summary of ['abc', 'x', 'Known: name=Alice and a few more words']) {
      const window = await render({ summary, budget: 10 });
      expect(window.summaryLength).toBe(0);
      expect(window.system).toBe(`${CHAT_PREAMBLE}\n\nKnown facts about the user:\n- profile.name: Alice`);
      // The new message is always sent, even over the budget; the count says so honestly.
      expect(window.turns).toEqual([user('hi')]);
      expect(window.promptTokens).toBe(countedPrompt(window));
      expect(window.promptTokens).toBeGreaterThan(10);
    }
  });

  it('renders facts of any JSON value and counts them; no facts, no facts block', async () => {
    const many = [
      { category: 'profile', key: 'name', value: 'Alice' },
      { category: 'preference', key: 'contact', value: { channel: 'email', hours: [9, 17] } },
      { category: 'order', key: 'count', value: 3 },
    ];
    const window = await render({ facts: many });
    expect(window.system).toBe(
      `${CHAT_PREAMBLE}\n\nKnown facts about the user:\n- profile.name: Alice\n- preference.contact: {"channel":"email","hours":[9,17]}\n- order.count: 3`,
    );
    expect(window.factsUsed).toBe(3);
    const bare = await render({ facts: [] });
    expect(bare.system).toBe(CHAT_PREAMBLE);
    expect(bare.factsUsed).toBe(0);
    expect(bare.promptTokens).toBe(countedPrompt(bare));
  });

  it('renders an empty prompt body when there is no message', async () => {
    const window = await render({ messages: [] });
    expect(window.turns).toEqual([]);
    expect(window.transcript).toBe('');
    expect(window.turnsIncluded).toBe(0);
    expect(window.promptTokens).toBe(chatPromptTokens([window.system, '']));
  });
});
