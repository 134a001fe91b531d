import type { Redis } from 'ioredis';
import { createLogger } from '../../platform/logger.js';
import { parseEvent, type EventBus } from '../../platform/pubsub.js';

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

const sharedKeys = (reviewId: string) => ({ events: `suanni:progress:${reviewId}`, sequence: `suanni:progress:${reviewId}:seq` });
const ownerKey = (userId: string) => `suanni:progress-owner:${userId}`;
const forgottenKey = (userId: string) => `suanni:progress-forgotten:${userId}`;
const MAX_RETAINED_REVIEWS = 20_000;
const SWEEP_INTERVAL_MS = 60_000;

/**
 * The event with its sequence number and time. Spelled out rather than spread: a spread copy in
 * this megamorphic spot gets a hidden class of its own, about 400 bytes more per retained event
 * (measured with heap snapshots).
 */
function sequenced(event: Omit<ReviewProgressEvent, 'sequence' | 'at'>, sequence: number): ReviewProgressEvent {
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
    at: new Date(),
  };
}

/**
 * Publishes review progress and keeps each review's events in memory while it runs and for a
 * while after, so a subscriber who arrives late still receives every event in order.
 */
export class ReviewProgressLog {
  private lastSweep = 0;
  private readonly logs = new Map<string, { events: ReviewProgressEvent[]; finishedAt: number | null; owner: string | null }>();
  /** Erased owners: a review still running for one of them publishes, but nothing is kept. */
  private readonly forgotten = new Set<string>();

  /** Publishes of the shared log, chained per review so that its events keep their order. */
  private readonly pending = new Map<string, Promise<void>>();

  /**
   * @param shared With Redis, the log is shared by every process (a worker publishes, any gateway
   *   replays) and each review's events expire `ttlSeconds` after its last one.
   */
  constructor(
    private readonly events: EventBus,
    private readonly shared?: Redis,
    private readonly ttlSeconds = RETAIN_FINISHED_MS / 1000,
  ) {}

  publish(event: Omit<ReviewProgressEvent, 'sequence' | 'at'>, owner: string | null = null): void {
    if (this.shared) {
      const id = event.reviewId;
      const next = (this.pending.get(id) ?? Promise.resolve())
        .then(() => this.publishShared(this.shared!, event, owner))
        .catch((error: unknown) => logger.warn({ err: error, reviewId: id }, 'progress event not published'));
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
      log = { events: [], finishedAt: null, owner };
      this.logs.set(event.reviewId, log);
    }
    log.owner ??= owner;
    const full = sequenced(event, log.events.length + 1);
    log.events.push(full);
    // A decision comes after the run: its log is kept as long after it as after a final status.
    if (isFinalReviewEvent(event) || event.kind === 'FINDING_DECIDED') log.finishedAt = Date.now();
    this.events.publish(reviewTopic(event.reviewId), full);
  }

  private async publishShared(redis: Redis, event: Omit<ReviewProgressEvent, 'sequence' | 'at'>, owner: string | null): Promise<void> {
    const keys = sharedKeys(event.reviewId);
    const [[, forgotten] = [], [, sequence] = []] =
      (await redis
        .multi()
        .exists(owner ? forgottenKey(owner) : '-')
        .incr(keys.sequence)
        .expire(keys.sequence, this.ttlSeconds)
        .exec()) ?? [];
    if (forgotten) {
      await redis.del(keys.sequence, keys.events);
      return;
    }
    const full = sequenced(event, Number(sequence));
    const write = redis.multi().rpush(keys.events, JSON.stringify(full)).expire(keys.events, this.ttlSeconds);
    if (owner) write.sadd(ownerKey(owner), event.reviewId).expire(ownerKey(owner), this.ttlSeconds);
    await write.exec();
    this.events.publish(reviewTopic(event.reviewId), full);
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
        await this.shared.del(keys.events, keys.sequence);
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
