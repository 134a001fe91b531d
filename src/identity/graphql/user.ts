import { builder } from '../../graphql/builder.js';
import { ROLES } from '../principal.js';
import { pageSize } from '../../graphql/paging.js';

export const RoleEnum = builder.enumType('Role', { values: ROLES });

builder.prismaObject('Tenant', {
  description: 'A customer organisation, provisioned from the `tenant` claim of a token.',
  fields: (t) => ({
    id: t.exposeID('id'),
    key: t.exposeString('key', { description: 'The tenant key as it appears in tokens.' }),
  }),
});

builder.prismaObject('User', {
  description: 'A person of a tenant, provisioned from the `sub` claim of a token.',
  fields: (t) => ({
    id: t.exposeID('id'),
    subject: t.exposeString('subject', { description: 'The `sub` claim of the identity provider.' }),
    roles: t.field({ type: [RoleEnum], resolve: (user) => user.roles }),
    tenant: t.relation('tenant'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastSeenAt: t.expose('lastSeenAt', { type: 'DateTime' }),
    sessions: t.prismaField({
      type: ['Session'],
      description: 'Sessions of this user, newest first: for the user, or an ADMIN of the tenant (metadata only).',
      args: { first: t.arg.int({ required: false, defaultValue: 50 }) },
      resolve: (_query, user, args, context) => context.services.sessions.listForUser(context.principal!, user, pageSize(args.first)),
      authScopes: { authenticated: true },
    }),
  }),
});

builder.queryFields((t) => ({
  me: t.prismaField({
    type: 'User',
    description: 'The caller, as identified by the verified token.',
    authScopes: { authenticated: true },
    resolve: (_query, _root, _args, context) => context.services.identity.me(context.principal!),
  }),
  tenantUsers: t.prismaField({
    type: ['User'],
    description: 'Users of the caller’s tenant. ADMIN only.',
    args: { first: t.arg.int({ required: false, defaultValue: 50 }) },
    authScopes: { role: 'ADMIN' },
    resolve: (_query, _root, args, context) =>
      context.services.identity.listTenantUsers(context.principal!, { first: pageSize(args.first) }),
  }),
}));
