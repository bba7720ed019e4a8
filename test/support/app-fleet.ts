import { afterAll, afterEach, beforeAll } from 'vitest';
import { startRedisCluster, type PrivateCluster } from './redis-cluster.js';
import { startRedis, type PrivateRedis } from './redis-server.js';
import { killAll, startApp, type StartedApp } from './start-app.js';

/**
 * For a test file that runs the app as shipped in several processes on one Redis: a private
 * redis-server (or, `cluster`, a private Redis Cluster of 3 masters) for the file, and the
 * processes each test starts, killed after the test.
 * Call at the top of the file or of a describe block (it registers the hooks there).
 */
export function useAppFleet(kind: 'single' | 'cluster' = 'single'): {
  /** What the fleet's Redis is, in test names: "one Redis" or "a Redis Cluster". */
  kind: string;
  /** The private server's URL (from beforeAll on); a cluster's first master. */
  redisUrl: () => string;
  /** The settings that point the app at it: REDIS_URL, or REDIS_CLUSTER_NODES. */
  redisEnv: () => Record<string, string>;
  /** The cluster (a cluster fleet only). */
  cluster: () => PrivateCluster;
  /** Starts `npm start` (or `script`, e.g. src/worker.ts) with `env`; killed after the test. */
  start: (env: Record<string, string>, script?: string) => StartedApp;
  /** The processes started in this test, in order. */
  apps: () => readonly StartedApp[];
} {
  let redis: PrivateRedis | undefined;
  let cluster: PrivateCluster | undefined;
  const apps: StartedApp[] = [];
  beforeAll(async () => {
    if (kind === 'single') redis = await startRedis();
    else {
      cluster = await startRedisCluster({ nodeTimeoutMs: 1_000 });
      redis = cluster.masters[0];
    }
  });
  afterEach(async (context) => {
    // A failed test shows what its processes printed: the only trace of what they did.
    if (context.task.result?.state === 'fail')
      for (const [index, app] of apps.entries())
        console.error(`--- process ${index} output ---\n${app.output()}`);
    await killAll(apps);
  });
  afterAll(async () => {
    await killAll(apps);
    await redis?.stop();
    await cluster?.stop();
  });
  return {
    redisUrl: () => {
      if (redis === undefined) throw new Error('useAppFleet: Redis is not started yet');
      return redis.url;
    },
    kind: kind === 'single' ? 'one Redis' : 'a Redis Cluster',
    redisEnv: (): Record<string, string> => {
      if (redis === undefined) throw new Error('useAppFleet: Redis is not started yet');
      if (cluster === undefined) return { REDIS_URL: redis.url };
      const nodes = cluster.masters.map((node) => `127.0.0.1:${node.port}`);
      return { REDIS_CLUSTER_NODES: nodes.join(',') };
    },
    cluster: () => {
      if (cluster === undefined) throw new Error('useAppFleet: not a cluster');
      return cluster;
    },
    apps: () => apps,
    start: (env, script) => {
      const app = startApp(env, { script });
      apps.push(app);
      return app;
    },
  };
}
