import { afterEach, expect, it } from 'vitest';
import { until } from '../../support/until.js';
import { TelegramHarness } from './harness.js';

const GROUP = -1001234567001;

let h: TelegramHarness;
afterEach(async () => h.close());

it('the cards that end with a bare t.me link show no preview of it, edited or not', async () => {
  h = await TelegramHarness.start();
  h.fake.group(GROUP, 'Bashni club');
  const alice = h.fake.user(11, 'Alice', 'alice', 'en');
  const bob = h.fake.user(12, 'Bob', 'bob', 'en');

  await h.say(alice, GROUP, '/newgame');
  const open = await until(
    () => h.fake.chat(GROUP).messages.find((m) => m.text?.includes('?start=c_')),
    'the open challenge card',
  );
  expect(open.linkPreview).toEqual({ is_disabled: true });

  await h.say(alice, GROUP, '/newgame zhernov 2');
  const lobby = await until(
    () => h.fake.chat(GROUP).messages.find((m) => m.text?.includes('Alice opens a table')),
    'the table card',
  );
  expect(lobby.text).toContain('https://t.me/bashni_test_bot?start=c_');
  expect(lobby.linkPreview).toEqual({ is_disabled: true });
  // Bob sits down: the card is edited, and its link still has no preview.
  await h.press(bob, GROUP, lobby.messageId, '🪑 Sit down');
  const edited = h.fake.message(GROUP, lobby.messageId)!;
  expect(edited.text).toContain('Red: Bob');
  expect(edited.text).toContain('https://t.me/bashni_test_bot?start=c_');
  expect(edited.linkPreview).toEqual({ is_disabled: true });
});
