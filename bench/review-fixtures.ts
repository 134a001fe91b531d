import { defaultReservedSlots, loadConfig, type Config } from '../src/config.js';
import type { AppDependencies } from '../src/context.js';
import type { Principal } from '../src/identity/principal.js';
import { chineseContract, englishContract, REVIEW_KNOWLEDGE } from '../test/fixtures/contracts.js';

/** Contracts `offset`..`offset + count - 1`, alternating Chinese and English, with varied terms. */
export function benchContracts(count: number, offset = 0) {
  return Array.from({ length: count }, (_, n) => {
    const i = n + offset;
    const terms = { payDays: 15 + (i % 7) * 10, penalty: 2 + (i % 9), notice: 10 + (i % 5) * 10, years: 1 + (i % 4) };
    return {
      contractId: `bench-${i}`,
      title: `Bench ${i}`,
      text: i % 2 ? englishContract(terms, `Supplier ${i}`) : chineseContract(terms, `供应商${i}号有限公司`),
    };
  });
}

/** Production settings with the review queue at `concurrency`, batches of up to 500, and `threads` graph threads (default 1). */
export function reviewBenchConfig(concurrency: number, threads?: number): Config {
  const config = loadConfig({ NODE_ENV: 'production', AUTH_JWT_SECRET: 'x'.repeat(32) });
  return {
    ...config,
    reviews: {
      ...config.reviews,
      concurrency,
      maxTextBytes: 1_000_000,
      maxBatch: 500,
      maxFileBytes: 10_000_000,
      modelExtraction: 'off',
      threads: threads ?? config.reviews.threads,
      reservedSlots: defaultReservedSlots(concurrency),
    },
  };
}

/** The benchmark's ADMIN + COMPLIANCE principal, with the review knowledge stored for its tenant. */
export async function reviewBenchPrincipal(deps: AppDependencies): Promise<Principal> {
  const principal = await deps.services.identity.principalFor({
    subject: 'bench',
    tenantKey: 'bench',
    roles: ['ADMIN', 'COMPLIANCE'],
    issuedAt: null,
    expiresAt: null,
  });
  for (const item of REVIEW_KNOWLEDGE) {
    await deps.services.knowledge.putVersion(principal, {
      ...item,
      kind: 'CLAUSE',
      tags: [...item.tags],
      constraint: { ...item.constraint },
      source: `policy:bench/${item.knowledgeId}`,
      validFrom: new Date(item.validFrom),
    });
  }
  return principal;
}
