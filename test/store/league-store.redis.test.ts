import { describe, expect, it } from 'vitest';
import { playerKey } from '../../src/game/model.js';
import { newPlayerRating } from '../../src/game/rating-model.js';
import { KeyBuilder } from '../../src/store/keys.js';
import { RedisLeagueStore } from '../../src/store/redis-league-store.js';
import { createStoreRedis } from '../../src/store/redis-connection.js';
import { textLogger } from '../support/capturing-logger.js';
import { ALICE, BORIS } from '../support/game-fixtures.js';
import { redisClients } from '../support/redis-clients.js';
import {
  errorOf,
  leagueStoreContract,
  makeTournament,
  ratedPlayer,
  ratingAfterGame,
} from './league-contract.js';
import { redisLeagueHarness } from './redis-harnesses.js';

const redis = redisClients();
let prefixes = 0;

leagueStoreContract('redis league store', () =>
  redisLeagueHarness(redis.shared(), redis.client(), new KeyBuilder(`lg${++prefixes}:`)),
);

describe('redis league store', () => {
  it('stores under the documented keys', async () => {
    const shared = redis.shared();
    const keys = new KeyBuilder(`layout${++prefixes}:`);
    const store = new RedisLeagueStore(shared, keys);
    const alice = ratingAfterGame(
      newPlayerRating(ratedPlayer(ALICE), 'bashni', 'people', 1_000),
      'g1',
      1620,
      80,
    );
    const boris = ratingAfterGame(
      newPlayerRating(ratedPlayer(BORIS), 'bashni', 'people', 1_000),
      'g1',
      1380,
      200,
    );
    const changes = [alice, boris].map((next) => ({ next, expectedGames: 0 }));
    expect(await store.saveRatedGame('g1', changes, ['telegram:-1'])).toBe('saved');
    await store.markFinishing('g2');
    await store.createTournament(makeTournament('t1'));
    const chatKey = 'telegram:-100';
    expect((await shared.keys(`${keys.prefix}*`)).sort()).toEqual(
      [
        keys.playerRating('bashni', 'people', playerKey(ALICE)),
        keys.playerRating('bashni', 'people', playerKey(BORIS)),
        keys.playerRatingPools(ALICE),
        keys.playerRatingPools(BORIS),
        keys.ratedGame('g1'),
        keys.topRatings('bashni', 'people'),
        keys.chatRatings('telegram:-1', 'bashni', 'people'),
        keys.finishingGames(),
        keys.tournament('t1'),
        keys.chatTournaments(chatKey),
        keys.liveTournaments(),
      ].sort(),
    );
    expect(await shared.hget(keys.playerRating('bashni', 'people', playerKey(ALICE)), 'v')).toBe(
      '1',
    );
    expect(await shared.smembers(keys.playerRatingPools(ALICE))).toEqual(['bashni:people']);
    // Boris is provisional: on the chat's board, not the global one.
    expect(
      await shared.zrange(keys.topRatings('bashni', 'people'), '0', '-1', 'WITHSCORES'),
    ).toEqual([playerKey(ALICE), '1620']);
    expect(await shared.zrange(keys.chatTournaments(chatKey), '0', '-1', 'WITHSCORES')).toEqual([
      't1',
      '1000',
    ]);
  });

  it("skips a bad entry of a player's pool set, saying so", async () => {
    const logged: string[] = [];
    const keys = new KeyBuilder(`pools${++prefixes}:`);
    const store = new RedisLeagueStore(redis.shared(), keys, { log: textLogger(logged) });
    await redis.shared().sadd(keys.playerRatingPools(ALICE), 'bashni:robots', 'bashni');
    expect(await store.playerRatings(ALICE)).toEqual([]);
    expect(logged).toHaveLength(2);
  });

  it('reports an unreachable server as store-unavailable', async () => {
    const dead = createStoreRedis('redis://127.0.0.1:1', { retryStrategy: () => null });
    dead.on('error', () => undefined);
    const store = new RedisLeagueStore(dead, new KeyBuilder('dead:'));
    const rating = newPlayerRating(ratedPlayer(ALICE), 'bashni', 'people', 1);
    const next = ratingAfterGame(rating, 'g', 1500, 80);
    const operations: [string, () => Promise<unknown>][] = [
      ['playerRating', () => store.playerRating(ALICE, 'bashni', 'people')],
      ['playerRatings', () => store.playerRatings(ALICE)],
      ['saveRatedGame', () => store.saveRatedGame('g', [{ next, expectedGames: 0 }], ['c'])],
      ['topRatings', () => store.topRatings('bashni', 'people', 10)],
      ['chatRatings', () => store.chatRatings('c', 'bashni', 'people')],
      ['markFinishing', () => store.markFinishing('g')],
      ['finishingGames', () => store.finishingGames()],
      ['finishingDone', () => store.finishingDone('g')],
      ['createTournament', () => store.createTournament(makeTournament('t'))],
      ['getTournament', () => store.getTournament('t')],
      ['saveTournament', () => store.saveTournament(makeTournament('t', { version: 2 }), 1)],
      ['chatTournaments', () => store.chatTournaments('c', 5)],
      ['liveTournaments', () => store.liveTournaments()],
    ];
    for (const [name, operation] of operations)
      expect(await errorOf(operation()), name).toMatchObject({
        name: 'StoreError',
        code: 'store-unavailable',
      });
    dead.disconnect();
  });
});
