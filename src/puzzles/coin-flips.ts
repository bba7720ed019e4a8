/**
 * Puzzles a solver need not think about: the first move is found by a simple rule, or there is
 * hardly a choice. The library keeps such puzzles out of every tier but the easiest (issue 30,
 * "No coin flips"); `puzzles check` counts them.
 * - 'few-candidates': one solver move and fewer than three legal moves to choose from;
 * - 'most-captures': the solution's first move is the one capture taking the most pieces;
 * - 'greedy-material': the move a greedy player picks by counting the pieces each side commands
 *   two plies ahead (its move, then the reply worst for it) is the solution's.
 */
import {
  applyMove,
  legalMoves,
  makeMove,
  parseFen,
  stackOwner,
  variantOf,
  type Color,
  type Move,
  type Position,
} from '../engine/index.js';
import type { Puzzle } from './puzzle.js';

export type CoinFlip = 'few-candidates' | 'most-captures' | 'greedy-material';

export const COIN_FLIPS: readonly CoinFlip[] = [
  'few-candidates',
  'most-captures',
  'greedy-material',
];

/** Below this many legal first moves, a one-move puzzle is a coin flip. */
export const MIN_CANDIDATES = 3;

/** The simple rules that find the puzzle's first move (or make it no choice at all). */
export function coinFlips(puzzle: Pick<Puzzle, 'fen' | 'variant' | 'solution'>): CoinFlip[] {
  return firstMoveReport(puzzle).flips;
}

/** The puzzle's first move as a solver meets it: how many legal moves, and the coin flips. */
export function firstMoveReport(puzzle: Pick<Puzzle, 'fen' | 'variant' | 'solution'>): {
  candidates: number;
  flips: CoinFlip[];
} {
  const parsed = parseFen(puzzle.fen, puzzle.variant);
  if (!parsed.ok) return { candidates: 0, flips: [] };
  const position = parsed.value;
  const moves = legalMoves(position);
  const variant = variantOf(position);
  const key = puzzle.solution[0];
  const found: CoinFlip[] = [];
  if (puzzle.solution.length === 1 && moves.length < MIN_CANDIDATES) found.push('few-candidates');
  const most = uniqueBest(moves, (move) => move.captures.length);
  if (most !== undefined && most.captures.length > 0 && makeMove(variant, most) === key)
    found.push('most-captures');
  const greedy = uniqueBest(moves, (move) => worstReply(applyMove(position, move), position.turn));
  if (greedy !== undefined && makeMove(variant, greedy) === key) found.push('greedy-material');
  return { candidates: moves.length, flips: found };
}

/** The move with the highest value, when no other has it too. */
function uniqueBest(moves: readonly Move[], value: (move: Move) => number): Move | undefined {
  let best: Move | undefined;
  let bestValue = -Infinity;
  let tied = false;
  for (const move of moves) {
    const v = value(move);
    if (v > bestValue) {
      best = move;
      bestValue = v;
      tied = false;
    } else if (v === bestValue) tied = true;
  }
  return tied ? undefined : best;
}

/** The material of `side` after the reply worst for it (the position itself when none). */
function worstReply(position: Position, side: Color): number {
  const replies = position.turn === side ? [] : legalMoves(position);
  if (replies.length === 0) return material(position, side);
  let worst = Infinity;
  for (const reply of replies) worst = Math.min(worst, material(applyMove(position, reply), side));
  return worst;
}

/**
 * Pieces in the columns `side` commands minus those in the opponent's: a column's pieces go
 * where its top piece goes (prisoners included), which is what a capture changes. In giveaway
 * (having no move wins) fewer is better: the count is turned round.
 */
export function material(position: Position, side: Color): number {
  let total = 0;
  for (const stack of position.stacks) {
    if (stack === null) continue;
    total += stackOwner(stack) === side ? stack.height : -stack.height;
  }
  return variantOf(position).noMoveMeans === 'win' ? -total : total;
}
