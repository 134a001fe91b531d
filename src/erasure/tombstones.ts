import type { Database } from '../platform/db/prisma.js';
import { AppError } from '../platform/errors.js';
import type { SubjectHasher } from './subject-hash.js';

/** Raised when a write targets an erased subject. */
export class SubjectErasedError extends AppError {
  constructor() {
    super('FORBIDDEN', 'This user has been erased; nothing can be written for them.', { reason: 'SUBJECT_ERASED' });
    this.name = 'SubjectErasedError';
  }
}

/**
 * Tombstones of erased subjects. Every writer (checkpointer, fact store, services) asks before
 * it writes, so a run that was in flight during the erasure cannot bring data back; token
 * verification asks too, so tokens issued before the erasure stop working.
 */
export class Tombstones {
  /** Erased users seen by this process: erasure is permanent, so this set never needs expiry. */
  private readonly erasedUsers = new Set<string>();

  constructor(
    private readonly db: Database,
    private readonly hasher: SubjectHasher,
  ) {}

  async isErased(userId: string): Promise<boolean> {
    const userHash = this.hasher.userHash(userId);
    if (this.erasedUsers.has(userHash)) return true;
    const found = await this.db.erasureTombstone.findUnique({ where: { userHash }, select: { userHash: true } });
    if (found) this.erasedUsers.add(userHash);
    return found !== null;
  }

  /** Throws SubjectErasedError when `userId` has been erased. */
  async assertWritable(userId: string): Promise<void> {
    if (await this.isErased(userId)) throw new SubjectErasedError();
  }

  /** Creates the tombstone (idempotent). */
  async bury(input: { userId: string; tenantId: string; tenantKey: string; subject: string }): Promise<void> {
    const userHash = this.hasher.userHash(input.userId);
    await this.db.erasureTombstone.upsert({
      where: { userHash },
      create: { userHash, subjectHash: this.hasher.subjectHash(input.tenantKey, input.subject), tenantId: input.tenantId },
      update: {},
    });
    this.erasedUsers.add(userHash);
  }

  /**
   * When a token for this subject is acceptable: null if the subject was never erased, else the
   * erasure instant (tokens issued at or before it are refused).
   */
  async erasedAt(tenantKey: string, subject: string): Promise<Date | null> {
    const latest = await this.db.erasureTombstone.findFirst({
      where: { subjectHash: this.hasher.subjectHash(tenantKey, subject) },
      orderBy: { erasedAt: 'desc' },
      select: { erasedAt: true },
    });
    return latest?.erasedAt ?? null;
  }
}
