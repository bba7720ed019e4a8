import type { Platform, Player } from '../../game/model.js';

const PLATFORM_NAMES: Readonly<Record<Platform, string>> = {
  telegram: 'Telegram',
  discord: 'Discord',
  console: '',
};

/**
 * What follows a player's name where platforms meet: " (Discord)" for a Discord player shown in
 * Telegram, and so on; nothing for players of the viewer's own platform, bots and the terminal.
 * The same in every language (platform names are not translated).
 */
export function platformMark(player: Player, viewer: Platform): string {
  if (player.platform === viewer || player.botLevel !== undefined) return '';
  const name = PLATFORM_NAMES[player.platform];
  return name === '' ? '' : ` (${name})`;
}

/**
 * The most of a name a picture's title shows: the renderers refuse a title over 160 characters
 * (their text is the program's own, checked), and players choose their names.
 */
export const TITLE_NAME_LENGTH = 64;

/** A name cut to `max` characters, "…" ending one that was cut. */
export function cutName(name: string, max = TITLE_NAME_LENGTH): string {
  const chars = [...name];
  return chars.length <= max ? name : `${chars.slice(0, max - 1).join('')}…`;
}

/** A name with nothing to see: only blank, zero-width or other invisible characters. */
export function looksEmpty(name: string): boolean {
  return !/[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}]/u.test(name);
}

/** How a platform writes a player: a plain (escaped) name, and a mention that notifies. */
export interface PlayerNames {
  name(player: Player): string;
  mention(player: Player): string;
}
