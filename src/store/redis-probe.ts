import { Cluster, Redis } from 'ioredis';
import type { KeyBuilder } from './keys.js';
import type { RedisAddress, RedisClient, RedisTarget } from './redis-connection.js';
import { RedisReadiness } from './redis-ready.js';

const noop = (): void => {};

/**
 * One try at reaching Redis: connects, PINGs and disconnects, all within `timeoutMs`, with a
 * client of its own that never reconnects (start-up decides when to try again). Rejects with
 * what went wrong: the socket error ("connect ECONNREFUSED ..."), not ioredis's generic
 * "Connection is closed." that follows it. For a cluster: the seed nodes' slot map is read and
 * the cluster must say `cluster_state:ok` (a cluster that lost a master's slots serves nobody).
 */
export async function pingRedis(address: RedisAddress, timeoutMs: number): Promise<void> {
  const target: RedisTarget =
    typeof address === 'string' ? { kind: 'single', url: address } : address;
  const options = {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    // The ready check waits while Redis loads its data; PING says LOADING at once instead.
    enableReadyCheck: false,
  };
  const client: RedisClient =
    target.kind === 'single'
      ? new Redis(target.url, { ...options, retryStrategy: () => null })
      : new Cluster(
          target.nodes.map(({ host, port }) => ({ host, port })),
          {
            lazyConnect: true,
            enableOfflineQueue: false,
            enableReadyCheck: false,
            clusterRetryStrategy: () => null,
            slotsRefreshTimeout: timeoutMs,
            redisOptions: {
              ...options,
              ...(target.username === undefined ? {} : { username: target.username }),
              ...(target.password === undefined ? {} : { password: target.password }),
            },
          },
        );
  let cause: unknown;
  client.on('error', (error: unknown) => (cause ??= error));
  // A cluster reports the node's error inside its own "Failed to refresh slots cache".
  client.on('node error', (error: unknown) => (cause ??= error));
  try {
    await client.connect();
    await client.ping();
    if (target.kind === 'cluster') {
      const info = String(await client.cluster('INFO'));
      const state = /cluster_state:(\w+)/.exec(info)?.[1];
      if (state !== 'ok') throw new Error(`the Redis Cluster is not ok (cluster_state:${state})`);
    }
  } catch (error) {
    throw cause ?? error;
  } finally {
    client.on('error', noop);
    client.disconnect();
  }
}

/**
 * True when Redis refused the credentials in the URL (WRONGPASS) or wants some that it lacks
 * (NOAUTH): a configuration mistake that waiting does not fix.
 */
export function isRedisAuthError(error: unknown): boolean {
  return error instanceof Error && /^(WRONGPASS|NOAUTH)\b/.test(error.message);
}

/** How long the write probe's key lives: a probe leaves nothing behind for long. */
const PROBE_TTL_MS = 60_000;

/**
 * The health check's write probe on a store client (createStoreRedis): one SET of one key under
 * the prefix with a short expiry, so a server that answers PING but refuses writes (a read-only
 * replica, a full memory) fails it; one key is one slot, so it suits a cluster too. Rejects with
 * Redis's error.
 */
export function writeProbe(redis: RedisClient, keys: KeyBuilder): () => Promise<void> {
  const readiness = new RedisReadiness(redis, 1_000);
  return async () => {
    await readiness.ready();
    await redis.set(keys.healthProbe(), String(Date.now()), 'PX', PROBE_TTL_MS);
  };
}
