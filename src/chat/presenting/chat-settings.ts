import * as v from 'valibot';
import { bestEffort, type LogContext, type Logger } from '../../game/logger.js';
import { gamePlayers, samePlayer, type Game, type PlayerId } from '../../game/model.js';
import {
  languageFor,
  LANGS,
  messagesOn,
  type Lang,
  type Messages,
  type Platform,
} from '../../i18n/index.js';

/**
 * What a chat (a Telegram chat, a Discord channel) chose by /lang and /settings, as stored in
 * the key-value store. The object is loose: a setting a newer version wrote is kept on save.
 */
const CHAT_SETTINGS = v.looseObject({
  lang: v.optional(v.picklist(LANGS)),
  orientation: v.optional(v.picklist(['mover', 'white'])),
});

export type StoredChatSettings = v.InferOutput<typeof CHAT_SETTINGS>;

/**
 * A chat's stored settings read back: none stored is the defaults ({}); a damaged record (not
 * JSON, or a field of the wrong kind) is the defaults too, and logged, never a failure.
 */
export function decodeChatSettings(
  text: string | undefined,
  key: string,
  logger: Logger,
): StoredChatSettings {
  if (text === undefined) return {};
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    logger.warn('chat settings are not JSON; using the defaults', { key, err: error });
    return {};
  }
  // Every field is optional, and a loose object reads a list as one: a list is damage too.
  const result = Array.isArray(data) ? undefined : v.safeParse(CHAT_SETTINGS, data);
  if (result?.success === true) return result.output;
  logger.warn('chat settings are damaged; using the defaults', {
    key,
    issues: result === undefined ? 'a list' : v.summarize(result.issues),
  });
  return {};
}

/**
 * Who speaks to the bot, as the adapter tells it: their platform language code (Telegram's
 * `language_code`, Discord's `locale`), whether the chat is their private chat with the bot (a
 * Telegram private chat, a Discord DM), and whether they administer the chat (Telegram: its
 * creator or an administrator; Discord: they manage the channel).
 */
export interface Asker {
  readonly locale?: string;
  readonly privateChat: boolean;
  readonly admin: boolean;
}

/**
 * The language of what a chat sees as a whole (boards, notices, cards, the daily post): the one
 * its admins set; in a chat that never set one, `hint`'s (a platform language code: whoever the
 * post is for, see gameLanguageHint), else English. Nothing but a setting changes a chat's
 * language: no command's language code is stored for it.
 */
export function chatLanguage(settings: { readonly lang?: Lang }, hint?: string): Lang {
  return settings.lang ?? languageFor(hint);
}

/** What a platform calls the place whose settings are read, for the log line of a failed read. */
const SETTINGS_OF: Readonly<Record<Platform, string>> = {
  telegram: 'chat',
  discord: 'channel',
};

/**
 * A chat's settings, read without failing (a failed read is logged and the defaults, {}, apply),
 * and its messages in the chat's language (`hint`: a platform language code, see chatLanguage).
 */
export async function chatSettingsAndMessages<S extends { readonly lang?: Lang }>(
  logger: Logger,
  platform: Platform,
  read: Promise<S>,
  context: LogContext,
  hint?: string,
): Promise<{ settings: S; t: Messages }> {
  const settings = await bestEffort(
    logger,
    `${platform}: could not read ${SETTINGS_OF[platform]} settings; defaults apply`,
    read,
    context,
    {} as S,
  );
  return { settings, t: messagesOn(platform, chatLanguage(settings, hint)) };
}

/**
 * The language of a reply to one person (their /stats, their error, a tap's answer, a Discord
 * ephemeral reply): their own. In their private chat with the bot that is the chat's setting,
 * which they chose; elsewhere their platform's language, whatever the chat's.
 */
export function personalLanguage(settings: { readonly lang?: Lang }, asker: Asker): Lang {
  return asker.privateChat ? chatLanguage(settings, asker.locale) : languageFor(asker.locale);
}

/** Whether the asker may change the chat's settings: its admins; in a private chat, its owner. */
export function mayChangeSettings(asker: Asker): boolean {
  return asker.privateChat || asker.admin;
}

/** A chat's settings after a change: the fields the change names; the others are kept. */
export function changedSettings<S extends object>(settings: S, change: Partial<S>): S {
  const given = Object.entries(change).filter(([, value]) => value !== undefined);
  return { ...settings, ...(Object.fromEntries(given) as Partial<S>) };
}

/**
 * Whose language a game's posts assume in a chat without a language setting: the chat owner's
 * in a private chat that is a player's (`owner`), else the first person in seat order (White
 * first). The bot speaks no language: a game where it plays White speaks its opponent's.
 */
export function gameLanguageHint(game: Game, owner?: PlayerId): string | undefined {
  const people = gamePlayers(game).filter((player) => player.botLevel === undefined);
  const own = owner === undefined ? undefined : people.find((player) => samePlayer(player, owner));
  return (own ?? people.at(0))?.language;
}
