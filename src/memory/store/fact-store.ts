import {
  BaseStore,
  type GetOperation,
  type Item,
  type ListNamespacesOperation,
  type Operation,
  type OperationResults,
  type PutOperation,
  type SearchOperation,
} from '@langchain/langgraph';
import type { SearchItem } from '@langchain/langgraph-checkpoint';
import { Prisma } from '../../generated/prisma/client.js';
import type { Database } from '../../platform/db/prisma.js';
import { prismaRunner, type WriteBarrier } from '../../platform/db/write-barrier.js';
import { assertUuid, badUserInput } from '../../platform/errors.js';
import {
  checkCount,
  checkKey,
  checkMatchPath,
  checkNamespace,
  checkNamespacePrefix,
  isPlainObject,
  NAMESPACE_WILDCARD,
  toJsonObject,
  type JsonObject,
} from './namespace-rules.js';
import { compileFilter, jsonEquals, type ValuePredicate } from './search-filter.js';

/** Where a fact came from (the `FactSource` enum). */
export type FactSourceName = 'USER_STATED' | 'CONFIRMED' | 'IMPORTED';

/** Whose facts a store reads and writes: the verified caller, never an argument. */
export interface FactStoreScope {
  tenantId: string;
  userId: string;
}

export interface FactStoreOptions {
  /** Recorded on every version this store writes. Default `USER_STATED`. */
  source?: FactSourceName;
  /** Where the facts were stated, e.g. the session and turn. */
  sourceTurn?: string | null;
}

/** One stored version of a fact, as `history` returns it. */
export interface FactVersion {
  value: JsonObject;
  version: number;
  source: FactSourceName;
  sourceTurn: string | null;
  createdAt: Date;
  confirmedAt: Date | null;
  /** When a newer version replaced it or it was deleted; null for the current version. */
  supersededAt: Date | null;
  /** Valid time: when it became true, and when it stopped (exclusive; null while it holds). */
  validFrom: Date;
  validTo: Date | null;
  /** When Suanni stopped believing it at all (forgotten, or replaced over its whole validity). */
  retiredAt: Date | null;
}

/**
 * When a fact was true, as its statement says; without it a version is valid from the instant it
 * is written, open-ended.
 */
export interface FactValidity {
  validFrom?: Date | null;
  /** Exclusive end; null or absent while it holds. */
  validTo?: Date | null;
}

/** Facts of one category: current ones and all stored versions (history included). */
export interface CategoryCount {
  category: string;
  current: number;
  versions: number;
}

/** Default page size of `search`, as in `BaseStore`. */
export const DEFAULT_SEARCH_LIMIT = 10;
/**
 * Filters that only memory evaluates exactly (`$gt` and friends, `query`) scan at most this
 * many current facts under the prefix; beyond it the search is refused, never truncated.
 */
export const MAX_IN_MEMORY_SCAN = 10_000;

type Client = Database | Prisma.TransactionClient;

type PlannedOperation =
  | { kind: 'get'; namespace: string[]; key: string }
  | { kind: 'put'; namespace: string[]; key: string; value: JsonObject | null; validity?: FactValidity }
  | {
      kind: 'search';
      prefix: string[];
      sql: Prisma.Sql[];
      inMemory: ValuePredicate | null;
      query: string | null;
      limit: number;
      offset: number;
    }
  | {
      kind: 'list';
      conditions: { matchType: 'prefix' | 'suffix'; path: string[] }[];
      maxDepth: number | null;
      limit: number | null;
      offset: number;
    };

interface ItemRow {
  namespace: string[];
  key: string;
  value: JsonObject;
  createdAt: Date;
  updatedAt: Date;
}

const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 20_000 };

function isUniqueViolation(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === 'P2002' || (code === 'P2010' && typeof message === 'string' && message.includes('23505'));
}

/**
 * The order of `InMemoryStore.listNamespaces`: labels joined with `:` and compared with
 * `localeCompare`; label by label in code-unit order breaks the ties that joining creates
 * (labels may contain `:` here).
 */
export function compareNamespaces(left: readonly string[], right: readonly string[]): number {
  const joined = left.join(':').localeCompare(right.join(':'));
  if (joined !== 0) return joined;
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const a = left[index]!;
    const b = right[index]!;
    if (a !== b) return a < b ? -1 : 1;
  }
  return left.length - right.length;
}

/**
 * A LangGraph `BaseStore` over `Fact` rows for one user.
 *
 * - Every namespace is `[userId, category, ...]` and must start with the scope's user id:
 *   anything else is FORBIDDEN, on reads and writes alike. An empty search prefix means the
 *   user's own namespaces.
 * - Namespaces are matched label by label (`namespace[1:n] = prefix` on the text[] column), so
 *   `["u", "acme"]` never matches `["u", "acme-corp"]` and `_`, `%`, `.`, `:` are plain
 *   characters.
 * - A put that changes a value supersedes the current version and adds the next one, in one
 *   transaction; an unchanged value writes nothing; a delete supersedes without a successor.
 *   History stays readable through `history`.
 * - `batch` runs its operations in order (a read sees the writes before it) after checking all
 *   of them, in one transaction when any of them writes.
 * - `search` has no embeddings: `query` is a case-insensitive substring match on the compact
 *   JSON text of the value (`JSON.stringify`), results are newest first (then by key), and
 *   `score` is undefined.
 */
export class FactStore extends BaseStore {
  private readonly tenantId: string;
  private readonly userId: string;
  private readonly source: FactSourceName;
  private readonly sourceTurn: string | null;
  /**
   * @param barrier Entered first in every writing transaction (once per batch that writes);
   *   throwing refuses the write. Erasure uses it to keep an erased user's facts from coming back.
   */
  constructor(
    private readonly db: Database,
    scope: FactStoreScope,
    private readonly barrier: WriteBarrier,
    options: FactStoreOptions = {},
  ) {
    super();
    this.tenantId = assertUuid(scope.tenantId, 'tenantId');
    this.userId = assertUuid(scope.userId, 'userId');
    this.source = options.source ?? 'USER_STATED';
    this.sourceTurn = options.sourceTurn ?? null;
  }

  // The BaseStore conveniences validate with LangGraph's rules, which refuse `.` and `:` in
  // labels; these go straight to `batch`, which applies this store's rules.

  override async get(namespace: string[], key: string): Promise<Item | null> {
    const [item] = await this.batch<[GetOperation]>([{ namespace, key }]);
    return item;
  }

  override async search(
    namespacePrefix: string[],
    options: { filter?: Record<string, unknown>; limit?: number; offset?: number; query?: string } = {},
  ): Promise<SearchItem[]> {
    const { filter, limit = DEFAULT_SEARCH_LIMIT, offset = 0, query } = options;
    const [items] = await this.batch<[SearchOperation]>([{ namespacePrefix, filter, limit, offset, query }]);
    return items;
  }

  /** Stores a value; `index` is ignored (this store has no embeddings). */
  override async put(namespace: string[], key: string, value: Record<string, unknown>, _index?: false | string[]): Promise<void> {
    await this.batch<[PutOperation]>([{ namespace, key, value }]);
  }

  override async delete(namespace: string[], key: string): Promise<void> {
    await this.batch<[PutOperation]>([{ namespace, key, value: null }]);
  }

  override async listNamespaces(
    options: { prefix?: string[]; suffix?: string[]; maxDepth?: number; limit?: number; offset?: number } = {},
  ): Promise<string[][]> {
    const { prefix, suffix, maxDepth, limit = 100, offset = 0 } = options;
    const matchConditions = [
      ...(prefix ? [{ matchType: 'prefix' as const, path: prefix }] : []),
      ...(suffix ? [{ matchType: 'suffix' as const, path: suffix }] : []),
    ];
    const [namespaces] = await this.batch<[ListNamespacesOperation]>([
      { matchConditions: matchConditions.length > 0 ? matchConditions : undefined, maxDepth, limit, offset },
    ]);
    return namespaces;
  }

  /**
   * Runs the operations in order and returns their results by position (`null` for puts, as
   * `InMemoryStore` does). Every operation is checked before any runs, so a batch with one
   * forbidden or invalid operation does nothing at all.
   */
  override async batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
    if (!Array.isArray(operations)) throw badUserInput('batch takes a list of operations.', 'operations');
    const planned = operations.map((operation) => this.plan(operation));
    if (!planned.some((operation) => operation.kind === 'put')) {
      const results: unknown[] = [];
      for (const operation of planned) results.push(await this.run(this.db, operation, null));
      return results as OperationResults<Op>;
    }
    return (await this.runWriting(planned)) as OperationResults<Op>;
  }

  /**
   * Stores a value with the validity its statement gave: a version that contradicts the current
   * one closes the current one's validity at its own `validFrom` (see `putItem`).
   */
  async putFact(namespace: string[], key: string, value: Record<string, unknown>, validity: FactValidity = {}): Promise<void> {
    const planned = this.plan({ namespace, key, value });
    if (planned.kind !== 'put') throw badUserInput('putFact writes one value.', 'value');
    const validFrom = validity.validFrom ?? null;
    const validTo = validity.validTo ?? null;
    if (validFrom && validTo && validTo.getTime() <= validFrom.getTime()) throw badUserInput('validTo must be after validFrom.', 'validTo');
    await this.runWriting([{ ...planned, validity: { validFrom, validTo } }]);
  }

  /** Every version of one fact, newest first (deleted and superseded ones included). */
  async history(namespace: string[], key: string): Promise<FactVersion[]> {
    const path = checkNamespace(namespace, this.userId);
    const factKey = checkKey(key);
    const rows = await this.db.fact.findMany({
      where: { userId: this.userId, category: path[1]!, key: factKey, namespace: { equals: path } },
      orderBy: { version: 'desc' },
      select: {
        value: true,
        version: true,
        source: true,
        sourceTurn: true,
        createdAt: true,
        confirmedAt: true,
        supersededAt: true,
        validFrom: true,
        validTo: true,
        retiredAt: true,
      },
    });
    return rows.map((row) => ({ ...row, value: row.value as JsonObject }));
  }

  /** The user's facts per category (by `namespace[1]`), sorted by category. */
  async countsByCategory(): Promise<CategoryCount[]> {
    return this.db.$queryRaw<CategoryCount[]>`
      SELECT "category", (count(*) FILTER (WHERE "supersededAt" IS NULL))::int AS "current", count(*)::int AS "versions"
      FROM "Fact" WHERE "userId" = ${this.userId}::uuid
      GROUP BY "category" ORDER BY "category" COLLATE "C"`;
  }

  /**
   * Hard-deletes every version of every fact of the user (erasure); returns the rows removed.
   * The write guard is not consulted: this is the erasure itself.
   */
  async deleteAllForUser(): Promise<number> {
    const { count } = await this.db.fact.deleteMany({ where: { userId: this.userId } });
    return count;
  }

  /** Validates and authorizes one operation; nothing touches the database here. */
  private plan(operation: unknown): PlannedOperation {
    if (!isPlainObject(operation)) throw badUserInput('Each batch operation must be an object.', 'operations');
    if ('namespacePrefix' in operation) {
      const prefix = checkNamespacePrefix(operation.namespacePrefix, this.userId);
      const { sql, inMemory } = compileFilter(operation.filter);
      const query = operation.query;
      if (query !== undefined && query !== null && typeof query !== 'string') throw badUserInput('query must be a string.', 'query');
      return {
        kind: 'search',
        prefix,
        sql,
        inMemory,
        query: query ? query.toLowerCase() : null,
        limit: checkCount(operation.limit ?? DEFAULT_SEARCH_LIMIT, 'limit'),
        offset: checkCount(operation.offset ?? 0, 'offset'),
      };
    }
    if ('namespace' in operation && 'key' in operation) {
      const namespace = checkNamespace(operation.namespace, this.userId);
      const key = checkKey(operation.key);
      if (!('value' in operation)) return { kind: 'get', namespace, key };
      return { kind: 'put', namespace, key, value: operation.value === null ? null : toJsonObject(operation.value) };
    }
    if ('matchConditions' in operation || 'maxDepth' in operation || 'limit' in operation) {
      const rawConditions = operation.matchConditions ?? [];
      if (!Array.isArray(rawConditions)) throw badUserInput('matchConditions must be a list.', 'matchConditions');
      const conditions = rawConditions.map((condition: unknown): { matchType: 'prefix' | 'suffix'; path: string[] } => {
        const { matchType, path } = (isPlainObject(condition) ? condition : {}) as { matchType?: unknown; path?: unknown };
        if (matchType !== 'prefix' && matchType !== 'suffix') throw badUserInput('matchType must be prefix or suffix.', 'matchConditions');
        return { matchType, path: checkMatchPath(path, matchType, this.userId) };
      });
      return {
        kind: 'list',
        conditions,
        maxDepth: operation.maxDepth === undefined || operation.maxDepth === null ? null : checkCount(operation.maxDepth, 'maxDepth', 1),
        limit: operation.limit === undefined || operation.limit === null ? null : checkCount(operation.limit, 'limit'),
        offset: checkCount(operation.offset ?? 0, 'offset'),
      };
    }
    throw badUserInput('Unknown store operation: expected get, put, search or listNamespaces.', 'operations');
  }

  /**
   * One transaction for the whole batch. Per-key advisory locks, taken up front in a fixed
   * order, serialise concurrent writers of a key (the first put of a new key has no row to
   * lock FOR UPDATE) without deadlocks between batches. The partial unique index stays the
   * last line of defence: should a writer that bypasses this store win a race, the batch
   * is retried once against the committed state.
   */
  private async runWriting(planned: PlannedOperation[]): Promise<unknown[]> {
    const lockKeys = [
      ...new Set(planned.flatMap((operation) => (operation.kind === 'put' ? [JSON.stringify([operation.namespace, operation.key])] : []))),
    ];
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.db.$transaction(async (tx) => {
          await this.barrier.enter(prismaRunner(tx), this.userId);
          await tx.$executeRaw`
            SELECT pg_advisory_xact_lock(lock_key)
            FROM (SELECT DISTINCT hashtextextended(k, 0) AS lock_key FROM unnest(${lockKeys}::text[]) AS k ORDER BY 1) AS keys`;
          // One instant per batch, read after the locks: a key's versions then never go back in time.
          const [{ now }] = await tx.$queryRaw<[{ now: Date }]>`SELECT clock_timestamp() AS now`;
          const results: unknown[] = [];
          for (const operation of planned) results.push(await this.run(tx, operation, now));
          return results;
        }, TRANSACTION_OPTIONS);
      } catch (error) {
        if (attempt < 2 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  private async run(client: Client, operation: PlannedOperation, now: Date | null): Promise<unknown> {
    switch (operation.kind) {
      case 'get':
        return this.getItem(client, operation.namespace, operation.key);
      case 'put':
        await this.putItem(client as Prisma.TransactionClient, operation, now!);
        return null;
      case 'search':
        return this.searchItems(client, operation);
      case 'list':
        return this.listNamespacesOf(client, operation);
    }
  }

  /**
   * Current facts of the user as items. `createdAt` is when the key's first version was
   * written, `updatedAt` when the current one was.
   */
  private selectItems(client: Client, where: Prisma.Sql, tail: Prisma.Sql): Promise<ItemRow[]> {
    return client.$queryRaw<ItemRow[]>`
      SELECT f."namespace", f."key", f."value", f."createdAt" AS "updatedAt",
        (SELECT min(h."createdAt") FROM "Fact" h
          WHERE h."userId" = f."userId" AND h."category" = f."category" AND h."key" = f."key" AND h."namespace" = f."namespace") AS "createdAt"
      FROM "Fact" f
      WHERE f."userId" = ${this.userId}::uuid AND f."supersededAt" IS NULL AND ${where}
      ${tail}`;
  }

  private async getItem(client: Client, namespace: string[], key: string): Promise<Item | null> {
    const [row] = await this.selectItems(
      client,
      Prisma.sql`f."category" = ${namespace[1]!} AND f."namespace" = ${namespace}::text[] AND f."key" = ${key}`,
      Prisma.sql`LIMIT 1`,
    );
    return row ? toItem(row) : null;
  }

  /**
   * One put, on both clocks. The key's current version is the one not superseded. A changed value
   * (or a restated value with a stated validity of its own) becomes the next version:
   * - a past period that ended before the current version began leaves the current one alone and
   *   is stored as history (superseded from the start);
   * - one that begins after the current version closes that version's validity at its own start
   *   (`validTo`), recorded at `supersededAt`; the old version stays true for its period;
   * - one that begins no later than the current version replaces it over its whole validity, so
   *   the current version is retired (`retiredAt`).
   * A delete supersedes and retires every version still believed: a forgotten fact answers no
   * `asOf` question either.
   */
  private async putItem(tx: Prisma.TransactionClient, operation: Extract<PlannedOperation, { kind: 'put' }>, now: Date): Promise<void> {
    const { namespace, key, value, validity } = operation;
    const category = namespace[1]!;
    const where = { userId: this.userId, category, key, namespace: { equals: namespace } };
    const [latest, current] = await Promise.all([
      tx.fact.findFirst({ where, orderBy: { version: 'desc' }, select: { version: true } }),
      tx.fact.findFirst({
        where: { ...where, supersededAt: null },
        select: { id: true, value: true, validFrom: true, validTo: true },
      }),
    ]);
    if (value === null) {
      if (!current) return;
      await tx.fact.update({ where: { id: current.id }, data: { supersededAt: now, updatedAt: now } });
      await tx.fact.updateMany({ where: { ...where, retiredAt: null }, data: { retiredAt: now, updatedAt: now } });
      return;
    }
    const stated = Boolean(validity?.validFrom || validity?.validTo);
    const validFrom = validity?.validFrom ?? now;
    const validTo = validity?.validTo ?? null;
    if (current && jsonEquals(current.value, value) && current.validTo === null) {
      // The same value restated: nothing new unless the statement says a different validity.
      if (!stated || (current.validFrom.getTime() === validFrom.getTime() && validTo === null)) return;
    }
    let supersededFromStart = false;
    if (current) {
      if (validTo && validTo.getTime() <= current.validFrom.getTime()) {
        supersededFromStart = true;
      } else if (validFrom.getTime() <= current.validFrom.getTime()) {
        await tx.fact.update({ where: { id: current.id }, data: { supersededAt: now, retiredAt: now, updatedAt: now } });
      } else {
        const closedAt = current.validTo && current.validTo.getTime() < validFrom.getTime() ? current.validTo : validFrom;
        await tx.fact.update({ where: { id: current.id }, data: { supersededAt: now, validTo: closedAt, updatedAt: now } });
      }
    }
    await tx.fact.create({
      data: {
        tenantId: this.tenantId,
        userId: this.userId,
        namespace,
        category,
        key,
        value,
        version: (latest?.version ?? 0) + 1,
        source: this.source,
        sourceTurn: this.sourceTurn,
        createdAt: now,
        updatedAt: now,
        confirmedAt: this.source === 'CONFIRMED' ? now : null,
        supersededAt: supersededFromStart ? now : null,
        validFrom,
        validTo,
        statedValidTo: validTo,
      },
    });
  }

  private async searchItems(client: Client, operation: Extract<PlannedOperation, { kind: 'search' }>): Promise<SearchItem[]> {
    const conditions = [prefixCondition(operation.prefix), ...operation.sql];
    const where = Prisma.join(conditions, ' AND ');
    const order = Prisma.sql`ORDER BY f."createdAt" DESC, f."key" COLLATE "C", f."namespace" COLLATE "C"`;
    const residual = operation.inMemory;
    const query = operation.query;
    if (!residual && !query) {
      const rows = await this.selectItems(
        client,
        where,
        Prisma.sql`${order} LIMIT ${operation.limit}::int OFFSET ${operation.offset}::int`,
      );
      return rows.map(toSearchItem);
    }
    const rows = await this.selectItems(client, where, Prisma.sql`${order} LIMIT ${MAX_IN_MEMORY_SCAN + 1}::int`);
    if (rows.length > MAX_IN_MEMORY_SCAN) {
      throw badUserInput(
        `This filter or query is evaluated in memory over at most ${MAX_IN_MEMORY_SCAN} facts; narrow the namespace prefix.`,
        'namespacePrefix',
      );
    }
    return rows
      .filter((row) => (!residual || residual(row.value)) && (!query || JSON.stringify(row.value).toLowerCase().includes(query)))
      .slice(operation.offset, operation.offset + operation.limit)
      .map(toSearchItem);
  }

  /**
   * Distinct namespaces of current facts, matched label by label (`*` matches any label) and
   * cut to `maxDepth` in SQL; sorted and paged here in `InMemoryStore`'s order. A user has few
   * namespaces, so the distinct list is small.
   */
  private async listNamespacesOf(client: Client, operation: Extract<PlannedOperation, { kind: 'list' }>): Promise<string[][]> {
    const conditions: Prisma.Sql[] = [];
    for (const { matchType, path } of operation.conditions) {
      if (path.length === 0) continue;
      conditions.push(Prisma.sql`cardinality(f."namespace") >= ${path.length}::int`);
      path.forEach((label, index) => {
        if (label === NAMESPACE_WILDCARD) return;
        const position =
          matchType === 'prefix' ? Prisma.sql`${index + 1}::int` : Prisma.sql`cardinality(f."namespace") - ${path.length - 1 - index}::int`;
        conditions.push(Prisma.sql`f."namespace"[${position}] = ${label}`);
      });
    }
    const selected = operation.maxDepth === null ? Prisma.sql`f."namespace"` : Prisma.sql`f."namespace"[1:${operation.maxDepth}::int]`;
    const rows = await client.$queryRaw<{ namespace: string[] }[]>`
      SELECT DISTINCT ${selected} AS "namespace" FROM "Fact" f
      WHERE f."userId" = ${this.userId}::uuid AND f."supersededAt" IS NULL ${conditions.length > 0 ? Prisma.sql`AND ${Prisma.join(conditions, ' AND ')}` : Prisma.empty}`;
    const namespaces = rows.map((row) => row.namespace).sort(compareNamespaces);
    const end = operation.limit === null ? namespaces.length : operation.offset + operation.limit;
    return namespaces.slice(operation.offset, end);
  }
}

function prefixCondition(prefix: string[]): Prisma.Sql {
  if (prefix.length === 0) return Prisma.sql`TRUE`;
  // Exact label-by-label comparison; the category column lets the (userId, category, key) index help.
  const category = prefix.length >= 2 ? Prisma.sql` AND f."category" = ${prefix[1]!}` : Prisma.empty;
  return Prisma.sql`f."namespace"[1:${prefix.length}::int] = ${prefix}::text[]${category}`;
}

function toItem(row: ItemRow): Item {
  return { namespace: row.namespace, key: row.key, value: row.value, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

function toSearchItem(row: ItemRow): SearchItem {
  return { ...toItem(row), score: undefined };
}
