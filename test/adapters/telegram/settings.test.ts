import type { User } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineIds } from '../../../src/adapters/telegram/features/inline.js';
import type { BotMoves } from '../../../src/game/ports.js';
import { messagesOn } from '../../../src/i18n/index.js';
import { firstLegalMove } from '../../support/any-game.js';
import { until } from '../../support/until.js';
import { TelegramHarness } from './harness.js';

const GROUP = -1001234567890;
const ONLY_ADMINS = 'Only the group’s admins can change its language and board.';

/** The bot plays the first legal move, at once. */
const quickBot: BotMoves = {
  chooseMove: (request) => Promise.resolve(firstLegalMove(request.variant, request.fen)),
};

describe('Telegram: who sets a group’s language, and who reads which', () => {
  let h: TelegramHarness;
  afterEach(async () => {
    await h.close();
  });

  const last = () => h.fake.lastBotMessage(GROUP)!.text;

  /** A group where Alice (English) is a member and Olga (Russian) an administrator. */
  async function groupOfTwo() {
    h = await TelegramHarness.start();
    h.fake.group(GROUP, 'Club');
    const alice = h.fake.user(11, 'Alice', 'alice', 'en');
    const olga = h.fake.user(12, 'Olga', 'olga', 'ru');
    h.fake.setChatMember(GROUP, olga.id, 'administrator');
    return { alice, olga };
  }

  it('only admins change a group’s language and board; in a private chat its owner', async () => {
    const { alice, olga } = await groupOfTwo();

    // A member is told, in their own language, and nothing changes.
    await h.say(alice, GROUP, '/lang ru');
    expect(last()).toBe(ONLY_ADMINS);
    await h.say(alice, GROUP, '/settings');
    const menu = h.fake.lastBotMessage(GROUP)!;
    expect(await h.press(alice, GROUP, menu.messageId, 'Русский')).toMatchObject({
      show_alert: true,
      text: ONLY_ADMINS,
    });
    expect(
      await h.press(alice, GROUP, menu.messageId, 'Player to move at the bottom'),
    ).toMatchObject({ show_alert: true, text: ONLY_ADMINS });
    expect(h.fake.message(GROUP, menu.messageId)!.text).toBe(menu.text);
    await h.say(alice, GROUP, '/help');
    expect(last()).toContain('Bashni');
    expect(last()).not.toMatch(/[а-я]/);

    // The admin changes it: the language, then the board, which keeps the language.
    await h.say(olga, GROUP, '/lang ru');
    expect(last()).toBe('Язык: русский.');
    await h.say(olga, GROUP, '/settings');
    const russian = h.fake.lastBotMessage(GROUP)!;
    await h.press(olga, GROUP, russian.messageId, 'Внизу тот, чей ход');
    expect(h.fake.message(GROUP, russian.messageId)!.text).toMatch(/[а-я]/);
    expect(await h.kv.get(`tg:chat:${GROUP}`)).toBe(
      JSON.stringify({ lang: 'ru', orientation: 'mover' }),
    );

    // In her private chat Alice is the admin.
    h.fake.privateChat(alice);
    await h.say(alice, alice.id, '/lang ru');
    expect(h.fake.lastBotMessage(alice.id)!.text).toBe('Язык: русский.');
  });

  it('a command’s language never sets a group’s; a reply to one person is in theirs', async () => {
    const { alice, olga } = await groupOfTwo();

    // Olga's /newgame is answered in Russian; the group stays without a language.
    await h.say(olga, GROUP, '/newgame');
    const card = h.fake.lastBotMessage(GROUP)!;
    expect(card.text).toMatch(/[а-я]/);
    await h.say(olga, GROUP, '/daily on');
    expect(await h.kv.get(`tg:chat:${GROUP}`)).toBeUndefined();
    await h.say(alice, GROUP, '/help');
    expect(last()).not.toMatch(/[а-я]/);

    // Once the admin makes the group Russian, its cards are; what answers Alice alone is not.
    await h.say(olga, GROUP, '/lang ru');
    await h.say(alice, GROUP, '/stats');
    expect(last()).toContain('Alice');
    expect(last()).not.toMatch(/[а-я]/);
    await h.say(alice, GROUP, '/newgame');
    const own = h.fake.lastBotMessage(GROUP)!;
    expect(own.text).toMatch(/[а-я]/);
    expect(await h.press(alice, GROUP, own.messageId, '✅ Принять')).toMatchObject({
      text: messagesOn('telegram', 'en').errors.ownChallenge,
    });
  });

  it('a tournament game where the bot plays White speaks the group’s people’s language', async () => {
    h = await TelegramHarness.start({ bot: quickBot });
    h.fake.group(GROUP, 'Club');
    const olga = h.fake.user(12, 'Olga', 'olga', 'ru');
    const ivan = h.fake.user(14, 'Ivan', 'ivan', 'ru');
    h.fake.setChatMember(GROUP, olga.id, 'administrator');
    await h.say(olga, GROUP, '/tournament new round-robin bashni 1');
    const card = await until(
      () => h.fake.chat(GROUP).messages.find((m) => m.text?.startsWith('🏆')),
      'the sign-up card',
    );
    await h.press(ivan, GROUP, card.messageId, '✋ Участвую');
    await h.say(olga, GROUP, '/tournament bot 2');
    await h.press(olga, GROUP, card.messageId, '▶️ Начать');
    await h.process.settle();
    // The people resign their games until the bot has played White.
    const botWhite = () => h.boards(GROUP).some((m) => m.caption?.includes('⚪ Бот') === true);
    for (let round = 0; round < 3 && !botWhite(); round++) {
      for (const user of [olga, ivan]) {
        const games = await h.process.service.queries.activeGames({
          platform: 'telegram',
          userId: String(user.id),
        });
        const game = games.ok ? games.value[0] : undefined;
        if (game === undefined || game.white.botLevel !== undefined) continue;
        await h.say(user, GROUP, '/resign');
        const question = h.fake.lastBotMessage(GROUP)!;
        await h.press(user, GROUP, question.messageId, (b) => b.text.startsWith('🏳️'));
        await h.process.settle();
      }
    }
    expect(botWhite()).toBe(true);
    for (const board of h.boards(GROUP)) expect(board.caption).toContain('Башни');
  });
});

describe('Telegram: an inline card keeps its maker’s language', () => {
  let h: TelegramHarness;
  afterEach(async () => {
    await h.close();
  });

  it('a Russian card stays Russian when an English player accepts and plays White', async () => {
    // The acceptor plays White (the service's draw is above one half).
    h = await TelegramHarness.start({ media: true, random: () => 0.9 });
    h.fake.group(GROUP, 'Club');
    const carol: User = h.fake.user(13, 'Carol', 'carol', 'ru');
    const bob: User = h.fake.user(12, 'Bob', 'bob', 'en');
    const query = h.fake.inlineQuery({ from: carol, query: '' });
    await h.deliver(query);
    const chosen = h.fake.chooseInlineResult({
      from: carol,
      queryId: query.inline_query!.id,
      resultId: 'c:bashni:3:1',
      chatId: GROUP,
    });
    const inlineId = chosen.inlineMessageId!;
    await h.deliver(chosen.update);
    await h.deliver(
      h.fake.inlineButtonPress({ from: bob, inlineMessageId: inlineId, button: '✅ Принять' }),
    );
    const game = await h.process.service.queries.getGame(inlineIds(inlineId).gameId);
    expect(game.ok && game.value.white.userId).toBe('12');
    const message = h.fake.inlineMessage(inlineId)!;
    expect(message.caption).toContain('Башни');
    expect(message.caption).not.toContain('to play');
  });
});
