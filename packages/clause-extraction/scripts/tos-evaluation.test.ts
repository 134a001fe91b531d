import { describe, expect, it } from 'vitest';
import { evaluateTos, locateSpan, parseTosLabels, splitTosDocuments } from './tos-evaluation.js';

describe('locateSpan', () => {
  it('keeps exact offsets and finds drifted ones by their text', () => {
    const text = 'Hello. By using the site you agree to these terms. Bye.';
    expect(locateSpan(text, { start: 7, end: 50, text: 'By using the site you agree to these terms.' })).toEqual({ start: 7, end: 50 });
    expect(locateSpan(text, { start: 1, end: 44, text: 'By using the site you agree to these terms.' })).toEqual({ start: 7, end: 50 });
  });
});

describe('evaluateTos', () => {
  const text = 'By using the site you agree to these terms.\nWe may remove your content at any time.\nThe sky is blue today and always.';
  const [document] = parseTosLabels({
    documents: [
      {
        id: 'd',
        file: 'dev/d.txt',
        spans: [
          { category: 'Contract by using', level: 2, start: 0, end: 43, text: 'By using the site you agree to these terms.' },
          { category: 'Content removal', level: 3, start: 44, end: 83, text: 'We may remove your content at any time.' },
          { category: 'Privacy included', level: 2, start: 84, end: 116, text: 'The sky is blue today and always.' },
        ],
      },
    ],
  });

  it('counts sentences per category, scores levels on hits and ignores categories outside the eight', () => {
    const report = evaluateTos([
      {
        ...document!,
        text,
        predicted: [
          { category: 'contract_by_using', level: 2, evidence: { start: 0, end: 43, clauseIndex: 0 } },
          { category: 'content_removal', level: 2, evidence: { start: 44, end: 83, clauseIndex: 0 } },
          { category: 'arbitration', level: 2, evidence: { start: 84, end: 116, clauseIndex: 0 } },
        ],
      },
    ]);
    expect(report.sentences).toBe(3);
    expect(report.categories['Contract by using']).toMatchObject({
      truePositives: 1,
      falsePositives: 0,
      falseNegatives: 0,
      f1: 1,
      levelAccuracy: 1,
    });
    expect(report.categories['Content removal']).toMatchObject({ truePositives: 1, levelAccuracy: 0 });
    // Nothing to find but something predicted: recall 0, as in the CUAD evaluation (one shared helper).
    expect(report.categories.Arbitration).toMatchObject({ truePositives: 0, falsePositives: 1, precision: 0, recall: 0, f1: 0 });
    expect(report.misses).toEqual(['d Arbitration spurious: The sky is blue today and always.']);
    expect(report.macroF1).toBeCloseTo(7 / 8);
  });
});

describe('splitTosDocuments', () => {
  it('holds out every third document in id order, whatever order they come in', () => {
    const ids = ['f', 'a', 'e', 'b', 'd', 'c', 'g'];
    const { develop, heldOut } = splitTosDocuments(ids.map((id) => ({ id })));
    expect(heldOut.map((document) => document.id)).toEqual(['c', 'f']);
    expect(develop.map((document) => document.id)).toEqual(['a', 'b', 'd', 'e', 'g']);
  });
});
