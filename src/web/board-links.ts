/**
 * The "Open the board" links of Discord (issue 31): a short-lived signed ticket bound to one
 * user and one game, carried in the URL. Discord has no initData: whoever holds the link within
 * its few minutes is that user on that game's page (the link is only ever sent ephemerally).
 */
import { fail, ok, type Result } from '../engine/index.js';
import type { Clock } from '../game/ports.js';
import { readSignedPayload, signPayload } from './signed-payload.js';

/** What a board link vouches for. */
export interface BoardTicket {
  readonly platform: 'telegram' | 'discord';
  readonly userId: string;
  /** The name the page greets them by. */
  readonly name: string;
  readonly gameId: string;
  /** ms since the epoch. */
  readonly expiresAt: number;
}

/** The board page under a base URL (WEB_URL, with or without its trailing slash). */
export function boardPageUrl(base: URL | string): URL {
  const href = new URL(base).href;
  return new URL('board/', href.endsWith('/') ? href : `${href}/`);
}

/** How long a link opens the board: long enough to tap it, short enough not to leak. */
export const BOARD_LINK_TTL_MS = 10 * 60_000;
const TOKEN = /^([A-Za-z0-9_-]{4,600})\.([A-Za-z0-9_-]{16})$/;
const MAX_PAYLOAD_CHARS = 600;

export class BoardLinks {
  private readonly base: string;

  constructor(
    base: URL | string,
    private readonly key: Buffer,
    private readonly clock: Clock,
    private readonly ttlMs = BOARD_LINK_TTL_MS,
  ) {
    this.base = new URL(base).href.replace(/\/$/, '');
  }

  /** How long a link lasts, as its message says. */
  get ttlMinutes(): number {
    return Math.round(this.ttlMs / 60_000);
  }

  /** The page of `gameId` for this user, good for `ttlMs`. */
  link(user: Pick<BoardTicket, 'platform' | 'userId' | 'name'>, gameId: string): string {
    const expiresAt = this.clock.now() + this.ttlMs;
    const token = signPayload(this.key, [user.platform, user.userId, user.name, gameId, expiresAt]);
    const url = boardPageUrl(this.base);
    url.searchParams.set('t', token);
    return url.href;
  }

  /** The ticket of a link's token, or 'board-link-forged' / 'board-link-expired'. */
  read(token: string): Result<BoardTicket> {
    const match = TOKEN.exec(token);
    const data =
      match === null
        ? undefined
        : readSignedPayload(this.key, match[1] ?? '', match[2] ?? '', MAX_PAYLOAD_CHARS);
    if (!Array.isArray(data)) return fail('board-link-forged', 'This board link is not ours.');
    const [platform, userId, name, gameId, expiresAt] = data as unknown[];
    if (
      (platform !== 'telegram' && platform !== 'discord') ||
      typeof userId !== 'string' ||
      typeof name !== 'string' ||
      typeof gameId !== 'string' ||
      typeof expiresAt !== 'number'
    )
      return fail('board-link-forged', 'This board link is not ours.');
    if (this.clock.now() > expiresAt)
      return fail('board-link-expired', 'This board link has expired: ask for a new one.');
    return ok({ platform, userId, name, gameId, expiresAt });
  }
}
