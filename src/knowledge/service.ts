import type { AuditLog } from '../audit/service.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { Database } from '../platform/db/prisma.js';
import { AppError, badUserInput, forbidden, notFound } from '../platform/errors.js';
import { hasRole, type Principal } from '../identity/principal.js';
import { KnowledgeRepository, type StoredKnowledge } from './repository.js';
import { parseVersionInput } from './version.js';
import {
  CONSTRAINT_FIELDS,
  isPresenceField,
  PRESENCE_VALUES,
  type ConstraintField,
  type ConstraintOperator,
  type KnowledgeConstraint,
  type KnowledgeKind,
  type KnowledgeRecord,
  type SanitizedKnowledge,
} from './types.js';
import type { ModelProvider } from '../platform/llm/provider.js';
import { sanitizeKnowledge, type ClauseSummarizer } from './sanitizer/index.js';
import { GLOBAL_TENANT_ID } from './repository.js';

/** One row per knowledge version read, from a JSON array of `{ id, knowledgeId, version }`. */
const INSERT_ACCESS_LOG = `INSERT INTO "KnowledgeAccess" (id, "tenantId", "userId", "reviewId", "knowledgeVersionId", "knowledgeId", version)
  SELECT gen_random_uuid(), $1::uuid, $2::uuid, $3::uuid, used.id, used."knowledgeId", used.version
    FROM jsonb_to_recordset($4::jsonb) AS used(id uuid, "knowledgeId" text, version text)`;

/** How long reviews share one as-of lookup of a tenant's knowledge. */
export const REVIEW_KNOWLEDGE_TTL_MS = 1_000;

/** Open-ended validity: PostgreSQL's `infinity` has no JavaScript Date, so the far future stands in. */
export const OPEN_ENDED = new Date('9999-12-31T23:59:59.999Z');

export const CONSTRAINT_OPERATORS: readonly ConstraintOperator[] = ['<=', '<', '>=', '>', '=', '!='];

const LIMITS = { content: 20_000, tags: 20, tag: 64, source: 200 } as const;
const knowledgeIdPattern = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
const tagPattern = /^[\p{L}\p{N}][\p{L}\p{N}._:-]*$/u;
// A source names where the text comes from (policy:finance/penalties#3, law:PRC-civil-code/585);
// paths and connection strings are refused so they never reach an agent.
const sourcePattern = /^[A-Za-z][A-Za-z0-9+.-]*:[A-Za-z0-9._~:#/()\-\u00C0-\uFFFF]+$/;

export interface KnowledgeVersionInput {
  knowledgeId: string;
  version: string;
  kind: KnowledgeKind;
  content: string;
  tags?: readonly string[] | null;
  constraint?: { field: string; operator: string; value?: unknown; unit?: string | null } | null;
  source: string;
  validFrom?: Date | null;
  validUntil?: Date | null;
}

export interface KnowledgeQuery {
  asOf?: Date | null;
  knownAt?: Date | null;
  knowledgeIds?: readonly string[] | null;
  tags?: readonly string[] | null;
  kind?: KnowledgeKind | null;
}

function validateConstraint(input: NonNullable<KnowledgeVersionInput['constraint']>): KnowledgeConstraint {
  if (!CONSTRAINT_FIELDS.includes(input.field as ConstraintField)) {
    throw badUserInput(`constraint.field must be one of ${CONSTRAINT_FIELDS.join(', ')}.`, 'constraint.field');
  }
  if (!CONSTRAINT_OPERATORS.includes(input.operator as ConstraintOperator)) {
    throw badUserInput(`constraint.operator must be one of ${CONSTRAINT_OPERATORS.join(' ')}.`, 'constraint.operator');
  }
  if (isPresenceField(input.field)) {
    if (typeof input.value !== 'string' || !(PRESENCE_VALUES as readonly string[]).includes(input.value)) {
      throw badUserInput(`constraint.value must be ${PRESENCE_VALUES.join(' or ')} for ${input.field}.`, 'constraint.value');
    }
    if (!['=', '!='].includes(input.operator)) throw badUserInput(`${input.field} constraints use = or !=.`, 'constraint.operator');
  }
  const numeric = input.field !== 'governingLaw' && !isPresenceField(input.field);
  if (numeric ? typeof input.value !== 'number' || !Number.isFinite(input.value) : typeof input.value !== 'string' || !input.value.trim()) {
    throw badUserInput(`constraint.value must be a ${numeric ? 'number' : 'non-empty string'} for ${input.field}.`, 'constraint.value');
  }
  if (!numeric && !['=', '!='].includes(input.operator)) throw badUserInput('governingLaw constraints use = or !=.', 'constraint.operator');
  if (input.unit != null && (typeof input.unit !== 'string' || input.unit.length > 16))
    throw badUserInput('constraint.unit is at most 16 characters.', 'constraint.unit');
  return {
    field: input.field as ConstraintField,
    operator: input.operator as ConstraintOperator,
    value: input.value as number | string,
    ...(input.unit ? { unit: input.unit } : {}),
  };
}

/**
 * The versioned, time-aware knowledge base of a tenant plus global knowledge. Readers are the
 * tenant's users; writers its ADMIN and COMPLIANCE users. Nothing is ever overwritten.
 */
export class KnowledgeService {
  private readonly repository: KnowledgeRepository;
  private readonly reviewKnowledge = new Map<string, { at: number; records: Promise<StoredKnowledge[]> }>();
  /** Deterministic summaries of the cached records above: each clause is summarized once per cache entry, not once per review. */
  private readonly reviewSummaries = new WeakMap<KnowledgeRecord, SanitizedKnowledge>();

  constructor(
    private readonly db: Database,
    private readonly audit: AuditLog,
  ) {
    this.repository = new KnowledgeRepository(db);
  }

  /** Exactly one version per knowledgeId as of `asOf` (default now), as known at `knownAt` (default now). */
  async asOf(principal: Principal, query: KnowledgeQuery = {}): Promise<StoredKnowledge[]> {
    const now = new Date();
    if (query.knowledgeIds && query.knowledgeIds.length > 500) throw badUserInput('At most 500 knowledgeIds per query.', 'knowledgeIds');
    if (query.tags && query.tags.length > LIMITS.tags) throw badUserInput(`At most ${LIMITS.tags} tags per query.`, 'tags');
    return this.repository.asOf({
      tenantId: principal.tenantId,
      asOf: query.asOf ?? now,
      knownAt: query.knownAt ?? now,
      knowledgeIds: query.knowledgeIds ?? undefined,
      tags: query.tags ?? undefined,
      kind: query.kind ?? undefined,
    });
  }

  /** Every version of one item, newest first, including retracted ones. */
  async history(principal: Principal, knowledgeId: string): Promise<StoredKnowledge[]> {
    return this.repository.history(principal.tenantId, knowledgeId);
  }

  private assertCanWrite(principal: Principal): void {
    if (!hasRole(principal, 'ADMIN') && !hasRole(principal, 'COMPLIANCE')) {
      throw forbidden('Only ADMIN or COMPLIANCE users may change knowledge.');
    }
  }

  /** Adds a version; an existing (knowledgeId, version) is BAD_USER_INPUT, never an overwrite. */
  async putVersion(principal: Principal, input: KnowledgeVersionInput, tenantId = principal.tenantId): Promise<StoredKnowledge> {
    const stored = await this.audit.recordTransaction(principal, 'KNOWLEDGE_PUT', (tx) => this.addVersion(tx, principal, input, tenantId), {
      resultIds: (row) => [row.id, `${row.knowledgeId}@${row.version}`],
    });
    this.forgetReviewKnowledge(tenantId);
    return stored;
  }

  private async addVersion(
    tx: Prisma.TransactionClient,
    principal: Principal,
    input: KnowledgeVersionInput,
    tenantId: string,
  ): Promise<StoredKnowledge> {
    this.assertCanWrite(principal);
    if (!knowledgeIdPattern.test(input.knowledgeId))
      throw badUserInput('knowledgeId must be 1-128 letters, digits, . _ : - and start with a letter or digit.', 'knowledgeId');
    const { major, minor } = parseVersionInput(input.version);
    const content = input.content.trim();
    if (!content) throw badUserInput('content must not be empty.', 'content');
    if (content.length > LIMITS.content) throw badUserInput(`content is at most ${LIMITS.content} characters.`, 'content');
    const tags = [...new Set((input.tags ?? []).map((tag) => tag.trim()))];
    if (tags.length > LIMITS.tags || tags.some((tag) => tag.length > LIMITS.tag || !tagPattern.test(tag))) {
      throw badUserInput(`at most ${LIMITS.tags} tags of at most ${LIMITS.tag} letters, digits, . _ : -.`, 'tags');
    }
    if (
      input.source.length > LIMITS.source ||
      !sourcePattern.test(input.source) ||
      input.source.includes('..') ||
      /:\/\//.test(input.source)
    ) {
      throw badUserInput('source must be an identifier like policy:finance/penalties#3, not a path, URL or connection string.', 'source');
    }
    const validFrom = input.validFrom ?? new Date();
    const validUntil = input.validUntil ?? OPEN_ENDED;
    if (!(validFrom.getTime() < validUntil.getTime())) throw badUserInput('validFrom must be before validUntil.', 'validUntil');
    const constraint = input.constraint ? validateConstraint(input.constraint) : null;
    try {
      const row = await tx.knowledgeVersion.create({
        data: {
          tenantId,
          knowledgeId: input.knowledgeId,
          version: `${major}.${minor}`,
          versionMajor: major,
          versionMinor: minor,
          kind: input.kind,
          content,
          tags,
          constraint: constraint ? { ...constraint } : undefined,
          source: input.source,
          validFrom,
          validUntil,
        },
      });
      return { ...row, constraint, global: false };
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002') {
        throw badUserInput(
          `Version ${major}.${minor} of ${input.knowledgeId} exists; knowledge is append-only, add a new version.`,
          'version',
        );
      }
      throw error;
    }
  }

  /** Withdraws one of the tenant's versions from now on; its history stays readable. */
  async retract(principal: Principal, knowledgeId: string, version: string): Promise<StoredKnowledge> {
    const { major, minor } = await this.audit.recordTransaction(principal, 'KNOWLEDGE_RETRACT', async (tx, targets) => {
      this.assertCanWrite(principal);
      const { major, minor } = parseVersionInput(version);
      const existing = await this.repository.findVersion(principal.tenantId, knowledgeId, major, minor);
      if (!existing) throw notFound('Knowledge version');
      targets.add(existing.id, `${existing.knowledgeId}@${existing.version}`);
      const { count } = await tx.knowledgeVersion.updateMany({
        where: { id: existing.id, retractedAt: null },
        data: { retractedAt: new Date() },
      });
      if (count === 0) throw new AppError('BAD_USER_INPUT', 'That version is already retracted.', { field: 'version' });
      return { major, minor };
    });
    this.forgetReviewKnowledge(principal.tenantId);
    const retracted = await this.repository.findVersion(principal.tenantId, knowledgeId, major, minor);
    return retracted!;
  }

  /**
   * Knowledge for a review, sanitized: the rules in force at `asOf` whose constraint concerns
   * one of `fields`, or exactly the `pinned` versions when replaying. With a real model
   * configured, clause summaries come from it, falling back to the deterministic summary.
   */
  async forReview(
    tenantId: string,
    request: { asOf: Date; fields: readonly string[]; pinned: readonly { id?: string; knowledgeId: string; version: string }[] | null },
    provider?: ModelProvider,
  ): Promise<SanitizedKnowledge[]> {
    let records: StoredKnowledge[];
    if (request.pinned) {
      const ids = request.pinned.flatMap((item) => (item.id ? [item.id] : []));
      const rows = await this.db.knowledgeVersion.findMany({ where: { id: { in: ids }, tenantId: { in: [tenantId, GLOBAL_TENANT_ID] } } });
      // The versions were in force when first used; a later retraction must not change a replay.
      records = rows.map((row) => ({
        ...row,
        constraint: row.constraint as KnowledgeConstraint | null,
        retractedAt: null,
        global: row.tenantId === GLOBAL_TENANT_ID,
      }));
    } else {
      if (request.fields.length === 0) return [];
      const current = await this.rulesInForce(tenantId, request.asOf);
      records = current.filter((item) => item.constraint && request.fields.includes(item.constraint.field));
    }
    const summarizer: ClauseSummarizer | undefined =
      provider && provider.name !== 'rules'
        ? async (text, options) => {
            const result = await provider.text({
              system: `Summarise this contract rule in at most ${options.maxLength} characters. Keep every number, amount, percentage, day count and date exactly. No hedging words.`,
              user: text,
              fallback: () => '',
              signal: options.signal,
            });
            if (result.degraded) throw new Error(`summarizer degraded: ${result.degradedReason}`);
            return result.value.trim();
          }
        : undefined;
    return sanitizeKnowledge(records, { asOf: request.asOf, summarizer, deterministicResults: this.reviewSummaries });
  }

  /**
   * The tenant's knowledge in force at `asOf`, shared by the reviews of a batch for at most
   * REVIEW_KNOWLEDGE_TTL_MS. Writes through this service drop the tenant's entries at once;
   * other replicas see a change within that time. Each review still records exactly the
   * versions it used.
   */
  private rulesInForce(tenantId: string, asOf: Date): Promise<StoredKnowledge[]> {
    const key = `${tenantId}|${asOf.getTime()}`;
    const cached = this.reviewKnowledge.get(key);
    if (cached && Date.now() - cached.at < REVIEW_KNOWLEDGE_TTL_MS) return cached.records;
    if (this.reviewKnowledge.size >= 1_000) this.reviewKnowledge.clear();
    const records = this.repository.asOf({ tenantId, asOf, knownAt: new Date() });
    this.reviewKnowledge.set(key, { at: Date.now(), records });
    records.catch(() => this.reviewKnowledge.delete(key));
    return records;
  }

  private forgetReviewKnowledge(tenantId: string): void {
    for (const key of this.reviewKnowledge.keys()) if (key.startsWith(`${tenantId}|`)) this.reviewKnowledge.delete(key);
  }

  /**
   * The knowledge access log of reviews' results, as a statement over `relation` (columns id: the
   * review, "tenantId", "userId", used: a JSON array of { id, knowledgeId, version }), for the
   * statement that writes the results (ReviewStore).
   */
  accessLogOfResults(relation: string): string {
    if (!/^[a-z_]+$/.test(relation)) throw new Error('a relation must be a plain identifier');
    return `INSERT INTO "KnowledgeAccess" (id, "tenantId", "userId", "reviewId", "knowledgeVersionId", "knowledgeId", version)
    SELECT gen_random_uuid(), ${relation}."tenantId", ${relation}."userId", ${relation}.id, used.id, used."knowledgeId", used.version
      FROM ${relation}, jsonb_to_recordset(${relation}.used) AS used(id uuid, "knowledgeId" text, version text)`;
  }

  /** Records which knowledge versions a review read (the knowledge access log). */
  async recordAccess(
    principal: Principal,
    reviewId: string | null,
    used: readonly { id: string; knowledgeId: string; version: string }[],
  ): Promise<void> {
    if (used.length === 0) return;
    const rows = used.map((item) => ({ id: item.id, knowledgeId: item.knowledgeId, version: item.version }));
    await this.db.$executeRawUnsafe(INSERT_ACCESS_LOG, principal.tenantId, principal.userId, reviewId, JSON.stringify(rows));
  }
}
