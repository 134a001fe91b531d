import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder.js';
import { guardArgumentText } from './input-guard.js';
import './scalars.js';
import '../identity/graphql/user.js';
import '../identity/graphql/session.js';
import '../identity/graphql/quotas.js';
import '../identity/graphql/rate-limits.js';
import '../knowledge/graphql/knowledge.js';
import '../review/graphql/review.js';
import '../memory/graphql/chat.js';
import '../memory/graphql/retention.js';
import '../erasure/graphql/erasure.js';
import '../audit/graphql/audit-log.js';
import './heartbeat.js';
import '../observability/graphql/observability.js';

/** The executable schema: every domain's GraphQL files are imported above; argument text is checked at the edge. */
export const schema = guardArgumentText(builder.toSchema());

/** The schema as committed in `schema.graphql`. */
export function printSchemaSDL(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
