import { describe, expect, it } from 'vitest';
import { endableStream } from './subscription-guard.js';

/** A source that yields its values, then waits forever (as a live subscription does). */
async function* waitingSource(values: number[], returned: { value: boolean }) {
  try {
    for (const value of values) yield value;
    await new Promise(() => {});
  } finally {
    returned.value = true;
  }
}

describe('endableStream', () => {
  it('passes events through and finishes once when the source completes', async () => {
    let finished = 0;
    async function* source() {
      yield 1;
      yield 2;
    }
    const { stream } = endableStream(source(), () => (finished += 1));
    const seen: number[] = [];
    for await (const value of stream) seen.push(value);
    expect(seen).toEqual([1, 2]);
    expect(finished).toBe(1);
  });

  it('delivers the final event to a consumer waiting for the next one, then completes', async () => {
    let finished = 0;
    const returned = { value: false };
    const { stream, end } = endableStream<number | string>(waitingSource([1], returned), () => (finished += 1));
    expect(await stream.next()).toEqual({ value: 1, done: false });
    const waiting = stream.next();
    end('expired');
    expect(await waiting).toEqual({ value: 'expired', done: false });
    expect(await stream.next()).toEqual({ value: undefined, done: true });
    expect(finished).toBe(1);
    end('again');
    expect(await stream.next()).toEqual({ value: undefined, done: true });
    expect(finished).toBe(1);
  });

  it('finishes when the source fails, and when the consumer returns early', async () => {
    let failed = 0;
    // biome-ignore lint/correctness/useYield: a source that fails before its first value
    async function* failing(): AsyncGenerator<number> {
      throw new Error('refused');
    }
    const first = endableStream(failing(), () => (failed += 1));
    await expect(first.stream.next()).rejects.toThrow('refused');
    expect(failed).toBe(1);

    let returnedEarly = 0;
    const second = endableStream(waitingSource([1, 2], { value: false }), () => (returnedEarly += 1));
    await second.stream.next();
    await second.stream.return!();
    expect(returnedEarly).toBe(1);
  });
});
