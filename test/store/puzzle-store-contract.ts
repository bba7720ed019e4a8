import { beforeEach, describe, expect, it } from 'vitest';
import type { PlayerId } from '../../src/game/model.js';
import { playerKey } from '../../src/game/model.js';
import { StoreError } from '../../src/game/ports.js';
import type {
  PuzzleAttempt,
  PuzzlePlayer,
  PuzzleStore,
  RatedKind,
} from '../../src/game/puzzle-ports.js';
import { DEFAULT_RATING, type Rating } from '../../src/ratings/glicko2.js';
import { ALICE, BORIS, CAROL } from '../support/game-fixtures.js';
import { item } from '../support/present.js';

/** What a puzzle store test needs: a fresh store, a second instance on the same data, raw writes. */
export interface PuzzleStoreHarness {
  store: PuzzleStore;
  /** Another instance over the same data (another process, for Redis); the same one in memory. */
  twin: PuzzleStore;
  putRawRating(kind: RatedKind, id: string, text: string): Promise<void>;
  putRawDailySetting(chatKey: string, text: string): Promise<void>;
  putRawDayResult(chatKey: string, day: string, player: PlayerId, text: string): Promise<void>;
  putRawStatus(puzzleId: string, text: string): Promise<void>;
  /** Lines the store logged. */
  logged: string[];
}

const CHAT = 'telegram:-100';
const OTHER_CHAT = 'discord:555';

const rated = (rating: number, deviation = 200): Rating => ({
  rating,
  deviation,
  volatility: 0.06,
});

/** How the store shows a Player: id and name only. */
const shown = (player: PuzzlePlayer & { displayName: string }): PuzzlePlayer => ({
  platform: player.platform,
  userId: player.userId,
  displayName: player.displayName,
});

function attempt(
  player: PuzzlePlayer,
  puzzleId: string,
  solved: boolean,
  at: number,
  daily?: { chatKey: string; day: string },
): PuzzleAttempt {
  return { puzzleId, player, solved, at, ...daily };
}

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

/**
 * The behaviour every PuzzleStore must have (test/store/puzzle-store.test.ts,
 * test/store/puzzle-store.redis.test.ts).
 */
export function puzzleStoreContract(
  name: string,
  makeHarness: () => Promise<PuzzleStoreHarness>,
): void {
  describe(`${name}: PuzzleStore contract`, () => {
    let harness: PuzzleStoreHarness;
    let store: PuzzleStore;
    beforeEach(async () => {
      harness = await makeHarness();
      store = harness.store;
    });

    /** A daily attempt with ratings derived from the outcome, so a change would show. */
    const daily = (player: PuzzlePlayer, day: string, solved: boolean, at: number, chat = CHAT) =>
      store.recordFirstAttempt(
        attempt(player, `daily-${day}`, solved, at, { chatKey: chat, day }),
        {
          user: rated(solved ? 1550 : 1450),
          puzzle: rated(solved ? 1450 : 1550),
        },
      );

    it('knows no rating before a first attempt, then both ratings of it', async () => {
      expect(await store.rating('user', playerKey(ALICE))).toBeUndefined();
      expect(await store.rating('puzzle', 'p1')).toBeUndefined();
      expect(await store.firstAttempt('p1', ALICE)).toBeUndefined();

      const first = attempt(ALICE, 'p1', true, 1_000);
      expect(
        await store.recordFirstAttempt(first, { user: rated(1620, 180), puzzle: rated(1480, 90) }),
      ).toBe(true);
      expect(await store.rating('user', playerKey(ALICE))).toEqual(rated(1620, 180));
      expect(await store.rating('puzzle', 'p1')).toEqual(rated(1480, 90));
      expect(await store.firstAttempt('p1', ALICE)).toEqual({ ...first, player: shown(ALICE) });
      expect(await store.attempted(ALICE, ['p0', 'p1', 'p2'])).toEqual(new Set(['p1']));
      expect(await store.attempted(BORIS, ['p1'])).toEqual(new Set());
      expect(await store.attempted(ALICE, [])).toEqual(new Set());
      // Kinds and ids do not mix.
      expect(await store.rating('puzzle', playerKey(ALICE))).toBeUndefined();
      expect(await store.rating('user', 'p1')).toBeUndefined();
      expect(await store.rating('user', playerKey(BORIS))).toBeUndefined();
    });

    it('counts only the first attempt: a second one changes nothing', async () => {
      const day = { chatKey: CHAT, day: '2026-05-01' };
      expect(
        await store.recordFirstAttempt(attempt(ALICE, 'p1', false, 1_000, day), {
          user: rated(1400),
          puzzle: rated(1600),
        }),
      ).toBe(true);
      expect(
        await store.recordFirstAttempt(attempt(ALICE, 'p1', true, 2_000, day), {
          user: rated(1900),
          puzzle: rated(1100),
        }),
      ).toBe(false);
      expect(await store.rating('user', playerKey(ALICE))).toEqual(rated(1400));
      expect(await store.rating('puzzle', 'p1')).toEqual(rated(1600));
      expect((await store.firstAttempt('p1', ALICE))?.solved).toBe(false);
      expect(await store.dailyResults(CHAT, '2026-05-01')).toEqual([
        { player: shown(ALICE), puzzleId: 'p1', solved: false, at: 1_000 },
      ]);
      expect(await store.streak(CHAT, ALICE)).toBe(0);
      // Another puzzle, or another player on the same puzzle, is a first attempt again.
      const other = { user: rated(1500), puzzle: rated(1500) };
      expect(await store.recordFirstAttempt(attempt(ALICE, 'p2', true, 3_000), other)).toBe(true);
      expect(await store.recordFirstAttempt(attempt(BORIS, 'p1', true, 3_000), other)).toBe(true);
    });

    it('records a double tap once, even from two instances at the same moment', async () => {
      const day = { chatKey: CHAT, day: '2026-05-02' };
      const outcomes = await Promise.all([
        store.recordFirstAttempt(attempt(BORIS, 'p9', true, 5_000, day), {
          user: rated(1700),
          puzzle: rated(1300),
        }),
        harness.twin.recordFirstAttempt(attempt(BORIS, 'p9', false, 5_001, day), {
          user: rated(1300),
          puzzle: rated(1700),
        }),
      ]);
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      const won = outcomes[0];
      // Everything written belongs to the one attempt that won.
      expect((await store.firstAttempt('p9', BORIS))?.solved).toBe(won);
      expect((await store.rating('user', playerKey(BORIS)))?.rating).toBe(won ? 1700 : 1300);
      expect((await store.rating('puzzle', 'p9'))?.rating).toBe(won ? 1300 : 1700);
      const results = await store.dailyResults(CHAT, '2026-05-02');
      expect(results.map((r) => r.solved)).toEqual([won]);
      expect(await store.streak(CHAT, BORIS)).toBe(won ? 1 : 0);
    });

    it('records many players at once on one puzzle, each once', async () => {
      const players = Array.from({ length: 12 }, (_, i) => ({
        platform: 'telegram' as const,
        userId: String(9_000 + i),
        displayName: `P${i}`,
      }));
      const taps = players.flatMap((player, i) =>
        [store, harness.twin].map((s) =>
          s.recordFirstAttempt(
            attempt(player, 'daily-x', i % 3 !== 0, 10_000 + i, {
              chatKey: CHAT,
              day: '2026-05-03',
            }),
            { user: DEFAULT_RATING, puzzle: DEFAULT_RATING },
          ),
        ),
      );
      const outcomes = await Promise.all(taps);
      expect(outcomes.filter(Boolean)).toHaveLength(players.length);
      const results = await store.dailyResults(CHAT, '2026-05-03');
      expect(results).toHaveLength(players.length);
      expect(results.filter((r) => r.solved)).toHaveLength(8);
    });

    it("ranks a chat's day: solvers first, earliest first; other chats and days apart", async () => {
      await daily(ALICE, '2026-06-01', true, 3_000);
      await daily(BORIS, '2026-06-01', false, 1_000);
      await daily(CAROL, '2026-06-01', true, 2_000);
      await daily(ALICE, '2026-06-02', false, 9_000);
      // Carol's attempt at another chat's post of the same day does not count here.
      await store.recordFirstAttempt(
        attempt(CAROL, 'other', true, 500, { chatKey: OTHER_CHAT, day: '2026-06-01' }),
        { user: DEFAULT_RATING, puzzle: DEFAULT_RATING },
      );
      // Nor does a puzzle solved outside a daily post.
      await store.recordFirstAttempt(attempt(BORIS, 'free', true, 100), {
        user: DEFAULT_RATING,
        puzzle: DEFAULT_RATING,
      });
      expect(await store.dailyResults(CHAT, '2026-06-01')).toEqual([
        { player: shown(CAROL), puzzleId: 'daily-2026-06-01', solved: true, at: 2_000 },
        { player: shown(ALICE), puzzleId: 'daily-2026-06-01', solved: true, at: 3_000 },
        { player: shown(BORIS), puzzleId: 'daily-2026-06-01', solved: false, at: 1_000 },
      ]);
      expect(await store.dailyResults(OTHER_CHAT, '2026-06-01')).toEqual([
        { player: shown(CAROL), puzzleId: 'other', solved: true, at: 500 },
      ]);
      expect(await store.dailyResults(CHAT, '2026-06-03')).toEqual([]);
    });

    it('sums a week: most solved, then fewest failed', async () => {
      const days = ['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04'];
      await daily(ALICE, item(days, 0, 'days'), true, 1);
      await daily(ALICE, item(days, 1, 'days'), true, 2);
      await daily(ALICE, item(days, 2, 'days'), false, 3);
      await daily(BORIS, item(days, 0, 'days'), true, 4);
      await daily(BORIS, item(days, 1, 'days'), true, 5);
      await daily(CAROL, item(days, 3, 'days'), true, 6);
      await daily(CAROL, '2026-05-31', true, 7); // outside the days asked for
      await daily(CAROL, item(days, 2, 'days'), true, 8, OTHER_CHAT); // another chat
      expect(await store.weekResults(CHAT, days)).toEqual([
        { player: shown(BORIS), solved: 2, failed: 0, lastAt: 5 },
        { player: shown(ALICE), solved: 2, failed: 1, lastAt: 3 },
        { player: shown(CAROL), solved: 1, failed: 0, lastAt: 6 },
      ]);
      expect(await store.weekResults(CHAT, [])).toEqual([]);
      expect(await store.weekResults(OTHER_CHAT, days)).toEqual([
        { player: shown(CAROL), solved: 1, failed: 0, lastAt: 8 },
      ]);
    });

    it('counts streaks of consecutive days solved, per chat', async () => {
      for (const day of ['2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01'])
        await daily(ALICE, day, true, 1);
      // Across the end of February: a run of four, broken by the failure of 03-02.
      expect(await store.streak(CHAT, ALICE, '2026-03-01')).toBe(4);
      await daily(ALICE, '2026-03-02', false, 1);
      expect(await store.streak(CHAT, ALICE, '2026-03-02')).toBe(0);
      await daily(ALICE, '2026-03-03', true, 1);
      await daily(ALICE, '2026-03-04', true, 1);
      expect(await store.streak(CHAT, ALICE, '2026-03-04')).toBe(2);
      expect(await store.streak(CHAT, ALICE, '2026-03-05')).toBe(2); // today still open
      expect(await store.streak(CHAT, ALICE, '2026-03-06')).toBe(0); // a day missed
      expect(await store.streak(CHAT, ALICE)).toBe(2);
      // A missed day breaks a run too.
      await daily(BORIS, '2026-03-01', true, 1);
      await daily(BORIS, '2026-03-03', true, 1);
      expect(await store.streak(CHAT, BORIS, '2026-03-03')).toBe(1);
      expect(await store.streak(OTHER_CHAT, ALICE, '2026-03-04')).toBe(0);
      expect(await store.streak(CHAT, CAROL)).toBe(0);
    });

    it("keeps a player's day outcomes only as far back as a streak can still reach", async () => {
      for (const day of ['2026-03-01', '2026-03-02', '2026-03-03'])
        await daily(ALICE, day, true, 1);
      await daily(ALICE, '2026-03-04', false, 1);
      await daily(ALICE, '2026-03-05', true, 1);
      // 03-04 failed and is final once 03-06 is counted: the run before it is gone.
      expect(await store.streak(CHAT, ALICE, '2026-03-03')).toBe(3);
      await daily(ALICE, '2026-03-06', true, 1);
      expect(await store.streak(CHAT, ALICE, '2026-03-03')).toBe(0);
      expect(await store.streak(CHAT, ALICE, '2026-03-06')).toBe(2);
      // Today solved before yesterday: yesterday may still come, so the run behind it stays.
      for (const day of ['2026-03-01', '2026-03-02', '2026-03-03'])
        await daily(BORIS, day, true, 1);
      await daily(BORIS, '2026-03-05', true, 1);
      expect(await store.streak(CHAT, BORIS, '2026-03-05')).toBe(1);
      await daily(BORIS, '2026-03-04', true, 1);
      expect(await store.streak(CHAT, BORIS, '2026-03-05')).toBe(5);
    });

    it('keeps daily settings: on, changed, off', async () => {
      expect(await store.dailyChats()).toEqual([]);
      expect(await store.dailySetting(CHAT)).toBeUndefined();
      await store.setDaily(CHAT, { time: '09:00', timeZone: 'Europe/Moscow' });
      await store.setDaily(OTHER_CHAT, { time: '21:30', timeZone: 'America/New_York' });
      await store.setDaily(CHAT, { time: '08:15', timeZone: 'Europe/Berlin' });
      expect(await harness.twin.dailySetting(CHAT)).toEqual({
        time: '08:15',
        timeZone: 'Europe/Berlin',
      });
      const chats = await harness.twin.dailyChats();
      expect(chats.sort((a, b) => a.chatKey.localeCompare(b.chatKey))).toEqual([
        { chatKey: OTHER_CHAT, setting: { time: '21:30', timeZone: 'America/New_York' } },
        { chatKey: CHAT, setting: { time: '08:15', timeZone: 'Europe/Berlin' } },
      ]);
      await store.setDaily(OTHER_CHAT, null);
      await store.setDaily('telegram:never-on', null);
      expect(await store.dailyChats()).toEqual([
        { chatKey: CHAT, setting: { time: '08:15', timeZone: 'Europe/Berlin' } },
      ]);
      expect(await store.dailySetting(OTHER_CHAT)).toBeUndefined();
    });

    it("claims a chat's post of a day exactly once, across instances", async () => {
      const claims = await Promise.all([
        store.claimDailyPost(CHAT, '2026-07-01'),
        harness.twin.claimDailyPost(CHAT, '2026-07-01'),
        store.claimDailyPost(CHAT, '2026-07-01'),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await harness.twin.claimDailyPost(CHAT, '2026-07-01')).toBe(false);
      expect(await store.claimDailyPost(CHAT, '2026-07-02')).toBe(true);
      expect(await store.claimDailyPost(OTHER_CHAT, '2026-07-01')).toBe(true);
    });

    it('hands out one puzzle per request, the first one, across instances', async () => {
      expect(await store.handedOut('tg:1')).toBeUndefined();
      const handed = await Promise.all([
        store.handOut('tg:1', 'p1'),
        harness.twin.handOut('tg:1', 'p2'),
        store.handOut('tg:1', 'p3'),
      ]);
      expect(new Set(handed).size).toBe(1);
      expect(['p1', 'p2', 'p3']).toContain(handed[0]);
      expect(await harness.twin.handedOut('tg:1')).toBe(handed[0]);
      expect(await store.handOut('tg:1', 'p4')).toBe(handed[0]);
      expect(await store.handOut('dc:1', 'p4')).toBe('p4');
    });

    it("keeps a player's latest puzzle: Next's compare-and-set, across instances", async () => {
      const by = (puzzleId: string, requestKey: string) => ({ puzzleId, requestKey });
      // Unknown: anything goes (a Next made before the latest was kept).
      expect(await store.noteLatest('telegram:1', by('p1', 'tg:1'), 'p0')).toBe(true);
      // Two Nexts for p1 at once (two requests, the same puzzle drawn): one moves it on.
      const both = await Promise.all([
        store.noteLatest('telegram:1', by('p2', 'tg:2'), 'p1'),
        harness.twin.noteLatest('telegram:1', by('p2', 'tg:3'), 'p1'),
      ]);
      expect(both.filter(Boolean)).toHaveLength(1);
      const winner = both[0] ? 'tg:2' : 'tg:3';
      // The winner again (its request delivered twice) still holds; an old Next does not.
      expect(await harness.twin.noteLatest('telegram:1', by('p2', winner), 'p1')).toBe(true);
      expect(await store.noteLatest('telegram:1', by('p4', 'tg:4'), 'p1')).toBe(false);
      // A puzzle given without Next (/puzzle, a link) is the latest whatever it was.
      expect(await store.noteLatest('telegram:1', { puzzleId: 'p5' })).toBe(true);
      expect(await store.noteLatest('telegram:1', by('p6', 'tg:6'), 'p2')).toBe(false);
      expect(await store.noteLatest('telegram:1', by('p6', 'tg:6'), 'p5')).toBe(true);
      // Players do not share it.
      expect(await store.noteLatest('discord:1', by('p7', 'dc:7'), 'p1')).toBe(true);
    });

    it("counts a puzzle's votes, one per player, a later one replacing theirs", async () => {
      expect(await store.vote('p1', ALICE, false)).toEqual({ up: 0, down: 1 });
      expect(await harness.twin.vote('p1', BORIS, false)).toEqual({ up: 0, down: 2 });
      // Alice thinks again; the same vote twice changes nothing.
      expect(await store.vote('p1', ALICE, true)).toEqual({ up: 1, down: 1 });
      expect(await store.vote('p1', ALICE, true)).toEqual({ up: 1, down: 1 });
      // Many at once, across instances: each counted once.
      const players = Array.from({ length: 12 }, (_, i) => ({
        platform: 'discord' as const,
        userId: `v${i}`,
      }));
      await Promise.all(
        players.map((player, i) => (i % 2 === 0 ? store : harness.twin).vote('p1', player, false)),
      );
      expect(await store.vote('p1', CAROL, true)).toEqual({ up: 2, down: 13 });
      expect(await store.vote('p2', CAROL, true)).toEqual({ up: 1, down: 0 });
    });

    it("keeps puzzles' statuses: set, replaced, listed across instances", async () => {
      expect(await store.puzzleStatuses()).toEqual(new Map());
      await store.setPuzzleStatus('p1', { tier: 3 });
      await harness.twin.setPuzzleStatus('p2', { retiredOn: '2026-12-01' });
      await store.setPuzzleStatus('p1', { tier: 4, retiredOn: '2026-12-02' });
      expect(await harness.twin.puzzleStatuses()).toEqual(
        new Map([
          ['p1', { tier: 4, retiredOn: '2026-12-02' }],
          ['p2', { retiredOn: '2026-12-01' }],
        ]),
      );
      // One that cannot be read is skipped, and said.
      await harness.putRawStatus('p3', JSON.stringify({ s: 1, tier: 9 }));
      expect([...(await store.puzzleStatuses()).keys()].sort()).toEqual(['p1', 'p2']);
      expect(harness.logged.some((line) => line.includes('corrupt'))).toBe(true);
    });

    it('a corrupt record is an error for that record only; lists skip it and say so', async () => {
      await store.recordFirstAttempt(attempt(ALICE, 'good', true, 1), {
        user: rated(1600),
        puzzle: rated(1400),
      });
      await harness.putRawRating('puzzle', 'bad', 'not json {');
      await harness.putRawRating('user', 'telegram:77', JSON.stringify({ s: 9, rating: 1 }));
      await harness.putRawRating(
        'puzzle',
        'nan',
        JSON.stringify({ s: 1, rating: 'high', deviation: 1, volatility: 1 }),
      );
      for (const [kind, id] of [
        ['puzzle', 'bad'],
        ['user', 'telegram:77'],
        ['puzzle', 'nan'],
      ] as const) {
        const error = await errorOf(store.rating(kind, id));
        expect(error, id).toBeInstanceOf(StoreError);
        expect((error as StoreError).code).toBe('corrupt-record');
        expect((error as StoreError).recordId).toBe(`${kind}:${id}`);
      }
      expect(await store.rating('puzzle', 'good')).toEqual(rated(1400));
      expect(await store.rating('user', playerKey(ALICE))).toEqual(rated(1600));

      // A chat whose setting cannot be read (a zone this Node does not know) is skipped.
      await store.setDaily(CHAT, { time: '09:00', timeZone: 'Europe/Moscow' });
      await harness.putRawDailySetting(
        OTHER_CHAT,
        JSON.stringify({ s: 1, time: '09:00', timeZone: 'Atlantis/Capital' }),
      );
      await harness.putRawDailySetting('telegram:3', '{"s":1,"time":');
      expect(await store.dailyChats()).toEqual([
        { chatKey: CHAT, setting: { time: '09:00', timeZone: 'Europe/Moscow' } },
      ]);
      expect((await errorOf(store.dailySetting(OTHER_CHAT))) as StoreError).toMatchObject({
        code: 'corrupt-record',
        recordId: OTHER_CHAT,
      });
      expect(harness.logged.filter((line) => line.includes('corrupt'))).toHaveLength(2);

      await daily(BORIS, '2026-08-01', true, 10);
      await harness.putRawDayResult(CHAT, '2026-08-01', CAROL, '[]');
      expect(await store.dailyResults(CHAT, '2026-08-01')).toEqual([
        { player: shown(BORIS), puzzleId: 'daily-2026-08-01', solved: true, at: 10 },
      ]);
      expect(await store.weekResults(CHAT, ['2026-08-01'])).toEqual([
        { player: shown(BORIS), solved: 1, failed: 0, lastAt: 10 },
      ]);
      expect(harness.logged.some((line) => line.includes(playerKey(CAROL)))).toBe(true);
    });
  });
}
