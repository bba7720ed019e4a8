import type { User } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { encodePayload } from '../../../src/chat/buttons/button-payload.js';
import { legalMoves, makeMove, moveDestination, VARIANTS } from '../../../src/engine/index.js';
import { gamePosition } from '../../../src/game/game-rules.js';
import type { Game } from '../../../src/game/model.js';
import { pick, seededRandom } from '../../support/random.js';
import type { RecordedCall } from '../../support/telegram/fake-bot-api.js';
import { TEST_SPEED, TelegramHarness } from './harness.js';
import { item } from '../../support/present.js';

const GROUP = -1001234567890;
/** A move every 2 s of real time, at the tests' speed. */
const PACE_MS = 2_000 / TEST_SPEED;
const PLIES = 40;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The ply a board edit was made for, read from its keyboard (none once the game is over). */
function plyOf(call: RecordedCall): number {
  type Markup = { inline_keyboard?: { callback_data?: string }[][] };
  const markup = call.params.reply_markup as Markup | string | undefined;
  const parsed = typeof markup === 'string' ? (JSON.parse(markup) as Markup) : markup;
  const data = parsed?.inline_keyboard?.flat()[0]?.callback_data;
  return data === undefined ? Infinity : Number(data.split('|')[2]);
}

describe('Telegram: live play in a group, over long polling, with flood limits on', () => {
  let h: TelegramHarness;
  let stopPolling: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stopPolling?.();
    stopPolling = undefined;
    await h.close();
  });

  async function current(id: string): Promise<Game> {
    const game = await h.process.service.queries.getGame(id);
    if (!game.ok) throw new Error(game.message);
    return game.value;
  }

  async function untilPly(id: string, ply: number): Promise<void> {
    const started = Date.now();
    while ((await current(id)).moves.length < ply) {
      if (Date.now() - started > 20_000) throw new Error(`ply ${ply} never came`);
      await sleep(2);
    }
  }

  /**
   * Two people play PLIES plies at PACE_MS each: most moves tapped (the stack, then the target
   * or the route), every third typed as /move. Returns the moves played, in order.
   */
  async function playLive(
    game: Game,
    boardId: number,
    users: { alice: User; bob: User },
    between?: (ply: number) => void,
  ): Promise<string[]> {
    const random = seededRandom(7);
    const played: string[] = [];
    for (let ply = 0; ply < PLIES; ply++) {
      const now = await current(game.id);
      if (now.status !== 'active') break;
      between?.(ply);
      const position = gamePosition(now);
      const moves = legalMoves(position);
      const move = pick(moves, random);
      const text = makeMove(VARIANTS[position.variant], move);
      const from = position.turn === 0 ? users.alice : users.bob;
      if (ply % 3 === 2) {
        h.fake.pushMessage({ from, chat: GROUP, text: `/move ${text}` });
      } else {
        const tap = (data: string) =>
          h.fake.pushCallbackQuery({ from, chatId: GROUP, messageId: boardId, data });
        tap(encodePayload({ kind: 'select', gameId: game.id, ply, square: move.from }));
        await sleep(PACE_MS / 2);
        const sameTarget = moves.filter(
          (m) => m.from === move.from && moveDestination(m) === moveDestination(move),
        );
        tap(
          sameTarget.length === 1
            ? encodePayload({
                kind: 'target',
                gameId: game.id,
                ply,
                from: move.from,
                to: moveDestination(move),
              })
            : encodePayload({
                kind: 'route',
                gameId: game.id,
                ply,
                squares: [move.from, ...move.path],
              }),
        );
      }
      await untilPly(game.id, ply + 1);
      played.push(text);
      await sleep(PACE_MS);
    }
    await stopPolling!();
    stopPolling = undefined;
    await h.process.settle();
    return played;
  }

  /** The board edits that Telegram accepted, in the order it accepted them. */
  function acceptedBoardEdits(boardId: number): RecordedCall[] {
    return h.fake
      .callsOf('editMessageMedia')
      .filter((call) => call.response.ok && Number(call.params.message_id) === boardId);
  }

  it('a move every 2 s: no 429, every board in order, every move exactly once', async () => {
    h = await TelegramHarness.start();
    const { game, boardId, alice, bob } = await h.groupGame(GROUP);
    stopPolling = await h.startPolling();
    const played = await playLive(game, boardId, { alice, bob });

    const final = await current(game.id);
    expect(final.moves).toEqual(played);
    expect(played.length).toBeGreaterThanOrEqual(10);
    expect(h.fake.floodRefusals()).toEqual([]);
    const plies = acceptedBoardEdits(boardId).map(plyOf);
    expect(plies).toEqual([...plies].sort((a, b) => a - b));
    // The board ends on the newest position, with its keyboard.
    const board = h.fake.message(GROUP, boardId)!;
    expect(board.caption).toContain(`Last move: ${played.at(-1)}`);
    if (final.status === 'active')
      expect(item(h.fake.keyboard(GROUP, boardId).flat(), 0).callback_data).toContain(
        `|${final.moves.length}|`,
      );
    // Every tap was answered, and answered before anything could wait.
    expect(h.fake.unansweredCallbackQueries()).toEqual([]);
    // Live play pings nobody: the board edit carries the news.
    expect(h.fake.callsOf('sendMessage')).toEqual([]);
  });

  it('with 429s from Telegram on top, the board still ends on the newest position', async () => {
    h = await TelegramHarness.start();
    const { game, boardId, alice, bob } = await h.groupGame(GROUP);
    stopPolling = await h.startPolling();
    const tooMany = {
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      parameters: { retry_after: 1 },
    };
    const played = await playLive(game, boardId, { alice, bob }, (ply) => {
      if (ply === 5 || ply === 17) h.fake.failNext('editMessageMedia', tooMany, 2);
      if (ply === 11) h.fake.failNext('editMessageReplyMarkup', tooMany);
    });
    const final = await current(game.id);
    expect(final.moves).toEqual(played);
    expect(
      h.fake.callsOf('editMessageMedia').filter((call) => call.response.ok === false).length,
    ).toBeGreaterThanOrEqual(2);
    const plies = acceptedBoardEdits(boardId).map(plyOf);
    expect(plies).toEqual([...plies].sort((a, b) => a - b));
    expect(h.fake.message(GROUP, boardId)!.caption).toContain(`Last move: ${played.at(-1)}`);
    expect(h.fake.floodRefusals()).toEqual([]);
  });
});
