/**
 * Composition root: the only place that wires configuration, stores, the game service and the
 * adapters. With TELEGRAM_BOT_TOKEN it runs the Telegram bot (Redis when REDIS_URL is set, the
 * memory store otherwise); with no chat token it starts local hot-seat play in the terminal.
 */
import { GrammyError } from 'grammy';
import { runConsole } from './adapters/console/index.js';
import { AiPool } from './ai/index.js';
import { createTelegramBot, registerCommands } from './adapters/telegram/bot.js';
import { ChatState } from './adapters/telegram/chat-state.js';
import { startTelegram } from './adapters/telegram/run.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import {
  systemClock,
  type BotMoves,
  type GameStore,
  type KeyValueStore,
  type Scheduler,
} from './game/ports.js';
import type { GameEvent } from './game/results.js';
import { DAY_MS, GameService, type Logger } from './game/service.js';
import { BullMqScheduler } from './store/bullmq-scheduler.js';
import { MemoryKeyValueStore, RedisKeyValueStore } from './store/key-value.js';
import { KeyBuilder } from './store/keys.js';
import { InProcessScheduler } from './store/memory-scheduler.js';
import { MemoryGameStore } from './store/memory-store.js';
import { createStoreRedis, RedisGameStore } from './store/redis-store.js';

const logger: Logger = {
  warn: (message, context) =>
    console.warn(new Date().toISOString(), 'WARN', message, context ?? ''),
  error: (message, context) =>
    console.error(new Date().toISOString(), 'ERROR', message, context ?? ''),
};

interface Storage {
  store: GameStore;
  kv: KeyValueStore;
  scheduler: Scheduler;
  close(): Promise<void>;
}

function storage(config: Config): Storage {
  if (config.redis === undefined) {
    return {
      store: new MemoryGameStore(),
      kv: new MemoryKeyValueStore(),
      scheduler: new InProcessScheduler(),
      close: async () => {},
    };
  }
  const keys = new KeyBuilder(config.redis.keyPrefix);
  const redis = createStoreRedis(config.redis.url);
  const store = new RedisGameStore(redis, keys);
  return {
    store,
    kv: new RedisKeyValueStore(redis, keys),
    scheduler: new BullMqScheduler({
      connection: config.redis.url,
      prefix: `${config.redis.keyPrefix}bull`,
    }),
    close: async () => {
      await store.close();
      redis.disconnect();
    },
  };
}

async function runTelegram(
  config: Config,
  telegram: NonNullable<Config['telegram']>,
): Promise<void> {
  const { store, kv, scheduler, close } = storage(config);
  const listeners: ((events: readonly GameEvent[]) => Promise<void>)[] = [];
  const pool = new AiPool({ size: config.aiThreads });
  const service = new GameService({
    store,
    scheduler,
    logger,
    bot: pool,
    onEvents: async (events) => {
      for (const listener of listeners) await listener(events);
    },
  });
  const { bot, presenter } = createTelegramBot(
    telegram.token,
    { service, chats: new ChatState(kv), clock: systemClock, logger },
    { apiRoot: telegram.apiRoot },
  );
  listeners.push((events) => presenter.handle(events));
  try {
    await bot.init();
  } catch (error) {
    if (error instanceof GrammyError && (error.error_code === 401 || error.error_code === 404)) {
      throw new ConfigError(`TELEGRAM_BOT_TOKEN was refused by the Bot API (${error.description})`);
    }
    throw error;
  }
  await registerCommands(bot.api).catch((error: unknown) =>
    logger.warn('could not register the command menu', { error: String(error) }),
  );
  await service.start();
  const stopTelegram = await startTelegram(bot, { webhook: telegram.webhook }, logger);
  console.log(
    `Bashni Bot @${bot.botInfo.username} is running (${config.redis === undefined ? 'memory store' : 'Redis'}, ${telegram.webhook === undefined ? 'long polling' : 'webhook'}).`,
  );

  const purge = setInterval(() => {
    store
      .purge(Date.now() - config.retentionDays * DAY_MS)
      .catch((error: unknown) => logger.warn('purge failed', { error: String(error) }));
  }, 3_600_000);
  purge.unref();

  const shutdown = async () => {
    clearInterval(purge);
    await stopTelegram();
    await service.stop();
    await pool.close();
    await close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.telegram !== undefined) {
    await runTelegram(config, config.telegram);
    return;
  }
  await runLocal(config);
}

/** Local play in the terminal, on the game service with the memory store. */
async function runLocal(config: Config): Promise<void> {
  // The engine's worker threads start only if the bot is asked to play.
  let pool: AiPool | undefined;
  const bot: BotMoves = {
    chooseMove: (request) => (pool ??= new AiPool({ size: 1 })).chooseMove(request),
  };
  const service = new GameService({
    store: new MemoryGameStore(),
    scheduler: new InProcessScheduler(),
    logger,
    bot,
  });
  await service.start();
  try {
    await runConsole(service, config.defaultVariant, process.stdin, process.stdout);
  } finally {
    await service.stop();
    await pool?.close();
  }
}

process.on('unhandledRejection', (reason) =>
  logger.error('unhandled rejection', { reason: String(reason) }),
);

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`configuration error: ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(
    `fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
