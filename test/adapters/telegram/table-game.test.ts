import { afterEach, describe, expect, it } from 'vitest';
import { encodePayload } from '../../../src/chat/buttons/button-payload.js';
import { gamePicks } from '../../../src/chat/buttons/pick-payloads.js';
import {
  applyTableMove,
  makeTableMove,
  parseTableFen,
  tableMoves,
  type Move,
  type TableState,
} from '../../../src/engine/multi/index.js';
import type { Game } from '../../../src/game/model.js';
import type { BotMoves } from '../../../src/game/ports.js';
import { AiPool } from '../../../src/ai/index.js';
import type { Payload } from '../../../src/chat/buttons/button-payload.js';
import { firstLegalMove } from '../../support/any-game.js';
import { item } from '../../support/present.js';
import { until } from '../../support/until.js';
import { ALICE, TelegramHarness } from './harness.js';

const GROUP = -1009876543210;

/** Counts the bot's requests, answered by `choose`. */
function countingBot(choose: BotMoves['chooseMove']): BotMoves & { requests: number } {
  return {
    requests: 0,
    chooseMove(request, options) {
      this.requests++;
      return choose(request, options);
    },
  };
}

/**
 * The humans' way to play: the move that makes their tallest column tallest (then the most
 * captures), else the first. With the bot's first moves this game, from the start, has Red
 * (Bob) become count, White (Alice) run out of moves, and Green become count (37 plies).
 */
function humanChoice(state: TableState): Move {
  const seat = state.position.turn;
  const tallest = (s: TableState) =>
    Math.max(0, ...s.position.columns.map((c) => (c?.owner === seat ? c.height : 0)));
  let best = item(tableMoves(state.position), 0, 'a legal move');
  let score = -1;
  for (const move of tableMoves(state.position)) {
    const value = tallest(applyTableMove(state, move)) * 10 + move.captures.length;
    if (value > score) [best, score] = [move, value];
  }
  return best;
}

describe('Telegram: a four-player table game (Zhernov)', () => {
  let h: TelegramHarness;
  const pools: AiPool[] = [];
  afterEach(async () => {
    await h.close();
    for (const pool of pools.splice(0)) await pool.close();
  });

  /**
   * Alice opens a table in a group, Bob sits down, each seats the bot at level 2: the game
   * starts. Checks the lobby on the way.
   */
  async function openTable() {
    h.fake.group(GROUP, 'Four at a table');
    const alice = h.fake.user(11, 'Alice', 'alice', 'en');
    const bob = h.fake.user(12, 'Bob', 'bob', 'en');
    await h.say(alice, GROUP, '/newgame zhernov 2');
    const card = await until(
      () => h.fake.chat(GROUP).messages.find((m) => m.text?.includes('Alice opens a table')),
      'the lobby card',
    );
    expect(h.labels(GROUP, card.messageId)).toContain('🪑 Sit down');
    expect((await h.press(bob, GROUP, card.messageId, '🪑 Sit down'))?.show_alert).toBe(false);
    expect(h.fake.message(GROUP, card.messageId)?.text).toContain('Red: Bob');
    expect(await h.press(bob, GROUP, card.messageId, '🪑 Sit down')).toMatchObject({
      show_alert: true,
      text: 'You already sit at this table.',
    });
    await h.press(alice, GROUP, card.messageId, '🤖 Bot 2');
    await h.press(bob, GROUP, card.messageId, '🤖 Bot 2');
    await until(() => h.boards(GROUP).length === 1, 'the board');
    expect(h.fake.message(GROUP, card.messageId)?.text).toContain('Game on');
    const games = await h.process.service.queries.activeGames(ALICE);
    const gameId = item(games.ok ? games.value : [], 0, 'the table game').id;
    const boardId = item(h.boards(GROUP), 0).messageId;
    return { alice, bob, gameId, boardId, board: () => h.fake.message(GROUP, boardId)! };
  }

  /**
   * The people play their choice (by taps; once by /move) until the game is over, the bots
   * theirs; the bot process restarts after `restartAt` plies. Returns the game as it ends.
   */
  async function playToTheEnd(
    table: Awaited<ReturnType<typeof openTable>>,
    restartAt: number,
  ): Promise<Game> {
    const { alice, bob, gameId, boardId } = table;
    const current = async (): Promise<Game> => {
      const loaded = await h.process.service.queries.getGame(gameId);
      if (!loaded.ok) throw new Error(loaded.message);
      return loaded.value;
    };
    /** Waits until the game waits for a person (the bots have moved) or is over. */
    const humanTurn = async (): Promise<Game> => {
      for (let i = 0; i < 3000; i++) {
        await h.process.settle();
        const game = await current();
        if (game.status !== 'active') return game;
        const position = parseTableFen(game.fen);
        if (position.ok && position.value.turn <= 1) return game;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('the bots did not move');
    };
    let restarted = false;
    let typed = false;
    for (;;) {
      const game = await humanTurn();
      if (game.status !== 'active') break;
      if (!restarted && game.moves.length >= restartAt) {
        // A restart in the middle: a new process on the same store picks up where it was.
        await h.restart();
        restarted = true;
      }
      const parsed = parseTableFen(game.fen);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const position = parsed.value;
      const move = humanChoice({ position, quietPlies: game.quietPlies });
      const user = position.turn === 0 ? alice : bob;
      const ply = game.moves.length;
      if (!typed && ply > 4) {
        // Once, a move typed as a command.
        await h.say(user, GROUP, `/move ${makeTableMove(move)}`);
        typed = true;
      } else {
        const picks = gamePicks(gameId, ply);
        const tap = (payload: Payload) =>
          h.press(user, GROUP, boardId, (b) => b.callback_data === encodePayload(payload));
        await tap(picks.select(move.from));
        await tap(picks.target(move.from, move.path.at(-1)!));
        const route = picks.route([move.from, ...move.path]);
        const offered = h.fake.keyboard(GROUP, boardId).flat();
        if (offered.some((b) => b.callback_data === encodePayload(route))) await tap(route);
      }
      expect((await current()).moves.length, `the move at ply ${ply}`).toBeGreaterThan(ply);
    }
    expect(restarted).toBe(true);
    await h.process.settle();
    return current();
  }

  it('fills a table from its card, plays to the end with two bots, through a restart', async () => {
    const bot = countingBot((request) =>
      Promise.resolve(firstLegalMove(request.variant, request.fen)),
    );
    h = await TelegramHarness.start({ bot });
    const table = await openTable();
    const { bob, gameId, boardId, board } = table;
    expect(board().caption).toContain("Zhernov's four-player game");
    expect(board().caption).toContain('⚪ White to play: ');
    // A tap from a player who is not to move: the board answers, nothing moves.
    const early = await h.tap(bob, GROUP, boardId, encodePayload(gamePicks(gameId, 0).select(2)));
    expect(early?.show_alert).toBe(true);
    expect(early?.text).toContain('not your turn');

    const over = await playToTheEnd(table, 15);
    // Red (Bob) becomes count at ply 18, White (Alice) is out at 29, Green count at 37.
    expect(over.moves).toHaveLength(37);
    expect(over.result).toMatchObject({ reason: 'last-player', winner: 'red' });
    expect(over.result?.standings?.map((s) => [s.place, s.points, s.count])).toEqual([
      [4, 0, false],
      [1, 4, true],
      [3, 1, false],
      [2, 3, true],
    ]);
    // The last caption has the standings and the result; the keyboard is gone.
    const caption = board().caption!;
    expect(caption).toContain('⚪ Alice · 4th, 0 points');
    expect(caption).toContain('🔴 Bob · 1st, 4 points, 👑 count');
    expect(caption).toContain('🏁 Game over. Bob takes first place.');
    expect(h.fake.keyboard(GROUP, boardId).flat()).toEqual([]);
    expect(bot.requests).toBeGreaterThanOrEqual(18);
    const texts = h.fake.chat(GROUP).messages.map((m) => m.text ?? '');
    expect(texts.some((t) => t.includes('🏁 Game over'))).toBe(true);
  });

  it("the bot's own engine plays two seats of a table to the end", async () => {
    const pool = new AiPool({ size: 1 });
    pools.push(pool);
    // The engine's randomness is seeded by the game id (see AiPool.chooseMove): pinned to one
    // whose game ends in a few dozen plies, whatever id the table's game gets.
    const bot = countingBot((request, options) =>
      pool.chooseMove({ ...request, gameId: 'g2' }, options),
    );
    h = await TelegramHarness.start({ bot });
    const table = await openTable();
    const over = await playToTheEnd(table, 20);
    expect(over.status).toBe('finished');
    // Every seat placed once; the points are the places' 3 + 2 + 1 + 0 and 1 per count.
    const standings = over.result?.standings ?? [];
    expect(standings.map((s) => s.place).sort()).toEqual([1, 2, 3, 4]);
    const counts = standings.filter((s) => s.count).length;
    expect(standings.reduce((sum, s) => sum + (s.points ?? 0), 0)).toBe(6 + counts);
    // The engine chose the bots' moves all along (through the restart too).
    expect(over.moves.length).toBeGreaterThan(20);
    expect(bot.requests).toBeGreaterThanOrEqual(10);
    expect(table.board().caption).toContain('🏁');
  });
});
