import { afterEach, describe, expect, it } from 'vitest';
import { decodeGif } from '../../support/gif.js';
import type { StoredMessage } from '../../support/telegram/fake-bot-api.js';
import { TelegramHarness, testPainter } from './harness.js';

const GROUP = -1001234567890;
const OTHER_GROUP = -1009876543210;

describe('Telegram: a game’s animation', () => {
  let h: TelegramHarness;
  afterEach(async () => {
    await h.close();
  });

  const animations = (chatId: number) =>
    h.fake.chat(chatId).messages.filter((m) => m.from.is_bot && m.animation !== undefined);
  const lastText = (chatId: number) =>
    h.fake
      .chat(chatId)
      .messages.filter((m) => m.from.is_bot && m.text !== undefined)
      .at(-1)?.text;

  /** The GIF of an animation message, decoded. */
  const gifOf = (message: StoredMessage) => {
    expect(message.animation?.contentType).toBe('image/gif');
    return decodeGif(message.animation!.data);
  };

  async function playedGame() {
    h = await TelegramHarness.start();
    const game = await h.groupGame(GROUP);
    await h.say(game.alice, GROUP, '/move c3-d4');
    await h.say(game.bob, GROUP, '/move f6-g5');
    await h.say(game.alice, GROUP, '/move g3-h4');
    return game;
  }

  it('/replay in a group sends the game so far as an animation: one frame a ply and the start', async () => {
    const { bob } = await playedGame();
    h.fake.clearCalls();
    await h.say(bob, GROUP, '/replay');
    const sends = h.fake.calls.filter((call) => call.method === 'sendAnimation');
    expect(sends).toHaveLength(1);
    const [message] = animations(GROUP);
    expect(message!.caption).toBe('🎞 Alice — Bob · Bashni\nThe game goes on.');
    const gif = gifOf(message!);
    expect(gif.frameCount).toBe(3 + 1);
    expect(gif.width).toBe(440);
  });

  it('a reply to a board, or the game’s id, picks that game', async () => {
    const { bob, boardId, gameId } = await playedGame();
    await h.say(bob, GROUP, '/replay', boardId);
    await h.say(bob, GROUP, `/replay ${gameId}`);
    await h.say(bob, GROUP, `/replay bashni-${gameId}.pdn`);
    expect(animations(GROUP).map((m) => gifOf(m).frameCount)).toEqual([4, 4, 4]);
  });

  it('the end of a game: the result notice is the game’s animation, the result its caption', async () => {
    const { alice, bob } = await playedGame();
    h.fake.clearCalls();
    await h.say(bob, GROUP, '/resign');
    const question = h.fake.lastBotMessage(GROUP)!;
    await h.press(bob, GROUP, question.messageId, '🏳️ Yes, resign');
    const [notice] = animations(GROUP);
    expect(notice!.caption).toBe('🏁 White wins (Black resigned).');
    expect(gifOf(notice!).frameCount).toBe(4);
    // As many calls as the text notice took: one new message, and no text result beside it.
    const sent = h.fake.calls.filter((call) => call.method.startsWith('send'));
    expect(sent.map((call) => call.method)).toEqual(['sendMessage', 'sendAnimation']);
    expect(h.fake.chat(GROUP).allMessages.filter((m) => m.text?.startsWith('🏁'))).toEqual([]);
    // /replay of the finished game (the chat's last one): the same GIF, the result in the caption.
    await h.say(alice, GROUP, '/replay');
    const replayed = animations(GROUP).at(-1)!;
    expect(replayed.caption).toBe('🎞 Alice — Bob · Bashni\nWhite wins (Black resigned).');
    expect(replayed.animation!.data.equals(notice!.animation!.data)).toBe(true);
  });

  it('the result notice falls back to text when the animation cannot be drawn', async () => {
    h = await TelegramHarness.start({
      painter: { ...testPainter, paintReplay: () => Promise.reject(new Error('no workers')) },
    });
    const { bob } = await h.groupGame(GROUP);
    await h.say(bob, GROUP, '/resign');
    const question = h.fake.lastBotMessage(GROUP)!;
    await h.press(bob, GROUP, question.messageId, '🏳️ Yes, resign');
    expect(animations(GROUP)).toEqual([]);
    expect(lastText(GROUP)).toBe('🏁 White wins (Black resigned).');
    // /replay says so.
    await h.say(bob, GROUP, '/replay');
    expect(lastText(GROUP)).toBe('Could not draw the animation just now; please try again later.');
  });

  it('bad input gets a clear message: no game here, an unknown game, a stranger’s game', async () => {
    h = await TelegramHarness.start();
    const carol = h.fake.user(13, 'Carol', 'carol', 'en');
    h.fake.group(OTHER_GROUP, 'Elsewhere');
    await h.say(carol, OTHER_GROUP, '/replay');
    expect(lastText(OTHER_GROUP)).toMatch(/^No game has been shown in this chat yet\./);
    const { gameId } = await h.groupGame(GROUP);
    await h.say(carol, OTHER_GROUP, '/replay nonsense!');
    expect(lastText(OTHER_GROUP)).toMatch(/^No game “nonsense!” here\./);
    // A game of others, shown in another chat, is not shown here.
    await h.say(carol, OTHER_GROUP, `/replay ${gameId}`);
    expect(lastText(OTHER_GROUP)).toBe(
      `No game “${gameId}” here. /replay alone shows the last game shown in this chat.`,
    );
    expect(animations(OTHER_GROUP)).toEqual([]);
    expect(h.fake.floodRefusals()).toEqual([]);
  });
});
