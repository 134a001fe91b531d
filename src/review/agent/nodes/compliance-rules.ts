import { isPresenceField } from '../../../knowledge/types.js';
import type { ExtractedContract, EvidenceSpan, UnfairTermField } from '@suanni/clause-extraction';
import type { ReviewState, RiskLevel, RuleFinding as Finding } from '../state.js';

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
  // Clauses that bind the business or give away its property weigh most; paperwork least.
  ipOwnershipAssignment: 'HIGH',
  minimumCommitment: 'HIGH',
  exclusivity: 'MEDIUM',
  changeOfControl: 'MEDIUM',
  insurance: 'MEDIUM',
  warrantyDurationDays: 'MEDIUM',
  antiAssignment: 'LOW',
  auditRights: 'LOW',
  // Unfair terms of service take their severity from each term's level (UNFAIR_TERM_SEVERITY).
  unfairTermLevel: 'MEDIUM',
};

/** CLAUDETTE level to risk: clearly unfair HIGH, potentially unfair MEDIUM, fair LOW. */
export const UNFAIR_TERM_SEVERITY: Record<UnfairTermField['level'], RiskLevel> = { 3: 'HIGH', 2: 'MEDIUM', 1: 'LOW' };
/** At most this many findings per unfair-terms rule, the clearest first, so one long text cannot flood a review. */
export const MAX_UNFAIR_TERM_FINDINGS = 25;

const unfairCategoryLabels: Record<UnfairTermField['category'], { en: string; zh: string }> = {
  limitation_of_liability: { en: 'limitation of liability', zh: '责任限制' },
  unilateral_termination: { en: 'unilateral termination', zh: '单方终止' },
  unilateral_change: { en: 'unilateral change', zh: '单方变更' },
  content_removal: { en: 'content removal', zh: '删除内容' },
  choice_of_law: { en: 'choice of law', zh: '法律选择' },
  jurisdiction: { en: 'jurisdiction', zh: '管辖' },
  arbitration: { en: 'arbitration', zh: '仲裁' },
  contract_by_using: { en: 'contract by using', zh: '使用即同意' },
};
const unfairLevelWords = {
  en: { 1: 'Fair', 2: 'Potentially unfair', 3: 'Clearly unfair' },
  zh: { 1: '公平', 2: '可能不公平', 3: '明显不公平' },
} as const;

const labels: Record<string, { en: string; zh: string; unit?: { en: string; zh: string } }> = {
  penaltyRate: { en: 'Penalty rate', zh: '违约金比例', unit: { en: '%', zh: '%' } },
  liabilityCapAmount: { en: 'Liability cap', zh: '责任上限' },
  paymentDays: { en: 'Payment term', zh: '付款期限', unit: { en: ' days', zh: '日' } },
  terminationNoticeDays: { en: 'Termination notice', zh: '解除通知期', unit: { en: ' days', zh: '日' } },
  governingLaw: { en: 'Governing law', zh: '适用法律' },
  confidentialityYears: { en: 'Confidentiality term', zh: '保密期限', unit: { en: ' years', zh: '年' } },
  autoRenewalNoticeDays: { en: 'Non-renewal notice', zh: '不续约通知期', unit: { en: ' days', zh: '日' } },
  warrantyDurationDays: { en: 'Warranty period', zh: '质保期', unit: { en: ' days', zh: '日' } },
  exclusivity: { en: 'An exclusivity clause', zh: '排他条款' },
  insurance: { en: 'An insurance clause', zh: '保险条款' },
  auditRights: { en: 'An audit-rights clause', zh: '审计条款' },
  changeOfControl: { en: 'A change-of-control clause', zh: '控制权变更条款' },
  antiAssignment: { en: 'An anti-assignment clause', zh: '禁止转让条款' },
  ipOwnershipAssignment: { en: 'An IP ownership assignment', zh: '知识产权归属转让条款' },
  minimumCommitment: { en: 'A minimum commitment', zh: '最低采购承诺' },
};

/** A clause field's value: whether the contract has it, and where. */
function presence(field: { evidence: EvidenceSpan } | null): { value: 'present' | 'absent'; evidence: EvidenceSpan | null } {
  return field ? { value: 'present', evidence: field.evidence } : { value: 'absent', evidence: null };
}

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
    case 'unfairTermLevel': {
      const terms = fields.unfairTerms ?? [];
      if (terms.length === 0) return null;
      const worst = terms.reduce((top, term) => (term.level > top.level ? term : top));
      return { value: worst.level, evidence: worst.evidence };
    }
    case 'warrantyDurationDays':
      return fields.warrantyDuration ? { value: fields.warrantyDuration.days, evidence: fields.warrantyDuration.evidence } : null;
    // A missing clause is a value too: a rule may require one (`insurance = present`).
    case 'exclusivity':
    case 'insurance':
    case 'auditRights':
    case 'changeOfControl':
    case 'antiAssignment':
    case 'ipOwnershipAssignment':
    case 'minimumCommitment':
      return presence(fields[field] ?? null);
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

/** "An insurance clause is missing (…)" when a rule requires the clause; "… is present" when a rule excludes it. */
function presenceMessage(field: string, present: boolean, language: 'zh' | 'en', cite: string): string {
  const label = labels[field]!;
  if (language === 'zh') return `${present ? '合同含有' : '合同缺少'}${label.zh}（${cite}）。`;
  return `${label.en} is ${present ? 'present; the rule excludes it' : 'missing; the rule requires one'} (${cite}).`;
}

/** One finding per unfair term whose level breaks the rule (`unfairTermLevel <= 2`: no clearly unfair terms), severity by level. */
function unfairTermFindings(
  terms: readonly UnfairTermField[],
  rule: NonNullable<KnowledgeItem['constraint']>,
  item: KnowledgeItem,
  language: 'zh' | 'en',
): Finding[] {
  if (typeof rule.value !== 'number') return [];
  const cite = `${item.knowledgeId} ${item.version}`;
  return terms
    .filter((term) => !satisfies(term.level, rule.operator, rule.value))
    .sort((a, b) => b.level - a.level || a.evidence.start - b.evidence.start)
    .slice(0, MAX_UNFAIR_TERM_FINDINGS)
    .map((term) => ({
      clause: 'unfairTermLevel',
      clauseIndex: term.evidence.clauseIndex,
      knowledgeId: item.knowledgeId,
      version: item.version,
      severity: UNFAIR_TERM_SEVERITY[term.level],
      message:
        language === 'zh'
          ? `${unfairLevelWords.zh[term.level]}的条款（${unfairCategoryLabels[term.category].zh}）（${cite}）。`
          : `${unfairLevelWords.en[term.level]} term (${unfairCategoryLabels[term.category].en}) (${cite}).`,
      evidence: { start: term.evidence.start, end: term.evidence.end, clauseIndex: term.evidence.clauseIndex },
    }));
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
    if (rule.field === 'unfairTermLevel') {
      findings.push(...unfairTermFindings(fields.unfairTerms ?? [], rule, item, language));
      continue;
    }
    const found = contractValue(fields, rule.field);
    if (!found) continue;
    const label = labels[rule.field]?.[language] ?? rule.field;
    const cite = `${item.knowledgeId} ${item.version}`;
    let message: string | null = null;
    if (isPresenceField(rule.field) && found.value !== null && !satisfies(found.value, rule.operator, rule.value)) {
      message = presenceMessage(rule.field, found.value === 'present', language, cite);
    } else if (rule.field === 'liabilityCapAmount' && found.uncapped) {
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
