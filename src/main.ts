/**
 * Composition root: the only place that wires configuration, stores, the game service and the
 * adapters. Settings come from the environment and a .env file in the working directory. With
 * TELEGRAM_BOT_TOKEN it runs the Telegram bot (Redis when REDIS_URL is set, the memory store
 * otherwise), once the Bot API and Redis answer; without one, local hot-seat play in the terminal
 * (see chooseRunMode). `npm start -- --wait` waits for the Bot API and Redis without a time limit;
 * `--console` plays in the terminal.
 */
import { join } from 'node:path';
import { runConsole } from './adapters/console/index.js';
import { AiPool } from './ai/index.js';
import { RenderPool } from './render/index.js';
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
import { chooseRunMode, NOTHING_TO_RUN, parseStartArguments } from './startup/arguments.js';
import { botApiDependency, redisDependency } from './startup/dependencies.js';
import { loadEnvFile } from './startup/env-file.js';
import { StartupTimeoutError, waitFor, type WaitOptions } from './startup/wait.js';

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
  waitForever: boolean,
): Promise<void> {
  const waiting: WaitOptions = {
    timeoutMs: waitForever ? undefined : config.startupTimeoutSeconds * 1000,
    log: (line) => process.stderr.write(`${line}\n`),
  };
  // Both at once, so STARTUP_TIMEOUT_SECONDS bounds the whole wait. Redis is checked before the
  // app's own clients connect: they would log the outage and then reconnect in the background.
  const [botInfo] = await Promise.all([
    waitFor(botApiDependency(telegram.token, telegram.apiRoot), waiting),
    config.redis === undefined ? undefined : waitFor(redisDependency(config.redis.url), waiting),
  ]);

  const { store, kv, scheduler, close } = storage(config);
  const listeners: ((events: readonly GameEvent[]) => Promise<void>)[] = [];
  const pool = new AiPool({ size: config.aiThreads });
  // Boards are drawn on a worker thread: the event loop that serves every chat never waits.
  const renderPool = new RenderPool({ size: config.renderThreads });
  const service = new GameService({
    store,
    scheduler,
    logger,
    bot: pool,
    onEvents: async (events) => {
      for (const listener of listeners) await listener(events);
    },
  });
  const app = createTelegramBot(
    telegram.token,
    { service, chats: new ChatState(kv), clock: systemClock, logger },
    {
      apiRoot: telegram.apiRoot,
      painter: { paint: (position, options) => renderPool.render(position, options) },
    },
  );
  const { bot, presenter } = app;
  listeners.push((events) => presenter.handle(events));
  // Known from the start-up check: grammY's own getMe in bot.init() would retry unreachable
  // APIs forever, silently.
  bot.botInfo = botInfo;
  await registerCommands(bot.api).catch((error: unknown) =>
    logger.warn('could not register the command menu', { error: String(error) }),
  );
  await service.start();
  const stopTelegram = await startTelegram(
    bot.api,
    app.pipeline,
    { webhook: telegram.webhook },
    logger,
  );
  // Boards a previous process did not bring up to date (it died first), and now and then
  // boards whose delivery failed.
  const recover = () =>
    presenter
      .recoverPending()
      .catch((error: unknown) => logger.warn('could not recover boards', { error: String(error) }));
  void recover();
  const sweep = setInterval(() => void recover(), 60_000);
  sweep.unref();
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
    clearInterval(sweep);
    await stopTelegram();
    await app.close(5_000);
    await service.stop();
    await pool.close();
    await renderPool.close();
    await close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

async function main(): Promise<void> {
  const parsed = parseStartArguments(process.argv.slice(2));
  if (!parsed.ok) {
    process.stderr.write(`${parsed.error.message}\n`);
    process.exitCode = 2;
    return;
  }
  const options = parsed.value;
  loadEnvFile(join(process.cwd(), '.env'));
  const config = loadConfig();
  const mode = chooseRunMode({
    hasToken: config.telegram !== undefined,
    console: options.console,
    stdinIsTerminal: process.stdin.isTTY === true,
  });
  if (mode === 'nothing') {
    process.stderr.write(`${NOTHING_TO_RUN}\n`);
    process.exitCode = 2;
    return;
  }
  if (mode === 'telegram' && config.telegram !== undefined) {
    await runTelegram(config, config.telegram, options.wait);
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
  if (error instanceof StartupTimeoutError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
