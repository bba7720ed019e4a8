import { afterEach, describe, expect, it } from 'vitest';
import { AiPool } from '../../../src/ai/index.js';
import { firstLegalMove } from '../../support/any-game.js';
import type { Game } from '../../../src/game/model.js';
import type { BotMoves } from '../../../src/game/ports.js';
import { TelegramHarness } from './harness.js';
import { item } from '../../support/present.js';

/** A stand-in for the engine: the first legal move, after a moment's thought. */
const firstMove: BotMoves = {
  chooseMove: async ({ fen, variant }) => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    return firstLegalMove(variant, fen);
  },
};

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out: ${String(check)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('Telegram: /play against the bot', () => {
  let h: TelegramHarness;
  let pool: AiPool | undefined;
  afterEach(async () => {
    await pool?.close();
    await h.close();
  });

  /** Alice's game once the bot has answered her first move. */
  async function afterBotAnswer(): Promise<Game> {
    let game: Game | undefined;
    await until(async () => {
      const games = await h.process.service.queries.activeGames({
        platform: 'telegram',
        userId: '11',
      });
      game = games.ok ? games.value[0] : undefined;
      return game?.moves.length === 2;
    });
    return game!;
  }

  it('starts a game against the bot, which answers each move and shows it is thinking', async () => {
    // The bot thinks until "typing…" has been shown ("typing…" is dropped once it has answered).
    h = await TelegramHarness.start({
      bot: {
        chooseMove: async ({ fen, variant }) => {
          await h.fake.waitForCall('sendChatAction', (call) => call.params.action === 'typing');
          return firstLegalMove(variant, fen);
        },
      },
    });
    const alice = h.fake.user(11, 'Alice', 'alice', 'en');
    h.fake.privateChat(alice);
    await h.say(alice, 11, '/play 2 laska');
    const board = item(h.boards(11), 0, 'board');
    expect(board.caption).toContain('Laska · ⚪ Alice — ⚫ Bashni Bot (level 2)');
    await h.press(alice, 11, board.messageId, '⚪ c3');
    await h.press(alice, 11, board.messageId, '→ d4');
    await afterBotAnswer();
    await until(() =>
      (h.fake.message(11, board.messageId)?.caption ?? '').includes('White to play'),
    );
    expect(h.fake.callsOf('sendChatAction').some((call) => call.params.action === 'typing')).toBe(
      true,
    );
    expect(h.labels(11, board.messageId).length).toBeGreaterThan(0);
  });

  it("plays Borovikov's checkers, typed in Russian, with a cover tapped onto an own stack", async () => {
    h = await TelegramHarness.start({ bot: firstMove });
    const alice = h.fake.user(11, 'Alice', 'alice', 'en');
    h.fake.privateChat(alice);
    await h.say(alice, 11, '/play 2 боровицкие');
    const board = item(h.boards(11), 0, 'board');
    expect(board.caption).toContain("Borovikov's checkers");
    // a1 may cover its own man on b2.
    await h.press(alice, 11, board.messageId, '⚪ a1');
    await h.press(alice, 11, board.messageId, '→ b2');
    const game = await afterBotAnswer();
    expect(game.variant).toBe('borovikov');
    expect(game.moves[0]).toBe('a1-b2');
  });

  it('plays Stavropol Adiyukh, typed in Russian: the White player moves a black man', async () => {
    h = await TelegramHarness.start({ bot: firstMove });
    const alice = h.fake.user(11, 'Alice', 'alice', 'en');
    h.fake.privateChat(alice);
    await h.say(alice, 11, '/play 2 ставропольские');
    const board = item(h.boards(11), 0, 'board');
    expect(board.caption).toContain('Stavropol Adiyukh');
    // The side to move is a player who may move any tower, not a piece colour.
    expect(board.caption).toContain('White (any tower) to play');
    await h.press(alice, 11, board.messageId, '⚫ b6');
    await h.press(alice, 11, board.messageId, '→ a5');
    const game = await afterBotAnswer();
    expect(game.variant).toBe('stavropol');
    expect(game.moves[0]).toBe('b6-a5');
  });

  it('takes a move typed while the board is still on its way, and the board then shows it', async () => {
    h = await TelegramHarness.start({ bot: firstMove });
    const group = -1001234567890;
    h.fake.group(group, 'Bashni club');
    const alice = h.fake.user(11, 'Alice', 'alice', 'en');
    const photo = h.fake.hold('sendPhoto');
    // Not h.say: it waits for everything the update caused, the held board too.
    const type = (text: string) =>
      h.process.pipeline.accept(h.fake.message({ from: alice, chat: group, text })).done;
    await type('/play 2');
    await photo.held();
    await type('/move c3-d4');
    photo.release();
    await h.process.settle();
    const game = await afterBotAnswer();
    const answer = item(game.moves, 1, 'the bot’s answer');
    const board = item(h.boards(group), 0, 'board');
    await until(() =>
      (h.fake.message(group, board.messageId)?.caption ?? '').includes(`${answer}`),
    );
    expect(game.moves[0]).toBe('c3-d4');
    expect(h.fake.chat(group).messages.map((m) => m.text ?? '')).not.toContain(
      'You have no game in this chat. Start one with /newgame.',
    );
  });

  it('shows "typing…" only while the bot is still to move, not after its answer is shown', async () => {
    // Alice's board edit is held; the bot answers meanwhile. "typing…", which waits behind the
    // board edits, would then come after the answer.
    let think = () => undefined as void;
    const thinking = new Promise<void>((resolve) => (think = resolve));
    h = await TelegramHarness.start({
      bot: {
        chooseMove: async ({ fen, variant }) => {
          await thinking;
          return firstLegalMove(variant, fen);
        },
      },
    });
    const alice = h.fake.user(11, 'Alice', 'alice', 'en');
    h.fake.privateChat(alice);
    await h.say(alice, 11, '/play 2');
    const board = item(h.boards(11), 0, 'board');
    await h.press(alice, 11, board.messageId, '⚪ c3');
    const edit = h.fake.hold('editMessageMedia');
    const pick = h.fake.buttonPress({
      from: alice,
      chatId: 11,
      messageId: board.messageId,
      button: '→ d4',
    });
    const handled = h.process.pipeline.accept(pick).done;
    await edit.held();
    await handled;
    think();
    await afterBotAnswer();
    edit.release();
    await h.process.settle();
    await until(() =>
      (h.fake.message(11, board.messageId)?.caption ?? '').includes('White to play'),
    );
    expect(h.fake.callsOf('sendChatAction').map((call) => call.params.action)).not.toContain(
      'typing',
    );
  });

  it('tells the player who resigned in their private chat that they resigned', async () => {
    h = await TelegramHarness.start({ bot: firstMove });
    const alice = h.fake.user(11, 'Alice', 'alice', 'ru');
    h.fake.privateChat(alice);
    await h.say(alice, 11, '/play 2');
    await h.say(alice, 11, '/resign');
    const ask = h.fake.lastBotMessage(11)!;
    await h.press(alice, 11, ask.messageId, '🏳️ Да, сдаюсь');
    const texts = h.fake.chat(11).messages.map((m) => m.caption ?? m.text ?? '');
    expect(texts).toContain('🏁 Вы сдались: победили чёрные.');
    expect(texts.join('\n')).not.toContain('Соперник сдался');
  });

  it('refuses a bad level with the usage', async () => {
    h = await TelegramHarness.start({ bot: firstMove });
    const alice = h.fake.user(11, 'Alice', 'alice', 'en');
    h.fake.privateChat(alice);
    await h.say(alice, 11, '/play 9');
    expect(h.fake.lastBotMessage(11)!.text).toMatch(/^Usage: \/play/);
  });

  it('plays with the real engine pool in worker threads', async () => {
    pool = new AiPool({ size: 1 });
    h = await TelegramHarness.start({ bot: pool });
    const alice = h.fake.user(11, 'Alice', 'alice', 'en');
    h.fake.privateChat(alice);
    await h.say(alice, 11, '/play 1');
    const board = item(h.boards(11), 0, 'board');
    await h.say(alice, 11, '/move c3-d4');
    await afterBotAnswer();
    await until(() =>
      (h.fake.message(11, board.messageId)?.caption ?? '').includes('White to play'),
    );
  });
});
