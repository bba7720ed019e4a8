// The real timers: a test may fake the globals (vi.useFakeTimers) while the fake waits.
import { clearTimeout, setTimeout } from 'node:timers';

/**
 * Event-driven waits: each wait re-evaluates its condition whenever the fake reports a change
 * (a call answered, a dispatch sent, a deadline passed), never by polling on a timer.
 */

interface Waiter {
  readonly check: () => boolean;
  readonly fail: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

export class Waiters {
  private readonly waiters = new Set<Waiter>();
  private closed = false;

  /**
   * Resolves with `condition()`'s first truthy value; rejects with what it throws, or after
   * `timeoutMs` with `describe()`.
   */
  until<T>(
    condition: () => T | undefined | null | false,
    timeoutMs: number,
    describe: () => string,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const attempt = (): boolean => {
        try {
          const value = condition();
          if (value === undefined || value === null || value === false) return false;
          resolve(value);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
        return true;
      };
      if (attempt()) return;
      if (this.closed) {
        reject(new Error('FakeDiscord was closed'));
        return;
      }
      const waiter: Waiter = {
        check: attempt,
        fail: reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          reject(new Error(`timed out after ${timeoutMs} ms: ${describe()}`));
        }, timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  /** Something changed: re-check every wait. */
  notify(): void {
    for (const waiter of [...this.waiters]) {
      if (!waiter.check()) continue;
      clearTimeout(waiter.timer);
      this.waiters.delete(waiter);
    }
  }

  /** Fails every pending wait. */
  close(): void {
    this.closed = true;
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.fail(new Error('FakeDiscord was closed'));
    }
    this.waiters.clear();
  }
}
