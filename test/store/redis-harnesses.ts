/**
 * The Redis harnesses of the store contracts, one each, for the single-Redis runners and the
 * cluster runner (contracts.cluster.redis.test.ts) alike: stores under a fresh prefix on the
 * given clients (`twin`: another client, as a second bot process sees the store).
 */
import type { RedisClient } from '../../src/store/redis-connection.js';
import { KeyBuilder } from '../../src/store/keys.js';
import { RedisEventRelay } from '../../src/store/redis-event-relay.js';
import { RedisLeagueStore } from '../../src/store/redis-league-store.js';
import { RedisPuzzleStore } from '../../src/store/redis-puzzle-store.js';
import { textLogger } from '../support/capturing-logger.js';
import type { RelayHarness } from './event-relay-contract.js';
import type { LeagueStoreHarness } from './league-contract.js';
import type { PuzzleStoreHarness } from './puzzle-store-contract.js';

export function redisLeagueHarness(
  shared: RedisClient,
  twin: RedisClient,
  keys: KeyBuilder,
): Promise<LeagueStoreHarness> {
  const logged: string[] = [];
  const log = textLogger(logged);
  const store = new RedisLeagueStore(shared, keys, { log });
  return Promise.resolve({
    store,
    twin: new RedisLeagueStore(twin, keys, { log }),
    logged,
    putRawRating: (player, variant, pool, text, games) =>
      store.putRawRating(player, variant, pool, text, games),
    putRawTournament: (id, text, version) => store.putRawTournament(id, text, version),
  });
}

export function redisPuzzleHarness(
  shared: RedisClient,
  twin: RedisClient,
  keys: KeyBuilder,
): Promise<PuzzleStoreHarness> {
  const logged: string[] = [];
  const log = textLogger(logged);
  const store = new RedisPuzzleStore(shared, keys, { log });
  return Promise.resolve({
    store,
    twin: new RedisPuzzleStore(twin, keys, { log }),
    logged,
    putRawRating: (kind, id, text) => store.putRawRating(kind, id, text),
    putRawDailySetting: (chatKey, text) => store.putRawDailySetting(chatKey, text),
    putRawDayResult: (chatKey, day, player, text) =>
      store.putRawDayResult(chatKey, day, player, text),
    putRawStatus: (puzzleId, text) => store.putRawStatus(puzzleId, text),
  });
}

export function redisRelayHarness(shared: RedisClient, keys: KeyBuilder): Promise<RelayHarness> {
  const logs: string[] = [];
  let consumers = 0;
  return Promise.resolve({
    relay: (settings) =>
      new RedisEventRelay(shared, {
        ...settings,
        keys,
        consumer: `process-${++consumers}`,
        log: textLogger(logs, false),
      }),
    plantGarbage: async (platform) => {
      const key = keys.events(platform);
      await shared.call('XGROUP', 'CREATE', key, 'presenters', '$', 'MKSTREAM').catch(() => null);
      await shared.call('XADD', key, '*', 'e', 'not json {');
      await shared.call('XADD', key, '*', 'other', 'field');
    },
    logs,
    close: () => Promise.resolve(undefined),
  });
}
