import { StoreError } from '../game/ports.js';
import { isReplyError, UNAVAILABLE_REPLIES } from './redis-faults.js';
import type { StoreHealthReport } from './store-health.js';

export { isReplyError, UNAVAILABLE_REPLIES } from './redis-faults.js';

/** Settings of every Redis-backed store. */
export interface RedisRunOptions {
  /** How long an operation waits for a connection that is being set up; default 2000 ms. */
  readonly readyTimeoutMs?: number;
  /** Where each command's outcome is reported (the store's health). */
  readonly health?: StoreHealthReport;
}

/** A store's way of running one Redis interaction (runOnRedis with the store's label). */
export type StoreRun = <T>(
  operation: string,
  recordId: string | undefined,
  body: () => Promise<T>,
) => Promise<T>;

/**
 * The StoreRun of a store labelled `label` ('redis store'): each interaction waits for `connected`
 * and is named `label: operation recordId` in its StoreError.
 */
export function storeRun(
  label: string,
  connected: () => Promise<void>,
  health: StoreHealthReport | undefined,
): StoreRun {
  return (operation, recordId, body) => {
    const what = recordId === undefined ? operation : `${operation} ${recordId}`;
    return runOnRedis(connected, `${label}: ${what}`, recordId, body, health);
  };
}

/**
 * Runs one Redis interaction of a store once `connected` resolves, turning every way of not
 * reaching Redis into a StoreError('store-unavailable'), so callers meet one error for an outage
 * whatever the client said. A StoreError of the body and a reply error that is our bug (a bad
 * script, a wrong type) pass through unchanged. `what` ('redis store: getGame g1') starts the
 * message; `recordId` goes on the error. The outcome goes to `health`, if given.
 */
export async function runOnRedis<T>(
  connected: () => Promise<void>,
  what: string,
  recordId: string | undefined,
  body: () => Promise<T>,
  health?: StoreHealthReport,
): Promise<T> {
  try {
    await connected();
    const result = await body();
    health?.success();
    return result;
  } catch (error) {
    health?.failure(error);
    if (error instanceof StoreError) throw error;
    if (isReplyError(error) && !UNAVAILABLE_REPLIES.test(error.message)) throw error;
    const why = error instanceof Error ? error.message : String(error);
    throw new StoreError('store-unavailable', `${what}: ${why}`, recordId, { cause: error });
  }
}
