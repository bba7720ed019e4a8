/**
 * What the evaluators (evaluate.ts on bitboards, evaluate-scan.ts square by square) and the
 * greedy player read off one stack, from its height `h`, colour bits `c` and king bits `k` (bit
 * i for the piece at height i, 0 the bottom; a colour bit set is Black).
 */
import * as bits from './bits.js';
import type { Weights } from './weights.js';

// Module-local copy: imported bindings can compile to getter calls (vitest, CJS).
const popcount = bits.popcount;

/**
 * How many of the stack's lowest pieces `owner` (0 White, 1 Black) holds prisoner: every piece
 * up to its highest one of the other colour. The pieces above them are the owner's own.
 */
export function prisonersOf(h: number, c: number, owner: number): number {
  const foreign = (owner === 1 ? ~c : c) & ((1 << h) - 1);
  return foreign === 0 ? 0 : 32 - Math.clz32(foreign);
}

/**
 * A stack's worth to its owner, but for the fragile term: its top (a king, or a man worth
 * `manSquare` more on its square) and, when it is tall, reserveValue; `p` its prisoners.
 */
export function stackWorth(w: Weights, h: number, k: number, p: number, manSquare: number) {
  const topKing = (k >>> (h - 1)) & 1;
  const v = topKing === 1 ? w.king : w.man + manSquare;
  return h > 1 ? v + reserveValue(w, h, k, p, topKing) : v;
}

/**
 * What a stack loses if the enemy can jump it (the caller knows whether): the prisoners a lone
 * top piece holds, which a capture would free.
 */
export function fragileLoss(w: Weights, h: number, p: number): number {
  return p > 0 && h - p === 1 ? p * w.fragile : 0;
}

/**
 * A tall stack's worth to its owner besides its top: the owner's reserve under the top (men and
 * kings), and the `p` prisoners it holds, safe under two of the owner's pieces or thin under
 * one. The fragile term (a thin stack the enemy can jump) is the caller's: only it knows.
 */
export function reserveValue(w: Weights, h: number, k: number, p: number, topKing: number): number {
  const u = h - p;
  const reserveKings = popcount(k >>> p) - topKing;
  let v = (u - 1 - reserveKings) * w.reserveMan + reserveKings * w.reserveKing;
  if (p > 0) {
    v += p * (u >= 2 ? w.prisonerSafe : w.prisonerThin);
    v += popcount(k & ((1 << p) - 1)) * w.prisonerKing;
  }
  return v;
}

/**
 * The pieces `turn` loses when the enemy takes from a stack of theirs: its top (a king counts
 * three), with the prisoners a lone top piece held (they go free); a cover takes the whole
 * stack.
 */
export function captureLoss(h: number, c: number, k: number, turn: number, covered: boolean) {
  const topKing = ((k >>> (h - 1)) & 1) === 1;
  let loss = topKing ? 3 : 1;
  if (h > 1) {
    const p = prisonersOf(h, c, turn);
    if (h - p === 1) loss += p;
  }
  const whole = h + (topKing ? 2 : 0);
  return covered && whole > loss ? whole : loss;
}
