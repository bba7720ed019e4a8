import type { User } from 'grammy/types';
import { liveViews as liveViewsOn } from '../../chat/presenting/presented-games.js';
import { looksEmpty, platformMark } from '../../chat/words/player-label.js';
import { chatKey, type ChatView, type Player } from '../../game/model.js';

import { escapeHtml } from '../../chat/words/escape-html.js';

export { escapeHtml };

/** The player behind a Telegram user; a name that shows nothing gives way to the username. */
export function playerFromUser(user: User): Player {
  const displayName = [user.first_name, user.last_name]
    .filter((part) => part !== undefined && part !== '')
    .join(' ');
  return {
    platform: 'telegram',
    userId: String(user.id),
    displayName: looksEmpty(displayName) ? (user.username ?? String(user.id)) : displayName,
    username: user.username,
    language: user.language_code,
  };
}

/** A player's name for captions (HTML-escaped), marked with their platform if not Telegram. */
export function nameOf(player: Player): string {
  return escapeHtml(player.displayName + platformMark(player, 'telegram'));
}

/**
 * A mention that notifies the player: @username when there is one, else a link to the user id
 * (works for people without a username, HTML parse mode). Players of other platforms and bots
 * cannot be notified here: their name.
 */
export function mentionOf(player: Player): string {
  if (player.platform !== 'telegram' || player.botLevel !== undefined) return nameOf(player);
  if (player.username !== undefined) return `@${escapeHtml(player.username)}`;
  return `<a href="tg://user?id=${encodeURIComponent(player.userId)}">${nameOf(player)}</a>`;
}

/** A Telegram chat's key for the service's per-chat records (leaderboards, tournaments). */
export function chatKeyOf(chatId: number | string): string {
  return chatKey({ platform: 'telegram', chatId: String(chatId) });
}

export function telegramView(chatId: number, messageId: number): ChatView {
  return { platform: 'telegram', chatId: String(chatId), messageId: String(messageId) };
}

/** The live message of a game in each Telegram chat: the last view recorded for that chat. */
export function liveViews(views: readonly ChatView[]): ChatView[] {
  return liveViewsOn(views, 'telegram');
}

/** Private chats have positive ids equal to the user's id; groups are negative. */
export function isPrivateChat(chatId: string | number): boolean {
  return Number(chatId) > 0;
}

/**
 * An inline message (Telegram's inline mode) is a chat of its own: Telegram does not say which
 * chat it lives in. Its view is `inline:<inline_message_id>` with the id as the message id;
 * it gets a group's budget, and can be edited but never receive a new message.
 */
const INLINE_PREFIX = 'inline:';

export function inlineView(inlineMessageId: string): ChatView {
  return {
    platform: 'telegram',
    chatId: `${INLINE_PREFIX}${inlineMessageId}`,
    messageId: inlineMessageId,
  };
}

/** Whether a chat id is an inline message's (see inlineView). */
export function isInlineChat(chatId: string | number): boolean {
  return typeof chatId === 'string' && chatId.startsWith(INLINE_PREFIX);
}

/** The inline_message_id of an inline message's chat id or view; undefined for a real chat. */
export function inlineMessageIdOf(target: string | number | ChatView): string | undefined {
  const chatId = typeof target === 'object' ? target.chatId : target;
  return isInlineChat(chatId) ? String(chatId).slice(INLINE_PREFIX.length) : undefined;
}

/** A link to a message, where Telegram has one (supergroups and public chats). */
export function messageLink(view: ChatView, chatUsername?: string): string | undefined {
  if (chatUsername !== undefined) return `https://t.me/${chatUsername}/${view.messageId}`;
  if (view.chatId.startsWith('-100'))
    return `https://t.me/c/${view.chatId.slice(4)}/${view.messageId}`;
  return undefined;
}
