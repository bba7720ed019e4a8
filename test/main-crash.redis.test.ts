import { silentLogger } from '../src/game/logger.js';
import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KeyBuilder } from '../src/store/keys.js';
import { RedisGameStore } from '../src/store/redis-store.js';
import { startRedis, type PrivateRedis } from './support/redis-server.js';
import { startApp, TOKEN } from './support/start-app.js';
import { FakeBotApi } from './support/telegram/fake-bot-api.js';
import { until } from './support/until.js';
import { item, present } from './support/present.js';

const GROUP = -1001234567890;
const PREFIX = 'crash:';

/** The bot exactly as shipped (`npm start`), on Redis, against the fake Bot API. */
function startBot(fake: FakeBotApi, redis: PrivateRedis): ChildProcess {
  return startApp({
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_API_ROOT: fake.apiRoot,
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: PREFIX,
  }).child;
}

describe('npm start on Redis: a crash in the middle of an update', () => {
  let redis: PrivateRedis;
  let fake: FakeBotApi;
  let bot: ChildProcess | undefined;
  let store: RedisGameStore;

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await (redis as PrivateRedis | undefined)?.stop();
  });
  afterEach(async () => {
    bot?.kill('SIGKILL');
    await (store as RedisGameStore | undefined)?.close();
    await (fake as FakeBotApi | undefined)?.close();
  });

  function kill(child: ChildProcess): Promise<void> {
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  it('the move is applied exactly once and the board shows it after the restart', async () => {
    fake = await FakeBotApi.start({ botUsername: 'bashni_test_bot' });
    store = new RedisGameStore(redis.url, new KeyBuilder(PREFIX), { log: silentLogger });
    fake.group(GROUP, 'Bashni club');
    const alice = fake.user(11, 'Alice', 'alice', 'en');
    const bob = fake.user(12, 'Bob', 'bob', 'en');
    bot = startBot(fake, redis);
    await fake.waitForCall('getUpdates', undefined, 30_000);

    fake.pushMessage({ from: alice, chat: GROUP, text: '/newgame @bob' });
    const card = await until(
      () => fake.lastBotMessage(GROUP)?.text?.includes('challenges') && fake.lastBotMessage(GROUP),
      'the challenge card',
    );
    fake.pushCallbackQuery({
      from: bob,
      chatId: GROUP,
      messageId: card.messageId,
      data: item(fake.keyboard(GROUP, card.messageId).flat(), 0).callback_data!,
    });
    const board = await until(
      () => fake.chat(GROUP).messages.find((m) => m.photo !== undefined),
      'the board',
    );
    const gameId = present(
      item(fake.keyboard(GROUP, board.messageId).flat(), 0).callback_data!.split('|')[1],
      'the game id of the board button',
    );
    // The challenger's colour is drawn at random.
    const [white, black] = board.caption!.includes('⚪ Alice') ? [alice, bob] : [bob, alice];
    const tap = (from: typeof alice, label: string) =>
      fake.pushCallbackQuery({
        from,
        chatId: GROUP,
        messageId: board.messageId,
        data: fake
          .keyboard(GROUP, board.messageId)
          .flat()
          .find((b) => b.text === label)!.callback_data!,
      });
    const labels = () =>
      fake
        .keyboard(GROUP, board.messageId)
        .flat()
        .map((b) => b.text);

    // 1. Killed after the move was saved, while its board edit is on its way to Telegram.
    tap(white, '⚪ c3');
    await until(() => labels().includes('→ d4'), 'the targets of c3');
    const edit = fake.hold('editMessageMedia');
    tap(white, '→ d4');
    await edit.held(10_000);
    await kill(bot);
    await edit.disconnected(10_000);
    edit.release();
    expect(fake.message(GROUP, board.messageId)!.caption).not.toContain('c3-d4');

    bot = startBot(fake, redis);
    await until(
      () => fake.message(GROUP, board.messageId)!.caption?.includes('Last move: c3-d4'),
      'the board after the restart',
    );
    expect((await store.getGame(gameId))!.moves).toEqual(['c3-d4']);

    // 2. Killed while answering the tap: the update was never confirmed, so Telegram delivers
    // it again; the move is recognised, not applied twice, and shown.
    tap(black, '⚫ f6');
    await until(() => labels().includes('→ g5'), 'the targets of f6');
    const target = fake.callbackQuery({
      from: black,
      chatId: GROUP,
      messageId: board.messageId,
      data: fake
        .keyboard(GROUP, board.messageId)
        .flat()
        .find((b) => b.text === '→ g5')!.callback_data!,
    });
    const answer = fake.hold(
      'answerCallbackQuery',
      (params) => params.callback_query_id === target.callback_query!.id,
    );
    fake.push(target);
    await answer.held(10_000);
    await kill(bot);
    await answer.disconnected(10_000);
    answer.release();
    expect((await store.getGame(gameId))!.moves).toEqual(['c3-d4', 'f6-g5']);
    expect(fake.pendingUpdates.map((u) => u.update_id)).toContain(target.update_id);

    bot = startBot(fake, redis);
    await until(
      () => fake.message(GROUP, board.messageId)!.caption?.includes('Last move: f6-g5'),
      'the board after the second restart',
    );
    await fake.waitUntilConfirmed(target, 10_000);
    expect((await store.getGame(gameId))!.moves).toEqual(['c3-d4', 'f6-g5']);
    // Recognised as the same tap, it is answered as the success it was, not as a stale board.
    expect(fake.answers.get(target.callback_query!.id)).toMatchObject({ show_alert: false });
    expect(fake.message(GROUP, board.messageId)!.caption).toContain('White to play');
  });
});
