import { randomBytes } from 'node:crypto';
import type { ChainableCommander, Redis } from 'ioredis';
import { createLogger } from '../logger.js';
import type { RedisHealth } from '../redis.js';
import { MemoryUserSlotStore, type SlotKind, type UserSlotStore } from './user-slots.js';

const log = createLogger('user-slots');

/*
 * A user's slots of one kind are a sorted set: member `processId:holderId`, score the instant (ms,
 * Redis's clock) its lease ends. Every script first drops expired members, so the entries of a
 * process that died without releasing them stop counting once their lease ends, and sets the key
 * to expire with its last lease, so an abandoned key leaves nothing behind.
 */
const NOW_AND_SWEEP = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
`;
const EXPIRE_WITH_LAST_LEASE = `
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if last[2] then redis.call('PEXPIREAT', KEYS[1], last[2]) end
`;

/**
 * ARGV: lease (ms), limit, member. Returns 1 when the member holds a slot now; when the set is
 * full, its members (the caller checks whether their processes still live).
 */
const ACQUIRE_SCRIPT = `${NOW_AND_SWEEP}
if not redis.call('ZSCORE', KEYS[1], ARGV[3]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return redis.call('ZRANGE', KEYS[1], 0, -1)
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[3])
${EXPIRE_WITH_LAST_LEASE}
return 1
`;

/** ARGV: process ids. Drops every member of those processes (dead ones); returns how many. */
const DROP_PROCESSES_SCRIPT = `
local dropped = 0
for _, member in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local process = string.match(member, '^([^:]*):')
  for i = 1, #ARGV do
    if process == ARGV[i] then
      dropped = dropped + redis.call('ZREM', KEYS[1], member)
      break
    end
  end
end
return dropped
`;

/**
 * ARGV: lease (ms), then members. Renews their leases, adding any that expired meanwhile (they are
 * still open: a stalled process's count comes back rather than stay hidden).
 */
const REFRESH_SCRIPT = `${NOW_AND_SWEEP}
local expiry = now + tonumber(ARGV[1])
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], expiry, ARGV[i]) end
${EXPIRE_WITH_LAST_LEASE}
return #ARGV - 1
`;

/** Releases kept for after an outage; more are left to their leases. */
const MAX_UNRELEASED = 10_000;

type SlotCommands = {
  suanniSlotAcquire(key: string, leaseMs: number, limit: number, member: string): Promise<number | string[]>;
  suanniSlotDropProcesses(key: string, ...processIds: string[]): Promise<number>;
  suanniSlotRefresh(key: string, leaseMs: number, ...members: string[]): Promise<number>;
};
type SlotClient = Redis & SlotCommands;
type SlotPipeline = ChainableCommander & { suanniSlotRefresh(key: string, leaseMs: number, ...members: string[]): ChainableCommander };

export interface RedisUserSlotOptions {
  /**
   * How long a slot counts without being renewed (default 30 s): the longest a crashed process's
   * sockets and subscriptions keep counting against their users.
   */
  leaseMs?: number;
  /** How often this process renews all its leases in one round trip (default a third of the lease). */
  refreshMs?: number;
  /** How long an acquisition waits for Redis before the process counts on its own (default 2 s). */
  timeoutMs?: number;
  /** Names this process's members (default: pid and random). */
  processId?: string;
  /**
   * How long this process's heartbeat key lives without being renewed (default 5 s; renewed every
   * third of it): once it is gone, another gateway that finds the user at the limit drops the
   * process's places. The bound on how long a killed gateway's sockets keep counting.
   */
  processTtlMs?: number;
  /** Skips Redis at once while it is unavailable, and renews everything when it is back. */
  health?: Pick<RedisHealth, 'available' | 'failed' | 'onChange'>;
}

/**
 * Slots shared by every gateway through Redis, with leases so that a crashed process's slots
 * free themselves: one atomic script per acquisition (drop expired, count, add under the limit),
 * one `ZREM` per release, and every `refreshMs` one pipelined round trip renewing every lease this
 * process holds. Keys are `${prefix}live:{userId}:kind` (the user is a Redis Cluster hash tag).
 *
 * Each process also keeps a heartbeat key, `${prefix}live-process:<processId>`, alive for
 * `processTtlMs`. An acquisition that finds the user at the limit checks the heartbeats of the
 * processes holding the places and drops the places of those without one, then tries once more:
 * a gateway killed by SIGKILL frees its users' places within `processTtlMs`, not a whole lease.
 *
 * Every slot is also counted in this process first. While Redis fails, that local count is the
 * limit (per process, as without Redis: never everyone refused, never unbounded), a warning is
 * logged once per outage, and the slots taken meanwhile are written at the next renewal that
 * reaches Redis.
 */
export class RedisUserSlotStore implements UserSlotStore {
  private readonly client: SlotClient;
  private readonly local = new MemoryUserSlotStore();
  /** Members this process holds, by key: what each renewal writes. */
  private readonly held = new Map<string, Set<string>>();
  /** Members whose acquisition is in flight; a release meanwhile removes them (see acquire). */
  private readonly pending = new Set<string>();
  private readonly leaseMs: number;
  private readonly refreshMs: number;
  private readonly timeoutMs: number;
  private readonly processId: string;
  private readonly processTtlMs: number;
  private readonly health: RedisUserSlotOptions['health'];
  private timer: NodeJS.Timeout | undefined;
  private readonly heartbeatTimer: NodeJS.Timeout;
  /** The first heartbeat, awaited by the first acquisition: no place of ours may exist without one. */
  private heartbeat: Promise<void> | undefined;
  /** Releases Redis did not get (an outage), by key. */
  private readonly unreleased = new Map<string, Set<string>>();
  private unreleasedCount = 0;
  private refreshing = false;
  private unavailable = false;
  private closed = false;
  private readonly stopWatchingHealth: () => void;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    options: RedisUserSlotOptions = {},
  ) {
    if (!('suanniSlotAcquire' in redis) || !('suanniSlotDropProcesses' in redis)) {
      redis.defineCommand('suanniSlotAcquire', { numberOfKeys: 1, lua: ACQUIRE_SCRIPT });
      redis.defineCommand('suanniSlotRefresh', { numberOfKeys: 1, lua: REFRESH_SCRIPT });
      redis.defineCommand('suanniSlotDropProcesses', { numberOfKeys: 1, lua: DROP_PROCESSES_SCRIPT });
    }
    this.client = redis as SlotClient;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.refreshMs = options.refreshMs ?? Math.max(1, Math.floor(this.leaseMs / 3));
    this.timeoutMs = options.timeoutMs ?? 2_000;
    this.processId = options.processId ?? `${process.pid}-${randomBytes(4).toString('hex')}`;
    this.processTtlMs = options.processTtlMs ?? 5_000;
    this.health = options.health;
    this.heartbeatTimer = setInterval(() => void this.beat(), Math.max(1, Math.floor(this.processTtlMs / 3)));
    this.heartbeatTimer.unref();
    // Back from an outage: the heartbeat and every place taken meanwhile are written at once.
    this.stopWatchingHealth =
      this.health?.onChange((available) => {
        if (!available) return;
        void this.beat();
        void this.sendReleases();
        void this.refresh();
      }) ?? (() => {});
  }

  async acquire(kind: SlotKind, userId: string, holderId: string, limit: number): Promise<boolean> {
    if (!this.local.acquire(kind, userId, holderId, limit)) return false;
    const key = this.keyOf(kind, userId);
    const member = `${this.processId}:${holderId}`;
    this.pending.add(member);
    let taken: boolean;
    if (this.health && !this.health.available) {
      // Counted here only, without waiting on Redis; the renewal after the outage writes it.
      taken = true;
    } else {
      try {
        this.heartbeat ??= this.beat();
        await this.heartbeat;
        taken = await this.acquireShared(key, limit, member);
        this.available();
      } catch (error) {
        this.failed(error);
        // Counted here only; the next renewal that reaches Redis writes it.
        taken = true;
      }
    }
    // Released while Redis answered: its ZREM went out on the same connection after the script.
    if (!this.pending.delete(member)) return taken;
    if (!taken) {
      this.local.release(kind, userId, holderId);
      return false;
    }
    this.hold(key, member);
    return true;
  }

  release(kind: SlotKind, userId: string, holderId: string): void {
    this.local.release(kind, userId, holderId);
    const key = this.keyOf(kind, userId);
    const member = `${this.processId}:${holderId}`;
    const wasPending = this.pending.delete(member);
    const members = this.held.get(key);
    const wasHeld = members?.delete(member) ?? false;
    if (members?.size === 0) this.held.delete(key);
    if (!wasPending && !wasHeld) return;
    if (this.health && !this.health.available) {
      this.releaseLater(key, member);
      return;
    }
    this.client.zrem(key, member).catch((error: unknown) => {
      this.failed(error);
      this.releaseLater(key, member);
    });
  }

  /** A release Redis did not get: sent when it is back (until then, or if this is full, its lease ends it). */
  private releaseLater(key: string, member: string): void {
    if (this.unreleasedCount >= MAX_UNRELEASED) return;
    const members = this.unreleased.get(key) ?? new Set<string>();
    if (members.has(member)) return;
    members.add(member);
    this.unreleased.set(key, members);
    this.unreleasedCount += 1;
  }

  /** Sends the releases Redis missed during an outage, in one pipeline. */
  private async sendReleases(): Promise<void> {
    if (this.unreleased.size === 0) return;
    const pipeline = this.client.pipeline();
    for (const [key, members] of this.unreleased) pipeline.zrem(key, ...members);
    this.unreleased.clear();
    this.unreleasedCount = 0;
    await this.withTimeout(pipeline.exec()).catch((error: unknown) => this.failed(error));
  }

  /**
   * One acquisition at Redis. At the limit, the places of processes whose heartbeat is gone (killed
   * without releasing them) are dropped and the acquisition is tried once more.
   */
  private async acquireShared(key: string, limit: number, member: string): Promise<boolean> {
    const first = await this.withTimeout(this.client.suanniSlotAcquire(key, this.leaseMs, limit, member));
    if (first === 1) return true;
    const holders = [...new Set((Array.isArray(first) ? first : []).map((held) => held.slice(0, held.indexOf(':'))))].filter(
      (processId) => processId !== this.processId,
    );
    if (holders.length === 0) return false;
    const alive = await Promise.all(holders.map((processId) => this.withTimeout(this.client.exists(this.processKey(processId)))));
    const dead = holders.filter((_, index) => alive[index] === 0);
    if (dead.length === 0) return false;
    const dropped = await this.withTimeout(this.client.suanniSlotDropProcesses(key, ...dead));
    log.info({ processes: dead.length, places: dropped }, 'dropped the connection places of gateways without a heartbeat');
    return (await this.withTimeout(this.client.suanniSlotAcquire(key, this.leaseMs, limit, member))) === 1;
  }

  /** Writes this process's heartbeat key (its places count while it lives). */
  private async beat(): Promise<void> {
    if (this.closed || (this.health && !this.health.available)) return;
    try {
      await this.withTimeout(this.client.set(this.processKey(this.processId), '1', 'PX', this.processTtlMs));
    } catch (error) {
      this.failed(error);
    }
  }

  private processKey(processId: string): string {
    return `${this.prefix}live-process:${processId}`;
  }

  /** Renews every lease this process holds, in one pipelined round trip. */
  async refresh(): Promise<void> {
    if (this.held.size === 0 || this.refreshing || (this.health && !this.health.available)) return;
    this.refreshing = true;
    try {
      const pipeline = this.client.pipeline() as SlotPipeline;
      for (const [key, members] of this.held) pipeline.suanniSlotRefresh(key, this.leaseMs, ...members);
      const results = (await this.withTimeout(pipeline.exec())) ?? [];
      const failure = results.find(([error]) => error)?.[0];
      if (failure) throw failure;
      this.available();
    } catch (error) {
      this.failed(error);
    } finally {
      this.refreshing = false;
    }
  }

  /** Stops renewing and gives back every slot this process still holds (one round trip). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    clearInterval(this.heartbeatTimer);
    this.stopWatchingHealth();
    this.closed = true;
    const pipeline = this.client.pipeline();
    for (const [key, members] of this.held) pipeline.zrem(key, ...members);
    pipeline.del(this.processKey(this.processId));
    this.held.clear();
    await this.withTimeout(pipeline.exec()).catch(() => {});
  }

  private keyOf(kind: SlotKind, userId: string): string {
    return `${this.prefix}live:{${userId}}:${kind}`;
  }

  private hold(key: string, member: string): void {
    const members = this.held.get(key) ?? new Set<string>();
    members.add(member);
    this.held.set(key, members);
    if (!this.timer) {
      this.timer = setInterval(() => void this.refresh(), this.refreshMs);
      this.timer.unref();
    }
  }

  private withTimeout<T>(operation: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis timed out: no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    return Promise.race([operation, timeout]).finally(() => clearTimeout(timer));
  }

  private failed(error: unknown): void {
    this.health?.failed(error);
    if (this.unavailable) return;
    this.unavailable = true;
    log.warn(
      { err: error },
      'connection limits unavailable in Redis: each process counts its own sockets and subscriptions until it answers',
    );
  }

  private available(): void {
    if (!this.unavailable) return;
    this.unavailable = false;
    log.info('connection limits shared through Redis again');
  }
}
