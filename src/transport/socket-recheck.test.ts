import { describe, expect, it } from 'vitest';
import { SocketRecheck, type SocketRecheckTarget } from './socket-recheck.js';

/** Open sockets by user with their token's expiry; the erased users in "PostgreSQL". */
function gateway(sockets: [string, string, Date | null][], erased: string[] = []) {
  const open = new Map(sockets.map(([socket, user, expiresAt]) => [socket, { user, expiresAt }]));
  const tombstones = new Set(erased);
  const queries: string[][] = [];
  const closed: string[] = [];
  let failing = false;
  const target: SocketRecheckTarget<string> = {
    users: () => [...open.values()].map((entry) => entry.user),
    async erasedAmong(userIds) {
      queries.push(userIds);
      if (failing) throw new Error('database unavailable');
      return new Set(userIds.filter((userId) => tombstones.has(userId)));
    },
    endErased(userId) {
      for (const [socket, entry] of open)
        if (entry.user === userId) {
          open.delete(socket);
          closed.push(`${socket}: erased`);
        }
    },
    sockets: () => [...open].map(([socket, entry]) => [socket, entry.expiresAt] as [string, Date | null]),
    endExpired(socket) {
      open.delete(socket);
      closed.push(`${socket}: expired`);
    },
  };
  return {
    target,
    queries,
    closed,
    erase: (userId: string) => tombstones.add(userId),
    fail: (value: boolean) => {
      failing = value;
    },
  };
}

describe('SocketRecheck', () => {
  const now = new Date('2030-01-01T12:00:00Z');
  const later = new Date('2030-01-01T13:00:00Z');
  const earlier = new Date('2030-01-01T11:59:59Z');

  it('closes the sockets of users erased meanwhile and of expired tokens, asking once for all users', async () => {
    const kit = gateway(
      [
        ['s1', 'ann', later],
        ['s2', 'ann', later],
        ['s3', 'ben', earlier],
        ['s4', 'cai', null],
      ],
      ['ann'],
    );
    const recheck = new SocketRecheck(kit.target, 60_000, () => now.getTime());
    await recheck.run();
    expect(kit.closed.sort()).toEqual(['s1: erased', 's2: erased', 's3: expired']);
    // Expired sockets close before the query; each user is asked about once.
    expect(kit.queries).toEqual([['ann', 'cai']]);
    await recheck.run();
    expect(kit.queries.at(-1)).toEqual(['cai']);
    kit.erase('cai');
    await recheck.run();
    expect(kit.closed).toContain('s4: erased');
  });

  it('asks nothing when nothing is open, in chunks of 1,000 when much is', async () => {
    const empty = gateway([]);
    await new SocketRecheck(empty.target, 60_000).run();
    expect(empty.queries).toEqual([]);
    const many = gateway(Array.from({ length: 2_500 }, (_, i) => [`s${i}`, `u${i}`, null] as [string, string, Date | null]));
    await new SocketRecheck(many.target, 60_000).run();
    expect(many.queries.map((query) => query.length)).toEqual([1_000, 1_000, 500]);
  });

  it('a failed check is survived and the next one works; a run asked for during a check runs once more after it', async () => {
    const kit = gateway([['s1', 'ann', null]]);
    const recheck = new SocketRecheck(kit.target, 60_000);
    kit.fail(true);
    await expect(recheck.run()).resolves.toBeUndefined();
    kit.fail(false);
    // Erased while the first check is asking: only the run asked for meanwhile sees it.
    const first = recheck.run();
    kit.erase('ann');
    const second = recheck.run();
    expect(second).toBe(first);
    await first;
    expect(kit.queries).toHaveLength(3);
    expect(kit.closed).toEqual(['s1: erased']);
  });

  it('runs on its own schedule until stopped', async () => {
    const kit = gateway([['s1', 'ann', null]]);
    const recheck = new SocketRecheck(kit.target, 20);
    recheck.start();
    kit.erase('ann');
    for (let i = 0; i < 100 && kit.closed.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    recheck.stop();
    expect(kit.closed).toEqual(['s1: erased']);
  });
});
