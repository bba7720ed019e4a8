/**
 * An AI worker process (`npm run worker`): takes the bot's searches from the queue in Redis
 * (bot processes started with AI_MODE=queue put them there) and runs them on AI_THREADS worker
 * threads. Start as many as the load needs, on any machine that reaches the Redis server;
 * settings come from the environment and a .env file, as for `npm start`.
 */
import { join } from 'node:path';
import { AiPool } from './ai/index.js';
import { startMiningWorker } from './cli/remote-mining.js';
import { loadConfig } from './config.js';
import { startBotMoveWorker } from './store/bullmq-bot-moves.js';
import { StoreHealth } from './store/store-health.js';
import { KeyBuilder } from './store/keys.js';
import { redisDependency } from './startup/dependencies.js';
import { loadEnvFile } from './startup/env-file.js';
import { createLogger, processSecrets, type AppLogger } from './startup/logging.js';
import { redisSecrets } from './startup/config-secrets.js';
import { exitOnError } from './startup/exit-on-error.js';
import { waitFor } from './startup/wait.js';

// JSON lines on stdout, like the bot processes', at LOG_LEVEL once the configuration is read.
let logging: AppLogger = createLogger();

async function main(): Promise<void> {
  loadEnvFile(join(process.cwd(), '.env'));
  const config = loadConfig();
  processSecrets.add(...redisSecrets(config.redis?.target));
  logging = createLogger(config.logLevel);
  const { logger } = logging;
  if (config.redis === undefined) {
    logging.fatal(
      'npm run worker needs REDIS_URL or REDIS_CLUSTER_NODES: the searches come through Redis',
      {},
      'startup',
    );
    process.exitCode = 2;
    return;
  }
  const startupLog = logger.child({ component: 'startup' });
  await waitFor(redisDependency(config.redis.target), {
    timeoutMs: config.startupTimeoutSeconds * 1000,
    log: (line) => startupLog.warn(line),
  });
  const keys = new KeyBuilder(config.redis.keyPrefix);
  const pool = new AiPool({ size: config.aiThreads });
  // A Redis that refuses the queues' commands (a read-only replica ...) is logged once, then a
  // line a minute, not at every refused try.
  const health = new StoreHealth({
    log: logger.child({ component: 'store' }),
    windowMs: config.storeHealthWindowSeconds * 1000,
  });
  const worker = startBotMoveWorker({
    url: config.redis.target,
    prefix: keys.bullMqPrefix(),
    moves: pool,
    analysis: pool,
    concurrency: config.aiThreads,
    log: logger.child({ component: 'ai-worker' }),
    health: health.reporter('AI worker'),
  });
  const mining = startMiningWorker({
    url: config.redis.target,
    prefix: keys.bullMqPrefix(),
    threads: config.aiThreads,
    log: logger.child({ component: 'puzzle-worker' }),
    health: health.reporter('puzzle worker'),
  });
  logger.info(
    `Bashni Bot AI worker: ${config.aiThreads} search thread(s) for bot moves and puzzle mining, Redis.`,
  );
  const shutdown = async () => {
    // The job in hand is finished (or, if the process is killed, taken again by another worker).
    await Promise.all([worker.close(), mining.close()]);
    health.close();
    await pool.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch(exitOnError(() => logging));
