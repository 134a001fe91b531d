import { describe, expect, it } from 'vitest';
import { AppError } from '../platform/errors.js';
import { deriveThreadId, threadIdPrefix } from './thread-id.js';

const userId = '7bc802b2-d6b9-48fc-bf78-034b214c1b1c';
const sessionId = '5b537d8c-94da-4767-980a-4baed3c93b21';
const otherUserId = '7bc802b2-d6b9-48fc-bf78-034b214c1b1d';

const errorOf = (call: () => unknown): AppError => {
  try {
    call();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a thrown AppError');
};

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

  it('names the argument that is wrong, as a BAD_USER_INPUT field', () => {
    const badUser = errorOf(() => deriveThreadId('alice', sessionId));
    expect(badUser).toMatchObject({ code: 'BAD_USER_INPUT', message: 'userId is not a valid id.', details: { field: 'userId' } });
    const badSession = errorOf(() => deriveThreadId(userId, 'alice'));
    expect(badSession).toMatchObject({ code: 'BAD_USER_INPUT', message: 'sessionId is not a valid id.', details: { field: 'sessionId' } });
  });

  it('normalises case so one session has exactly one thread id', () => {
    expect(deriveThreadId(userId.toUpperCase(), sessionId.toUpperCase())).toBe(deriveThreadId(userId, sessionId));
  });
});

describe('threadIdPrefix', () => {
  it('is the user id and the separator, so one user prefix never matches another user id that extends it', () => {
    expect(threadIdPrefix(userId)).toBe(`${userId}:`);
    expect(threadIdPrefix(userId.toUpperCase())).toBe(`${userId}:`);
    expect(deriveThreadId(otherUserId, sessionId).startsWith(threadIdPrefix(userId))).toBe(false);
  });

  it('refuses a user id that is not a uuid, naming the field (an empty prefix would match every thread)', () => {
    for (const bad of ['', '%', `${userId}:`]) {
      expect(errorOf(() => threadIdPrefix(bad))).toMatchObject({ code: 'BAD_USER_INPUT', details: { field: 'userId' } });
    }
  });
});
