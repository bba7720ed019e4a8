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
  /** 1 (seen by a 1-ply search) to 5 (needs 8 plies or more), see difficulty.ts. */
  readonly difficulty: number;
  /** Where it came from: `<library seed>/<game index>/<ply>`. */
  readonly seed: string | number;
  readonly goal: Goal;
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
