/**
 * Property: for every clause, the summary agents see has the same polarity, modality, exceptions
 * and conditions as the clause, and every number of the clause, or it is marked degraded and
 * then is the clause itself (cut only after its last number or meaning word).
 *
 * The judge (`oracle` below) is deliberately NOT the sanitizer's own detector (`meaning.ts`),
 * so that a gap in that detector cannot hide itself: it works on whole words (the ICU word
 * segmenter for Chinese, where `meaning.ts` matches characters with hand-written exclusions), has
 * its own small lexicon, decides "may" is epistemic by what follows it ("may be", "may apply")
 * where the sanitizer looks at who precedes it, and finds numbers as digit runs instead of
 * through `numeric-expressions.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectDir } from '../../config.js';
import { DEMO_KNOWLEDGE } from '../../demo/knowledge.js';
import { CHINESE_CLAUSES } from '../../../test/fixtures/chinese-clauses.js';
import { DEMO_CLAUSES, NUMERIC_CLAUSES } from '../../../test/fixtures/knowledge-records.js';
import { sanitizeKnowledgeSync } from './sanitize-knowledge.js';
import { CLAUSE_SUMMARY_MAX_LENGTH, hedgeFreeClause, summarizeClause } from './summarize-clause.js';

// ---------------------------------------------------------------------------------------------
// The oracle: a small, independent reading of polarity, modality, exception and condition.

interface Reading {
  negative: boolean;
  modality: string[];
  exception: boolean;
  condition: boolean;
}

const EN_NEGATIONS = new Set(['not', 'no', 'never', 'neither', 'nor', 'none', 'nothing', 'nobody', 'cannot']);
const EN_OBLIGATIONS = new Set(['shall', 'must', 'will', 'required', 'obliged', 'obligated']);
const EN_PERMISSIONS = new Set(['may', 'can', 'cannot', 'could', 'entitled']);
const EN_EXCEPTIONS = /\b(?:unless|except|excepting|without|notwithstanding|other than|save (?:as|for|that))\b/;
const EN_CONDITIONS = /\b(?:if|provided|providing|in the event|in case|subject to|on condition|conditional|so long as|as long as)\b/;
/** What follows an epistemic "may" (a possibility, which the sanitizer drops as a hedge). */
const EPISTEMIC_FOLLOWERS = new Set([
  'be',
  'have',
  'become',
  'well',
  'apply',
  'vary',
  'occur',
  'change',
  'differ',
  'arise',
  'result',
  'include',
]);

const ZH_NEGATIONS = /[不未无非没勿]/u;
const ZH_PROHIBITIONS = new Set(['不得', '禁止', '严禁', '不可', '不能', '无权', '不准']);
const ZH_OBLIGATIONS = new Set(['应', '应当', '应该', '须', '必须', '无须', '需', '得']);
const ZH_PERMISSIONS = new Set(['可', '可以', '有权', '可向', '可于', '可从', '可就', '均可']);
/** The segmenter glues a modal verb to what follows (应当在): two-character modal verbs also count as a word's start. */
const startsWithModal = (word: string, lexicon: ReadonlySet<string>) =>
  lexicon.has(word) || [...lexicon].some((modal) => modal.length > 1 && word.startsWith(modal));
const ZH_EXCEPTIONS = /除非|未经|除外|例外|除(?!非)/u;
const ZH_CONDITIONS = new Set(['如', '如果', '若', '假如', '倘若', '一旦', '如遇']);

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const words = (text: string) => [...segmenter.segment(text)].filter((part) => part.isWordLike).map((part) => part.segment.toLowerCase());

/** Hedges of the design that read like conditions ("if possible"): removing them is the point. */
const CONDITION_LIKE_HEDGES = /\b(?:if|where|as far as|to the extent) (?:possible|practicable|appropriate)\b/giu;

function oracle(text: string): Reading {
  const list = words(text.replace(CONDITION_LIKE_HEDGES, ' ').replace(/[’']t\b/giu, ' not'));
  const latin = ` ${list.join(' ')} `;
  const modality = new Set<string>();
  let negative = false;
  let condition = EN_CONDITIONS.test(latin);
  list.forEach((word, index) => {
    const next = list[index + 1];
    if (EN_NEGATIONS.has(word) || (ZH_NEGATIONS.test(word) && word !== '不可抗力')) negative = true;
    const verb = list.slice(index + 1).find((after) => EPISTEMIC_FOLLOWERS.has(after) || !after.endsWith('ly'));
    if (word === 'may' && verb !== undefined && EPISTEMIC_FOLLOWERS.has(verb)) return;
    const negated = next === 'not' || next === 'never';
    if (EN_OBLIGATIONS.has(word)) modality.add(negated ? 'prohibition' : 'obligation');
    if (EN_PERMISSIONS.has(word)) modality.add(negated || word === 'cannot' ? 'prohibition' : 'permission');
    if (startsWithModal(word, ZH_PROHIBITIONS)) modality.add('prohibition');
    else if (startsWithModal(word, ZH_OBLIGATIONS)) modality.add('obligation');
    else if (startsWithModal(word, ZH_PERMISSIONS)) modality.add('permission');
    if (ZH_CONDITIONS.has(word)) condition = true;
  });
  return { negative, modality: [...modality].sort(), exception: EN_EXCEPTIONS.test(latin) || ZH_EXCEPTIONS.test(text), condition };
}

/** Digit runs (1,000.50 as one) and Chinese numerals of two characters or more (三十, 万分之五 gives 万, 五: too short). */
const numbersOf = (text: string) => text.match(/\d+(?:[.,]\d+)*|[零〇一二两三四五六七八九十百千万亿]{2,}/gu) ?? [];

// ---------------------------------------------------------------------------------------------
// The clauses.

/** The shared data folder beside the project (see test/testkit/documents.ts); absent in fresh clones. */
const CONTRACTS_FOLDER = path.resolve(projectDir, '../shared/data/contracts');

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(path.join(CONTRACTS_FOLDER, file), 'utf8')) as T;
  } catch {
    return null;
  }
}

/** Sentences of at least 20 characters, split after a full stop followed by whitespace, and at blank lines. */
const sentences = (text: string) =>
  text
    .split(/\n\s*\n|(?<=[.;])\s+(?=[A-Z"(])/u)
    .map((sentence) => sentence.replace(/\s+/gu, ' ').trim())
    .filter((sentence) => sentence.length >= 20 && !sentence.startsWith('#'));

function accordClauses(): string[] | null {
  let names: string[];
  try {
    names = readdirSync(path.join(CONTRACTS_FOLDER, 'accord_templates')).filter((name) => name.endsWith('.md'));
  } catch {
    return null;
  }
  return names.sort().flatMap((name) => sentences(readFileSync(path.join(CONTRACTS_FOLDER, 'accord_templates', name), 'utf8')));
}

/** CUAD's labelled clause texts (the dev split), skipping the name, party and date labels. */
function cuadClauses(): string[] | null {
  const labels = readJson<{ contracts: Array<{ labels: Record<string, { clauses: string[] }> }> }>('cuad/labels-dev.json');
  if (!labels) return null;
  const skipped = new Set(['Document Name', 'Parties', 'Agreement Date', 'Effective Date']);
  return labels.contracts.flatMap((contract) =>
    Object.entries(contract.labels).flatMap(([category, label]) =>
      skipped.has(category) ? [] : label.clauses.filter((text) => text.length >= 20),
    ),
  );
}

function tosClauses(): string[] | null {
  const labels = readJson<{ documents: Array<{ spans: Array<{ text: string }> }> }>('tos/labels-dev.json');
  if (!labels) return null;
  return labels.documents.flatMap((document) => document.spans.map((span) => span.text).filter((text) => text.length >= 20));
}

const ALWAYS: Array<[string, readonly string[]]> = [
  ['demo knowledge', DEMO_KNOWLEDGE.filter((item) => item.kind === 'CLAUSE').map((item) => item.content)],
  ['Chinese clauses fixture', CHINESE_CLAUSES],
  ['sanitizer fixtures', [...Object.values(DEMO_CLAUSES), ...NUMERIC_CLAUSES.map(({ clause }) => clause)]],
];
const SHARED: Array<[string, () => string[] | null]> = [
  ['Accord templates', accordClauses],
  ['CUAD clauses (dev)', cuadClauses],
  ['terms of service (dev)', tosClauses],
];

// ---------------------------------------------------------------------------------------------

/** What is wrong with the summary of `clause`, or its outcome when nothing is. */
function judge(clause: string): { outcome: 'summarised' | 'degraded' } | { problem: string } {
  const { summary, degradedReason } = summarizeClause(clause);
  const problem = (what: string) => ({ problem: `${what}\n  clause:  ${clause}\n  summary: ${summary}` });
  const expected = oracle(clause);
  const actual = oracle(summary);
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    return problem(`reading ${JSON.stringify(actual)} instead of ${JSON.stringify(expected)}`);
  const lost = numbersOf(clause).filter((number) => !summary.includes(number));
  if (lost.length > 0) return problem(`lost ${lost.join(', ')}`);
  if (degradedReason === null)
    return summary.length <= CLAUSE_SUMMARY_MAX_LENGTH ? { outcome: 'summarised' } : problem('too long, not degraded');
  return hedgeFreeClause(clause).startsWith(summary) ? { outcome: 'degraded' } : problem(`degraded (${degradedReason}) but not the clause`);
}

/** Judges every clause; fails listing (up to 10 of) the clauses whose summary changed the meaning. */
function expectMeaningKept(clauses: readonly string[]): { summarised: number; degraded: number } {
  const verdicts = clauses.map(judge);
  const problems = verdicts.flatMap((verdict) => ('problem' in verdict ? [verdict.problem] : []));
  expect(problems.slice(0, 10), `${problems.length} of ${clauses.length} clauses`).toEqual([]);
  const degraded = verdicts.filter((verdict) => 'outcome' in verdict && verdict.outcome === 'degraded').length;
  expect(verdicts).toHaveLength(clauses.length);
  return { summarised: clauses.length - degraded, degraded };
}

describe('summaries keep the meaning of the clause', () => {
  it.each(ALWAYS)('%s', (_name, clauses) => {
    expect(clauses.length).toBeGreaterThan(4);
    const { summarised, degraded } = expectMeaningKept(clauses);
    expect(summarised + degraded).toBe(clauses.length);
  });

  it.each(SHARED)('%s in the shared data folder', (name, load) => {
    const clauses = load();
    if (clauses === null) {
      console.log(`skipped: ${name}: no shared data at ${CONTRACTS_FOLDER}`);
      return;
    }
    expect(clauses.length).toBeGreaterThan(10);
    const { summarised, degraded } = expectMeaningKept(clauses);
    console.log(`${name}: ${clauses.length} clauses, ${summarised} summarised, ${degraded} degraded`);
  });

  it('the demo knowledge, through the sanitizer: degraded exactly when the content is not a short summary', () => {
    const asOf = new Date('2025-06-01T00:00:00Z');
    const records = DEMO_KNOWLEDGE.map((item, index) => ({
      id: `id-${index}`,
      knowledgeId: `${item.knowledgeId}#${index}`,
      version: item.version,
      kind: item.kind,
      content: item.content,
      tags: item.tags,
      constraint: item.constraint ?? null,
      source: item.source,
      validFrom: new Date('2020-01-01T00:00:00Z'),
      validUntil: new Date('2100-01-01T00:00:00Z'),
      recordedAt: new Date('2020-01-01T00:00:00Z'),
      retractedAt: null,
    }));
    const items = sanitizeKnowledgeSync(records, { asOf });
    expect(items).toHaveLength(records.length);
    for (const item of items) {
      const source = records.find((record) => record.knowledgeId === item.knowledgeId)!.content;
      if (item.kind === 'METADATA') {
        expect(item.content).toBe(source);
        continue;
      }
      expect(oracle(item.content)).toEqual(oracle(source));
      expect(item.degraded).toBe(item.degradedReason !== null);
      if (!item.degraded) expect(item.content.length).toBeLessThanOrEqual(CLAUSE_SUMMARY_MAX_LENGTH);
    }
  });
});

describe('the oracle itself', () => {
  it.each<[string, Partial<Reading>]>([
    ['The Seller shall not disclose the price.', { negative: true, modality: ['prohibition'] }],
    ['The Landlord may terminate this Lease.', { negative: false, modality: ['permission'] }],
    ['Late fees may apply.', { modality: [] }],
    ['The Buyer cannot assign without consent.', { negative: true, modality: ['prohibition'], exception: true }],
    ['If payment is late, interest accrues.', { condition: true, modality: [] }],
    ['未经甲方书面同意，乙方不得转让。', { negative: true, modality: ['prohibition'], exception: true }],
    ['如买方逾期付款，卖方有权解除合同。', { condition: true, modality: ['permission'], negative: false }],
    ['供应商应当在30日内交货。', { modality: ['obligation'], negative: false }],
    ['因不可抗力导致延误的，双方互不承担责任。', { negative: true }],
  ])('reads %s', (text, expected) => {
    expect(oracle(text)).toMatchObject(expected);
  });
});
