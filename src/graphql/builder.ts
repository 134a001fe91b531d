import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import type { Context } from '../context.js';
import type { Principal, Role } from '../identity/principal.js';
import { type AppError, forbidden, unauthenticated } from '../platform/errors.js';

/**
 * The schema builder; type definitions live with their domains, never here. One style for every
 * type: plain object refs over what the services return (services know nothing of GraphQL, so
 * they take no Pothos query to spread into Prisma calls).
 */
export const builder = new SchemaBuilder<{
  Context: Context;
  AuthScopes: { authenticated: boolean; role: Role };
  /** Fields declared with `t.withAuth(...)` see a context whose principal is known. */
  AuthContexts: { authenticated: Context & { principal: Principal }; role: Context & { principal: Principal } };
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
    ID: { Input: string; Output: string };
    File: { Input: File; Output: never };
  };
}>({
  plugins: [ScopeAuthPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: async (context) => ({
      authenticated: context.principal !== null,
      role: (role) => context.principal?.roles.includes(role) ?? false,
    }),
    unauthorizedError: (_parent, context, _info, result): AppError =>
      context.principal
        ? forbidden(result.message === 'Unauthorized' ? undefined : result.message)
        : unauthenticated('Authentication required.'),
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
