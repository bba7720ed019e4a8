import { Board } from './board.js';
import { formatKey } from './hash.js';
import { MoveGenerator } from './movegen.js';
import { applyMove, type Move } from './moves.js';
import { stackOwner, variantOf, type Color, type Position } from './position.js';

/** How a game stands by the rules (resignation, agreement and time belong to the game service). */
export type GameStatus =
  | { readonly kind: 'ongoing' }
  | { readonly kind: 'win'; readonly winner: Color; readonly reason: 'no-legal-move' }
  | { readonly kind: 'draw'; readonly reason: 'threefold-repetition' | 'fifteen-move-rule' };

/** Plies in a row without a change in either side's number of stacks that make a draw. */
export const FIFTEEN_MOVE_PLIES = 30;

/** The 64-bit position key (stacks and side to move) as 16 hex digits. */
export function positionKey(position: Position): string {
  const board = new Board(position);
  return formatKey(board.hashHigh, board.hashLow);
}

/** Number of stacks owned by White and by Black. */
export function stackCounts(position: Position): [number, number] {
  const counts: [number, number] = [0, 0];
  for (const stack of position.stacks) if (stack !== null) counts[stackOwner(stack)]++;
  return counts;
}

export function hasLegalMove(position: Position): boolean {
  return new MoveGenerator(new Board(position)).count() > 0;
}

/**
 * A game from its start position: every position reached, for the draw rules. Immutable:
 * `play` returns a new history.
 */
export class GameHistory {
  private constructor(
    readonly start: Position,
    readonly position: Position,
    readonly moves: readonly Move[],
    /** Position keys from the start, current last. */
    readonly keys: readonly string[],
    /** Plies since either side's stack count last changed (or since the start). */
    readonly quietPlies: number,
  ) {}

  static from(start: Position): GameHistory {
    return new GameHistory(start, start, [], [positionKey(start)], 0);
  }

  /** The history after a legal move (throws on an illegal one, as applyMove does). */
  play(move: Move): GameHistory {
    const next = applyMove(this.position, move);
    const before = stackCounts(this.position);
    const after = stackCounts(next);
    const unchanged = before[0] === after[0] && before[1] === after[1];
    return new GameHistory(
      this.start,
      next,
      [...this.moves, move],
      [...this.keys, positionKey(next)],
      unchanged ? this.quietPlies + 1 : 0,
    );
  }

  /** How many times the current position has occurred, this time included. */
  repetitions(): number {
    const current = this.keys[this.keys.length - 1];
    return this.keys.filter((key) => key === current).length;
  }

  status(): GameStatus {
    return ruleStatus(this.position, this.repetitions(), this.quietPlies);
  }
}

/**
 * How a game stands by the rules, from the position, how often it has occurred (this time
 * included) and the plies since a stack count last changed. A side to move without a legal move
 * ends the game first (so a move that blocks the opponent on the 30th quiet ply still wins),
 * then threefold repetition, then the 15-move rule.
 */
export function ruleStatus(
  position: Position,
  repetitions: number,
  quietPlies: number,
): GameStatus {
  if (!hasLegalMove(position)) {
    const toMove = position.turn;
    const winner = variantOf(position).noMoveMeans === 'loss' ? toMove ^ 1 : toMove;
    return { kind: 'win', winner: winner as Color, reason: 'no-legal-move' };
  }
  if (repetitions >= 3) return { kind: 'draw', reason: 'threefold-repetition' };
  if (quietPlies >= FIFTEEN_MOVE_PLIES) return { kind: 'draw', reason: 'fifteen-move-rule' };
  return { kind: 'ongoing' };
}

/** The status in words, for the CLI and logs: "white to move", "draw: threefold repetition". */
export function describeStatus(status: GameStatus, turn: Color): string {
  const side = (color: number) => (color === 0 ? 'white' : 'black');
  switch (status.kind) {
    case 'ongoing':
      return `${side(turn)} to move`;
    case 'win':
      return status.winner === turn
        ? `${side(turn)} wins: ${side(turn)} has no legal move (giveaway)`
        : `${side(status.winner)} wins: ${side(turn)} has no legal move`;
    case 'draw':
      return status.reason === 'threefold-repetition'
        ? 'draw: threefold repetition'
        : 'draw: 15 moves without a change in the number of stacks';
  }
}
