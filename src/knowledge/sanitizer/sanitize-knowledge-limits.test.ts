/** Bounds of `sanitizeKnowledge`'s options, and what reaches the summarizer and the caller at the edges. */
import { describe, expect, it, vi } from 'vitest';
import { DEMO_CLAUSES, instant, knowledgeRecord } from '../../../test/fixtures/knowledge-records.js';
import { type ClauseSummarizer, sanitizeKnowledge, sanitizeKnowledgeSync } from './sanitize-knowledge.js';
import { summarizeClause } from './summarize-clause.js';

const asOf = instant('2024-06-15T12:00:00Z');
const clause = () => knowledgeRecord({ knowledgeId: 'payment.terms', content: DEMO_CLAUSES.paymentEn });
const faithful: ClauseSummarizer = async () => 'Must pay within 30 days; buyer may pay USD 5,000.';

describe('sanitizeKnowledge option bounds', () => {
  it('accepts a timeout up to 2^31 - 1 ms (what setTimeout honours) and a concurrency of 1', async () => {
    const [item] = await sanitizeKnowledge([clause()], { asOf, summarizer: faithful, timeoutMs: 2 ** 31 - 1, concurrency: 1 });
    expect(item).toMatchObject({ content: 'Must pay within 30 days; buyer may pay USD 5,000.', degraded: false });
  });

  it('rejects a longer timeout and a concurrency below 1, saying why', async () => {
    await expect(sanitizeKnowledge([clause()], { asOf, summarizer: faithful, timeoutMs: 2 ** 31 })).rejects.toThrow(
      'timeoutMs must be between 1 and 2147483647',
    );
    await expect(sanitizeKnowledge([clause()], { asOf, summarizer: faithful, concurrency: 0 })).rejects.toThrow(
      'concurrency must be a positive integer',
    );
  });
});

describe('sanitizeKnowledge at the edges', () => {
  it('never sends a clause of exactly 50 characters: it is its own summary', async () => {
    const content = 'Payment is due within 30 days of the invoice date.';
    expect(content).toHaveLength(50);
    const summarizer = vi.fn(faithful);
    const [item] = await sanitizeKnowledge([knowledgeRecord({ content })], { asOf, summarizer });
    expect(summarizer).not.toHaveBeenCalled();
    expect(item).toMatchObject({ content, degraded: false, degradedReason: null });
  });

  it('falls back without a degraded listener', async () => {
    const failing: ClauseSummarizer = async () => Promise.reject(new Error('model down'));
    const [item] = await sanitizeKnowledge([clause()], { asOf, summarizer: failing });
    expect(item).toMatchObject({ content: summarizeClause(DEMO_CLAUSES.paymentEn).summary, degraded: true, degradedReason: 'error' });
  });

  it('aborts a summarizer that overruns with a TimeoutError that says after how long', async () => {
    let reason: unknown;
    const summarizer: ClauseSummarizer = (_text, { signal }) =>
      new Promise<string>(() => {
        signal.addEventListener('abort', () => {
          reason = signal.reason;
        });
      });
    const [item] = await sanitizeKnowledge([clause()], { asOf, summarizer, timeoutMs: 20 });
    expect(item!.degradedReason).toBe('timeout');
    expect(reason).toBeInstanceOf(DOMException);
    expect(reason).toMatchObject({ name: 'TimeoutError', message: 'summarizer timed out after 20 ms' });
  });

  it('keeps a missing constraint missing', () => {
    const [item] = sanitizeKnowledgeSync([knowledgeRecord({ constraint: null })], { asOf });
    expect(item!.constraint).toBeNull();
  });
});
