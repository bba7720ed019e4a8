import type { Update, User } from 'grammy/types';
import { PNG } from 'pngjs';
import type { Bot } from 'grammy';
import { createTelegramBot } from '../../../src/adapters/telegram/bot.js';
import { ChatState } from '../../../src/adapters/telegram/chat-state.js';
import type { TelegramPresenter } from '../../../src/adapters/telegram/presenter.js';
import type { BotMoves } from '../../../src/game/ports.js';
import type { GameEvent } from '../../../src/game/results.js';
import { GameService } from '../../../src/game/service.js';
import { MemoryKeyValueStore } from '../../../src/store/key-value.js';
import { MemoryGameStore } from '../../../src/store/memory-store.js';
import { ManualClock, ManualScheduler } from '../../support/manual-scheduler.js';
import { FakeBotApi, type StoredMessage } from '../../support/telegram/fake-bot-api.js';

export const TOKEN = '123456:TEST-TOKEN';
export const silentLogger = { warn: () => undefined, error: () => undefined };

/** What a bot process has: store, service, presenter, bot. `restart()` makes a fresh process. */
export interface BotProcess {
  bot: Bot;
  service: GameService;
  presenter: TelegramPresenter;
}

export class TelegramHarness {
  readonly store = new MemoryGameStore();
  readonly kv = new MemoryKeyValueStore();
  readonly clock = new ManualClock(Date.UTC(2026, 10, 29, 12));
  readonly scheduler = new ManualScheduler(this.clock);
  process!: BotProcess;
  private ids = 0;

  private constructor(readonly fake: FakeBotApi) {}

  /** The bot's moves, for games against the bot; none by default. */
  bot: BotMoves | undefined;

  static async start(options: { bot?: BotMoves } = {}): Promise<TelegramHarness> {
    const harness = new TelegramHarness(await FakeBotApi.start({ botUsername: 'bashni_test_bot' }));
    harness.bot = options.bot;
    harness.process = await harness.newProcess();
    return harness;
  }

  /** A new bot process on the same store (a restart). */
  async newProcess(): Promise<BotProcess> {
    const late: { presenter?: TelegramPresenter } = {}; // the service needs it before it exists
    const service = new GameService({
      store: this.store,
      scheduler: this.scheduler,
      clock: this.clock,
      newId: () => `g${++this.ids}`,
      random: () => 0.1, // the challenger takes White
      bot: this.bot,
      onEvents: (events: readonly GameEvent[]) => late.presenter?.handle(events),
      logger: silentLogger,
    });
    await service.start();
    const chats = new ChatState(this.kv);
    const created = createTelegramBot(
      TOKEN,
      { service, chats, clock: this.clock, logger: silentLogger },
      { apiRoot: this.fake.apiRoot, throttle: false },
    );
    late.presenter = created.presenter;
    await created.bot.init();
    return { bot: created.bot, service, presenter: created.presenter };
  }

  async restart(): Promise<void> {
    this.process = await this.newProcess();
  }

  async close(): Promise<void> {
    await this.fake.close();
  }

  /** A user writes in a chat; resolves when the bot has handled it. */
  async say(from: User, chatId: number, text: string, replyTo?: number): Promise<void> {
    const update = this.fake.message({ from, chat: chatId, text, replyTo }) as Update;
    await this.process.bot.handleUpdate(update);
  }

  /** A user taps a button (found by label or test) on a message; returns the bot's answer. */
  async press(
    from: User,
    chatId: number,
    messageId: number,
    button: string | ((b: { text: string; callback_data?: string }) => boolean),
  ) {
    const update = this.fake.buttonPress({ from, chatId, messageId, button });
    await this.process.bot.handleUpdate(update);
    return this.fake.answers.get(update.callback_query!.id);
  }

  /** A user taps a button with the given raw callback data (forged or stale). */
  async tap(from: User, chatId: number, messageId: number, data: string) {
    const update = this.fake.callbackQuery({ from, chatId, messageId, data });
    await this.process.bot.handleUpdate(update);
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
