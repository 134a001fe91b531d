import { createPubSub } from 'graphql-yoga';

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
export function createEventBus() {
  return createPubSub<EventTopics & AnyTopics>();
}

export type EventBus = ReturnType<typeof createEventBus>;
