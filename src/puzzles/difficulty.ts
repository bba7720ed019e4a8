import { defaultWeights, type Searcher } from '../ai/index.js';
import type { Position } from '../engine/index.js';
import { isWinning } from './analysis.js';

/** Deepest iteration tried; a move not found by then is the hardest grade. */
const MAX_DEPTH = 8;
/** Per-search node cap, so that a wide position cannot take long. */
const NODES = 400_000;

/**
 * How hard the first move is to see, from search effort: the shallowest full-width search depth
 * at which the engine already plays `move` with a winning score, graded 1 (depth 1) 2 (2-3)
 * 3 (4-5) 4 (6-7) 5 (8 or not found). Solve statistics can refine it later.
 */
export function searchDifficulty(searcher: Searcher, position: Position, move: string): number {
  const weights = defaultWeights(position.variant);
  for (let depth = 1; depth <= MAX_DEPTH; depth++) {
    const result = searcher.search(position, weights, { maxDepth: depth, maxNodes: NODES });
    if (result.pv[0] === move && isWinning(result.score)) return gradeOf(depth);
  }
  return 5;
}

function gradeOf(depth: number): number {
  return Math.min(5, 1 + Math.floor(depth / 2));
}
