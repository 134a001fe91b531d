import { builder } from '../../graphql/builder.js';
import { perItemTextCheck } from '../../graphql/input-guard.js';
import { modelBacked } from '../../graphql/rate-limit-plugin.js';
import { pageSize } from '../../graphql/paging.js';
import type { Principal } from '../../identity/principal.js';
import type { Context } from '../../context.js';
import { REVIEW_NODES } from '../agent/graph.js';
import { describeFieldType, reviewStateKeys } from '../agent/state.js';
import type { ReviewBatchProgressEvent, ReviewProgressEvent } from '../run/progress.js';
import type { ReviewBatchRow, ReviewRow } from '../service.js';

const ReviewStatusEnum = builder.enumType('ReviewStatus', { values: ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const });
const RiskLevelEnum = builder.enumType('RiskLevel', { values: ['LOW', 'MEDIUM', 'HIGH'] as const });
const ReviewScopeEnum = builder.enumType('ReviewScope', {
  values: { OWN: { description: 'The caller’s reviews.' }, TENANT: { description: 'All reviews of the tenant (ADMIN; metadata only).' } },
});

const isOwner = (row: { userId: string }, principal: Principal | null) => row.userId === principal?.userId;

type FindingRow = ReviewRow['findings'][number];

const EvidenceSpanRef = builder.objectRef<{ start: number; end: number }>('EvidenceSpan').implement({
  description: 'Character offsets [start, end) into the submitted contract text.',
  fields: (t) => ({ start: t.exposeInt('start'), end: t.exposeInt('end') }),
});

const ReviewFindingRef = builder.objectRef<FindingRow>('ReviewFinding').implement({
  fields: (t) => ({
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
  }),
});

const KnowledgeUsedRef = builder.objectRef<{ knowledgeId: string; version: string }>('KnowledgeUsed').implement({
  fields: (t) => ({ knowledgeId: t.exposeID('knowledgeId'), version: t.exposeString('version') }),
});

const ReviewErrorRef = builder.objectRef<{ code: string; message: string }>('ReviewError').implement({
  fields: (t) => ({ code: t.exposeString('code'), message: t.exposeString('message') }),
});

/** Result fields are the owner's; an ADMIN of the tenant sees metadata only. */
const ownerOnly = {
  authScopes: (row: { userId: string }, _args: unknown, context: { principal: Principal | null }) => isOwner(row, context.principal),
} as const;

export const ReviewRef = builder.objectRef<ReviewRow>('Review').implement({
  description: 'One contract review. Result fields are visible to its owner; an ADMIN of the tenant sees metadata.',
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
  }),
});

const ReplayResultRef = builder.objectRef<{ identical: boolean; differences: string[] }>('ReplayResult').implement({
  fields: (t) => ({ identical: t.exposeBoolean('identical'), differences: t.exposeStringList('differences') }),
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
const StateContractRef = builder
  .objectRef<{
    graph: string;
    fields: { name: string; type: string; readBy: string[]; writtenBy: string[] }[];
    nodes: { name: string; description: string; reads: string[]; writes: string[] }[];
  }>('ReviewStateContract')
  .implement({
    fields: (t) => ({
      graph: t.exposeString('graph'),
      fields: t.field({ type: [StateFieldRef], resolve: (contract) => contract.fields }),
      nodes: t.field({ type: [StateNodeRef], resolve: (contract) => contract.nodes }),
    }),
  });

const NodeCountRef = builder.objectRef<{ name: string; value: number }>('NodeCount').implement({
  fields: (t) => ({ name: t.exposeString('name'), value: t.exposeInt('value') }),
});
const ProgressKindEnum = builder.enumType('ReviewProgressKind', { values: ['QUEUED', 'NODE_STARTED', 'NODE_FINISHED', 'STATUS'] as const });
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

builder.queryFields((t) => ({
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
    description: 'Every node start and finish of one of the caller’s reviews, in order, then its final status.',
    args: { reviewId: t.arg.id({ required: true }) },
    subscribe: (_root, args, context) => context.services.reviews.watch(context.principal, args.reviewId),
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
