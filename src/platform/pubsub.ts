import { createPubSub, Repeater } from 'graphql-yoga';
import { ResilientEventTarget } from './redis-event-target.js';
import type { RedisConnections } from './redis.js';

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
 * Yielded by {@link EventBus.watch} when this process's Redis is back after an outage: events of
 * the topic may have been missed meanwhile, and the watcher re-reads what it shows from PostgreSQL.
 */
export const RESYNC: unique symbol = Symbol('resync');
export type Resync = typeof RESYNC;

/**
 * In-process publish/subscribe for live progress. One gateway process needs nothing more;
 * replicas share events through Redis with a {@link ResilientEventTarget}: this process's
 * listeners always get its events at once, the other processes through Redis while it answers.
 */
export function createEventBus(redis?: Pick<RedisConnections, 'publish' | 'subscribe' | 'health'>) {
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
  return {
    publish: pubsub.publish,
    subscribe: pubsub.subscribe,
    /**
     * The topic's events, and {@link RESYNC} each time Redis is back after an outage (never
     * without Redis): a watcher that must not miss the last event re-reads its state then.
     */
    watch<K extends Topic>(topic: K): Repeater<Topics[K][0] | Resync> {
      return new Repeater<Topics[K][0] | Resync>(async (push, stop) => {
        const source = pubsub.subscribe(topic as Parameters<typeof pubsub.subscribe>[0]);
        const unwatch = redis?.health.onChange((available) => {
          if (available) void push(RESYNC);
        });
        void stop.then(() => {
          unwatch?.();
          void source.return?.(undefined);
        });
        for await (const event of source) await push(event as Topics[K][0]);
        stop();
      });
    },
  };
}

/** Events carry their instant as `at`; JSON turns it into a string, this turns it back. */
export function parseEvent(text: string): unknown {
  return JSON.parse(text, (key, value) => (key === 'at' && typeof value === 'string' ? new Date(value) : value));
}

export type EventBus = ReturnType<typeof createEventBus>;
