import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe } from 'vitest';
import { KeyBuilder } from '../../../src/store/keys.js';
import { RedisPuzzleStore } from '../../../src/store/redis-puzzle-store.js';
import { createStoreRedis } from '../../../src/store/redis-connection.js';
import { startRedis, type PrivateRedis } from '../../support/redis-server.js';
import { dailyPosterScenario } from './daily-poster-scenario.js';

let server: PrivateRedis;
const clients: Redis[] = [];

beforeAll(async () => {
  server = await startRedis();
});

afterAll(async () => {
  for (const redis of clients) redis.disconnect();
  await (server as PrivateRedis | undefined)?.stop();
});

describe('daily poster on Redis', () => {
  const keys = new KeyBuilder('daily:');
  // Every "process" has a client of its own on the same server; a look every minute.
  dailyPosterScenario(() => {
    const redis = createStoreRedis(server.url);
    clients.push(redis);
    return new RedisPuzzleStore(redis, keys);
  }, 1);
});
