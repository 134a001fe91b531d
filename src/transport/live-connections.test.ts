import { describe, expect, it } from 'vitest';
import { AppError } from '../platform/errors.js';
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

const refusalOf = (open: () => unknown) => {
  try {
    open();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a refusal');
};

describe('LiveConnections', () => {
  it('refuses a socket over the per-user limit with 4429 and RATE_LIMITED / TOO_MANY_SOCKETS, and has room again once one closes', () => {
    const live = new LiveConnections<FakeSocket>({ perSocket: 10, perUser: 10 }, 2);
    const [one, two, three] = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    expect(live.addSocket('u1', one)).toBeNull();
    expect(live.addSocket('u1', two)).toBeNull();
    const refused = live.addSocket('u1', three);
    expect(refused?.code).toBe(4429);
    expect(refused?.reason).toBe('Too many connections: at most 2 per user');
    expect(refused?.error.code).toBe('RATE_LIMITED');
    expect(refused?.error.details).toEqual({ reason: 'TOO_MANY_SOCKETS', limit: 'socketsPerUser', max: 2 });
    // Another user is not affected; a closed socket frees its place.
    expect(live.addSocket('u2', new FakeSocket())).toBeNull();
    live.removeSocket('u1', one);
    expect(live.addSocket('u1', three)).toBeNull();
  });

  it('refuses a subscription over the per-socket limit with RATE_LIMITED / TOO_MANY_SUBSCRIPTIONS', () => {
    const live = new LiveConnections<FakeSocket>({ perSocket: 2, perUser: 10 });
    const socket = new FakeSocket();
    live.openSubscription({ userId: 'u1', socket, end: noEnd });
    live.openSubscription({ userId: 'u1', socket, end: noEnd });
    const error = refusalOf(() => live.openSubscription({ userId: 'u1', socket, end: noEnd }));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.details).toEqual({ reason: 'TOO_MANY_SUBSCRIPTIONS', limit: 'perSocket', max: 2 });
    // Another socket of the same user still has room.
    expect(() => live.openSubscription({ userId: 'u1', socket: new FakeSocket(), end: noEnd })).not.toThrow();
  });

  it('counts a user over every socket and SSE stream, and gives slots back once on release', () => {
    const live = new LiveConnections<FakeSocket>({ perSocket: 10, perUser: 2 });
    const release = live.openSubscription({ userId: 'u1', socket: new FakeSocket(), end: noEnd });
    live.openSubscription({ userId: 'u1', socket: null, end: noEnd });
    expect(refusalOf(() => live.openSubscription({ userId: 'u1', socket: new FakeSocket(), end: noEnd })).details).toMatchObject({
      limit: 'perUser',
      max: 2,
    });
    expect(() => live.openSubscription({ userId: 'u2', socket: null, end: noEnd })).not.toThrow();
    release();
    release();
    expect(live.openCount('u1')).toBe(1);
    expect(() => live.openSubscription({ userId: 'u1', socket: null, end: noEnd })).not.toThrow();
    expect(live.openCount('u1')).toBe(2);
  });

  it('ends a user: closes their sockets, ends their socketless streams, and refuses them from then on', () => {
    const live = new LiveConnections<FakeSocket>({ perSocket: 10, perUser: 10 });
    const mine = new FakeSocket();
    const theirs = new FakeSocket();
    live.addSocket('u1', mine);
    live.addSocket('u2', theirs);
    const ended: AppError[] = [];
    live.openSubscription({ userId: 'u1', socket: null, end: (error) => ended.push(error) });
    live.openSubscription({
      userId: 'u1',
      socket: mine,
      end: () => ended.push(new AppError('INTERNAL', 'a socket stream ends with its socket')),
    });
    live.openSubscription({ userId: 'u2', socket: null, end: (error) => ended.push(error) });

    expect(live.endUser('u1', erased)).toEqual({ sockets: 1, streams: 1 });
    expect(mine.closed).toEqual({ code: 4403, reason: 'Forbidden: user erased' });
    expect(theirs.closed).toBeNull();
    expect(ended).toEqual([erased.error]);
    expect(live.revocationOf(mine)).toBe(erased);
    expect(live.revocationOf(theirs)).toBeUndefined();
    expect(live.addSocket('u1', new FakeSocket())).toBe(erased);
    expect(refusalOf(() => live.openSubscription({ userId: 'u1', socket: null, end: noEnd }))).toBe(erased.error);
  });
});
