import { createServer } from 'node:net';
import { Api } from 'grammy';
import type { Update } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { startTelegram } from '../../../src/adapters/telegram/run.js';
import { UpdatePipeline } from '../../../src/adapters/telegram/update-pipeline.js';
import { FakeBotApi } from '../../support/telegram/fake-bot-api.js';
import { silentLogger, TOKEN } from './harness.js';

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

describe('Telegram webhook: answered only once the update is handled', () => {
  let fake: FakeBotApi;
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    await fake.close();
  });

  it('holds the answer until the update is done, handles a resent update once, refuses junk', async () => {
    fake = await FakeBotApi.start();
    const handled: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const pipeline = new UpdatePipeline({
      logger: silentLogger,
      handle: async (update) => {
        await gate;
        handled.push(update.update_id);
      },
    });
    const port = await freePort();
    stop = await startTelegram(
      new Api(TOKEN, { apiRoot: fake.apiRoot }),
      pipeline,
      { webhook: { url: new URL('https://bot.example.org/hook'), port, secret: 's3cret' } },
      silentLogger,
    );
    expect(fake.webhookUrl).toBe('https://bot.example.org/hook');
    const update = {
      update_id: 42,
      message: {
        message_id: 1,
        date: 0,
        chat: { id: 5, type: 'private', first_name: 'A' },
        text: 'hi',
      },
    } as unknown as Update;
    const post = (body: string, secret = 's3cret') =>
      fetch(`http://127.0.0.1:${port}/hook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
        body,
      });
    let answered = false;
    const first = post(JSON.stringify(update)).then((response) => {
      answered = true;
      return response;
    });
    const again = post(JSON.stringify(update)); // Telegram resends what it thinks was lost
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    release();
    expect((await first).status).toBe(200);
    expect((await again).status).toBe(200);
    expect(handled).toEqual([42]);

    expect((await post('{"nonsense": true}')).status).toBe(400);
    expect((await post('not json')).status).toBe(400);
    expect((await post(JSON.stringify(update), 'wrong')).status).toBe(401);
  });

  it('answers an update that takes too long anyway, and still handles it to the end', async () => {
    fake = await FakeBotApi.start();
    const handled: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const warnings: string[] = [];
    const logger = { ...silentLogger, warn: (message: string) => void warnings.push(message) };
    const pipeline = new UpdatePipeline({
      logger: silentLogger,
      handle: async (update) => {
        await gate; // e.g. a move waiting out a 429
        handled.push(update.update_id);
      },
    });
    const port = await freePort();
    stop = await startTelegram(
      new Api(TOKEN, { apiRoot: fake.apiRoot }),
      pipeline,
      { webhook: { url: new URL('https://bot.example.org/hook'), port, answerWithinMs: 150 } },
      logger,
    );
    const response = await fetch(`http://127.0.0.1:${port}/hook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        update_id: 7,
        message: { message_id: 1, date: 0, chat: { id: 5, type: 'private' }, text: 'hi' },
      }),
    });
    expect(response.status).toBe(200);
    expect(handled).toEqual([]); // answered first...
    expect(warnings).toEqual([expect.stringMatching(/before it was handled/)]);
    release();
    await pipeline.idle();
    expect(handled).toEqual([7]); // ...handled all the same
  });
});
