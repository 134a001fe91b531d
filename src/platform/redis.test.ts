import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { RedisHealth, redisClientOptions, redisServerOf } from './redis.js';

/** A connection as RedisHealth follows it: a status and ioredis's events. */
function connection(status = 'connecting') {
  const client = Object.assign(new EventEmitter(), { status });
  return {
    client,
    ready() {
      client.status = 'ready';
      client.emit('ready');
    },
    drop(message = 'connect ECONNREFUSED 127.0.0.1:6390', code = 'ECONNREFUSED') {
      client.status = 'reconnecting';
      client.emit('error', Object.assign(new Error(message), { code }));
      client.emit('close');
      client.emit('reconnecting', 100);
    },
  };
}

describe('RedisHealth', () => {
  it('is available once every connection is ready, and says why not before', () => {
    const health = new RedisHealth('127.0.0.1:6390');
    const [commands, publish] = [connection(), connection()];
    health.track('commands', commands.client);
    health.track('publish', publish.client);
    expect(health.available).toBe(false);
    expect(health.reason).toBe('Redis at 127.0.0.1:6390 unavailable: commands, publish connections not ready');
    commands.ready();
    expect(health.available).toBe(false);
    publish.ready();
    expect(health.available).toBe(true);
    expect(health.reason).toBeUndefined();
  });

  it('tells its listeners each change once, counts outages, names the error, and recovers by itself', () => {
    let now = 1_000;
    const health = new RedisHealth('redis:6379', () => now);
    const changes: boolean[] = [];
    health.onChange((available) => changes.push(available));
    const [one, two] = [connection(), connection()];
    health.track('commands', one.client);
    health.track('subscribe', two.client);
    one.ready();
    two.ready();
    expect(health.outages).toBe(0);

    now = 2_000;
    one.drop();
    two.drop();
    expect(changes).toEqual([true, false]);
    expect(health.outages).toBe(1);
    expect(health.reason).toBe('Redis at redis:6379 unavailable: connect ECONNREFUSED 127.0.0.1:6390');
    // What an unauthenticated probe may read: no address, no error text.
    expect(health.publicReason).toBe('connection refused');
    now = 9_500;
    expect(health.downForSeconds).toBe(7.5);

    one.ready();
    expect(health.available).toBe(false);
    two.ready();
    expect(changes).toEqual([true, false, true]);
    expect(health.downForSeconds).toBe(0);
  });

  it('a timed-out call marks a hung server unavailable until something answers; other failures do not', () => {
    const health = new RedisHealth('redis:6379');
    const one = connection();
    health.track('commands', one.client);
    one.ready();
    health.failed(new Error('ERR unknown command'));
    expect(health.available).toBe(true);
    health.failed(new Error('Command timed out'));
    expect(health.available).toBe(false);
    expect(health.reason).toBe('Redis at redis:6379 unavailable: Command timed out');
    expect(health.publicReason).toBe('not answering (timed out)');
    health.answered();
    expect(health.available).toBe(true);
  });

  it('a listener that throws does not stop the others; after close nothing more is told', () => {
    const health = new RedisHealth('redis:6379');
    const seen: boolean[] = [];
    health.onChange(() => {
      throw new Error('listener bug');
    });
    health.onChange((available) => seen.push(available));
    const one = connection();
    health.track('commands', one.client);
    one.ready();
    health.close();
    one.drop();
    expect(seen).toEqual([true]);
  });

  it('a start that gave up waiting counts as an outage', () => {
    const health = new RedisHealth('redis:6379');
    health.track('commands', connection().client);
    health.startedDegraded();
    expect(health.outages).toBe(1);
  });
});

describe('redis client options', () => {
  it('fail fast (no offline queue, no retries per request, no resending) and reconnect forever with a capped back-off', () => {
    const options = redisClientOptions('commands', 750);
    expect(options).toMatchObject({
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      commandTimeout: 750,
      connectionName: 'suanni-commands',
    });
    const delays = [1, 2, 3, 4, 5, 6, 7, 100, 10_000].map((attempt) => options.retryStrategy!(attempt));
    expect(delays).toEqual([100, 200, 400, 800, 1_600, 2_000, 2_000, 2_000, 2_000]);
  });

  it('name the server without credentials', () => {
    expect(redisServerOf('redis://:secret@cache.internal:6380/0')).toBe('cache.internal:6380');
    expect(redisServerOf('rediss://user:pw@cache.internal')).toBe('cache.internal:6379');
  });
});
