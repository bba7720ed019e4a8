import { serveRoute } from '../../../src/web/http.js';
import { bindPort } from '../../../src/startup/listen.js';
import { silentLogger, type Logger } from '../../../src/game/logger.js';
export { silentLogger };
import { inlinePainter, inlineReviewPainter } from '../../support/painter.js';
import type { Update, User } from 'grammy/types';
import { PNG } from 'pngjs';
import type { AddressInfo } from 'node:net';
import { createCanvas, Image } from '@napi-rs/canvas';
import { seededRandom } from '../../../src/engine/index.js';
import { renderPicture } from '../../../src/render/index.js';
import {
  MediaLinks,
  mediaKey,
  mediaRoute,
  type JpegPainter,
} from '../../../src/adapters/telegram/media.js';
import {
  createTelegramBot,
  type TelegramBot,
  type TelegramBotOptions,
} from '../../../src/adapters/telegram/bot.js';
import type { BoardPainter } from '../../../src/adapters/telegram/board-message.js';
import { ChatState } from '../../../src/adapters/telegram/chat-state.js';
import { startTelegram } from '../../../src/adapters/telegram/run.js';
import type { DeliveryLanesOptions } from '../../../src/adapters/telegram/delivery-lanes.js';
import type { DaysPerMove, Game, Player } from '../../../src/game/model.js';
import type { BotMoves, PositionAnalysis } from '../../../src/game/ports.js';
import type { GameEvent } from '../../../src/game/results.js';
import { GameService } from '../../../src/game/service.js';
import { MemoryKeyValueStore } from '../../../src/store/key-value.js';
import { MemoryLeagueStore } from '../../../src/store/memory-league-store.js';
import { MemoryGameStore } from '../../../src/store/memory-store.js';
import { ManualClock, ManualScheduler } from '../../support/manual-scheduler.js';
import { testPuzzleService } from '../../support/puzzles.js';
import {
  FakeBotApi,
  type StoredMessage,
  type TelegramLimits,
} from '../../support/telegram/fake-bot-api.js';

export const TOKEN = '123456:TEST-TOKEN';

/** Players as the game service knows them: the fake's users 11 (Alice) and 12 (Bob). */
export const ALICE: Player = {
  platform: 'telegram',
  userId: '11',
  displayName: 'Alice',
  username: 'alice',
  language: 'en',
};
export const BOB: Player = {
  platform: 'telegram',
  userId: '12',
  displayName: 'Bob',
  username: 'bob',
  language: 'en',
};
export /**
 * Telegram's limits at test speed: the same budgets (20 sends and edits per group, ...) over
 * windows 30 times shorter, so a test that floods a group meets a 429 in seconds, not minutes.
 * The bot's lanes get the same budgets, a little longer, as in production.
 */
const TEST_SPEED = 30;
export const TEST_LIMITS: Partial<TelegramLimits> = {
  group: { max: 20, windowMs: 60_000 / TEST_SPEED },
  private: { max: 10, windowMs: 10_000 / TEST_SPEED },
  globalSends: { max: 30, windowMs: 1_000 },
};
export const TEST_LANES: Partial<DeliveryLanesOptions> = {
  group: { max: 20, windowMs: 61_000 / TEST_SPEED },
  private: { max: 10, windowMs: 10_500 / TEST_SPEED },
  globalNewMessages: { max: 30, windowMs: 1_050 },
  transientBackoffMs: 20,
};

/** Boards drawn by the real renderer (the render pool is tested on its own). */
export const testPainter: BoardPainter = inlinePainter;

/** What main.ts wires around a bot process, for tests of that wiring. */
export interface HarnessWiring {
  readonly logger?: Logger;
  readonly transformers?: TelegramBotOptions['transformers'];
  /** Where the bot's own events go (given the bot, to hand them to its presenter). */
  readonly publish?: (events: readonly GameEvent[], app: TelegramBot) => Promise<void>;
}

/** What a bot process has: its service and its Telegram adapter. `restart()` makes a new one. */
export interface BotProcess extends TelegramBot {
  service: GameService;
}

/** Draws JPEGs on the calling thread (the render pool's renderJpeg is tested on its own). */
export const testJpegPainter: JpegPainter = {
  paintJpeg: (position, options) => {
    const png = renderPicture('board', position, options);
    const image = new Image();
    image.src = png;
    const canvas = createCanvas(image.width, image.height);
    canvas.getContext('2d').drawImage(image, 0, 0);
    return Promise.resolve(canvas.encodeSync('jpeg', 85));
  },
};

export const MEDIA_KEY = mediaKey(TOKEN);

/**
 * Random draws like the harness's own (below one half: the challenger takes White), from a
 * seeded generator: invite codes that do not repeat, for a file making more challenges than the
 * default's codes allow.
 */
export function seededDraws(seed = 1): () => number {
  const random = seededRandom(seed);
  return () => random() * 0.49;
}

export class TelegramHarness {
  readonly store = new MemoryGameStore();
  readonly league = new MemoryLeagueStore();
  readonly kv = new MemoryKeyValueStore();
  readonly clock = new ManualClock(Date.UTC(2026, 10, 29, 12));
  readonly scheduler = new ManualScheduler(this.clock);
  /** Puzzles on the memory store (kept across restarts, like the game store). */
  readonly puzzles = testPuzzleService(this.clock);
  process!: BotProcess;
  private ids = 0;
  private draws = 0;

  private constructor(readonly fake: FakeBotApi) {}

  /** The bot's moves, for games against the bot; none by default. */
  bot: BotMoves | undefined;
  /** The engine's analysis for /review; none by default (reviews are then refused). */
  analysis: PositionAnalysis | undefined;
  /** What main.ts adds around the bot (metrics, a logger); none by default. */
  wiring: HarnessWiring = {};
  painter: BoardPainter = testPainter;
  /** Inline mode's picture server (with `media: true`): its links, and how many it served. */
  media: { links: MediaLinks; baseUrl: string; close: () => Promise<void> } | undefined;
  /** Inline mode on, without pictures (`media: false`) or with them. */
  private inlineMode: 'off' | 'no-media' | 'media' = 'off';
  /**
   * Always below one half: the challenger takes White. Varied, so invite codes differ; but the
   * codes repeat with the draws, and a code stays taken in the store: about 90 challenges fit.
   */
  private random = () => ((++this.draws % 97) / 97) * 0.49;
  /** The bot's delivery lanes over TEST_LANES (the `lanes` option), in every process. */
  private lanes: Partial<DeliveryLanesOptions> = {};

  static async start(
    options: {
      bot?: BotMoves;
      analysis?: PositionAnalysis;
      limits?: Partial<TelegramLimits>;
      /** The service's random draws (default: below one half, repeating every 97 draws). */
      random?: () => number;
      /** The bot's budgets over TEST_LANES: to match faster `limits`. */
      lanes?: Partial<DeliveryLanesOptions>;
      wiring?: HarnessWiring;
      /** Draws instead of testPainter (a painter that fails, say). */
      painter?: BoardPainter;
      /** Inline mode: with a picture server (true) or without TELEGRAM_MEDIA_URL (false). */
      media?: boolean;
    } = {},
  ): Promise<TelegramHarness> {
    const harness = new TelegramHarness(
      await FakeBotApi.start({
        botUsername: 'bashni_test_bot',
        limits: { ...TEST_LIMITS, ...options.limits },
      }),
    );
    harness.bot = options.bot;
    harness.analysis = options.analysis;
    harness.wiring = options.wiring ?? {};
    harness.lanes = options.lanes ?? {};
    if (options.random !== undefined) harness.random = options.random;
    harness.painter = options.painter ?? testPainter;
    if (options.media !== undefined) harness.inlineMode = options.media ? 'media' : 'no-media';
    if (options.media === true) {
      let route: ReturnType<typeof mediaRoute> = () => false;
      const listening = await bindPort(0, '127.0.0.1', 'PORT');
      const server = serveRoute(listening, (request, response) => route(request, response));
      const port = (listening.address() as AddressInfo).port;
      const baseUrl = `http://127.0.0.1:${port}/media`;
      const links = new MediaLinks(baseUrl, MEDIA_KEY);
      route = mediaRoute({ links, painter: testJpegPainter, logger: silentLogger });
      harness.media = { links, baseUrl, close: server.close };
    }
    harness.process = await harness.newProcess();
    return harness;
  }

  /** A new bot process on the same store (a restart). */
  async newProcess(lanes: Partial<DeliveryLanesOptions> = {}): Promise<BotProcess> {
    const late: { app?: TelegramBot } = {}; // the service needs it before it exists
    const service = new GameService({
      store: this.store,
      league: this.league,
      scheduler: this.scheduler,
      clock: this.clock,
      newId: () => `g${++this.ids}`,
      random: this.random,
      bot: this.bot,
      analysis: this.analysis,
      kv: this.kv,
      onEvents: (events: readonly GameEvent[]) => late.app?.presenter.handle(events),
      logger: silentLogger,
    });
    await service.start();
    const chats = new ChatState(this.kv);
    const { logger = silentLogger, publish, transformers } = this.wiring;
    const app = createTelegramBot(
      TOKEN,
      { service, puzzles: this.puzzles, chats, clock: this.clock, logger },
      {
        apiRoot: this.fake.apiRoot,
        painter: this.painter,
        reviewPainter: inlineReviewPainter,
        lanes: { ...TEST_LANES, ...this.lanes, ...lanes },
        transformers,
        publish: publish && ((events) => publish(events, app)),
        ...(this.inlineMode === 'off'
          ? {}
          : { inline: { key: MEDIA_KEY, media: this.media?.links } }),
      },
    );
    late.app = app;
    await app.bot.init();
    return Object.assign(app, { service });
  }

  async restart(): Promise<void> {
    await this.process.close(1_000);
    this.process = await this.newProcess();
  }

  async close(): Promise<void> {
    await this.process.close(1_000);
    await this.fake.close();
    await this.media?.close();
  }

  /**
   * Receives updates by long polling, as in production (push them with fake.push*); returns a
   * function that stops polling.
   */
  async startPolling(): Promise<() => Promise<void>> {
    return startTelegram(this.process.bot.api, this.process.pipeline, {}, silentLogger);
  }

  /**
   * Alice (White) and Bob playing in a group whose board is posted: the fake's users, the
   * board's message id and the game, and the game as it now is.
   */
  async groupGame(chatId: number, daysPerMove: DaysPerMove | null = 3) {
    this.fake.group(chatId, 'Bashni club');
    const alice = this.fake.user(11, 'Alice', 'alice', 'en');
    const bob = this.fake.user(12, 'Bob', 'bob', 'en');
    const started = await this.process.service.moves.start({
      white: ALICE,
      black: BOB,
      daysPerMove,
    });
    if (!started.ok) throw new Error(started.message);
    const view = await this.process.presenter.surface.postBoard(started.value, String(chatId));
    const game = started.value;
    const current = async (): Promise<Game> => {
      const loaded = await this.process.service.queries.getGame(game.id);
      if (!loaded.ok) throw new Error(loaded.message);
      return loaded.value;
    };
    return { alice, bob, game, gameId: game.id, boardId: Number(view!.messageId), current };
  }

  /** Hands an update to the bot process and waits until it and everything it caused is done. */
  async deliver(update: Update, process: BotProcess = this.process): Promise<void> {
    await process.pipeline.accept(update).done;
    await process.settle();
  }

  /** A user writes in a chat; resolves when the bot has handled it. */
  async say(from: User, chatId: number, text: string, replyTo?: number): Promise<void> {
    await this.deliver(this.fake.message({ from, chat: chatId, text, replyTo }));
  }

  /** A user taps a button (found by label or test) on a message; returns the bot's answer. */
  async press(
    from: User,
    chatId: number,
    messageId: number,
    button: string | ((b: { text: string; callback_data?: string }) => boolean),
  ) {
    const update = this.fake.buttonPress({ from, chatId, messageId, button });
    await this.deliver(update);
    return this.fake.answers.get(update.callback_query!.id);
  }

  /** A user taps a button with the given raw callback data (forged or stale). */
  async tap(from: User, chatId: number, messageId: number, data: string) {
    const update = this.fake.callbackQuery({ from, chatId, messageId, data });
    await this.deliver(update);
    return this.fake.answers.get(update.callback_query!.id);
  }

  /** The live messages of a chat that carry a photo (boards), newest last. */
  boards(chatId: number): StoredMessage[] {
    return this.fake.chat(chatId).messages.filter((m) => m.photo !== undefined);
  }

  labels(chatId: number, messageId: number): string[] {
    return this.fake
      .keyboard(chatId, messageId)
      .flat()
      .map((b) => b.text);
  }
}

export function decodePng(message: StoredMessage): PNG {
  if (message.photo === undefined) throw new Error('no photo');
  return PNG.sync.read(message.photo.data);
}
