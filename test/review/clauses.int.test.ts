import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testkit/app.js';

const PUT = `mutation ($input: KnowledgeVersionInput!) { putKnowledgeVersion(input: $input) { id constraint { field operator value } } }`;
const SUBMIT = `mutation ($input: ReviewInput!) { submitReview(input: $input) { id } }`;
const REVIEW = `query ($id: ID!) { review(id: $id) {
  status riskLevel findings { clause knowledgeId version severity message evidence { start end } } knowledgeUsed { knowledgeId version } report
} }`;

const CONTRACT = [
  'DISTRIBUTION AGREEMENT',
  '1. Appointment. Supplier hereby appoints Distributor as its exclusive distributor of the Products in the Territory.',
  '2. Minimum Purchases. Distributor shall purchase at least 5,000 units of the Products in each Contract Year.',
  '3. Warranty. Supplier warrants that the Products will be free from defects for a period of six (6) months from the date of delivery.',
  '4. Assignment. Neither party may assign this Agreement without the prior written consent of the other party.',
  '5. Governing Law. This Agreement shall be governed by the laws of the State of New York.',
].join('\n');

const CLAUSE_RULES = [
  {
    knowledgeId: 'insurance-required',
    content: 'Suppliers should carry liability insurance.',
    constraint: { field: 'insurance', operator: '=', value: 'present' },
  },
  {
    knowledgeId: 'exclusivity-approval',
    content: 'Exclusive appointments need approval from legal.',
    constraint: { field: 'exclusivity', operator: '!=', value: 'present' },
  },
  {
    knowledgeId: 'minimum-commitment',
    content: 'Minimum purchase commitments need approval from finance.',
    constraint: { field: 'minimumCommitment', operator: '!=', value: 'present' },
  },
  {
    knowledgeId: 'anti-assignment',
    content: 'The counterparty may not assign without consent.',
    constraint: { field: 'antiAssignment', operator: '=', value: 'present' },
  },
  {
    knowledgeId: 'warranty-period',
    content: 'Warranties run at least a year.',
    constraint: { field: 'warrantyDurationDays', operator: '>=', value: 365, unit: 'days' },
  },
];

describe('clause fields in a review', () => {
  let app: TestApp;
  let admin: string;
  let alice: string;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await app.token('carol', { roles: ['ADMIN', 'COMPLIANCE'] });
    alice = await app.token('alice');
  });
  afterAll(() => app.stop());

  it('refuses a clause constraint that is not present / absent with = or !=, storing nothing', async () => {
    const before = await app.db.knowledgeVersion.count();
    const cases: [Record<string, unknown>, string][] = [
      [{ field: 'insurance', operator: '=', value: 'yes' }, 'constraint.value'],
      [{ field: 'exclusivity', operator: '=', value: 1 }, 'constraint.value'],
      [{ field: 'auditRights', operator: '<=', value: 'present' }, 'constraint.operator'],
      [{ field: 'warrantyDurationDays', operator: '>=', value: 'a year' }, 'constraint.value'],
    ];
    for (const [constraint, field] of cases) {
      const response = await app.gql(
        PUT,
        { input: { knowledgeId: 'bad', version: '1.0', kind: 'CLAUSE', content: 'x', source: 'policy:test/bad', constraint } },
        { token: admin },
      );
      expect(response.errors?.[0]?.extensions, JSON.stringify(constraint)).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    expect(await app.db.knowledgeVersion.count()).toBe(before);
  });

  it('finds missing and excluded clauses and a short warranty, each citing its rule, with evidence on the clause', async () => {
    for (const item of CLAUSE_RULES) {
      const response = await app.gql(
        PUT,
        {
          input: { version: '1.0', kind: 'CLAUSE', source: `policy:test/${item.knowledgeId}`, validFrom: '2020-01-01T00:00:00Z', ...item },
        },
        { token: admin },
      );
      expect(response.errors).toBeUndefined();
    }
    const submitted = await app.gql(
      SUBMIT,
      { input: { contractId: 'd-1', title: 'Distribution agreement', text: CONTRACT, asOf: '2025-06-01T00:00:00Z' } },
      { token: alice },
    );
    expect(submitted.errors).toBeUndefined();
    await app.deps.services.reviews.idle();
    const response = await app.gql(REVIEW, { id: submitted.data!.submitReview.id }, { token: alice });
    const review = response.data!.review as {
      status: string;
      riskLevel: string;
      findings: {
        clause: string;
        knowledgeId: string;
        severity: string;
        message: string;
        evidence: { start: number; end: number } | null;
      }[];
      knowledgeUsed: { knowledgeId: string }[];
      report: { extracted: Record<string, unknown> };
    };
    expect(review.status).toBe('SUCCEEDED');
    const quoted = (evidence: { start: number; end: number } | null) => (evidence ? CONTRACT.slice(evidence.start, evidence.end) : null);
    expect(
      review.findings.map((finding) => ({
        clause: finding.clause,
        severity: finding.severity,
        message: finding.message,
        quote: quoted(finding.evidence),
      })),
    ).toEqual([
      {
        clause: 'exclusivity',
        severity: 'MEDIUM',
        message: 'An exclusivity clause is present; the rule excludes it (exclusivity-approval 1.0).',
        quote: 'Supplier hereby appoints Distributor as its exclusive distributor of the Products in the Territory.',
      },
      {
        clause: 'insurance',
        severity: 'MEDIUM',
        message: 'An insurance clause is missing; the rule requires one (insurance-required 1.0).',
        quote: null,
      },
      {
        clause: 'minimumCommitment',
        severity: 'HIGH',
        message: 'A minimum commitment is present; the rule excludes it (minimum-commitment 1.0).',
        quote: 'Distributor shall purchase at least 5,000 units of the Products in each Contract Year.',
      },
      {
        clause: 'warrantyDurationDays',
        severity: 'MEDIUM',
        message: 'Warranty period 180 days is below the minimum of 365 days (warranty-period 1.0).',
        quote: 'Supplier warrants that the Products will be free from defects for a period of six (6) months from the date of delivery.',
      },
    ]);
    expect(review.riskLevel).toBe('HIGH');
    // The anti-assignment rule was checked (and met): it is part of what the review rests on.
    expect(review.knowledgeUsed.map((item) => item.knowledgeId).sort()).toEqual(CLAUSE_RULES.map((item) => item.knowledgeId).sort());
    expect(review.report.extracted).toMatchObject({
      exclusivity: true,
      minimumCommitment: true,
      antiAssignment: true,
      insurance: null,
      auditRights: null,
      changeOfControl: null,
      ipOwnershipAssignment: null,
      warrantyDuration: '6 months',
    });
  });

  it('a terms-of-service review finds clearly unfair terms with their level as HIGH findings', async () => {
    const put = await app.gql(
      PUT,
      {
        input: {
          knowledgeId: 'unfair-terms',
          version: '1.0',
          kind: 'CLAUSE',
          content: 'No clearly unfair terms.',
          source: 'policy:test/unfair-terms',
          validFrom: '2020-01-01T00:00:00Z',
          constraint: { field: 'unfairTermLevel', operator: '<=', value: 2 },
        },
      },
      { token: admin },
    );
    expect(put.errors).toBeUndefined();
    const TOS = [
      'TERMS OF SERVICE',
      'By using the Service you agree to these Terms.',
      'We may terminate your account at any time, without notice.',
      'We may amend these Terms from time to time.',
    ].join('\n');
    const submitted = await app.gql(
      SUBMIT,
      { input: { contractId: 'tos-1', title: 'Terms of service', text: TOS, asOf: '2025-06-01T00:00:00Z' } },
      { token: alice },
    );
    await app.deps.services.reviews.idle();
    const response = await app.gql(REVIEW, { id: submitted.data!.submitReview.id }, { token: alice });
    const review = response.data!.review as {
      riskLevel: string;
      findings: { clause: string; knowledgeId: string; severity: string; message: string; evidence: { start: number; end: number } }[];
      report: { extracted: Record<string, unknown> };
    };
    const unfair = review.findings.filter((finding) => finding.knowledgeId === 'unfair-terms');
    expect(
      unfair.map((finding) => ({
        clause: finding.clause,
        severity: finding.severity,
        message: finding.message,
        quote: TOS.slice(finding.evidence.start, finding.evidence.end),
      })),
    ).toEqual([
      {
        clause: 'unfairTermLevel',
        severity: 'HIGH',
        message: 'Clearly unfair term (unilateral termination) (unfair-terms 1.0).',
        quote: 'We may terminate your account at any time, without notice.',
      },
    ]);
    expect(review.riskLevel).toBe('HIGH');
    expect(review.report.extracted).toMatchObject({ unfairTerms: 3, clearlyUnfairTerms: 1 });
  });
});
