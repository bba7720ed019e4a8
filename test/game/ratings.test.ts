import { beforeEach, describe, expect, it } from 'vitest';
import { makeFen, startPosition } from '../../src/engine/index.js';
import { silentLogger } from '../../src/game/logger.js';
import type { Game, Player } from '../../src/game/model.js';
import { botRating, newPlayerRating } from '../../src/game/rating-model.js';
import { Ratings, ratingAt, unratedReason, withOutcome } from '../../src/game/ratings.js';
import type { GameEvent } from '../../src/game/results.js';
import { DAY_MS, GameService } from '../../src/game/service.js';
import { DEFAULT_RATING, isProvisional } from '../../src/ratings/glicko2.js';
import { MemoryLeagueStore } from '../../src/store/memory-league-store.js';
import { MemoryGameStore } from '../../src/store/memory-store.js';
import { firstLegalMove } from '../support/any-game.js';
import { ALICE, BORIS, CAROL, DMITRI, makeGame } from '../support/game-fixtures.js';
import { ManualClock, ManualScheduler } from '../support/manual-scheduler.js';
import { seededRandom } from '../support/random.js';
import { until } from '../support/until.js';
import { value } from '../support/service-results.js';

const GROUP = { platform: 'telegram' as const, chatId: '-100', messageId: '7' };

/** A finished rated game between two players (two moves played, then `winner`). */
function finished(id: string, white: Player, black: Player, winner: 'white' | 'black' | null) {
  return makeGame(id, {
    white,
    black,
    rated: true,
    moves: ['c3-d4', 'f6-g5'],
    status: 'finished',
    result: { winner, reason: winner === null ? 'agreement' : 'resignation' },
    views: [GROUP],
    finishedAt: 10_000,
  });
}

describe('which games are rated', () => {
  it('rates a finished rated two-player game from the start, with a move by each side', () => {
    expect(unratedReason(finished('g', ALICE, BORIS, 'white'))).toBeUndefined();
  });

  it('says why a game is not rated', () => {
    const game = finished('g', ALICE, BORIS, 'white');
    expect(unratedReason({ ...game, rated: undefined })).toBe('casual');
    expect(unratedReason({ ...game, status: 'active' })).toBe('not-finished');
    expect(unratedReason({ ...game, moves: ['c3-d4'] })).toBe('not-started');
    expect(unratedReason({ ...game, result: { winner: null, reason: 'abandoned' } })).toBe(
      'abandoned',
    );
    expect(unratedReason({ ...game, variant: 'zhernov' })).toBe('table-game');
    const other = makeFen(startPosition('laska'));
    expect(unratedReason({ ...game, startFen: other })).toBe('custom-start');
  });
});

describe('a record after a game', () => {
  const record = newPlayerRating(ALICE, 'bashni', 'people', 0);

  it('counts the result, the streaks and the last results', () => {
    let next = record;
    for (const score of [1, 1, 1, 0.5, 0, 0, 1] as const) {
      next = withOutcome(next, ALICE, {
        gameId: `g${next.games}`,
        at: next.games,
        opponent: 'Boris',
        opponentRating: DEFAULT_RATING,
        score,
        before: next.rating,
      });
    }
    expect(next).toMatchObject({ games: 7, wins: 4, draws: 1, losses: 2, streak: 1 });
    expect(next.bestWinStreak).toBe(3);
    expect(next.recent.map((outcome) => outcome.score)).toEqual([1, 1, 1, 0.5, 0, 0, 1]);
    // Each outcome's change is the step between the ratings after the games around it.
    for (let i = 1; i < next.recent.length; i++)
      expect(next.recent[i]!.change).toBe(next.recent[i]!.rating - next.recent[i - 1]!.rating);
  });

  it('grows an idle rating’s deviation by one period per 30 days', () => {
    const settled = { ...record, rating: { ...record.rating, deviation: 60 } };
    expect(ratingAt(settled, 29 * DAY_MS, DAY_MS).deviation).toBe(60);
    expect(ratingAt(settled, 30 * DAY_MS, DAY_MS).deviation).toBeGreaterThan(60);
    expect(ratingAt(settled, 3000 * DAY_MS, DAY_MS).deviation).toBeLessThanOrEqual(350);
  });
});

describe('Ratings over a season', () => {
  it('replays a season of results: each game once, the ratings ordered as the players’ strengths', async () => {
    const league = new MemoryLeagueStore();
    const clock = new ManualClock();
    const ratings = new Ratings({ clock, logger: silentLogger, dayMs: DAY_MS }, league);
    const players: Player[] = [ALICE, BORIS, CAROL, DMITRI].map((p, i) => ({
      ...p,
      userId: `${p.userId}${i}`,
    }));
    // True strengths 1300..1900 in Elo: results drawn from the expected scores.
    const strength = [1900, 1700, 1500, 1300];
    const random = seededRandom(2026);
    let games = 0;
    for (let week = 0; week < 30; week++) {
      for (let a = 0; a < players.length; a++)
        for (let b = a + 1; b < players.length; b++) {
          const expected = 1 / (1 + 10 ** ((strength[b]! - strength[a]!) / 400));
          const roll = random();
          const winner =
            roll < expected * 0.9 ? 'white' : roll < expected * 0.9 + 0.1 ? null : 'black';
          const id = `s${games++}`;
          const game = {
            ...finished(id, players[a]!, players[b]!, winner),
            finishedAt: clock.now(),
          };
          expect(await ratings.rate(game)).toHaveLength(2);
          // The same game again (a second process, a restart) changes nothing.
          expect(await ratings.rate(game)).toEqual([]);
          clock.time += DAY_MS;
        }
    }
    const records = await Promise.all(
      players.map((player) => league.playerRating(player, 'bashni', 'people')),
    );
    expect(records.map((r) => r!.games)).toEqual([90, 90, 90, 90]);
    const values = records.map((r) => r!.rating.rating);
    expect([...values].sort((x, y) => y - x)).toEqual(values);
    expect(records.every((r) => !isProvisional(r!.rating))).toBe(true);
    // The spread of the ratings follows the spread of the strengths, roughly.
    expect(values[0]! - values[3]!).toBeGreaterThan(300);
    expect(values[0]! - values[3]!).toBeLessThan(900);
    const global = await league.topRatings('bashni', 'people', 10);
    expect(global.map((r) => r.player.userId)).toEqual(players.map((p) => p.userId));
  });
});

describe('ratings through the game service', () => {
  let store: MemoryGameStore;
  let league: MemoryLeagueStore;
  let clock: ManualClock;
  let published: GameEvent[];
  let service: GameService;

  const makeService = () =>
    new GameService({
      store,
      league,
      scheduler: new ManualScheduler(clock),
      clock,
      logger: silentLogger,
      onEvents: (events) => void published.push(...events),
      bot: {
        chooseMove: (request) => Promise.resolve(firstLegalMove(request.variant, request.fen)),
      },
    });

  beforeEach(async () => {
    store = new MemoryGameStore();
    league = new MemoryLeagueStore();
    clock = new ManualClock();
    published = [];
    service = makeService();
    await service.start();
  });

  async function ratedGame(rated: boolean): Promise<Game> {
    const challenge = value(
      await service.challenges.create({
        challenger: ALICE,
        target: { kind: 'user', player: BORIS },
        side: 'white',
        rated,
        views: [GROUP],
      }),
    );
    let game = value(await service.challenges.accept(challenge.id, BORIS));
    expect(game.rated === true).toBe(rated);
    game = value(await service.queries.addView({ kind: 'game', id: game.id }, GROUP)) as Game;
    game = value(await service.moves.play(game.id, ALICE, firstLegalMove(game.variant, game.fen)));
    return value(await service.moves.play(game.id, BORIS, firstLegalMove(game.variant, game.fen)));
  }

  it('rates a rated game as it ends: the game-over, then the new ratings, in the same answer', async () => {
    const game = await ratedGame(true);
    const resigned = await service.endings.resign(game.id, BORIS);
    if (!resigned.ok) throw new Error(resigned.code);
    const types = resigned.events.map((event) => event.type);
    expect(types).toEqual(['game-over', 'game-rated']);
    const rated = resigned.events[1] as Extract<GameEvent, { type: 'game-rated' }>;
    const [alice, boris] = rated.ratings;
    expect(alice!.player.userId).toBe(ALICE.userId);
    expect(alice!.rating.rating).toBeGreaterThan(1500);
    expect(boris!.rating.rating).toBeLessThan(1500);
    expect(alice!.recent.at(-1)).toMatchObject({ score: 1, opponent: 'Борис', gameId: game.id });
    const board = value(await service.league.chatLeaderboard('telegram:-100', 'bashni'));
    expect(board.map((r) => r.player.userId)).toEqual([ALICE.userId, BORIS.userId]);
    expect(await league.finishingGames()).toEqual([]);
  });

  it('leaves a casual game unrated', async () => {
    const game = await ratedGame(false);
    const resigned = await service.endings.resign(game.id, BORIS);
    expect(resigned.ok && resigned.events.map((event) => event.type)).toEqual(['game-over']);
    expect(value(await service.league.playerRatings(ALICE))).toEqual([]);
  });

  it('rates a game against the bot in a pool of its own, against the level’s fixed rating', async () => {
    const bot: Player = { platform: 'telegram', userId: 'bot', displayName: 'Bot 3', botLevel: 3 };
    let game = value(
      await service.moves.start({ white: ALICE, black: bot, rated: true, views: [GROUP] }),
    );
    game = value(await service.moves.play(game.id, ALICE, firstLegalMove(game.variant, game.fen)));
    await until(
      () => published.some((event) => event.type === 'move-played' && event.by === 'black'),
      'the bot’s move',
    );
    const resigned = await service.endings.resign(game.id, ALICE);
    if (!resigned.ok) throw new Error(resigned.code);
    const rated = resigned.events.find((event) => event.type === 'game-rated');
    expect(rated?.type === 'game-rated' && rated.ratings).toHaveLength(1);
    const [record] = value(await service.league.playerRatings(ALICE));
    expect(record).toMatchObject({ pool: 'bot', games: 1, losses: 1 });
    expect(record!.recent[0]!.opponentRating).toBe(botRating(3).rating);
    expect(value(await service.league.chatLeaderboard('telegram:-100', 'bashni'))).toEqual([]);
  });

  it('finishes the accounting a crash interrupted, at the next start, once', async () => {
    const game = await ratedGame(true);
    // The process died between the save that ended the game and its accounting.
    await league.markFinishing(game.id);
    const ended = {
      ...game,
      version: game.version + 1,
      status: 'finished' as const,
      result: { winner: 'black' as const, reason: 'resignation' as const },
      finishedAt: clock.now(),
    };
    expect(await store.saveGame(ended, game.version)).toBe(true);
    published = [];
    const restarted = makeService();
    await restarted.start();
    expect(published.map((event) => event.type)).toEqual(['game-rated']);
    expect(await league.finishingGames()).toEqual([]);
    // A second process starting finds nothing left to do.
    published = [];
    await league.markFinishing(game.id);
    await makeService().start();
    expect(published).toEqual([]);
    const [boris] = value(await service.league.playerRatings(BORIS));
    expect(boris).toMatchObject({ games: 1, wins: 1 });
  });
});
