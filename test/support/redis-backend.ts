import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  createStoreRedis,
  type RedisClient,
  type RedisTarget,
} from '../../src/store/redis-connection.js';
import { startRedisCluster, type ClusterOptions, type PrivateCluster } from './redis-cluster.js';
import { startRedis, type PrivateRedis } from './redis-server.js';

/** Where a test file's stores run: a private redis-server, or a private Redis Cluster. */
export type RedisKind = 'single' | 'cluster';

/** A test file's private Redis of either kind, with store clients closed for it. */
export interface RedisBackend {
  readonly kind: RedisKind;
  /** Where it is, as the app's settings would name it (from beforeAll on). */
  target(): RedisTarget;
  /** The file's first store client, open until the file ends. */
  shared(): RedisClient;
  /** A store client of its own, closed after the test: another bot process, as stores see it. */
  client(): RedisClient;
  /** The cluster's nodes (a cluster only). */
  cluster(): PrivateCluster;
}

/**
 * Starts a private Redis of `kind` for the calling test file (hooks registered here): one
 * redis-server, or a cluster of 3 masters (more with `options`) with short node timeouts.
 */
export function useRedisBackend(kind: RedisKind, options: ClusterOptions = {}): RedisBackend {
  let server: PrivateRedis | undefined;
  let cluster: PrivateCluster | undefined;
  let target: RedisTarget | undefined;
  const clients: RedisClient[] = [];
  const started = (): RedisTarget => {
    if (target === undefined) throw new Error('useRedisBackend: not started yet');
    return target;
  };
  const client = (): RedisClient => {
    const redis = createStoreRedis(started());
    redis.on('error', () => undefined);
    clients.push(redis);
    return redis;
  };
  beforeAll(async () => {
    if (kind === 'single') {
      server = await startRedis();
      target = { kind: 'single', url: server.url };
    } else {
      cluster = await startRedisCluster({ nodeTimeoutMs: 1_000, ...options });
      target = {
        kind: 'cluster',
        nodes: cluster.masters.map((node) => ({ host: '127.0.0.1', port: node.port })),
      };
    }
    const first = client();
    if (first.status !== 'ready') await new Promise((resolve) => first.once('ready', resolve));
  }, 60_000);
  afterEach(() => {
    for (const redis of clients.splice(1)) redis.disconnect();
  });
  afterAll(async () => {
    for (const redis of clients.splice(0)) redis.disconnect();
    await server?.stop();
    await cluster?.stop();
  });
  return {
    kind,
    target: started,
    shared: () => {
      const [first] = clients;
      if (first === undefined) throw new Error('useRedisBackend: not started yet');
      return first;
    },
    client,
    cluster: () => {
      if (cluster === undefined) throw new Error('useRedisBackend: not a cluster');
      return cluster;
    },
  };
}
