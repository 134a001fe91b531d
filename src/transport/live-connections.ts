import { AppError } from '../platform/errors.js';

/** A graphql-ws socket, as far as the registry needs one. */
export interface ClosableSocket {
  close(code: number, reason: string): void;
}

/** How many subscriptions may stream at once, per socket and per user (in this process). */
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

/** WebSocket close code of a socket refused or closed for sending too much (as graphql-ws uses it). */
export const TOO_MANY_REQUESTS_CLOSE = 4429;

const tooManySockets = (max: number): Revocation => ({
  code: TOO_MANY_REQUESTS_CLOSE,
  reason: `Too many connections: at most ${max} per user`,
  error: new AppError('RATE_LIMITED', `At most ${max} connections may be open per user.`, {
    reason: 'TOO_MANY_SOCKETS',
    limit: 'socketsPerUser',
    max,
  }),
});

/**
 * The live graphql-ws sockets and subscriptions (graphql-ws and SSE) of this process, by user:
 * enforces the subscription limits and lets the server end everything a user has open (erasure).
 */
export class LiveConnections<S extends ClosableSocket> {
  private readonly socketsByUser = new Map<string, Set<S>>();
  private readonly subscriptions = new Set<LiveSubscription<S>>();
  private readonly countBySocket = new Map<S, number>();
  private readonly countByUser = new Map<string, number>();
  private readonly revoked = new WeakMap<S, Revocation>();
  /** Users ended for good (erased): ids are never reused, so this set needs no expiry. */
  private readonly endedUsers = new Map<string, Revocation>();

  /** @param socketsPerUser graphql-ws sockets one user may hold open at once (in this process). */
  constructor(
    private readonly limits: SubscriptionLimits,
    private readonly socketsPerUser = Number.POSITIVE_INFINITY,
  ) {}

  /**
   * Registers an authenticated socket; returns the revocation instead when its user was ended
   * or already holds `socketsPerUser` sockets (close 4429, RATE_LIMITED / TOO_MANY_SOCKETS).
   */
  addSocket(userId: string, socket: S): Revocation | null {
    const ended = this.endedUsers.get(userId);
    if (ended) return ended;
    const sockets = this.socketsByUser.get(userId) ?? new Set<S>();
    if (sockets.size >= this.socketsPerUser) return tooManySockets(this.socketsPerUser);
    this.socketsByUser.set(userId, sockets);
    sockets.add(socket);
    return null;
  }

  removeSocket(userId: string, socket: S): void {
    const sockets = this.socketsByUser.get(userId);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.socketsByUser.delete(userId);
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
   * Takes a slot for a new subscription, or throws: RATE_LIMITED (reason TOO_MANY_SUBSCRIPTIONS,
   * `limit` perSocket or perUser) over a limit, the user's revocation when they were ended.
   * Returns the release, to call once when the subscription stops (calling it again is harmless).
   */
  openSubscription(entry: LiveSubscription<S>): () => void {
    const ended = this.endedUsers.get(entry.userId);
    if (ended) throw ended.error;
    const socketCount = entry.socket ? (this.countBySocket.get(entry.socket) ?? 0) : 0;
    if (entry.socket && socketCount >= this.limits.perSocket) throw tooManySubscriptions('perSocket', this.limits.perSocket);
    const userCount = this.countByUser.get(entry.userId) ?? 0;
    if (userCount >= this.limits.perUser) throw tooManySubscriptions('perUser', this.limits.perUser);
    this.subscriptions.add(entry);
    if (entry.socket) this.countBySocket.set(entry.socket, socketCount + 1);
    this.countByUser.set(entry.userId, userCount + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.subscriptions.delete(entry);
      if (entry.socket) decrement(this.countBySocket, entry.socket);
      decrement(this.countByUser, entry.userId);
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

  /** Subscriptions open now, for a user or in all. */
  openCount(userId?: string): number {
    return userId === undefined ? this.subscriptions.size : (this.countByUser.get(userId) ?? 0);
  }
}

function decrement<K>(counts: Map<K, number>, key: K): void {
  const next = (counts.get(key) ?? 0) - 1;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
