/**
 * Receiving updates: at least once, in order per chat, concurrently across chats.
 *
 * Telegram forgets an update once getUpdates is called with a higher offset, so the offset we
 * confirm must never pass an update whose effects are not saved yet: after a crash, Telegram
 * delivers every unconfirmed update again (and the game service recognises a move it has
 * already applied by the update's key). Updates of one chat are handled one after another (a
 * tap never races the previous tap of the same chat); different chats run side by side, and
 * since handlers never wait for Telegram's flood limits (see delivery-lanes.ts) an update is
 * done in milliseconds, so a busy chat never holds back the confirmation of a quiet one.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Api } from 'grammy';
import type { Update } from 'grammy/types';
import { withLogScope } from '../../game/logger.js';
import type { Logger } from '../../game/service.js';

/** The chat an update belongs to (its ordering key): the chat, else the user. */
export function updateChatKey(update: Update): string {
  const chat =
    update.message?.chat ??
    update.edited_message?.chat ??
    update.callback_query?.message?.chat ??
    update.my_chat_member?.chat ??
    update.chat_member?.chat;
  if (chat !== undefined) return String(chat.id);
  // An inline message is a chat of its own (see inlineView): its card and taps in order.
  const inline =
    update.callback_query?.inline_message_id ?? update.chosen_inline_result?.inline_message_id;
  if (inline !== undefined) return `inline:${inline}`;
  const from =
    update.callback_query?.from ?? update.inline_query?.from ?? update.chosen_inline_result?.from;
  return from === undefined ? 'none' : `user:${from.id}`;
}

export interface UpdatePipelineOptions {
  readonly handle: (update: Update) => Promise<void>;
  readonly logger: Logger;
  /**
   * An update still running after this long stops holding back the confirmation of later
   * updates (it is logged): one hung handler must not stop the bot from receiving anything.
   */
  readonly stuckAfterMs?: number;
}

/**
 * Updates handled that a process remembers (to recognise one delivered again): more than it
 * handles while a stuck update holds back the confirmation (at most a minute, stuckAfterMs).
 */
const HANDLED_KEPT = 20_000;

/** Tracks which updates are in flight and which offset may be confirmed. */
export class UpdatePipeline {
  private readonly inFlight = new Map<number, Promise<void>>();
  private readonly done = new Set<number>();
  private readonly tails = new Map<string, Promise<void>>();
  private highest = 0;
  private progressWaiters: (() => void)[] = [];
  private readonly stuckAfterMs: number;
  handled = 0;

  constructor(private readonly options: UpdatePipelineOptions) {
    this.stuckAfterMs = options.stuckAfterMs ?? 60_000;
  }

  /**
   * Takes an update. Returns whether it was new (an update delivered again while it is in
   * flight, or after it was handled, is not handled twice by this process) and a promise that
   * resolves when it has been handled. An id below those handled is not taken for handled: with
   * a webhook it may be Telegram's retry of an update another process died on.
   */
  accept(update: Update): { fresh: boolean; done: Promise<void> } {
    const id = update.update_id;
    const running = this.inFlight.get(id);
    if (running !== undefined) return { fresh: false, done: running };
    if (this.done.has(id)) return { fresh: false, done: Promise.resolve() };
    this.highest = Math.max(this.highest, id);
    const key = updateChatKey(update);
    const previous = this.tails.get(key) ?? Promise.resolve();
    const run = previous.then(() => this.handleOne(update));
    const tail = run.finally(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    this.tails.set(key, tail);
    this.inFlight.set(id, run);
    return { fresh: true, done: run };
  }

  /** The getUpdates offset that confirms exactly the updates handled so far. */
  confirmOffset(): number {
    let lowest = Infinity;
    for (const id of this.inFlight.keys()) lowest = Math.min(lowest, id);
    return lowest === Infinity ? (this.highest === 0 ? 0 : this.highest + 1) : lowest;
  }

  /** Resolves when some update finishes. */
  progress(): Promise<void> {
    return new Promise((resolve) => this.progressWaiters.push(resolve));
  }

  get pending(): number {
    return this.inFlight.size;
  }

  /** Resolves when nothing is in flight. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.race([...this.inFlight.values()]);
  }

  private async handleOne(update: Update): Promise<void> {
    const id = update.update_id;
    const stuck = setTimeout(() => {
      if (!this.inFlight.has(id)) return;
      this.options.logger.error('telegram: an update is taking too long; confirming past it', {
        update_id: id,
      });
      this.finish(id);
    }, this.stuckAfterMs);
    stuck.unref();
    try {
      // Every line logged while handling the update carries its id.
      await withLogScope({ update_id: id }, () => this.options.handle(update));
    } catch (error) {
      this.options.logger.error('telegram: update failed', { update_id: id, err: error });
    } finally {
      clearTimeout(stuck);
      this.handled++;
      this.finish(id);
    }
  }

  private finish(id: number): void {
    if (!this.inFlight.delete(id)) return;
    this.done.add(id);
    // The oldest handled go first (a Set keeps the order they were added in).
    for (const seen of this.done) {
      if (this.done.size <= HANDLED_KEPT) break;
      this.done.delete(seen);
    }
    const waiters = this.progressWaiters;
    this.progressWaiters = [];
    for (const wake of waiters) wake();
  }
}

export interface LongPollingOptions {
  readonly logger: Logger;
  readonly signal: AbortSignal;
  /** Seconds a getUpdates call may wait for news (Telegram allows up to 50). */
  readonly timeoutSeconds?: number;
  readonly allowedUpdates?: readonly string[];
  /** Told whether each getUpdates call succeeded (the health check's "polling works"). */
  readonly onPoll?: (ok: boolean) => void;
}

/**
 * chat_member: members leaving a group (out of its tournament); Telegram sends it only to bots
 * that are administrators there. The left_chat_member service message covers the others.
 */
/**
 * What the bot asks Telegram for. Inline mode also needs BotFather: /setinline (inline_query)
 * and /setinlinefeedback (chosen_inline_result, which records inline challenge cards).
 */
export const UPDATE_TYPES = [
  'message',
  'callback_query',
  'my_chat_member',
  'chat_member',
  'inline_query',
  'chosen_inline_result',
] as const;

/** Resolves after `ms`, or at once when `signal` aborts (never rejects). */
const wait = (ms: number, signal: AbortSignal): Promise<unknown> =>
  sleep(ms, undefined, { signal }).catch(() => undefined);

/**
 * Long polling on the pipeline until `signal` aborts. Each getUpdates call confirms what the
 * pipeline has finished; updates it is still handling come back in the answer and are skipped.
 * When an answer holds nothing new, the loop waits for some update to finish (or a moment)
 * before asking again, so it never spins. Failures are retried with backoff, one log line each.
 */
export async function runLongPolling(
  api: Api,
  pipeline: UpdatePipeline,
  options: LongPollingOptions,
): Promise<void> {
  const { logger, signal } = options;
  let failures = 0;
  while (!signal.aborted) {
    try {
      const offset = pipeline.confirmOffset();
      const updates = await api.getUpdates(
        {
          ...(offset > 0 ? { offset } : {}),
          limit: 100,
          timeout: options.timeoutSeconds ?? 30,
          allowed_updates: [...(options.allowedUpdates ?? UPDATE_TYPES)] as never,
        },
        signal as never, // grammY types its signal with the abort-controller package
      );
      failures = 0;
      options.onPoll?.(true);
      let fresh = 0;
      for (const update of updates) if (pipeline.accept(update).fresh) fresh++;
      // Nothing new, and nothing handled since we asked: asking again now would bring the same
      // answer at once, so wait until an update in flight is done (or a moment passes).
      if (fresh === 0 && updates.length > 0 && pipeline.confirmOffset() <= offset) {
        await Promise.race([pipeline.progress(), wait(250, signal)]);
      }
    } catch (error) {
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- aborted may change while a poll is awaited
      if (signal.aborted) break;
      failures++;
      options.onPoll?.(false);
      const code = (error as { error_code?: number }).error_code;
      const retryAfter = (error as { parameters?: { retry_after?: number } }).parameters
        ?.retry_after;
      const delay =
        code === 429 && retryAfter !== undefined
          ? retryAfter * 1000
          : Math.min(30_000, 500 * 2 ** Math.min(failures, 6));
      logger.warn(
        code === 409
          ? 'telegram: another process is receiving this bot’s updates (409); retrying'
          : 'telegram: getUpdates failed; retrying',
        { err: error, retryInMs: delay },
      );
      await wait(delay, signal);
    }
  }
}

/**
 * Confirms what has been handled without taking anything new (at shutdown): getUpdates with
 * the offset and no wait.
 */
export async function confirmHandled(api: Api, pipeline: UpdatePipeline): Promise<void> {
  const offset = pipeline.confirmOffset();
  if (offset > 0) await api.getUpdates({ offset, limit: 1, timeout: 0 });
}
