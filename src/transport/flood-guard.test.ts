import { describe, expect, it } from 'vitest';
import { SocketFloodGuard } from './flood-guard.js';

describe('socket flood guard', () => {
  it('reports a socket once it is refused more than the threshold within one period', () => {
    const clock = { now: 0 };
    const guard = new SocketFloodGuard<object>(3, 1_000, () => clock.now);
    const socket = {};
    expect([guard.refused(socket), guard.refused(socket), guard.refused(socket)]).toEqual([false, false, false]);
    expect(guard.refused(socket)).toBe(true);
  });

  it('counts each socket apart and starts again after a quiet period', () => {
    const clock = { now: 0 };
    const guard = new SocketFloodGuard<object>(2, 1_000, () => clock.now);
    const one = {};
    const two = {};
    guard.refused(one);
    guard.refused(one);
    expect(guard.refused(two)).toBe(false);
    clock.now = 999;
    expect(guard.refused(one)).toBe(true);
    clock.now = 2_000;
    expect(guard.refused(one)).toBe(false);
    expect(guard.refused(one)).toBe(false);
    expect(guard.refused(one)).toBe(true);
  });
});
