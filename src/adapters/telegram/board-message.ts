import { InlineKeyboard } from 'grammy';
import {
  legalMoves,
  moveDestination,
  sideOfColor,
  stackPieces,
  VARIANTS,
  type Move,
  type Position,
  type Stack,
} from '../../engine/index.js';
import { gamePosition } from '../../game/game-rules.js';
import type { Game, Side } from '../../game/model.js';
import type { Messages } from '../../i18n/index.js';
import { renderBoard } from '../../render/index.js';
import { encodePayload } from './callback-data.js';
import type { ChatSettings } from './chat-state.js';
import { mentionOf, nameOf } from './identity.js';

/** Width of board images sent to Telegram: sharp on phones, small enough to send fast. */
export const BOARD_SIZE = 720;

export function sideToMoveOf(position: Position): Side {
  return sideOfColor(position.turn);
}

/** Which side is at the bottom of the image and the keyboard for this chat. */
export function orientationFor(game: Game, position: Position, settings: ChatSettings): Side {
  if (settings.orientation === 'white' || game.status === 'finished') return 'white';
  return sideToMoveOf(position);
}

/** Move number as players count it: a move is a White ply and a Black ply. */
export function moveNumber(game: Game): number {
  const blackStarted = game.startFen.trim().toUpperCase().startsWith('B');
  return Math.floor((game.moves.length + (blackStarted ? 1 : 0)) / 2) + 1;
}

/** A stack top first as symbols: ⚪ white man, ⚫ black man, and a crown on kings. */
export function stackSymbols(stack: Stack): string {
  return stackPieces(stack)
    .map((piece) => (piece.color === 0 ? '⚪' : '⚫') + (piece.king ? '👑' : ''))
    .join('');
}

export function caption(game: Game, t: Messages, now: number): string {
  const variant = t.variant(game.variant);
  const white = nameOf(game.white);
  const black = nameOf(game.black);
  const lastMove = game.moves.at(-1);
  if (game.status === 'finished' && game.result !== undefined) {
    return t.finalCaption({
      variant,
      white,
      black,
      lastMove,
      result: t.result(game.result.winner, game.result.reason),
    });
  }
  const side = sideToMoveOf(gamePosition(game));
  const toMovePlayer = side === 'white' ? game.white : game.black;
  return t.caption({
    variant,
    white,
    black,
    moveNumber: moveNumber(game),
    toMove: side === 'white' ? t.white : t.black,
    toMoveName: mentionOf(toMovePlayer),
    lastMove,
    timeLeft: game.deadline === null ? undefined : t.duration(game.deadline - now),
    drawOfferedBy:
      game.drawOffer === null
        ? undefined
        : nameOf(game.drawOffer === 'white' ? game.white : game.black),
  });
}

/** The last move's squares (with jumped squares), for the last-move highlight. */
export function lastMoveOf(game: Game): Game['lastMove'] | null {
  return game.lastMove ?? null;
}

export function boardImage(game: Game, settings: ChatSettings): Buffer {
  const position = gamePosition(game);
  return renderBoard(position, {
    size: BOARD_SIZE,
    orientation: orientationFor(game, position, settings),
    lastMove: lastMoveOf(game),
  });
}

/** Squares in the order they appear on screen: rows from the top, left to right. */
function screenRows(position: Position, orientation: Side, squares: Iterable<number>): number[][] {
  const geometry = VARIANTS[position.variant].geometry;
  const rows = new Map<number, number[]>();
  for (const s of squares) {
    const rank = geometry.rank[s];
    rows.set(rank, [...(rows.get(rank) ?? []), s]);
  }
  const fileOrder = (a: number, b: number) =>
    orientation === 'white'
      ? geometry.file[a] - geometry.file[b]
      : geometry.file[b] - geometry.file[a];
  const ranks = [...rows.keys()].sort((a, b) => (orientation === 'white' ? b - a : a - b));
  return ranks.map((rank) => rows.get(rank)!.sort(fileOrder));
}

/** First step of tap-to-move: the stacks that can move, laid out like the board. */
export function stacksKeyboard(game: Game, position: Position, orientation: Side): InlineKeyboard {
  const names = VARIANTS[position.variant].geometry.names;
  const movable = new Set(legalMoves(position).map((m) => m.from));
  const keyboard = new InlineKeyboard();
  for (const row of screenRows(position, orientation, movable)) {
    for (const s of row) {
      const stack = position.stacks[s]!;
      const top = stackPieces(stack)[0];
      const label = `${top.color === 0 ? '⚪' : '⚫'}${top.king ? '👑' : ''} ${names[s]}${stack.height > 1 ? ` ·${stack.height}` : ''}`;
      keyboard.text(
        label,
        encodePayload({ kind: 'select', gameId: game.id, ply: game.moves.length, square: s }),
      );
    }
    keyboard.row();
  }
  return keyboard;
}

/** Second step: where the chosen stack can go, laid out like the board, and Back. */
export function targetsKeyboard(
  game: Game,
  position: Position,
  from: number,
  orientation: Side,
  t: Messages,
): InlineKeyboard {
  const names = VARIANTS[position.variant].geometry.names;
  const moves = legalMoves(position).filter((m) => m.from === from);
  const targets = new Set(moves.map(moveDestination));
  const keyboard = new InlineKeyboard();
  for (const row of screenRows(position, orientation, targets)) {
    for (const to of row) {
      const capture = moves.some((m) => moveDestination(m) === to && m.captures.length > 0);
      keyboard.text(
        `${capture ? '✕' : '→'} ${names[to]}`,
        encodePayload({ kind: 'target', gameId: game.id, ply: game.moves.length, from, to }),
      );
    }
    keyboard.row();
  }
  return keyboard.text(
    t.back,
    encodePayload({ kind: 'back', gameId: game.id, ply: game.moves.length }),
  );
}

/** Third step, only when several capture routes end on the same square: the routes. */
export function routesKeyboard(game: Game, routes: readonly Move[], t: Messages): InlineKeyboard {
  const names = VARIANTS[game.variant].geometry.names;
  const keyboard = new InlineKeyboard();
  for (const move of routes) {
    const squares = [move.from, ...move.path];
    keyboard
      .text(
        squares.map((s) => names[s]).join(':'),
        encodePayload({ kind: 'route', gameId: game.id, ply: game.moves.length, squares }),
      )
      .row();
  }
  return keyboard.text(
    t.back,
    encodePayload({ kind: 'back', gameId: game.id, ply: game.moves.length }),
  );
}

/** The keyboard a game message carries now: the stacks to move, or none once it is over. */
export function gameKeyboard(game: Game, settings: ChatSettings): InlineKeyboard | undefined {
  if (game.status !== 'active') return undefined;
  const position = gamePosition(game);
  return stacksKeyboard(game, position, orientationFor(game, position, settings));
}
