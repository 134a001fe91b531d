import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Database } from '../db/prisma.js';
import { createLogger } from '../logger.js';

const log = createLogger('processes');

/** A live process as the registry lists it. */
export interface LiveProcess {
  id: string;
  role: string;
  host: string;
  pid: number;
  startedAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  runningJobs: number;
}

/** Heartbeats missed before a process counts as dead. */
const MISSED_HEARTBEATS = 3;
/** Rows of dead processes are deleted after this long (they are already left out of every listing). */
const FORGET_DEAD_AFTER = '1 hour';

/**
 * The registry of live gateway and worker processes, in PostgreSQL (the source of truth for
 * durable things; DESIGN section 11): each process upserts its row at start and every
 * `intervalSeconds`, with the jobs it runs, and deletes it when it stops. A process that stops
 * writing (SIGKILL, a lost host) drops out of {@link live} once `expiresAt` (three intervals) passes.
 */
export class ProcessRegistry {
  readonly id = randomUUID();
  private readonly startedAt = new Date();
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> = Promise.resolve();
  /** The live processes as of this process's last heartbeat (for the /metrics gauges). */
  snapshot: LiveProcess[] = [];

  constructor(
    private readonly db: Database,
    private readonly options: { role: string; intervalSeconds: number; runningJobs: () => number },
  ) {}

  /** Registers this process and keeps its heartbeat going. */
  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => {
      this.beating = this.beat().catch((error: unknown) => log.warn({ err: error }, 'heartbeat not written'));
    }, this.options.intervalSeconds * 1000).unref();
  }

  /** Stops the heartbeat and removes this process from the registry. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    await this.db.$executeRaw`DELETE FROM "ProcessHeartbeat" WHERE id = ${this.id}::uuid`;
  }

  private async beat(): Promise<void> {
    const ttl = `${this.options.intervalSeconds * MISSED_HEARTBEATS} seconds`;
    await this.db.$executeRaw`
      INSERT INTO "ProcessHeartbeat" (id, role, host, pid, "startedAt", "lastSeenAt", "expiresAt", "runningJobs")
      VALUES (${this.id}::uuid, ${this.options.role}, ${os.hostname()}, ${process.pid}, ${this.startedAt}, now(), now() + ${ttl}::interval, ${this.options.runningJobs()})
      ON CONFLICT (id) DO UPDATE SET "lastSeenAt" = now(), "expiresAt" = EXCLUDED."expiresAt", "runningJobs" = EXCLUDED."runningJobs"`;
    await this.db.$executeRaw`DELETE FROM "ProcessHeartbeat" WHERE "expiresAt" < now() - ${FORGET_DEAD_AFTER}::interval`;
    this.snapshot = await this.live();
  }

  /** Processes whose heartbeat has not expired, oldest first. */
  async live(): Promise<LiveProcess[]> {
    return this.db.$queryRaw<LiveProcess[]>`
      SELECT id::text, role, host, pid, "startedAt", "lastSeenAt", "expiresAt", "runningJobs"
      FROM "ProcessHeartbeat" WHERE "expiresAt" > now() ORDER BY "startedAt", id`;
  }
}
