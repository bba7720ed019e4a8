import { StoreError } from '../game/ports.js';

/** Redis reply errors that mean "the server cannot serve us right now", not a bug of ours. */
export const UNAVAILABLE_REPLIES =
  /^(LOADING|READONLY|BUSY|MASTERDOWN|CLUSTERDOWN|TRYAGAIN|OOM|MISCONF|NOREPLICAS|NOAUTH)\b/;

/** An error reply of the Redis server (as opposed to a connection failure). */
export function isReplyError(error: unknown): error is Error {
  return error instanceof Error && error.name === 'ReplyError';
}

/**
 * Runs one Redis interaction of a store once `connected` resolves, turning every way of not
 * reaching Redis into a StoreError('store-unavailable'), so callers meet one error for an outage
 * whatever the client said. A StoreError of the body and a reply error that is our bug (a bad
 * script, a wrong type) pass through unchanged. `what` ('redis store: getGame g1') starts the
 * message; `recordId` goes on the error.
 */
export async function runOnRedis<T>(
  connected: () => Promise<void>,
  what: string,
  recordId: string | undefined,
  body: () => Promise<T>,
): Promise<T> {
  try {
    await connected();
    return await body();
  } catch (error) {
    if (error instanceof StoreError) throw error;
    if (isReplyError(error) && !UNAVAILABLE_REPLIES.test(error.message)) throw error;
    const why = error instanceof Error ? error.message : String(error);
    throw new StoreError('store-unavailable', `${what}: ${why}`, recordId, { cause: error });
  }
}
