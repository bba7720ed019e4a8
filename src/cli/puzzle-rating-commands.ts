/**
 * `puzzles rate` and `puzzles fit`: the seed ratings of a library. `fit` lets the engine's
 * weaker levels try every puzzle (solver-trials.ts), rates each puzzle by Glicko-2 from those
 * attempts, and fits the seed model to the ratings; `rate` applies the model (SEED_MODEL) to a
 * library: seed ratings, difficulties, themes again, and the coin-flip filter that needs the
 * tier (a first move a simple rule finds stays only in the easiest tier).
 */
import { writeFileSync } from 'node:fs';
import { readGoodLibrary } from './library-file.js';
import {
  countsAfterRemoval,
  coinFlips,
  describeFunnel,
  detectThemes,
  encodeLibrary,
  fitSeedModel,
  modelRating,
  puzzleFeatures,
  puzzleSearcher,
  SEED_MODEL,
  SEED_TERMS,
  seedRating,
  seedTerms,
  solverTrials,
  tierOf,
  type MiningCounts,
  type Puzzle,
  type PuzzleFeatures,
  type SeedModel,
} from '../puzzles/index.js';
import { parseFen, type Position } from '../engine/index.js';
import { DEFAULT_RATING, updateRating, type RatedResult } from '../ratings/glicko2.js';
import { readOptions, UsageError, type Print } from './options.js';
import type { Searcher } from '../ai/index.js';

/** The puzzle's features: as mined, or measured now (a library mined before they were kept). */
function featuresOf(searcher: Searcher, puzzle: Puzzle, position: Position): PuzzleFeatures {
  return puzzle.features ?? puzzleFeatures(searcher, position, puzzle.solution[0]!);
}

/** A library puzzle's position (the codec has checked its FEN). */
function positionOf(puzzle: Puzzle): Position {
  const parsed = parseFen(puzzle.fen, puzzle.variant);
  if (!parsed.ok) throw new UsageError(`${puzzle.id}: bad FEN`);
  return parsed.value;
}

/**
 * `puzzles rate FILE [--out FILE]`: seed ratings and difficulties by SEED_MODEL, themes
 * detected again; a puzzle whose line repeats an earlier one's, and one a simple rule solves
 * outside the easiest tier, removed (counted in generatedBy.counts); writes FILE again (or
 * --out).
 */
export function rateCommand(args: string[], print: Print): number {
  const opts = readOptions(args, { strings: 'out' }, true);
  const [path, ...extra] = opts.positionals;
  if (path === undefined || extra.length > 0)
    throw new UsageError('puzzles rate needs one library file');
  const library = readGoodLibrary(path);
  const searcher = puzzleSearcher();
  const removed: MiningCounts = {};
  const kept: Puzzle[] = [];
  const lines = new Set<string>();
  for (const puzzle of library.puzzles) {
    // The same combination after another mistake (often a ply apart in one game) is one puzzle.
    const line = puzzle.solution.join(' ');
    if (lines.has(line)) {
      removed['repeated-line'] = (removed['repeated-line'] ?? 0) + 1;
      continue;
    }
    lines.add(line);
    const position = positionOf(puzzle);
    const features = featuresOf(searcher, puzzle, position);
    const flips = coinFlips(puzzle);
    const rating = seedRating(puzzle, features, flips);
    const difficulty = tierOf(rating);
    const rule = flips.find((flip) => flip !== 'few-candidates');
    if (rule !== undefined && difficulty > 1) {
      removed[rule] = (removed[rule] ?? 0) + 1;
      continue;
    }
    const themes = detectThemes(position, puzzle.solution);
    kept.push({ ...puzzle, features, rating, difficulty, themes });
  }
  // Kept is the library: what rate removed moved to its stages above.
  const earlier = (library.generatedBy.counts ?? {}) as MiningCounts;
  const counts = countsAfterRemoval(earlier, removed, kept.length);
  const out = opts.values.out ?? path;
  writeFileSync(
    out,
    encodeLibrary({
      ...library,
      generatedBy: { ...library.generatedBy, counts, seedModel: SEED_MODEL },
      puzzles: kept,
    }),
  );
  print(
    `${kept.length} puzzles rated, ${library.puzzles.length - kept.length} removed ` +
      `(${
        Object.entries(removed)
          .map(([rule, n]) => `${rule} ${n}`)
          .join(', ') || 'none'
      }); wrote ${out}`,
  );
  for (const line of describeFunnel(counts)) print(line);
  return 0;
}

/**
 * The rating a puzzle earns against the stand-in solvers: Glicko-2 from the newcomer's rating,
 * one period, the puzzle winning each attempt that fails.
 */
export function trialRating(trials: ReturnType<typeof solverTrials>): number {
  const results = trials.flatMap(({ rating, solved, tried }) =>
    Array.from({ length: tried }, (_, i): RatedResult => ({
      opponent: { ...DEFAULT_RATING, rating, deviation: 60 },
      score: i < solved ? 0 : 1,
    })),
  );
  return updateRating(DEFAULT_RATING, results).rating;
}

/**
 * `puzzles fit FILE... [--limit N]`: the stand-in solvers try the puzzles (the first N of each
 * file with --limit), each puzzle is rated from their attempts (trialRating), and the seed
 * model is fitted to those ratings by least squares. Prints the model, its error and how the
 * tiers compare; the model goes into src/puzzles/seed-rating.ts by hand.
 */
export function fitCommand(args: string[], print: Print): number {
  const opts = readOptions(args, { strings: 'limit' }, true);
  if (opts.positionals.length === 0) throw new UsageError('puzzles fit needs library files');
  const limit = opts.optionalInteger('limit', 1, 100_000);
  const searcher = puzzleSearcher();
  const samples: { terms: ReturnType<typeof seedTerms>; target: number }[] = [];
  const started = Date.now();
  for (const path of opts.positionals) {
    const puzzles = readGoodLibrary(path).puzzles.slice(0, limit);
    for (const puzzle of puzzles) {
      const terms = seedTerms(puzzle, featuresOf(searcher, puzzle, positionOf(puzzle)));
      samples.push({ terms, target: trialRating(solverTrials(searcher, puzzle)) });
    }
    print(
      `${path}: ${puzzles.length} puzzles tried, ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  const model = fitSeedModel(samples);
  if (model === undefined) {
    print('the puzzles do not determine the model (too few, or a term that never varies)');
    return 1;
  }
  const report = (name: string, used: SeedModel) => {
    const predict = (terms: (typeof samples)[number]['terms']) => modelRating(used, terms);
    const errors = samples.map(({ terms, target }) => predict(terms) - target);
    const rms = Math.sqrt(errors.reduce((sum, e) => sum + e * e, 0) / samples.length);
    const sameTier = samples.filter(
      ({ terms, target }) => tierOf(predict(terms)) === tierOf(target),
    ).length;
    print(
      `${name}: rms error ${rms.toFixed(0)}, same tier ${sameTier}/${samples.length} ` +
        `(${Math.round((100 * sameTier) / samples.length)}%)`,
    );
  };
  const targets = samples.map(({ target }) => target).sort((a, b) => a - b);
  const tiers = [1, 2, 3, 4, 5].map((t) => targets.filter((r) => tierOf(r) === t).length);
  print(`trial ratings: ${targets.length} puzzles, tiers 1-5 ${tiers.join(', ')}`);
  print(`fitted: ${SEED_TERMS.map((term) => `${term} ${model[term]}`).join(', ')}`);
  report('fitted model', model);
  report('SEED_MODEL now', SEED_MODEL);
  return 0;
}
