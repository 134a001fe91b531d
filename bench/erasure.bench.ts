import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config.js';
import { inventory } from '../src/erasure/inventory.js';
import type { Principal } from '../src/identity/principal.js';
import { createDatabase } from '../src/platform/db/prisma.js';
import { createDependencies } from '../src/services.js';
import { englishContract } from '../test/fixtures/contracts.js';
import { openBenchDatabase } from './bench-database.js';

export const name = 'erasure of one user';

const noMemory = { countTraces: () => 0, forgetTraces: () => 0, countProgress: () => 0, forgetProgress: () => 0 };

/**
 * Erases a user with 20 sessions of 30 turns, 100 facts and 50 reviews: wall time of the job
 * and rows per second, against the time of one inventory (the job runs it twice) as a baseline.
 */
export async function run(): Promise<Record<string, string | number>> {
  const database = await openBenchDatabase('erasure');
  const db = createDatabase(database.url, 10);
  try {
    const config = loadConfig({ NODE_ENV: 'production', AUTH_JWT_SECRET: 'x'.repeat(32), SUANNI_ERASURE_HASH_KEY: 'k'.repeat(32) });
    const deps = createDependencies({ config, db, databaseUrl: database.url });
    await deps.services.reviews.start({ work: true });
    await deps.services.erasure.start({ work: true });
    const principalOf = (subject: string, roles: Principal['roles']) =>
      deps.services.identity.principalFor({ subject, tenantKey: 'bench', roles: [...roles], issuedAt: new Date(), expiresAt: null });
    const user = await principalOf('to-erase', ['USER']);
    const officer = await principalOf('officer', ['COMPLIANCE']);
    const sessions = await Promise.all(Array.from({ length: 20 }, (_, i) => deps.services.sessions.create(user, `s${i}`)));
    await Promise.all(
      sessions.map(async (session) => {
        for (let turn = 0; turn < 30; turn += 1)
          await deps.services.chat.sendMessage(user, session.id, `Question ${turn}: where is order ${turn}?`);
      }),
    );
    const store = deps.services.chat.factStore(user, 'CONFIRMED');
    for (let i = 0; i < 100; i += 1) await store.put([user.userId, 'profile'], `k${i}`, { value: i });
    await deps.services.reviews.submitBatch(
      user,
      Array.from({ length: 50 }, (_, i) => ({
        contractId: `c${i}`,
        title: 't',
        text: englishContract({ payDays: 40, penalty: 9, notice: 10, years: 1 }),
      })),
    );
    await deps.services.reviews.idle();

    const inventoryStarted = performance.now();
    const counts = await inventory(db, noMemory, user.userId);
    const inventoryMs = performance.now() - inventoryStarted;
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);

    const started = performance.now();
    const job = await deps.services.erasure.request(officer, user.userId);
    await deps.services.erasure.idle();
    const seconds = (performance.now() - started) / 1000;
    const finished = await db.erasureRequest.findUniqueOrThrow({ where: { id: job.id } });
    if (finished.status !== 'COMPLETED') throw new Error(`erasure ended ${finished.status}`);
    await deps.services.chat.close();
    await deps.services.reviews.stop(1_000);
    return {
      'rows erased (all stores)': rows,
      'checkpoint rows': Object.entries(counts)
        .filter(([store]) => store.startsWith('checkpoint:'))
        .reduce((a, [, n]) => a + n, 0),
      'erasure wall time (s)': `${seconds.toFixed(3)} (target < 2 s)`,
      'rows per second': Math.round(rows / seconds),
      'baseline: one inventory (ms)': inventoryMs.toFixed(1),
      'job time / inventory time': ((seconds * 1000) / inventoryMs).toFixed(1),
    };
  } finally {
    await db.$disconnect();
    await database.close();
  }
}
