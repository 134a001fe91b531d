/** Where a numeric expression starts and stops: letters around it, ordinals, number words, ranges. */
import { describe, expect, it } from 'vitest';
import { extractNumericExpressions } from './numeric-expressions.js';

describe('extractNumericExpressions edges', () => {
  it.each<[string, string[]]>([
    // A unit must be a whole word, and a currency code must not end a longer word.
    ['a 30 dayshift', ['30']],
    ['within 30 daysx', ['30']],
    ['BUSD 5,000 and USD 6', ['5,000', 'USD 6']],
    // Ordinals, "hundred" and a currency after the number belong to the expression.
    ['due on May 1st, 2024', ['May 1st, 2024']],
    ['two hundred days', ['two hundred days']],
    ['5,000 USD', ['5,000 USD']],
    // A range is two expressions joined by nothing but its joiner.
    ['5%-10%', ['5%-10%']],
    ['3至5年', ['3至5年']],
    ['30 to 60 days', ['30 to 60 days']],
    ['5% - see 10%', ['5%', '10%']],
  ])('%s', (text, expected) => {
    expect(extractNumericExpressions(text)).toEqual(expected);
  });
});
