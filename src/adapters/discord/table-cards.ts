/**
 * A table game's lobby card in Discord (Zhernov's four-player game): the seats, and the buttons
 * to sit down, stand up, seat the bot at a level, close the table (its maker) and, for a full
 * table whose start failed, start it.
 */
import { ButtonStyle, ComponentType, type APIButtonComponentWithCustomId } from 'discord.js';
import { encodePayload, type Payload } from '../../chat/buttons/button-payload.js';
import { lobbyCaption } from '../../chat/words/table-caption.js';
import type { Challenge } from '../../game/model.js';
import type { Messages } from '../../i18n/index.js';
import type { Components } from './channel-output.js';
import { mentionOf, nameOf } from './identity.js';
import { markdown } from './markdown.js';

/** The bot levels a lobby card offers (the bot's full range in four steps). */
export const LOBBY_BOT_LEVELS = [2, 4, 6, 8] as const;

type Style = ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger;

/** A button that carries a payload (the lobby's, and other cards'). */
export function button(
  label: string,
  payload: Payload,
  style: Style,
): APIButtonComponentWithCustomId {
  return { type: ComponentType.Button, style, label, custom_id: encodePayload(payload) };
}

/** The lobby card's text: the seats and the invite code. */
export function lobbyContent(challenge: Challenge, t: Messages): string {
  const text = lobbyCaption(challenge, t, { name: nameOf, mention: mentionOf });
  const code = challenge.inviteCode === undefined ? '' : `\n${t.inviteCode(challenge.inviteCode)}`;
  return markdown(`${text}${code}`);
}

/** The lobby card's buttons while the table is open (three rows of at most four). */
export function lobbyButtons(challenge: Challenge, t: Messages): Components {
  const challengeId = challenge.id;
  const controls = [button(t.table.close, { kind: 'decline', challengeId }, ButtonStyle.Danger)];
  if (challenge.seats?.includes(null) === false)
    controls.unshift(
      button(t.table.start, { kind: 'table-start', challengeId }, ButtonStyle.Success),
    );
  return [
    {
      type: ComponentType.ActionRow,
      components: [
        button(t.table.sit, { kind: 'sit', challengeId }, ButtonStyle.Success),
        button(t.table.stand, { kind: 'stand', challengeId }, ButtonStyle.Secondary),
      ],
    },
    {
      type: ComponentType.ActionRow,
      components: LOBBY_BOT_LEVELS.map((level) =>
        button(t.table.bot(level), { kind: 'seat-bot', challengeId, level }, ButtonStyle.Secondary),
      ),
    },
    { type: ComponentType.ActionRow, components: controls },
  ];
}
