import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig, type Config } from '../src/config.js';
import { createDatabase } from '../src/platform/db/prisma.js';
import { createDependencies } from '../src/services.js';
import { openBenchDatabase } from './bench-database.js';

export const name = 'chat context window';

const TURNS = 80;
const MARKS = [5, 20, 40, 80];

async function runConversation(config: Config, databaseUrl: string, label: string) {
  const db = createDatabase(databaseUrl, 5);
  const deps = createDependencies({ config, db, databaseUrl });
  const principal = await deps.services.identity.principalFor({
    subject: `bench-${label}`,
    tenantKey: 'bench',
    roles: ['USER'],
    issuedAt: null,
    expiresAt: null,
  });
  const session = await deps.services.sessions.create(principal, label);
  await deps.services.chat.confirmFact(principal, { category: 'profile', key: 'name', value: 'Alice Chen' });
  const figures: Record<number, { promptTokens: number; latencyMs: number }> = {};
  for (let turn = 1; turn <= TURNS; turn += 1) {
    const text =
      turn % 10 === 0
        ? 'What is my name?'
        : `Question ${turn}: where is my order ${1000 + turn}? It was due last week and I need it for a customer visit.`;
    const started = performance.now();
    const result = await deps.services.chat.sendMessage(principal, session.id, text);
    const latencyMs = performance.now() - started;
    if (MARKS.includes(turn)) figures[turn] = { promptTokens: result.context.promptTokens, latencyMs };
  }
  const thread = await deps.services.chat.thread(principal, session.id, 1);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ bytes: string }>(
    `SELECT coalesce(sum(octet_length(b.blob)), 0) + coalesce((SELECT sum(octet_length(c.checkpoint::text)) FROM langgraph.checkpoints c WHERE c.thread_id = $1), 0) AS bytes
       FROM langgraph.checkpoint_blobs b WHERE b.thread_id = $1`,
    [thread.threadId],
  );
  await client.end();
  await deps.services.chat.close();
  await db.$disconnect();
  return { figures, bytesPerTurn: Number(rows[0]?.bytes ?? 0) / TURNS, checkpoints: thread.checkpointCount };
}

/**
 * Prompt tokens and turn latency at turns 5, 20, 40 and 80 of one session with the budgeted
 * window, against a naive graph that keeps the full history (no budget, no summarizing).
 */
export async function run(): Promise<Record<string, string | number>> {
  const database = await openBenchDatabase('chat');
  try {
    const base = loadConfig({ NODE_ENV: 'production', AUTH_JWT_SECRET: 'x'.repeat(32) });
    const budgeted = await runConversation(base, database.url, 'budgeted');
    const naive = await runConversation(
      { ...base, chat: { ...base.chat, budget: 10_000_000, recentTurns: 10_000, summarizeAbove: 100_000 } },
      database.url,
      'naive',
    );
    const out: Record<string, string | number> = {};
    for (const mark of MARKS) {
      const b = budgeted.figures[mark]!;
      const n = naive.figures[mark]!;
      out[`turn ${mark}: prompt tokens budgeted / naive`] = `${b.promptTokens} / ${n.promptTokens}`;
      out[`turn ${mark}: latency ms budgeted / naive`] = `${b.latencyMs.toFixed(1)} / ${n.latencyMs.toFixed(1)}`;
    }
    out['prompt tokens turn 80 / turn 20 (budgeted; target <= 1.2)'] = (
      budgeted.figures[80]!.promptTokens / budgeted.figures[20]!.promptTokens
    ).toFixed(2);
    out['prompt tokens turn 80 / turn 20 (naive)'] = (naive.figures[80]!.promptTokens / naive.figures[20]!.promptTokens).toFixed(2);
    out['checkpoint bytes per turn budgeted / naive'] = `${budgeted.bytesPerTurn.toFixed(0)} / ${naive.bytesPerTurn.toFixed(0)}`;
    out['checkpoints per thread'] = budgeted.checkpoints;
    return out;
  } finally {
    await database.close();
  }
}
