/**
 * Coalesces concurrent single-row writes into multi-row statements. A write goes out at once while
 * fewer than `maxInFlight` statements are running; otherwise it waits and leaves with the others
 * that queued meanwhile (at most `maxBatch` per statement) as soon as a statement returns. A lone
 * write is never delayed; under concurrency one round trip, one statement and one commit carry
 * many rows, which on a busy database is most of a small write's cost.
 *
 * `flush` gets the waiting items in arrival order and answers one result per item, in the same
 * order (`undefined` for an item the statement left out). If it throws, every item of that call
 * fails with the error; the items of other calls are not affected.
 */
export class WriteCoalescer<Item, Result> {
  private waiting: { item: Item; resolve: (result: Result | undefined) => void; reject: (error: unknown) => void }[] = [];
  private inFlight = 0;

  constructor(
    private readonly flush: (items: Item[]) => Promise<(Result | undefined)[]>,
    private readonly options: { maxBatch: number; maxInFlight: number },
  ) {
    if (!(Number.isSafeInteger(options.maxBatch) && options.maxBatch >= 1)) throw new RangeError('maxBatch must be a positive integer');
    if (!(Number.isSafeInteger(options.maxInFlight) && options.maxInFlight >= 1))
      throw new RangeError('maxInFlight must be a positive integer');
  }

  write(item: Item): Promise<Result | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.inFlight < this.options.maxInFlight) this.send();
    });
  }

  /** Writes waiting for a statement (not yet sent). */
  get queued(): number {
    return this.waiting.length;
  }

  private send(): void {
    const batch = this.waiting.splice(0, this.options.maxBatch);
    if (batch.length === 0) return;
    this.inFlight += 1;
    // The flush is started synchronously in the caller's context (its trace), so the statement's
    // span belongs to the request that sent it.
    let answered: Promise<(Result | undefined)[]>;
    try {
      answered = this.flush(batch.map((entry) => entry.item));
    } catch (error) {
      answered = Promise.reject(error);
    }
    answered
      .then((results) => {
        if (results.length !== batch.length)
          throw new Error(`a coalesced write answered ${results.length} results for ${batch.length} items`);
        for (const [index, entry] of batch.entries()) entry.resolve(results[index]);
      })
      .catch((error: unknown) => {
        for (const entry of batch) entry.reject(error);
      })
      .finally(() => {
        this.inFlight -= 1;
        if (this.waiting.length > 0) this.send();
      });
  }
}
