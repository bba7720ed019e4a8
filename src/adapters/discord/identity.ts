import { escapeMarkdown } from 'discord.js';
import { platformMark } from '../../chat/player-label.js';
import { chatKey, type ChatView, type Player } from '../../game/model.js';

/** What we read of a Discord user (discord.js's User has these). */
export interface DiscordUser {
  readonly id: string;
  readonly username: string;
  readonly globalName?: string | null;
  readonly bot?: boolean;
}

/** The player behind a Discord user; `locale` is the interaction's (the user's client language). */
export function playerFromUser(user: DiscordUser, locale?: string): Player {
  const displayName = user.globalName ?? user.username;
  return {
    platform: 'discord',
    userId: user.id,
    displayName: displayName === '' ? user.id : displayName,
    username: user.username,
    language: locale,
  };
}

/** A player's name for Discord markdown, with a mark when they play from another platform. */
export function nameOf(player: Player): string {
  return escapeMarkdown(player.displayName) + platformMark(player, 'discord');
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

export function discordView(channelId: string, messageId: string): ChatView {
  return { platform: 'discord', chatId: channelId, messageId };
}

/** The live message of a game in each Discord channel: the last view recorded there. */
export function liveViews(views: readonly ChatView[]): ChatView[] {
  const byChannel = new Map<string, ChatView>();
  for (const view of views) if (view.platform === 'discord') byChannel.set(view.chatId, view);
  return [...byChannel.values()];
}
