/** Realistic clauses and record builders shared by the sanitizer's tests. */
import type { KnowledgeRecord } from '../types.js';

/** The demo clauses of the issue. */
export const DEMO_CLAUSES = {
  penaltyZh: '违约金一般不超过合同总额的5%，逾期付款的，原则上应按日支付万分之五的滞纳金。',
  paymentEn: 'Payment shall generally be made within 30 days of invoice; where appropriate, the buyer may pay USD 5,000 in advance.',
  confidentialityZh: '保密期限通常为自合同终止之日起3年。',
  terminationEn: "Either party may terminate with at least 60 days' written notice.",
} as const;

/**
 * Clauses carrying every numeric format of the contract, with the expressions that must survive
 * (as written in the clause).
 */
export const NUMERIC_CLAUSES: ReadonlyArray<{ clause: string; expressions: string[] }> = [
  { clause: '合同总价款为1,000,000.00 元，买方一般应于2024年1月1日前支付30%。', expressions: ['1,000,000.00 元', '2024年1月1日', '30%'] },
  { clause: '注册资本原则上不低于100万，年营业额通常应达到5000万元。', expressions: ['100万', '5000万元'] },
  { clause: '卖方应在收到预付款后尽量于15个工作日内发货，逾期超过30日的，买方可能有权解除合同。', expressions: ['15个工作日内', '30日'] },
  { clause: '保证金为合同金额的百分之十，一般于验收合格后30天内无息退还。', expressions: ['百分之十', '30天内'] },
  {
    clause: '本协议有效期为2年，自2024年3月1日起至2026年2月28日止，期满前30日内任何一方未提出异议的，自动续期1年。',
    expressions: ['2年', '2024年3月1日', '2026年2月28日', '30日内', '1年'],
  },
  { clause: '违约金一般不超过合同总额的5%，逾期付款的，原则上应按日支付万分之五的滞纳金。', expressions: ['5%', '万分之五'] },
  {
    clause: '依据第5条，乙方应在三十日内支付人民币100万元，逾期按每日0.05%计付利息。',
    expressions: ['第5条', '三十日内', '人民币100万元', '0.05%'],
  },
  {
    clause: 'The Buyer shall generally pay USD 5,000 as a deposit and the balance of $45,000 within 30 days of delivery.',
    expressions: ['USD 5,000', '$45,000', 'within 30 days'],
  },
  {
    clause: 'Late payments usually bear interest at 5% per annum, or 5 percent above the base rate if higher.',
    expressions: ['5%', '5 percent'],
  },
  { clause: 'The warranty period is typically 24 months from January 1, 2024.', expressions: ['24 months', 'January 1, 2024'] },
  {
    clause: 'Where appropriate, the Supplier must respond within 30 business days and remedy any breach by 2024-12-31.',
    expressions: ['within 30 business days', '2024-12-31'],
  },
  {
    clause: 'Liability is in principle capped at 1,000,000.00 元 or USD 150,000, whichever is lower.',
    expressions: ['1,000,000.00 元', 'USD 150,000'],
  },
  {
    clause: 'Fees may increase by 3.5% each year on 1 April 2025 and on every anniversary thereafter.',
    expressions: ['3.5%', '1 April 2025'],
  },
  {
    clause: 'The Contractor should consider completing the works in approximately 120 days, with 2 milestones.',
    expressions: ['120 days', '2'],
  },
  {
    clause: 'If possible, the Seller shall deliver 500 units per month from March 2025 at $12.50 per unit.',
    expressions: ['500', 'March 2025', '$12.50'],
  },
  { clause: "Either party may terminate with at least 60 days' written notice.", expressions: ['60 days'] },
];

const DAY = 24 * 60 * 60 * 1000;
export const instant = (iso: string): Date => new Date(iso);
export const daysAfter = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY);

/** A stored knowledge version, valid during 2024, with sensible defaults. */
export function knowledgeRecord(overrides: Partial<KnowledgeRecord> = {}): KnowledgeRecord {
  const knowledgeId = overrides.knowledgeId ?? 'finance.penalty-cap';
  const version = overrides.version ?? '1.0';
  return {
    id: `${knowledgeId}@${version}`,
    knowledgeId,
    version,
    kind: 'CLAUSE',
    content: DEMO_CLAUSES.penaltyZh,
    tags: ['penalty'],
    constraint: null,
    source: 'policy:finance/penalties#3',
    validFrom: instant('2024-01-01T00:00:00Z'),
    validUntil: instant('2025-01-01T00:00:00Z'),
    recordedAt: instant('2023-12-01T00:00:00Z'),
    retractedAt: null,
    ...overrides,
  };
}
