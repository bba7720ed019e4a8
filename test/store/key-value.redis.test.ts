import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreError } from '../../src/game/ports.js';
import { RedisKeyValueStore } from '../../src/store/key-value.js';
import { KeyBuilder } from '../../src/store/keys.js';
import { createStoreRedis } from '../../src/store/redis-connection.js';
import { startRedis, type PrivateRedis } from '../support/redis-server.js';
import { keyValueContract } from './key-value-contract.js';

let server: PrivateRedis;
let redis: Redis;
let prefixes = 0;

beforeAll(async () => {
  server = await startRedis();
  redis = createStoreRedis(server.url);
  if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
});

afterAll(async () => {
  (redis as Redis | undefined)?.disconnect();
  await (server as PrivateRedis | undefined)?.stop();
});

keyValueContract('redis key-value store', () =>
  Promise.resolve(new RedisKeyValueStore(redis, new KeyBuilder(`kv${++prefixes}:`))),
);

describe('redis key-value store: outages', () => {
  it('reports an unreachable server as a StoreError, for sets too', async () => {
    const dead = createStoreRedis('redis://127.0.0.1:1', { retryStrategy: () => null });
    dead.on('error', () => undefined);
    const kv = new RedisKeyValueStore(dead, new KeyBuilder('dead:'));
    await expect(kv.setMembers('todo')).rejects.toBeInstanceOf(StoreError);
    await expect(kv.addToSet('todo', 'x')).rejects.toBeInstanceOf(StoreError);
    dead.disconnect();
  });

  it('waits for a connection that is being set up instead of failing (a command made at start-up)', async () => {
    const fresh = createStoreRedis(server.url);
    expect(fresh.status).not.toBe('ready');
    const kv = new RedisKeyValueStore(fresh, new KeyBuilder('fresh:'));
    await kv.addToSet('todo', 'x');
    expect(await kv.setMembers('todo')).toEqual(['x']);
    fresh.disconnect();
  });
});
