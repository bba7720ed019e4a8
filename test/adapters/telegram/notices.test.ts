import { afterEach, describe, expect, it } from 'vitest';
import { TelegramHarness } from './harness.js';
import type { StoredMessage } from '../../support/telegram/fake-bot-api.js';

const GROUP = -1001234567890;
const MINUTE = 60_000;

describe('Telegram: who is pinged, and when', () => {
  let h: TelegramHarness;
  afterEach(async () => {
    await h.close();
  });

  async function game() {
    h = await TelegramHarness.start();
    const { alice, bob, boardId } = await h.groupGame(GROUP);
    const notices = () =>
      h.fake
        .chat(GROUP)
        .messages.filter((m) => m.from.id === h.fake.bot.id && m.photo === undefined);
    return { alice, bob, boardId, notices };
  }

  it('live play pings nobody; an open turn is nudged after a while, once', async () => {
    const { alice, bob, notices } = await game();
    await h.say(alice, GROUP, '/move c3-d4');
    await h.say(bob, GROUP, '/move f6-g5');
    await h.say(alice, GROUP, '/move g3-h4');
    expect(notices()).toEqual([]);
    // Bob has not answered for three minutes: he is nudged, under the board.
    h.clock.time += 3 * MINUTE;
    await h.scheduler.runDue();
    await h.process.settle();
    expect(notices().map((m) => m.text)).toEqual(['@bob, your move (g3-h4).']);
    h.clock.time += 10 * MINUTE;
    await h.scheduler.runDue();
    await h.process.settle();
    expect(notices()).toHaveLength(1);
  });

  it('a turn answered before its nudge is due is not nudged', async () => {
    const { alice, bob, notices } = await game();
    await h.say(alice, GROUP, '/move c3-d4');
    h.clock.time += 1 * MINUTE;
    await h.say(bob, GROUP, '/move f6-g5');
    h.clock.time += 1 * MINUTE;
    await h.say(alice, GROUP, '/move g3-h4');
    h.clock.time += 2.5 * MINUTE;
    await h.scheduler.runDue();
    await h.process.settle();
    // Only the last turn (Bob's, open for 2.5 minutes) is not yet due.
    expect(notices()).toEqual([]);
  });

  it('a slow answer pings at once; the chat keeps one live notice; answered notices go', async () => {
    const { alice, bob, notices } = await game();
    h.clock.time += 10 * MINUTE;
    await h.say(alice, GROUP, '/move c3-d4');
    expect(notices().map((m) => m.text)).toEqual(['@bob, your move (c3-d4).']);
    h.clock.time += 10 * MINUTE;
    await h.say(bob, GROUP, '/move f6-g5');
    expect(notices().map((m) => m.text)).toEqual(['@alice, your move (f6-g5).']);
    // Alice answers at once: her notice is answered and deleted; Bob is watching.
    await h.say(alice, GROUP, '/move g3-h4');
    expect(notices()).toEqual([]);
  });

  it('a ping that is no longer true when its turn comes is never sent', async () => {
    const { alice, bob, notices } = await game();
    // The group's budget is spent (20 messages in the window): deliveries wait.
    for (let i = 0; i < 19; i++) await h.say(alice, GROUP, '/help');
    h.clock.time += 10 * MINUTE;
    const slow = h.fake.message({ from: alice, chat: GROUP, text: '/move c3-d4' });
    const quick = h.fake.message({ from: bob, chat: GROUP, text: '/move f6-g5' });
    await h.process.pipeline.accept(slow).done; // Bob's ping is queued behind the budget...
    await h.process.pipeline.accept(quick).done; // ...and Bob moves before it could be sent.
    await h.process.settle();
    expect(notices().filter((m) => m.text?.startsWith('@'))).toEqual([]);
    expect(h.fake.floodRefusals()).toEqual([]);
  });

  it('the game over message replaces the live notice, and pings nobody afterwards', async () => {
    const { alice, bob, notices } = await game();
    h.clock.time += 10 * MINUTE;
    await h.say(alice, GROUP, '/move c3-d4');
    await h.say(bob, GROUP, '/resign');
    const question = h.fake.lastBotMessage(GROUP)!;
    await h.press(bob, GROUP, question.messageId, '🏳️ Yes, resign');
    // The result comes as the game's animation, the result its caption: the one live notice.
    const result = (m: StoredMessage) => [
      m.animation === undefined ? 'text' : 'animation',
      m.caption,
    ];
    expect(notices().map(result)).toEqual([['animation', '🏁 White wins (Black resigned).']]);
    h.clock.time += 10 * MINUTE;
    await h.scheduler.runDue();
    await h.process.settle();
    expect(notices().map(result)).toEqual([['animation', '🏁 White wins (Black resigned).']]);
  });
});
