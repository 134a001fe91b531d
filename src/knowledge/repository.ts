import { Prisma } from '../generated/prisma/client.js';
import { tracedQuery } from '../platform/telemetry/db-tracing.js';
import { poolOf, type Database } from '../platform/db/prisma.js';
import type { KnowledgeConstraint, KnowledgeKind, KnowledgeRecord } from './types.js';

/** The reserved tenant that owns knowledge visible to every tenant (created by a migration). */
export const GLOBAL_TENANT_ID = '00000000-0000-0000-0000-000000000000';

export interface AsOfQuery {
  tenantId: string;
  /** The valid-time instant: which version was in force then. */
  asOf: Date;
  /** The transaction-time instant: only what had been recorded, and not yet retracted, by then. */
  knownAt: Date;
  knowledgeIds?: readonly string[];
  tags?: readonly string[];
  kind?: KnowledgeKind;
}

/** A row as the as-of query returns it: the record plus its tenant. */
type KnowledgeRow = KnowledgeRecord & { tenantId: string };

/** A stored version, with whether it is global. */
export type StoredKnowledge = KnowledgeRecord & { tenantId: string; global: boolean };

function toRecord(row: KnowledgeRow): StoredKnowledge {
  return {
    id: row.id,
    tenantId: row.tenantId,
    global: row.tenantId === GLOBAL_TENANT_ID,
    knowledgeId: row.knowledgeId,
    version: row.version,
    kind: row.kind,
    content: row.content,
    tags: row.tags,
    constraint: row.constraint,
    source: row.source,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    recordedAt: row.recordedAt,
    retractedAt: row.retractedAt,
  };
}

/**
 * Reads knowledge with valid time and transaction time, computed at query time.
 * For each knowledgeId the answer is the highest version whose [validFrom, validUntil) holds
 * `asOf`, recorded by `knownAt` and not retracted by then; the tenant's own item shadows a
 * global one with the same knowledgeId. Tag and kind filters apply to that one version, so a
 * filter never resurrects an older version.
 */
export class KnowledgeRepository {
  constructor(private readonly db: Database) {}

  async asOf(query: AsOfQuery): Promise<StoredKnowledge[]> {
    const ids = query.knowledgeIds?.length ? Prisma.sql`AND kv."knowledgeId" = ANY(${[...query.knowledgeIds]}::text[])` : Prisma.empty;
    const tags = query.tags?.length ? Prisma.sql`AND current."tags" && ${[...query.tags]}::text[]` : Prisma.empty;
    const kind = query.kind ? Prisma.sql`AND current."kind" = ${query.kind}::"KnowledgeKind"` : Prisma.empty;
    // Two steps: pick one id per knowledgeId from the covering index alone (index-only scan over
    // the validity columns), then read just the picked rows.
    const statement = Prisma.sql`
      WITH picked AS (
        SELECT DISTINCT ON (kv."knowledgeId") kv.id
        FROM "KnowledgeVersion" kv
        WHERE kv."tenantId" IN (${query.tenantId}::uuid, ${GLOBAL_TENANT_ID}::uuid)
          AND kv."validFrom" <= ${query.asOf} AND ${query.asOf} < kv."validUntil"
          AND kv."recordedAt" <= ${query.knownAt}
          AND (kv."retractedAt" IS NULL OR kv."retractedAt" > ${query.knownAt})
          ${ids}
        ORDER BY kv."knowledgeId", (kv."tenantId" = ${GLOBAL_TENANT_ID}::uuid), kv."versionMajor" DESC, kv."versionMinor" DESC
      )
      SELECT current.* FROM picked JOIN "KnowledgeVersion" current ON current.id = picked.id
      WHERE TRUE ${tags} ${kind}
      ORDER BY current."knowledgeId"`;
    // The review hot path: one fixed statement, sent straight to the pool (Prisma.sql renders
    // PostgreSQL's $n placeholders), avoiding the ORM's per-query cost.
    const pool = poolOf(this.db);
    const rows = pool
      ? (await tracedQuery<KnowledgeRow>(pool, statement, { operation: 'SELECT', target: 'KnowledgeVersion' })).rows
      : await this.db.$queryRaw<KnowledgeRow[]>(statement);
    return rows.map(toRecord);
  }

  /** Every version of one item visible to the tenant, newest first, retracted ones included. */
  async history(tenantId: string, knowledgeId: string): Promise<StoredKnowledge[]> {
    const rows = await this.db.knowledgeVersion.findMany({
      where: { tenantId: { in: [tenantId, GLOBAL_TENANT_ID] }, knowledgeId },
      orderBy: [{ versionMajor: 'desc' }, { versionMinor: 'desc' }, { tenantId: 'asc' }],
    });
    return rows.map((row) => toRecord({ ...row, constraint: row.constraint as KnowledgeConstraint | null }));
  }

  async findVersion(tenantId: string, knowledgeId: string, major: number, minor: number): Promise<StoredKnowledge | null> {
    const row = await this.db.knowledgeVersion.findUnique({
      where: { tenantId_knowledgeId_versionMajor_versionMinor: { tenantId, knowledgeId, versionMajor: major, versionMinor: minor } },
    });
    return row ? toRecord({ ...row, constraint: row.constraint as KnowledgeConstraint | null }) : null;
  }
}
