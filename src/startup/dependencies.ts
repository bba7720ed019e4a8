/**
 * What the Telegram bot waits for at start-up, as Dependency values for waitFor: the Bot API
 * (its getMe answer is the bot's identity) and Redis. Names and reasons never show the token or
 * a Redis password.
 */
import type { UserFromGetMe } from 'grammy/types';
import {
  DEFAULT_API_ROOT,
  describeBotApiError,
  fetchBotInfo,
  isTokenRefused,
} from '../adapters/telegram/bot-info.js';
import { ConfigError } from '../config.js';
import { isRedisAuthError, pingRedis } from '../store/redis-probe.js';
import { describeTarget, type RedisTarget } from '../store/redis-connection.js';
import { describeError, redactUrl, type Dependency } from './wait.js';

/** The Bot API at `apiRoot` (Telegram's own by default); a refused token is a ConfigError. */
export function botApiDependency(
  token: string,
  apiRoot: string | undefined,
): Dependency<UserFromGetMe> {
  return {
    name: `the Telegram Bot API at ${redactUrl(apiRoot ?? DEFAULT_API_ROOT)}`,
    attempt: (timeoutMs) => fetchBotInfo(token, { apiRoot, timeoutMs }),
    describe: (error) => describeBotApiError(error, token),
    permanent: (error) =>
      isTokenRefused(error)
        ? new ConfigError(`TELEGRAM_BOT_TOKEN was refused by the Bot API (${error.description})`)
        : undefined,
  };
}

/** Redis (one server or a cluster); refused credentials are a ConfigError. */
export function redisDependency(target: RedisTarget): Dependency<void> {
  const setting = target.kind === 'single' ? 'REDIS_URL' : 'REDIS_PASSWORD';
  return {
    name: target.kind === 'single' ? `Redis at ${redactUrl(target.url)}` : describeTarget(target),
    attempt: (timeoutMs) => pingRedis(target, timeoutMs),
    describe: describeError,
    permanent: (error) =>
      isRedisAuthError(error)
        ? new ConfigError(`${setting}: Redis refused the connection (${describeError(error)})`)
        : undefined,
  };
}

/** Discord's REST API when DISCORD_REST_API is not set. */
export const DISCORD_API = 'https://discord.com/api';

class DiscordRefused extends Error {
  constructor(readonly status: number) {
    super(`Discord answered ${status}`);
  }
}

/** Discord's REST API (the gateway's address is asked there too); a refused token stops. */
export function discordDependency(token: string, restApi: string | undefined): Dependency<void> {
  const base = restApi ?? DISCORD_API;
  return {
    name: `Discord at ${redactUrl(base)}`,
    attempt: async (timeoutMs) => {
      const response = await fetch(`${base}/v10/gateway/bot`, {
        headers: { authorization: `Bot ${token}` },
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (!response.ok) throw new DiscordRefused(response.status);
    },
    describe: (error) =>
      error instanceof DiscordRefused ? error.message : describeError(error).replace(token, '…'),
    permanent: (error) =>
      error instanceof DiscordRefused && error.status === 401
        ? new ConfigError('DISCORD_TOKEN was refused by Discord (401 Unauthorized)')
        : undefined,
  };
}
