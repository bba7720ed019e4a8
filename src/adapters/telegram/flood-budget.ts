/**
 * The arithmetic of Telegram's flood limits: sliding windows of counted calls, and what a
 * failed call means (wait, give up on the chat, try again, or not).
 */

/** At most `max` (1 or more) counted calls in any `windowMs`. */
export interface Budget {
  readonly max: number;
  readonly windowMs: number;
}

/** What a failed call means for the lane. */
export type ApiFailure =
  | { readonly kind: 'flood'; readonly retryAfterMs: number }
  | { readonly kind: 'unreachable'; readonly description: string }
  | { readonly kind: 'transient' }
  | { readonly kind: 'permanent' };

/**
 * Classifies a failed Bot API call by its error code and description (grammY's GrammyError, or
 * anything with `error_code`/`description`/`parameters`); errors without a code are network
 * failures.
 */
export function classifyApiFailure(error: unknown): ApiFailure {
  const fields = (error ?? {}) as {
    error_code?: unknown;
    description?: unknown;
    parameters?: { retry_after?: unknown };
  };
  const code = typeof fields.error_code === 'number' ? fields.error_code : undefined;
  const description = typeof fields.description === 'string' ? fields.description : '';
  if (code === undefined) return { kind: 'transient' };
  if (code === 429) {
    const seconds = Number(fields.parameters?.retry_after);
    return {
      kind: 'flood',
      retryAfterMs: (Number.isFinite(seconds) && seconds > 0 ? seconds : 5) * 1000,
    };
  }
  if (code >= 500) return { kind: 'transient' };
  const text = description.toLowerCase();
  if (
    code === 403 ||
    text.includes('chat not found') ||
    text.includes('group chat was upgraded') ||
    text.includes('not enough rights to send') ||
    text.includes('have no rights to send') ||
    text.includes('chat_write_forbidden') ||
    text.includes('peer_id_invalid')
  ) {
    return { kind: 'unreachable', description };
  }
  return { kind: 'permanent' };
}

/** A call counted in a window: reserved when it starts, stamped again when Telegram answered. */
export interface Stamp {
  at: number;
}

/**
 * A sliding window of counted calls. A call reserves its place when it starts and is stamped
 * again with the time Telegram answered: Telegram counts it when it arrives, which for an upload
 * can be long after we started, so our window never frees a place before Telegram's does.
 */
export class Window {
  private stamps: Stamp[] = [];

  constructor(private readonly budget: Budget) {}

  /** Milliseconds until a call fits, 0 when it fits now. */
  waitMs(now: number): number {
    this.expire(now);
    if (this.stamps.length < this.budget.max) return 0;
    // A full window (max >= 1) holds a stamp.
    return Math.max(1, this.stamps[0]!.at + this.budget.windowMs - now);
  }

  /**
   * Milliseconds until a call fits once `ahead` more calls have gone first (each as soon as it
   * fits), none before `notBefore`: how long a call queued now behind them waits.
   */
  waitBehind(now: number, ahead: number, notBefore = now): number {
    this.expire(now);
    const times = this.stamps.map((stamp) => stamp.at);
    let at = Math.max(now, notBefore);
    for (let call = 0; call <= ahead; call++) {
      const oldest = times[times.length - this.budget.max];
      at = Math.max(at, oldest === undefined ? at : oldest + this.budget.windowMs);
      times.push(at);
    }
    return at - now;
  }

  reserve(now: number): Stamp {
    const stamp = { at: now };
    this.stamps.push(stamp);
    return stamp;
  }

  /** The call was answered at `now`: it counts from then. */
  answered(stamp: Stamp, now: number): void {
    stamp.at = now;
    this.stamps.sort((a, b) => a.at - b.at);
  }

  /** Takes back a call that Telegram refused (a refused call costs nothing). */
  cancel(stamp: Stamp): void {
    const at = this.stamps.indexOf(stamp);
    if (at >= 0) this.stamps.splice(at, 1);
  }

  /** True when nothing in the window counts any more. */
  empty(now: number): boolean {
    this.expire(now);
    return this.stamps.length === 0;
  }

  private expire(now: number): void {
    let drop = 0;
    while (drop < this.stamps.length && this.stamps[drop]!.at + this.budget.windowMs <= now) drop++;
    if (drop > 0) this.stamps.splice(0, drop);
  }
}
