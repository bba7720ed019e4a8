import { defaultWeights, type Searcher } from '../ai/index.js';
import { applyMove, legalMoves, makeMove, variantOf, type Position } from '../engine/index.js';
import { isWinning } from './analysis.js';
import type { PuzzleFeatures } from './puzzle.js';

/** Deepest iteration tried; a move not found by then is the hardest grade. */
const MAX_DEPTH = 8;
/** Per-search node cap, so that a wide position cannot take long. */
const NODES = 400_000;
/** An alternative is plausible when a shallow look rates it within this of the best (a man). */
const PLAUSIBLE_WITHIN = 100;

/**
 * Search effort: the shallowest full-width search depth at which the engine already plays
 * `move` with a winning score; MAX_DEPTH + 1 when not found by MAX_DEPTH.
 */
export function searchDepth(searcher: Searcher, position: Position, move: string): number {
  const weights = defaultWeights(position.variant);
  for (let depth = 1; depth <= MAX_DEPTH; depth++) {
    const result = searcher.search(position, weights, { maxDepth: depth, maxNodes: NODES });
    if (result.pv[0] === move && isWinning(result.score)) return depth;
  }
  return MAX_DEPTH + 1;
}

/**
 * How hard the first move is to see, from search effort (searchDepth), graded 1 (depth 1)
 * 2 (2-3) 3 (4-5) 4 (6-7) 5 (8 or not found): the grade of puzzles without a seed rating.
 */
export function searchDifficulty(searcher: Searcher, position: Position, move: string): number {
  return gradeOfDepth(searchDepth(searcher, position, move));
}

export function gradeOfDepth(depth: number): number {
  return Math.min(5, 1 + Math.floor(depth / 2));
}

/** What the seed rating is computed from (PuzzleFeatures) for a first move `key`. */
export function puzzleFeatures(
  searcher: Searcher,
  position: Position,
  key: string,
): PuzzleFeatures {
  return {
    depth: searchDepth(searcher, position, key),
    alternatives: plausibleAlternatives(searcher, position, key),
  };
}

/**
 * The other first moves that look as good at a glance: a 2-ply look (each move, then a 1-ply
 * search of the reply) rates them within PLAUSIBLE_WITHIN of the best move's look.
 */
export function plausibleAlternatives(searcher: Searcher, position: Position, key: string): number {
  const variant = variantOf(position);
  const weights = defaultWeights(position.variant);
  const looks = legalMoves(position).map((move) => {
    const after = applyMove(position, move);
    const score =
      legalMoves(after).length === 0
        ? (variant.noMoveMeans === 'win' ? -1 : 1) * 100_000
        : -searcher.search(after, weights, { maxDepth: 1, maxNodes: NODES }).score;
    return { text: makeMove(variant, move), score };
  });
  const best = Math.max(...looks.map((look) => look.score));
  return looks.filter((look) => look.text !== key && look.score >= best - PLAUSIBLE_WITHIN).length;
}
