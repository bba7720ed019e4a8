/**
 * Picking a move by pressing buttons, the part every chat adapter shares: which stacks can move,
 * where a stack can go, the capture routes that end on one square, and how squares line up on
 * screen. Adapters only turn these into their platform's buttons or menus.
 */
import {
  legalMoves,
  moveDestination,
  sideOfColor,
  stackIsKing,
  stackOwner,
  type Geometry,
  type Move,
} from '../../engine/index.js';
import { SEAT_COLORS, tableMoves } from '../../engine/multi/index.js';
import type { AnyPosition } from '../../game/game-rules.js';
import type { GameVariantId, SeatColor } from '../../game/model.js';
import { rulesOf } from '../../game/rules-strategy.js';

export type { AnyPosition } from '../../game/game-rules.js';

/** The board a variant is played on. */
export function geometryOf(variant: GameVariantId): Geometry {
  return rulesOf(variant).geometry;
}

/** The legal moves of the side (or seat) to move. */
export function movesOf(position: AnyPosition): Move[] {
  return position.variant === 'zhernov' ? tableMoves(position) : legalMoves(position);
}

/** The stack on a square as a button shows it: its owner, a king's crown, its height. */
export function stackLook(
  position: AnyPosition,
  square: number,
): { owner: SeatColor; king: boolean; height: number } | undefined {
  if (position.variant === 'zhernov') {
    const column = position.columns[square];
    return column === null || column === undefined
      ? undefined
      : { owner: SEAT_COLORS[column.owner]!, king: column.king, height: column.height };
  }
  const stack = position.stacks[square];
  return stack === null || stack === undefined
    ? undefined
    : { owner: sideOfColor(stackOwner(stack)), king: stackIsKing(stack), height: stack.height };
}

/** A seat colour's symbol on buttons and in texts. */
export const SEAT_SYMBOLS: Readonly<Record<SeatColor, string>> = {
  white: '⚪',
  red: '🔴',
  black: '⚫',
  green: '🟢',
};

/** A stack that has a legal move, with what its button shows. */
export interface MovableStack {
  readonly square: number;
  /** The square's name, e.g. "c3". */
  readonly name: string;
  /** The colour of its top piece (its owner). */
  readonly color: SeatColor;
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
 * Where a square appears on screen with `bottom`'s edge at the bottom: its row from the top and
 * its column from the left. White's view has rank 1 at the bottom; Black's is turned half way;
 * at a table Red's edge (the a-file) at the bottom turns White's view a quarter left, Green's
 * (the h-file) a quarter right.
 */
export function screenCell(
  geometry: Geometry,
  square: number,
  bottom: SeatColor,
): { row: number; column: number } {
  const file = geometry.file[square]!;
  const rank = geometry.rank[square]!;
  const lastFile = geometry.files - 1;
  const lastRank = geometry.ranks - 1;
  switch (bottom) {
    case 'white':
      return { row: lastRank - rank, column: file };
    case 'black':
      return { row: rank, column: lastFile - file };
    case 'red':
      return { row: lastFile - file, column: lastRank - rank };
    case 'green':
      return { row: file, column: rank };
  }
}

/**
 * Squares in the order they appear on screen: rows from the top, left to right. `squares` are
 * squares of the position's board (stacks and targets from its legal moves).
 */
export function screenRows(
  position: AnyPosition,
  orientation: SeatColor,
  squares: Iterable<number>,
): number[][] {
  const geometry = geometryOf(position.variant);
  const rows = new Map<number, { square: number; column: number }[]>();
  for (const square of squares) {
    const { row, column } = screenCell(geometry, square, orientation);
    rows.set(row, [...(rows.get(row) ?? []), { square, column }]);
  }
  return [...rows.keys()]
    .sort((a, b) => a - b)
    .map((row) =>
      rows
        .get(row)!
        .sort((a, b) => a.column - b.column)
        .map((cell) => cell.square),
    );
}

/** The stacks of the side to move that have a legal move, in square order. */
export function movableStacks(position: AnyPosition): MovableStack[] {
  const names = geometryOf(position.variant).names;
  const squares = [...new Set(movesOf(position).map((m) => m.from))].sort((a, b) => a - b);
  return squares.map((square) => {
    // A legal move starts on a stack.
    const look = stackLook(position, square)!;
    // A legal move's squares are squares of the board.
    return {
      square,
      name: names[square]!,
      color: look.owner,
      king: look.king,
      height: look.height,
    };
  });
}

/** Where the stack on `from` can go, in square order; empty when it cannot move. */
export function targetsOf(position: AnyPosition, from: number): Target[] {
  const names = geometryOf(position.variant).names;
  const moves = movesOf(position).filter((m) => m.from === from);
  const squares = [...new Set(moves.map(moveDestination))].sort((a, b) => a - b);
  return squares.map((square) => ({
    square,
    // A legal move's squares are squares of the board.
    name: names[square]!,
    capture: moves.some((m) => moveDestination(m) === square && m.captures.length > 0),
  }));
}

/** The legal moves from `from` that end on `to`: more than one only for capture routes. */
export function routesTo(position: AnyPosition, from: number, to: number): Move[] {
  return movesOf(position).filter((m) => m.from === from && moveDestination(m) === to);
}

/** A stack's button label: `⚪ c3`, `⚫👑 f6 ·3` (top colour, a crown on kings, the height). */
export function stackLabel(stack: MovableStack): string {
  const height = stack.height > 1 ? ` ·${stack.height}` : '';
  return `${SEAT_SYMBOLS[stack.color]}${stack.king ? '👑' : ''} ${stack.name}${height}`;
}

/** A target's button label: `✕ e5` for a capture, `→ d4` otherwise. */
export function targetLabel(target: Target): string {
  return `${target.capture ? '✕' : '→'} ${target.name}`;
}

/** A route as players write it: its squares joined by colons (`c3:e5:c7`). */
export function routeLabel(variant: GameVariantId, route: Move): string {
  const names = geometryOf(variant).names;
  return routeSquares(route)
    .map((s) => names[s])
    .join(':');
}

/**
 * The legal move whose squares are `route` (its first, then every landing): what a route
 * button, or the board page, names a move by; undefined when none is.
 */
export function routeMove(moves: readonly Move[], route: readonly number[]): Move | undefined {
  const [from, ...path] = route;
  return moves.find(
    (m) =>
      m.from === from && m.path.length === path.length && m.path.every((s, i) => s === path[i]),
  );
}

/** A route's squares, from its first: what a route button carries. */
export function routeSquares(route: Move): number[] {
  return [route.from, ...route.path];
}
