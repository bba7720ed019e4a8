import { textLogger } from '../support/capturing-logger.js';
import { describe, expect, it } from 'vitest';
import { MemoryPuzzleStore } from '../../src/store/memory-puzzle-store.js';
import { DEFAULT_RATING } from '../../src/ratings/glicko2.js';
import { ALICE } from '../support/game-fixtures.js';
import { puzzleStoreContract } from './puzzle-store-contract.js';

puzzleStoreContract('memory puzzle store', () => {
  const logged: string[] = [];
  const store = new MemoryPuzzleStore({
    log: textLogger(logged),
  });
  return Promise.resolve({
    store,
    twin: store,
    logged,
    putRawRating: (kind, id, text) => Promise.resolve(store.putRawRating(kind, id, text)),
    putRawDailySetting: (chatKey, text) => Promise.resolve(store.putRawDailySetting(chatKey, text)),
    putRawDayResult: (chatKey, day, player, text) =>
      Promise.resolve(store.putRawDayResult(chatKey, day, player, text)),
    putRawStatus: (puzzleId, text) => Promise.resolve(store.putRawStatus(puzzleId, text)),
  });
});

describe('memory puzzle store: claims', () => {
  it('forgets a claim after its time to live', async () => {
    let now = 1_000_000;
    const store = new MemoryPuzzleStore({ claimTtlMs: 60_000, clock: { now: () => now } });
    expect(await store.claimDailyPost('telegram:1', '2026-01-01')).toBe(true);
    now += 59_999;
    expect(await store.claimDailyPost('telegram:1', '2026-01-01')).toBe(false);
    now += 1;
    expect(await store.claimDailyPost('telegram:1', '2026-01-01')).toBe(true);
  });
});

describe('memory puzzle store: day results', () => {
  it('drops the results of days more than two weeks before a new day, as Redis expires them', async () => {
    const store = new MemoryPuzzleStore({ log: textLogger([]) });
    const record = (day: string) =>
      store.recordFirstAttempt(
        { puzzleId: `p-${day}`, player: ALICE, solved: true, at: 1, chatKey: 'telegram:1', day },
        { user: DEFAULT_RATING, puzzle: DEFAULT_RATING },
      );
    await record('2026-03-01');
    await record('2026-03-15');
    expect(await store.dailyResults('telegram:1', '2026-03-01')).toHaveLength(1);
    await record('2026-03-16');
    expect(await store.dailyResults('telegram:1', '2026-03-01')).toEqual([]);
    expect(await store.dailyResults('telegram:1', '2026-03-15')).toHaveLength(1);
  });
});
