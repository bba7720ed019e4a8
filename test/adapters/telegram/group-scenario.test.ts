import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodePng, TelegramHarness } from './harness.js';
import { item } from '../../support/present.js';

const GROUP = -1001234567890;

describe('Telegram: a full game in a group', () => {
  let h: TelegramHarness;
  beforeEach(async () => {
    h = await TelegramHarness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  it('challenge by @username, taps, a typed move, a declined draw, a resignation', async () => {
    const { fake } = h;
    fake.group(GROUP, 'Bashni club');
    const alice = fake.user(11, 'Alice', 'alice', 'en');
    const bob = fake.user(12, 'Bob', 'Bob_R', 'en');
    const carol = fake.user(13, 'Carol', 'carol', 'en');

    // Alice challenges @bob_r (written in another letter case).
    await h.say(alice, GROUP, '/newgame @bob_r 2');
    const card = fake.lastBotMessage(GROUP)!;
    expect(card.text).toBe(
      '♟ @alice challenges @bob_r to a game of Bashni (2 days per move, rated).',
    );
    expect(card.text).toContain('2 days per move');
    expect(h.labels(GROUP, card.messageId)).toEqual(['✅ Accept', '✖️ Decline']);

    // Carol may not accept a challenge meant for Bob.
    const wrong = await h.press(carol, GROUP, card.messageId, '✅ Accept');
    expect(wrong).toMatchObject({
      show_alert: true,
      text: 'This challenge is for @bob_r: only they can accept or decline it.',
    });
    expect(h.boards(GROUP)).toHaveLength(0);

    // Bob accepts ten minutes later: the card says so, the board appears with the stacks White
    // can move, and Alice (White, who may have left meanwhile) is pinged under it.
    h.clock.time += 10 * 60_000;
    await h.press(bob, GROUP, card.messageId, '✅ Accept');
    expect(fake.message(GROUP, card.messageId)).toMatchObject({
      text: '✅ Game on: ⚪ Alice vs ⚫ Bob.',
    });
    const board = item(h.boards(GROUP), 0, 'board');
    expect(decodePng(board)).toMatchObject({ width: 720, height: 720 });
    expect(board.caption).toContain('Bashni · ⚪ Alice — ⚫ Bob');
    expect(board.caption).toContain('Move 1 · White to play: @alice');
    expect(board.caption).toContain('⏳ 2 days left');
    expect(h.labels(GROUP, board.messageId)).toEqual(['⚪ a3', '⚪ c3', '⚪ e3', '⚪ g3']);
    const firstNotice = fake.lastBotMessage(GROUP)!;
    expect(firstNotice.text).toBe('@alice, your move.');
    expect(firstNotice.replyTo).toBe(board.messageId);

    // Picking a stack only changes the keyboard (one edit, no picture).
    fake.clearCalls();
    const picked = await h.press(alice, GROUP, board.messageId, '⚪ c3');
    expect(picked?.text).toBe('c3: ⚪');
    expect(h.labels(GROUP, board.messageId)).toEqual(['→ b4', '→ d4', '⬅️ Back']);
    expect(fake.callsOf('editMessageMedia')).toHaveLength(0);
    expect(fake.callsOf('editMessageReplyMarkup')).toHaveLength(1);
    await h.press(alice, GROUP, board.messageId, '⬅️ Back');
    expect(h.labels(GROUP, board.messageId)).toHaveLength(4);
    await h.press(alice, GROUP, board.messageId, '⚪ c3');

    // Bob may not move for Alice.
    expect(await h.press(bob, GROUP, board.messageId, '→ d4')).toMatchObject({
      text: 'It is not your turn.',
      show_alert: true,
    });

    // The move: one edit carries the news (picture, caption, keyboard). Alice answered at once,
    // so Bob, who has just accepted, is watching: no ping. Her own notice is answered: deleted.
    fake.clearCalls();
    await h.press(alice, GROUP, board.messageId, '→ d4');
    expect(fake.callsOf('editMessageMedia')).toHaveLength(1);
    expect(fake.callsOf('sendMessage')).toHaveLength(0);
    let live = fake.message(GROUP, board.messageId)!;
    expect(live.caption).toContain('Move 1 · Black to play: @Bob_R');
    expect(live.caption).toContain('Last move: c3-d4');
    // The clock shows the whole time again, not "1 day 23 hours".
    expect(live.caption).toContain('⏳ 2 days left');
    expect(decodePng(live).width).toBe(720);
    // A group keeps White at the bottom: Black's stacks in White's left-to-right order.
    expect(h.labels(GROUP, board.messageId)).toEqual(['⚫ b6', '⚫ d6', '⚫ f6', '⚫ h6']);
    expect(fake.message(GROUP, firstNotice.messageId)?.deleted).toBe(true);

    // Bob thinks for five minutes, then types his move: Alice may have left, so she is pinged.
    h.clock.time += 5 * 60_000;
    await h.say(bob, GROUP, '/move f6-e5');
    live = fake.message(GROUP, board.messageId)!;
    expect(live.caption).toContain('Last move: f6-e5');
    expect(fake.lastBotMessage(GROUP)!.text).toBe('@alice, your move (f6-e5).');
    // White must capture now: d4:f6.
    expect(h.labels(GROUP, board.messageId)).toEqual(['⚪ d4']);
    // A typed move as a reply to the board.
    await h.say(alice, GROUP, 'd4:f6', board.messageId);
    expect(fake.message(GROUP, board.messageId)!.caption).toContain('Last move: d4:f6');

    // An illegal typed move is explained, with the legal moves.
    await h.say(bob, GROUP, '/move a7-b6');
    expect(fake.lastBotMessage(GROUP)!.text).toMatch(/^a7-b6 is not a legal move here\.\n.*e7:g5/);

    // Draw offered by Bob, declined by Alice.
    await h.say(bob, GROUP, '/draw');
    const offer = fake.lastBotMessage(GROUP)!;
    expect(offer.text).toBe('🤝 Bob offers a draw. @alice');
    expect(fake.message(GROUP, board.messageId)!.caption).toContain('🤝 Bob offers a draw');
    expect(await h.press(carol, GROUP, offer.messageId, '🤝 Accept draw')).toMatchObject({
      show_alert: true,
    });
    expect(await h.press(bob, GROUP, offer.messageId, '🤝 Accept draw')).toMatchObject({
      show_alert: true,
      text: 'That is your own draw offer: your opponent answers it.',
    });
    await h.press(alice, GROUP, offer.messageId, '✖️ Decline');
    expect(fake.message(GROUP, offer.messageId)!.text).toBe('✖️ Alice declined the draw.');
    expect(fake.message(GROUP, board.messageId)!.caption).not.toContain('offers a draw');

    // Bob resigns, with a confirmation.
    await h.say(bob, GROUP, '/resign');
    const question = fake.lastBotMessage(GROUP)!;
    expect(question.text).toBe('Resign your game vs Alice (Bashni, move 2)?');
    expect(await h.press(alice, GROUP, question.messageId, '🏳️ Yes, resign')).toMatchObject({
      show_alert: true,
    });
    await h.press(bob, GROUP, question.messageId, '🏳️ Yes, resign');
    const final = fake.message(GROUP, board.messageId)!;
    expect(final.caption).toContain('🏁 White wins (Black resigned).');
    expect(h.labels(GROUP, board.messageId)).toEqual([]);
    // One notice under the board: the game's animation, captioned with the result and the new
    // ratings of this rated game.
    const notice = fake.lastBotMessage(GROUP)!;
    expect(notice.animation?.contentType).toBe('image/gif');
    expect(notice.caption).toMatch(
      /^🏁 White wins \(Black resigned\)\.\n\n📈 Ratings\nAlice: 1\d{3}\? \(\+\d+\)\nBob: 1\d{3}\? \(−\d+\)$/,
    );
    expect(notice.replyTo).toBe(board.messageId);
    expect(decodePng(final).width).toBe(720);
  });

  it('a capture with a route choice, by tapping', async () => {
    const { fake } = h;
    fake.group(GROUP, 'Bashni club');
    const alice = fake.user(11, 'Alice', 'alice', 'en');
    const bob = fake.user(12, 'Bob', 'bob', 'en');
    const started = await h.process.service.moves.start({
      white: { platform: 'telegram', userId: '11', displayName: 'Alice', username: 'alice' },
      black: { platform: 'telegram', userId: '12', displayName: 'Bob', username: 'bob' },
      fen: 'W:Wc3:Bb4,d4,b6,d6,h8',
    });
    if (!started.ok) throw new Error(started.message);
    const view = await h.process.presenter.surface.postBoard(started.value, String(GROUP));
    const id = Number(view!.messageId);
    expect(h.labels(GROUP, id)).toEqual(['⚪ c3']);
    await h.press(alice, GROUP, id, '⚪ c3');
    // Four jumps around the square, in either direction, both back on c3.
    expect(h.labels(GROUP, id)).toEqual(['✕ c3', '⬅️ Back']);
    const choice = await h.press(alice, GROUP, id, '✕ c3');
    expect(choice?.text).toBe('Several capture routes end there: choose one.');
    expect(h.labels(GROUP, id).sort()).toEqual(['c3:a5:c7:e5:c3', 'c3:e5:c7:a5:c3', '⬅️ Back']);
    await h.press(alice, GROUP, id, 'c3:e5:c7:a5:c3');
    const after = fake.message(GROUP, id)!;
    expect(after.caption).toContain('Last move: c3:e5:c7:a5:c3');
    expect(after.caption).toContain('Black to play');
    void bob;
  });
});
