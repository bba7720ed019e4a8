/**
 * The payloads of the buttons and menus a move is picked with, for one board: a game's at a ply,
 * or a puzzle's line at a ply. The keyboards and pickers of every adapter are made from a
 * position and one of these, so games and puzzles are picked the same way.
 */
import type { Payload } from './button-payload.js';

export interface PickPayloads {
  select: (square: number) => Payload;
  target: (from: number, to: number) => Payload;
  route: (squares: readonly number[]) => Payload;
  back: () => Payload;
  /** The part-th (from 0) menu of stacks, targets of `from`, or routes. */
  stackMenu: (part: number) => Payload;
  targetMenu: (from: number, part: number) => Payload;
  routeMenu: (part: number) => Payload;
}

/** Picking a move in a game, at the board of `ply` moves. */
export function gamePicks(gameId: string, ply: number): PickPayloads {
  return {
    select: (square) => ({ kind: 'select', gameId, ply, square }),
    target: (from, to) => ({ kind: 'target', gameId, ply, from, to }),
    route: (squares) => ({ kind: 'route', gameId, ply, squares }),
    back: () => ({ kind: 'back', gameId, ply }),
    stackMenu: (part) => ({ kind: 'stack-menu', gameId, ply, part }),
    targetMenu: (from, part) => ({ kind: 'target-menu', gameId, ply, from, part }),
    routeMenu: (part) => ({ kind: 'route-menu', gameId, ply, part }),
  };
}

/** Picking the solver's move in a puzzle, at `ply` moves into its line. */
export function puzzlePicks(puzzleId: string, ply: number): PickPayloads {
  return {
    select: (square) => ({ kind: 'puzzle-select', puzzleId, ply, square }),
    target: (from, to) => ({ kind: 'puzzle-target', puzzleId, ply, from, to }),
    route: (squares) => ({ kind: 'puzzle-route', puzzleId, ply, squares }),
    back: () => ({ kind: 'puzzle-back', puzzleId, ply }),
    stackMenu: (part) => ({ kind: 'puzzle-stack-menu', puzzleId, ply, part }),
    targetMenu: (from, part) => ({ kind: 'puzzle-target-menu', puzzleId, ply, from, part }),
    routeMenu: (part) => ({ kind: 'puzzle-route-menu', puzzleId, ply, part }),
  };
}
