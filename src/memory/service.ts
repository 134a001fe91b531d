import { HumanMessage } from '@langchain/core/messages';
import type { AuditLog } from '../audit/service.js';
import type { Database } from '../platform/db/prisma.js';
import { AppError, badUserInput, forbidden } from '../platform/errors.js';
import type { ModelProvider } from '../platform/llm/provider.js';
import { createCheckpointer, CHECKPOINT_SCHEMA, type GuardedPostgresSaver } from '../platform/langgraph/checkpointer.js';
import type { WriteBarrier } from '../platform/db/write-barrier.js';
import { hasRole, type Principal } from '../identity/principal.js';
import type { SessionService } from '../identity/sessions.js';
import { deriveThreadId } from '../identity/thread-id.js';
import type pg from 'pg';
import { createPool } from '../platform/db/pool.js';
import { ThreadLocks } from './thread-lock.js';
import { compileChatGraph } from './agent/graph.js';
import { messageText } from './agent/messages.js';
import type { ChatSettings } from './agent/run-context.js';
import type { ChatState, TurnContext } from './agent/state.js';
import type { ChatTurnMessage } from './context-window.js';
import type { FactCandidate } from './rules/fact-candidates.js';
import { mergeIntoSummary, SUMMARY_MAX_CHARS } from './rules/summarizer.js';
import { FactStore } from './store/fact-store.js';
import { MemoryRecall, type RecallScope } from './recall.js';
import type { QuotaService } from '../identity/quotas.js';
import type { Metrics } from '../platform/telemetry/metrics.js';

export interface ChatLimits extends ChatSettings {
  maxMessageChars: number;
  maxFactsPerUser: number;
  /** How long a turn waits for another turn of its thread (any process) before THREAD_BUSY. */
  threadWaitMs: number;
  /** Where retrieval looks: this thread's older turns (default) or all the user's threads. */
  recallScope?: RecallScope;
}

export const FACT_SOURCES = ['USER_STATED', 'CONFIRMED', 'IMPORTED'] as const;
export type FactSourceName = (typeof FACT_SOURCES)[number];

export interface ChatTurnResult {
  reply: string;
  proposedFacts: FactCandidate[];
  context: TurnContext;
}

export interface ThreadView {
  sessionId: string;
  threadId: string;
  messages: { role: 'user' | 'assistant'; content: string; createdAt: Date | null }[];
  summary: string;
  checkpointCount: number;
}

export interface FactView {
  category: string;
  key: string;
  value: unknown;
  version: number;
  source: string;
  sourceTurn: string | null;
  createdAt: Date;
  confirmedAt: Date | null;
  supersededAt: Date | null;
  /** Valid time: when the fact was true, `[validFrom, validTo)`. */
  validFrom: Date;
  validTo: Date | null;
  /** When Suanni stopped believing this version (forgotten, or replaced over its whole validity). */
  retiredAt: Date | null;
}

/** A stored fact row: the view's columns and the end its statement gave. */
type FactRow = FactView & { statedValidTo: Date | null };

/** The two clocks of a fact question: what was true at `asOf`, as Suanni knew it at `knownAt`. */
export interface FactClocks {
  asOf?: Date | null;
  knownAt?: Date | null;
}

const categoryPattern = /^[a-z][a-z0-9_-]{0,31}$/;
const factKeyPattern = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

/** Connections that hold thread locks: at most this many turns of different threads run at once per process. */
const THREAD_LOCK_CONNECTIONS = 16;

/**
 * Conversations with layered memory: thread state in the checkpointer under the derived thread
 * id, long-term facts in the user's store namespace, a context window rendered per turn.
 */
export class ChatService {
  private readonly checkpointer: GuardedPostgresSaver;
  private readonly checkpointPool: pg.Pool;
  private ready: Promise<void> | undefined;
  private readonly locks: ThreadLocks;
  private readonly lockPool: pg.Pool;
  /** Retrieval over the user's facts and thread passages. */
  readonly recall: MemoryRecall;

  constructor(
    private readonly db: Database,
    databaseUrl: string,
    private readonly sessions: SessionService,
    private readonly provider: ModelProvider,
    private readonly limits: ChatLimits,
    /** Orders every checkpoint and fact write against an erasure of its user (see WriteBarrier). */
    private readonly barrier: WriteBarrier,
    private readonly quotas: QuotaService,
    private readonly options: {
      /** Replaces the summarizer (`TestOverrides.chatSummarizer`). */
      summarizer?: (previous: string, trimmed: readonly ChatTurnMessage[]) => Promise<string>;
      metrics?: Metrics;
      /** Records the tenant-wide fact counts read by an ADMIN. */
      audit: Pick<AuditLog, 'record'>;
    },
  ) {
    ({ saver: this.checkpointer, pool: this.checkpointPool } = createCheckpointer(databaseUrl, barrier));
    // A pool of its own: a turn holds its lock connection while it writes checkpoints through the other.
    this.lockPool = createPool({ connectionString: databaseUrl, max: THREAD_LOCK_CONNECTIONS, name: 'chat-thread-locks' });
    this.locks = new ThreadLocks(this.lockPool, limits.threadWaitMs);
    this.recall = new MemoryRecall(db, barrier);
  }

  /** Creates the checkpoint tables on first use (idempotent). */
  private ensureReady(): Promise<void> {
    this.ready ??= this.checkpointer.setup().catch((error) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  async close(): Promise<void> {
    await this.checkpointPool.end();
    await this.lockPool.end();
  }

  /** The caller's fact store: every read and write is checked against their user id. */
  factStore(principal: Principal, source: FactSourceName = 'USER_STATED', sourceTurn: string | null = null): FactStore {
    return new FactStore(this.db, { tenantId: principal.tenantId, userId: principal.userId }, this.barrier, { source, sourceTurn });
  }

  private async summarizeWithProvider(previous: string, trimmed: readonly ChatTurnMessage[]): Promise<string> {
    const fallback = () => mergeIntoSummary(previous, trimmed);
    if (this.provider.name === 'rules') return fallback();
    const result = await this.provider.text({
      system: `Merge the conversation excerpt into the running summary in at most ${SUMMARY_MAX_CHARS} characters. Keep every detail the user stated about themselves.`,
      user: JSON.stringify({ summary: previous, excerpt: trimmed }),
      fallback,
      maxOutputTokens: 400,
    });
    return result.value.slice(0, SUMMARY_MAX_CHARS * 2);
  }

  /**
   * One conversation turn in an open session of the caller: renders the context window, replies,
   * proposes facts, and summarizes when the window has grown. `onToken` receives the reply as it
   * is produced.
   */
  async sendMessage(principal: Principal, sessionId: string, text: string, onToken?: (piece: string) => void): Promise<ChatTurnResult> {
    const session = await this.sessions.getOwned(principal, sessionId);
    if (session.closedAt) throw badUserInput('This session is closed; start a new one.', 'sessionId');
    const message = text.trim();
    if (!message) throw badUserInput('text must not be empty.', 'text');
    if (message.length > this.limits.maxMessageChars)
      throw badUserInput(`text is at most ${this.limits.maxMessageChars} characters.`, 'text');
    await this.barrier.assertWritable(principal.userId);
    await this.quotas.assertRoom(principal.tenantId, 'checkpointBytes');
    await this.ensureReady();
    const threadId = deriveThreadId(principal.userId, session.id);
    return this.locks.run(threadId, async () => {
      const factStore = this.factStore(principal, 'USER_STATED', `${session.id}`);
      const graph = compileChatGraph({ checkpointer: this.checkpointer, store: factStore });
      const recallLimit = this.limits.recallLimit ?? 0;
      const recall =
        recallLimit > 0
          ? (text: string, exclude: { messageIds: string[]; renderedFacts: Set<string> }) =>
              this.recall.search({
                userId: principal.userId,
                sessionId: session.id,
                scope: this.limits.recallScope ?? 'thread',
                text,
                excludeMessageIds: exclude.messageIds,
                renderedFacts: exclude.renderedFacts,
                limit: recallLimit,
              })
          : undefined;
      const summarizer =
        this.options.summarizer ??
        ((previous: string, trimmed: readonly ChatTurnMessage[]) => this.summarizeWithProvider(previous, trimmed));
      // The summary this turn wrote, if it summarized: it replaces the thread's retrievable summary.
      let summarized: string | null = null;
      const state = (await graph.invoke(
        { messages: [new HumanMessage({ content: message, additional_kwargs: { sentAt: new Date().toISOString() } })] },
        {
          configurable: {
            thread_id: threadId,
            chat: {
              provider: this.provider,
              settings: this.limits,
              userId: principal.userId,
              sourceTurn: session.id,
              onToken,
              factStore,
              recall,
              summarize: async (previous: string, trimmed: readonly ChatTurnMessage[]) => {
                summarized = await summarizer(previous, trimmed);
                return summarized;
              },
            },
          },
        },
      )) as ChatState;
      const context = state.turn!;
      // The turn's two messages become retrievable passages, and the summary when it changed.
      const newest = state.messages.slice(-2);
      await this.recall.record({
        tenantId: principal.tenantId,
        userId: principal.userId,
        sessionId: session.id,
        turns: newest.flatMap((item) => {
          const type = item.getType();
          if (type !== 'human' && type !== 'ai') return [];
          return [
            { role: type === 'human' ? ('user' as const) : ('assistant' as const), content: messageText(item), messageId: item.id ?? null },
          ];
        }),
        summary: summarized,
      });
      this.options.metrics?.chatPromptTokens.inc({ provider: context.provider, model: context.model }, context.promptTokens);
      return { reply: state.reply, proposedFacts: state.proposedFacts, context };
    });
  }

  /** The thread of one of the caller's sessions: its last messages, summary and checkpoint count. */
  async thread(principal: Principal, sessionId: string, last: number): Promise<ThreadView> {
    const session = await this.sessions.getOwned(principal, sessionId);
    await this.ensureReady();
    const threadId = deriveThreadId(principal.userId, session.id);
    const tuple = await this.checkpointer.getTuple({ configurable: { thread_id: threadId } });
    const values = (tuple?.checkpoint.channel_values ?? {}) as Partial<ChatState>;
    const messages = (values.messages ?? []).slice(-last).flatMap((item) => {
      const type = item.getType();
      if (type !== 'human' && type !== 'ai') return [];
      const sentAt = item.additional_kwargs?.sentAt;
      return [
        {
          role: type === 'human' ? ('user' as const) : ('assistant' as const),
          content: messageText(item),
          createdAt: typeof sentAt === 'string' ? new Date(sentAt) : null,
        },
      ];
    });
    const { rows } = await this.checkpointPool.query<{ count: string }>(
      `SELECT count(*) FROM "${CHECKPOINT_SCHEMA}".checkpoints WHERE thread_id = $1`,
      [threadId],
    );
    return { sessionId: session.id, threadId, messages, summary: values.summary ?? '', checkpointCount: Number(rows[0]?.count ?? 0) };
  }

  private checkCategory(category: string): void {
    if (!categoryPattern.test(category)) throw badUserInput('category must be 1-32 lowercase letters, digits, _ or -.', 'category');
  }

  private checkKey(key: string): void {
    if (!factKeyPattern.test(key)) throw badUserInput('key must be 1-64 letters, digits, _ . - and start with a letter.', 'key');
  }

  /**
   * The caller's facts, optionally of one category. Without clocks, the current version of each
   * key. With `asOf` and/or `knownAt`: per key, the newest version Suanni believed at `knownAt`
   * (default now) whose validity contains `asOf` (default `knownAt`); a validity closed by a later
   * statement counts as closed only from when that statement was learned.
   */
  async facts(principal: Principal, category?: string | null, clocks: FactClocks = {}): Promise<FactView[]> {
    if (category) this.checkCategory(category);
    if (clocks.asOf || clocks.knownAt) {
      const knownAt = clocks.knownAt ?? new Date();
      const asOf = clocks.asOf ?? knownAt;
      const rows = await this.db.$queryRaw<FactRow[]>`
        SELECT DISTINCT ON (f."category", f."key") f."category", f."key", f."value", f."version", f."source"::text AS "source",
          f."sourceTurn", f."createdAt", f."confirmedAt", f."supersededAt", f."validFrom", f."validTo", f."statedValidTo", f."retiredAt"
        FROM "Fact" f
        WHERE f."userId" = ${principal.userId}::uuid AND (${category ?? null}::text IS NULL OR f."category" = ${category ?? null}::text)
          AND f."createdAt" <= ${knownAt} AND (f."retiredAt" IS NULL OR f."retiredAt" > ${knownAt})
          AND f."validFrom" <= ${asOf}
          AND coalesce(CASE WHEN f."supersededAt" <= ${knownAt} THEN f."validTo" ELSE f."statedValidTo" END, 'infinity') > ${asOf}
        ORDER BY f."category", f."key", f."version" DESC
        LIMIT ${this.limits.maxFactsPerUser}::int`;
      return rows.map((row) => toFactView(asKnownAt(row, knownAt)));
    }
    const rows = await this.db.fact.findMany({
      where: { userId: principal.userId, supersededAt: null, ...(category ? { category } : {}) },
      orderBy: [{ category: 'asc' }, { key: 'asc' }],
      take: this.limits.maxFactsPerUser,
    });
    return rows.map(toFactView);
  }

  /**
   * Every version of one of the caller's facts, newest first, on both clocks. With `knownAt`, the
   * history as Suanni knew it then: versions learned by that instant, and supersessions, closed
   * validities and retirements only if they had happened by then.
   */
  async factHistory(principal: Principal, category: string, key: string, knownAt?: Date | null): Promise<FactView[]> {
    this.checkCategory(category);
    this.checkKey(key);
    const rows = await this.db.fact.findMany({
      where: { userId: principal.userId, category, key, ...(knownAt ? { createdAt: { lte: knownAt } } : {}) },
      orderBy: { version: 'desc' },
    });
    return rows.map((row) => toFactView(knownAt ? asKnownAt(row, knownAt) : row));
  }

  /** Writes a fact the caller confirmed; a changed value supersedes the previous version. */
  async confirmFact(
    principal: Principal,
    input: {
      category: string;
      key: string;
      value?: unknown;
      source?: FactSourceName | null;
      validFrom?: Date | null;
      validTo?: Date | null;
    },
  ): Promise<FactView> {
    this.checkCategory(input.category);
    this.checkKey(input.key);
    const validFrom = input.validFrom ?? null;
    const validTo = input.validTo ?? null;
    if (validTo && validTo.getTime() <= (validFrom ?? new Date()).getTime())
      throw badUserInput(validFrom ? 'validTo must be after validFrom.' : 'validTo must be in the future without validFrom.', 'validTo');
    if (input.value === null || input.value === undefined)
      throw badUserInput('value must not be null; use forgetFact to remove a fact.', 'value');
    if (JSON.stringify(input.value).length > 4_000) throw badUserInput('value is at most 4000 characters of JSON.', 'value');
    // A new key counts against the limits; a changed value of an existing one does not.
    const exists = await this.db.fact.count({
      where: { userId: principal.userId, category: input.category, key: input.key, supersededAt: null },
    });
    if (!exists) {
      const current = await this.db.fact.count({ where: { userId: principal.userId, supersededAt: null } });
      if (current >= this.limits.maxFactsPerUser) {
        throw new AppError('QUOTA_EXCEEDED', `At most ${this.limits.maxFactsPerUser} facts per user.`, { limit: 'factsPerUser' });
      }
      await this.quotas.assertRoom(principal.tenantId, 'facts');
    }
    await this.factStore(principal, input.source ?? 'CONFIRMED').putFact(
      [principal.userId, input.category],
      input.key,
      { value: input.value },
      {
        validFrom,
        validTo,
      },
    );
    // The version just written: the current one, or (a past period before it) the newest.
    const row = await this.db.fact.findFirstOrThrow({
      where: { userId: principal.userId, category: input.category, key: input.key },
      orderBy: { version: 'desc' },
    });
    return toFactView(row);
  }

  /** Removes one of the caller's facts from memory; its history stays readable to them. */
  async forgetFact(principal: Principal, category: string, key: string): Promise<boolean> {
    this.checkCategory(category);
    this.checkKey(key);
    const exists = await this.db.fact.count({ where: { userId: principal.userId, category, key, supersededAt: null } });
    if (!exists) return false;
    await this.factStore(principal).delete([principal.userId, category], key);
    return true;
  }

  /** Fact counts per category in the caller's tenant; ADMIN only, never values. */
  async tenantFactCounts(principal: Principal): Promise<{ category: string; count: number }[]> {
    const count = async () => {
      if (!hasRole(principal, 'ADMIN')) throw forbidden('Only an ADMIN may see fact counts of the tenant.');
      const groups = await this.db.fact.groupBy({
        by: ['category'],
        where: { tenantId: principal.tenantId, supersededAt: null },
        _count: { _all: true },
        orderBy: { category: 'asc' },
      });
      return groups.map((group) => ({ category: group.category, count: group._count._all }));
    };
    return this.options.audit.record(principal, 'TENANT_FACT_COUNTS_READ', count, { targetIds: [principal.tenantId] });
  }
}

/** A version as it was known at `knownAt`: what happened to it later is not shown. */
function asKnownAt(row: FactRow, knownAt: Date): FactRow {
  const later = (instant: Date | null) => instant !== null && instant.getTime() > knownAt.getTime();
  if (!later(row.supersededAt) && !later(row.retiredAt)) return row;
  return {
    ...row,
    supersededAt: later(row.supersededAt) ? null : row.supersededAt,
    validTo: later(row.supersededAt) ? row.statedValidTo : row.validTo,
    retiredAt: later(row.retiredAt) ? null : row.retiredAt,
  };
}

/** A stored fact row as the API shows it (the row has the view's shape; `value` is unwrapped). */
function toFactView(row: FactView): FactView {
  const value = row.value as { value?: unknown } | null;
  return {
    category: row.category,
    key: row.key,
    value: value && typeof value === 'object' && 'value' in value ? value.value : value,
    version: row.version,
    source: row.source,
    sourceTurn: row.sourceTurn,
    createdAt: row.createdAt,
    confirmedAt: row.confirmedAt,
    supersededAt: row.supersededAt,
    validFrom: row.validFrom,
    validTo: row.validTo,
    retiredAt: row.retiredAt,
  };
}

/** One event of a streamed turn: a piece of the reply, or (last) the whole turn with its context and proposed facts. */
export type TurnEvent = { delta: string; turn?: undefined } | { delta?: undefined; turn: ChatTurnResult };

/**
 * Streams one turn: the reply piece by piece as the model produces it, then the finished turn
 * (its context budget and proposed facts, as `sendMessage` answers them). Authorization and input
 * checks run before the first piece, so a refused turn ends the stream with its error.
 */
export async function* streamTurnEvents(
  chat: ChatService,
  principal: Principal,
  sessionId: string,
  text: string,
): AsyncGenerator<TurnEvent> {
  const pieces: string[] = [];
  let finished: ChatTurnResult | undefined;
  let done = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const signal = () => {
    wake?.();
    wake = undefined;
  };
  void chat
    .sendMessage(principal, sessionId, text, (piece) => {
      pieces.push(piece);
      signal();
    })
    .then(
      (turn) => {
        finished = turn;
        done = true;
        signal();
      },
      (error: unknown) => {
        failure = error;
        done = true;
        signal();
      },
    );
  for (;;) {
    if (pieces.length > 0) {
      yield { delta: pieces.shift()! };
      continue;
    }
    if (done) {
      if (failure) throw failure;
      if (finished) yield { turn: finished };
      return;
    }
    await new Promise<void>((resolve) => (wake = resolve));
  }
}

/** The reply of one turn piece by piece ({@link streamTurnEvents} without the finished turn). */
export async function* streamTurn(chat: ChatService, principal: Principal, sessionId: string, text: string): AsyncGenerator<string> {
  for await (const event of streamTurnEvents(chat, principal, sessionId, text)) if (event.delta !== undefined) yield event.delta;
}
