import { builder } from '../../graphql/builder.js';
import { deriveThreadId } from '../thread-id.js';
import { pageSize } from '../../graphql/paging.js';
import { SessionRef, UserRef } from './refs.js';

SessionRef.implement({
  description: 'A conversation of one user.',
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    closedAt: t.expose('closedAt', { type: 'DateTime', nullable: true }),
    threadId: t.string({
      description: 'Where this session’s state lives. Derived by the server; visible to the owner only.',
      authScopes: (session, _args, context) => session.userId === context.principal?.userId,
      resolve: (session) => deriveThreadId(session.userId, session.id),
    }),
    owner: t.withAuth({ authenticated: true }).field({
      type: UserRef,
      description: 'The user the session belongs to: for the owner or an ADMIN of the tenant.',
      resolve: (session, _args, context) => context.services.identity.user(context.principal, session.userId),
    }),
  }),
});

builder.queryFields((t) => ({
  session: t.withAuth({ authenticated: true }).field({
    type: SessionRef,
    description: 'One of the caller’s sessions. Another user’s session is FORBIDDEN, another tenant’s NOT_FOUND.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => context.services.sessions.getOwned(context.principal, args.id),
  }),
  sessions: t.withAuth({ authenticated: true }).field({
    type: [SessionRef],
    description: 'The caller’s own sessions, newest first.',
    args: {
      first: t.arg.int({ required: false, defaultValue: 50 }),
      includeClosed: t.arg.boolean({ required: false, defaultValue: true }),
    },
    resolve: (_root, args, context) =>
      context.services.sessions.listOwn(context.principal, { first: pageSize(args.first), includeClosed: args.includeClosed ?? true }),
  }),
  tenantSessions: t.withAuth({ authenticated: true }).field({
    type: [SessionRef],
    description: 'Sessions of the caller’s tenant, newest first (ids, titles, timestamps). ADMIN only.',
    args: { first: t.arg.int({ required: false, defaultValue: 50 }) },
    resolve: (_root, args, context) => context.services.sessions.listForTenant(context.principal, pageSize(args.first)),
  }),
}));

builder.mutationFields((t) => ({
  createSession: t.withAuth({ authenticated: true }).field({
    type: SessionRef,
    args: { title: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => context.services.sessions.create(context.principal, args.title),
  }),
  closeSession: t.withAuth({ authenticated: true }).field({
    type: SessionRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => context.services.sessions.close(context.principal, args.id),
  }),
}));

builder.subscriptionFields((t) => ({
  sessionUpdated: t.withAuth({ authenticated: true }).field({
    type: SessionRef,
    description: 'One of the caller’s sessions: its current state, then every change (for example its closing) until it closes.',
    args: { id: t.arg.id({ required: true }) },
    subscribe: (_root, args, context) => context.services.sessions.watch(context.principal, args.id),
    resolve: (session) => session,
  }),
}));
