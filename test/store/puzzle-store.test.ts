import { textLogger } from '../support/capturing-logger.js';
import { describe, expect, it } from 'vitest';
import { MemoryPuzzleStore } from '../../src/store/memory-puzzle-store.js';
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
