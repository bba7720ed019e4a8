/**
 * A reusable, allocation-free list of moves for the hot path (perft, search).
 *
 * Each move takes MOVE_STRIDE int32 slots:
 *   [0] from square   [1] final square   [2] number of jumps (0 for a quiet move)   [3] flags
 *   [4 + i] jump i: jumped square | landing square << 6 | captured piece was a king << 12
 * Every jump takes one enemy piece, so a move has at most as many jumps as a side has pieces
 * (20 on Adiyukh's 10x10 board); under the Turkish strike each enemy stack is jumped at most
 * once, so at most as many jumps as a side has stacks (Multistorey: 24 pieces in 12 towers,
 * variants.ts maxStacksPerSide). Squares fit in 6 bits (at most 50 squares).
 */
export const MAX_JUMPS = 20;
export const MOVE_STRIDE = 4 + MAX_JUMPS;
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
  count = 0;

  clear(): void {
    this.count = 0;
  }

  /** Reserves room for one more move and returns its base offset. */
  push(): number {
    const base = this.count * MOVE_STRIDE;
    if (base + MOVE_STRIDE > this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
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
  jumpedSquare(i: number, j: number): number {
    return this.data[i * MOVE_STRIDE + 4 + j]! & JUMP_SQUARE_MASK;
  }
  landingSquare(i: number, j: number): number {
    return (this.data[i * MOVE_STRIDE + 4 + j]! >> JUMP_LANDING_SHIFT) & JUMP_SQUARE_MASK;
  }
}
