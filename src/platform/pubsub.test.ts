import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createEventBus, RESYNC } from './pubsub.js';

declare module './pubsub.js' {
  interface EventTopics {
    [topic: `unit-test:${string}`]: [{ n: number }];
  }
}

/** Redis connections that answer every command, with health switched by the test. */
function fakeRedis() {
  const listeners = new Set<(available: boolean) => void>();
  const subscriber = Object.assign(new EventEmitter(), { subscribe: async () => 1, unsubscribe: async () => 1 });
  const health = {
    available: true,
    onChange(listener: (available: boolean) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    failed() {},
    set(available: boolean) {
      health.available = available;
      for (const listener of listeners) listener(available);
    },
    get listeners() {
      return listeners.size;
    },
  };
  const connections = { publish: { publish: async () => 1 }, subscribe: subscriber, health };
  return { connections, health };
}

describe('EventBus.watch', () => {
  it('listens from the moment it is called: an event published before the first read is delivered', async () => {
    const bus = createEventBus();
    const watched = bus.watch('unit-test:a');
    bus.publish('unit-test:a', { n: 1 });
    expect(await watched.next()).toEqual({ value: { n: 1 }, done: false });
    await watched.return?.(undefined);
  });

  it('yields RESYNC each time Redis is back, between events, and stops listening once returned (even unread)', async () => {
    const { connections, health } = fakeRedis();
    const bus = createEventBus(connections);
    const watched = bus.watch('unit-test:b');
    health.set(false);
    health.set(true);
    bus.publish('unit-test:b', { n: 2 });
    expect(await watched.next()).toEqual({ value: RESYNC, done: false });
    expect(await watched.next()).toEqual({ value: { n: 2 }, done: false });
    const waiting = watched.next();
    health.set(false);
    health.set(true);
    expect(await waiting).toEqual({ value: RESYNC, done: false });
    expect(health.listeners).toBeGreaterThan(0);
    const before = health.listeners;
    await watched.return?.(undefined);
    expect(health.listeners).toBe(before - 1);
    expect(await watched.next()).toEqual({ value: undefined, done: true });

    const unread = bus.watch('unit-test:c');
    await unread.return?.(undefined);
    expect(health.listeners).toBe(before - 1);
  });
});
