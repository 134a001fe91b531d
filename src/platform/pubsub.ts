import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { createPubSub } from 'graphql-yoga';
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

/**
 * In-process publish/subscribe for live progress. One gateway process needs nothing more;
 * replicas share events through Redis by giving `createPubSub` a Redis event target.
 */
export function createEventBus(redis?: Pick<RedisConnections, 'publish' | 'subscribe'>) {
  if (!redis) return createPubSub<EventTopics & AnyTopics>();
  return createPubSub<EventTopics & AnyTopics>({
    eventTarget: createRedisEventTarget({
      publishClient: redis.publish,
      subscribeClient: redis.subscribe,
      serializer: { stringify: JSON.stringify, parse: parseEvent },
    }),
  });
}

/** Events carry their instant as `at`; JSON turns it into a string, this turns it back. */
export function parseEvent(text: string): unknown {
  return JSON.parse(text, (key, value) => (key === 'at' && typeof value === 'string' ? new Date(value) : value));
}

export type EventBus = ReturnType<typeof createEventBus>;
