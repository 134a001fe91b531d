import { AppError } from '../platform/errors.js';
import { MemoryUserSlotStore, type SlotKind, type UserSlotStore } from '../platform/rate-limit/user-slots.js';

/** A graphql-ws socket, as far as the registry needs one. */
export interface ClosableSocket {
  close(code: number, reason: string): void;
}

/** How many subscriptions may stream at once, per socket and per user (over every gateway sharing the slot store). */
export interface SubscriptionLimits {
  perSocket: number;
  perUser: number;
}

/** Why and how the server closed a socket or ended a stream. */
export interface Revocation {
  /** WebSocket close code. */
  code: number;
  /** WebSocket close reason (at most 123 bytes). */
  reason: string;
  /** The error an operation or a stream ends with. */
  error: AppError;
}

interface LiveSubscription<S> {
  userId: string;
  socket: S | null;
  /** Ends a stream that has no socket of its own (SSE) with a final error. */
  end: (error: AppError) => void;
}

const tooManySubscriptions = (limit: keyof SubscriptionLimits, max: number) =>
  new AppError(
    'RATE_LIMITED',
    limit === 'perSocket'
      ? `At most ${max} subscriptions may be open on one connection.`
      : `At most ${max} subscriptions may be open per user.`,
    {
      reason: 'TOO_MANY_SUBSCRIPTIONS',
      limit,
      max,
    },
  );

/** WebSocket close code of a socket closed for sending too much (as graphql-ws uses it; its client does not retry). */
export const TOO_MANY_REQUESTS_CLOSE = 4429;

/**
 * WebSocket close code of a socket refused because its user holds every place (1013, "Try Again
 * Later"): graphql-ws clients retry it with their back-off, so a client whose places were held by
 * a gateway that died gets in once they are freed.
 */
export const TRY_AGAIN_LATER_CLOSE = 1013;

const tooManySockets = (max: number): Revocation => ({
  code: TRY_AGAIN_LATER_CLOSE,
  reason: `Too many connections: at most ${max} per user`,
  error: new AppError('RATE_LIMITED', `At most ${max} connections may be open per user.`, {
    reason: 'TOO_MANY_SOCKETS',
    limit: 'socketsPerUser',
    max,
  }),
});

/** Slot holder ids, unique in the process (a shared store names the process itself). */
let nextHolderId = 0;

/**
 * The live graphql-ws sockets and subscriptions (graphql-ws and SSE) of this process, by user:
 * enforces the socket and subscription limits and lets the server end everything a user has open
 * (erasure). The per-user limits are counted in `slots`: this process alone by default, every
 * gateway with a shared store (Redis); the per-socket limit is always this process's.
 */
export class LiveConnections<S extends ClosableSocket> {
  private readonly socketsByUser = new Map<string, Set<S>>();
  private readonly subscriptions = new Set<LiveSubscription<S>>();
  private readonly countBySocket = new Map<S, number>();
  private readonly countByUser = new Map<string, number>();
  private readonly revoked = new WeakMap<S, Revocation>();
  /** The slot holder id of each socket that took a socket slot. */
  private readonly socketSlots = new WeakMap<S, string>();
  /** Users ended for good (erased): ids are never reused, so this set needs no expiry. */
  private readonly endedUsers = new Map<string, Revocation>();

  /**
   * @param socketsPerUser graphql-ws sockets one user may hold open at once.
   * @param slots where the per-user counts live (shared by every gateway with Redis).
   */
  constructor(
    private readonly limits: SubscriptionLimits,
    private readonly socketsPerUser = Number.POSITIVE_INFINITY,
    private readonly slots: UserSlotStore = new MemoryUserSlotStore(),
  ) {}

  /**
   * Registers an authenticated socket; returns the revocation instead when its user was ended
   * or already holds `socketsPerUser` sockets (close 1013, RATE_LIMITED / TOO_MANY_SOCKETS).
   * A registered socket gives its place back with {@link removeSocket}.
   */
  async addSocket(userId: string, socket: S): Promise<Revocation | null> {
    const ended = this.endedUsers.get(userId);
    if (ended) return ended;
    const holderId = `socket-${++nextHolderId}`;
    if (!(await this.takeSlot('sockets', userId, holderId, this.socketsPerUser))) return tooManySockets(this.socketsPerUser);
    // Ended while the slot was being taken.
    const endedMeanwhile = this.endedUsers.get(userId);
    if (endedMeanwhile) {
      this.slots.release('sockets', userId, holderId);
      return endedMeanwhile;
    }
    this.socketSlots.set(socket, holderId);
    const sockets = this.socketsByUser.get(userId) ?? new Set<S>();
    this.socketsByUser.set(userId, sockets);
    sockets.add(socket);
    return null;
  }

  removeSocket(userId: string, socket: S): void {
    const sockets = this.socketsByUser.get(userId);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.socketsByUser.delete(userId);
    const holderId = this.socketSlots.get(socket);
    if (holderId === undefined) return;
    this.socketSlots.delete(socket);
    this.slots.release('sockets', userId, holderId);
  }

  /** Why the server closed this socket, if it did: nothing more runs on it. */
  revocationOf(socket: S): Revocation | undefined {
    return this.revoked.get(socket);
  }

  /** Closes a socket from the server side and refuses whatever it still sends. */
  revokeSocket(socket: S, revocation: Revocation): void {
    this.revoked.set(socket, revocation);
    socket.close(revocation.code, revocation.reason);
  }

  /**
   * Takes a slot for a new subscription, or rejects: RATE_LIMITED (reason TOO_MANY_SUBSCRIPTIONS,
   * `limit` perSocket or perUser) over a limit, the user's revocation when they were ended.
   * Resolves to the release, to call once when the subscription stops (calling it again is harmless).
   */
  async openSubscription(entry: LiveSubscription<S>): Promise<() => void> {
    const ended = this.endedUsers.get(entry.userId);
    if (ended) throw ended.error;
    const { socket } = entry;
    const socketCount = socket ? (this.countBySocket.get(socket) ?? 0) : 0;
    if (socket && socketCount >= this.limits.perSocket) throw tooManySubscriptions('perSocket', this.limits.perSocket);
    // Counted on the socket before waiting for the user's slot, so that the per-socket limit holds meanwhile.
    if (socket) this.countBySocket.set(socket, socketCount + 1);
    const holderId = `subscription-${++nextHolderId}`;
    const taken = await this.takeSlot('subscriptions', entry.userId, holderId, this.limits.perUser);
    const endedMeanwhile = this.endedUsers.get(entry.userId);
    if (!taken || endedMeanwhile) {
      if (socket) decrement(this.countBySocket, socket);
      if (taken) this.slots.release('subscriptions', entry.userId, holderId);
      throw endedMeanwhile ? endedMeanwhile.error : tooManySubscriptions('perUser', this.limits.perUser);
    }
    this.subscriptions.add(entry);
    this.countByUser.set(entry.userId, (this.countByUser.get(entry.userId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.subscriptions.delete(entry);
      if (socket) decrement(this.countBySocket, socket);
      decrement(this.countByUser, entry.userId);
      this.slots.release('subscriptions', entry.userId, holderId);
    };
  }

  /**
   * Ends everything the user has open, now and for good: closes their sockets with the
   * revocation's code and ends their socketless (SSE) streams with its error.
   */
  endUser(userId: string, revocation: Revocation): { sockets: number; streams: number } {
    this.endedUsers.set(userId, revocation);
    const sockets = [...(this.socketsByUser.get(userId) ?? [])];
    this.socketsByUser.delete(userId);
    for (const socket of sockets) this.revokeSocket(socket, revocation);
    const streams = [...this.subscriptions].filter((entry) => entry.userId === userId && !entry.socket);
    for (const entry of streams) entry.end(revocation.error);
    return { sockets: sockets.length, streams: streams.length };
  }

  /** Users with a socket or a socketless (SSE) stream open in this process now. */
  users(): Set<string> {
    const users = new Set(this.socketsByUser.keys());
    for (const entry of this.subscriptions) if (!entry.socket) users.add(entry.userId);
    return users;
  }

  /** Subscriptions open now in this process, for a user or in all. */
  openCount(userId?: string): number {
    return userId === undefined ? this.subscriptions.size : (this.countByUser.get(userId) ?? 0);
  }

  /** Gives back every slot this process holds (a shared store forgets them at once, not after their lease). */
  async close(): Promise<void> {
    await this.slots.close?.();
  }

  /** Without a limit nothing is counted (no slot to take, no round trip). */
  private async takeSlot(kind: SlotKind, userId: string, holderId: string, limit: number): Promise<boolean> {
    if (!Number.isFinite(limit)) return true;
    return this.slots.acquire(kind, userId, holderId, limit);
  }
}

function decrement<K>(counts: Map<K, number>, key: K): void {
  const next = (counts.get(key) ?? 0) - 1;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
