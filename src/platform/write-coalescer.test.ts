import { describe, expect, it } from 'vitest';
import { WriteCoalescer } from './write-coalescer.js';

/** A flush whose calls the test answers one by one. */
function heldFlush() {
  const calls: { items: number[]; answer: (results: (string | undefined)[]) => void; fail: (error: unknown) => void }[] = [];
  const flush = (items: number[]) =>
    new Promise<(string | undefined)[]>((resolve, reject) => {
      calls.push({ items, answer: resolve, fail: reject });
    });
  return { calls, flush };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('WriteCoalescer', () => {
  it('sends a lone write at once, alone', async () => {
    const { calls, flush } = heldFlush();
    const writes = new WriteCoalescer(flush, { maxBatch: 10, maxInFlight: 1 });
    const written = writes.write(7);
    expect(calls.map((call) => call.items)).toEqual([[7]]);
    calls[0]!.answer(['seven']);
    expect(await written).toBe('seven');
  });

  it('sends up to maxInFlight statements at once; later writes wait and leave together, in arrival order', async () => {
    const { calls, flush } = heldFlush();
    const writes = new WriteCoalescer(flush, { maxBatch: 10, maxInFlight: 2 });
    const results = [1, 2, 3, 4, 5].map((item) => writes.write(item));
    expect(calls.map((call) => call.items)).toEqual([[1], [2]]);
    expect(writes.queued).toBe(3);
    calls[1]!.answer(['two']);
    await settle();
    expect(calls.map((call) => call.items)).toEqual([[1], [2], [3, 4, 5]]);
    expect(writes.queued).toBe(0);
    calls[0]!.answer(['one']);
    calls[2]!.answer(['three', undefined, 'five']);
    expect(await Promise.all(results)).toEqual(['one', 'two', 'three', undefined, 'five']);
  });

  it('never puts more than maxBatch writes in one statement', async () => {
    const { calls, flush } = heldFlush();
    const writes = new WriteCoalescer(flush, { maxBatch: 2, maxInFlight: 1 });
    const results = [1, 2, 3, 4, 5, 6].map((item) => writes.write(item));
    calls[0]!.answer(['a']);
    await settle();
    calls[1]!.answer(['b', 'c']);
    await settle();
    calls[2]!.answer(['d', 'e']);
    await settle();
    calls[3]!.answer(['f']);
    expect(calls.map((call) => call.items)).toEqual([[1], [2, 3], [4, 5], [6]]);
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('fails the writes of a failed statement only, and goes on with the next', async () => {
    const { calls, flush } = heldFlush();
    const writes = new WriteCoalescer(flush, { maxBatch: 10, maxInFlight: 1 });
    const first = writes.write(1);
    const [second, third] = [writes.write(2), writes.write(3)];
    const failure = new Error('connection lost');
    calls[0]!.fail(failure);
    await expect(first).rejects.toBe(failure);
    await settle();
    expect(calls[1]!.items).toEqual([2, 3]);
    calls[1]!.answer(['two', 'three']);
    expect(await Promise.all([second, third])).toEqual(['two', 'three']);
    // Still working afterwards.
    await settle();
    const fourth = writes.write(4);
    expect(calls[2]!.items).toEqual([4]);
    calls[2]!.answer(['four']);
    expect(await fourth).toBe('four');
  });

  it('fails every write of a statement that answers a result per item wrongly, and of a flush that throws at once', async () => {
    const { calls, flush } = heldFlush();
    const writes = new WriteCoalescer(flush, { maxBatch: 10, maxInFlight: 1 });
    const first = writes.write(1);
    const [second, third] = [writes.write(2), writes.write(3)];
    calls[0]!.answer(['one']);
    await first;
    await settle();
    calls[1]!.answer(['only one']);
    await expect(second).rejects.toThrow('answered 1 results for 2 items');
    await expect(third).rejects.toThrow('answered 1 results for 2 items');

    const thrown = new TypeError('bad row');
    const throwing = new WriteCoalescer<number, string>(
      () => {
        throw thrown;
      },
      { maxBatch: 10, maxInFlight: 1 },
    );
    await expect(throwing.write(1)).rejects.toBe(thrown);
  });

  it('refuses limits that are not positive integers', () => {
    const flush = async () => [];
    expect(() => new WriteCoalescer(flush, { maxBatch: 0, maxInFlight: 1 })).toThrow(RangeError);
    expect(() => new WriteCoalescer(flush, { maxBatch: 1.5, maxInFlight: 1 })).toThrow(RangeError);
    expect(() => new WriteCoalescer(flush, { maxBatch: 1, maxInFlight: 0 })).toThrow(RangeError);
    expect(() => new WriteCoalescer(flush, { maxBatch: 1, maxInFlight: Number.NaN })).toThrow(RangeError);
    expect(() => new WriteCoalescer(flush, { maxBatch: 1, maxInFlight: 1 })).not.toThrow();
  });
});
