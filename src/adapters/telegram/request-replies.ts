/**
 * The one reply of a request that makes something — a challenge's card, a tournament's card, a
 * puzzle, a confirmation — sent once however often Telegram delivers the request.
 *
 * Telegram delivers an update at least once: again after a crash before it was confirmed, and
 * with a webhook behind a load balancer possibly to another process. What the request makes is
 * keyed on its update (see game/request-ids.ts); its reply is keyed the same way, in the store:
 *
 * 1. Before the handler returns (before the update can be confirmed), the reply is stored under
 *    the request's key as the first delivery composed it — unless a delivery stored one first,
 *    whose reply then stands — and the key joins the pending replies.
 * 2. The reply is queued in its chat's lane. Right before it is sent, the delivery claims it (a
 *    lease, REPLY_LEASE_MS) and checks it is not sent yet: of two deliveries, or a delivery and
 *    a sweep, one sends and the other is skipped.
 * 3. Once Telegram has the message, the record says so (kept REPLY_TTL_MS) and the message's
 *    view is recorded (a challenge's card, so that its later changes edit it).
 *
 * A process that dies with the reply still in its lane leaves it pending and unclaimed: the
 * redelivered update, or any process's sweep (`recover`), sends it at once. One that dies during
 * the call leaves the claim, which ends REPLY_LEASE_MS later; a sweep then sends it. The only
 * duplicate left: a message Telegram took whose record was not written yet (a crash between
 * the two, or a call outliving its claim).
 */
import type { InlineKeyboardMarkup, Message } from 'grammy/types';
import type { ChatView } from '../../game/model.js';
import { bestEffort, type Logger } from '../../game/logger.js';
import type { BackgroundTasks } from '../../chat/tasks/background-tasks.js';
import { POST_LEASE_MS } from '../../chat/presenting/pending-presentations.js';
import { NO_PREVIEW, type ChatOutput } from './chat-output.js';
import type { ChatState } from './chat-state.js';
import { classifyApiFailure, type DeliveryResult } from './delivery-lanes.js';
import { telegramView } from './identity.js';

/**
 * How long a request's reply is remembered, sent or not: three days. Telegram keeps an update it
 * may deliver again for 24 hours; a redelivery later than this could send the reply again.
 */
export const REPLY_TTL_MS = 3 * 86_400_000;

/**
 * How long a claim to send a reply keeps other deliveries off it: as long as a board's post
 * (POST_LEASE_MS), since a claimed reply may wait out a 429 in its lane before it is sent.
 */
export const REPLY_LEASE_MS = POST_LEASE_MS;

/** A request's reply as its first delivery composed it: all any process needs to send it. */
export interface Reply {
  readonly chatId: string;
  /** The message's text, or with `picture` the photo's caption. */
  readonly text: string;
  readonly html?: boolean;
  readonly keyboard?: InlineKeyboardMarkup;
  /** A photo of a puzzle `ply` moves into its line (drawn when it is sent). */
  readonly picture?: { readonly puzzleId: string; readonly ply: number };
  /** The record the message shows: its view is recorded once the message is sent. */
  readonly shows?: { readonly kind: 'challenge' | 'tournament'; readonly id: string };
}

/** What is stored under a request's key: the reply, and the message once sent. */
interface ReplyRecord {
  readonly reply: Reply;
  readonly sentAs?: number;
}

function parseRecord(text: string | undefined): ReplyRecord | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<ReplyRecord> | null;
    const reply = parsed?.reply;
    return typeof reply?.chatId === 'string' && typeof reply.text === 'string'
      ? (parsed as ReplyRecord)
      : undefined;
  } catch {
    return undefined; // a damaged record: as if none (a redelivery would send it again)
  }
}

export interface RequestRepliesDeps {
  readonly out: ChatOutput;
  readonly chats: ChatState;
  readonly tasks: BackgroundTasks;
  readonly logger: Logger;
  /** Draws a puzzle's picture at a ply; undefined for an unknown puzzle (the reply is dropped). */
  readonly picture: (puzzleId: string, ply: number) => (() => Promise<Buffer>) | undefined;
  /** Records that a sent message shows a record (its view). */
  readonly shown: (shows: NonNullable<Reply['shows']>, view: ChatView) => Promise<void>;
}

/** Sends the replies of requests once each (see the top of this file). */
export class RequestReplies {
  /** Requests whose reply this process has queued. */
  private readonly queued = new Set<string>();

  constructor(private readonly deps: RequestRepliesDeps) {}

  /**
   * Sends the reply of the request `requestKey` once: this one, or the one an earlier delivery
   * stored; nothing if it was sent. Resolves once the reply is stored and queued (never when
   * it is sent: handlers do not wait for Telegram); `then` hears of the message if this
   * process sends it. With the store unreachable the reply is sent all the same, unguarded.
   */
  async send(requestKey: string, reply: Reply, then?: (message: Message) => void): Promise<void> {
    const { chats, logger } = this.deps;
    let record: ReplyRecord | undefined;
    try {
      const stored = await chats.keepReply(requestKey, JSON.stringify({ reply }), REPLY_TTL_MS);
      record = stored ? { reply } : parseRecord(await chats.reply(requestKey));
      if (record?.sentAs !== undefined) return; // answered before
      await chats.addPendingReply(requestKey);
    } catch (error) {
      logger.warn('telegram: could not record a reply; it is sent without the guard', {
        err: error,
      });
      this.deps.tasks.track(this.deliver(requestKey, reply, { guarded: false, then }));
      return;
    }
    this.queue(requestKey, record?.reply ?? reply, then);
  }

  /**
   * Sends the replies a process did not get to (it died, or the call failed): after a restart
   * and now and then. Returns how many it queued.
   */
  async recover(): Promise<number> {
    const { chats } = this.deps;
    let queued = 0;
    for (const requestKey of await chats.pendingReplies()) {
      if (this.queued.has(requestKey)) continue;
      const record = parseRecord(await chats.reply(requestKey));
      if (record === undefined || record.sentAs !== undefined) {
        await chats.removePendingReply(requestKey);
        continue;
      }
      this.queue(requestKey, record.reply);
      queued++;
    }
    return queued;
  }

  private queue(requestKey: string, reply: Reply, then?: (message: Message) => void): void {
    if (this.queued.has(requestKey)) return;
    this.queued.add(requestKey);
    this.deps.tasks.track(
      this.deliver(requestKey, reply, { guarded: true, then }).finally(() =>
        this.queued.delete(requestKey),
      ),
    );
  }

  /** Sends a reply through its chat's lane, claimed right before the call (if guarded). */
  private async deliver(
    requestKey: string,
    reply: Reply,
    options: { guarded: boolean; then?: (message: Message) => void },
  ): Promise<void> {
    const { chats, logger } = this.deps;
    let claimed: Promise<boolean> | undefined;
    const wanted = options.guarded ? () => (claimed ??= this.claim(requestKey)) : undefined;
    const sent = await this.call(reply, wanted);
    if (sent === undefined) {
      // Nothing to draw (the puzzle is gone): nothing will ever be sent.
      await bestEffort(
        logger,
        'telegram: could not drop a reply',
        chats.removePendingReply(requestKey),
      );
      return;
    }
    if (sent.ok) {
      const view = telegramView(sent.value.chat.id, sent.value.message_id);
      options.then?.(sent.value);
      if (options.guarded) await this.record(requestKey, reply, view);
      if (reply.shows !== undefined) await this.deps.shown(reply.shows, view);
      return;
    }
    if (sent.reason === 'skipped' || !options.guarded) return; // sent or claimed elsewhere
    const never =
      sent.reason === 'unreachable' ||
      (sent.reason === 'failed' && classifyApiFailure(sent.error).kind === 'permanent');
    await bestEffort(
      logger,
      'telegram: could not settle an unsent reply; the sweep retries it',
      (async () => {
        if (never) await chats.removePendingReply(requestKey);
        // Left for the sweep (a lane closed at shutdown, a network that failed): unclaimed.
        else if (claimed !== undefined && (await claimed)) await chats.releaseReply(requestKey);
      })(),
      { requestKey, reason: sent.reason },
    );
  }

  private call(
    reply: Reply,
    wanted: (() => Promise<boolean>) | undefined,
  ): Promise<DeliveryResult<Message>> | undefined {
    const { out } = this.deps;
    const other = {
      ...(reply.html === true ? { parse_mode: 'HTML' as const } : {}),
      ...(reply.keyboard === undefined ? {} : { reply_markup: reply.keyboard }),
    };
    // A card ends with its bare t.me link, for tapping: a preview of it would only take room.
    if (reply.picture === undefined)
      return out.sendText(reply.chatId, reply.text, { ...other, ...NO_PREVIEW }, { wanted });
    const image = this.deps.picture(reply.picture.puzzleId, reply.picture.ply);
    if (image === undefined) return undefined;
    return out.sendPhoto(reply.chatId, image, { ...other, caption: reply.text }, { wanted });
  }

  /** Whether this delivery may send the reply now: not sent yet, and nobody else is on it. */
  private async claim(requestKey: string): Promise<boolean> {
    const { chats } = this.deps;
    const record = parseRecord(await chats.reply(requestKey));
    if (record === undefined || record.sentAs !== undefined) return false;
    return chats.leaseReply(requestKey, REPLY_LEASE_MS);
  }

  /** The reply is out: its record says so, and it is no longer pending. */
  private async record(requestKey: string, reply: Reply, view: ChatView): Promise<void> {
    const { chats, logger } = this.deps;
    const record: ReplyRecord = { reply, sentAs: Number(view.messageId) };
    await bestEffort(
      logger,
      'telegram: could not note a reply as sent; a sweep may send it again',
      (async () => {
        await chats.setReply(requestKey, JSON.stringify(record), REPLY_TTL_MS);
        await chats.removePendingReply(requestKey);
      })(),
      { requestKey },
    );
  }
}
