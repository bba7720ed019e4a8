/** Bound kinds stored with a score. */
export const BOUND_EXACT = 1;
export const BOUND_LOWER = 2;
export const BOUND_UPPER = 3;

/** What `lookUp` returns when the table does not decide the node. */
export const NO_CUTOFF = -0x80000000;

/**
 * A transposition table in one Int32Array: buckets of two entries, four slots per entry:
 *   [0] high 32 bits of the position key (the bucket comes from the low bits)
 *   [1] the best move's key (see search.ts moveKey), 0 for none
 *   [2] the score
 *   [3] depth (bits 0–7) | bound (bits 8–9) | generation (bits 16–31)
 * The first entry of a bucket keeps the deepest result of the current search, the second takes
 * whatever the first does not (always replaced), so deep results survive the flood of shallow
 * ones and recent ones are still found.
 * Each search starts a new generation, and entries of older generations read as empty: so a
 * reused table never makes one search depend on another (levels stay deterministic), and
 * clearing costs nothing.
 * Scores beyond `mateBound` (a win or loss in so many plies) are stored relative to the node, so
 * that they stay right when the position comes back at another ply.
 */
export class TranspositionTable {
  private readonly data: Int32Array;
  private readonly mask: number;
  private generation = 0;
  private readonly mateBound: number;
  /** The stored best move of the node `lookUp` last found (0 for none). */
  hashMove = 0;

  /** 2^bits entries (16 bytes each); scores beyond ±mateBound count plies (default: none do). */
  constructor(bits: number, mateBound = Infinity) {
    this.mateBound = mateBound;
    const buckets = Math.max(bits - 1, 1);
    this.data = new Int32Array(8 << buckets);
    this.mask = (1 << buckets) - 1;
  }

  /** Starts a new, empty-looking generation. */
  newSearch(): void {
    this.generation = (this.generation + 1) & 0xffff;
    if (this.generation === 0) {
      this.data.fill(0);
      this.generation = 1;
    }
  }

  /** The entry's offset for this key, or -1 when the table holds nothing for it. */
  probe(low: number, high: number): number {
    const at = (low & this.mask) << 3;
    const data = this.data;
    const generation = this.generation;
    if (data[at] === high && data[at + 3]! >>> 16 === generation) return at;
    if (data[at + 4] === high && data[at + 7]! >>> 16 === generation) return at + 4;
    return -1;
  }

  /**
   * Looks up the node (low, high) at `ply`, to be searched `depth` deep with the window (alpha,
   * beta): `hashMove` becomes its stored best move (0 when there is none), and its stored score
   * is returned when that decides the node (searched at least as deep, with a bound that cuts
   * the window, and not on the principal variation: `pvNode`); otherwise NO_CUTOFF.
   */
  lookUp(
    low: number,
    high: number,
    depth: number,
    alpha: number,
    beta: number,
    pvNode: boolean,
    ply: number,
  ): number {
    const at = this.probe(low, high);
    if (at < 0) {
      this.hashMove = 0;
      return NO_CUTOFF;
    }
    this.hashMove = this.move(at);
    if (pvNode || this.depth(at) < depth) return NO_CUTOFF;
    const stored = this.score(at);
    const bound = this.mateBound;
    const score = stored > bound ? stored - ply : stored < -bound ? stored + ply : stored;
    const kind = this.bound(at);
    const cuts =
      kind === BOUND_EXACT ||
      (kind === BOUND_LOWER && score >= beta) ||
      (kind === BOUND_UPPER && score <= alpha);
    return cuts ? score : NO_CUTOFF;
  }

  move(at: number): number {
    return this.data[at + 1]!;
  }
  score(at: number): number {
    return this.data[at + 2]!;
  }
  depth(at: number): number {
    return this.data[at + 3]! & 0xff;
  }
  bound(at: number): number {
    return (this.data[at + 3]! >> 8) & 3;
  }

  /** Stores a node's result; `ply`: the node's, for a win or loss in so many plies. */
  store(
    low: number,
    high: number,
    move: number,
    score: number,
    depth: number,
    bound: number,
    ply = 0,
  ) {
    const mateBound = this.mateBound;
    if (score > mateBound) score += ply;
    else if (score < -mateBound) score -= ply;
    const base = (low & this.mask) << 3;
    const data = this.data;
    const generation = this.generation;
    const firstInfo = data[base + 3]!;
    const firstCurrent = firstInfo >>> 16 === generation;
    let at: number;
    if (data[base] === high && firstCurrent) {
      // The same position: keep a deeper bound unless the new result is exact.
      if ((firstInfo & 0xff) > depth && bound !== BOUND_EXACT) return;
      at = base;
    } else if (!firstCurrent || depth >= (firstInfo & 0xff)) {
      at = base;
      // The displaced entry of this search moves to the second place.
      if (firstCurrent) data.copyWithin(base + 4, base, base + 4);
    } else at = base + 4;
    const info = data[at + 3]!;
    // A bound without a best move keeps the move an earlier entry of this position found.
    if (move !== 0 || data[at] !== high || info >>> 16 !== generation) data[at + 1] = move;
    data[at] = high;
    data[at + 2] = score;
    data[at + 3] = (depth & 0xff) | (bound << 8) | (generation << 16);
  }
}
