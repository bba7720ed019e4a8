import { Agent, request as httpRequest } from 'node:http';
import { Api } from 'grammy';
import type { Update } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MAX_BODY_BYTES,
  startTelegram,
  webhookSecret,
} from '../../../src/adapters/telegram/run.js';
import { bindPort, portOf } from '../../../src/startup/listen.js';
import { UpdatePipeline } from '../../../src/adapters/telegram/update-pipeline.js';
import { FakeBotApi } from '../../support/telegram/fake-bot-api.js';
import { silentLogger, TOKEN } from './harness.js';

const HOOK = new URL('https://bot.example.org/hook');
const SECRET = 's3cret';

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
    const server = await bindPort(0, '127.0.0.1', 'PORT');
    const port = portOf(server);
    stop = await startTelegram(
      new Api(TOKEN, { apiRoot: fake.apiRoot }),
      pipeline,
      { webhook: { url: HOOK, secret: SECRET }, server },
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
    const server = await bindPort(0, '127.0.0.1', 'PORT');
    stop = await startTelegram(
      new Api(TOKEN, { apiRoot: fake.apiRoot }),
      pipeline,
      { webhook: { url: HOOK, secret: SECRET, answerWithinMs: 150 }, server },
      logger,
    );
    const response = await fetch(`http://127.0.0.1:${portOf(server)}/hook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
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

  /** A webhook on a port of its own whose pipeline records the ids it handles. */
  async function recordingWebhook(handled: number[], logger: typeof silentLogger) {
    const pipeline = new UpdatePipeline({
      logger: silentLogger,
      handle: (update) => Promise.resolve(void handled.push(update.update_id)),
    });
    const server = await bindPort(0, '127.0.0.1', 'PORT');
    stop = await startTelegram(
      new Api(TOKEN, { apiRoot: fake.apiRoot }),
      pipeline,
      { webhook: { url: HOOK, secret: SECRET }, server },
      logger,
    );
    return server;
  }

  it('refuses every request without the secret token, logging it once a minute', async () => {
    fake = await FakeBotApi.start();
    const handled: number[] = [];
    const warnings: { message: string; context?: Record<string, unknown> }[] = [];
    const logger = {
      ...silentLogger,
      warn: (message: string, context?: Record<string, unknown>) =>
        void warnings.push({ message, context }),
    };
    const server = await recordingWebhook(handled, logger);
    expect(fake.webhookSecret).toBe(SECRET);
    const body = JSON.stringify({ update_id: 9, message: { message_id: 1, date: 0, text: 'x' } });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (i % 3 === 1) headers['x-telegram-bot-api-secret-token'] = 'wrong';
      if (i % 3 === 2) headers['x-telegram-bot-api-secret-token'] = `${SECRET}x`;
      const response = await fetch(`http://127.0.0.1:${portOf(server)}/hook`, {
        method: 'POST',
        headers,
        body,
      });
      statuses.push(response.status);
    }
    expect(new Set(statuses)).toEqual(new Set([401]));
    expect(handled).toEqual([]);
    expect(warnings).toEqual([
      {
        message: expect.stringMatching(/without the secret token/) as string,
        context: expect.objectContaining({ times: 1 }) as Record<string, unknown>,
      },
    ]);
  });

  it('answers 413 to a body over the limit, and the same connection serves the next update', async () => {
    fake = await FakeBotApi.start();
    const handled: number[] = [];
    const server = await recordingWebhook(handled, silentLogger);
    // One keep-alive connection for both requests, as Telegram (or a load balancer) keeps.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const post = (body: string, timeoutMs: number) =>
      new Promise<{ status: number; reusedSocket: boolean }>((resolve, reject) => {
        const sent = httpRequest(
          {
            agent,
            host: '127.0.0.1',
            port: portOf(server),
            path: '/hook',
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-telegram-bot-api-secret-token': SECRET,
            },
            timeout: timeoutMs,
          },
          (response) => {
            response.resume();
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, reusedSocket: sent.reusedSocket }),
            );
          },
        );
        sent.on('timeout', () => sent.destroy(new Error(`no answer within ${timeoutMs} ms`)));
        sent.on('error', reject);
        sent.end(body);
      });
    try {
      const huge = JSON.stringify({ update_id: 10, junk: 'x'.repeat(2 * MAX_BODY_BYTES) });
      expect(await post(huge, 10_000)).toEqual({ status: 413, reusedSocket: false });
      const update = JSON.stringify({
        update_id: 11,
        message: { message_id: 1, date: 0, chat: { id: 5, type: 'private' }, text: 'hi' },
      });
      expect(await post(update, 5_000)).toEqual({ status: 200, reusedSocket: true });
      expect(handled).toEqual([11]);
    } finally {
      agent.destroy();
    }
  });
});

describe('the webhook secret token', () => {
  it('is the configured one, else derived from the bot token in Telegram’s alphabet', () => {
    expect(webhookSecret(TOKEN, 'mine')).toBe('mine');
    const derived = webhookSecret(TOKEN);
    expect(derived).toMatch(/^[A-Za-z0-9_-]{32,256}$/);
    expect(webhookSecret(TOKEN)).toBe(derived);
    expect(webhookSecret(`${TOKEN}x`)).not.toBe(derived);
    expect(derived).not.toContain(TOKEN.split(':')[1]!.slice(0, 8));
  });
});
