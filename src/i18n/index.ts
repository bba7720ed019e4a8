import { en } from './en.js';
import type { Lang, Messages, Platform } from './messages.js';
import { ru } from './ru.js';
import { onPlatform } from './platform-words.js';

export type {
  CommandName,
  DiscordMessages,
  Lang,
  Messages,
  Platform,
  PlatformWords,
  RatingFigure,
  SlashCommandName,
  SlashOptionName,
} from './messages.js';
export { LANGS, rulesOf } from './messages.js';

const CATALOGS: Readonly<Record<Lang, Messages>> = { ru, en };

/**
 * The messages of a language as written, with the platforms' placeholders (`{key}`, `{/command}`)
 * still in them: for what does not reach a user. The adapters use `messagesOn`.
 */
export function messages(lang: Lang): Messages {
  return CATALOGS[lang];
}

const ON_PLATFORM = new Map<string, Messages>();

/** The messages of a language as a platform shows them: its own words and command names. */
export function messagesOn(platform: Platform, lang: Lang): Messages {
  const key = `${platform}:${lang}`;
  let t = ON_PLATFORM.get(key);
  if (t === undefined) ON_PLATFORM.set(key, (t = onPlatform(CATALOGS[lang], platform)));
  return t;
}

/** Languages whose speakers most likely read Russian get Russian; everyone else English. */
const RUSSIAN_READERS = new Set([
  'ru',
  'uk',
  'be',
  'kk',
  'ky',
  'uz',
  'tg',
  'hy',
  'az',
  'ka',
  'tt',
  'ba',
]);

/** A language from a platform's language code ("ru", "en-GB", "uk"), English when unknown. */
export function languageFor(code: string | undefined): Lang {
  const base = code?.toLowerCase().split(/[-_]/)[0];
  return base !== undefined && RUSSIAN_READERS.has(base) ? 'ru' : 'en';
}

export function parseLang(text: string | undefined): Lang | undefined {
  const value = text?.trim().toLowerCase();
  if (value === 'ru' || value === 'рус' || value === 'русский') return 'ru';
  if (value === 'en' || value === 'eng' || value === 'english') return 'en';
  return undefined;
}
