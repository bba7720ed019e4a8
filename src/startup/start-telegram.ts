/** The Telegram bot of a bot process: its adapter on the shared parts, and its intake. */
import type { Server } from 'node:http';
import type { UserFromGetMe } from 'grammy/types';
import {
  createTelegramBot,
  registerCommands as registerTelegramCommands,
} from '../adapters/telegram/bot.js';
import { ChatState } from '../adapters/telegram/chat-state.js';
import { MediaLinks, mediaKey, mediaRoute } from '../adapters/telegram/media.js';
import { startTelegram as startIntake, webhookSecret } from '../adapters/telegram/run.js';
import type { Config } from '../config.js';
import { bestEffort } from '../game/logger.js';
import { systemClock } from '../game/ports.js';
import { botApiErrors } from './metrics.js';
import { startDailyPoster, type PlatformBot, type PlatformDeps } from './platform.js';
import { together } from './shutdown.js';
import { firstRoute } from '../web/http.js';
import type { BoardPage } from '../adapters/telegram/board-page-button.js';

export interface TelegramStart {
  readonly config: NonNullable<Config['telegram']>;
  /** The bot, known from the start-up check of the Bot API. */
  readonly botInfo: UserFromGetMe;
  /** The bound port of the webhook, the pictures and the board page, if any is configured. */
  readonly server?: Server;
  /** Where the board page is, for the buttons under the boards. */
  readonly page?: BoardPage;
}

export function startTelegram(deps: PlatformDeps, start: TelegramStart): PlatformBot {
  const { config: telegram, server } = start;
  const { service, puzzles, kv, logger, metrics } = deps;
  const { painter, reviewPainter } = deps.painters;
  const log = logger.child({ component: 'telegram' });
  // Inline mode: its cards are signed, its pictures served by signed URL (media.ts).
  const mediaSigning = mediaKey(telegram.token, telegram.media?.secret);
  const mediaLinks =
    telegram.media === undefined ? undefined : new MediaLinks(telegram.media.url, mediaSigning);
  if (mediaLinks === undefined)
    logger.info(
      'telegram: inline mode answers with a button only: it needs TELEGRAM_MEDIA_URL (a public https URL the bot serves its pictures at)',
    );
  const app = createTelegramBot(
    telegram.token,
    { service, puzzles, chats: new ChatState(kv, log), clock: systemClock, logger },
    {
      apiRoot: telegram.apiRoot,
      painter,
      publish: deps.dispatch,
      transformers: [botApiErrors(metrics)],
      reviewPainter,
      inline: { key: mediaSigning, media: mediaLinks },
      boardPage: start.page,
    },
  );
  metrics.followUpdates('telegram', () => app.pipeline.handled);
  const { bot, presenter } = app;
  // Known from the start-up check: grammY's own getMe in bot.init() would retry unreachable
  // APIs forever, silently.
  bot.botInfo = start.botInfo;

  return {
    platform: 'telegram',
    present: (events) => presenter.handle(events),
    start: async () => {
      await bestEffort(
        logger,
        'could not register the command menu',
        registerTelegramCommands(bot.api),
      );
      const webhook = telegram.webhook;
      const stopTelegram = await startIntake(
        bot.api,
        app.pipeline,
        {
          webhook:
            webhook === undefined
              ? undefined
              : { ...webhook, secret: webhookSecret(telegram.token, webhook.secret) },
          server,
          routes: firstRoute([
            ...(mediaLinks === undefined
              ? []
              : [mediaRoute({ links: mediaLinks, painter, logger: log })]),
            ...(deps.web === undefined ? [] : [deps.web.route]),
          ]),
        },
        log,
      );
      // Boards a previous process did not bring up to date (it died first), and now and then
      // boards whose delivery failed.
      const recover = () =>
        bestEffort(logger, 'could not recover boards', presenter.recoverPending());
      void recover();
      const sweep = setInterval(() => void recover(), 60_000);
      sweep.unref();
      const poster = startDailyPoster(deps, 'telegram', app.postDaily);
      return {
        running: `Telegram @${bot.botInfo.username} (${webhook === undefined ? 'long polling' : 'webhook'})`,
        receiving: () => stopTelegram.receiving(),
        stopIntake: async () => {
          clearInterval(sweep);
          await together([() => poster.stop(), stopTelegram]);
        },
        close: (timeoutMs) => app.close(timeoutMs),
      };
    },
  };
}
