import type { Database } from '../platform/db/prisma.js';
import { CHECKPOINT_SCHEMA, checkpointTables } from '../platform/langgraph/checkpointer.js';
import { threadIdPrefix } from '../identity/thread-id.js';

/** In-memory places that may name a user (the trace buffer, review progress logs). */
export interface MemoryStores {
  countTraces(userId: string): number | Promise<number>;
  forgetTraces(userId: string): number | Promise<number>;
  countProgress(userId: string): number | Promise<number>;
  forgetProgress(userId: string): number | Promise<number>;
}

export type StoreCounts = Record<string, number>;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Counts a user's rows in every table of the checkpointer. The thread-id prefix is compared
 * exactly (`left(thread_id, n) = prefix`), never with LIKE, so `_` and `%` cannot widen it.
 */
export async function countCheckpoints(db: Database, userId: string): Promise<StoreCounts> {
  const prefix = threadIdPrefix(userId);
  const counts: StoreCounts = {};
  for (const table of await checkpointTables(db)) {
    const [row] = await db.$queryRawUnsafe<{ count: bigint }[]>(
      `SELECT count(*) AS count FROM ${quoteIdent(CHECKPOINT_SCHEMA)}.${quoteIdent(table)} WHERE left(thread_id, $1) = $2`,
      prefix.length,
      prefix,
    );
    counts[`checkpoint:${table}`] = Number(row?.count ?? 0);
  }
  return counts;
}

export async function deleteCheckpoints(db: Database, userId: string): Promise<number> {
  const prefix = threadIdPrefix(userId);
  let deleted = 0;
  for (const table of await checkpointTables(db)) {
    deleted += await db.$executeRawUnsafe(
      `DELETE FROM ${quoteIdent(CHECKPOINT_SCHEMA)}.${quoteIdent(table)} WHERE left(thread_id, $1) = $2`,
      prefix.length,
      prefix,
    );
  }
  return deleted;
}

/** Everything of one user, in every store, counted. */
export async function inventory(db: Database, memory: MemoryStores, userId: string): Promise<StoreCounts> {
  const [facts, memoryPassages, sessions, reviews, findings, batches, decisions, knowledgeAccess, auditLog, user] = await Promise.all([
    db.fact.count({ where: { userId } }),
    // The retrieval index of thread memory (turns and summaries, with their full-text columns).
    db.memoryPassage.count({ where: { userId } }),
    db.session.count({ where: { userId } }),
    db.review.count({ where: { userId } }),
    db.reviewFinding.count({ where: { review: { userId } } }),
    db.reviewBatch.count({ where: { userId } }),
    // Decisions the user made, and decisions others made on the user's reviews (they go with the reviews).
    db.findingDecision.count({ where: { OR: [{ deciderId: userId }, { review: { userId } }] } }),
    db.knowledgeAccess.count({ where: { userId } }),
    // Entries naming the user by id rather than by keyed hash.
    db.auditEntry.count({ where: { OR: [{ actorId: userId }, { targetIds: { has: userId } }] } }),
    db.user.count({ where: { id: userId } }),
  ]);
  return {
    ...(await countCheckpoints(db, userId)),
    facts,
    memoryPassages,
    sessions,
    reviews,
    reviewFindings: findings,
    reviewBatches: batches,
    findingDecisions: decisions,
    knowledgeAccess,
    traceBuffer: await memory.countTraces(userId),
    progressEvents: await memory.countProgress(userId),
    auditLog,
    user,
  };
}
