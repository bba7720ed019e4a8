/**
 * Table positions (Zhernov's four-player game) built by hand for tests and benches, without the
 * table FEN: each column given by its square name, owner, height and king flag.
 */
import { GEOMETRY_8, squareIndex } from '../../src/engine/index.js';
import {
  SEATS,
  type Column,
  type Finish,
  type Seat,
  type TablePosition,
} from '../../src/engine/multi/index.js';

/** A column: [owner, height] for a man column, [owner, height, true] for a king column. */
export type ColumnSpec = readonly [Seat, number] | readonly [Seat, number, boolean];

export interface TableSpec {
  readonly seats?: readonly Seat[];
  readonly turn?: Seat;
  readonly finished?: readonly Finish[];
  /** Columns by square name ("c1"). */
  readonly columns: Readonly<Record<string, ColumnSpec>>;
}

/** The square number of a dark square's name on the 8x8 board; throws on anything else. */
export function square(name: string): number {
  const index = squareIndex(GEOMETRY_8, name);
  if (index < 0) throw new Error(`${name} is not a dark square of the 8x8 board`);
  return index;
}

/** A table position from a spec: all four seats and White to move unless it says otherwise. */
export function tablePosition(spec: TableSpec): TablePosition {
  const columns: (Column | null)[] = Array.from({ length: GEOMETRY_8.squareCount }, () => null);
  for (const [name, [owner, height, king]] of Object.entries(spec.columns)) {
    columns[square(name)] = { owner, height, king: king ?? false };
  }
  const seats = spec.seats ?? SEATS;
  return {
    variant: 'zhernov',
    seats: [...seats],
    turn: spec.turn ?? seats[0]!,
    columns,
    finished: [...(spec.finished ?? [])],
  };
}

/**
 * VARIANTS.md's start: three 2-high columns per seat on its edge, without the corners (White c1
 * e1 g1, Red a3 a5 a7, Black b8 d8 f8, Green h2 h4 h6), for the seats given.
 */
export function tableStartPosition(seats: readonly Seat[] = SEATS): TablePosition {
  const homes: Record<Seat, readonly string[]> = {
    0: ['c1', 'e1', 'g1'],
    1: ['a3', 'a5', 'a7'],
    2: ['b8', 'd8', 'f8'],
    3: ['h2', 'h4', 'h6'],
  };
  const columns: Record<string, ColumnSpec> = {};
  for (const seat of seats) for (const name of homes[seat]) columns[name] = [seat, 2];
  return tablePosition({ seats, columns });
}

/**
 * Where a square is seen with `bottom`'s edge at the bottom, worked out independently of the
 * renderer: White's view (files across, rank 1 at the bottom), then the picture turned a quarter
 * counter-clockwise once per seat, which moves the cell at (column, row) of an 8x8 grid to
 * (row, 7 - column).
 */
export function turnedCell(
  file: number,
  rank: number,
  bottom: Seat,
): { column: number; row: number } {
  let cell = { column: file, row: 7 - rank };
  for (let turn = 0; turn < bottom; turn++) cell = { column: cell.row, row: 7 - cell.column };
  return cell;
}

/**
 * Zhernov's four-player game in its middle: White became count with a column of seven, Black
 * is out (its columns stay as obstacles), Red's king column stands on h6 (its last line), and
 * Red has just jumped Green's column on c5 from b4 to d6, growing to four; Green to move.
 */
export const ZHERNOV_MIDDLE: TablePosition = tablePosition({
  turn: 3,
  finished: [
    { seat: 0, how: 'count' },
    { seat: 2, how: 'out' },
  ],
  columns: {
    g7: [0, 7],
    a1: [0, 1],
    d8: [2, 1],
    b8: [2, 2],
    h6: [1, 3, true],
    d6: [1, 4],
    a3: [1, 1],
    c5: [3, 1],
    a5: [3, 2, true],
    e3: [3, 3],
    f2: [3, 2],
  },
});
