import { describe, expect, it } from 'vitest';
import { createRulesProvider } from '../../../platform/llm/rules-provider.js';
import { extractFields } from '@suanni/clause-extraction';
import { ASSIST_LIMITS, assistAnswerSchema, assistExtraction, mergeAssistAnswer, selectAssistRequest } from './model-extraction.js';
import { HOUSEHOLD_SERVICES_CONTRACT as CONTRACT } from '@suanni/clause-extraction/fixtures';

const clauseWith = (contract: ReturnType<typeof extractFields>, words: string) => {
  const clause = contract.clauses.find((candidate) => candidate.text.includes(words));
  if (!clause) throw new Error(`no clause with ${words}`);
  return clause;
};

describe('selectAssistRequest', () => {
  const contract = extractFields(CONTRACT);

  it('asks about kinds the rules missed, showing the clauses that carry their cue words', () => {
    expect(contract.terminationForConvenience).toBeNull();
    const request = selectAssistRequest(contract);
    expect(request.fields).toContain('terminationForConvenience');
    expect(request.clauses.map((clause) => clause.index)).toContain(clauseWith(contract, '不想用了').index);
  });

  it('asks to confirm what the rules found, showing its evidence clause', () => {
    expect(contract.insurance).not.toBeNull();
    const request = selectAssistRequest(contract);
    expect(request.fields).toContain('insurance');
    expect(request.clauses.map((clause) => clause.index)).toContain(contract.insurance!.evidence.clauseIndex);
  });

  it('shows no clause without a cue and asks nothing about kinds with no candidate', () => {
    const request = selectAssistRequest(contract);
    expect(request.clauses.map((clause) => clause.index)).not.toContain(clauseWith(contract, '每月人民币九千元').index);
    expect(request.fields).not.toContain('changeOfControl');
    expect(request.fields).not.toContain('ipOwnershipAssignment');
  });

  it('sends nothing for a text with no candidate clause at all', () => {
    expect(selectAssistRequest(extractFields('1. The parties met on a sunny day.\n2. They had lunch.'))).toEqual({
      fields: [],
      clauses: [],
    });
  });

  it('keeps within the clause, per-kind and character limits', () => {
    const long = Array.from(
      { length: 80 },
      (_, index) => `${index + 1}. Either party may terminate, assign or audit; insurance; ${'x'.repeat(3_000)}`,
    ).join('\n');
    const contract = extractFields(long);
    const request = selectAssistRequest(contract);
    expect(request.clauses.length).toBeGreaterThan(0);
    expect(request.clauses.length).toBeLessThanOrEqual(ASSIST_LIMITS.clauses);
    for (const clause of request.clauses) expect(clause.text.length).toBeLessThanOrEqual(ASSIST_LIMITS.clauseChars);
    // With every clause alike, each kind brings at most `perField` clauses: the first ones.
    expect(request.clauses.map((clause) => clause.index)).toEqual([...request.clauses.map((clause) => clause.index)].sort((a, b) => a - b));
  });
});

describe('assistAnswerSchema', () => {
  const contract = extractFields(CONTRACT);
  const request = selectAssistRequest(contract);
  const shown = request.clauses[0]!.index;
  const schema = assistAnswerSchema(request);

  it('accepts answers about kinds asked that point at clauses shown', () => {
    expect(schema.safeParse({ answers: [{ field: 'terminationForConvenience', present: true, clauseIndex: shown }] }).success).toBe(true);
    expect(schema.safeParse({ answers: [{ field: 'insurance', present: false, clauseIndex: null }] }).success).toBe(true);
  });

  it('refuses a clause that was not shown, a kind not asked, and a present answer without a clause', () => {
    expect(schema.safeParse({ answers: [{ field: 'terminationForConvenience', present: true, clauseIndex: 999 }] }).success).toBe(false);
    expect(schema.safeParse({ answers: [{ field: 'changeOfControl', present: true, clauseIndex: shown }] }).success).toBe(false);
    expect(schema.safeParse({ answers: [{ field: 'terminationForConvenience', present: true, clauseIndex: null }] }).success).toBe(false);
    expect(schema.safeParse({ answers: 'none' }).success).toBe(false);
  });
});

describe('mergeAssistAnswer', () => {
  const contract = extractFields(CONTRACT);
  const request = selectAssistRequest(contract);
  const termination = clauseWith(contract, '不想用了');

  it('adds a kind the rules missed with the whole clause as evidence, marked as the model’s', () => {
    const outcome = mergeAssistAnswer(contract, request, {
      answers: [{ field: 'terminationForConvenience', present: true, clauseIndex: termination.index }],
    });
    expect(outcome.added).toEqual(['terminationForConvenience']);
    expect(outcome.contract.terminationForConvenience).toEqual({
      present: true,
      source: 'model',
      evidence: { start: termination.start, end: termination.end, clauseIndex: termination.index },
    });
    expect(CONTRACT.slice(termination.start, termination.end)).toContain('不想用了');
    // The input is not changed.
    expect(contract.terminationForConvenience).toBeNull();
  });

  it('keeps a rule’s finding the model disputes, and counts confirmations and disputes', () => {
    const disputed = mergeAssistAnswer(contract, request, { answers: [{ field: 'insurance', present: false, clauseIndex: null }] });
    expect(disputed.disputed).toEqual(['insurance']);
    expect(disputed.contract.insurance).toEqual(contract.insurance);
    const confirmed = mergeAssistAnswer(contract, request, {
      answers: [{ field: 'insurance', present: true, clauseIndex: contract.insurance!.evidence.clauseIndex }],
    });
    expect(confirmed).toMatchObject({ confirmed: ['insurance'], disputed: [], added: [] });
  });

  it('takes the first answer for a kind and ignores absent ones', () => {
    const outcome = mergeAssistAnswer(contract, request, {
      answers: [
        { field: 'terminationForConvenience', present: false, clauseIndex: null },
        { field: 'terminationForConvenience', present: true, clauseIndex: termination.index },
      ],
    });
    expect(outcome.added).toEqual([]);
    expect(outcome.contract.terminationForConvenience).toBeNull();
  });

  it('adds a cap on liability as capped with no amount, or marks a found carve-out as also limited', () => {
    const plain = extractFields(
      '1. Fees. The Customer pays monthly.\n2. Liability. Damages recoverable by either party are limited as set out in Schedule 3.',
    );
    expect(plain.liabilityCap).toBeNull();
    const capRequest = { fields: ['liabilityCap' as const], clauses: [{ index: 1, text: plain.clauses[1]!.text }] };
    const outcome = mergeAssistAnswer(plain, capRequest, { answers: [{ field: 'liabilityCap', present: true, clauseIndex: 1 }] });
    expect(outcome.contract.liabilityCap).toMatchObject({ kind: 'capped', limited: true, amount: null, source: 'model' });
  });
});

describe('assistExtraction', () => {
  it('with the rules provider asks no model and changes nothing', async () => {
    const contract = extractFields(CONTRACT);
    const outcome = await assistExtraction(contract, createRulesProvider());
    expect(outcome.added).toEqual([]);
    expect(outcome.contract).toEqual(contract);
    expect(outcome.call).toMatchObject({ provider: 'rules', degraded: false });
  });
});
