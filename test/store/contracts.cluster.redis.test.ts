/**
 * Every store contract (game store, league, puzzles, key-value, event relay, change feed) on a Redis Cluster
 * of 3 masters, the same suites the single-Redis runners run: every script, transaction and
 * pipeline of the stores must keep to one slot (a CROSSSLOT reply fails them here).
 */
import { silentLogger } from '../../src/game/logger.js';
import { KeyBuilder, hashTag } from '../../src/store/keys.js';
import { RedisKeyValueStore } from '../../src/store/key-value.js';
import { RedisGameStore } from '../../src/store/redis-store.js';
import { useRedisBackend } from '../support/redis-backend.js';
import { storeContract } from './contract.js';
import { eventRelayContract } from './event-relay-contract.js';
import { changeFeedContract } from './change-feed-contract.js';
import { RedisChangeFeed } from '../../src/store/redis-change-feed.js';
import { keyValueContract } from './key-value-contract.js';
import { leagueStoreContract } from './league-contract.js';
import { puzzleStoreContract } from './puzzle-store-contract.js';
import { redisLeagueHarness, redisPuzzleHarness, redisRelayHarness } from './redis-harnesses.js';
import { describe, expect, it } from 'vitest';
import { Cluster } from 'ioredis';

const redis = useRedisBackend('cluster');
let prefixes = 0;
const fresh = (name: string) => new KeyBuilder(`${name}${++prefixes}:`);

describe('the test cluster', () => {
  it('is a cluster of 3 masters, and the layout spreads entities over them', async () => {
    const shared = redis.shared();
    expect(shared).toBeInstanceOf(Cluster);
    expect((shared as Cluster).nodes('master')).toHaveLength(3);
    const keys = new KeyBuilder();
    // Keys of one entity share a tag; different entities' tags differ.
    expect(hashTag(keys.game('g1'))).toBe(hashTag(keys.ratedGame('g1')));
    expect(hashTag(keys.game('g1'))).not.toBe(hashTag(keys.game('g2')));
    const slots = new Set<number>();
    for (let i = 0; i < 20; i++)
      slots.add(Number(await shared.cluster('KEYSLOT', keys.game(`g${i}`))));
    expect(slots.size).toBeGreaterThan(10);
  });
});

storeContract('redis store on a cluster', () => {
  const store = new RedisGameStore(redis.shared(), fresh('t'), { log: silentLogger });
  return Promise.resolve({ store, putRawGame: (id, text) => store.putRawGame(id, text) });
});

leagueStoreContract('redis league store on a cluster', () =>
  redisLeagueHarness(redis.shared(), redis.client(), fresh('lg')),
);

puzzleStoreContract('redis puzzle store on a cluster', () =>
  redisPuzzleHarness(redis.shared(), redis.client(), fresh('pz')),
);

keyValueContract('redis key-value store on a cluster', () =>
  Promise.resolve(new RedisKeyValueStore(redis.shared(), fresh('kv'))),
);

eventRelayContract('redis relay on a cluster', () => redisRelayHarness(redis.shared(), fresh('r')));

changeFeedContract('redis change feed on a cluster', () => {
  const keys = fresh('f');
  // Each feed its own client, as processes have: a subscriber on one node hears a PUBLISH on any.
  return Promise.resolve({
    feed: () => new RedisChangeFeed(redis.client(), { keys }),
    close: () => Promise.resolve(),
  });
});
