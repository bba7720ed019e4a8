/** Number of set bits of a 32-bit integer (the engine's). */
export { popcount } from '../engine/index.js';

/**
 * Every square reached from a square of `bits` by one step in direction d (0 NE, 1 NW, 2 SE,
 * 3 SW); `masks` are the board's stepMasks (engine/bitboard.ts).
 */
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
