/**
 * Flood control, per chat. Everything the bot sends to or edits in a chat goes through that
 * chat's lane: one call at a time, in order of importance (a move's board first, then messages,
 * cosmetic calls last), so a chat's calls never race each other and one chat's limits never
 * delay another chat.
 *
 * Telegram allows about 20 sends and edits a minute in a group (sends and edits share the
 * budget) and about 30 new messages a second overall. A lane spends that budget without ever
 * waiting while there is room; only when it is spent do deliveries wait, and while they wait
 * they coalesce: a delivery with the same key as one still waiting replaces it, so a board
 * edited five times during a wait is sent once, with its newest content. A real 429 pauses only
 * that chat's lane for its `retry_after`, and the refused call is sent again afterwards (or its
 * newer replacement). A 403 (bot removed, user blocked it) marks the chat unreachable: its
 * deliveries are dropped until the chat is heard from again. Network failures and 5xx answers
 * are retried with backoff, a bounded number of times.
 */
import type { Logger } from '../../game/service.js';
import { classifyApiFailure, Window, type Budget } from './flood-budget.js';
import { isInlineChat } from './identity.js';

export { classifyApiFailure, type ApiFailure, type Budget } from './flood-budget.js';

/** How much a delivery matters: a move's board, a message, or something nice to have. */
export type DeliveryClass = 'board' | 'message' | 'cosmetic';
const CLASSES: readonly DeliveryClass[] = ['board', 'message', 'cosmetic'];

export interface Delivery<T> {
  readonly class: DeliveryClass;
  /** Deliveries with the same key in one chat replace each other while they wait. */
  readonly key?: string;
  /** Spends the chat's budget (sends and edits do; deletes and chat actions do not). */
  readonly counted: boolean;
  /** A new message: also spends the global budget of new messages. */
  readonly newMessage?: boolean;
  /** Asked when the delivery's turn comes: false drops it ('skipped') without a call. */
  readonly wanted?: () => boolean | Promise<boolean>;
  /** The API call. Throws grammY's errors (GrammyError, HttpError) or anything shaped alike. */
  readonly call: () => Promise<T>;
}

export type DeliveryResult<T> =
  | { readonly ok: true; readonly value: T }
  | {
      readonly ok: false;
      readonly reason: 'superseded' | 'skipped' | 'expired' | 'unreachable' | 'failed' | 'closed';
      readonly error?: unknown;
    };

export interface DeliveryLanesOptions {
  /** Per group, supergroup or channel (negative chat ids). */
  readonly group: Budget;
  /** Per private chat. */
  readonly private: Budget;
  /** New messages over all chats. */
  readonly globalNewMessages: Budget;
  /** A cosmetic delivery still waiting after this long is dropped. */
  readonly cosmeticMaxWaitMs: number;
  /** Network failures and 5xx answers: attempts in all, and the first backoff (doubling). */
  readonly transientAttempts: number;
  readonly transientBackoffMs: number;
  /** Told when a chat turns out to be unreachable (403 and the like). */
  readonly onUnreachable?: (chatId: string, description: string) => void;
  /** Whether a chat was found unreachable before (e.g. in an earlier process). */
  readonly knownUnreachable?: (chatId: string) => Promise<boolean>;
  readonly logger: Logger;
}

/**
 * Telegram's limits as documented (Bots FAQ) and confirmed by its developers: about 20 sends or
 * edits a minute in a group, about one a second in a private chat (with short bursts), about 30
 * new messages a second in all. The windows are a little longer than Telegram's so that clock
 * skew between us and Telegram never makes us the one who is late.
 */
export const TELEGRAM_BUDGETS: Pick<
  DeliveryLanesOptions,
  'group' | 'private' | 'globalNewMessages'
> = {
  group: { max: 20, windowMs: 61_000 },
  private: { max: 10, windowMs: 10_500 },
  globalNewMessages: { max: 30, windowMs: 1_050 },
};

export const DEFAULT_LANE_OPTIONS: Omit<DeliveryLanesOptions, 'logger'> = {
  ...TELEGRAM_BUDGETS,
  cosmeticMaxWaitMs: 10_000,
  transientAttempts: 4,
  transientBackoffMs: 500,
};

interface Pending {
  readonly delivery: Delivery<unknown>;
  readonly resolve: (result: DeliveryResult<unknown>) => void;
  readonly queuedAt: number;
  attempts: number;
}

class Lane {
  readonly queues: Record<DeliveryClass, Pending[]> = { board: [], message: [], cosmetic: [] };
  readonly byKey = new Map<string, Pending>();
  readonly window: Window;
  pausedUntil = 0;
  running = false;
  unreachable = false;
  checked: Promise<void> | undefined;

  constructor(
    readonly chatId: string,
    budget: Budget,
  ) {
    this.window = new Window(budget);
  }

  size(): number {
    return this.queues.board.length + this.queues.message.length + this.queues.cosmetic.length;
  }
}

/** Counters for logs and benchmarks. */
export interface DeliveryStats {
  calls: number;
  floodWaits: number;
  superseded: number;
  skipped: number;
  expired: number;
  unreachable: number;
  failed: number;
  retries: number;
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, Math.ceil(ms))));

/** The lanes of every chat; see the module comment. */
export class DeliveryLanes {
  private readonly lanes = new Map<string, Lane>();
  private readonly global: Window;
  private readonly options: DeliveryLanesOptions;
  private closed = false;
  private submissions = 0;
  /** Deliveries submitted and not yet resolved. */
  private unresolved = 0;
  private readonly idleWaiters = new Set<() => void>();
  readonly stats: DeliveryStats = {
    calls: 0,
    floodWaits: 0,
    superseded: 0,
    skipped: 0,
    expired: 0,
    unreachable: 0,
    failed: 0,
    retries: 0,
  };

  constructor(options: Partial<DeliveryLanesOptions> & { logger: Logger }) {
    this.options = { ...DEFAULT_LANE_OPTIONS, ...options };
    this.global = new Window(this.options.globalNewMessages);
  }

  /** Queues a delivery in a chat's lane; the result says what became of it (never rejects). */
  submit<T>(chatId: string | number, delivery: Delivery<T>): Promise<DeliveryResult<T>> {
    const key = String(chatId);
    if (this.closed) return Promise.resolve({ ok: false, reason: 'closed' });
    const lane = this.lane(key);
    if (lane.unreachable) {
      this.stats.unreachable++;
      return Promise.resolve({ ok: false, reason: 'unreachable' });
    }
    this.unresolved++;
    return new Promise<DeliveryResult<T>>((resolve) => {
      let settled = false;
      const pending: Pending = {
        delivery,
        resolve: (result) => {
          if (settled) return;
          settled = true;
          this.unresolved--;
          resolve(result as DeliveryResult<T>);
          if (this.unresolved === 0) for (const wake of [...this.idleWaiters]) wake();
        },
        queuedAt: Date.now(),
        attempts: 0,
      };
      const replaced = delivery.key === undefined ? undefined : lane.byKey.get(delivery.key);
      const queue = lane.queues[delivery.class];
      const at =
        replaced === undefined ? -1 : lane.queues[replaced.delivery.class].indexOf(replaced);
      if (replaced !== undefined && at >= 0) {
        // The newer content takes the older one's place in the line.
        lane.queues[replaced.delivery.class].splice(at, 1);
        this.stats.superseded++;
        replaced.resolve({ ok: false, reason: 'superseded' });
        if (replaced.delivery.class === delivery.class) queue.splice(at, 0, pending);
        else queue.push(pending);
      } else {
        queue.push(pending);
      }
      if (delivery.key !== undefined) lane.byKey.set(delivery.key, pending);
      void this.pump(lane);
    });
  }

  /**
   * The chat was heard from: delivers there again, and says whether it had been found
   * unreachable (by this process, or an earlier one: asked once per chat, when its lane is made).
   */
  async reachableAgain(chatId: string | number): Promise<boolean> {
    const lane = this.lane(String(chatId));
    if (lane.checked !== undefined) await lane.checked;
    const was = lane.unreachable;
    lane.unreachable = false;
    return was;
  }

  isUnreachable(chatId: string | number): boolean {
    return this.lanes.get(String(chatId))?.unreachable === true;
  }

  /**
   * About how long a counted delivery of `kind` queued in a chat now would wait before it is
   * sent (0: at once): a 429's pause, the counted deliveries before it in line, and the chat's
   * budget. One with `key` takes the place of the waiting delivery of that key.
   */
  waitEstimate(chatId: string | number, kind: DeliveryClass, key?: string): number {
    const lane = this.lanes.get(String(chatId));
    if (lane === undefined) return 0;
    let ahead = 0;
    for (const each of CLASSES.slice(0, CLASSES.indexOf(kind) + 1)) {
      const queue = lane.queues[each];
      const replaced = key === undefined ? -1 : queue.findIndex((p) => p.delivery.key === key);
      const before = each === kind && replaced >= 0 ? queue.slice(0, replaced) : queue;
      ahead += before.filter((pending) => pending.delivery.counted).length;
    }
    return lane.window.waitBehind(Date.now(), ahead, lane.pausedUntil);
  }

  /** Deliveries waiting or running, over all chats. */
  backlog(): number {
    return this.unresolved;
  }

  /** Resolves when every lane is empty, or after `timeoutMs`. */
  async drain(timeoutMs: number): Promise<boolean> {
    if (this.backlog() === 0) return true;
    return new Promise<boolean>((resolve) => {
      const done = (value: boolean) => {
        clearTimeout(timer);
        this.idleWaiters.delete(onIdle);
        resolve(value);
      };
      const onIdle = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.idleWaiters.add(onIdle);
    });
  }

  /** Drops everything still waiting ('closed'); later submissions are refused the same way. */
  close(): void {
    this.closed = true;
    for (const lane of this.lanes.values()) this.dropAll(lane, 'closed');
  }

  private lane(chatId: string): Lane {
    let lane = this.lanes.get(chatId);
    if (lane === undefined) {
      if (++this.submissions % 1024 === 0) this.prune();
      // An inline message may live in any group: it gets a group's budget.
      const group = Number(chatId) < 0 || isInlineChat(chatId);
      lane = new Lane(chatId, group ? this.options.group : this.options.private);
      const known = this.options.knownUnreachable;
      if (known !== undefined) {
        const created = lane;
        lane.checked = known(chatId).then(
          (gone) => {
            if (gone) created.unreachable = true;
          },
          () => undefined,
        );
      }
      this.lanes.set(chatId, lane);
    }
    return lane;
  }

  /** Forgets idle lanes whose budget window is empty (nothing of theirs counts any more). */
  private prune(): void {
    const now = Date.now();
    for (const [id, lane] of this.lanes) {
      if (!lane.running && lane.size() === 0 && !lane.unreachable && lane.window.empty(now))
        this.lanes.delete(id);
    }
  }

  private next(lane: Lane, now: number): Pending | undefined {
    const cosmetic = lane.queues.cosmetic;
    let stale = cosmetic[0];
    while (stale !== undefined && now - stale.queuedAt > this.options.cosmeticMaxWaitMs) {
      cosmetic.shift();
      this.forgetKey(lane, stale);
      this.stats.expired++;
      stale.resolve({ ok: false, reason: 'expired' });
      stale = cosmetic[0];
    }
    for (const kind of CLASSES) if (lane.queues[kind].length > 0) return lane.queues[kind][0];
    return undefined;
  }

  private forgetKey(lane: Lane, pending: Pending): void {
    const key = pending.delivery.key;
    if (key !== undefined && lane.byKey.get(key) === pending) lane.byKey.delete(key);
  }

  private take(lane: Lane, pending: Pending): void {
    const queue = lane.queues[pending.delivery.class];
    const at = queue.indexOf(pending);
    if (at >= 0) queue.splice(at, 1);
    this.forgetKey(lane, pending);
  }

  /** Puts a refused delivery back at the front, unless newer content replaced it meanwhile. */
  private putBack(lane: Lane, pending: Pending): void {
    const key = pending.delivery.key;
    if (key !== undefined && lane.byKey.has(key)) {
      this.stats.superseded++;
      pending.resolve({ ok: false, reason: 'superseded' });
      return;
    }
    lane.queues[pending.delivery.class].unshift(pending);
    if (key !== undefined) lane.byKey.set(key, pending);
  }

  private dropAll(lane: Lane, reason: 'closed' | 'unreachable'): void {
    for (const kind of CLASSES) {
      for (const pending of lane.queues[kind].splice(0)) {
        if (reason === 'unreachable') this.stats.unreachable++;
        pending.resolve({ ok: false, reason });
      }
    }
    lane.byKey.clear();
  }

  private async pump(lane: Lane): Promise<void> {
    if (lane.running) return;
    lane.running = true;
    try {
      if (lane.checked !== undefined) await lane.checked;
      if (lane.unreachable) this.dropAll(lane, 'unreachable');
      for (;;) {
        const now = Date.now();
        if (lane.pausedUntil > now) {
          await sleep(lane.pausedUntil - now);
          continue;
        }
        const pending = this.next(lane, now);
        if (pending === undefined) break;
        const { delivery } = pending;
        if (delivery.counted) {
          const wait = lane.window.waitMs(now);
          if (wait > 0) {
            await sleep(wait);
            continue; // meanwhile newer content may have replaced this delivery
          }
        }
        if (delivery.newMessage === true) {
          const wait = this.global.waitMs(now);
          if (wait > 0) {
            await sleep(wait);
            continue;
          }
        }
        this.take(lane, pending);
        await this.run(lane, pending);
        if (this.closed) break;
      }
    } finally {
      lane.running = false;
      if (lane.size() > 0 && !this.closed) void this.pump(lane);
    }
  }

  private async run(lane: Lane, pending: Pending): Promise<void> {
    const { delivery } = pending;
    if (delivery.wanted !== undefined) {
      let wanted: boolean;
      try {
        wanted = await delivery.wanted();
      } catch (error) {
        this.options.logger.warn('telegram: a delivery check failed', { err: error });
        wanted = true;
      }
      if (!wanted) {
        this.stats.skipped++;
        pending.resolve({ ok: false, reason: 'skipped' });
        return;
      }
    }
    const now = Date.now();
    const chatStamp = delivery.counted ? lane.window.reserve(now) : undefined;
    const globalStamp = delivery.newMessage === true ? this.global.reserve(now) : undefined;
    pending.attempts++;
    this.stats.calls++;
    try {
      const value = await delivery.call();
      const answered = Date.now();
      if (chatStamp !== undefined) lane.window.answered(chatStamp, answered);
      if (globalStamp !== undefined) this.global.answered(globalStamp, answered);
      pending.resolve({ ok: true, value });
      return;
    } catch (error) {
      const failure = classifyApiFailure(error);
      const answered = Date.now();
      if (failure.kind === 'flood') {
        // Refused calls cost nothing.
        if (chatStamp !== undefined) lane.window.cancel(chatStamp);
        if (globalStamp !== undefined) this.global.cancel(globalStamp);
      } else {
        if (chatStamp !== undefined) lane.window.answered(chatStamp, answered);
        if (globalStamp !== undefined) this.global.answered(globalStamp, answered);
      }
      switch (failure.kind) {
        case 'flood':
          // The whole chat waits; other chats do not.
          this.stats.floodWaits++;
          lane.pausedUntil = Math.max(lane.pausedUntil, Date.now() + failure.retryAfterMs);
          this.options.logger.warn('telegram: flood wait', {
            chatId: lane.chatId,
            retryAfterMs: failure.retryAfterMs,
          });
          this.putBack(lane, pending);
          return;
        case 'unreachable':
          lane.unreachable = true;
          this.stats.unreachable++;
          pending.resolve({ ok: false, reason: 'unreachable', error });
          this.dropAll(lane, 'unreachable');
          this.options.logger.warn('telegram: chat unreachable, not sending there', {
            chatId: lane.chatId,
            description: failure.description,
          });
          this.options.onUnreachable?.(lane.chatId, failure.description);
          return;
        case 'transient':
          if (pending.attempts < this.options.transientAttempts) {
            this.stats.retries++;
            lane.pausedUntil = Math.max(
              lane.pausedUntil,
              Date.now() + this.options.transientBackoffMs * 2 ** (pending.attempts - 1),
            );
            this.putBack(lane, pending);
            return;
          }
          this.stats.failed++;
          this.options.logger.warn('telegram: delivery failed', {
            chatId: lane.chatId,
            err: error,
          });
          pending.resolve({ ok: false, reason: 'failed', error });
          return;
        case 'permanent':
          this.stats.failed++;
          pending.resolve({ ok: false, reason: 'failed', error });
          return;
      }
    }
  }
}
