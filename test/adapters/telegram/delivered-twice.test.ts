/**
 * Telegram delivers an update at least once: again after a crash, and with a webhook behind a
 * load balancer possibly to a second process. Every command that makes something, delivered
 * twice — to two bot processes on one store at once, or again after a restart — makes one
 * record and shows one card (one board, one puzzle, one confirmation).
 */
import type { Update, User } from 'grammy/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodePayload } from '../../../src/chat/buttons/button-payload.js';
import { VARIANTS } from '../../../src/engine/index.js';
import { countMade, type MadeCount } from '../../support/counting-store.js';
import { item } from '../../support/present.js';
import { until } from '../../support/until.js';
import { ALICE, TelegramHarness, type BotProcess } from './harness.js';

const GROUP = -1001234567890;
/** A puzzle, White to move: c3-d4 c5:e3 d2:f4:h6. */
const SHORT = 'bashni-60be4c5586b3';

describe('Telegram: a creating command delivered twice', () => {
  let h: TelegramHarness;
  let other: BotProcess;
  let made: MadeCount;
  let alice: User;
  let bob: User;

  beforeEach(async () => {
    h = await TelegramHarness.start();
    made = countMade(h.store);
    other = await h.newProcess();
    h.fake.group(GROUP, 'Bashni club');
    alice = h.fake.user(11, 'Alice', 'alice', 'en');
    bob = h.fake.user(12, 'Bob', 'bob', 'en');
  });
  afterEach(async () => {
    await other.close(1_000);
    await h.close();
  });

  /** The same update handled by both processes at once (a load balancer's retry). */
  async function toBoth(update: Update): Promise<void> {
    await Promise.all([h.deliver(update), h.deliver(update, other)]);
  }

  /** The same update again after a restart (it was never confirmed). */
  async function againAfterRestart(update: Update): Promise<void> {
    await h.deliver(update);
    await h.restart();
    await h.deliver(update);
  }

  /** The bot's messages in a chat that say `part`. */
  const texts = (chatId: number, part: string) =>
    h.fake
      .chat(chatId)
      .messages.filter((m) => m.from.is_bot && (m.text ?? m.caption ?? '').includes(part))
      .map((m) => m.messageId);

  it('/newgame: one open challenge, one card, whichever process sends it', async () => {
    await toBoth(h.fake.message({ from: alice, chat: GROUP, text: '/newgame' }));
    expect(texts(GROUP, '♟')).toHaveLength(1);
    expect(made.challenges).toBe(1);
    // Its Accept button takes the challenge the card shows (the card is the challenge's view).
    const card = item(texts(GROUP, '♟'), 0);
    await h.press(bob, GROUP, card, '✅ Accept');
    expect(h.boards(GROUP)).toHaveLength(1);
    expect(h.fake.message(GROUP, card)?.text).toContain('Game on');
  });

  it('/newgame @bob, delivered again after a restart: one challenge, one card', async () => {
    await againAfterRestart(h.fake.message({ from: alice, chat: GROUP, text: '/newgame @bob 5' }));
    expect(texts(GROUP, '♟')).toHaveLength(1);
    expect(made.challenges).toBe(1);
  });

  it('/newgame zhernov: one table, one lobby card', async () => {
    await toBoth(h.fake.message({ from: alice, chat: GROUP, text: '/newgame zhernov' }));
    expect(texts(GROUP, 'opens a table')).toHaveLength(1);
    expect(made.challenges).toBe(1);
  });

  it('/play 2 and /play zhernov 2: one game each, one board each', async () => {
    await toBoth(h.fake.message({ from: alice, chat: GROUP, text: '/play 2' }));
    expect(h.boards(GROUP)).toHaveLength(1);
    await againAfterRestart(h.fake.message({ from: alice, chat: GROUP, text: '/play zhernov 2' }));
    expect(h.boards(GROUP)).toHaveLength(2);
    expect(made.games).toBe(2);
    const games = await h.process.service.queries.activeGames(ALICE);
    expect(games.ok && games.value).toHaveLength(2);
  });

  it('/join CODE: one game, one board, no "no longer open"', async () => {
    await h.say(alice, GROUP, '/newgame');
    const code = /code ([A-Z0-9-]+)/i.exec(h.fake.lastBotMessage(GROUP)?.text ?? '')?.[1];
    expect(code).toBeDefined();
    h.fake.privateChat(bob);
    await toBoth(h.fake.message({ from: bob, chat: 12, text: `/join ${code!}` }));
    expect(made.games).toBe(1);
    expect(h.boards(12)).toHaveLength(1);
    expect(h.boards(GROUP)).toHaveLength(1);
    const said = h.fake.chat(12).messages.filter((m) => m.from.is_bot && m.photo === undefined);
    expect(said.map((m) => m.text)).toEqual([]);
  });

  it('/tournament new: one tournament, one card, no "already has a tournament"', async () => {
    h.fake.setChatMember(GROUP, 11, 'administrator');
    await toBoth(h.fake.message({ from: alice, chat: GROUP, text: '/tournament new' }));
    expect(texts(GROUP, '🏆 Tournament')).toHaveLength(1);
    expect(texts(GROUP, '')).toHaveLength(1);
  });

  it('/puzzle and Next: one puzzle message each, the same puzzle for both deliveries', async () => {
    h.fake.privateChat(alice);
    await toBoth(h.fake.message({ from: alice, chat: 11, text: '/puzzle' }));
    expect(h.boards(11)).toHaveLength(1);
    // A puzzle opened by its link (White to move: c3-d4), missed (h2-g3): Next is offered.
    await againAfterRestart(h.fake.message({ from: alice, chat: 11, text: `/start p_${SHORT}` }));
    expect(h.boards(11)).toHaveLength(2);
    const opened = item(h.boards(11), 1).messageId;
    const square = (name: string) => VARIANTS.bashni.geometry.names.indexOf(name);
    await h.press(alice, 11, opened, (b) => {
      const p = decodePayload(b.callback_data);
      return p?.kind === 'puzzle-select' && p.square === square('h2');
    });
    await h.press(alice, 11, opened, (b) => {
      const p = decodePayload(b.callback_data);
      return p?.kind === 'puzzle-target' && p.to === square('g3');
    });
    expect(h.labels(11, opened)).toEqual(['👍 Good puzzle', '👎 Bad puzzle', '➡️ Next puzzle']);
    // Next, tapped once and delivered twice: one new puzzle.
    const tap = h.fake.buttonPress({
      from: alice,
      chatId: 11,
      messageId: opened,
      button: '➡️ Next puzzle',
    });
    await toBoth(tap);
    expect(h.boards(11)).toHaveLength(3);
  });

  it('/daily on: one confirmation', async () => {
    h.fake.setChatMember(GROUP, 11, 'administrator');
    await toBoth(h.fake.message({ from: alice, chat: GROUP, text: '/daily on 12:00 UTC' }));
    expect(texts(GROUP, 'every day at 12:00')).toHaveLength(1);
  });

  it('a process that stopped with the card still in its lane: the redelivery sends it', async () => {
    // The card waits behind a held call of the same chat; the process stops meanwhile.
    const held = h.fake.hold('sendMessage');
    await h.process.pipeline.accept(h.fake.message({ from: alice, chat: GROUP, text: '/help' }))
      .done;
    await held.held(5_000);
    const update = h.fake.message({ from: alice, chat: GROUP, text: '/newgame' });
    expect(h.process.pipeline.accept(update).fresh).toBe(true);
    await h.process.pipeline.idle();
    await h.process.close(0);
    held.release();
    expect(texts(GROUP, '♟')).toEqual([]);
    expect(made.challenges).toBe(1);
    // The same update, in the next process: the challenge made before, its card sent now.
    h.process = await h.newProcess();
    await h.deliver(update);
    expect(texts(GROUP, '♟')).toHaveLength(1);
    expect(made.challenges).toBe(1);
  });

  it('a card left unsent by a process that stopped: the next one’s sweep sends it once', async () => {
    const held = h.fake.hold('sendMessage');
    await h.process.pipeline.accept(h.fake.message({ from: alice, chat: GROUP, text: '/help' }))
      .done;
    await held.held(5_000);
    await h.process.pipeline.accept(h.fake.message({ from: alice, chat: GROUP, text: '/newgame' }))
      .done;
    await h.process.close(0);
    held.release();
    // No redelivery (the update was confirmed): the sweeps of two processes find the card.
    h.process = await h.newProcess();
    await Promise.all([h.process.presenter.recoverPending(), other.presenter.recoverPending()]);
    await Promise.all([h.process.settle(), other.settle()]);
    expect(texts(GROUP, '♟')).toHaveLength(1);
  });

  it('while the first delivery’s card is on its way, the second sends nothing', async () => {
    const update = h.fake.message({ from: alice, chat: GROUP, text: '/newgame' });
    const held = h.fake.hold('sendMessage');
    await h.process.pipeline.accept(update).done;
    await held.held(5_000);
    await h.deliver(update, other);
    held.release();
    await until(() => texts(GROUP, '♟').length > 0 || undefined, 'the card');
    await h.process.settle();
    expect(texts(GROUP, '♟')).toHaveLength(1);
  });
});
