import { beforeEach, describe, expect, it } from 'vitest';
import type { VariantId } from '../../src/engine/index.js';
import type { LeagueStore, RatedGameSave, RatingChange } from '../../src/game/league-ports.js';
import { playerKey, type Player, type PlayerId } from '../../src/game/model.js';
import { StoreError } from '../../src/game/ports.js';
import {
  newPlayerRating,
  type PlayerRating,
  type RatingPool,
} from '../../src/game/rating-model.js';
import { encodePlayerRating, ratingRecordId } from '../../src/store/league-codec.js';
import { ratedPlayer } from '../../src/game/ratings.js';
import { ALICE, BORIS, CAROL, DMITRI } from '../support/game-fixtures.js';
import { makeTournament } from '../support/league-fixtures.js';

export { makeTournament };

/** What a league store test needs: a fresh store, a second one on the same data, raw writes. */
export interface LeagueStoreHarness {
  store: LeagueStore;
  /** Another instance over the same data (another process, for Redis); the same one in memory. */
  twin: LeagueStore;
  putRawRating(
    player: PlayerId,
    variant: VariantId,
    pool: RatingPool,
    text: string,
    games?: number,
  ): Promise<void>;
  putRawTournament(id: string, text: string, version?: number): Promise<void>;
  /** Lines the store logged. */
  logged: string[];
}

const CHAT = 'telegram:-100';
const OTHER_CHAT = 'discord:555';

export { ratedPlayer };

/** A record after one more rated game, at `rating` with `deviation` (above 110: provisional). */
export function ratingAfterGame(
  previous: PlayerRating,
  gameId: string,
  rating: number,
  deviation: number,
): PlayerRating {
  const at = previous.updatedAt + 1_000;
  const change = rating - previous.rating.rating;
  const score = change > 0 ? 1 : change < 0 ? 0 : 0.5;
  return {
    ...previous,
    rating: { rating, deviation, volatility: 0.06 },
    games: previous.games + 1,
    wins: previous.wins + (score === 1 ? 1 : 0),
    draws: previous.draws + (score === 0.5 ? 1 : 0),
    losses: previous.losses + (score === 0 ? 1 : 0),
    streak: score === 1 ? Math.max(previous.streak, 0) + 1 : score === 0 ? -1 : 0,
    bestWinStreak: Math.max(previous.bestWinStreak, score === 1 ? previous.streak + 1 : 0),
    recent: [
      ...previous.recent,
      { gameId, at, opponent: 'Someone', opponentRating: 1500, score, rating, change },
    ],
    updatedAt: at,
  };
}

/** What a promise rejects with; undefined when it fulfils. */
export async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

const keysOf = (records: readonly PlayerRating[]) => records.map((r) => playerKey(r.player));

/**
 * The behaviour every LeagueStore must have (test/store/league-store.test.ts,
 * test/store/league-store.redis.test.ts).
 */
export function leagueStoreContract(
  name: string,
  makeHarness: () => Promise<LeagueStoreHarness>,
): void {
  describe(`${name}: LeagueStore contract`, () => {
    let harness: LeagueStoreHarness;
    let store: LeagueStore;
    beforeEach(async () => {
      harness = await makeHarness();
      store = harness.store;
    });

    /** The changes of a game that leaves each player at a rating (read from `from`'s records). */
    async function changesOf(
      gameId: string,
      results: readonly (readonly [Player, number, number?])[],
      board: { variant?: VariantId; pool?: RatingPool; from?: LeagueStore } = {},
    ): Promise<RatingChange[]> {
      const { variant = 'bashni', pool = 'people', from = store } = board;
      const changes: RatingChange[] = [];
      for (const [player, rating, deviation = 80] of results) {
        const previous =
          (await from.playerRating(player, variant, pool)) ??
          newPlayerRating(ratedPlayer(player), variant, pool, 1_000);
        const next = ratingAfterGame(previous, gameId, rating, deviation);
        changes.push({ next, expectedGames: previous.games });
      }
      return changes;
    }

    /** Rates a game: each player ends at the rating given, with deviation 80 unless given. */
    async function rate(
      gameId: string,
      results: readonly (readonly [Player, number, number?])[],
      board: { variant?: VariantId; pool?: RatingPool; chats?: string[] } = {},
    ): Promise<RatedGameSave> {
      const changes = await changesOf(gameId, results, board);
      return store.saveRatedGame(gameId, changes, board.chats ?? [CHAT]);
    }

    it('knows no record before a first rated game, then the ones it saved', async () => {
      expect(await store.playerRating(ALICE, 'bashni', 'people')).toBeUndefined();
      expect(await store.playerRatings(ALICE)).toEqual([]);
      const changes = await changesOf('g1', [
        [ALICE, 1620],
        [BORIS, 1380],
      ]);
      expect(await store.saveRatedGame('g1', changes, [CHAT])).toBe('saved');
      expect(await harness.twin.playerRating(ALICE, 'bashni', 'people')).toEqual(changes[0]!.next);
      expect(await store.playerRating(BORIS, 'bashni', 'people')).toEqual(changes[1]!.next);
      expect(await store.playerRatings(BORIS)).toEqual([changes[1]!.next]);
      // Variants, pools and players do not mix.
      expect(await store.playerRating(ALICE, 'bashni', 'bot')).toBeUndefined();
      expect(await store.playerRating(ALICE, 'stolby', 'people')).toBeUndefined();
      expect(await store.playerRating(CAROL, 'bashni', 'people')).toBeUndefined();
    });

    it('rates a game once: the same game again is already-rated and changes nothing', async () => {
      expect(await rate('g1', [[ALICE, 1620]])).toBe('saved');
      const before = await store.playerRating(ALICE, 'bashni', 'people');
      // A retry computed from the records as they are now: only the game id stops it.
      expect(await rate('g1', [[ALICE, 1700]])).toBe('already-rated');
      expect(await rate('g1', [[BORIS, 1700]], { chats: [OTHER_CHAT] })).toBe('already-rated');
      expect(await store.playerRating(ALICE, 'bashni', 'people')).toEqual(before);
      expect(await store.playerRating(BORIS, 'bashni', 'people')).toBeUndefined();
      expect(keysOf(await store.topRatings('bashni', 'people', 10))).toEqual([playerKey(ALICE)]);
      expect(await store.chatRatings(OTHER_CHAT, 'bashni', 'people')).toEqual([]);
      expect(await rate('g2', [[ALICE, 1700]])).toBe('saved');
      expect((await store.playerRating(ALICE, 'bashni', 'people'))?.games).toBe(2);
    });

    it('refuses a save whose record moved on (conflict), changing nothing', async () => {
      const stale = await changesOf('g2', [
        [ALICE, 1700],
        [BORIS, 1300],
      ]);
      expect(await rate('g1', [[ALICE, 1620]])).toBe('saved');
      const alice = await store.playerRating(ALICE, 'bashni', 'people');
      // Alice's change expected no record; Boris's is right, and is not written either.
      expect(await store.saveRatedGame('g2', stale, [CHAT])).toBe('conflict');
      expect(await store.playerRating(ALICE, 'bashni', 'people')).toEqual(alice);
      expect(await store.playerRating(BORIS, 'bashni', 'people')).toBeUndefined();
      const ahead = { next: { ...alice!, games: 6 }, expectedGames: 5 };
      expect(await store.saveRatedGame('g2', [ahead], [])).toBe('conflict');
      const unknown = (await changesOf('g2', [[CAROL, 1500]]))[0]!;
      const absent = { next: { ...unknown.next, games: 4 }, expectedGames: 3 };
      expect(await store.saveRatedGame('g2', [absent], [])).toBe('conflict');
      expect(await store.playerRating(CAROL, 'bashni', 'people')).toBeUndefined();
      // A conflict does not mark the game: read again and retry, and it is saved.
      expect(
        await rate('g2', [
          [ALICE, 1700],
          [BORIS, 1300],
        ]),
      ).toBe('saved');
      expect((await store.playerRating(ALICE, 'bashni', 'people'))?.games).toBe(2);
    });

    it('refuses changes that do not add one game, or change a record twice', async () => {
      const [change] = await changesOf('g1', [[ALICE, 1620]]);
      const skipping = { next: { ...change!.next, games: 3 }, expectedGames: 0 };
      expect(await errorOf(store.saveRatedGame('g1', [skipping], []))).toBeInstanceOf(Error);
      expect(await errorOf(store.saveRatedGame('g1', [change!, change!], []))).toBeInstanceOf(
        Error,
      );
      expect(await store.playerRating(ALICE, 'bashni', 'people')).toBeUndefined();
      expect(await store.saveRatedGame('g1', [change!], [])).toBe('saved');
    });

    it('saves exactly one of two saves of the same game at once, across instances', async () => {
      const results = [
        [ALICE, 1620],
        [BORIS, 1380],
      ] as const;
      const [mine, theirs] = await Promise.all([
        changesOf('g1', results),
        changesOf('g1', results, { from: harness.twin }),
      ]);
      const outcomes = await Promise.all([
        store.saveRatedGame('g1', mine, [CHAT]),
        harness.twin.saveRatedGame('g1', theirs, [CHAT]),
      ]);
      expect([...outcomes].sort()).toEqual(['already-rated', 'saved']);
      expect((await store.playerRating(ALICE, 'bashni', 'people'))?.games).toBe(1);
      // Two games computed from the same records: one is saved, the other must read again.
      const [second, third] = await Promise.all([
        changesOf('g2', [[ALICE, 1650]]),
        changesOf('g3', [[ALICE, 1590]], { from: harness.twin }),
      ]);
      const both = await Promise.all([
        store.saveRatedGame('g2', second, []),
        harness.twin.saveRatedGame('g3', third, []),
      ]);
      expect([...both].sort()).toEqual(['conflict', 'saved']);
      expect((await store.playerRating(ALICE, 'bashni', 'people'))?.games).toBe(2);
    });

    it("lists a player's records of every variant and pool, most games first", async () => {
      await rate('g1', [[ALICE, 1550]], { pool: 'bot' });
      await rate('g2', [[ALICE, 1560]], { pool: 'bot' });
      await rate('g3', [[ALICE, 1490]], { variant: 'stolby' });
      await rate('g4', [[ALICE, 1510]], { variant: 'stolby' });
      await rate('g5', [[ALICE, 1520]], { variant: 'stolby' });
      await rate('g6', [[ALICE, 1600]]);
      await rate('g7', [[BORIS, 1600]]);
      const records = await store.playerRatings(ALICE);
      expect(records.map((r) => [r.variant, r.pool, r.games])).toEqual([
        ['stolby', 'people', 3],
        ['bashni', 'bot', 2],
        ['bashni', 'people', 1],
      ]);
      expect(records[0]).toEqual(await store.playerRating(ALICE, 'stolby', 'people'));
    });

    it('ranks established ratings globally, best first, as they change', async () => {
      await rate('g1', [
        [ALICE, 1700],
        [BORIS, 1600],
        [CAROL, 1800, 200],
      ]);
      const top = async (limit = 10) => keysOf(await store.topRatings('bashni', 'people', limit));
      expect(await top()).toEqual([playerKey(ALICE), playerKey(BORIS)]);
      await rate('g2', [[BORIS, 1750]]);
      expect(await top()).toEqual([playerKey(BORIS), playerKey(ALICE)]);
      expect((await store.topRatings('bashni', 'people', 1))[0]).toEqual(
        await store.playerRating(BORIS, 'bashni', 'people'),
      );
      await rate('g3', [[CAROL, 1800, 100]]);
      expect(await top()).toEqual([playerKey(CAROL), playerKey(BORIS), playerKey(ALICE)]);
      expect(await top(2)).toEqual([playerKey(CAROL), playerKey(BORIS)]);
      expect(await top(0)).toEqual([]);
      // Provisional again (a long break): off the board until established.
      await rate('g4', [[ALICE, 1720, 150]]);
      expect(await top()).toEqual([playerKey(CAROL), playerKey(BORIS)]);
      expect(await store.topRatings('bashni', 'bot', 10)).toEqual([]);
      expect(await store.topRatings('stolby', 'people', 10)).toEqual([]);
    });

    it("keeps a chat's leaderboard: everyone rated in a game there, provisional too", async () => {
      await rate('g1', [
        [ALICE, 1620],
        [BORIS, 1380, 300],
      ]);
      await rate(
        'g2',
        [
          [CAROL, 1550],
          [DMITRI, 1450],
        ],
        { chats: [OTHER_CHAT] },
      );
      await rate(
        'g3',
        [
          [ALICE, 1640],
          [DMITRI, 1430],
        ],
        { chats: [CHAT, OTHER_CHAT] },
      );
      await rate('g4', [[CAROL, 1500]], { pool: 'bot', chats: [CHAT] });
      const chat = async (chatKey: string, pool: RatingPool = 'people') =>
        keysOf(await store.chatRatings(chatKey, 'bashni', pool)).sort();
      expect(await chat(CHAT)).toEqual([ALICE, BORIS, DMITRI].map(playerKey).sort());
      expect(await chat(OTHER_CHAT)).toEqual([ALICE, CAROL, DMITRI].map(playerKey).sort());
      expect(await chat(CHAT, 'bot')).toEqual([playerKey(CAROL)]);
      expect(await store.chatRatings('telegram:-999', 'bashni', 'people')).toEqual([]);
      const alice = (await store.chatRatings(CHAT, 'bashni', 'people')).find(
        (r) => r.player.userId === ALICE.userId,
      );
      expect(alice).toEqual(await store.playerRating(ALICE, 'bashni', 'people'));
    });

    it('keeps the finishing to-do until each game is done', async () => {
      expect(await store.finishingGames()).toEqual([]);
      await store.markFinishing('g1');
      await store.markFinishing('g2');
      await store.markFinishing('g1');
      expect((await harness.twin.finishingGames()).sort()).toEqual(['g1', 'g2']);
      await store.finishingDone('g1');
      await store.finishingDone('never-marked');
      expect(await harness.twin.finishingGames()).toEqual(['g2']);
    });

    it('creates a tournament once and changes it by compare-and-set', async () => {
      const created = makeTournament('t1');
      expect(await store.getTournament('t1')).toBeUndefined();
      expect(await store.createTournament(created)).toBe(true);
      expect(await store.createTournament(makeTournament('t1', { rounds: 9 }))).toBe(false);
      expect(await harness.twin.getTournament('t1')).toEqual(created);
      const running = { ...created, version: 2, status: 'running' as const, startedAt: 2_000 };
      expect(await store.saveTournament(running, 1)).toBe(true);
      expect(await store.saveTournament({ ...running, rounds: 5 }, 1)).toBe(false);
      expect(await store.saveTournament({ ...running, version: 4 }, 2)).toBe(false);
      expect(await store.saveTournament(makeTournament('t9', { version: 2 }), 1)).toBe(false);
      expect(await store.getTournament('t1')).toEqual(running);
      expect(await store.getTournament('t9')).toBeUndefined();
      const next = { ...running, version: 3, updatedAt: 3_000 };
      const saves = await Promise.all([
        store.saveTournament(next, 2),
        harness.twin.saveTournament({ ...next, rounds: 7 }, 2),
      ]);
      expect(saves.filter(Boolean)).toHaveLength(1);
      expect((await store.getTournament('t1'))?.version).toBe(3);
    });

    it("lists a chat's tournaments newest first, and the live ones by status", async () => {
      const elsewhere = { platform: 'discord' as const, chatId: '555' };
      await store.createTournament(makeTournament('t1', { createdAt: 1_000 }));
      await store.createTournament(makeTournament('t2', { createdAt: 3_000 }));
      await store.createTournament(makeTournament('t3', { createdAt: 2_000 }));
      await store.createTournament(makeTournament('t4', { createdAt: 5_000, chat: elsewhere }));
      await store.createTournament(makeTournament('t5', { createdAt: 4_000, status: 'finished' }));
      expect(await store.chatTournaments(CHAT, 10)).toEqual(['t5', 't2', 't3', 't1']);
      expect(await store.chatTournaments(CHAT, 2)).toEqual(['t5', 't2']);
      expect(await store.chatTournaments(CHAT, 0)).toEqual([]);
      expect(await store.chatTournaments(OTHER_CHAT, 10)).toEqual(['t4']);
      expect(await store.chatTournaments('telegram:-999', 10)).toEqual([]);
      const live = async () => (await harness.twin.liveTournaments()).sort();
      expect(await live()).toEqual(['t1', 't2', 't3', 't4']);

      const t1 = (await store.getTournament('t1'))!;
      const running = { ...t1, version: 2, status: 'running' as const };
      expect(await store.saveTournament(running, 1)).toBe(true);
      expect(await live()).toEqual(['t1', 't2', 't3', 't4']);
      expect(await store.saveTournament({ ...running, version: 3, status: 'finished' }, 2)).toBe(
        true,
      );
      const t2 = (await store.getTournament('t2'))!;
      expect(await store.saveTournament({ ...t2, version: 2, status: 'cancelled' }, 1)).toBe(true);
      expect(await live()).toEqual(['t3', 't4']);
      // A failed compare-and-set leaves the indexes alone too.
      expect(await store.saveTournament({ ...t2, version: 2, status: 'running' }, 1)).toBe(false);
      expect(await live()).toEqual(['t3', 't4']);
      expect(await store.chatTournaments(CHAT, 10)).toEqual(['t5', 't2', 't3', 't1']);
    });

    it('a corrupt record is an error for that record only; lists skip it and say so', async () => {
      await rate('g1', [
        [ALICE, 1700],
        [BORIS, 1600],
        [CAROL, 1650],
      ]);
      const carolId = ratingRecordId('bashni', 'people', playerKey(CAROL));
      const boris = (await store.playerRating(BORIS, 'bashni', 'people'))!;
      const damaged: [string, string][] = [
        ['not JSON', '{"s":1,'],
        ['an unknown schema', JSON.stringify({ s: 9 })],
        ['a negative game count', encodePlayerRating({ ...boris, games: -1 })],
        ["another player's record", encodePlayerRating(boris)],
      ];
      for (const [what, text] of damaged) {
        await harness.putRawRating(CAROL, 'bashni', 'people', text, 1);
        const error = await errorOf(store.playerRating(CAROL, 'bashni', 'people'));
        expect(error, what).toBeInstanceOf(StoreError);
        expect((error as StoreError).code, what).toBe('corrupt-record');
        expect((error as StoreError).recordId, what).toBe(carolId);
      }
      const lines = harness.logged.length;
      expect(keysOf(await store.topRatings('bashni', 'people', 10))).toEqual(
        [ALICE, BORIS].map(playerKey),
      );
      expect(keysOf(await store.chatRatings(CHAT, 'bashni', 'people')).sort()).toEqual(
        [ALICE, BORIS].map(playerKey).sort(),
      );
      expect(await store.playerRatings(CAROL)).toEqual([]);
      const skipped = harness.logged.slice(lines);
      expect(skipped).toHaveLength(3);
      for (const line of skipped) expect(line).toMatch(/corrupt/);
      for (const line of skipped) expect(line).toContain(carolId);
      // The rest reads as before.
      expect(await store.playerRating(BORIS, 'bashni', 'people')).toEqual(boris);

      await store.createTournament(makeTournament('t1'));
      await harness.putRawTournament('t2', JSON.stringify({ s: 1, ...makeTournament('t3') }));
      await harness.putRawTournament(
        't4',
        JSON.stringify({ s: 1, ...makeTournament('t4', { status: 'paused' as never }) }),
      );
      for (const id of ['t2', 't4']) {
        const error = await errorOf(store.getTournament(id));
        expect(error, id).toBeInstanceOf(StoreError);
        expect((error as StoreError).code, id).toBe('corrupt-record');
        expect((error as StoreError).recordId, id).toBe(id);
      }
      expect(await store.getTournament('t1')).toEqual(makeTournament('t1'));
    });
  });
}
