/**
 * The production image's runtime stage, rebuilt outside Docker as its Dockerfile gives it: its
 * COPY lines (dist/ from a build made here) into a temporary directory, its RUN commands there
 * (the production install, with a fresh npm cache so that its `npm cache clean` touches nothing
 * else), then its CMD (`node dist/main.js`) and HEALTHCHECK from that directory. The node
 * executable is this one, or BASHNI_TEST_NODE (.ci/run sets it to the minimum Node version of
 * package.json). The install needs the npm registry (about 12 s).
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  execCommand,
  readDockerfile,
  stageEnv,
  stageSteps,
  stageWorkdir,
} from './support/dockerfile.js';
import { freePort, ROOT, startCommand, TOKEN, type StartedApp } from './support/start-app.js';
import { FakeBotApi } from './support/telegram/fake-bot-api.js';
import { until } from './support/until.js';

const NODE = process.env.BASHNI_TEST_NODE || process.execPath;
const dockerfile = readDockerfile(ROOT);
const CMD = execCommand(dockerfile, 'CMD');
const HEALTHCHECK = execCommand(dockerfile, 'HEALTHCHECK');
const IMAGE_ENV = stageEnv(dockerfile);
const run = promisify(execFile);

/**
 * The runtime stage's files in `image`: each COPY from the build context (the repository) or
 * from the build stage (whose WORKDIR is the repository here, built by `npm run build`), each
 * RUN in a shell there, in the Dockerfile's order.
 */
async function replayRuntimeStage(image: string, npmCache: string): Promise<void> {
  for (const step of stageSteps(dockerfile)) {
    if (step.kind === 'run') {
      const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...IMAGE_ENV };
      await run('sh', ['-c', step.command], {
        cwd: image,
        env: { ...env, npm_config_cache: npmCache },
      });
      continue;
    }
    const workdir = step.stage === undefined ? undefined : stageWorkdir(dockerfile, step.stage);
    for (const source of step.sources) {
      if (workdir !== undefined && !source.startsWith(`${workdir}/`))
        throw new Error(`COPY --from=${step.stage} ${source}: not under its WORKDIR ${workdir}`);
      const from = join(ROOT, workdir === undefined ? source : source.slice(workdir.length + 1));
      const to = step.destination.endsWith('/')
        ? join(image, step.destination, basename(source))
        : join(image, step.destination);
      cpSync(from, to, { recursive: true });
    }
  }
}

/** Our devDependencies that only development needs (the lockfile marks them dev). */
function devOnlyPackages(): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
  };
  return Object.keys(manifest.devDependencies).filter((name) => {
    const entry = lock.packages[`node_modules/${name}`];
    return entry?.dev === true || entry?.devOptional === true;
  });
}

describe(`the production image's commands (Dockerfile), outside Docker, on ${NODE}`, () => {
  let app: StartedApp | undefined;
  let fake: FakeBotApi | undefined;
  let server: Server | undefined;
  let image = '';
  let npmCache = '';
  beforeAll(async () => {
    // The build stage's `npm run build`, then the runtime stage, once for this file.
    await run('npm', ['run', '-s', 'build'], { cwd: ROOT });
    image = mkdtempSync(join(tmpdir(), 'bashni-image-'));
    npmCache = mkdtempSync(join(tmpdir(), 'bashni-npm-cache-'));
    await replayRuntimeStage(image, npmCache);
  }, 300_000);
  afterAll(() => {
    for (const directory of [image, npmCache])
      if (directory !== '') rmSync(directory, { recursive: true, force: true });
  });
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

  it('installs the production dependencies only: no TypeScript, tsx, vitest or the other tools', () => {
    const tools = devOnlyPackages();
    expect(tools).toEqual(
      expect.arrayContaining(['typescript', 'tsx', 'vitest', 'eslint', 'vite']),
    );
    const modules = join(image, 'node_modules');
    expect(existsSync(join(modules, 'valibot')), 'a production dependency').toBe(true);
    expect(tools.filter((name) => existsSync(join(modules, name)))).toEqual([]);
    // No command left pointing at a removed package.
    const bin = join(modules, '.bin');
    const commands = existsSync(bin) ? readdirSync(bin) : [];
    expect(commands.filter((name) => !existsSync(join(bin, name)))).toEqual([]);
  });

  it('plays in the terminal against the bot, its engine on a worker thread from dist', async () => {
    app = startCommand([...CMD, '--console'], IMAGE_ENV, NODE, image);
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
    app = startCommand(CMD, env, NODE, image);
    await fake.waitForCall('getUpdates', undefined, 20_000);
    // The image's own HEALTHCHECK against the running bot's /healthz.
    let healthy = false;
    for (let tries = 0; tries < 40 && !healthy; tries++) {
      healthy = (await startCommand(HEALTHCHECK, env, NODE, image).exited) === 0;
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
      startCommand(HEALTHCHECK, { ...IMAGE_ENV, ...env }, NODE, image).exited;

    expect(await check({ METRICS_PORT: String(port) })).toBe(0);
    expect(paths).toEqual(['/healthz']);
    status = 503;
    expect(await check({ METRICS_PORT: String(port) })).toBe(1);
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
    expect(await check({ METRICS_PORT: String(port) })).toBe(1);
  });
});
