import { describe, expect, it } from 'vitest';
import { ExpiringCache, SharedLoads } from './expiring-cache.js';

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

describe('SharedLoads', () => {
  it('runs one load for concurrent callers of a key, and a new one after it settles', async () => {
    const loads = new SharedLoads<string, number>();
    let calls = 0;
    let release!: (value: number) => void;
    const load = () => {
      calls += 1;
      return new Promise<number>((resolve) => {
        release = resolve;
      });
    };
    const waiting = [loads.run('a', load), loads.run('a', load), loads.run('a', load)];
    const other = loads.run('b', () => Promise.resolve(7));
    release(42);
    expect(await Promise.all(waiting)).toEqual([42, 42, 42]);
    expect(await other).toBe(7);
    expect(calls).toBe(1);
    const again = loads.run('a', load);
    release(43);
    expect(await again).toBe(43);
    expect(calls).toBe(2);
  });

  it('shares a failure with every waiting caller and does not keep it', async () => {
    const loads = new SharedLoads<string, number>();
    const failing = [loads.run('a', () => Promise.reject(new Error('down'))), loads.run('a', () => Promise.resolve(1))];
    for (const result of await Promise.allSettled(failing)) expect(result).toMatchObject({ status: 'rejected' });
    expect(await loads.run('a', () => Promise.resolve(2))).toBe(2);
  });
});
