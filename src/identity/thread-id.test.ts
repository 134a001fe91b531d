import { describe, expect, it } from 'vitest';
import { deriveThreadId, threadIdPrefix } from './thread-id.js';

const userId = '7bc802b2-d6b9-48fc-bf78-034b214c1b1c';
const sessionId = '5b537d8c-94da-4767-980a-4baed3c93b21';

describe('deriveThreadId', () => {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the name spells the format
  it('is `${userId}:${sessionId}` and starts with the user prefix', () => {
    expect(deriveThreadId(userId, sessionId)).toBe(`${userId}:${sessionId}`);
    expect(deriveThreadId(userId, sessionId).startsWith(threadIdPrefix(userId))).toBe(true);
  });

  it('refuses ids that could widen a prefix match or smuggle a separator', () => {
    for (const bad of ['', '%', 'a_b', `${userId}:x`, 'alice']) {
      expect(() => deriveThreadId(bad, sessionId)).toThrow(/valid id/);
      expect(() => deriveThreadId(userId, bad)).toThrow(/valid id/);
    }
  });

  it('normalises case so one session has exactly one thread id', () => {
    expect(deriveThreadId(userId.toUpperCase(), sessionId.toUpperCase())).toBe(deriveThreadId(userId, sessionId));
  });
});
