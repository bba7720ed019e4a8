import type { User } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { firstLegalMove } from '../../support/any-game.js';
import { until } from '../../support/until.js';
import { TelegramHarness } from './harness.js';

const GROUP = -1009876543211;

/** Who a table game's pings in the group mention ("@bob, your move."), in order. */
function pinged(h: TelegramHarness): string[] {
  return h.fake
    .callsOf('sendMessage')
    .filter((call) => call.response.ok && String(call.params.text).includes('your move'))
    .map((call) => String(call.params.text));
}

describe('Telegram: who a table game pings', () => {
  let h: TelegramHarness;
  afterEach(async () => h.close());

  /** Bob, Carol and Dave, who sit down at Alice's table. */
  const others = () =>
    [
      h.fake.user(12, 'Bob', 'bob', 'en'),
      h.fake.user(13, 'Carol', 'carol', 'en'),
      h.fake.user(14, 'Dave', 'dave', 'en'),
    ] as const;

  /** Alice opens a table; after `waitMs` the others take the seats in order (a bot: `'bot'`). */
  async function fill(seats: readonly (User | 'bot')[], waitMs = 0) {
    h.fake.group(GROUP, 'Four at a table');
    const alice = h.fake.user(11, 'Alice', 'alice', 'en');
    await h.say(alice, GROUP, '/newgame zhernov 2');
    const card = await until(
      () => h.fake.chat(GROUP).messages.find((m) => m.text?.includes('Alice opens a table')),
      'the lobby card',
    );
    h.clock.time += waitMs;
    for (const seat of seats) {
      if (seat === 'bot') await h.press(alice, GROUP, card.messageId, '🤖 Bot 2');
      else await h.press(seat, GROUP, card.messageId, '🪑 Sit down');
    }
    await until(() => h.boards(GROUP).length === 1, 'the board');
    await h.process.settle();
    return alice;
  }

  async function resign(user: User): Promise<void> {
    await h.say(user, GROUP, '/resign');
    const question = h.fake.chat(GROUP).messages.at(-1)!;
    await h.press(user, GROUP, question.messageId, '🏳️ Yes, resign');
    await h.process.settle();
  }

  it('a table filled at once pings nobody: White opened it moments ago', async () => {
    h = await TelegramHarness.start();
    const [bob, carol, dave] = others();
    await fill([bob, carol, dave]);
    // Alice opened the table moments ago: she is watching, the board tells her.
    expect(pinged(h)).toEqual([]);
    expect(h.fake.callsOf('deleteMessage')).toEqual([]);
  });

  it('a table that waited pings White, not who filled it', async () => {
    h = await TelegramHarness.start();
    const [bob, carol, dave] = others();
    await fill([bob, carol, dave], 10 * 60_000);
    expect(pinged(h)).toEqual(['@alice, your move.']);
  });

  it('a resignation out of turn pings nobody and leaves the live notice', async () => {
    h = await TelegramHarness.start();
    const [bob, carol, dave] = others();
    await fill([bob, carol, dave], 10 * 60_000);
    const notice = h.fake.chat(GROUP).messages.find((m) => m.text === '@alice, your move.')!;
    h.clock.time += 10 * 60_000;
    // Carol (Black) resigns while it is Alice's (White's) turn: the turn stays Alice's.
    await resign(carol);
    const game = await h.process.service.queries.activeGames({
      platform: 'telegram',
      userId: '11',
    });
    expect(game.ok && game.value[0]?.moves).toEqual(['resign:black']);
    expect(pinged(h)).toEqual(['@alice, your move.']);
    expect(h.fake.message(GROUP, notice.messageId)?.deleted).toBe(false);
  });

  it('a resignation that passes the turn to the bot pings the player after the bot', async () => {
    h = await TelegramHarness.start({
      bot: { chooseMove: (r) => Promise.resolve(firstLegalMove(r.variant, r.fen)) },
    });
    const bob = h.fake.user(12, 'Bob', 'bob', 'en');
    // White Alice, Red the bot, Black Bob, Green the bot.
    const alice = await fill(['bot', bob, 'bot']);
    expect(pinged(h)).toEqual([]);
    h.clock.time += 60_000;
    await resign(alice);
    // The bot at Red answers at once; Bob, at Black, has not been told anything yet.
    await until(() => pinged(h).length > 0, 'a ping', 5_000);
    expect(pinged(h)).toEqual([expect.stringMatching(/^@bob, your move \(.+\)\.$/)]);
  });
});
