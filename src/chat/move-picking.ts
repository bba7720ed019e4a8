/**
 * Picking a move by pressing buttons, the part every chat adapter shares: which stacks can move,
 * where a stack can go, the capture routes that end on one square, and how squares line up on
 * screen. Adapters only turn these into their platform's buttons or menus.
 */
import {
  legalMoves,
  moveDestination,
  stackIsKing,
  stackOwner,
  VARIANTS,
  type Color,
  type Move,
  type Position,
  type Side,
  type VariantId,
} from '../engine/index.js';

/** A stack that has a legal move, with what its button shows. */
export interface MovableStack {
  readonly square: number;
  /** The square's name, e.g. "c3". */
  readonly name: string;
  /** The colour of its top piece (its owner). */
  readonly color: Color;
  /** Its top piece is a king. */
  readonly king: boolean;
  readonly height: number;
}

/** A square a chosen stack can reach. */
export interface Target {
  readonly square: number;
  readonly name: string;
  /** Some move there captures. */
  readonly capture: boolean;
}

/**
 * Squares in the order they appear on screen: rows from the top, left to right. `squares` are
 * squares of the position's board (stacks and targets from its legal moves).
 */
export function screenRows(
  position: Position,
  orientation: Side,
  squares: Iterable<number>,
): number[][] {
  const geometry = VARIANTS[position.variant].geometry;
  const rows = new Map<number, number[]>();
  for (const s of squares) {
    const rank = geometry.rank[s]!;
    rows.set(rank, [...(rows.get(rank) ?? []), s]);
  }
  const fileOrder = (a: number, b: number) =>
    orientation === 'white'
      ? geometry.file[a]! - geometry.file[b]!
      : geometry.file[b]! - geometry.file[a]!;
  const ranks = [...rows.keys()].sort((a, b) => (orientation === 'white' ? b - a : a - b));
  return ranks.map((rank) => rows.get(rank)!.sort(fileOrder));
}

/** The stacks of the side to move that have a legal move, in square order. */
export function movableStacks(position: Position): MovableStack[] {
  const names = VARIANTS[position.variant].geometry.names;
  const squares = [...new Set(legalMoves(position).map((m) => m.from))].sort((a, b) => a - b);
  return squares.map((square) => {
    const stack = position.stacks[square]!;
    return {
      square,
      // A legal move's squares are squares of the board.
      name: names[square]!,
      color: stackOwner(stack),
      king: stackIsKing(stack),
      height: stack.height,
    };
  });
}

/** Where the stack on `from` can go, in square order; empty when it cannot move. */
export function targetsOf(position: Position, from: number): Target[] {
  const names = VARIANTS[position.variant].geometry.names;
  const moves = legalMoves(position).filter((m) => m.from === from);
  const squares = [...new Set(moves.map(moveDestination))].sort((a, b) => a - b);
  return squares.map((square) => ({
    square,
    // A legal move's squares are squares of the board.
    name: names[square]!,
    capture: moves.some((m) => moveDestination(m) === square && m.captures.length > 0),
  }));
}

/** The legal moves from `from` that end on `to`: more than one only for capture routes. */
export function routesTo(position: Position, from: number, to: number): Move[] {
  return legalMoves(position).filter((m) => m.from === from && moveDestination(m) === to);
}

/** A stack's button label: `⚪ c3`, `⚫👑 f6 ·3` (top colour, a crown on kings, the height). */
export function stackLabel(stack: MovableStack): string {
  const height = stack.height > 1 ? ` ·${stack.height}` : '';
  return `${stack.color === 0 ? '⚪' : '⚫'}${stack.king ? '👑' : ''} ${stack.name}${height}`;
}

/** A target's button label: `✕ e5` for a capture, `→ d4` otherwise. */
export function targetLabel(target: Target): string {
  return `${target.capture ? '✕' : '→'} ${target.name}`;
}

/** A route as players write it: its squares joined by colons (`c3:e5:c7`). */
export function routeLabel(variant: VariantId, route: Move): string {
  const names = VARIANTS[variant].geometry.names;
  return routeSquares(route)
    .map((s) => names[s])
    .join(':');
}

/** A route's squares, from its first: what a route button carries. */
export function routeSquares(route: Move): number[] {
  return [route.from, ...route.path];
}
