/** Where a bot process's searches run: on its own AI threads, or on the AI queue (AI_MODE). */
import { AiPool } from '../ai/index.js';
import { threadIdleMs, type Config } from '../config.js';
import type { Logger } from '../game/logger.js';
import type { BotMoves, PositionAnalysis } from '../game/ports.js';
import { QueuedBotMoves } from '../store/bullmq-bot-moves.js';
import { KeyBuilder } from '../store/keys.js';
import type { StoreHealth } from '../store/store-health.js';
import type { HealthCheck } from './ops-server.js';

export interface Searches {
  bot: BotMoves;
  /** Reviews' searches: on this process's AI threads, or as jobs on the AI queue. */
  analysis: PositionAnalysis;
  alive: HealthCheck;
  queued: () => Promise<number> | number;
  workers?: () => Promise<number>;
  close: () => Promise<void>;
}

/**
 * The bot processes' searches, their health and queue, and their close. With the queue, a move
 * no worker takes within AI_QUEUE_FALLBACK_SECONDS is searched here, on one thread started when
 * first needed.
 */
export function botMoves(
  config: Config,
  logger: Logger,
  reporter?: StoreHealth['reporter'],
): Searches {
  if (config.ai.mode === 'local' || config.redis === undefined) {
    const pool = new AiPool({ size: config.aiThreads, idleMs: threadIdleMs(config) });
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
    url: config.redis.target,
    prefix: new KeyBuilder(config.redis.keyPrefix).bullMqPrefix(),
    timeoutMs: config.ai.timeoutSeconds * 1000,
    log: logger.child({ component: 'ai-queue' }),
    health: reporter?.('AI queue'),
    fallback: {
      afterMs: config.ai.fallbackSeconds * 1000,
      local: () => (pool ??= new AiPool({ size: 1, idleMs: threadIdleMs(config) })),
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
