import { Redis } from 'ioredis';
import { createLogger } from './logger.js';

const log = createLogger('redis');

/** The Redis connections of one process: commands, publishing, and one in subscriber mode. */
export interface RedisConnections {
  commands: Redis;
  publish: Redis;
  subscribe: Redis;
  close(): Promise<void>;
}

/**
 * Connects to Redis (only what is live goes there: event fan-out, the progress replay log with a
 * TTL, cancellation signals). Fails at once when the server cannot be reached at start.
 */
export async function connectRedis(url: string): Promise<RedisConnections> {
  const open = async (name: string) => {
    const client = new Redis(url, { lazyConnect: true, connectionName: `suanni-${name}`, maxRetriesPerRequest: 3 });
    client.on('error', (error) => log.warn({ err: error, connection: name }, 'redis connection error'));
    await client.connect();
    return client;
  };
  const [commands, publish, subscribe] = await Promise.all([open('commands'), open('publish'), open('subscribe')]);
  return {
    commands,
    publish,
    subscribe,
    async close() {
      await Promise.allSettled([commands.quit(), publish.quit(), subscribe.quit()]);
    },
  };
}
