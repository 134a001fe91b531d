import type { Database } from '../platform/db/prisma.js';
import { GLOBAL_TENANT_ID } from '../knowledge/repository.js';
import { OPEN_ENDED } from '../knowledge/service.js';
import { parseVersionInput } from '../knowledge/version.js';
import type { KnowledgeConstraint, KnowledgeKind } from '../knowledge/types.js';

interface DemoKnowledge {
  global?: boolean;
  knowledgeId: string;
  version: string;
  kind: KnowledgeKind;
  content: string;
  tags: string[];
  constraint?: KnowledgeConstraint;
  source: string;
  validFrom: string;
  validUntil?: string;
  retracted?: boolean;
}

/**
 * Demo knowledge in Chinese and English: versions that supersede each other (the penalty cap
 * went from 5% in 1.2 to 8% in 1.3), expired items and one retracted version.
 */
export const DEMO_KNOWLEDGE: DemoKnowledge[] = [
  {
    knowledgeId: 'penalty-rate-cap',
    version: '1.2',
    kind: 'CLAUSE',
    tags: ['penalty', '违约金'],
    content: '违约金一般不超过合同总额的5%，超出部分原则上应予调减。',
    constraint: { field: 'penaltyRate', operator: '<=', value: 5, unit: '%' },
    source: 'policy:legal/penalties#1.2',
    validFrom: '2023-01-01T00:00:00Z',
    validUntil: '2025-01-01T00:00:00Z',
  },
  {
    knowledgeId: 'penalty-rate-cap',
    version: '1.3',
    kind: 'CLAUSE',
    tags: ['penalty', '违约金'],
    content: '违约金通常不超过合同总额的8%，超出部分原则上应予调减。',
    constraint: { field: 'penaltyRate', operator: '<=', value: 8, unit: '%' },
    source: 'policy:legal/penalties#1.3',
    validFrom: '2025-01-01T00:00:00Z',
  },
  {
    knowledgeId: 'payment-term',
    version: '1.0',
    kind: 'CLAUSE',
    tags: ['payment', '付款'],
    content: '付款期限一般不超过收到合格发票后30日内。',
    constraint: { field: 'paymentDays', operator: '<=', value: 30, unit: 'days' },
    source: 'policy:finance/payment-terms#1.0',
    validFrom: '2023-01-01T00:00:00Z',
  },
  {
    knowledgeId: 'payment-term',
    version: '1.1',
    kind: 'CLAUSE',
    tags: ['payment', '付款'],
    content: '付款期限可能放宽至收到发票后90日内。',
    constraint: { field: 'paymentDays', operator: '<=', value: 90, unit: 'days' },
    source: 'policy:finance/payment-terms#1.1',
    validFrom: '2024-06-01T00:00:00Z',
    retracted: true,
  },
  {
    knowledgeId: 'termination-notice',
    version: '1.0',
    kind: 'CLAUSE',
    tags: ['termination'],
    content: 'Either party should generally give at least 30 days’ written notice before terminating for convenience.',
    constraint: { field: 'terminationNoticeDays', operator: '>=', value: 30, unit: 'days' },
    source: 'policy:legal/termination#1.0',
    validFrom: '2023-01-01T00:00:00Z',
  },
  {
    global: true,
    knowledgeId: 'governing-law-approved',
    version: '1.0',
    kind: 'METADATA',
    tags: ['governing-law', '适用法律'],
    content: 'Approved governing law for standard contracts: People’s Republic of China (中华人民共和国法律).',
    constraint: { field: 'governingLaw', operator: '=', value: 'People’s Republic of China' },
    source: 'reference:approved-jurisdictions#1.0',
    validFrom: '2020-01-01T00:00:00Z',
  },
  {
    knowledgeId: 'liability-cap',
    version: '1.0',
    kind: 'CLAUSE',
    tags: ['liability'],
    content: 'Liability should usually be capped at the contract value and in any case at no more than USD 1,000,000.',
    constraint: { field: 'liabilityCapAmount', operator: '<=', value: 1_000_000, unit: 'USD' },
    source: 'policy:legal/liability#1.0',
    validFrom: '2023-01-01T00:00:00Z',
  },
  {
    knowledgeId: 'confidentiality-term',
    version: '1.0',
    kind: 'CLAUSE',
    tags: ['confidentiality', '保密'],
    content: '保密期限通常为自合同终止之日起2年。',
    constraint: { field: 'confidentialityYears', operator: '>=', value: 2, unit: 'years' },
    source: 'policy:legal/confidentiality#1.0',
    validFrom: '2022-01-01T00:00:00Z',
    validUntil: '2024-07-01T00:00:00Z',
  },
  {
    knowledgeId: 'confidentiality-term',
    version: '1.1',
    kind: 'CLAUSE',
    tags: ['confidentiality', '保密'],
    content: '保密期限通常为自合同终止之日起3年。',
    constraint: { field: 'confidentialityYears', operator: '>=', value: 3, unit: 'years' },
    source: 'policy:legal/confidentiality#1.1',
    validFrom: '2024-07-01T00:00:00Z',
  },
  {
    knowledgeId: 'auto-renewal-notice',
    version: '1.0',
    kind: 'CLAUSE',
    tags: ['renewal'],
    content:
      'Where a contract renews automatically, notice of non-renewal may typically be given at least 30 days before the renewal date.',
    constraint: { field: 'autoRenewalNoticeDays', operator: '>=', value: 30, unit: 'days' },
    source: 'policy:legal/renewal#1.0',
    validFrom: '2023-01-01T00:00:00Z',
  },
  {
    knowledgeId: 'late-delivery-penalty',
    version: '1.0',
    kind: 'CLAUSE',
    tags: ['penalty', 'delivery'],
    content: 'Late delivery penalties were generally limited to 0.5% per week, at most 5% in total.',
    source: 'policy:legal/delivery#1.0',
    validFrom: '2019-01-01T00:00:00Z',
    validUntil: '2022-12-31T00:00:00Z',
  },
];

/** Loads the demo knowledge for a tenant; existing versions are left alone (append-only). */
export async function seedDemoKnowledge(db: Database, tenantId: string): Promise<void> {
  const now = new Date();
  await db.knowledgeVersion.createMany({
    skipDuplicates: true,
    data: DEMO_KNOWLEDGE.map((item) => {
      const { major, minor } = parseVersionInput(item.version);
      return {
        tenantId: item.global ? GLOBAL_TENANT_ID : tenantId,
        knowledgeId: item.knowledgeId,
        version: item.version,
        versionMajor: major,
        versionMinor: minor,
        kind: item.kind,
        content: item.content,
        tags: item.tags,
        constraint: item.constraint ? { ...item.constraint } : undefined,
        source: item.source,
        validFrom: new Date(item.validFrom),
        validUntil: item.validUntil ? new Date(item.validUntil) : OPEN_ENDED,
        recordedAt: now,
        retractedAt: item.retracted ? now : null,
      };
    }),
  });
}
