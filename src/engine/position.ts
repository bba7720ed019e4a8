import { squareIndex } from './geometry.js';
import { VARIANTS, type Variant, type VariantId } from './variants.js';

export type Color = 0 | 1;
export const WHITE: Color = 0;
export const BLACK: Color = 1;

/** A colour in words: how players, records, pictures and messages name the two sides. */
export type Side = 'white' | 'black';

/** The side a colour plays. */
export function sideOfColor(color: Color): Side {
  return color === WHITE ? 'white' : 'black';
}

/** The colour a side plays. */
export function colorOfSide(side: Side): Color {
  return side === 'white' ? WHITE : BLACK;
}

/**
 * A stack of pieces on one square, as bit fields read from the bottom piece up:
 * bit i of `colors` is 1 when the i-th piece from the bottom is black, bit i of `kings` is 1
 * when it is a king. `height` is at least 1; bits at and above `height` are zero.
 *
 *   height 3, colors 0b011, kings 0b100  =  top: white king / black man / black man (bottom)
 */
export interface Stack {
  readonly height: number;
  readonly colors: number;
  readonly kings: number;
}

/** One piece, as people think of it. */
export interface Piece {
  readonly color: Color;
  readonly king: boolean;
}

/**
 * An immutable position: the variant, the side to move and the stack on every dark square
 * (null when empty), indexed by square number (see geometry.ts). Plain data, safe to
 * serialise; engine functions never mutate one.
 */
export interface Position {
  readonly variant: VariantId;
  readonly turn: Color;
  readonly stacks: readonly (Stack | null)[];
  /**
   * Double-move variants only (Variant.doubleMove): the moves the side to move still has in
   * this turn, 1 or 2; absent means 2. Other variants leave it out (one move per turn). Read it
   * through movesLeft().
   */
  readonly movesLeft?: 1 | 2;
}

/** The moves the side to move still has in this turn (always 1 outside double-move variants). */
export function movesLeft(position: Position): 1 | 2 {
  return VARIANTS[position.variant].doubleMove ? (position.movesLeft ?? 2) : 1;
}

/**
 * Whether the side to move has a whole turn ahead: always, except with one move left in a
 * double-move variant (after the first of two moves, and in a one-move first turn: White's at
 * the "1+2" and "1+1" starts, Black's answer in "1+1"; outcome.ts counts such a turn as one
 * whose first move is already behind it).
 */
export function atTurnStart(position: Position): boolean {
  return movesLeft(position) === (VARIANTS[position.variant].doubleMove ? 2 : 1);
}

/** The colour of the top piece: who owns the stack. */
export function stackOwner(stack: Stack): Color {
  return ((stack.colors >>> (stack.height - 1)) & 1) as Color;
}

/** Whether the top piece is a king, i.e. the stack moves as a king. */
export function stackIsKing(stack: Stack): boolean {
  return ((stack.kings >>> (stack.height - 1)) & 1) === 1;
}

/** The pieces of a stack, top first. */
export function stackPieces(stack: Stack): Piece[] {
  const pieces: Piece[] = [];
  for (let i = stack.height - 1; i >= 0; i--) {
    pieces.push({
      color: ((stack.colors >>> i) & 1) as Color,
      king: ((stack.kings >>> i) & 1) === 1,
    });
  }
  return pieces;
}

/** Builds a stack from pieces listed top first. */
export function stackFromPieces(piecesTopFirst: readonly Piece[]): Stack {
  let colors = 0;
  let kings = 0;
  const height = piecesTopFirst.length;
  piecesTopFirst.forEach((piece, i) => {
    const bit = height - 1 - i;
    colors |= piece.color << bit;
    if (piece.king) kings |= 1 << bit;
  });
  return { height, colors, kings };
}

/**
 * Number of colour layers, bottom to top. docs/rules.md promises at most two (the owner's run over
 * the prisoners' run); the notation relies on it.
 */
export function colorLayers(stack: Stack): number {
  let layers = 1;
  for (let i = 1; i < stack.height; i++) {
    if (((stack.colors >>> i) & 1) !== ((stack.colors >>> (i - 1)) & 1)) layers++;
  }
  return layers;
}

export function variantOf(position: Position): Variant {
  return VARIANTS[position.variant];
}

/** The stack on a named square ("c3"), or null when it is empty or not a dark square. */
export function stackAt(position: Position, squareName: string): Stack | null {
  const index = squareIndex(variantOf(position).geometry, squareName);
  // A position holds one entry per square of its variant's board.
  return index < 0 ? null : position.stacks[index]!;
}

/** The start position of a variant, White to move (with one move in a double-move variant). */
export function startPosition(variantId: VariantId): Position {
  const variant = VARIANTS[variantId];
  const stacks = new Array<Stack | null>(variant.geometry.squareCount).fill(null);
  const height = variant.startHeight ?? 1;
  for (const name of variant.start.white) {
    stacks[squareIndex(variant.geometry, name)] = { height, colors: 0, kings: 0 };
  }
  for (const name of variant.start.black) {
    stacks[squareIndex(variant.geometry, name)] = { height, colors: (1 << height) - 1, kings: 0 };
  }
  // Double-move: White's first turn has a single move, except in "2 from the start".
  return variant.doubleMove
    ? {
        variant: variantId,
        turn: WHITE,
        stacks,
        movesLeft: variant.doubleMoveScheme === '2' ? 2 : 1,
      }
    : { variant: variantId, turn: WHITE, stacks };
}

/**
 * Whether a move from this position hands the opponent a one-move turn: only from the start
 * position of a "1+1" double-move variant (White's one move, then Black's one). Without a
 * capture men only move forward, and after one there are fewer stacks than at the start, a
 * number that never grows: the start never comes back once a move is made.
 */
export function answeredByOneMove(position: Position): boolean {
  return (
    variantOf(position).doubleMoveScheme === '1+1' &&
    samePosition(position, startPosition(position.variant))
  );
}

/**
 * Double-move variants: the number of the turn (1 for the first, Black's turns counted too) that
 * the move after `plies` single moves from `start` belongs to. The first turn has the start's
 * moves left; from the "1+1" start the answer has one move too; every later turn has two.
 */
export function turnNumberAfter(start: Position, plies: number): number {
  const first = movesLeft(start);
  if (plies < first) return 1;
  let rest = plies - first;
  let number = 2;
  if (answeredByOneMove(start)) {
    if (rest < 1) return 2;
    rest -= 1;
    number = 3;
  }
  return number + Math.floor(rest / 2);
}

/** Whether two positions are the same (variant, side to move, moves left and every stack). */
export function samePosition(a: Position, b: Position): boolean {
  if (a.variant !== b.variant || a.turn !== b.turn || movesLeft(a) !== movesLeft(b)) return false;
  return a.stacks.every((s, i) => {
    const t = b.stacks[i];
    if (t === undefined) return false;
    if (s === null || t === null) return s === t;
    return s.height === t.height && s.colors === t.colors && s.kings === t.kings;
  });
}
