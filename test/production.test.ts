/**
 * The production image's commands, run outside Docker exactly as its Dockerfile gives them: the
 * CMD (`node dist/main.js`) on a build made here, and the HEALTHCHECK. The node executable is
 * this one, or BASHNI_TEST_NODE (.ci/run sets it to the minimum Node version of package.json).
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { promisify } from 'node:util';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { execCommand, readDockerfile, stageEnv } from './support/dockerfile.js';
import { freePort, ROOT, startCommand, TOKEN, type StartedApp } from './support/start-app.js';
import { FakeBotApi } from './support/telegram/fake-bot-api.js';
import { until } from './support/until.js';

const NODE = process.env.BASHNI_TEST_NODE || process.execPath;
const dockerfile = readDockerfile(ROOT);
const CMD = execCommand(dockerfile, 'CMD');
const HEALTHCHECK = execCommand(dockerfile, 'HEALTHCHECK');
const IMAGE_ENV = stageEnv(dockerfile);

describe(`the production image's commands (Dockerfile), outside Docker, on ${NODE}`, () => {
  let app: StartedApp | undefined;
  let fake: FakeBotApi | undefined;
  let server: Server | undefined;
  beforeAll(async () => {
    // The build stage's `npm run build`, once for this file.
    await promisify(execFile)('npm', ['run', '-s', 'build'], { cwd: ROOT });
  }, 180_000);
  afterEach(async () => {
    app?.child.kill('SIGKILL');
    app = undefined;
    await fake?.close();
    fake = undefined;
    await new Promise((resolve) =>
      server === undefined ? resolve(undefined) : server.close(resolve),
    );
    server = undefined;
  });

  it('plays in the terminal against the bot, its engine on a worker thread from dist', async () => {
    app = startCommand([...CMD, '--console'], IMAGE_ENV, NODE);
    app.child.stdin!.end('bot 1\nc3-d4\npdn\nquit\n');
    expect(await app.exited).toBe(0);
    expect(app.output()).toMatch(/1\. c3-d4 [a-h][1-8][-:][a-h][1-8]/);
  });

  it('runs the Telegram bot: answers /start, draws the board, plays the bot, passes its HEALTHCHECK', async () => {
    fake = await FakeBotApi.start({ botUsername: 'bashni_test_bot' });
    const metricsPort = String(await freePort());
    const env = {
      ...IMAGE_ENV,
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: fake.apiRoot,
      METRICS_PORT: metricsPort,
    };
    app = startCommand(CMD, env, NODE);
    await fake.waitForCall('getUpdates', undefined, 20_000);
    // The image's own HEALTHCHECK against the running bot's /healthz.
    let healthy = false;
    for (let tries = 0; tries < 40 && !healthy; tries++) {
      healthy = (await startCommand(HEALTHCHECK, env, NODE).exited) === 0;
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(healthy).toBe(true);
    const alice = fake.user(11, 'Alice', 'alice', 'en');
    const chat = fake.privateChat(alice);
    fake.pushMessage({ from: alice, chat, text: '/start' });
    const hello = await fake.waitForCall(
      'sendMessage',
      (call) => call.params.chat_id === 11,
      10_000,
    );
    expect(String(hello.params.text)).toMatch(/^Hi!/);

    // The board is drawn by the render pool's worker, the reply searched by the AI pool's.
    fake.pushMessage({ from: alice, chat, text: '/play 1' });
    const { response } = await fake.waitForCall(
      'sendPhoto',
      (call) => call.params.chat_id === 11,
      20_000,
    );
    const boardId = response.ok ? (response.result as { message_id: number }).message_id : 0;
    fake.pushMessage({ from: alice, chat, text: '/move c3-d4' });
    await until(
      () => /Move 2 · White to play/.test(fake!.message(11, boardId)?.caption ?? ''),
      "the bot's answer on the board",
    );
    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
  });

  it('HEALTHCHECK passes on a 200 from /healthz on METRICS_PORT, fails otherwise', async () => {
    let status = 200;
    const paths: string[] = [];
    server = createServer((request, response) => {
      paths.push(request.url ?? '');
      response.writeHead(request.url === '/healthz' ? status : 404).end();
    });
    const port = await freePort();
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    const check = async (env: Record<string, string>) =>
      startCommand(HEALTHCHECK, { ...IMAGE_ENV, ...env }, NODE).exited;

    expect(await check({ METRICS_PORT: String(port) })).toBe(0);
    expect(paths).toEqual(['/healthz']);
    status = 503;
    expect(await check({ METRICS_PORT: String(port) })).toBe(1);
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
    expect(await check({ METRICS_PORT: String(port) })).toBe(1);
  });
});
