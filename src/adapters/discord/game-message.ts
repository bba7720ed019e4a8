import { ButtonStyle, ComponentType, type APIEmbed } from 'discord.js';
import { boardCaption } from '../../chat/words/board-caption.js';
import { encodePayload } from '../../chat/buttons/button-payload.js';
import { tablePictureText } from '../../chat/words/table-caption.js';
import { anyPosition, sideToMove } from '../../game/rules-strategy.js';
import { twoPlayerSide, type Game, type SeatColor } from '../../game/model.js';
import { seatOf } from '../../game/table-rules.js';
import type { Messages } from '../../i18n/index.js';
import type { Components, OutgoingMessage } from './channel-output.js';
import type { ChatSettings } from './chat-state.js';
import { markdown } from './markdown.js';
import { mentionOf, nameOf } from './identity.js';

/** Width of board images on Discord (shown up to ~400 px wide in the client; sharp on zoom). */
export const BOARD_SIZE = 640;
export const BOARD_FILE = 'board.png';

import type { BoardPainter } from '../../chat/presenting/board-painter.js';
export type { BoardPainter };

/** Embed colours: the side (or seat) to move, or a game that is over (a puzzle solved). */
export const COLOUR = {
  white: 0xf2f2f2,
  black: 0x2b2b2b,
  red: 0xd9423a,
  green: 0x3f9b4b,
  finished: 0x3ba55d,
} as const;

/**
 * A message that shows a board: an embed (its text and colour) around the board image, which is
 * attached (on an edit, it replaces the message's image), and the components under it.
 */
export function boardMessage(
  embed: Omit<APIEmbed, 'image'>,
  image: Buffer,
  components: Components,
  content = '',
): OutgoingMessage {
  return pictureMessage(embed, { name: BOARD_FILE, data: image }, components, content);
}

/** A message of an embed around an attached picture (a board, standings, a rating graph). */
export function pictureMessage(
  embed: Omit<APIEmbed, 'image'>,
  picture: { readonly name: string; readonly data: Buffer },
  components: Components = [],
  content = '',
): OutgoingMessage {
  return {
    content,
    embeds: [{ ...embed, image: { url: `attachment://${picture.name}` } }],
    files: [picture],
    components,
  };
}

/** Which side (or seat) is at the bottom of a channel's board: White, or the player to move. */
export function orientationFor(game: Game, settings: ChatSettings): SeatColor {
  if (settings.orientation === 'mover' && game.status === 'active') return sideToMove(game);
  return 'white';
}

/** The caption of a game in Discord markdown. */
export function gameCaption(game: Game, t: Messages, now: number): string {
  return markdown(boardCaption(game, t, now, { name: nameOf, mention: mentionOf }));
}

/**
 * The buttons under a game message: Move while it goes on (and Open the board, with the live
 * board page), and a draw offer's answers.
 */
export function gameComponents(game: Game, t: Messages, boardPage = false): Components {
  if (game.status !== 'active') return [];
  const ply = game.moves.length;
  const rows: Components = [
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.Button,
          style: ButtonStyle.Primary,
          label: t.discord.moveButton,
          custom_id: encodePayload({ kind: 'move', gameId: game.id, ply }),
        },
        ...(boardPage
          ? [
              {
                type: ComponentType.Button as const,
                style: ButtonStyle.Secondary as const,
                label: t.openBoard,
                custom_id: encodePayload({ kind: 'board-link', gameId: game.id }),
              },
            ]
          : []),
      ],
    },
  ];
  if (game.drawOffer !== null) {
    rows.push({
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.Button,
          style: ButtonStyle.Success,
          label: t.drawAccept,
          custom_id: encodePayload({ kind: 'draw-accept', gameId: game.id }),
        },
        {
          type: ComponentType.Button,
          style: ButtonStyle.Secondary,
          label: t.drawDecline,
          custom_id: encodePayload({ kind: 'draw-decline', gameId: game.id }),
        },
      ],
    });
  }
  return rows;
}

/**
 * A game's public message: an embed with the facts (players and colours, move number, whose
 * turn, last move, time left) and the board image attached, and the buttons.
 */
export async function gameMessage(
  game: Game,
  t: Messages,
  settings: ChatSettings,
  now: number,
  painter: BoardPainter,
  boardPage = false,
): Promise<OutgoingMessage> {
  const position = anyPosition(game);
  const orientation = orientationFor(game, settings);
  const lastMove = game.lastMove ?? null;
  const image =
    position.variant === 'zhernov'
      ? await painter.paintTable(position, {
          ...tablePictureText(game, t),
          size: BOARD_SIZE,
          bottom: seatOf(orientation),
          lastMove,
        })
      : await painter.paint(position, {
          size: BOARD_SIZE,
          orientation: twoPlayerSide(orientation),
          lastMove,
        });
  return boardMessage(
    {
      description: gameCaption(game, t, now),
      color: game.status === 'finished' ? COLOUR.finished : COLOUR[sideToMove(game)],
      footer: { text: `#${game.id} · ${game.moves.length}` },
    },
    image,
    gameComponents(game, t, boardPage),
  );
}
