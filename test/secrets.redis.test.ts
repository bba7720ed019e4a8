/**
 * No secret in anything the bot prints. The bot as shipped (`npm start`'s command) with every
 * secret set — the Telegram token, the Discord token, the media signing secret, the webhook
 * secret, a Redis password — driven through every error path we can provoke: poll failures and
 * the Bot API away, 401/403/429/500 on each kind of call, a throwing handler, bad webhook
 * bodies, Redis going away, Discord refusing calls and a bad Discord token. Everything the
 * process printed (both streams), and what /metrics and /healthz answered, must hold none of
 * the secrets, in any form; and every line it printed is JSON naming its component.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DiscordError } from './support/discord/api-error.js';
import { FakeDiscord } from './support/discord/fake-discord.js';
import { startRedis, type PrivateRedis } from './support/redis-server.js';
import {
  freePort,
  killAll,
  outputMatches,
  startApp,
  TOKEN,
  type StartedApp,
} from './support/start-app.js';
import { FakeBotApi } from './support/telegram/fake-bot-api.js';
import { until } from './support/until.js';
import { item } from './support/present.js';

const GROUP = -1001234567890;
/** A Discord bot token of the real shape (the fake accepts whichever it is given). */
const DISCORD_TOKEN = 'MTA5ODc2NTQzMjEwOTg3NjU0MzI.GhIjKl.aBcDeFgHiJkLmNoPqRsTuVwXyZ012345678';
const MEDIA_SECRET = 'media-signing-secret-Qw3rTy';
const WEBHOOK_SECRET = 'webhook-secret-Zx8CvB';
const WEB_SECRET = 'board-page-secret-Lm4NoP';
const REDIS_PASSWORD = 'redis-pass/word+Kj7Hg';

/** Every form a secret could be printed in. */
function forms(secret: string): string[] {
  return [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)];
}

const SECRETS: Record<string, string> = {
  'the Telegram token': TOKEN,
  'the Telegram token’s secret part': TOKEN.slice(TOKEN.indexOf(':') + 1),
  'the Discord token': DISCORD_TOKEN,
  'the Discord token’s HMAC part': DISCORD_TOKEN.split('.')[2]!,
  'the media secret': MEDIA_SECRET,
  'the webhook secret': WEBHOOK_SECRET,
  'the board page secret': WEB_SECRET,
  'the Redis password': REDIS_PASSWORD,
};

/** Fails naming the secret and the line it is in. */
function expectNoSecret(printed: string, extra: Record<string, string> = {}): void {
  for (const [name, secret] of Object.entries({ ...SECRETS, ...extra }))
    for (const form of forms(secret)) {
      const line = printed.split('\n').find((text) => text.includes(form));
      expect(line, `${name} was printed`).toBeUndefined();
    }
}

/** Every line the process printed is a JSON object with a component. */
function expectJsonLines(printed: string): void {
  for (const line of printed.split('\n').filter((text) => text.trim() !== '')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw new Error(`not a JSON line: ${line}`);
    }
    expect(parsed, line).toMatchObject({ component: expect.any(String) as string });
  }
}

describe('no secret in anything the bot prints, whatever fails', () => {
  let redis: PrivateRedis;
  let telegram: FakeBotApi | undefined;
  let discord: FakeDiscord | undefined;
  const apps: StartedApp[] = [];
  beforeAll(async () => {
    redis = await startRedis({ password: REDIS_PASSWORD });
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail')
      for (const app of apps) console.error(`--- process output ---\n${app.output()}`);
    await killAll(apps);
    await telegram?.close();
    await discord?.close();
    telegram = undefined;
    discord = undefined;
  });
  afterAll(async () => {
    await (redis as PrivateRedis | undefined)?.stop();
  });

  function start(env: Record<string, string>, script?: string): StartedApp {
    const app = startApp({ LOG_LEVEL: 'trace', ...env }, { script });
    apps.push(app);
    return app;
  }

  it('long polling, Discord and Redis: failed calls of every kind, a throwing handler, Redis and the Bot API away', async () => {
    telegram = await FakeBotApi.start({ botUsername: 'bashni_test_bot' });
    telegram.group(GROUP, 'Bashni club');
    const alice = telegram.user(11, 'Alice', 'alice', 'en');
    const bob = telegram.user(12, 'Bob', 'bob', 'en');
    discord = await FakeDiscord.start({ token: DISCORD_TOKEN });
    const guild = discord.addGuild({ name: 'Bashni club', channels: [{ name: 'games' }] });
    const channelId = item(guild.channels, 0, 'guild.channels').id;
    const boris = discord.newUser('boris', { global_name: 'Boris' });
    const metricsPort = await freePort();
    // The start's own calls fail first: the command menus, and the first polls.
    telegram.failNext('setMyCommands', { error_code: 500, description: 'Internal Server Error' });
    telegram.failNext('getUpdates', { error_code: 401, description: 'Unauthorized' });
    telegram.failNext('getUpdates', {
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      parameters: { retry_after: 1 },
    });
    telegram.failNext('getUpdates', { error_code: 500, description: 'Internal Server Error' });
    discord.failNext(
      { method: 'PUT', path: /commands/ },
      new DiscordError(500, 0, '500: Internal Server Error'),
    );
    const app = start({
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      TELEGRAM_MEDIA_URL: 'https://bot.example.org/media',
      TELEGRAM_MEDIA_SECRET: MEDIA_SECRET,
      WEB_URL: 'https://bot.example.org/bashni',
      WEB_SECRET,
      PORT: String(await freePort()),
      DISCORD_TOKEN,
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_GUILD_ID: guild.id,
      DISCORD_REST_API: discord.restApi,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: 'secrets:',
      METRICS_PORT: String(metricsPort),
    });
    await outputMatches(app, /Bashni Bot is running/, 30_000);
    await until(() => discord!.sessions.some((s) => s.connected) || undefined, 'the gateway');

    // A reply refused (403), a card's send failing (500 and 429), an edit refused (401), a tap's
    // answer refused (400).
    telegram.failNext('sendMessage', {
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
    telegram.pushMessage({ from: alice, chat: telegram.privateChat(alice), text: '/start' });
    await telegram.waitForCall('sendMessage', (call) => !call.response.ok, 10_000);
    telegram.failNext('sendMessage', { error_code: 500, description: 'Internal Server Error' });
    telegram.failNext('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      parameters: { retry_after: 1 },
    });
    telegram.pushMessage({ from: alice, chat: GROUP, text: '/newgame @bob' });
    const card = await until(
      () =>
        telegram!.lastBotMessage(GROUP)?.text?.includes('challenges') &&
        telegram!.lastBotMessage(GROUP),
      'the challenge card',
      20_000,
    );
    telegram.failNext('answerCallbackQuery', {
      error_code: 400,
      description:
        'Bad Request: query is too old and response timeout expired or query ID is invalid',
    });
    telegram.failNext('sendPhoto', { error_code: 401, description: 'Unauthorized' });
    telegram.pushCallbackQuery({
      from: bob,
      chatId: GROUP,
      messageId: card.messageId,
      data: item(telegram.keyboard(GROUP, card.messageId).flat(), 0).callback_data!,
    });
    await telegram.waitForCall('sendPhoto', (call) => !call.response.ok, 10_000);

    // A handler that throws: a text that is a number (what a forged or broken update holds).
    const broken = telegram.message({ from: alice, chat: GROUP, text: '/games' });
    (broken.message as unknown as { text: unknown }).text = 12345;
    telegram.push(broken);
    await telegram.waitUntilConfirmed(broken, 10_000);

    // Discord: an interaction's answer failing (500), a channel message refused (403).
    discord.failNext(
      { method: 'POST', path: /callback/ },
      new DiscordError(500, 0, '500: Internal Server Error'),
    );
    discord.command({ user: boris, channelId, name: 'games' });
    discord.failNext(
      { method: 'POST', path: /messages/ },
      new DiscordError(403, 50013, 'Missing Permissions'),
    );
    discord.command({ user: boris, channelId, name: 'newgame' });
    await discord.waitFor(
      () => discord!.calls.filter((call) => call.status >= 400).length >= 2 || undefined,
      10_000,
    );

    // Redis goes away while people play, then comes back.
    await redis.stop();
    telegram.pushMessage({ from: alice, chat: GROUP, text: '/games' });
    discord.command({ user: boris, channelId, name: 'games' });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await redis.restart();
    // The Bot API goes away for 6 s: every poll fails to connect.
    await telegram.goAway(6_000);
    const polls = telegram.callCount('getUpdates');
    await until(
      () => telegram!.callCount('getUpdates') > polls || undefined,
      'polling again',
      40_000,
    );

    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const health = await (await fetch(`http://127.0.0.1:${metricsPort}/healthz`)).text();
    app.child.kill('SIGTERM');
    await app.exited;
    const printed = app.output();
    expectNoSecret(`${printed}\n${metrics}\n${health}`);
    // The paths were taken: the token-bearing errors were logged, and scrubbed.
    expect(printed).toContain('getUpdates');
    expect(printed).toContain('[redacted]');
    expect(printed).toMatch(/"update_id":\d+/);
    expectJsonLines(printed);
  });

  it('webhook mode: forged, wrong, oversized and broken requests', async () => {
    telegram = await FakeBotApi.start({ botUsername: 'bashni_test_bot' });
    const port = await freePort();
    const app = start({
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      TELEGRAM_WEBHOOK_URL: 'https://bot.example.org/hook',
      TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PORT: String(port),
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: 'secrets-webhook:',
    });
    await outputMatches(app, /Bashni Bot is running/, 30_000);
    expect(telegram.webhookSecret).toBe(WEBHOOK_SECRET);
    const alice = telegram.user(11, 'Alice', 'alice', 'en');
    const post = (body: string, secret?: string) =>
      fetch(`http://127.0.0.1:${port}/hook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(secret === undefined ? {} : { 'x-telegram-bot-api-secret-token': secret }),
        },
        body,
      });
    const update = telegram.message({
      from: alice,
      chat: telegram.privateChat(alice),
      text: '/help',
    });
    expect((await post(JSON.stringify(update))).status).toBe(401);
    expect((await post(JSON.stringify(update), `${WEBHOOK_SECRET}x`)).status).toBe(401);
    expect((await post('not json', WEBHOOK_SECRET)).status).toBe(400);
    expect((await post('{"no":"update_id"}', WEBHOOK_SECRET)).status).toBe(400);
    expect(
      (await post(JSON.stringify({ update_id: 1, x: 'y'.repeat(2 << 20) }), WEBHOOK_SECRET)).status,
    ).toBe(413);
    const broken = telegram.message({
      from: alice,
      chat: telegram.privateChat(alice),
      text: '/help',
    });
    (broken.message as unknown as { text: unknown }).text = 12345;
    expect((await post(JSON.stringify(broken), WEBHOOK_SECRET)).status).toBe(200);
    // Answered, not crashed: the user is told something went wrong.
    await telegram.waitForCall('sendMessage', (call) => call.params.chat_id === 11, 10_000);
    app.child.kill('SIGTERM');
    await app.exited;
    expect(app.output()).toContain('update failed');
    expectNoSecret(app.output());
    expectJsonLines(app.output());
  });

  it('a refused Telegram token, a refused Discord token, and the AI worker losing Redis', async () => {
    telegram = await FakeBotApi.start({ botUsername: 'bashni_test_bot' });
    telegram.failNext('getMe', { error_code: 401, description: 'Unauthorized' });
    const refused = start({ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: telegram.apiRoot });
    expect(await refused.exited).toBe(2);
    expect(refused.output()).toContain('TELEGRAM_BOT_TOKEN was refused');

    discord = await FakeDiscord.start({
      token: 'MTAwMDAwMDAwMDAwMDAwMDAy.OtHeR0.another-token-the-fake-takes',
    });
    const badDiscord = start({
      DISCORD_TOKEN,
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_REST_API: discord.restApi,
    });
    expect(await badDiscord.exited).toBe(2);
    expect(badDiscord.output()).toContain('DISCORD_TOKEN was refused');

    const worker = start(
      { REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'secrets-worker:', AI_MODE: 'queue' },
      'src/worker.ts',
    );
    await outputMatches(worker, /AI worker/, 30_000);
    await redis.stop();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await redis.restart();
    worker.child.kill('SIGTERM');
    await worker.exited;

    for (const app of [refused, badDiscord, worker]) {
      expectNoSecret(app.output());
      expectJsonLines(app.output());
    }
  });
});
