import type { RunnableConfig } from '@langchain/core/runnables';
import type { Checkpoint, CheckpointMetadata, CheckpointTuple, ChannelVersions, PendingWrite } from '@langchain/langgraph-checkpoint';
import { SpanKind, type Attributes } from '@opentelemetry/api';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { createPool } from '../db/pool.js';
import type { Database } from '../db/prisma.js';
import { pgRunner, type WriteBarrier } from '../db/write-barrier.js';
import { withSpan } from '../telemetry/tracing.js';

/** The schema holding LangGraph's checkpoint tables, apart from the Prisma-managed ones. */
export const CHECKPOINT_SCHEMA = 'langgraph';

/** Checkpoint tables that hold thread data: every table of the schema with a thread_id column. */
export async function checkpointTables(db: Database): Promise<string[]> {
  const rows = await db.$queryRaw<{ table_name: string }[]>`
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = ${CHECKPOINT_SCHEMA} AND column_name = 'thread_id'
    ORDER BY table_name`;
  return rows.map((row) => row.table_name);
}

/** The advisory lock that serialises checkpoint-table setup across processes ('CKPT', 1). */
const SETUP_LOCK_SPACE = 0x434b5054;
const SETUP_LOCK_KEY = 1;

/** The user whose thread a checkpoint write is for, while the saver runs that write. */
const writingFor = new AsyncLocalStorage<string>();

/** The user id of a derived thread id (`${userId}:${sessionId}`). */
const threadOwner = (threadId: string) => threadId.slice(0, threadId.indexOf(':'));

/**
 * The pool the saver sees. PostgresSaver opens its write transactions itself (`BEGIN` on a client
 * of its pool); the write barrier must be the first statement inside that same transaction, so the
 * clients handed out during a guarded write run it right after `BEGIN`.
 */
function barrierPool(pool: pg.Pool, barrier: WriteBarrier): pg.Pool {
  const connect = async () => {
    const client = await pool.connect();
    const userId = writingFor.getStore();
    if (userId === undefined) return client;
    return {
      query: async (text: string, values?: unknown[]) => {
        const result = await client.query(text, values);
        if (text === 'BEGIN') await barrier.enter(pgRunner(client), userId);
        return result;
      },
      release: (error?: Error | boolean) => client.release(error),
    };
  };
  // Only what PostgresSaver calls. Not a Proxy of the pool: the pool's own query() calls
  // this.connect(callback), which must stay the pool's.
  const facade: Pick<pg.Pool, 'query' | 'end'> & { connect: typeof connect } = {
    connect,
    query: pool.query.bind(pool),
    end: pool.end.bind(pool),
  };
  // Cast: PostgresSaver takes a pg.Pool but calls only connect, query and end, which the facade has.
  return facade as unknown as pg.Pool;
}

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
 * LangGraph's PostgresSaver whose every write runs inside the write barrier of the thread's user,
 * so that a run still in flight cannot write a checkpoint for a user who is being or has been
 * erased, and a span per operation.
 */
export class GuardedPostgresSaver extends PostgresSaver {
  constructor(
    private readonly rawPool: pg.Pool,
    barrier: WriteBarrier,
  ) {
    super(barrierPool(rawPool, barrier), undefined, { schema: CHECKPOINT_SCHEMA });
  }

  /**
   * Creates or upgrades the checkpoint tables under a session advisory lock: two processes whose
   * first turns arrive together would otherwise race on CREATE TABLE and one turn would fail.
   */
  override async setup(): Promise<void> {
    const client = await this.rawPool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1::int, $2::int)', [SETUP_LOCK_SPACE, SETUP_LOCK_KEY]);
      try {
        await super.setup();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1::int, $2::int)', [SETUP_LOCK_SPACE, SETUP_LOCK_KEY]);
      }
    } finally {
      client.release();
    }
  }

  private guarded<T>(config: RunnableConfig, write: () => Promise<T>): Promise<T> {
    const threadId = config.configurable?.thread_id;
    if (typeof threadId !== 'string' || !threadId.includes(':')) throw new Error('checkpoint write without a derived thread id');
    return writingFor.run(threadOwner(threadId), write);
  }

  override getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    return checkpointSpan('get', {}, () => super.getTuple(config));
  }

  override put(
    config: RunnableConfig,
    checkpoint: Checkpoint,
    metadata: CheckpointMetadata,
    newVersions: ChannelVersions,
  ): Promise<RunnableConfig> {
    return checkpointSpan('put', { 'suanni.checkpoint.channels': Object.keys(newVersions).length }, () =>
      this.guarded(config, () => super.put(config, checkpoint, metadata, newVersions)),
    );
  }

  override putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string): Promise<void> {
    return checkpointSpan('put_writes', { 'suanni.checkpoint.writes': writes.length }, () =>
      this.guarded(config, () => super.putWrites(config, writes, taskId)),
    );
  }

  override deleteThread(threadId: string): Promise<void> {
    return checkpointSpan('delete_thread', {}, () => super.deleteThread(threadId));
  }
}

/** A checkpointer on its own small pool; `setup()` creates or upgrades its tables (idempotent). */
export function createCheckpointer(databaseUrl: string, barrier: WriteBarrier): { saver: GuardedPostgresSaver; pool: pg.Pool } {
  const pool = createPool({ connectionString: databaseUrl, max: 5, name: 'checkpointer' });
  return { saver: new GuardedPostgresSaver(pool, barrier), pool };
}
