import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type CuadCategory, extractFields, OPERATING_POINTS } from '@suanni/clause-extraction';
import { parseCuadLabels } from '@suanni/clause-extraction/evaluation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/identity/principal.js';
import { connectRedis, type RedisConnections } from '../../src/platform/redis.js';
import { exportTenantLabels, type LabelsExport } from '../../src/review/judgement/labels.js';
import { collect, startTestApp, type TestApp } from '../testkit/app.js';
import { scanDatabase } from '../testkit/catalogue-scan.js';
import { redisReachable, SYSTEM_REDIS } from '../testkit/processes.js';

const redisUp = await redisReachable();
if (!redisUp) process.stdout.write(`SKIP review-judgement.int.test.ts (shared Redis part): no Redis at ${SYSTEM_REDIS}\n`);

const PUT = `mutation ($input: KnowledgeVersionInput!) { putKnowledgeVersion(input: $input) { id } }`;
const SUBMIT = `mutation ($input: ReviewInput!) { submitReview(input: $input) { id } }`;
const FINDING = `id reviewId clause category confidence threshold modelStatus status decision { id verdict reason decidedBy decidedAt }`;
const REVIEW = `query ($id: ID!) { review(id: $id) { id status operatingPoint reviewThreshold findings { ${FINDING} evidence { start end } } } }`;
const CONFIRM = `mutation ($id: ID!) { confirmFinding(id: $id) { ${FINDING} } }`;
const REJECT = `mutation ($id: ID!, $reason: String!) { rejectFinding(id: $id, reason: $reason) { ${FINDING} } }`;
const SETTINGS = `query { tenantReviewSettings { operatingPoint reviewThreshold custom updatedAt } }`;
const SET_SETTINGS = `mutation ($input: TenantReviewSettingsInput!) { setTenantReviewSettings(input: $input) { operatingPoint reviewThreshold custom } }`;
const PROGRESS = `subscription ($id: ID!, $follow: Boolean) { reviewProgress(reviewId: $id, followDecisions: $follow) {
  sequence kind status findingId verdict } }`;
const AUDIT = `query ($filter: AuditFilter) { auditLog(filter: $filter, first: 100) { nodes { action actorId targetIds outcome errorCode } } }`;
const ERASE = 'mutation ($userId: ID) { requestErasure(userId: $userId) { id } }';
const JOB = `query ($id: ID!) { erasureRequest(id: $id) { status steps { name countBefore countAfter } verification { allZero } } }`;

const CONTRACT = [
  'DISTRIBUTION AGREEMENT',
  '1. Appointment. Supplier hereby appoints Distributor as its exclusive distributor of the Products in the Territory.',
  '2. Minimum Purchases. Distributor shall purchase at least 5,000 units of the Products in each Contract Year.',
  '3. Warranty. Supplier warrants that the Products will be free from defects for a period of six (6) months from the date of delivery.',
  '4. Assignment. Neither party may assign this Agreement without the prior written consent of the other party.',
  '5. Governing Law. This Agreement shall be governed by the laws of the State of New York.',
].join('\n');

const RULES = [
  {
    knowledgeId: 'insurance-required',
    content: 'Suppliers carry insurance.',
    constraint: { field: 'insurance', operator: '=', value: 'present' },
  },
  {
    knowledgeId: 'exclusivity-approval',
    content: 'No exclusivity.',
    constraint: { field: 'exclusivity', operator: '!=', value: 'present' },
  },
  { knowledgeId: 'governing-law', content: 'California law.', constraint: { field: 'governingLaw', operator: '=', value: 'California' } },
  { knowledgeId: 'payment-days', content: 'Pay within 30 days.', constraint: { field: 'paymentDays', operator: '<=', value: 30 } },
];

/** A tenant threshold above every calibrated confidence of CONTRACT's findings (the surest is under 0.9999). */
const ALL_TO_A_PERSON = 0.9999;

type Finding = {
  id: string;
  reviewId: string;
  clause: string;
  category: string | null;
  confidence: number;
  threshold: number | null;
  modelStatus: string;
  status: string;
  decision: { id: string; verdict: string; reason: string | null; decidedBy: string; decidedAt: string } | null;
  evidence?: { start: number; end: number } | null;
};
type Review = { id: string; status: string; operatingPoint: string | null; reviewThreshold: number | null; findings: Finding[] };

describe('review judgement: operating points and a person in the loop', () => {
  let app: TestApp;
  let admin: string;
  let alice: string;
  let bob: string;
  let rita: string;
  let rex: string;
  let elsewhere: string;
  const elsewhereTenant = `${randomUUID().slice(0, 8)}-other`;

  const call = async (query: string, variables: Record<string, unknown>, token: string) => {
    const response = await app.gql(query, variables, { token });
    expect(response.errors, query).toBeUndefined();
    return response.data!;
  };
  const codeOf = async (query: string, variables: Record<string, unknown>, token: string) => {
    const response = await app.gql(query, variables, { token });
    expect(response.data ?? null).toBeNull();
    return response.errors?.[0]?.extensions?.code;
  };
  const putRules = async (token: string) => {
    for (const rule of RULES)
      await call(
        PUT,
        {
          input: { version: '1.0', kind: 'CLAUSE', source: `policy:test/${rule.knowledgeId}`, validFrom: '2020-01-01T00:00:00Z', ...rule },
        },
        token,
      );
  };
  const review = async (token = alice, contractId = 'd-1'): Promise<Review> => {
    const { submitReview } = await call(
      SUBMIT,
      { input: { contractId, title: 'Distribution', text: CONTRACT, asOf: '2025-06-01T00:00:00Z' } },
      token,
    );
    await app.deps.services.reviews.idle();
    return (await call(REVIEW, { id: submitReview.id }, token)).review as Review;
  };
  const userId = async (token: string) => (await call('{ me { id } }', {}, token)).me.id as string;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await app.token('carol', { roles: ['ADMIN', 'COMPLIANCE'] });
    alice = await app.token('alice');
    bob = await app.token('bob');
    rita = await app.token('rita', { roles: ['REVIEWER'] });
    rex = await app.token('rex', { roles: ['USER', 'REVIEWER'] });
    elsewhere = await app.token('rita', { tenant: elsewhereTenant, roles: ['REVIEWER', 'ADMIN'] });
    await putRules(admin);
    await putRules(elsewhere);
  });
  afterAll(() => app.stop());

  it('judges findings by the tenant’s operating point, which only its ADMIN sets, audited', async () => {
    expect((await call(SETTINGS, {}, admin)).tenantReviewSettings).toEqual({
      operatingPoint: 'PRECISION_FIRST',
      reviewThreshold: null,
      custom: false,
      updatedAt: null,
    });
    expect(await codeOf(SETTINGS, {}, alice)).toBe('FORBIDDEN');
    expect(await codeOf(SET_SETTINGS, { input: { operatingPoint: 'RECALL_FIRST' } }, alice)).toBe('FORBIDDEN');
    expect(await codeOf(SET_SETTINGS, { input: { operatingPoint: 'RECALL_FIRST' } }, rita)).toBe('FORBIDDEN');
    for (const reviewThreshold of [1.5, -0.1])
      expect(await codeOf(SET_SETTINGS, { input: { reviewThreshold } }, admin)).toBe('BAD_USER_INPUT');
    expect(await app.db.tenantReviewSetting.count()).toBe(0);

    // Precision first (the default): each finding against its category's precision-first threshold from the
    // extraction package, with the calibrated confidence the package put on its field.
    const precise = await review();
    expect(precise.operatingPoint).toBe('PRECISION_FIRST');
    const byClause = Object.fromEntries(precise.findings.map((finding) => [finding.clause, finding]));
    expect(Object.keys(byClause).sort()).toEqual(['exclusivity', 'governingLaw', 'insurance']);
    const extracted = extractFields(CONTRACT);
    const verdict = (confidence: number, threshold: number) => (confidence < threshold ? 'NEEDS_REVIEW' : 'ACCEPTED');
    const exclusivityThreshold = OPERATING_POINTS.Exclusivity!['precision-first'];
    expect(byClause.exclusivity).toMatchObject({
      category: 'Exclusivity',
      confidence: extracted.exclusivity!.confidence,
      threshold: exclusivityThreshold,
      status: verdict(extracted.exclusivity!.confidence!, exclusivityThreshold),
      decision: null,
    });
    expect(byClause.governingLaw).toMatchObject({ category: 'Governing Law', confidence: extracted.governingLaw!.confidence });
    // A clause not found rests on the fallback confidence of an absence.
    expect(byClause.insurance).toMatchObject({
      category: 'Insurance',
      confidence: 0.75,
      threshold: OPERATING_POINTS.Insurance!['precision-first'],
    });
    for (const finding of precise.findings) expect(finding.status).toBe(verdict(finding.confidence, finding.threshold!));
    for (const finding of precise.findings) expect(finding.id).toMatch(/^[0-9a-f-]{36}$/);

    expect((await call(SET_SETTINGS, { input: { operatingPoint: 'RECALL_FIRST' } }, admin)).setTenantReviewSettings).toEqual({
      operatingPoint: 'RECALL_FIRST',
      reviewThreshold: null,
      custom: true,
    });
    const lenient = await review();
    expect(lenient.findings.map((finding) => [finding.clause, finding.threshold])).toEqual(
      precise.findings.map((finding) => [finding.clause, OPERATING_POINTS[finding.category as CuadCategory]?.['recall-first'] ?? 0.5]),
    );
    // Recall first sends no more to a person than precision first.
    for (const finding of lenient.findings) expect(finding.threshold!).toBeLessThanOrEqual(byClause[finding.clause]!.threshold!);
    // A threshold of its own sends every finding under it to a person; the operating point stays.
    const strict = await call(SET_SETTINGS, { input: { reviewThreshold: ALL_TO_A_PERSON } }, admin);
    expect(strict.setTenantReviewSettings).toEqual({ operatingPoint: 'RECALL_FIRST', reviewThreshold: ALL_TO_A_PERSON, custom: true });
    const careful = await review();
    expect(careful).toMatchObject({ operatingPoint: 'RECALL_FIRST', reviewThreshold: ALL_TO_A_PERSON });
    expect(careful.findings.every((finding) => finding.status === 'NEEDS_REVIEW' && finding.threshold === ALL_TO_A_PERSON)).toBe(true);
    // Reviews written before keep the verdicts they were written with.
    expect(((await call(REVIEW, { id: precise.id }, alice)).review as Review).findings).toEqual(precise.findings);
    // Another tenant is untouched.
    expect((await call(SETTINGS, {}, elsewhere)).tenantReviewSettings.custom).toBe(false);

    const { auditLog } = await call(AUDIT, { filter: { actions: ['REVIEW_SETTING_SET'] } }, admin);
    const outcomes = auditLog.nodes.map((entry: { outcome: string; errorCode: string | null }) => `${entry.outcome}:${entry.errorCode}`);
    expect(outcomes.sort()).toEqual([
      'DENIED:FORBIDDEN',
      'DENIED:FORBIDDEN',
      'FAILED:BAD_USER_INPUT',
      'FAILED:BAD_USER_INPUT',
      'SUCCESS:null',
      'SUCCESS:null',
    ]);
  });

  it('lets a REVIEWER confirm and reject findings once, streams each decision, and refuses everyone else', async () => {
    await call(SET_SETTINGS, { input: { operatingPoint: 'PRECISION_FIRST', reviewThreshold: ALL_TO_A_PERSON } }, admin);
    const target = await review(alice, 'to-decide');
    const find = (clause: string) => target.findings.find((finding) => finding.clause === clause)!;
    const [exclusivity, governingLaw, insurance] = [find('exclusivity'), find('governingLaw'), find('insurance')];
    expect(target.findings.every((finding) => finding.status === 'NEEDS_REVIEW')).toBe(true);

    // The owner follows the review: its run (finished), then every decision until none is left.
    const followed = collect<{ reviewProgress: { kind: string; status: string; findingId: string | null; verdict: string | null } }>(
      app.ws({ authorization: `Bearer ${alice}` }),
      PROGRESS,
      { id: target.id, follow: true },
      1_000,
    );
    // Without followDecisions the stream ends at the final status, as it always did.
    const plain = await collect<{ reviewProgress: { kind: string } }>(
      app.ws({ authorization: `Bearer ${alice}` }),
      PROGRESS,
      { id: target.id },
      1_000,
    );
    expect(plain.results.at(-1)?.data?.reviewProgress.kind).toBe('STATUS');

    // A REVIEWER sees the tenant's reviews that need them, findings and all.
    const queue = await call('{ reviews(filter: { scope: TENANT, needsReview: true }) { nodes { id findings { id status } } } }', {}, rita);
    expect(queue.reviews.nodes.map((node: { id: string }) => node.id)).toContain(target.id);
    expect((await call(REVIEW, { id: target.id }, rita)).review.findings).toHaveLength(3);

    // Who may not: the owner, another user, an ADMIN without the role; another tenant's reviewer learns nothing.
    for (const token of [alice, bob, admin]) expect(await codeOf(CONFIRM, { id: insurance.id }, token)).toBe('FORBIDDEN');
    expect(await codeOf(CONFIRM, { id: insurance.id }, elsewhere)).toBe('NOT_FOUND');
    expect(await codeOf(REJECT, { id: insurance.id, reason: 'not ours' }, elsewhere)).toBe('NOT_FOUND');
    expect(await codeOf(REVIEW, { id: target.id }, elsewhere)).toBe('NOT_FOUND');
    expect(await codeOf(CONFIRM, { id: 'not-a-finding' }, rita)).toBe('BAD_USER_INPUT');
    expect(await codeOf(CONFIRM, { id: randomUUID() }, rita)).toBe('NOT_FOUND');
    for (const reason of ['', '   ', 'x'.repeat(2_001), 'bad\u0000'])
      expect(await codeOf(REJECT, { id: insurance.id, reason }, rita)).toBe('BAD_USER_INPUT');
    expect(await app.db.findingDecision.count()).toBe(0);

    // A REVIEWER confirms: the model's verdict stays beside the person's.
    const ritaId = await userId(rita);
    const confirmed = (await call(CONFIRM, { id: insurance.id }, rita)).confirmFinding as Finding;
    expect(confirmed).toMatchObject({ id: insurance.id, modelStatus: 'NEEDS_REVIEW', status: 'CONFIRMED' });
    expect(confirmed.decision).toMatchObject({ verdict: 'CONFIRMED', reason: null, decidedBy: ritaId });
    // Deciding twice, either way, by anyone: one decision stands.
    for (const [query, token] of [
      [CONFIRM, rita],
      [REJECT, rex],
    ] as const)
      expect(await codeOf(query, { id: insurance.id, reason: 'changed my mind' }, token)).toBe('CONFLICT');

    // Confirms and rejects racing on one finding: one wins, every other gets CONFLICT, one decision is stored.
    const raced = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2
          ? app.gql(REJECT, { id: exclusivity.id, reason: 'Not exclusive: a non-exclusive appointment.' }, { token: rex })
          : app.gql(CONFIRM, { id: exclusivity.id }, { token: rita }),
      ),
    );
    expect(raced.filter((response) => response.errors === undefined)).toHaveLength(1);
    expect(raced.flatMap((response) => response.errors ?? []).map((error) => error.extensions?.code)).toEqual(Array(7).fill('CONFLICT'));
    expect(await app.db.findingDecision.count({ where: { findingId: exclusivity.id } })).toBe(1);

    const rejected = (await call(REJECT, { id: governingLaw.id, reason: '  New York is fine for this one.  ' }, rex))
      .rejectFinding as Finding;
    expect(rejected).toMatchObject({ status: 'REJECTED', decision: { verdict: 'REJECTED', reason: 'New York is fine for this one.' } });

    // Every decision streamed, after the run, and the stream ended once nothing needed a person.
    const streamed = await followed;
    expect(streamed.error).toBeUndefined();
    const events = streamed.results.map((result) => result.data!.reviewProgress);
    const decided = events.filter((event) => event.kind === 'FINDING_DECIDED');
    expect(events.findIndex((event) => event.kind === 'FINDING_DECIDED')).toBeGreaterThan(
      events.findIndex((event) => event.kind === 'STATUS' && event.status === 'SUCCEEDED'),
    );
    expect(decided.map((event) => event.findingId).sort()).toEqual([exclusivity.id, governingLaw.id, insurance.id].sort());
    expect(decided.find((event) => event.findingId === insurance.id)?.verdict).toBe('CONFIRMED');
    expect(decided.find((event) => event.findingId === governingLaw.id)?.verdict).toBe('REJECTED');

    // The owner's result shows each decision beside the model's verdict; the review left the reviewers' queue.
    const after = (await call(REVIEW, { id: target.id }, alice)).review as Review;
    expect(after.findings.every((finding) => finding.modelStatus === 'NEEDS_REVIEW' && finding.decision !== null)).toBe(true);
    const left = await call('{ reviews(filter: { scope: TENANT, needsReview: true }) { nodes { id } } }', {}, rita);
    expect(left.reviews.nodes.map((node: { id: string }) => node.id)).not.toContain(target.id);

    // The audit log: each decision with the finding and review it concerns, each refusal by code.
    const { auditLog } = await call(AUDIT, { filter: { actions: ['FINDING_CONFIRM', 'FINDING_REJECT'] } }, admin);
    const entries = auditLog.nodes as { action: string; actorId: string; targetIds: string[]; outcome: string; errorCode: string | null }[];
    const successes = entries.filter((entry) => entry.outcome === 'SUCCESS');
    expect(successes).toHaveLength(3);
    const insuranceEntry = successes.find((entry) => entry.targetIds.includes(insurance.id))!;
    expect(insuranceEntry).toMatchObject({ action: 'FINDING_CONFIRM', actorId: ritaId });
    expect(insuranceEntry.targetIds).toEqual(expect.arrayContaining([insurance.id, target.id, confirmed.decision!.id]));
    const refusals = entries.filter((entry) => entry.outcome !== 'SUCCESS').map((entry) => `${entry.outcome}:${entry.errorCode}`);
    expect(refusals.filter((refusal) => refusal === 'DENIED:FORBIDDEN')).toHaveLength(3);
    expect(refusals.filter((refusal) => refusal === 'FAILED:CONFLICT')).toHaveLength(2 + 7);
    // The random id here; another tenant's attempts are in that tenant's log, where its ADMIN reads them.
    expect(refusals.filter((refusal) => refusal === 'FAILED:NOT_FOUND')).toHaveLength(1);
    const theirs = (await call(AUDIT, { filter: { actions: ['FINDING_CONFIRM', 'FINDING_REJECT'] } }, elsewhere)).auditLog.nodes;
    expect(theirs.map((entry: { outcome: string; errorCode: string }) => `${entry.outcome}:${entry.errorCode}`)).toEqual([
      'FAILED:NOT_FOUND',
      'FAILED:NOT_FOUND',
    ]);
    expect(JSON.stringify(entries)).not.toContain('New York is fine');
  });

  it('replays a decided review with each decision beside the model’s verdict then and now', async () => {
    const decided = (await call('{ reviews(filter: { contractId: "to-decide" }) { nodes { id } } }', {}, alice)).reviews.nodes[0].id;
    const { replayReview } = await call(
      `mutation ($id: ID!) { replayReview(id: $id) { identical differences findings { replayed replayConfidence replayStatus
        finding { id modelStatus status confidence decision { verdict reason } } } } }`,
      { id: decided },
      alice,
    );
    expect(replayReview.identical).toBe(true);
    expect(replayReview.differences).toEqual([]);
    expect(replayReview.findings).toHaveLength(3);
    for (const entry of replayReview.findings) {
      expect(entry).toMatchObject({ replayed: true, replayStatus: 'NEEDS_REVIEW', replayConfidence: entry.finding.confidence });
      expect(entry.finding.modelStatus).toBe('NEEDS_REVIEW');
      expect(['CONFIRMED', 'REJECTED']).toContain(entry.finding.status);
      expect(entry.finding.decision.verdict).toBe(entry.finding.status);
    }
    // Replay is the owner's, as before.
    expect(await codeOf('mutation ($id: ID!) { replayReview(id: $id) { identical } }', { id: decided }, rita)).toBe('FORBIDDEN');
  });

  it('exports only the tenant’s decisions as labels in the shared format, with the texts they index', async () => {
    // Another tenant decides on its own review: none of it may leak into this tenant's export.
    await call(SET_SETTINGS, { input: { reviewThreshold: ALL_TO_A_PERSON } }, elsewhere);
    const theirs = await review(elsewhere, 'elsewhere-1');
    await call(CONFIRM, { id: theirs.findings[0]!.id }, elsewhere);

    const out = await mkdtemp(path.join(tmpdir(), 'labels-'));
    try {
      const env = { ...process.env, DATABASE_URL: app.database.url, NODE_ENV: 'test' };
      const { stdout } = await promisify(execFile)('npx', ['tsx', 'src/main.ts', 'labels:export', '--tenant', app.tenant, '--out', out], {
        env,
        cwd: path.resolve(import.meta.dirname, '..', '..'),
      });
      expect(stdout).toContain('1 contracts, 3 decisions');
      const labels = JSON.parse(await readFile(path.join(out, 'labels.json'), 'utf8')) as LabelsExport;
      expect(labels).toEqual((await exportTenantLabels(app.db, app.tenant, new Date(labels.meta.exportedAt))).labels);
      // Readable by the evaluation as any shared labels file.
      const parsed = parseCuadLabels(labels);
      expect(parsed).toHaveLength(1);
      const [contract] = labels.contracts;
      const text = await readFile(path.join(out, contract!.file), 'utf8');
      expect(text).toBe(CONTRACT);
      expect(contract!.sha256).toBe(createHash('sha256').update(text).digest('hex'));
      // Confirmed "insurance missing": no insurance. Exclusivity: as decided in the race. Rejected governing law: no label.
      expect(contract!.labels.Insurance).toEqual({ present: false, answer: 'No', clauses: [], char_spans: [] });
      expect(contract!.labels).not.toHaveProperty('Governing Law');
      const exclusivity = contract!.decisions.find((decision) => decision.clause === 'exclusivity')!;
      expect(contract!.labels.Exclusivity?.present).toBe(exclusivity.verdict === 'CONFIRMED');
      if (exclusivity.verdict === 'CONFIRMED') {
        const [start, end] = contract!.labels.Exclusivity!.char_spans[0]![0]!;
        expect(text.slice(start, end)).toContain('exclusive distributor');
      }
      expect(contract!.decisions.map((decision) => decision.verdict).sort()).toEqual(['CONFIRMED', exclusivity.verdict, 'REJECTED'].sort());
      // Nothing of another tenant, nor who decided.
      const written = JSON.stringify(labels);
      expect(written).not.toContain(theirs.id);
      expect(written).not.toContain(await userId(rita));
      expect(labels.contracts.every((entry) => entry.id !== theirs.id)).toBe(true);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 120_000);

  it('erases a reviewer’s decisions with them: the findings need a person again, and an erased author decides nothing', async () => {
    const ritaId = await userId(rita);
    const ritaPrincipal: Principal = await app.deps.services.identity.principalFor({
      subject: 'rita',
      tenantKey: app.tenant,
      roles: ['REVIEWER'],
      issuedAt: new Date(),
      expiresAt: null,
    });
    const fresh = await review(alice, 'after-erasure');
    // The catalogue finds the reviewer's id in the decisions table (and the audit log) before the erasure.
    const decidedBy = await app.db.findingDecision.count({ where: { deciderId: ritaId } });
    expect(decidedBy).toBeGreaterThan(0);
    expect(await scanDatabase(app.db, [ritaId])).toEqual(
      expect.arrayContaining(['public.FindingDecision.deciderId', 'public.AuditEntry.actorId']),
    );

    const { requestErasure } = await call(ERASE, { userId: ritaId }, admin);
    await app.deps.services.erasure.idle();
    const job = (await call(JOB, { id: requestErasure.id }, admin)).erasureRequest;
    expect(job.status).toBe('COMPLETED');
    expect(job.verification.allZero).toBe(true);
    expect(job.steps.find((step: { name: string }) => step.name === 'finding-decisions')).toEqual({
      name: 'finding-decisions',
      countBefore: decidedBy,
      countAfter: 0,
    });
    expect(await scanDatabase(app.db, [ritaId])).toEqual([]);

    // Her decisions are gone from the result; those findings need a person again. Rex's stands.
    const decidedReview = (await call('{ reviews(filter: { contractId: "to-decide" }) { nodes { id } } }', {}, alice)).reviews.nodes[0].id;
    const after = (await call(REVIEW, { id: decidedReview }, alice)).review as Review;
    expect(after.findings.filter((finding) => finding.decision !== null).every((finding) => finding.decision!.decidedBy !== ritaId)).toBe(
      true,
    );
    expect(after.findings.some((finding) => finding.status === 'NEEDS_REVIEW')).toBe(true);
    const exported = (await exportTenantLabels(app.db, app.tenant)).labels;
    expect(exported.contracts.flatMap((contract) => contract.decisions).every((decision) => decision.verdict !== undefined)).toBe(true);
    expect(exported.contracts.flatMap((contract) => contract.decisions).length).toBe(
      await app.db.findingDecision.count({
        where: { tenantId: (await app.db.tenant.findUniqueOrThrow({ where: { key: app.tenant } })).id },
      }),
    );

    // An erased author decides nothing: her token is refused, and a principal verified before the erasure too.
    expect((await app.gql(CONFIRM, { id: fresh.findings[0]!.id }, { token: rita })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    await expect(app.deps.services.judgement.confirm(ritaPrincipal, fresh.findings[0]!.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await app.db.findingDecision.count({ where: { findingId: fresh.findings[0]!.id } })).toBe(0);

    // Erasing a review's owner takes the decisions others made on its findings with it.
    const aliceId = await userId(alice);
    const onAlice = await app.db.findingDecision.count({ where: { review: { userId: aliceId } } });
    expect(onAlice).toBeGreaterThan(0);
    const second = (await call(ERASE, { userId: aliceId }, admin)).requestErasure;
    await app.deps.services.erasure.idle();
    const aliceJob = (await call(JOB, { id: second.id }, admin)).erasureRequest;
    expect(aliceJob.verification.allZero).toBe(true);
    expect(aliceJob.steps.find((step: { name: string }) => step.name === 'finding-decisions').countBefore).toBe(onAlice);
    expect(await app.db.findingDecision.count({ where: { review: { userId: aliceId } } })).toBe(0);
  }, 120_000);
});

describe.skipIf(!redisUp)('review judgement across gateways (shared Redis)', () => {
  let one: TestApp;
  let two: TestApp;
  const connections: RedisConnections[] = [];

  beforeAll(async () => {
    connections.push(await connectRedis(SYSTEM_REDIS), await connectRedis(SYSTEM_REDIS));
    one = await startTestApp({ redis: connections[0] });
    two = await startTestApp({ redis: connections[1], restartOf: one });
  }, 60_000);

  afterAll(async () => {
    await two?.stop();
    await one?.stop();
    await Promise.all(connections.map((connection) => connection.close()));
  });

  it('streams a decision made on one gateway to the owner following the review on another, and ends when none is left', async () => {
    const admin = await one.token('carol', { roles: ['ADMIN'] });
    const alice = await one.token('alice');
    const rita = await one.token('rita', { roles: ['REVIEWER'] });
    for (const rule of RULES)
      expect(
        (
          await one.gql(
            PUT,
            {
              input: {
                version: '1.0',
                kind: 'CLAUSE',
                source: `policy:test/${rule.knowledgeId}`,
                validFrom: '2020-01-01T00:00:00Z',
                ...rule,
              },
            },
            { token: admin },
          )
        ).errors,
      ).toBeUndefined();
    // Only the missing insurance clause needs a person: a tenant threshold of 0.8 sits under the calibrated confidence of
    // the two rule findings and over the absence's fallback (0.75).
    expect((await one.gql(SET_SETTINGS, { input: { reviewThreshold: 0.8 } }, { token: admin })).errors).toBeUndefined();
    const submitted = await one.gql(SUBMIT, { input: { contractId: 'shared', title: 'Shared', text: CONTRACT } }, { token: alice });
    const id = submitted.data!.submitReview.id as string;
    await one.deps.services.reviews.idle();
    await two.deps.services.reviews.idle();
    const review = (await two.gql(REVIEW, { id }, { token: alice })).data!.review as Review;
    const pending = review.findings.filter((finding) => finding.status === 'NEEDS_REVIEW');
    expect(pending.map((finding) => finding.clause)).toEqual(['insurance']);

    const followed = collect<{ reviewProgress: { kind: string; findingId: string | null; verdict: string | null } }>(
      two.ws({ authorization: `Bearer ${alice}` }),
      PROGRESS,
      { id, follow: true },
      1_000,
    );
    const decided = await one.gql(REJECT, { id: pending[0]!.id, reason: 'The supplier is self-insured.' }, { token: rita });
    expect(decided.errors).toBeUndefined();
    const streamed = await followed;
    expect(streamed.error).toBeUndefined();
    const last = streamed.results.at(-1)!.data!.reviewProgress;
    expect(last).toMatchObject({ kind: 'FINDING_DECIDED', findingId: pending[0]!.id, verdict: 'REJECTED' });
    // A subscriber arriving after every decision gets the run and the decisions from the shared log, then the end.
    const late = await collect<{ reviewProgress: { kind: string; findingId: string | null } }>(
      one.ws({ authorization: `Bearer ${alice}` }),
      PROGRESS,
      { id, follow: true },
      1_000,
    );
    expect(late.error).toBeUndefined();
    expect(late.results.at(-1)!.data!.reviewProgress).toMatchObject({ kind: 'FINDING_DECIDED', findingId: pending[0]!.id });
  }, 60_000);
});
