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
  };
  const connections = { publish: { publish: async () => 1 }, subscribe: subscriber, health };
  return { connections, health, subscriber };
}

describe('EventBus.watch', () => {
  it('listens from the moment it is called: an event published before the first read is delivered', async () => {
    const bus = createEventBus();
    const watched = bus.watch('unit-test:a');
    bus.publish('unit-test:a', { n: 1 });
    expect(await watched.next()).toEqual({ value: { n: 1 }, done: false });
    await watched.return?.(undefined);
  });

  it('yields RESYNC each time Redis is back, between events, and stops once returned (even unread)', async () => {
    const { connections, health } = fakeRedis();
    const bus = createEventBus(connections);
    const watched = bus.watch('unit-test:b');
    health.set(false);
    health.set(true);
    // The resync travels as an event of its own (to reach other processes too): it arrives a moment later.
    await new Promise((resolve) => setImmediate(resolve));
    bus.publish('unit-test:b', { n: 2 });
    expect(await watched.next()).toEqual({ value: RESYNC, done: false });
    expect(await watched.next()).toEqual({ value: { n: 2 }, done: false });
    const waiting = watched.next();
    health.set(false);
    health.set(true);
    expect(await waiting).toEqual({ value: RESYNC, done: false });
    await watched.return?.(undefined);
    expect(await watched.next()).toEqual({ value: undefined, done: true });
    const unread = bus.watch('unit-test:c');
    await unread.return?.(undefined);
    expect(await unread.next()).toEqual({ value: undefined, done: true });
  });

  it('yields RESYNC when another process sharing the Redis announces it is back (its events during the outage were lost)', async () => {
    const { connections, subscriber } = fakeRedis();
    const bus = createEventBus(connections);
    const watched = bus.watch('unit-test:d');
    const waiting = watched.next();
    subscriber.emit('message', 'eventBusResync', 'another-process|{}');
    expect(await waiting).toEqual({ value: RESYNC, done: false });
    await watched.return?.(undefined);
  });
});
