import type { GameChangeFeed } from '../game/ports.js';
import { ThrottledWarning, type Logger } from '../game/logger.js';
import { KeyBuilder } from './keys.js';
import {
  clientFor,
  createStoreRedis,
  duplicateClient,
  type RedisAddress,
  type RedisClient,
} from './redis-connection.js';

/**
 * The game change feed over Redis pub/sub: one channel, each message a game id. PUBLISH reaches
 * every subscriber of the server, and in a cluster every node (classic pub/sub is broadcast
 * cluster-wide; the messages are a few bytes, one per change). Subscribing takes a connection of
 * its own, made on the first subscribe; ioredis subscribes again after a reconnect.
 */
export class RedisChangeFeed implements GameChangeFeed {
  private readonly redis: RedisClient;
  private readonly ownsConnection: boolean;
  private readonly channel: string;
  private subscriber: RedisClient | undefined;
  private readonly listeners = new Set<(gameId: string) => void>();

  constructor(
    connection: RedisClient | RedisAddress,
    private readonly options: { keys?: KeyBuilder; log?: Logger } = {},
  ) {
    const { client, owned } = clientFor(connection, createStoreRedis);
    this.redis = client;
    this.ownsConnection = owned;
    this.channel = (options.keys ?? new KeyBuilder()).gameChanges();
  }

  async publish(gameIds: readonly string[]): Promise<void> {
    for (const id of new Set(gameIds)) await this.redis.publish(this.channel, id);
  }

  async subscribe(listener: (gameId: string) => void): Promise<void> {
    this.listeners.add(listener);
    if (this.subscriber !== undefined) return;
    const subscriber = duplicateClient(this.redis, { enableOfflineQueue: true });
    this.subscriber = subscriber;
    subscriber.on('message', (channel: string, gameId: string) => {
      if (channel !== this.channel) return;
      for (const each of this.listeners) {
        try {
          each(gameId);
        } catch (error) {
          this.options.log?.error('game changes: a listener failed', { gameId, err: error });
        }
      }
    });
    // ioredis reconnects (and subscribes again) by itself: its errors are logged once a minute.
    const log = this.options.log;
    const trouble =
      log === undefined
        ? undefined
        : new ThrottledWarning(log, 'game changes: subscriber connection');
    subscriber.on('error', (error: unknown) => trouble?.note({ err: error }));
    await subscriber.subscribe(this.channel);
  }

  stop(): Promise<void> {
    this.listeners.clear();
    this.subscriber?.disconnect();
    this.subscriber = undefined;
    if (this.ownsConnection) this.redis.disconnect();
    return Promise.resolve();
  }
}
