import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { silentLogger } from '../../src/game/logger.js';
import { encodeGame } from '../../src/store/codec.js';
import { KeyBuilder } from '../../src/store/keys.js';
import { layoutOf } from '../../src/store/layout.js';
import { migrateKeys } from '../../src/store/migrate-keys.js';
import { createStoreRedis } from '../../src/store/redis-connection.js';
import { RedisGameStore } from '../../src/store/redis-store.js';
import { ALICE, BORIS, makeGame } from '../support/game-fixtures.js';
import { redisClients } from '../support/redis-clients.js';
import { startRedisCluster, type PrivateCluster } from '../support/redis-cluster.js';
import { runCliWith } from '../support/run-cli.js';

const redis = redisClients();

/** A store client once it takes commands (they queue nothing offline). */
async function ready(client: Redis): Promise<Redis> {
  if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve));
  return client;
}

/** A database as the layout before hash tags left it (names written out, as that code did). */
async function oldLayout(shared: Redis, p: string): Promise<void> {
  const game = makeGame('g1', { updatedAt: 2_000 });
  await shared.hset(`${p}game:g1`, 'v', '1', 'd', encodeGame(game));
  await shared.sadd(`${p}player:telegram:${ALICE.userId}:active`, 'g1');
  await shared.sadd(`${p}player:telegram:${BORIS.userId}:active`, 'g1');
  await shared.set(`${p}view:telegram:-100:5`, 'game:g1');
  await shared.set(`${p}rated:g0`, '1');
  await shared.set(`${p}kv:tg:lang:1`, 'ru', 'PX', 60_000);
  await shared.hset(`${p}bull:timers:meta`, 'opts.maxLenEvents', '10000');
  // An active game the `active` index never had (older than the index).
  await shared.zadd(`${p}finished`, 1, 'gone');
}

/** The store reads oldLayout's game as it was: the record, its indexes and its message view. */
async function expectMigratedGame(store: RedisGameStore): Promise<void> {
  expect(await store.getGame('g1')).toEqual(makeGame('g1', { updatedAt: 2_000 }));
  expect(await store.activeGameIds(ALICE)).toEqual(['g1']);
  expect(await store.findByView({ platform: 'telegram', chatId: '-100', messageId: '5' })).toEqual({
    kind: 'game',
    id: 'g1',
  });
  // The idle sweep finds the game the old index lacked.
  expect(await store.idleGameIds(5_000, 10)).toEqual(['g1']);
}

describe('redis migrate-keys', () => {
  it('copies the old layout to the new names in place; the store reads the game; a second run copies nothing', async () => {
    const shared = await ready(redis.shared());
    const keys = new KeyBuilder('mig:');
    await oldLayout(shared, keys.prefix);
    expect(await layoutOf(shared, keys)).toBe('old');

    const dry = await migrateKeys({ from: shared, to: shared, keys, dryRun: true });
    expect(dry).toMatchObject({ found: 8, copied: 6, kept: 2 });
    expect(await shared.exists(keys.game('g1'))).toBe(0);

    const counts = await migrateKeys({ from: shared, to: shared, keys, deleteOld: true });
    expect(counts).toMatchObject({ found: 8, copied: 6, kept: 2, deleted: 6, indexed: 1 });
    const store = new RedisGameStore(shared, keys, { log: silentLogger });
    await expectMigratedGame(store);
    expect(await shared.get(keys.ratedGame('g0'))).toBe('1');
    expect(await shared.pttl(`${keys.prefix}kv:tg:lang:1`)).toBeGreaterThan(0);
    expect(await shared.exists(`${keys.bullMqPrefix()}:timers:meta`)).toBe(1);
    expect(await shared.exists(`${keys.prefix}game:g1`)).toBe(0);
    expect(await layoutOf(shared, keys)).toBe('new');

    const again = await migrateKeys({ from: shared, to: shared, keys });
    // What is left under the prefix keeps its name (finished, active, a kv key): nothing to do.
    expect(again).toMatchObject({ found: 3, kept: 3, copied: 0, indexed: 0 });
    await store.close();
  });

  it('copies into another database, leaving the source as it was', async () => {
    const shared = await ready(redis.shared());
    const target = await ready(redis.client());
    await target.select(3);
    const keys = new KeyBuilder('copy:');
    await oldLayout(shared, keys.prefix);
    const counts = await migrateKeys({ from: shared, to: target, keys });
    expect(counts).toMatchObject({ found: 8, copied: 8, present: 0 });
    expect(await target.hget(keys.game('g1'), 'v')).toBe('1');
    expect(await target.zscore(keys.activeGamesByChange(), 'g1')).toBe('2000');
    expect(await shared.exists(`${keys.prefix}game:g1`)).toBe(1);
    expect((await migrateKeys({ from: shared, to: target, keys })).present).toBe(8);
  });

  describe('into a Redis Cluster (--to-cluster)', () => {
    let cluster: PrivateCluster | undefined;
    beforeAll(async () => {
      cluster = await startRedisCluster({ masters: 3 });
    });
    afterAll(async () => {
      await cluster?.stop();
    });

    it('copies a single Redis of the old layout to a cluster, where the store reads it; a second run finds everything there', async () => {
      const shared = await ready(redis.shared());
      const keys = new KeyBuilder('tocl:');
      await oldLayout(shared, keys.prefix);
      const nodes = cluster!.masters.map((node) => `127.0.0.1:${node.port}`).join(',');
      const migrate = () =>
        runCliWith(
          { REDIS_URL: '' },
          'redis',
          'migrate-keys',
          '--from',
          `redis://127.0.0.1:${shared.options.port}`,
          '--to-cluster',
          nodes,
          '--prefix',
          keys.prefix,
        );
      const first = migrate();
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(/: 8; copied: 8; already there: 0;/);

      const target = createStoreRedis({
        kind: 'cluster',
        nodes: cluster!.masters.map((node) => ({ host: '127.0.0.1', port: node.port })),
      });
      const store = new RedisGameStore(target, keys, { log: silentLogger });
      try {
        await expectMigratedGame(store);
        expect(await target.pttl(`${keys.prefix}kv:tg:lang:1`)).toBeGreaterThan(0);
        expect(await target.exists(`${keys.bullMqPrefix()}:timers:meta`)).toBe(1);
        expect(await layoutOf(target, keys)).toBe('new');
      } finally {
        await store.close();
        target.disconnect();
      }
      // The source is left as it was, and a second run copies nothing.
      expect(await shared.exists(`${keys.prefix}game:g1`)).toBe(1);
      expect(migrate().stdout).toMatch(/copied: 0; already there: 8;/);
    }, 60_000);
  });
});
