/**
 * Stand-in solvers for a puzzle nobody has tried yet: the greedy player and the engine's lower
 * levels (seeded, as in play) attempt it as a person would, the defender's replies being the line's. What they
 * solve is what the seed rating's model is fitted to (seed-rating.ts, `puzzles fit`).
 */
import { think, type PlayerSpec, type Searcher } from '../ai/index.js';
import { makeFen, parseFen } from '../engine/index.js';
import { play } from './miner.js';
import type { Puzzle } from './puzzle.js';

/**
 * Who tries, and the puzzle rating each stands for (the tiers' scale, tierOf): the greedy
 * player (material one ply ahead) and the levels 1-6, 200 points apart. A choice, not a
 * measurement: the engine sees tactics more easily than people do, so the stand-ins sit a
 * little above the tier they would otherwise mark.
 */
export const TRIAL_SOLVERS: readonly { readonly player: PlayerSpec; readonly rating: number }[] = [
  { player: { kind: 'greedy' }, rating: 1000 },
  ...[1, 2, 3, 4, 5, 6].map((level) => ({
    player: { kind: 'level', level } as const,
    rating: 1000 + 200 * level,
  })),
];

/** Attempts per level, each with its own seed (the lower levels choose among near-best moves). */
export const TRIALS_PER_LEVEL = 3;

/** One stand-in's attempt: whether every solver move matched the line. */
export function trySolve(
  searcher: Searcher,
  puzzle: Puzzle,
  player: PlayerSpec,
  seed: number,
): boolean {
  const parsed = parseFen(puzzle.fen, puzzle.variant);
  if (!parsed.ok) return false;
  let position = parsed.value;
  for (const [ply, move] of puzzle.solution.entries()) {
    if (ply % 2 === 0) {
      const answer = think(searcher, {
        variant: puzzle.variant,
        fen: makeFen(position),
        player,
        seed: seed * 31 + ply,
      });
      if (answer.move !== move) return false;
    }
    position = play(position, move);
  }
  return true;
}

/** Every stand-in's attempts: per solver, how many of TRIALS_PER_LEVEL solved it. */
export function solverTrials(
  searcher: Searcher,
  puzzle: Puzzle,
): { rating: number; solved: number; tried: number }[] {
  return TRIAL_SOLVERS.map(({ player, rating }) => {
    let solved = 0;
    for (let trial = 0; trial < TRIALS_PER_LEVEL; trial++)
      if (trySolve(searcher, puzzle, player, trial + 1)) solved++;
    return { rating, solved, tried: TRIALS_PER_LEVEL };
  });
}
