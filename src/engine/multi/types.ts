/**
 * Games for more than two players on one board (Zhernov's four-player column game): the data
 * every layer shares. The two-player engine (../position.ts) is untouched by them: its colours,
 * bitboards and stacks with prisoners stay as they are; a table game has its own position type,
 * move generator and FEN, and reuses the board geometry, the Move shape and the notation.
 *
 * Seats, clockwise around the 8x8 board, each with its home edge, forward direction and last
 * line:
 *
 *                    Black (2): edge rank 8, moves down, last line rank 1
 *                  a   b   c   d   e   f   g   h
 *              8 |   | B |   | B |   | B |   |   |
 *              7 | R |   |   |   |   |   |   |   |
 *   Red (1):   6 |   |   |   |   |   |   |   | G |   Green (3):
 *   edge a,    5 | R |   |   |   |   |   |   |   |   edge h, moves toward a,
 *   moves      4 |   |   |   |   |   |   |   | G |   last line file a
 *   toward h,  3 | R |   |   |   |   |   |   |   |
 *   last line  2 |   |   |   |   |   |   |   | G |
 *   file h     1 |   |   | W |   | W |   | W |   |
 *                    White (0): edge rank 1, moves up, last line rank 8
 *
 * (the start: three 2-high columns each). Turns go White → Red → Black → Green, skipping seats
 * that are empty or finished.
 */
import type { Move } from '../moves.js';

/** A seat at the table: 0 White, 1 Red, 2 Black, 3 Green (clockwise, the order of turns). */
export type Seat = 0 | 1 | 2 | 3;

export const SEATS: readonly Seat[] = [0, 1, 2, 3];

/** Seat colours in words, as records, pictures and messages name them. */
export type SeatColor = 'white' | 'red' | 'black' | 'green';

export const SEAT_COLORS: readonly SeatColor[] = ['white', 'red', 'black', 'green'];

/** The FEN letter of each seat. */
export const SEAT_LETTERS = 'WRBG';

/** The variants played at a table of more than two. */
export type TableVariantId = 'zhernov';

/**
 * A column: chips of one owner only (a jumped chip leaves the board, growth adds the owner's
 * chips), so it is its owner, its height and one king flag for the whole column.
 */
export interface Column {
  readonly owner: Seat;
  readonly height: number;
  readonly king: boolean;
}

/** How a seat left the turn order: became count ('count') or could not move ('out'). */
export interface Finish {
  readonly seat: Seat;
  readonly how: 'count' | 'out';
}

/**
 * An immutable table position: plain data, safe to serialise; engine functions never mutate
 * one. `columns` is indexed by square number of the 8x8 geometry (../geometry.ts, GEOMETRY_8).
 */
export interface TablePosition {
  readonly variant: TableVariantId;
  /** The seats taken in this game (2 to 4), in turn order. */
  readonly seats: readonly Seat[];
  /** The seat to move: an active seat (taken, not finished), unless the game is over. */
  readonly turn: Seat;
  readonly columns: readonly (Column | null)[];
  /** Seats that have left the turn order, in the order they did. */
  readonly finished: readonly Finish[];
}

/**
 * Where a table game stands: the position, the plies since the last capture (the no-capture
 * limit: VARIANTS.md's 20 full rounds) and what the end rules need of the past: the key of
 * every position since the start (threefold repetition) and the moves played (the ply limit).
 * Without `keys` only the current position is known (a game set up by FEN starts its history
 * there); without `plies` none were played. applyTableMove and resignSeat carry both on.
 */
export interface TableState {
  readonly position: TablePosition;
  readonly quietPlies: number;
  /** Position keys (tableKey) from the start, current last. */
  readonly keys?: readonly string[];
  /** Moves played since the start (drop-outs are not moves). */
  readonly plies?: number;
}

/**
 * How a table game ended by the rules. 'last-player': fewer than two seats are active;
 * 'threefold-repetition': the same position (columns, seat to move, finished seats) for the
 * third time; 'no-capture-limit': 20 quiet rounds; 'ply-limit': TABLE_PLY_LIMIT moves. All but
 * the first make the seats still playing share the free places.
 */
export type TableEnd = 'last-player' | 'threefold-repetition' | 'no-capture-limit' | 'ply-limit';

/** One seat's line in the standings. */
export interface Standing {
  readonly seat: Seat;
  /**
   * 1 = best; null while the seat still plays. Seats sharing places (the no-capture limit)
   * have the best of the shared places.
   */
  readonly place: number | null;
  /** Place points plus the count bonus (fractional when places are shared); null while playing. */
  readonly points: number | null;
  readonly count: boolean;
}

/** How a table game stands by the rules. */
export type TableStatus =
  | { readonly kind: 'ongoing' }
  | {
      readonly kind: 'over';
      readonly reason: TableEnd;
      readonly standings: readonly Standing[];
    };

export type { Move };
