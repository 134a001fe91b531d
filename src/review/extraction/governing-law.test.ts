import { describe, expect, it } from 'vitest';
import { extractFields } from './extract-fields.js';

const law = (text: string) => extractFields(text).governingLaw?.jurisdiction ?? null;

describe('governing law', () => {
  it.each([
    ['This Agreement shall be governed by the laws and judicial decisions of the State of Florida.', 'Florida'],
    [
      'Effective legislation of the Republic of Kazakhstan shall apply to any relations of the Parties arising out of this Contract.',
      'Kazakhstan',
    ],
    [
      'This Agreement is accepted by Company in the State of Nevada and shall be governed by and construed in accordance with the laws thereof.',
      'Nevada',
    ],
    ['This Agreement shall be governed by the internal laws State of New York.', 'New York'],
    ['This AGREEMENT is controlled by the laws of the State of Texas.', 'Texas'],
    ['This Agreement is governed by English law.', 'England'],
  ])('%j', (text, expected) => {
    expect(law(text)).toBe(expected);
  });

  it('does not take a company description for a choice of law', () => {
    expect(law('Acme Inc., a corporation organized under the laws of the State of Delaware, and Beta LLC agree as follows.')).toBeNull();
  });
});
