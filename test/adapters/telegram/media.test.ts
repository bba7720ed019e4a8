import { serveRoute } from '../../../src/web/http.js';
import type { AddressInfo } from 'node:net';
import { bindPort } from '../../../src/startup/listen.js';
import { describe, expect, it } from 'vitest';
import { MediaLinks, mediaKey, mediaRoute } from '../../../src/adapters/telegram/media.js';
import { startPosition } from '../../../src/engine/index.js';
import { silentLogger } from '../../../src/game/logger.js';

describe('the media route’s cap on pictures in the making', () => {
  it('answers 503 with Retry-After past the cap, and draws again once a picture is done', async (context) => {
    const pending: (() => void)[] = [];
    const painter = {
      paintJpeg: () =>
        new Promise<Buffer>((resolve) => {
          pending.push(() => resolve(Buffer.from([0xff, 0xd8, 0xff, 0xd9])));
        }),
    };
    let route: ReturnType<typeof mediaRoute> = () => false;
    const listening = await bindPort(0, '127.0.0.1', 'PORT');
    const server = serveRoute(listening, (request, response) => route(request, response));
    context.onTestFinished(() => server.close());
    const port = (listening.address() as AddressInfo).port;
    const links = new MediaLinks(`http://127.0.0.1:${port}/media`, mediaKey('1:token'));
    route = mediaRoute({ links, painter, logger: silentLogger, maxConcurrent: 2 });
    const url = links.positionUrl(startPosition('bashni'), 'white');

    const first = fetch(url);
    const second = fetch(url);
    await expect.poll(() => pending.length).toBe(2);
    const refused = await fetch(url);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');

    pending.shift()!();
    expect((await first).status).toBe(200);
    const third = fetch(url);
    await expect.poll(() => pending.length).toBe(2);
    for (const done of pending.splice(0)) done();
    expect((await second).status).toBe(200);
    const served = await third;
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });
});
