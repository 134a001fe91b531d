import { describe, expect, it } from 'vitest';
import { renderContextWindow } from './context-window.js';
import { MAX_QUERY_TERMS, queryTerms, type RecalledMemory } from './recall.js';

describe('queryTerms', () => {
  it('keeps topic words only: letters and digits, lower-cased, once each, no question words', () => {
    expect(queryTerms('What is my cat called? My CAT!')).toEqual(['cat', 'called']);
    expect(queryTerms('我的狗叫什么名字')).toEqual(['我的狗叫什么名字']);
  });

  it('leaves nothing of query syntax or SQL in a hostile message', () => {
    const hostile = `'); DROP TABLE "Fact"; -- !!&&|| :* <-> "unterminated \\ or -cat OR <% %>`;
    const terms = queryTerms(hostile);
    expect(terms).toEqual(['drop', 'table', 'fact', 'unterminated', 'cat']);
    expect(queryTerms('what is it? and or not')).toEqual([]);
    for (const term of terms) expect(term).toMatch(/^[\p{L}\p{N}]+$/u);
    expect(queryTerms('x'.repeat(10_000))).toEqual([]);
    expect(queryTerms(Array.from({ length: 100 }, (_, i) => `w${i}`).join(' '))).toHaveLength(MAX_QUERY_TERMS);
  });
});

describe('the context window with retrieved memories', () => {
  const memory = (ref: string, text: string, score: number): RecalledMemory => ({
    kind: 'TURN',
    ref,
    text,
    score,
    matchedTerms: ['cat'],
    similarity: 0,
  });
  const messages = [
    ...Array.from({ length: 10 }, (_, i) => [
      { role: 'user' as const, content: `filler question number ${i} about the weather today` },
      { role: 'assistant' as const, content: `filler answer number ${i}` },
    ]).flat(),
    { role: 'user' as const, content: 'What is my cat called?' },
  ];

  it('spends at most its share of the budget on retrieved memories, best first, and says which', async () => {
    const recalled = [
      memory('turn:a', 'User (2026-01-01): my cat is called Whiskerton', 2),
      memory('turn:b', `User (2026-01-02): ${'very long text '.repeat(200)}`, 1),
      memory('turn:c', 'User (2026-01-03): the cat sleeps all day', 0.5),
    ];
    const window = await renderContextWindow({ facts: [], summary: '', messages, budget: 400, recentTurns: 6, recalled, recallShare: 0.3 });
    expect(window.retrieved.map((item) => item.ref)).toEqual(['turn:a', 'turn:c']);
    expect(window.system).toContain('Whiskerton');
    expect(window.system).not.toContain('very long text');
    expect(window.retrievedTokens).toBeGreaterThan(0);
    expect(window.retrievedTokens).toBeLessThanOrEqual(120);
    expect(window.promptTokens).toBeLessThanOrEqual(400);
  });

  it('retrieves nothing with a zero share, and leaves the window as before', async () => {
    const without = await renderContextWindow({ facts: [], summary: '', messages, budget: 400, recentTurns: 6 });
    const zero = await renderContextWindow({
      facts: [],
      summary: '',
      messages,
      budget: 400,
      recentTurns: 6,
      recalled: [memory('turn:a', 'my cat is called Whiskerton', 1)],
      recallShare: 0,
    });
    expect(zero).toEqual(without);
    expect(zero.retrieved).toEqual([]);
  });
});

describe('the facts block', () => {
  it('keeps all of a few facts and a bounded, newest-first block of thousands', async () => {
    const { fitFacts } = await import('./context-window.js');
    const few = [{ category: 'profile', key: 'name', value: 'Dana' }];
    expect(await fitFacts(few, 480)).toEqual(few);
    const many = Array.from({ length: 5_000 }, (_, i) => ({ category: 'c', key: `k${i}`, value: `detail number ${i} of many` }));
    const kept = await fitFacts(many, 480);
    expect(kept.length).toBeGreaterThan(10);
    expect(kept.length).toBeLessThan(100);
    expect(kept).toEqual(many.slice(0, kept.length));
  });
});
