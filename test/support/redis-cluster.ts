import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { freePort, startRedis, type PrivateRedis } from './redis-server.js';

const run = promisify(execFile);

/**
 * A throw-away Redis Cluster for one test file: `masters` masters (3 at least: redis-cli will
 * not make a smaller cluster) with `replicasPerMaster` replicas each, every node a private
 * redis-server (redis-server.ts) on free ports of 127.0.0.1, its cluster bus on a free port too.
 */
export interface PrivateCluster {
  /** Every node: the masters first, then the replicas. */
  readonly nodes: readonly PrivateRedis[];
  readonly masters: readonly PrivateRedis[];
  /** The first master's URL: one node, as a client configured for a single server sees it. */
  readonly url: string;
  /** Stops every node (SIGKILL) and removes their directories; safe to call twice. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** Default 3. */
  readonly masters?: number;
  /** Default 0. */
  readonly replicasPerMaster?: number;
  /** How long to wait for `cluster_state:ok` on every node; default 30 s. */
  readonly timeoutMs?: number;
  /** cluster-node-timeout: how long a master may be unreachable before its replica takes over; 2000 ms. */
  readonly nodeTimeoutMs?: number;
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** One command to one node on a connection of its own; undefined when it does not answer. */
async function ask(node: PrivateRedis, ...command: [string, ...string[]]): Promise<unknown> {
  const client = new Redis(node.url, {
    lazyConnect: true,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await client.call(...command);
  } catch {
    return undefined;
  } finally {
    client.disconnect();
  }
}

/** A node's CLUSTER INFO as fields ("cluster_state" → "ok"); empty when it does not answer. */
async function clusterInfo(node: PrivateRedis): Promise<Map<string, string>> {
  const reply = await ask(node, 'CLUSTER', 'INFO');
  const text = typeof reply === 'string' ? reply : '';
  return new Map(
    text
      .split(/\r?\n/)
      .map((line) => line.split(':'))
      .filter((pair): pair is [string, string] => pair.length === 2),
  );
}

/** Starts the nodes, makes them one cluster and waits until every node says it is whole. */
export async function startRedisCluster(options: ClusterOptions = {}): Promise<PrivateCluster> {
  const masters = options.masters ?? 3;
  const replicas = options.replicasPerMaster ?? 0;
  if (masters < 3) throw new Error('a Redis Cluster needs 3 masters at least');
  const nodes: PrivateRedis[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(nodes.splice(0).map((node) => node.stop()));
  };
  try {
    // All at once: each start is mostly waiting for the server to answer.
    const started = await Promise.allSettled(
      Array.from({ length: masters * (1 + replicas) }, () =>
        startRedis({
          args: async () => [
            '--cluster-enabled',
            'yes',
            '--cluster-config-file',
            'nodes.conf', // in the node's own directory (--dir)
            '--cluster-port',
            String(await freePort()),
            '--cluster-node-timeout',
            String(options.nodeTimeoutMs ?? 2_000),
            // A replica's first sync at once, not after the 5 s that gathers more replicas.
            '--repl-diskless-sync-delay',
            '0',
          ],
        }),
      ),
    );
    for (const result of started) if (result.status === 'fulfilled') nodes.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    // redis-cli takes the first `masters` addresses as masters, the rest as their replicas.
    await run('redis-cli', [
      '--cluster',
      'create',
      ...nodes.map((node) => `127.0.0.1:${node.port}`),
      '--cluster-replicas',
      String(replicas),
      '--cluster-yes',
    ]);
    const deadline = Date.now() + (options.timeoutMs ?? 30_000);
    await waitUntil(deadline, 'the cluster did not reach cluster_state:ok', async () => {
      const infos = await Promise.all(nodes.map(clusterInfo));
      return infos.every(
        (info) =>
          info.get('cluster_state') === 'ok' &&
          info.get('cluster_known_nodes') === `${nodes.length}`,
      );
    });
    // redis-cli chooses which nodes become masters: ROLE says which did.
    const roles = await Promise.all(nodes.map((node) => ask(node, 'ROLE')));
    const isMaster = (index: number) => Array.isArray(roles[index]) && roles[index][0] === 'master';
    const primaries = nodes.filter((_, index) => isMaster(index));
    const secondaries = nodes.filter((_, index) => !isMaster(index));
    // A replica that never synced is refused promotion ("disconnected from master for longer
    // than allowed"): a failover needs every replica in step with its master first.
    await waitUntil(deadline, 'the replicas did not sync with their masters', async () => {
      const infos = await Promise.all(secondaries.map((node) => ask(node, 'INFO', 'replication')));
      return infos.every(
        (info) => typeof info === 'string' && info.includes('master_link_status:up'),
      );
    });
    return {
      nodes: [...primaries, ...secondaries],
      masters: primaries,
      url: primaries[0]!.url,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Waits until `check` is true, polling every 100 ms; throws `message` after `deadline`. */
async function waitUntil(
  deadline: number,
  message: string,
  check: () => Promise<boolean>,
): Promise<void> {
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(message);
    await delay(100);
  }
}
