/**
 * Waiting for what start-up needs (the Telegram Bot API, Redis): one line per failed try saying
 * what is awaited and why it failed, exponential backoff, and a bound on the whole wait unless the
 * operator asked to wait forever (--wait).
 */

/** Something start-up needs before it can serve. */
export interface Dependency<T> {
  /** What is awaited, in the log lines: "Redis at redis://127.0.0.1:6379". No secrets. */
  readonly name: string;
  /** One try, to give up after `timeoutMs`; resolves with what the rest of start-up needs. */
  attempt(timeoutMs: number): Promise<T>;
  /** Why a try failed, in a few words and without secrets ("connect ECONNREFUSED"). */
  describe(error: unknown): string;
  /** For a failure that waiting cannot fix (a refused token): the error to stop with at once. */
  permanent?(error: unknown): Error | undefined;
}

/** Time as waitFor sees it; tests pass one they control. */
export interface WaitClock {
  now(): number;
  /** Resolves after `ms`, or as soon as `signal` is aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface WaitOptions {
  /** Give up after this long; undefined waits forever. */
  readonly timeoutMs: number | undefined;
  /** Receives one line per failed try. */
  readonly log: (line: string) => void;
  readonly clock?: WaitClock;
  /** Pause after the first failed try, doubled after each further one; default 1 s. */
  readonly firstDelayMs?: number;
  /** Longest pause between tries; default 30 s. */
  readonly maxDelayMs?: number;
  /** Longest a single try may take; default 10 s. */
  readonly attemptTimeoutMs?: number;
}

/** Start-up gave up waiting: the message names what and for how long. Exit code 1. */
export class StartupTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupTimeoutError';
  }
}

/** The wall clock. */
export const systemWaitClock: WaitClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
      function done(): void {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      }
    }),
};

/** The pause after the `failures`-th failed try (1-based): first, doubled, capped at max. */
export function backoffDelay(failures: number, firstMs: number, maxMs: number): number {
  return Math.min(firstMs * 2 ** Math.max(0, failures - 1), maxMs);
}

/** Milliseconds as seconds for people: "4 s", "1.5 s". */
export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/**
 * An error in a few words: a system error as "<syscall> <code>" ("connect ECONNREFUSED",
 * "getaddrinfo ENOTFOUND"), without the address that follows in its message; anything else
 * by its message.
 */
export function describeError(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { code, syscall } = error as { code?: unknown; syscall?: unknown };
    if (typeof code === 'string' && typeof syscall === 'string') return `${syscall} ${code}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** A URL fit for a log: its password, if any, replaced by "***". Text that is no URL is kept. */
export function redactUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text;
  }
  if (url.password === '') return text;
  url.password = '***';
  return url.href;
}

class AttemptTimeout extends Error {}

/** A deadline this close after a pause counts as reached by it. */
const DEADLINE_SLACK_MS = 100;

/**
 * Tries `dependency` until it answers. After each failed try it logs
 * `waiting for <name> (<why>); next try in <n> s` and pauses (1 s, 2 s, 4 s ... 30 s). A
 * permanent failure is thrown at once; when `timeoutMs` has passed, a StartupTimeoutError
 * `could not reach <name> within <n> s (<why>)`.
 */
export async function waitFor<T>(dependency: Dependency<T>, options: WaitOptions): Promise<T> {
  const clock = options.clock ?? systemWaitClock;
  const firstDelayMs = options.firstDelayMs ?? 1_000;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const attemptTimeoutMs = options.attemptTimeoutMs ?? 10_000;
  const deadline = options.timeoutMs === undefined ? Infinity : clock.now() + options.timeoutMs;
  // Set when the pause ends at (or just short of) the deadline: the try after it is the last,
  // whatever the clock says then. Timers may fire a little before Date.now() reaches the
  // deadline, and a last pause of a few milliseconds would only add a pointless line.
  let lastTry = false;
  for (let failures = 1; ; failures++) {
    // A try near the deadline still gets a fair second, so the wait ends at most that late.
    const limit = Math.min(attemptTimeoutMs, Math.max(deadline - clock.now(), 1_000));
    let error: unknown;
    try {
      return await attempt(dependency, limit, clock);
    } catch (caught) {
      error = caught;
    }
    const permanent = dependency.permanent?.(error);
    if (permanent !== undefined) throw permanent;
    const why = dependency.describe(error);
    const remaining = deadline - clock.now();
    if (lastTry || remaining <= 0) {
      throw new StartupTimeoutError(
        `could not reach ${dependency.name} within ${formatSeconds(options.timeoutMs ?? 0)} (${why})`,
      );
    }
    const pause = backoffDelay(failures, firstDelayMs, maxDelayMs);
    lastTry = pause + DEADLINE_SLACK_MS >= remaining;
    const delay = Math.min(pause, remaining);
    options.log(`waiting for ${dependency.name} (${why}); next try in ${formatSeconds(delay)}`);
    await clock.sleep(delay);
  }
}

/** One try, abandoned (its late outcome ignored) when it outlives `limit`. */
async function attempt<T>(dependency: Dependency<T>, limit: number, clock: WaitClock): Promise<T> {
  const stop = new AbortController();
  const running = dependency.attempt(limit);
  const expired = clock.sleep(limit, stop.signal).then(() => {
    throw new AttemptTimeout(`no answer within ${formatSeconds(limit)}`);
  });
  try {
    return await Promise.race([running, expired]);
  } catch (error) {
    running.catch(() => {}); // a late failure of an abandoned try must not go unhandled
    throw error;
  } finally {
    expired.catch(() => {});
    stop.abort();
  }
}
