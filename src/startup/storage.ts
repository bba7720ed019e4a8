/**
 * The stores and the timer scheduler of a bot process: in memory, or in Redis with REDIS_URL
 * or REDIS_CLUSTER_NODES (one client for the stores, BullMQ's own for the timers).
 */
import type { Config } from '../config.js';
import type { Logger } from '../game/logger.js';
import type { LeagueStore } from '../game/league-ports.js';
import type { GameChangeFeed, GameStore, KeyValueStore, Scheduler } from '../game/ports.js';
import { MemoryChangeFeed } from '../store/memory-change-feed.js';
import { RedisChangeFeed } from '../store/redis-change-feed.js';
import type { PuzzleStore } from '../game/puzzle-ports.js';
import { BullMqScheduler } from '../store/bullmq-scheduler.js';
import { MemoryKeyValueStore, RedisKeyValueStore } from '../store/key-value.js';
import { KeyBuilder } from '../store/keys.js';
import { MemoryLeagueStore } from '../store/memory-league-store.js';
import { MemoryPuzzleStore } from '../store/memory-puzzle-store.js';
import { InProcessScheduler } from '../store/memory-scheduler.js';
import { MemoryGameStore } from '../store/memory-store.js';
import { RedisLeagueStore } from '../store/redis-league-store.js';
import { writeProbe } from '../store/redis-probe.js';
import { RedisPuzzleStore } from '../store/redis-puzzle-store.js';
import { RedisGameStore } from '../store/redis-store.js';
import { createStoreRedis } from '../store/redis-connection.js';
import { checkLayout } from '../store/layout.js';
import { StoreHealth } from '../store/store-health.js';
import type { HealthCheck } from './ops-server.js';

export interface Storage {
  store: GameStore;
  puzzleStore: PuzzleStore;
  league: LeagueStore;
  kv: KeyValueStore;
  scheduler: Scheduler & { backlog(): Promise<number> | number };
  /** Word of changed games to every process (the live board pages). */
  changes: GameChangeFeed;
  /** Whether the store serves us (the health check). */
  health: HealthCheck;
  /** With Redis: where the other Redis-backed parts (relay, AI queue) report their commands. */
  reporter?: StoreHealth['reporter'];
  close: () => Promise<void>;
}

export function storage(config: Config, logger: Logger): Storage {
  const log = logger.child({ component: 'store' });
  if (config.redis === undefined) {
    return {
      store: new MemoryGameStore(),
      puzzleStore: new MemoryPuzzleStore({ log }),
      league: new MemoryLeagueStore({ log }),
      kv: new MemoryKeyValueStore(),
      scheduler: new InProcessScheduler({ log }),
      changes: new MemoryChangeFeed(),
      health: () => true,
      close: async () => {},
    };
  }
  const keys = new KeyBuilder(config.redis.keyPrefix);
  const redis = createStoreRedis(config.redis.target);
  // Fed by every Redis-backed part's commands, and a write probe at each health check.
  const health = new StoreHealth({
    log,
    probe: writeProbe(redis, keys),
    windowMs: config.storeHealthWindowSeconds * 1000,
  });
  const reporter = (source: string) => health.reporter(source);
  const store = new RedisGameStore(redis, keys, { log, health: reporter('redis store') });
  // Data of the layout before hash tags is not read by this one: said once, at start.
  void checkLayout(redis, keys, log);
  const changes = new RedisChangeFeed(redis, { keys, log });
  return {
    store,
    puzzleStore: new RedisPuzzleStore(redis, keys, { log, health: reporter('puzzle store') }),
    league: new RedisLeagueStore(redis, keys, { log, health: reporter('league store') }),
    kv: new RedisKeyValueStore(redis, keys, { health: reporter('key-value store') }),
    scheduler: new BullMqScheduler({
      connection: config.redis.target,
      prefix: keys.bullMqPrefix(),
      log,
      health: reporter('scheduler'),
    }),
    changes,
    health: () => health.check(),
    reporter,
    close: async () => {
      health.close();
      await changes.stop();
      await store.close();
      redis.disconnect();
    },
  };
}
