import { afterEach, describe, expect, it } from 'vitest';
import type { User } from 'grammy/types';
import { firstLegalMove } from '../../support/any-game.js';
import { until } from '../../support/until.js';
import type { BotMoves } from '../../../src/game/ports.js';
import type { Game } from '../../../src/game/model.js';
import { TelegramHarness } from './harness.js';

const GROUP = -1003333444555;
const BOT = 'Bashni Bot (level 2)';

/** The bot plays the first legal move, at once. */
const quickBot: BotMoves = {
  chooseMove: (request) => Promise.resolve(firstLegalMove(request.variant, request.fen)),
};

describe('Telegram: a round-robin tournament in a group', () => {
  let h: TelegramHarness;
  afterEach(() => h.close());

  const texts = () =>
    h.fake
      .chat(GROUP)
      .messages.filter((m) => m.text !== undefined && m.from.is_bot)
      .map((m) => m.text!);
  const photos = () => h.boards(GROUP).map((m) => m.caption ?? '');
  /** The games' result notices: each the game's animation, the result as its caption. */
  const results = () =>
    h.fake
      .chat(GROUP)
      .messages.filter((m) => m.animation !== undefined && m.from.is_bot)
      .map((m) => m.caption ?? '');

  /**
   * What the group has read of the tournament, in order (deleted notices too): the rounds'
   * pairings, the boards, the results (with the new ratings), the standings, the winner.
   */
  const timeline = () =>
    h.fake
      .chat(GROUP)
      .allMessages.filter((m) => m.from.is_bot)
      .flatMap((m): string[] => {
        const text = m.text ?? m.caption ?? '';
        if (m.animation !== undefined)
          return [text.includes('📈 Ratings') ? 'result, ratings' : 'result'];
        if (text.includes('📈 Ratings')) return ['ratings'];
        if (m.photo !== undefined) return [text.startsWith('🏆') ? 'standings' : 'board'];
        if (text.startsWith('🏁 Round')) return [text.split('\n')[0]!.replace(/<\/?b>/g, '')];
        if (text.includes('is out of the tournament')) return ['withdrawal'];
        if (text.includes('wins the')) return ['winner'];
        return [];
      });

  /** The game `user` plays now in this group's tournament. */
  async function gameOf(user: User): Promise<Game> {
    const games = await h.process.service.queries.activeGames({
      platform: 'telegram',
      userId: String(user.id),
    });
    if (!games.ok || games.value.length !== 1) throw new Error(`${user.first_name}: no one game`);
    return games.value[0]!;
  }

  /** A move typed as /move: the first legal one. */
  async function move(user: User): Promise<void> {
    const game = await gameOf(user);
    await h.say(user, GROUP, `/move ${firstLegalMove(game.variant, game.fen)}`);
  }

  /** /resign, confirmed on its button. */
  async function resign(user: User): Promise<void> {
    await h.say(user, GROUP, '/resign');
    const question = h.fake
      .chat(GROUP)
      .messages.findLast((m) => m.text?.startsWith('Resign your game vs ') === true);
    await h.press(user, GROUP, question!.messageId, '🏳️ Yes, resign');
  }

  it('signs up, pairs by Berger, plays through a restart and a player leaving, and crowns a winner', async () => {
    h = await TelegramHarness.start({ bot: quickBot });
    h.fake.group(GROUP, 'Bashni club');
    const alice = h.fake.user(21, 'Alice', 'alice', 'en');
    const bob = h.fake.user(22, 'Bob', 'bob', 'en');
    const carol = h.fake.user(23, 'Carol', 'carol', 'en');
    h.fake.setChatMember(GROUP, alice.id, 'administrator');

    await h.say(bob, GROUP, '/tournament new');
    expect(texts().at(-1)).toBe('Only the chat’s admins can open a tournament here.');
    await h.say(alice, GROUP, '/tournament new round-robin bashni 1');
    const card = await until(
      () => h.fake.chat(GROUP).messages.find((m) => m.text?.startsWith('🏆 Tournament')),
      'the sign-up card',
    );
    expect(h.labels(GROUP, card.messageId)).toEqual([
      '✋ Join',
      '🚶 Leave',
      '▶️ Start',
      '✖️ Cancel',
    ]);
    await h.press(bob, GROUP, card.messageId, '✋ Join');
    await h.press(carol, GROUP, card.messageId, '✋ Join');
    expect(await h.press(carol, GROUP, card.messageId, '✋ Join')).toMatchObject({
      show_alert: true,
      text: 'You are already in.',
    });
    expect(await h.press(bob, GROUP, card.messageId, '▶️ Start')).toMatchObject({
      show_alert: true,
      text: 'Only the organiser or a chat admin can do that.',
    });
    // The bot takes the fourth place, at level 2: it plays its games at once.
    await h.say(alice, GROUP, '/tournament bot 2');
    expect(h.fake.message(GROUP, card.messageId)?.text).toContain(`4. ${BOT}`);
    // Before any round is over, /standings lists the players instead of an empty table.
    const noTable = [
      '🏆 Bashni round robin tournament: no rounds played yet.',
      'Players (4):',
      '1. Alice',
    ].join('\n');
    await h.say(bob, GROUP, '/standings');
    await until(() => texts().at(-1)?.startsWith(noTable), '/standings before the start');
    await h.press(alice, GROUP, card.messageId, '▶️ Start');
    await h.process.settle();

    // Round 1 by Berger's table for four: Alice–Bot, Bob–Carol (seeds by rating, then sign-up).
    expect(h.labels(GROUP, card.messageId)).toEqual([]);
    // The card says the tournament started (and no longer asks to join).
    const started = h.fake.message(GROUP, card.messageId)?.text ?? '';
    expect(started).toContain('The tournament has started; sign-up is closed.');
    expect(started).not.toContain('Join below');
    const round1 = texts().find((text) => text.startsWith('🏁 Round 1 of 3'))!;
    expect(round1).toContain(`1. ⚪ @alice — ⚫ ${BOT}`);
    expect(round1).toContain('2. ⚪ @bob — ⚫ @carol');
    expect(h.boards(GROUP)).toHaveLength(2);
    await h.say(bob, GROUP, '/standings');
    await until(() => texts().at(-1)?.startsWith(noTable), '/standings in round 1');
    expect(texts().at(-1)).toContain(`4. ${BOT}`);
    expect(h.boards(GROUP)).toHaveLength(2);

    await resign(alice); // the bot wins
    await h.say(bob, GROUP, '/draw');
    await h.say(carol, GROUP, '/draw'); // accepts
    await h.process.settle();

    // Round 2: the standings so far, then Bot–Carol, Alice–Bob.
    await until(() => texts().some((text) => text.startsWith('🏁 Round 2 of 3')), 'round 2');
    expect(photos().some((caption) => caption.includes('after round 1 of 3'))).toBe(true);
    await move(alice);
    await move(bob);
    await resign(bob); // a rated game: both moved
    // The result notice carries the new ratings of the rated game.
    await until(() => results().some((text) => text.includes('📈 Ratings')), 'the new ratings');
    expect(results().find((text) => text.includes('📈 Ratings'))).toMatch(
      /^🏁 .*\n\n📈 Ratings\n.*Alice: \d+\? \(\+\d+\)/s,
    );

    // The process restarts in the middle of the round; the new one carries on.
    await h.restart();
    await until(async () => (await gameOf(carol)).moves.length >= 1, 'the bot’s first move');
    await resign(carol);
    await until(() => texts().some((text) => text.startsWith('🏁 Round 3 of 3')), 'round 3');
    expect(texts().filter((text) => text.startsWith('🏁 Round 3 of 3'))).toHaveLength(1);

    // Carol leaves the group: she is out, her game is resigned.
    await h.deliver(h.fake.memberLeft(GROUP, carol));
    expect(texts().some((text) => text.includes('Carol left the chat and is out'))).toBe(true);
    await resign(bob);
    await until(() => texts().some((text) => text.includes('wins the')), 'the winner');
    expect(texts().find((text) => text.includes('wins the'))).toContain(
      `${BOT} wins the Bashni round robin tournament!`,
    );
    expect(photos().some((caption) => caption.includes('final standings'))).toBe(true);
    // In the order it happened: a round's pairings (which ping) before its boards; a game's
    // result (with its new ratings) before the standings and the next round, or the winner.
    const round = (n: number) => [`🏁 Round ${n} of 3`, 'board', 'board'];
    await until(() => timeline().at(-1) === 'winner', 'the winner, last');
    expect(timeline()).toEqual([
      ...round(1),
      ...['result', 'result', 'standings'],
      ...round(2),
      ...['result, ratings', 'result', 'standings'],
      ...round(3),
      ...['withdrawal', 'result', 'result', 'standings', 'winner'],
    ]);

    // /standings any time; /stats and /top after the rated games.
    const before = h.boards(GROUP).length;
    await h.say(bob, GROUP, '/standings');
    await until(() => h.boards(GROUP).length === before + 1, 'the standings picture');
    await h.say(alice, GROUP, '/stats');
    await until(() => h.boards(GROUP).length === before + 2, 'the rating graph');
    // Her game against the bot ended before she moved: not rated. The one against Bob was.
    expect(photos().at(-1)).toMatch(/Bashni: \d+\? ±\d+\n1 game: 1 won, 0 drawn, 0 lost/);
    expect(photos().at(-1)).toMatch(/Last results:\n✅ Bob \(1500\) \+\d+/);
    await h.say(alice, GROUP, '/top');
    await until(() => texts().some((text) => text.startsWith('🏆 Bashni — this chat')), '/top');
    const top = texts().find((text) => text.startsWith('🏆 Bashni — this chat'))!;
    expect(top.indexOf('Alice')).toBeLessThan(top.indexOf('Bob'));
  });
});
