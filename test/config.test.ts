import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_METRICS_PORT,
  DEFAULT_RENDER_THREADS,
  DEFAULT_THREAD_IDLE_SECONDS,
  loadConfig,
} from '../src/config.js';
import { VARIANT_IDS } from '../src/engine/index.js';
import { TABLE_VARIANT_IDS } from '../src/engine/multi/index.js';
import { ROOT } from './support/start-app.js';

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
// The shape of a Discord bot token (made up): base64url id, timestamp, HMAC.
const DISCORD = 'MTEyMzQ1Njc4OTAxMjM0NTY3OA.GaBcDe.abcdefghijklmnopqrstuvwxyz_-0123456789';
const APP = '1123456789012345678';

describe('configuration', () => {
  it('runs on embedded defaults with nothing set', () => {
    expect(loadConfig({})).toEqual({
      defaultVariant: 'bashni',
      telegram: undefined,
      discord: undefined,
      web: undefined,
      redis: undefined,
      retentionDays: 90,
      aiThreads: 1,
      reviewConcurrency: 1,
      ai: { mode: 'local' },
      renderThreads: DEFAULT_RENDER_THREADS,
      threadIdleSeconds: DEFAULT_THREAD_IDLE_SECONDS,
      startupTimeoutSeconds: 60,
      shutdownTimeoutSeconds: 10,
      storeHealthWindowSeconds: 15,
      idleGameDays: 30,
      metricsPort: DEFAULT_METRICS_PORT,
      logLevel: 'info',
    });
  });

  it('reads the store health window (STORE_HEALTH_WINDOW_SECONDS, 1 to 600)', () => {
    expect(loadConfig({ STORE_HEALTH_WINDOW_SECONDS: '3' }).storeHealthWindowSeconds).toBe(3);
    for (const bad of ['0', '601', 'soon'])
      expect(() => loadConfig({ STORE_HEALTH_WINDOW_SECONDS: bad }), bad).toThrow(
        /^STORE_HEALTH_WINDOW_SECONDS must be a whole/,
      );
  });

  it('reads the metrics port (0 turns it off) and the log level', () => {
    expect(loadConfig({ METRICS_PORT: '0', LOG_LEVEL: 'DEBUG' })).toMatchObject({
      metricsPort: 0,
      logLevel: 'debug',
    });
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/^METRICS_PORT must be a whole/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/^LOG_LEVEL must be one of trace/);
    expect(() =>
      loadConfig({
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_WEBHOOK_URL: 'https://bot.example.org/hook',
        PORT: '9000',
        METRICS_PORT: '9000',
      }),
    ).toThrow('METRICS_PORT must differ from PORT');
  });

  it('reads the interface of /healthz and /metrics (METRICS_HOST)', () => {
    expect(loadConfig({}).metricsHost).toBeUndefined();
    expect(loadConfig({ METRICS_HOST: '127.0.0.1' }).metricsHost).toBe('127.0.0.1');
    expect(loadConfig({ METRICS_HOST: '::1' }).metricsHost).toBe('::1');
    expect(loadConfig({ METRICS_HOST: 'metrics.internal' }).metricsHost).toBe('metrics.internal');
    expect(() => loadConfig({ METRICS_HOST: 'http://x' })).toThrow(/^METRICS_HOST must be/);
    expect(() => loadConfig({ METRICS_HOST: '127.0.0.1', METRICS_PORT: '0' })).toThrow(
      'METRICS_HOST is set but METRICS_PORT is 0',
    );
  });

  it.each(['0x2', '2e0', '0b10', '0o2', '+2', '2.0', '２'])(
    'takes whole numbers in decimal digits only: AI_THREADS=%s is refused',
    (text) => {
      expect(() => loadConfig({ AI_THREADS: text })).toThrow(
        `AI_THREADS must be a whole number from 1 to 16, got "${text}"`,
      );
    },
  );

  it('reads Telegram, webhook and Redis settings', () => {
    const config = loadConfig({
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: 'http://127.0.0.1:8081/',
      TELEGRAM_WEBHOOK_URL: 'https://bot.example.org/telegram',
      PORT: '3000',
      REDIS_URL: 'redis://127.0.0.1:6380/2',
      REDIS_KEY_PREFIX: 'prod:',
      DEFAULT_VARIANT: 'Laska',
    });
    expect(config.telegram?.apiRoot).toBe('http://127.0.0.1:8081');
    expect(config.telegram?.webhook?.url.pathname).toBe('/telegram');
    expect(config.telegram?.webhook?.port).toBe(3000);
    expect(config.telegram?.webhook?.answerWithinMs).toBe(10_000);
    expect(
      loadConfig({
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_WEBHOOK_URL: 'https://bot.example.org/telegram',
        TELEGRAM_WEBHOOK_ANSWER_SECONDS: '25',
      }).telegram?.webhook?.answerWithinMs,
    ).toBe(25_000);
    expect(config.redis).toEqual({
      target: { kind: 'single', url: 'redis://127.0.0.1:6380/2' },
      keyPrefix: 'prod:',
    });
    expect(config.defaultVariant).toBe('laska');
  });

  it('reads a Redis Cluster (REDIS_CLUSTER_NODES), never with REDIS_URL, its password apart', () => {
    expect(
      loadConfig({
        REDIS_CLUSTER_NODES: '10.0.0.1:7000, redis-2.internal:7001,[::1]:7002',
        REDIS_PASSWORD: 's3cret',
      }).redis,
    ).toEqual({
      target: {
        kind: 'cluster',
        nodes: [
          { host: '10.0.0.1', port: 7000 },
          { host: 'redis-2.internal', port: 7001 },
          { host: '::1', port: 7002 },
        ],
        password: 's3cret',
      },
      keyPrefix: 'bashni:',
    });
    expect(() =>
      loadConfig({ REDIS_URL: 'redis://127.0.0.1:6380', REDIS_CLUSTER_NODES: '10.0.0.1:7000' }),
    ).toThrow(/REDIS_URL and REDIS_CLUSTER_NODES are both set/);
    for (const nodes of ['10.0.0.1', '10.0.0.1:0', '10.0.0.1:70000', 'a:1,,b:2', 'x y:1'])
      expect(() => loadConfig({ REDIS_CLUSTER_NODES: nodes }), nodes).toThrow(
        /REDIS_CLUSTER_NODES must list host:port pairs/,
      );
    expect(() => loadConfig({ REDIS_URL: 'redis://h:1', REDIS_PASSWORD: 'x' })).toThrow(
      /the URL carries it/,
    );
    expect(() => loadConfig({ REDIS_PASSWORD: 'x' })).toThrow(/REDIS_CLUSTER_NODES is not/);
    expect(() =>
      loadConfig({ REDIS_CLUSTER_NODES: '10.0.0.1:7000', REDIS_KEY_PREFIX: '{bashni}:' }),
    ).toThrow(/no braces/);
    expect(loadConfig({ REDIS_CLUSTER_NODES: '10.0.0.1:7000', AI_MODE: 'queue' }).ai.mode).toBe(
      'queue',
    );
  });

  it('reads inline mode’s media URL (https only) and secret; its port is PORT, or the webhook’s', () => {
    const polling = loadConfig({
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_MEDIA_URL: 'https://bot.example.org/media',
      TELEGRAM_MEDIA_SECRET: 'a-secret-of-sixteen+',
      PORT: '8443',
    });
    expect(polling.telegram?.media?.url.href).toBe('https://bot.example.org/media');
    expect(polling.telegram?.media?.port).toBe(8443);
    expect(polling.telegram?.media?.secret).toBe('a-secret-of-sixteen+');
    const webhook = loadConfig({
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_WEBHOOK_URL: 'https://bot.example.org/hook',
      TELEGRAM_MEDIA_URL: 'https://bot.example.org/media',
      PORT: '3000',
    });
    expect(webhook.telegram?.media?.port).toBe(3000);
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: TOKEN }).telegram?.media).toBeUndefined();
    expect(() =>
      loadConfig({ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_MEDIA_URL: 'http://bot.example.org/m' }),
    ).toThrow('TELEGRAM_MEDIA_URL');
    expect(() =>
      loadConfig({
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_MEDIA_URL: 'https://bot.example.org/m',
        TELEGRAM_MEDIA_SECRET: 'short',
      }),
    ).toThrow('TELEGRAM_MEDIA_SECRET');
    expect(() => loadConfig({ TELEGRAM_MEDIA_URL: 'https://bot.example.org/m' })).toThrow(
      'TELEGRAM_MEDIA_URL is set but TELEGRAM_BOT_TOKEN is not',
    );
    expect(() =>
      loadConfig({
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_MEDIA_URL: 'https://bot.example.org/m',
        PORT: '9000',
        METRICS_PORT: '9000',
      }),
    ).toThrow('METRICS_PORT must differ from PORT');
  });

  it('sends the bot’s searches to worker processes with AI_MODE=queue', () => {
    const config = loadConfig({ AI_MODE: 'queue', REDIS_URL: 'redis://127.0.0.1:6380' });
    expect(config.ai).toEqual({ mode: 'queue', timeoutSeconds: 120, fallbackSeconds: 10 });
    expect(
      loadConfig({
        AI_MODE: 'queue',
        REDIS_URL: 'redis://x',
        AI_QUEUE_TIMEOUT_SECONDS: '30',
        AI_QUEUE_FALLBACK_SECONDS: '5',
      }).ai,
    ).toEqual({ mode: 'queue', timeoutSeconds: 30, fallbackSeconds: 5 });
  });

  it('reads the Discord shards this process runs', () => {
    const base = { DISCORD_TOKEN: DISCORD, DISCORD_APPLICATION_ID: APP };
    expect(loadConfig(base).discord?.shards).toBeUndefined();
    expect(loadConfig({ ...base, DISCORD_SHARD_COUNT: '3' }).discord?.shards).toEqual({
      ids: [0, 1, 2],
      count: 3,
    });
    expect(
      loadConfig({ ...base, DISCORD_SHARD_COUNT: '4', DISCORD_SHARD_IDS: '1, 3' }).discord?.shards,
    ).toEqual({ ids: [1, 3], count: 4 });
    for (const ids of ['4', '1,1', 'one', '-1'])
      expect(() =>
        loadConfig({ ...base, DISCORD_SHARD_COUNT: '4', DISCORD_SHARD_IDS: ids }),
      ).toThrow(/DISCORD_SHARD_IDS/);
    expect(() => loadConfig({ ...base, DISCORD_SHARD_IDS: '0' })).toThrow(
      /DISCORD_SHARD_IDS is set but DISCORD_SHARD_COUNT is not/,
    );
    expect(() => loadConfig({ DISCORD_SHARD_COUNT: '2' })).toThrow(
      /DISCORD_SHARD_COUNT is set but DISCORD_TOKEN is not/,
    );
  });

  it('reads the Discord settings', () => {
    expect(loadConfig({ DISCORD_TOKEN: DISCORD, DISCORD_APPLICATION_ID: APP }).discord).toEqual({
      token: DISCORD,
      applicationId: APP,
      guildId: undefined,
      restApi: undefined,
      memberEvents: false,
    });
    const config = loadConfig({
      DISCORD_TOKEN: ` ${DISCORD} `,
      DISCORD_APPLICATION_ID: APP,
      DISCORD_GUILD_ID: '98765432109876543',
      DISCORD_REST_API: 'http://127.0.0.1:9000/api/',
    });
    expect(config.discord).toEqual({
      token: DISCORD,
      applicationId: APP,
      guildId: '98765432109876543',
      restApi: 'http://127.0.0.1:9000/api',
      memberEvents: false,
    });
    expect(config.telegram).toBeUndefined();
    const members = { DISCORD_TOKEN: DISCORD, DISCORD_APPLICATION_ID: APP };
    expect(loadConfig({ ...members, DISCORD_MEMBER_EVENTS: 'true' }).discord?.memberEvents).toBe(
      true,
    );
    expect(() => loadConfig({ ...members, DISCORD_MEMBER_EVENTS: 'yes please' })).toThrow(
      /DISCORD_MEMBER_EVENTS must be true or false, got "yes please"/,
    );
    expect(() => loadConfig({ DISCORD_MEMBER_EVENTS: 'true' })).toThrow(
      /DISCORD_MEMBER_EVENTS is set but DISCORD_TOKEN is not/,
    );
  });

  it('reads the start-up timeout, from 1 s to an hour', () => {
    expect(loadConfig({ STARTUP_TIMEOUT_SECONDS: '1' }).startupTimeoutSeconds).toBe(1);
    expect(loadConfig({ STARTUP_TIMEOUT_SECONDS: ' 3600 ' }).startupTimeoutSeconds).toBe(3600);
  });

  it('reads the shutdown deadline and the days after which an idle game ends', () => {
    const config = loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '45', IDLE_GAME_DAYS: '15' });
    expect(config.shutdownTimeoutSeconds).toBe(45);
    expect(config.idleGameDays).toBe(15);
  });

  it.each([
    [{ TELEGRAM_BOT_TOKEN: 'not-a-token' }, /TELEGRAM_BOT_TOKEN/],
    [
      { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_WEBHOOK_URL: 'http://insecure.example.org/x' },
      /TELEGRAM_WEBHOOK_URL must start with https:/,
    ],
    [{ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_WEBHOOK_URL: 'https://x.org/h', PORT: '70000' }, /PORT/],
    [{ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: 'ftp://x' }, /TELEGRAM_API_ROOT/],
    [
      { TELEGRAM_WEBHOOK_URL: 'https://x.org/h' },
      /TELEGRAM_WEBHOOK_URL is set but TELEGRAM_BOT_TOKEN is not/,
    ],
    [{ DISCORD_TOKEN: 'not-a-token', DISCORD_APPLICATION_ID: APP }, /DISCORD_TOKEN/],
    [{ DISCORD_TOKEN: `${DISCORD}.extra`, DISCORD_APPLICATION_ID: APP }, /DISCORD_TOKEN/],
    [{ DISCORD_TOKEN: DISCORD }, /DISCORD_APPLICATION_ID must be set with DISCORD_TOKEN/],
    [{ DISCORD_TOKEN: DISCORD, DISCORD_APPLICATION_ID: '12345' }, /DISCORD_APPLICATION_ID/],
    [{ DISCORD_TOKEN: DISCORD, DISCORD_APPLICATION_ID: `${APP}x` }, /DISCORD_APPLICATION_ID/],
    [
      { DISCORD_TOKEN: DISCORD, DISCORD_APPLICATION_ID: APP, DISCORD_GUILD_ID: 'my-guild' },
      /DISCORD_GUILD_ID/,
    ],
    [
      { DISCORD_TOKEN: DISCORD, DISCORD_APPLICATION_ID: APP, DISCORD_REST_API: 'ws://x/api' },
      /DISCORD_REST_API must start with http:/,
    ],
    [
      { DISCORD_TOKEN: DISCORD, DISCORD_APPLICATION_ID: APP, DISCORD_REST_API: 'not a url' },
      /DISCORD_REST_API is not a URL/,
    ],
    [{ DISCORD_APPLICATION_ID: APP }, /DISCORD_APPLICATION_ID is set but DISCORD_TOKEN is not/],
    [{ DISCORD_GUILD_ID: APP }, /DISCORD_GUILD_ID is set but DISCORD_TOKEN is not/],
    [{ DISCORD_REST_API: 'http://x' }, /DISCORD_REST_API is set but DISCORD_TOKEN is not/],
    [{ REDIS_URL: 'localhost:6379' }, /REDIS_URL/],
    [{ REDIS_URL: 'redis://x', REDIS_KEY_PREFIX: 'bad prefix' }, /REDIS_KEY_PREFIX/],
    [{ DEFAULT_VARIANT: 'chess' }, /DEFAULT_VARIANT/],
    [{ RETENTION_DAYS: '-1' }, /RETENTION_DAYS/],
    [{ AI_THREADS: '0' }, /AI_THREADS/],
    [
      {
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_WEBHOOK_URL: 'https://bot.example.org/t',
        TELEGRAM_WEBHOOK_ANSWER_SECONDS: '90',
      },
      /TELEGRAM_WEBHOOK_ANSWER_SECONDS/,
    ],
    [{ AI_MODE: 'cloud' }, /AI_MODE must be local or queue/],
    [{ AI_MODE: 'queue' }, /AI_MODE=queue needs REDIS_URL/],
    [{ AI_QUEUE_TIMEOUT_SECONDS: '60' }, /AI_QUEUE_TIMEOUT_SECONDS is set but AI_MODE/],
    [
      { AI_MODE: 'queue', REDIS_URL: 'redis://x', AI_QUEUE_TIMEOUT_SECONDS: '1' },
      /AI_QUEUE_TIMEOUT_SECONDS/,
    ],
    [{ AI_QUEUE_FALLBACK_SECONDS: '5' }, /AI_QUEUE_FALLBACK_SECONDS is set but AI_MODE/],
    [
      { AI_MODE: 'queue', REDIS_URL: 'redis://x', AI_QUEUE_FALLBACK_SECONDS: '0' },
      /AI_QUEUE_FALLBACK_SECONDS must be a whole number from 1 to 3600/,
    ],
    [{ RENDER_THREADS: '17' }, /RENDER_THREADS/],
    [{ THREAD_IDLE_SECONDS: '-1' }, /THREAD_IDLE_SECONDS/],
    [{ STARTUP_TIMEOUT_SECONDS: '0' }, /STARTUP_TIMEOUT_SECONDS must be a whole number from 1/],
    [{ STARTUP_TIMEOUT_SECONDS: '3601' }, /STARTUP_TIMEOUT_SECONDS/],
    [{ STARTUP_TIMEOUT_SECONDS: '1.5' }, /STARTUP_TIMEOUT_SECONDS/],
    [{ SHUTDOWN_TIMEOUT_SECONDS: '0' }, /SHUTDOWN_TIMEOUT_SECONDS must be a whole number from 1/],
    [{ SHUTDOWN_TIMEOUT_SECONDS: '601' }, /SHUTDOWN_TIMEOUT_SECONDS/],
    [{ IDLE_GAME_DAYS: '14' }, /IDLE_GAME_DAYS must be a whole number from 15/],
    [{ IDLE_GAME_DAYS: 'soon' }, /IDLE_GAME_DAYS/],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('.env.example lists every variant DEFAULT_VARIANT takes, and says the table games are not one', () => {
    const lines = readFileSync(join(ROOT, '.env.example'), 'utf8').split('\n');
    const at = lines.findIndex((line) => line.startsWith('DEFAULT_VARIANT='));
    let first = at;
    while (lines[first - 1]?.startsWith('#')) first--;
    const comment = lines.slice(first, at).join(' ');
    const named = (id: string) => new RegExp(`(?<![\\w-])${id}(?![\\w-])`).test(comment);
    for (const id of VARIANT_IDS) {
      expect(named(id), `${id} in the DEFAULT_VARIANT comment`).toBe(true);
      expect(loadConfig({ DEFAULT_VARIANT: id }).defaultVariant).toBe(id);
    }
    for (const id of TABLE_VARIANT_IDS) {
      expect(named(id), `${id} in the DEFAULT_VARIANT comment`).toBe(true);
      expect(() => loadConfig({ DEFAULT_VARIANT: id })).toThrow(ConfigError);
    }
  });

  it('reads the board page settings, and refuses what cannot work', () => {
    const web = loadConfig({
      TELEGRAM_BOT_TOKEN: TOKEN,
      WEB_URL: 'https://bot.example/bashni',
      TELEGRAM_MINI_APP: 'board',
      PORT: '8443',
    }).web;
    expect(web).toMatchObject({ port: 8443, miniApp: 'board' });
    expect(web?.url.href).toBe('https://bot.example/bashni');
    expect(loadConfig({ WEB_URL: 'http://localhost:8080' }).web?.url.port).toBe('8080');
    for (const [env, message] of [
      [{ WEB_URL: 'http://bot.example' }, 'WEB_URL must be https'],
      [{ WEB_URL: 'https://bot.example/?x=1' }, 'may not carry a query'],
      [{ WEB_URL: 'https://bot.example', WEB_SECRET: 'short' }, 'WEB_SECRET must be at least 16'],
      [{ WEB_URL: 'https://bot.example', TELEGRAM_MINI_APP: 'board' }, 'TELEGRAM_BOT_TOKEN is not'],
      [{ TELEGRAM_MINI_APP: 'board' }, 'WEB_URL is not'],
      [
        { WEB_URL: 'https://bot.example', PORT: '9464', METRICS_PORT: '9464' },
        'METRICS_PORT must differ',
      ],
    ] as const)
      expect(() => loadConfig(env), message).toThrow(message);
  });
});
