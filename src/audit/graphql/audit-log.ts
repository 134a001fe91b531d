import { builder } from '../../graphql/builder.js';
import { pageSize } from '../../graphql/paging.js';
import { RoleEnum } from '../../identity/graphql/user.js';
import { AUDIT_ACTIONS, type AuditEntryRow, encodeAuditCursor } from '../service.js';

const AuditActionEnum = builder.enumType('AuditAction', { values: AUDIT_ACTIONS });
const AuditOutcomeEnum = builder.enumType('AuditOutcome', {
  values: {
    SUCCESS: {},
    DENIED: { description: 'The caller was not allowed (FORBIDDEN, UNAUTHENTICATED).' },
    FAILED: { description: 'Allowed, but failed: `errorCode` says why.' },
  },
});

const AuditEntryRef = builder.objectRef<AuditEntryRow>('AuditEntry').implement({
  description: 'One privileged action or attempt. Ids, roles and codes only, never content; append-only.',
  fields: (t) => ({
    id: t.exposeID('id'),
    at: t.expose('at', { type: 'DateTime' }),
    actorId: t.exposeString('actorId', {
      description: 'The acting user’s id; once that user is erased, the keyed hash of it (64 hex digits).',
    }),
    actorRoles: t.field({ type: [RoleEnum], description: 'The actor’s roles when acting.', resolve: (entry) => entry.actorRoles }),
    action: t.field({ type: AuditActionEnum, resolve: (entry) => entry.action as (typeof AUDIT_ACTIONS)[number] }),
    targetIds: t.exposeStringList('targetIds', {
      description: 'Ids the action concerned (records, users, traces); an erased user’s id appears as its keyed hash.',
    }),
    outcome: t.field({ type: AuditOutcomeEnum, resolve: (entry) => entry.outcome }),
    errorCode: t.exposeString('errorCode', { nullable: true, description: 'The error code of a DENIED or FAILED action.' }),
    traceId: t.exposeString('traceId', { nullable: true, description: 'The W3C trace id of the operation, when tracing is on.' }),
  }),
});

const AuditEntryEdgeRef = builder.objectRef<{ cursor: string; node: AuditEntryRow }>('AuditEntryEdge').implement({
  fields: (t) => ({ cursor: t.exposeString('cursor'), node: t.field({ type: AuditEntryRef, resolve: (edge) => edge.node }) }),
});

const AuditEntryConnectionRef = builder
  .objectRef<{ edges: { cursor: string; node: AuditEntryRow }[]; hasNextPage: boolean; endCursor: string | null }>('AuditEntryConnection')
  .implement({
    fields: (t) => ({
      edges: t.field({ type: [AuditEntryEdgeRef], resolve: (connection) => connection.edges }),
      nodes: t.field({ type: [AuditEntryRef], resolve: (connection) => connection.edges.map((edge) => edge.node) }),
      hasNextPage: t.exposeBoolean('hasNextPage'),
      endCursor: t.exposeString('endCursor', { nullable: true }),
    }),
  });

const AuditFilterType = builder.inputType('AuditFilter', {
  description: 'Every field given must match; lists match any of their values.',
  fields: (t) => ({
    actions: t.field({ type: [AuditActionEnum], required: false }),
    actorId: t.string({ required: false, description: 'A user id, or the keyed hash an erased actor is recorded by.' }),
    targetId: t.string({ required: false }),
    outcomes: t.field({ type: [AuditOutcomeEnum], required: false }),
    from: t.field({ type: 'DateTime', required: false, description: 'Inclusive.' }),
    until: t.field({ type: 'DateTime', required: false, description: 'Exclusive.' }),
  }),
});

builder.queryFields((t) => ({
  auditLog: t.withAuth({ authenticated: true }).field({
    type: AuditEntryConnectionRef,
    description: 'The tenant’s audit log of privileged actions, newest first (COMPLIANCE, ADMIN). Reading it is recorded too.',
    args: {
      filter: t.arg({ type: AuditFilterType, required: false }),
      first: t.arg.int({ required: false, defaultValue: 50 }),
      after: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, context) => {
      const { rows, hasNextPage } = await context.services.audit.list(context.principal, args.filter ?? {}, {
        first: pageSize(args.first),
        after: args.after,
      });
      const edges = rows.map((node) => ({ node, cursor: encodeAuditCursor(node) }));
      return { edges, hasNextPage, endCursor: edges.at(-1)?.cursor ?? null };
    },
  }),
}));
