import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TranspositionTable } from './transposition.js';

export { NO_CUTOFF } from './transposition.js';

/**
 * What the two-player search (search.ts) and the table search (table/search.ts) share: their
 * limits, the budget (nodes, clock, cancel flag), killers and history, the principal-variation
 * table, and the move-ordering ranks. The searches' inner loops stay in their own classes.
 */

/** Deepest ply of a search (capture sequences and extensions stop here). */
export const MAX_PLY = 96;
/** Nodes between two looks at the clock and the cancel flag. */
export const CHECK_EVERY = 1023;

/** Move-ordering ranks: the hash move, captures, promotions, killers, then history scores. */
export const HASH_MOVE = 1 << 30;
export const CAPTURE = 1 << 28;
export const PROMOTION = 1 << 27;
export const KILLER_1 = (1 << 26) + 1;
export const KILLER_2 = 1 << 26;
/** History scores are halved when one passes this, so that they stay below the killers. */
const HISTORY_LIMIT = 1 << 25;

/** Where a search stands after a completed iteration. */
export interface IterationInfo {
  readonly depth: number;
  /** The best move so far in full-path notation, and its score (see the search's scores). */
  readonly move: string;
  readonly score: number;
  readonly nodes: number;
  readonly ms: number;
}

/** The limits both searches take. */
export interface BaseSearchLimits {
  /** Deepest iteration (default: as deep as the other limits allow). */
  readonly maxDepth?: number;
  /** Node budget: the search stops soon after this many nodes (checked every 1024 nodes). */
  readonly maxNodes?: number;
  /** Time budget in ms, measured from the call. */
  readonly timeMs?: number;
  /** Polled with the clock; true stops the search (its best move so far is still returned). */
  readonly isCancelled?: () => boolean;
  /**
   * After the last full iteration, search every root move with an open window so that
   * `rootScores` holds exact scores (used by the lower levels to choose among near-best moves).
   */
  readonly scoreAllMoves?: boolean;
  /** Called after each completed iteration (the CLI shows a deep search's progress). */
  readonly onIteration?: (iteration: IterationInfo) => void;
}

/** What both searches report besides their root moves and scores. */
export interface BaseSearchResult {
  /** Index of the chosen root move; -1 when there is none. */
  readonly best: number;
  /** Deepest completed iteration (0 when the move was forced or nothing completed). */
  readonly depth: number;
  readonly nodes: number;
  readonly ms: number;
  /** The principal variation in full-path notation, from the chosen move, read back from the table. */
  readonly pv: readonly string[];
}

/** The state of a search that is not its board: budget, ordering tables and lines. */
export abstract class SearchBase {
  protected readonly tt: TranspositionTable;
  protected readonly killers = new Int32Array(2 * (MAX_PLY + 2));
  protected readonly historyScores: Int32Array;
  /** Triangular principal-variation table: the line found below each ply, as move keys. */
  protected readonly pvKeys = new Int32Array((MAX_PLY + 2) * (MAX_PLY + 2));
  protected readonly pvLength = new Int32Array(MAX_PLY + 2);
  protected nodes = 0;
  protected maxNodes = Infinity;
  protected deadline = Infinity;
  protected isCancelled: (() => boolean) | undefined;
  protected stopped = false;
  /** The clock of the time limits, in ms. */
  readonly now: () => number;

  /**
   * @param ttBits the transposition table holds 2^ttBits entries (16 bytes each).
   * @param now the clock the time limits read, in ms (default performance.now). Node counts
   *   under a time cap depend on machine load; a test that needs the node budget alone to
   *   decide passes a clock that stands still.
   * @param historySize entries of the history table (sides or seats × from × to).
   * @param mateBound scores beyond it are wins or losses in so many plies (default: none are).
   */
  protected constructor(
    ttBits: number,
    now: (() => number) | undefined,
    historySize: number,
    mateBound?: number,
  ) {
    this.tt = new TranspositionTable(ttBits, mateBound);
    this.now = now ?? (() => performance.now());
    this.historyScores = new Int32Array(historySize);
  }

  /**
   * Starts a search begun at `started`: a new table generation, empty killers and history, the
   * budget of `limits`. Returns whether every root move is to be scored (then the iterations
   * get half the node budget, the scoring the rest).
   */
  protected begin(limits: BaseSearchLimits, started: number): boolean {
    this.tt.newSearch();
    this.killers.fill(0);
    this.historyScores.fill(0);
    this.nodes = 0;
    this.stopped = false;
    const scoreAll = limits.scoreAllMoves === true;
    this.maxNodes = (limits.maxNodes ?? Infinity) * (scoreAll ? 0.5 : 1);
    this.deadline = limits.timeMs === undefined ? Infinity : started + limits.timeMs;
    this.isCancelled = limits.isCancelled;
    return scoreAll;
  }

  /** Reports a completed iteration to `limits.onIteration`. */
  protected report(
    limits: BaseSearchLimits,
    started: number,
    depth: number,
    move: string,
    score: number,
  ): void {
    limits.onIteration?.({ depth, move, score, nodes: this.nodes, ms: this.now() - started });
  }

  /** Whether a deeper iteration would not fit: 45% of the time or 60% of the nodes spent. */
  protected spent(limits: BaseSearchLimits, started: number): boolean {
    return (
      this.now() - started > (limits.timeMs ?? Infinity) * 0.45 || this.nodes > this.maxNodes * 0.6
    );
  }

  /**
   * With scoreAllMoves: searches every root move but the best of a completed iteration with an
   * open window on the rest of the node budget, at the completed depth (at least 1), and puts
   * each score found in time into `scores`. `scoreMove(i, depth)` plays move i, returns its
   * score from the root's side and takes it back.
   */
  protected scoreRootMoves(
    limits: BaseSearchLimits,
    scores: Int32Array | Float64Array,
    best: number,
    completed: number,
    scoreMove: (i: number, depth: number) => number,
  ): void {
    this.maxNodes = limits.maxNodes ?? Infinity;
    this.stopped = this.nodes >= this.maxNodes || this.now() >= this.deadline;
    const depth = Math.max(completed, 1);
    for (let i = 0; i < scores.length && !this.stopped; i++) {
      if (i === best && completed > 0) continue;
      const score = scoreMove(i, depth);
      if (!this.isStopped()) scores[i] = score;
    }
  }

  /** A quiet move that cut off: a killer at `ply`, and its history entry `index` grows. */
  protected rewardQuiet(ply: number, key: number, index: number, depth: number): void {
    const killers = this.killers;
    if (killers[ply * 2] !== key) {
      killers[ply * 2 + 1] = killers[ply * 2]!;
      killers[ply * 2] = key;
    }
    const history = this.historyScores;
    const h = (history[index]! += depth * depth);
    if (h > HISTORY_LIMIT) for (let i = 0; i < history.length; i++) history[i]! >>= 1;
  }

  /**
   * The stop flag, read through a call: the recursive calls in between may set it, which the type
   * checker cannot see when it narrows a field read after an earlier check.
   */
  protected isStopped(): boolean {
    return this.stopped;
  }

  protected checkLimits(): void {
    if (
      this.nodes >= this.maxNodes ||
      this.now() >= this.deadline ||
      (this.isCancelled !== undefined && this.isCancelled())
    ) {
      this.stopped = true;
    }
  }

  /** The line at `ply` becomes `key` followed by the line found at ply + 1. */
  protected updateLine(ply: number, key: number): void {
    const width = MAX_PLY + 2;
    const keys = this.pvKeys;
    const childLength = this.pvLength[ply + 1]!;
    keys[ply * width] = key;
    for (let i = 0; i < childLength; i++) keys[ply * width + 1 + i] = keys[(ply + 1) * width + i]!;
    this.pvLength[ply] = childLength + 1;
  }
}

/** Root move indices by their ordering scores, highest first (equals keep their order). */
export function rootOrderOf(order: Int32Array, count: number): number[] {
  return Array.from({ length: count }, (_, i) => i).sort((a, b) => order[b]! - order[a]!);
}

/**
 * Selection sort's step: the index of the highest of order[k..count) (the first of equals),
 * the move to search next.
 */
export function nextBest(order: Int32Array, k: number, count: number): number {
  let i = k;
  let top = order[k]!;
  for (let j = k + 1; j < count; j++) {
    if (order[j]! > top) {
      top = order[j]!;
      i = j;
    }
  }
  return i;
}

/** The bound a node's best score proves for the window (alphaStart, beta) it was searched with. */
export function boundOf(bestScore: number, alphaStart: number, beta: number): number {
  return bestScore <= alphaStart ? BOUND_UPPER : bestScore >= beta ? BOUND_LOWER : BOUND_EXACT;
}
