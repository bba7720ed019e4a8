import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { playerKey } from '../../src/game/model.js';
import { StoreError } from '../../src/game/ports.js';
import { DEFAULT_RATING } from '../../src/ratings/glicko2.js';
import { KeyBuilder } from '../../src/store/keys.js';
import { DAY_HISTORY_TTL_MS } from '../../src/store/puzzle-store-common.js';
import { RedisPuzzleStore } from '../../src/store/redis-puzzle-store.js';
import { createStoreRedis } from '../../src/store/redis-connection.js';
import { ALICE } from '../support/game-fixtures.js';
import { startRedis, type PrivateRedis } from '../support/redis-server.js';
import { puzzleStoreContract } from './puzzle-store-contract.js';
import { redisPuzzleHarness } from './redis-harnesses.js';

let server: PrivateRedis;
let shared: Redis;
let prefixes = 0;
const clients: Redis[] = [];

/** A client of its own: a second instance on it stands for another bot process. */
function client(): Redis {
  const redis = createStoreRedis(server.url);
  clients.push(redis);
  return redis;
}

beforeAll(async () => {
  server = await startRedis();
  shared = client();
});

afterEach(() => {
  for (const redis of clients.splice(1)) redis.disconnect();
});

afterAll(async () => {
  (shared as Redis | undefined)?.disconnect();
  await (server as PrivateRedis | undefined)?.stop();
});

puzzleStoreContract('redis puzzle store', () =>
  redisPuzzleHarness(shared, client(), new KeyBuilder(`pz${++prefixes}:`)),
);

describe('redis puzzle store', () => {
  it('stores under the documented keys; a claim expires after its time to live', async () => {
    const keys = new KeyBuilder(`layout${++prefixes}:`);
    const store = new RedisPuzzleStore(shared, keys, { claimTtlMs: 3 * 86_400_000 });
    const day = { chatKey: 'telegram:-1', day: '2026-09-01' };
    await store.recordFirstAttempt(
      { puzzleId: 'p1', player: ALICE, solved: true, at: 5, ...day },
      { user: DEFAULT_RATING, puzzle: DEFAULT_RATING },
    );
    await store.setDaily('telegram:-1', { time: '10:00', timeZone: 'Europe/Moscow' });
    expect(await store.claimDailyPost('telegram:-1', '2026-09-01')).toBe(true);
    await store.vote('p1', ALICE, false);
    await store.setPuzzleStatus('p1', { tier: 2 });
    expect(await shared.hgetall(keys.puzzleVotes('p1'))).toEqual({
      [playerKey(ALICE)]: '0',
      '#down': '1',
    });
    expect((await shared.keys(`${keys.prefix}*`)).sort()).toEqual(
      [
        keys.puzzleAttempt('p1', ALICE),
        keys.puzzleRating('user', playerKey(ALICE)),
        keys.puzzleRating('puzzle', 'p1'),
        keys.puzzleDay('telegram:-1', '2026-09-01'),
        keys.puzzlePlayerDays('telegram:-1', ALICE),
        keys.dailySettings(),
        keys.dailyClaim('telegram:-1', '2026-09-01'),
        keys.puzzleVotes('p1'),
        keys.puzzleStatuses(),
      ].sort(),
    );
    expect(await shared.hgetall(keys.puzzlePlayerDays('telegram:-1', ALICE))).toEqual({
      '2026-09-01': '1',
    });
    const ttl = await shared.pttl(keys.dailyClaim('telegram:-1', '2026-09-01'));
    expect(ttl).toBeGreaterThan(2 * 86_400_000);
    expect(ttl).toBeLessThanOrEqual(3 * 86_400_000);
    // Day histories expire two weeks after their last write: no key lives forever.
    for (const key of [
      keys.puzzleDay('telegram:-1', '2026-09-01'),
      keys.puzzlePlayerDays('telegram:-1', ALICE),
    ]) {
      const left = await shared.pttl(key);
      expect(left, key).toBeGreaterThan(DAY_HISTORY_TTL_MS - 60_000);
      expect(left, key).toBeLessThanOrEqual(DAY_HISTORY_TTL_MS);
    }

    const short = new RedisPuzzleStore(client(), keys, { claimTtlMs: 50 });
    expect(await short.claimDailyPost('discord:1', '2026-09-01')).toBe(true);
    expect(await short.claimDailyPost('discord:1', '2026-09-01')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await short.claimDailyPost('discord:1', '2026-09-01')).toBe(true);
  });

  it('reports an unreachable server as store-unavailable', async () => {
    const dead = createStoreRedis('redis://127.0.0.1:1', { retryStrategy: () => null });
    dead.on('error', () => undefined);
    const store = new RedisPuzzleStore(dead, new KeyBuilder('dead:'));
    const operations: [string, () => Promise<unknown>][] = [
      ['rating', () => store.rating('user', 'x')],
      [
        'recordFirstAttempt',
        () =>
          store.recordFirstAttempt(
            { puzzleId: 'p', player: ALICE, solved: true, at: 1 },
            { user: DEFAULT_RATING, puzzle: DEFAULT_RATING },
          ),
      ],
      ['dailyResults', () => store.dailyResults('c', '2026-01-01')],
      ['weekResults', () => store.weekResults('c', ['2026-01-01'])],
      ['streak', () => store.streak('c', ALICE)],
      ['dailyChats', () => store.dailyChats()],
      ['claimDailyPost', () => store.claimDailyPost('c', '2026-01-01')],
    ];
    for (const [name, operation] of operations) {
      const error = await operation().then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error, name).toBeInstanceOf(StoreError);
      expect((error as StoreError).code, name).toBe('store-unavailable');
    }
    dead.disconnect();
  });
});
