import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createStoreRedis } from '../../src/store/redis-connection.js';
import { startRedis, type PrivateRedis } from './redis-server.js';

/** The clients of a test file's private Redis (see redisClients). */
export interface RedisClients {
  /** The file's first client, open until the file ends. */
  shared(): Redis;
  /** A client of its own, closed after the test: another bot process, as stores see it. */
  client(): Redis;
}

/**
 * Starts a private redis-server for the calling test file (its hooks registered here), with
 * store clients (createStoreRedis) that are closed when their test or the file ends.
 */
export function redisClients(): RedisClients {
  let server: PrivateRedis | undefined;
  const clients: Redis[] = [];
  const client = (): Redis => {
    if (server === undefined) throw new Error('redisClients: the server is not started yet');
    const redis = createStoreRedis(server.url);
    clients.push(redis);
    return redis;
  };
  beforeAll(async () => {
    server = await startRedis();
    client();
  });
  afterEach(() => {
    for (const redis of clients.splice(1)) redis.disconnect();
  });
  afterAll(async () => {
    for (const redis of clients.splice(0)) redis.disconnect();
    await server?.stop();
  });
  return {
    shared: () => {
      const [first] = clients;
      if (first === undefined) throw new Error('redisClients: the server is not started yet');
      return first;
    },
    client,
  };
}
