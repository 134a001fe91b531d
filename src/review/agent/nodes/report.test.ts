import { describe, expect, it } from 'vitest';
import { extractFields } from '@suanni/clause-extraction';
import { extractedSummary } from './report.js';

describe('extractedSummary: who found a field', () => {
  it('names the fields a clause classifier found where the rules found nothing', () => {
    const summary = extractedSummary(extractFields('This licence will automatically expire upon a change of control of the Licensee.'));
    expect(summary).toMatchObject({ changeOfControl: true, foundByClassifier: 'changeOfControl' });
    expect(summary.foundByModel).toBeUndefined();
  });

  it('names none when the rules found them', () => {
    const summary = extractedSummary(extractFields('Licensor may terminate this Agreement upon a change of control of Licensee.'));
    expect(summary.changeOfControl).toBe(true);
    expect(summary.foundByClassifier).toBeUndefined();
  });

  it('names each source apart when the model and a classifier both added fields', () => {
    const fields = extractFields('This licence will automatically expire upon a change of control of the Licensee.');
    const evidence = { start: 0, end: 4, clauseIndex: 0 };
    const summary = extractedSummary({
      ...fields,
      insurance: { present: true, evidence, source: 'model' },
      exclusivity: { present: true, evidence, source: 'model' },
    });
    expect(summary).toMatchObject({ foundByModel: 'exclusivity,insurance', foundByClassifier: 'changeOfControl' });
  });
});
