import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { KnowledgeRepository } from '../src/knowledge/repository.js';
import { createDatabase } from '../src/platform/db/prisma.js';
import { openBenchDatabase, percentile } from './bench-database.js';

export const name = 'knowledge as-of lookup';

const IDS = 10_000;
const VERSIONS = 20;
const LOOKUP_IDS = 50;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 1_000);

/**
 * As-of lookup of 50 knowledgeIds at a random instant over 10,000 ids x 20 versions (200,000
 * rows), through the repository the service uses, against a primary-key fetch of 50 rows in
 * the same run as the floor.
 */
export async function run(): Promise<Record<string, string | number>> {
  const database = await openBenchDatabase('as_of');
  const db = createDatabase(database.url, 4);
  try {
    const tenant = await db.tenant.create({ data: { key: 'bench' } });
    // Version v of item i is valid for one month starting 2020-01-01 + v months; every fifth
    // version is retracted, every item also has an open-ended later version.
    await db.$executeRaw`
      INSERT INTO "KnowledgeVersion" ("id","tenantId","knowledgeId","version","versionMajor","versionMinor","kind","content","tags","source","validFrom","validUntil","recordedAt","retractedAt")
      SELECT gen_random_uuid(), ${tenant.id}::uuid, 'k-' || i, '1.' || v, 1, v, 'CLAUSE', 'clause ' || i || ' v' || v || ': cap ' || (v % 9) || '%',
             ARRAY['tag-' || (i % 50)], 'policy:bench#' || i,
             timestamptz '2020-01-01' + make_interval(months => v),
             CASE WHEN v = ${VERSIONS - 1} THEN timestamptz '9999-12-31' ELSE timestamptz '2020-01-01' + make_interval(months => v + 1) END,
             now(), CASE WHEN v % 5 = 3 THEN now() ELSE NULL END
      FROM generate_series(1, ${IDS}) i, generate_series(0, ${VERSIONS - 1}) v`;
    // Steady state: autovacuum has set the visibility map, so the pick can stay in the index.
    await db.$executeRawUnsafe('VACUUM ANALYZE "KnowledgeVersion"');
    const rows = await db.knowledgeVersion.count();
    const repository = new KnowledgeRepository(db);
    const sampleIds = () => Array.from({ length: LOOKUP_IDS }, () => `k-${randomInt(1, IDS + 1)}`);
    const randomInstant = () => new Date(Date.UTC(2020, 0, 1) + randomInt(0, 24 * 30) * 86_400_000);
    const allIds = (await db.knowledgeVersion.findMany({ select: { id: true }, take: 5_000 })).map((row) => row.id);

    const measure = async (lookup: () => Promise<unknown>) => {
      for (let i = 0; i < 100; i += 1) await lookup();
      const timings: number[] = [];
      for (let i = 0; i < ITERATIONS; i += 1) {
        const started = performance.now();
        await lookup();
        timings.push(performance.now() - started);
      }
      return { p50: percentile(timings, 50), p99: percentile(timings, 99) };
    };
    let returned = 0;
    const asOf = await measure(async () => {
      const found = await repository.asOf({ tenantId: tenant.id, asOf: randomInstant(), knownAt: new Date(), knowledgeIds: sampleIds() });
      returned += found.length;
    });
    const byPrimaryKey = await measure(() =>
      db.knowledgeVersion.findMany({
        where: { id: { in: Array.from({ length: LOOKUP_IDS }, () => allIds[randomInt(0, allIds.length)]!) } },
      }),
    );
    return {
      rows,
      'as-of of 50 ids, p50 / p99 (ms)': `${asOf.p50.toFixed(2)} / ${asOf.p99.toFixed(2)}  (target p99 < 5 ms)`,
      'baseline: 50 rows by primary key, p50 / p99': `${byPrimaryKey.p50.toFixed(2)} / ${byPrimaryKey.p99.toFixed(2)}`,
      'as-of p99 / baseline p99': (asOf.p99 / byPrimaryKey.p99).toFixed(2),
      'items returned per lookup (mean)': (returned / (ITERATIONS + 100)).toFixed(1),
    };
  } finally {
    await db.$disconnect();
    await database.close();
  }
}
