/**
 * A reusable, allocation-free list of moves for the hot path (perft, search).
 *
 * Each move takes MOVE_STRIDE int32 slots:
 *   [0] from square   [1] final square   [2] number of jumps (0 for a quiet move)   [3] flags
 *   [4 + i] jump i < INLINE_JUMPS: jumped square | landing square << 6 | captured king << 12
 * Every jump takes one enemy piece, so a move has at most as many jumps as a side has pieces;
 * under the Turkish strike each enemy stack is jumped at most once, so at most as many jumps as
 * a side has stacks (Multistorey: 24 pieces in 12 towers, variants.ts maxStacksPerSide). That is
 * 12 on every board of up to 32 squares, all inline. Adiyukh's 10x8 and 10x10 boards (15 and 20
 * pieces a side) can have longer captures: jumps from the 13th on go to `extra`, EXTRA_JUMPS
 * slots per move (read them through jumpEntry). Keeping the stride at 16 keeps the lists of the
 * 8x8 hot path as small as they were. Squares fit in 6 bits (at most 50 squares).
 */
export const MAX_JUMPS = 20;
export const INLINE_JUMPS = 12;
export const EXTRA_JUMPS = MAX_JUMPS - INLINE_JUMPS;
export const MOVE_STRIDE = 4 + INLINE_JUMPS;
/** Flag: the moving stack's top piece is crowned during this move. */
export const FLAG_PROMOTES = 1;
/** Flag: the moving stack's top piece, a king, ends the move as a man (Adiyukh's reversion). */
export const FLAG_DEMOTES = 2;
/**
 * Flag: a cover (Borovikov): a non-capture move (no jumps) onto an occupied square. The Board
 * keeps what unmake needs to restore it; the move itself is only from, to and flags.
 */
export const FLAG_COVER = 4;

export const JUMP_LANDING_SHIFT = 6;
export const JUMP_SQUARE_MASK = 63;
export const JUMP_CAPTURED_KING = 1 << 12;

export class MoveList {
  data = new Int32Array(MOVE_STRIDE * 64);
  /** Jumps past INLINE_JUMPS: move i's jump j at [i * EXTRA_JUMPS + j - INLINE_JUMPS]. */
  extra = new Int32Array(EXTRA_JUMPS * 64);
  count = 0;

  clear(): void {
    this.count = 0;
  }

  /** Reserves room for one more move and returns its base offset. */
  push(): number {
    const base = this.count * MOVE_STRIDE;
    if (base + MOVE_STRIDE > this.data.length) {
      this.data = doubled(this.data);
      this.extra = doubled(this.extra);
    }
    this.count++;
    return base;
  }

  from(i: number): number {
    return this.data[i * MOVE_STRIDE]!;
  }
  to(i: number): number {
    return this.data[i * MOVE_STRIDE + 1]!;
  }
  jumps(i: number): number {
    return this.data[i * MOVE_STRIDE + 2]!;
  }
  flags(i: number): number {
    return this.data[i * MOVE_STRIDE + 3]!;
  }
  /** Jump j of move i as stored (square, landing square, captured king). */
  jumpEntry(i: number, j: number): number {
    return j < INLINE_JUMPS
      ? this.data[i * MOVE_STRIDE + 4 + j]!
      : this.extra[i * EXTRA_JUMPS + j - INLINE_JUMPS]!;
  }
  jumpedSquare(i: number, j: number): number {
    return this.jumpEntry(i, j) & JUMP_SQUARE_MASK;
  }
  landingSquare(i: number, j: number): number {
    return (this.jumpEntry(i, j) >> JUMP_LANDING_SHIFT) & JUMP_SQUARE_MASK;
  }
}

/** A copy of a filled list's array with twice the room (the new half zero). */
export function doubled<T extends Int8Array | Int32Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}
