/**
 * Who opened the board page inside Telegram: the Mini App's `initData`, checked on the server
 * with the bot token (HMAC-SHA256 as Telegram's Mini App docs prescribe, by
 * @telegram-apps/init-data-node) and fresh (`auth_date` within `maxAgeSeconds` of the clock).
 * The user is whoever initData says — never an id the page sends.
 */
import { parse, validate } from '@telegram-apps/init-data-node';
import { fail, ok, type Result } from '../engine/index.js';
import type { Clock } from '../game/ports.js';

/** A page's user as Telegram vouches for them. */
export interface MiniAppUser {
  readonly platform: 'telegram';
  readonly userId: string;
  readonly displayName: string;
  /** The user's app language (`ru`, `en`, …), when Telegram says. */
  readonly languageCode?: string;
  /** The `startapp` parameter the page was opened with (a game or puzzle), when any. */
  readonly startParam?: string;
}

/** How long initData stays good after Telegram signed it: a page kept open refreshes it. */
export const INIT_DATA_MAX_AGE_SECONDS = 3_600;

/**
 * The user of a Mini App request, or why not: 'init-data-forged' (no or a bad signature: not
 * from Telegram for this bot), 'init-data-stale' (older than `maxAgeSeconds`, or from the
 * future), 'init-data-bad' (signed but without a user).
 */
export function miniAppUser(
  initData: string,
  botToken: string,
  clock: Clock,
  maxAgeSeconds = INIT_DATA_MAX_AGE_SECONDS,
): Result<MiniAppUser> {
  try {
    // The freshness is judged below, by the injected clock.
    validate(initData, botToken, { expiresIn: 0 });
  } catch {
    return fail('init-data-forged', 'initData is not signed by Telegram for this bot');
  }
  let data;
  try {
    data = parse(initData);
  } catch {
    return fail('init-data-bad', 'initData does not read as Mini App data');
  }
  const age = clock.now() - data.auth_date.getTime();
  if (age > maxAgeSeconds * 1000 || age < -60_000)
    return fail('init-data-stale', 'initData is too old: reopen the board');
  const user = data.user;
  if (user === undefined) return fail('init-data-bad', 'initData names no user');
  const displayName = [user.first_name, user.last_name].filter(Boolean).join(' ') || `${user.id}`;
  return ok({
    platform: 'telegram',
    userId: String(user.id),
    displayName,
    ...(user.language_code === undefined ? {} : { languageCode: user.language_code }),
    ...(data.start_param === undefined ? {} : { startParam: data.start_param }),
  });
}
