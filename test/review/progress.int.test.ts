import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../../src/platform/pubsub.js';
import { ReviewProgressLog, reviewTopic, type ReviewProgressEvent, type ReviewRun } from '../../src/review/run/progress.js';
import { redisReachable, SYSTEM_REDIS } from '../testkit/processes.js';

const redisUp = await redisReachable();
if (!redisUp) process.stdout.write('SKIP review-progress.int.test.ts (Redis part): no Redis at 127.0.0.1:6379\n');

type Event = Omit<ReviewProgressEvent, 'sequence' | 'at'>;
const event = (reviewId: string, kind: Event['kind'], extra: Partial<Event> = {}): Event => ({
  reviewId,
  kind,
  node: null,
  durationMs: null,
  counts: null,
  status: kind === 'QUEUED' ? 'QUEUED' : 'RUNNING',
  errorCode: null,
  ...extra,
});

/** A run of attempt `attempt` that counts how often the log told it that it is stale. */
function runOf(attempt: number): ReviewRun & { staleCalls: number } {
  const run = {
    attempt,
    staleCalls: 0,
    onStale() {
      run.staleCalls += 1;
    },
  };
  return run;
}

const redis = redisUp ? new Redis(SYSTEM_REDIS, { lazyConnect: true }) : undefined;
afterAll(async () => {
  await redis?.quit();
});

/**
 * The rules that keep one review's progress log to one run (the same in memory, one process, and
 * in Redis, shared by all): a worker paused past its lease comes back after another attempt took
 * the review over and even finished it.
 */
describe.each([
  { store: 'memory', shared: false },
  { store: 'Redis', shared: true },
])('review progress log ($store): one run, RUNNING once, nothing after the final status', ({ shared }) => {
  it.skipIf(shared && !redisUp)('drops the earlier run’s node events on a takeover and tells a stale run to stop', async () => {
    if (shared) await redis!.connect().catch(() => undefined);
    const bus = createEventBus();
    const log = new ReviewProgressLog(bus, shared ? redis : undefined, 60);
    const reviewId = randomUUID();
    const owner = randomUUID();
    const live: ReviewProgressEvent[] = [];
    const subscription = bus.subscribe(reviewTopic(reviewId));
    const listening = (async () => {
      for await (const received of subscription) live.push(received);
    })();
    // The subscription attaches its listener once iterated; let it.
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));

    const first = runOf(1);
    const second = runOf(2);
    log.publish(event(reviewId, 'QUEUED'), owner);
    log.publish(event(reviewId, 'STATUS'), owner, first);
    log.publish(event(reviewId, 'NODE_STARTED', { node: 'parse' }), owner, first);
    log.publish(event(reviewId, 'NODE_FINISHED', { node: 'parse' }), owner, first);
    // The first worker is paused; its lease runs out and the second attempt takes the review over.
    log.publish(event(reviewId, 'STATUS'), owner, second);
    log.publish(event(reviewId, 'NODE_STARTED', { node: 'parse' }), owner, second);
    // The first worker comes back mid-way: refused, and told to stop.
    log.publish(event(reviewId, 'NODE_STARTED', { node: 'retrieve' }), owner, first);
    log.publish(event(reviewId, 'NODE_FINISHED', { node: 'parse' }), owner, second);
    log.publish(event(reviewId, 'STATUS', { status: 'SUCCEEDED' }), owner, second);
    // After the final status nothing is taken: a late run, a late cancellation, a late QUEUED.
    log.publish(event(reviewId, 'NODE_FINISHED', { node: 'retrieve' }), owner, first);
    log.publish(event(reviewId, 'STATUS', { status: 'CANCELLED' }), owner);
    log.publish(event(reviewId, 'QUEUED'), owner);
    // A reviewer's decision on a finding comes after the run by design.
    log.publish(event(reviewId, 'FINDING_DECIDED', { status: 'SUCCEEDED', findingId: 'finding-1', verdict: 'CONFIRMED' }), owner);
    await log.settled(reviewId);

    const history = await log.history(reviewId);
    expect(history.map((past) => [past.kind, past.node, past.status])).toEqual([
      ['QUEUED', null, 'QUEUED'],
      ['STATUS', null, 'RUNNING'],
      ['NODE_STARTED', 'parse', 'RUNNING'],
      ['NODE_FINISHED', 'parse', 'RUNNING'],
      ['STATUS', null, 'SUCCEEDED'],
      ['FINDING_DECIDED', null, 'SUCCEEDED'],
    ]);
    expect(history.at(-1)).toMatchObject({ findingId: 'finding-1', verdict: 'CONFIRMED' });
    // Sequences keep increasing (a live subscriber saw the dropped ones), so clients still order and de-duplicate.
    const sequences = history.map((past) => past.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(new Set(sequences).size).toBe(sequences.length);
    expect(first.staleCalls).toBe(2);
    expect(second.staleCalls).toBe(0);

    // Let the subscriber take what was published before it is closed.
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
    await subscription.return?.(undefined);
    await listening;
    expect(live.filter((seen) => seen.kind === 'STATUS' && seen.status === 'RUNNING')).toHaveLength(1);
    expect(live.at(-1)).toMatchObject({ kind: 'FINDING_DECIDED', findingId: 'finding-1' });
    await log.forgetUser(owner);
  });

  it.skipIf(shared && !redisUp)(
    'takes a QUEUED event only before any run started (a fast worker may claim before it is published)',
    async () => {
      if (shared) await redis!.connect().catch(() => undefined);
      const log = new ReviewProgressLog(createEventBus(), shared ? redis : undefined, 60);
      const reviewId = randomUUID();
      const owner = randomUUID();
      log.publish(event(reviewId, 'STATUS'), owner, runOf(1));
      log.publish(event(reviewId, 'QUEUED'), owner);
      await log.settled(reviewId);
      expect((await log.history(reviewId)).map((past) => past.status)).toEqual(['RUNNING']);
      await log.forgetUser(owner);
    },
  );
});
