import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueueWorker, type FetchedJob, type JobSource } from './queue-worker.js';

/** Jobs in memory, highest priority first, as pg-boss hands them out (the loop under test is pure scheduling). */
function memorySource() {
  const waiting: (FetchedJob<string> & { priority: number })[] = [];
  const source: JobSource<string> = {
    fetch: async (count, minPriority = Number.NEGATIVE_INFINITY) => {
      waiting.sort((a, b) => b.priority - a.priority);
      return waiting.splice(0, Math.min(count, waiting.filter((job) => job.priority >= minPriority).length));
    },
    complete: async () => undefined,
    fail: async () => undefined,
  };
  const add = (data: string, priority: number) =>
    waiting.push({ id: data, data, priority, retryCount: 0, retryLimit: 0, expireInSeconds: 3_600 });
  return { source, add };
}

describe('QueueWorker polling', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls on its own clock while jobs keep finishing, so a job nobody announced starts within one poll', async () => {
    const { source, add } = memorySource();
    for (let i = 0; i < 40; i += 1) add(`batch-${i}`, -i);
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    // 32 slots polled every 100 ms (pollMs / concurrency), as the review queue's defaults give 62.5 ms.
    const worker = new QueueWorker<string>(
      'fair',
      source,
      async (job) => {
        started.push(job.data);
        await new Promise<void>((resolve) => finish.set(job.data, resolve));
      },
      { concurrency: 32, pollMs: 3_200, settleRetry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 }, completeDelayMs: 5 },
    );
    worker.start();
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toHaveLength(32);

    // Queued by another process (no wake); meanwhile one job finishes every 40 ms, more often than the poll.
    add('lone', 1);
    for (let i = 0; i < 5 && !started.includes('lone'); i += 1) {
      finish.get(`batch-${i}`)!();
      await vi.advanceTimersByTimeAsync(40);
    }
    // Before, every finished job pushed the poll back: the lone job waited until half the slots (16) were free.
    expect(started.slice(32)[0]).toBe('lone');
    for (const open of finish.values()) open();
    const stopped = worker.stop(1_000);
    await vi.advanceTimersByTimeAsync(2_000);
    await stopped;
  });

  it('keeps reserved slots for interactive jobs: a bulk backlog never holds them, an interactive job takes one at once', async () => {
    const { source, add } = memorySource();
    for (let i = 0; i < 20; i += 1) add(`batch-${i}`, -i);
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const worker = new QueueWorker<string>(
      'fair',
      source,
      async (job) => {
        started.push(job.data);
        await new Promise<void>((resolve) => finish.set(job.data, resolve));
      },
      {
        concurrency: 8,
        pollMs: 80_000,
        settleRetry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
        completeDelayMs: 5,
        reserve: { slots: 2, minPriority: 1 },
      },
    );
    worker.start();
    await vi.advanceTimersByTimeAsync(1);
    // Six bulk jobs; two slots stay free although the backlog has fourteen more.
    expect(started).toEqual(['batch-0', 'batch-1', 'batch-2', 'batch-3', 'batch-4', 'batch-5']);
    add('lone-1', 1);
    add('lone-2', 1);
    add('lone-3', 1);
    worker.wake();
    await vi.advanceTimersByTimeAsync(1);
    expect(started.slice(6)).toEqual(['lone-1', 'lone-2']);
    // A freed bulk slot goes to the interactive job still waiting, ahead of the backlog.
    finish.get('batch-0')!();
    await vi.advanceTimersByTimeAsync(1);
    worker.wake();
    await vi.advanceTimersByTimeAsync(1);
    expect(started.slice(8)).toEqual(['lone-3']);
    for (const open of finish.values()) open();
    const stopped = worker.stop(1_000);
    await vi.advanceTimersByTimeAsync(2_000);
    await stopped;
  });
});
