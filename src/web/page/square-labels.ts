/**
 * What a screen reader says for a square: its name, what stands there and what it can do, e.g.
 * "c3: white tower of 3, top a king" or "d4: empty, can move here". Pure, so both languages are
 * unit-tested.
 */
import type { PieceLook, Words } from './words.js';

/** What the picking state says of a square, beyond what stands there. */
export interface SquareRole {
  readonly selected?: boolean;
  readonly target?: boolean;
  readonly movable?: boolean;
}

/** The accessible label of the square `name` holding `look` (undefined: empty). */
export function squareLabel(
  words: Words,
  name: string,
  look: PieceLook | undefined,
  role: SquareRole = {},
): string {
  const parts = [look === undefined ? words.empty : words.piece(look)];
  if (role.selected === true) parts.push(words.selected);
  else if (role.target === true) parts.push(words.canMoveHere);
  else if (role.movable === true) parts.push(words.canMove);
  return `${name}: ${parts.join(', ')}`;
}
