/**
 * A second identical `/newgame @bob` replaces the first challenge, as on Discord: the first card
 * says it was withdrawn and loses its buttons, and a tap on its Accept (from a client that still
 * shows it) starts nothing. Through the fake Bot API.
 */
import { afterEach, expect, it } from 'vitest';
import { TelegramHarness } from './harness.js';

const GROUP = -1001234567890;

let h: TelegramHarness | undefined;
afterEach(async () => {
  await h?.close();
});

it('a second identical /newgame @user withdraws the first challenge, whose Accept is no longer live', async () => {
  h = await TelegramHarness.start();
  const { fake } = h;
  fake.group(GROUP, 'Bashni club');
  const alice = fake.user(11, 'Alice', 'alice', 'en');
  const bob = fake.user(12, 'Bob', 'Bob_R', 'en');

  await h.say(alice, GROUP, '/newgame @bob_r');
  const first = fake.lastBotMessage(GROUP)!;
  const accept = fake
    .keyboard(GROUP, first.messageId)
    .flat()
    .find((button) => button.text === '✅ Accept')?.callback_data;
  expect(accept).toBeDefined();

  await h.say(alice, GROUP, '/newgame @Bob_R');
  const second = fake.lastBotMessage(GROUP)!;
  expect(second.messageId).not.toBe(first.messageId);
  expect(h.labels(GROUP, second.messageId)).toEqual(['✅ Accept', '✖️ Decline']);
  expect(fake.message(GROUP, first.messageId)?.text).toContain('withdrew the challenge');
  expect(h.labels(GROUP, first.messageId)).toEqual([]);

  const late = await h.tap(bob, GROUP, first.messageId, accept!);
  expect(late).toMatchObject({ show_alert: true, text: 'This challenge is no longer open.' });
  expect(h.boards(GROUP)).toHaveLength(0);

  await h.press(bob, GROUP, second.messageId, '✅ Accept');
  expect(h.boards(GROUP)).toHaveLength(1);
});
