import { describe, expect, it } from 'vitest';
import { acceptedSentences, countOutsideSpans, formatSpanTable, parseSpanLabels } from './outside-spans.js';
import { extractInsurance } from '../src/review/extraction/insurance.js';

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
    expect(counts).toEqual({ Insurance: { onSpans: 1, outsideSpans: 1, inNegatives: 1, negativeContracts: 1 } });
    expect(formatSpanTable(counts)).toContain('Insurance');
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
      },
      'Non-Compete': { present: false, spans: [] },
      'Audit Rights': { present: false, spans: [] },
    });
  });
});
