/**
 * A table game's lobby card in Telegram (Zhernov's four-player game): the seats, and the
 * buttons to sit down, stand up, seat the bot at a level, close the table (its maker) and, for
 * a full table whose start failed, start it.
 */
import { InlineKeyboard } from 'grammy';
import { encodePayload } from '../../chat/buttons/button-payload.js';
import { lobbyCaption } from '../../chat/words/table-caption.js';
import type { Challenge } from '../../game/model.js';
import type { Messages } from '../../i18n/index.js';
import { mentionOf, nameOf } from './identity.js';

/** The bot levels a lobby card offers (the bot's full range in four steps). */
export const LOBBY_BOT_LEVELS = [2, 4, 6, 8] as const;

/** The lobby card's text: the seats, the invite code and the link to join from anywhere. */
export function lobbyText(challenge: Challenge, t: Messages, botUsername?: string): string {
  const lines = [lobbyCaption(challenge, t, { name: nameOf, mention: mentionOf })];
  if (challenge.inviteCode !== undefined) lines.push(t.inviteCode(challenge.inviteCode));
  if (botUsername !== undefined) lines.push(`https://t.me/${botUsername}?start=c_${challenge.id}`);
  return lines.join('\n');
}

/** The lobby card's buttons while the table is open. */
export function lobbyKeyboard(challenge: Challenge, t: Messages): InlineKeyboard {
  const challengeId = challenge.id;
  const keyboard = new InlineKeyboard()
    .text(t.table.sit, encodePayload({ kind: 'sit', challengeId }))
    .text(t.table.stand, encodePayload({ kind: 'stand', challengeId }))
    .row();
  for (const level of LOBBY_BOT_LEVELS)
    keyboard.text(t.table.bot(level), encodePayload({ kind: 'seat-bot', challengeId, level }));
  keyboard.row();
  if (challenge.seats?.includes(null) === false)
    keyboard.text(t.table.start, encodePayload({ kind: 'table-start', challengeId }));
  return keyboard.text(t.table.close, encodePayload({ kind: 'decline', challengeId }));
}
