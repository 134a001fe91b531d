import { Prisma } from '../generated/prisma/client.js';
import type { Database } from '../platform/db/prisma.js';
import { prismaRunner, WRITE_TRANSACTION, type WriteBarrier } from '../platform/db/write-barrier.js';

/** What a turn may retrieve: a fact version, an older turn, or another thread's summary. */
export type RecalledKind = 'FACT' | 'TURN' | 'SUMMARY';

/** One retrieved memory, ranked against the current message; the window renders `text`. */
export interface RecalledMemory {
  kind: RecalledKind;
  /** Which memory: `category.key@version` for a fact, `turn:<sessionId>:<messageId>`, `summary:<sessionId>`. */
  ref: string;
  /** The line the context window renders. */
  text: string;
  /** Full-text rank plus trigram similarity (higher is better). */
  score: number;
  /** Words of the current message the memory matched by full text. */
  matchedTerms: string[];
  /** pg_trgm word similarity of the current message's words to the memory, 0 when unavailable. */
  similarity: number;
}

/** Where a turn retrieves from. */
export interface RecallRequest {
  userId: string;
  sessionId: string;
  /** `thread`: older turns of this thread and the user's facts; `user`: also the user's other threads. */
  scope: RecallScope;
  /** The current message. */
  text: string;
  /** Messages still in the thread state (the window's own candidates): never retrieved twice. */
  excludeMessageIds: readonly string[];
  /** `category.key` of current facts the window renders anyway. */
  renderedFacts: ReadonlySet<string>;
  limit: number;
}

export type RecallScope = 'thread' | 'user';

// Words that carry no topic: English stop words (the full-text parser drops them too, but they
// would count as matched words here) and question words and fillers it keeps.
const FILLER = new Set(
  (
    'a about after again all am an and any are as at be been before being both but by can could did do does doing down during each ' +
    'few for from further had has have having he her here hers him his how i if in into is it its just me more most my myself no ' +
    'nor not now of off on once only or other our ours out over own same she should so some such than that the their them then ' +
    'there these they this those through to too under until up very was we were what whats when where which while who whom whose ' +
    'why will with would you your yours tell remind please know remember say said told'
  ).split(' '),
);

/**
 * At most this many full-text matches, the newest, are ranked per turn: a word the user says all the
 * time matches thousands of passages, and ranking each would cost more than a turn may.
 */
export const MAX_RANKED = 1_000;

/** At most this many words of a message go into a query. */
export const MAX_QUERY_TERMS = 24;

/**
 * The topic words of a message, lower-cased, deduplicated, letters and digits only. They are the
 * only part of a message that reaches a query, joined with `or` into `websearch_to_tsquery`,
 * which never raises on its input, and always as a bound parameter: a message cannot change the
 * query's shape, whatever operators, quotes or SQL it holds.
 */
export function queryTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms: string[] = [];
  for (const word of words) {
    if (word.length < 2 || word.length > 40 || FILLER.has(word) || terms.includes(word)) continue;
    terms.push(word);
    if (terms.length === MAX_QUERY_TERMS) break;
  }
  return terms;
}

/** Which of the terms a text holds: a word of it starts with the term's first five letters (a crude stem). */
function matchedTerms(terms: readonly string[], text: string): string[] {
  const words = new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  return terms.filter((term) => {
    const stem = term.slice(0, Math.max(3, Math.min(5, term.length)));
    for (const word of words) if (word.startsWith(stem)) return true;
    return false;
  });
}

const day = (instant: Date) => instant.toISOString().slice(0, 10);

/** A fact version as a line; its validity is said when it is closed or was stated. */
export function factLine(fact: { category: string; key: string; value: unknown; validFrom: Date; validTo: Date | null }): string {
  const raw = fact.value as { value?: unknown } | null;
  const value = raw && typeof raw === 'object' && 'value' in raw ? raw.value : raw;
  const shown = typeof value === 'string' ? value : JSON.stringify(value);
  const validity = fact.validTo ? ` (true ${day(fact.validFrom)} to ${day(fact.validTo)})` : ` (since ${day(fact.validFrom)})`;
  return `${fact.category}.${fact.key}: ${shown}${validity}`;
}

interface PassageRow {
  kind: 'TURN' | 'SUMMARY';
  role: string | null;
  messageId: string | null;
  sessionId: string;
  content: string;
  createdAt: Date;
  rank: number;
  similarity: number;
}

interface FactRow {
  category: string;
  key: string;
  value: unknown;
  version: number;
  supersededAt: Date | null;
  validFrom: Date;
  validTo: Date | null;
  rank: number;
}

/**
 * Retrieval for the context window, in PostgreSQL only (no outside model): full-text search
 * (`english` configuration, generated `search` columns with GIN indexes) over the user's facts and
 * thread passages, plus pg_trgm word similarity over the passages when the extension is there
 * (it catches misspellings and wording full text splits differently, and text full text cannot
 * split, such as Chinese). Everything is bounded to the user's own rows first.
 */
export class MemoryRecall {
  private trigram: Promise<boolean> | undefined;

  constructor(
    private readonly db: Database,
    private readonly barrier: WriteBarrier,
  ) {}

  /** Whether pg_trgm is installed (checked once per process). */
  private hasTrigram(): Promise<boolean> {
    this.trigram ??= this.db.$queryRaw<
      { present: boolean }[]
    >`SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS present`
      .then(([row]) => Boolean(row?.present))
      .catch(() => false);
    return this.trigram;
  }

  /**
   * Records a turn's user message and reply as passages, and the thread's running summary (one
   * row per thread, replaced). Inside the user's write barrier, so an erased user's turn cannot
   * leave passages behind.
   */
  async record(input: {
    tenantId: string;
    userId: string;
    sessionId: string;
    turns: readonly { role: 'user' | 'assistant'; content: string; messageId: string | null }[];
    summary: string | null;
  }): Promise<void> {
    await this.db.$transaction(async (tx) => {
      await this.barrier.enter(prismaRunner(tx), input.userId);
      if (input.turns.length > 0) {
        await tx.memoryPassage.createMany({
          data: input.turns.map((turn) => ({
            tenantId: input.tenantId,
            userId: input.userId,
            sessionId: input.sessionId,
            kind: 'TURN' as const,
            role: turn.role,
            messageId: turn.messageId,
            content: turn.content,
          })),
        });
      }
      if (input.summary !== null) {
        if (input.summary) {
          await tx.$executeRaw`
            INSERT INTO "MemoryPassage" ("id", "tenantId", "userId", "sessionId", "kind", "content")
            VALUES (gen_random_uuid(), ${input.tenantId}::uuid, ${input.userId}::uuid, ${input.sessionId}::uuid, 'SUMMARY', ${input.summary})
            ON CONFLICT ("sessionId") WHERE "kind" = 'SUMMARY' DO UPDATE SET "content" = EXCLUDED."content", "createdAt" = now()`;
        } else {
          await tx.memoryPassage.deleteMany({ where: { sessionId: input.sessionId, kind: 'SUMMARY' } });
        }
      }
    }, WRITE_TRANSACTION);
  }

  /** The best matches for the current message, best first, at most `limit`. */
  async search(request: RecallRequest): Promise<RecalledMemory[]> {
    const terms = queryTerms(request.text);
    if (terms.length === 0 || request.limit <= 0) return [];
    const tsquery = terms.join(' or ');
    const words = terms.join(' ');
    const trigram = await this.hasTrigram();
    const candidates = request.limit * 3;
    const scope =
      request.scope === 'thread'
        ? Prisma.sql`p."sessionId" = ${request.sessionId}::uuid AND p."kind" = 'TURN'`
        : Prisma.sql`((p."sessionId" = ${request.sessionId}::uuid AND p."kind" = 'TURN') OR p."sessionId" <> ${request.sessionId}::uuid)`;
    const similarity = trigram ? Prisma.sql`word_similarity(${words}, p."content")` : Prisma.sql`0::real`;
    const exclude = [...request.excludeMessageIds];
    const [passages, facts] = await Promise.all([
      // Candidates first, cheaply: the best full-text matches by rank (the GIN index answers the
      // match: the query is a parameter of websearch_to_tsquery, not a joined value), and with
      // pg_trgm the passages of this thread whose wording is similar (a thread is small; over all of
      // a user's threads a similarity scan with common words costs hundreds of milliseconds). Only
      // those are scored with both.
      this.db.$queryRaw<PassageRow[]>`
        WITH matches AS (
          SELECT p."id", p."search", p."createdAt" FROM "MemoryPassage" p
          WHERE p."search" @@ websearch_to_tsquery('english', ${tsquery}) AND p."userId" = ${request.userId}::uuid AND ${scope}
            AND (p."messageId" IS NULL OR NOT (p."messageId" = ANY (${exclude}::text[])))
          ORDER BY p."createdAt" DESC
          LIMIT ${MAX_RANKED}::int),
        fts AS (
          SELECT m."id" FROM matches m
          ORDER BY ts_rank_cd(m."search", websearch_to_tsquery('english', ${tsquery}), 1) DESC, m."createdAt" DESC
          LIMIT ${candidates}::int),
        fuzzy AS (
          SELECT p."id" FROM "MemoryPassage" p
          WHERE p."userId" = ${request.userId}::uuid AND p."sessionId" = ${request.sessionId}::uuid AND p."kind" = 'TURN'
            AND ${trigram ? Prisma.sql`${words} <% p."content"` : Prisma.sql`FALSE`}
            AND (p."messageId" IS NULL OR NOT (p."messageId" = ANY (${exclude}::text[])))
          LIMIT ${candidates}::int)
        SELECT * FROM (
          SELECT p."kind"::text AS "kind", p."role", p."messageId", p."sessionId"::text AS "sessionId", p."content", p."createdAt",
            ts_rank_cd(p."search", websearch_to_tsquery('english', ${tsquery}), 1)::float8 AS "rank", (${similarity})::float8 AS "similarity"
          FROM "MemoryPassage" p
          WHERE p."id" IN (SELECT "id" FROM fts UNION SELECT "id" FROM fuzzy)
        ) AS found
        ORDER BY "rank" + "similarity" DESC, "createdAt" DESC
        LIMIT ${candidates}::int`,
      this.db.$queryRaw<FactRow[]>`
        SELECT f."category", f."key", f."value", f."version", f."supersededAt", f."validFrom", f."validTo",
          ts_rank_cd(f."search", websearch_to_tsquery('english', ${tsquery}), 1)::float8 AS "rank"
        FROM "Fact" f
        WHERE f."search" @@ websearch_to_tsquery('english', ${tsquery}) AND f."userId" = ${request.userId}::uuid AND f."retiredAt" IS NULL
        ORDER BY "rank" DESC, f."createdAt" DESC
        LIMIT ${candidates}::int`,
    ]);
    const found: RecalledMemory[] = [];
    for (const fact of facts) {
      // A current fact the window renders anyway is not retrieved again.
      if (fact.supersededAt === null && request.renderedFacts.has(`${fact.category}.${fact.key}`)) continue;
      const text = factLine(fact);
      found.push({
        kind: 'FACT',
        ref: `${fact.category}.${fact.key}@${fact.version}`,
        text: `Fact: ${text}`,
        score: Number(fact.rank),
        matchedTerms: matchedTerms(terms, text),
        similarity: 0,
      });
    }
    for (const passage of passages) {
      const when = day(passage.createdAt);
      const text =
        passage.kind === 'SUMMARY'
          ? `Summary of another conversation (${when}): ${passage.content}`
          : `${passage.role === 'assistant' ? 'Assistant' : 'User'} (${when}): ${passage.content}`;
      found.push({
        kind: passage.kind,
        ref: passage.kind === 'SUMMARY' ? `summary:${passage.sessionId}` : `turn:${passage.sessionId}:${passage.messageId ?? ''}`,
        text,
        score: Number(passage.rank) + Number(passage.similarity),
        matchedTerms: matchedTerms(terms, passage.content),
        similarity: Number(passage.similarity),
      });
    }
    // More of the message's words matched ranks first; then rank; newer first on ties (a changed fact's newest statement).
    return found.sort((a, b) => b.matchedTerms.length - a.matchedTerms.length || b.score - a.score).slice(0, request.limit);
  }
}
