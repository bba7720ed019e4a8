/**
 * A position as the page draws it: one pile per square, each an engine Stack (what layout.ts
 * profiles) and the seat colours its two engine colours stand for. A two-player stack maps 0 to
 * White and 1 to Black; a table column is all its owner's, so both map to that seat. The rest of
 * the page never asks which kind of game it shows.
 */
import { parseFen, type Geometry, type Stack, type VariantId } from '../../engine/index.js';
import { parseTableFen, SEAT_COLORS, type SeatColor } from '../../engine/multi/index.js';
import { geometryOf, type AnyPosition } from '../../chat/buttons/move-picking.js';
import type { BoardView } from '../board-view.js';

/** The seat colours of a pile's engine colours 0 and 1. */
export type Palette = readonly [SeatColor, SeatColor];

/** A two-player stack: engine colour 0 is White, 1 Black. */
export const TWO_PLAYER_PALETTE: Palette = ['white', 'black'];

/** What stands on one square, ready for layout.ts's stackProfile. */
export interface Pile {
  readonly stack: Stack;
  readonly palette: Palette;
}

/** A parsed view's board: its squares, its position (for picking) and its piles (for drawing). */
export interface BoardModel {
  readonly variant: BoardView['variant'];
  readonly table: boolean;
  readonly geometry: Geometry;
  readonly position: AnyPosition;
  /** Indexed by square, null when empty. */
  readonly piles: readonly (Pile | null)[];
}

/** The piles of a position. */
export function pilesOf(position: AnyPosition): (Pile | null)[] {
  if (position.variant === 'zhernov') {
    return position.columns.map((column) => {
      if (column === null) return null;
      const seat = SEAT_COLORS[column.owner]!;
      // One king flag for the column: the crown shows on its top chip, as on the pictures.
      const kings = column.king ? 2 ** (column.height - 1) : 0;
      return { stack: { height: column.height, colors: 0, kings }, palette: [seat, seat] };
    });
  }
  return position.stacks.map((stack) =>
    stack === null ? null : { stack, palette: TWO_PLAYER_PALETTE },
  );
}

/** The board of a FEN, or undefined when it does not parse (a bug on the server's side). */
export function boardModel(
  fen: string,
  variant: BoardView['variant'],
  table: boolean,
): BoardModel | undefined {
  const parsed = table ? parseTableFen(fen) : parseFen(fen, variant as VariantId);
  if (!parsed.ok) return undefined;
  const position = parsed.value;
  return { variant, table, geometry: geometryOf(variant), position, piles: pilesOf(position) };
}

/** The colour of a pile's top piece: its owner. */
export function pileOwner(pile: Pile): SeatColor {
  const top = (pile.stack.colors >>> (pile.stack.height - 1)) & 1;
  return pile.palette[top]!;
}

/** Whether a pile's top piece is a king. */
export function pileIsKing(pile: Pile): boolean {
  return ((pile.stack.kings >>> (pile.stack.height - 1)) & 1) === 1;
}

/** Whether two squares hold the same (or no) pile. */
export function samePile(a: Pile | null, b: Pile | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.stack.height === b.stack.height &&
    a.stack.colors === b.stack.colors &&
    a.stack.kings === b.stack.kings &&
    a.palette[0] === b.palette[0] &&
    a.palette[1] === b.palette[1]
  );
}
