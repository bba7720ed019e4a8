/**
 * AI_MODE=queue as shipped with no AI worker running: /healthz says `ai` is degraded and why,
 * and the bot's move is not left waiting for nobody: after AI_QUEUE_FALLBACK_SECONDS the bot
 * process searches it itself. A worker started later takes the moves from then on, and none is
 * played twice.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { legalMoves, makeMove, startPosition, VARIANTS } from '../src/engine/index.js';
import { KeyBuilder } from '../src/store/keys.js';
import { positionAfter } from './support/engine-helpers.js';
import { RedisGameStore } from '../src/store/redis-store.js';
import { useAppFleet } from './support/app-fleet.js';
import { freePort, outputMatches, TOKEN } from './support/start-app.js';
import { telegramBotGame } from './support/telegram-bot-game.js';
import { FakeBotApi } from './support/telegram/fake-bot-api.js';
import { until } from './support/until.js';

const fleet = useAppFleet();
let telegram: FakeBotApi | undefined;

afterEach(async () => {
  await telegram?.close();
});

it('with no worker the bot process searches the move itself; a late worker plays none twice', async () => {
  telegram = await FakeBotApi.start({ botUsername: 'bashni_test_bot' });
  const shared = {
    REDIS_URL: fleet.redisUrl(),
    REDIS_KEY_PREFIX: 'fallback:',
    AI_MODE: 'queue',
    AI_QUEUE_FALLBACK_SECONDS: '2',
  };
  const metricsPort = await freePort();
  const bot = fleet.start({
    ...shared,
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    METRICS_PORT: String(metricsPort),
  });
  await outputMatches(bot, /Bashni Bot is running/, 30_000);
  const healthz = async () => {
    const answer = await fetch(`http://127.0.0.1:${metricsPort}/healthz`);
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };
  expect(await healthz()).toEqual({
    status: 200,
    body: {
      ok: true,
      status: 'degraded',
      checks: { store: true, ai: true, renderPool: true, telegram: true },
      reasons: {
        ai: expect.stringMatching(
          /^no AI worker has been seen for \d+ s; bot moves are searched in this process after 2 s$/,
        ) as unknown,
      },
    },
  });

  const alice = telegram.user(11, 'Alice', 'alice', 'en');
  const game = telegramBotGame(telegram, alice);
  await game.start(1);
  let position = startPosition('bashni');
  const advance = (move: string) => (position = positionAfter(position, move));
  advance('c3-d4');
  advance(await game.moveAndAnswer('c3-d4', 60_000));
  await outputMatches(bot, /AI queue: no worker took a bot move in 2 s; searching in this process/);

  // A worker comes: the next answer is its, and the move searched here is not played again.
  const worker = fleet.start(shared, 'src/worker.ts');
  await outputMatches(worker, /AI worker/, 30_000);
  await vi.waitFor(async () => expect((await healthz()).body.status).toBe('ok'), {
    timeout: 30_000,
    interval: 200,
  });
  const next = makeMove(VARIANTS.bashni, legalMoves(position)[0]!);
  const boardBefore = game.lastMove();
  game.say(`/move ${next}`);
  advance(next);
  const answer = await until(
    () => {
      const last = game.lastMove();
      return last !== undefined && last !== boardBefore && last !== next && last;
    },
    'the worker’s answer',
    60_000,
  );
  advance(answer);
  await outputMatches(bot, /AI queue: a worker is back; bot moves go to the queue again/);

  const store = new RedisGameStore(fleet.redisUrl(), new KeyBuilder('fallback:'));
  try {
    const [id] = await store.activeGameIds({ platform: 'telegram', userId: '11' });
    const record = await store.getGame(id!);
    expect(record?.moves).toHaveLength(4);
  } finally {
    await store.close();
  }
  const lines = bot.output().split('\n');
  expect(lines.filter((line) => line.includes('searching in this process'))).toHaveLength(1);
  expect(lines.filter((line) => line.includes('bot move failed'))).toEqual([]);
});
