import type { Redis, Result } from 'ioredis';
import { createLogger } from '../../platform/logger.js';
import { parseEvent, type EventBus } from '../../platform/pubsub.js';
import type { RedisHealth } from '../../platform/redis.js';

const logger = createLogger('review-progress');

export type ReviewProgressKind = 'QUEUED' | 'NODE_STARTED' | 'NODE_FINISHED' | 'STATUS' | 'FINDING_DECIDED';

/** One progress event of a review; numbers and names only, never contract text. */
export interface ReviewProgressEvent {
  reviewId: string;
  /** Increases by one per event of the same review, so clients can order and de-duplicate. */
  sequence: number;
  kind: ReviewProgressKind;
  node: string | null;
  durationMs: number | null;
  counts: Record<string, number> | null;
  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  errorCode: string | null;
  /** FINDING_DECIDED: the finding a person confirmed or rejected, and how (never who, nor why). */
  findingId?: string | null;
  verdict?: 'CONFIRMED' | 'REJECTED' | null;
  at: Date;
}

export interface ReviewBatchProgressEvent {
  batchId: string;
  total: number;
  completed: number;
  succeeded: number;
  failed: number;
  /** Reviews the owner cancelled; they count as completed. */
  cancelled: number;
  at: Date;
}

/** Asks whichever process runs a review to stop it at the next node boundary. */
export interface ReviewCancellationEvent {
  reviewIds: string[];
}

export const reviewTopic = (reviewId: string) => `review:${reviewId}` as const;
export const reviewBatchTopic = (batchId: string) => `reviewBatch:${batchId}` as const;
export const REVIEW_CANCELLATIONS = 'reviewCancellations';

declare module '../../platform/pubsub.js' {
  interface EventTopics {
    [topic: `review:${string}`]: [ReviewProgressEvent];
    [topic: `reviewBatch:${string}`]: [ReviewBatchProgressEvent];
    reviewCancellations: [ReviewCancellationEvent];
  }
}

/** The last event of a review: it finished, failed or was cancelled. */
export const isFinalReviewEvent = (event: Pick<ReviewProgressEvent, 'kind' | 'status'>) =>
  event.kind === 'STATUS' && (event.status === 'SUCCEEDED' || event.status === 'FAILED' || event.status === 'CANCELLED');

const RETAIN_FINISHED_MS = 10 * 60_000;

const sharedKeys = (reviewId: string) => ({
  events: `suanni:progress:${reviewId}`,
  sequence: `suanni:progress:${reviewId}:seq`,
  /** The log's guard: the latest run's attempt, whether RUNNING was told, whether a final status was. */
  state: `suanni:progress:${reviewId}:state`,
});
const ownerKey = (userId: string) => `suanni:progress-owner:${userId}`;
const forgottenKey = (userId: string) => `suanni:progress-forgotten:${userId}`;
const MAX_RETAINED_REVIEWS = 20_000;
const SWEEP_INTERVAL_MS = 60_000;

/**
 * The event with its sequence number and time. Spelled out rather than spread: a spread copy in
 * this megamorphic spot gets a hidden class of its own, about 400 bytes more per retained event
 * (measured with heap snapshots).
 */
function sequenced(event: Omit<ReviewProgressEvent, 'sequence' | 'at'>, sequence: number, at = new Date()): ReviewProgressEvent {
  return {
    reviewId: event.reviewId,
    sequence,
    kind: event.kind,
    node: event.node,
    durationMs: event.durationMs,
    counts: event.counts,
    status: event.status,
    errorCode: event.errorCode,
    findingId: event.findingId ?? null,
    verdict: event.verdict ?? null,
    at,
  };
}

/** The run that publishes an event: its attempt (the review's claim count), and what to do when the log refuses it. */
export interface ReviewRun {
  attempt: number;
  /** The run is stale (a later attempt took the review over) or the review already ended: the run should stop. */
  onStale(): void;
}

/** Why the log did not take an event. */
type Refusal = 'stale' | 'dropped' | 'forgotten';

const isNodeEvent = (kind: ReviewProgressKind) => kind === 'NODE_STARTED' || kind === 'NODE_FINISHED';

/**
 * The rules of a review's progress log, the same in memory and in Redis (PUBLISH_SHARED): after a
 * final status nothing but a person's FINDING_DECIDED (a decision comes after the run); events of a run are taken only while it is the latest attempt (a run whose
 * worker lost its lease and came back is stale and told to stop); when a later attempt takes over,
 * the earlier run's node events leave the log, so a replay shows one run; RUNNING is told once (a
 * takeover does not tell it again); QUEUED only before any run.
 */
function guard(
  log: { attempt: number; running: boolean; final: boolean },
  event: Pick<ReviewProgressEvent, 'kind' | 'status'>,
  attempt: number,
): { takeover: boolean; refused?: Refusal } {
  if (log.final) {
    // A person's decision on a finding comes after the run by design; nothing of a run does.
    if (attempt === 0 && event.kind === 'FINDING_DECIDED') return { takeover: false };
    return { takeover: false, refused: attempt > 0 ? 'stale' : 'dropped' };
  }
  if (attempt > 0 && attempt < log.attempt) return { takeover: false, refused: 'stale' };
  const takeover = attempt > log.attempt && log.attempt > 0;
  if (attempt > log.attempt) log.attempt = attempt;
  if (event.kind === 'QUEUED' && log.attempt > 0) return { takeover, refused: 'dropped' };
  if (event.kind === 'STATUS' && event.status === 'RUNNING') {
    if (log.running) return { takeover, refused: 'dropped' };
    log.running = true;
  }
  if (isFinalReviewEvent(event)) log.final = true;
  return { takeover };
}

/**
 * PUBLISH_SHARED in Redis, atomically: the guard above, the sequence, the event, the owner's set.
 * KEYS: events, sequence, state, the owner's erasure marker, the owner's set of reviews.
 * ARGV: the event as JSON without its sequence, attempt (0: not a run), kind, status, TTL, review id, has owner ('1').
 * Returns the event's sequence, or 0 (dropped), -1 (owner erased: the review's log is deleted), -2 (stale run).
 */
const PUBLISH_SHARED = `
if ARGV[7] == '1' and redis.call('EXISTS', KEYS[4]) == 1 then
  redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
  return -1
end
local attempt = tonumber(ARGV[2])
local kind, status, ttl = ARGV[3], ARGV[4], tonumber(ARGV[5])
if redis.call('HEXISTS', KEYS[3], 'final') == 1 then
  if attempt > 0 then return -2 end
  if kind ~= 'FINDING_DECIDED' then return 0 end
end
local current = tonumber(redis.call('HGET', KEYS[3], 'attempt') or '0')
if attempt > 0 and attempt < current then return -2 end
if attempt > current then
  redis.call('HSET', KEYS[3], 'attempt', attempt)
  redis.call('EXPIRE', KEYS[3], ttl)
  if current > 0 then
    local kept = {}
    for _, entry in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
      local stored = cjson.decode(entry)['kind']
      if stored ~= 'NODE_STARTED' and stored ~= 'NODE_FINISHED' then kept[#kept + 1] = entry end
    end
    redis.call('DEL', KEYS[1])
    if #kept > 0 then redis.call('RPUSH', KEYS[1], unpack(kept)) end
  end
  current = attempt
end
if kind == 'QUEUED' and current > 0 then return 0 end
if kind == 'STATUS' and status == 'RUNNING' then
  if redis.call('HSETNX', KEYS[3], 'running', '1') == 0 then return 0 end
end
if kind == 'STATUS' and (status == 'SUCCEEDED' or status == 'FAILED' or status == 'CANCELLED') then
  redis.call('HSET', KEYS[3], 'final', '1')
end
local sequence = redis.call('INCR', KEYS[2])
redis.call('RPUSH', KEYS[1], '{"sequence":' .. sequence .. ',' .. string.sub(ARGV[1], 2))
redis.call('EXPIRE', KEYS[1], ttl)
redis.call('EXPIRE', KEYS[2], ttl)
redis.call('EXPIRE', KEYS[3], ttl)
if ARGV[7] == '1' then
  redis.call('SADD', KEYS[5], ARGV[6])
  redis.call('EXPIRE', KEYS[5], ttl)
end
return sequence
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    /** {@link PUBLISH_SHARED}, defined on the connection by {@link ReviewProgressLog}. */
    suanniPublishProgress(...keysAndArgs: (string | number)[]): Result<number, Context>;
  }
}

/**
 * Publishes review progress and keeps each review's events in memory while it runs and for a
 * while after, so a subscriber who arrives late still receives every event in order.
 */
export class ReviewProgressLog {
  private lastSweep = 0;
  private readonly logs = new Map<
    string,
    {
      events: ReviewProgressEvent[];
      sequence: number;
      finishedAt: number | null;
      owner: string | null;
      attempt: number;
      running: boolean;
      final: boolean;
    }
  >();
  /** Erased owners: a review still running for one of them publishes, but nothing is kept. */
  private readonly forgotten = new Set<string>();

  /** Publishes of the shared log, chained per review so that its events keep their order. */
  private readonly pending = new Map<string, Promise<void>>();

  private readonly shared: Redis | undefined;
  private readonly health: Pick<RedisHealth, 'available' | 'failed' | 'onChange'> | undefined;
  /** Events not published since Redis became unavailable (logged once per outage). */
  private unpublished = 0;

  /**
   * @param shared With Redis, the log is shared by every process (a worker publishes, any gateway
   *   replays) and each review's events expire `ttlSeconds` after its last one. While Redis is
   *   unavailable (`health`), events are not numbered and not published: a watcher takes the final
   *   status from PostgreSQL (see `ReviewService.watch`).
   */
  constructor(
    private readonly events: EventBus,
    shared?: Redis | { redis: Redis; health: Pick<RedisHealth, 'available' | 'failed' | 'onChange'> },
    private readonly ttlSeconds = RETAIN_FINISHED_MS / 1000,
  ) {
    if (shared && 'health' in shared) {
      this.shared = shared.redis;
      this.health = shared.health;
      this.health.onChange((available) => {
        if (!available || this.unpublished === 0) return;
        logger.warn({ events: this.unpublished }, 'review progress events were not published while Redis was unavailable');
        this.unpublished = 0;
      });
    } else this.shared = shared;
    this.shared?.defineCommand('suanniPublishProgress', { numberOfKeys: 5, lua: PUBLISH_SHARED });
  }

  /** Counts an event that could not be published; the first of an outage is logged. */
  private notPublished(error: unknown, reviewId: string): void {
    this.health?.failed(error);
    if (this.unpublished++ === 0) logger.warn({ err: error, reviewId }, 'progress events not published until Redis answers');
  }

  /**
   * Records an event and tells the review's subscribers, under the log's rules (see {@link guard}):
   * `run` names the run that publishes (the runner's events); events without one come from the
   * service (QUEUED, CANCELLED, a failure for good). A stale run's event is dropped and `run.onStale`
   * is called, so the run stops at its next step.
   */
  publish(event: Omit<ReviewProgressEvent, 'sequence' | 'at'>, owner: string | null = null, run?: ReviewRun): void {
    if (this.shared) {
      const id = event.reviewId;
      if (this.health && !this.health.available) {
        this.notPublished(new Error('Redis unavailable'), id);
        return;
      }
      const next = (this.pending.get(id) ?? Promise.resolve())
        .then(() => this.publishShared(this.shared!, event, owner, run))
        .catch((error: unknown) => this.notPublished(error, id));
      this.pending.set(id, next);
      void next.then(() => {
        if (this.pending.get(id) === next) this.pending.delete(id);
      });
      return;
    }
    if (owner !== null && this.forgotten.has(owner)) {
      this.logs.delete(event.reviewId);
      return;
    }
    let log = this.logs.get(event.reviewId);
    if (!log) {
      this.evictIfFull();
      log = { events: [], sequence: 0, finishedAt: null, owner, attempt: 0, running: false, final: false };
      this.logs.set(event.reviewId, log);
    }
    log.owner ??= owner;
    const verdict = guard(log, event, run?.attempt ?? 0);
    if (verdict.takeover) log.events = log.events.filter((past) => !isNodeEvent(past.kind));
    if (verdict.refused) {
      if (verdict.refused === 'stale') run?.onStale();
      return;
    }
    log.sequence += 1;
    const full = sequenced(event, log.sequence);
    log.events.push(full);
    // A decision comes after the run: its log is kept as long after it as after a final status.
    if (isFinalReviewEvent(event) || event.kind === 'FINDING_DECIDED') log.finishedAt = Date.now();
    this.events.publish(reviewTopic(event.reviewId), full);
  }

  private async publishShared(
    redis: Redis,
    event: Omit<ReviewProgressEvent, 'sequence' | 'at'>,
    owner: string | null,
    run: ReviewRun | undefined,
  ): Promise<void> {
    const keys = sharedKeys(event.reviewId);
    const at = new Date();
    // The stored form without its sequence; the script puts the sequence first.
    const stored = JSON.stringify({
      reviewId: event.reviewId,
      kind: event.kind,
      node: event.node,
      durationMs: event.durationMs,
      counts: event.counts,
      status: event.status,
      errorCode: event.errorCode,
      findingId: event.findingId ?? null,
      verdict: event.verdict ?? null,
      at,
    });
    const sequence = await redis.suanniPublishProgress(
      keys.events,
      keys.sequence,
      keys.state,
      owner ? forgottenKey(owner) : keys.state,
      owner ? ownerKey(owner) : keys.state,
      stored,
      run?.attempt ?? 0,
      event.kind,
      event.status,
      this.ttlSeconds,
      event.reviewId,
      owner ? '1' : '0',
    );
    if (sequence === -2) run?.onStale();
    if (sequence <= 0) return;
    this.events.publish(reviewTopic(event.reviewId), sequenced(event, sequence, at));
  }

  /** Resolves once the events published so far for a review reached the shared log. */
  async settled(reviewId: string): Promise<void> {
    await this.pending.get(reviewId);
  }

  /** Events recorded so far for a review, in order (empty when unknown or expired). */
  async history(reviewId: string): Promise<ReviewProgressEvent[]> {
    if (this.shared) {
      await this.pending.get(reviewId);
      const raw = await this.shared.lrange(sharedKeys(reviewId).events, 0, -1);
      return raw.map((text) => parseEvent(text) as ReviewProgressEvent).sort((a, b) => a.sequence - b.sequence);
    }
    return [...(this.logs.get(reviewId)?.events ?? [])];
  }

  private evictIfFull(): void {
    // Sweep expired logs at most once a minute, not on every new review.
    const now = Date.now();
    if (now - this.lastSweep >= SWEEP_INTERVAL_MS) {
      this.lastSweep = now;
      for (const [id, log] of this.logs) {
        if (log.finishedAt !== null && now - log.finishedAt > RETAIN_FINISHED_MS) this.logs.delete(id);
      }
    }
    while (this.logs.size >= MAX_RETAINED_REVIEWS) this.logs.delete(this.logs.keys().next().value!);
  }

  /** Events kept for the reviews of one user. */
  async countForUser(userId: string): Promise<number> {
    if (this.shared) {
      const ids = await this.shared.smembers(ownerKey(userId));
      let total = 0;
      for (const id of ids) total += await this.shared.llen(sharedKeys(id).events);
      return total;
    }
    let count = 0;
    for (const log of this.logs.values()) if (log.owner === userId) count += log.events.length;
    return count;
  }

  /** Forgets the progress of every review of one user (erasure); returns the events dropped. */
  async forgetUser(userId: string): Promise<number> {
    this.forgotten.add(userId);
    if (this.shared) {
      // Marked first, so that a worker still running one of the user's reviews keeps nothing more.
      await this.shared.set(forgottenKey(userId), '1', 'EX', 7 * 24 * 3600);
      const ids = await this.shared.smembers(ownerKey(userId));
      let dropped = 0;
      for (const id of ids) {
        const keys = sharedKeys(id);
        dropped += await this.shared.llen(keys.events);
        await this.shared.del(keys.events, keys.sequence, keys.state);
      }
      await this.shared.del(ownerKey(userId));
      return dropped;
    }
    let dropped = 0;
    for (const [id, log] of this.logs) {
      if (log.owner !== userId) continue;
      dropped += log.events.length;
      this.logs.delete(id);
    }
    return dropped;
  }
}
