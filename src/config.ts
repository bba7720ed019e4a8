import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { parseVariant, type VariantId } from './engine/index.js';
import { DAYS_PER_MOVE } from './game/model.js';
import type { RedisNode, RedisTarget } from './store/redis-connection.js';

/** Settings read from the environment once, at start-up. */
export interface Config {
  /** Variant of a new local console game. */
  readonly defaultVariant: VariantId;
  readonly telegram?: {
    readonly token: string;
    readonly apiRoot?: string;
    readonly webhook?: {
      readonly url: URL;
      readonly port: number;
      readonly secret?: string;
      /** An update is answered once handled, or after this long at the latest. */
      readonly answerWithinMs: number;
    };
    /**
     * Pictures served by URL for inline mode (TELEGRAM_MEDIA_URL, public https): on the
     * webhook's server in webhook mode, else on a server of its own on `port` (PORT).
     */
    readonly media?: {
      readonly url: URL;
      readonly port: number;
      /** TELEGRAM_MEDIA_SECRET; the URLs are signed with a key derived from the token without it. */
      readonly secret?: string;
    };
  };
  readonly discord?: {
    readonly token: string;
    /** The application (client) id the slash commands belong to. */
    readonly applicationId: string;
    /** Commands registered in this guild only (they appear at once; for testing). */
    readonly guildId?: string;
    /** Another REST API root (tests, proxies); undefined: discord.js's own. */
    readonly restApi?: string;
    /**
     * The gateway shards this process runs, of `count` (Discord splits servers among shards;
     * each bot process may run some): undefined runs one shard, as small bots do.
     */
    readonly shards?: { readonly ids: readonly number[]; readonly count: number };
    /**
     * Whether to ask Discord for members leaving servers (the privileged Server Members intent,
     * switched on in the developer portal): a member who leaves withdraws from tournaments.
     */
    readonly memberEvents: boolean;
  };
  /**
   * The board page (WEB_URL, the public base URL it is served under, https; HTTPS in front of
   * PORT in production): the live board of every game, opened from the chats.
   */
  readonly web?: {
    readonly url: URL;
    readonly port: number;
    /** WEB_SECRET: signs the page's sessions and links; else derived from a bot token. */
    readonly secret?: string;
    /** TELEGRAM_MINI_APP: the Mini App's short name (BotFather's /newapp), for t.me links in groups. */
    readonly miniApp?: string;
  };
  /**
   * Redis: one server (REDIS_URL, which carries any password) or a Redis Cluster
   * (REDIS_CLUSTER_NODES, with REDIS_USERNAME and REDIS_PASSWORD); REDIS_KEY_PREFIX.
   */
  readonly redis?: { readonly target: RedisTarget; readonly keyPrefix: string };
  /** How long finished games and closed challenges are kept. */
  readonly retentionDays: number;
  /** Worker threads searching the bot's moves (in this process, or in each `npm run worker`). */
  readonly aiThreads: number;
  /** Game reviews (/review) searching at once in a bot process; others wait their turn. */
  readonly reviewConcurrency: number;
  /**
   * Where the bot's moves are searched: 'local' (this process's worker threads) or 'queue'
   * (worker processes, `npm run worker`, on the same Redis), waiting `timeoutSeconds` at most;
   * a move no worker has taken after `fallbackSeconds` is searched by the bot process itself.
   */
  readonly ai:
    | { readonly mode: 'local' }
    | { readonly mode: 'queue'; readonly timeoutSeconds: number; readonly fallbackSeconds: number };
  /** Worker threads drawing board images. */
  readonly renderThreads: number;
  /**
   * Seconds an AI or render thread of a bot process may stay idle before it is stopped (the
   * next search or board starts one again); 0 keeps them running.
   */
  readonly threadIdleSeconds: number;
  /** How long start-up waits for the Bot API and Redis before giving up (unless --wait). */
  readonly startupTimeoutSeconds: number;
  /** How long a stop (SIGTERM, SIGINT) may take to finish the work in flight. */
  readonly shutdownTimeoutSeconds: number;
  /**
   * Store faults within this many seconds count together towards `failing`, and the store is
   * ok again only after as long without one (STORE_HEALTH_WINDOW_SECONDS).
   */
  readonly storeHealthWindowSeconds: number;
  /**
   * Days an active game may go without a change before it ends as abandoned; more than the
   * longest time per move, so that a game with a clock ends on time first.
   */
  readonly idleGameDays: number;
  /**
   * Port of GET /healthz and GET /metrics (their own small server, in polling and webhook mode
   * alike); 0 turns it off.
   */
  readonly metricsPort: number;
  /**
   * The interface /healthz and /metrics listen on (METRICS_HOST, an address of this machine);
   * undefined: all of them (a container's port is mapped from outside).
   */
  readonly metricsHost?: string;
  /** The least severe log level written (LOG_LEVEL). */
  readonly logLevel: LogLevel;
}

/** pino's levels, most severe last but one ("silent" writes nothing). */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The Prometheus port convention of exporters of this kind. */
export const DEFAULT_METRICS_PORT = 9464;

/**
 * Board drawing is what limits a busy bot (npm run bench:load: ~150 updates/s with one render
 * thread on two cores, ~250 with two), so two threads where there are two cores.
 */
export const DEFAULT_RENDER_THREADS = Math.min(2, availableParallelism());

/**
 * A thread idle this long is stopped: its memory (tens of MB once it has drawn or searched) is
 * worth more than the start of the next one (npm run bench:memory prints both).
 */
export const DEFAULT_THREAD_IDLE_SECONDS = 60;

/** IDLE_GAME_DAYS's least value: a day more than the longest time per move. */
export const MIN_IDLE_GAME_DAYS = Math.max(...DAYS_PER_MOVE) + 1;

/** How long a bot process's AI and render threads may idle (THREAD_IDLE_SECONDS; 0: forever). */
export function threadIdleMs(config: Config): number | undefined {
  return config.threadIdleSeconds === 0 ? undefined : config.threadIdleSeconds * 1000;
}

/** A setting with a bad value: the message names the variable. */
export class ConfigError extends Error {}

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function integer(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const text = optional(env, name);
  if (text === undefined) return fallback;
  // Decimal digits only: Number() would also take 0x2, 1e3, 0b10 and " 2 ".
  const value = /^-?\d{1,16}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${text}"`);
  }
  return value;
}

function url(name: string, text: string, protocols: readonly string[]): URL {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw new ConfigError(`${name} is not a URL: "${text}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(
      `${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}, got "${text}"`,
    );
  }
  return parsed;
}

/** AI_MODE: local threads (the default), or a queue that worker processes take (Redis only). */
function aiConfig(env: NodeJS.ProcessEnv, hasRedis: boolean): Config['ai'] {
  const mode = optional(env, 'AI_MODE') ?? 'local';
  if (mode === 'local') {
    for (const name of ['AI_QUEUE_TIMEOUT_SECONDS', 'AI_QUEUE_FALLBACK_SECONDS'])
      if (optional(env, name) !== undefined)
        throw new ConfigError(`${name} is set but AI_MODE is not queue`);
    return { mode };
  }
  if (mode !== 'queue') throw new ConfigError(`AI_MODE must be local or queue, got "${mode}"`);
  if (!hasRedis)
    throw new ConfigError(
      'AI_MODE=queue needs REDIS_URL or REDIS_CLUSTER_NODES (the queue lives in Redis)',
    );
  return {
    mode,
    timeoutSeconds: integer(env, 'AI_QUEUE_TIMEOUT_SECONDS', 120, 5, 3600),
    fallbackSeconds: integer(env, 'AI_QUEUE_FALLBACK_SECONDS', 10, 1, 3600),
  };
}

/** A Discord id (a "snowflake"): 17 to 20 digits. */
export function isSnowflake(text: string): boolean {
  return /^\d{17,20}$/.test(text);
}

/** The Discord settings: all of them need DISCORD_TOKEN, and the token needs the application id. */
function discordConfig(env: NodeJS.ProcessEnv): Config['discord'] {
  const token = optional(env, 'DISCORD_TOKEN');
  if (token === undefined) {
    for (const name of [
      'DISCORD_APPLICATION_ID',
      'DISCORD_GUILD_ID',
      'DISCORD_REST_API',
      'DISCORD_SHARD_COUNT',
      'DISCORD_SHARD_IDS',
      'DISCORD_MEMBER_EVENTS',
    ]) {
      if (optional(env, name) !== undefined)
        throw new ConfigError(`${name} is set but DISCORD_TOKEN is not`);
    }
    return undefined;
  }
  // A bot token is three base64url parts joined by dots (the bot's id, a timestamp, an HMAC).
  if (!/^[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$/.test(token)) {
    throw new ConfigError(
      'DISCORD_TOKEN does not look like a bot token from the Discord developer portal (three parts joined by dots)',
    );
  }
  const applicationId = optional(env, 'DISCORD_APPLICATION_ID');
  if (applicationId === undefined)
    throw new ConfigError('DISCORD_APPLICATION_ID must be set with DISCORD_TOKEN');
  const snowflake = (name: string, value: string) => {
    if (!isSnowflake(value))
      throw new ConfigError(`${name} must be a Discord id (17 to 20 digits), got "${value}"`);
    return value;
  };
  snowflake('DISCORD_APPLICATION_ID', applicationId);
  const guildText = optional(env, 'DISCORD_GUILD_ID');
  const guildId = guildText === undefined ? undefined : snowflake('DISCORD_GUILD_ID', guildText);
  const restText = optional(env, 'DISCORD_REST_API');
  const restApi =
    restText === undefined
      ? undefined
      : url('DISCORD_REST_API', restText, ['http:', 'https:']).href.replace(/\/$/, '');
  const membersText = optional(env, 'DISCORD_MEMBER_EVENTS')?.toLowerCase();
  if (membersText !== undefined && !['true', 'false', '1', '0'].includes(membersText))
    throw new ConfigError(
      `DISCORD_MEMBER_EVENTS must be true or false, got "${optional(env, 'DISCORD_MEMBER_EVENTS')}"`,
    );
  const memberEvents = membersText === 'true' || membersText === '1';
  return { token, applicationId, guildId, restApi, shards: discordShards(env), memberEvents };
}

/** DISCORD_SHARD_COUNT and DISCORD_SHARD_IDS ("0,1"; default: every shard of the count). */
function discordShards(env: NodeJS.ProcessEnv): NonNullable<Config['discord']>['shards'] {
  const idsText = optional(env, 'DISCORD_SHARD_IDS');
  if (optional(env, 'DISCORD_SHARD_COUNT') === undefined) {
    if (idsText !== undefined)
      throw new ConfigError('DISCORD_SHARD_IDS is set but DISCORD_SHARD_COUNT is not');
    return undefined;
  }
  const count = integer(env, 'DISCORD_SHARD_COUNT', 1, 1, 4096);
  if (idsText === undefined) return { ids: Array.from({ length: count }, (_, i) => i), count };
  const ids = idsText.split(',').map((part) => part.trim());
  if (
    ids.some((id) => !/^\d+$/.test(id) || Number(id) >= count) ||
    new Set(ids).size !== ids.length
  )
    throw new ConfigError(
      `DISCORD_SHARD_IDS must list different shard numbers below DISCORD_SHARD_COUNT (${count}), e.g. 0,1; got "${idsText}"`,
    );
  return { ids: ids.map(Number), count };
}

/**
 * WEB_URL: https, or http on this machine only (trying the page locally); no query or fragment
 * (the page and its API live under its path).
 */
function webConfig(env: NodeJS.ProcessEnv): Config['web'] {
  const text = optional(env, 'WEB_URL');
  const secret = optional(env, 'WEB_SECRET');
  const miniApp = optional(env, 'TELEGRAM_MINI_APP');
  if (text === undefined) {
    for (const [name, value] of [
      ['WEB_SECRET', secret],
      ['TELEGRAM_MINI_APP', miniApp],
    ])
      if (value !== undefined) throw new ConfigError(`${name} is set but WEB_URL is not`);
    return undefined;
  }
  const parsed = url('WEB_URL', text, ['https:', 'http:']);
  if (parsed.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname))
    throw new ConfigError(
      `WEB_URL must be https (Telegram opens Mini Apps over https only), got "${text}"`,
    );
  if (parsed.search !== '' || parsed.hash !== '')
    throw new ConfigError(`WEB_URL may not carry a query or a fragment, got "${text}"`);
  if (secret !== undefined && secret.length < 16)
    throw new ConfigError('WEB_SECRET must be at least 16 characters');
  if (miniApp !== undefined && !/^[A-Za-z0-9_]{3,30}$/.test(miniApp))
    throw new ConfigError(
      `TELEGRAM_MINI_APP must be the Mini App's short name (3-30 letters, digits, _), got "${miniApp}"`,
    );
  return { url: parsed, port: integer(env, 'PORT', 8080, 1, 65535), secret, miniApp };
}

function metricsPort(env: NodeJS.ProcessEnv, httpPort: number | undefined): number {
  const port = integer(env, 'METRICS_PORT', DEFAULT_METRICS_PORT, 0, 65535);
  if (port !== 0 && port === httpPort)
    throw new ConfigError(
      `METRICS_PORT must differ from PORT (the webhook's, the pictures' and the board page's), both are ${port}`,
    );
  return port;
}

/** METRICS_HOST: an IP address or a host name (whether it is this machine's, listening tells). */
function metricsHost(env: NodeJS.ProcessEnv, port: number): string | undefined {
  const host = optional(env, 'METRICS_HOST');
  if (host === undefined) return undefined;
  if (port === 0) throw new ConfigError('METRICS_HOST is set but METRICS_PORT is 0 (no server)');
  if (isIP(host) === 0 && !/^[A-Za-z0-9]([A-Za-z0-9.-]{0,252})$/.test(host))
    throw new ConfigError(
      `METRICS_HOST must be an IP address or a host name (e.g. 127.0.0.1), got "${host}"`,
    );
  return host;
}

function logLevel(env: NodeJS.ProcessEnv): LogLevel {
  const text = optional(env, 'LOG_LEVEL') ?? 'info';
  const level = LOG_LEVELS.find((name) => name === text.toLowerCase());
  if (level === undefined)
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${text}"`);
  return level;
}

/** One "host:port" of REDIS_CLUSTER_NODES. */
function clusterNode(text: string): RedisNode {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(text);
  const port = Number(match?.[2]);
  if (match === null || port < 1 || port > 65535)
    throw new ConfigError(
      `REDIS_CLUSTER_NODES must list host:port pairs joined by commas (e.g. 10.0.0.1:7000,10.0.0.2:7000), got "${text}"`,
    );
  const host = match[1]!.replace(/^\[(.*)\]$/, '$1');
  return { host, port };
}

/** REDIS_URL or REDIS_CLUSTER_NODES (not both), and REDIS_KEY_PREFIX. */
function redisConfig(env: NodeJS.ProcessEnv): Config['redis'] {
  const redisUrl = optional(env, 'REDIS_URL');
  const nodesText = optional(env, 'REDIS_CLUSTER_NODES');
  const username = optional(env, 'REDIS_USERNAME');
  const password = optional(env, 'REDIS_PASSWORD');
  if (redisUrl !== undefined && nodesText !== undefined)
    throw new ConfigError(
      'REDIS_URL and REDIS_CLUSTER_NODES are both set: one Redis server, or the nodes of a Redis Cluster, not both',
    );
  if (nodesText === undefined)
    for (const [name, value] of [
      ['REDIS_USERNAME', username],
      ['REDIS_PASSWORD', password],
    ] as const)
      if (value !== undefined)
        throw new ConfigError(
          redisUrl === undefined
            ? `${name} is set but REDIS_CLUSTER_NODES is not`
            : `${name} is for REDIS_CLUSTER_NODES; with REDIS_URL the URL carries it (redis://user:password@host:port)`,
        );
  let target: RedisTarget;
  if (redisUrl !== undefined) {
    url('REDIS_URL', redisUrl, ['redis:', 'rediss:']);
    target = { kind: 'single', url: redisUrl };
  } else if (nodesText !== undefined) {
    const nodes = nodesText.split(',').map((part) => clusterNode(part.trim()));
    target = {
      kind: 'cluster',
      nodes,
      ...(username === undefined ? {} : { username }),
      ...(password === undefined ? {} : { password }),
    };
  } else {
    return undefined;
  }
  const keyPrefix = optional(env, 'REDIS_KEY_PREFIX') ?? 'bashni:';
  if (!/^[A-Za-z0-9_:.-]{1,64}$/.test(keyPrefix))
    throw new ConfigError(
      'REDIS_KEY_PREFIX may hold only letters, digits and _ : . - (no braces: the keys put their hash tags after it)',
    );
  return { target, keyPrefix };
}

/** Reads and checks the configuration; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  let defaultVariant: VariantId = 'bashni';
  const variantText = optional(env, 'DEFAULT_VARIANT');
  if (variantText !== undefined) {
    const variant = parseVariant(variantText);
    if (!variant.ok) throw new ConfigError(`DEFAULT_VARIANT: ${variant.error.message}`);
    defaultVariant = variant.value.id;
  }

  let telegram: Config['telegram'];
  const token = optional(env, 'TELEGRAM_BOT_TOKEN');
  if (token !== undefined) {
    if (!/^\d{3,20}:[A-Za-z0-9_-]{20,}$/.test(token)) {
      throw new ConfigError(
        'TELEGRAM_BOT_TOKEN does not look like a bot token from @BotFather (digits:letters)',
      );
    }
    const apiRootText = optional(env, 'TELEGRAM_API_ROOT');
    const apiRoot =
      apiRootText === undefined
        ? undefined
        : url('TELEGRAM_API_ROOT', apiRootText, ['http:', 'https:']).href.replace(/\/$/, '');
    const webhookText = optional(env, 'TELEGRAM_WEBHOOK_URL');
    const webhook =
      webhookText === undefined
        ? undefined
        : {
            url: url('TELEGRAM_WEBHOOK_URL', webhookText, ['https:']),
            port: integer(env, 'PORT', 8080, 1, 65535),
            secret: optional(env, 'TELEGRAM_WEBHOOK_SECRET'),
            answerWithinMs: integer(env, 'TELEGRAM_WEBHOOK_ANSWER_SECONDS', 10, 1, 60) * 1000,
          };
    if (webhook?.secret !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(webhook.secret)) {
      throw new ConfigError(
        'TELEGRAM_WEBHOOK_SECRET may hold only letters, digits, _ and - (1-256 characters)',
      );
    }
    const mediaText = optional(env, 'TELEGRAM_MEDIA_URL');
    const mediaSecret = optional(env, 'TELEGRAM_MEDIA_SECRET');
    if (mediaSecret !== undefined && mediaSecret.length < 16)
      throw new ConfigError('TELEGRAM_MEDIA_SECRET must be at least 16 characters');
    const media =
      mediaText === undefined
        ? undefined
        : {
            url: url('TELEGRAM_MEDIA_URL', mediaText, ['https:']),
            port: webhook?.port ?? integer(env, 'PORT', 8080, 1, 65535),
            secret: mediaSecret,
          };
    telegram = { token, apiRoot, webhook, media };
  } else {
    for (const name of ['TELEGRAM_API_ROOT', 'TELEGRAM_WEBHOOK_URL', 'TELEGRAM_MEDIA_URL']) {
      if (optional(env, name) !== undefined)
        throw new ConfigError(`${name} is set but TELEGRAM_BOT_TOKEN is not`);
    }
  }

  const redis = redisConfig(env);
  const web = webConfig(env);
  if (web?.miniApp !== undefined && telegram === undefined)
    throw new ConfigError('TELEGRAM_MINI_APP is set but TELEGRAM_BOT_TOKEN is not');
  const httpPort = telegram?.webhook?.port ?? telegram?.media?.port ?? web?.port;

  return {
    defaultVariant,
    telegram,
    discord: discordConfig(env),
    web,
    redis,
    retentionDays: integer(env, 'RETENTION_DAYS', 90, 1, 3650),
    aiThreads: integer(env, 'AI_THREADS', 1, 1, 16),
    reviewConcurrency: integer(env, 'REVIEW_CONCURRENCY', 1, 1, 16),
    ai: aiConfig(env, redis !== undefined),
    renderThreads: integer(env, 'RENDER_THREADS', DEFAULT_RENDER_THREADS, 1, 16),
    threadIdleSeconds: integer(env, 'THREAD_IDLE_SECONDS', DEFAULT_THREAD_IDLE_SECONDS, 0, 86_400),
    startupTimeoutSeconds: integer(env, 'STARTUP_TIMEOUT_SECONDS', 60, 1, 3600),
    shutdownTimeoutSeconds: integer(env, 'SHUTDOWN_TIMEOUT_SECONDS', 10, 1, 600),
    storeHealthWindowSeconds: integer(env, 'STORE_HEALTH_WINDOW_SECONDS', 15, 1, 600),
    idleGameDays: integer(env, 'IDLE_GAME_DAYS', 30, MIN_IDLE_GAME_DAYS, 3650),
    metricsPort: metricsPort(env, httpPort),
    metricsHost: metricsHost(env, metricsPort(env, undefined)),
    logLevel: logLevel(env),
  };
}
