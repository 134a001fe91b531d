import { describe, expect, it, vi } from 'vitest';
import type { KnowledgeRecord } from '../types.js';
import { containsHedge } from './hedges.js';
import { extractNumericExpressions } from './numeric-expressions.js';
import { sanitizeKnowledge, sanitizeKnowledgeSync, type ClauseSummarizer, type DegradedEvent } from './sanitize-knowledge.js';
import { summarizeClause } from './summarize-clause.js';
import { DEMO_CLAUSES, instant, knowledgeRecord } from '../../../test/fixtures/knowledge-records.js';

const asOf = instant('2024-06-15T12:00:00Z');
const LONG_CLAUSE = DEMO_CLAUSES.paymentEn;
const METADATA_CONTENT = '{"jurisdiction":"CN",  "note":"generally 可能 applies",\n\t"cap":"5%"}\r\n';

const clause = (overrides: Partial<KnowledgeRecord> = {}) =>
  knowledgeRecord({ knowledgeId: 'payment.terms', content: LONG_CLAUSE, ...overrides });
/** A prohibition with an exception, long enough to be sent to the model. */
const PROHIBITION = 'The Seller shall not, unless the Buyer agrees in writing, pay more than USD 5,000 within 30 days of the order.';
const never: ClauseSummarizer = () => new Promise<string>(() => {});

describe('sanitizeKnowledgeSync', () => {
  it('runs the pipeline: in force only, latest version, summarized clauses, metadata as is, sorted', () => {
    const records = [
      knowledgeRecord({ knowledgeId: 'penalty', version: '1.9', content: 'old penalty text 3%' }),
      knowledgeRecord({ knowledgeId: 'penalty', version: '1.10', content: DEMO_CLAUSES.penaltyZh }),
      knowledgeRecord({ knowledgeId: 'penalty', version: '1.2', content: 'older penalty text 2%' }),
      knowledgeRecord({ knowledgeId: 'expired', validUntil: asOf }),
      knowledgeRecord({ knowledgeId: 'future', validFrom: instant('2024-07-01T00:00:00Z') }),
      knowledgeRecord({ knowledgeId: 'retracted', retractedAt: instant('2024-06-01T00:00:00Z') }),
      knowledgeRecord({ knowledgeId: 'jurisdiction', kind: 'METADATA', content: METADATA_CONTENT }),
      knowledgeRecord({ knowledgeId: 'confidentiality', content: DEMO_CLAUSES.confidentialityZh }),
    ];
    const result = sanitizeKnowledgeSync(records, { asOf });
    expect(result.map((item) => `${item.knowledgeId}@${item.version}`)).toEqual([
      'confidentiality@1.0',
      'jurisdiction@1.0',
      'penalty@1.10',
    ]);
    expect(result[0]!.content).toBe('保密期限为自合同终止之日起3年。');
    expect(result[2]!.content).toBe('违约金不超过合同总额的5%，逾期付款的，应按日支付万分之五的滞纳金。');
  });

  it('returns exactly the SanitizedKnowledge fields', () => {
    const constraint = { field: 'penaltyRate' as const, operator: '<=' as const, value: 5, unit: '%' };
    const [item] = sanitizeKnowledgeSync([knowledgeRecord({ constraint })], { asOf });
    expect(item).toEqual({
      id: 'finance.penalty-cap@1.0',
      knowledgeId: 'finance.penalty-cap',
      version: '1.0',
      content: '违约金不超过合同总额的5%，逾期付款的，应按日支付万分之五的滞纳金。',
      source: 'policy:finance/penalties#3',
      kind: 'CLAUSE',
      constraint,
      degraded: false,
      degradedReason: null,
    });
    expect(item!.constraint).not.toBe(constraint);
  });

  it('passes metadata byte for byte, hedges, whitespace and all', () => {
    const [item] = sanitizeKnowledgeSync([knowledgeRecord({ kind: 'METADATA', content: METADATA_CONTENT })], { asOf });
    expect(item!.content).toBe(METADATA_CONTENT);
    expect(Buffer.from(item!.content, 'utf8').equals(Buffer.from(METADATA_CONTENT, 'utf8'))).toBe(true);
    expect(item!.degraded).toBe(false);
  });

  it('summarizes every clause within 50 characters, without hedges, keeping every number', () => {
    const records = Object.values(DEMO_CLAUSES).map((content, index) => knowledgeRecord({ knowledgeId: `demo.${index}`, content }));
    const items = sanitizeKnowledgeSync(records, { asOf });
    expect(items).toHaveLength(records.length);
    for (const item of items) {
      const source = records.find((record) => record.knowledgeId === item.knowledgeId)!.content;
      expect(item.content.length).toBeLessThanOrEqual(50);
      expect(containsHedge(item.content)).toBe(false);
      for (const expression of extractNumericExpressions(source)) expect(item.content).toContain(expression);
      expect(item.degraded).toBe(false);
    }
  });

  it('marks a clause degraded when its numbers alone do not fit', () => {
    const crowded = 'Fees: 1,000,000.00 元; USD 5,000; $5,000; 5 percent; within 30 days; 30 business days; 2024-01-01; January 1, 2024.';
    const [item] = sanitizeKnowledgeSync([knowledgeRecord({ content: crowded })], { asOf });
    // Every number, in the clause itself: a list of bare numbers would say nothing of the rule.
    expect(item).toMatchObject({ content: crowded, degraded: true, degradedReason: 'numbers-do-not-fit' });
  });

  it('never summarises "shall not, without consent" into a permission: the Seller sentence', async () => {
    const seller = 'The Seller shall not, without the written consent of the Buyer, disclose the price, which is USD 5,000 per unit.';
    const record = knowledgeRecord({ knowledgeId: 'price.confidential', content: seller });
    const [item] = sanitizeKnowledgeSync([record], { asOf });
    expect(item).toMatchObject({ content: seller, degraded: true, degradedReason: 'lost-negation' });
    // The asynchronous path without a summarizer gives the same and reports it, identifiers only.
    const events: DegradedEvent[] = [];
    expect(await sanitizeKnowledge([record], { asOf, onDegraded: (event) => events.push(event) })).toEqual([item]);
    expect(events).toEqual([{ knowledgeId: 'price.confidential', version: '1.0', reason: 'lost-negation' }]);
  });

  it('reports no event for an item that is not degraded', async () => {
    const events: DegradedEvent[] = [];
    await sanitizeKnowledge([clause()], { asOf, onDegraded: (event) => events.push(event) });
    expect(events).toEqual([]);
  });

  it('never hands out a path or credentials as the source', () => {
    const [item] = sanitizeKnowledgeSync([knowledgeRecord({ source: 'postgres://kb:s3cret@db.internal:5432/knowledge?sslmode=require' })], {
      asOf,
    });
    expect(item!.source).toBe('postgres://db.internal:5432/knowledge');
  });
});

describe('sanitizeKnowledge with deterministicResults', () => {
  const SELLER = 'The Seller shall not, without the written consent of the Buyer, disclose the price, which is USD 5,000 per unit.';
  const constraint = { field: 'penaltyRate' as const, operator: '<=' as const, value: 5, unit: '%' };

  it('gives what the uncached path gives, and reuses a record’s result instead of summarizing it again', async () => {
    const records = [
      clause({ constraint }),
      knowledgeRecord({ knowledgeId: 'price.confidential', content: SELLER }),
      knowledgeRecord({ knowledgeId: 'meta', kind: 'METADATA', content: METADATA_CONTENT }),
    ];
    const deterministicResults = new WeakMap();
    const first = await sanitizeKnowledge(records, { asOf, deterministicResults });
    expect(first).toEqual(sanitizeKnowledgeSync(records, { asOf }));
    // A stored result stands for its record: it is what the next call returns.
    const stored = deterministicResults.get(records[0]!);
    expect(stored).toEqual(first.find((item) => item.knowledgeId === 'payment.terms'));
    deterministicResults.set(records[0]!, { ...stored, content: 'kept summary 30 days' });
    const second = await sanitizeKnowledge(records, { asOf, deterministicResults });
    expect(second.find((item) => item.knowledgeId === 'payment.terms')!.content).toBe('kept summary 30 days');
  });

  it('hands out copies, so one caller changing its result changes no other', async () => {
    const records = [clause({ constraint })];
    const deterministicResults = new WeakMap();
    const [first] = await sanitizeKnowledge(records, { asOf, deterministicResults });
    first!.content = 'changed';
    first!.constraint!.value = 99;
    const [second] = await sanitizeKnowledge(records, { asOf, deterministicResults });
    expect(second!.content).toBe(summarizeClause(LONG_CLAUSE).summary);
    expect(second!.constraint).toEqual(constraint);
    expect(second).not.toBe(first);
  });

  it('reports a degraded item on every call, also when its result was reused', async () => {
    const records = [knowledgeRecord({ knowledgeId: 'price.confidential', content: SELLER })];
    const deterministicResults = new WeakMap();
    const events: DegradedEvent[] = [];
    for (let call = 0; call < 2; call++)
      await sanitizeKnowledge(records, { asOf, deterministicResults, onDegraded: (event) => events.push(event) });
    expect(events).toEqual([
      { knowledgeId: 'price.confidential', version: '1.0', reason: 'lost-negation' },
      { knowledgeId: 'price.confidential', version: '1.0', reason: 'lost-negation' },
    ]);
  });

  it('never keeps a model summary', async () => {
    const records = [clause()];
    const deterministicResults = new WeakMap();
    const summarizer: ClauseSummarizer = async () => 'Must pay within 30 days; buyer may pay USD 5,000.';
    const [item] = await sanitizeKnowledge(records, { asOf, summarizer, deterministicResults });
    expect(item!.content).toBe('Must pay within 30 days; buyer may pay USD 5,000.');
    expect(deterministicResults.has(records[0]!)).toBe(false);
  });
});

describe('sanitizeKnowledge', () => {
  it('without a summarizer gives what the synchronous path gives', async () => {
    const records = [clause(), knowledgeRecord({ knowledgeId: 'meta', kind: 'METADATA', content: METADATA_CONTENT })];
    expect(await sanitizeKnowledge(records, { asOf })).toEqual(sanitizeKnowledgeSync(records, { asOf }));
  });

  it('uses a summary that passes every check, not degraded', async () => {
    const summarizer = vi.fn<ClauseSummarizer>(async () => ' Must pay within 30 days;\n buyer may pay USD 5,000. ');
    const [item] = await sanitizeKnowledge([clause()], { asOf, summarizer });
    expect(item).toMatchObject({ content: 'Must pay within 30 days; buyer may pay USD 5,000.', degraded: false, degradedReason: null });
    expect(summarizer).toHaveBeenCalledTimes(1);
    const [text, options] = summarizer.mock.calls[0]!;
    expect(text).toBe('Payment shall be made within 30 days of invoice; the buyer may pay USD 5,000 in advance.');
    expect(options.maxLength).toBe(50);
    expect(options.signal).toBeInstanceOf(AbortSignal);
  });

  it('falls back to the deterministic summary, degraded, when the summarizer never answers', async () => {
    let signal: AbortSignal | undefined;
    const summarizer: ClauseSummarizer = (_text, options) => {
      signal = options.signal;
      return never(_text, options);
    };
    const events: DegradedEvent[] = [];
    const [item] = await sanitizeKnowledge([clause()], { asOf, summarizer, timeoutMs: 20, onDegraded: (event) => events.push(event) });
    expect(item).toMatchObject({ content: summarizeClause(LONG_CLAUSE).summary, degraded: true, degradedReason: 'timeout' });
    expect(signal?.aborted).toBe(true);
    expect(events).toEqual([{ knowledgeId: 'payment.terms', version: '1.0', reason: 'timeout' }]);
  });

  it.each<[string, ClauseSummarizer, DegradedEvent['reason'], string?]>([
    ['rejects', async () => Promise.reject(new Error('model down')), 'error'],
    [
      'throws synchronously',
      () => {
        throw new Error('bad request');
      },
      'error',
    ],
    ['answers something other than a string', async () => ({ text: 'x' }) as unknown as string, 'error'],
    ['answers nothing', async () => '  \n', 'empty'],
    [
      'answers too long',
      async () => 'Payment is due within 30 days of the invoice date; the buyer may pay USD 5,000 in advance.',
      'too-long',
    ],
    ['keeps a hedge', async () => 'Usually within 30 days; USD 5,000 upfront.', 'hedge'],
    ['keeps a Chinese hedge', async () => '通常 within 30 days; USD 5,000 upfront.', 'hedge'],
    ['loses a number', async () => 'Pay within 30 days; advance allowed.', 'lost-number'],
    ['rewrites a number', async () => 'Pay in 30 days; buyer may prepay $5,000.', 'lost-number'],
    ['turns the permission into a duty', async () => 'Pay within 30 days; buyer must pay USD 5,000.', 'lost-modality'],
    ['drops the permission', async () => 'Payment shall be within 30 days; USD 5,000 early.', 'lost-modality'],
    ['adds a negation', async () => 'Must pay within 30 days; may not pay USD 5,000.', 'added-negation'],
    ['adds a condition', async () => 'If so must pay within 30 days; buyer may USD 5,000', 'added-condition'],
    ['drops the prohibition', async () => 'Seller may pay within 30 days, USD 5,000.', 'lost-negation', PROHIBITION],
    ['drops the exception', async () => 'Seller shall not pay within 30 days, USD 5,000.', 'lost-exception', PROHIBITION],
  ])('falls back, degraded, when the summarizer %s', async (_label, summarizer, reason, content = LONG_CLAUSE) => {
    const events: DegradedEvent[] = [];
    const [item] = await sanitizeKnowledge([clause({ content })], { asOf, summarizer, onDegraded: (event) => events.push(event) });
    expect(item).toMatchObject({ content: summarizeClause(content).summary, degraded: true, degradedReason: reason });
    expect(events.map((event) => event.reason)).toEqual([reason]);
  });

  it('does not send metadata or clauses that already fit', async () => {
    const summarizer = vi.fn<ClauseSummarizer>(async () => 'unused');
    const records = [
      knowledgeRecord({ knowledgeId: 'short', content: DEMO_CLAUSES.confidentialityZh }),
      knowledgeRecord({ knowledgeId: 'meta', kind: 'METADATA', content: METADATA_CONTENT }),
    ];
    const result = await sanitizeKnowledge(records, { asOf, summarizer });
    expect(summarizer).not.toHaveBeenCalled();
    expect(result).toEqual(sanitizeKnowledgeSync(records, { asOf }));
  });

  it('keeps the knowledgeId order and limits calls in flight', async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    const summarizer: ClauseSummarizer = async (text) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      return text.includes('USD 5,000') ? 'Must pay within 30 days; buyer may pay USD 5,000.' : 'broken';
    };
    const records = ['k9', 'k3', 'k7', 'k1', 'k5', 'k2'].map((knowledgeId) => clause({ knowledgeId }));
    const result = await sanitizeKnowledge(records, { asOf, summarizer, concurrency: 2 });
    expect(result.map((item) => item.knowledgeId)).toEqual(['k1', 'k2', 'k3', 'k5', 'k7', 'k9']);
    expect(result.every((item) => !item.degraded)).toBe(true);
    expect(mostInFlight).toBe(2);
  });

  it('rejects bad options before calling anything', async () => {
    await expect(sanitizeKnowledge([clause()], { asOf, summarizer: never, timeoutMs: 0 })).rejects.toThrow(RangeError);
    await expect(sanitizeKnowledge([clause()], { asOf, summarizer: never, concurrency: 0 })).rejects.toThrow(RangeError);
    await expect(sanitizeKnowledge([clause()], { asOf: new Date('nope') })).rejects.toThrow(TypeError);
  });
});
