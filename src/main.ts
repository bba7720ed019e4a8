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
import { DEFAULT_JPEG_QUALITY, RenderPool, type KindId, type KindInput } from './render/index.js';
import { Events, REST, RESTEvents } from 'discord.js';
import { createDiscordBot } from './adapters/discord/bot.js';
import { DailyPoster } from './chat/daily-poster.js';
import type { ReviewPainter } from './chat/review-text.js';
import { registerCommands as registerDiscordCommands } from './adapters/discord/commands.js';
import {
  createTelegramBot,
  registerCommands as registerTelegramCommands,
} from './adapters/telegram/bot.js';
import { ChatState } from './adapters/telegram/chat-state.js';
import { startTelegram, webhookSecret } from './adapters/telegram/run.js';
import { MediaLinks, mediaKey, mediaRoute } from './adapters/telegram/media.js';
import { loadConfig, type Config } from './config.js';
import {
  systemClock,
  type BotMoves,
  type GameStore,
  type KeyValueStore,
  type PositionAnalysis,
  type Scheduler,
} from './game/ports.js';
import { EventDispatcher, type EventHandler } from './game/event-routing.js';
import type { Platform } from './game/model.js';
import type { GameEvent } from './game/results.js';
import { RedisEventRelay } from './store/redis-event-relay.js';
import { bestEffort, type Logger } from './game/logger.js';
import { DAY_MS, GameService } from './game/service.js';
import type { PuzzleStore } from './game/puzzle-ports.js';
import { PuzzleService, type DuePost } from './game/puzzles.js';
import { loadPuzzleCatalog } from './startup/puzzle-catalog.js';
import { MemoryPuzzleStore } from './store/memory-puzzle-store.js';
import { MemoryLeagueStore } from './store/memory-league-store.js';
import { RedisLeagueStore } from './store/redis-league-store.js';
import type { LeagueStore } from './game/league-ports.js';
import { RedisPuzzleStore } from './store/redis-puzzle-store.js';
import { QueuedBotMoves } from './store/bullmq-bot-moves.js';
import { BullMqScheduler } from './store/bullmq-scheduler.js';
import { MemoryKeyValueStore, RedisKeyValueStore } from './store/key-value.js';
import { KeyBuilder } from './store/keys.js';
import { InProcessScheduler } from './store/memory-scheduler.js';
import { MemoryGameStore } from './store/memory-store.js';
import { createStoreRedis, RedisGameStore } from './store/redis-store.js';
import { writeProbe } from './store/redis-probe.js';
import { StoreHealth } from './store/store-health.js';
import { createLogger, processSecrets } from './startup/logging.js';
import { bindPort } from './startup/listen.js';
import { urlSecrets } from './startup/redaction.js';
import { AppMetrics, botApiErrors } from './startup/metrics.js';
import { startOpsServer, type HealthCheck } from './startup/ops-server.js';
import { chooseRunMode, NOTHING_TO_RUN, parseStartArguments } from './startup/arguments.js';
import { botApiDependency, discordDependency, redisDependency } from './startup/dependencies.js';
import { loadEnvFile } from './startup/env-file.js';
import { runShutdown, stopOnSignals, together } from './startup/shutdown.js';
import { exitOnError } from './startup/exit-on-error.js';
import { waitFor, type WaitOptions } from './startup/wait.js';

// One JSON line per event on stdout; at LOG_LEVEL's level once the configuration is read.
let logging = createLogger();
let logger: Logger = logging.logger;

interface Storage {
  store: GameStore;
  puzzleStore: PuzzleStore;
  league: LeagueStore;
  kv: KeyValueStore;
  scheduler: Scheduler & { backlog(): Promise<number> | number };
  /** Whether the store serves us (the health check). */
  health: HealthCheck;
  /** With Redis: where the other Redis-backed parts (relay, AI queue) report their commands. */
  reporter?: StoreHealth['reporter'];
  close: () => Promise<void>;
}

function storage(config: Config): Storage {
  const log = logger.child({ component: 'store' });
  if (config.redis === undefined) {
    return {
      store: new MemoryGameStore(),
      puzzleStore: new MemoryPuzzleStore({ log }),
      league: new MemoryLeagueStore({ log }),
      kv: new MemoryKeyValueStore(),
      scheduler: new InProcessScheduler({ log }),
      health: () => true,
      close: async () => {},
    };
  }
  const keys = new KeyBuilder(config.redis.keyPrefix);
  const redis = createStoreRedis(config.redis.url);
  // Fed by every Redis-backed part's commands, and a write probe at each health check.
  const health = new StoreHealth({ log, probe: writeProbe(redis, keys) });
  const reporter = (source: string) => health.reporter(source);
  const store = new RedisGameStore(redis, keys, { log, health: reporter('redis store') });
  const url = config.redis.url;
  return {
    store,
    puzzleStore: new RedisPuzzleStore(redis, keys, { log, health: reporter('puzzle store') }),
    league: new RedisLeagueStore(redis, keys, { log, health: reporter('league store') }),
    kv: new RedisKeyValueStore(redis, keys, { health: reporter('key-value store') }),
    scheduler: new BullMqScheduler({
      connection: url,
      prefix: `${config.redis.keyPrefix}bull`,
      log,
      health: reporter('scheduler'),
    }),
    health: () => health.check(),
    reporter,
    close: async () => {
      health.close();
      await store.close();
      redis.disconnect();
    },
  };
}

/**
 * Where the bot processes' searches run (AI_MODE), its health and queue, and its close. With
 * the queue, a move no worker takes within AI_QUEUE_FALLBACK_SECONDS is searched here, on one
 * thread started when first needed.
 */
function botMoves(
  config: Config,
  reporter?: StoreHealth['reporter'],
): {
  bot: BotMoves;
  /** Reviews' searches: on this process's AI threads, or as jobs on the AI queue. */
  analysis: PositionAnalysis;
  alive: HealthCheck;
  queued: () => Promise<number> | number;
  workers?: () => Promise<number>;
  close: () => Promise<void>;
} {
  if (config.ai.mode === 'local' || config.redis === undefined) {
    const pool = new AiPool({ size: config.aiThreads });
    return {
      bot: pool,
      analysis: pool,
      alive: () => pool.alive,
      queued: () => pool.queued,
      close: () => pool.close(),
    };
  }
  // The searches wait in Redis (its own metrics): this process holds none unless none is taken.
  let pool: AiPool | undefined;
  const queue = new QueuedBotMoves({
    url: config.redis.url,
    prefix: `${config.redis.keyPrefix}bull`,
    timeoutMs: config.ai.timeoutSeconds * 1000,
    log: logger.child({ component: 'ai-queue' }),
    health: reporter?.('AI queue'),
    fallback: {
      afterMs: config.ai.fallbackSeconds * 1000,
      local: () => (pool ??= new AiPool({ size: 1 })),
    },
  });
  return {
    bot: queue,
    analysis: queue,
    alive: () => queue.health(),
    queued: () => queue.waiting(),
    workers: () => queue.workers(),
    close: async () => {
      await queue.close();
      await pool?.close();
    },
  };
}

/** A platform's part of a running bot process, stopped in two steps at shutdown. */
interface PlatformRun {
  /** Stops taking updates or interactions (and the platform's own timers). */
  stopIntake(): Promise<void>;
  /** Finishes the work in flight within `timeoutMs`, then disconnects. */
  close(timeoutMs: number): Promise<void>;
}

/**
 * The chat bots: Telegram, Discord or both in one process, on one game service. Events reach
 * the presenters of this process directly, and (with Redis) the processes that show the other
 * platform through the event relay — so one game can be played across both.
 */
async function runBots(config: Config, waitForever: boolean): Promise<void> {
  const { telegram, discord } = config;
  // The ports first: a busy one stops the start before it logs in anywhere (exit 2).
  const opsPort =
    config.metricsPort === 0
      ? undefined
      : await bindPort(config.metricsPort, config.metricsHost, 'METRICS_PORT');
  const telegramPort = telegram?.webhook?.port ?? telegram?.media?.port;
  const httpServer =
    telegramPort === undefined ? undefined : await bindPort(telegramPort, undefined, 'PORT');
  const startupLog = logger.child({ component: 'startup' });
  const waiting: WaitOptions = {
    timeoutMs: waitForever ? undefined : config.startupTimeoutSeconds * 1000,
    log: (line) => startupLog.warn(line),
  };
  // All at once, so STARTUP_TIMEOUT_SECONDS bounds the whole wait. Redis is checked before the
  // app's own clients connect: they would log the outage and then reconnect in the background.
  const [botInfo] = await Promise.all([
    telegram === undefined
      ? undefined
      : waitFor(botApiDependency(telegram.token, telegram.apiRoot), waiting),
    discord === undefined
      ? undefined
      : waitFor(discordDependency(discord.token, discord.restApi), waiting),
    config.redis === undefined ? undefined : waitFor(redisDependency(config.redis.url), waiting),
  ]);

  const { store, puzzleStore, league, kv, scheduler, health, reporter, close } = storage(config);
  const local: Partial<Record<Platform, EventHandler>> = {};
  const relay =
    config.redis === undefined
      ? undefined
      : new RedisEventRelay(config.redis.url, {
          keys: new KeyBuilder(config.redis.keyPrefix),
          log: logger.child({ component: 'relay' }),
          health: reporter?.('relay'),
        });
  const dispatcher = new EventDispatcher({ local, relay, logger });
  // The bot's searches: on this process's threads, or on worker processes through Redis.
  const ai = botMoves(config, reporter);
  const metrics = new AppMetrics({
    timerBacklog: () => scheduler.backlog(),
    aiQueue: ai.queued,
    aiWorkers: ai.workers,
  });
  // The events of this process's requests and timers, counted once here (relayed ones are not).
  const dispatch = (events: readonly GameEvent[]) => {
    metrics.countEvents(events);
    return dispatcher.dispatch(events);
  };
  const bot: BotMoves = {
    chooseMove: (request, options) =>
      metrics.time(metrics.aiSeconds, () => ai.bot.chooseMove(request, options)),
  };
  // Boards are drawn on a worker thread: the event loop that serves every chat never waits.
  const renderPool = new RenderPool({ size: config.renderThreads });
  const draw =
    <K extends KindId>(kind: K) =>
    (...input: KindInput<K>) =>
      metrics.time(metrics.renderSeconds, () => renderPool.render(kind, ...input));
  const painter = {
    paint: draw('board'),
    paintTable: draw('table'),
    paintStandings: draw('standings'),
    paintRatingGraph: draw('rating-graph'),
    paintReplay: draw('replay'),
    paintJpeg: (...input: KindInput<'board'>) =>
      metrics.time(metrics.renderSeconds, () =>
        renderPool.renderJpeg('board', DEFAULT_JPEG_QUALITY, ...input),
      ),
  };
  const reviewPainter: ReviewPainter = {
    paintEvalGraph: draw('eval-graph'),
    paintMoment: (board) =>
      metrics.time(metrics.renderSeconds, () =>
        renderPool.render(
          'board',
          board.position,
          { lastMove: board.played, hint: board.better, size: 720 },
          board.caption,
        ),
      ),
  };
  const service = new GameService({
    store,
    league,
    scheduler,
    logger: logger.child({ component: 'game' }),
    bot,
    onEvents: dispatch,
    analysis: ai.analysis,
    kv,
    reviewTtlMs: config.retentionDays * DAY_MS,
    reviewConcurrency: config.reviewConcurrency,
  });
  const checks: Record<string, HealthCheck> = {
    store: health,
    ai: ai.alive,
    renderPool: () => renderPool.alive,
  };
  const puzzles = new PuzzleService({
    store: puzzleStore,
    catalog: loadPuzzleCatalog((problem) => logger.warn('puzzles', { problem })),
    clock: systemClock,
  });
  const closing: PlatformRun[] = [];
  const sayRunning: string[] = [];
  // Each platform's process posts its chats' daily puzzles (claimed once across processes).
  const startDailyPoster = (platform: Platform, post: (due: DuePost) => Promise<boolean>) => {
    const poster = new DailyPoster({ puzzles, platform, post, logger });
    poster.start();
    return poster;
  };
  // The adapters are made first (their presenters receive the service's events), then the
  // service starts, then they start taking updates and interactions.
  const intakes: (() => Promise<void>)[] = [];

  if (telegram !== undefined && botInfo !== undefined) {
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
      {
        service,
        puzzles,
        chats: new ChatState(kv, logger.child({ component: 'telegram' })),
        clock: systemClock,
        logger,
      },
      {
        apiRoot: telegram.apiRoot,
        painter,
        publish: dispatch,
        transformers: [botApiErrors(metrics)],
        reviewPainter,
        inline: { key: mediaSigning, media: mediaLinks },
      },
    );
    metrics.followUpdates('telegram', () => app.pipeline.handled);
    const { bot, presenter } = app;
    local.telegram = (events) => presenter.handle(events);
    // Known from the start-up check: grammY's own getMe in bot.init() would retry unreachable
    // APIs forever, silently.
    bot.botInfo = botInfo;
    intakes.push(async () => {
      await bestEffort(
        logger,
        'could not register the command menu',
        registerTelegramCommands(bot.api),
      );
      const stopTelegram = await startTelegram(
        bot.api,
        app.pipeline,
        {
          webhook:
            telegram.webhook === undefined
              ? undefined
              : {
                  ...telegram.webhook,
                  secret: webhookSecret(telegram.token, telegram.webhook.secret),
                },
          server: httpServer,
          media:
            mediaLinks === undefined
              ? undefined
              : {
                  route: mediaRoute({
                    links: mediaLinks,
                    painter,
                    logger: logger.child({ component: 'telegram' }),
                  }),
                },
        },
        logger.child({ component: 'telegram' }),
      );
      checks.telegram = () => stopTelegram.receiving();
      // Boards a previous process did not bring up to date (it died first), and now and then
      // boards whose delivery failed.
      const recover = () =>
        bestEffort(logger, 'could not recover boards', presenter.recoverPending());
      void recover();
      const sweep = setInterval(() => void recover(), 60_000);
      sweep.unref();
      const poster = startDailyPoster('telegram', app.postDaily);
      closing.push({
        stopIntake: async () => {
          clearInterval(sweep);
          await together([() => poster.stop(), stopTelegram]);
        },
        close: (timeoutMs) => app.close(timeoutMs),
      });
      sayRunning.push(
        `Telegram @${bot.botInfo.username} (${telegram.webhook === undefined ? 'long polling' : 'webhook'})`,
      );
    });
  }

  if (discord !== undefined) {
    const app = createDiscordBot(
      { service, puzzles, kv, clock: systemClock, logger, painter, dispatch, reviewPainter },
      { restApi: discord.restApi, shards: discord.shards, memberEvents: discord.memberEvents },
    );
    app.client.on(Events.InteractionCreate, () => metrics.countUpdate('discord'));
    app.client.rest.on(RESTEvents.Response, (_request, response) => {
      if (response.status >= 400) metrics.countApiError('discord', response.status);
    });
    checks.discord = () => app.client.isReady();
    local.discord = (events) => app.presenter.handle(events);
    intakes.push(async () => {
      const rest = new REST(discord.restApi === undefined ? {} : { api: discord.restApi });
      await bestEffort(
        logger,
        'could not register the slash commands',
        registerDiscordCommands(
          rest.setToken(discord.token),
          discord.applicationId,
          discord.guildId,
        ),
      );
      await app.start(discord.token);
      const poster = startDailyPoster('discord', app.postDaily);
      closing.push({
        stopIntake: async () => {
          app.stopIntake();
          await poster.stop();
        },
        close: (timeoutMs) => app.close(timeoutMs),
      });
      sayRunning.push(
        `Discord ${app.client.user?.tag ?? discord.applicationId} (${discord.guildId === undefined ? 'global commands' : `commands in guild ${discord.guildId}`})`,
      );
    });
  }

  await dispatcher.start();
  await service.start();
  for (const intake of intakes) await intake();
  const ops =
    opsPort === undefined
      ? undefined
      : startOpsServer({
          server: opsPort,
          checks,
          metrics: () => metrics.text(),
          logger: logger.child({ component: 'ops' }),
        });
  logger.info(
    `Bashni Bot is running: ${sayRunning.join(', ')}; ${config.redis === undefined ? 'memory store' : 'Redis'}${ops === undefined ? '' : `; /healthz and /metrics on port ${ops.port}`}.`,
  );

  // Hourly: games nobody plays end as abandoned; finished games past retention are deleted.
  const purge = setInterval(() => {
    void bestEffort(
      logger,
      'ending idle games failed',
      service.idle.end(config.idleGameDays * DAY_MS),
    );
    void bestEffort(
      logger,
      'purge failed',
      store.purge(Date.now() - config.retentionDays * DAY_MS),
    );
  }, 3_600_000);
  purge.unref();

  // Intake first; the service's bot moves and timers before the presenters close, so that
  // their boards are still delivered; the relay, the pools, and Redis last.
  const shutdown = (): Promise<0 | 1> => {
    logger.child({ component: 'shutdown' }).info('stopping');
    return runShutdown(
      [
        {
          name: 'stop taking updates',
          run: () => {
            clearInterval(purge);
            return together(closing.map((part) => () => part.stopIntake()));
          },
        },
        { name: 'game service', run: (left) => service.stop({ timeoutMs: left }) },
        {
          name: 'chat adapters',
          run: (left) => together(closing.map((part) => () => part.close(left))),
        },
        { name: 'event relay', run: () => dispatcher.stop() },
        { name: 'AI', run: ai.close },
        { name: 'render pool', run: () => renderPool.close() },
        { name: 'health and metrics server', run: async () => ops?.close() },
        { name: 'store', run: close },
      ],
      { timeoutMs: config.shutdownTimeoutSeconds * 1000, logger },
    );
  };
  stopOnSignals(process, shutdown);
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
  registerSecrets(config);
  const mode = chooseRunMode({
    hasToken: config.telegram !== undefined || config.discord !== undefined,
    console: options.console,
    stdinIsTerminal: process.stdin.isTTY === true,
  });
  // Local play owns stdout: its log goes to stderr.
  logging = createLogger(config.logLevel, mode === 'bots' ? 1 : 2);
  logger = logging.logger;
  if (mode === 'nothing') {
    process.stderr.write(`${NOTHING_TO_RUN}\n`);
    process.exitCode = 2;
    return;
  }
  if (mode === 'bots') {
    await runBots(config, options.wait);
    return;
  }
  await runLocal(config);
}

/** Every secret of the configuration, so that no log line shows one (logging.ts). */
function registerSecrets(config: Config): void {
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

/** Local play in the terminal, on the game service with the memory store. */
async function runLocal(config: Config): Promise<void> {
  // The engine's worker threads start only if the bot is asked to play.
  let pool: AiPool | undefined;
  const bot: BotMoves = {
    chooseMove: (request, options) =>
      (pool ??= new AiPool({ size: 1 })).chooseMove(request, options),
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

// A rejection nobody handled leaves the process in a state nobody planned for: log it and exit,
// and the orchestrator (Docker, systemd) starts a clean process.
process.on('unhandledRejection', (reason) => {
  logging.fatal('unhandled rejection; exiting', { err: reason });
  process.exit(1);
});
// Node's own report of an uncaught exception would print it raw, past the logger's scrubbing.
process.on('uncaughtException', (error) => {
  logging.fatal('uncaught exception; exiting', { err: error });
  process.exit(1);
});

main().catch(exitOnError(() => logging));
