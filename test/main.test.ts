import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  freePort,
  logLines,
  outputMatches,
  ROOT,
  startApp as start,
  TOKEN,
} from './support/start-app.js';
import { until } from './support/until.js';
import { FakeBotApi } from './support/telegram/fake-bot-api.js';

describe('npm start (src/main.ts)', () => {
  let fake: FakeBotApi | undefined;
  let running: ChildProcess | undefined;
  let directory: string | undefined;
  afterEach(async () => {
    running?.kill('SIGKILL');
    running = undefined;
    await fake?.close();
    fake = undefined;
    if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
    directory = undefined;
  });

  it('without a token, with --console, it plays in the terminal', async () => {
    const app = start({}, { args: ['--console'] });
    app.child.stdin!.end('c3-d4\nquit\n');
    expect(await app.exited).toBe(0);
    expect(app.output()).toContain('Played c3-d4.');
  });

  it('without a token and without a terminal it says what is missing and exits 2', async () => {
    const app = start({});
    app.child.stdin!.end();
    expect(await app.exited).toBe(2);
    expect(app.output()).toMatch(
      /^nothing to run: neither TELEGRAM_BOT_TOKEN nor DISCORD_TOKEN is set/,
    );
    expect(app.output()).toContain('.env.example');
    expect(app.output()).toContain('--console');
    expect(app.output()).not.toContain('Bashni Bot — local game');
  });

  it('refuses an unknown argument in one line, exit 2', async () => {
    const app = start({}, { args: ['--console', '--colour'] });
    expect(await app.exited).toBe(2);
    expect(app.output().trim().split('\n')).toEqual([
      'unknown argument "--colour": npm start takes --wait and --console (see README.md)',
    ]);
  });

  it('reads .env from the working directory, never over the environment', async () => {
    directory = mkdtempSync(join(tmpdir(), 'bashni-start-'));
    // Read: the game is Laska. Not over the environment: RETENTION_DAYS=-5 would be refused.
    writeFileSync(join(directory, '.env'), 'DEFAULT_VARIANT=laska\nRETENTION_DAYS=-5\n');
    const app = start({ RETENTION_DAYS: '30' }, { args: ['--console'], cwd: directory });
    app.child.stdin!.end('quit\n');
    expect(await app.exited).toBe(0);
    expect(app.output()).toContain('local game of Laska');

    writeFileSync(join(directory, '.env'), `TELEGRAM_BOT_TOKEN ${TOKEN}\n`);
    const broken = start({}, { args: ['--console'], cwd: directory });
    expect(await broken.exited).toBe(2);
    expect(logLines(broken)).toEqual([
      expect.objectContaining({
        level: 60,
        component: 'startup',
        msg: `configuration error: ${join(directory, '.env')}, line 1: expected NAME=value`,
      }),
    ]);
  });

  it('names the bad variable and exits 2', async () => {
    const app = start({ TELEGRAM_BOT_TOKEN: 'nonsense' });
    expect(await app.exited).toBe(2);
    expect(logLines(app)).toEqual([
      expect.objectContaining({
        component: 'startup',
        msg: expect.stringMatching(/^configuration error: TELEGRAM_BOT_TOKEN/) as string,
      }),
    ]);
  });

  it('with a token it runs the Telegram bot by long polling, menus in both languages', async () => {
    fake = await FakeBotApi.start({ botUsername: 'bashni_test_bot' });
    const app = start({ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: fake.apiRoot });
    running = app.child;
    await fake.waitForCall('getUpdates', undefined, 20_000);
    expect(fake.commands().map((c) => c.command)).toContain('newgame');
    expect(
      fake.commands({ type: 'default' }, 'ru').find((c) => c.command === 'resign')?.description,
    ).toBe('Сдаться');

    const alice = fake.user(11, 'Alice', 'alice', 'ru');
    const chat = fake.privateChat(alice);
    fake.pushMessage({ from: alice, chat, text: '/start' });
    const reply = await fake.waitForCall(
      'sendMessage',
      (call) => call.params.chat_id === 11,
      10_000,
    );
    expect(String(reply.params.text)).toContain('Привет!');
    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
    running = undefined;
  });

  it('serves /healthz and /metrics on METRICS_PORT while polling, and logs JSON lines', async () => {
    fake = await FakeBotApi.start({ botUsername: 'bashni_test_bot' });
    const metricsPort = await freePort();
    const app = start({
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: fake.apiRoot,
      METRICS_PORT: String(metricsPort),
    });
    running = app.child;
    await outputMatches(app, /Bashni Bot is running/);
    const alice = fake.user(11, 'Alice', 'alice', 'en');
    fake.pushMessage({ from: alice, chat: fake.privateChat(alice), text: '/start' });
    await fake.waitForCall('sendMessage', (call) => call.params.chat_id === 11, 10_000);

    const health = await fetch(`http://127.0.0.1:${metricsPort}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({
      ok: true,
      status: 'ok',
      checks: { store: true, ai: true, renderPool: true, telegram: true },
      reasons: {},
    });
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/^bashni_updates_handled_total\{platform="telegram"\} 1$/m);
    expect(metrics).toMatch(/^bashni_timer_backlog 0$/m);

    const runningLine = app
      .output()
      .split('\n')
      .find((line) => line.includes('Bashni Bot is running'));
    expect(JSON.parse(runningLine!)).toMatchObject({ level: 30, pid: app.child.pid });
  });

  it.each([
    ['TELEGRAM_WEBHOOK_SECRET', { TELEGRAM_WEBHOOK_SECRET: 's3cret' }],
    ['a secret derived from the token', {}],
  ])(
    'with TELEGRAM_WEBHOOK_URL it serves a webhook that sets and checks %s',
    async (_, secretEnv: Record<string, string>) => {
      fake = await FakeBotApi.start({ botUsername: 'bashni_test_bot' });
      const port = await freePort();
      const app = start({
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_API_ROOT: fake.apiRoot,
        TELEGRAM_WEBHOOK_URL: 'https://bot.example.org/telegram-hook',
        PORT: String(port),
        ...secretEnv,
      });
      running = app.child;
      await outputMatches(app, /Bashni Bot is running/);
      expect(fake.webhookUrl).toBe('https://bot.example.org/telegram-hook');
      const secret = fake.webhookSecret;
      if (secretEnv.TELEGRAM_WEBHOOK_SECRET === undefined)
        expect(secret).toMatch(/^[A-Za-z0-9_-]{32,256}$/);
      else expect(secret).toBe(secretEnv.TELEGRAM_WEBHOOK_SECRET);

      const bob = fake.user(12, 'Bob', 'bob', 'en');
      const update = fake.message({ from: bob, chat: fake.privateChat(bob), text: '/help' });
      const post = (headers: Record<string, string>) =>
        fetch(`http://127.0.0.1:${port}/telegram-hook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(update),
        });
      // A stranger who reaches the port acts as nobody.
      expect((await post({})).status).toBe(401);
      expect((await post({ 'x-telegram-bot-api-secret-token': 'wrong' })).status).toBe(401);
      expect(fake.callsOf('sendMessage')).toHaveLength(0);
      expect((await post({ 'x-telegram-bot-api-secret-token': secret })).status).toBe(200);
      const reply = await fake.waitForCall(
        'sendMessage',
        (call) => call.params.chat_id === 12,
        10_000,
      );
      expect(String(reply.params.text)).toContain('/newgame');
      expect(app.output()).not.toContain(secret);
    },
  );

  it.each([
    ['METRICS_PORT', (port: number) => ({ METRICS_PORT: String(port) })],
    [
      'PORT',
      (port: number) => ({
        TELEGRAM_WEBHOOK_URL: 'https://bot.example.org/hook',
        PORT: String(port),
      }),
    ],
  ])(
    'a busy %s stops the start before it logs in, in one line naming it, exit 2',
    async (variable, env) => {
      fake = await FakeBotApi.start({ botUsername: 'bashni_test_bot' });
      const busy = createServer();
      await new Promise<void>((resolve) => busy.listen(0, resolve));
      try {
        const port = (busy.address() as AddressInfo).port;
        const app = start({
          TELEGRAM_BOT_TOKEN: TOKEN,
          TELEGRAM_API_ROOT: fake.apiRoot,
          ...env(port),
        });
        running = app.child;
        expect(await app.exited).toBe(2);
        expect(logLines(app)).toEqual([
          expect.objectContaining({
            level: 60,
            component: 'startup',
            msg: `configuration error: ${variable}: all interfaces, port ${port} is already in use by another process`,
          }),
        ]);
        expect(fake.calls).toEqual([]); // never asked the Bot API anything
      } finally {
        await new Promise((resolve) => busy.close(resolve));
      }
    },
  );

  it('serves /healthz on METRICS_HOST only', async () => {
    fake = await FakeBotApi.start({ botUsername: 'bashni_test_bot' });
    const metricsPort = await freePort();
    const app = start({
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: fake.apiRoot,
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: '127.0.0.1',
    });
    running = app.child;
    await outputMatches(app, /Bashni Bot is running/);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/healthz`)).status).toBe(200);
    // Not on the IPv6 loopback, which listening on all interfaces would include.
    await expect(fetch(`http://[::1]:${metricsPort}/healthz`)).rejects.toThrow();
  });
});

describe('npm start', () => {
  it('SIGTERM to npm stops the bot itself, not only npm', async () => {
    const fake = await FakeBotApi.start({ botUsername: 'bashni_test_bot' });
    const npm = spawn('npm', ['start'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        METRICS_PORT: '0',
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_API_ROOT: fake.apiRoot,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // 'close': the output is complete (stdio may still hold some at 'exit').
    const exited = new Promise((resolve) => npm.once('close', resolve));
    let botPid: number | undefined;
    try {
      await until(
        () => /Bashni Bot is running/.test(output) || undefined,
        'the bot running',
        30_000,
      );
      const running = output.split('\n').find((line) => line.includes('Bashni Bot is running'));
      botPid = (JSON.parse(running!) as { pid: number }).pid;
      npm.kill('SIGTERM');
      await exited;
      // The bot stops too (in order: it says so), and polls no more.
      await until(() => !isAlive(botPid!) || undefined, 'the bot process to exit', 20_000);
      expect(output).toContain('"msg":"stopping"');
    } finally {
      if (botPid !== undefined && isAlive(botPid)) process.kill(botPid, 'SIGKILL');
      npm.kill('SIGKILL');
      await fake.close();
    }
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
