import type { RunnableConfig } from '@langchain/core/runnables';
import type { Checkpoint, CheckpointMetadata, CheckpointTuple, ChannelVersions, PendingWrite } from '@langchain/langgraph-checkpoint';
import { SpanKind, type Attributes } from '@opentelemetry/api';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import pg from 'pg';
import { withSpan } from '../../observability/tracing.js';
import { createLogger } from '../logger.js';

const log = createLogger('checkpointer');

/** The schema holding LangGraph's checkpoint tables, apart from the Prisma-managed ones. */
export const CHECKPOINT_SCHEMA = 'langgraph';

/** Refuses a write for a thread (e.g. of an erased user) by throwing. */
export type ThreadWriteGuard = (threadId: string) => Promise<void>;

/**
 * A CLIENT span around one checkpointer operation: the saver talks to PostgreSQL through its own
 * pg pool, which Prisma's instrumentation does not see. Counts only, never the thread id or state.
 */
function checkpointSpan<T>(operation: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  return withSpan(
    `checkpoint.${operation}`,
    { 'db.system.name': 'postgresql', 'db.namespace': CHECKPOINT_SCHEMA, 'suanni.checkpoint.operation': operation, ...attributes },
    work,
    { kind: SpanKind.CLIENT },
  );
}

/**
 * LangGraph's PostgresSaver, with a guard consulted before every write so that a run still in
 * flight cannot write a checkpoint for a user who has since been erased, and a span per operation.
 */
export class GuardedPostgresSaver extends PostgresSaver {
  constructor(
    pool: pg.Pool,
    private readonly writeGuard: ThreadWriteGuard = async () => {},
  ) {
    super(pool, undefined, { schema: CHECKPOINT_SCHEMA });
  }

  private async guard(config: RunnableConfig): Promise<void> {
    const threadId = config.configurable?.thread_id;
    if (typeof threadId !== 'string') throw new Error('checkpoint write without a thread id');
    await this.writeGuard(threadId);
  }

  override getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    return checkpointSpan('get', {}, () => super.getTuple(config));
  }

  override put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions): Promise<RunnableConfig> {
    return checkpointSpan('put', { 'suanni.checkpoint.channels': Object.keys(newVersions).length }, async () => {
      await this.guard(config);
      return super.put(config, checkpoint, metadata, newVersions);
    });
  }

  override putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string): Promise<void> {
    return checkpointSpan('put_writes', { 'suanni.checkpoint.writes': writes.length }, async () => {
      await this.guard(config);
      return super.putWrites(config, writes, taskId);
    });
  }

  override deleteThread(threadId: string): Promise<void> {
    return checkpointSpan('delete_thread', {}, () => super.deleteThread(threadId));
  }
}

/** A checkpointer on its own small pool; `setup()` creates or upgrades its tables (idempotent). */
export function createCheckpointer(databaseUrl: string, writeGuard?: ThreadWriteGuard): { saver: GuardedPostgresSaver; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 5, idleTimeoutMillis: 10_000 });
  // An idle connection closed by the server is replaced on next use; log it, do not crash.
  pool.on('error', (error) => log.warn({ err: error }, 'idle checkpointer connection closed'));
  return { saver: new GuardedPostgresSaver(pool, writeGuard), pool };
}
