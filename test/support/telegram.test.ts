import { autoRetry } from '@grammyjs/auto-retry';
import { run } from '@grammyjs/runner';
import { Bot, GrammyError, InlineKeyboard, InputFile, InputMediaBuilder } from 'grammy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeBotApi } from './telegram/fake-bot-api.js';
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

    const call = fake.callsOf('sendPhoto')[0];
    expect(call?.files.photo?.filename).toBe('board 1.png');
    expect(call?.files.photo?.data.equals(image)).toBe(true);
    expect(call?.params.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Flip', callback_data: 'flip' }]],
    });

    expect(sent.caption).toBe('White to move');
    expect(sent.caption_entities).toEqual([{ type: 'bold', offset: 0, length: 5 }]);
    const largest = sent.photo?.at(-1);
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

    const call = fake.callsOf('editMessageMedia')[0];
    expect(call?.files.media?.data.equals(next)).toBe(true);
    expect(call?.params.media).toMatchObject({ type: 'photo', caption: 'Move 2' });
    expect(edited).toMatchObject({ caption: 'Move 2', edit_date: expect.any(Number) });
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
    const photo = parts[2];
    expect(photo?.contentType).toBe('image/png');
    expect([...(photo?.data ?? [])]).toEqual([1, 2, 3]);
    expect(photo?.filename).toContain('c.png');
  });
});
