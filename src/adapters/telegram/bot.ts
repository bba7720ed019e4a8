import type { BoardPage } from './board-page-button.js';
import { Api, Bot, BotError, type Context, type Transformer } from 'grammy';
import type { Clock } from '../../game/ports.js';
import type { GameEvent } from '../../game/results.js';
import type { DuePost, PuzzleService } from '../../game/puzzles.js';
import type { GameService, Logger } from '../../game/service.js';
import { messagesOn, type CommandName } from '../../i18n/index.js';
import { BackgroundTasks } from '../../chat/tasks/background-tasks.js';
import type { BoardPainter } from './board-message.js';
import { ButtonRouter } from './buttons.js';
import { ChatMembers } from './chat-members.js';
import { ChatOutput } from './chat-output.js';
import type { ChatState } from './chat-state.js';
import {
  contextMiddleware,
  type BashniContext,
  type BashniFlavor,
  type TelegramDeps,
} from './context.js';
import { DeliveryLanes, type DeliveryLanesOptions } from './delivery-lanes.js';
import { botGameFeature } from './features/bot-games.js';
import { challengeFeature } from './features/challenges.js';
import { tableButtons } from './features/tables.js';
import { commandFeature } from './features/commands.js';
import { replayFeature } from './features/replay.js';
import { dailyFeature, dailyPost } from './features/daily.js';
import { leagueFeature } from './features/league.js';
import { inlineFeature } from './features/inline.js';
import { moveFeature } from './features/moves.js';
import type { MediaLinks } from './media.js';
import { puzzleFeature } from './features/puzzles.js';
import { reviewFeature } from './features/review.js';
import type { ReviewPainter } from '../../chat/words/review-text.js';
import { laneTransformer } from './lane-transformer.js';
import { telegramPresenter, type TelegramPresenter } from './surface.js';
import { UpdatePipeline } from './update-pipeline.js';

export interface TelegramBotOptions {
  /** A self-hosted Bot API server (or the tests' fake one). */
  readonly apiRoot?: string;
  /** Draws the boards (the render pool in production). */
  readonly painter: BoardPainter;
  /**
   * Flood budgets and retry timings: Telegram's by default (TELEGRAM_BUDGETS); tests pass
   * test-speed values (shorter windows) — the same flood control runs either way.
   */
  readonly lanes?: Partial<
    Omit<DeliveryLanesOptions, 'logger' | 'onUnreachable' | 'knownUnreachable'>
  >;
  /** An update running longer than this stops holding back the confirmation of later ones. */
  readonly stuckAfterMs?: number;
  /**
   * Where the events of the bot's own requests (a move, an accepted challenge) go: the
   * EventDispatcher when other platforms must see them too (it hands Telegram's share back to
   * `presenter.handle`); by default straight to this bot's presenter.
   */
  readonly publish?: (events: readonly GameEvent[]) => Promise<void>;
  /** Draws reviews' graphs and boards (/review); without it /review is not offered. */
  readonly reviewPainter?: ReviewPainter;
  /** More Bot API transformers on every call the bot makes (main counts failed calls). */
  readonly transformers?: readonly Transformer[];
  /**
   * Inline mode: the key its cards are signed with (mediaKey), and the signed picture URLs
   * (TELEGRAM_MEDIA_URL; without them inline queries get only a button to the private chat).
   * Without this option inline queries are not answered at all.
   */
  readonly inline?: { readonly key: Buffer; readonly media?: MediaLinks };
  /** The live board page (WEB_URL, TELEGRAM_MINI_APP): a button under every board. */
  readonly boardPage?: BoardPage;
}

export interface TelegramBot {
  readonly bot: Bot<BashniContext>;
  readonly presenter: TelegramPresenter;
  readonly pipeline: UpdatePipeline;
  readonly lanes: DeliveryLanes;
  readonly tasks: BackgroundTasks;
  /**
   * Posts a chat's puzzle of the day (for the DailyPoster): true when it got there or never
   * will (the chat's daily post is then off), false when it is worth trying again.
   */
  postDaily: (due: DuePost) => Promise<boolean>;
  /** Resolves when every update, presentation and delivery in flight is done. */
  settle(): Promise<void>;
  /** Waits (at most `timeoutMs`) for what is in flight, then drops what is still queued. */
  close(timeoutMs: number): Promise<void>;
}

const COMMANDS: readonly CommandName[] = [
  'newgame',
  'join',
  'play',
  'move',
  'board',
  'games',
  'draw',
  'resign',
  'pdn',
  'settings',
  'lang',
  'puzzle',
  'daily',
  'top',
  'stats',
  'tournament',
  'standings',
  'review',
  'replay',
  'rules',
  'help',
];

/**
 * The Telegram bot: updates received at least once and handled in order per chat
 * (update-pipeline.ts), features as Composers over one context flavour (context.ts), buttons
 * through one router (buttons.ts), everything sent through per-chat flood-controlled lanes
 * (delivery-lanes.ts), and one error boundary that logs the update and answers the user.
 */
export function createTelegramBot(
  token: string,
  base: {
    service: GameService;
    puzzles: PuzzleService;
    chats: ChatState;
    clock: Clock;
    logger: Logger;
  },
  options: TelegramBotOptions,
): TelegramBot {
  const { chats } = base;
  const logger = base.logger.child({ component: 'telegram' });
  const client = { apiRoot: options.apiRoot };
  const bot = new Bot<BashniContext>(token, { client });
  const tasks = new BackgroundTasks((error) =>
    logger.error('telegram: background work failed', { err: error }),
  );
  const lanes = new DeliveryLanes({
    ...options.lanes,
    logger,
    onUnreachable: (chatId) => tasks.track(chats.setUnreachable(chatId, true)),
    knownUnreachable: (chatId) => chats.isUnreachable(chatId),
  });
  bot.api.config.use(laneTransformer(lanes), ...(options.transformers ?? []));
  const outApi = new Api(token, client);
  outApi.config.use(...(options.transformers ?? []));
  const out = new ChatOutput(outApi, lanes);
  const presenter = telegramPresenter({
    out,
    service: base.service,
    chats,
    clock: base.clock,
    logger,
    painter: options.painter,
    tasks,
    botUsername: () => bot.botInfo.username,
    media: options.inline?.media,
    boardPage: options.boardPage,
    puzzles: base.puzzles,
  });
  const deps: TelegramDeps = {
    ...base,
    logger,
    presenter,
    members: new ChatMembers(bot.api, logger),
    out,
    tasks,
    publish: options.publish ?? ((events) => presenter.handle(events)),
  };
  const buttons = new ButtonRouter();

  const puzzles = puzzleFeature(deps, buttons, options.painter, options.boardPage);

  bot.use(contextMiddleware(deps));
  bot.use(challengeFeature(deps, buttons, puzzles.openLink));
  tableButtons(deps, buttons);
  bot.use(botGameFeature(deps));
  // Before the moves: a reply to a puzzle message is a puzzle's move, not a game's.
  bot.use(puzzles.composer);
  bot.use(dailyFeature(deps));
  bot.use(leagueFeature(deps, buttons));
  if (options.reviewPainter !== undefined)
    bot.use(reviewFeature(deps, buttons, options.reviewPainter));
  bot.use(moveFeature(deps, buttons));
  if (options.inline !== undefined)
    bot.use(
      inlineFeature(deps, buttons, { ...options.inline, botUsername: () => bot.botInfo.username }),
    );
  bot.use(commandFeature(deps, buttons));
  bot.use(replayFeature(deps, options.painter));
  bot.on('callback_query:data', buttons.middleware());

  bot.catch(async (error) => {
    // The failure may come before the context middleware has added t, answer and say.
    const ctx: Context & Partial<BashniFlavor> = error.ctx;
    // Ids only: the context holds the token and the whole update.
    logger.error('telegram: update failed', { chatId: ctx.chat?.id, err: error.error });
    // The error boundary never throws: Telegram may be the thing that is failing.
    const t = ctx.t ?? messagesOn('telegram', 'en');
    if (ctx.callbackQuery !== undefined) await ctx.answer?.(t.errors.internal, true);
    else ctx.say?.(t.errors.internal);
  });

  const pipeline = new UpdatePipeline({
    // bot.handleUpdate throws a handler's failure as a BotError; the error boundary above is
    // grammY's only for its own polling loop, so it is called here.
    handle: async (update) => {
      try {
        await bot.handleUpdate(update);
      } catch (error) {
        if (!(error instanceof BotError)) throw error;
        await bot.errorHandler(error as BotError<BashniContext>);
      }
    },
    logger,
    stuckAfterMs: options.stuckAfterMs,
  });

  const settle = async () => {
    for (;;) {
      await pipeline.idle();
      await tasks.idle();
      await lanes.drain(24 * 3_600_000);
      if (pipeline.pending === 0 && tasks.size === 0 && lanes.backlog() === 0) return;
    }
  };
  const close = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    await Promise.race([pipeline.idle(), new Promise((r) => setTimeout(r, timeoutMs))]);
    await Promise.race([
      tasks.idle(),
      new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now()))),
    ]);
    await lanes.drain(Math.max(0, deadline - Date.now()));
    lanes.close();
  };
  const postDaily = dailyPost(deps, options.painter, () => bot.botInfo.username);
  return { bot, presenter, pipeline, lanes, tasks, postDaily, settle, close };
}

/** Registers the command menu in English (default) and Russian. */
export async function registerCommands(api: Api): Promise<void> {
  const menu = (lang: 'ru' | 'en') =>
    COMMANDS.map((command) => ({
      command,
      description: messagesOn('telegram', lang).commands[command],
    }));
  await api.setMyCommands(menu('en'));
  await api.setMyCommands(menu('ru'), { language_code: 'ru' });
}
