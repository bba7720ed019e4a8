import type { Geometry } from '../engine/index.js';

/** Number of set bits of a 32-bit integer. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * One-step diagonal shifts of whole bitboards (bit s = square s, numbered as in
 * engine/geometry.ts). With squares numbered rank by rank, a step in one direction changes the
 * square number by one of two amounts depending on the rank's parity (NE +4/+5, NW +3/+4,
 * SE -3/-4, SW -4/-5 on 8x8); `masks[d * 2 + k]` holds the squares that step by amount k.
 * Squares stepping off the board are in neither mask, so they vanish.
 */
export class Shifts {
  readonly masks: Int32Array;

  constructor(geometry: Geometry) {
    const masks = new Int32Array(8);
    for (let d = 0; d < 4; d++) {
      for (let s = 0; s < geometry.squareCount; s++) {
        const to = geometry.step[s * 4 + d]!;
        if (to < 0) continue;
        const k = STEP_AMOUNTS[d]!.indexOf(to - s);
        if (k < 0) throw new Error('Shifts: board geometry without bitboard steps');
        masks[d * 2 + k]! |= 1 << s;
      }
    }
    this.masks = masks;
  }
}

const STEP_AMOUNTS = [
  [4, 5],
  [3, 4],
  [-3, -4],
  [-4, -5],
];

/** Every square reached from a square of `bits` by one step in direction d (0 NE, 1 NW, 2 SE, 3 SW). */
export function shift(masks: Int32Array, bits: number, d: number): number {
  switch (d) {
    case 0:
      return ((bits & masks[0]!) << 4) | ((bits & masks[1]!) << 5);
    case 1:
      return ((bits & masks[2]!) << 3) | ((bits & masks[3]!) << 4);
    case 2:
      return ((bits & masks[4]!) >>> 3) | ((bits & masks[5]!) >>> 4);
    default:
      return ((bits & masks[6]!) >>> 4) | ((bits & masks[7]!) >>> 5);
  }
}

/** Index of the lowest set bit (bits must not be 0). */
export function lowestBit(bits: number): number {
  return 31 - Math.clz32(bits & -bits);
}
