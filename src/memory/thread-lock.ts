import type pg from 'pg';
import { AppError } from '../platform/errors.js';

/** The name of a thread's lock (taken with `hashtextextended(name, 0)`); retention tries the same one. */
export const threadLockKey = (threadId: string) => `suanni:thread:${threadId}`;

/**
 * One turn per chat thread across every process: turns of one thread queue in this process,
 * then each takes a PostgreSQL transaction-level advisory lock on the thread for the whole turn
 * (released by the server if the process dies). A turn that cannot get the thread within
 * `waitMs` fails with THREAD_BUSY and writes nothing.
 */
export class ThreadLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly waitMs: number,
  ) {}

  async run<T>(threadId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(threadId) ?? Promise.resolve();
    const current = previous.catch(() => undefined).then(() => this.acrossProcesses(threadId, work));
    this.tails.set(threadId, current);
    try {
      return await current;
    } finally {
      if (this.tails.get(threadId) === current) this.tails.delete(threadId);
    }
  }

  private async acrossProcesses<T>(threadId: string, work: () => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL lock_timeout = ${Math.max(1, Math.round(this.waitMs))}`);
      try {
        await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [threadLockKey(threadId)]);
      } catch (error) {
        if ((error as { code?: string }).code === '55P03')
          throw new AppError('THREAD_BUSY', 'Another turn of this conversation is still running; try again when it has finished.');
        throw error;
      }
      return await work();
    } finally {
      await client.query('ROLLBACK').catch(() => (broken = true));
      client.release(broken);
    }
  }
}
