import { autoRetry } from '@grammyjs/auto-retry';
import { run } from '@grammyjs/runner';
import { Bot, GrammyError, InlineKeyboard, InputFile, InputMediaBuilder } from 'grammy';
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCanvas } from '@napi-rs/canvas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FakeBotApi,
  TELEGRAM_LIMITS,
  type RecordedCall,
  type TelegramLimits,
} from './telegram/fake-bot-api.js';
import { detectEntities, formatText } from './telegram/formatting.js';
import { multipartBoundary, parseMultipart } from './telegram/multipart.js';

/** Any bytes do: the fake reads PNG dimensions when it can and does not decode images. */
function png(width: number, height: number, filler: number): Buffer {
  const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  const ihdr = Buffer.alloc(12);
  ihdr.write('IHDR', 0, 'latin1');
  ihdr.writeUInt32BE(width, 4);
  ihdr.writeUInt32BE(height, 8);
  return Buffer.concat([header, ihdr, Buffer.alloc(16, filler)]);
}

async function apiError(promise: Promise<unknown>): Promise<GrammyError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GrammyError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const NOT_MODIFIED =
  'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';

describe('FakeBotApi driven by the real grammY client', () => {
  let fake: FakeBotApi;
  let bot: Bot;

  beforeEach(async () => {
    fake = await FakeBotApi.start({ botUsername: 'bashni_test_bot' });
    bot = new Bot('123456:TEST-TOKEN', { client: { apiRoot: fake.apiRoot } });
  });

  afterEach(async () => {
    await fake.close();
  });

  it('answers getMe with a bot user, whatever the token', async () => {
    const me = await bot.api.getMe();
    expect(me).toMatchObject({ is_bot: true, username: 'bashni_test_bot', can_join_groups: true });
    const other = new Bot('999:other', { client: { apiRoot: fake.apiRoot } });
    expect((await other.api.getMe()).username).toBe('bashni_test_bot');
    expect(fake.callsOf('getMe')).toHaveLength(2);
  });

  it('stores a sent message and updates it on editMessageText', async () => {
    const group = fake.group(-1001234567890, 'Bashni club');
    const keyboard = new InlineKeyboard()
      .text('Accept', 'c:1:accept')
      .text('Decline', 'c:1:decline');
    const sent = await bot.api.sendMessage(group.id, 'Challenge!', { reply_markup: keyboard });

    expect(sent).toMatchObject({
      message_id: 1,
      chat: { id: group.id, type: 'supergroup' },
      text: 'Challenge!',
    });
    expect(sent.from?.id).toBe(fake.bot.id);
    expect(fake.keyboard(group.id, 1)).toEqual([
      [
        { text: 'Accept', callback_data: 'c:1:accept' },
        { text: 'Decline', callback_data: 'c:1:decline' },
      ],
    ]);

    const edited = await bot.api.editMessageText(group.id, sent.message_id, 'Accepted');
    expect(edited).toMatchObject({ message_id: 1, text: 'Accepted' });
    expect(fake.message(group.id, 1)).toMatchObject({ text: 'Accepted', edits: 1, deleted: false });
    // Like Telegram: an edit without reply_markup removes the inline keyboard.
    expect(fake.keyboard(group.id, 1)).toEqual([]);
    expect(fake.callsOf('editMessageText')[0]?.params).toMatchObject({
      chat_id: group.id,
      text: 'Accepted',
    });

    const second = await bot.api.sendMessage(group.id, 'Next', {
      reply_parameters: { message_id: 1 },
    });
    expect(second.message_id).toBe(2);
    expect(second.reply_to_message?.message_id).toBe(1);
    expect(fake.lastMessage(group.id)).toMatchObject({ messageId: 2, replyTo: 1 });
  });

  it('rejects an edit that changes nothing with "message is not modified"', async () => {
    const group = fake.group(-100200, 'Club');
    const keyboard = new InlineKeyboard().text('Resign', 'g:7:3:resign');
    await bot.api.sendMessage(group.id, 'Your move', { reply_markup: keyboard });

    const error = await apiError(
      bot.api.editMessageText(group.id, 1, 'Your move', { reply_markup: keyboard }),
    );
    expect(error).toBeInstanceOf(GrammyError);
    expect(error.error_code).toBe(400);
    expect(error.description).toBe(NOT_MODIFIED);

    const markupOnly = await apiError(
      bot.api.editMessageReplyMarkup(group.id, 1, { reply_markup: keyboard }),
    );
    expect(markupOnly.description).toBe(NOT_MODIFIED);
    // A different keyboard with the same text is a change.
    await bot.api.editMessageText(group.id, 1, 'Your move', {
      reply_markup: new InlineKeyboard().text('Offer draw', 'g:7:3:draw'),
    });
    expect(fake.keyboard(group.id, 1)[0]?.[0]?.text).toBe('Offer draw');
  });

  it('reports missing and deleted messages like Telegram', async () => {
    const group = fake.group(-100300, 'Club');
    await bot.api.sendMessage(group.id, 'Board');

    expect((await apiError(bot.api.editMessageText(group.id, 42, 'x'))).description).toBe(
      'Bad Request: message to edit not found',
    );
    fake.deleteMessageExternally(group.id, 1);
    expect(fake.chat(group.id).messages).toEqual([]);
    expect(fake.message(group.id, 1)?.deleted).toBe(true);
    expect((await apiError(bot.api.editMessageText(group.id, 1, 'x'))).description).toBe(
      'Bad Request: message to edit not found',
    );
    expect((await apiError(bot.api.deleteMessage(group.id, 1))).description).toBe(
      'Bad Request: message to delete not found',
    );
    expect((await apiError(bot.api.sendMessage(-100999, 'hi'))).description).toBe(
      'Bad Request: chat not found',
    );
  });

  it('records an uploaded photo with its bytes and answers with photo sizes', async () => {
    const group = fake.group(-100400, 'Club');
    const image = png(640, 640, 7);
    const sent = await bot.api.sendPhoto(group.id, new InputFile(image, 'board 1.png'), {
      caption: '<b>White</b> to move',
      parse_mode: 'HTML',
      reply_markup: new InlineKeyboard().text('Flip', 'flip'),
    });

    const call = fake.callsOf('sendPhoto').at(0);
    expect(call?.files.photo?.filename).toBe('board 1.png');
    expect(call?.files.photo?.data.equals(image)).toBe(true);
    expect(call?.params.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Flip', callback_data: 'flip' }]],
    });

    expect(sent.caption).toBe('White to move');
    expect(sent.caption_entities).toEqual([{ type: 'bold', offset: 0, length: 5 }]);
    const largest = sent.photo.at(-1);
    expect(largest).toMatchObject({ width: 640, height: 640, file_size: image.length });
    const stored = fake.lastMessage(group.id);
    expect(stored?.photo?.data.equals(image)).toBe(true);
    expect(stored?.caption).toBe('White to move');

    // The file_id can be sent again, and downloaded through getFile.
    await bot.api.sendPhoto(group.id, largest?.file_id ?? '');
    expect(fake.lastMessage(group.id)?.photo?.data.equals(image)).toBe(true);
    const file = await bot.api.getFile(largest?.file_id ?? '');
    const download = await fetch(`${fake.apiRoot}/file/bot123456:TEST-TOKEN/${file.file_path}`);
    expect(Buffer.from(await download.arrayBuffer()).equals(image)).toBe(true);
  });

  it('records an uploaded animation (a GIF) with its size, as animation and document', async () => {
    const group = fake.group(-100401, 'Club');
    // A GIF's header: the signature, then the width and height (little-endian).
    const gif = Buffer.concat([
      Buffer.from('GIF89a', 'latin1'),
      Buffer.from([0xb8, 0x01, 0x03, 0x02]),
      Buffer.alloc(32, 1),
    ]);
    const sent = await bot.api.sendAnimation(group.id, new InputFile(gif, 'replay.gif'), {
      caption: '🏁 <b>White</b> wins',
      parse_mode: 'HTML',
    });
    expect(fake.callsOf('sendAnimation').at(0)?.files.animation?.data.equals(gif)).toBe(true);
    expect(sent.animation).toMatchObject({
      width: 440,
      height: 515,
      mime_type: 'image/gif',
      file_name: 'replay.gif',
      file_size: gif.length,
    });
    expect(sent.document.file_id).toBe(sent.animation.file_id);
    expect(sent.caption).toBe('🏁 White wins');
    const stored = fake.lastMessage(group.id);
    expect(stored?.animation?.data.equals(gif)).toBe(true);
    expect(stored?.photo).toBeUndefined();
    // Its caption can be edited; a file past the Bot API's 50 MB is refused as Telegram does.
    await bot.api.editMessageCaption(group.id, sent.message_id, { caption: 'Replay' });
    expect(fake.lastMessage(group.id)?.caption).toBe('Replay');
    const huge = Buffer.concat([gif, Buffer.alloc(50 * 1024 * 1024)]);
    const refused = await apiError(bot.api.sendAnimation(group.id, new InputFile(huge, 'big.gif')));
    expect(refused.error_code).toBe(413);
  });

  it('replaces the photo on editMessageMedia with a new upload', async () => {
    const group = fake.group(-100500, 'Club');
    await bot.api.sendPhoto(group.id, new InputFile(png(8, 8, 1)), { caption: 'Move 1' });
    const next = png(8, 8, 2);

    const edited = await bot.api.editMessageMedia(
      group.id,
      1,
      InputMediaBuilder.photo(new InputFile(next, 'move2.png'), { caption: 'Move 2' }),
      { reply_markup: new InlineKeyboard().text('Resign', 'r') },
    );

    const call = fake.callsOf('editMessageMedia').at(0);
    expect(call?.files.media?.data.equals(next)).toBe(true);
    expect(call?.params.media).toMatchObject({ type: 'photo', caption: 'Move 2' });
    expect(edited).toMatchObject({ caption: 'Move 2', edit_date: expect.any(Number) as unknown });
    const stored = fake.message(group.id, 1);
    expect(stored?.photo?.data.equals(next)).toBe(true);
    expect(stored?.photo?.filename).toBe('move2.png');
    expect(fake.keyboard(group.id, 1)).toEqual([[{ text: 'Resign', callback_data: 'r' }]]);

    // Text messages have no media to edit, photos have no text.
    await bot.api.sendMessage(group.id, 'Plain');
    expect((await apiError(bot.api.editMessageText(group.id, 1, 'x'))).description).toBe(
      'Bad Request: there is no text in the message to edit',
    );
    expect(
      (await apiError(bot.api.editMessageCaption(group.id, 2, { caption: 'x' }))).description,
    ).toBe('Bad Request: there is no caption in the message to edit');
  });

  it('serves a programmed 429 that auto-retry waits out', async () => {
    const group = fake.group(-100600, 'Club');
    fake.failNext('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      parameters: { retry_after: 1 },
    });
    bot.api.config.use(autoRetry());

    const startedAt = Date.now();
    const sent = await bot.api.sendMessage(group.id, 'Eventually');
    expect(sent.text).toBe('Eventually');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);

    const calls = fake.callsOf('sendMessage');
    expect(calls.map((call) => call.response.ok)).toEqual([false, true]);
    expect(calls[0]?.response).toMatchObject({ error_code: 429, parameters: { retry_after: 1 } });
    expect(fake.chat(group.id).messages).toHaveLength(1);
  });

  it('refuses users who blocked the bot or never started it, and kicked bots', async () => {
    const alice = fake.user(11, 'Alice', 'alice');
    const bob = fake.user(12, 'Bob');
    fake.privateChat(alice);
    await bot.api.sendMessage(alice.id, 'Your turn');

    fake.blockUser(alice.id);
    const blocked = await apiError(bot.api.sendMessage(alice.id, 'Your turn'));
    expect([blocked.error_code, blocked.description]).toEqual([
      403,
      'Forbidden: bot was blocked by the user',
    ]);
    const stranger = await apiError(bot.api.sendMessage(bob.id, 'Hi'));
    expect(stranger.description).toBe("Forbidden: bot can't initiate conversation with a user");

    const group = fake.group(-1001234500700, 'Club');
    fake.setChatMember(group.id, fake.bot.id, 'kicked');
    expect((await apiError(bot.api.sendMessage(group.id, 'x'))).description).toBe(
      'Forbidden: bot was kicked from the supergroup chat',
    );
    fake.failNext('sendMessage', {
      error_code: 403,
      description: 'Forbidden: bot was kicked from the group chat',
    });
    expect((await apiError(bot.api.sendMessage(alice.id, 'x'))).error_code).toBe(403);
  });

  it('rejects callback data longer than 64 bytes', async () => {
    const group = fake.group(-100800, 'Club');
    const tooLong = 'x'.repeat(65);
    const error = await apiError(
      bot.api.sendMessage(group.id, 'Pick', {
        reply_markup: new InlineKeyboard().text('A', tooLong),
      }),
    );
    expect([error.error_code, error.description]).toEqual([
      400,
      'Bad Request: BUTTON_DATA_INVALID',
    ]);
    // Bytes, not characters: 33 Cyrillic letters are 66 bytes.
    const cyrillic = await apiError(
      bot.api.sendMessage(group.id, 'Pick', {
        reply_markup: new InlineKeyboard().text('A', 'ж'.repeat(33)),
      }),
    );
    expect(cyrillic.description).toBe('Bad Request: BUTTON_DATA_INVALID');
    await bot.api.sendMessage(group.id, 'Pick', {
      reply_markup: new InlineKeyboard().text('A', 'x'.repeat(64)),
    });
    expect(fake.chat(group.id).messages).toHaveLength(1);
    const text = await apiError(
      bot.api.sendMessage(group.id, 'Pick', {
        reply_markup: { inline_keyboard: [[{ text: 'A' } as never]] },
      }),
    );
    expect(text.description).toContain('Text buttons are unallowed in the inline keyboard');
  });

  it('parses HTML like Telegram and reports bad markup', async () => {
    const group = fake.group(-100900, 'Club');
    const sent = await bot.api.sendMessage(group.id, '<b>Ход</b> белых &lt;c3-d4&gt; ', {
      parse_mode: 'HTML',
    });
    expect(sent.text).toBe('Ход белых <c3-d4>');
    expect(sent.entities).toEqual([{ type: 'bold', offset: 0, length: 3 }]);
    const bad = await apiError(bot.api.sendMessage(group.id, 'Ann <3 Bob', { parse_mode: 'HTML' }));
    expect(bad.description).toBe(
      'Bad Request: can\'t parse entities: Unsupported start tag "3" at byte offset 4',
    );
    const markdown = await apiError(
      bot.api.sendMessage(group.id, 'Move 1.', { parse_mode: 'MarkdownV2' }),
    );
    expect(markdown.description).toBe(
      "Bad Request: can't parse entities: Character '.' is reserved and must be escaped with the preceding '\\'",
    );
    expect((await apiError(bot.api.sendMessage(group.id, '   '))).description).toBe(
      'Bad Request: message text is empty',
    );
  });

  it('keeps commands per scope and language', async () => {
    await bot.api.setMyCommands([{ command: 'play', description: 'Start a game' }]);
    await bot.api.setMyCommands([{ command: 'play', description: 'Начать партию' }], {
      language_code: 'ru',
    });
    expect(await bot.api.getMyCommands()).toEqual([
      { command: 'play', description: 'Start a game' },
    ]);
    expect(await bot.api.getMyCommands({ language_code: 'ru' })).toEqual([
      { command: 'play', description: 'Начать партию' },
    ]);
    expect(fake.commands({ type: 'default' }, 'ru')[0]?.description).toBe('Начать партию');
    const invalid = await apiError(bot.api.setMyCommands([{ command: 'Play!', description: 'x' }]));
    expect(invalid.description).toBe('Bad Request: BOT_COMMAND_INVALID');
  });

  it('answers unknown methods with 404 and knows chats and members', async () => {
    const response = await fetch(`${fake.apiRoot}/bot1:x/sendTelepathy`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      ok: false,
      error_code: 404,
      description: 'Not Found: method not found',
    });

    const alice = fake.user(21, 'Alice');
    const group = fake.group(-42, 'Small group');
    fake.message({ from: alice, chat: group, text: 'hi' });
    expect(await bot.api.getChat(group.id)).toMatchObject({
      id: -42,
      type: 'group',
      title: 'Small group',
    });
    expect(await bot.api.getChatMember(group.id, alice.id)).toMatchObject({
      status: 'member',
      user: { id: 21 },
    });
    expect((await bot.api.getChatMember(group.id, fake.bot.id)).status).toBe('member');
    // Deleting a user's message needs admin rights.
    expect((await apiError(bot.api.deleteMessage(group.id, 1))).description).toBe(
      "Bad Request: message can't be deleted",
    );
    fake.setChatMember(group.id, fake.bot.id, 'administrator');
    expect(await bot.api.deleteMessage(group.id, 1)).toBe(true);
  });

  it('serves getUpdates with offsets and long polling', async () => {
    const alice = fake.user(31, 'Alice');
    const group = fake.group(-100310, 'Club');
    fake.push(fake.message({ from: alice, chat: group, text: 'one' }));
    fake.push(fake.message({ from: alice, chat: group, text: 'two' }));

    const batch = await bot.api.getUpdates({ timeout: 0 });
    expect(batch.map((u) => u.message?.text)).toEqual(['one', 'two']);
    expect(batch[1]?.update_id).toBe((batch[0]?.update_id ?? 0) + 1);
    // Unconfirmed updates come again; an offset past them confirms them.
    expect(await bot.api.getUpdates({ timeout: 0 })).toHaveLength(2);
    const offset = (batch[1]?.update_id ?? 0) + 1;

    const startedAt = Date.now();
    const held = bot.api.getUpdates({ offset, timeout: 30 });
    setTimeout(() => fake.pushMessage({ from: alice, chat: group, text: 'three' }), 100);
    const next = await held;
    expect(next.map((u) => u.message?.text)).toEqual(['three']);
    expect(Date.now() - startedAt).toBeLessThan(1000);
    expect(fake.pendingUpdates).toHaveLength(1);

    // With nothing to deliver the poll ends at the cap with an empty batch.
    const fast = await FakeBotApi.start({ maxLongPollMs: 150 });
    try {
      const idle = new Bot('1:x', { client: { apiRoot: fast.apiRoot } });
      expect(await idle.api.getUpdates({ timeout: 30 })).toEqual([]);
    } finally {
      await fast.close();
    }
  });

  it('runs bot.start() against the fake: a /start command and a button press', async () => {
    const alice = fake.user(41, 'Alice', 'alice', 'ru');
    const group = fake.group(-100410, 'Club');
    const seen: string[] = [];
    bot.command('start', async (ctx) => {
      seen.push(`start:${ctx.match}`);
      await ctx.reply('Welcome', { reply_markup: new InlineKeyboard().text('New game', 'new') });
    });
    bot.on('callback_query:data', async (ctx) => {
      seen.push(`data:${ctx.callbackQuery.data}:${ctx.callbackQuery.message?.message_id}`);
      await ctx.answerCallbackQuery({ text: 'Starting', show_alert: true });
      await ctx.editMessageText('Game #1');
    });
    const stopped = bot.start();

    const command = fake.pushMessage({
      from: alice,
      chat: group,
      text: '/start@bashni_test_bot now',
    });
    expect(command.message?.entities).toEqual([{ type: 'bot_command', offset: 0, length: 22 }]);
    const reply = await fake.waitForCall('sendMessage');
    expect(reply.params).toMatchObject({ chat_id: group.id, text: 'Welcome' });
    const welcome = fake.lastBotMessage(group.id);
    expect(welcome?.messageId).toBe(2);

    const press = fake.buttonPress({
      from: alice,
      chatId: group.id,
      messageId: 2,
      button: 'New game',
    });
    fake.push(press);
    await fake.waitUntilConfirmed(press);
    const queryId = press.callback_query?.id ?? '';
    expect(fake.answers.get(queryId)).toMatchObject({ text: 'Starting', show_alert: true });
    expect(fake.unansweredCallbackQueries()).toEqual([]);
    expect(fake.message(group.id, 2)?.text).toBe('Game #1');
    expect(seen).toEqual(['start:now', 'data:new:2']);

    await bot.stop();
    await stopped;
    expect(fake.callsOf('deleteWebhook')).toHaveLength(1);
  });

  it('works with @grammyjs/runner too', async () => {
    const alice = fake.user(51, 'Alice');
    fake.privateChat(alice);
    bot.on('message:text', (ctx) => ctx.reply(`echo ${ctx.message.text}`));
    await bot.init();
    const handle = run(bot, { runner: { fetch: { timeout: 1 } } });

    fake.pushMessage({ from: alice, chat: alice.id, text: 'ping' });
    const reply = await fake.waitForCall('sendMessage');
    expect(reply.params.text).toBe('echo ping');
    await handle.stop();
  });

  it('waitForCall hands out successive calls', async () => {
    const group = fake.group(-100510, 'Club');
    await bot.api.sendMessage(group.id, 'first');
    await bot.api.sendMessage(group.id, 'second');
    expect((await fake.waitForCall('sendMessage')).params.text).toBe('first');
    expect((await fake.waitForCall('sendMessage')).params.text).toBe('second');
    const third = fake.waitForCall('sendMessage', (call) => call.params.text === 'third');
    await bot.api.sendMessage(group.id, 'third');
    expect((await third).response.ok).toBe(true);
    await expect(fake.waitForCall('sendDocument', undefined, 50)).rejects.toThrow(/timed out/);
  });
});

describe('FakeBotApi options', () => {
  it('drops group chatter in privacy mode but keeps commands and replies to the bot', async () => {
    const fake = await FakeBotApi.start({ privacyMode: true });
    try {
      const bot = new Bot('1:x', { client: { apiRoot: fake.apiRoot } });
      expect((await bot.api.getMe()).can_read_all_group_messages).toBe(false);
      const alice = fake.user(61, 'Alice');
      const group = fake.group(-100610, 'Club');
      fake.pushMessage({ from: alice, chat: group, text: 'hello all' });
      fake.pushMessage({ from: alice, chat: group, text: '/play' });
      await bot.api.sendMessage(group.id, 'Your move?');
      fake.pushMessage({ from: alice, chat: group, text: 'c3-d4', replyTo: 3 });
      const texts = (await bot.api.getUpdates({ timeout: 0 })).map((u) => u.message?.text);
      expect(texts).toEqual(['/play', 'c3-d4']);
      // The chat itself still shows every message.
      expect(fake.chat(group.id).messages.map((m) => m.text)).toEqual([
        'hello all',
        '/play',
        'Your move?',
        'c3-d4',
      ]);
    } finally {
      await fake.close();
    }
  });

  it('answers a held long poll when closed', async () => {
    const fake = await FakeBotApi.start({ maxLongPollMs: 5000 });
    const bot = new Bot('1:x', { client: { apiRoot: fake.apiRoot } });
    const poll = bot.api.getUpdates({ timeout: 30 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const startedAt = Date.now();
    await fake.close();
    expect(await poll).toEqual([]);
    expect(Date.now() - startedAt).toBeLessThan(500);
  });
});

describe('text formatting', () => {
  it('turns HTML into text and entities', () => {
    const result = formatText(
      '<b>Ход <i>белых</i></b> <a href="https://t.me/x?a=1&amp;b=2">партия</a>',
      'HTML',
      undefined,
    );
    expect(result).toEqual({
      ok: true,
      value: {
        text: 'Ход белых партия',
        entities: [
          { type: 'bold', offset: 0, length: 9 },
          { type: 'italic', offset: 4, length: 5 },
          { type: 'text_link', offset: 10, length: 6, url: 'https://t.me/x?a=1&b=2' },
        ],
      },
    });
    expect(formatText('<b>x</i>', 'HTML', undefined)).toEqual({
      ok: false,
      error:
        'Bad Request: can\'t parse entities: Unmatched end tag at byte offset 4, expected "</b>", found "</i>"',
    });
    expect(formatText('<b>open', 'HTML', undefined)).toMatchObject({
      ok: false,
      error:
        'Bad Request: can\'t parse entities: Can\'t find end tag corresponding to start tag "b"',
    });
  });

  it('turns MarkdownV2 into text and entities, with escapes', () => {
    expect(formatText('*Ход* \\(c3\\-d4\\) ||x||', 'MarkdownV2', undefined)).toEqual({
      ok: true,
      value: {
        text: 'Ход (c3-d4) x',
        entities: [
          { type: 'bold', offset: 0, length: 3 },
          { type: 'spoiler', offset: 12, length: 1 },
        ],
      },
    });
    expect(formatText('*open', 'MarkdownV2', undefined)).toMatchObject({
      ok: false,
      error: "Bad Request: can't parse entities: Can't find end of Bold entity at byte offset 0",
    });
  });

  it('detects commands, mentions and links in user text', () => {
    expect(detectEntities('/move@bashni_bot c3-d4 @alice_x')).toEqual([
      { type: 'bot_command', offset: 0, length: 16 },
      { type: 'mention', offset: 23, length: 8 },
    ]);
    expect(detectEntities('see https://t.me/x, a/b')).toEqual([
      { type: 'url', offset: 4, length: 14 },
    ]);
  });
});

describe('multipart parser', () => {
  it('reads bodies encoded by the platform FormData', async () => {
    const form = new FormData();
    form.set('chat_id', '-100');
    form.set('reply_markup', '{"inline_keyboard":[]}');
    form.set('photo', new Blob([Buffer.from([1, 2, 3])], { type: 'image/png' }), 'a "b";c.png');
    const request = new Request('http://x', { method: 'POST', body: form });
    const body = Buffer.from(await request.arrayBuffer());
    const boundary = multipartBoundary(request.headers.get('content-type') ?? '');
    const parts = parseMultipart(body, boundary ?? '');
    expect(parts.map((part) => part.name)).toEqual(['chat_id', 'reply_markup', 'photo']);
    const photo = parts.at(2);
    expect(photo?.contentType).toBe('image/png');
    expect([...(photo?.data ?? [])]).toEqual([1, 2, 3]);
    expect(photo?.filename).toContain('c.png');
  });
});

/** Resolves after `ms` of wall-clock time. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Starts a fake with test-speed limits and a grammY client for it. */
async function limitedFake(limits: Partial<TelegramLimits>, lean = false) {
  const fake = await FakeBotApi.start({ limits, lean });
  const bot = new Bot('1:x', { client: { apiRoot: fake.apiRoot } });
  return { fake, api: bot.api };
}

describe('FakeBotApi flood limits', () => {
  const fakes: FakeBotApi[] = [];
  const start = async (limits: Partial<TelegramLimits>, lean = false) => {
    const started = await limitedFake(limits, lean);
    fakes.push(started.fake);
    return started;
  };

  afterEach(async () => {
    for (const fake of fakes.splice(0)) await fake.close();
  });

  it("refuses a group's 21st message within a minute by default, with Telegram's 429", async () => {
    const fake = await FakeBotApi.start();
    fakes.push(fake);
    const api = new Bot('1:x', { client: { apiRoot: fake.apiRoot } }).api;
    expect(fake.limits).toEqual(TELEGRAM_LIMITS);
    const group = fake.group(-100700, 'Club');

    const firstSentBefore = Date.now();
    for (let index = 1; index <= 20; index += 1) await api.sendMessage(group.id, `m${index}`);
    const refused = await apiError(api.sendMessage(group.id, 'one too many'));
    const elapsed = Date.now() - firstSentBefore;

    const retryAfter = refused.parameters.retry_after ?? 0;
    // The first message leaves the 60 s window 60 s after it was sent.
    expect(retryAfter).toBeGreaterThanOrEqual(Math.ceil((60_000 - elapsed) / 1000));
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect([refused.error_code, refused.description]).toEqual([
      429,
      `Too Many Requests: retry after ${retryAfter}`,
    ]);
    const refusals = fake.floodRefusals();
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({
      method: 'sendMessage',
      throttled: true,
      response: {
        ok: false,
        error_code: 429,
        description: `Too Many Requests: retry after ${retryAfter}`,
        parameters: { retry_after: retryAfter },
      },
    });
    expect(fake.floodRefusalCount()).toBe(1);
    expect(fake.chat(group.id).messages).toHaveLength(20);
    // Plain HTTP sees the status too.
    const response = await fetch(`${fake.apiRoot}/bot1:x/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: group.id, text: 'again' }),
    });
    expect(response.status).toBe(429);
  });

  it('counts sends and edits, not callback answers, deletions or chat actions', async () => {
    const { fake, api } = await start({ group: { max: 6, windowMs: 60_000 } });
    const alice = fake.user(71, 'Alice');
    const group = fake.group(-100710, 'Club');
    const keyboard = new InlineKeyboard().text('Go', 'go');
    await api.sendMessage(group.id, 'Text', { reply_markup: keyboard });
    await api.editMessageText(group.id, 1, 'Text 2', { reply_markup: keyboard });
    await api.editMessageReplyMarkup(group.id, 1, {
      reply_markup: new InlineKeyboard().text('Stop', 'stop'),
    });
    await api.sendPhoto(group.id, new InputFile(png(8, 8, 1)), { caption: 'Board' });
    await api.editMessageCaption(group.id, 2, { caption: 'Board 2' });
    await api.editMessageMedia(group.id, 2, InputMediaBuilder.photo(new InputFile(png(8, 8, 2))));

    for (let index = 0; index < 10; index += 1) {
      const press = fake.buttonPress({
        from: alice,
        chatId: group.id,
        messageId: 1,
        button: 'Stop',
      });
      await api.answerCallbackQuery(press.callback_query?.id ?? '');
      await api.sendChatAction(group.id, 'upload_photo');
      await api.getChat(group.id);
    }
    await api.deleteMessage(group.id, 2);
    await api.deleteMessages(group.id, [1]);

    for (const refused of [
      api.sendMessage(group.id, 'Seventh'),
      api.sendDocument(group.id, new InputFile(Buffer.from('1. c3-d4'), 'game.pdn')),
      api.sendAnimation(group.id, new InputFile(Buffer.from('GIF89a'), 'replay.gif')),
    ]) {
      expect((await apiError(refused)).error_code).toBe(429);
    }
    expect(fake.floodRefusals().map((call) => call.method)).toEqual([
      'sendMessage',
      'sendDocument',
      'sendAnimation',
    ]);
    expect(fake.callsOf('answerCallbackQuery').every((call) => call.response.ok)).toBe(true);
  });

  it('lets refused calls spend no budget; a programmed failure is not marked as throttled', async () => {
    const { fake, api } = await start({ group: { max: 2, windowMs: 60_000 } });
    const group = fake.group(-100720, 'Club');
    await api.sendMessage(group.id, 'First');
    expect((await apiError(api.sendMessage(group.id, '  '))).error_code).toBe(400);
    expect((await apiError(api.editMessageText(group.id, 1, 'First'))).error_code).toBe(400);
    expect((await apiError(api.editMessageText(group.id, 9, 'x'))).error_code).toBe(400);
    fake.failNext('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 5',
      parameters: { retry_after: 5 },
    });
    expect((await apiError(api.sendMessage(group.id, 'programmed'))).error_code).toBe(429);
    expect(fake.floodRefusals()).toEqual([]);

    await api.sendMessage(group.id, 'Second');
    expect((await apiError(api.sendMessage(group.id, 'Third'))).error_code).toBe(429);
    expect((await apiError(api.sendMessage(group.id, 'Third'))).error_code).toBe(429);
    expect(fake.floodRefusals()).toHaveLength(2);
    expect(fake.chat(group.id).messages.map((message) => message.text)).toEqual([
      'First',
      'Second',
    ]);
  });

  it('frees the window as its oldest calls leave it: a sliding window', async () => {
    // Wide margins around each boundary: the machine is shared and noisy.
    const { fake, api } = await start({ group: { max: 2, windowMs: 800 } });
    const group = fake.group(-100730, 'Club');
    await api.sendMessage(group.id, 'a');
    const firstDone = Date.now();
    await sleep(400);
    await api.sendMessage(group.id, 'b');
    const refused = await apiError(api.sendMessage(group.id, 'c'));
    // Less than a second left: Telegram still says 1, never 0.
    expect(refused.parameters.retry_after).toBe(1);

    await sleep(Math.max(0, firstDone + 850 - Date.now()));
    await api.sendMessage(group.id, 'c'); // 'a' has left the window, 'b' has not
    expect((await apiError(api.sendMessage(group.id, 'd'))).error_code).toBe(429);
    await sleep(850);
    await api.sendMessage(group.id, 'd');
    await api.sendMessage(group.id, 'e');
    expect(fake.chat(group.id).messages.map((message) => message.text)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
  });

  it('keeps a budget per chat, with the private-chat limit for private chats', async () => {
    const { fake, api } = await start({
      group: { max: 2, windowMs: 60_000 },
      private: { max: 3, windowMs: 60_000 },
    });
    const alice = fake.user(81, 'Alice', 'alice');
    fake.privateChat(alice);
    const clubs = [fake.group(-100740, 'Club'), fake.group(-1001234500741, 'Super club')];

    for (let index = 0; index < 3; index += 1) await api.sendMessage(alice.id, `p${index}`);
    // Addressed by username it is the same chat and the same budget.
    expect((await apiError(api.sendMessage('@alice', 'p3'))).error_code).toBe(429);
    for (const club of clubs) {
      await api.sendMessage(club.id, 'g0');
      await api.sendMessage(club.id, 'g1');
      expect((await apiError(api.sendMessage(club.id, 'g2'))).error_code).toBe(429);
    }
    expect(fake.floodRefusalCount()).toBe(3);
  });

  it('limits new messages across all chats, but not edits', async () => {
    const { fake, api } = await start({ globalSends: { max: 5, windowMs: 60_000 } });
    const groups = Array.from({ length: 7 }, (_, index) => fake.group(-100750 - index, 'Club'));
    const firstSentBefore = Date.now();
    for (const group of groups.slice(0, 5)) await api.sendMessage(group.id, 'hello');
    const refused = await apiError(api.sendMessage(groups[5]?.id ?? 0, 'hello'));
    const elapsed = Date.now() - firstSentBefore;
    expect(refused.error_code).toBe(429);
    expect(refused.parameters.retry_after).toBeGreaterThanOrEqual(
      Math.ceil((60_000 - elapsed) / 1000),
    );
    expect((await apiError(api.sendMessage(groups[6]?.id ?? 0, 'hello'))).error_code).toBe(429);
    for (const group of groups.slice(0, 5)) await api.editMessageText(group.id, 1, 'edited');
    expect(fake.floodRefusals().map((call) => call.params.chat_id)).toEqual([
      groups[5]?.id,
      groups[6]?.id,
    ]);
  });

  it('gives the last slot to exactly one of many concurrent calls', async () => {
    const { fake, api } = await start({ group: { max: 20, windowMs: 60_000 } });
    const group = fake.group(-100760, 'Club');
    // Held and released together, the calls are checked and executed back to back.
    const hold = fake.hold('sendMessage');
    const sends = Array.from({ length: 35 }, (_, index) => api.sendMessage(group.id, `m${index}`));
    for (let waited = 0; hold.heldCalls().length < sends.length; waited += 1) {
      if (waited > 500) throw new Error(`only ${hold.heldCalls().length} calls arrived`);
      await sleep(10);
    }
    hold.release();
    const results = await Promise.allSettled(sends);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(20);
    expect(fake.floodRefusals()).toHaveLength(15);
    expect(fake.callsOf('sendMessage').every((call) => call.response.ok || call.throttled)).toBe(
      true,
    );
    expect(fake.chat(group.id).messages).toHaveLength(20);
  });

  it('lets a callback query be answered only within callbackAnswerMs of the tap', async () => {
    const { fake, api } = await start({ callbackAnswerMs: 500 });
    const alice = fake.user(91, 'Alice');
    const group = fake.group(-100770, 'Club');
    await api.sendMessage(group.id, 'Pick', { reply_markup: new InlineKeyboard().text('A', 'a') });
    const quick = fake.buttonPress({ from: alice, chatId: group.id, messageId: 1, button: 'A' });
    const slow = fake.callbackQuery({ from: alice, chatId: group.id, messageId: 1, data: 'a' });
    const quickId = quick.callback_query?.id ?? '';
    const slowId = slow.callback_query?.id ?? '';
    await api.answerCallbackQuery(quickId, { text: 'ok' });

    await sleep(550);
    const late = await apiError(api.answerCallbackQuery(slowId, { text: 'too late' }));
    expect([late.error_code, late.description]).toEqual([
      400,
      'Bad Request: query is too old and response timeout expired or query ID is invalid',
    ]);
    expect(fake.answers.has(quickId)).toBe(true);
    expect(fake.answers.has(slowId)).toBe(false);
    expect(fake.callsOf('answerCallbackQuery').map((call) => call.response.ok)).toEqual([
      true,
      false,
    ]);
    expect(fake.unansweredCallbackQueries()).toEqual([slowId]);
  });

  it('rejects limits no test could mean', async () => {
    await expect(
      FakeBotApi.start({ limits: { group: { max: 0, windowMs: 1000 } } }),
    ).rejects.toThrow(/limits.group/);
    await expect(FakeBotApi.start({ limits: { callbackAnswerMs: 0 } })).rejects.toThrow(
      /callbackAnswerMs/,
    );
  });
});

describe('FakeBotApi holds, listeners and lean mode', () => {
  let fake: FakeBotApi;
  let api: Bot['api'];

  beforeEach(async () => {
    ({ fake, api } = await limitedFake({}));
  });

  afterEach(async () => {
    await fake.close();
  });

  it('holds a call until release, then executes it for a live client', async () => {
    const group = fake.group(-100800, 'Club');
    const hold = fake.hold('sendMessage', (params) => params.text === 'board');
    const sent = api.sendMessage(group.id, 'board');
    await api.sendMessage(group.id, 'not held');

    const held = await hold.held();
    expect(held).toMatchObject({ method: 'sendMessage', params: { text: 'board' } });
    expect(fake.chat(group.id).messages.map((message) => message.text)).toEqual(['not held']);
    expect(fake.callsOf('sendMessage')).toHaveLength(1);

    hold.release();
    expect((await sent).text).toBe('board');
    expect(fake.chat(group.id).messages.map((message) => message.text)).toEqual([
      'not held',
      'board',
    ]);
    const recorded = fake.callsOf('sendMessage').at(1);
    expect(recorded).toMatchObject({ held: true, response: { ok: true } });
    expect(recorded?.aborted).toBeUndefined();
    // Released holds hold nothing more.
    await api.sendMessage(group.id, 'board');
    expect(fake.chat(group.id).messages).toHaveLength(3);
  });

  it('does not apply a held call whose client process was killed', async () => {
    const group = fake.group(-100810, 'Club');
    const hold = fake.hold('sendMessage');
    const script = `fetch(${JSON.stringify(`${fake.apiRoot}/bot1:x/sendMessage`)}, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: ${group.id}, text: 'lost' }),
    });`;
    const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));

    expect((await hold.held(10_000)).params.text).toBe('lost');
    child.kill('SIGKILL');
    await exited;
    await hold.disconnected();
    hold.release();

    const recorded = await fake.waitForCall('sendMessage');
    expect(recorded).toMatchObject({ held: true, aborted: true, response: { ok: false } });
    expect(fake.chat(group.id).allMessages).toEqual([]);
    // The lost call spent no budget and took no message id.
    expect((await api.sendMessage(group.id, 'next')).message_id).toBe(1);
  });

  it('releases held calls on close', async () => {
    const group = fake.group(-100820, 'Club');
    const hold = fake.hold('sendMessage');
    const sent = api.sendMessage(group.id, 'late');
    await hold.held();
    await fake.close();
    expect((await sent).text).toBe('late');
    await expect(fake.hold('sendMessage').held(50)).rejects.toThrow(/within 50 ms/);
  });

  it('tells listeners about every call until they unsubscribe', async () => {
    const group = fake.group(-100830, 'Club');
    const seen: string[] = [];
    const stop = fake.onCall((call) => seen.push(`${call.method}:${String(call.response.ok)}`));
    await api.sendMessage(group.id, 'one');
    await apiError(api.sendMessage(group.id, ''));
    await api.getMe();
    stop();
    await api.sendMessage(group.id, 'two');
    expect(seen).toEqual(['sendMessage:true', 'sendMessage:false', 'getMe:true']);
    expect(fake.callCount()).toBe(4);
  });

  it('lean mode keeps no history, no upload bytes and only the last 50 messages', async () => {
    const wide = { max: 1000, windowMs: 1000 };
    const lean = await limitedFake({ group: wide, globalSends: wide }, true);
    try {
      const group = lean.fake.group(-100840, 'Club');
      const listened: RecordedCall[] = [];
      lean.fake.onCall((call) => listened.push(call));
      const image = png(640, 480, 3);
      const photo = await lean.api.sendPhoto(group.id, new InputFile(image, 'board.png'));
      expect(photo.photo.at(-1)).toMatchObject({
        width: 640,
        height: 480,
        file_size: image.length,
      });
      const stored = lean.fake.lastMessage(group.id)?.photo;
      expect(stored).toMatchObject({ width: 640, height: 480, size: image.length });
      expect(stored?.data.length).toBe(0);

      const waited = lean.fake.waitForCall('sendMessage', (call) => call.params.text === 'm60');
      for (let index = 1; index <= 60; index += 1) {
        await lean.api.sendMessage(group.id, `m${index}`);
      }
      expect((await waited).response.ok).toBe(true);
      expect(lean.fake.calls).toEqual([]);
      expect(lean.fake.callCount()).toBe(61);
      expect(lean.fake.callCount('sendMessage')).toBe(60);
      expect(listened).toHaveLength(61);
      const messages = lean.fake.chat(group.id).allMessages;
      expect(messages).toHaveLength(50);
      expect(messages.map((message) => message.messageId)).toEqual(
        Array.from({ length: 50 }, (_, index) => index + 12),
      );
    } finally {
      await lean.fake.close();
    }
  });
});

describe('FakeBotApi inline mode', () => {
  let fake: FakeBotApi;
  let bot: Bot;
  let pictures: Server;
  let base = '';
  const jpeg = (() => {
    const canvas = createCanvas(40, 30);
    canvas.getContext('2d').fillRect(0, 0, 40, 30);
    return canvas.encodeSync('jpeg', 80);
  })();

  beforeEach(async () => {
    fake = await FakeBotApi.start({ botUsername: 'bashni_test_bot' });
    bot = new Bot('123456:TEST-TOKEN', { client: { apiRoot: fake.apiRoot } });
    pictures = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      if (path === '/a.jpg') response.writeHead(200).end(jpeg);
      else if (path === '/b.png') response.writeHead(200).end(png(40, 30, 7));
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => pictures.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    await fake.close();
    await new Promise((resolve) => pictures.close(resolve));
  });

  const photo = (id: string, url: string, extra: object = {}) => ({
    type: 'photo' as const,
    id,
    photo_url: url,
    thumbnail_url: url,
    ...extra,
  });

  it('validates answers as Telegram does, fetching photos and taking only JPEGs', async () => {
    const alice = fake.user(11, 'Alice', 'alice');
    const ask = () => fake.inlineQuery({ from: alice, query: '' }).inline_query!.id;
    const refused = async (results: unknown[]) =>
      (await apiError(bot.api.answerInlineQuery(ask(), results as never))).description;

    expect(await refused([photo('x', `${base}/a.jpg`), photo('x', `${base}/a.jpg`)])).toContain(
      'RESULT_ID_DUPLICATE',
    );
    expect(await refused([photo('', `${base}/a.jpg`)])).toContain('RESULT_ID_INVALID');
    expect(
      await refused(Array.from({ length: 51 }, (_, i) => photo(`r${i}`, `${base}/a.jpg`))),
    ).toContain('RESULTS_TOO_MUCH');
    expect(await refused([{ type: 'photo', id: 'x', photo_url: `${base}/a.jpg` }])).toContain(
      'THUMB_URL_INVALID',
    );
    expect(await refused([photo('x', `${base}/b.png`)])).toContain('PHOTO_CONTENT_TYPE_INVALID');
    expect(await refused([photo('x', `${base}/missing.jpg`)])).toContain('WEBPAGE_CURL_FAILED');
    expect(await refused([photo('x', `${base}/a.jpg`, { caption: 'x'.repeat(1025) })])).toContain(
      'caption is too long',
    );
    expect(
      await refused([
        photo('x', `${base}/a.jpg`, {
          reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'd'.repeat(65) }]] },
        }),
      ]),
    ).toContain('BUTTON_DATA_INVALID');

    const id = ask();
    await bot.api.answerInlineQuery(id, [photo('ok', `${base}/a.jpg`)], { cache_time: 5 });
    expect(fake.inlineAnswer(id)).toMatchObject({ cacheTime: 5, isPersonal: false });
    expect(fake.inlineAnswer(id)!.photos.get('ok')!.data.equals(jpeg)).toBe(true);
    // Answered once only.
    expect(
      (await apiError(bot.api.answerInlineQuery(id, [photo('ok', `${base}/a.jpg`)]))).description,
    ).toContain('query is too old');
  });

  it('makes a chosen result an inline message: taps without a message, edits that answer true', async () => {
    const group = fake.group(-1001234567890, 'Bashni club');
    const alice = fake.user(11, 'Alice', 'alice');
    const bob = fake.user(12, 'Bob', 'bob');
    const queryId = fake.inlineQuery({ from: alice, query: '' }).inline_query!.id;
    await bot.api.answerInlineQuery(queryId, [
      photo('card', `${base}/a.jpg`, {
        caption: 'A card',
        reply_markup: { inline_keyboard: [[{ text: 'Accept', callback_data: 'A|1' }]] },
      }),
    ]);
    const chosen = fake.chooseInlineResult({
      from: alice,
      queryId,
      resultId: 'card',
      chatId: group.id,
    });
    expect(chosen.update.chosen_inline_result).toMatchObject({
      result_id: 'card',
      inline_message_id: chosen.inlineMessageId,
    });
    const inlineId = chosen.inlineMessageId!;
    expect(fake.inlineMessage(inlineId)).toMatchObject({ caption: 'A card', edits: 0 });

    const tap = fake.inlineButtonPress({ from: bob, inlineMessageId: inlineId, button: 'Accept' });
    expect(tap.callback_query).toMatchObject({ inline_message_id: inlineId, data: 'A|1' });
    expect(tap.callback_query!.message).toBeUndefined();
    await bot.api.answerCallbackQuery(tap.callback_query!.id);

    expect(await bot.api.editMessageCaptionInline(inlineId, { caption: 'Taken' })).toBe(true);
    expect(fake.inlineMessage(inlineId)).toMatchObject({ caption: 'Taken', edits: 1 });
    expect(fake.inlineKeyboard(inlineId)).toEqual([]);
    expect(
      (await apiError(bot.api.editMessageCaptionInline(inlineId, { caption: 'Taken' })))
        .description,
    ).toContain('message is not modified');

    // No upload into an inline message; a URL is fetched (and must be a JPEG).
    const upload = InputMediaBuilder.photo(new InputFile(jpeg, 'a.jpg'));
    expect(
      (await apiError(bot.api.editMessageMediaInline(inlineId, upload))).description,
    ).toContain("can't upload file for inline message");
    const notJpeg = InputMediaBuilder.photo(`${base}/b.png`);
    expect(
      (await apiError(bot.api.editMessageMediaInline(inlineId, notJpeg))).description,
    ).toContain('PHOTO_CONTENT_TYPE_INVALID');
    const byUrl = InputMediaBuilder.photo(`${base}/a.jpg?v=2`, { caption: 'Moved' });
    expect(await bot.api.editMessageMediaInline(inlineId, byUrl)).toBe(true);
    expect(fake.inlineMessage(inlineId)).toMatchObject({ caption: 'Moved', edits: 2 });
    expect(fake.inlineMessage(inlineId)!.photo!.url).toBe(`${base}/a.jpg?v=2`);
    // A chat's message id is no inline message's.
    expect(
      (await apiError(bot.api.editMessageCaptionInline('nope', { caption: 'x' }))).description,
    ).toContain('MESSAGE_ID_INVALID');
  });
});
