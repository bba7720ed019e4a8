import type { VariantId } from '../engine/index.js';

/** What a puzzle's line shows, detected from the moves (see themes.ts). */
export type Theme =
  'multi-capture' | 'freeing-prisoners' | 'promotion' | 'sacrifice' | 'king-capture' | 'blockade';

/** Every theme, in the order they are listed. */
export const THEMES: readonly Theme[] = [
  'multi-capture',
  'freeing-prisoners',
  'promotion',
  'sacrifice',
  'king-capture',
  'blockade',
];

/**
 * What the solver is asked to do:
 * - 'block': the line ends with the defender to move, owning stacks, and without a legal move;
 * - 'win': the first move forces a win (a verified MATE score); the line ends at the win when
 *   every solver move on the way is unique, else earlier;
 * - 'material': the first move wins decisively by the evaluation (see thresholds.ts).
 */
export type Goal = 'win' | 'block' | 'material';

export const GOALS: readonly Goal[] = ['win', 'block', 'material'];

/** One puzzle: a position, its forced line and what it is about. */
export interface Puzzle {
  /** `<variant>-<12 hex digits of the position key>`: stable across regenerations. */
  readonly id: string;
  readonly variant: VariantId;
  /** The position, the solver to move (our FEN). */
  readonly fen: string;
  /**
   * Full-path moves, the solver's and the defender's alternating, the solver's first. It ends
   * with a solver move, or with the defender's move that ends the game (giveaway).
   */
  readonly solution: readonly string[];
  readonly themes: readonly Theme[];
  /**
   * 1 to 5: from the seed rating (seed-rating.ts) when the puzzle has one, else from search
   * effort (difficulty.ts). Once enough people have tried it, their results decide instead.
   */
  readonly difficulty: number;
  /** Where it came from: `<library seed>/<game index>/<ply>`. */
  readonly seed: string | number;
  readonly goal: Goal;
  /**
   * The move that made the puzzle: the position before it (the defender to move) and the move
   * played there, a mistake a stronger search refutes. The board shows it as the last move.
   */
  readonly mistake?: { readonly fen: string; readonly move: string };
  /** What the seed rating is computed from (mined puzzles; see seed-rating.ts). */
  readonly features?: PuzzleFeatures;
  /** The rating the puzzle starts with before anyone has tried it (seed-rating.ts). */
  readonly rating?: number;
}

/** What makes a puzzle hard, as the miner measures it. */
export interface PuzzleFeatures {
  /**
   * Search effort: the shallowest full-width depth at which the engine plays the first move
   * with a winning score (9: not by depth 8).
   */
  readonly depth: number;
  /** Other first moves a shallow look (a 2-ply search) rates within a man of the best. */
  readonly alternatives: number;
}

/** Where a library came from. */
export interface GeneratedBy {
  readonly command: string;
  readonly seed: number;
  readonly [key: string]: unknown;
}

/** A puzzle library file (assets/puzzles/<variant>.json). */
export interface PuzzleLibrary {
  readonly schemaVersion: 1;
  readonly variant: VariantId;
  readonly generatedBy: GeneratedBy;
  readonly puzzles: readonly Puzzle[];
}

/** The library format version this code reads and writes. */
export const SCHEMA_VERSION = 1;
