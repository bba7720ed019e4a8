/**
 * Telegram's flood limits as the fake Bot API enforces them: sends and edits per chat, new
 * messages across all chats, and how long a callback query can still be answered.
 */

export interface WindowLimit {
  /** At most this many counted calls... */
  readonly max: number;
  /** ...in any window of this many milliseconds. */
  readonly windowMs: number;
}

export interface TelegramLimits {
  /** Sends and edits per group, supergroup or channel: at most `max` in any `windowMs`. */
  readonly group: WindowLimit;
  /** Sends and edits per private chat. */
  readonly private: WindowLimit;
  /** New messages across all chats. */
  readonly globalSends: WindowLimit;
  /** How long after the tap a callback query can still be answered. */
  readonly callbackAnswerMs: number;
}

/** Telegram's published limits (20 a minute per group, about 1 a second per private chat, 30 a second in all). */
export const TELEGRAM_LIMITS: TelegramLimits = {
  group: { max: 20, windowMs: 60_000 },
  private: { max: 10, windowMs: 10_000 },
  globalSends: { max: 30, windowMs: 1_000 },
  callbackAnswerMs: 15_000,
};

/** What a method spends: a new message (chat and global budget), an edit (chat budget only). */
export type FloodKind = 'send' | 'edit';

const EDIT_METHODS = new Set([
  'editMessageText',
  'editMessageCaption',
  'editMessageMedia',
  'editMessageReplyMarkup',
]);
// Typing indicators are not messages; Telegram does not count them.
const NOT_SENDS = new Set(['sendChatAction']);

/** The budget a Bot API method spends; undefined for methods Telegram does not limit. */
export function floodKindOf(method: string): FloodKind | undefined {
  if (EDIT_METHODS.has(method)) return 'edit';
  if (NOT_SENDS.has(method)) return undefined;
  if (/^(send|copyMessage|forwardMessage)/.test(method)) return 'send';
  return undefined;
}

/** The defaults with the test's overrides; throws on a limit no test could mean. */
export function resolveLimits(overrides: Partial<TelegramLimits> = {}): TelegramLimits {
  const limits = { ...TELEGRAM_LIMITS, ...overrides };
  for (const name of ['group', 'private', 'globalSends'] as const) {
    const { max, windowMs } = limits[name];
    if (!Number.isInteger(max) || max < 1 || !(windowMs > 0)) {
      throw new Error(`limits.${name} needs an integer max >= 1 and windowMs > 0`);
    }
  }
  if (!(limits.callbackAnswerMs > 0)) throw new Error('limits.callbackAnswerMs must be > 0');
  return limits;
}

/**
 * The times of the counted calls still inside the window, oldest first, in a ring of `max`
 * slots: a call is only counted when the window has room, so the ring never overflows and
 * every operation is O(1) amortised.
 */
export class SlidingWindow {
  private readonly times: Float64Array;
  private head = 0;
  private size = 0;

  constructor(private readonly limit: WindowLimit) {
    this.times = new Float64Array(limit.max);
  }

  /** Milliseconds until the window has room (0 when it has room now). */
  waitMs(now: number): number {
    this.evict(now);
    if (this.size < this.limit.max) return 0;
    return (this.times[this.head] ?? now) + this.limit.windowMs - now;
  }

  /** Counts a call; the caller has checked `waitMs(now) === 0` in the same synchronous step. */
  add(now: number): void {
    this.evict(now);
    if (this.size === this.limit.max) throw new Error('SlidingWindow.add on a full window');
    this.times[(this.head + this.size) % this.limit.max] = now;
    this.size += 1;
  }

  private evict(now: number): void {
    while (this.size > 0 && now - (this.times[this.head] ?? now) >= this.limit.windowMs) {
      this.head = (this.head + 1) % this.limit.max;
      this.size -= 1;
    }
  }
}

/** The chat a counted call targets: its id and whether the private-chat budget applies. */
export interface FloodTarget {
  readonly chatId: number;
  readonly private: boolean;
}

/** Per-chat windows and the global window of new messages. */
export class FloodLimiter {
  private readonly chatWindows = new Map<number, SlidingWindow>();
  private readonly globalSends: SlidingWindow;

  constructor(private readonly limits: TelegramLimits) {
    this.globalSends = new SlidingWindow(limits.globalSends);
  }

  /**
   * Telegram's retry_after (whole seconds, at least 1) when the call must be refused now,
   * undefined when its budgets have room.
   */
  retryAfter(kind: FloodKind, target: FloodTarget, now: number): number | undefined {
    const chatWait = this.chatWindow(target).waitMs(now);
    const globalWait = kind === 'send' ? this.globalSends.waitMs(now) : 0;
    // The call can only succeed once both budgets have room.
    const wait = Math.max(chatWait, globalWait);
    return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : undefined;
  }

  /** Spends the budgets of a call that succeeded. */
  count(kind: FloodKind, target: FloodTarget, now: number): void {
    this.chatWindow(target).add(now);
    if (kind === 'send') this.globalSends.add(now);
  }

  private chatWindow(target: FloodTarget): SlidingWindow {
    let window = this.chatWindows.get(target.chatId);
    if (window === undefined) {
      window = new SlidingWindow(target.private ? this.limits.private : this.limits.group);
      this.chatWindows.set(target.chatId, window);
    }
    return window;
  }
}
