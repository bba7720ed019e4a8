import { defaultWeights, MATE, MATE_BOUND, Searcher } from '../ai/index.js';
import {
  applyMove,
  legalMoves,
  makeMove,
  variantOf,
  type Move,
  type Position,
} from '../engine/index.js';
import { MARGIN, NOT_WINNING, WINNING } from './thresholds.js';

/** A searcher whose clock stands still: node budgets alone decide, so results are reproducible. */
export function puzzleSearcher(ttBits = 18): Searcher {
  return new Searcher({ ttBits, now: () => 0 });
}

/** Whether a score (solver's side) is a decisive win: three men or more, or a forced win. */
export function isWinning(score: number): boolean {
  return score >= WINNING;
}

export function isMateScore(score: number): boolean {
  return score > MATE_BOUND;
}

/** The verdict on the side to move's choice in a position. */
export type Choice =
  | { readonly kind: 'forced'; readonly move: string }
  | {
      readonly kind: 'unique';
      readonly move: string;
      /** The winning move's verified score. */
      readonly score: number;
      /** The best score among the other moves. */
      readonly runnerUp: number;
    }
  | { readonly kind: 'none'; readonly reason: 'no-move' | 'not-winning' | 'not-unique' };

/**
 * Whether the side to move has exactly one winning move: a search of `proposeNodes` proposes
 * it, then every legal move gets its own search of `verifyNodes` (the position after it): the
 * proposed move must score WINNING or more and every other at most NOT_WINNING and MARGIN below
 * it. A position with one legal move is 'forced' (never a puzzle by itself).
 * With `mateOnly` (the later moves of a forced win), the move must keep a forced win (a MATE
 * score) and no other move may.
 */
export function uniqueWin(
  searcher: Searcher,
  position: Position,
  budgets: { readonly proposeNodes: number; readonly verifyNodes: number },
  mateOnly = false,
): Choice {
  const variant = variantOf(position);
  const moves = legalMoves(position);
  if (moves.length === 0) return { kind: 'none', reason: 'no-move' };
  if (moves.length === 1) return { kind: 'forced', move: makeMove(variant, moves[0]!) };
  const proposal = searcher.search(position, defaultWeights(position.variant), {
    maxNodes: budgets.proposeNodes,
  });
  const proposed = proposal.pv[0];
  if (proposed === undefined) return { kind: 'none', reason: 'not-winning' };
  const candidate = moves.find((move) => makeMove(variant, move) === proposed);
  if (candidate === undefined) return { kind: 'none', reason: 'not-winning' };
  const score = moveScore(searcher, position, candidate, budgets.verifyNodes);
  if (mateOnly ? !isMateScore(score) : !isWinning(score))
    return { kind: 'none', reason: 'not-winning' };
  const limit = mateOnly ? MATE_BOUND : Math.min(NOT_WINNING, score - MARGIN);
  let runnerUp = -MATE;
  for (const move of moves) {
    if (move === candidate) continue;
    const other = moveScore(searcher, position, move, budgets.verifyNodes);
    if (other > limit) return { kind: 'none', reason: 'not-unique' };
    runnerUp = Math.max(runnerUp, other);
  }
  return { kind: 'unique', move: proposed, score, runnerUp };
}

/** The score of one move for the side to move: a search of the position after it. */
export function moveScore(
  searcher: Searcher,
  position: Position,
  move: Move,
  nodes: number,
): number {
  return fromChild(-positionValue(searcher, applyMove(position, move), nodes));
}

/**
 * The value of a position for its side to move by a search of `nodes`. Forced moves are played
 * first (the search answers a one-move position with a static guess), up to 24 plies.
 */
export function positionValue(searcher: Searcher, position: Position, nodes: number): number {
  let current = position;
  let sign = 1;
  let plies = 0;
  for (;;) {
    const moves = legalMoves(current);
    const noMoveWins = variantOf(current).noMoveMeans === 'win';
    if (moves.length === 0) return sign * (noMoveWins ? MATE - plies : plies - MATE);
    if (moves.length > 1 || plies >= 24) {
      let score = searcher.search(current, defaultWeights(current.variant), {
        maxNodes: nodes,
      }).score;
      if (score > MATE_BOUND) score -= plies;
      else if (score < -MATE_BOUND) score += plies;
      return sign * score;
    }
    current = applyMove(current, moves[0]!); // the one move: none and several returned above
    sign = -sign;
    plies++;
  }
}

/** A child's negated score one ply up: a forced win is one ply further away. */
function fromChild(score: number): number {
  if (score > MATE_BOUND) return score - 1;
  if (score < -MATE_BOUND) return score + 1;
  return score;
}
