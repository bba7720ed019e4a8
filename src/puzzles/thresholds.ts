/**
 * The miner's thresholds and search budgets. Scores are the evaluation's centi-men (a lone man
 * is about 100, a king about 310; see src/ai/weights.ts), from the solver's side; MATE scores
 * (src/ai/search.ts) are forced wins.
 */
export interface PuzzleBudgets {
  /** Nodes of the search that proposes a position's best move during verification. */
  readonly proposeNodes: number;
  /**
   * Nodes of each verifying search, one per legal move (deeper than the scan); the defender's
   * replies are scored the same way, one search per reply.
   */
  readonly verifyNodes: number;
}

/** The budgets the committed libraries were checked with (and the miner's first filter). */
export const DEFAULT_BUDGETS: PuzzleBudgets = {
  proposeNodes: 300_000,
  verifyNodes: 150_000,
};

/**
 * The strict budgets: ten times the default, so that a second solution or a better defence the
 * default search misses shows. New puzzles are mined at them, and `puzzles check --deep` uses
 * them.
 */
export const DEEP_BUDGETS: PuzzleBudgets = {
  proposeNodes: DEFAULT_BUDGETS.proposeNodes * 10,
  verifyNodes: DEFAULT_BUDGETS.verifyNodes * 10,
};

/**
 * The miner's budgets: the scan of every position of a game, a first verification that throws
 * out most candidates cheaply, and the strict one that makes the puzzle.
 */
export interface MiningBudgets {
  /** Nodes of the quick look at every position of a game (all root moves scored). */
  readonly scanNodes: number;
  readonly prefilter: PuzzleBudgets;
  readonly strict: PuzzleBudgets;
}

export const MINING_BUDGETS: MiningBudgets = {
  scanNodes: 20_000,
  prefilter: DEFAULT_BUDGETS,
  strict: DEEP_BUDGETS,
};

/** Budgets times `factor` (quick trial runs and tests), at least 1 000 nodes each. */
export function scaleBudgets(budgets: MiningBudgets, factor: number): MiningBudgets {
  const nodes = (n: number) => Math.max(1_000, Math.round(n * factor));
  const scale = (b: PuzzleBudgets): PuzzleBudgets => ({
    proposeNodes: nodes(b.proposeNodes),
    verifyNodes: nodes(b.verifyNodes),
  });
  return {
    scanNodes: nodes(budgets.scanNodes),
    prefilter: scale(budgets.prefilter),
    strict: scale(budgets.strict),
  };
}

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
/**
 * A move is a mistake worth a puzzle when the mover's score (the scan's) drops by this much
 * (two men) and the mover was not lost before it.
 */
export const MISTAKE_DROP = 200;
/**
 * A line may end where the solver's way on is no longer unique if a search of this many nodes
 * (the scan's size) already proves the rest a forced win: the win is recognised.
 */
export const RECOGNISE_NODES = 20_000;
/** Longest solution, in plies: a line that has not reached its gain by then is dropped. */
export const MAX_PLIES = 15;
