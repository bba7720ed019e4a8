import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/game/logger.js';
import type { PartHealth } from '../../src/store/store-health.js';
import { capturingLogger } from '../support/capturing-logger.js';
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
    expect(await down.json()).toEqual({
      ok: false,
      status: 'failing',
      checks: { store: false, telegram: true },
      reasons: { store: `connect ECONNREFUSED 127.0.0.1:${redisPort}` },
    });

    redis = await fakeRedis(redisPort);
    const up = await get('/healthz');
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({
      ok: true,
      status: 'ok',
      checks: { store: true, telegram: true },
      reasons: {},
    });

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
    expect(await answer.json()).toEqual({
      ok: false,
      status: 'failing',
      checks: { discord: false },
      reasons: { discord: 'no answer in 50 ms' },
    });
  });

  it('says degraded with 200 and failing with 503, each check not ok with its reason', async () => {
    let ai: PartHealth = { status: 'degraded', reason: 'no AI worker has been seen for 12 s' };
    let store: PartHealth = { status: 'ok' };
    const { logger, lines } = capturingLogger();
    ops = startOpsServer({
      server: await bindPort(0, '127.0.0.1', 'METRICS_PORT'),
      checks: { store: () => Promise.resolve(store), ai: () => ai, renderPool: () => true },
      metrics: () => Promise.resolve(''),
      logger,
    });
    const healthz = async () => {
      const answer = await fetch(`http://127.0.0.1:${ops!.port}/healthz`);
      return { status: answer.status, body: await answer.json() };
    };

    expect(await healthz()).toEqual({
      status: 200,
      body: {
        ok: true,
        status: 'degraded',
        checks: { store: true, ai: true, renderPool: true },
        reasons: { ai: 'no AI worker has been seen for 12 s' },
      },
    });
    // Another wording of the same state (seconds counted) is not logged again.
    ai = { status: 'degraded', reason: 'no AI worker has been seen for 13 s' };
    expect(await healthz()).toMatchObject({ status: 200, body: { status: 'degraded' } });
    ai = { status: 'degraded', reason: 'no AI worker has been seen for 12 s' };
    store = { status: 'failing', reason: 'READONLY: writes refused' };
    for (let i = 0; i < 3; i++)
      expect(await healthz()).toEqual({
        status: 503,
        body: {
          ok: false,
          status: 'failing',
          checks: { store: false, ai: true, renderPool: true },
          reasons: { store: 'READONLY: writes refused', ai: 'no AI worker has been seen for 12 s' },
        },
      });
    store = { status: 'ok' };
    ai = { status: 'ok' };
    expect(await healthz()).toEqual({
      status: 200,
      body: {
        ok: true,
        status: 'ok',
        checks: { store: true, ai: true, renderPool: true },
        reasons: {},
      },
    });
    expect(await healthz()).toMatchObject({ status: 200 });

    // Each change once, however often it was asked.
    expect(lines.map((line) => [line.level, line.message, line.context.reasons])).toEqual([
      ['warn', 'health: degraded', { ai: 'no AI worker has been seen for 12 s' }],
      [
        'warn',
        'health: failing',
        { store: 'READONLY: writes refused', ai: 'no AI worker has been seen for 12 s' },
      ],
      ['info', 'health: ok', undefined],
    ]);
  });

  it('a check that throws fails with its message, credentials in a URL left out', async () => {
    ops = startOpsServer({
      server: await bindPort(0, '127.0.0.1', 'METRICS_PORT'),
      checks: {
        store: () =>
          Promise.reject(new Error('cannot reach redis://bot:s3cret@redis.internal:6379')),
      },
      metrics: () => Promise.resolve(''),
      logger: silentLogger,
    });
    const answer = await fetch(`http://127.0.0.1:${ops.port}/healthz`);
    expect(answer.status).toBe(503);
    const text = await answer.text();
    expect(text).not.toContain('s3cret');
    expect(JSON.parse(text)).toMatchObject({
      reasons: { store: 'cannot reach redis://redis.internal:6379' },
    });
  });
});
