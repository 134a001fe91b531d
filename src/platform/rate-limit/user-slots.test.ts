import { describe, expect, it } from 'vitest';
import { MemoryUserSlotStore } from './user-slots.js';

describe('in-process user slots', () => {
  it('takes slots up to the limit per user and kind, keeps a holder that has one, and frees on release', () => {
    const store = new MemoryUserSlotStore();
    expect(store.acquire('sockets', 'alice', 'a', 2)).toBe(true);
    expect(store.acquire('sockets', 'alice', 'b', 2)).toBe(true);
    expect(store.acquire('sockets', 'alice', 'c', 2)).toBe(false);
    expect(store.acquire('sockets', 'alice', 'a', 2)).toBe(true);
    expect(store.count('sockets', 'alice')).toBe(2);
    // Other users and the other kind count apart.
    expect(store.acquire('sockets', 'bob', 'a', 2)).toBe(true);
    expect(store.acquire('subscriptions', 'alice', 'a', 1)).toBe(true);
    store.release('sockets', 'alice', 'a');
    store.release('sockets', 'alice', 'a');
    store.release('sockets', 'alice', 'unknown');
    expect(store.count('sockets', 'alice')).toBe(1);
    expect(store.acquire('sockets', 'alice', 'c', 2)).toBe(true);
    expect(store.acquire('sockets', 'alice', 'd', 2)).toBe(false);
  });
});
