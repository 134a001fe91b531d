import { createPubSub } from 'graphql-yoga';
import { type PublishClient, ResilientEventTarget, type SubscribeClient } from './redis-event-target.js';
import type { RedisHealth } from './redis.js';

/**
 * Events by topic, declared by the domains that publish them (declaration merging), so that
 * this module depends on no domain:
 *
 * ```ts
 * declare module '../platform/pubsub.js' {
 *   interface EventTopics {
 *     [topic: `review:${string}`]: [ReviewProgressEvent];
 *   }
 * }
 * ```
 * A topic maps to the tuple of its payload.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging
export interface EventTopics {}

/** What yoga's pubsub requires of a topic map; interfaces have no implicit index signature. */
type AnyTopics = Record<string, [] | [unknown]>;

type Topics = EventTopics & AnyTopics;
type Topic = Extract<keyof Topics, string>;

/**
 * Yielded by {@link EventBus.watch} when any process sharing the Redis (this one included) is back
 * from an outage: events it published meanwhile reached nobody else, so a watcher re-reads what it
 * shows from PostgreSQL.
 */
export const RESYNC: unique symbol = Symbol('resync');
export type Resync = typeof RESYNC;

/** Published by a process whose Redis is back (and delivered to itself): every watcher resyncs. */
const RESYNC_TOPIC = 'eventBusResync';

/**
 * In-process publish/subscribe for live progress. One gateway process needs nothing more;
 * replicas share events through Redis with a {@link ResilientEventTarget}: this process's
 * listeners always get its events at once, the other processes through Redis while it answers.
 */
export function createEventBus(redis?: {
  publish: PublishClient;
  subscribe: SubscribeClient;
  health: Pick<RedisHealth, 'available' | 'onChange' | 'failed'>;
}) {
  const pubsub = createPubSub<Topics>(
    redis
      ? {
          eventTarget: new ResilientEventTarget({
            publish: redis.publish,
            subscribe: redis.subscribe,
            health: redis.health,
            serializer: { stringify: JSON.stringify, parse: parseEvent },
          }),
        }
      : undefined,
  );
  /** Wakes each open watcher with a RESYNC. */
  const watchers = new Set<() => void>();
  if (redis) {
    const resyncs = pubsub.subscribe(RESYNC_TOPIC);
    void (async () => {
      for await (const _ of resyncs) for (const resync of watchers) resync();
    })();
    // Back from an outage: what this process published meanwhile reached only itself, and what others
    // published did not reach it. Both sides resync: here through local delivery, elsewhere through Redis.
    redis.health.onChange((available) => {
      if (available) pubsub.publish(RESYNC_TOPIC, {});
    });
  }
  return {
    publish: pubsub.publish,
    subscribe: pubsub.subscribe,
    /**
     * The topic's events, and {@link RESYNC} each time a process sharing the Redis is back from an
     * outage (never without Redis): a watcher that must not miss the last event re-reads its state then.
     *
     * Subscribed at once, when called (yoga's `subscribe` starts listening only at the first
     * `next()`): an event published while the watcher reads its current state is not missed. So
     * the caller must `return()` it however it ends, also when it never read from it.
     */
    watch<K extends Topic>(topic: K): AsyncIterableIterator<Topics[K][0] | Resync> {
      const source = pubsub.subscribe(topic as Parameters<typeof pubsub.subscribe>[0])[Symbol.asyncIterator]();
      // The first next() runs the subscription's executor, which adds the listener now.
      let nextEvent = source.next();
      let resyncs = 0;
      let wake: (() => void) | undefined;
      let done = false;
      const resync = () => {
        resyncs += 1;
        wake?.();
      };
      watchers.add(resync);
      const finish = async (): Promise<IteratorResult<Topics[K][0] | Resync>> => {
        if (!done) {
          done = true;
          watchers.delete(resync);
          await source.return?.(undefined);
        }
        return { value: undefined, done: true };
      };
      return {
        async next() {
          if (done) return { value: undefined, done: true };
          if (resyncs === 0) {
            const woken = new Promise<'resync'>((resolve) => {
              wake = () => resolve('resync');
            });
            const result = await Promise.race([nextEvent, woken]);
            wake = undefined;
            if (result !== 'resync') {
              if (result.done) return finish();
              nextEvent = source.next();
              // The topic's events are of its payload type.
              return { value: result.value as Topics[K][0], done: false };
            }
          }
          resyncs -= 1;
          return { value: RESYNC, done: false };
        },
        return: finish,
        [Symbol.asyncIterator]() {
          return this;
        },
      };
    },
  };
}

/** Events carry their instant as `at`; JSON turns it into a string, this turns it back. */
export function parseEvent(text: string): unknown {
  return JSON.parse(text, (key, value) => (key === 'at' && typeof value === 'string' ? new Date(value) : value));
}

export type EventBus = ReturnType<typeof createEventBus>;
