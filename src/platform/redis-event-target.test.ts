import { EventEmitter } from 'node:events';
import { createPubSub } from 'graphql-yoga';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResilientEventTarget } from './redis-event-target.js';

/** A Redis as far as the target sees it: commands that answer or fail, messages it can deliver. */
function fakeRedis() {
  const calls: string[] = [];
  const state = { failing: false };
  const answer = (call: string) => {
    calls.push(call);
    return state.failing ? Promise.reject(new Error('Connection is closed.')) : Promise.resolve(1);
  };
  const subscriber = Object.assign(new EventEmitter(), {
    subscribe: (channel: string) => answer(`subscribe ${channel}`),
    unsubscribe: (channel: string) => answer(`unsubscribe ${channel}`),
  });
  const publisher = { publish: (channel: string, message: string) => answer(`publish ${channel} ${message}`) };
  return { calls, state, subscriber, publisher };
}

/** Health as the target reads it, switched by the test. */
function fakeHealth(available = true) {
  const listeners = new Set<(available: boolean) => void>();
  const failures: unknown[] = [];
  return {
    available,
    failures,
    onChange(listener: (available: boolean) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    failed(error: unknown) {
      failures.push(error);
    },
    set(next: boolean) {
      this.available = next;
      for (const listener of listeners) listener(next);
    },
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('ResilientEventTarget', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
  });
  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
  });

  it('delivers to this process at once and publishes to Redis tagged with its origin; its own echo is skipped', async () => {
    const redis = fakeRedis();
    const target = new ResilientEventTarget({ publish: redis.publisher, subscribe: redis.subscriber, health: fakeHealth(), origin: 'me' });
    const bus = createPubSub<{ news: [{ n: number }] }>({ eventTarget: target });
    const stream = bus.subscribe('news')[Symbol.asyncIterator]();
    const first = stream.next();
    bus.publish('news', { n: 1 });
    expect((await first).value).toEqual({ n: 1 });
    expect(redis.calls).toEqual(['subscribe news', 'publish news me|{"n":1}']);
    // The echo of its own publish does not arrive twice; another process's message does.
    const second = stream.next();
    redis.subscriber.emit('message', 'news', 'me|{"n":1}');
    redis.subscriber.emit('message', 'news', 'other|{"n":2}');
    expect((await second).value).toEqual({ n: 2 });
    await stream.return?.();
    expect(redis.calls.at(-1)).toBe('unsubscribe news');
  });

  it('while Redis fails: no rejection escapes, events still reach local listeners, and the failure is reported', async () => {
    const redis = fakeRedis();
    redis.state.failing = true;
    const health = fakeHealth();
    const target = new ResilientEventTarget({ publish: redis.publisher, subscribe: redis.subscriber, health });
    const bus = createPubSub<{ news: [{ n: number }] }>({ eventTarget: target });
    const stream = bus.subscribe('news')[Symbol.asyncIterator]();
    const next = stream.next();
    bus.publish('news', { n: 1 });
    expect((await next).value).toEqual({ n: 1 });
    await stream.return?.();
    await flush();
    expect(redis.calls.map((call) => call.split(' ')[0])).toEqual(['subscribe', 'publish', 'unsubscribe']);
    expect(unhandled).toEqual([]);
    expect(health.failures).toHaveLength(3);
  });

  it('sends nothing while Redis is unavailable, and on its return subscribes every topic with a listener and drops the abandoned', async () => {
    const redis = fakeRedis();
    const health = fakeHealth(false);
    const target = new ResilientEventTarget({ publish: redis.publisher, subscribe: redis.subscriber, health, origin: 'me' });
    const kept = () => {};
    const dropped = () => {};
    target.addEventListener('kept', kept);
    target.addEventListener('dropped', dropped);
    target.removeEventListener('dropped', dropped);
    let received: unknown;
    target.addEventListener('local', (event) => {
      received = event.detail;
    });
    target.dispatchEvent(new CustomEvent('local', { detail: { only: 'here' } }));
    expect(received).toEqual({ only: 'here' });
    expect(redis.calls).toEqual([]);

    health.set(true);
    await flush();
    expect(redis.calls.sort()).toEqual(['subscribe kept', 'subscribe local', 'unsubscribe dropped']);
    // Subscribed again after a second outage too: the subscriptions of a dropped connection are gone.
    redis.calls.length = 0;
    health.set(false);
    health.set(true);
    await flush();
    expect(redis.calls.sort()).toEqual(['subscribe kept', 'subscribe local']);
  });

  it('skips a message it cannot read, and one without an origin', async () => {
    const redis = fakeRedis();
    const target = new ResilientEventTarget({ publish: redis.publisher, subscribe: redis.subscriber, health: fakeHealth(), origin: 'me' });
    const received: unknown[] = [];
    target.addEventListener('news', (event) => received.push(event.detail));
    redis.subscriber.emit('message', 'news', 'other|{not json');
    redis.subscriber.emit('message', 'news', '{"n":1}');
    redis.subscriber.emit('message', 'news', 'other|');
    redis.subscriber.emit('message', 'elsewhere', 'other|{"n":2}');
    expect(received).toEqual([null]);
  });
});
