// `npm run bench -- memory-retention`: one thread through many real chat turns, with the retention
// sweep pruning checkpoint history to the latest K every 100 turns, against the same turns without
// retention (the baseline: what grows forever). BENCH_RETENTION_TURNS sets the turns (default 2,000;
// the figure is for 10,000).
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/platform/db/prisma.js';
import { createDependencies } from '../src/services.js';
import { openBenchDatabase } from './bench-database.js';

export const name = 'memory retention: checkpoint rows per thread';

const TURNS = Number(process.env.BENCH_RETENTION_TURNS ?? 2_000);
const KEEP = 20;
const SWEEP_EVERY = 100;

async function rowsOf(client: pg.Client, threadId: string) {
  const { rows } = await client.query<{ checkpoints: number; blobs: number; writes: number }>(
    `SELECT (SELECT count(*) FROM langgraph.checkpoints WHERE thread_id = $1)::int AS checkpoints,
            (SELECT count(*) FROM langgraph.checkpoint_blobs WHERE thread_id = $1)::int AS blobs,
            (SELECT count(*) FROM langgraph.checkpoint_writes WHERE thread_id = $1)::int AS writes`,
    [threadId],
  );
  return rows[0]!;
}

async function conversation(databaseUrl: string, label: string, keep: number) {
  const config = loadConfig({ NODE_ENV: 'production', AUTH_JWT_SECRET: 'x'.repeat(32), SUANNI_CHAT_RECALL_LIMIT: '0' });
  const db = createDatabase(databaseUrl, 5);
  const deps = createDependencies({
    config: { ...config, retention: { threadIdleDays: 0, keepCheckpoints: keep, sweepSeconds: 0 } },
    db,
    databaseUrl,
  });
  const principal = await deps.services.identity.principalFor({
    subject: label,
    tenantKey: label,
    roles: ['USER'],
    issuedAt: null,
    expiresAt: null,
  });
  const session = await deps.services.sessions.create(principal, label);
  const threadId = `${principal.userId}:${session.id}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let maxCheckpoints = 0;
  let maxBlobs = 0;
  for (let turn = 1; turn <= TURNS; turn += 1) {
    await deps.services.chat.sendMessage(principal, session.id, `Turn ${turn}: my order ${1000 + turn} is late again.`);
    if (turn % SWEEP_EVERY === 0) {
      if (keep > 0) await deps.services.retention.sweep();
      const rows = await rowsOf(client, threadId);
      maxCheckpoints = Math.max(maxCheckpoints, rows.checkpoints);
      maxBlobs = Math.max(maxBlobs, rows.blobs);
    }
  }
  const last = await rowsOf(client, threadId);
  const { rows } = await client.query<{ bytes: string }>(
    `SELECT (SELECT coalesce(sum(pg_column_size(c.*)), 0) FROM langgraph.checkpoints c WHERE thread_id = $1)
          + (SELECT coalesce(sum(pg_column_size(b.*)), 0) FROM langgraph.checkpoint_blobs b WHERE thread_id = $1)
          + (SELECT coalesce(sum(pg_column_size(w.*)), 0) FROM langgraph.checkpoint_writes w WHERE thread_id = $1) AS bytes`,
    [threadId],
  );
  // The thread still answers from its latest checkpoint.
  const view = await deps.services.chat.thread(principal, session.id, 4);
  await client.end();
  await deps.services.retention.close();
  await deps.services.chat.close();
  await db.$disconnect();
  return { last, maxCheckpoints, maxBlobs, bytes: Number(rows[0]?.bytes ?? 0), messages: view.messages.length };
}

export async function run(): Promise<Record<string, string | number>> {
  const database = await openBenchDatabase('memory_retention');
  try {
    const pruned = await conversation(database.url, 'kept', KEEP);
    const baseline = await conversation(database.url, 'unbounded', 0);
    return {
      turns: TURNS,
      [`with keepCheckpoints ${KEEP}: checkpoint rows (max seen after a sweep)`]: pruned.maxCheckpoints,
      '  checkpoint / blob / write rows at the end': `${pruned.last.checkpoints} / ${pruned.last.blobs} / ${pruned.last.writes}`,
      '  bytes at the end': pruned.bytes,
      '  thread still readable (last messages)': pruned.messages,
      'without retention: checkpoint / blob / write rows': `${baseline.last.checkpoints} / ${baseline.last.blobs} / ${baseline.last.writes}`,
      '  bytes': baseline.bytes,
    };
  } finally {
    await database.close();
  }
}
