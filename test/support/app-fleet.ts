import { afterAll, afterEach, beforeAll } from 'vitest';
import { startRedis, type PrivateRedis } from './redis-server.js';
import { killAll, startApp, type StartedApp } from './start-app.js';

/**
 * For a test file that runs the app as shipped in several processes on one Redis: a private
 * redis-server for the file, and the processes each test starts, killed after the test.
 * Call at the top of the file or of a describe block (it registers the hooks there).
 */
export function useAppFleet(): {
  /** The private server's URL (from beforeAll on). */
  redisUrl: () => string;
  /** Starts `npm start` (or `script`, e.g. src/worker.ts) with `env`; killed after the test. */
  start: (env: Record<string, string>, script?: string) => StartedApp;
  /** The processes started in this test, in order. */
  apps: () => readonly StartedApp[];
} {
  let redis: PrivateRedis | undefined;
  const apps: StartedApp[] = [];
  beforeAll(async () => {
    redis = await startRedis();
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
  });
  return {
    redisUrl: () => {
      if (redis === undefined) throw new Error('useAppFleet: Redis is not started yet');
      return redis.url;
    },
    apps: () => apps,
    start: (env, script) => {
      const app = startApp(env, { script });
      apps.push(app);
      return app;
    },
  };
}
