import { builder } from '../../graphql/builder.js';
import type { StoredKnowledge } from '../repository.js';
import type { KnowledgeConstraint } from '../types.js';

export const KnowledgeKindEnum = builder.enumType('KnowledgeKind', {
  values: {
    CLAUSE: { description: 'Clause text: summarised, hedge-free, for agents.' },
    METADATA: { description: 'Facts about clauses (lists, references): passed to agents unchanged.' },
  },
});

const KnowledgeConstraintRef = builder.objectRef<KnowledgeConstraint>('KnowledgeConstraint').implement({
  description: 'A machine-checkable rule, e.g. penaltyRate <= 8 %.',
  fields: (t) => ({
    field: t.exposeString('field', {
      description:
        'An extracted contract field: penaltyRate, paymentDays, terminationNoticeDays, liabilityCapAmount, ' +
        'governingLaw, confidentialityYears, autoRenewalNoticeDays, warrantyDurationDays, unfairTermLevel ' +
        '(terms of service, 1 fair .. 3 clearly unfair); or a clause compared with present / absent: ' +
        'exclusivity, insurance, auditRights, changeOfControl, antiAssignment, ipOwnershipAssignment, ' +
        'minimumCommitment.',
    }),
    operator: t.exposeString('operator', { description: 'One of <= < >= > = !=.' }),
    value: t.field({ type: 'JSON', resolve: (constraint) => constraint.value }),
    unit: t.string({ nullable: true, resolve: (constraint) => constraint.unit ?? null }),
  }),
});

export const KnowledgeVersionRef = builder.objectRef<StoredKnowledge>('KnowledgeVersion').implement({
  description: 'One version of a knowledge item. Append-only: changes are new versions, withdrawals are retractions.',
  fields: (t) => ({
    id: t.exposeID('id'),
    knowledgeId: t.exposeID('knowledgeId'),
    version: t.exposeString('version', { description: '`major.minor`, ordered numerically (1.10 is newer than 1.9).' }),
    kind: t.field({ type: KnowledgeKindEnum, resolve: (item) => item.kind }),
    content: t.exposeString('content'),
    tags: t.exposeStringList('tags'),
    constraint: t.field({ type: KnowledgeConstraintRef, nullable: true, resolve: (item) => item.constraint }),
    source: t.exposeString('source', { description: 'A source identifier, never a path or a connection string.' }),
    global: t.exposeBoolean('global', { description: 'Visible to every tenant; a tenant item with the same knowledgeId shadows it.' }),
    validFrom: t.expose('validFrom', { type: 'DateTime', description: 'Inclusive start of the valid time.' }),
    validUntil: t.expose('validUntil', { type: 'DateTime', description: 'Exclusive end of the valid time.' }),
    recordedAt: t.expose('recordedAt', { type: 'DateTime', description: 'When the version was recorded (transaction time).' }),
    retractedAt: t.expose('retractedAt', { type: 'DateTime', nullable: true }),
  }),
});

const KnowledgeConstraintInput = builder.inputType('KnowledgeConstraintInput', {
  fields: (t) => ({
    field: t.string({ required: true }),
    operator: t.string({ required: true }),
    value: t.field({ type: 'JSON', required: true }),
    unit: t.string({ required: false }),
  }),
});

const KnowledgeVersionInput = builder.inputType('KnowledgeVersionInput', {
  fields: (t) => ({
    knowledgeId: t.id({ required: true }),
    version: t.string({ required: true, description: '`major.minor`, e.g. 1.3.' }),
    kind: t.field({ type: KnowledgeKindEnum, required: true }),
    content: t.string({ required: true }),
    tags: t.stringList({ required: false }),
    constraint: t.field({ type: KnowledgeConstraintInput, required: false }),
    source: t.string({ required: true }),
    validFrom: t.field({ type: 'DateTime', required: false, description: 'Default: now.' }),
    validUntil: t.field({ type: 'DateTime', required: false, description: 'Default: open-ended.' }),
  }),
});

builder.queryFields((t) => ({
  knowledge: t.withAuth({ authenticated: true }).field({
    type: [KnowledgeVersionRef],
    description:
      'Exactly one version per knowledgeId: the highest whose [validFrom, validUntil) holds `asOf` (default now), recorded by `knownAt` (default now) and not retracted by then.',
    args: {
      asOf: t.arg({ type: 'DateTime', required: false }),
      knownAt: t.arg({ type: 'DateTime', required: false }),
      knowledgeIds: t.arg.idList({ required: false }),
      tags: t.arg.stringList({ required: false }),
      kind: t.arg({ type: KnowledgeKindEnum, required: false }),
    },
    resolve: (_root, args, context) => context.services.knowledge.asOf(context.principal, args),
  }),
  knowledgeHistory: t.withAuth({ authenticated: true }).field({
    type: [KnowledgeVersionRef],
    description: 'Every version of one item, newest first, retracted ones included.',
    args: { knowledgeId: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => context.services.knowledge.history(context.principal, args.knowledgeId),
  }),
}));

builder.mutationFields((t) => ({
  putKnowledgeVersion: t.withAuth({ authenticated: true }).field({
    type: KnowledgeVersionRef,
    description: 'Adds a version (ADMIN or COMPLIANCE). An existing (knowledgeId, version) is BAD_USER_INPUT, never an overwrite.',
    args: { input: t.arg({ type: KnowledgeVersionInput, required: true }) },
    resolve: (_root, { input }, context) => context.services.knowledge.putVersion(context.principal, input),
  }),
  retractKnowledgeVersion: t.withAuth({ authenticated: true }).field({
    type: KnowledgeVersionRef,
    description: 'Withdraws a version from now on (ADMIN or COMPLIANCE); history keeps it.',
    args: { knowledgeId: t.arg.id({ required: true }), version: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => context.services.knowledge.retract(context.principal, args.knowledgeId, args.version),
  }),
}));
