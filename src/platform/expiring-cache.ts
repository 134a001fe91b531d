/**
 * A bounded map whose entries expire: at most `maxEntries` are kept, the least recently used
 * one leaves first, and an entry past its own expiry instant is never returned. For the caches of
 * the request path (verified tokens, provisioned identities), where an unbounded map would grow
 * with every distinct caller.
 */
export class ExpiringCache<K, V> {
  /** Map iteration order is insertion order: re-inserting on a hit keeps the oldest first. */
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isSafeInteger(maxEntries) || maxEntries < 1) throw new Error('maxEntries must be a positive integer');
  }

  /** The value under `key` while it has not expired (and marks it recently used). */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` until `expiresAt` (epoch milliseconds); evicts the least recently used entry when full. */
  set(key: K, value: V, expiresAt: number): void {
    this.entries.delete(key);
    if (expiresAt <= this.now()) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { value, expiresAt });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Entries held, expired ones not yet dropped included. */
  get size(): number {
    return this.entries.size;
  }
}

/**
 * Concurrent callers asking for the same key share one load: the first call runs it, the others
 * get its promise until it settles. Keeps a cold cache from sending fifty identical queries when
 * fifty requests arrive together.
 */
export class SharedLoads<K, V> {
  private readonly running = new Map<K, Promise<V>>();

  run(key: K, load: () => Promise<V>): Promise<V> {
    const running = this.running.get(key);
    if (running) return running;
    const started = load().finally(() => this.running.delete(key));
    this.running.set(key, started);
    return started;
  }
}
