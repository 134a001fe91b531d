import { builder } from '../../graphql/builder.js';

const QuotaUsageRef = builder.objectRef<{ name: string; used: number; limit: number }>('QuotaUsage').implement({
  fields: (t) => ({
    name: t.exposeString('name', { description: 'facts, sessions, checkpointBytes or reviewsPerDay.' }),
    used: t.exposeFloat('used'),
    limit: t.exposeFloat('limit'),
  }),
});

const TenantQuotaInput = builder.inputType('TenantQuotaInput', {
  description: 'Limits of the tenant; null returns a limit to the default, an omitted field keeps it.',
  fields: (t) => ({
    facts: t.int({ required: false }),
    sessions: t.int({ required: false }),
    checkpointBytes: t.float({ required: false }),
    reviewsPerDay: t.int({ required: false }),
  }),
});

builder.queryFields((t) => ({
  // The role is checked by the service, so that a denied attempt is audited too.
  tenantUsage: t.withAuth({ authenticated: true }).field({
    type: [QuotaUsageRef],
    description: 'The tenant’s usage against its limits (ADMIN).',
    resolve: (_root, _args, context) => context.services.quotas.report(context.principal),
  }),
}));

builder.mutationFields((t) => ({
  setTenantQuota: t.withAuth({ authenticated: true }).field({
    type: [QuotaUsageRef],
    description: 'Sets the tenant’s limits (ADMIN) and returns usage against them.',
    args: { input: t.arg({ type: TenantQuotaInput, required: true }) },
    resolve: (_root, args, context) => context.services.quotas.setLimitsAndReport(context.principal, args.input),
  }),
}));
