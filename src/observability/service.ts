import { storeSizes } from '../platform/db/store-sizes.js';
import type { AuditLog } from '../audit/service.js';
import { hasRole, type Principal } from '../identity/principal.js';
import { poolStats, type Database } from '../platform/db/prisma.js';
import { badUserInput, forbidden, notFound } from '../platform/errors.js';
import { traceStore } from '../platform/telemetry/sdk.js';
import type { TraceFilter, TraceRecord } from '../platform/telemetry/trace-buffer.js';
import type { LiveProcess } from '../platform/jobs/process-registry.js';

const traceIdPattern = /^[0-9a-f]{32}$/;
const windowPattern = /^(\d{1,4})(m|h|d)$/;
const unitMs = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const MAX_WINDOW_MS = 90 * 86_400_000;

/** `15m`, `1h`, `7d`: a window of at most 90 days. */
export function parseWindow(window: string): number {
  const match = windowPattern.exec(window.trim());
  const ms = match ? Number(match[1]) * unitMs[match[2] as keyof typeof unitMs] : NaN;
  if (!(ms > 0) || ms > MAX_WINDOW_MS)
    throw badUserInput('window is a number followed by m, h or d (e.g. 15m, 1h, 7d), at most 90d.', 'window');
  return ms;
}

export interface AdminStats {
  window: string;
  from: Date;
  to: Date;
  reviews: {
    total: number;
    succeeded: number;
    failed: number;
    successRate: number | null;
    latencyMs: { p50: number | null; p90: number | null; p95: number | null; p99: number | null; max: number | null };
  };
  queue: QueueStats;
  /** Live gateway and worker processes of the deployment, with their last heartbeat. */
  processes: LiveProcess[];
  database: {
    connections: { state: string; count: number }[];
    pool: { total: number; idle: number; waiting: number; max: number } | null;
    tables: { name: string; totalBytes: number; rowEstimate: number }[];
  };
}

/**
 * Traces from the in-process buffer and operational statistics, for the SREs and ADMINs of a
 * tenant. Every method starts with the authorization check.
 */
/** The review work queue as the SRE views show it. */
export interface QueueStats {
  depth: number;
  running: number;
  concurrency: number;
  /** Across every worker process, from the job queue in PostgreSQL. */
  cluster: { queued: number; running: number; retried: number; failed: number; oldestWaitingSeconds: number };
}

export class ObservabilityService {
  constructor(
    private readonly db: Database,
    /** The review queue now (handed in, so that this SRE API depends on no domain). */
    private readonly queueStats: () => QueueStats,
    /** Records trace reads (traces show who did what). */
    private readonly audit: Pick<AuditLog, 'record'>,
    /** Gateways and workers whose heartbeat has not expired. */
    private readonly liveProcesses: () => Promise<LiveProcess[]>,
  ) {}

  private assertOperator(principal: Principal): void {
    if (!hasRole(principal, 'SRE') && !hasRole(principal, 'ADMIN')) throw forbidden('Only an SRE or ADMIN of the tenant may read this.');
  }

  /** One trace of the caller's tenant from the trace store (this process's buffer, or shared through Redis); NOT_FOUND when unknown, evicted or another tenant's. */
  trace(principal: Principal, traceId: string): Promise<TraceRecord> {
    return this.audit.record(principal, 'TRACE_READ', async (targets) => {
      this.assertOperator(principal);
      const id = traceId.trim().toLowerCase();
      if (!traceIdPattern.test(id)) throw badUserInput('id is a W3C trace id: 32 lowercase hex digits.', 'id');
      targets.add(id);
      const trace = await traceStore().get(id, principal.tenantId);
      if (!trace) throw notFound('Trace');
      return trace;
    });
  }

  /** Recent traces of the caller's tenant, newest first. */
  traces(principal: Principal, filter: Omit<TraceFilter, 'tenantId'>): Promise<TraceRecord[]> {
    return this.audit.record(principal, 'TRACES_READ', () => {
      this.assertOperator(principal);
      return traceStore().list({ ...filter, tenantId: principal.tenantId });
    });
  }

  /**
   * Review success rate and latency percentiles of the tenant over the window (reviews submitted
   * in it that have finished), the review queue of this process, and the database: connections
   * by state (`pg_stat_activity`), the gateway's pool, and table sizes. Audited (ADMIN_STATS_READ).
   */
  adminStats(principal: Principal, window: string): Promise<AdminStats> {
    return this.audit.record(principal, 'ADMIN_STATS_READ', () => this.collectAdminStats(principal, window), {
      targetIds: [principal.tenantId],
    });
  }

  private async collectAdminStats(principal: Principal, window: string): Promise<AdminStats> {
    this.assertOperator(principal);
    const ms = parseWindow(window);
    const to = new Date();
    const from = new Date(to.getTime() - ms);
    const [reviewRows, connectionRows, tableRows, processes] = await Promise.all([
      this.db.$queryRaw<
        {
          succeeded: bigint;
          failed: bigint;
          p50: number | null;
          p90: number | null;
          p95: number | null;
          p99: number | null;
          max: number | null;
        }[]
      >`
        SELECT count(*) FILTER (WHERE status = 'SUCCEEDED') AS succeeded,
               count(*) FILTER (WHERE status = 'FAILED') AS failed,
               percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50,
               percentile_cont(0.9) WITHIN GROUP (ORDER BY ms) AS p90,
               percentile_cont(0.95) WITHIN GROUP (ORDER BY ms) AS p95,
               percentile_cont(0.99) WITHIN GROUP (ORDER BY ms) AS p99,
               max(ms) AS max
        FROM (
          SELECT status, CASE WHEN "startedAt" IS NULL THEN NULL ELSE extract(epoch FROM ("finishedAt" - "startedAt")) * 1000 END::float8 AS ms
          FROM "Review"
          WHERE "tenantId" = ${principal.tenantId}::uuid AND "createdAt" >= ${from} AND status IN ('SUCCEEDED', 'FAILED')
        ) finished`,
      this.db.$queryRaw<{ state: string; count: bigint }[]>`
        SELECT coalesce(state, 'unknown') AS state, count(*) AS count
        FROM pg_stat_activity WHERE datname = current_database() GROUP BY 1 ORDER BY 1`,
      storeSizes(this.db),
      this.liveProcesses(),
    ]);
    const row = reviewRows[0];
    const succeeded = Number(row?.succeeded ?? 0);
    const failed = Number(row?.failed ?? 0);
    const round = (value: number | null | undefined) => (value === null || value === undefined ? null : Math.round(value * 100) / 100);
    return {
      window: window.trim(),
      from,
      to,
      reviews: {
        total: succeeded + failed,
        succeeded,
        failed,
        successRate: succeeded + failed > 0 ? succeeded / (succeeded + failed) : null,
        latencyMs: { p50: round(row?.p50), p90: round(row?.p90), p95: round(row?.p95), p99: round(row?.p99), max: round(row?.max) },
      },
      queue: this.queueStats(),
      processes,
      database: {
        connections: connectionRows.map((entry) => ({ state: entry.state, count: Number(entry.count) })),
        pool: poolStats(this.db) ?? null,
        tables: tableRows,
      },
    };
  }
}
