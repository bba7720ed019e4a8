import { beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/game/logger.js';
import type { PositionAnalysis } from '../../src/game/ports.js';
import {
  BLUNDER_DROP,
  BLUNDER_LOSS,
  DEEP_MOVES,
  MISTAKE_DROP,
  MISTAKE_LOSS,
  reviewGameRecord,
  verdictOf,
} from '../../src/game/review.js';
import { GameService } from '../../src/game/service.js';
import { MemoryKeyValueStore } from '../../src/store/key-value.js';
import { MemoryGameStore } from '../../src/store/memory-store.js';
import { ALICE, BORIS, makeGame, makeTableGame } from '../support/game-fixtures.js';
import { ManualClock, ManualScheduler } from '../support/manual-scheduler.js';
import { inlineAnalysis, plantedBlunderGame } from '../support/review-game.js';
import { refused, value } from '../support/service-results.js';

const PLANTED_PLY = 11;
const PLANTED = plantedBlunderGame(PLANTED_PLY);

describe('the verdict on a move (thresholds)', () => {
  it('marks a mistake from MISTAKE_DROP and a blunder from BLUNDER_DROP', () => {
    expect(MISTAKE_DROP).toBe(0.15);
    expect(BLUNDER_DROP).toBe(0.3);
    expect(verdictOf(0, 0, false)).toBeUndefined();
    expect(verdictOf(0.1499, 0, false)).toBeUndefined();
    expect(verdictOf(0.15, 0, false)).toBe('mistake');
    expect(verdictOf(0.2999, 0, false)).toBe('mistake');
    expect(verdictOf(0.3, 0, false)).toBe('blunder');
    expect(verdictOf(1, 0, false)).toBe('blunder');
  });

  it('and whatever the drop, a mistake from MISTAKE_LOSS and a blunder from BLUNDER_LOSS', () => {
    expect(MISTAKE_LOSS).toBe(300);
    expect(BLUNDER_LOSS).toBe(500);
    expect(verdictOf(0.01, 299, false)).toBeUndefined();
    expect(verdictOf(0.01, 300, false)).toBe('mistake');
    expect(verdictOf(0.01, 499, false)).toBe('mistake');
    expect(verdictOf(0.01, 500, false)).toBe('blunder');
    expect(verdictOf(0.2, 500, false)).toBe('blunder');
  });

  it('never marks a forced move', () => {
    expect(verdictOf(1, 0, true)).toBeUndefined();
    expect(verdictOf(0.2, 900, true)).toBeUndefined();
  });
});

describe('the deeper look', () => {
  it("marks a blunder the first look sees as a mistake (the issue's example: nine men lost)", async () => {
    // Black's b6-c5 loses about nine men (1,000,000 nodes: a loss of 899); the first look alone
    // called it a mistake (issue 32).
    const startFen = 'B:Wa1,c1,e1,g1,b2,f2,h2,d4(0000):Bb6(0/1),f6,c7(00000000),b8,h8';
    const analysis = inlineAnalysis();
    const game = {
      ...makeGame('nine', { startFen, fen: startFen }),
      moves: ['b6-c5'],
      status: 'finished' as const,
    };
    const review = await reviewGameRecord(game, analysis);
    expect(review.plies[0]!.verdict).toBe('blunder');
    expect(review.plies[0]!.loss).toBeGreaterThanOrEqual(BLUNDER_LOSS);
    expect(analysis.deepCalls).toBe(2);
  });
});

describe('the review of a game', () => {
  let store: MemoryGameStore;
  let kv: MemoryKeyValueStore;
  let analysis: ReturnType<typeof inlineAnalysis>;
  let service: GameService;
  let ids: number;

  const makeService = (port: PositionAnalysis, concurrency = 1) =>
    new GameService({
      store,
      scheduler: new ManualScheduler(new ManualClock()),
      logger: silentLogger,
      newId: () => `g${++ids}`,
      analysis: port,
      kv,
      reviewConcurrency: concurrency,
    });

  /** A finished game of these moves (White resigns at the end). */
  const finishedGame = async (moves: readonly string[], on = service) => {
    const game = value(await on.moves.start({ white: ALICE, black: BORIS, moves }));
    value(await on.endings.resign(game.id, game.moves.length % 2 === 0 ? ALICE : BORIS));
    return game.id;
  };

  beforeEach(() => {
    store = new MemoryGameStore();
    kv = new MemoryKeyValueStore();
    analysis = inlineAnalysis();
    ids = 0;
    service = makeService(analysis);
  });

  it('finds a planted blunder and gives a better move with its line', async () => {
    const id = await finishedGame(PLANTED.moves);
    const review = value(await service.reviews.review(id, ALICE));
    expect(review.plyCount).toBe(PLANTED.moves.length);
    expect(review.chances).toHaveLength(PLANTED.moves.length + 1);
    const planted = review.plies[PLANTED_PLY]!;
    expect(planted.move).toBe(PLANTED.blunder);
    expect(planted.verdict).toBe('blunder');
    expect(planted.drop).toBeGreaterThanOrEqual(BLUNDER_DROP);
    expect(planted.best).not.toBe(PLANTED.blunder);
    expect(planted.line[0]).toBe(planted.best);
    expect(review.moments).toContain(PLANTED_PLY);
    const side = planted.side === 'white' ? review.white : review.black;
    expect(side.blunders).toBeGreaterThanOrEqual(1);
    expect(side.accuracy).toBeLessThan(100);
    // N plies, N + 1 positions: the last one searched too (the game ended by resignation);
    // then the two positions of each suspect move, for the costliest DEEP_MOVES of them.
    expect(analysis.calls).toBe(PLANTED.moves.length + 1);
    expect(analysis.deepCalls).toBeGreaterThanOrEqual(2);
    expect(analysis.deepCalls).toBeLessThanOrEqual(2 * DEEP_MOVES);
  });

  it('never marks a forced move, however much it costs', async () => {
    // An engine that calls every move a disaster for its mover: 1, 0, 1, 0… for White.
    const seesaw: PositionAnalysis = {
      analyse: ({ fen }) =>
        Promise.resolve({
          best: '',
          pv: [],
          score: 0,
          whiteChances: fen.startsWith('W') ? 1 : 0,
        }),
    };
    const game = value(
      await service.moves.start({ white: ALICE, black: BORIS, moves: PLANTED.moves }),
    );
    const review = await reviewGameRecord({ ...game, status: 'finished' }, seesaw);
    const forced = review.plies.filter((p) => p.forced);
    expect(forced.length).toBeGreaterThan(0);
    for (const ply of review.plies) {
      expect(ply.verdict, `ply ${ply.ply}`).toBe(ply.forced ? undefined : 'blunder');
    }
    expect(review.plies[0]!.forced).toBe(false);
  });

  it('keeps the review: a second one searches nothing', async () => {
    const id = await finishedGame(PLANTED.moves.slice(0, 12));
    const first = value(await service.reviews.review(id, ALICE));
    const calls = analysis.calls;
    expect(calls).toBe(13);
    const deepCalls = analysis.deepCalls;
    const second = value(await service.reviews.review(id, BORIS));
    expect(analysis.calls).toBe(calls);
    expect(analysis.deepCalls).toBe(deepCalls);
    expect(second).toEqual(first);
    // Another service on the same store (another process) finds it too.
    const other = makeService(analysis);
    value(await other.reviews.review(id, ALICE));
    expect(analysis.calls).toBe(calls);
  });

  it('searches once for two reviews of one game asked at once', async () => {
    const id = await finishedGame(PLANTED.moves.slice(0, 8));
    const [a, b] = await Promise.all([
      service.reviews.review(id, ALICE),
      service.reviews.review(id, BORIS),
    ]);
    expect(value(a)).toEqual(value(b));
    expect(analysis.calls).toBe(9);
  });

  it('lets one review search at a time and tells the next one it waits', async () => {
    const one = await finishedGame(PLANTED.moves.slice(0, 6));
    const two = await finishedGame(PLANTED.moves.slice(0, 7));
    let queued = 0;
    const [a, b] = await Promise.all([
      service.reviews.review(one, ALICE, { onQueued: () => queued++ }),
      service.reviews.review(two, ALICE, { onQueued: () => queued++ }),
    ]);
    expect(value(a).plyCount).toBe(6);
    expect(value(b).plyCount).toBe(7);
    expect(queued).toBe(1);
  });

  it('refuses an active game (fair play), a table game, an unknown one, and without an engine', async () => {
    const active = value(
      await service.moves.start({ white: ALICE, black: BORIS, moves: ['c3-d4'] }),
    );
    expect(refused(await service.reviews.review(active.id, ALICE))).toBe('game-not-over');
    expect(refused(await service.reviews.review('nope', ALICE))).toBe('not-found');
    await store.createGame(makeTableGame('t1', { status: 'finished' }));
    expect(refused(await service.reviews.review('t1', ALICE))).toBe('review-not-for-tables');
    const bare = new GameService({
      store,
      scheduler: new ManualScheduler(new ManualClock()),
      logger: silentLogger,
    });
    expect(refused(await bare.reviews.review(active.id, ALICE))).toBe('review-unavailable');
    expect(analysis.calls).toBe(0);
  });

  it('turns an engine failure into a refusal, and a corrupt cache entry into a new review', async () => {
    const id = await finishedGame(PLANTED.moves.slice(0, 4));
    const failing = makeService({ analyse: () => Promise.reject(new Error('worker died')) });
    expect(refused(await failing.reviews.review(id, ALICE))).toBe('review-unavailable');
    await kv.set(`review:${id}`, '{not json');
    value(await service.reviews.review(id, ALICE));
    expect(analysis.calls).toBe(5);
  });

  it('remembers the last finished game of a chat and of a player', async () => {
    const game = value(
      await service.moves.start({
        white: ALICE,
        black: BORIS,
        moves: ['c3-d4'],
        views: [{ platform: 'telegram', chatId: '-100', messageId: '5' }],
      }),
    );
    expect(
      await service.reviews.lastFinished({ platform: 'telegram', chatId: '-100' }, ALICE),
    ).toBe(undefined);
    value(await service.endings.resign(game.id, BORIS));
    expect(
      await service.reviews.lastFinished({ platform: 'telegram', chatId: '-100' }, ALICE),
    ).toBe(game.id);
    expect(await service.reviews.lastFinished({ platform: 'telegram', chatId: '-7' }, BORIS)).toBe(
      game.id,
    );
  });

  it('numbers the moves as PDN does', async () => {
    const id = await finishedGame(PLANTED.moves.slice(0, 4));
    const review = value(await service.reviews.review(id, ALICE));
    expect(review.plies.map((p) => [p.moveNumber, p.continues, p.side])).toEqual([
      [1, false, 'white'],
      [1, true, 'black'],
      [2, false, 'white'],
      [2, true, 'black'],
    ]);
  });
});
