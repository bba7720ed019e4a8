import { playGame, think, type Searcher, type ThinkRequest } from '../../src/ai/index.js';
import { startPosition, type VariantId } from '../../src/engine/index.js';

/** Thinks on one in-process searcher (give it a clock that stands still: budgets decide). */
export function inProcessOn(searcher: Searcher) {
  return (request: ThinkRequest) => Promise.resolve(think(searcher, request));
}

/** A whole game from the start between two bot levels at a reduced scale, thought in process. */
export function levelsGame(
  variant: VariantId,
  levels: { white: number; black: number },
  options: { seed: number; scale: number; maxPlies: number },
  searcher: Searcher,
) {
  return playGame({
    start: startPosition(variant),
    white: { kind: 'level', level: levels.white },
    black: { kind: 'level', level: levels.black },
    think: inProcessOn(searcher),
    ...options,
  });
}
