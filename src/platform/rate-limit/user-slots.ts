/** What a user holds open at once, each counted against a limit: graphql-ws sockets, subscriptions. */
export type SlotKind = 'sockets' | 'subscriptions';

/**
 * Counts what each user holds open, one slot per holder (a socket, a subscription) by an id the
 * caller chooses, under a limit: in this process ({@link MemoryUserSlotStore}) or shared by every
 * gateway (`RedisUserSlotStore`, with leases).
 */
export interface UserSlotStore {
  /**
   * Takes a slot for `holderId` when the user holds fewer than `limit` of `kind` (a holder that
   * has one already keeps it); false when the user is at the limit.
   */
  acquire(kind: SlotKind, userId: string, holderId: string, limit: number): boolean | Promise<boolean>;
  /** Gives the holder's slot back; nothing happens when it holds none. */
  release(kind: SlotKind, userId: string, holderId: string): void;
  /** Gives back every slot still held here and stops any background work. */
  close?(): Promise<void>;
}

/** The slots of this process: a set of holders per user and kind, dropped once empty. */
export class MemoryUserSlotStore implements UserSlotStore {
  private readonly holders = new Map<string, Set<string>>();

  acquire(kind: SlotKind, userId: string, holderId: string, limit: number): boolean {
    const key = slotKey(kind, userId);
    const held = this.holders.get(key) ?? new Set<string>();
    if (!held.has(holderId) && held.size >= limit) return false;
    held.add(holderId);
    this.holders.set(key, held);
    return true;
  }

  release(kind: SlotKind, userId: string, holderId: string): void {
    const key = slotKey(kind, userId);
    const held = this.holders.get(key);
    if (!held?.delete(holderId)) return;
    if (held.size === 0) this.holders.delete(key);
  }

  /** Slots a user holds now. */
  count(kind: SlotKind, userId: string): number {
    return this.holders.get(slotKey(kind, userId))?.size ?? 0;
  }
}

const slotKey = (kind: SlotKind, userId: string) => `${kind}\u0000${userId}`;
