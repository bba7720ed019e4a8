/** Bound kinds stored with a score. */
export const BOUND_EXACT = 1;
export const BOUND_LOWER = 2;
export const BOUND_UPPER = 3;

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
 */
export class TranspositionTable {
  private readonly data: Int32Array;
  private readonly mask: number;
  private generation = 0;

  /** 2^bits entries (16 bytes each). */
  constructor(bits: number) {
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

  store(low: number, high: number, move: number, score: number, depth: number, bound: number) {
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
