import {
  DIRECTIONS,
  GEOMETRY_8,
  NORTH_EAST,
  NORTH_WEST,
  SOUTH_EAST,
  SOUTH_WEST,
} from '../geometry.js';
import type { Move } from '../moves.js';
import { activeSeats } from './standings.js';
import type { Column, Finish, Seat, TablePosition, TableState, TableVariantId } from './types.js';

/**
 * The mutable board of a table game, for move generation, make/unmake and search. The immutable
 * TablePosition is what the rest of the program holds; this class is built from one and can
 * write one back.
 *
 * Squares are those of the 8x8 geometry (../geometry.ts, GEOMETRY_8): 32 dark squares, a1 = 0,
 * numbered rank by rank from White's edge. One entry per square in three parallel arrays:
 *
 *   owner[s]   the seat owning the column on s (0..3), or -1 for an empty square
 *   height[s]  its storeys (chips), 1 or more
 *   king[s]    1 for a king column, 0 for a man column (one flag for the whole column)
 *
 * A set of squares (the squares jumped so far in a move) is a 32-bit mask, bit s for square s.
 */

const SQUARES = GEOMETRY_8.squareCount;
const STEP = GEOMETRY_8.step;
const EMPTY = -1;

/** A seat's columns of this height or taller at the end of its move make it count. */
export const COUNT_HEIGHT = 6;

/** The forward directions of each seat's man columns: White up, Red toward h, Black down, Green toward a. */
const FORWARD: readonly (readonly number[])[] = [
  [NORTH_EAST, NORTH_WEST],
  [NORTH_EAST, SOUTH_EAST],
  [SOUTH_EAST, SOUTH_WEST],
  [NORTH_WEST, SOUTH_WEST],
];

const CORNER_A1 = 0;
const CORNER_H8 = SQUARES - 1;

/**
 * Each seat's promotion squares as a mask: its last line (White rank 8, Red file h, Black rank
 * 1, Green file a) without the corners a1 and h8, which lie on two seats' last lines and crown
 * nobody.
 */
const PROMOTION: readonly number[] = [0, 1, 2, 3].map((seat) => {
  let mask = 0;
  for (let s = 0; s < SQUARES; s++) {
    if (s === CORNER_A1 || s === CORNER_H8) continue;
    const file = GEOMETRY_8.file[s]!;
    const rank = GEOMETRY_8.rank[s]!;
    const last = [rank === 7, file === 7, rank === 0, file === 0][seat]!;
    if (last) mask |= 1 << s;
  }
  return mask;
});

/** Whether a man column of `seat` that reaches `square` becomes a king column there. */
export function promotesOn(seat: Seat, square: number): boolean {
  return ((PROMOTION[seat]! >>> square) & 1) === 1;
}

/** What make() changed, so that unmake() can put it back. */
interface Undo {
  readonly move: Move;
  readonly moverHeight: number;
  readonly moverKing: number;
  /** Owner, height and king flag of each jumped column before the move, in jump order. */
  readonly jumped: readonly number[];
  readonly turn: Seat;
  readonly active: number;
  readonly finished: number;
  readonly quietPlies: number;
}

/**
 * A table game on a mutable board: the legal moves of any seat, and make/unmake of a move with
 * everything that follows it (shrinking, growth, count, the turn passing on, eliminations).
 */
export class TableBoard {
  readonly variant: TableVariantId;
  readonly seats: readonly Seat[];
  readonly owner = new Int8Array(SQUARES).fill(EMPTY);
  readonly height = new Uint8Array(SQUARES);
  readonly king = new Uint8Array(SQUARES);
  turn: Seat;
  /** Bit `seat` set for every active seat (taken and not finished). */
  active = 0;
  readonly finished: Finish[];
  quietPlies: number;
  private readonly undos: Undo[] = [];

  // The capture search in progress (moves of one column).
  private mover: Seat = 0;
  private from = 0;
  private startsAsKing = false;
  private out: Move[] = [];
  private readonly landings = new Int8Array(SQUARES + 1);
  private readonly jumpedSquares = new Int8Array(SQUARES + 1);

  constructor(state: TableState) {
    const { position } = state;
    this.variant = position.variant;
    this.seats = [...position.seats];
    this.turn = position.turn;
    this.finished = [...position.finished];
    this.quietPlies = state.quietPlies;
    for (const seat of activeSeats(position)) this.active |= 1 << seat;
    position.columns.forEach((column, square) => {
      if (column === null) return;
      this.owner[square] = column.owner;
      this.height[square] = column.height;
      this.king[square] = column.king ? 1 : 0;
    });
  }

  /** The board as an immutable state. */
  toState(): TableState {
    const columns: (Column | null)[] = [];
    for (let s = 0; s < SQUARES; s++) {
      const owner = this.owner[s]!;
      columns.push(
        owner === EMPTY
          ? null
          : { owner: owner as Seat, height: this.height[s]!, king: this.king[s] === 1 },
      );
    }
    const position: TablePosition = {
      variant: this.variant,
      seats: [...this.seats],
      turn: this.turn,
      columns,
      finished: [...this.finished],
    };
    return { position, quietPlies: this.quietPlies };
  }

  /** Number of active seats. */
  activeCount(): number {
    let count = 0;
    for (let bits = this.active; bits !== 0; bits &= bits - 1) count++;
    return count;
  }

  /** Whether `seat` is taken and has not finished. */
  isActive(seat: Seat): boolean {
    return ((this.active >>> seat) & 1) === 1;
  }

  /**
   * The legal moves of the seat to move (of `seat`, if given): every complete capture when
   * there is one (over any column the seat does not own), else every quiet move. None when
   * fewer than two seats are active: the game is over.
   */
  moves(seat: Seat = this.turn): Move[] {
    const out: Move[] = [];
    if (this.activeCount() < 2) return out;
    this.out = out;
    this.mover = seat;
    for (let s = 0; s < SQUARES; s++) {
      if (this.owner[s] !== seat) continue;
      this.from = s;
      this.startsAsKing = this.king[s] === 1;
      // The column leaves its square for the whole search: its start square is empty then.
      this.owner[s] = EMPTY;
      this.capturesFrom(s, this.startsAsKing, 0, 0);
      this.owner[s] = seat;
    }
    if (out.length > 0) return out;
    for (let s = 0; s < SQUARES; s++) {
      if (this.owner[s] === seat) this.quietMovesFrom(seat, s, out);
    }
    return out;
  }

  /** Whether `seat` has a legal move (its columns ignoring whose turn it is). */
  hasMove(seat: Seat): boolean {
    for (let s = 0; s < SQUARES; s++) {
      if (this.owner[s] !== seat) continue;
      const king = this.king[s] === 1;
      // The column stays on its square here: a first jump never looks back at it.
      if (this.canCapture(seat, s, king, 0)) return true;
      if (king) {
        for (let d = 0; d < DIRECTIONS; d++) {
          const to = STEP[s * DIRECTIONS + d]!;
          if (to >= 0 && this.owner[to] === EMPTY) return true;
        }
      } else {
        for (const d of FORWARD[seat]!) {
          const to = STEP[s * DIRECTIONS + d]!;
          if (to >= 0 && this.owner[to] === EMPTY) return true;
        }
      }
    }
    return false;
  }

  private quietMovesFrom(seat: Seat, from: number, out: Move[]): void {
    if (this.king[from] === 1) {
      for (let d = 0; d < DIRECTIONS; d++) {
        for (let to = STEP[from * DIRECTIONS + d]!; to >= 0 && this.owner[to] === EMPTY;) {
          out.push({ from, path: [to], captures: [], promotes: false });
          to = STEP[to * DIRECTIONS + d]!;
        }
      }
      return;
    }
    for (const d of FORWARD[seat]!) {
      const to = STEP[from * DIRECTIONS + d]!;
      if (to >= 0 && this.owner[to] === EMPTY) {
        out.push({ from, path: [to], captures: [], promotes: promotesOn(seat, to) });
      }
    }
  }

  /**
   * The column to jump from `at` in direction `d`: the adjacent square for a man, the first
   * occupied square along the diagonal for a king. -1 when there is none, when it is the
   * mover's own or was jumped already in this move (Turkish strike), or when the square right
   * behind it is not empty.
   */
  private jumpable(mover: Seat, at: number, d: number, king: boolean, blocked: number): number {
    let over = STEP[at * DIRECTIONS + d]!;
    if (king) while (over >= 0 && this.owner[over] === EMPTY) over = STEP[over * DIRECTIONS + d]!;
    if (over < 0) return -1;
    const owner = this.owner[over]!;
    if (owner === EMPTY || owner === mover || ((blocked >>> over) & 1) === 1) return -1;
    // Jumped columns stay on their squares until the move ends, so a jumped square is never
    // empty: it can be neither landed on nor flown over.
    const land = STEP[over * DIRECTIONS + d]!;
    return land >= 0 && this.owner[land] === EMPTY ? over : -1;
  }

  private canCapture(seat: Seat, at: number, king: boolean, blocked: number): boolean {
    for (let d = 0; d < DIRECTIONS; d++) {
      if (this.jumpable(seat, at, d, king, blocked) >= 0) return true;
    }
    return false;
  }

  /**
   * Depth-first search of every capture sequence going on from `at` after `depth` jumps;
   * emits each complete one. Returns whether any jump was possible from `at`.
   */
  private capturesFrom(at: number, king: boolean, blocked: number, depth: number): boolean {
    let any = false;
    for (let d = 0; d < DIRECTIONS; d++) {
      const over = this.jumpable(this.mover, at, d, king, blocked);
      if (over < 0) continue;
      any = true;
      this.jumpedSquares[depth] = over;
      const after = blocked | (1 << over);
      if (!king) {
        const land = STEP[over * DIRECTIONS + d]!;
        // A man crowned on landing goes on capturing as a king.
        const crowned = promotesOn(this.mover, land);
        this.landings[depth] = land;
        if (!this.capturesFrom(land, crowned, after, depth + 1)) this.emit(depth + 1, crowned);
        continue;
      }
      // A flying king may land on any empty square behind the column, but if some of them let
      // it capture again it must land on one of those (the search from each landing says).
      let goesOn = false;
      for (let land = STEP[over * DIRECTIONS + d]!; land >= 0 && this.owner[land] === EMPTY;) {
        this.landings[depth] = land;
        if (this.capturesFrom(land, true, after, depth + 1)) goesOn = true;
        land = STEP[land * DIRECTIONS + d]!;
      }
      if (goesOn) continue;
      for (let land = STEP[over * DIRECTIONS + d]!; land >= 0 && this.owner[land] === EMPTY;) {
        this.landings[depth] = land;
        this.emit(depth + 1, true);
        land = STEP[land * DIRECTIONS + d]!;
      }
    }
    return any;
  }

  private emit(jumps: number, endsAsKing: boolean): void {
    this.out.push({
      from: this.from,
      path: Array.from(this.landings.subarray(0, jumps)),
      captures: Array.from(this.jumpedSquares.subarray(0, jumps)),
      promotes: endsAsKing && !this.startsAsKing,
    });
  }

  /**
   * Plays a move of the seat to move, which must be one of moves() (not checked here): every
   * jumped column loses a storey (and a king column its crown), the moving column grows by
   * one storey per chip taken from an active seat, the mover becomes count with a column of
   * COUNT_HEIGHT or more, then the turn passes on (passTurn).
   */
  make(move: Move): void {
    const mover = this.turn;
    const from = move.from;
    const to = move.path[move.path.length - 1]!;
    const jumped: number[] = [];
    let growth = 0;
    for (const square of move.captures) {
      const owner = this.owner[square]!;
      const height = this.height[square]!;
      jumped.push(owner, height, this.king[square]!);
      if (this.isActive(owner as Seat)) growth++;
      this.king[square] = 0;
      if (height === 1) this.owner[square] = EMPTY;
      else this.height[square] = height - 1;
    }
    const moverHeight = this.height[from]!;
    const moverKing = this.king[from]!;
    this.undos.push({
      move,
      moverHeight,
      moverKing,
      jumped,
      turn: mover,
      active: this.active,
      finished: this.finished.length,
      quietPlies: this.quietPlies,
    });
    this.owner[from] = EMPTY;
    this.owner[to] = mover;
    this.height[to] = moverHeight + growth;
    this.king[to] = moverKing === 1 || move.promotes ? 1 : 0;
    this.quietPlies = move.captures.length > 0 ? 0 : this.quietPlies + 1;
    if (this.ownsCountColumn(mover)) this.finish(mover, 'count');
    this.passTurn(mover);
  }

  /** Takes back the last make(). */
  unmake(): void {
    const undo = this.undos.pop();
    if (undo === undefined) throw new Error('TableBoard.unmake: no move to take back');
    const { move } = undo;
    const to = move.path[move.path.length - 1]!;
    this.owner[to] = EMPTY;
    this.owner[move.from] = undo.turn;
    this.height[move.from] = undo.moverHeight;
    this.king[move.from] = undo.moverKing;
    move.captures.forEach((square, i) => {
      this.owner[square] = undo.jumped[i * 3]!;
      this.height[square] = undo.jumped[i * 3 + 1]!;
      this.king[square] = undo.jumped[i * 3 + 2]!;
    });
    this.turn = undo.turn;
    this.active = undo.active;
    this.finished.length = undo.finished;
    this.quietPlies = undo.quietPlies;
  }

  /** Takes `seat` out of the turn order (resignation or loss on time); see resignSeat. */
  resign(seat: Seat): void {
    this.finish(seat, 'out');
    if (this.turn === seat) this.passTurn(seat);
    else if (this.activeCount() < 2) this.turn = this.soleActiveSeat(this.turn);
  }

  /**
   * Hands the turn to the next active seat clockwise after `after`. A seat with no legal move
   * when its turn comes is out, and the turn goes on, until a seat with a move is found or
   * fewer than two seats are active (then the turn rests with the one left, if any).
   */
  passTurn(after: Seat): void {
    let seat = after;
    while (this.activeCount() >= 2) {
      seat = this.nextActive(seat);
      if (this.hasMove(seat)) {
        this.turn = seat;
        return;
      }
      this.finish(seat, 'out');
    }
    this.turn = this.soleActiveSeat(seat);
  }

  /** The seat to move, put out (and the next, and so on) while it has no legal move. */
  settleTurn(): void {
    if (this.activeCount() >= 2 && this.isActive(this.turn) && !this.hasMove(this.turn)) {
      this.finish(this.turn, 'out');
      this.passTurn(this.turn);
    }
  }

  private finish(seat: Seat, how: Finish['how']): void {
    this.finished.push({ seat, how });
    this.active &= ~(1 << seat);
  }

  private ownsCountColumn(seat: Seat): boolean {
    for (let s = 0; s < SQUARES; s++) {
      if (this.owner[s] === seat && this.height[s]! >= COUNT_HEIGHT) return true;
    }
    return false;
  }

  /** The first active seat after `seat` in turn order (wrapping round the table). */
  private nextActive(seat: Seat): Seat {
    const seats = this.seats;
    const at = seats.indexOf(seat);
    for (let i = 1; i <= seats.length; i++) {
      const next = seats[(at + i) % seats.length]!;
      if (this.isActive(next)) return next;
    }
    throw new Error('TableBoard.nextActive: no active seat');
  }

  /** The one active seat left, or `fallback` when none is (a game that ended otherwise). */
  private soleActiveSeat(fallback: Seat): Seat {
    return this.seats.find((seat) => this.isActive(seat)) ?? fallback;
  }
}
