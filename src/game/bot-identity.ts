import type { Platform, Player, SeatColor } from './model.js';

/**
 * The bot as a player on a platform: one id for all its games; the level lives in the record.
 * `displayName` is the adapter's words for it.
 */
export function botPlayer(platform: Platform, level: number, displayName: string): Player {
  return { platform, userId: 'bot', displayName, botLevel: level };
}

/**
 * The bot at a table game's seat: each seat it takes has its own id (`bot-red`), so that a move
 * is played for the right seat when the bot sits at several.
 */
export function seatedBot(
  platform: Platform,
  level: number,
  displayName: string,
  color: SeatColor,
): Player {
  return { ...botPlayer(platform, level, displayName), userId: `bot-${color}` };
}

/** The seats of a table game against the bot: `player` at White, the bot at every other. */
export function botTable(
  player: Player,
  level: number,
  displayName: string,
): { white: Player; red: Player; black: Player; green: Player } {
  const bot = (color: SeatColor) => seatedBot(player.platform, level, displayName, color);
  return { white: player, red: bot('red'), black: bot('black'), green: bot('green') };
}
