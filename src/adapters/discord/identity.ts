import { escapeHtml } from '../../chat/words/escape-html.js';
import { liveViews as liveViewsOn } from '../../chat/presenting/presented-games.js';
import { looksEmpty, platformMark } from '../../chat/words/player-label.js';
import { chatKey, type ChatView, type Player } from '../../game/model.js';

/** What we read of a Discord user (discord.js's User has these). */
export interface DiscordUser {
  readonly id: string;
  readonly username: string;
  readonly globalName?: string | null;
  readonly bot?: boolean;
}

/**
 * The player behind a Discord user; `locale` is the interaction's (the user's client language).
 * A display name that shows nothing (blank or zero-width characters) gives way to the username.
 */
export function playerFromUser(user: DiscordUser, locale?: string): Player {
  const displayName = [user.globalName ?? '', user.username].find((name) => !looksEmpty(name));
  return {
    platform: 'discord',
    userId: user.id,
    displayName: displayName ?? user.id,
    username: user.username,
    language: locale,
  };
}

/** A player's name as shown on Discord: marked when they play from another platform. */
export function shownName(player: Player): string {
  return player.displayName + platformMark(player, 'discord');
}

/**
 * A player's name for the catalogue's HTML (escaped for it, like Telegram's); `markdown()`
 * turns it into text Discord shows as typed, whatever markup or mention syntax it holds.
 */
export function nameOf(player: Player): string {
  return escapeHtml(shownName(player));
}

/** A mention that notifies a Discord player; other players by name. */
export function mentionOf(player: Player): string {
  if (player.platform !== 'discord' || player.botLevel !== undefined) return nameOf(player);
  return `<@${player.userId}>`;
}

/** A channel's key for the service's per-chat records (leaderboards, tournaments, daily posts). */
export function channelKey(channelId: string): string {
  return chatKey({ platform: 'discord', chatId: channelId });
}

/** A link that opens a message in the Discord client (`guildId` undefined: a direct message). */
export function messageLink(
  guildId: string | undefined,
  channelId: string,
  messageId: string,
): string {
  return `https://discord.com/channels/${guildId ?? '@me'}/${channelId}/${messageId}`;
}

export function discordView(channelId: string, messageId: string): ChatView {
  return { platform: 'discord', chatId: channelId, messageId };
}

/** The live message of a game in each Discord channel: the last view recorded there. */
export function liveViews(views: readonly ChatView[]): ChatView[] {
  return liveViewsOn(views, 'discord');
}
