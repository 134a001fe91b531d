import { builder } from '../../graphql/builder.js';
import { perItemTextCheck } from '../../graphql/input-guard.js';
import { modelBacked } from '../../graphql/rate-limit-plugin.js';
import { pageSize } from '../../graphql/paging.js';
import type { Principal } from '../../identity/principal.js';
import type { Context } from '../../context.js';
import { REVIEW_EDGES, REVIEW_NODES } from '../agent/graph.js';
import { describeFieldType, reviewStateKeys } from '../agent/state.js';
import type { ReviewBatchProgressEvent, ReviewProgressEvent } from '../run/progress.js';
import type { ReplayedReview, ReviewBatchRow, ReviewRow } from '../service.js';
import { FALLBACK_CONFIDENCE } from '../judgement/confidence.js';
import { canDecide, type TenantJudgementSetting } from '../judgement/service.js';

const ReviewStatusEnum = builder.enumType('ReviewStatus', { values: ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const });
const RiskLevelEnum = builder.enumType('RiskLevel', { values: ['LOW', 'MEDIUM', 'HIGH'] as const });
const ReviewScopeEnum = builder.enumType('ReviewScope', {
  values: { OWN: { description: 'The caller’s reviews.' }, TENANT: { description: 'All reviews of the tenant (ADMIN; metadata only).' } },
});

const isOwner = (row: { userId: string }, principal: Principal | null) => row.userId === principal?.userId;
/** A review's result is its owner's, and its tenant's REVIEWERs' (they decide its findings). */
const mayReadResult = (row: { userId: string; tenantId: string }, principal: Principal | null) =>
  isOwner(row, principal) || (principal !== null && row.tenantId === principal.tenantId && canDecide(principal));

type FindingRow = ReviewRow['findings'][number];
type DecisionRow = NonNullable<FindingRow['decision']>;

const FindingStatusEnum = builder.enumType('FindingStatus', {
  values: {
    ACCEPTED: { description: 'The model is at least as confident as the tenant’s threshold; nobody decided.' },
    NEEDS_REVIEW: { description: 'The model is less confident than the tenant’s threshold: a REVIEWER should confirm or reject it.' },
    CONFIRMED: { description: 'A REVIEWER confirmed it.' },
    REJECTED: { description: 'A REVIEWER rejected it.' },
  },
});
const FindingVerdictEnum = builder.enumType('FindingVerdict', { values: ['CONFIRMED', 'REJECTED'] as const });
const OperatingPointEnum = builder.enumType('OperatingPoint', {
  values: {
    PRECISION_FIRST: { description: 'Accept only findings as sure as a matched rule; send the rest to a REVIEWER.' },
    RECALL_FIRST: { description: 'Accept more findings unreviewed; send only those a model or classifier is unsure of.' },
  },
});

const FindingDecisionRef = builder.objectRef<DecisionRow>('FindingDecision').implement({
  description: 'A REVIEWER’s verdict on a finding; erased with its author.',
  fields: (t) => ({
    id: t.exposeID('id'),
    verdict: t.field({ type: FindingVerdictEnum, resolve: (decision) => decision.verdict }),
    reason: t.exposeString('reason', { nullable: true, description: 'Why it was rejected; null for a confirmation.' }),
    decidedBy: t.exposeID('deciderId', { description: 'The REVIEWER’s user id.' }),
    decidedAt: t.expose('decidedAt', { type: 'DateTime' }),
  }),
});

const EvidenceSpanRef = builder.objectRef<{ start: number; end: number }>('EvidenceSpan').implement({
  description: 'Character offsets [start, end) into the submitted contract text.',
  fields: (t) => ({ start: t.exposeInt('start'), end: t.exposeInt('end') }),
});

const ReviewFindingRef = builder.objectRef<FindingRow>('ReviewFinding').implement({
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Stable: confirmFinding and rejectFinding take it.' }),
    reviewId: t.exposeID('reviewId'),
    clause: t.exposeString('clause', { description: 'The contract field concerned (penaltyRate, governingLaw, ...).' }),
    clauseIndex: t.exposeInt('clauseIndex', { nullable: true }),
    knowledgeId: t.exposeID('knowledgeId'),
    version: t.exposeString('version'),
    severity: t.field({ type: RiskLevelEnum, resolve: (finding) => finding.severity }),
    message: t.exposeString('message'),
    evidence: t.field({
      type: EvidenceSpanRef,
      nullable: true,
      resolve: (finding) =>
        finding.evidenceStart === null || finding.evidenceEnd === null ? null : { start: finding.evidenceStart, end: finding.evidenceEnd },
    }),
    confidence: t.float({
      description:
        'How sure the model is that the finding is right (0..1): the extraction’s calibrated confidence, or its evidence source’s fallback (docs/review-quality.md).',
      // Findings written before confidence existed came from the rules.
      resolve: (finding) => finding.confidence ?? FALLBACK_CONFIDENCE.rules,
    }),
    category: t.exposeString('category', { nullable: true, description: 'The labelled category (CUAD’s name) the finding answers.' }),
    threshold: t.exposeFloat('threshold', {
      nullable: true,
      description: 'The tenant’s threshold the model judged it by; under it, the finding needs a REVIEWER.',
    }),
    modelStatus: t.field({
      type: FindingStatusEnum,
      description: 'The model’s verdict, ACCEPTED or NEEDS_REVIEW, kept beside a person’s decision.',
      resolve: (finding) => finding.modelStatus,
    }),
    status: t.field({
      type: FindingStatusEnum,
      description: 'The decision when a REVIEWER made one (CONFIRMED, REJECTED), else the model’s verdict.',
      resolve: (finding) => finding.decision?.verdict ?? finding.modelStatus,
    }),
    decision: t.field({ type: FindingDecisionRef, nullable: true, resolve: (finding) => finding.decision }),
  }),
});

const KnowledgeUsedRef = builder.objectRef<{ knowledgeId: string; version: string }>('KnowledgeUsed').implement({
  fields: (t) => ({ knowledgeId: t.exposeID('knowledgeId'), version: t.exposeString('version') }),
});

const ReviewErrorRef = builder.objectRef<{ code: string; message: string }>('ReviewError').implement({
  fields: (t) => ({ code: t.exposeString('code'), message: t.exposeString('message') }),
});

/** Result fields are the owner's and the tenant's REVIEWERs'; an ADMIN of the tenant sees metadata only. */
const ownerOnly = {
  authScopes: (row: { userId: string; tenantId: string }, _args: unknown, context: { principal: Principal | null }) =>
    mayReadResult(row, context.principal),
} as const;

export const ReviewRef = builder.objectRef<ReviewRow>('Review').implement({
  description:
    'One contract review. Result fields are visible to its owner and the tenant’s REVIEWERs; an ADMIN of the tenant sees metadata.',
  fields: (t) => ({
    id: t.exposeID('id'),
    contractId: t.exposeString('contractId'),
    title: t.exposeString('title'),
    status: t.field({ type: ReviewStatusEnum, resolve: (row) => row.status }),
    asOf: t.expose('asOf', { type: 'DateTime' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    startedAt: t.expose('startedAt', { type: 'DateTime', nullable: true }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
    batchId: t.exposeID('batchId', { nullable: true }),
    riskLevel: t.field({ type: RiskLevelEnum, nullable: true, ...ownerOnly, resolve: (row) => row.riskLevel }),
    riskScore: t.float({ nullable: true, ...ownerOnly, resolve: (row) => row.riskScore }),
    language: t.string({ nullable: true, ...ownerOnly, resolve: (row) => row.language }),
    findings: t.field({ type: [ReviewFindingRef], ...ownerOnly, resolve: (row) => row.findings }),
    report: t.field({ type: 'JSON', nullable: true, ...ownerOnly, resolve: (row) => row.report }),
    reportText: t.string({ nullable: true, ...ownerOnly, resolve: (row) => row.reportText }),
    text: t.string({
      nullable: true,
      ...ownerOnly,
      description:
        'The contract text reviewed (for an uploaded file, the text extracted from it); evidence offsets index it. Empty for an input refused as BAD_USER_INPUT.',
      resolve: (row) => row.text,
    }),
    knowledgeUsed: t.field({
      type: [KnowledgeUsedRef],
      description: 'The exact knowledge versions the result rests on.',
      resolve: (row) =>
        ((row.knowledgeUsed as { knowledgeId: string; version: string }[] | null) ?? []).map(({ knowledgeId, version }) => ({
          knowledgeId,
          version,
        })),
    }),
    flags: t.exposeStringList('flags', { description: 'Warnings about the input, e.g. INSTRUCTION_INJECTION.' }),
    degraded: t.exposeBoolean('degraded', { description: 'A configured model failed and the rules provider answered instead.' }),
    provider: t.exposeString('provider', { nullable: true }),
    model: t.exposeString('model', { nullable: true }),
    traceId: t.exposeString('traceId', { nullable: true }),
    operatingPoint: t.field({
      type: OperatingPointEnum,
      nullable: true,
      description: 'The tenant’s operating point its findings were judged by.',
      resolve: (row) => (row.operatingPoint === 'PRECISION_FIRST' || row.operatingPoint === 'RECALL_FIRST' ? row.operatingPoint : null),
    }),
    reviewThreshold: t.exposeFloat('reviewThreshold', {
      nullable: true,
      description: 'The tenant’s own review threshold its findings were judged by (null: the operating point’s).',
    }),
    error: t.field({
      type: ReviewErrorRef,
      nullable: true,
      resolve: (row) => (row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? '' } : null),
    }),
  }),
});

/** One count query per batch object resolved, however many count fields the operation asks for. */
const batchCounts = new WeakMap<ReviewBatchRow, ReturnType<Context['services']['reviews']['batchCounts']>>();
function countsOf(batch: ReviewBatchRow, context: Context & { principal: Principal }) {
  let counts = batchCounts.get(batch);
  if (!counts) {
    counts = context.services.reviews.batchCounts(context.principal, batch);
    batchCounts.set(batch, counts);
  }
  return counts;
}

export const ReviewBatchRef = builder.objectRef<ReviewBatchRow>('ReviewBatch').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    total: t.exposeInt('total'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    succeeded: t
      .withAuth({ authenticated: true })
      .int({ resolve: async (batch, _args, context) => (await countsOf(batch, context)).succeeded }),
    failed: t.withAuth({ authenticated: true }).int({ resolve: async (batch, _args, context) => (await countsOf(batch, context)).failed }),
    cancelled: t
      .withAuth({ authenticated: true })
      .int({ resolve: async (batch, _args, context) => (await countsOf(batch, context)).cancelled }),
    running: t.withAuth({ authenticated: true }).int({
      description: 'Queued or running.',
      resolve: async (batch, _args, context) => {
        const counts = await countsOf(batch, context);
        return counts.running + counts.queued;
      },
    }),
    reviews: t.withAuth({ authenticated: true }).field({
      type: [ReviewRef],
      args: { first: t.arg.int({ required: false, defaultValue: 500 }) },
      resolve: (batch, args, context) =>
        context.services.reviews.batchReviews(context.principal, batch, Math.min(Math.max(args.first ?? 500, 1), 500)),
    }),
  }),
});

const ReviewEdgeRef = builder.objectRef<{ cursor: string; node: ReviewRow }>('ReviewEdge').implement({
  fields: (t) => ({ cursor: t.exposeString('cursor'), node: t.field({ type: ReviewRef, resolve: (edge) => edge.node }) }),
});
const ReviewConnectionRef = builder
  .objectRef<{ edges: { cursor: string; node: ReviewRow }[]; hasNextPage: boolean; endCursor: string | null }>('ReviewConnection')
  .implement({
    fields: (t) => ({
      edges: t.field({ type: [ReviewEdgeRef], resolve: (connection) => connection.edges }),
      nodes: t.field({ type: [ReviewRef], resolve: (connection) => connection.edges.map((edge) => edge.node) }),
      hasNextPage: t.exposeBoolean('hasNextPage'),
      endCursor: t.exposeString('endCursor', { nullable: true }),
    }),
  });

const ReviewInputType = builder.inputType('ReviewInput', {
  description: 'One contract: exactly one of text or file.',
  fields: (t) => ({
    contractId: t.string({ required: true }),
    title: t.string({ required: true }),
    text: t.string({ required: false, description: 'The contract as plain text.' }),
    file: t.field({
      type: 'File',
      required: false,
      description:
        'The contract as a PDF (text layer), DOCX, TXT or Markdown upload; its extracted text becomes the review’s text, which evidence offsets index.',
    }),
    asOf: t.field({ type: 'DateTime', required: false, description: 'Whose knowledge applies; default now.' }),
  }),
});

const ReviewFilterType = builder.inputType('ReviewFilter', {
  fields: (t) => ({
    status: t.field({ type: ReviewStatusEnum, required: false }),
    riskLevel: t.field({ type: RiskLevelEnum, required: false }),
    contractId: t.string({ required: false }),
    batchId: t.id({ required: false }),
    scope: t.field({ type: ReviewScopeEnum, required: false, defaultValue: 'OWN' }),
    needsReview: t.boolean({
      required: false,
      description: 'Only reviews with a finding that needs a REVIEWER (NEEDS_REVIEW, not decided yet).',
    }),
  }),
});

const ReplayedFindingRef = builder.objectRef<ReplayedReview['findings'][number]>('ReplayedFinding').implement({
  description: 'A stored finding, with its model verdict and any REVIEWER’s decision, beside the replay’s verdict on it.',
  fields: (t) => ({
    finding: t.field({ type: ReviewFindingRef, resolve: (entry) => entry.finding }),
    replayed: t.exposeBoolean('replayed', { description: 'The replay found it again.' }),
    replayConfidence: t.exposeFloat('replayConfidence', { nullable: true }),
    replayStatus: t.field({
      type: FindingStatusEnum,
      nullable: true,
      description: 'The replay’s verdict under the review’s own operating point (ACCEPTED or NEEDS_REVIEW).',
      resolve: (entry) => entry.replayStatus,
    }),
  }),
});

const ReplayResultRef = builder.objectRef<ReplayedReview>('ReplayResult').implement({
  fields: (t) => ({
    identical: t.exposeBoolean('identical'),
    differences: t.exposeStringList('differences'),
    findings: t.field({ type: [ReplayedFindingRef], resolve: (result) => result.findings }),
  }),
});

const StateFieldRef = builder
  .objectRef<{ name: string; type: string; readBy: string[]; writtenBy: string[] }>('ReviewStateField')
  .implement({
    fields: (t) => ({
      name: t.exposeString('name'),
      type: t.exposeString('type'),
      readBy: t.exposeStringList('readBy'),
      writtenBy: t.exposeStringList('writtenBy'),
    }),
  });
const StateNodeRef = builder
  .objectRef<{ name: string; description: string; reads: string[]; writes: string[] }>('ReviewStateNode')
  .implement({
    fields: (t) => ({
      name: t.exposeString('name'),
      description: t.exposeString('description'),
      reads: t.exposeStringList('reads'),
      writes: t.exposeStringList('writes'),
    }),
  });
const GraphEdgeRef = builder.objectRef<{ from: string; to: string }>('ReviewGraphEdge').implement({
  description: 'An edge of the review graph; `__start__` and `__end__` are its entry and exit.',
  fields: (t) => ({ from: t.exposeString('from'), to: t.exposeString('to') }),
});
const StateContractRef = builder
  .objectRef<{
    graph: string;
    fields: { name: string; type: string; readBy: string[]; writtenBy: string[] }[];
    nodes: { name: string; description: string; reads: string[]; writes: string[] }[];
    edges: { from: string; to: string }[];
  }>('ReviewStateContract')
  .implement({
    fields: (t) => ({
      graph: t.exposeString('graph'),
      fields: t.field({ type: [StateFieldRef], resolve: (contract) => contract.fields }),
      nodes: t.field({ type: [StateNodeRef], resolve: (contract) => contract.nodes }),
      edges: t.field({
        type: [GraphEdgeRef],
        description: 'The edges the graph is built from, in order.',
        resolve: (contract) => contract.edges,
      }),
    }),
  });

const NodeCountRef = builder.objectRef<{ name: string; value: number }>('NodeCount').implement({
  fields: (t) => ({ name: t.exposeString('name'), value: t.exposeInt('value') }),
});
const ProgressKindEnum = builder.enumType('ReviewProgressKind', {
  values: ['QUEUED', 'NODE_STARTED', 'NODE_FINISHED', 'STATUS', 'FINDING_DECIDED'] as const,
});
const ReviewProgressRef = builder.objectRef<ReviewProgressEvent>('ReviewProgress').implement({
  fields: (t) => ({
    reviewId: t.exposeID('reviewId'),
    sequence: t.exposeInt('sequence'),
    kind: t.field({ type: ProgressKindEnum, resolve: (event) => event.kind }),
    node: t.exposeString('node', { nullable: true }),
    durationMs: t.exposeFloat('durationMs', { nullable: true }),
    counts: t.field({
      type: [NodeCountRef],
      resolve: (event) => Object.entries(event.counts ?? {}).map(([name, value]) => ({ name, value })),
    }),
    status: t.field({ type: ReviewStatusEnum, resolve: (event) => event.status }),
    errorCode: t.exposeString('errorCode', { nullable: true }),
    findingId: t.id({
      nullable: true,
      description: 'FINDING_DECIDED: the finding a REVIEWER decided.',
      resolve: (event) => event.findingId ?? null,
    }),
    verdict: t.field({
      type: FindingVerdictEnum,
      nullable: true,
      description: 'FINDING_DECIDED: how it was decided.',
      resolve: (event) => event.verdict ?? null,
    }),
    at: t.expose('at', { type: 'DateTime' }),
  }),
});
const ReviewBatchProgressRef = builder.objectRef<ReviewBatchProgressEvent>('ReviewBatchProgress').implement({
  fields: (t) => ({
    batchId: t.exposeID('batchId'),
    total: t.exposeInt('total'),
    completed: t.exposeInt('completed', { description: 'Succeeded, failed or cancelled.' }),
    cancelled: t.exposeInt('cancelled'),
    succeeded: t.exposeInt('succeeded'),
    failed: t.exposeInt('failed'),
    at: t.expose('at', { type: 'DateTime' }),
  }),
});

const TenantReviewSettingsRef = builder.objectRef<TenantJudgementSetting>('TenantReviewSettings').implement({
  description: 'How the tenant’s review findings are judged: which need a REVIEWER.',
  fields: (t) => ({
    operatingPoint: t.field({ type: OperatingPointEnum, resolve: (setting) => setting.operatingPoint }),
    reviewThreshold: t.exposeFloat('reviewThreshold', {
      nullable: true,
      description: 'One threshold for every category instead of the operating point’s; null: the operating point decides.',
    }),
    custom: t.exposeBoolean('custom', { description: 'False while the tenant runs on the defaults.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', nullable: true }),
  }),
});

const TenantReviewSettingsInput = builder.inputType('TenantReviewSettingsInput', {
  description: 'An omitted field keeps its value; reviewThreshold null returns to the operating point’s thresholds.',
  fields: (t) => ({
    operatingPoint: t.field({ type: OperatingPointEnum, required: false }),
    reviewThreshold: t.float({ required: false, description: 'Between 0 and 1: findings less confident need a REVIEWER.' }),
  }),
});

builder.queryFields((t) => ({
  tenantReviewSettings: t.withAuth({ authenticated: true }).field({
    type: TenantReviewSettingsRef,
    description: 'The tenant’s operating point and review threshold (ADMIN, REVIEWER).',
    resolve: (_root, _args, context) => context.services.judgement.describe(context.principal),
  }),
  review: t.withAuth({ authenticated: true }).field({
    type: ReviewRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => context.services.reviews.get(context.principal, args.id),
  }),
  reviews: t.withAuth({ authenticated: true }).field({
    type: ReviewConnectionRef,
    description: 'The caller’s reviews, newest first; scope TENANT lists the tenant’s (ADMIN, metadata only).',
    args: {
      filter: t.arg({ type: ReviewFilterType, required: false }),
      first: t.arg.int({ required: false, defaultValue: 50 }),
      after: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, context) => {
      const service = context.services.reviews;
      const { rows, hasNextPage } = await service.list(context.principal, args.filter ?? {}, {
        first: pageSize(args.first),
        after: args.after,
      });
      const edges = rows.map((node) => ({ node, cursor: service.encodeCursor(node) }));
      return { edges, hasNextPage, endCursor: edges.at(-1)?.cursor ?? null };
    },
  }),
  reviewBatch: t.withAuth({ authenticated: true }).field({
    type: ReviewBatchRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => context.services.reviews.getBatch(context.principal, args.id),
  }),
  reviewStateContract: t.withAuth({ authenticated: true }).field({
    type: StateContractRef,
    description: 'The review graph’s state contract: every field, its type, and which node reads and writes it.',
    resolve: () => ({
      graph: 'contract-review',
      edges: REVIEW_EDGES.map(([from, to]) => ({ from, to })),
      fields: reviewStateKeys.map((name) => ({
        name,
        type: describeFieldType(name),
        readBy: REVIEW_NODES.filter((node) => node.reads.includes(name)).map((node) => node.name),
        writtenBy: REVIEW_NODES.filter((node) => node.writes.includes(name)).map((node) => node.name),
      })),
      nodes: REVIEW_NODES.map((node) => ({
        name: node.name,
        description: node.description,
        reads: [...node.reads],
        writes: [...node.writes],
      })),
    }),
  }),
}));

builder.mutationFields((t) => ({
  submitReview: t.withAuth({ authenticated: true }).field({
    type: ReviewRef,
    description: 'Queues a review and returns it at once (QUEUED); it never waits for a model.',
    args: { input: t.arg({ type: ReviewInputType, required: true }) },
    extensions: modelBacked(),
    resolve: (_root, args, context) => context.services.reviews.submit(context.principal, args.input),
  }),
  submitReviewBatch: t.withAuth({ authenticated: true }).field({
    type: ReviewBatchRef,
    description: 'Queues up to 500 independent reviews; an input that cannot be reviewed fails on its own with BAD_USER_INPUT.',
    // Each input is checked on its own (ReviewService.submitBatch): one bad contract fails alone.
    args: { inputs: t.arg({ type: [ReviewInputType], required: true, extensions: perItemTextCheck }) },
    // Charged by its size: a batch of 200 is 200 model-backed operations.
    extensions: modelBacked('inputs'),
    resolve: (_root, args, context) => context.services.reviews.submitBatch(context.principal, args.inputs),
  }),
  cancelReview: t.withAuth({ authenticated: true }).field({
    type: ReviewRef,
    description:
      'Cancels one of your reviews: queued, it never runs; running, it stops at the next node. Status CANCELLED; a finished review is returned unchanged.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => context.services.reviews.cancel(context.principal, args.id),
  }),
  cancelReviewBatch: t.withAuth({ authenticated: true }).field({
    type: ReviewBatchRef,
    description: 'Cancels every review of one of your batches that has not finished.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => context.services.reviews.cancelBatch(context.principal, args.id),
  }),
  confirmFinding: t.withAuth({ authenticated: true }).field({
    type: ReviewFindingRef,
    description: 'A REVIEWER confirms a finding of the tenant’s reviews; a finding is decided once (CONFLICT after). Audited.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => context.services.judgement.confirm(context.principal, args.id),
  }),
  rejectFinding: t.withAuth({ authenticated: true }).field({
    type: ReviewFindingRef,
    description: 'A REVIEWER rejects a finding of the tenant’s reviews, saying why; a finding is decided once (CONFLICT after). Audited.',
    args: { id: t.arg.id({ required: true }), reason: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => context.services.judgement.reject(context.principal, args.id, args.reason),
  }),
  setTenantReviewSettings: t.withAuth({ authenticated: true }).field({
    type: TenantReviewSettingsRef,
    description: 'Sets the tenant’s operating point and/or its own review threshold (ADMIN). Audited.',
    args: { input: t.arg({ type: TenantReviewSettingsInput, required: true }) },
    resolve: (_root, args, context) => context.services.judgement.set(context.principal, args.input),
  }),
  replayReview: t.withAuth({ authenticated: true }).field({
    type: ReplayResultRef,
    description: 'Runs a review again with its asOf and exactly the knowledge versions it used, and compares.',
    args: { id: t.arg.id({ required: true }) },
    extensions: modelBacked(),
    resolve: (_root, args, context) => context.services.reviews.replay(context.principal, args.id),
  }),
}));

builder.subscriptionFields((t) => ({
  reviewProgress: t.withAuth({ authenticated: true }).field({
    type: ReviewProgressRef,
    description:
      'Every node start and finish of one of the caller’s reviews (a REVIEWER: of the tenant’s), in order, then its final status; ' +
      'with followDecisions, then every decision on its findings until none needs a REVIEWER.',
    args: {
      reviewId: t.arg.id({ required: true }),
      followDecisions: t.arg.boolean({ required: false, defaultValue: false }),
    },
    subscribe: (_root, args, context) =>
      context.services.reviews.watch(context.principal, args.reviewId, { followDecisions: args.followDecisions ?? false }),
    resolve: (event: ReviewProgressEvent) => event,
  }),
  reviewBatchProgress: t.withAuth({ authenticated: true }).field({
    type: ReviewBatchProgressRef,
    description: 'Completed of total for one of the caller’s batches, until it is complete.',
    args: { batchId: t.arg.id({ required: true }) },
    subscribe: (_root, args, context) => context.services.reviews.watchBatch(context.principal, args.batchId),
    resolve: (event: ReviewBatchProgressEvent) => event,
  }),
}));
