import { LRUCache } from 'lru-cache';
import { changedSettings, decodeChatSettings } from '../../chat/presenting/chat-settings.js';
import type { KeyValueStore } from '../../game/ports.js';
import type { Logger } from '../../game/logger.js';
import type { Lang } from '../../i18n/index.js';
import {
  KeyValuePendingStore,
  type PendingStore,
} from '../../chat/presenting/pending-presentations.js';

/** Settings a Discord channel chose (by /settings); unset: defaults. */
export interface ChatSettings {
  readonly lang?: Lang;
  /** Which side is at the bottom of the board: White (default) or the player to move. */
  readonly orientation?: 'mover' | 'white';
}

const MONTH_MS = 30 * 86_400_000;
const WEEK_MS = 7 * 86_400_000;

/**
 * How far the puzzle attempt shown in a picker message has got: the puzzle, the ply its buttons
 * are for, and whether the attempt is over. A press made for another point is stale.
 */
export interface PuzzleProgress {
  readonly puzzleId: string;
  readonly ply: number;
  readonly over: boolean;
}

/** Games whose Discord game messages may be behind (see DiscordPresenter). */
export const PENDING_GAMES = 'dc:pending-boards';

function parse<T extends object>(text: string | undefined): T | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as T) : undefined;
  } catch {
    return undefined; // a damaged record falls back to the defaults
  }
}

/** Per-channel state of the Discord adapter in the key-value store (survives restarts). */
export class ChatState {
  /**
   * Settings read in the last moments: a move reads them for every game message it edits and
   * a picker step for its layout; the store is asked once.
   */
  private readonly recentSettings = new LRUCache<string, ChatSettings>({
    max: 10_000,
    ttl: 2_000,
  });
  /**
   * Notices known in the last minute ('none' when there is none): after every live move the
   * channel's notice is looked up (is there an answered one to delete?), and mostly there is none.
   */
  private readonly recentNotices = new LRUCache<string, string>({ max: 10_000, ttl: 60_000 });

  /** The durable hand-off's records (see ChatPresenter). */
  readonly pending: PendingStore;

  constructor(
    private readonly kv: KeyValueStore,
    private readonly logger: Logger,
  ) {
    this.pending = new KeyValuePendingStore(kv, {
      games: PENDING_GAMES,
      posts: 'dc:pending-posts:',
      posting: 'dc:posting:',
    });
  }

  async settings(channelId: string): Promise<ChatSettings> {
    const recent = this.recentSettings.get(channelId);
    if (recent !== undefined) return recent;
    const key = `dc:settings:${channelId}`;
    const settings: ChatSettings = decodeChatSettings(await this.kv.get(key), key, this.logger);
    this.recentSettings.set(channelId, settings);
    return settings;
  }

  async updateSettings(channelId: string, change: ChatSettings): Promise<ChatSettings> {
    const next = changedSettings(await this.settings(channelId), change);
    await this.kv.set(`dc:settings:${channelId}`, JSON.stringify(next));
    this.recentSettings.set(channelId, next);
    return next;
  }

  /** The game whose message was last posted in a channel (what /replay shows by default). */
  lastGame(channelId: string): Promise<string | undefined> {
    return this.kv.get(`dc:last-game:${channelId}`);
  }

  async setLastGame(channelId: string, gameId: string): Promise<void> {
    await this.kv.set(`dc:last-game:${channelId}`, gameId, MONTH_MS);
  }

  /** The channel's live notice ("your move", a result) of a game, if one is up. */
  async notice(channelId: string, gameId: string): Promise<string | undefined> {
    const key = `dc:notice:${channelId}:${gameId}`;
    const recent = this.recentNotices.get(key);
    if (recent !== undefined) return recent === 'none' ? undefined : recent;
    const id = parse<{ id: string }>(await this.kv.get(key))?.id;
    this.recentNotices.set(key, id ?? 'none');
    return id;
  }

  async setNotice(channelId: string, gameId: string, messageId: string | undefined): Promise<void> {
    const key = `dc:notice:${channelId}:${gameId}`;
    if (messageId === undefined) await this.kv.delete(key);
    else await this.kv.set(key, JSON.stringify({ id: messageId }), MONTH_MS);
    this.recentNotices.set(key, messageId ?? 'none');
  }

  /** The progress of the attempt in a picker message, if recorded (a week). */
  async puzzleProgress(messageId: string): Promise<PuzzleProgress | undefined> {
    const stored = parse<Partial<PuzzleProgress>>(await this.kv.get(`dc:puzzle:${messageId}`));
    if (typeof stored?.puzzleId !== 'string' || typeof stored.ply !== 'number') return undefined;
    return { puzzleId: stored.puzzleId, ply: stored.ply, over: stored.over === true };
  }

  async setPuzzleProgress(messageId: string, progress: PuzzleProgress): Promise<void> {
    await this.kv.set(`dc:puzzle:${messageId}`, JSON.stringify(progress), WEEK_MS);
  }

  // ---- tournaments by server ------------------------------------------------------------------

  /**
   * Records that a server has had a tournament in a channel: a member leaving a server is an
   * event of the server, a tournament belongs to a channel.
   */
  addTournamentChannel(guildId: string, channelId: string): Promise<void> {
    return this.kv.addToSet(`dc:guild-tournaments:${guildId}`, channelId);
  }

  removeTournamentChannel(guildId: string, channelId: string): Promise<void> {
    return this.kv.removeFromSet(`dc:guild-tournaments:${guildId}`, channelId);
  }

  /** The channels of a server that have had a tournament (see addTournamentChannel). */
  tournamentChannels(guildId: string): Promise<string[]> {
    return this.kv.setMembers(`dc:guild-tournaments:${guildId}`);
  }
}
