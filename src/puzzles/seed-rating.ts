/**
 * The rating a puzzle starts with, before people have tried it: a linear model of what the
 * miner measured (search effort, solver moves, plausible alternatives, whether a simple rule
 * finds the first move), fitted by `puzzles fit` to how the engine's weaker levels fare on the
 * puzzles (solver-trials.ts). People's results take over once a puzzle has enough attempts.
 */
import { firstMoveReport, type CoinFlip } from './coin-flips.js';
import type { Puzzle, PuzzleFeatures } from './puzzle.js';

/** The model's terms, in the order of its coefficients. */
export const SEED_TERMS = [
  'constant',
  'depth',
  'solverMoves',
  'alternatives',
  'simpleRule',
] as const;

export type SeedModel = Readonly<Record<(typeof SEED_TERMS)[number], number>>;

/**
 * The fitted model: `npm run cli -- puzzles fit FILE --limit 200` on the first 200 puzzles of
 * the earlier bashni library (rms error 195 rating points, the same tier as the trials for
 * 62%); docs/puzzles.md has the fit.
 */
export const SEED_MODEL: SeedModel = {
  constant: 1028.7,
  depth: 18.7,
  solverMoves: 109.6,
  alternatives: 15.9,
  simpleRule: -40,
};

/** The model's inputs for a puzzle (`flips`: its coin flips, when the caller has them). */
export function seedTerms(
  puzzle: Pick<Puzzle, 'fen' | 'variant' | 'solution'>,
  features: PuzzleFeatures,
  flips: readonly CoinFlip[] = firstMoveReport(puzzle).flips,
): Record<(typeof SEED_TERMS)[number], number> {
  return {
    constant: 1,
    depth: features.depth,
    solverMoves: Math.ceil(puzzle.solution.length / 2),
    alternatives: features.alternatives,
    simpleRule: flips.some((flip) => flip !== 'few-candidates') ? 1 : 0,
  };
}

/** A model's rating for a puzzle's terms (unbounded). */
export function modelRating(model: SeedModel, terms: ReturnType<typeof seedTerms>): number {
  return SEED_TERMS.reduce((sum, term) => sum + model[term] * terms[term], 0);
}

/** The seed rating by SEED_MODEL, from 800 to 2600 (`flips` as for seedTerms). */
export function seedRating(
  puzzle: Pick<Puzzle, 'fen' | 'variant' | 'solution'>,
  features: PuzzleFeatures,
  flips?: readonly CoinFlip[],
): number {
  const rating = modelRating(SEED_MODEL, seedTerms(puzzle, features, flips));
  return Math.round(Math.min(2600, Math.max(800, rating)));
}

/**
 * The tier (1-5) of a rating, a solver's or a puzzle's: 1 below 1350, each 200 points one
 * more, 5 from 1950. /puzzle offers a player the tier of their own rating.
 */
export function tierOf(rating: number): number {
  return Math.min(5, Math.max(1, Math.round((rating - 1050) / 200)));
}

/**
 * The least-squares model of `samples` (each: the terms of a puzzle and its target rating),
 * by the normal equations. Undefined when the terms do not determine it (too few samples, or
 * a term that never varies).
 */
export function fitSeedModel(
  samples: readonly { terms: Record<(typeof SEED_TERMS)[number], number>; target: number }[],
): SeedModel | undefined {
  const n = SEED_TERMS.length;
  const a = Array.from({ length: n }, () => new Array<number>(n + 1).fill(0));
  for (const { terms, target } of samples) {
    const x = SEED_TERMS.map((term) => terms[term]);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) a[i]![j]! += x[i]! * x[j]!;
      a[i]![n]! += x[i]! * target;
    }
  }
  // Gaussian elimination with partial pivoting.
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++)
      if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    if (Math.abs(a[pivot]![col]!) < 1e-9) return undefined;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let row = 0; row < n; row++) {
      if (row === col) continue;
      const factor = a[row]![col]! / a[col]![col]!;
      for (let k = col; k <= n; k++) a[row]![k]! -= factor * a[col]![k]!;
    }
  }
  const model = Object.fromEntries(
    SEED_TERMS.map((term, i) => [term, Math.round((a[i]![n]! / a[i]![i]!) * 10) / 10]),
  );
  return model as SeedModel;
}
