import {
  applyMove,
  legalMoves,
  makeMove,
  stackOwner,
  VARIANTS,
  type Color,
  type Position,
} from '../../src/engine/index.js';
import { item } from '../support/present.js';

/**
 * Independent checks of hand-made tactics with the engine's rules only (legalMoves/applyMove,
 * no search code): exhaustive minimax, so keep the positions small.
 */

/** Pieces of `color` that are free: in stacks it owns (its prisoners do not count). */
export function freePieces(position: Position, color: Color): number {
  let count = 0;
  for (const stack of position.stacks) {
    if (stack === null || stackOwner(stack) !== color) continue;
    for (let i = stack.height - 1; i >= 0 && ((stack.colors >>> i) & 1) === color; i--) count++;
  }
  return count;
}

/**
 * White's material lead (free pieces) after best play by both sides for `plies` plies, captures
 * then played out to the end (they are mandatory); ±100 when a side has no legal move.
 */
export function materialMinimax(position: Position, plies: number): number {
  const moves = legalMoves(position);
  if (moves.length === 0) return position.turn === 0 ? -100 : 100;
  if (plies <= 0 && item(moves, 0, 'moves').captures.length === 0)
    return freePieces(position, 0) - freePieces(position, 1);
  const values = moves.map((move) => materialMinimax(applyMove(position, move), plies - 1));
  return position.turn === 0 ? Math.max(...values) : Math.min(...values);
}

/** White's moves (full-path text) with their material minimax values. */
export function materialByMove(position: Position, plies: number): Map<string, number> {
  const variant = VARIANTS[position.variant];
  return new Map(
    legalMoves(position).map((move) => [
      makeMove(variant, move),
      materialMinimax(applyMove(position, move), plies - 1),
    ]),
  );
}

/**
 * Whether `winner` (to move at the root) forces, within `plies` plies, a position where the
 * other side must move, has no legal move, and still owns a stack: a win by blocking.
 */
export function forcesBlock(position: Position, plies: number, winner: Color): boolean {
  const moves = legalMoves(position);
  if (moves.length === 0) {
    return (
      position.turn !== winner &&
      position.stacks.some((stack) => stack !== null && stackOwner(stack) === position.turn)
    );
  }
  if (plies === 0) return false;
  const next = moves.map((move) => forcesBlock(applyMove(position, move), plies - 1, winner));
  return position.turn === winner ? next.some(Boolean) : next.every(Boolean);
}

/** The root moves that force a block within `plies` plies. */
export function blockingMoves(position: Position, plies: number): string[] {
  const variant = VARIANTS[position.variant];
  return legalMoves(position)
    .filter((move) => forcesBlock(applyMove(position, move), plies - 1, position.turn))
    .map((move) => makeMove(variant, move));
}
