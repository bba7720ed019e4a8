import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parsePdn } from '../../../src/engine/index.js';
import { TelegramHarness } from './harness.js';
import { item } from '../../support/present.js';
import { firstLegalMove } from '../../support/any-game.js';
import { until } from '../../support/until.js';

const GROUP = -1001234567890;

describe('Telegram: other ways in, and the commands', () => {
  let h: TelegramHarness;
  beforeEach(async () => {
    h = await TelegramHarness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  it('a private invitation: share link, deep link, boards in both private chats', async () => {
    const { fake } = h;
    const alice = fake.user(11, 'Alice', 'alice', 'en');
    const bob = fake.user(12, 'Bob', undefined, 'ru');
    fake.privateChat(alice);
    fake.privateChat(bob);
    await h.say(alice, 11, '/newgame laska 0');
    const card = fake.lastBotMessage(11)!;
    expect(card.text).toContain('Laska');
    expect(card.text).toContain('no clock');
    const link = /https:\/\/t\.me\/bashni_test_bot\?start=(c_\S+)/.exec(card.text ?? '')![1];
    const share = item(fake.keyboard(11, card.messageId).flat(), 0, 'share');
    expect(share.url).toContain(encodeURIComponent(`https://t.me/bashni_test_bot?start=${link}`));

    // Alice opening her own link is told so, and may only withdraw.
    await h.say(alice, 11, `/start ${link}`);
    expect(fake.lastBotMessage(11)!.text).toBe(
      'This is your own invitation: send the link to a friend, who can accept it.',
    );
    expect(h.labels(11, fake.lastBotMessage(11)!.messageId)).toEqual(['✖️ Withdraw']);

    // An hour later Bob opens the link: /start c_<id> in his private chat, in Russian. He may
    // accept; an open invitation is not his to withdraw.
    h.clock.time += 3_600_000;
    await h.say(bob, 12, `/start ${link}`);
    const invitation = fake.lastBotMessage(12)!;
    expect(invitation.text).toContain('приглашает вас сыграть: Ласка');
    expect(h.labels(12, invitation.messageId)).toEqual(['✅ Принять']);
    await h.press(bob, 12, invitation.messageId, '✅ Принять');
    expect(h.boards(11)).toHaveLength(1);
    expect(h.boards(12)).toHaveLength(1);
    expect(item(h.boards(12), 0).caption).toContain('Ласка');
    expect(item(h.boards(11), 0).caption).toContain('Laska');
    // Alice (White), who sent the invitation an hour ago, is told it is her move in her chat;
    // Bob's chat gets no notice.
    expect(fake.lastBotMessage(11)!.text).toBe('@alice, your move.');
    expect(fake.lastBotMessage(12)!.photo).toBeDefined();
  });

  it('/newgame as a reply challenges that user by id; an open challenge anyone may take', async () => {
    const { fake } = h;
    fake.group(GROUP, 'Club');
    const alice = fake.user(11, 'Alice', 'alice', 'en');
    const noName = fake.user(14, 'Dmitri', undefined, 'ru');
    const carol = fake.user(13, 'Carol', 'carol', 'en');
    const hello = fake.message({ from: noName, chat: GROUP, text: 'hello' }) as {
      message: { message_id: number };
    };
    // A casual challenge: no ratings change (rated ones say so on the card).
    await h.say(alice, GROUP, '/newgame stolby casual', hello.message.message_id);
    const card = fake.lastBotMessage(GROUP)!;
    expect(card.text).toBe('♟ @alice challenges Dmitri to a game of Stolby (3 days per move).');
    expect(await h.press(carol, GROUP, card.messageId, '✅ Accept')).toMatchObject({
      text: 'This challenge is for another player: only they can accept or decline it.',
    });
    await h.press(noName, GROUP, card.messageId, '✅ Accept');
    expect(h.boards(GROUP)).toHaveLength(1);

    // Challenging oneself is refused as that, not as "your own challenge".
    await h.say(carol, GROUP, '/newgame @carol');
    expect(fake.lastBotMessage(GROUP)!.text).toBe(
      'You can’t challenge yourself: name someone else, or make an open challenge.',
    );

    await h.say(carol, GROUP, '/newgame');
    const open = fake.lastBotMessage(GROUP)!;
    expect(open.text).toContain('is looking for an opponent');
    expect(await h.press(carol, GROUP, open.messageId, '✅ Accept')).toMatchObject({
      text: 'That is your own challenge: someone else accepts it.',
    });
    await h.press(carol, GROUP, open.messageId, '✖️ Withdraw');
    expect(fake.message(GROUP, open.messageId)!.text).toBe('✖️ Carol withdrew the challenge.');

    await h.say(alice, GROUP, '/newgame @bob 4');
    expect(fake.lastBotMessage(GROUP)!.text).toContain('Usage: /newgame');
  });

  /** Alice challenges Bob in the group (`/newgame <words> @bob`) and Bob accepts. */
  async function acceptedGame(words = '') {
    const { fake } = h;
    fake.group(GROUP, 'Club');
    const alice = fake.user(11, 'Alice', 'alice', 'en');
    const bob = fake.user(12, 'Bob', 'bob', 'en');
    await h.say(alice, GROUP, `/newgame ${words}@bob`);
    await h.press(bob, GROUP, fake.lastBotMessage(GROUP)!.messageId, '✅ Accept');
    return { fake, alice, bob };
  }

  it('/games, /board, /pdn, /rules, /help, /lang and /settings', async () => {
    const { fake, alice, bob } = await acceptedGame();
    const board = item(h.boards(GROUP), 0, 'board');
    await h.say(alice, GROUP, '/move c3-d4');

    await h.say(bob, GROUP, '/games');
    const list = fake.lastBotMessage(GROUP)!;
    expect(list.text).toContain('Your games:');
    expect(list.text).toContain('Bashni vs Alice — your move — board');
    expect(list.entities?.find((e) => e.type === 'text_link')?.url).toBe(
      `https://t.me/c/1234567890/${board.messageId}`,
    );

    // /board posts the game again at the bottom; the old message loses its buttons.
    await h.say(bob, GROUP, '/board');
    const boards = h.boards(GROUP);
    expect(boards).toHaveLength(2);
    expect(h.labels(GROUP, board.messageId)).toEqual([]);
    expect(h.labels(GROUP, item(boards, 1, 'boards').messageId).length).toBeGreaterThan(0);
    // Moves now update the new live message.
    await h.say(bob, GROUP, '/move f6-g5');
    expect(fake.message(GROUP, item(boards, 1, 'boards').messageId)!.caption).toContain(
      'Last move: f6-g5',
    );

    await h.say(alice, GROUP, '/pdn');
    const document = fake.lastBotMessage(GROUP)!.document!;
    expect(document.filename).toMatch(/^bashni-.+\.pdn$/);
    const pdn = parsePdn(document.data.toString('utf8'));
    expect(pdn.ok && pdn.value.moves).toEqual(['c3-d4', 'f6-g5']);

    await h.say(alice, GROUP, '/rules');
    expect(fake.lastBotMessage(GROUP)!.text).toContain('Bashni is Russian draughts');
    // One variant's section, as people type its name; a word that names none says how to ask.
    await h.say(alice, GROUP, '/rules laska');
    expect(fake.lastBotMessage(GROUP)!.text).toMatch(
      /^📖 Laska\nLaska: 7×7 board.*\n\nThe rest as in Bashni\.$/s,
    );
    await h.say(alice, GROUP, '/rules chess');
    expect(fake.lastBotMessage(GROUP)!.text).toBe(
      'Use /rules alone for every variant, or with one: /rules laska, /rules zhernov…',
    );
    // The group's language and board are its admins' to change.
    fake.setChatMember(GROUP, alice.id, 'administrator');
    await h.say(alice, GROUP, '/lang ru');
    expect(fake.lastBotMessage(GROUP)!.text).toBe('Язык: русский.');
    await h.say(alice, GROUP, '/help');
    expect(fake.lastBotMessage(GROUP)!.text).toContain('Играем в башни');
    await h.say(alice, GROUP, '/lang xx');
    expect(fake.lastBotMessage(GROUP)!.text).toBe('Напишите /lang ru или /lang en.');

    // White fixed at the bottom: Black's stacks are listed from the a-file on.
    await h.say(alice, GROUP, '/settings');
    const settings = fake.lastBotMessage(GROUP)!;
    await h.press(alice, GROUP, settings.messageId, 'Внизу белые');
    expect(fake.message(GROUP, settings.messageId)!.text).toBe('Доска: внизу белые.');
    await h.say(alice, GROUP, '/board');
    const live = h.boards(GROUP).at(-1)!;
    expect(live.caption).toContain('Ход 2 · ходят белые');
    expect(h.labels(GROUP, live.messageId)[0]).toMatch(/^⚪/);
  });

  it('/pdn right after a game gives that game, named for its variant; /replay takes the name', async () => {
    const { fake, alice, bob } = await acceptedGame('laska ');
    const started = await h.process.service.queries.activeGames({
      platform: 'telegram',
      userId: '11',
    });
    const game = started.ok ? item(started.value, 0, 'the game') : undefined;
    await h.say(alice, GROUP, `/move ${firstLegalMove('laska', game!.fen)}`);
    await h.say(bob, GROUP, '/resign');
    await h.press(bob, GROUP, fake.lastBotMessage(GROUP)!.messageId, '🏳️ Yes, resign');
    await h.process.settle();

    await h.say(alice, GROUP, '/pdn');
    const document = fake.lastBotMessage(GROUP)!.document;
    expect(document?.filename).toBe(`laska-${game!.id}.pdn`);
    const pdn = parsePdn(document!.data.toString('utf8'));
    expect(pdn.ok && pdn.value.result).toBe('1-0');
    await h.say(bob, GROUP, `/replay laska-${game!.id}.pdn`);
    await until(() => fake.lastBotMessage(GROUP)?.animation, 'the replay');
    expect(fake.lastBotMessage(GROUP)!.caption).toContain('White wins');
  });
});
