import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBoardPage } from '../../scripts/build-web.js';
import { startWebBoard, type WebBoardHarness } from '../support/web-board.js';

let directory: string;
let h: WebBoardHarness;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'page-files-'));
  await buildBoardPage(directory);
  h = await startWebBoard({ pageDirectory: directory, basePath: '/bashni' });
});

afterAll(async () => {
  await h.close();
  rmSync(directory, { recursive: true, force: true });
});

/** A GET as a browser sends it (fetch would decompress and hide the encoding). */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; size: number }>(
    (resolve, reject) => {
      const url = new URL(path, h.base);
      request(url, { headers }, (response) => {
        let size = 0;
        response.on('data', (chunk: Buffer) => (size += chunk.length));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, size }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

describe('the board page files', () => {
  it('sends the page brotli-compressed under its base path, with its script allowed by hash', async () => {
    const page = await get(`${h.base}/board/`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.size).toBeLessThan(150 * 1024);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(
      /script-src 'self' 'sha256-[A-Za-z0-9+/]+=*' 'sha256-[A-Za-z0-9+/]+=*' https:\/\/telegram\.org;/,
    );
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const gzip = await get(`${h.base}/board/`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get(`${h.base}/board/`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.size).toBeGreaterThan(page.size);
  });

  it('answers a page the browser has with 304, and /board with a redirect keeping the query', async () => {
    const first = await get(`${h.base}/board/`);
    const again = await get(`${h.base}/board/`, { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.size).toBe(0);
    const bare = await get(`${h.base}/board?t=abc`);
    expect(bare.status).toBe(308);
    expect(bare.headers.location).toBe('/bashni/board/?t=abc');
    expect((await get(`${h.base}/board/missing.js`)).status).toBe(404);
    expect((await get(`${h.base}/elsewhere`)).status).toBe(404);
  });
});
