import type { HrTime } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Redis } from 'ioredis';
import type { RedisHealth } from '../redis.js';
import { createLogger } from '../logger.js';
import {
  isLocalRoot,
  keep,
  matchesFilter,
  stringAttribute,
  traceOf,
  type KeptSpan,
  type TraceFilter,
  type TraceRecord,
  type TraceStore,
} from './trace-buffer.js';
import { ATTR } from './tracing.js';

const log = createLogger('trace-store');

export interface SharedTraceStoreOptions {
  /** Prefix of every key (one deployment, or one test run, per prefix). */
  prefix: string;
  /** Traces kept in all (the oldest go first). */
  maxTraces: number;
  maxSpansPerTrace?: number;
  /** A trace's keys expire this long after its last span. */
  ttlSeconds: number;
  /** Spans waiting to be written are sent at least this often. */
  flushMs?: number;
  /** While Redis is unavailable spans wait (up to 50,000) and go once it is back; a failed write is logged once per outage. */
  health?: Pick<RedisHealth, 'available' | 'failed' | 'onChange'>;
}

/** How long an erased user stays marked, so that late spans naming them are not kept. */
const FORGOTTEN_TTL_SECONDS = 30 * 86_400;
/** Spans waiting for Redis past this many are dropped (Redis away): the store is best effort, the OTLP export is not. */
const MAX_PENDING = 50_000;
const FLUSH_AT = 500;

/** A local root as written to Redis: its start (for the start order across processes), tenant, and whether it ended. */
interface RootRecord {
  s: HrTime;
  tn?: string;
  e?: 1;
  /** Order of first write (set by Redis): breaks ties of start times, which the SDK keeps to the millisecond. */
  q?: number;
}

/** One write: a local root started (`s`) or a span ended (`e`, with its root record when it is one). */
interface Operation {
  k: 's' | 'e';
  t: string;
  i: string;
  r?: string;
  u?: string;
  d?: string;
}

// Atomic per flush: an erasure (FORGET) runs either wholly before a flush (its spans are then
// refused) or wholly after (they are then deleted), never in between.
const WRITE = `
local p = ARGV[1]
local ttl = tonumber(ARGV[2])
local maxTraces = tonumber(ARGV[3])
local maxSpans = tonumber(ARGV[4])
local index = KEYS[1]
local ops = cjson.decode(ARGV[5])
-- A root keeps the place it got when first written: the tie-break between roots that started in the same millisecond.
local function ordered(key, id, record)
  local existing = redis.call('HGET', key, id)
  local root = cjson.decode(record)
  if existing then root.q = cjson.decode(existing).q else root.q = redis.call('INCR', index .. ':seq') end
  return cjson.encode(root)
end
for _, op in ipairs(ops) do
  local base = p .. 'trace:' .. op.t
  if not redis.call('ZSCORE', index, op.t) then redis.call('ZADD', index, redis.call('INCR', index .. ':seq'), op.t) end
  if op.k == 's' then
    if redis.call('HEXISTS', base .. ':roots', op.i) == 0 then redis.call('HSET', base .. ':roots', op.i, ordered(base .. ':roots', op.i, op.r)) end
  else
    if op.r then redis.call('HSET', base .. ':roots', op.i, ordered(base .. ':roots', op.i, op.r)) end
    if not (op.u and redis.call('EXISTS', p .. 'trace-forgotten:' .. op.u) == 1) then
      if redis.call('LLEN', base .. ':spans') >= maxSpans then
        redis.call('HINCRBY', base .. ':meta', 'dropped', 1)
      else
        redis.call('RPUSH', base .. ':spans', op.d)
      end
      if op.u then
        redis.call('SADD', p .. 'trace-users:' .. op.u, op.t)
        redis.call('EXPIRE', p .. 'trace-users:' .. op.u, ttl)
      end
    end
  end
  redis.call('EXPIRE', base .. ':roots', ttl)
  redis.call('EXPIRE', base .. ':spans', ttl)
  redis.call('EXPIRE', base .. ':meta', ttl)
end
local function drop(id)
  local base = p .. 'trace:' .. id
  redis.call('DEL', base .. ':roots', base .. ':spans', base .. ':meta')
  redis.call('ZREM', index, id)
end
local excess = redis.call('ZCARD', index) - maxTraces
if excess > 0 then
  for _, id in ipairs(redis.call('ZRANGE', index, 0, excess - 1)) do drop(id) end
end
redis.call('EXPIRE', index .. ':seq', ttl)
return 1
`;

const FORGET = `
local p = ARGV[1]
local user = ARGV[2]
local index = KEYS[1]
redis.call('SET', p .. 'trace-forgotten:' .. user, '1', 'EX', tonumber(ARGV[3]))
local key = p .. 'trace-users:' .. user
local dropped = 0
for _, id in ipairs(redis.call('SMEMBERS', key)) do
  local base = p .. 'trace:' .. id
  dropped = dropped + redis.call('DEL', base .. ':spans')
  redis.call('DEL', base .. ':roots', base .. ':meta')
  redis.call('ZREM', index, id)
end
redis.call('DEL', key)
return dropped
`;

const COUNT = `
local p = ARGV[1]
local count = 0
for _, id in ipairs(redis.call('SMEMBERS', p .. 'trace-users:' .. ARGV[2])) do
  count = count + redis.call('EXISTS', p .. 'trace:' .. id .. ':spans')
end
return count
`;

type ScriptedRedis = Redis & {
  suanniTraceWrite(index: string, ...args: (string | number)[]): Promise<number>;
  suanniTraceForget(index: string, ...args: (string | number)[]): Promise<number>;
  suanniTraceCount(index: string, ...args: (string | number)[]): Promise<number>;
};

const compareHr = (a: HrTime, b: HrTime) => a[0] - b[0] || a[1] - b[1];

function serialise(span: KeptSpan): string {
  return JSON.stringify({
    ...span,
    links: span.links.map((link) => ({ context: { traceId: link.context.traceId, spanId: link.context.spanId } })),
  });
}

/**
 * The recent-span store shared by every process (DESIGN section 11: Redis, bounded, with a TTL):
 * each process writes its ended spans, and the local roots it starts and ends, in batches, and any
 * gateway answers `trace(id)` and `traces` with the spans of all of them.
 *
 * Layout under the prefix: `traces` (sorted set of trace ids in order of first write, capped at
 * `maxTraces`), per trace `trace:<id>:spans` (list, at most `maxSpansPerTrace`), `:roots` (hash of
 * local roots: start, tenant, ended) and `:meta` (dropped count), all expiring `ttlSeconds` after
 * the last write; `trace-users:<user>` (the user's trace ids) and `trace-forgotten:<user>`.
 *
 * Tenancy is {@link TraceBuffer}'s, decided when read: the owner is the tenant of the first local
 * root of any process, by start time (hosts' clocks must agree to within the gap between a
 * request and the work it queues, which NTP gives); while an earlier root is known to run without a
 * tenant the trace has no owner; a root counts once a flush has carried its start (within
 * `flushMs`). Spans are attributed within their own process's part only (never across a remote
 * parent), and only the owner's spans are served. Erasure marks the user and deletes every trace
 * naming them in one atomic step; later spans naming the user are refused by the same script that
 * writes them.
 */
export class SharedTraceStore implements SpanProcessor, TraceStore {
  private pending: Operation[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly redis: ScriptedRedis;
  private readonly maxSpansPerTrace: number;
  private readonly index: string;
  /** A failed write was logged since Redis last became available. */
  private failureLogged = false;

  constructor(
    redis: Redis,
    private readonly options: SharedTraceStoreOptions,
  ) {
    if (!('suanniTraceWrite' in redis)) {
      redis.defineCommand('suanniTraceWrite', { numberOfKeys: 1, lua: WRITE });
      redis.defineCommand('suanniTraceForget', { numberOfKeys: 1, lua: FORGET });
      redis.defineCommand('suanniTraceCount', { numberOfKeys: 1, lua: COUNT });
    }
    this.redis = redis as ScriptedRedis;
    this.maxSpansPerTrace = options.maxSpansPerTrace ?? 2_000;
    this.index = `${options.prefix}traces`;
    options.health?.onChange((available) => {
      if (!available) return;
      this.failureLogged = false;
      void this.flush();
    });
  }

  onStart(span: Span): void {
    if (!isLocalRoot(span)) return;
    const { traceId, spanId } = span.spanContext();
    const tenant = stringAttribute(span.attributes, ATTR.tenantId);
    const root: RootRecord = { s: span.startTime, ...(tenant ? { tn: tenant } : {}) };
    this.enqueue({ k: 's', t: traceId, i: spanId, r: JSON.stringify(root) });
  }

  onEnd(span: ReadableSpan): void {
    const { traceId, spanId } = span.spanContext();
    const kept = keep(span);
    const user = stringAttribute(span.attributes, ATTR.userId);
    let root: string | undefined;
    if (isLocalRoot(span)) {
      const tenant = stringAttribute(span.attributes, ATTR.tenantId);
      root = JSON.stringify({ s: span.startTime, ...(tenant ? { tn: tenant } : {}), e: 1 } satisfies RootRecord);
    }
    this.enqueue({ k: 'e', t: traceId, i: spanId, d: serialise(kept), ...(root ? { r: root } : {}), ...(user ? { u: user } : {}) });
  }

  private enqueue(operation: Operation): void {
    if (this.pending.length >= MAX_PENDING) this.pending.shift();
    this.pending.push(operation);
    if (this.pending.length >= FLUSH_AT) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs ?? 50).unref();
  }

  /** Writes what is pending; flushes run one after the other, so a process's writes keep their order. */
  private flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    // Kept (bounded) while Redis is away; written when it is back.
    if (this.options.health && !this.options.health.available) return this.flushing;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return this.flushing;
    this.flushing = this.flushing.then(() =>
      this.redis
        .suanniTraceWrite(
          this.index,
          this.options.prefix,
          this.options.ttlSeconds,
          this.options.maxTraces,
          this.maxSpansPerTrace,
          JSON.stringify(batch),
        )
        .then(
          () => undefined,
          (error: unknown) => {
            this.options.health?.failed(error);
            if (this.failureLogged) return;
            this.failureLogged = true;
            log.warn({ err: error, spans: batch.length }, 'spans not written to the shared trace store (logged once until Redis answers)');
          },
        ),
    );
    return this.flushing;
  }

  async forceFlush(): Promise<void> {
    await this.flush();
  }

  async shutdown(): Promise<void> {
    await this.flush();
  }

  async countForUser(userId: string): Promise<number> {
    await this.flush();
    return this.redis.suanniTraceCount(this.index, this.options.prefix, userId);
  }

  /** Drops every trace naming the user, in every process's part, and refuses their spans from now on. */
  async forgetUser(userId: string): Promise<number> {
    await this.flush();
    return this.redis.suanniTraceForget(this.index, this.options.prefix, userId, FORGOTTEN_TTL_SECONDS);
  }

  async get(traceId: string, tenantId: string): Promise<TraceRecord | undefined> {
    await this.flush();
    const [roots] = await this.readRoots([traceId]);
    if (ownerOfRoots(roots!) !== tenantId) return undefined;
    const [record] = await this.readTraces([traceId], tenantId);
    return record && record.spans.length > 0 ? record : undefined;
  }

  async list(filter: TraceFilter): Promise<TraceRecord[]> {
    await this.flush();
    const first = Math.min(Math.max(filter.first ?? 20, 1), 100);
    const ids = await this.redis.zrevrange(this.index, 0, this.options.maxTraces - 1);
    const matches: TraceRecord[] = [];
    for (let offset = 0; offset < ids.length && matches.length < first; offset += 50) {
      const chunk = ids.slice(offset, offset + 50);
      const roots = await this.readRoots(chunk);
      // Expired traces (no roots left) leave the index as they are met.
      const expired = chunk.filter((_, i) => roots[i]!.length === 0);
      if (expired.length) await this.redis.zrem(this.index, ...expired);
      const owned = chunk.filter((_, i) => ownerOfRoots(roots[i]!) === filter.tenantId);
      for (const record of await this.readTraces(owned, filter.tenantId)) {
        if (matches.length >= first) break;
        if (matchesFilter(record, filter)) matches.push(record);
      }
    }
    return matches;
  }

  private async readRoots(traceIds: readonly string[]): Promise<RootRecord[][]> {
    const pipeline = this.redis.pipeline();
    for (const id of traceIds) pipeline.hvals(`${this.options.prefix}trace:${id}:roots`);
    const results = (await pipeline.exec()) ?? [];
    return results.map(([error, values]) => {
      if (error) throw error;
      return (values as string[]).map((value) => JSON.parse(value) as RootRecord);
    });
  }

  private async readTraces(traceIds: readonly string[], owner: string): Promise<TraceRecord[]> {
    if (traceIds.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const id of traceIds) {
      pipeline.lrange(`${this.options.prefix}trace:${id}:spans`, 0, -1);
      pipeline.hget(`${this.options.prefix}trace:${id}:meta`, 'dropped');
    }
    const results = (await pipeline.exec()) ?? [];
    return traceIds.map((id, i) => {
      const [spansError, spans] = results[i * 2]!;
      const [, dropped] = results[i * 2 + 1]!;
      if (spansError) throw spansError;
      const kept = (spans as string[]).map((value) => JSON.parse(value) as KeptSpan);
      return traceOf(id, kept, owner, Number(dropped ?? 0));
    });
  }
}

/** The owner by {@link TraceBuffer}'s rule over the local roots of every process, in start order. */
function ownerOfRoots(roots: readonly RootRecord[]): string | undefined {
  const ordered = [...roots].sort((a, b) => compareHr(a.s, b.s) || (a.q ?? 0) - (b.q ?? 0));
  for (const root of ordered) {
    if (root.tn !== undefined) return root.tn;
    // An earlier root still running may yet name its tenant: no later root may own the trace before it.
    if (!root.e) return undefined;
  }
  return undefined;
}
