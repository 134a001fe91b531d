import { describe, expect, it } from 'vitest';
import { ExpiringCache } from './expiring-cache.js';

describe('ExpiringCache', () => {
  const clock = (start = 1_000) => {
    const state = { now: start };
    return { state, now: () => state.now };
  };

  it('returns a value until its expiry instant and never after', () => {
    const { state, now } = clock();
    const cache = new ExpiringCache<string, number>(10, now);
    cache.set('a', 1, 1_500);
    state.now = 1_499;
    expect(cache.get('a')).toBe(1);
    state.now = 1_500;
    expect(cache.get('a')).toBeUndefined();
    // An expired entry is dropped on the read that finds it expired.
    expect(cache.size).toBe(0);
  });

  it('does not store a value that is already expired', () => {
    const { now } = clock();
    const cache = new ExpiringCache<string, number>(10, now);
    cache.set('a', 1, 1_000);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds at most maxEntries and evicts the least recently used first', () => {
    const { now } = clock();
    const cache = new ExpiringCache<string, number>(3, now);
    cache.set('a', 1, 9_999);
    cache.set('b', 2, 9_999);
    cache.set('c', 3, 9_999);
    expect(cache.get('a')).toBe(1); // a is now the most recently used; b the least
    cache.set('d', 4, 9_999);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([1, 3, 4]);
    for (let i = 0; i < 100; i++) cache.set(`k${i}`, i, 9_999);
    expect(cache.size).toBe(3);
    expect([cache.get('k97'), cache.get('k98'), cache.get('k99')]).toEqual([97, 98, 99]);
  });

  it('replaces a value and its expiry on set; delete and clear drop entries', () => {
    const { state, now } = clock();
    const cache = new ExpiringCache<string, number>(3, now);
    cache.set('a', 1, 2_000);
    cache.set('a', 2, 5_000);
    state.now = 3_000;
    expect(cache.get('a')).toBe(2);
    cache.set('b', 3, 5_000);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    cache.clear();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('refuses a size that is not a positive integer', () => {
    expect(() => new ExpiringCache(0)).toThrow(/positive/);
  });
});
