import { createPubSub } from 'graphql-yoga';
import type { ReviewBatchProgressEvent, ReviewProgressEvent } from '../review/progress.js';
import type { ErasureProgressEvent, UserErasedEvent } from '../erasure/service.js';

/** Events by topic. Domains add their topics here as they publish them. */
export type EventTopics = {
  [topic: `session:${string}`]: [{ kind: 'CLOSED' | 'UPDATED'; sessionId: string }];
  [topic: `review:${string}`]: [ReviewProgressEvent];
  [topic: `reviewBatch:${string}`]: [ReviewBatchProgressEvent];
  [topic: `erasure:${string}`]: [ErasureProgressEvent];
  userErased: [UserErasedEvent];
};

/**
 * In-process publish/subscribe for live progress. One gateway process needs nothing more;
 * replicas share events through Redis by giving `createPubSub` a Redis event target.
 */
export function createEventBus() {
  return createPubSub<EventTopics>();
}

export type EventBus = ReturnType<typeof createEventBus>;
