import type { Update } from 'grammy/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, BOB, TelegramHarness } from './harness.js';
import { item } from '../../support/present.js';

const GROUP = -1001234567890;

describe('Telegram: taps that must not break anything', () => {
  let h: TelegramHarness;
  let boardId: number;
  let gameId: string;
  const users = () => ({
    alice: h.fake.user(11, 'Alice', 'alice', 'en'),
    bob: h.fake.user(12, 'Bob', 'bob', 'en'),
    carol: h.fake.user(13, 'Carol', 'carol', 'en'),
  });

  beforeEach(async () => {
    h = await TelegramHarness.start();
    h.fake.group(GROUP, 'Bashni club');
    const started = await h.process.service.moves.start({
      white: ALICE,
      black: BOB,
      daysPerMove: 1,
    });
    if (!started.ok) throw new Error(started.message);
    gameId = started.value.id;
    const view = await h.process.presenter.surface.postBoard(started.value, String(GROUP));
    boardId = Number(view!.messageId);
  });
  afterEach(async () => {
    await h.close();
  });

  async function moves(): Promise<readonly string[]> {
    const game = await h.process.service.queries.getGame(gameId);
    if (!game.ok) throw new Error(game.message);
    return game.value.moves;
  }

  it('a stale tap is refused politely and the board is brought up to date', async () => {
    const { alice, bob } = users();
    await h.press(alice, GROUP, boardId, '⚪ c3');
    const staleTarget = h.fake
      .keyboard(GROUP, boardId)
      .flat()
      .find((b) => b.text === '→ d4')!.callback_data!;
    await h.press(alice, GROUP, boardId, '→ d4');
    // The same button again (as if from an old screen): stale, nothing applied twice.
    const answer = await h.tap(alice, GROUP, boardId, staleTarget);
    expect(answer).toMatchObject({
      show_alert: true,
      text: 'This board is out of date — here is the current one.',
    });
    expect(await moves()).toEqual(['c3-d4']);
    expect(h.labels(GROUP, boardId)).toContain('⚫ f6');
    void bob;
  });

  it('two taps at the same moment apply one move; the other is told the board moved on', async () => {
    const { alice } = users();
    await h.press(alice, GROUP, boardId, '⚪ c3');
    const data = h.fake
      .keyboard(GROUP, boardId)
      .flat()
      .find((b) => b.text === '→ d4')!.callback_data!;
    const taps: Update[] = [
      h.fake.callbackQuery({ from: alice, chatId: GROUP, messageId: boardId, data }),
      h.fake.callbackQuery({ from: alice, chatId: GROUP, messageId: boardId, data }),
    ];
    // Two bot processes (two instances on one store) handle them concurrently.
    const other = await h.newProcess();
    await Promise.all([h.deliver(item(taps, 0, 'taps')), h.deliver(item(taps, 1, 'taps'), other)]);
    expect(await moves()).toEqual(['c3-d4']);
    const answers = taps.map((tap) => h.fake.answers.get(tap.callback_query!.id));
    expect(answers.filter((a) => a?.show_alert === true)).toHaveLength(1);
  });

  it('forged or unknown payloads change nothing', async () => {
    const { alice } = users();
    for (const data of [
      'hello',
      'S|g1|0|zz',
      'T|nope|0|9d',
      'R|g1|0|9',
      'Q|g1|0',
      'N|g1',
      `S|${gameId}|999|9`,
    ]) {
      const answer = await h.tap(alice, GROUP, boardId, data);
      expect(answer?.show_alert, data).toBe(true);
    }
    // A resign button forged for someone else's user id.
    expect(await h.tap(alice, GROUP, boardId, `Q|${gameId}|0|12`)).toMatchObject({
      text: 'These buttons are for the player who asked: only they can answer.',
    });
    expect(await moves()).toEqual([]);
    const game = await h.process.service.queries.getGame(gameId);
    expect(game.ok && game.value.status).toBe('active');
  });

  it('a third user gets a short alert, with the stack composition when tapping a stack', async () => {
    const { carol } = users();
    const answer = await h.press(carol, GROUP, boardId, '⚪ c3');
    expect(answer).toMatchObject({
      show_alert: true,
      text: 'c3: ⚪\nYou are not playing in this game.',
    });
    expect(await moves()).toEqual([]);
  });

  it('buttons made before a restart keep working in a new bot process', async () => {
    const { alice, bob } = users();
    await h.press(alice, GROUP, boardId, '⚪ c3');
    await h.restart();
    await h.press(alice, GROUP, boardId, '→ d4');
    await h.press(bob, GROUP, boardId, '⚫ f6');
    await h.restart();
    await h.press(bob, GROUP, boardId, '→ g5');
    expect(await moves()).toEqual(['c3-d4', 'f6-g5']);
  });

  it('a 429 flood wait in the middle of a move is waited out, and the board is updated', async () => {
    const { alice } = users();
    await h.press(alice, GROUP, boardId, '⚪ c3');
    h.fake.failNext('editMessageMedia', {
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      parameters: { retry_after: 1 },
    });
    await h.press(alice, GROUP, boardId, '→ d4');
    expect(h.fake.callsOf('editMessageMedia').length).toBeGreaterThanOrEqual(2);
    expect(h.fake.message(GROUP, boardId)!.caption).toContain('Last move: c3-d4');
  });

  it('a board deleted by someone is posted again on the next move', async () => {
    const { alice } = users();
    await h.press(alice, GROUP, boardId, '⚪ c3');
    h.fake.deleteMessageExternally(GROUP, boardId);
    // The keyboard is gone with the message; the player types the move instead.
    await h.say(alice, GROUP, '/move c3-d4');
    const boards = h.boards(GROUP);
    expect(boards).toHaveLength(1);
    expect(item(boards, 0, 'boards').messageId).not.toBe(boardId);
    expect(item(boards, 0, 'boards').caption).toContain('Last move: c3-d4');
    const game = await h.process.service.queries.getGame(gameId);
    expect(game.ok && game.value.views.at(-1)?.messageId).toBe(
      String(item(boards, 0, 'boards').messageId),
    );
  });

  it('a chat that removed the bot does not stop the game', async () => {
    const { alice } = users();
    h.fake.failNext('editMessageMedia', {
      error_code: 403,
      description: 'Forbidden: bot was kicked from the supergroup chat',
    });
    h.fake.failNext('sendMessage', {
      error_code: 403,
      description: 'Forbidden: bot was kicked from the supergroup chat',
    });
    await h.say(alice, GROUP, '/move c3-d4');
    expect(await moves()).toEqual(['c3-d4']);
  });

  it('a chat that removed the bot gets nothing more; the game goes on where it is shown', async () => {
    const { alice, bob } = users();
    const OTHER = -1009999999999;
    h.fake.group(OTHER, 'Second club');
    const game = await h.process.service.queries.getGame(gameId);
    if (!game.ok) throw new Error(game.message);
    const second = await h.process.presenter.surface.postBoard(game.value, String(OTHER));
    h.fake.setChatMember(GROUP, h.fake.bot.id, 'kicked');
    h.fake.clearCalls();
    await h.say(alice, OTHER, '/move c3-d4');
    const toKicked = () =>
      h.fake.calls.filter((call) => Number(call.params.chat_id) === GROUP).length;
    expect(toKicked()).toBe(1); // the one board edit that told us
    await h.say(bob, OTHER, '/move f6-g5');
    h.clock.time += 10 * 60_000;
    await h.say(alice, OTHER, '/move g3-h4');
    expect(toKicked()).toBe(1);
    expect(await moves()).toEqual(['c3-d4', 'f6-g5', 'g3-h4']);
    expect(h.fake.message(OTHER, Number(second!.messageId))!.caption).toContain('Last move: g3-h4');
    // Added back, the group is written to again.
    h.fake.setChatMember(GROUP, h.fake.bot.id, 'member');
    await h.say(bob, GROUP, '/board');
    expect(h.boards(GROUP).at(-1)!.caption).toContain('Last move: g3-h4');
  });

  it('"typing" in a chat that removed the bot is tried once, not retried', async () => {
    const bot = { chooseMove: () => new Promise<string>(() => undefined) };
    await h.close();
    h = await TelegramHarness.start({ bot });
    const alice = h.fake.user(11, 'Alice', 'alice', 'en');
    h.fake.group(GROUP, 'Bashni club');
    await h.say(alice, GROUP, '/play 3');
    h.fake.setChatMember(GROUP, h.fake.bot.id, 'kicked');
    await h.say(alice, GROUP, '/move c3-d4');
    expect(h.fake.callsOf('sendChatAction').length).toBeLessThanOrEqual(1);
    expect(h.fake.calls.filter((call) => call.response.ok === false).length).toBe(1);
  });

  it("calls made straight through the bot's Api go through the chat's flood control too", async () => {
    h.fake.clearCalls();
    const sent = await Promise.all(
      Array.from({ length: 25 }, (_, i) => h.process.bot.api.sendMessage(GROUP, `hello ${i}`)),
    );
    expect(sent).toHaveLength(25);
    expect(h.fake.floodRefusals()).toEqual([]);
  });

  it('a reminder falls back to a mention in the group when the player cannot get a direct message', async () => {
    const { alice } = users();
    // Alice once started the bot, then blocked it.
    h.fake.privateChat(alice);
    await h.say(alice, 11, '/start');
    h.fake.blockUser(11);
    h.clock.time += 0.85 * 86_400_000;
    await h.scheduler.runDue();
    await h.process.settle();
    const last = h.fake.lastBotMessage(GROUP)!;
    expect(last.text).toMatch(/^⏰ @alice, only \d+ hours? left for your move\.$/);
  });

  it('a reminder goes by direct message to a player who started the bot', async () => {
    const { alice } = users();
    h.fake.privateChat(alice);
    await h.say(alice, 11, '/start');
    h.clock.time += 0.85 * 86_400_000;
    await h.scheduler.runDue();
    await h.process.settle();
    expect(h.fake.lastBotMessage(11)!.text).toMatch(/^⏰ @alice, only \d+ hours? left/);
  });
});
