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
    knowledgeId: 'warranty-period',
    version: '1.0',
    kind: 'CLAUSE',
    tags: ['warranty', '质保'],
    content: 'Product warranties should normally run for at least twelve months from delivery.',
    constraint: { field: 'warrantyDurationDays', operator: '>=', value: 365, unit: 'days' },
    source: 'policy:legal/warranty#1.0',
    validFrom: '2023-01-01T00:00:00Z',
  },
  {
    knowledgeId: 'insurance-required',
    version: '1.0',
    kind: 'CLAUSE',
    tags: ['insurance', '保险'],
    content: 'Suppliers and service providers should be required to carry general liability insurance and show certificates on request.',
    constraint: { field: 'insurance', operator: '=', value: 'present' },
    source: 'policy:risk/insurance#1.0',
    validFrom: '2023-01-01T00:00:00Z',
  },
  {
    knowledgeId: 'audit-rights',
    version: '1.0',
    kind: 'CLAUSE',
    tags: ['audit', '审计'],
    content: '采购合同一般应保留我方查阅、审计供应商相关账簿和记录的权利。',
    constraint: { field: 'auditRights', operator: '=', value: 'present' },
    source: 'policy:finance/audit#1.0',
    validFrom: '2023-01-01T00:00:00Z',
  },
  {
    knowledgeId: 'anti-assignment',
    version: '1.0',
    kind: 'CLAUSE',
    tags: ['assignment', '转让'],
    content: 'The counterparty should normally not be able to assign the contract without our prior written consent.',
    constraint: { field: 'antiAssignment', operator: '=', value: 'present' },
    source: 'policy:legal/assignment#1.0',
    validFrom: '2023-01-01T00:00:00Z',
  },
  {
    knowledgeId: 'exclusivity-approval',
    version: '1.0',
    kind: 'CLAUSE',
    tags: ['exclusivity', '排他'],
    content: 'Exclusive appointments, licences or supply commitments generally need approval from legal before signature.',
    constraint: { field: 'exclusivity', operator: '!=', value: 'present' },
    source: 'policy:legal/exclusivity#1.0',
    validFrom: '2023-01-01T00:00:00Z',
  },
  {
    knowledgeId: 'change-of-control',
    version: '1.0',
    kind: 'CLAUSE',
    tags: ['change-of-control', '控制权变更'],
    content: 'Termination or consent rights triggered by a change of control of our company may usually be escalated for review.',
    constraint: { field: 'changeOfControl', operator: '!=', value: 'present' },
    source: 'policy:legal/change-of-control#1.0',
    validFrom: '2023-01-01T00:00:00Z',
  },
  {
    knowledgeId: 'ip-ownership',
    version: '1.0',
    kind: 'CLAUSE',
    tags: ['ip', '知识产权'],
    content: '将我方知识产权或开发成果的所有权转让给对方，原则上须经法务批准。',
    constraint: { field: 'ipOwnershipAssignment', operator: '!=', value: 'present' },
    source: 'policy:legal/ip#1.0',
    validFrom: '2023-01-01T00:00:00Z',
  },
  {
    knowledgeId: 'minimum-commitment',
    version: '1.0',
    kind: 'CLAUSE',
    tags: ['commitment', '最低采购'],
    content: 'Minimum purchase or take-or-pay commitments are typically approved by finance before signature.',
    constraint: { field: 'minimumCommitment', operator: '!=', value: 'present' },
    source: 'policy:finance/commitments#1.0',
    validFrom: '2023-01-01T00:00:00Z',
  },
  {
    knowledgeId: 'unfair-terms-of-service',
    version: '1.0',
    kind: 'CLAUSE',
    tags: ['terms-of-service', 'consumer'],
    content:
      'Terms of service should contain no clearly unfair terms (CLAUDETTE level 3), such as termination at any time without reason or an exclusive far-away forum.',
    constraint: { field: 'unfairTermLevel', operator: '<=', value: 2 },
    source: 'policy:legal/consumer-terms#1.0',
    validFrom: '2024-01-01T00:00:00Z',
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
