import { InlineKeyboard } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import { stackPieces, type Move, type Stack } from '../../engine/index.js';
import { gamePicks, type PickPayloads } from '../../chat/buttons/pick-payloads.js';
import { boardCaption } from '../../chat/words/board-caption.js';
import {
  movableStacks,
  routeLabel,
  routeSquares,
  screenRows,
  stackLabel,
  targetLabel,
  targetsOf,
} from '../../chat/buttons/move-picking.js';
import { type AnyPosition } from '../../game/game-rules.js';
import { anyPosition, sideToMove } from '../../game/rules-strategy.js';
import {
  gamePlayers,
  sideOf as sideOfPlayer,
  twoPlayerSide,
  type Game,
  type GameVariantId,
  type SeatColor,
} from '../../game/model.js';
import { seatOf } from '../../game/table-rules.js';
import { tablePictureText } from '../../chat/words/table-caption.js';
import type { Messages } from '../../i18n/index.js';
import type { BoardFace } from './board-sync.js';
import { decodePayload, encodePayload } from '../../chat/buttons/button-payload.js';
import type { ChatSettings } from './chat-state.js';
import { isInlineChat, isPrivateChat, mentionOf, nameOf } from './identity.js';
import type { MediaLinks } from './media.js';
import { boardPageButton, type BoardPage } from './board-page-button.js';

/** Width of board images sent to Telegram: sharp on phones, small enough to send fast. */
export const BOARD_SIZE = 720;

import type { BoardPainter } from '../../chat/presenting/board-painter.js';
export type { BoardPainter };

/**
 * Which side is at the bottom of the image and the keyboard in this chat. A group keeps one
 * orientation, White at the bottom (a board that turns after every move confuses onlookers);
 * a private chat shows its owner's side at the bottom. `/settings` can choose White always, or
 * the player to move.
 */
export function orientationFor(game: Game, settings: ChatSettings, chatId: string): SeatColor {
  if (settings.orientation === 'mover')
    return game.status === 'finished' ? 'white' : sideToMove(game);
  if (settings.orientation === 'white' || !isPrivateChat(chatId)) return 'white';
  // A private chat: its owner's seat at the bottom.
  const owner = gamePlayers(game).find((p) => p.platform === 'telegram' && p.userId === chatId);
  return owner === undefined ? 'white' : (sideOfPlayer(game, owner) ?? 'white');
}

/** A stack top first as symbols: ⚪ white man, ⚫ black man, and a crown on kings. */
export function stackSymbols(stack: Stack): string {
  return stackPieces(stack)
    .map((piece) => (piece.color === 0 ? '⚪' : '⚫') + (piece.king ? '👑' : ''))
    .join('');
}

export function caption(game: Game, t: Messages, now: number): string {
  return boardCaption(game, t, now, { name: nameOf, mention: mentionOf });
}

/**
 * How a game's board message should look in a chat. An inline message (isInlineChat) gets its
 * picture by URL (`media`) and the buttons a command would be elsewhere: draw and resign.
 */
export function boardFace(
  game: Game,
  chatId: string,
  settings: ChatSettings,
  t: Messages,
  now: number,
  painter: BoardPainter,
  media?: MediaLinks,
  page?: { readonly page: BoardPage; readonly botUsername?: string },
): BoardFace {
  const position = anyPosition(game);
  const orientation = orientationFor(game, settings, chatId);
  const lastMove = game.lastMove ?? null;
  const inline = isInlineChat(chatId);
  const open =
    page === undefined || game.status !== 'active'
      ? undefined
      : boardPageButton(page.page, game.id, chatId, page.botUsername, t.openBoard);
  const stacks = gameKeyboard(game, position, orientation);
  const keyboard =
    open === undefined ? stacks : { inline_keyboard: [...stacks.inline_keyboard, [open]] };
  const imageUrl =
    inline && media !== undefined && position.variant !== 'zhernov'
      ? media.positionUrl(position, twoPlayerSide(orientation), lastMove)
      : undefined;
  return {
    version: game.version,
    imageKey: `${game.id}:${game.moves.length}:${orientation}`,
    caption: caption(game, t, now),
    keyboard: inline ? inlineGameKeyboard(game, keyboard, t) : keyboard,
    ...(imageUrl === undefined ? {} : { imageUrl }),
    image: () =>
      position.variant === 'zhernov'
        ? painter.paintTable(position, {
            ...tablePictureText(game, t),
            size: BOARD_SIZE,
            bottom: seatOf(orientation),
            lastMove,
          })
        : painter.paint(position, {
            size: BOARD_SIZE,
            orientation: twoPlayerSide(orientation),
            lastMove,
          }),
  };
}

/**
 * An inline board's keyboard: the stacks, then a row for what a command does elsewhere (no
 * command can reach an inline message): offer a draw (or answer one) and resign.
 */
export function inlineGameKeyboard(
  game: Game,
  stacks: InlineKeyboardMarkup,
  t: Messages,
): InlineKeyboardMarkup {
  if (game.status !== 'active' || game.variant === 'zhernov') return stacks;
  const ply = game.moves.length;
  const row =
    game.drawOffer === null
      ? [
          {
            text: t.inline.offerDraw,
            callback_data: encodePayload({ kind: 'draw-offer', gameId: game.id, ply }),
          },
          {
            text: t.inline.resign,
            callback_data: encodePayload({ kind: 'resign-ask', gameId: game.id, ply }),
          },
        ]
      : [
          {
            text: t.drawAccept,
            callback_data: encodePayload({ kind: 'draw-accept', gameId: game.id }),
          },
          {
            text: t.drawDecline,
            callback_data: encodePayload({ kind: 'draw-decline', gameId: game.id }),
          },
        ];
  return { inline_keyboard: [...stacks.inline_keyboard.filter((r) => r.length > 0), row] };
}

/** The ply a board message's keyboard was made for (from its buttons), if it has one. */
export function keyboardPly(markup: InlineKeyboardMarkup | undefined): number | undefined {
  for (const row of markup?.inline_keyboard ?? []) {
    for (const button of row) {
      const payload = decodePayload('callback_data' in button ? button.callback_data : undefined);
      if (payload !== undefined && 'ply' in payload) return payload.ply;
    }
  }
  return undefined;
}

/** First step of tap-to-move: the stacks that can move, laid out like the board. */
export function stacksKeyboard(
  position: AnyPosition,
  orientation: SeatColor,
  picks: PickPayloads,
): InlineKeyboard {
  const stacks = new Map(movableStacks(position).map((stack) => [stack.square, stack]));
  const keyboard = new InlineKeyboard();
  for (const row of screenRows(position, orientation, stacks.keys())) {
    for (const s of row) keyboard.text(stackLabel(stacks.get(s)!), encodePayload(picks.select(s)));
    keyboard.row();
  }
  return keyboard;
}

/** Second step: where the chosen stack can go, laid out like the board, and Back. */
export function targetsKeyboard(
  position: AnyPosition,
  from: number,
  orientation: SeatColor,
  picks: PickPayloads,
  t: Messages,
): InlineKeyboard {
  const targets = new Map(targetsOf(position, from).map((target) => [target.square, target]));
  const keyboard = new InlineKeyboard();
  for (const row of screenRows(position, orientation, targets.keys())) {
    for (const to of row)
      keyboard.text(targetLabel(targets.get(to)!), encodePayload(picks.target(from, to)));
    keyboard.row();
  }
  return keyboard.text(t.back, encodePayload(picks.back()));
}

/** Third step, only when several capture routes end on the same square: the routes. */
export function routesKeyboard(
  variant: GameVariantId,
  routes: readonly Move[],
  picks: PickPayloads,
  t: Messages,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const move of routes)
    keyboard.text(routeLabel(variant, move), encodePayload(picks.route(routeSquares(move)))).row();
  return keyboard.text(t.back, encodePayload(picks.back()));
}

/** The keyboard a game message carries now: the stacks to move, or none once it is over. */
export function gameKeyboard(
  game: Game,
  position: AnyPosition,
  orientation: SeatColor,
): InlineKeyboardMarkup {
  if (game.status !== 'active') return { inline_keyboard: [] };
  return stacksKeyboard(position, orientation, gamePicks(game.id, game.moves.length));
}
