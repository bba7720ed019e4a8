// The real timers: a test may fake the globals (vi.useFakeTimers) while a hold waits.
import { clearTimeout, setTimeout } from 'node:timers';
import type { UploadedFile } from './request.js';

/**
 * Holds REST requests between "received" and "executed", so a test can see a request in flight
 * (or kill the bot process meanwhile) and then let it go on. Like the Telegram fake's hold.
 */

/** A request as it arrived, before the fake executed it. */
export interface HeldRequest {
  readonly method: string;
  /** The path after `/api/v10`. */
  readonly path: string;
  /** The route template, e.g. `/channels/:channel_id/messages/:message_id`. */
  readonly route: string;
  readonly query: Readonly<Record<string, string>>;
  readonly body: unknown;
  readonly files: readonly UploadedFile[];
  /** Date.now() when it arrived. */
  readonly at: number;
}

/**
 * Which requests: all of `method` (any when omitted) whose concrete path matches `path`, or
 * whose route template equals `route`; or a predicate.
 */
export type RequestMatch =
  | { readonly method?: string; readonly path?: RegExp; readonly route?: string }
  | ((request: HeldRequest) => boolean);

export function matches(match: RequestMatch, request: HeldRequest): boolean {
  if (typeof match === 'function') return match(request);
  return (
    (match.method === undefined || match.method.toUpperCase() === request.method) &&
    (match.path === undefined || match.path.test(request.path)) &&
    (match.route === undefined || match.route === request.route)
  );
}

/** A hold made by `FakeDiscord.hold`. */
export interface RequestHold {
  /** Resolves with the first held request once it arrived; rejects after `timeoutMs`. */
  held(timeoutMs?: number): Promise<HeldRequest>;
  /** Every request held so far, in arrival order. */
  heldRequests(): readonly HeldRequest[];
  /**
   * Stops holding; held requests go on in arrival order (one whose client went away is not
   * executed, and is recorded as aborted). Safe to call twice.
   */
  release(): void;
}

interface Parked {
  readonly request: HeldRequest;
  readonly resume: () => void;
}

class ActiveHold implements RequestHold {
  private readonly parked: Parked[] = [];
  private readonly arrivals = new Set<(request: HeldRequest) => void>();
  private released = false;

  constructor(
    readonly match: RequestMatch,
    private readonly onRelease: (hold: ActiveHold) => void,
  ) {}

  park(request: HeldRequest): Promise<void> {
    return new Promise((resume) => {
      this.parked.push({ request, resume });
      for (const arrived of this.arrivals) arrived(request);
      this.arrivals.clear();
    });
  }

  held(timeoutMs = 5000): Promise<HeldRequest> {
    const first = this.parked.at(0);
    if (first !== undefined) return Promise.resolve(first.request);
    if (this.released) return Promise.reject(new Error('the hold was released'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.arrivals.delete(arrived);
        reject(new Error(`no request arrived within ${timeoutMs} ms to hold`));
      }, timeoutMs);
      const arrived = (request: HeldRequest): void => {
        clearTimeout(timer);
        resolve(request);
      };
      this.arrivals.add(arrived);
    });
  }

  heldRequests(): readonly HeldRequest[] {
    return this.parked.map((entry) => entry.request);
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    this.onRelease(this);
    for (const entry of this.parked) entry.resume();
  }
}

/** The fake's active holds; the first matching hold takes a request. */
export class RequestHolds {
  private readonly active: ActiveHold[] = [];

  hold(match: RequestMatch): RequestHold {
    const hold = new ActiveHold(match, (released) => {
      this.active.splice(this.active.indexOf(released), 1);
    });
    this.active.push(hold);
    return hold;
  }

  /** A promise that resolves when the request may go on, or undefined when no hold wants it. */
  park(request: HeldRequest): Promise<void> | undefined {
    return this.active.find((hold) => matches(hold.match, request))?.park(request);
  }

  releaseAll(): void {
    for (const hold of [...this.active]) hold.release();
  }
}
