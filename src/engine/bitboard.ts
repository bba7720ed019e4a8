import type { Geometry } from './geometry.js';

/**
 * The masks of one-step diagonal shifts of whole bitboards (bit s = square s, numbered as in
 * geometry.ts), for boards of up to 32 squares. With squares numbered rank by rank, a step in
 * one direction changes the square number by one of two amounts depending on the rank's parity
 * (NE +4/+5, NW +3/+4, SE -3/-4, SW -4/-5 on 8x8); `masks[d * 2 + k]` holds the squares that
 * step by amount k. Squares stepping off the board are in neither mask, so they vanish.
 */
export function stepMasks(geometry: Geometry): Int32Array {
  const masks = new Int32Array(8);
  for (let d = 0; d < 4; d++) {
    for (let s = 0; s < geometry.squareCount; s++) {
      const to = geometry.step[s * 4 + d]!;
      if (to < 0) continue;
      const k = STEP_AMOUNTS[d]!.indexOf(to - s);
      if (k < 0) throw new Error('stepMasks: board geometry without bitboard steps');
      masks[d * 2 + k]! |= 1 << s;
    }
  }
  return masks;
}

/** Square-number change of one step per direction: the two amounts k of stepMasks. */
const STEP_AMOUNTS = [
  [4, 5],
  [3, 4],
  [-3, -4],
  [-4, -5],
];

/** Number of set bits of a 32-bit integer. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
