import { createHmac } from 'node:crypto';

/**
 * Keyed hashes (HMAC-SHA256) of erased subjects. Tombstones and audit records hold only these:
 * without the key the id cannot be recovered or confirmed by guessing.
 */
export class SubjectHasher {
  constructor(private readonly key: string) {
    if (key.length < 32) throw new Error('the erasure hash key must be at least 32 characters');
  }

  /** Hash of an internal user id (what writers know). */
  userHash(userId: string): string {
    return createHmac('sha256', this.key).update(`user\u0000${userId.toLowerCase()}`).digest('hex');
  }

  /** Hash of a token subject within its tenant (what token verification knows). */
  subjectHash(tenantKey: string, subject: string): string {
    return createHmac('sha256', this.key).update(`subject\u0000${tenantKey}\u0000${subject}`).digest('hex');
  }
}
