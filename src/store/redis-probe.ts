import { Redis } from 'ioredis';

const noop = (): void => {};

/**
 * One try at reaching Redis: connects, PINGs and disconnects, all within `timeoutMs`, with a
 * client of its own that never reconnects (start-up decides when to try again). Rejects with
 * what went wrong: the socket error ("connect ECONNREFUSED ..."), not ioredis's generic
 * "Connection is closed." that follows it.
 */
export async function pingRedis(url: string, timeoutMs: number): Promise<void> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    // The ready check waits while Redis loads its data; PING says LOADING at once instead.
    enableReadyCheck: false,
  });
  let cause: unknown;
  client.on('error', (error: unknown) => (cause ??= error));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw cause ?? error;
  } finally {
    client.on('error', noop);
    client.disconnect();
  }
}

/**
 * True when Redis refused the credentials in the URL (WRONGPASS) or wants some that it lacks
 * (NOAUTH): a configuration mistake that waiting does not fix.
 */
export function isRedisAuthError(error: unknown): boolean {
  return error instanceof Error && /^(WRONGPASS|NOAUTH)\b/.test(error.message);
}
