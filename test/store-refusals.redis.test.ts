/**
 * The bot as shipped (`npm start`, Telegram over the fake Bot API) on a Redis that answers PING
 * but refuses the bot's commands: a read-only replica (as after a failover: writes get
 * READONLY) and one node of a Redis Cluster (MOVED, CROSSSLOT). /healthz answers 503 with the
 * reason, the log stays short (once, not thousands of lines a second), every player gets the
 * store-unavailable answer; the replica made a master again is served again.
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRedisCluster, type PrivateCluster } from './support/redis-cluster.js';
import { useReplicaPair } from './support/redis-server.js';
import {
  freePort,
  killAll,
  outputMatches,
  startApp,
  TOKEN,
  type StartedApp,
} from './support/start-app.js';
import { STORE_UNAVAILABLE, telegramBotGame } from './support/telegram-bot-game.js';
import { FakeBotApi } from './support/telegram/fake-bot-api.js';

const apps: StartedApp[] = [];
let fake: FakeBotApi | undefined;

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    for (const app of apps)
      console.error(`--- bot output (its end) ---\n${app.output().slice(-20_000)}`);
  await killAll(apps);
  await fake?.close();
  fake = undefined;
});

interface Health {
  readonly status: number;
  readonly body: {
    ok: boolean;
    status: string;
    checks: Record<string, boolean>;
    reasons: Record<string, string>;
  };
}

/** A bot process on `redisUrl` with its /healthz, once it runs. */
async function startBot(redisUrl: string) {
  fake = await FakeBotApi.start({ botUsername: 'bashni_test_bot' });
  const metricsPort = await freePort();
  const app = startApp({
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_API_ROOT: fake.apiRoot,
    REDIS_URL: redisUrl,
    METRICS_PORT: String(metricsPort),
    // Test speed: recovery is seen after 3 s without a refusal instead of 15 s.
    STORE_HEALTH_WINDOW_SECONDS: '3',
  });
  apps.push(app);
  await outputMatches(app, /Bashni Bot is running/, 30_000);
  const healthz = async (): Promise<Health> => {
    const answer = await fetch(`http://127.0.0.1:${metricsPort}/healthz`);
    return { status: answer.status, body: (await answer.json()) as Health['body'] };
  };
  /** Asks /healthz until it answers `status`; resolves with that answer. */
  const healthBecomes = async (status: number, timeoutMs = 30_000): Promise<Health> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const answer = await healthz();
      if (answer.status === status) return answer;
      if (Date.now() > deadline)
        throw new Error(`/healthz still answers ${answer.status} ${JSON.stringify(answer.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  return { app, fake, healthBecomes };
}

const logLines = (app: StartedApp) => app.output().split('\n').length;
const count = (app: StartedApp, pattern: RegExp) =>
  app
    .output()
    .split('\n')
    .filter((line) => pattern.test(line)).length;

/**
 * Three players try to start a game against the bot: each must get the store-unavailable
 * answer. Resolves with the lines the bot logged from then on over about 5 s.
 */
async function playersTryToPlay(app: StartedApp, bot: FakeBotApi): Promise<number> {
  const before = logLines(app);
  const started = Date.now();
  for (const [id, name] of [
    [11, 'Alice'],
    [12, 'Boris'],
    [13, 'Carol'],
  ] as const) {
    const game = telegramBotGame(bot, bot.user(id, name, name.toLowerCase(), 'en'));
    game.say('/play 1');
    await game.answered(STORE_UNAVAILABLE);
  }
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, 5_000 - (Date.now() - started))));
  return logLines(app) - before;
}

describe('on a read-only replica', () => {
  const pair = useReplicaPair();

  it('/healthz fails with READONLY, the log stays short, players are told; a master again, all works', async () => {
    const { app, fake: bot, healthBecomes } = await startBot(pair.replica().url);
    const failing = await healthBecomes(503);
    expect(failing.body).toMatchObject({
      ok: false,
      status: 'failing',
      checks: { store: false, ai: true, renderPool: true, telegram: true },
      reasons: {
        store: 'READONLY: writes refused: Redis is a read-only replica (after a failover?)',
      },
    });

    const lines = await playersTryToPlay(app, bot);
    expect(lines).toBeLessThan(50);
    expect(count(app, /store failing: READONLY/)).toBe(1);
    expect(count(app, /scheduler: worker error/)).toBe(0);

    // The failover's end: the replica becomes the master.
    const admin = new Redis(pair.replica().url);
    try {
      await admin.call('REPLICAOF', 'NO', 'ONE');
    } finally {
      admin.disconnect();
    }
    const ok = await healthBecomes(200, 60_000);
    expect(ok.body).toMatchObject({ ok: true, status: 'ok', reasons: {} });
    await outputMatches(app, /store recovered after \d+ s/);

    const game = telegramBotGame(bot, bot.user(14, 'Dasha', 'dasha', 'en'));
    await game.start(1);
    expect(await game.moveAndAnswer('c3-d4')).toMatch(/^[a-h][1-8][-:][a-h][1-8]/);
  });
});

describe('on one node of a Redis Cluster', () => {
  let cluster: PrivateCluster;
  beforeAll(async () => {
    cluster = await startRedisCluster({ masters: 3 });
  });
  afterAll(async () => {
    await (cluster as PrivateCluster | undefined)?.stop();
  });

  it('/healthz fails naming the cluster, the log stays short, players are told', async () => {
    const { app, fake: bot, healthBecomes } = await startBot(cluster.url);
    const failing = await healthBecomes(503);
    expect(failing.body).toMatchObject({ ok: false, status: 'failing', checks: { store: false } });
    expect(failing.body.reasons.store).toMatch(/^(MOVED|CROSSSLOT): Redis is a cluster node/);

    const lines = await playersTryToPlay(app, bot);
    expect(lines).toBeLessThan(50);
    expect(count(app, /store failing: /)).toBe(1);
    expect(count(app, /scheduler: worker error/)).toBe(0);
  });
});
