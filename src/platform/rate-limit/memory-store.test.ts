import { describe, expect, it } from 'vitest';
import type { ClassCosts, RateLimits } from './limits.js';
import { MemoryRateLimitStore } from './memory-store.js';

const limits: RateLimits = {
  user: { reads: 3, writes: 2, model: 4 },
  tenant: { reads: 5, writes: 10, model: 10 },
  periodMs: 1_000,
};
const reads: ClassCosts = { reads: 1, writes: 0, model: 0 };
const writes: ClassCosts = { reads: 0, writes: 1, model: 0 };
const model = (n: number): ClassCosts => ({ reads: 0, writes: 0, model: n });
const alice = { userId: 'alice', tenantId: 'acme' };
const bob = { userId: 'bob', tenantId: 'acme' };

function clocked() {
  const clock = { now: 0 };
  return { clock, store: new MemoryRateLimitStore(() => clock.now) };
}

describe('in-process GCRA rate limits', () => {
  it('allows a full burst of the limit, then refuses with the wait until one more fits', () => {
    const { store } = clocked();
    for (let i = 0; i < 3; i++) expect(store.consume(alice, reads, limits)).toEqual({ allowed: true });
    expect(store.consume(alice, reads, limits)).toEqual({
      allowed: false,
      reason: 'TOO_MANY_REQUESTS',
      scope: 'user',
      operationClass: 'reads',
      limit: 3,
      cost: 1,
      periodMs: 1_000,
      retryAfterMs: expect.closeTo(1_000 / 3, 6),
    });
  });

  it('recovers one operation per period / limit, never more than the limit at once', () => {
    const { clock, store } = clocked();
    for (let i = 0; i < 3; i++) store.consume(alice, reads, limits);
    clock.now = 1_000 / 3 - 1;
    expect(store.consume(alice, reads, limits).allowed).toBe(false);
    clock.now = 1_000 / 3;
    expect(store.consume(alice, reads, limits).allowed).toBe(true);
    expect(store.consume(alice, reads, limits).allowed).toBe(false);
    clock.now = 100_000;
    for (let i = 0; i < 3; i++) expect(store.consume(alice, reads, limits).allowed).toBe(true);
    expect(store.consume(alice, reads, limits).allowed).toBe(false);
  });

  it('charges the tenant bucket for every user of the tenant', () => {
    const { store } = clocked();
    for (let i = 0; i < 3; i++) store.consume(alice, reads, limits);
    expect(store.consume(bob, reads, limits).allowed).toBe(true);
    expect(store.consume(bob, reads, limits).allowed).toBe(true);
    expect(store.consume(bob, reads, limits)).toMatchObject({ allowed: false, scope: 'tenant', limit: 5 });
    expect(store.consume({ userId: 'carol', tenantId: 'other' }, reads, limits).allowed).toBe(true);
  });

  it('keeps the classes apart', () => {
    const { store } = clocked();
    store.consume(alice, writes, limits);
    store.consume(alice, writes, limits);
    expect(store.consume(alice, writes, limits)).toMatchObject({ allowed: false, operationClass: 'writes' });
    expect(store.consume(alice, reads, limits).allowed).toBe(true);
    expect(store.consume(alice, model(1), limits).allowed).toBe(true);
  });

  it('weighs a cost of n as n operations and refuses a cost over the limit outright', () => {
    const { clock, store } = clocked();
    expect(store.consume(alice, model(3), limits).allowed).toBe(true);
    expect(store.consume(alice, model(2), limits)).toMatchObject({ allowed: false, cost: 2, retryAfterMs: 250 });
    expect(store.consume(alice, model(1), limits).allowed).toBe(true);
    clock.now = 10_000;
    expect(store.consume(alice, model(5), limits)).toEqual({
      allowed: false,
      reason: 'COST_EXCEEDS_LIMIT',
      scope: 'user',
      operationClass: 'model',
      limit: 4,
      cost: 5,
      periodMs: 1_000,
      retryAfterMs: null,
    });
  });

  it('charges nothing when one of the buckets refuses (all or nothing)', () => {
    const { store } = clocked();
    const both: ClassCosts = { reads: 1, writes: 1, model: 0 };
    store.consume(alice, writes, limits);
    store.consume(alice, writes, limits);
    // Writes are full: the read in the same operation must not be charged either.
    for (let i = 0; i < 5; i++) expect(store.consume(alice, both, limits).allowed).toBe(false);
    for (let i = 0; i < 3; i++) expect(store.consume(alice, reads, limits).allowed).toBe(true);
  });

  it('names the bucket that waits longest', () => {
    const { store } = clocked();
    const tight: RateLimits = { ...limits, tenant: { reads: 2, writes: 10, model: 10 } };
    store.consume(alice, reads, tight);
    store.consume(alice, reads, tight);
    // User: 1 left of 3; tenant: full at 2 → the tenant refuses.
    expect(store.consume(alice, reads, tight)).toMatchObject({ allowed: false, scope: 'tenant', retryAfterMs: 500 });
  });

  it('forgets subjects whose buckets are full again', () => {
    const { clock, store } = clocked();
    store.consume(alice, reads, limits);
    store.consume(bob, model(4), limits);
    expect(store.size).toBe(3);
    clock.now = 500;
    store.sweep();
    // Alice's read is back (333 ms), so is the tenant's (4 of 10 model → 400 ms); Bob's 4 of 4 is not.
    expect(store.size).toBe(1);
    clock.now = 1_000;
    store.sweep();
    expect(store.size).toBe(0);
  });
});
