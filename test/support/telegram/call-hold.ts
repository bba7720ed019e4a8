// The real timers: a test may fake the globals (vi.useFakeTimers) while a hold waits.
import { clearTimeout, setTimeout } from 'node:timers';
import type { RecordedFile } from './request.js';

/**
 * Holds Bot API calls between "received" and "executed", so a crash test can kill the bot
 * process while its call is in flight and then see whether Telegram applied it.
 */

/** A call as it arrived, before the fake executed it. */
export interface HeldCall {
  readonly method: string;
  readonly params: Record<string, unknown>;
  readonly files: Partial<Record<string, RecordedFile>>;
  /** Date.now() when the request arrived. */
  readonly at: number;
}

/** A hold on one method, made by `FakeBotApi.hold`. */
export interface CallHold {
  /**
   * Resolves with the first held call once it has arrived; rejects after `timeoutMs`, or when
   * the hold is released (or the fake closed) before any call arrived.
   */
  held(timeoutMs?: number): Promise<HeldCall>;
  /**
   * Resolves once the client of the first held call has gone away (its process was killed and
   * the server saw the socket close), so `release()` will not apply it; rejects after
   * `timeoutMs`.
   */
  disconnected(timeoutMs?: number): Promise<void>;
  /** Every call held so far, in arrival order (released ones included). */
  heldCalls(): readonly HeldCall[];
  /**
   * Stops holding and lets every held call go on in arrival order: a call whose client is still
   * connected is executed and answered; one whose client went away is not applied. Safe to call
   * twice.
   */
  release(): void;
}

interface HeldCallWaiter {
  readonly resolve: (call: HeldCall) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

/** A parked call and a promise that resolves when its client disconnects. */
interface Parked {
  readonly call: HeldCall;
  readonly clientGone: () => Promise<void>;
}

class ActiveHold implements CallHold {
  private readonly parked: Parked[] = [];
  private readonly resumers: (() => void)[] = [];
  private readonly waiters = new Set<HeldCallWaiter>();
  private released = false;

  constructor(
    readonly method: string,
    private readonly predicate: ((params: Record<string, unknown>) => boolean) | undefined,
    private readonly onRelease: (hold: ActiveHold) => void,
  ) {}

  matches(call: HeldCall): boolean {
    return call.method === this.method && (this.predicate?.(call.params) ?? true);
  }

  /** Parks the call; the promise resolves on release. */
  park(entry: Parked): Promise<void> {
    this.parked.push(entry);
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.resolve(entry.call);
    }
    this.waiters.clear();
    return new Promise((resolve) => this.resumers.push(resolve));
  }

  held(timeoutMs = 3000): Promise<HeldCall> {
    const first = this.parked.at(0);
    if (first !== undefined) return Promise.resolve(first.call);
    if (this.released) return Promise.reject(new Error(`the hold on ${this.method} was released`));
    return new Promise((resolve, reject) => {
      const waiter: HeldCallWaiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          reject(new Error(`no ${this.method} call arrived within ${timeoutMs} ms to hold`));
        }, timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  heldCalls(): readonly HeldCall[] {
    return this.parked.map((entry) => entry.call);
  }

  disconnected(timeoutMs = 3000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(new Error(`no held ${this.method} call lost its client within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    const gone = this.held(timeoutMs).then(() => this.parked[0]?.clientGone());
    return Promise.race([gone, timeout]).finally(() => clearTimeout(timer));
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    this.onRelease(this);
    const error = new Error(`the hold on ${this.method} was released before a call arrived`);
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(error);
    }
    this.waiters.clear();
    for (const resume of this.resumers.splice(0)) resume();
  }
}

/** The fake's active holds, in the order they were made (the first matching hold takes a call). */
export class CallHolds {
  private readonly active: ActiveHold[] = [];

  hold(method: string, predicate?: (params: Record<string, unknown>) => boolean): CallHold {
    const hold = new ActiveHold(method, predicate, (released) => {
      this.active.splice(this.active.indexOf(released), 1);
    });
    this.active.push(hold);
    return hold;
  }

  /**
   * A promise that resolves when the call may go on, or undefined when no hold wants it.
   * `clientGone` resolves when the call's client disconnects.
   */
  park(call: HeldCall, clientGone: () => Promise<void>): Promise<void> | undefined {
    return this.active.find((hold) => hold.matches(call))?.park({ call, clientGone });
  }

  /** Releases every hold (the fake is closing). */
  releaseAll(): void {
    for (const hold of [...this.active]) hold.release();
  }
}
