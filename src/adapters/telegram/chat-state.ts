import type { KeyValueStore } from '../../game/ports.js';
import type { Lang } from '../../i18n/index.js';

/** Settings a chat chose; unset fields fall back to defaults (language from the user). */
export interface ChatSettings {
  readonly lang?: Lang;
  /** 'mover': the player to move at the bottom (default); 'white': White always at the bottom. */
  readonly orientation?: 'mover' | 'white';
}

const NOTICE_TTL_MS = 30 * 86_400_000;

/** Per-chat state of the Telegram adapter, kept in the key-value store so it survives restarts. */
export class ChatState {
  constructor(private readonly kv: KeyValueStore) {}

  async settings(chatId: number | string): Promise<ChatSettings> {
    const text = await this.kv.get(`tg:chat:${chatId}`);
    if (text === undefined) return {};
    try {
      const parsed = JSON.parse(text) as ChatSettings;
      return typeof parsed === 'object' && parsed !== null ? parsed : {};
    } catch {
      return {}; // a damaged settings record falls back to the defaults
    }
  }

  async updateSettings(chatId: number | string, change: ChatSettings): Promise<ChatSettings> {
    const next = { ...(await this.settings(chatId)), ...change };
    await this.kv.set(`tg:chat:${chatId}`, JSON.stringify(next));
    return next;
  }

  /** The "your move" notice last posted for a game in a chat, to delete when the next comes. */
  async notice(chatId: string, gameId: string): Promise<number | undefined> {
    const text = await this.kv.get(`tg:notice:${chatId}:${gameId}`);
    return text === undefined ? undefined : Number(text);
  }

  async setNotice(chatId: string, gameId: string, messageId: number | undefined): Promise<void> {
    const key = `tg:notice:${chatId}:${gameId}`;
    if (messageId === undefined) await this.kv.delete(key);
    else await this.kv.set(key, String(messageId), NOTICE_TTL_MS);
  }

  /** The open draw-offer message of a game in a chat. */
  async drawOffer(chatId: string, gameId: string): Promise<number | undefined> {
    const text = await this.kv.get(`tg:draw:${chatId}:${gameId}`);
    return text === undefined ? undefined : Number(text);
  }

  async setDrawOffer(chatId: string, gameId: string, messageId: number | undefined): Promise<void> {
    const key = `tg:draw:${chatId}:${gameId}`;
    if (messageId === undefined) await this.kv.delete(key);
    else await this.kv.set(key, String(messageId), NOTICE_TTL_MS);
  }

  /** Whether a user has started the bot in private (so the bot may write to them first). */
  async hasStarted(userId: string): Promise<boolean> {
    return (await this.kv.get(`tg:started:${userId}`).catch(() => undefined)) === '1';
  }

  async setStarted(userId: string, started: boolean): Promise<void> {
    if (started) await this.kv.set(`tg:started:${userId}`, '1');
    else await this.kv.delete(`tg:started:${userId}`);
  }
}
