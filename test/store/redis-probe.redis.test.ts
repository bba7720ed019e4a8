import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRedisAuthError, pingRedis } from '../../src/store/redis-probe.js';
import { startRedis, type PrivateRedis } from '../support/redis-server.js';

let server: PrivateRedis;
beforeAll(async () => {
  server = await startRedis();
});
afterAll(async () => {
  await (server as PrivateRedis | undefined)?.stop();
});

describe('pingRedis (one start-up try)', () => {
  it('resolves when Redis answers', async () => {
    await expect(pingRedis(server.url, 2_000)).resolves.toBeUndefined();
  });

  it('rejects with the socket error when nothing listens', async () => {
    const closed = await startRedis();
    await closed.stop();
    const error = await pingRedis(closed.url, 2_000).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code: 'ECONNREFUSED', syscall: 'connect' });
    expect(isRedisAuthError(error)).toBe(false);
  });

  it('tells a refused or missing password apart', async () => {
    const admin = new Redis(server.url);
    await admin.config('SET', 'requirepass', 's3cret');
    try {
      const port = server.port;
      const failure = (url: string) =>
        pingRedis(url, 2_000).then(
          () => undefined,
          (caught: unknown) => caught,
        );
      const missing = await failure(`redis://127.0.0.1:${port}`);
      const wrong = await failure(`redis://:nope@127.0.0.1:${port}`);
      expect(String(missing)).toMatch(/NOAUTH/);
      expect(String(wrong)).toMatch(/WRONGPASS/);
      expect(isRedisAuthError(missing)).toBe(true);
      expect(isRedisAuthError(wrong)).toBe(true);
      await expect(pingRedis(`redis://:s3cret@127.0.0.1:${port}`, 2_000)).resolves.toBeUndefined();
    } finally {
      await admin.config('SET', 'requirepass', '');
      admin.disconnect();
    }
  });
});
