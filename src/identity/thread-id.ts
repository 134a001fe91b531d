import { assertUuid } from '../platform/errors.js';

/**
 * The one place a thread id is made: `${userId}:${sessionId}`. Checkpoints live under it, and
 * erasure deletes by the `${userId}:` prefix, so it is never accepted from a client.
 */
export function deriveThreadId(userId: string, sessionId: string): string {
  return `${assertUuid(userId, 'userId')}:${assertUuid(sessionId, 'sessionId')}`;
}

/** The prefix under which every thread of one user lives. */
export function threadIdPrefix(userId: string): string {
  return `${assertUuid(userId, 'userId')}:`;
}
