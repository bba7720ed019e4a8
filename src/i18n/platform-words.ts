import type { Messages, Platform, SlashCommandName } from './messages.js';

const PLACEHOLDER = /\{(\/[a-z]+|[a-zA-Z]+)\}/g;

/** `text` with the platform's words and command names in its placeholders. */
function filler(t: Messages, platform: Platform): (text: string) => string {
  const words = t.platformWords[platform] as unknown as Readonly<Record<string, string>>;
  const commandNames: Readonly<Record<string, string>> = t.discord.commandNames;
  return (text) =>
    text.replace(PLACEHOLDER, (whole, key: string) => {
      if (!key.startsWith('/')) return words[key] ?? whole;
      const name = key.slice(1);
      return platform === 'discord' ? `/${commandNames[name as SlashCommandName] ?? name}` : key;
    });
}

function fillAll(value: unknown, fill: (text: string) => string): unknown {
  if (typeof value === 'string') return fill(value);
  if (typeof value === 'function')
    return (...args: unknown[]): unknown => {
      const out: unknown = (value as (...a: unknown[]) => unknown)(...args);
      return typeof out === 'string' ? fill(out) : out;
    };
  if (Array.isArray(value)) return value.map((item) => fillAll(item, fill));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillAll(item, fill)]),
    );
  return value;
}

/** The catalogue as `platform` shows it: every placeholder filled with the platform's words. */
export function onPlatform(t: Messages, platform: Platform): Messages {
  return { ...(fillAll(t, filler(t, platform)) as Messages), platformWords: t.platformWords };
}

/** Every placeholder a catalogue's text may hold that `onPlatform` does not know. */
export function unknownPlaceholders(t: Messages): string[] {
  const words = new Set(Object.keys(t.platformWords.telegram));
  const commands = new Set(Object.keys(t.discord.commandNames));
  const unknown: string[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === 'string')
      for (const [, key] of value.matchAll(PLACEHOLDER))
        if (
          key !== undefined &&
          !(key.startsWith('/') ? commands.has(key.slice(1)) : words.has(key))
        )
          unknown.push(key);
    if (value !== null && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(t);
  return unknown;
}
