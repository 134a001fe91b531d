import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { AuditLog } from '../audit/service.js';
import { poolOf, type Database } from '../platform/db/prisma.js';
import { AppError, assertUuid, badUserInput, forbidden, notFound } from '../platform/errors.js';
import { RESYNC, type EventBus } from '../platform/pubsub.js';
import type { BarrierRowValues, PgWriteBarrier } from '../platform/db/write-barrier.js';
import { WriteCoalescer } from '../platform/write-coalescer.js';
import { tracedQuery } from '../platform/telemetry/db-tracing.js';
import { hasRole, type Principal } from './principal.js';
import type { QuotaService } from './quotas.js';

export const SESSION_TITLE_MAX = 200;

export type SessionRow = Awaited<ReturnType<Database['session']['findUniqueOrThrow']>>;

const SESSION_COLUMNS = 'id, "tenantId", "userId", title, "createdAt", "closedAt"';
/**
 * New sessions of any users in one autocommit statement, from a JSON array; the write barrier's
 * condition gates each row (`barrier` over the row `s`), so the rows of erased users are left out.
 */
const INSERT_SESSIONS = (barrier: string) =>
  `INSERT INTO "Session" (id, "tenantId", "userId", title)
   SELECT s.id, s."tenantId", s."userId", s.title
     FROM jsonb_to_recordset($1::jsonb) AS s(id uuid, "tenantId" uuid, "userId" uuid, title text, barrier_space int, barrier_key int, barrier_hash text)
    WHERE ${barrier}
   RETURNING ${SESSION_COLUMNS}`;

/** Concurrent createSession writes share a statement (see WriteCoalescer): up to this many rows each, this many statements at once. */
export const SESSION_INSERTS = { maxBatch: 64, maxInFlight: 2 } as const;

interface NewSession extends BarrierRowValues {
  id: string;
  tenantId: string;
  userId: string;
  title: string;
}

/** Topic on which changes of one session are published. */
export const sessionTopic = (sessionId: string) => `session:${sessionId}` as const;

/** A change of one session, published on its topic. */
export interface SessionChange {
  kind: 'CLOSED' | 'UPDATED';
  sessionId: string;
}

declare module '../platform/pubsub.js' {
  interface EventTopics {
    [topic: `session:${string}`]: [SessionChange];
  }
}

function normaliseTitle(title: string): string {
  const trimmed = title.trim();
  if (!trimmed) throw badUserInput('title must not be empty.', 'title');
  if (trimmed.length > SESSION_TITLE_MAX) throw badUserInput(`title must be at most ${SESSION_TITLE_MAX} characters.`, 'title');
  return trimmed;
}

/**
 * Conversations of a user. Every method starts with the authorization check, so resolvers,
 * subscriptions and agent nodes share the same rules.
 */
export class SessionService {
  private readonly pool: pg.Pool;
  private readonly inserts: WriteCoalescer<NewSession, SessionRow>;

  constructor(
    private readonly db: Database,
    private readonly events: EventBus,
    private readonly quotas: QuotaService,
    /** Orders session writes against an erasure of their user. */
    private readonly barrier: PgWriteBarrier,
    private readonly audit: AuditLog,
    insertBatching: { maxBatch: number; maxInFlight: number } = SESSION_INSERTS,
  ) {
    const pool = poolOf(db);
    if (!pool) throw new Error('SessionService needs a database made by createDatabase (its pg pool)');
    this.pool = pool;
    this.inserts = new WriteCoalescer((rows) => this.insertSessions(rows), insertBatching);
  }

  /**
   * A new session of the caller. The hot write: the quota check usually answers from memory (see
   * QUOTA_REUSE), and the insert is one autocommit `INSERT … SELECT` on the pg pool gated by the
   * write barrier's condition, shared with the inserts of concurrent requests (SESSION_INSERTS).
   */
  async create(principal: Principal, title: string): Promise<SessionRow> {
    const normalised = normaliseTitle(title);
    await this.quotas.assertRoom(principal.tenantId, 'sessions');
    const row: NewSession = {
      id: randomUUID(),
      tenantId: principal.tenantId,
      userId: principal.userId,
      title: normalised,
      ...this.barrier.rowGuard(principal.userId),
    };
    const created = await this.inserts.write(row);
    if (!created) throw this.barrier.refuse(principal.userId);
    return created;
  }

  /** One statement for the sessions of concurrent creates; a row the barrier left out answers undefined. */
  private async insertSessions(rows: NewSession[]): Promise<(SessionRow | undefined)[]> {
    const { rows: inserted } = await tracedQuery<SessionRow>(
      this.pool,
      { text: INSERT_SESSIONS(this.barrier.rowCondition('s')), values: [JSON.stringify(rows)] },
      { operation: 'INSERT', target: 'Session' },
    );
    const byId = new Map(inserted.map((session) => [session.id, session]));
    return rows.map((row) => byId.get(row.id));
  }

  /**
   * A session the caller owns. Someone else's session in the same tenant is FORBIDDEN;
   * one in another tenant is NOT_FOUND, so its existence does not leak across tenants.
   */
  async getOwned(principal: Principal, sessionId: string): Promise<SessionRow> {
    const session = await this.db.session.findUnique({ where: { id: assertUuid(sessionId, 'id') } });
    if (!session || session.tenantId !== principal.tenantId) throw notFound('Session');
    if (session.userId !== principal.userId) throw forbidden('This session belongs to another user.');
    return session;
  }

  async close(principal: Principal, sessionId: string): Promise<SessionRow> {
    const session = await this.getOwned(principal, sessionId);
    if (session.closedAt) throw new AppError('BAD_USER_INPUT', 'Session is already closed.', { field: 'id' });
    // Conditional update: of two concurrent closes exactly one wins.
    const { count } = await this.db.session.updateMany({ where: { id: session.id, closedAt: null }, data: { closedAt: new Date() } });
    if (count === 0) throw new AppError('BAD_USER_INPUT', 'Session is already closed.', { field: 'id' });
    const closed = await this.db.session.findUniqueOrThrow({ where: { id: session.id } });
    this.events.publish(sessionTopic(closed.id), { kind: 'CLOSED', sessionId: closed.id });
    return closed;
  }

  /** The caller's own sessions, newest first. */
  async listOwn(principal: Principal, options: { first: number; includeClosed: boolean }): Promise<SessionRow[]> {
    return this.db.session.findMany({
      where: { userId: principal.userId, ...(options.includeClosed ? {} : { closedAt: null }) },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: options.first,
    });
  }

  /** Sessions of one user for that user or an ADMIN of their tenant (metadata only). */
  async listForUser(principal: Principal, user: { id: string; tenantId: string }, first: number): Promise<SessionRow[]> {
    const list = () => {
      if (user.tenantId !== principal.tenantId) throw notFound('User');
      if (user.id !== principal.userId && !hasRole(principal, 'ADMIN')) throw forbidden();
      return this.db.session.findMany({
        where: { userId: user.id },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: first,
      });
    };
    // Listing one's own sessions is no privileged action; another user's is.
    if (user.id === principal.userId) return list();
    return this.audit.record(principal, 'USER_SESSIONS_LIST', list, { targetIds: [user.id] });
  }

  /** Sessions of the caller's tenant; ADMIN only (metadata only). */
  async listForTenant(principal: Principal, first: number): Promise<SessionRow[]> {
    return this.audit.record(principal, 'TENANT_SESSIONS_LIST', () => {
      if (!hasRole(principal, 'ADMIN')) throw forbidden('Only an ADMIN may list the sessions of a tenant.');
      return this.db.session.findMany({
        where: { tenantId: principal.tenantId },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: first,
      });
    });
  }

  /**
   * One of the caller's sessions: its current state first, then each change as it happens.
   * Authorization runs before anything is sent, so another user's subscription fails empty.
   */
  async *watch(principal: Principal, sessionId: string): AsyncGenerator<SessionRow> {
    const session = await this.getOwned(principal, sessionId);
    // Subscribe before reading the current state so that no change falls in between.
    // Every event (and RESYNC, Redis back after an outage that may have lost one) is re-read from the database.
    const changes = this.events.watch(sessionTopic(session.id));
    try {
      const current = await this.db.session.findUniqueOrThrow({ where: { id: session.id } });
      yield current;
      if (current.closedAt) return;
      for await (const event of changes) {
        const current = await this.db.session.findUnique({ where: { id: event === RESYNC ? session.id : event.sessionId } });
        if (!current) return;
        // Closing is the only change a session has: after an outage, only a close missed is news.
        if (event === RESYNC && !current.closedAt) continue;
        yield current;
        if (current.closedAt) return;
      }
    } finally {
      await changes.return?.(undefined);
    }
  }
}
