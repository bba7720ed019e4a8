/** Random positions within the FEN's limits, tall stacks and kings inside them (render, engine tests). */
import {
  maxPiecesPerSide,
  maxStacksPerSide,
  stackFromPieces,
  VARIANTS,
  type Color,
  type Piece,
  type Position,
  type Stack,
  type VariantId,
} from '../../src/engine/index.js';

/** A stack with the owner's run over the prisoners' run, kings anywhere. */
export function twoLayerStack(
  owner: Color,
  own: number,
  prisoners: number,
  random: () => number,
): Stack {
  const pieces: Piece[] = [];
  for (let i = 0; i < own; i++) pieces.push({ color: owner, king: random() < 0.4 });
  for (let i = 0; i < prisoners; i++) {
    pieces.push({ color: (owner ^ 1) as Color, king: random() < 0.4 });
  }
  return stackFromPieces(pieces);
}

/**
 * A random position within the FEN's limits: every piece of both sides (so tall stacks), at
 * most two colour layers a stack, kings inside stacks as well as on top.
 */
export function randomStackedPosition(variantId: VariantId, random: () => number): Position {
  const variant = VARIANTS[variantId];
  const squares = variant.geometry.squareCount;
  const left: [number, number] = [maxPiecesPerSide(variant), maxPiecesPerSide(variant)];
  const stacks = new Array<Stack | null>(squares).fill(null);
  const free = Array.from({ length: squares }, (_, square) => square);
  // Multistorey: no prisoners, and at most maxStacksPerSide stacks a side (the last takes the rest).
  const noPrisoners = variant.capturedPiecesLeave === true;
  const owned: [number, number] = [0, 0];
  while ((left[0] > 0 || left[1] > 0) && free.length > 0) {
    const square = free.splice(Math.floor(random() * free.length), 1)[0]!; // free is not empty
    const owner: Color = left[0] === 0 ? 1 : left[1] === 0 ? 0 : random() < 0.5 ? 0 : 1;
    const other: Color = owner === 0 ? 1 : 0;
    const lastStack = noPrisoners && ++owned[owner] === maxStacksPerSide(variant);
    const own = lastStack ? left[owner] : 1 + Math.floor(random() * Math.min(left[owner], 5));
    const prisoners = noPrisoners ? 0 : Math.floor(random() * (Math.min(left[other], 8) + 1));
    left[owner] -= own;
    left[other] -= prisoners;
    stacks[square] = twoLayerStack(owner, own, prisoners, random);
  }
  return { variant: variantId, turn: random() < 0.5 ? 0 : 1, stacks };
}
