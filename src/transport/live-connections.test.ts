import { describe, expect, it } from 'vitest';
import { AppError } from '../platform/errors.js';
import { MemoryUserSlotStore, type SlotKind, type UserSlotStore } from '../platform/rate-limit/user-slots.js';
import { LiveConnections, type Revocation } from './live-connections.js';

class FakeSocket {
  closed: { code: number; reason: string } | null = null;
  close(code: number, reason: string) {
    this.closed = { code, reason };
  }
}

const erased: Revocation = {
  code: 4403,
  reason: 'Forbidden: user erased',
  error: new AppError('FORBIDDEN', 'erased', { reason: 'SUBJECT_ERASED' }),
};
const noEnd = () => {};

const refusalOf = async (open: () => Promise<unknown>) => {
  try {
    await open();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a refusal');
};

describe('LiveConnections', async () => {
  it('refuses a socket over the per-user limit with 1013 (try again later) and RATE_LIMITED / TOO_MANY_SOCKETS, and has room again once one closes', async () => {
    const live = new LiveConnections<FakeSocket>({ perSocket: 10, perUser: 10 }, 2);
    const [one, two, three] = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    expect(await live.addSocket('u1', one)).toBeNull();
    expect(await live.addSocket('u1', two)).toBeNull();
    const refused = await live.addSocket('u1', three);
    expect(refused?.code).toBe(1013);
    expect(refused?.reason).toBe('Too many connections: at most 2 per user');
    expect(refused?.error.code).toBe('RATE_LIMITED');
    expect(refused?.error.details).toEqual({ reason: 'TOO_MANY_SOCKETS', limit: 'socketsPerUser', max: 2 });
    // Another user is not affected; a closed socket frees its place.
    expect(await live.addSocket('u2', new FakeSocket())).toBeNull();
    live.removeSocket('u1', one);
    expect(await live.addSocket('u1', three)).toBeNull();
  });

  it('lists the users with a socket or a socketless stream open, for the re-check of erased subjects', async () => {
    const live = new LiveConnections<FakeSocket>({ perSocket: 10, perUser: 10 });
    const socket = new FakeSocket();
    await live.addSocket('u1', socket);
    await live.openSubscription({ userId: 'u1', socket, end: noEnd });
    const release = await live.openSubscription({ userId: 'u2', socket: null, end: noEnd });
    expect([...live.users()].sort()).toEqual(['u1', 'u2']);
    release();
    live.removeSocket('u1', socket);
    expect([...live.users()]).toEqual([]);
  });

  it('refuses a subscription over the per-socket limit with RATE_LIMITED / TOO_MANY_SUBSCRIPTIONS', async () => {
    const live = new LiveConnections<FakeSocket>({ perSocket: 2, perUser: 10 });
    const socket = new FakeSocket();
    await live.openSubscription({ userId: 'u1', socket, end: noEnd });
    await live.openSubscription({ userId: 'u1', socket, end: noEnd });
    const error = await refusalOf(() => live.openSubscription({ userId: 'u1', socket, end: noEnd }));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.details).toEqual({ reason: 'TOO_MANY_SUBSCRIPTIONS', limit: 'perSocket', max: 2 });
    // Another socket of the same user still has room.
    await expect(live.openSubscription({ userId: 'u1', socket: new FakeSocket(), end: noEnd })).resolves.toEqual(expect.any(Function));
  });

  it('counts a user over every socket and SSE stream, and gives slots back once on release', async () => {
    const live = new LiveConnections<FakeSocket>({ perSocket: 10, perUser: 2 });
    const release = await live.openSubscription({ userId: 'u1', socket: new FakeSocket(), end: noEnd });
    await live.openSubscription({ userId: 'u1', socket: null, end: noEnd });
    expect((await refusalOf(() => live.openSubscription({ userId: 'u1', socket: new FakeSocket(), end: noEnd }))).details).toMatchObject({
      limit: 'perUser',
      max: 2,
    });
    await expect(live.openSubscription({ userId: 'u2', socket: null, end: noEnd })).resolves.toEqual(expect.any(Function));
    release();
    release();
    expect(live.openCount('u1')).toBe(1);
    await expect(live.openSubscription({ userId: 'u1', socket: null, end: noEnd })).resolves.toEqual(expect.any(Function));
    expect(live.openCount('u1')).toBe(2);
  });

  it('ends a user: closes their sockets, ends their socketless streams, and refuses them from then on', async () => {
    const live = new LiveConnections<FakeSocket>({ perSocket: 10, perUser: 10 });
    const mine = new FakeSocket();
    const theirs = new FakeSocket();
    await live.addSocket('u1', mine);
    await live.addSocket('u2', theirs);
    const ended: AppError[] = [];
    await live.openSubscription({ userId: 'u1', socket: null, end: (error) => ended.push(error) });
    await live.openSubscription({
      userId: 'u1',
      socket: mine,
      end: () => ended.push(new AppError('INTERNAL', 'a socket stream ends with its socket')),
    });
    await live.openSubscription({ userId: 'u2', socket: null, end: (error) => ended.push(error) });

    expect(live.endUser('u1', erased)).toEqual({ sockets: 1, streams: 1 });
    expect(mine.closed).toEqual({ code: 4403, reason: 'Forbidden: user erased' });
    expect(theirs.closed).toBeNull();
    expect(ended).toEqual([erased.error]);
    expect(live.revocationOf(mine)).toBe(erased);
    expect(live.revocationOf(theirs)).toBeUndefined();
    expect(await live.addSocket('u1', new FakeSocket())).toBe(erased);
    expect(await refusalOf(() => live.openSubscription({ userId: 'u1', socket: null, end: noEnd }))).toBe(erased.error);
  });

  it('counts the per-user limits in a shared slot store: two gateways on one store refuse together', async () => {
    const shared = new MemoryUserSlotStore();
    const [a, b] = [0, 1].map(() => new LiveConnections<FakeSocket>({ perSocket: 10, perUser: 2 }, 1, shared));
    const socket = new FakeSocket();
    expect(await a!.addSocket('u1', socket)).toBeNull();
    expect((await b!.addSocket('u1', new FakeSocket()))?.error.details).toMatchObject({ reason: 'TOO_MANY_SOCKETS', max: 1 });
    await a!.openSubscription({ userId: 'u1', socket, end: noEnd });
    const release = await b!.openSubscription({ userId: 'u1', socket: null, end: noEnd });
    expect((await refusalOf(() => a!.openSubscription({ userId: 'u1', socket: null, end: noEnd }))).details).toMatchObject({
      limit: 'perUser',
      max: 2,
    });
    release();
    await expect(a!.openSubscription({ userId: 'u1', socket: null, end: noEnd })).resolves.toEqual(expect.any(Function));
    a!.removeSocket('u1', socket);
    expect(await b!.addSocket('u1', new FakeSocket())).toBeNull();
    expect(shared.count('sockets', 'u1')).toBe(1);
  });

  it('gives a slot back when the user is ended while the shared store answers', async () => {
    const shared = new MemoryUserSlotStore();
    const answers: (() => void)[] = [];
    const slow: UserSlotStore = {
      acquire: (kind: SlotKind, userId: string, holderId: string, limit: number) =>
        new Promise<boolean>((resolve) => answers.push(() => resolve(shared.acquire(kind, userId, holderId, limit)))),
      release: (kind, userId, holderId) => shared.release(kind, userId, holderId),
    };
    const live = new LiveConnections<FakeSocket>({ perSocket: 10, perUser: 10 }, 5, slow);
    const adding = live.addSocket('u1', new FakeSocket());
    const subscribing = refusalOf(() => live.openSubscription({ userId: 'u1', socket: new FakeSocket(), end: noEnd }));
    live.endUser('u1', erased);
    for (const answer of answers) answer();
    expect(await adding).toBe(erased);
    expect(await subscribing).toBe(erased.error);
    expect(shared.count('sockets', 'u1') + shared.count('subscriptions', 'u1')).toBe(0);
  });
});
