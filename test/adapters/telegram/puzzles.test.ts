import type { User } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { decodePayload } from '../../../src/chat/buttons/button-payload.js';
import { VARIANTS } from '../../../src/engine/index.js';
import { registerCommands } from '../../../src/adapters/telegram/bot.js';
import type { KeyboardButtonView } from '../../support/telegram/fake-bot-api.js';
import { TelegramHarness } from './harness.js';
import { item } from '../../support/present.js';

const GROUP = -1001234567890;
const NAMES = VARIANTS.bashni.geometry.names;
/** Black to move: c7-b6 a5:c7 e7-d6 c7:e5 d6:f4 (three moves for the solver). */
const LONG = 'bashni-1cb65c708ec2';
/** White to move: c3-d4 c5:e3 d2:f4:h6. */
const SHORT = 'bashni-60be4c5586b3';

describe('Telegram: puzzles', () => {
  let h: TelegramHarness;
  afterEach(async () => {
    await h.close();
  });

  /** A user who has opened their private chat with the bot. */
  function privateUser(id: number, name: string, lang = 'en'): User {
    const user = h.fake.user(id, name, name.toLowerCase(), lang);
    h.fake.privateChat(user);
    return user;
  }

  /** Opens a puzzle by its link in the user's private chat; its message id. */
  async function open(user: User, id: string): Promise<number> {
    await h.say(user, user.id, `/start p_${id}`);
    return h.boards(user.id).at(-1)!.messageId;
  }

  function caption(chatId: number, messageId: number): string {
    return h.fake.message(chatId, messageId)!.caption ?? '';
  }

  const payloadOf = (button: KeyboardButtonView) => decodePayload(button.callback_data);

  /** Plays a move by tapping its stack, its target and, when asked, its route. */
  async function tapMove(user: User, messageId: number, move: string) {
    const squares = move.split(/[-:]/);
    const from = squares[0];
    const to = squares.at(-1);
    await h.press(user, user.id, messageId, (b) => {
      const p = payloadOf(b);
      return p?.kind === 'puzzle-select' && NAMES[p.square] === from;
    });
    const answer = await h.press(user, user.id, messageId, (b) => {
      const p = payloadOf(b);
      return p?.kind === 'puzzle-target' && NAMES[p.from] === from && NAMES[p.to] === to;
    });
    const routes = h.labels(user.id, messageId);
    if (!routes.includes(move)) return answer;
    return h.press(user, user.id, messageId, move);
  }

  it('solves a multi-move puzzle by taps: the defender’s reply, solved, the rating, Next', async () => {
    h = await TelegramHarness.start();
    const alice = privateUser(11, 'Alice');
    const messageId = await open(alice, LONG);
    expect(caption(11, messageId)).toMatch(
      /^🧩 Puzzle · Bashni · ★★★☆☆\nWhite played b4-a5\? Black to move and win material\./,
    );
    expect(caption(11, messageId)).toContain('Your move: pick a tower.');

    // A stack tap: its answer and one keyboard edit.
    h.fake.clearCalls();
    const info = await h.press(alice, 11, messageId, '⚫ c7');
    expect(info).toMatchObject({
      show_alert: false,
      text: expect.stringContaining('c7') as unknown,
    });
    expect(h.fake.calls.map((c) => c.method)).toEqual([
      'answerCallbackQuery',
      'editMessageReplyMarkup',
    ]);
    expect(h.labels(11, messageId)).toContain('→ b6');

    // A move: its answer and one media edit, showing the board after the defender's reply.
    h.fake.clearCalls();
    await h.press(alice, 11, messageId, '→ b6');
    expect(h.fake.calls.map((c) => c.method)).toEqual(['answerCallbackQuery', 'editMessageMedia']);
    expect(caption(11, messageId)).toContain('✅ c7-b6 — the reply: a5:c7.');
    // Black to move: "your move" said once, and no White move (c3-d4) offered as the example.
    expect(caption(11, messageId).match(/your move/gi)).toHaveLength(1);
    expect(caption(11, messageId)).not.toContain('c3-d4');
    expect(h.fake.keyboard(11, messageId).flat().map(payloadOf)).toContainEqual(
      expect.objectContaining({ kind: 'puzzle-select', puzzleId: LONG, ply: 2 }),
    );

    await tapMove(alice, messageId, 'e7-d6');
    expect(caption(11, messageId)).toContain('✅ e7-d6 — the reply: c7:e5.');
    await tapMove(alice, messageId, 'd6:f4');
    const solved = caption(11, messageId);
    expect(solved).toContain('✅ d6:f4 — solved! 🎉');
    expect(solved).toContain('Solution: 1. c7-b6 a5:c7 2. e7-d6 c7:e5 3. d6:f4');
    expect(solved).toMatch(/Puzzle rating: \d+\?? \(\+\d+\)/);
    expect(solved).not.toContain('Counted on the puzzle leaderboard');
    expect(h.labels(11, messageId)).toEqual(['👍 Good puzzle', '👎 Bad puzzle', '➡️ Next puzzle']);

    // Next: a new puzzle message, one not tried yet.
    await h.press(alice, 11, messageId, '➡️ Next puzzle');
    const next = h.boards(11).at(-1)!;
    expect(next.messageId).not.toBe(messageId);
    expect(next.caption).toContain('Your move');
    expect(next.caption).not.toContain('Black to move and win.\n\nYour');
  });

  it('a wrong move ends the attempt: the key move, the solution, a lower rating, Next', async () => {
    h = await TelegramHarness.start();
    const alice = privateUser(11, 'Alice');
    const messageId = await open(alice, SHORT);
    await tapMove(alice, messageId, 'h2-g3');
    const text = caption(11, messageId);
    expect(text).toContain('❌ h2-g3 is not it. The key move was c3-d4.');
    expect(text).toContain('Solution: 1. c3-d4 c5:e3 2. d2:f4:h6');
    expect(text).toMatch(/Puzzle rating: \d+\?? \(−\d+\)/);
    expect(h.labels(11, messageId)).toEqual(['👍 Good puzzle', '👎 Bad puzzle', '➡️ Next puzzle']);
    // 👎: the answer is the tap's toast; nothing is sent or edited.
    const boards = h.boards(11).length;
    expect((await h.press(alice, 11, messageId, '👎 Bad puzzle'))?.text).toBe(
      'Thanks: with enough 👎 a puzzle leaves the rotation.',
    );
    expect(h.boards(11)).toHaveLength(boards);
  });

  it('Next pressed twice posts one puzzle; an old Next is no longer current', async () => {
    h = await TelegramHarness.start();
    const alice = privateUser(11, 'Alice');
    const first = await open(alice, SHORT);
    await tapMove(alice, first, 'h2-g3');
    const next = h.fake
      .keyboard(11, first)
      .flat()
      .find((button) => button.text === '➡️ Next puzzle')!.callback_data!;
    // Two taps of the same Next (two updates, as a double tap sends them).
    const taps = [
      h.fake.callbackQuery({ from: alice, chatId: 11, messageId: first, data: next }),
      h.fake.callbackQuery({ from: alice, chatId: 11, messageId: first, data: next }),
    ];
    await Promise.all(taps.map((tap) => h.process.pipeline.accept(tap).done));
    await h.process.settle();
    expect(h.boards(11)).toHaveLength(2);
    const answers = taps.map((tap) => h.fake.answers.get(tap.callback_query!.id));
    expect(answers.map((a) => a?.text ?? '')).toContain(
      'This Next is no longer current: you have a newer puzzle (or ask for /puzzle).',
    );
    // Later, the first puzzle's Next is still not current.
    expect(await h.tap(alice, 11, first, next)).toMatchObject({ show_alert: true });
    expect(h.boards(11)).toHaveLength(2);
    // A puzzle opened by its link is the latest: its own Next is current.
    const again = await open(alice, SHORT);
    await tapMove(alice, again, 'h2-g3');
    expect((await h.press(alice, 11, again, '➡️ Next puzzle'))?.text).toBeUndefined();
    expect(h.boards(11)).toHaveLength(4);
  });

  it('an old keyboard after progress, the same tap twice and a double tap change nothing', async () => {
    h = await TelegramHarness.start();
    const alice = privateUser(11, 'Alice');
    const messageId = await open(alice, LONG);
    const oldStack = h.fake
      .keyboard(11, messageId)
      .flat()
      .find((b) => b.text === '⚫ c7')!;
    await tapMove(alice, messageId, 'c7-b6');

    // A button of the first board, after the first move.
    h.fake.clearCalls();
    expect(await h.tap(alice, 11, messageId, oldStack.callback_data!)).toMatchObject({
      show_alert: true,
      text: 'This puzzle has moved on: use its latest message (or ask for /puzzle).',
    });
    expect(h.fake.calls.map((c) => c.method)).toEqual(['answerCallbackQuery']);

    // The next move's tap, delivered twice (after a crash): played once.
    await h.press(alice, 11, messageId, '⚫ e7 ·4');
    const tap = h.fake.buttonPress({ from: alice, chatId: 11, messageId, button: '→ d6' });
    await h.deliver(tap);
    const afterFirst = caption(11, messageId);
    await h.restart();
    h.fake.clearCalls();
    await h.deliver(tap);
    expect(h.fake.calls.map((c) => c.method)).toEqual(['answerCallbackQuery']);
    expect(caption(11, messageId)).toBe(afterFirst);

    // The last move tapped twice before the first was handled: the second is stale.
    await h.press(alice, 11, messageId, '⚫ d6 ·3');
    const first = h.fake.buttonPress({ from: alice, chatId: 11, messageId, button: '✕ f4' });
    const second = h.fake.buttonPress({ from: alice, chatId: 11, messageId, button: '✕ f4' });
    await h.deliver(first);
    const solved = caption(11, messageId);
    await h.deliver(second);
    expect(h.fake.answers.get(second.callback_query!.id)).toMatchObject({ show_alert: true });
    expect(caption(11, messageId)).toBe(solved);
    expect(solved).toMatch(/Puzzle rating: \d+\?? \(\+\d+\)/);
    expect(solved).not.toContain('Only the first attempt');
  });

  it('two users solve the same puzzle at once, each in their own chat', async () => {
    h = await TelegramHarness.start();
    const alice = privateUser(11, 'Alice');
    const bob = privateUser(12, 'Bob');
    const a = await open(alice, LONG);
    const b = await open(bob, LONG);
    await tapMove(alice, a, 'c7-b6');
    await tapMove(bob, b, 'g5-f4'); // wrong
    await tapMove(alice, a, 'e7-d6');
    await tapMove(alice, a, 'd6:f4');
    expect(caption(11, a)).toContain('solved!');
    expect(caption(11, a)).toMatch(/Puzzle rating: \d+\?? \(\+\d+\)/);
    expect(caption(12, b)).toContain('❌ g5-f4 is not it. The key move was c7-b6.');
    // Both attempts were first attempts: both rated.
    expect(caption(12, b)).toMatch(/Puzzle rating: \d+\?? \(−\d+\)/);
  });

  it('plays a move typed as a reply to the puzzle, or /move as one; game replies still work', async () => {
    h = await TelegramHarness.start();
    const alice = privateUser(11, 'Alice');
    const messageId = await open(alice, LONG);
    h.fake.clearCalls();
    await h.say(alice, 11, 'c7 b6', messageId);
    expect(h.fake.calls.map((c) => c.method)).toEqual(['editMessageMedia']);
    expect(caption(11, messageId)).toContain('✅ c7-b6 — the reply: a5:c7.');
    await h.say(alice, 11, '/move e7-d6', messageId);
    expect(caption(11, messageId)).toContain('✅ e7-d6 — the reply: c7:e5.');
    const before = h.fake.chat(11).messages.length;
    await h.say(alice, 11, 'hello', messageId); // not a move: ignored, like any chat
    expect(h.fake.chat(11).messages.length).toBe(before + 1);
    await h.say(alice, 11, '/move hello', messageId);
    expect(h.fake.lastBotMessage(11)!.text).toMatch(/^“hello” is not a move/);
    await h.say(alice, 11, 'd6:f4', messageId);
    expect(caption(11, messageId)).toContain('solved!');
    // The attempt is over: a further move on it is refused.
    await h.say(alice, 11, 'g5-f4', messageId);
    expect(h.fake.lastBotMessage(11)!.text).toBe(
      'This puzzle has moved on: use its latest message (or ask for /puzzle).',
    );

    // A reply to a game's board is still a game move.
    const { alice: player, bob, boardId, current } = await h.groupGame(GROUP);
    await h.say(player, GROUP, 'c3-d4', boardId);
    await h.say(bob, GROUP, 'f6-g5', boardId);
    expect((await current()).moves).toEqual(['c3-d4', 'f6-g5']);
  });

  it('forged payloads get a polite alert and change nothing', async () => {
    h = await TelegramHarness.start();
    const alice = privateUser(11, 'Alice');
    const messageId = await open(alice, LONG);
    h.fake.clearCalls();
    expect(await h.tap(alice, 11, messageId, 'ZS|bashni-nope|0|0')).toMatchObject({
      show_alert: true,
      text: 'This puzzle no longer exists.',
    });
    const f8 = NAMES.indexOf('f8').toString(32);
    for (const data of [`ZS|${LONG}|1|${f8}`, `ZS|${LONG}|4|${f8}`, `ZS|${SHORT}|0|${f8}`])
      expect(await h.tap(alice, 11, messageId, data)).toMatchObject({
        show_alert: true,
        text: 'This puzzle has moved on: use its latest message (or ask for /puzzle).',
      });
    expect(await h.tap(alice, 11, messageId, 'ZS|garbage')).toMatchObject({ show_alert: true });
    expect(h.fake.calls.map((c) => c.method)).toEqual(Array(5).fill('answerCallbackQuery'));
    expect(caption(11, messageId)).not.toContain('✅');
  });

  it('/puzzle in a group posts the puzzle with a button to solve it in private', async () => {
    h = await TelegramHarness.start();
    h.fake.group(GROUP, 'Bashni club');
    const alice = h.fake.user(11, 'Alice', 'alice', 'en');
    await h.say(alice, GROUP, '/puzzle');
    const post = h.boards(GROUP).at(-1)!;
    expect(post.caption).toContain('Press Solve: you solve it in our private chat');
    const button = item(h.fake.keyboard(GROUP, post.messageId).flat(), 0, 'button');
    expect(button.text).toBe('🧩 Solve');
    const id = /^https:\/\/t\.me\/bashni_test_bot\?start=p_(bashni-[0-9a-f]+)$/.exec(
      button.url ?? '',
    )?.[1];
    expect(id).toBeDefined();
    // The link opens that puzzle in the private chat.
    h.fake.privateChat(alice);
    const messageId = await open(alice, id!);
    expect(h.fake.keyboard(11, messageId).flat().map(payloadOf)).toContainEqual(
      expect.objectContaining({ kind: 'puzzle-select', puzzleId: id, ply: 0 }),
    );
  });

  it('/puzzle in a private chat, in Russian', async () => {
    h = await TelegramHarness.start();
    const olga = privateUser(21, 'Olga', 'ru');
    await h.say(olga, 21, '/puzzle');
    const board = h.boards(21).at(-1)!;
    expect(board.caption).toMatch(/^🧩 Задача · /);
    expect(board.caption).toContain('Ваш ход: выберите башню.');
    await h.say(olga, 21, '/start p_nope');
    expect(h.fake.lastBotMessage(21)!.text).toBe('Этой задачи больше нет.');
    await h.say(olga, 21, '/start d_2026_garbage');
    expect(h.fake.lastBotMessage(21)!.text).toContain('/newgame');
  });

  it('a daily post, solved by a member, counts on the group’s board; a forged link does not', async () => {
    h = await TelegramHarness.start();
    h.fake.group(GROUP, 'Bashni club');
    const dana = h.fake.user(31, 'Dana', 'dana', 'en');
    h.fake.setChatMember(GROUP, 31, 'administrator');
    await h.say(dana, GROUP, '/daily on 12:00 UTC');
    expect(h.fake.lastBotMessage(GROUP)!.text).toBe(
      '🧩 A puzzle will be posted here every day at 12:00 (UTC).',
    );
    const due = item(await h.puzzles.duePosts('telegram'), 0, 'due');
    expect(due).toMatchObject({ chatKey: `telegram:${GROUP}`, day: '2026-11-29' });
    expect(await h.process.postDaily(due)).toBe(true);
    await h.process.settle();
    const post = h.boards(GROUP).at(-1)!;
    expect(post.caption).toMatch(/^🧩 Puzzle of the day, 2026-11-29\n/);
    const [button] = h.fake.keyboard(GROUP, post.messageId).flat();
    const link = `https://t.me/bashni_test_bot?start=d_20261129_${GROUP}`;
    expect(button).toMatchObject({ text: '🧩 Solve', url: link });

    const solve = async (user: User) => {
      await h.say(user, user.id, `/start d_20261129_${GROUP}`);
      const messageId = h.boards(user.id).at(-1)!.messageId;
      const line = due.puzzle.solution;
      for (let ply = 0; ply < line.length; ply += 2)
        await h.say(user, user.id, item(line, ply, 'line'), messageId);
      return caption(user.id, messageId);
    };
    const bob = privateUser(12, 'Bob');
    h.fake.setChatMember(GROUP, 12, 'member');
    const carol = privateUser(13, 'Carol'); // not in the group
    expect(await solve(bob)).toContain(
      'Counted on the puzzle leaderboard of this chat: /top puzzles',
    );
    const forged = await solve(carol);
    expect(forged).toContain('solved!');
    expect(forged).not.toContain('Counted on the puzzle leaderboard');

    await h.say(dana, GROUP, '/top puzzles');
    const top = h.fake.lastBotMessage(GROUP)!.text!;
    expect(top).toMatch(/^🏆 Puzzles · 2026-11-29/);
    expect(top).toContain('1. Bob ✅');
    expect(top).not.toContain('Carol');
  });

  it('/daily: admins only in a group, bad times and zones refused, the setting shown, off', async () => {
    h = await TelegramHarness.start();
    h.fake.group(GROUP, 'Bashni club');
    const dana = h.fake.user(31, 'Dana', 'dana', 'en');
    const eve = h.fake.user(32, 'Eve', 'eve', 'en');
    h.fake.setChatMember(GROUP, 31, 'creator');
    h.fake.setChatMember(GROUP, 32, 'member');
    const reply = () => h.fake.lastBotMessage(GROUP)!.text;
    const setting = async () => {
      const read = await h.puzzles.dailySetting(`telegram:${GROUP}`);
      return read.ok ? read.value : 'failed';
    };

    const adminsOnly = 'Only the chat’s admins can change this.';
    const usage = /^Usage: \/daily on/;
    const moscow = { time: '08:30', timeZone: 'Europe/Moscow' };
    // Who writes what, the reply, and the setting afterwards.
    const steps: [User, string, string | RegExp, typeof moscow | undefined][] = [
      [eve, '/daily on 08:00 Europe/Moscow', adminsOnly, undefined],
      [dana, '/daily on 25:00', 'The time must be HH:MM, for example 09:00.', undefined],
      [dana, '/daily on 08:00 Mars/Olympus', /^Unknown time zone: use a name like/, undefined],
      [dana, '/daily on Europe/Moscow 08:30', /every day at 08:30 \(Europe\/Moscow\)\.$/, moscow],
      [eve, '/daily', /^Usage: [^]*\n\n🧩 A puzzle will be posted here every day at 08:30/, moscow],
      [eve, '/daily off', adminsOnly, moscow],
      [dana, '/daily off', 'The daily puzzle is off in this chat.', undefined],
      [eve, '/daily sometimes', usage, undefined],
    ];
    for (const [user, command, answer, after] of steps) {
      await h.say(user, GROUP, command);
      if (typeof answer === 'string') expect(reply(), command).toBe(answer);
      else expect(reply(), command).toMatch(answer);
      expect(await setting(), command).toEqual(after);
    }

    // In a private chat its owner decides; the defaults are 09:00 UTC.
    const alice = privateUser(11, 'Alice');
    await h.say(alice, 11, '/daily on');
    expect(h.fake.lastBotMessage(11)!.text).toBe(
      '🧩 A puzzle will be posted here every day at 09:00 (UTC).',
    );
  });

  it('a daily post to a group that removed the bot turns its daily off and is not retried', async () => {
    h = await TelegramHarness.start();
    h.fake.group(GROUP, 'Bashni club');
    await h.puzzles.startDaily(`telegram:${GROUP}`, '12:00', 'UTC');
    const due = item(await h.puzzles.duePosts('telegram'), 0, 'due posts');
    h.fake.setChatMember(GROUP, h.fake.bot.id, 'kicked');
    expect(await h.process.postDaily(due)).toBe(true);
    expect(h.boards(GROUP)).toEqual([]);
    expect(await h.puzzles.dailySetting(`telegram:${GROUP}`)).toMatchObject({ value: undefined });
  });

  it('the commands and the help list the puzzle commands, in both languages', async () => {
    h = await TelegramHarness.start();
    const alice = privateUser(11, 'Alice');
    await h.say(alice, 11, '/help');
    expect(h.fake.lastBotMessage(11)!.text).toContain('/puzzle — a puzzle');
    const olga = privateUser(21, 'Olga', 'ru');
    await h.say(olga, 21, '/help');
    expect(h.fake.lastBotMessage(21)!.text).toContain('/daily on 09:00 Europe/Moscow — задача дня');
    await registerCommands(h.process.bot.api);
    const menu = (lang?: string) =>
      h.fake.commands({ type: 'default' }, lang).map((c) => c.command);
    expect(menu()).toEqual(expect.arrayContaining(['puzzle', 'daily', 'top']));
    expect(menu('ru')).toEqual(expect.arrayContaining(['puzzle', 'daily', 'top']));
  });
});
