import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventDispatcher } from '../../../src/game/event-routing.js';
import type { Player } from '../../../src/game/model.js';
import { MemoryEventRelay, MemoryEventStreams } from '../../../src/store/memory-event-relay.js';
import { until } from '../../store/event-relay-contract.js';
import { silentLogger, TelegramHarness } from './harness.js';
import { item } from '../../support/present.js';

const GROUP = -1001234567890;
const OTHER_GROUP = -1009876543210;
const CODE_LINE = /^Code ([A-Z2-9]{6}): \/join \1 in Telegram or Discord\.$/m;

/** A Discord player, as the Discord adapter would make them. */
const CAROL: Player = {
  platform: 'discord',
  userId: '123456789012345678',
  displayName: 'Carol',
  username: 'carol',
  language: 'en',
};

describe('Telegram: invite codes and players from other platforms', () => {
  let h: TelegramHarness;
  beforeEach(async () => {
    h = await TelegramHarness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  it('an open challenge in a group shows its code and deep link; /join in another group starts it', async () => {
    const { fake } = h;
    fake.group(GROUP, 'Bashni club');
    fake.group(OTHER_GROUP, 'Chess club');
    const alice = fake.user(11, 'Alice', 'alice', 'en');
    const bob = fake.user(12, 'Bob', 'bob', 'en');

    await h.say(alice, GROUP, '/newgame');
    const card = fake.lastBotMessage(GROUP)!;
    expect(card.text).toContain('@alice is looking for an opponent');
    const code = CODE_LINE.exec(card.text ?? '')?.[1];
    expect(code).toBeDefined();
    expect(card.text).toMatch(/\nhttps:\/\/t\.me\/bashni_test_bot\?start=c_\S+$/);
    expect(h.labels(GROUP, card.messageId)).toEqual(['✅ Accept', '✖️ Withdraw']);

    // Bob types the code in another group, loosely: lower case, with a dash.
    const typed = `${code!.slice(0, 3).toLowerCase()}-${code!.slice(3)}`;
    await h.say(bob, OTHER_GROUP, `/join ${typed}`);
    expect(fake.message(GROUP, card.messageId)?.text).toBe('✅ Game on: ⚪ Alice vs ⚫ Bob.');
    const here = item(h.boards(GROUP), 0, 'here');
    const there = item(h.boards(OTHER_GROUP), 0, 'there');
    for (const board of [here, there]) {
      expect(board.caption).toContain('Bashni · ⚪ Alice — ⚫ Bob');
      expect(board.caption).toContain('White to play: @alice');
    }
    const found = await h.process.service.queries.findByView({
      platform: 'telegram',
      chatId: String(OTHER_GROUP),
      messageId: String(there.messageId),
    });
    expect(
      found.ok && found.value.kind === 'game' && found.value.game.views.map((v) => v.chatId).sort(),
    ).toEqual([String(GROUP), String(OTHER_GROUP)].sort());

    // A move in one group shows in both.
    await h.say(alice, OTHER_GROUP, '/move c3-d4');
    expect(fake.message(GROUP, here.messageId)!.caption).toContain('Last move: c3-d4');
    expect(fake.message(OTHER_GROUP, there.messageId)!.caption).toContain('Last move: c3-d4');

    // The code is spent.
    const carol = fake.user(13, 'Carol', 'carol', 'en');
    await h.say(carol, OTHER_GROUP, `/join ${code}`);
    expect(fake.lastBotMessage(OTHER_GROUP)!.text).toBe('This challenge is no longer open.');
  });

  it('/join in a private chat, a code nobody has, and /join alone', async () => {
    const { fake } = h;
    fake.group(GROUP, 'Bashni club');
    const alice = fake.user(11, 'Alice', 'alice', 'en');
    const bob = fake.user(12, 'Bob', 'bob', 'ru');
    fake.privateChat(bob);

    await h.say(bob, 12, '/join');
    expect(fake.lastBotMessage(12)!.text).toContain('Как присоединиться: /join КОД');
    await h.say(bob, 12, '/join zz-zz99');
    expect(fake.lastBotMessage(12)!.text).toBe(
      'Открытого вызова с кодом «zz-zz99» нет. Проверьте код и попробуйте ещё раз.',
    );
    await h.say(bob, 12, '/join <b>nonsense</b>');
    expect(fake.lastBotMessage(12)!.text).toContain('«<b>nonsense</b>»');

    await h.say(alice, GROUP, '/newgame stolby');
    const code = CODE_LINE.exec(fake.lastBotMessage(GROUP)!.text ?? '')![1];
    await h.say(bob, 12, `/join ${code}`);
    expect(h.boards(GROUP)).toHaveLength(1);
    expect(h.boards(12)).toHaveLength(1);
    expect(item(h.boards(12), 0).caption).toContain('Столбы');
    // Alice joining her own challenge is told so.
    await h.say(alice, GROUP, '/newgame');
    const own = CODE_LINE.exec(fake.lastBotMessage(GROUP)!.text ?? '')![1];
    expect(own).not.toBe(code);
    await h.say(alice, GROUP, `/join ${own}`);
    expect(fake.lastBotMessage(GROUP)!.text).toBe(
      'That is your own challenge: someone else accepts it.',
    );
  });

  it('a Discord challenger joined from Telegram: marked names, no Telegram mention, moves relayed', async () => {
    const { fake } = h;
    fake.group(GROUP, 'Bashni club');
    const bob = fake.user(12, 'Bob', 'bob', 'en');
    const discordView = { platform: 'discord' as const, chatId: '555', messageId: '777' };
    const created = await h.process.service.challenges.create({
      challenger: CAROL,
      target: { kind: 'open' },
      views: [discordView],
    });
    if (!created.ok) throw new Error(created.message);
    const code = created.value.inviteCode!;

    await h.say(bob, GROUP, `/join ${code}`);
    const board = item(h.boards(GROUP), 0, 'board');
    expect(board.caption).toContain('Bashni · ⚪ Carol (Discord) — ⚫ Bob');
    expect(board.caption).toContain('White to play: Carol (Discord)');
    const links = [
      ...(board.captionEntities ?? []),
      ...fake.chat(GROUP).messages.flatMap((m) => m.entities ?? []),
    ];
    expect(links.some((entity) => 'url' in entity && entity.url.startsWith('tg://'))).toBe(false);
    // Nothing was sent to the Discord chat's id, nor to Carol's.
    const chatsWritten = [
      ...fake.callsOf('sendMessage'),
      ...fake.callsOf('sendPhoto'),
      ...fake.callsOf('editMessageText'),
    ].map((call) => String(call.params.chat_id));
    expect(new Set(chatsWritten)).toEqual(new Set([String(GROUP)]));

    // Carol moves on Discord (another process): the event reaches Telegram through the relay.
    const streams = new MemoryEventStreams();
    const telegramSide = new EventDispatcher({
      local: { telegram: (events) => h.process.presenter.handle(events) },
      relay: new MemoryEventRelay({ streams, blockMs: 50, log: silentLogger }),
      logger: silentLogger,
    });
    const discordSide = new EventDispatcher({
      local: { discord: () => Promise.resolve(undefined) },
      relay: new MemoryEventRelay({ streams, blockMs: 50, log: silentLogger }),
      logger: silentLogger,
    });
    await telegramSide.start();
    try {
      const found = await h.process.service.queries.findByView({
        platform: 'telegram',
        chatId: String(GROUP),
        messageId: String(board.messageId),
      });
      if (!found.ok || found.value.kind !== 'game') throw new Error('no game');
      const played = await h.process.service.moves.play(found.value.game.id, CAROL, 'c3-d4');
      if (!played.ok) throw new Error(played.message);
      await discordSide.dispatch(played.events);
      await until(
        () => fake.message(GROUP, board.messageId)!.caption?.includes('Last move: c3-d4') === true,
        'the relayed move',
      );
      await h.process.settle();
      // Bob is the one to move, and he is on Telegram: he is told here.
      const live = fake.message(GROUP, board.messageId)!;
      expect(live.caption).toContain('Black to play: @bob');
      // Bob answers from Telegram.
      await h.say(bob, GROUP, 'f6-g5', board.messageId);
      expect(fake.message(GROUP, board.messageId)!.caption).toContain('Last move: f6-g5');
    } finally {
      await telegramSide.stop();
      await discordSide.stop();
    }
  });
});
