/**
 * The board page's sessions: a page proves once who its user is (Telegram's initData, or a
 * Discord board link's ticket) and gets a session token for its requests and its live stream,
 * so initData is checked once per page rather than per request (EventSource cannot send headers
 * anyway). A session is signed and stateless, any process reads it, and it names the user: a
 * request's user is whoever the session says, never an id the page sends.
 */
import { fail, ok, type Result } from '../engine/index.js';
import type { PlayerId } from '../game/model.js';
import type { Clock } from '../game/ports.js';
import { BoardLinks } from './board-links.js';
import { readSignedPayload, signPayload } from './signed-payload.js';
import { miniAppUser } from './telegram-init-data.js';

/** Who a session is. */
export interface WebUser extends PlayerId {
  readonly platform: 'telegram' | 'discord';
  readonly name: string;
  /** The page's language: the user's own on Telegram, else the browser's (the page decides). */
  readonly language?: 'ru' | 'en';
  /** A Discord link's session is good for its game only; Telegram's for any game. */
  readonly gameId?: string;
}

/** What the page gets for proving who it is. */
export interface WebSession {
  readonly session: string;
  readonly user: WebUser;
  /** The game to open: the Mini App's start parameter, or the link's game. */
  readonly gameId?: string;
}

/** A session lasts as long as a Mini App's initData: a page kept open longer asks again. */
export const SESSION_TTL_MS = 3_600_000;
const TOKEN = /^([A-Za-z0-9_-]{4,800})\.([A-Za-z0-9_-]{16})$/;
const MAX_PAYLOAD_CHARS = 800;

/** A Telegram language code as the page's language. */
function pageLanguage(code: string | undefined): 'ru' | 'en' | undefined {
  if (code === undefined) return undefined;
  return /^(ru|uk|be|kk)\b/i.test(code) ? 'ru' : 'en';
}

export interface WebSessionOptions {
  /** The key sessions are signed with (WEB_SECRET's, or derived from a bot token). */
  readonly key: Buffer;
  readonly clock: Clock;
  /** The Telegram bot token, to check initData with; without it, Telegram pages are refused. */
  readonly telegramToken?: string;
  /** Discord's board links, whose tickets are exchanged here. */
  readonly links?: BoardLinks;
  readonly ttlMs?: number;
}

export class WebSessions {
  private readonly ttlMs: number;

  constructor(private readonly options: WebSessionOptions) {
    this.ttlMs = options.ttlMs ?? SESSION_TTL_MS;
  }

  /** A session for a Mini App's initData. */
  fromInitData(initData: string): Result<WebSession> {
    const token = this.options.telegramToken;
    if (token === undefined)
      return fail('init-data-forged', 'This server does not serve Telegram pages.');
    const checked = miniAppUser(initData, token, this.options.clock);
    if (!checked.ok) return checked;
    const { userId, displayName, languageCode, startParam } = checked.value;
    const language = pageLanguage(languageCode);
    const user: WebUser = {
      platform: 'telegram',
      userId,
      name: displayName,
      ...(language === undefined ? {} : { language }),
    };
    return ok({
      session: this.sign(user),
      user,
      ...(startParam === undefined ? {} : { gameId: startParam }),
    });
  }

  /** A session for a board link's ticket (Discord's "Open the board"). */
  fromTicket(ticket: string): Result<WebSession> {
    const links = this.options.links;
    if (links === undefined) return fail('board-link-forged', 'This board link is not ours.');
    const read = links.read(ticket);
    if (!read.ok) return read;
    const { platform, userId, gameId, name } = read.value;
    const user: WebUser = { platform, userId, name, gameId };
    return ok({ session: this.sign(user), user, gameId });
  }

  /** The user of a session token, or 'unauthorized'. */
  read(token: string): Result<WebUser> {
    const match = TOKEN.exec(token);
    const data =
      match === null
        ? undefined
        : readSignedPayload(this.options.key, match[1] ?? '', match[2] ?? '', MAX_PAYLOAD_CHARS);
    const refused = fail('unauthorized', 'Open the board again from the chat.');
    if (!Array.isArray(data)) return refused;
    const [platform, userId, name, language, gameId, expiresAt] = data as unknown[];
    if (
      (platform !== 'telegram' && platform !== 'discord') ||
      typeof userId !== 'string' ||
      typeof name !== 'string' ||
      (language !== null && language !== 'ru' && language !== 'en') ||
      (gameId !== null && typeof gameId !== 'string') ||
      typeof expiresAt !== 'number' ||
      this.options.clock.now() > expiresAt
    )
      return refused;
    return ok({
      platform,
      userId,
      name,
      ...(language === null ? {} : { language }),
      ...(gameId === null ? {} : { gameId }),
    });
  }

  private sign(user: WebUser): string {
    const expiresAt = this.options.clock.now() + this.ttlMs;
    return signPayload(this.options.key, [
      user.platform,
      user.userId,
      user.name,
      user.language ?? null,
      user.gameId ?? null,
      expiresAt,
    ]);
  }
}
