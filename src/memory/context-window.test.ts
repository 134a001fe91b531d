import { describe, expect, it } from 'vitest';
import { renderContextWindow, type ChatTurnMessage } from './context-window.js';

const conversation = (turns: number): ChatTurnMessage[] =>
  Array.from({ length: turns }, (_, i) => [
    { role: 'user' as const, content: `Question ${i}: where is order ${1000 + i}? It is late and I need it soon.` },
    { role: 'assistant' as const, content: `Order ${1000 + i} is on its way and should arrive within two days.` },
  ]).flat();

describe('renderContextWindow', () => {
  const facts = [{ category: 'profile', key: 'name', value: 'Alice' }];

  it('renders facts first, then the summary, then the newest turns that fit, under the budget', async () => {
    const messages = [...conversation(30), { role: 'user' as const, content: 'What is my name?' }];
    const window = await renderContextWindow({ facts, summary: 'Known: name=Alice', messages, budget: 300, recentTurns: 6 });
    expect(window.promptTokens).toBeLessThanOrEqual(300);
    expect(window.system).toContain('profile.name: Alice');
    expect(window.system).toContain('Known: name=Alice');
    expect(window.turns.at(-1)?.content).toBe('What is my name?');
    expect(window.turns[0]?.role).toBe('user');
    expect(window.turnsIncluded).toBeLessThanOrEqual(6);
  });

  it('does not grow with the conversation', async () => {
    const short = await renderContextWindow({
      facts,
      summary: '',
      messages: [...conversation(20), { role: 'user', content: 'hi' }],
      budget: 500,
      recentTurns: 4,
    });
    const long = await renderContextWindow({
      facts,
      summary: '',
      messages: [...conversation(80), { role: 'user', content: 'hi' }],
      budget: 500,
      recentTurns: 4,
    });
    expect(long.promptTokens).toBeLessThanOrEqual(short.promptTokens * 1.2);
  });

  it('keeps the newest end of a summary that does not fit', async () => {
    const summary = `Earlier: ${'old chatter '.repeat(300)}\nKnown: name=Alice`;
    const window = await renderContextWindow({
      facts: [],
      summary,
      messages: [{ role: 'user', content: 'hi' }],
      budget: 120,
      recentTurns: 2,
    });
    expect(window.promptTokens).toBeLessThanOrEqual(120);
    expect(window.system).toContain('Known: name=Alice');
  });
});
