import { en } from './en.js';
import type { Lang, Messages } from './messages.js';
import { ru } from './ru.js';

export type {
  CommandName,
  DiscordMessages,
  Lang,
  Messages,
  RatingFigure,
  SlashCommandName,
  SlashOptionName,
} from './messages.js';
export { LANGS } from './messages.js';

const CATALOGS: Readonly<Record<Lang, Messages>> = { ru, en };

/** The messages of a language. */
export function messages(lang: Lang): Messages {
  return CATALOGS[lang];
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
