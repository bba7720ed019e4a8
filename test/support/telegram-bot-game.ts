import type { User } from 'grammy/types';
import { messages } from '../../src/i18n/index.js';
import type { FakeBotApi } from './telegram/fake-bot-api.js';
import { until } from './until.js';

/** The answer English-speaking players get while the store cannot serve them. */
export const STORE_UNAVAILABLE = messages('en').errors.storeUnavailable;

/**
 * A player's game against the bot in their private chat with a bot process under test, over
 * the fake Bot API: what they type, the board's last move, and the bot's answer to a move.
 */
export function telegramBotGame(fake: FakeBotApi, player: User) {
  const chat = fake.privateChat(player);
  const board = () => fake.chat(chat.id).messages.findLast((m) => m.photo !== undefined);
  const lastMove = () => /Last move: (\S+)/.exec(board()?.caption ?? '')?.[1];
  const say = (text: string) => fake.pushMessage({ from: player, chat, text });
  return {
    say,
    lastMove,
    /** Resolves with the next message the bot sends the player with exactly `text`. */
    answered: (text: string, timeoutMs = 20_000) =>
      fake.waitForCall(
        'sendMessage',
        (call) => call.params.chat_id === chat.id && call.params.text === text,
        timeoutMs,
      ),
    /** `/play <level>` (the player is White) and its board. */
    start: async (level: number) => {
      say(`/play ${level}`);
      await until(board, 'the board of the game against the bot');
    },
    /** Plays the game’s first move, `move`, and resolves with the bot’s answer on the board. */
    moveAndAnswer: async (move: string, timeoutMs = 30_000) => {
      say(`/move ${move}`);
      return until(
        () => {
          const last = lastMove();
          return last !== undefined && last !== move && last;
        },
        `the bot’s answer to ${move}`,
        timeoutMs,
      );
    },
  };
}
