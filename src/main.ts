/**
 * Composition root: the only place that wires configuration, stores, the game service and the
 * adapters. Settings come from the environment and a .env file in the working directory. With
 * TELEGRAM_BOT_TOKEN it runs the Telegram bot (Redis when REDIS_URL is set, the memory store
 * otherwise), once the Bot API and Redis answer; without one, local hot-seat play in the terminal
 * (see chooseRunMode). `npm start -- --wait` waits for the Bot API and Redis without a time limit;
 * `--console` plays in the terminal.
 */
import { join } from 'node:path';
import { RenderPool } from './render/index.js';
import { loadConfig, threadIdleMs, type Config } from './config.js';
import { systemClock, type BotMoves } from './game/ports.js';
import { changedGames, EventDispatcher, type EventHandler } from './game/event-routing.js';
import type { Platform } from './game/model.js';
import type { GameEvent } from './game/results.js';
import { RedisEventRelay } from './store/redis-event-relay.js';
import { bestEffort, type Logger } from './game/logger.js';
import { DAY_MS, GameService } from './game/service.js';
import { PuzzleService } from './game/puzzles.js';
import { loadPuzzleCatalog } from './startup/puzzle-catalog.js';
import { KeyBuilder } from './store/keys.js';
import { createLogger } from './startup/logging.js';
import { bindPort } from './startup/listen.js';
import { AppMetrics } from './startup/metrics.js';
import { startOpsServer, type HealthCheck } from './startup/ops-server.js';
import { chooseRunMode, NOTHING_TO_RUN, parseStartArguments } from './startup/arguments.js';
import { botApiDependency, discordDependency, redisDependency } from './startup/dependencies.js';
import { loadEnvFile } from './startup/env-file.js';
import { runShutdown, stopOnSignals, together } from './startup/shutdown.js';
import { exitOnError } from './startup/exit-on-error.js';
import { waitFor, type WaitOptions } from './startup/wait.js';
import { storage } from './startup/storage.js';
import { botMoves } from './startup/bot-moves.js';
import { painters } from './startup/painters.js';
import type { PlatformBot, PlatformDeps, PlatformRun } from './startup/platform.js';
import { startTelegram } from './startup/start-telegram.js';
import { startConsole } from './startup/start-console.js';
import { registerSecrets } from './startup/config-secrets.js';
import { collectWhenQuiet } from './threads/quiet-collection.js';
import { boardWeb } from './web/board-web.js';
import { serveRoute } from './web/http.js';

// One JSON line per event on stdout; at LOG_LEVEL's level once the configuration is read.
let logging = createLogger();
let logger: Logger = logging.logger;

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
  const httpPort = telegram?.webhook?.port ?? telegram?.media?.port ?? config.web?.port;
  const httpServer =
    httpPort === undefined ? undefined : await bindPort(httpPort, undefined, 'PORT');
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
    config.redis === undefined ? undefined : waitFor(redisDependency(config.redis.target), waiting),
  ]);

  const shared = storage(config, logger);
  const { store, kv, scheduler, reporter } = shared;
  const local: Partial<Record<Platform, EventHandler>> = {};
  const relay =
    config.redis === undefined
      ? undefined
      : new RedisEventRelay(config.redis.target, {
          keys: new KeyBuilder(config.redis.keyPrefix),
          log: logger.child({ component: 'relay' }),
          health: reporter?.('relay'),
        });
  const dispatcher = new EventDispatcher({ local, relay, logger });
  // The bot's searches: on this process's threads, or on worker processes through Redis.
  const ai = botMoves(config, logger, reporter);
  const metrics = new AppMetrics({
    timerBacklog: () => scheduler.backlog(),
    aiQueue: ai.queued,
    aiWorkers: ai.workers,
  });
  // The events of this process's requests and timers, counted once here (relayed ones are not).
  // With the board page, every process hears of every changed game (its pages may show it).
  const changed = (events: readonly GameEvent[]) =>
    config.web === undefined
      ? undefined
      : bestEffort(
          logger,
          'could not publish game changes',
          shared.changes.publish(changedGames(events)),
        );
  const dispatch = async (events: readonly GameEvent[]) => {
    metrics.countEvents(events);
    await Promise.all([dispatcher.dispatch(events), changed(events)]);
  };
  const bot: BotMoves = {
    chooseMove: (request, options) =>
      metrics.time(metrics.aiSeconds, () => ai.bot.chooseMove(request, options)),
  };
  // Boards are drawn on a worker thread: the event loop that serves every chat never waits.
  const renderPool = new RenderPool({
    size: config.renderThreads,
    idleMs: threadIdleMs(config),
  });
  const service = new GameService({
    store,
    league: shared.league,
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
    store: shared.health,
    ai: ai.alive,
    renderPool: () => renderPool.alive,
  };
  const puzzles = new PuzzleService({
    store: shared.puzzleStore,
    catalog: loadPuzzleCatalog((problem) => logger.warn('puzzles', { problem })),
    clock: systemClock,
  });
  const web =
    config.web === undefined
      ? undefined
      : boardWeb({
          url: config.web.url,
          secret: config.web.secret ?? telegram?.token ?? discord?.token ?? '',
          telegramToken: telegram?.token,
          service,
          puzzles,
          changes: shared.changes,
          publish: dispatch,
          clock: systemClock,
          logger,
        });
  const deps: PlatformDeps = {
    service,
    puzzles,
    kv,
    logger,
    metrics,
    painters: painters(renderPool, metrics),
    dispatch,
    web,
  };
  // The adapters are made first (their presenters receive the service's events), then the
  // service starts, then they start taking updates and interactions.
  const bots: PlatformBot[] = [];
  if (telegram !== undefined && botInfo !== undefined)
    bots.push(
      startTelegram(deps, {
        config: telegram,
        botInfo,
        server: httpServer,
        page:
          config.web === undefined
            ? undefined
            : { url: config.web.url, miniApp: config.web.miniApp },
      }),
    );
  // discord.js only where Discord runs: loaded, it holds ~40 MB a Telegram-only process needs not.
  if (discord !== undefined)
    bots.push((await import('./startup/start-discord.js')).startDiscord(deps, discord));
  for (const adapter of bots) local[adapter.platform] = adapter.present;

  await dispatcher.start();
  await web?.start();
  await service.start();
  const closing: PlatformRun[] = [];
  for (const adapter of bots) {
    const run = await adapter.start();
    checks[adapter.platform] = run.receiving;
    closing.push(run);
  }
  // Without Telegram (whose intake serves PORT), the board page has the server to itself.
  const webOnly =
    web === undefined || httpServer === undefined || telegram !== undefined
      ? undefined
      : serveRoute(httpServer, web.route);
  const ops =
    opsPort === undefined
      ? undefined
      : startOpsServer({
          server: opsPort,
          checks,
          metrics: () => metrics.text(),
          logger: logger.child({ component: 'ops' }),
        });

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
            web?.close();
            return together([
              ...closing.map((part) => () => part.stopIntake()),
              async () => webOnly?.close(),
            ]);
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
        { name: 'store', run: shared.close },
      ],
      { timeoutMs: config.shutdownTimeoutSeconds * 1000, logger },
    );
  };
  // Before the line that says it runs: a signal right after it must find the handler.
  stopOnSignals(process, shutdown);
  logger.info(
    `Bashni Bot is running: ${closing.map((run) => run.running).join(', ')}; ${web === undefined ? '' : `the board page at ${web.pageUrl.href}; `}${config.redis === undefined ? 'memory store' : config.redis.target.kind === 'cluster' ? 'Redis Cluster' : 'Redis'}${ops === undefined ? '' : `; /healthz and /metrics on port ${ops.port}`}.`,
  );
  // What start-up grew and let go (modules' sources, a young generation of 32 MB) given back.
  collectWhenQuiet(5_000);
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
  await startConsole(config, logger);
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
