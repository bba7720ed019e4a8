import type { RedisClient } from './redis-connection.js';

const noop = (): void => undefined;

/**
 * Waits for a client to take commands: at once when it is ready; a connection being set up (at
 * start-up, or a reconnect in progress) gets up to `timeoutMs`; a client waiting to retry (or
 * closed) fails at once. The stores' clients queue nothing offline, so every command waits here
 * first rather than failing because it came a moment too early.
 */
export class RedisReadiness {
  private waiting: Promise<void> | undefined;

  constructor(
    private readonly redis: RedisClient,
    private readonly timeoutMs: number,
  ) {}

  ready(): Promise<void> {
    const status = this.redis.status;
    if (status === 'ready') return Promise.resolve();
    if (status === 'wait') this.redis.connect().catch(noop); // a lazyConnect client
    if (status !== 'wait' && status !== 'connecting' && status !== 'connect')
      return Promise.reject(new Error(`connection is ${status}`));
    this.waiting ??= new Promise<void>((resolve, reject) => {
      const finish = (error?: Error): void => {
        clearTimeout(timer);
        this.redis.off('ready', onReady);
        this.redis.off('close', onClose);
        this.waiting = undefined;
        if (error === undefined) resolve();
        else reject(error);
      };
      const onReady = (): void => finish();
      const onClose = (): void => finish(new Error('connection closed'));
      const timer = setTimeout(
        () => finish(new Error(`not connected after ${this.timeoutMs} ms`)),
        this.timeoutMs,
      );
      this.redis.once('ready', onReady);
      this.redis.once('close', onClose);
    });
    return this.waiting;
  }
}
