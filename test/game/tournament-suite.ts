import { beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/game/logger.js';
import type { Player } from '../../src/game/model.js';
import { StoreError } from '../../src/game/ports.js';
import type { GameEvent } from '../../src/game/results.js';
import { GameService } from '../../src/game/service.js';
import type { Tournament } from '../../src/game/tournament-model.js';
import { currentRound, standingsOf } from '../../src/game/tournament-rules.js';
import type { LeagueStore } from '../../src/game/league-ports.js';
import type { GameStore } from '../../src/game/ports.js';
import { firstLegalMove } from '../support/any-game.js';
import { ALICE, BORIS, CAROL, DMITRI } from '../support/game-fixtures.js';
import { ManualClock, ManualScheduler } from '../support/manual-scheduler.js';
import { refused, value } from '../support/service-results.js';

const CHAT = { platform: 'telegram' as const, chatId: '-500' };
const EVE: Player = { platform: 'telegram', userId: '1005', displayName: 'Eve', username: 'eve' };

/** The stores one bot process has (a second process gets stores on the same data). */
export interface TournamentStores {
  readonly store: GameStore;
  readonly league: LeagueStore;
}

/** The tournament use cases through the game service, on the stores `makeStores` gives. */
export function tournamentSuite(name: string, makeStores: () => TournamentStores): void {
  describe(name, () => {
    let store: GameStore;
    let league: LeagueStore;
    let clock: ManualClock;
    let scheduler: ManualScheduler;
    let published: GameEvent[];
    let service: GameService;

    const makeService = () =>
      new GameService({
        store,
        league,
        scheduler,
        clock,
        logger: silentLogger,
        onEvents: (events) => void published.push(...events),
      });

    beforeEach(async () => {
      ({ store, league } = makeStores());
      clock = new ManualClock();
      scheduler = new ManualScheduler(clock);
      published = [];
      service = makeService();
      await service.start();
    });

    async function open(format: 'round-robin' | 'swiss', players: Player[], rounds = 1) {
      const tournament = value(
        await service.league.createTournament({
          organiser: players[0]!,
          chat: CHAT,
          format,
          variant: 'bashni',
          daysPerMove: 2,
          rounds,
          rated: true,
        }),
      );
      for (const player of players.slice(1))
        value(await service.league.joinTournament(tournament.id, player));
      return tournament.id;
    }

    const tournament = async (id: string) => value(await service.league.getTournament(id));

    /**
     * Ends a game after a move each (so that it is rated): White wins (Black resigns), Black wins,
     * or a draw by agreement.
     */
    async function finish(
      gameId: string,
      result: 'white' | 'black' | 'draw',
    ): Promise<GameEvent[]> {
      let game = value(await service.queries.getGame(gameId));
      for (const side of ['white', 'black'] as const)
        game = value(
          await service.moves.play(gameId, game[side], firstLegalMove(game.variant, game.fen)),
        );
      if (result === 'draw') {
        value(await service.endings.offerDraw(gameId, game.white));
        const drawn = await service.endings.acceptDraw(gameId, game.black);
        return drawn.ok ? [...drawn.events] : [];
      }
      const loser = result === 'white' ? game.black : game.white;
      const resigned = await service.endings.resign(gameId, loser);
      return resigned.ok ? [...resigned.events] : [];
    }

    function roundGames(t: Tournament): string[] {
      return currentRound(t)!.boards.flatMap((board) =>
        board.gameId === undefined ? [] : [board.gameId],
      );
    }

    it('runs a four-player round robin: Berger rounds one after another, standings, a winner', async () => {
      const id = await open('round-robin', [ALICE, BORIS, CAROL, DMITRI]);
      expect(refused(await service.league.joinTournament(id, BORIS))).toBe('already-entered');
      expect(refused(await service.league.startTournament(id, BORIS, false))).toBe('not-organiser');
      const started = await service.league.startTournament(id, ALICE, false);
      if (!started.ok) throw new Error(started.code);
      expect(started.events.map((e) => e.type)).toEqual([
        'tournament-round',
        'game-started',
        'game-started',
      ]);
      let t = started.value;
      expect(t.status).toBe('running');
      // Nobody rated yet: seeded in sign-up order. Round 1 of Berger's table for 4: 1-4, 2-3.
      expect(currentRound(t)!.boards.map((b) => [b.white, b.black])).toEqual([
        [0, 3],
        [1, 2],
      ]);
      const firstGame = value(await service.queries.getGame(roundGames(t)[0]!));
      expect(firstGame).toMatchObject({
        white: ALICE,
        black: DMITRI,
        daysPerMove: 2,
        rated: true,
        tournament: { id, round: 1, board: 0 },
      });
      expect(firstGame.deadline).not.toBeNull();
      expect(refused(await service.league.joinTournament(id, EVE))).toBe('tournament-started');

      // Seed 1 wins everything, the others draw among themselves.
      for (let round = 1; round <= 3; round++) {
        t = await tournament(id);
        expect(currentRound(t)!.number).toBe(round);
        for (const gameId of roundGames(t)) {
          const game = value(await service.queries.getGame(gameId));
          const result =
            game.white.userId === ALICE.userId
              ? 'white'
              : game.black.userId === ALICE.userId
                ? 'black'
                : 'draw';
          await finish(gameId, result);
        }
      }
      t = await tournament(id);
      expect(t.status).toBe('finished');
      expect(t.played).toHaveLength(3);
      const rows = standingsOf(t);
      expect(rows.map((row) => [row.index, row.points, row.rank])).toEqual([
        [0, 3, 1],
        [1, 1, 2],
        [2, 1, 2],
        [3, 1, 2],
      ]);
      // Everyone met everyone exactly once.
      const pairs = t.played.flatMap((r) =>
        r.boards.map((b) => [b.white, b.black!].sort().join('-')),
      );
      expect(new Set(pairs).size).toBe(6);
      // The games were rated: Alice leads the chat's table.
      const board = value(await service.league.chatLeaderboard('telegram:-500', 'bashni'));
      expect(board[0]!.player.userId).toBe(ALICE.userId);
    });

    it('pairs the next round once when the last game ends, with two processes answering', async () => {
      const id = await open('round-robin', [ALICE, BORIS, CAROL, DMITRI]);
      value(await service.league.startTournament(id, ALICE, false));
      const other = makeService();
      const [first, last] = roundGames(await tournament(id));
      await finish(first!, 'white');
      const events = await finish(last!, 'black');
      expect(events.map((e) => e.type)).toEqual([
        'game-over',
        'game-rated',
        'tournament-round',
        'game-started',
        'game-started',
      ]);
      const after = await tournament(id);
      // The second process sees the same end again (its own sweep, a duplicate delivery).
      await league.markFinishing(last!);
      published = [];
      await other.start();
      expect(published).toEqual([]);
      expect(await tournament(id)).toEqual(after);
      expect(after.played).toHaveLength(2);
    });

    it('after a restart mid-round, creates the games a crash left out and changes nothing else', async () => {
      const id = await open('round-robin', [ALICE, BORIS, CAROL, DMITRI]);
      value(await service.league.startTournament(id, ALICE, false));
      const [first, last] = roundGames(await tournament(id));
      await finish(first!, 'white');
      // The store fails for new games: round 2 is paired (saved) but its games are not created.
      const createGame = store.createGame.bind(store);
      store.createGame = () => Promise.reject(new StoreError('store-unavailable', 'down'));
      await finish(last!, 'white');
      store.createGame = createGame;
      const paired = await tournament(id);
      expect(paired.played).toHaveLength(2);
      const missing = roundGames(paired);
      for (const gameId of missing)
        expect(refused(await service.queries.getGame(gameId))).toBe('not-found');
      published = [];
      await makeService().start();
      expect(published.map((e) => e.type)).toEqual(['game-started', 'game-started']);
      for (const gameId of missing)
        expect(value(await service.queries.getGame(gameId)).status).toBe('active');
      expect(await tournament(id)).toEqual(paired);
      // Once more: nothing to do.
      published = [];
      await makeService().start();
      expect(published).toEqual([]);
    });

    it('withdraws a player: their game resigned, their later games forfeited, shown in the grid', async () => {
      const id = await open('round-robin', [ALICE, BORIS, CAROL, DMITRI]);
      value(await service.league.startTournament(id, ALICE, false));
      const left = await service.league.leaveTournament(id, DMITRI);
      if (!left.ok) throw new Error(left.code);
      // Their game had no move: it ends, unrated.
      expect(left.events.map((e) => e.type)).toEqual(['tournament-withdrawal', 'game-over']);
      expect(refused(await service.league.leaveTournament(id, DMITRI))).toBe('not-entered');
      const [, other] = roundGames(await tournament(id));
      await finish(other!, 'draw');
      let t = await tournament(id);
      expect(t.entrants[3]).toMatchObject({ outFrom: 2, outWhy: 'withdrew' });
      // Round 2 (4-3, 1-2): Dmitri's board is decided at once, without a game.
      const round2 = currentRound(t)!;
      expect(round2.boards[0]).toEqual({ white: 3, black: 2, whiteScore: 0, forfeit: true });
      expect(roundGames(t)).toHaveLength(1);
      await finish(roundGames(t)[0]!, 'white');
      t = await tournament(id);
      expect(currentRound(t)!.number).toBe(3);
      // A player leaving the chat is out the same way.
      const gone = await service.league.memberLeftChat(CHAT, {
        platform: 'telegram',
        userId: CAROL.userId,
      });
      expect(gone).toEqual([]); // Carol plays on Discord: not this chat's member id
      const boris = await service.league.memberLeftChat(CHAT, {
        platform: 'telegram',
        userId: BORIS.userId,
      });
      expect(boris.map((e) => e.type)).toContain('tournament-withdrawal');
      t = await tournament(id);
      expect(t.entrants[1]).toMatchObject({ outWhy: 'left-chat' });
    });

    it('runs a Swiss event with an odd field: a bye a round, no repeat pairings', async () => {
      // Rounds left to the field: ⌈log2 5⌉ + 1 = 4, fixed at the start.
      const id = await open('swiss', [ALICE, BORIS, CAROL, DMITRI, EVE], 0);
      expect(refused(await service.league.startTournament(id, BORIS, false))).toBe('not-organiser');
      const started = value(await service.league.startTournament(id, BORIS, true)); // a chat admin may
      expect(started.rounds).toBe(4);
      for (let round = 1; round <= 4; round++) {
        const t = await tournament(id);
        const boards = currentRound(t)!.boards;
        expect(boards.filter((b) => b.black === null)).toHaveLength(1);
        for (const gameId of roundGames(t)) await finish(gameId, 'white');
      }
      const t = await tournament(id);
      expect(t.status).toBe('finished');
      const pairs = t.played.flatMap((r) =>
        r.boards.filter((b) => b.black !== null).map((b) => [b.white, b.black!].sort().join('-')),
      );
      expect(new Set(pairs).size).toBe(pairs.length);
      expect(t.played).toHaveLength(4);
      const byes = t.played.map((r) => r.boards.find((b) => b.black === null)!.white);
      expect(new Set(byes).size).toBe(4);
    });

    it('scores a game lost on time: a forfeit when the loser never moved', async () => {
      const id = await open('round-robin', [ALICE, BORIS, CAROL, DMITRI]);
      value(await service.league.startTournament(id, ALICE, false));
      const [first, second] = roundGames(await tournament(id));
      // White moves on the second board; then both clocks run out (2 days per move).
      const game = value(await service.queries.getGame(second!));
      value(await service.moves.play(second!, game.white, firstLegalMove(game.variant, game.fen)));
      clock.time += 2 * 86_400_000 + 1;
      await scheduler.runDue();
      const t = await tournament(id);
      const [board1, board2] = t.played[0]!.boards;
      expect(board1).toMatchObject({ gameId: first, whiteScore: 0, forfeit: true });
      expect(board2).toMatchObject({ gameId: second, whiteScore: 1, forfeit: true });
      expect(t.played).toHaveLength(2);
      expect(published.map((e) => e.type)).toContain('tournament-round');
    });

    it('refuses what the rules do not allow', async () => {
      const id = await open('round-robin', [ALICE, BORIS]);
      expect(refused(await service.league.startTournament(id, ALICE, false))).toBe(
        'too-few-entrants',
      );
      expect(
        refused(
          await service.league.createTournament({
            organiser: BORIS,
            chat: CHAT,
            format: 'swiss',
            variant: 'bashni',
            daysPerMove: 1,
            rounds: 3,
            rated: false,
          }),
        ),
      ).toBe('tournament-live');
      expect(refused(await service.league.cancelTournament(id, BORIS, false))).toBe(
        'not-organiser',
      );
      const cancelled = value(await service.league.cancelTournament(id, ALICE, false));
      expect(cancelled.status).toBe('cancelled');
      expect(refused(await service.league.joinTournament(id, CAROL))).toBe('tournament-over');
      expect(await league.liveTournaments()).toEqual([]);
    });
  });
}
