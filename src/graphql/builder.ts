import SchemaBuilder from '@pothos/core';
import PrismaPlugin from '@pothos/plugin-prisma';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import type PrismaTypes from '../generated/pothos-prisma-types.js';
import { getDatamodel } from '../generated/pothos-prisma-types.js';
import type { Context } from '../context.js';
import type { Role } from '../identity/principal.js';
import { AppError, forbidden, unauthenticated } from '../platform/errors.js';

/** The schema builder; type definitions live with their domains, never here. */
export const builder = new SchemaBuilder<{
  Context: Context;
  PrismaTypes: PrismaTypes;
  AuthScopes: { authenticated: boolean; role: Role };
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
    ID: { Input: string; Output: string };
  };
}>({
  plugins: [ScopeAuthPlugin, PrismaPlugin],
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
  prisma: {
    client: (context) => context.db,
    dmmf: getDatamodel(),
    exposeDescriptions: false,
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
