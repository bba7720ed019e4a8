import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/game/logger.js';
import { AppMetrics } from '../../src/startup/metrics.js';
import { bindPort } from '../../src/startup/listen.js';
import { startOpsServer, type OpsServer } from '../../src/startup/ops-server.js';
import { pingRedis } from '../../src/store/redis-probe.js';
import { freePort } from '../support/start-app.js';

/** Just enough of Redis for the probe: PING gets +PONG, any other command +OK. */
function fakeRedis(port: number): Promise<Server> {
  const server = createServer((socket) => {
    socket.on('data', (chunk: Buffer) => {
      // Each command is an array: "*<count>", then "$<length>" and the word, the first its name.
      for (const command of chunk
        .toString()
        .split(/^\*\d+\r\n/m)
        .slice(1)) {
        const name = command.split('\r\n')[1]?.toUpperCase();
        socket.write(name === 'PING' ? '+PONG\r\n' : '+OK\r\n');
      }
    });
    socket.on('error', () => undefined); // the probe hangs up at once
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

describe('GET /healthz and GET /metrics', () => {
  let ops: OpsServer | undefined;
  let redis: Server | undefined;
  afterEach(async () => {
    await ops?.close();
    await new Promise((resolve) => (redis ? redis.close(resolve) : resolve(undefined)));
    ops = undefined;
    redis = undefined;
  });

  it('answers 503 naming the failing check while Redis is down, 200 once it is up', async () => {
    const redisPort = await freePort();
    let polling = true;
    const metrics = new AppMetrics({ timerBacklog: () => Promise.resolve(3), aiQueue: () => 2 });
    ops = startOpsServer({
      server: await bindPort(0, '127.0.0.1', 'METRICS_PORT'),
      checks: {
        store: () => pingRedis(`redis://127.0.0.1:${redisPort}`, 500).then(() => true),
        telegram: () => polling,
      },
      metrics: () => metrics.text(),
      logger: silentLogger,
    });
    const get = (path: string) => fetch(`http://127.0.0.1:${ops!.port}${path}`);

    const down = await get('/healthz');
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ ok: false, checks: { store: false, telegram: true } });

    redis = await fakeRedis(redisPort);
    const up = await get('/healthz');
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ ok: true, checks: { store: true, telegram: true } });

    polling = false;
    expect((await get('/healthz')).status).toBe(503);

    const scraped = await get('/metrics');
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toContain('text/plain');
    const text = await scraped.text();
    expect(text).toMatch(/^bashni_timer_backlog 3$/m);
    expect(text).toMatch(/^bashni_ai_queue_depth 2$/m);
    expect(text).toContain('# TYPE bashni_render_seconds histogram');

    expect((await get('/other')).status).toBe(404);
  });

  it('a check that never answers fails after its timeout instead of hanging', async () => {
    ops = startOpsServer({
      server: await bindPort(0, '127.0.0.1', 'METRICS_PORT'),
      checks: { discord: () => new Promise<boolean>(() => undefined) },
      metrics: () => Promise.resolve(''),
      logger: silentLogger,
      checkTimeoutMs: 50,
    });
    const answer = await fetch(`http://127.0.0.1:${ops.port}/healthz`);
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ ok: false, checks: { discord: false } });
  });
});
