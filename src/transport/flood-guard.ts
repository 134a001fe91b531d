/**
 * Counts the rate-limit refusals of each graphql-ws socket: a client that keeps sending after it
 * was told to wait is flooding. A socket refused more than `maxRefusals` times within one period
 * (counted from its first refusal of that period) is reported, and app.ts closes it with 4429.
 */
export class SocketFloodGuard<S extends object> {
  private readonly refusals = new WeakMap<S, { since: number; count: number }>();

  constructor(
    private readonly maxRefusals: number,
    private readonly periodMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Counts one refusal; true when the socket is now past the threshold. */
  refused(socket: S): boolean {
    const now = this.now();
    const entry = this.refusals.get(socket);
    if (!entry || now - entry.since >= this.periodMs) {
      this.refusals.set(socket, { since: now, count: 1 });
      return 1 > this.maxRefusals;
    }
    entry.count += 1;
    return entry.count > this.maxRefusals;
  }
}
