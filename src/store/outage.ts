import type { Logger } from '../game/logger.js';

/** Longest pause between two reconnect attempts of a long-lived Redis client. */
export const MAX_RECONNECT_DELAY_MS = 5_000;

/**
 * ioredis retryStrategy of the app's long-lived clients: reconnect forever, pausing 100 ms,
 * 200 ms, 400 ms ... up to MAX_RECONNECT_DELAY_MS, so a long outage costs a try every 5 s, not
 * several a second.
 */
export function reconnectDelay(attempt: number): number {
  return Math.min(100 * 2 ** Math.max(0, attempt - 1), MAX_RECONNECT_DELAY_MS);
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** True for an error that says Redis cannot be reached, not that a command went wrong. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
  return (
    error.name === 'MaxRetriesPerRequestError' ||
    /Connection is closed|ECONNREFUSED|ECONNRESET|ETIMEDOUT/.test(error.message)
  );
}

/**
 * Reports the outages of a Redis connection (or of a group of connections to one server) once
 * each: a line when the first error of an outage arrives and one when the connection is ready
 * again, nothing for the failed reconnects in between.
 */
export class OutageReporter {
  private down = false;

  /** @param name who reports, in front of each line: "redis store", "scheduler". */
  constructor(
    private readonly name: string,
    private readonly log: Logger,
  ) {}

  /** True between the first error of an outage and the connection's return. */
  get isDown(): boolean {
    return this.down;
  }

  /** A connection error: logged when it starts an outage, ignored during one. */
  readonly error = (error: unknown): void => {
    if (this.down) return;
    this.down = true;
    this.log.warn(`${this.name}: Redis connection lost, reconnecting in the background`, {
      err: error,
    });
  };

  /**
   * The connection closed while in use: an outage from this moment (operations fail from now
   * on), though ioredis reports an error only if its first reconnect fails too. Detach this
   * listener before closing a connection on purpose.
   */
  readonly closed = (): void => this.error(new Error('connection closed'));

  /** The connection is ready: logs the end of an outage, if there was one. */
  readonly ready = (): void => {
    if (!this.down) return;
    this.down = false;
    this.log.info(`${this.name}: Redis connection restored`);
  };
}
