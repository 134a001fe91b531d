import { builder } from '../../graphql/builder.js';
import { ROLES } from '../principal.js';
import { pageSize } from '../../graphql/paging.js';
import { SessionRef, TenantRef, UserRef } from './refs.js';

export const RoleEnum = builder.enumType('Role', { values: ROLES });

TenantRef.implement({
  description: 'A customer organisation, provisioned from the `tenant` claim of a token.',
  fields: (t) => ({
    id: t.exposeID('id'),
    key: t.exposeString('key', { description: 'The tenant key as it appears in tokens.' }),
  }),
});

UserRef.implement({
  description: 'A person of a tenant, provisioned from the `sub` claim of a token.',
  fields: (t) => ({
    id: t.exposeID('id'),
    subject: t.exposeString('subject', { description: 'The `sub` claim of the identity provider.' }),
    roles: t.field({ type: [RoleEnum], resolve: (user) => user.roles }),
    tenant: t
      .withAuth({ authenticated: true })
      .field({ type: TenantRef, resolve: (_user, _args, context) => context.services.identity.tenant(context.principal) }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastSeenAt: t.expose('lastSeenAt', { type: 'DateTime' }),
    sessions: t.withAuth({ authenticated: true }).field({
      type: [SessionRef],
      description: 'Sessions of this user, newest first: for the user, or an ADMIN of the tenant (metadata only).',
      args: { first: t.arg.int({ required: false, defaultValue: 50 }) },
      resolve: (user, args, context) => context.services.sessions.listForUser(context.principal, user, pageSize(args.first)),
    }),
  }),
});

builder.queryFields((t) => ({
  me: t.withAuth({ authenticated: true }).field({
    type: UserRef,
    description: 'The caller, as identified by the verified token.',
    resolve: (_root, _args, context) => context.services.identity.me(context.principal),
  }),
  tenantUsers: t.withAuth({ authenticated: true }).field({
    type: [UserRef],
    description: 'Users of the caller’s tenant, oldest first (ADMIN, COMPLIANCE); `subject` finds one by its `sub` claim.',
    args: {
      first: t.arg.int({ required: false, defaultValue: 50 }),
      subject: t.arg.string({ required: false, description: 'The `sub` claim of the user to find, e.g. dave.' }),
    },
    resolve: (_root, args, context) =>
      context.services.identity.listTenantUsers(context.principal, { first: pageSize(args.first), subject: args.subject }),
  }),
}));
