import { builder } from '../../graphql/builder.js';
import { pageSize } from '../../graphql/paging.js';
import {
  stepsOf,
  verificationOf,
  type ErasureProgressEvent,
  type ErasureRequestRow,
  type ErasureStep,
  type ErasureVerification,
} from '../service.js';

const ErasureStatusEnum = builder.enumType('ErasureStatus', { values: ['PENDING', 'RUNNING', 'COMPLETED', 'FAILED'] as const });

const ErasureStepRef = builder.objectRef<ErasureStep>('ErasureStep').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    status: t.exposeString('status', { description: 'PENDING or DONE.' }),
    countBefore: t.exposeInt('countBefore', { nullable: true }),
    countAfter: t.exposeInt('countAfter', { nullable: true }),
  }),
});

const StoreCountRef = builder.objectRef<{ store: string; count: number }>('ErasureStoreCount').implement({
  fields: (t) => ({ store: t.exposeString('store'), count: t.exposeInt('count') }),
});

const ErasureVerificationRef = builder.objectRef<ErasureVerification>('ErasureVerification').implement({
  description: 'The inventory taken again after deleting: every store must count zero.',
  fields: (t) => ({
    allZero: t.exposeBoolean('allZero'),
    verifiedAt: t.field({ type: 'DateTime', resolve: (verification) => new Date(verification.verifiedAt) }),
    counts: t.field({
      type: [StoreCountRef],
      resolve: (verification) => Object.entries(verification.counts).map(([store, count]) => ({ store, count })),
    }),
  }),
});

const ErasureRequestRef = builder.objectRef<ErasureRequestRow>('ErasureRequest').implement({
  description: 'A durable erasure job and its report. It names its subject only by a keyed hash.',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.field({ type: ErasureStatusEnum, resolve: (job) => job.status }),
    subjectHash: t.exposeString('subjectHash'),
    steps: t.field({ type: [ErasureStepRef], resolve: (job) => stepsOf(job) }),
    verification: t.field({ type: ErasureVerificationRef, nullable: true, resolve: (job) => verificationOf(job) }),
    attempts: t.exposeInt('attempts'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true }),
  }),
});

const ErasureProgressRef = builder.objectRef<ErasureProgressEvent>('ErasureProgress').implement({
  fields: (t) => ({
    requestId: t.exposeID('requestId'),
    status: t.field({ type: ErasureStatusEnum, resolve: (event) => event.status }),
    step: t.exposeString('step', { nullable: true, description: 'The step just finished; null for the current state or the final event.' }),
    steps: t.field({ type: [ErasureStepRef], resolve: (event) => event.steps }),
    at: t.expose('at', { type: 'DateTime' }),
  }),
});

builder.queryFields((t) => ({
  erasureRequest: t.withAuth({ authenticated: true }).field({
    type: ErasureRequestRef,
    description: 'An erasure job: the caller’s own, or any of the tenant for COMPLIANCE.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => context.services.erasure.get(context.principal, args.id),
  }),
  // The role is checked by the service, so that a denied attempt is audited too.
  erasureRequests: t.withAuth({ authenticated: true }).field({
    type: [ErasureRequestRef],
    description: 'The tenant’s erasure jobs, newest first (COMPLIANCE).',
    args: { first: t.arg.int({ required: false, defaultValue: 50 }) },
    resolve: (_root, args, context) => context.services.erasure.list(context.principal, pageSize(args.first)),
  }),
}));

builder.mutationFields((t) => ({
  requestErasure: t.withAuth({ authenticated: true }).field({
    type: ErasureRequestRef,
    description: 'Erases the caller, or (COMPLIANCE) a user of the tenant: returns the job at once; it runs in the background.',
    args: { userId: t.arg.id({ required: false }) },
    resolve: (_root, args, context) => context.services.erasure.request(context.principal, args.userId),
  }),
  resumeErasure: t.withAuth({ authenticated: true }).field({
    type: ErasureRequestRef,
    description:
      'Continues a FAILED erasure job from its first step not done (COMPLIANCE); an open job is returned running, a completed one as it is.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => context.services.erasure.resume(context.principal, args.id),
  }),
}));

builder.subscriptionFields((t) => ({
  erasureProgress: t.withAuth({ authenticated: true }).field({
    type: ErasureProgressRef,
    description: 'An erasure job now, then after every step, until it completes or fails.',
    args: { id: t.arg.id({ required: true }) },
    subscribe: (_root, args, context) => context.services.erasure.watch(context.principal, args.id),
    resolve: (event: ErasureProgressEvent) => event,
  }),
}));
