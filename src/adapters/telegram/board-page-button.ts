/**
 * The "Open the board" button under a game's board message (issue 31): the live board page as
 * a Mini App. Telegram allows `web_app` buttons in private chats only; in groups (and inline
 * messages) the Mini App opens by its direct link, t.me/<bot>/<app>?startapp=<game>, which
 * needs the app's short name (TELEGRAM_MINI_APP). Without it, groups get no button: a plain
 * link would open the page outside Telegram, where it cannot tell who the player is.
 */
import type { InlineKeyboardButton } from 'grammy/types';
import { boardPageUrl } from '../../web/board-links.js';
import { isInlineChat } from './identity.js';

/** Where the page is (WEB_URL) and the Mini App's short name. */
export interface BoardPage {
  readonly url: URL;
  readonly miniApp?: string;
}

/** Private chats have positive ids, groups and channels negative ones. */
function isPrivateChat(chatId: string): boolean {
  return !isInlineChat(chatId) && !chatId.startsWith('-');
}

export function boardPageButton(
  page: BoardPage,
  gameId: string,
  chatId: string,
  botUsername: string | undefined,
  text: string,
): InlineKeyboardButton | undefined {
  if (isPrivateChat(chatId)) {
    const url = boardPageUrl(page.url);
    url.searchParams.set('game', gameId);
    return { text, web_app: { url: url.href } };
  }
  if (page.miniApp === undefined || botUsername === undefined) return undefined;
  return {
    text,
    url: `https://t.me/${botUsername}/${page.miniApp}?startapp=${encodeURIComponent(gameId)}`,
  };
}

/** The button that opens a puzzle on the live board, for a private chat (a web_app button). */
export function puzzlePageButton(
  page: BoardPage,
  puzzleId: string,
  t: { readonly openBoard: string },
): InlineKeyboardButton {
  const url = boardPageUrl(page.url);
  url.searchParams.set('puzzle', puzzleId);
  return { text: t.openBoard, web_app: { url: url.href } };
}
