import { silentLogger } from '../../src/game/logger.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { sideToMove } from '../../src/game/rules-strategy.js';
import { en } from '../../src/i18n/en.js';
import { ru } from '../../src/i18n/ru.js';
import type { Game } from '../../src/game/model.js';
import { StoreError, type GameStore } from '../../src/game/ports.js';
import type { GameEvent, ServiceResult } from '../../src/game/results.js';
import { GameService } from '../../src/game/service.js';
import { MemoryGameStore } from '../../src/store/memory-store.js';
import { square } from '../support/engine-helpers.js';
import { ALICE, BORIS, CAROL } from '../support/game-fixtures.js';
import { ManualClock, ManualScheduler } from '../support/manual-scheduler.js';
import { item } from '../support/present.js';
import { value } from '../support/service-results.js';

const DAY = 1_000;

function code(result: ServiceResult<unknown>): string {
  return result.ok ? 'ok' : result.code;
}

describe('GameService', () => {
  let store: MemoryGameStore;
  let clock: ManualClock;
  let scheduler: ManualScheduler;
  let published: GameEvent[];
  let service: GameService;
  let ids: number;

  beforeEach(async () => {
    store = new MemoryGameStore();
    clock = new ManualClock();
    scheduler = new ManualScheduler(clock);
    published = [];
    ids = 0;
    service = new GameService({
      store,
      scheduler,
      clock,
      dayMs: DAY,
      challengeTtlMs: 10 * DAY,
      newId: () => `id${++ids}`,
      random: () => 0.1,
      onEvents: (events) => void published.push(...events),
      logger: silentLogger,
    });
    await service.start();
  });

  /** Alice (White) against Boris, started through an accepted challenge. */
  async function aliceVsBoris(days: 1 | 2 | null = null): Promise<Game> {
    const challenge = value(
      await service.challenges.create({
        challenger: ALICE,
        target: { kind: 'user', player: BORIS },
        side: 'white',
        daysPerMove: days,
      }),
    );
    return value(await service.challenges.accept(challenge.id, BORIS));
  }

  describe('challenges', () => {
    it('to a @username: only that user (any letter case) may accept', async () => {
      const created = await service.challenges.create({
        challenger: BORIS,
        target: { kind: 'username', username: '@ALICE_plays' },
      });
      const challenge = value(created);
      expect(challenge.target).toEqual({ kind: 'username', username: 'alice_plays' });
      expect(created.ok && created.events.map((e) => e.type)).toEqual(['challenge-created']);
      expect(code(await service.challenges.accept(challenge.id, CAROL))).toBe('not-for-you');
      expect(code(await service.challenges.accept(challenge.id, BORIS))).toBe('own-challenge');
      const accepted = await service.challenges.accept(challenge.id, ALICE);
      const game = value(accepted);
      expect(accepted.ok && accepted.events.map((e) => e.type)).toEqual(['game-started']);
      // random() = 0.1 < 0.5: the challenger takes White.
      expect([game.white.userId, game.black.userId]).toEqual([BORIS.userId, ALICE.userId]);
      expect(code(await service.challenges.accept(challenge.id, ALICE))).toBe('challenge-closed');
      expect(value(await service.queries.getChallenge(challenge.id)).gameId).toBe(game.id);
    });

    it('open challenges go to anyone but the challenger; they cannot be declined', async () => {
      const challenge = value(
        await service.challenges.create({
          challenger: ALICE,
          target: { kind: 'open' },
          side: 'black',
        }),
      );
      expect(code(await service.challenges.accept(challenge.id, ALICE))).toBe('own-challenge');
      expect(code(await service.challenges.decline(challenge.id, CAROL))).toBe('not-for-you');
      const game = value(await service.challenges.accept(challenge.id, CAROL));
      expect(game.white.userId).toBe(CAROL.userId);
      expect(game.black.userId).toBe(ALICE.userId);
    });

    it('the challenged player declines; the challenger cancels; nobody else can', async () => {
      const first = value(
        await service.challenges.create({
          challenger: ALICE,
          target: { kind: 'user', player: BORIS },
        }),
      );
      expect(code(await service.challenges.decline(first.id, CAROL))).toBe('not-for-you');
      expect(value(await service.challenges.decline(first.id, BORIS)).status).toBe('declined');
      expect(code(await service.challenges.accept(first.id, BORIS))).toBe('challenge-closed');

      const second = value(
        await service.challenges.create({
          challenger: ALICE,
          target: { kind: 'user', player: BORIS },
        }),
      );
      expect(code(await service.challenges.cancel(second.id, BORIS))).toBe('not-for-you');
      expect(value(await service.challenges.cancel(second.id, ALICE)).status).toBe('cancelled');
      expect(
        code(
          await service.challenges.create({
            challenger: ALICE,
            target: { kind: 'user', player: ALICE },
          }),
        ),
      ).toBe('own-challenge');
    });

    it('expires unanswered challenges on their timer, once', async () => {
      const challenge = value(
        await service.challenges.create({ challenger: ALICE, target: { kind: 'open' } }),
      );
      clock.time += 10 * DAY + 1;
      expect(code(await service.challenges.accept(challenge.id, BORIS))).toBe('challenge-expired');
      await scheduler.runDue();
      expect(published.map((e) => e.type)).toEqual(['challenge-expired']);
      expect(value(await service.queries.getChallenge(challenge.id)).status).toBe('expired');
      await service.timers.handle({
        kind: 'challenge-expiry',
        targetId: challenge.id,
        ply: 0,
        at: clock.time,
      });
      expect(published).toHaveLength(1);
    });
  });

  describe('moves', () => {
    it('plays legal moves in turn and refuses everything else with a code', async () => {
      const game = await aliceVsBoris();
      expect(code(await service.moves.play(game.id, BORIS, 'f6-g5'))).toBe('not-your-turn');
      expect(code(await service.moves.play(game.id, CAROL, 'c3-d4'))).toBe('not-a-player');
      const illegal = await service.moves.play(game.id, ALICE, 'c3-e5');
      expect(code(illegal)).toBe('illegal-move');
      expect(illegal).toMatchObject({ move: 'c3-e5' });
      expect(!illegal.ok && illegal.code === 'illegal-move' && illegal.legal).toContain('c3-d4');
      expect(code(await service.moves.play(game.id, ALICE, 'c3-d4', { seenPly: 7 }))).toBe(
        'stale-version',
      );
      const played = await service.moves.play(game.id, ALICE, 'c3-d4', {
        seenPly: game.moves.length,
      });
      const after = value(played);
      expect(after.moves).toEqual(['c3-d4']);
      expect(after.version).toBe(game.version + 1);
      expect(played.ok && played.events).toEqual([
        { type: 'move-played', game: after, move: 'c3-d4', by: 'white', ping: false },
      ]);
      // The same tap again (double tap) is stale and changes nothing.
      expect(
        code(await service.moves.play(game.id, ALICE, 'c3-d4', { seenPly: game.moves.length })),
      ).toBe('stale-version');
      expect(value(await service.queries.getGame(game.id)).moves).toEqual(['c3-d4']);
      expect(code(await service.moves.play('nope', ALICE, 'c3-d4'))).toBe('not-found');
    });

    it('the same request twice (an update delivered again after a crash) plays once', async () => {
      const game = await aliceVsBoris();
      const first = await service.moves.play(game.id, ALICE, 'c3-d4', { requestKey: 'tg:101' });
      expect(first.ok && first.events.map((e) => e.type)).toEqual(['move-played']);
      const again = await service.moves.play(game.id, ALICE, 'c3-d4', { requestKey: 'tg:101' });
      expect(again.ok && again.events).toEqual([]);
      expect(value(again).moves).toEqual(['c3-d4']);
      // The same text under another key is a new request (and not Alice's turn now).
      expect(
        code(await service.moves.play(game.id, ALICE, 'c3-d4', { requestKey: 'tg:102' })),
      ).toBe('not-your-turn');
      expect(value(await service.queries.getGame(game.id)).moves).toEqual(['c3-d4']);
    });

    it('reads moves as people type them (Cyrillic letters, dashes, spaces)', async () => {
      const game = await aliceVsBoris();
      expect(value(await service.moves.play(game.id, ALICE, 'с3 — d4')).moves).toEqual(['c3-d4']);
    });

    it('pings the player to move after a slow answer; after a quick one, nudges them later', async () => {
      const game = await aliceVsBoris();
      clock.time += 5 * 60_000;
      const slow = await service.moves.play(game.id, ALICE, 'c3-d4');
      expect(slow.ok && slow.events[0]).toMatchObject({ type: 'move-played', ping: true });
      clock.time += 30_000;
      const quick = await service.moves.play(game.id, BORIS, 'f6-g5');
      expect(quick.ok && quick.events[0]).toMatchObject({ type: 'move-played', ping: false });
      published.length = 0;
      clock.time += 3 * 60_000;
      await scheduler.runDue();
      expect(published.map((e) => e.type)).toEqual(['turn-nudge']);
      clock.time += 60 * 60_000;
      await scheduler.runDue();
      expect(published.map((e) => e.type)).toEqual(['turn-nudge']);
    });

    it('keeps one nudge job per game, however many moves are made while it waits', async () => {
      const game = await aliceVsBoris();
      const nudges = () => [...scheduler.jobs.values()].filter((j) => j.kind === 'turn-nudge');
      const moves: [typeof ALICE, string][] = [
        [ALICE, 'c3-d4'],
        [BORIS, 'f6-g5'],
        [ALICE, 'g3-h4'],
        [BORIS, 'g7-f6'],
      ];
      for (const [player, move] of moves) {
        value(await service.moves.play(game.id, player, move));
        clock.time += 20_000;
        expect(nudges()).toHaveLength(1);
      }
      // Fired before the current turn is due, it sets itself again for that turn; then nudges.
      published.length = 0;
      clock.time = item(nudges(), 0).at;
      await scheduler.runDue();
      expect(published).toEqual([]);
      expect(nudges()).toHaveLength(1);
      clock.time = item(nudges(), 0).at;
      await scheduler.runDue();
      expect(published.map((e) => e.type)).toEqual(['turn-nudge']);
      expect(nudges()).toHaveLength(0);
    });

    it('buttons stay valid when only the presentation changed (a new chat view, a draw offer)', async () => {
      const game = await aliceVsBoris();
      await service.queries.addView(
        { kind: 'game', id: game.id },
        { platform: 'telegram', chatId: '5', messageId: '6' },
      );
      await service.endings.offerDraw(game.id, BORIS);
      expect(
        value(await service.moves.play(game.id, ALICE, 'c3-d4', { seenPly: 0 })).moves,
      ).toEqual(['c3-d4']);
      expect(code(await service.moves.play(game.id, BORIS, 'f6-g5', { seenPly: 0 }))).toBe(
        'stale-version',
      );
    });

    it('accepts a Move object from the legal list', async () => {
      const game = await aliceVsBoris();
      const move = { from: 9, path: [13], captures: [], promotes: false }; // c3-d4
      expect(value(await service.moves.play(game.id, ALICE, move)).moves).toEqual(['c3-d4']);
    });

    it('keeps the last move’s squares in the record, for the board’s picture', async () => {
      const game = value(
        await service.moves.start({ white: ALICE, black: BORIS, fen: 'W:Wc3:Bd4,h8' }),
      );
      expect(game.lastMove).toBeUndefined();
      const after = value(await service.moves.play(game.id, ALICE, 'c3:e5'));
      expect(after.lastMove).toEqual({
        from: square('c3'),
        path: [square('e5')],
        captures: [square('d4')],
      });
      expect(value(await service.queries.getGame(game.id)).lastMove).toEqual(after.lastMove);
    });

    it('starts a game from moves already played, and refuses moves that do not replay', async () => {
      const game = value(
        await service.moves.start({ white: ALICE, black: BORIS, moves: ['c3-d4', 'f6-e5'] }),
      );
      expect(game.moves).toEqual(['c3-d4', 'f6-e5']);
      expect(game.quietPlies).toBe(2);
      expect(game.keys).toHaveLength(3);
      expect(game.lastMove).toEqual({ from: square('f6'), path: [square('e5')], captures: [] });
      expect(value(await service.moves.play(game.id, ALICE, 'd4:f6')).moves).toHaveLength(3);
      const bad = await service.moves.start({ white: ALICE, black: BORIS, moves: ['c3-e5'] });
      expect(code(bad)).toBe('illegal-move');
      expect(bad).toMatchObject({ move: 'c3-e5' });
      expect(!bad.ok && bad.code === 'illegal-move' && bad.legal).toContain('c3-d4');
      const over = await service.moves.start({
        white: ALICE,
        black: BORIS,
        fen: 'W:Wc3:Bd4',
        moves: ['c3:e5'],
      });
      expect(code(over)).toBe('game-over');
    });

    it('ends the game when the side to move has no legal move', async () => {
      const game = value(
        await service.moves.start({ white: ALICE, black: BORIS, fen: 'W:Wc3:Bd4' }),
      );
      const result = await service.moves.play(game.id, ALICE, 'c3:e5');
      const over = value(result);
      expect(over.status).toBe('finished');
      expect(over.result).toEqual({ winner: 'white', reason: 'no-legal-move' });
      expect(result.ok && result.events.map((e) => e.type)).toEqual(['move-played', 'game-over']);
      expect(code(await service.moves.play(game.id, BORIS, 'd4-c3'))).toBe('game-over');
      expect(value(await service.queries.activeGames(ALICE))).toEqual([]);
    });

    it('adiyukh: ends the game on the half count and keeps the counts in the result', async () => {
      const game = value(
        await service.moves.start({
          white: ALICE,
          black: BORIS,
          variant: 'adiyukh',
          fen: 'W:Wd4(0/000):BKa1',
        }),
      );
      const over = value(await service.moves.play(game.id, ALICE, 'd4-c5'));
      expect(over.status).toBe('finished');
      expect(over.result).toEqual({ winner: 'white', reason: 'half-count', counts: [4, 1] });
      expect(value(await service.queries.getGame(game.id)).result).toEqual(over.result);
      expect(en.result('white', 'half-count', { counts: [4, 1] })).toBe(
        'White wins 4:1 on the half count.',
      );
      expect(en.result('black', 'half-count', { counts: [1, 4] })).toBe(
        'Black wins 4:1 on the half count.',
      );
      expect(en.result(null, 'half-count', { counts: [12, 12] })).toBe(
        'Draw 12:12 on the half count.',
      );
      expect(ru.result('white', 'half-count', { counts: [4, 1] })).toBe(
        'Победили белые 4:1 по подсчёту на половинах доски.',
      );
      expect(ru.result(null, 'half-count', { counts: [12, 12] })).toBe(
        'Ничья 12:12 по подсчёту на половинах доски.',
      );
    });

    it('50 simultaneous plays at one version from two service instances: exactly one applies', async () => {
      const game = await aliceVsBoris();
      const other = new GameService({ store, scheduler, clock, dayMs: DAY, logger: silentLogger });
      const moves = ['c3-d4', 'c3-b4', 'a3-b4', 'e3-d4', 'e3-f4', 'g3-f4', 'g3-h4'];
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          (i % 2 === 0 ? service : other).moves.play(
            game.id,
            ALICE,
            item(moves, i % moves.length, 'moves'),
            {
              seenPly: game.moves.length,
            },
          ),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok).every((r) => code(r) === 'stale-version')).toBe(true);
      const stored = value(await service.queries.getGame(game.id));
      expect(stored.moves).toHaveLength(1);
      expect(stored.version).toBe(game.version + 1);
    });
  });

  describe('resignation and draws', () => {
    it('resigning loses; only players of an active game can resign', async () => {
      const game = await aliceVsBoris();
      expect(code(await service.endings.resign(game.id, CAROL))).toBe('not-a-player');
      const over = value(await service.endings.resign(game.id, BORIS));
      expect(over.result).toEqual({ winner: 'white', reason: 'resignation' });
      expect(code(await service.endings.resign(game.id, ALICE))).toBe('game-over');
    });

    it('draw offers: decline, offer again, accept; a move withdraws an offer', async () => {
      const game = await aliceVsBoris();
      expect(code(await service.endings.acceptDraw(game.id, BORIS))).toBe('no-draw-offer');
      expect(value(await service.endings.offerDraw(game.id, ALICE)).drawOffer).toBe('white');
      expect(code(await service.endings.offerDraw(game.id, ALICE))).toBe('draw-already-offered');
      // Accepting one's own offer says so (it used to say there was no offer).
      expect(code(await service.endings.acceptDraw(game.id, ALICE))).toBe('own-draw-offer');
      expect(value(await service.endings.declineDraw(game.id, BORIS)).drawOffer).toBeNull();
      await service.endings.offerDraw(game.id, ALICE);
      expect(value(await service.moves.play(game.id, ALICE, 'c3-d4')).drawOffer).toBeNull();
      await service.endings.offerDraw(game.id, BORIS);
      const drawn = value(await service.endings.acceptDraw(game.id, ALICE));
      expect(drawn.result).toEqual({ winner: null, reason: 'agreement' });
    });

    it('an offer answered by a counter-offer is a draw', async () => {
      const game = await aliceVsBoris();
      await service.endings.offerDraw(game.id, ALICE);
      expect(value(await service.endings.offerDraw(game.id, BORIS)).result?.reason).toBe(
        'agreement',
      );
    });
  });

  describe('clocks', () => {
    it('sets a deadline, reminds once at 80% of the time, and times out', async () => {
      const game = await aliceVsBoris(2);
      expect(game.deadline).toBe(clock.time + 2 * DAY);
      clock.time += 1.6 * DAY;
      await scheduler.runDue();
      expect(published.map((e) => e.type)).toEqual(['reminder']);
      expect(published[0]).toMatchObject({
        type: 'reminder',
        side: 'white',
        deadline: game.deadline,
      });
      // A repeated delivery of the same reminder does nothing.
      await service.timers.handle({ kind: 'reminder', targetId: game.id, ply: 0, at: clock.time });
      expect(published).toHaveLength(1);
      clock.time += 0.4 * DAY;
      await scheduler.runDue();
      expect(published.map((e) => e.type)).toEqual(['reminder', 'game-over']);
      expect(value(await service.queries.getGame(game.id)).result).toEqual({
        winner: 'black',
        reason: 'time',
      });
    });

    it('a move restarts the clock; timers of the previous move are stale', async () => {
      const game = await aliceVsBoris(1);
      clock.time += 0.5 * DAY;
      const moved = value(await service.moves.play(game.id, ALICE, 'c3-d4'));
      expect(moved.deadline).toBe(clock.time + DAY);
      clock.time += 0.6 * DAY; // past the first deadline, before the second
      await scheduler.runDue();
      expect(published.filter((e) => e.type === 'game-over')).toEqual([]);
      clock.time += 0.5 * DAY;
      await scheduler.runDue();
      expect(value(await service.queries.getGame(game.id)).result).toEqual({
        winner: 'white',
        reason: 'time',
      });
    });

    it('a time-out delivered early waits for the deadline', async () => {
      const game = await aliceVsBoris(1);
      await service.timers.handle({ kind: 'timeout', targetId: game.id, ply: 0, at: clock.time });
      expect(value(await service.queries.getGame(game.id)).status).toBe('active');
    });
  });

  describe('views and lists', () => {
    it('remembers the chat messages that show a game, in several chats', async () => {
      const game = await aliceVsBoris();
      const group = { platform: 'telegram' as const, chatId: '-1001', messageId: '55' };
      const discord = { platform: 'discord' as const, chatId: '77', messageId: '88' };
      await service.queries.addView({ kind: 'game', id: game.id }, group);
      await service.queries.addView({ kind: 'game', id: game.id }, discord);
      await service.queries.addView({ kind: 'game', id: game.id }, group);
      expect(value(await service.queries.getGame(game.id)).views).toEqual([discord, group]);
      const found = value(await service.queries.findByView(discord));
      expect(found.kind === 'game' && found.game.id).toBe(game.id);
      expect(code(await service.queries.findByView({ ...group, messageId: '1' }))).toBe(
        'not-found',
      );
      expect(value(await service.queries.activeGames(BORIS)).map((g) => g.id)).toEqual([game.id]);
    });
  });

  describe('bad data and a dead store', () => {
    it('a corrupt record is reported for that game only', async () => {
      const game = await aliceVsBoris();
      store.putRawGame('bad', '{not json');
      expect(code(await service.queries.getGame('bad'))).toBe('corrupt-record');
      expect(code(await service.moves.play('bad', ALICE, 'c3-d4'))).toBe('corrupt-record');
      expect(value(await service.queries.getGame(game.id)).id).toBe(game.id);
    });

    it('a record damaged at depth is corrupt for play, queries, timers and the bot; other games go on', async () => {
      const damages: Record<string, (game: Game) => object> = {
        'a FEN that does not parse': (game) => ({ ...game, fen: 'W:Wz9:B' }),
        'a move list of numbers': (game) => ({ ...game, moves: [22, 23] }),
        'a view without chatId': (game) => ({
          ...game,
          views: [{ platform: 'telegram', messageId: '5' }],
        }),
        'a player without a user id': (game) => ({ ...game, black: { displayName: 'Boris' } }),
      };
      for (const [what, damage] of Object.entries(damages)) {
        const good = await aliceVsBoris(1);
        const bad = await aliceVsBoris(1);
        store.putRawGame(bad.id, JSON.stringify({ s: 3, ...damage(bad) }));
        expect(code(await service.queries.getGame(bad.id)), what).toBe('corrupt-record');
        expect(code(await service.moves.play(bad.id, ALICE, 'c3-d4')), what).toBe('corrupt-record');
        expect(code(await service.endings.offerDraw(bad.id, ALICE)), what).toBe('corrupt-record');
        // Both clocks run out: the good game is lost on time, the bad one is left, unharmed.
        clock.time += 2 * DAY;
        await scheduler.runDue();
        expect(value(await service.queries.getGame(good.id)).result?.reason, what).toBe('time');
        expect(code(await service.queries.getGame(bad.id)), what).toBe('corrupt-record');
        expect(value(await service.queries.activeGames(ALICE)).map((g) => g.id)).not.toContain(
          bad.id,
        );
      }
      const bot = { platform: 'telegram', userId: 'bot', displayName: 'Bot', botLevel: 1 } as const;
      const botGame = value(await service.moves.start({ white: ALICE, black: bot }));
      store.putRawGame(botGame.id, JSON.stringify({ s: 3, ...botGame, fen: 'nonsense' }));
      const retry = { kind: 'bot-move', targetId: botGame.id, ply: 0, at: 0 } as const;
      await expect(service.timers.handle(retry)).resolves.toBeUndefined();
    });

    it('a game the rules cannot read, met outside the store, is refused as corrupt', async () => {
      const game = await aliceVsBoris();
      const broken = { ...game, fen: 'W:Wz9:B' };
      const error = (() => {
        try {
          return sideToMove(broken);
        } catch (thrown) {
          return thrown;
        }
      })();
      expect(error).toBeInstanceOf(StoreError);
      expect(error).toMatchObject({ code: 'corrupt-record', recordId: game.id });
    });

    it('an unavailable store gives a clear refusal, never a throw', async () => {
      const down = () => Promise.reject(new StoreError('store-unavailable', 'connection refused'));
      const deadStore = new Proxy(store, { get: () => down }) as unknown as GameStore;
      const dead = new GameService({ store: deadStore, scheduler, clock, logger: silentLogger });
      for (const result of [
        await dead.moves.play('g', ALICE, 'c3-d4'),
        await dead.challenges.create({ challenger: ALICE, target: { kind: 'open' } }),
        await dead.queries.activeGames(ALICE),
      ]) {
        expect(code(result)).toBe('store-unavailable');
        expect(!result.ok && result.message).toMatch(/unavailable/);
      }
    });
  });
});
