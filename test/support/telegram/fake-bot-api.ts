import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// Not the global `performance`: vi.useFakeTimers replaces that one, and flood windows and
// callback expiry must run on wall-clock time like the server's timers.
import { performance } from 'node:perf_hooks';
// The real timers, not the globals: a test may fake those (vi.useFakeTimers) and the server's
// long polls and wait timeouts must keep running on wall-clock time.
import { clearTimeout, setImmediate, setTimeout } from 'node:timers';
import type {
  BotCommand,
  CallbackQuery,
  Chat,
  ChatFullInfo,
  ChatMember,
  LinkPreviewOptions,
  Message,
  MessageEntity,
  Update,
  User,
  UserFromGetMe,
} from 'grammy/types';
import { badRequest, BotApiError, forbidden, type ApiErrorSpec } from './api-error.js';
import { CallHolds, type CallHold, type HeldCall } from './call-hold.js';
import {
  floodKindOf,
  FloodLimiter,
  resolveLimits,
  type FloodTarget,
  type TelegramLimits,
} from './flood-limits.js';
import { detectEntities, formatText, type FormattedText } from './formatting.js';
import {
  inlineKeyboardOf,
  keyboardView,
  sameMarkup,
  stableJson,
  validateInlineMarkup,
  validateReplyMarkup,
  type KeyboardButtonView,
  type ReplyMarkup,
} from './markup.js';
import { extension, imageSize, mimeTypeOf } from './media.js';
import { InlineMode, type InlineAnswer, type InlineMessageView } from './inline-mode.js';
import {
  decodeRequest,
  readBody,
  RequestDecodeError,
  type DecodedRequest,
  type RecordedFile,
} from './request.js';
import { textOf } from '../text-of.js';

export type { ApiErrorSpec } from './api-error.js';
export type { CallHold, HeldCall } from './call-hold.js';
export { TELEGRAM_LIMITS, type TelegramLimits, type WindowLimit } from './flood-limits.js';
export type { KeyboardButtonView, ReplyMarkup } from './markup.js';
export type { RecordedFile } from './request.js';
export type { FetchedPhoto, InlineAnswer, InlineMessageView } from './inline-mode.js';
export { INLINE_ANSWER_MS } from './inline-mode.js';

/**
 * A fake Telegram Bot API server for tests: real HTTP on 127.0.0.1, so the real grammY client
 * (`new Bot(token, { client: { apiRoot: fake.apiRoot } })`), its transformers (auto-retry,
 * throttler) and its long polling (`bot.start()`, @grammyjs/runner) run unchanged.
 *
 * It records every call, keeps per-chat message state (ids, text, captions, uploaded bytes,
 * keyboards, replies, deletions) and answers with Telegram's results and Telegram's error
 * descriptions, so an adapter test can play a whole group-chat scenario and then look at what
 * the chat shows.
 *
 * It enforces what real Telegram enforces, so a bot that breaks a limit fails its tests:
 * - message sizes: text 4096, caption 1024, callback data 64 bytes, parse_mode markup, uploads
 *   50 MB (413 beyond);
 * - flood limits (always on; tests may pass faster `limits`, see TelegramLimits): sends and
 *   edits share one budget per chat (20 a minute in groups, 10 in 10 s in private chats) and
 *   new messages one across all chats (30 a second); past it the call gets Telegram's 429
 *   with retry_after. Only calls that succeed spend budget; answerCallbackQuery, deletions,
 *   chat actions and the non-message methods are not limited;
 * - callback queries can be answered once, within 15 s of the tap;
 * - who may write where: blocked users, users who never started the bot, kicked bots.
 *
 * Beyond recording it can fail calls on purpose (`failNext`), hold them in flight (`hold`, for
 * crash tests), report each call as it happens (`onCall`) and, for benchmarks only, forget
 * history (`lean`).
 */

export interface FakeBotApiOptions {
  /** The bot's username in getMe and in `/command@username`; default `bashni_test_bot`. */
  readonly botUsername?: string;
  readonly botId?: number;
  readonly botFirstName?: string;
  /**
   * Group privacy mode: when on, `push` drops group messages that are neither commands nor
   * replies to the bot, like Telegram does; getMe reports it. Default off.
   */
  readonly privacyMode?: boolean;
  /** Upper bound on how long getUpdates holds a request (tests want short polls); default 2000. */
  readonly maxLongPollMs?: number;
  /**
   * Flood limits and callback expiry, merged over TELEGRAM_LIMITS (Telegram's own values).
   * Tests may make them faster (e.g. 20 per 3 s, a 300 ms callback expiry); there is no way
   * to turn them off.
   */
  readonly limits?: Partial<TelegramLimits>;
  /**
   * For benchmarks only: `calls` keeps no history (onCall listeners, waitForCall and the
   * counters still see every call), uploads keep no bytes (photos keep their width and
   * height, `data` is empty) and each chat keeps only its last 50 messages, so a long run
   * does not grow the heap. Tests that inspect what the bot did must leave it off.
   */
  readonly lean?: boolean;
}

export type ApiResponse =
  { readonly ok: true; readonly result: unknown } | ({ readonly ok: false } & ApiErrorSpec);

export interface RecordedCall {
  /** Canonical method name (`sendMessage`), whatever case the client used. */
  readonly method: string;
  readonly params: Record<string, unknown>;
  /** Uploaded files by parameter: `photo`, `document`, `media` (editMessageMedia)... */
  readonly files: Partial<Record<string, RecordedFile>>;
  /** Date.now() when the request arrived. */
  readonly at: number;
  /** What the fake answered. */
  readonly response: ApiResponse;
  /**
   * The client went away before the answer (an aborted long poll, e.g. on bot.stop()). For a
   * held call this means it was never executed (`response` is then a 499 of the fake's own).
   */
  readonly aborted?: true;
  /** The flood limiter answered 429 (not a `failNext` failure). */
  readonly throttled?: true;
  /** The call waited in a `hold` before it was executed (or aborted). */
  readonly held?: true;
}

/** A file the fake knows (uploaded, or sent by file_id or URL), addressable by file_id. */
export interface StoredFile extends RecordedFile {
  readonly fileId: string;
  readonly fileUniqueId: string;
  readonly kind: MediaKind;
  readonly width: number;
  readonly height: number;
  /** Set when the bot sent an HTTP URL: the fake does not download it, so `data` is empty. */
  readonly url?: string;
  /** Bytes uploaded, also in lean mode where `data` is not kept. */
  readonly size: number;
}

/** One message of a chat as the fake showed it when asked (a copy: later edits do not change it). */
export interface StoredMessage {
  readonly chatId: number;
  readonly messageId: number;
  readonly from: User;
  readonly date: number;
  readonly text?: string;
  readonly entities?: MessageEntity[];
  readonly caption?: string;
  readonly captionEntities?: MessageEntity[];
  /** The photo's last uploaded file (its bytes in `photo.data`). */
  readonly photo?: StoredFile;
  /** An animation (sendAnimation): a GIF's bytes in `animation.data`. */
  readonly animation?: StoredFile;
  readonly document?: StoredFile;
  readonly replyMarkup?: ReplyMarkup;
  /**
   * A text message's link_preview_options as last sent or edited (an edit without them gets
   * Telegram's default again: a preview of the first link).
   */
  readonly linkPreview?: LinkPreviewOptions;
  /** message_id of the message this one replies to. */
  readonly replyTo?: number;
  readonly deleted: boolean;
  readonly editDate?: number;
  /** How many successful edits the message had. */
  readonly edits: number;
}

export interface ChatView {
  readonly info: Chat;
  /** Live (not deleted) messages, oldest first. */
  readonly messages: StoredMessage[];
  /** Every message including deleted ones. */
  readonly allMessages: StoredMessage[];
}

export interface CallbackAnswer {
  readonly text?: string;
  readonly show_alert: boolean;
  readonly url?: string;
  readonly cache_time?: number;
  readonly at: number;
}

export type MemberStatus = 'creator' | 'administrator' | 'member' | 'left' | 'kicked';

export interface MessageOptions {
  readonly from: User;
  /** A chat made by `group()` / `privateChat()`, or the id of a chat the fake knows. */
  readonly chat: Chat | number;
  readonly text: string;
  /** message_id of the message being replied to. */
  readonly replyTo?: number;
}

export interface CallbackQueryOptions {
  readonly from: User;
  readonly chatId: number;
  readonly messageId: number;
  readonly data: string;
}

export interface ButtonPressOptions {
  readonly from: User;
  readonly chatId: number;
  readonly messageId: number;
  /** The label of the button, or a test on it. */
  readonly button: string | ((button: KeyboardButtonView) => boolean);
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type MessageRecord = Mutable<StoredMessage>;

interface ChatRecord {
  readonly info: Chat;
  readonly messages: MessageRecord[];
  nextMessageId: number;
  readonly members: Map<number, MemberStatus>;
  botStatus: MemberStatus;
  readonly instance: string;
}

interface CallWaiter {
  readonly method: string;
  readonly predicate?: (call: RecordedCall) => boolean;
  readonly resolve: (call: RecordedCall) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

interface ConfirmWaiter {
  readonly updateId: number;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

interface HeldPoll {
  superseded: boolean;
  readonly wake: () => void;
}

interface HandlerRequest extends DecodedRequest {
  readonly response: ServerResponse;
}

interface DispatchResult {
  readonly answer: ApiResponse;
  /** The flood limiter refused the call. */
  readonly throttled: boolean;
}

type Handler = (request: HandlerRequest) => unknown;

const NOT_MODIFIED =
  'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';
const QUERY_TOO_OLD = 'query is too old and response timeout expired or query ID is invalid';
const WRONG_FILE = 'wrong file identifier/HTTP URL specified';
/** What a held call whose client went away is recorded with: Telegram never saw it. */
const CLIENT_GONE: ApiResponse = {
  ok: false,
  error_code: 499,
  description: 'Client Closed Request: the client went away while the call was held; not applied',
};
/** Lean mode keeps this many messages per chat. */
const LEAN_MESSAGES_PER_CHAT = 50;
const EMPTY_BYTES = Buffer.alloc(0);
const TEXT_LIMIT = 4096;
/** The largest file a bot may upload (Bot API: 50 MB for every kind of file). */
const UPLOAD_LIMIT = 50 * 1024 * 1024;
/** What a file was sent as. */
type MediaKind = 'photo' | 'document' | 'animation';
const FILE_ID_PREFIX: Record<MediaKind, string> = {
  photo: 'AgACAgIAAxkDAAI',
  document: 'BQACAgIAAxkDAAI',
  animation: 'CgACAgIAAxkDAAI',
};
const CAPTION_LIMIT = 1024;
const FIRST_UPDATE_ID = 100_000_001;
const DEFAULT_UPDATE_TYPES_EXCLUDED = new Set([
  'chat_member',
  'message_reaction',
  'message_reaction_count',
]);
const CHAT_ACTIONS = new Set([
  'typing',
  'upload_photo',
  'record_video',
  'upload_video',
  'record_voice',
  'upload_voice',
  'upload_document',
  'choose_sticker',
  'find_location',
  'record_video_note',
  'upload_video_note',
]);
const now = (): number => Math.floor(Date.now() / 1000);
/** Monotonic milliseconds for flood windows and callback expiry. */
const monotonicMs = (): number => performance.now();

export class FakeBotApi {
  /** Every call in arrival order of its answer (since the last clearCalls); empty in lean mode. */
  readonly calls: RecordedCall[] = [];
  readonly bot: UserFromGetMe;
  /** The limits in force: TELEGRAM_LIMITS with the options' overrides. */
  readonly limits: TelegramLimits;

  private readonly server: Server;
  private readonly options: Required<
    Omit<FakeBotApiOptions, 'botId' | 'botFirstName' | 'botUsername' | 'limits'>
  >;
  private rootUrl = '';
  private closed = false;

  private readonly chats = new Map<number, ChatRecord>();
  private readonly users = new Map<number, User>();
  private readonly blockedUsers = new Set<number>();
  private readonly files = new Map<string, StoredFile>();
  private readonly filePaths = new Map<string, StoredFile>();
  private fileCounter = 0;

  private readonly failures = new Map<string, ApiErrorSpec[]>();
  private readonly consumed = new WeakSet<RecordedCall>();
  private readonly callWaiters = new Set<CallWaiter>();
  private readonly callListeners = new Set<(call: RecordedCall) => void>();
  private readonly callCounts = new Map<string, number>();
  private totalCalls = 0;
  private floodRefusalTotal = 0;

  private readonly flood: FloodLimiter;
  private readonly holds = new CallHolds();

  /** `builtAt` in monotonic ms, for the answer deadline. */
  private readonly callbackQueries = new Map<string, { answered: boolean; builtAt: number }>();
  private readonly callbackAnswers = new Map<string, CallbackAnswer>();
  private callbackCounter = 0;

  private readonly commandSets = new Map<string, BotCommand[]>();
  private webhook = '';
  private webhookSecretToken = '';

  private queue: Update[] = [];
  private nextUpdateId = FIRST_UPDATE_ID;
  private lastPushedUpdateId = 0;
  private confirmedOffset = 0;
  private allowedUpdates: Set<string> | undefined;
  private heldPoll: HeldPoll | undefined;
  private readonly pushWakers = new Set<() => void>();
  private readonly confirmWaiters = new Set<ConfirmWaiter>();

  private readonly handlers: Partial<Record<string, Handler>>;
  private readonly canonicalNames: Map<string, string>;
  /** Inline mode: queries, their answers, inline messages (see inline-mode.ts). */
  private readonly inline = new InlineMode({
    nextUpdateId: () => this.nextUpdateId++,
    newCallbackQueryId: () => this.newCallbackQueryId(),
    rememberUser: (user) => this.users.set(user.id, user),
    chatInstance: (chatId) => this.chats.get(chatId)?.instance ?? String(chatId),
  });

  private constructor(options: FakeBotApiOptions) {
    this.options = {
      privacyMode: options.privacyMode ?? false,
      maxLongPollMs: options.maxLongPollMs ?? 2000,
      lean: options.lean ?? false,
    };
    this.limits = resolveLimits(options.limits);
    this.flood = new FloodLimiter(this.limits);
    this.bot = {
      id: options.botId ?? 7_000_000_001,
      is_bot: true,
      first_name: options.botFirstName ?? 'Bashni',
      username: options.botUsername ?? 'bashni_test_bot',
      can_join_groups: true,
      can_read_all_group_messages: !this.options.privacyMode,
      supports_inline_queries: false,
      can_connect_to_business: false,
      has_main_web_app: false,
      has_topics_enabled: false,
      allows_users_to_create_topics: false,
      can_manage_bots: false,
      supports_join_request_queries: false,
    };
    this.users.set(this.bot.id, this.publicBotUser());
    this.handlers = this.createHandlers();
    this.canonicalNames = new Map(
      Object.keys(this.handlers).map((name) => [name.toLowerCase(), name]),
    );
    this.server = createServer((request, response) => {
      this.serve(request, response).catch((error: unknown) => {
        if (!response.headersSent) {
          this.send(response, {
            ok: false,
            error_code: 500,
            description: `Internal Server Error: ${String(error)}`,
          });
        }
      });
    });
  }

  /** Starts a fake on a free port of 127.0.0.1. */
  static async start(options: FakeBotApiOptions = {}): Promise<FakeBotApi> {
    const fake = new FakeBotApi(options);
    await new Promise<void>((resolve, reject) => {
      fake.server.once('error', reject);
      fake.server.listen(0, '127.0.0.1', () => {
        fake.server.off('error', reject);
        resolve();
      });
    });
    const { port } = fake.server.address() as AddressInfo;
    fake.rootUrl = `http://127.0.0.1:${port}`;
    return fake;
  }

  /** For `new Bot(token, { client: { apiRoot } })`; any token is accepted. */
  get apiRoot(): string {
    return this.rootUrl;
  }

  /**
   * Releases holds, answers held long polls, fails pending waits and closes every connection
   * (grammY keeps them alive), so nothing is left open. Safe to call twice.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Held calls go on (or are aborted when their client is gone) before the sockets close.
    this.holds.releaseAll();
    for (const wake of this.pushWakers) wake();
    const closedError = new Error('FakeBotApi was closed');
    for (const waiter of this.callWaiters) {
      clearTimeout(waiter.timer);
      waiter.reject(closedError);
    }
    this.callWaiters.clear();
    for (const waiter of this.confirmWaiters) {
      clearTimeout(waiter.timer);
      waiter.reject(closedError);
    }
    this.confirmWaiters.clear();
    // Let the woken polls write their answers before the sockets go.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /**
   * The API goes away for `ms`: every connection is dropped and new ones are refused (connect
   * ECONNREFUSED), then it listens again on the same port with its state as it was.
   */
  async goAway(ms: number): Promise<void> {
    const { port } = this.server.address() as AddressInfo;
    for (const wake of this.pushWakers) wake();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
    await new Promise((resolve) => setTimeout(resolve, ms));
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  // === Recording ===

  /** The recorded calls of one method, in answer order. */
  callsOf(method: string): RecordedCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  /** Forgets the recorded calls and resets the call counters. */
  clearCalls(): void {
    this.calls.length = 0;
    this.callCounts.clear();
    this.totalCalls = 0;
    this.floodRefusalTotal = 0;
  }

  /** How many calls of `method` (of every method when omitted) were recorded, also in lean mode. */
  callCount(method?: string): number {
    return method === undefined ? this.totalCalls : (this.callCounts.get(method) ?? 0);
  }

  /** The recorded calls the flood limiter answered with 429 (none kept in lean mode). */
  floodRefusals(): RecordedCall[] {
    return this.calls.filter((call) => call.throttled === true);
  }

  /** How many calls the flood limiter answered with 429, also in lean mode. */
  floodRefusalCount(): number {
    return this.floodRefusalTotal;
  }

  /**
   * Calls `listener` with every call as it is recorded (just before its answer is written), also
   * in lean mode. Returns the function that removes it. A listener that throws fails the test
   * process, not the call.
   */
  onCall(listener: (call: RecordedCall) => void): () => void {
    this.callListeners.add(listener);
    return () => {
      this.callListeners.delete(listener);
    };
  }

  /**
   * Holds calls of `method` (whose params match `predicate`): each is received but neither
   * executed nor answered until `release()`. On release a call whose client is gone (the bot
   * process was killed) is not applied and is recorded with `aborted: true`; the others are
   * executed as usual. Flood limits apply when a call is executed, not when it is held.
   */
  hold(method: string, predicate?: (params: Record<string, unknown>) => boolean): CallHold {
    return this.holds.hold(method, predicate);
  }

  /**
   * The first recorded call of `method` (matching `predicate`) that no earlier waitForCall has
   * returned, or the next such call to arrive. Successive waits thus walk through successive
   * calls: wait for 'sendMessage' twice to get the first and the second message.
   */
  waitForCall(
    method: string,
    predicate?: (call: RecordedCall) => boolean,
    timeoutMs = 3000,
  ): Promise<RecordedCall> {
    const matches = (call: RecordedCall): boolean =>
      call.method === method && !this.consumed.has(call) && (predicate?.(call) ?? true);
    const found = this.calls.find(matches);
    if (found !== undefined) {
      this.consumed.add(found);
      return Promise.resolve(found);
    }
    if (this.closed) return Promise.reject(new Error('FakeBotApi was closed'));
    return new Promise((resolve, reject) => {
      const waiter: CallWaiter = {
        method,
        ...(predicate !== undefined ? { predicate } : {}),
        resolve,
        reject,
        timer: setTimeout(() => {
          this.callWaiters.delete(waiter);
          const seen = this.calls.map((call) => call.method).join(', ') || 'none';
          reject(
            new Error(`waitForCall('${method}') timed out after ${timeoutMs} ms; calls: ${seen}`),
          );
        }, timeoutMs),
      };
      this.callWaiters.add(waiter);
    });
  }

  private record(call: RecordedCall): void {
    if (!this.options.lean) this.calls.push(call);
    this.totalCalls += 1;
    this.callCounts.set(call.method, (this.callCounts.get(call.method) ?? 0) + 1);
    if (call.throttled === true) this.floodRefusalTotal += 1;
    for (const waiter of this.callWaiters) {
      if (waiter.method !== call.method || !(waiter.predicate?.(call) ?? true)) continue;
      clearTimeout(waiter.timer);
      this.callWaiters.delete(waiter);
      this.consumed.add(call);
      waiter.resolve(call);
      break;
    }
    for (const listener of this.callListeners) {
      try {
        listener(call);
      } catch (error) {
        // Thrown here it would turn the call's answer into a 500; the test should fail instead.
        setImmediate(() => {
          throw error;
        });
      }
    }
  }

  // === Programmed failures and outside events ===

  /**
   * The next `times` calls of `method` fail with this error (HTTP status = error_code), before
   * any other processing, e.g. `{ error_code: 429, description: 'Too Many Requests: retry
   * after 1', parameters: { retry_after: 1 } }`.
   */
  failNext(method: string, error: ApiErrorSpec, times = 1): void {
    const queue = this.failures.get(method) ?? [];
    for (let index = 0; index < times; index += 1) queue.push(error);
    this.failures.set(method, queue);
  }

  /** The user blocked the bot: sending to or editing in their private chat gets a 403. */
  blockUser(userId: number): void {
    this.blockedUsers.add(userId);
  }

  unblockUser(userId: number): void {
    this.blockedUsers.delete(userId);
  }

  /** A user deleted the message; bots get no update for that, exactly as in Telegram. */
  deleteMessageExternally(chatId: number, messageId: number): void {
    const message = this.requireChatRecord(chatId).messages.find((m) => m.messageId === messageId);
    if (message === undefined) throw new Error(`no message ${messageId} in chat ${chatId}`);
    message.deleted = true;
  }

  /**
   * Sets a member's status in a group; use `fake.bot.id` to make the bot an administrator
   * (needed to delete other people's messages) or to kick it ('kicked': sends get 403).
   */
  setChatMember(chatId: number, userId: number, status: MemberStatus): void {
    const chat = this.requireChatRecord(chatId);
    if (userId === this.bot.id) chat.botStatus = status;
    else chat.members.set(userId, status);
  }

  // === Test users and chats ===

  /** A user the fake knows; the bot still cannot write to them until `privateChat(user)`. */
  user(id: number, firstName: string, username?: string, languageCode?: string): User {
    const user: User = {
      id,
      is_bot: false,
      first_name: firstName,
      ...(username !== undefined ? { username } : {}),
      ...(languageCode !== undefined ? { language_code: languageCode } : {}),
    };
    this.users.set(id, user);
    return user;
  }

  /** A group the bot is a member of; ids from -1000000000000 down make a supergroup. */
  group(id: number, title: string): Chat.GroupChat | Chat.SupergroupChat {
    if (id >= 0) throw new Error(`group ids are negative, got ${id}`);
    const info: Chat.GroupChat | Chat.SupergroupChat =
      id <= -1_000_000_000_000 ? { id, type: 'supergroup', title } : { id, type: 'group', title };
    this.ensureChat(info);
    return info;
  }

  /** The user's private chat with the bot, opened (the user pressed Start). */
  privateChat(user: User): Chat.PrivateChat {
    this.users.set(user.id, user);
    const info: Chat.PrivateChat = {
      id: user.id,
      type: 'private',
      first_name: user.first_name,
      ...(user.last_name !== undefined ? { last_name: user.last_name } : {}),
      ...(user.username !== undefined ? { username: user.username } : {}),
    };
    const chat = this.ensureChat(info);
    chat.members.set(user.id, 'member');
    return info;
  }

  // === Updates ===

  /**
   * A message update from a user. The message is stored in the chat at once (it takes the
   * chat's next message_id), whether or not the update is pushed. `/command` and
   * `/command@bot` get their bot_command entity, @mentions and links theirs.
   */
  message(options: MessageOptions): Update;
  /** The stored message, deleted or not; undefined when the chat never had it. */
  message(chatId: number, messageId: number): StoredMessage | undefined;
  message(first: MessageOptions | number, messageId?: number): Update | StoredMessage | undefined {
    if (typeof first === 'number') {
      const stored = this.chats.get(first)?.messages.find((m) => m.messageId === messageId);
      return stored === undefined ? undefined : { ...stored };
    }
    return this.userMessage(first);
  }

  private userMessage({ from, chat: chatOrId, text, replyTo }: MessageOptions): Update {
    const chat =
      typeof chatOrId === 'number' ? this.requireChatRecord(chatOrId) : this.ensureChat(chatOrId);
    if (chat.info.type === 'private' && chat.info.id !== from.id) {
      throw new Error(`user ${from.id} cannot write in the private chat of ${chat.info.id}`);
    }
    if (replyTo !== undefined && this.liveMessage(chat, replyTo) === undefined) {
      throw new Error(`message ${replyTo} to reply to is not in chat ${chat.info.id}`);
    }
    this.users.set(from.id, from);
    if (!chat.members.has(from.id) || chat.members.get(from.id) === 'left') {
      chat.members.set(from.id, 'member');
    }
    const entities = detectEntities(text);
    const message: MessageRecord = {
      chatId: chat.info.id,
      messageId: chat.nextMessageId++,
      from,
      date: now(),
      text,
      ...(entities.length > 0 ? { entities } : {}),
      ...(replyTo !== undefined ? { replyTo } : {}),
      deleted: false,
      edits: 0,
    };
    this.appendMessage(chat, message);
    return {
      update_id: this.nextUpdateId++,
      message: this.toMessage(chat, message) as Update['message'],
    };
  }

  /**
   * A member leaves a group (or is removed): their status becomes 'left', and the group gets
   * the service message with `left_chat_member`, which Telegram delivers to the bots in a group
   * whatever their privacy mode.
   */
  memberLeft(chatId: number, user: User): Update {
    const chat = this.requireChatRecord(chatId);
    if (chat.info.type === 'private') throw new Error('nobody leaves a private chat');
    chat.members.set(user.id, 'left');
    return {
      update_id: this.nextUpdateId++,
      message: {
        message_id: chat.nextMessageId++,
        date: now(),
        chat: chat.info,
        from: user,
        left_chat_member: user,
      } as Update['message'],
    };
  }

  /** A tap on an inline button of a stored message, with that message attached. */
  callbackQuery({ from, chatId, messageId, data }: CallbackQueryOptions): Update {
    const chat = this.requireChatRecord(chatId);
    const message = this.liveMessage(chat, messageId);
    if (message === undefined) {
      throw new Error(`no live message ${messageId} in chat ${chatId} to press a button on`);
    }
    this.users.set(from.id, from);
    const id = this.newCallbackQueryId();
    const query: CallbackQuery = {
      id,
      from,
      message: this.toMessage(chat, message),
      chat_instance: chat.instance,
      data,
    };
    return { update_id: this.nextUpdateId++, callback_query: query };
  }

  private newCallbackQueryId(): string {
    this.callbackCounter += 1;
    const id = `${4_200_000 + this.callbackCounter}${String(this.callbackCounter).padStart(12, '0')}`;
    this.callbackQueries.set(id, { answered: false, builtAt: monotonicMs() });
    return id;
  }

  // === Inline mode ===

  /** A user types `@bot <query>` (push it, or hand it to the bot). */
  inlineQuery(options: { from: User; query: string }): Update {
    return this.inline.inlineQuery(options);
  }

  /** What the bot answered to an inline query (undefined: not answered, or refused). */
  inlineAnswer(queryId: string): InlineAnswer | undefined {
    return this.inline.answerOf(queryId);
  }

  /**
   * The user sends a result of the bot's answer into `chatId`: an inline message when the
   * result has buttons (its id is returned), and the chosen_inline_result update for the bot.
   */
  chooseInlineResult(options: { from: User; queryId: string; resultId: string; chatId: number }): {
    update: Update;
    inlineMessageId?: string;
  } {
    return this.inline.choose(options);
  }

  inlineMessage(inlineMessageId: string): InlineMessageView | undefined {
    return this.inline.message(inlineMessageId);
  }

  inlineKeyboard(inlineMessageId: string): KeyboardButtonView[][] {
    return this.inline.keyboard(inlineMessageId);
  }

  /** A tap on an inline message's button (raw callback data): no `message` in it. */
  inlineCallbackQuery(options: { from: User; inlineMessageId: string; data: string }): Update {
    return this.inline.callbackQuery(options);
  }

  /** `inlineCallbackQuery` for the button with this label or test. */
  inlineButtonPress(options: {
    from: User;
    inlineMessageId: string;
    button: string | ((button: KeyboardButtonView) => boolean);
  }): Update {
    return this.inline.buttonPress(options);
  }

  /** `callbackQuery` for the button with this label; throws if the keyboard has none. */
  buttonPress({ from, chatId, messageId, button }: ButtonPressOptions): Update {
    const test = typeof button === 'string' ? (b: KeyboardButtonView) => b.text === button : button;
    const found = this.keyboard(chatId, messageId).flat().find(test);
    if (found?.callback_data === undefined) {
      const labels = this.keyboard(chatId, messageId)
        .flat()
        .map((b) => b.text);
      throw new Error(
        `no callback button ${String(button)} on message ${messageId}: ${labels.join(' | ')}`,
      );
    }
    return this.callbackQuery({ from, chatId, messageId, data: found.callback_data });
  }

  /**
   * Queues updates for getUpdates (in update_id order). With privacy mode on, group messages
   * the bot would not see are dropped. Wakes a waiting long poll.
   */
  push(...updates: Update[]): void {
    for (const update of updates) {
      if (update.update_id < this.confirmedOffset) {
        throw new Error(`update ${update.update_id} is older than the confirmed offset`);
      }
      this.lastPushedUpdateId = Math.max(this.lastPushedUpdateId, update.update_id);
      if (!this.visibleToBot(update)) continue;
      const index = this.queue.findIndex((queued) => queued.update_id > update.update_id);
      if (index < 0) this.queue.push(update);
      else this.queue.splice(index, 0, update);
    }
    for (const wake of this.pushWakers) wake();
  }

  pushMessage(options: MessageOptions): Update {
    const update = this.userMessage(options);
    this.push(update);
    return update;
  }

  pushCallbackQuery(options: CallbackQueryOptions): Update {
    const update = this.callbackQuery(options);
    this.push(update);
    return update;
  }

  /** Updates queued and not yet confirmed by a getUpdates offset. */
  get pendingUpdates(): readonly Update[] {
    return this.queue;
  }

  /**
   * Resolves once getUpdates was called with an offset past this update (by default the last
   * one pushed): with `bot.start()` that means its batch was fully handled.
   */
  waitUntilConfirmed(update?: Update | number, timeoutMs = 3000): Promise<void> {
    const updateId =
      update === undefined
        ? this.lastPushedUpdateId
        : typeof update === 'number'
          ? update
          : update.update_id;
    if (this.confirmedOffset > updateId) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter: ConfirmWaiter = {
        updateId,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.confirmWaiters.delete(waiter);
          reject(new Error(`update ${updateId} was not confirmed within ${timeoutMs} ms`));
        }, timeoutMs),
      };
      this.confirmWaiters.add(waiter);
    });
  }

  // === Inspection ===

  chat(chatId: number): ChatView {
    const chat = this.requireChatRecord(chatId);
    return {
      info: chat.info,
      messages: chat.messages.filter((m) => !m.deleted).map((m) => ({ ...m })),
      allMessages: chat.messages.map((m) => ({ ...m })),
    };
  }

  /** The newest live message of the chat, from anyone. */
  lastMessage(chatId: number): StoredMessage | undefined {
    return this.chat(chatId).messages.at(-1);
  }

  /** The newest live message the bot sent to the chat. */
  lastBotMessage(chatId: number): StoredMessage | undefined {
    return this.chat(chatId)
      .messages.filter((m) => m.from.id === this.bot.id)
      .at(-1);
  }

  /** answerCallbackQuery answers by callback query id. */
  get answers(): ReadonlyMap<string, CallbackAnswer> {
    return this.callbackAnswers;
  }

  /** Ids of callback queries built so far that the bot has not answered. */
  unansweredCallbackQueries(): string[] {
    return [...this.callbackQueries].filter(([, query]) => !query.answered).map(([id]) => id);
  }

  /** The inline keyboard of a message, [] when it has none. */
  keyboard(chatId: number, messageId: number): KeyboardButtonView[][] {
    const message = this.message(chatId, messageId);
    if (message === undefined) throw new Error(`no message ${messageId} in chat ${chatId}`);
    return keyboardView(message.replyMarkup);
  }

  /** Commands set by setMyCommands for this scope and language (default scope, no language). */
  commands(scope: Record<string, unknown> = { type: 'default' }, languageCode = ''): BotCommand[] {
    return this.commandSets.get(commandKey(scope, languageCode)) ?? [];
  }

  /** The URL set by setWebhook, '' when none. */
  get webhookUrl(): string {
    return this.webhook;
  }

  /**
   * The secret_token set by setWebhook ('' when none): what Telegram sends with every webhook
   * request in the X-Telegram-Bot-Api-Secret-Token header.
   */
  get webhookSecret(): string {
    return this.webhookSecretToken;
  }

  /** A file the fake knows by file_id. */
  file(fileId: string): StoredFile | undefined {
    return this.files.get(fileId);
  }

  // === HTTP ===

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const at = Date.now();
    const url = new URL(request.url ?? '/', 'http://fake.invalid');
    const download = /^\/file\/bot[^/]+\/(.+)$/.exec(url.pathname);
    if (download !== null) {
      this.serveFile(decodeURIComponent(download.at(1) ?? ''), response);
      return;
    }
    const route = /^\/bot([^/]+)\/(?:test\/)?([A-Za-z0-9_]+)\/?$/.exec(url.pathname);
    const body = await readBody(request);
    if (route === null) {
      this.send(response, { ok: false, error_code: 404, description: 'Not Found' });
      return;
    }
    const rawMethod = route.at(2) ?? '';
    const method = this.canonicalNames.get(rawMethod.toLowerCase()) ?? rawMethod;
    let decoded: DecodedRequest;
    try {
      decoded = decodeRequest(
        String(request.headers['content-type'] ?? ''),
        body,
        url.searchParams,
      );
    } catch (error) {
      if (!(error instanceof RequestDecodeError)) throw error;
      const answer: ApiResponse = { ok: false, error_code: 400, description: error.message };
      this.record({ method, params: {}, files: {}, at, response: answer });
      this.send(response, answer);
      return;
    }
    const arrived: HeldCall = { method, params: decoded.params, files: decoded.files, at };
    const parked = this.holds.park(arrived, () => clientGone(response));
    if (parked !== undefined) {
      await parked;
      if (response.destroyed) {
        this.record({ ...arrived, response: CLIENT_GONE, held: true, aborted: true });
        return;
      }
    }
    const { answer, throttled } = await this.dispatch(method, { ...decoded, response });
    this.record({
      ...arrived,
      response: answer,
      ...(throttled ? { throttled: true } : {}),
      ...(parked !== undefined ? { held: true } : {}),
      ...(response.destroyed ? { aborted: true } : {}),
    });
    this.send(response, answer);
  }

  /**
   * Programmed failure, flood check, execution. For the message methods (all synchronous) the
   * check, the execution and the counting run in one synchronous step, so concurrent requests
   * cannot both take the window's last slot.
   */
  private async dispatch(method: string, request: HandlerRequest): Promise<DispatchResult> {
    const failure = this.failures.get(method)?.shift();
    if (failure !== undefined) return { answer: { ok: false, ...failure }, throttled: false };
    const handler = this.handlers[method];
    if (handler === undefined) {
      const answer: ApiResponse = {
        ok: false,
        error_code: 404,
        description: 'Not Found: method not found',
      };
      return { answer, throttled: false };
    }
    const floodKind = floodKindOf(method);
    const target = floodKind === undefined ? undefined : this.floodTarget(request.params);
    const startedAt = monotonicMs();
    if (floodKind !== undefined && target !== undefined) {
      const retryAfter = this.flood.retryAfter(floodKind, target, startedAt);
      if (retryAfter !== undefined) {
        const answer: ApiResponse = {
          ok: false,
          error_code: 429,
          description: `Too Many Requests: retry after ${retryAfter}`,
          parameters: { retry_after: retryAfter },
        };
        return { answer, throttled: true };
      }
    }
    try {
      const pending = handler(request);
      const result = pending instanceof Promise ? ((await pending) as unknown) : pending;
      if (floodKind !== undefined && target !== undefined) {
        this.flood.count(floodKind, target, startedAt);
      }
      return { answer: { ok: true, result }, throttled: false };
    } catch (error) {
      if (error instanceof BotApiError) {
        const answer: ApiResponse = {
          ok: false,
          error_code: error.errorCode,
          description: error.description,
          ...(error.parameters !== undefined ? { parameters: error.parameters } : {}),
        };
        return { answer, throttled: false };
      }
      const answer: ApiResponse = {
        ok: false,
        error_code: 500,
        description: `Internal Server Error: ${String(error)}`,
      };
      return { answer, throttled: false };
    }
  }

  /** The chat whose budget a message call spends; undefined when the call names no known chat. */
  private floodTarget(params: Record<string, unknown>): FloodTarget | undefined {
    // An inline message's edits spend the budget of the chat it was sent to.
    const inlineChat = this.inline.chatOf(params.inline_message_id);
    if (inlineChat !== undefined) {
      const record = this.chats.get(inlineChat);
      return { chatId: inlineChat, private: record?.info.type === 'private' };
    }
    let chat: ChatRecord;
    try {
      chat = this.resolveChat(params, 'read');
    } catch {
      // The handler answers the bad chat_id with Telegram's error; that spends nothing.
      return undefined;
    }
    return { chatId: chat.info.id, private: chat.info.type === 'private' };
  }

  private send(response: ServerResponse, answer: ApiResponse): void {
    if (response.writableEnded || response.destroyed) return;
    const body = JSON.stringify(answer);
    response.writeHead(answer.ok ? 200 : answer.error_code, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  }

  private serveFile(path: string, response: ServerResponse): void {
    const file = this.filePaths.get(path);
    if (file === undefined) {
      this.send(response, { ok: false, error_code: 404, description: 'Not Found' });
      return;
    }
    response.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': file.data.length,
    });
    response.end(file.data);
  }

  // === Methods ===

  private createHandlers(): Record<string, Handler> {
    const acknowledge: Handler = () => true;
    return {
      getMe: () => this.bot,
      logOut: acknowledge,
      close: acknowledge,
      getUpdates: (request) => this.getUpdates(request),
      setWebhook: ({ params }) => {
        const url = typeof params.url === 'string' ? params.url : '';
        if (url !== '' && !url.startsWith('https://')) {
          throw badRequest('bad webhook: An HTTPS URL must be provided for webhook');
        }
        const secret = typeof params.secret_token === 'string' ? params.secret_token : '';
        if (secret.length > 256) throw badRequest('secret token is too long');
        if (!/^[A-Za-z0-9_-]*$/.test(secret))
          throw badRequest('secret token contains unallowed characters');
        this.webhook = url;
        this.webhookSecretToken = secret;
        if (params.drop_pending_updates === true) this.dropPendingUpdates();
        return true;
      },
      deleteWebhook: ({ params }) => {
        this.webhook = '';
        this.webhookSecretToken = '';
        if (params.drop_pending_updates === true) this.dropPendingUpdates();
        return true;
      },
      getWebhookInfo: () => ({
        url: this.webhook,
        has_custom_certificate: false,
        pending_update_count: this.queue.length,
      }),
      setMyCommands: ({ params }) => this.setMyCommands(params),
      getMyCommands: ({ params }) =>
        this.commandSets.get(commandKey(params.scope, params.language_code)) ?? [],
      deleteMyCommands: ({ params }) => {
        this.commandSets.delete(commandKey(params.scope, params.language_code));
        return true;
      },
      setMyDescription: acknowledge,
      setMyShortDescription: acknowledge,
      setMyName: acknowledge,
      setChatMenuButton: acknowledge,
      sendMessage: ({ params }) => this.sendMessage(params),
      sendPhoto: (request) => this.sendMedia(request, 'photo'),
      sendDocument: (request) => this.sendMedia(request, 'document'),
      sendAnimation: (request) => this.sendMedia(request, 'animation'),
      sendChatAction: ({ params }) => {
        const chat = this.resolveChat(params, 'send');
        this.assertCanWrite(chat);
        if (typeof params.action !== 'string' || !CHAT_ACTIONS.has(params.action)) {
          throw badRequest('wrong parameter action in request');
        }
        return true;
      },
      editMessageText: (request) =>
        this.inlineEdit('editMessageText', request) ?? this.editMessageText(request.params),
      editMessageCaption: (request) =>
        this.inlineEdit('editMessageCaption', request) ?? this.editMessageCaption(request.params),
      editMessageMedia: (request) =>
        this.inlineEdit('editMessageMedia', request) ?? this.editMessageMedia(request),
      editMessageReplyMarkup: (request) =>
        this.inlineEdit('editMessageReplyMarkup', request) ??
        this.editMessageReplyMarkup(request.params),
      answerInlineQuery: ({ params }) => this.inline.answer(params),
      deleteMessage: ({ params }) => this.deleteMessage(params),
      deleteMessages: ({ params }) => {
        const chat = this.resolveChat(params, 'read');
        const ids = Array.isArray(params.message_ids) ? params.message_ids : [];
        if (ids.length === 0 || ids.length > 100)
          throw badRequest('message identifiers are not specified');
        for (const id of ids) {
          const message = typeof id === 'number' ? this.liveMessage(chat, id) : undefined;
          if (message !== undefined && this.canDelete(chat, message)) message.deleted = true;
        }
        return true;
      },
      answerCallbackQuery: ({ params }) => this.answerCallbackQuery(params),
      getChat: ({ params }) => this.getChat(params),
      getChatMember: ({ params }) => this.getChatMember(params),
      getChatAdministrators: ({ params }) => {
        const chat = this.resolveChat(params, 'read');
        const admins: ChatMember[] = [];
        for (const [userId, status] of chat.members) {
          if (status === 'creator' || status === 'administrator') {
            admins.push(this.memberObject(this.users.get(userId) ?? unknownUser(userId), status));
          }
        }
        if (chat.botStatus === 'administrator')
          admins.push(this.memberObject(this.publicBotUser(), 'administrator'));
        return admins;
      },
      getChatMemberCount: ({ params }) => {
        const chat = this.resolveChat(params, 'read');
        const present = (status: MemberStatus): boolean => status !== 'left' && status !== 'kicked';
        return (
          [...chat.members.values()].filter(present).length + (present(chat.botStatus) ? 1 : 0)
        );
      },
      leaveChat: ({ params }) => {
        const chat = this.resolveChat(params, 'read');
        chat.botStatus = 'left';
        return true;
      },
      pinChatMessage: ({ params }) => {
        const chat = this.resolveChat(params, 'read');
        if (this.liveMessage(chat, this.requireMessageId(params)) === undefined) {
          throw badRequest('message to pin not found');
        }
        return true;
      },
      unpinChatMessage: acknowledge,
      unpinAllChatMessages: acknowledge,
      setMessageReaction: acknowledge,
      getFile: ({ params }) => {
        const file =
          typeof params.file_id === 'string' ? this.files.get(params.file_id) : undefined;
        if (file === undefined) throw badRequest('invalid file_id');
        const path = `${file.kind}s/file_${file.fileUniqueId}.${extension(file.filename) || 'dat'}`;
        this.filePaths.set(path, file);
        return {
          file_id: file.fileId,
          file_unique_id: file.fileUniqueId,
          file_size: file.size,
          file_path: path,
        };
      },
    };
  }

  private async getUpdates({ params, response }: HandlerRequest): Promise<Update[]> {
    if (this.webhook !== '') {
      throw new BotApiError(
        409,
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      );
    }
    if (this.heldPoll !== undefined) {
      this.heldPoll.superseded = true;
      this.heldPoll.wake();
    }
    if (Array.isArray(params.allowed_updates)) {
      const types = params.allowed_updates.filter(
        (type): type is string => typeof type === 'string',
      );
      this.allowedUpdates = types.length > 0 ? new Set(types) : undefined;
    }
    if (typeof params.offset === 'number' && params.offset !== 0) this.confirm(params.offset);
    const limit = typeof params.limit === 'number' ? Math.min(100, Math.max(1, params.limit)) : 100;
    const timeoutMs =
      typeof params.timeout === 'number' && params.timeout > 0
        ? Math.min(params.timeout * 1000, this.options.maxLongPollMs)
        : 0;
    const available = (): Update[] => {
      this.queue = this.queue.filter((update) => this.allowed(update));
      return this.queue.slice(0, limit);
    };
    const deadline = Date.now() + timeoutMs;
    const poll: HeldPoll = { superseded: false, wake: () => undefined };
    // Hold until something deliverable arrives, the timeout passes, another poll takes over,
    // the client goes away or the fake closes.
    while (
      available().length === 0 &&
      Date.now() < deadline &&
      !poll.superseded &&
      !response.destroyed &&
      !this.closed
    ) {
      await new Promise<void>((resolve) => {
        const finish = (): void => {
          clearTimeout(timer);
          this.pushWakers.delete(finish);
          response.off('close', finish);
          resolve();
        };
        const timer = setTimeout(finish, deadline - Date.now());
        Object.assign(poll, { wake: finish });
        this.pushWakers.add(finish);
        response.on('close', finish);
        this.heldPoll = poll;
      });
    }
    if (this.heldPoll === poll) this.heldPoll = undefined;
    if (poll.superseded && !response.destroyed) {
      // bot.stop() aborts its poll and polls again at once; the abort may reach the server just
      // after the new request. Only a poll whose client is still there was really terminated.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (poll.superseded && !response.destroyed) {
      throw new BotApiError(
        409,
        'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
      );
    }
    return available();
  }

  private confirm(offset: number): void {
    if (offset < 0) {
      this.queue = this.queue.slice(offset);
      const first = this.queue.at(0);
      if (first !== undefined)
        this.confirmedOffset = Math.max(this.confirmedOffset, first.update_id);
    } else if (offset > this.confirmedOffset) {
      this.confirmedOffset = offset;
      this.queue = this.queue.filter((update) => update.update_id >= offset);
    }
    for (const waiter of this.confirmWaiters) {
      if (waiter.updateId < this.confirmedOffset) {
        clearTimeout(waiter.timer);
        this.confirmWaiters.delete(waiter);
        waiter.resolve();
      }
    }
  }

  private dropPendingUpdates(): void {
    const last = this.queue.at(-1);
    if (last !== undefined) this.confirm(last.update_id + 1);
  }

  private allowed(update: Update): boolean {
    const type = Object.keys(update).find((key) => key !== 'update_id') ?? '';
    return this.allowedUpdates !== undefined
      ? this.allowedUpdates.has(type)
      : !DEFAULT_UPDATE_TYPES_EXCLUDED.has(type);
  }

  private visibleToBot(update: Update): boolean {
    const message = update.message;
    if (!this.options.privacyMode || message === undefined || message.chat.type === 'private') {
      return true;
    }
    const isCommand =
      message.entities?.some((e) => e.type === 'bot_command' && e.offset === 0) ?? false;
    const repliesToBot = message.reply_to_message?.from?.id === this.bot.id;
    return isCommand || repliesToBot;
  }

  private setMyCommands(params: Record<string, unknown>): true {
    const commands = params.commands;
    if (!Array.isArray(commands)) throw badRequest('parameter "commands" is required');
    if (commands.length > 100) throw badRequest('BOT_COMMANDS_TOO_MUCH');
    const clean: BotCommand[] = [];
    for (const entry of commands) {
      const { command, description } = (entry ?? {}) as Record<string, unknown>;
      if (typeof command !== 'string' || !/^[a-z0-9_]{1,32}$/.test(command)) {
        throw badRequest('BOT_COMMAND_INVALID');
      }
      if (typeof description !== 'string' || description.length === 0 || description.length > 256) {
        throw badRequest('BOT_COMMAND_DESCRIPTION_INVALID');
      }
      clean.push({ command, description });
    }
    this.commandSets.set(commandKey(params.scope, params.language_code), clean);
    return true;
  }

  private sendMessage(params: Record<string, unknown>): unknown {
    const formatted = this.messageText(params.text, params.parse_mode, params.entities);
    const chat = this.resolveChat(params, 'send');
    this.assertCanWrite(chat);
    const replyMarkup = validateReplyMarkup(params.reply_markup);
    const replyTo = this.replyTarget(chat, params);
    const linkPreview = linkPreviewOf(params.link_preview_options);
    const message = this.storeBotMessage(chat, {
      text: formatted.text,
      ...(formatted.entities.length > 0 ? { entities: formatted.entities } : {}),
      ...(linkPreview !== undefined ? { linkPreview } : {}),
      ...(replyMarkup !== undefined ? { replyMarkup } : {}),
      ...(replyTo !== undefined ? { replyTo } : {}),
    });
    return this.toMessage(chat, message);
  }

  private sendMedia(request: HandlerRequest, kind: MediaKind): unknown {
    const { params } = request;
    const caption = this.optionalCaption(
      params.caption,
      params.parse_mode,
      params.caption_entities,
    );
    const chat = this.resolveChat(params, 'send');
    this.assertCanWrite(chat);
    const file = this.inputFile(request, params[kind], kind, kind);
    if (file === undefined) throw badRequest(`there is no ${kind} in the request`);
    const replyMarkup = validateReplyMarkup(params.reply_markup);
    const replyTo = this.replyTarget(chat, params);
    const message = this.storeBotMessage(chat, {
      [kind]: file,
      ...captionFields(caption),
      ...(replyMarkup !== undefined ? { replyMarkup } : {}),
      ...(replyTo !== undefined ? { replyTo } : {}),
    });
    return this.toMessage(chat, message);
  }

  private editMessageText(params: Record<string, unknown>): unknown {
    const { chat, message } = this.editTarget(params);
    const formatted = this.messageText(params.text, params.parse_mode, params.entities);
    if (message.text === undefined) throw badRequest('there is no text in the message to edit');
    const replyMarkup = validateInlineMarkup(params.reply_markup);
    const linkPreview = linkPreviewOf(params.link_preview_options);
    if (
      message.text === formatted.text &&
      sameJson(message.linkPreview ?? {}, linkPreview ?? {}) &&
      sameJson(message.entities ?? [], formatted.entities) &&
      sameMarkup(message.replyMarkup, replyMarkup)
    ) {
      throw badRequest(NOT_MODIFIED);
    }
    message.text = formatted.text;
    setOptional(
      message,
      'entities',
      formatted.entities.length > 0 ? formatted.entities : undefined,
    );
    setOptional(message, 'replyMarkup', replyMarkup);
    setOptional(message, 'linkPreview', linkPreview);
    return this.edited(chat, message);
  }

  /** An edit of an inline message (by inline_message_id), or undefined for a chat's message. */
  private inlineEdit(
    method:
      'editMessageText' | 'editMessageCaption' | 'editMessageMedia' | 'editMessageReplyMarkup',
    request: HandlerRequest,
  ): Promise<true> | undefined {
    if (request.params.inline_message_id === undefined) return undefined;
    return this.inline.edit(method, request.params, request.attachments);
  }

  private editMessageCaption(params: Record<string, unknown>): unknown {
    const { chat, message } = this.editTarget(params);
    const caption = this.optionalCaption(
      params.caption,
      params.parse_mode,
      params.caption_entities,
    );
    if (
      message.photo === undefined &&
      message.document === undefined &&
      message.animation === undefined
    ) {
      throw badRequest('there is no caption in the message to edit');
    }
    const replyMarkup = validateInlineMarkup(params.reply_markup);
    if (sameCaption(message, caption) && sameMarkup(message.replyMarkup, replyMarkup)) {
      throw badRequest(NOT_MODIFIED);
    }
    setOptional(message, 'caption', caption?.text);
    setOptional(
      message,
      'captionEntities',
      caption !== undefined && caption.entities.length > 0 ? caption.entities : undefined,
    );
    setOptional(message, 'replyMarkup', replyMarkup);
    return this.edited(chat, message);
  }

  private editMessageMedia(request: HandlerRequest): unknown {
    const { params } = request;
    const { chat, message } = this.editTarget(params);
    const media = params.media;
    if (typeof media !== 'object' || media === null || Array.isArray(media)) {
      throw badRequest("can't parse InputMedia JSON object");
    }
    const input = media as Record<string, unknown>;
    const kind = input.type;
    if (kind !== 'photo' && kind !== 'document') {
      throw badRequest(`FakeBotApi supports only photo and document media, got ${String(kind)}`);
    }
    if (message.photo === undefined && message.document === undefined) {
      throw badRequest('there is no media in the message to edit');
    }
    const caption = this.optionalCaption(input.caption, input.parse_mode, input.caption_entities);
    const file = this.inputFile(request, input.media, 'media', kind);
    if (file === undefined) throw badRequest("can't use empty media");
    const replyMarkup = validateInlineMarkup(params.reply_markup);
    const current = kind === 'photo' ? message.photo : message.document;
    if (
      current?.fileId === file.fileId &&
      sameCaption(message, caption) &&
      sameMarkup(message.replyMarkup, replyMarkup)
    ) {
      throw badRequest(NOT_MODIFIED);
    }
    setOptional(message, 'photo', kind === 'photo' ? file : undefined);
    setOptional(message, 'document', kind === 'document' ? file : undefined);
    setOptional(message, 'caption', caption?.text);
    setOptional(
      message,
      'captionEntities',
      caption !== undefined && caption.entities.length > 0 ? caption.entities : undefined,
    );
    setOptional(message, 'replyMarkup', replyMarkup);
    return this.edited(chat, message);
  }

  private editMessageReplyMarkup(params: Record<string, unknown>): unknown {
    const { chat, message } = this.editTarget(params);
    const replyMarkup = validateInlineMarkup(params.reply_markup);
    if (sameMarkup(message.replyMarkup, replyMarkup)) throw badRequest(NOT_MODIFIED);
    setOptional(message, 'replyMarkup', replyMarkup);
    return this.edited(chat, message);
  }

  private deleteMessage(params: Record<string, unknown>): true {
    const chat = this.resolveChat(params, 'read');
    const messageId = this.requireMessageId(params);
    const message = this.liveMessage(chat, messageId);
    if (message === undefined) throw badRequest('message to delete not found');
    if (!this.canDelete(chat, message)) throw badRequest("message can't be deleted");
    message.deleted = true;
    return true;
  }

  private answerCallbackQuery(params: Record<string, unknown>): true {
    const id = params.callback_query_id;
    const query = typeof id === 'string' ? this.callbackQueries.get(id) : undefined;
    if (
      typeof id !== 'string' ||
      query === undefined ||
      query.answered ||
      monotonicMs() - query.builtAt > this.limits.callbackAnswerMs
    ) {
      throw badRequest(QUERY_TOO_OLD);
    }
    const text = typeof params.text === 'string' ? params.text : undefined;
    if (text !== undefined && text.length > 200) throw badRequest('MESSAGE_TOO_LONG');
    query.answered = true;
    this.callbackAnswers.set(id, {
      ...(text !== undefined ? { text } : {}),
      show_alert: params.show_alert === true,
      ...(typeof params.url === 'string' ? { url: params.url } : {}),
      ...(typeof params.cache_time === 'number' ? { cache_time: params.cache_time } : {}),
      at: Date.now(),
    });
    return true;
  }

  private getChat(params: Record<string, unknown>): ChatFullInfo {
    const chat = this.resolveChat(params, 'read');
    const common = {
      accent_color_id: 0,
      max_reaction_count: 11,
      accepted_gift_types: {
        unlimited_gifts: false,
        limited_gifts: false,
        unique_gifts: false,
        premium_subscription: false,
        gifts_from_channels: false,
      },
    };
    return { ...chat.info, ...common };
  }

  private getChatMember(params: Record<string, unknown>): ChatMember {
    const chat = this.resolveChat(params, 'read');
    const userId = Number(params.user_id);
    if (!Number.isInteger(userId) || userId <= 0) throw badRequest('invalid user_id specified');
    if (userId === this.bot.id) return this.memberObject(this.publicBotUser(), chat.botStatus);
    const user = this.users.get(userId);
    if (user === undefined) throw badRequest('user not found');
    return this.memberObject(user, chat.members.get(userId) ?? 'left');
  }

  // === Method helpers ===

  private publicBotUser(): User {
    return {
      id: this.bot.id,
      is_bot: true,
      first_name: this.bot.first_name,
      username: this.bot.username,
    };
  }

  private memberObject(user: User, status: MemberStatus): ChatMember {
    switch (status) {
      case 'creator':
        return { status, user, is_anonymous: false };
      case 'administrator':
        return {
          status,
          user,
          can_be_edited: false,
          is_anonymous: false,
          can_manage_chat: true,
          can_delete_messages: true,
          can_manage_video_chats: true,
          can_restrict_members: true,
          can_promote_members: false,
          can_change_info: true,
          can_invite_users: true,
          can_post_stories: false,
          can_edit_stories: false,
          can_delete_stories: false,
          can_pin_messages: true,
        } as ChatMember;
      case 'kicked':
        return { status, user, until_date: 0 };
      case 'member':
      case 'left':
        return { status, user };
    }
  }

  private ensureChat(info: Chat): ChatRecord {
    const existing = this.chats.get(info.id);
    if (existing !== undefined) return existing;
    const chat: ChatRecord = {
      info,
      messages: [],
      nextMessageId: 1,
      members: new Map(),
      botStatus: 'member',
      instance: String(7_000_000_000_000_000_000n + BigInt(Math.abs(info.id))),
    };
    this.chats.set(info.id, chat);
    return chat;
  }

  private requireChatRecord(chatId: number): ChatRecord {
    const chat = this.chats.get(chatId);
    if (chat === undefined) throw new Error(`FakeBotApi knows no chat ${chatId}`);
    return chat;
  }

  /** chat_id -> chat, with Telegram's errors; 'send' also refuses users who never started the bot. */
  private resolveChat(params: Record<string, unknown>, purpose: 'send' | 'read'): ChatRecord {
    const raw = params.chat_id;
    if (raw === undefined || raw === null || raw === '') throw badRequest('chat_id is empty');
    if (typeof raw === 'string' && raw.startsWith('@')) {
      const username = raw.slice(1).toLowerCase();
      for (const chat of this.chats.values()) {
        if (chat.info.username?.toLowerCase() === username) return chat;
      }
      throw badRequest('chat not found');
    }
    const id = typeof raw === 'number' ? raw : Number(raw);
    const chat = Number.isInteger(id) ? this.chats.get(id) : undefined;
    if (chat !== undefined) return chat;
    if (purpose === 'send' && this.users.has(id)) {
      if (this.blockedUsers.has(id)) throw forbidden('bot was blocked by the user');
      throw forbidden("bot can't initiate conversation with a user");
    }
    throw badRequest('chat not found');
  }

  private assertCanWrite(chat: ChatRecord): void {
    if (chat.info.type === 'private') {
      if (this.blockedUsers.has(chat.info.id)) throw forbidden('bot was blocked by the user');
      return;
    }
    const kind =
      chat.info.type === 'supergroup'
        ? 'supergroup'
        : chat.info.type === 'channel'
          ? 'channel'
          : 'group';
    if (chat.botStatus === 'kicked') throw forbidden(`bot was kicked from the ${kind} chat`);
    if (chat.botStatus === 'left') throw forbidden(`bot is not a member of the ${kind} chat`);
  }

  private requireMessageId(params: Record<string, unknown>): number {
    const id =
      typeof params.message_id === 'number' ? params.message_id : Number(params.message_id);
    if (params.message_id === undefined || !Number.isInteger(id)) {
      throw badRequest('message identifier is not specified');
    }
    return id;
  }

  private liveMessage(chat: ChatRecord, messageId: number): MessageRecord | undefined {
    return chat.messages.find((m) => m.messageId === messageId && !m.deleted);
  }

  private editTarget(params: Record<string, unknown>): {
    chat: ChatRecord;
    message: MessageRecord;
  } {
    if (params.inline_message_id !== undefined) {
      throw badRequest('MESSAGE_ID_INVALID');
    }
    const chat = this.resolveChat(params, 'read');
    this.assertCanWrite(chat);
    const message = this.liveMessage(chat, this.requireMessageId(params));
    if (message === undefined) throw badRequest('message to edit not found');
    if (message.from.id !== this.bot.id) throw badRequest("message can't be edited");
    return { chat, message };
  }

  private edited(chat: ChatRecord, message: MessageRecord): unknown {
    message.editDate = now();
    message.edits += 1;
    return this.toMessage(chat, message);
  }

  private canDelete(chat: ChatRecord, message: MessageRecord): boolean {
    if (message.from.id === this.bot.id || chat.info.type === 'private') return true;
    return chat.botStatus === 'administrator' || chat.botStatus === 'creator';
  }

  /** A message text after parse_mode, with the Bot API's errors for empty or long text. */
  private messageText(raw: unknown, parseMode: unknown, entities: unknown): FormattedText {
    if (typeof raw !== 'string' && typeof raw !== 'number') {
      throw badRequest('message text is empty');
    }
    const result = formatText(String(raw), parseMode, entities);
    if (!result.ok) throw new BotApiError(400, result.error);
    if (result.value.text.length === 0) throw badRequest('message text is empty');
    if (result.value.text.length > TEXT_LIMIT) throw badRequest('message is too long');
    return result.value;
  }

  private optionalCaption(
    raw: unknown,
    parseMode: unknown,
    entities: unknown,
  ): FormattedText | undefined {
    if (raw === undefined || raw === null) return undefined;
    const result = formatText(textOf(raw), parseMode, entities);
    if (!result.ok) throw new BotApiError(400, result.error);
    if (result.value.text.length > CAPTION_LIMIT) throw badRequest('message caption is too long');
    return result.value.text.length === 0 ? undefined : result.value;
  }

  private replyTarget(chat: ChatRecord, params: Record<string, unknown>): number | undefined {
    let messageId: unknown = params.reply_to_message_id;
    let allowMissing = params.allow_sending_without_reply === true;
    const reply = params.reply_parameters;
    if (typeof reply === 'object' && reply !== null) {
      const parameters = reply as Record<string, unknown>;
      messageId = parameters.message_id;
      allowMissing = parameters.allow_sending_without_reply === true;
      if (parameters.chat_id !== undefined && Number(parameters.chat_id) !== chat.info.id) {
        throw badRequest('FakeBotApi does not support replies to other chats');
      }
    }
    if (messageId === undefined || messageId === null) return undefined;
    const id = Number(messageId);
    if (this.liveMessage(chat, id) !== undefined) return id;
    if (allowMissing) return undefined;
    throw badRequest('message to be replied not found');
  }

  private storeBotMessage(chat: ChatRecord, content: Partial<MessageRecord>): MessageRecord {
    const message: MessageRecord = {
      ...content,
      chatId: chat.info.id,
      messageId: chat.nextMessageId++,
      from: this.publicBotUser(),
      date: now(),
      deleted: false,
      edits: 0,
    };
    this.appendMessage(chat, message);
    return message;
  }

  private appendMessage(chat: ChatRecord, message: MessageRecord): void {
    chat.messages.push(message);
    if (this.options.lean && chat.messages.length > LEAN_MESSAGES_PER_CHAT) {
      chat.messages.splice(0, chat.messages.length - LEAN_MESSAGES_PER_CHAT);
    }
  }

  /**
   * An InputFile parameter: `attach://name` or a direct file part (uploads), a known file_id
   * (re-send), or an HTTP URL (recorded, not downloaded).
   */
  private inputFile(
    request: HandlerRequest,
    value: unknown,
    field: string,
    kind: MediaKind,
  ): StoredFile | undefined {
    let upload: RecordedFile | undefined;
    if (typeof value === 'string' && value.startsWith('attach://')) {
      upload = request.attachments.get(value.slice('attach://'.length));
      if (upload === undefined) throw badRequest(WRONG_FILE);
    } else if (value === undefined) {
      upload = request.attachments.get(field);
      if (upload === undefined) return undefined;
    }
    if (upload !== undefined) {
      if (upload.data.length === 0) throw badRequest('file must be non-empty');
      if (upload.data.length > UPLOAD_LIMIT) throw new BotApiError(413, 'Request Entity Too Large');
      return this.storeFile(kind, upload);
    }
    if (typeof value !== 'string' || value === '') throw badRequest(WRONG_FILE);
    if (/^https?:\/\//i.test(value)) {
      const name = new URL(value).pathname.split('/').pop() || `${kind}.dat`;
      return this.storeFile(
        kind,
        { filename: name, contentType: 'application/octet-stream', data: Buffer.alloc(0) },
        value,
      );
    }
    const known = this.files.get(value);
    if (known === undefined) throw badRequest(WRONG_FILE);
    return known;
  }

  private storeFile(kind: MediaKind, upload: RecordedFile, url?: string): StoredFile {
    this.fileCounter += 1;
    const serial = String(this.fileCounter).padStart(8, '0');
    const size = kind === 'document' ? { width: 0, height: 0 } : imageSize(upload.data);
    const file: StoredFile = {
      fileId: `${FILE_ID_PREFIX[kind]}${serial}fake${kind}`,
      fileUniqueId: `AQAD${serial}`,
      kind,
      filename: upload.filename,
      contentType: kind === 'photo' ? upload.contentType : mimeTypeOf(upload.filename),
      data: this.options.lean ? EMPTY_BYTES : upload.data,
      size: upload.data.length,
      width: size.width,
      height: size.height,
      ...(url !== undefined ? { url } : {}),
    };
    this.files.set(file.fileId, file);
    return file;
  }

  // === Telegram objects ===

  private toMessage(chat: ChatRecord, message: StoredMessage, nested = false): Message {
    const result: Record<string, unknown> = {
      message_id: message.messageId,
      from: message.from,
      chat: chat.info,
      date: message.date,
    };
    if (message.editDate !== undefined) result.edit_date = message.editDate;
    if (!nested && message.replyTo !== undefined) {
      const replied = this.liveMessage(chat, message.replyTo);
      if (replied !== undefined) result.reply_to_message = this.toMessage(chat, replied, true);
    }
    if (message.text !== undefined) {
      result.text = message.text;
      if (message.entities !== undefined) result.entities = message.entities;
      if (message.linkPreview !== undefined) result.link_preview_options = message.linkPreview;
    }
    if (message.photo !== undefined) result.photo = this.photoSizes(message.photo);
    // An animation message carries its file as `document` too (the Bot API does, for old clients).
    const document = message.document ?? message.animation;
    if (document !== undefined) {
      result.document = {
        file_id: document.fileId,
        file_unique_id: document.fileUniqueId,
        file_name: document.filename,
        mime_type: document.contentType,
        file_size: document.size,
      };
    }
    if (message.animation !== undefined) {
      result.animation = {
        file_id: message.animation.fileId,
        file_unique_id: message.animation.fileUniqueId,
        width: message.animation.width,
        height: message.animation.height,
        duration: 0,
        file_name: message.animation.filename,
        mime_type: message.animation.contentType,
        file_size: message.animation.size,
      };
    }
    if (message.caption !== undefined) {
      result.caption = message.caption;
      if (message.captionEntities !== undefined) result.caption_entities = message.captionEntities;
    }
    if (inlineKeyboardOf(message.replyMarkup).length > 0) result.reply_markup = message.replyMarkup;
    return result as unknown as Message;
  }

  /** Telegram answers a photo with several sizes, smallest first; the last is the original. */
  private photoSizes(photo: StoredFile): unknown[] {
    const longest = Math.max(photo.width, photo.height);
    const sizes: unknown[] = [];
    for (const [index, bound] of [90, 320, 800, 1280].entries()) {
      if (bound >= longest) break;
      const scale = bound / longest;
      const fileId = `${photo.fileId}_${index}`;
      if (!this.files.has(fileId)) this.files.set(fileId, { ...photo, fileId });
      sizes.push({
        file_id: fileId,
        file_unique_id: `${photo.fileUniqueId}_${index}`,
        width: Math.round(photo.width * scale),
        height: Math.round(photo.height * scale),
      });
    }
    sizes.push({
      file_id: photo.fileId,
      file_unique_id: photo.fileUniqueId,
      file_size: photo.size,
      width: photo.width,
      height: photo.height,
    });
    return sizes;
  }
}

// === Pure helpers ===

/** Resolves when the response's connection is gone; only meaningful before it is answered. */
function clientGone(response: ServerResponse): Promise<void> {
  if (response.destroyed) return Promise.resolve();
  return new Promise((resolve) => response.once('close', () => resolve()));
}

function unknownUser(id: number): User {
  return { id, is_bot: false, first_name: `User ${id}` };
}

function commandKey(scope: unknown, languageCode: unknown): string {
  const scopeKey =
    typeof scope === 'object' && scope !== null
      ? stableJson(scope)
      : stableJson({ type: 'default' });
  return `${scopeKey}|${typeof languageCode === 'string' ? languageCode : ''}`;
}

function sameCaption(message: StoredMessage, caption: FormattedText | undefined): boolean {
  return (
    (message.caption ?? '') === (caption?.text ?? '') &&
    sameJson(message.captionEntities ?? [], caption?.entities ?? [])
  );
}

function sameJson(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

function captionFields(caption: FormattedText | undefined): Partial<MessageRecord> {
  if (caption === undefined) return {};
  return {
    caption: caption.text,
    ...(caption.entities.length > 0 ? { captionEntities: caption.entities } : {}),
  };
}

/** link_preview_options as the Bot API takes them: an object of known fields, or nothing. */
function linkPreviewOf(raw: unknown): LinkPreviewOptions | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw badRequest("can't parse link preview options JSON object");
  const known = new Set([
    'is_disabled',
    'url',
    'prefer_small_media',
    'prefer_large_media',
    'show_above_text',
  ]);
  for (const [key, value] of Object.entries(raw)) {
    if (!known.has(key)) continue;
    if (key === 'url' ? typeof value !== 'string' : typeof value !== 'boolean')
      throw badRequest(`can't parse link preview options: bad ${key}`);
  }
  return raw;
}

function setOptional<K extends keyof MessageRecord>(
  message: MessageRecord,
  key: K,
  value: MessageRecord[K] | undefined,
): void {
  if (value === undefined) delete message[key];
  else message[key] = value;
}
