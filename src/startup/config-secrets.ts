/** Every secret of the configuration, registered so that no log line shows one (logging.ts). */
import { webhookSecret } from '../adapters/telegram/run.js';
import type { Config } from '../config.js';
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
  processSecrets.add(...urlSecrets(redis?.url));
}
