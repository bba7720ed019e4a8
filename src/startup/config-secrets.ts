/** Every secret of the configuration, registered so that no log line shows one (logging.ts). */
import { webhookSecret } from '../adapters/telegram/run.js';
import type { Config } from '../config.js';
import type { RedisTarget } from '../store/redis-connection.js';
import { processSecrets } from './logging.js';
import { urlSecrets } from './redaction.js';

export function registerSecrets(config: Config): void {
  const { telegram, discord, redis } = config;
  if (telegram !== undefined) {
    processSecrets.add(
      telegram.token,
      telegram.token.slice(telegram.token.indexOf(':') + 1),
      telegram.webhook?.secret,
      webhookSecret(telegram.token, telegram.webhook?.secret),
      telegram.media?.secret,
    );
  }
  if (discord !== undefined) processSecrets.add(discord.token);
  processSecrets.add(config.web?.secret);
  processSecrets.add(...redisSecrets(redis?.target));
}

/** The secrets of where Redis is: a URL's password, or a cluster's. */
export function redisSecrets(target: RedisTarget | undefined): string[] {
  if (target === undefined) return [];
  if (target.kind === 'single') return urlSecrets(target.url);
  return target.password === undefined ? [] : [target.password];
}
