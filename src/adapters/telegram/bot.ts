import { autoRetry } from '@grammyjs/auto-retry';
import { sequentialize } from '@grammyjs/runner';
import { apiThrottler } from '@grammyjs/transformer-throttler';
import { Bot, type Api, type Context } from 'grammy';
import { messages, type CommandName } from '../../i18n/index.js';
import { languageFor } from '../../i18n/index.js';
import type { Clock } from '../../game/ports.js';
import type { GameService, Logger } from '../../game/service.js';
import type { ChatState } from './chat-state.js';
import type { TelegramDeps } from './deps.js';
import { TelegramPresenter } from './presenter.js';
import { botGameFeature } from './features/bot-games.js';
import { challengeFeature } from './features/challenges.js';
import { commandFeature } from './features/commands.js';
import { moveFeature } from './features/moves.js';

export interface TelegramBotOptions {
  /** A self-hosted Bot API server (or the tests' fake one). */
  readonly apiRoot?: string;
  /**
   * Space out API calls to stay under Telegram's flood limits (about 20 messages a minute in a
   * group). On by default; tests switch it off.
   */
  readonly throttle?: boolean;
}

const COMMANDS: readonly CommandName[] = [
  'newgame',
  'play',
  'move',
  'board',
  'games',
  'draw',
  'resign',
  'pdn',
  'settings',
  'lang',
  'rules',
  'help',
];

/**
 * The Telegram bot: features as Composers, updates of one chat handled in order, every API call
 * retried on 429 (flood wait) and on network errors, and one error boundary that logs the
 * update and answers the user.
 */
export function createTelegramBot(
  token: string,
  base: { service: GameService; chats: ChatState; clock: Clock; logger: Logger },
  options: TelegramBotOptions = {},
): { bot: Bot; presenter: TelegramPresenter } {
  const bot = new Bot(token, { client: { apiRoot: options.apiRoot } });
  if (options.throttle !== false) bot.api.config.use(apiThrottler());
  bot.api.config.use(
    autoRetry({ maxRetryAttempts: 5, maxDelaySeconds: 120, rethrowInternalServerErrors: false }),
  );
  const presenter = new TelegramPresenter(
    bot.api,
    base.service,
    base.chats,
    base.clock,
    base.logger,
  );
  const deps: TelegramDeps = { ...base, presenter };

  // Updates of one chat are handled one after another (a tap never races the previous tap of
  // the same chat); different chats run concurrently.
  bot.use(sequentialize((ctx: Context) => String(ctx.chat?.id ?? ctx.from?.id ?? '')));
  bot.use(challengeFeature(deps));
  bot.use(botGameFeature(deps));
  bot.use(moveFeature(deps));
  bot.use(commandFeature(deps));

  bot.catch(async (error) => {
    const ctx = error.ctx;
    deps.logger.error('telegram: update failed', {
      updateId: ctx.update.update_id,
      chatId: ctx.chat?.id,
      error:
        error.error instanceof Error
          ? (error.error.stack ?? error.error.message)
          : String(error.error),
    });
    const t = messages(languageFor(ctx.from?.language_code));
    try {
      if (ctx.callbackQuery !== undefined)
        await ctx.answerCallbackQuery({ text: t.errors.internal, show_alert: true });
      else if (ctx.chat !== undefined) await ctx.reply(t.errors.internal);
    } catch {
      // The error boundary never throws: Telegram may be the thing that is failing.
    }
  });
  return { bot, presenter };
}

/** Registers the command menu in English (default) and Russian. */
export async function registerCommands(api: Api): Promise<void> {
  const menu = (lang: 'ru' | 'en') =>
    COMMANDS.map((command) => ({ command, description: messages(lang).commands[command] }));
  await api.setMyCommands(menu('en'));
  await api.setMyCommands(menu('ru'), { language_code: 'ru' });
}
