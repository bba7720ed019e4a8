/**
 * The miner's thresholds and search budgets. Scores are the evaluation's centi-men (a lone man
 * is about 100, a king about 310; see src/ai/weights.ts), from the solver's side; MATE scores
 * (src/ai/search.ts) are forced wins.
 */
export interface PuzzleBudgets {
  /** Nodes of the quick look at every position of a game (all root moves scored). */
  readonly scanNodes: number;
  /** Nodes of the search that proposes a position's best move during verification. */
  readonly proposeNodes: number;
  /** Nodes of each verifying search, one per legal move (deeper than the scan). */
  readonly verifyNodes: number;
  /** Nodes of the search that picks the defender's reply. */
  readonly defendNodes: number;
}

/** The budgets the committed libraries were made and are checked with. */
export const DEFAULT_BUDGETS: PuzzleBudgets = {
  scanNodes: 20_000,
  proposeNodes: 300_000,
  verifyNodes: 150_000,
  defendNodes: 300_000,
};

/**
 * The strict budgets of `puzzles check --deep`: ten times the default, so that a second
 * solution or a better defence the library's own search missed shows.
 */
export const DEEP_BUDGETS: PuzzleBudgets = {
  scanNodes: DEFAULT_BUDGETS.scanNodes * 10,
  proposeNodes: DEFAULT_BUDGETS.proposeNodes * 10,
  verifyNodes: DEFAULT_BUDGETS.verifyNodes * 10,
  defendNodes: DEFAULT_BUDGETS.defendNodes * 10,
};

/**
 * A defender's reply in a line is the best defence if no other reply scores more than this
 * better for the defender (half a man: what one search depth more or less moves a score); of
 * two forced losses, the line's must be the slower.
 */
export const DEFENCE_TOLERANCE = 50;

/** A winning move scores at least this (three men), or a MATE score. */
export const WINNING = 300;
/** Every other move scores at most this (at most a one-man edge): it does not win. */
export const NOT_WINNING = 100;
/** ...and at least this much below the winning move. */
export const MARGIN = 250;
/** A 'material' puzzle gains at least this much over the material balance on the board. */
export const SWING = 200;
/** The scan's looser filter: best at least this, every other move at least SCAN_MARGIN worse. */
export const SCAN_WINNING = 200;
export const SCAN_MARGIN = 150;
/** Longest solution, in plies. */
export const MAX_PLIES = 9;
