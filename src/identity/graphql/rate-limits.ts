import { builder } from '../../graphql/builder.js';
import type { EffectiveRateLimit } from '../rate-limits.js';

const RateLimitClassEnum = builder.enumType('RateLimitClass', {
  description: 'What an operation is charged to: reads (queries, subscriptions), writes (mutations), model-backed work.',
  values: { READS: { value: 'reads' }, WRITES: { value: 'writes' }, MODEL: { value: 'model' } } as const,
});

const RateLimitScopeEnum = builder.enumType('RateLimitScope', {
  description: 'Whose bucket: each user’s own, or the tenant’s, shared by all its users.',
  values: { USER: { value: 'user' }, TENANT: { value: 'tenant' } } as const,
});

const RateLimitRef = builder.objectRef<EffectiveRateLimit>('RateLimit').implement({
  description: 'One rate limit of the tenant: operations of a class per period, per user or for the whole tenant.',
  fields: (t) => ({
    operationClass: t.field({ type: RateLimitClassEnum, resolve: (limit) => limit.operationClass }),
    scope: t.field({ type: RateLimitScopeEnum, resolve: (limit) => limit.scope }),
    limit: t.exposeInt('limit', { description: 'In effect now.' }),
    defaultLimit: t.exposeInt('defaultLimit', { description: 'The server’s default, in effect unless the tenant set its own.' }),
    ceiling: t.exposeInt('ceiling', { description: 'The most the tenant may set.' }),
    custom: t.exposeBoolean('custom', { description: 'True when the tenant set this limit.' }),
    periodSeconds: t.exposeFloat('periodSeconds'),
  }),
});

const TenantRateLimitsInput = builder.inputType('TenantRateLimitsInput', {
  description: 'Operations per period, each between 1 and its ceiling; null returns a limit to the default, an omitted field keeps it.',
  fields: (t) => ({
    readsPerUser: t.int({ required: false }),
    readsPerTenant: t.int({ required: false }),
    writesPerUser: t.int({ required: false }),
    writesPerTenant: t.int({ required: false }),
    modelPerUser: t.int({ required: false }),
    modelPerTenant: t.int({ required: false }),
  }),
});

builder.queryFields((t) => ({
  // The role is checked by the service, so that a denied attempt is audited too.
  tenantRateLimits: t.withAuth({ authenticated: true }).field({
    type: [RateLimitRef],
    description: 'The tenant’s rate limits in effect, with defaults and ceilings (ADMIN).',
    resolve: (_root, _args, context) => context.services.rateLimits.describe(context.principal),
  }),
}));

builder.mutationFields((t) => ({
  setTenantRateLimits: t.withAuth({ authenticated: true }).field({
    type: [RateLimitRef],
    description: 'Sets the tenant’s rate limits (ADMIN) within the server’s ceilings and returns those in effect.',
    args: { input: t.arg({ type: TenantRateLimitsInput, required: true }) },
    resolve: (_root, args, context) => context.services.rateLimits.setLimitsAndDescribe(context.principal, args.input),
  }),
}));
