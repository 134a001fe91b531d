import { describe, expect, it } from 'vitest';
import { isStorableContractId, ReviewInputCheck } from './inputs.js';

const check = new ReviewInputCheck({ maxTextBytes: 20 });
const valid = { contractId: 'c-1', title: 'NDA', text: 'Term: 12 months.' };

describe('ReviewInputCheck', () => {
  it('accepts a valid input', () => {
    expect(check.problem(valid)).toBeNull();
  });

  it('reports the first problem in field order with its field', () => {
    expect(check.problem({ contractId: ' bad', title: '', text: '' })).toEqual({
      message: 'contractId must be 1-128 letters, digits and . _ : / # -.',
      field: 'contractId',
    });
    expect(check.problem({ ...valid, title: '   ', text: '' })).toEqual({ message: 'title must be 1-300 characters.', field: 'title' });
    expect(check.problem({ ...valid, title: 'x'.repeat(301) })).toEqual({ message: 'title must be 1-300 characters.', field: 'title' });
    expect(check.problem({ ...valid, text: ' \n ' })).toEqual({ message: 'text must not be empty.', field: 'text' });
  });

  it('measures the text in UTF-8 bytes', () => {
    expect(check.problem({ ...valid, text: '合同'.repeat(4) })).toEqual({ message: 'text is 24 bytes; the limit is 20.', field: 'text' });
  });

  it('refuses characters PostgreSQL cannot store', () => {
    expect(check.problem({ ...valid, text: 'a\u0000b' })?.field).toBe('text');
    expect(check.problem({ ...valid, title: 'a\u0000b' })?.field).toBe('title');
  });

  it('knows storable contract ids', () => {
    expect(isStorableContractId('acme/nda#2')).toBe(true);
    expect(isStorableContractId('-x')).toBe(false);
  });
});
