import { describe, expect, it } from 'vitest';
import { editDistance, nearestName } from './nearest-name.js';

describe('nearestName', () => {
  it('finds the command or setting a slip was meant to be', () => {
    expect(editDistance('reveiw', 'review')).toBe(2);
    expect(nearestName('reveiw', ['start', 'review', 'erase'])).toBe('review');
    expect(nearestName('SUANNI_REVIEW_CONCURENCY', ['SUANNI_ROLE', 'SUANNI_REVIEW_CONCURRENCY'])).toBe('SUANNI_REVIEW_CONCURRENCY');
    expect(nearestName('suanni_role', ['SUANNI_ROLE'])).toBe('SUANNI_ROLE');
  });

  it('suggests nothing for a name far from every known one', () => {
    expect(nearestName('deploy', ['start', 'review', 'erase'])).toBeUndefined();
    expect(nearestName('x', [])).toBeUndefined();
  });
});
