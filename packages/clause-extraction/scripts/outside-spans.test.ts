import { describe, expect, it } from 'vitest';
import { acceptedSentences, countOutsideSpans, formatSpanTable, parseSpanLabels, type SpanMisses } from './outside-spans.js';
import { extractInsurance } from '../src/insurance.js';

const DUTY = 'Supplier shall maintain general liability insurance of at least $1,000,000 per occurrence.';
const CERTIFICATES = 'Supplier shall deliver certificates of insurance to Buyer on request.';
const CONTRACT = `8. Insurance.\n${DUTY}\n${CERTIFICATES}\nPrices include freight and insurance costs.`;
const spanOf = (text: string, part: string): [number, number] => [text.indexOf(part), text.indexOf(part) + part.length];

describe('acceptedSentences', () => {
  it('lists every sentence a first-match rule accepts, in order and in original offsets', () => {
    const accepted = acceptedSentences(CONTRACT, extractInsurance);
    expect(accepted.map((sentence) => sentence.text)).toEqual([DUTY, CERTIFICATES]);
    expect(accepted.map((sentence) => CONTRACT.slice(sentence.start, sentence.end))).toEqual([DUTY, CERTIFICATES]);
  });

  it('lists nothing when the rule accepts nothing', () => {
    expect(acceptedSentences('Prices include freight and insurance costs.', extractInsurance)).toEqual([]);
  });
});

describe('countOutsideSpans', () => {
  it('sorts accepted sentences into on the labelled span, outside it, and in contracts labelled without the clause', () => {
    const counts = countOutsideSpans(
      [
        { text: CONTRACT, labels: { Insurance: { present: true, spans: [spanOf(CONTRACT, DUTY)] } } },
        { text: CERTIFICATES, labels: { Insurance: { present: false, spans: [] } } },
        { text: 'Neither party shall be liable for lost profits.', labels: {} },
      ],
      { Insurance: extractInsurance },
    );
    expect(counts).toEqual({
      Insurance: { onSpans: 1, outsideSpans: 1, inNegatives: 1, negativeContracts: 1, labelledClauses: 1, missedClauses: 0 },
    });
    expect(formatSpanTable(counts)).toContain('Insurance');
  });

  it('counts a labelled clause as missed only when no accepted sentence reaches any of its pieces, and lists what it counts', () => {
    const unread = 'Prices include freight and insurance costs.';
    const text = CONTRACT;
    const clauses: Array<Array<[number, number]>> = [[spanOf(text, '8. Insurance.'), spanOf(text, DUTY)], [spanOf(text, unread)]];
    const misses: Record<string, SpanMisses> = {};
    const counts = countOutsideSpans(
      [
        {
          id: 'c1',
          text,
          labels: {
            Insurance: {
              present: true,
              spans: clauses.flat(),
              // The first clause is cut in two and its second piece is read; the second clause is not read at all.
              clauses,
            },
          },
        },
        { id: 'c2', text: CERTIFICATES, labels: { Insurance: { present: false, spans: [] } } },
      ],
      { Insurance: extractInsurance },
      misses,
    );
    expect(counts.Insurance).toMatchObject({ labelledClauses: 2, missedClauses: 1, inNegatives: 1 });
    expect(misses.Insurance).toEqual({
      missed: [{ contract: 'c1', text: unread }],
      outside: [{ contract: 'c1', text: CERTIFICATES }],
      inNegatives: [{ contract: 'c2', text: CERTIFICATES }],
    });
  });
});

describe('parseSpanLabels', () => {
  it('reads the spans of each piece of a clause and skips pieces the source could not place', () => {
    const labels = parseSpanLabels({
      contracts: [
        {
          id: 'c1',
          labels: {
            Insurance: { present: true, char_spans: [[[10, 20], null], [[30, 40]]] },
            'Non-Compete': { present: false, char_spans: [] },
            'Audit Rights': { present: false },
          },
        },
      ],
    });
    expect(labels.get('c1')).toEqual({
      Insurance: {
        present: true,
        spans: [
          [10, 20],
          [30, 40],
        ],
        clauses: [[[10, 20]], [[30, 40]]],
      },
      'Non-Compete': { present: false, spans: [], clauses: [] },
      'Audit Rights': { present: false, spans: [], clauses: [] },
    });
  });
});
