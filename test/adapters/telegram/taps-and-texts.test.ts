import { afterEach, describe, expect, it } from 'vitest';
import { ALICE, BOB, TelegramHarness } from './harness.js';
import { item } from '../../support/present.js';

const GROUP = -1001234567890;

describe('Telegram: late, stale and forged taps; moves as people type them', () => {
  let h: TelegramHarness;
  afterEach(async () => {
    await h.close();
  });

  async function game(limits = {}) {
    h = await TelegramHarness.start({ limits });
    const started = await h.groupGame(GROUP, 1);
    const moves = async () => (await started.current()).moves;
    return { ...started, moves };
  }

  it('a tap handled too late to be answered still plays the move and updates the board', async () => {
    const { alice, boardId, moves } = await game({ callbackAnswerMs: 50 });
    await h.press(alice, GROUP, boardId, '⚪ c3');
    const late = h.fake.buttonPress({
      from: alice,
      chatId: GROUP,
      messageId: boardId,
      button: '→ d4',
    });
    await new Promise((resolve) => setTimeout(resolve, 120));
    await h.deliver(late);
    expect(h.fake.answers.get(late.callback_query!.id)).toBeUndefined(); // "query is too old"
    expect(await moves()).toEqual(['c3-d4']);
    const board = h.fake.message(GROUP, boardId)!;
    expect(board.caption).toContain('Last move: c3-d4');
    expect(board.caption).toContain('Black to play');
  });

  it('a tap on a board just posted, before the game records it, works', async () => {
    h = await TelegramHarness.start();
    h.fake.group(GROUP, 'Bashni club');
    const alice = h.fake.user(11, 'Alice', 'alice', 'en');
    const started = await h.process.service.moves.start({ white: ALICE, black: BOB });
    if (!started.ok) throw new Error(started.message);
    // Recording the new board message in the game is slow today.
    const save = h.store.saveGame.bind(h.store);
    h.store.saveGame = async (next, expected) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return save(next, expected);
    };
    await h.process.presenter.surface.queueBoard(started.value, String(GROUP));
    // The board is there (and its sender has its answer); its recording is still on the way.
    await h.fake.waitForCall('sendPhoto');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const boardId = item(h.boards(GROUP), 0).messageId;
    const answer = await h.press(alice, GROUP, boardId, '⚪ c3');
    expect(answer?.show_alert).toBe(false);
    expect(h.labels(GROUP, boardId)).toEqual(['→ b4', '→ d4', '⬅️ Back']);
  });

  it('a forged or repeated tap on a current board gets the alert and re-sends nothing', async () => {
    const { alice, bob, boardId, gameId, moves } = await game();
    await h.press(alice, GROUP, boardId, '⚪ c3');
    const target = h.fake
      .keyboard(GROUP, boardId)
      .flat()
      .find((b) => b.text === '→ d4')!;
    await h.press(alice, GROUP, boardId, '→ d4');
    // After a restart the new process knows nothing of what the board shows: the tap tells it.
    await h.restart();
    h.fake.clearCalls();
    expect(await h.tap(bob, GROUP, boardId, `S|${gameId}|7|9`)).toMatchObject({
      show_alert: true,
      text: 'This board is out of date — here is the current one.',
    });
    expect(await h.tap(alice, GROUP, boardId, target.callback_data!)).toMatchObject({
      show_alert: true,
    });
    expect(h.fake.callsOf('editMessageMedia')).toEqual([]);
    expect(h.fake.callsOf('editMessageReplyMarkup')).toEqual([]);
    expect(await moves()).toEqual(['c3-d4']);
  });

  it('a tap on an old board takes its buttons off once; the live board is not touched', async () => {
    const { alice, boardId } = await game();
    await h.say(alice, GROUP, '/board');
    const fresh = item(h.boards(GROUP).slice(-2), 1, 'the last two boards');
    expect(fresh.messageId).not.toBe(boardId);
    expect(h.labels(GROUP, boardId)).toEqual([]); // retired when the new one was posted
    h.fake.clearCalls();
    const data = item(h.fake.keyboard(GROUP, fresh.messageId).flat(), 0).callback_data!;
    expect(await h.tap(alice, GROUP, boardId, data)).toMatchObject({ show_alert: true });
    expect(h.fake.callsOf('editMessageMedia')).toEqual([]);
    expect(h.fake.callsOf('editMessageReplyMarkup')).toEqual([]);
  });

  it('reads moves typed on a Russian keyboard, with dashes and spaces, as replies or commands', async () => {
    const { alice, bob, boardId, moves } = await game();
    await h.say(alice, GROUP, '/move с3–d4'); // Cyrillic с, en dash
    await h.say(bob, GROUP, 'f6 g5', boardId); // a reply to the board, a space
    await h.say(alice, GROUP, '/move ｇ３－ｈ４'); // full width
    expect(await moves()).toEqual(['c3-d4', 'f6-g5', 'g3-h4']);
  });

  it('does not echo garbage back in full, and no reply is ever too long for Telegram', async () => {
    const { alice, moves } = await game();
    const junk = `${'ж'.repeat(3000)} ${'<b>'.repeat(400)}`;
    await h.say(alice, GROUP, `/move ${junk}`);
    const reply = h.fake.lastBotMessage(GROUP)!;
    expect(reply.text).toMatch(/^“ж{23}…” is not a move\. Write it like \/move c3-d4/);
    expect(reply.text!.length).toBeLessThan(200);
    // An illegal move lists the legal ones, within Telegram's 4,096 characters.
    await h.say(alice, GROUP, '/move c3-c5');
    const illegal = h.fake.lastBotMessage(GROUP)!;
    expect(illegal.text).toMatch(/^c3-c5 is not a legal move here\.\na3-b4/);
    expect(illegal.text!.length).toBeLessThanOrEqual(4096);
    expect(h.fake.chat(GROUP).messages.some((m) => m.text?.includes('Something went wrong'))).toBe(
      false,
    );
    expect(await moves()).toEqual([]);
  });

  it('a tap on the board of a corrupt game says the record is damaged; other games go on', async () => {
    const { alice, bob, boardId, gameId, current } = await game();
    const other = await h.groupGame(GROUP - 1);
    const damaged = { ...(await current()), s: 3, moves: [22], fen: 'W:Wz9:B' };
    h.store.putRawGame(gameId, JSON.stringify(damaged));
    expect(await h.press(alice, GROUP, boardId, '⚪ c3')).toMatchObject({
      show_alert: true,
      text: 'This game’s record is damaged and cannot be loaded.',
    });
    const move = item(h.fake.keyboard(GROUP, boardId).flat(), 0).callback_data!;
    expect(await h.tap(bob, GROUP, boardId, move)).toMatchObject({ show_alert: true });
    await h.press(alice, GROUP - 1, other.boardId, '⚪ c3');
    await h.press(alice, GROUP - 1, other.boardId, '→ d4');
    expect((await other.current()).moves).toEqual(['c3-d4']);
    const said = h.fake.chat(GROUP).messages.concat(h.fake.chat(GROUP - 1).messages);
    expect(said.some((m) => m.text?.includes('Something went wrong'))).toBe(false);
  });

  it('/newgame @the bot points to /play; unknown challenges are called challenges', async () => {
    h = await TelegramHarness.start();
    h.fake.group(GROUP, 'Bashni club');
    const alice = h.fake.user(11, 'Alice', 'alice', 'en');
    await h.say(alice, GROUP, '/newgame @Bashni_Test_Bot');
    expect(h.fake.lastBotMessage(GROUP)!.text).toMatch(/^To play against me, use \/play/);
    h.fake.privateChat(alice);
    await h.say(alice, 11, '/start c_nope');
    expect(h.fake.lastBotMessage(11)!.text).toBe('This challenge no longer exists.');
    const card = h.fake.lastBotMessage(11)!;
    expect(await h.tap(alice, 11, card.messageId, 'A|nope')).toMatchObject({
      show_alert: true,
      text: 'This challenge no longer exists.',
    });
  });
});
