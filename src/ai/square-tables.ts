import type { Geometry } from '../engine/index.js';
import type { Weights } from './weights.js';

/**
 * The evaluation's per-square tables, one entry per square so that they fit every board; the
 * bitboard evaluator turns the flags into masks, the square-by-square one reads them as they are.
 */
export interface SquareTables {
  /** [colour * n + square]: a man-topped stack's positional value (advance, back rank...). */
  readonly manSquare: Int32Array;
  /** [colour * n + square]: 1 on the squares one step from that colour's promotion. */
  readonly nearPromotion: Uint8Array;
  /** 1 on the central squares: the middle four files and ranks (three on a 7x7 board). */
  readonly center: Uint8Array;
  /** 1 on the squares of Black's half (the upper half of the ranks). */
  readonly blackHalf: Uint8Array;
}

export function squareTables(g: Geometry, weights: Weights): SquareTables {
  const n = g.squareCount;
  const manSquare = new Int32Array(2 * n);
  const nearPromotion = new Uint8Array(2 * n);
  const center = new Uint8Array(n);
  const blackHalf = new Uint8Array(n);
  // 8 → 2..5, 7 → 2..4, 10 → 3..6.
  const fileLo = Math.ceil(g.files / 2) - 2;
  const fileHi = Math.floor(g.files / 2) + 1;
  const rankLo = Math.ceil(g.ranks / 2) - 2;
  const rankHi = Math.floor(g.ranks / 2) + 1;
  for (let s = 0; s < n; s++) {
    for (let color = 0; color < 2; color++) {
      const r = color === 0 ? g.rank[s]! : g.ranks - 1 - g.rank[s]!;
      let v = Math.round((weights.advance * r * r) / 8);
      if (r === g.ranks - 2) {
        v += weights.nearPromotion;
        nearPromotion[color * n + s] = 1;
      }
      if (r === 0) v += weights.backRank;
      manSquare[color * n + s] = v;
    }
    const file = g.file[s]!;
    const rank = g.rank[s]!;
    if (file >= fileLo && file <= fileHi && rank >= rankLo && rank <= rankHi) center[s] = 1;
    if (rank >= g.ranks / 2) blackHalf[s] = 1;
  }
  return { manSquare, nearPromotion, center, blackHalf };
}

/** A 32-bit mask of the squares whose entry in `flags` (from `offset`, n entries) is set. */
export function maskOf(flags: Uint8Array, offset: number, n: number): number {
  let mask = 0;
  for (let s = 0; s < n; s++) if (flags[offset + s] === 1) mask |= 1 << s;
  return mask;
}
