/**
 * Tap-to-select and drag share one rule for what a tap (or a drop) on a square means, using the
 * chat's move picking: a movable stack is selected and its targets shown, a target of the
 * selected stack makes the move (or asks which route when several captures end there),
 * anything else clears the selection. Pure, so it is unit-tested.
 */
import type { Move } from '../../engine/index.js';
import {
  movableStacks,
  routesTo,
  targetsOf,
  type AnyPosition,
  type Target,
} from '../../chat/buttons/move-picking.js';

/** What a tap on a square does. */
export type Pick =
  | { readonly kind: 'select'; readonly from: number; readonly targets: readonly Target[] }
  | { readonly kind: 'clear' }
  | { readonly kind: 'move'; readonly move: Move }
  | {
      readonly kind: 'choose';
      readonly from: number;
      readonly to: number;
      readonly routes: readonly Move[];
    };

/** The squares of the stacks that can move now. */
export function movableSquares(position: AnyPosition): Set<number> {
  return new Set(movableStacks(position).map((stack) => stack.square));
}

/** What a tap on `square` means with `selected` selected (null: nothing). */
export function pickSquare(position: AnyPosition, selected: number | null, square: number): Pick {
  // A capture may come back to its own square (round a ring of stacks): routes first.
  if (selected !== null) {
    const routes = routesTo(position, selected, square);
    if (routes.length === 1) return { kind: 'move', move: routes[0]! };
    if (routes.length > 1) return { kind: 'choose', from: selected, to: square, routes };
  }
  if (selected === square) return { kind: 'clear' };
  if (movableSquares(position).has(square)) {
    return { kind: 'select', from: square, targets: targetsOf(position, square) };
  }
  return { kind: 'clear' };
}
