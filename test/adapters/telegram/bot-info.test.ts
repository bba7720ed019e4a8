import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  describeBotApiError,
  fetchBotInfo,
  isTokenRefused,
} from '../../../src/adapters/telegram/bot-info.js';
import { FakeBotApi } from '../../support/telegram/fake-bot-api.js';

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

/** An HTTP server on a free port; `answer` handles every request. */
async function server(answer: Parameters<typeof createServer>[1]): Promise<{
  root: string;
  server: Server;
}> {
  const http = createServer(answer);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { root: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, server: http };
}

describe('the Bot API check at start-up', () => {
  let fake: FakeBotApi | undefined;
  let other: Server | undefined;
  afterEach(async () => {
    await fake?.close();
    other?.closeAllConnections();
    other?.close();
    fake = undefined;
    other = undefined;
  });

  it('gets the bot from getMe', async () => {
    fake = await FakeBotApi.start({ botUsername: 'bashni_test_bot' });
    const me = await fetchBotInfo(TOKEN, { apiRoot: fake.apiRoot, timeoutMs: 5_000 });
    expect(me.username).toBe('bashni_test_bot');
  });

  it('a refused token is told apart from trouble that may pass', async () => {
    fake = await FakeBotApi.start();
    fake.failNext('getMe', { error_code: 401, description: 'Unauthorized' });
    fake.failNext('getMe', { error_code: 502, description: 'Bad Gateway' });
    const refused = await failure(fetchBotInfo(TOKEN, { apiRoot: fake.apiRoot, timeoutMs: 5_000 }));
    expect(isTokenRefused(refused)).toBe(true);
    expect(describeBotApiError(refused, TOKEN)).toBe('getMe: 401 Unauthorized');
    const busy = await failure(fetchBotInfo(TOKEN, { apiRoot: fake.apiRoot, timeoutMs: 5_000 }));
    expect(isTokenRefused(busy)).toBe(false);
    expect(describeBotApiError(busy, TOKEN)).toBe('getMe: 502 Bad Gateway');
  });

  it('names a network failure by call and code, never with the token', async () => {
    fake = await FakeBotApi.start();
    const closedRoot = fake.apiRoot;
    await fake.close();
    fake = undefined;
    const error = await failure(fetchBotInfo(TOKEN, { apiRoot: closedRoot, timeoutMs: 5_000 }));
    expect(isTokenRefused(error)).toBe(false);
    expect(describeBotApiError(error, TOKEN)).toBe('getMe: connect ECONNREFUSED');
  });

  it('gives up on a server that does not answer, and blanks the token out of any message', async () => {
    const silentServer = await server(() => {});
    other = silentServer.server;
    const silent = await failure(
      fetchBotInfo(TOKEN, { apiRoot: silentServer.root, timeoutMs: 300 }),
    );
    expect(describeBotApiError(silent, TOKEN)).toBe('getMe: no answer within 0.3 s');

    other.closeAllConnections();
    other.close();
    const garbage = await server((_request, response) => response.end('<html>proxy</html>'));
    other = garbage.server;
    const error = await failure(fetchBotInfo(TOKEN, { apiRoot: garbage.root, timeoutMs: 5_000 }));
    const text = describeBotApiError(error, TOKEN);
    expect(text).toMatch(/^getMe: invalid json response body at .*\/bot<token>\/getMe/);
    expect(text).not.toContain('AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw');
  });
});
