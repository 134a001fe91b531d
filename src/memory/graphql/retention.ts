import { builder } from '../../graphql/builder.js';
import type { RetentionPolicy, RetentionReport } from '../retention.js';

const RetentionPolicyRef = builder.objectRef<RetentionPolicy>('RetentionPolicy').implement({
  description: 'How long the tenant’s conversation memory is kept; 0 turns a rule off.',
  fields: (t) => ({
    threadIdleDays: t.exposeInt('threadIdleDays', { description: 'Threads with no turn for longer than this many days are deleted.' }),
    keepCheckpoints: t.exposeInt('keepCheckpoints', { description: 'Checkpoint history is pruned to the latest this many per thread.' }),
  }),
});

const RetentionReportRef = builder.objectRef<RetentionReport>('RetentionReport').implement({
  fields: (t) => ({
    threadsDeleted: t.exposeInt('threadsDeleted'),
    checkpointsPruned: t.exposeInt('checkpointsPruned'),
    threadsBusy: t.exposeInt('threadsBusy', { description: 'Threads a running turn held; the next sweep takes them.' }),
  }),
});

const RetentionPolicyInput = builder.inputType('RetentionPolicyInput', {
  description: 'null returns a rule to the server’s default, an omitted field keeps it; 0 turns a rule off.',
  fields: (t) => ({
    threadIdleDays: t.int({ required: false }),
    keepCheckpoints: t.int({ required: false }),
  }),
});

builder.queryFields((t) => ({
  retentionPolicy: t.withAuth({ role: 'ADMIN' }).field({
    type: RetentionPolicyRef,
    description: 'The tenant’s memory retention (ADMIN).',
    resolve: (_root, _args, context) => context.services.retention.policy(context.principal),
  }),
}));

builder.mutationFields((t) => ({
  setRetentionPolicy: t.withAuth({ authenticated: true }).field({
    type: RetentionPolicyRef,
    description: 'Sets the tenant’s memory retention (ADMIN, audited); the scheduled sweep applies it.',
    args: { input: t.arg({ type: RetentionPolicyInput, required: true }) },
    resolve: (_root, args, context) => context.services.retention.setPolicy(context.principal, args.input),
  }),
  runRetentionSweep: t.withAuth({ role: 'SRE' }).field({
    type: RetentionReportRef,
    description: 'Runs a retention sweep over every tenant now, in this process (SRE); the scheduled job does the same.',
    resolve: (_root, _args, context) => context.services.retention.sweep(),
  }),
}));
