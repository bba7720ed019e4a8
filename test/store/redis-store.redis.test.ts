import { textLogger } from '../support/capturing-logger.js';
import { silentLogger } from '../../src/game/logger.js';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StoreError } from '../../src/game/ports.js';
import { encodeGame } from '../../src/store/codec.js';
import { KeyBuilder } from '../../src/store/keys.js';
import { createStoreRedis } from '../../src/store/redis-connection.js';
import { RedisGameStore } from '../../src/store/redis-store.js';
import { ALICE, BORIS, makeChallenge, makeGame } from '../support/game-fixtures.js';
import { startRedis, type PrivateRedis } from '../support/redis-server.js';
import { storeContract } from './contract.js';

let server: PrivateRedis;
let shared: Redis;
let prefixes = 0;
const stores: RedisGameStore[] = [];

/** A store on the private server under a prefix no other test uses. */
function freshStore(connection: Redis | string = shared): RedisGameStore {
  const store = new RedisGameStore(connection, new KeyBuilder(`t${++prefixes}:`), {
    log: silentLogger,
  });
  stores.push(store);
  return store;
}

beforeAll(async () => {
  server = await startRedis();
  shared = createStoreRedis(server.url);
});

afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

afterAll(async () => {
  (shared as Redis | undefined)?.disconnect();
  await (server as PrivateRedis | undefined)?.stop();
});

storeContract('redis store', () => {
  const store = freshStore();
  return Promise.resolve({ store, putRawGame: (id, text) => store.putRawGame(id, text) });
});

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('redis store: layout and concurrency', () => {
  it('stores records and indexes under the documented keys', async () => {
    const store = freshStore();
    const keys = store.keys;
    const view = { platform: 'telegram' as const, chatId: '-100', messageId: '5' };
    const game = makeGame('g1', {
      status: 'finished',
      finishedAt: 4_000,
      result: { winner: null, reason: 'agreement' },
      views: [view],
    });
    await store.createGame(game);
    await store.createGame(makeGame('g2'));
    await store.createChallenge(makeChallenge('c1', { status: 'declined', updatedAt: 3_000 }));

    expect(await shared.hgetall(keys.game('g1'))).toEqual({ v: '1', d: encodeGame(game) });
    expect(await shared.get(keys.view(view))).toBe('game:g1');
    expect(await shared.smembers(keys.activeGames(ALICE))).toEqual(['g2']);
    expect(await shared.smembers(keys.activeGames(BORIS))).toEqual(['g2']);
    expect(await shared.zrange(keys.finishedGames(), '0', '-1', 'WITHSCORES')).toEqual([
      'g1',
      '4000',
    ]);
    expect(await shared.zrange(keys.activeGamesByChange(), '0', '-1', 'WITHSCORES')).toEqual([
      'g2',
      '1000',
    ]);
    expect(await shared.zrange(keys.closedChallenges(), '0', '-1', 'WITHSCORES')).toEqual([
      'c1',
      '3000',
    ]);
    expect((await shared.keys(`${keys.prefix}*`)).sort()).toEqual(
      [
        keys.game('g1'),
        keys.game('g2'),
        keys.challenge('c1'),
        keys.view(view),
        keys.activeGames(ALICE),
        keys.activeGames(BORIS),
        keys.finishedGames(),
        keys.activeGamesByChange(),
        keys.closedChallenges(),
      ].sort(),
    );
  });

  it('lets exactly one of 50 simultaneous saves from two connections win', async () => {
    const first = freshStore(server.url);
    const second = new RedisGameStore(server.url, first.keys, { log: silentLogger });
    stores.push(second);
    await first.createGame(makeGame('g1'));
    const attempts = Array.from({ length: 50 }, (_, i) =>
      (i % 2 === 0 ? first : second).saveGame(
        makeGame('g1', { version: 2, moves: [`attempt-${i}`] }),
        1,
      ),
    );
    const results = await Promise.all(attempts);
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results.indexOf(true);
    expect((await second.getGame('g1'))?.moves).toEqual([`attempt-${winner}`]);
    expect((await first.getGame('g1'))?.version).toBe(2);
  });

  it('a corrupt record is an error for that game only, and purge leaves it alone', async () => {
    const store = freshStore();
    await store.createGame(makeGame('good', { status: 'finished', finishedAt: 1_000 }));
    await store.putRawGame('garbage', 'not json at all {');
    await store.putRawGame('future', JSON.stringify({ s: 7, id: 'future', version: 3 }));
    // Finished long ago according to the index, but unreadable: purge must not delete it.
    await shared.zadd(store.keys.finishedGames(), 1, 'garbage');
    for (const id of ['garbage', 'future']) {
      const error = await errorOf(store.getGame(id));
      expect(error).toBeInstanceOf(StoreError);
      expect((error as StoreError).code).toBe('corrupt-record');
      expect((error as StoreError).recordId).toBe(id);
      expect((error as StoreError).message).toContain(id);
    }
    expect((await store.getGame('good'))?.id).toBe('good');
    expect(await store.purge(5_000)).toEqual({ games: 1, challenges: 0 });
    expect(await shared.hget(store.keys.game('garbage'), 'd')).toBe('not json at all {');
    expect((await errorOf(store.getGame('garbage'))) as StoreError).toMatchObject({
      code: 'corrupt-record',
    });
  });

  it('purge drops index entries whose record is gone and keeps views now showing a game', async () => {
    const store = freshStore();
    const view = { platform: 'telegram' as const, chatId: '9', messageId: '9' };
    await store.createChallenge(makeChallenge('c1', { views: [view] }));
    await store.startGame(
      makeChallenge('c1', { version: 2, status: 'accepted', gameId: 'g1', views: [view] }),
      1,
      makeGame('g1', { views: [view] }),
    );
    await shared.zadd(store.keys.finishedGames(), 1, 'ghost');
    expect(await store.purge(Number.MAX_SAFE_INTEGER)).toEqual({ games: 0, challenges: 1 });
    expect(await shared.zcard(store.keys.finishedGames())).toBe(0);
    expect(await store.findByView(view)).toEqual({ kind: 'game', id: 'g1' });
  });
});

describe('redis store: a dead Redis', () => {
  let dying: PrivateRedis;
  beforeAll(async () => {
    dying = await startRedis();
  });
  afterAll(async () => {
    await (dying as PrivateRedis | undefined)?.stop();
  });

  it('fails fast with store-unavailable, never crashes, and recovers on the same instance', async () => {
    const lines: string[] = [];
    const store = new RedisGameStore(dying.url, new KeyBuilder('dead:'), {
      log: textLogger(lines, false),
    });
    stores.push(store);
    expect(await store.createGame(makeGame('g1'))).toBe(true);

    await dying.stop();
    const view = { platform: 'telegram' as const, chatId: '1', messageId: '1' };
    const operations: [string, () => Promise<unknown>][] = [
      ['getGame', () => store.getGame('g1')],
      ['saveGame', () => store.saveGame(makeGame('g1', { version: 2 }), 1)],
      ['createGame', () => store.createGame(makeGame('g2'))],
      ['createChallenge', () => store.createChallenge(makeChallenge('c1'))],
      ['getChallenge', () => store.getChallenge('c1')],
      ['activeGameIds', () => store.activeGameIds(ALICE)],
      ['findByView', () => store.findByView(view)],
      ['purge', () => store.purge(5_000)],
    ];
    for (const [name, operation] of operations) {
      const started = Date.now();
      const error = await errorOf(operation());
      expect(error, name).toBeInstanceOf(StoreError);
      expect((error as StoreError).code, name).toBe('store-unavailable');
      expect(Date.now() - started, name).toBeLessThan(2_500);
    }
    // Many at once too, while ioredis keeps reconnecting in the background.
    const burst = await Promise.all(Array.from({ length: 20 }, () => errorOf(store.getGame('g1'))));
    for (const error of burst) expect((error as StoreError).code).toBe('store-unavailable');

    await dying.restart();
    const deadline = Date.now() + 10_000;
    let recovered = false;
    while (!recovered && Date.now() < deadline) {
      recovered = await store.getGame('g1').then(
        () => true,
        () => false,
      );
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(recovered).toBe(true);
    // A fresh server: the old data is gone, and the same instance writes again.
    expect(await store.getGame('g1')).toBeUndefined();
    expect(await store.createGame(makeGame('g1'))).toBe(true);
    expect(await store.activeGameIds(ALICE)).toEqual(['g1']);
    // One line when the outage started, one when it ended: not one per failed reconnect.
    expect(lines).toEqual([
      'redis store: Redis connection lost, reconnecting in the background',
      'redis store: Redis connection restored',
    ]);
    await store.close();
    expect(lines).toHaveLength(2); // closing on purpose is no outage
  });
});
