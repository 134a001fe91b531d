import { describe, expect, it } from 'vitest';
import { extractFields } from '@suanni/clause-extraction';
import type { ReviewState } from '../state.js';
import { checkCompliance, contractValue, SEVERITY_BY_FIELD } from './compliance-rules.js';

type KnowledgeItem = ReviewState['knowledge'][number];

const rule = (knowledgeId: string, field: string, operator: string, value: number | string): KnowledgeItem => ({
  id: `id-${knowledgeId}`,
  knowledgeId,
  version: '1.0',
  content: 'x',
  source: 'policy:test',
  kind: 'CLAUSE',
  constraint: { field, operator, value },
  degraded: false,
});

const TEXT = [
  '1. Appointment. Supplier appoints Distributor as its exclusive distributor in the Territory.',
  '2. Warranty. Supplier warrants the Products against defects for a period of six (6) months from delivery.',
  '3. Assignment. Neither party may assign this Agreement without the prior written consent of the other party.',
].join('\n');

const { clauses: _clauses, ...fields } = extractFields(TEXT);

describe('clause fields in the compliance check', () => {
  it('reads a clause field as present with its evidence, or absent without', () => {
    const exclusivity = contractValue(fields, 'exclusivity');
    expect(exclusivity?.value).toBe('present');
    expect(TEXT.slice(exclusivity!.evidence!.start, exclusivity!.evidence!.end)).toBe(
      'Supplier appoints Distributor as its exclusive distributor in the Territory.',
    );
    expect(contractValue(fields, 'insurance')).toEqual({ value: 'absent', evidence: null });
    expect(contractValue(fields, 'warrantyDurationDays')?.value).toBe(180);
  });

  it('flags a required clause that is missing and an excluded clause that is present, with severity by field', () => {
    const findings = checkCompliance(
      fields,
      [
        rule('insurance-required', 'insurance', '=', 'present'),
        rule('exclusivity-approval', 'exclusivity', '!=', 'present'),
        rule('anti-assignment', 'antiAssignment', '=', 'present'),
        rule('warranty-period', 'warrantyDurationDays', '>=', 365),
      ],
      'en',
    );
    expect(findings.map(({ knowledgeId, severity, message, clauseIndex }) => ({ knowledgeId, severity, message, clauseIndex }))).toEqual([
      {
        knowledgeId: 'exclusivity-approval',
        severity: 'MEDIUM',
        message: 'An exclusivity clause is present; the rule excludes it (exclusivity-approval 1.0).',
        clauseIndex: 0,
      },
      {
        knowledgeId: 'insurance-required',
        severity: 'MEDIUM',
        message: 'An insurance clause is missing; the rule requires one (insurance-required 1.0).',
        clauseIndex: null,
      },
      {
        knowledgeId: 'warranty-period',
        severity: 'MEDIUM',
        message: 'Warranty period 180 days is below the minimum of 365 days (warranty-period 1.0).',
        clauseIndex: 1,
      },
    ]);
    expect(findings[1]!.evidence).toBeNull();
  });

  it('writes clause messages in Chinese for Chinese contracts', () => {
    const findings = checkCompliance(
      fields,
      [rule('ip', 'ipOwnershipAssignment', '=', 'present'), rule('m', 'minimumCommitment', '!=', 'absent')],
      'zh',
    );
    expect(findings.map(({ message, severity }) => ({ message, severity }))).toEqual([
      { message: '合同缺少知识产权归属转让条款（ip 1.0）。', severity: 'HIGH' },
      { message: '合同缺少最低采购承诺（m 1.0）。', severity: 'HIGH' },
    ]);
  });

  it('gives every clause field a documented severity', () => {
    expect(
      Object.fromEntries(
        [
          'ipOwnershipAssignment',
          'minimumCommitment',
          'exclusivity',
          'changeOfControl',
          'insurance',
          'warrantyDurationDays',
          'antiAssignment',
          'auditRights',
        ].map((field) => [field, SEVERITY_BY_FIELD[field]]),
      ),
    ).toEqual({
      ipOwnershipAssignment: 'HIGH',
      minimumCommitment: 'HIGH',
      exclusivity: 'MEDIUM',
      changeOfControl: 'MEDIUM',
      insurance: 'MEDIUM',
      warrantyDurationDays: 'MEDIUM',
      antiAssignment: 'LOW',
      auditRights: 'LOW',
    });
  });
});

describe('unfair terms of service in the compliance check', () => {
  const TOS = [
    'By using the Service you agree to these Terms.',
    'We may terminate your account at any time, without notice.',
    'You and Acme agree that claims can be litigated only in Dublin, and we each agree to personal jurisdiction of the courts located in Dublin.',
    'We may amend these Terms from time to time.',
  ].join('\n');
  const { clauses: _tosClauses, ...tos } = extractFields(TOS);

  it('reports each term above the allowed level, severity by level, evidence on the sentence', () => {
    const findings = checkCompliance(tos, [rule('unfair-terms', 'unfairTermLevel', '<=', 2)], 'en');
    expect(
      findings.map(({ clause, severity, message, evidence }) => ({
        clause,
        severity,
        message,
        quote: TOS.slice(evidence!.start, evidence!.end),
      })),
    ).toEqual([
      {
        clause: 'unfairTermLevel',
        severity: 'HIGH',
        message: 'Clearly unfair term (unilateral termination) (unfair-terms 1.0).',
        quote: 'We may terminate your account at any time, without notice.',
      },
      {
        clause: 'unfairTermLevel',
        severity: 'HIGH',
        message: 'Clearly unfair term (jurisdiction) (unfair-terms 1.0).',
        quote:
          'You and Acme agree that claims can be litigated only in Dublin, and we each agree to personal jurisdiction of the courts located in Dublin.',
      },
    ]);
  });

  it('a stricter rule also reports potentially unfair terms, as MEDIUM, in Chinese for Chinese text', () => {
    const findings = checkCompliance(tos, [rule('unfair-terms', 'unfairTermLevel', '<', 2)], 'zh');
    expect(findings.map(({ severity, message }) => [severity, message])).toEqual([
      ['HIGH', '明显不公平的条款（单方终止）（unfair-terms 1.0）。'],
      ['HIGH', '明显不公平的条款（管辖）（unfair-terms 1.0）。'],
      ['MEDIUM', '可能不公平的条款（使用即同意）（unfair-terms 1.0）。'],
      ['MEDIUM', '可能不公平的条款（单方变更）（unfair-terms 1.0）。'],
    ]);
    expect(contractValue(tos, 'unfairTermLevel')?.value).toBe(3);
  });
});
