/**
 * Whole games through the fake Bot API, the way people play them, for the memory benchmark:
 * a human game in a group (a challenge, its acceptance, typed moves, a resignation with its
 * confirmation, the final board and animation) and a game against the bot in a private chat
 * (/play, typed moves and the bot's answers, a resignation).
 */
import type { User } from 'grammy/types';
import {
  applyMove,
  legalMoves,
  makeMove,
  startPosition,
  VARIANTS,
  type Position,
} from '../src/engine/index.js';
import { positionAfter } from '../test/support/engine-helpers.js';
import { until } from '../test/support/until.js';
import type { FakeBotApi, StoredMessage } from '../test/support/telegram/fake-bot-api.js';

const WAIT_MS = 180_000;
const bashni = VARIANTS.bashni;

/** A random legal move of `position` by `random`, as text, and the position after it. */
function randomMove(position: Position, random: () => number): { text: string; after: Position } {
  const moves = legalMoves(position);
  const move = moves[Math.floor(random() * moves.length)]!;
  return { text: makeMove(bashni, move), after: applyMove(position, move) };
}

/** Resolves with the chat's newest message that passes `test`, polling the fake. */
function message(
  fake: FakeBotApi,
  chatId: number,
  test: (m: StoredMessage) => boolean,
  what: string,
): Promise<StoredMessage> {
  return until(() => fake.chat(chatId).messages.findLast(test), what, WAIT_MS);
}

/** `/resign` by `from`, confirmed, until the board says so and the animation has come. */
async function resign(fake: FakeBotApi, chatId: number, from: User, board: number): Promise<void> {
  fake.pushMessage({ from, chat: chatId, text: '/resign' });
  const question = await message(
    fake,
    chatId,
    (m) => m.text?.startsWith('Resign your game') === true,
    `the resign question in ${chatId}`,
  );
  fake.push(
    fake.buttonPress({ from, chatId, messageId: question.messageId, button: '🏳️ Yes, resign' }),
  );
  await until(
    () => fake.message(chatId, board)?.caption?.includes('resigned'),
    `the final board in ${chatId}`,
    WAIT_MS,
  );
  await message(fake, chatId, (m) => m.animation !== undefined, `the animation in ${chatId}`);
}

/** How long the first pictures of a game took, from the update to the fake seeing them (ms). */
export interface GameTimings {
  /** The first board (after the challenge is accepted, or after /play). */
  firstBoard?: number;
  /** The board of the first move (a human game), or the bot's first answer (a bot game). */
  firstMove?: number;
}

/** Game `n` between two people in a group: `plies` typed moves, then a resignation. */
export async function humanGame(
  fake: FakeBotApi,
  n: number,
  plies: number,
  random: () => number,
  timings: GameTimings = {},
): Promise<void> {
  const chatId = -1_000_200_000_000 - n;
  fake.group(chatId, `Memory ${n}`);
  const a = fake.user(20_000_000 + 2 * n, `A${n}`, `mem_a${n}`, 'en');
  const b = fake.user(20_000_001 + 2 * n, `B${n}`, `mem_b${n}`, 'en');
  fake.pushMessage({ from: a, chat: chatId, text: `/newgame @mem_b${n}` });
  const card = await message(
    fake,
    chatId,
    (m) => m.text?.includes('challenges') === true,
    `the challenge card in ${chatId}`,
  );
  let since = Date.now();
  fake.push(fake.buttonPress({ from: b, chatId, messageId: card.messageId, button: () => true }));
  const board = await message(fake, chatId, (m) => m.photo !== undefined, `the board in ${chatId}`);
  timings.firstBoard = Date.now() - since;
  const [white, black] = board.caption?.includes(`⚪ ${a.first_name}`) === true ? [a, b] : [b, a];
  let position = startPosition('bashni');
  for (let ply = 0; ply < plies; ply++) {
    const { text, after } = randomMove(position, random);
    since = Date.now();
    fake.pushMessage({ from: ply % 2 === 0 ? white : black, chat: chatId, text: `/move ${text}` });
    await until(
      () => fake.message(chatId, board.messageId)?.caption?.includes(`Last move: ${text}`),
      `move ${text} on the board in ${chatId}`,
      WAIT_MS,
    );
    timings.firstMove ??= Date.now() - since;
    position = after;
  }
  await resign(fake, chatId, plies % 2 === 0 ? white : black, board.messageId);
}

/** Game `n` against the bot at `level` in a private chat: `moves` moves each, a resignation. */
export async function botGame(
  fake: FakeBotApi,
  n: number,
  moves: number,
  level: number,
  random: () => number,
  timings: GameTimings = {},
): Promise<void> {
  const player = fake.user(30_000_000 + n, `P${n}`, `mem_p${n}`, 'en');
  const chat = fake.privateChat(player);
  let since = Date.now();
  fake.pushMessage({ from: player, chat, text: `/play ${level}` });
  const board = await message(fake, chat.id, (m) => m.photo !== undefined, `the bot board ${n}`);
  timings.firstBoard = Date.now() - since;
  const caption = () => fake.message(chat.id, board.messageId)?.caption ?? '';
  let position = startPosition('bashni');
  let previous: string | undefined;
  for (let i = 0; i < moves; i++) {
    const { text, after } = randomMove(position, random);
    since = Date.now();
    fake.pushMessage({ from: player, chat, text: `/move ${text}` });
    const answer = await until(
      () => {
        const last = /Last move: (\S+)/.exec(caption())?.[1];
        return last !== undefined && last !== text && last !== previous && last;
      },
      `the bot's answer to ${text} in game ${n}`,
      WAIT_MS,
    );
    timings.firstMove ??= Date.now() - since;
    position = positionAfter(after, answer);
    previous = answer;
    if (legalMoves(position).length === 0) return;
  }
  await resign(fake, chat.id, player, board.messageId);
}
