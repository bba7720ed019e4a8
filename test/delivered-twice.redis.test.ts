/**
 * A redelivered update never does anything twice, as shipped (`npm start`, on one private
 * Redis, against the fake Bot API):
 *
 * - With a webhook behind a load balancer, the same update reaching two bot processes (a
 *   retry sent to the other one) makes one challenge and one card, one game and one board.
 * - Killed before the update was confirmed, in long polling: Telegram delivers it again to the
 *   next process, which makes nothing twice and sends the card once — not again when it was
 *   sent, at once when it was still waiting in its chat's lane, and when the dead process had
 *   it on its way to Telegram (between the save and the send), once that claim has run out.
 */
import type { Update } from 'grammy/types';
import type { Redis } from 'ioredis';
import { afterEach, expect, it } from 'vitest';
import { silentLogger } from '../src/game/logger.js';
import { KeyBuilder } from '../src/store/keys.js';
import { createStoreRedis } from '../src/store/redis-connection.js';
import { RedisGameStore } from '../src/store/redis-store.js';
import { useAppFleet } from './support/app-fleet.js';
import { freePort, outputMatches, TOKEN, type StartedApp } from './support/start-app.js';
import { FakeBotApi } from './support/telegram/fake-bot-api.js';
import { item, present } from './support/present.js';
import { until } from './support/until.js';

const GROUP = -1001234567890;
const SECRET = 'idem-test-secret';
const fleet = useAppFleet();
let telegram: FakeBotApi | undefined;
let redis: Redis | undefined;
let store: RedisGameStore | undefined;

afterEach(async () => {
  await telegram?.close();
  await store?.close();
  redis?.disconnect();
});

/** The fake Bot API with a group, Alice, and a store client on the fleet's Redis (`prefix`). */
async function world(prefix: string) {
  telegram = await FakeBotApi.start({ botUsername: 'bashni_test_bot' });
  telegram.group(GROUP, 'Bashni club');
  const alice = telegram.user(11, 'Alice', 'alice', 'en');
  redis = createStoreRedis(fleet.redisUrl());
  store = new RedisGameStore(fleet.redisUrl(), new KeyBuilder(prefix), { log: silentLogger });
  const fake = telegram;
  const challenges = async () => (await redis!.keys(`${prefix}{ch:*}`)).length;
  const cards = () =>
    fake.chat(GROUP).messages.filter((m) => m.from.is_bot && m.text?.startsWith('♟') === true);
  return { fake, alice, challenges, cards };
}

it('the same /newgame and /play 2 POSTed to two processes: one card, one game', async () => {
  const { fake, alice, challenges, cards } = await world('twice:');
  const ports = [await freePort(), await freePort()];
  const bots = ports.map((port) =>
    fleet.start({
      REDIS_URL: fleet.redisUrl(),
      REDIS_KEY_PREFIX: 'twice:',
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: fake.apiRoot,
      TELEGRAM_WEBHOOK_URL: 'https://bot.example.org/hook',
      TELEGRAM_WEBHOOK_SECRET: SECRET,
      PORT: String(port),
    }),
  );
  for (const bot of bots) await outputMatches(bot, /Bashni Bot is running/, 30_000);

  // The load balancer sends the update to one process, and its retry to the other, at once.
  const toBoth = (update: Update) =>
    Promise.all(
      ports.map(async (port) => {
        const response = await fetch(`http://127.0.0.1:${port}/hook`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-telegram-bot-api-secret-token': SECRET,
          },
          body: JSON.stringify(update),
        });
        expect(response.status).toBe(200);
      }),
    );

  await toBoth(fake.message({ from: alice, chat: GROUP, text: '/newgame' }));
  await until(() => cards().length > 0 || undefined, 'the card');
  await toBoth(fake.message({ from: alice, chat: GROUP, text: '/play 2' }));
  const boards = () => fake.chat(GROUP).messages.filter((m) => m.photo !== undefined);
  await until(() => boards().length > 0 || undefined, 'the board');
  // Whatever else was on its way has arrived by now (both processes answered after handling).
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(cards()).toHaveLength(1);
  expect(await challenges()).toBe(1);
  expect(boards()).toHaveLength(1);
  const games = await store!.activeGameIds({ platform: 'telegram', userId: '11' });
  expect(games).toHaveLength(1);
  for (const bot of bots) expect(bot.child.exitCode).toBeNull();
});

/** The bot in long polling mode on the fleet's Redis. */
function startPolling(fake: FakeBotApi, prefix: string): StartedApp {
  return fleet.start({
    REDIS_URL: fleet.redisUrl(),
    REDIS_KEY_PREFIX: prefix,
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_API_ROOT: fake.apiRoot,
  });
}

function kill(app: StartedApp): Promise<unknown> {
  app.child.kill('SIGKILL');
  return app.exited;
}

/**
 * Holds the getUpdates call that would confirm `update` (so the bot dies with it unconfirmed,
 * and Telegram delivers it again).
 */
function holdConfirmation(fake: FakeBotApi, update: () => Update | undefined) {
  return fake.hold('getUpdates', (params) => {
    const pushed = update();
    return pushed !== undefined && Number(params.offset ?? 0) > pushed.update_id;
  });
}

it('killed right after the card was sent: the redelivered /newgame sends no second card', async () => {
  const { fake, alice, challenges, cards } = await world('sent:');
  const pushed: { newgame?: Update } = {};
  const confirm = holdConfirmation(fake, () => pushed.newgame);
  let bot = startPolling(fake, 'sent:');
  await fake.waitForCall('getUpdates', undefined, 30_000);
  const newgame = fake.pushMessage({ from: alice, chat: GROUP, text: '/newgame' });
  pushed.newgame = newgame;
  await until(() => cards().length > 0 || undefined, 'the card');
  // Sent and recorded as sent: the card is its challenge's view.
  const accept = fake.keyboard(GROUP, item(cards(), 0).messageId).flat()[0]?.callback_data;
  const challengeId = present(accept, 'the Accept button').split('|')[1]!;
  await until(
    async () => ((await store!.getChallenge(challengeId))?.views.length ?? 0) > 0,
    'the card recorded',
  );
  await confirm.held(20_000);
  await kill(bot);
  confirm.release();
  expect(fake.pendingUpdates.map((u) => u.update_id)).toContain(newgame.update_id);

  bot = startPolling(fake, 'sent:');
  await fake.waitUntilConfirmed(newgame, 30_000);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(cards()).toHaveLength(1);
  expect(await challenges()).toBe(1);
  expect(bot.child.exitCode).toBeNull();
}, 120_000);

it('killed with the card still in its lane: the redelivered /newgame sends it, once', async () => {
  const { fake, alice, challenges, cards } = await world('lane:');
  const pushed: { newgame?: Update } = {};
  const confirm = holdConfirmation(fake, () => pushed.newgame);
  let bot = startPolling(fake, 'lane:');
  await fake.waitForCall('getUpdates', undefined, 30_000);
  // A reply ahead of the card in the group's lane is held: the card waits behind it.
  const ahead = fake.hold('sendMessage', (params) => !String(params.text).startsWith('♟'));
  fake.pushMessage({ from: alice, chat: GROUP, text: '/help' });
  await ahead.held(20_000);
  const newgame = fake.pushMessage({ from: alice, chat: GROUP, text: '/newgame' });
  pushed.newgame = newgame;
  // The call that would confirm it comes once the update is handled: the challenge is saved.
  await confirm.held(20_000);
  expect(await challenges()).toBe(1);
  await kill(bot);
  ahead.release();
  confirm.release();
  expect(cards()).toEqual([]);
  expect(fake.pendingUpdates.map((u) => u.update_id)).toContain(newgame.update_id);

  bot = startPolling(fake, 'lane:');
  await fake.waitUntilConfirmed(newgame, 30_000);
  await until(() => cards().length > 0 || undefined, 'the card', 20_000);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(cards()).toHaveLength(1);
  expect(await challenges()).toBe(1);
  expect(bot.child.exitCode).toBeNull();
}, 120_000);

it('killed while the card was on its way to Telegram: one card, once the claim runs out', async () => {
  const { fake, alice, challenges, cards } = await world('call:');
  const pushed: { newgame?: Update } = {};
  const confirm = holdConfirmation(fake, () => pushed.newgame);
  let bot = startPolling(fake, 'call:');
  await fake.waitForCall('getUpdates', undefined, 30_000);
  const card = fake.hold('sendMessage', (params) => String(params.text).startsWith('♟'));
  const newgame = fake.pushMessage({ from: alice, chat: GROUP, text: '/newgame' });
  pushed.newgame = newgame;
  await card.held(20_000);
  await kill(bot);
  await card.disconnected(10_000);
  card.release();
  confirm.release();
  expect(cards()).toEqual([]);
  expect(await challenges()).toBe(1);

  // The next process gets the update again: nothing is made twice, and the card the dead one
  // may have sent is not sent while its claim lasts.
  bot = startPolling(fake, 'call:');
  await fake.waitUntilConfirmed(newgame, 30_000);
  expect(await challenges()).toBe(1);
  const claims = await redis!.keys('call:*replying*');
  expect(claims).toHaveLength(1);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(cards()).toEqual([]);
  // The claim runs out (REPLY_LEASE_MS: the test ends it instead of waiting two minutes);
  // then a sweep — at a process's start, and every minute — sends the card, once.
  expect(await redis!.pexpire(item(claims, 0), 1)).toBe(1);
  await kill(bot);
  bot = startPolling(fake, 'call:');
  await until(() => cards().length > 0 || undefined, 'the card', 30_000);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(cards()).toHaveLength(1);
  expect(await challenges()).toBe(1);
  expect(bot.child.exitCode).toBeNull();
}, 120_000);
