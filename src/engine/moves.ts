import { Board } from './board.js';
import { MoveGenerator } from './movegen.js';
import { FLAG_PROMOTES, MoveList } from './movelist.js';
import type { Position } from './position.js';

/**
 * A legal move as data: where the stack starts, every square it lands on (one for a quiet
 * move), the squares it jumps in order (empty for a quiet move), and whether its top piece
 * is crowned during the move.
 */
export interface Move {
  readonly from: number;
  readonly path: readonly number[];
  readonly captures: readonly number[];
  readonly promotes: boolean;
}

/** The square a move ends on. */
export function moveDestination(move: Move): number {
  const last = move.path.at(-1);
  if (last === undefined) {
    throw new Error(`moveDestination: the move from square ${move.from} has no landing square`);
  }
  return last;
}

export function isCapture(move: Move): boolean {
  return move.captures.length > 0;
}

function readMove(list: MoveList, i: number): Move {
  const path: number[] = [];
  const captures: number[] = [];
  const jumps = list.jumps(i);
  for (let j = 0; j < jumps; j++) {
    captures.push(list.jumpedSquare(i, j));
    path.push(list.landingSquare(i, j));
  }
  if (jumps === 0) path.push(list.to(i));
  return { from: list.from(i), path, captures, promotes: (list.flags(i) & FLAG_PROMOTES) !== 0 };
}

function sameRoute(list: MoveList, i: number, move: Move): boolean {
  if (list.from(i) !== move.from) return false;
  const jumps = list.jumps(i);
  if (jumps === 0)
    return move.captures.length === 0 && move.path.length === 1 && list.to(i) === move.path[0];
  if (jumps !== move.path.length || move.captures.length !== jumps) return false;
  for (let j = 0; j < jumps; j++) {
    if (list.landingSquare(i, j) !== move.path[j] || list.jumpedSquare(i, j) !== move.captures[j])
      return false;
  }
  return true;
}

/** Every legal move of the side to move (captures only, when there is one). */
export function legalMoves(position: Position): Move[] {
  const board = new Board(position);
  const list = new MoveList();
  const count = new MoveGenerator(board).generate(list);
  const moves: Move[] = [];
  for (let i = 0; i < count; i++) moves.push(readMove(list, i));
  return moves;
}

/**
 * The position after `move`. The move must be legal here (take it from legalMoves or a
 * parser); anything else is a programming error and throws.
 */
export function applyMove(position: Position, move: Move): Position {
  const board = new Board(position);
  const list = new MoveList();
  const count = new MoveGenerator(board).generate(list);
  for (let i = 0; i < count; i++) {
    if (sameRoute(list, i, move)) {
      board.make(list, i);
      return board.toPosition();
    }
  }
  throw new Error(`applyMove: the move from square ${move.from} is not legal in this position`);
}
