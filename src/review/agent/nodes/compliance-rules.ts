import type { ExtractedContract, EvidenceSpan } from '../../extraction/types.js';
import type { Finding, ReviewState, RiskLevel } from '../state.js';

type Fields = Omit<ExtractedContract, 'clauses'>;
type KnowledgeItem = ReviewState['knowledge'][number];

/** How serious a breach of each kind of rule is. */
export const SEVERITY_BY_FIELD: Record<string, RiskLevel> = {
  penaltyRate: 'HIGH',
  liabilityCapAmount: 'HIGH',
  paymentDays: 'MEDIUM',
  terminationNoticeDays: 'MEDIUM',
  governingLaw: 'MEDIUM',
  confidentialityYears: 'MEDIUM',
  autoRenewalNoticeDays: 'LOW',
};

const labels: Record<string, { en: string; zh: string; unit?: { en: string; zh: string } }> = {
  penaltyRate: { en: 'Penalty rate', zh: '违约金比例', unit: { en: '%', zh: '%' } },
  liabilityCapAmount: { en: 'Liability cap', zh: '责任上限' },
  paymentDays: { en: 'Payment term', zh: '付款期限', unit: { en: ' days', zh: '日' } },
  terminationNoticeDays: { en: 'Termination notice', zh: '解除通知期', unit: { en: ' days', zh: '日' } },
  governingLaw: { en: 'Governing law', zh: '适用法律' },
  confidentialityYears: { en: 'Confidentiality term', zh: '保密期限', unit: { en: ' years', zh: '年' } },
  autoRenewalNoticeDays: { en: 'Non-renewal notice', zh: '不续约通知期', unit: { en: ' days', zh: '日' } },
};

const relation: Record<string, { en: string; zh: string }> = {
  '<=': { en: 'exceeds the maximum of', zh: '超过上限' },
  '<': { en: 'is not below', zh: '未低于' },
  '>=': { en: 'is below the minimum of', zh: '低于下限' },
  '>': { en: 'is not above', zh: '未高于' },
  '=': { en: 'differs from the required', zh: '不符合要求的' },
  '!=': { en: 'is the excluded', zh: '属于排除的' },
};

/** The contract's value for a constraint field, and where it was found. */
export function contractValue(
  fields: Fields,
  field: string,
): { value: number | string | null; uncapped?: boolean; evidence: EvidenceSpan | null } | null {
  switch (field) {
    case 'penaltyRate':
      return fields.penaltyRate ? { value: fields.penaltyRate.percent, evidence: fields.penaltyRate.evidence } : null;
    case 'paymentDays':
      return fields.paymentDays ? { value: fields.paymentDays.days, evidence: fields.paymentDays.evidence } : null;
    case 'terminationNoticeDays':
      return fields.terminationNoticeDays
        ? { value: fields.terminationNoticeDays.days, evidence: fields.terminationNoticeDays.evidence }
        : null;
    case 'liabilityCapAmount':
      if (!fields.liabilityCap) return null;
      return {
        value: fields.liabilityCap.amount,
        uncapped: fields.liabilityCap.kind === 'uncapped',
        evidence: fields.liabilityCap.evidence,
      };
    case 'governingLaw':
      return fields.governingLaw ? { value: fields.governingLaw.jurisdiction, evidence: fields.governingLaw.evidence } : null;
    case 'confidentialityYears':
      if (!fields.confidentialityYears) return null;
      return {
        value: fields.confidentialityYears.perpetual ? Number.POSITIVE_INFINITY : fields.confidentialityYears.years,
        evidence: fields.confidentialityYears.evidence,
      };
    case 'autoRenewalNoticeDays':
      return fields.autoRenewal ? { value: fields.autoRenewal.noticeDays, evidence: fields.autoRenewal.evidence } : null;
    default:
      return null;
  }
}

const normaliseName = (value: string) =>
  value
    .toLowerCase()
    .replace(/[’'`]/g, "'")
    .replace(/^the\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();

/** True when `actual` satisfies `operator expected`. */
export function satisfies(actual: number | string, operator: string, expected: number | string): boolean {
  if (typeof expected === 'string' || typeof actual === 'string') {
    const same = normaliseName(String(actual)) === normaliseName(String(expected));
    return operator === '!=' ? !same : same;
  }
  switch (operator) {
    case '<=':
      return actual <= expected;
    case '<':
      return actual < expected;
    case '>=':
      return actual >= expected;
    case '>':
      return actual > expected;
    case '=':
      return actual === expected;
    case '!=':
      return actual !== expected;
    default:
      return true;
  }
}

function formatValue(field: string, value: number | string, language: 'zh' | 'en'): string {
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return language === 'zh' ? '永久' : 'perpetual';
  const unit = labels[field]?.unit?.[language] ?? '';
  return `${Number.isInteger(value) ? value : Number(value.toFixed(4))}${unit}`;
}

/**
 * The deterministic compliance check: every knowledge rule whose field the contract states is
 * evaluated; each breach is a finding citing the rule's knowledgeId and version.
 */
export function checkCompliance(fields: Fields | null, knowledge: readonly KnowledgeItem[], language: 'zh' | 'en'): Finding[] {
  if (!fields) return [];
  const findings: Finding[] = [];
  for (const item of knowledge) {
    const rule = item.constraint;
    if (!rule) continue;
    const found = contractValue(fields, rule.field);
    if (!found) continue;
    const label = labels[rule.field]?.[language] ?? rule.field;
    const cite = `${item.knowledgeId} ${item.version}`;
    let message: string | null = null;
    if (rule.field === 'liabilityCapAmount' && found.uncapped) {
      message =
        language === 'zh'
          ? `责任未设上限，要求不超过${rule.value}${rule.unit ?? ''}（${cite}）。`
          : `Liability is uncapped; the rule requires a cap of at most ${rule.unit ?? ''} ${rule.value} (${cite}).`;
    } else if (found.value !== null && !satisfies(found.value, rule.operator, rule.value)) {
      const actual = formatValue(rule.field, found.value, language);
      const expected = formatValue(rule.field, rule.value, language);
      const words = relation[rule.operator]?.[language] ?? rule.operator;
      message =
        language === 'zh' ? `${label}${actual}${words}${expected}（${cite}）。` : `${label} ${actual} ${words} ${expected} (${cite}).`;
    }
    if (!message) continue;
    findings.push({
      clause: rule.field,
      clauseIndex: found.evidence?.clauseIndex ?? null,
      knowledgeId: item.knowledgeId,
      version: item.version,
      severity: SEVERITY_BY_FIELD[rule.field] ?? 'MEDIUM',
      message,
      evidence: found.evidence ? { start: found.evidence.start, end: found.evidence.end, clauseIndex: found.evidence.clauseIndex } : null,
    });
  }
  return findings.sort((a, b) => a.knowledgeId.localeCompare(b.knowledgeId) || a.clause.localeCompare(b.clause));
}
