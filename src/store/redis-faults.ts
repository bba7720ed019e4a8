/**
 * What a Redis error says about the store: a refusal of the server (a read-only replica, a
 * cluster node, a full memory ...) or a lost connection, each with a short text for people (the
 * health check's reason, the log) that names no host, key or secret.
 */
import { isConnectionError } from './outage.js';

/**
 * Redis reply errors that mean "the server cannot serve us", not a bug of ours: what each says,
 * by the first word of the reply.
 */
const REFUSALS: Readonly<Record<string, string>> = {
  READONLY: 'writes refused: Redis is a read-only replica (after a failover?)',
  MASTERDOWN: 'the replica has lost its master',
  MOVED: 'Redis is a cluster node: the keys live on other nodes',
  ASK: 'Redis is a cluster node: the keys are moving to another node',
  CROSSSLOT: 'Redis is a cluster node: the keys of one command are in different slots',
  TRYAGAIN: 'the Redis cluster is moving the keys',
  CLUSTERDOWN: 'the Redis cluster is down',
  NOAUTH: 'Redis wants a password that REDIS_URL lacks',
  WRONGPASS: 'Redis refused the credentials in REDIS_URL',
  NOPERM: 'the Redis user may not run the commands (ACL)',
  OOM: 'Redis is out of memory (maxmemory) and refuses writes',
  MISCONF: 'Redis cannot save to disk and refuses writes',
  LOADING: 'Redis is loading its data',
  BUSY: 'Redis is busy running a script',
  NOREPLICAS: 'not enough replicas acknowledge writes',
};

/** Redis reply errors that mean "the server cannot serve us right now", not a bug of ours. */
export const UNAVAILABLE_REPLIES = new RegExp(`^(${Object.keys(REFUSALS).join('|')})\\b`);

/** An error reply of the Redis server (as opposed to a connection failure). */
export function isReplyError(error: unknown): error is Error {
  return error instanceof Error && error.name === 'ReplyError';
}

/** Why the store failed: the reply's first word (READONLY, MOVED ...) or `connection`. */
export interface StoreFault {
  readonly code: string;
  /** For people: "READONLY: writes refused: Redis is a read-only replica (after a failover?)". */
  readonly reason: string;
}

/** How a client says it has no connection to use (ioredis, RedisReadiness, our own checks). */
const NO_CONNECTION = /connection is \w+|not connected|connection closed|Stream isn't writeable/i;

/**
 * The fault an error of a Redis command shows, or undefined when it shows none (our bug: a bad
 * script, a wrong type; or no Redis error at all).
 */
export function storeFault(error: unknown): StoreFault | undefined {
  if (!(error instanceof Error)) return undefined;
  // A StoreError (or BullMQ's wrapping) says what failed; its cause says why.
  return (error.cause === undefined ? undefined : storeFault(error.cause)) ?? ownFault(error);
}

function ownFault(error: Error): StoreFault | undefined {
  if (error.name === 'ReplyError') {
    const code = UNAVAILABLE_REPLIES.exec(error.message)?.[1];
    return code === undefined ? undefined : { code, reason: `${code}: ${REFUSALS[code]}` };
  }
  if (/timed out|no answer/i.test(error.message))
    return { code: 'timeout', reason: 'timeout: Redis does not answer in time' };
  if (isConnectionError(error) || NO_CONNECTION.test(error.message)) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = typeof code === 'string' ? ` (${code})` : '';
    return { code: 'connection', reason: `connection: Redis cannot be reached${why}` };
  }
  return undefined;
}
