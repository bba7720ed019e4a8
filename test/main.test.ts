import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeBotApi } from './support/telegram/fake-bot-api.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';

function start(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output: () => output, exited };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        resolve(typeof address === 'object' && address !== null ? address.port : 0),
      );
    });
  });
}

describe('npm start (src/main.ts)', () => {
  let fake: FakeBotApi | undefined;
  let running: ChildProcess | undefined;
  afterEach(async () => {
    running?.kill('SIGKILL');
    await fake?.close();
  });

  it('without a token it plays in the terminal', async () => {
    const app = start({});
    app.child.stdin!.end('c3-d4\nquit\n');
    expect(await app.exited).toBe(0);
    expect(app.output()).toContain('Played c3-d4.');
  });

  it('names the bad variable and exits 2', async () => {
    const app = start({ TELEGRAM_BOT_TOKEN: 'nonsense' });
    expect(await app.exited).toBe(2);
    expect(app.output()).toMatch(/^configuration error: TELEGRAM_BOT_TOKEN/m);
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

  it('with TELEGRAM_WEBHOOK_URL it serves a webhook that checks the secret', async () => {
    fake = await FakeBotApi.start({ botUsername: 'bashni_test_bot' });
    const port = await freePort();
    const app = start({
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: fake.apiRoot,
      TELEGRAM_WEBHOOK_URL: 'https://bot.example.org/telegram-hook',
      TELEGRAM_WEBHOOK_SECRET: 's3cret',
      PORT: String(port),
    });
    running = app.child;
    await fake.waitForCall('setWebhook', undefined, 20_000);
    expect(fake.webhookUrl).toBe('https://bot.example.org/telegram-hook');

    const bob = fake.user(12, 'Bob', 'bob', 'en');
    const update = fake.message({ from: bob, chat: fake.privateChat(bob), text: '/help' });
    const post = (secret: string) =>
      fetch(`http://127.0.0.1:${port}/telegram-hook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
        body: JSON.stringify(update),
      });
    expect((await post('wrong')).status).toBe(401);
    expect((await post('s3cret')).status).toBe(200);
    const reply = await fake.waitForCall(
      'sendMessage',
      (call) => call.params.chat_id === 12,
      10_000,
    );
    expect(String(reply.params.text)).toContain('/newgame');
  });
});
