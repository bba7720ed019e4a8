/**
 * The one place that makes Redis clients: a single server (REDIS_URL) or a Redis Cluster
 * (REDIS_CLUSTER_NODES), for the stores (fail fast) and for BullMQ (wait through outages).
 * Every Redis user takes its client from here, so a cluster is one setting away everywhere.
 */
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import { reconnectDelay } from './outage.js';

/** A client of either kind: ioredis gives both the same commands. */
export type RedisClient = Redis | Cluster;

export interface RedisNode {
  readonly host: string;
  readonly port: number;
}

/** Where Redis is: one server by URL, or the seed nodes of a cluster (and its password). */
export type RedisTarget =
  | { readonly kind: 'single'; readonly url: string }
  | {
      readonly kind: 'cluster';
      readonly nodes: readonly RedisNode[];
      readonly username?: string;
      readonly password?: string;
    };

/** The target as people read it in a log line: never a password. */
export function describeTarget(target: RedisTarget): string {
  if (target.kind === 'cluster')
    return `the Redis Cluster at ${target.nodes.map((node) => `${node.host}:${node.port}`).join(',')}`;
  try {
    const url = new URL(target.url);
    return `Redis at ${url.protocol}//${url.host}`;
  } catch {
    return 'Redis';
  }
}

/**
 * Connection settings for the stores' clients, chosen to fail fast: a chat user waiting on a
 * dead Redis should get "try again later" in a second or two, not a hang.
 * - no offline queue: a command issued while disconnected is rejected at once;
 * - maxRetriesPerRequest 0 and no resending: a command in flight when the connection drops is
 *   rejected rather than replayed later (a replayed create would wrongly report "exists");
 * - commandTimeout: a server that accepts connections but stops answering is "unavailable" too;
 * - retryStrategy: reconnects forever in the background, so the store recovers by itself, backing
 *   off to one try every 5 s (reconnectDelay); operations never wait for a retry, they fail at
 *   once while the client is between tries (RedisReadiness).
 */
export const STORE_REDIS_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  autoResendUnfulfilledCommands: false,
  connectTimeout: 2_000,
  commandTimeout: 2_000,
  retryStrategy: reconnectDelay,
};

/**
 * BullMQ's settings: `maxRetriesPerRequest: null`, because its workers hold blocking commands
 * (BZPOPMIN) that must wait through a reconnect instead of failing after N retries; BullMQ
 * refuses a worker connection with any other value. The opposite of the stores' fail-fast
 * client, so the two never share a connection.
 */
export const BULLMQ_REDIS_OPTIONS: RedisOptions = {
  maxRetriesPerRequest: null,
  retryStrategy: reconnectDelay,
};

/**
 * A cluster node answering READONLY is a replica where the slot map says master (a failover
 * the client has not seen yet): the node's connection is dropped and the command resent (2),
 * which makes the cluster client re-read the slot map (CLUSTER SLOTS) before it tries again.
 * Other errors keep the connection.
 */
export function reconnectOnReadonly(error: Error): 2 | false {
  return error.message.startsWith('READONLY') ? 2 : false;
}

/**
 * Cluster settings for both kinds of client: writes and reads on masters only (a replica may lag
 * behind a compare-and-set); redirections (MOVED, ASK) followed by ioredis, which re-reads the
 * slot map after a MOVED; TRYAGAIN, CLUSTERDOWN and a node's closed connection (a failover)
 * retried after a short pause with the slot map re-read; the slot map also re-read every 5 s;
 * the whole client reconnecting forever with the store's backoff.
 */
function clusterOptions(
  target: Extract<RedisTarget, { kind: 'cluster' }>,
  redisOptions: RedisOptions,
  offlineQueue: boolean,
): ClusterOptions {
  const { retryStrategy: _ignored, enableOfflineQueue: _queue, ...nodeOptions } = redisOptions;
  return {
    scaleReads: 'master',
    enableOfflineQueue: offlineQueue,
    clusterRetryStrategy: reconnectDelay,
    slotsRefreshTimeout: 2_000,
    slotsRefreshInterval: 5_000,
    retryDelayOnFailover: 200,
    retryDelayOnClusterDown: 200,
    retryDelayOnTryAgain: 100,
    maxRedirections: 16,
    redisOptions: {
      ...nodeOptions,
      ...(target.username === undefined ? {} : { username: target.username }),
      ...(target.password === undefined ? {} : { password: target.password }),
      reconnectOnError: reconnectOnReadonly,
    },
  };
}

function create(target: RedisTarget, options: RedisOptions, offlineQueue: boolean): RedisClient {
  if (target.kind === 'single') return new Redis(target.url, options);
  return new Cluster(
    target.nodes.map(({ host, port }) => ({ host, port })),
    clusterOptions(target, options, offlineQueue),
  );
}

/** Where Redis is, as callers name it: a target, or the URL of one server. */
export type RedisAddress = RedisTarget | string;

function targetOf(address: RedisAddress): RedisTarget {
  return typeof address === 'string' ? { kind: 'single', url: address } : address;
}

/** A client for the stores (STORE_REDIS_OPTIONS, `overrides` on top). */
export function createStoreRedis(url: string, overrides?: RedisOptions): Redis;
export function createStoreRedis(address: RedisAddress, overrides?: RedisOptions): RedisClient;
export function createStoreRedis(address: RedisAddress, overrides: RedisOptions = {}): RedisClient {
  const options = { ...STORE_REDIS_OPTIONS, ...overrides };
  return create(targetOf(address), options, options.enableOfflineQueue ?? false);
}

/** A client for BullMQ (BULLMQ_REDIS_OPTIONS, `overrides` on top). */
export function createBullMqRedis(url: string, overrides?: RedisOptions): Redis;
export function createBullMqRedis(address: RedisAddress, overrides?: RedisOptions): RedisClient;
export function createBullMqRedis(
  address: RedisAddress,
  overrides: RedisOptions = {},
): RedisClient {
  return create(targetOf(address), { ...BULLMQ_REDIS_OPTIONS, ...overrides }, true);
}

/**
 * A part's client: the one given (the caller's, `owned` false), or one made by `make` for an
 * address (the part's own, to close when it stops).
 */
export function clientFor(
  connection: RedisClient | RedisAddress,
  make: (address: RedisAddress) => RedisClient,
): { client: RedisClient; owned: boolean } {
  if (typeof connection === 'string' || 'kind' in connection)
    return { client: make(connection), owned: true };
  return { client: connection, owned: false };
}

/** True for a cluster client. */
export function isCluster(client: RedisClient): client is Cluster {
  return client instanceof Cluster;
}

/**
 * Another client to the same Redis with some settings changed (a blocking reader's): for a
 * cluster the node settings change, and `enableOfflineQueue` the cluster's own.
 */
export function duplicateClient(client: RedisClient, overrides: RedisOptions): RedisClient {
  if (!isCluster(client)) return client.duplicate(overrides);
  const { enableOfflineQueue, retryStrategy: _ignored, ...nodeOverrides } = overrides;
  return client.duplicate([], {
    ...(enableOfflineQueue === undefined ? {} : { enableOfflineQueue }),
    redisOptions: { ...client.options.redisOptions, ...nodeOverrides },
  });
}
