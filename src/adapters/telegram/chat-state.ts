import { LRUCache } from 'lru-cache';
import { changedSettings, decodeChatSettings } from '../../chat/presenting/chat-settings.js';
import { bestEffort, silentLogger, type Logger } from '../../game/logger.js';
import type { KeyValueStore } from '../../game/ports.js';
import type { Player } from '../../game/model.js';
import type { Lang } from '../../i18n/index.js';
import {
  KeyValuePendingStore,
  leaseKey,
  type PendingStore,
} from '../../chat/presenting/pending-presentations.js';

/** Settings a chat's admins chose; unset fields fall back to defaults (see chat-settings.ts). */
export interface ChatSettings {
  readonly lang?: Lang;
  /**
   * Which side is at the bottom of the board. Unset: White in a group, the chat owner's side in
   * a private chat. 'mover': the player to move (the board turns after every move).
   */
  readonly orientation?: 'mover' | 'white';
}

/** The chat's one live "your move" (or result) notice. */
export interface Notice {
  readonly messageId: number;
  readonly gameId: string;
}

/**
 * How far a puzzle message has got: the ply its attempt is at (or over), and the tap that got it
 * there, so a tap delivered twice or tapped twice is not played twice.
 */
export interface PuzzleProgress {
  readonly puzzleId: string;
  readonly ply: number;
  readonly over: boolean;
  readonly requestKey: string;
}

const MONTH_MS = 30 * 86_400_000;
/** A daily post's link is answered within a day or two; its chat is remembered a little longer. */
const PUZZLE_ORIGIN_MS = 4 * 86_400_000;

function parseProgress(text: string | undefined): PuzzleProgress | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<PuzzleProgress> | null;
    return typeof parsed?.puzzleId === 'string' &&
      Number.isInteger(parsed.ply) &&
      typeof parsed.over === 'boolean' &&
      typeof parsed.requestKey === 'string'
      ? (parsed as PuzzleProgress)
      : undefined;
  } catch {
    return undefined; // a damaged record: the message's keyboard tells the ply
  }
}

function parseNotice(text: string | undefined): Notice | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<Notice> | null;
    return typeof parsed?.messageId === 'number' && typeof parsed.gameId === 'string'
      ? (parsed as Notice)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Games whose boards may not show their newest state yet (see ChatPresenter). */
export const PENDING_BOARDS = 'tg:pending-boards';

/** Requests whose reply may not be sent yet (see request-replies.ts). */
export const PENDING_REPLIES = 'tg:pending-replies';

/** Per-chat state of the Telegram adapter, kept in the key-value store so it survives restarts. */
export class ChatState {
  /**
   * Settings read in the last moments: one update reads its chat's settings several times
   * (the reply's language, each board's language and orientation), the store once.
   */
  private readonly recentSettings = new LRUCache<string, ChatSettings>({ max: 10_000, ttl: 2_000 });

  /** The durable hand-off's records (see ChatPresenter). */
  readonly pending: PendingStore;

  constructor(
    private readonly kv: KeyValueStore,
    private readonly logger: Logger = silentLogger,
  ) {
    this.pending = new KeyValuePendingStore(kv, {
      games: PENDING_BOARDS,
      posts: 'tg:posts:',
      posting: 'tg:posting:',
    });
  }

  async settings(chatId: number | string): Promise<ChatSettings> {
    const key = String(chatId);
    const recent = this.recentSettings.get(key);
    if (recent !== undefined) return recent;
    const stored = await this.kv.get(`tg:chat:${key}`);
    const settings: ChatSettings = decodeChatSettings(stored, `tg:chat:${key}`, this.logger);
    this.recentSettings.set(key, settings);
    return settings;
  }

  /** Changes the fields `change` names; the others are kept. */
  async updateSettings(chatId: number | string, change: ChatSettings): Promise<ChatSettings> {
    const next = changedSettings(await this.settings(chatId), change);
    await this.kv.set(`tg:chat:${chatId}`, JSON.stringify(next));
    this.recentSettings.set(String(chatId), next);
    return next;
  }

  /**
   * Notices known in the last minute ('none' when the chat has none): after every live move the
   * chat's notice is looked up (is there an answered one to delete?), and there mostly is none.
   */
  private readonly recentNotices = new LRUCache<string, Notice | 'none'>({
    max: 10_000,
    ttl: 60_000,
  });

  /** The chat's live notice, to delete when the next one comes or its game moves on. */
  async notice(chatId: string): Promise<Notice | undefined> {
    const recent = this.recentNotices.get(chatId);
    if (recent !== undefined) return recent === 'none' ? undefined : recent;
    const notice = parseNotice(await this.kv.get(`tg:notice:${chatId}`));
    this.recentNotices.set(chatId, notice ?? 'none');
    return notice;
  }

  async setNotice(chatId: string, notice: Notice | undefined): Promise<void> {
    const key = `tg:notice:${chatId}`;
    if (notice === undefined) await this.kv.delete(key);
    else await this.kv.set(key, JSON.stringify(notice), MONTH_MS);
    this.recentNotices.set(chatId, notice ?? 'none');
  }

  /** The game whose board was last posted in a chat (what /replay shows by default). */
  lastGame(chatId: string): Promise<string | undefined> {
    return this.kv.get(`tg:last-game:${chatId}`);
  }

  async setLastGame(chatId: string, gameId: string): Promise<void> {
    await this.kv.set(`tg:last-game:${chatId}`, gameId, MONTH_MS);
  }

  /** The open draw-offer message of a game in a chat. */
  async drawOffer(chatId: string, gameId: string): Promise<number | undefined> {
    const text = await this.kv.get(`tg:draw:${chatId}:${gameId}`);
    return text === undefined ? undefined : Number(text);
  }

  async setDrawOffer(chatId: string, gameId: string, messageId: number | undefined): Promise<void> {
    const key = `tg:draw:${chatId}:${gameId}`;
    if (messageId === undefined) await this.kv.delete(key);
    else await this.kv.set(key, String(messageId), MONTH_MS);
  }

  /** How far the attempt on a puzzle message has got; undefined before its first move. */
  async puzzleProgress(chatId: string, messageId: number): Promise<PuzzleProgress | undefined> {
    return parseProgress(await this.kv.get(`tg:puzzle:${chatId}:${messageId}`));
  }

  async setPuzzleProgress(
    chatId: string,
    messageId: number,
    progress: PuzzleProgress,
  ): Promise<void> {
    await this.kv.set(`tg:puzzle:${chatId}:${messageId}`, JSON.stringify(progress), MONTH_MS);
  }

  /**
   * The group whose daily post a user opened a puzzle from (checked to be a member): their
   * attempt counts on that group's board.
   */
  async puzzleOrigin(userId: string, puzzleId: string): Promise<string | undefined> {
    return this.kv.get(`tg:puzzle-from:${userId}:${puzzleId}`);
  }

  async setPuzzleOrigin(userId: string, puzzleId: string, chatId: string): Promise<void> {
    await this.kv.set(`tg:puzzle-from:${userId}:${puzzleId}`, chatId, PUZZLE_ORIGIN_MS);
  }

  /**
   * A user as they last asked the bot something inline (their name for a challenge card whose
   * record must be made from its button alone, when the card's chosen_inline_result was lost).
   */
  async profile(userId: string): Promise<Player | undefined> {
    const text = await this.kv.get(`tg:profile:${userId}`);
    if (text === undefined) return undefined;
    try {
      const parsed = JSON.parse(text) as Partial<Player> | null;
      if (typeof parsed?.displayName !== 'string' || parsed.userId !== userId) return undefined;
      return parsed as Player;
    } catch {
      return undefined;
    }
  }

  async setProfile(player: Player): Promise<void> {
    await this.kv.set(`tg:profile:${player.userId}`, JSON.stringify(player), MONTH_MS);
  }

  /** Whether a user has started the bot in private (so the bot may write to them first). */
  async hasStarted(userId: string): Promise<boolean> {
    const started = await bestEffort(
      this.logger,
      'telegram: could not read whether a user started the bot; taken as not',
      this.kv.get(`tg:started:${userId}`),
      { userId },
    );
    return started === '1';
  }

  async setStarted(userId: string, started: boolean): Promise<void> {
    if (started) await this.kv.set(`tg:started:${userId}`, '1');
    else await this.kv.delete(`tg:started:${userId}`);
  }

  /** A chat where Telegram refused us (bot removed, user blocked it): nothing is sent there. */
  async isUnreachable(chatId: string): Promise<boolean> {
    return (await this.kv.get(`tg:gone:${chatId}`)) !== undefined;
  }

  async setUnreachable(chatId: string, gone: boolean): Promise<void> {
    if (gone) await this.kv.set(`tg:gone:${chatId}`, '1', MONTH_MS);
    else await this.kv.delete(`tg:gone:${chatId}`);
  }

  // ---- the replies of requests (see request-replies.ts) -------------------------------------

  /** A request's reply record as stored (JSON), if it has one. */
  reply(requestKey: string): Promise<string | undefined> {
    return this.kv.get(`tg:reply:${requestKey}`);
  }

  /** Stores a request's reply record unless it has one; whether it stored this one. */
  keepReply(requestKey: string, record: string, ttlMs: number): Promise<boolean> {
    return this.kv.setIfAbsent(`tg:reply:${requestKey}`, record, ttlMs);
  }

  setReply(requestKey: string, record: string, ttlMs: number): Promise<void> {
    return this.kv.set(`tg:reply:${requestKey}`, record, ttlMs);
  }

  /** Takes the right to send a request's reply for `ttlMs`, unless someone holds it. */
  leaseReply(requestKey: string, ttlMs: number): Promise<boolean> {
    return leaseKey(this.kv, `tg:replying:${requestKey}`, ttlMs, false);
  }

  releaseReply(requestKey: string): Promise<void> {
    return this.kv.delete(`tg:replying:${requestKey}`);
  }

  /** Requests whose reply may not be sent yet (for the recovery sweep). */
  addPendingReply(requestKey: string): Promise<void> {
    return this.kv.addToSet(PENDING_REPLIES, requestKey);
  }

  removePendingReply(requestKey: string): Promise<void> {
    return this.kv.removeFromSet(PENDING_REPLIES, requestKey);
  }

  pendingReplies(): Promise<string[]> {
    return this.kv.setMembers(PENDING_REPLIES);
  }
}
