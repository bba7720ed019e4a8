/**
 * Board geometry: which squares exist, their names, and the diagonal neighbour table.
 *
 * Only dark squares are used and a1 is dark. They are numbered rank by rank from White's side,
 * files a→h within a rank. On 8x8 each rank has 4 dark squares:
 *
 *        a   b   c   d   e   f   g   h
 *   8  |   |28 |   |29 |   |30 |   |31 |
 *   7  |24 |   |25 |   |26 |   |27 |   |
 *   6  |   |20 |   |21 |   |22 |   |23 |
 *   5  |16 |   |17 |   |18 |   |19 |   |
 *   4  |   |12 |   |13 |   |14 |   |15 |
 *   3  | 8 |   | 9 |   |10 |   |11 |   |
 *   2  |   | 4 |   | 5 |   | 6 |   | 7 |
 *   1  | 0 |   | 1 |   | 2 |   | 3 |   |
 *
 * On Laska's 7x7 board odd ranks (1, 3, 5, 7) hold 4 dark squares (a c e g) and even ranks 3
 * (b d f), 25 in all: a1=0 … g1=3, b2=4 … f2=6, a3=7 …, g7=24.
 *
 * Boards may be 10 files wide (a–j) and 10 ranks high (two-digit ranks: b10): Adiyukh's
 * 10x8 board ("8x10": 10 files, 8 ranks, 5 dark squares per rank, 40 in all) and 10x10 (50).
 *
 * Directions: 0 = NE (+file, +rank), 1 = NW, 2 = SE, 3 = SW; the opposite of d is 3 - d.
 * White's forward directions are 0 and 1, Black's 2 and 3.
 */
export interface Geometry {
  /** Files (a…) across and ranks (1…) up: 8 and 8, 7 and 7, 10 and 8, or 10 and 10. */
  readonly files: number;
  readonly ranks: number;
  /** Number of dark (playable) squares. */
  readonly squareCount: number;
  /** 0-based file and rank of each square. */
  readonly file: Int8Array;
  readonly rank: Int8Array;
  /** Square names ("a1"…). */
  readonly names: readonly string[];
  /** step[square * 4 + direction]: the diagonal neighbour, or -1 off the board. */
  readonly step: Int8Array;
}

export const DIRECTIONS = 4;
export const NORTH_EAST = 0;
export const NORTH_WEST = 1;
export const SOUTH_EAST = 2;
export const SOUTH_WEST = 3;
const DELTA_FILE = [1, -1, 1, -1];
const DELTA_RANK = [1, 1, -1, -1];

/** File letters of the widest board. */
export const FILE_LETTERS = 'abcdefghij';

function buildGeometry(files: number, ranks: number): Geometry {
  const index = new Map<number, number>();
  const file: number[] = [];
  const rank: number[] = [];
  const names: string[] = [];
  for (let r = 0; r < ranks; r++) {
    for (let f = 0; f < files; f++) {
      if ((f + r) % 2 !== 0) continue;
      index.set(r * files + f, file.length);
      file.push(f);
      rank.push(r);
      names.push(FILE_LETTERS[f] + String(r + 1));
    }
  }
  const squareCount = file.length;
  const step = new Int8Array(squareCount * DIRECTIONS).fill(-1);
  for (let s = 0; s < squareCount; s++) {
    for (let d = 0; d < DIRECTIONS; d++) {
      const f = file[s]! + DELTA_FILE[d]!;
      const r = rank[s]! + DELTA_RANK[d]!;
      if (f >= 0 && f < files && r >= 0 && r < ranks)
        step[s * DIRECTIONS + d] = index.get(r * files + f)!;
    }
  }
  return {
    files,
    ranks,
    squareCount,
    file: Int8Array.from(file),
    rank: Int8Array.from(rank),
    names,
    step,
  };
}

export const GEOMETRY_8 = buildGeometry(8, 8);
export const GEOMETRY_7 = buildGeometry(7, 7);
/** 10 files by 8 ranks (Dagaz's "8x10"). */
export const GEOMETRY_10X8 = buildGeometry(10, 8);
export const GEOMETRY_10 = buildGeometry(10, 10);

/** The square index for a name like "c3", or -1 when it is not a dark square of this board. */
export function squareIndex(geometry: Geometry, name: string): number {
  return geometry.names.indexOf(name.toLowerCase());
}
