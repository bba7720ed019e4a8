import { createServer, type Server } from 'node:http';
import { run, type RunnerHandle } from '@grammyjs/runner';
import { webhookCallback, type Bot } from 'grammy';
import type { Logger } from '../../game/service.js';

export interface TelegramTransport {
  /** Webhook mode when set; long polling otherwise. */
  readonly webhook?: { readonly url: URL; readonly port: number; readonly secret?: string };
}

/**
 * Starts receiving updates: long polling through grammY's runner (updates of one chat in
 * order, chats concurrently — see the sequentialize middleware in bot.ts), or a webhook served
 * by node:http at the URL's path. Returns a function that stops it.
 */
export async function startTelegram(
  bot: Bot,
  transport: TelegramTransport,
  logger: Logger,
): Promise<() => Promise<void>> {
  if (transport.webhook === undefined) {
    await bot.api.deleteWebhook();
    const runner: RunnerHandle = run(bot);
    return async () => {
      if (runner.isRunning()) await runner.stop();
    };
  }
  const { url, port, secret } = transport.webhook;
  const handle = webhookCallback(bot, 'http', { secretToken: secret });
  const server: Server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== url.pathname) {
      response.writeHead(404).end();
      return;
    }
    handle(request, response).catch((error: unknown) => {
      logger.error('telegram: webhook request failed', { error: String(error) });
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, resolve));
  await bot.api.setWebhook(url.href, { secret_token: secret });
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
