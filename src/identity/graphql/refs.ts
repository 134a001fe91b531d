import { builder } from '../../graphql/builder.js';
import type { SessionRow } from '../sessions.js';
import type { UserRow } from '../service.js';
import type { Database } from '../../platform/db/prisma.js';

export type { UserRow };

export type TenantRow = Awaited<ReturnType<Database['tenant']['findUniqueOrThrow']>>;

/** Declared here and implemented beside their root fields, so User and Session can refer to each other. */
export const UserRef = builder.objectRef<UserRow>('User');
export const SessionRef = builder.objectRef<SessionRow>('Session');
export const TenantRef = builder.objectRef<TenantRow>('Tenant');
