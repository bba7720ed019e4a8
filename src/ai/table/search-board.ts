/**
 * A mutable table board for the search: Zhernov's game (VARIANTS.md section 5) on typed arrays,
 * with its own move generator, make/unmake and Zobrist key, so that the search allocates nothing
 * on its hot path. The engine's table functions (src/engine/multi) stay the authority: they
 * parse and print positions and moves and check the move the search chooses; this board is
 * cross-checked against them move list by move list (test/ai/table/board.test.ts).
 *
 * Squares are GEOMETRY_8's (0 = a1 … 31 = h8); per square the owner (-1 empty), the height and
 * a king flag. Seats have a status: not taken, active, count or out.
 *
 * Turn order with skipped and finished seats: after every move the mover becomes count when it
 * owns a column of 6 or more, then the turn passes clockwise to the next active seat; a seat
 * with no legal move when its turn comes is out at once, and so on, until a seat with a move is
 * found or fewer than two seats are active (the rules of the engine's applyTableMove). So every
 * position the search visits has its seat to move able to move, unless the game is over.
 */
import { doubled, GEOMETRY_8, seededRandom } from '../../engine/index.js';
import {
  COUNT_BONUS,
  COUNT_HEIGHT,
  NO_CAPTURE_ROUNDS,
  placePoints,
  promotesOn,
  type Column,
  type Finish,
  type Move,
  type Seat,
  type TablePosition,
} from '../../engine/multi/index.js';

const SQUARES = 32;
const STEP = GEOMETRY_8.step;
const FILE = GEOMETRY_8.file;
const RANK = GEOMETRY_8.rank;
const NAMES = GEOMETRY_8.names;

export { COUNT_HEIGHT };

/** Seat status. */
export const NOT_TAKEN = 0;
export const ACTIVE = 1;
export const COUNTED = 2;
export const OUT = 3;

/**
 * The forward directions of each seat's men (geometry.ts: 0 NE, 1 NW, 2 SE, 3 SW): White up,
 * Red toward the h-file, Black down, Green toward the a-file.
 */
const FORWARD: readonly (readonly [number, number])[] = [
  [0, 1],
  [0, 2],
  [2, 3],
  [1, 3],
];

/** promotes[seat * 32 + square]: the engine's promotesOn (the last line, not a1 or h8). */
const PROMOTES = new Uint8Array(4 * SQUARES);
/** How far a man column of the seat has come from its home edge (0..7), for the evaluation. */
export const ADVANCE = new Uint8Array(4 * SQUARES);
for (let s = 0; s < SQUARES; s++) {
  const file = FILE[s]!;
  const rank = RANK[s]!;
  const advance = [rank, file, 7 - rank, 7 - file];
  for (let seat = 0; seat < 4; seat++) {
    PROMOTES[seat * SQUARES + s] = promotesOn(seat as Seat, s) ? 1 : 0;
    ADVANCE[seat * SQUARES + s] = advance[seat]!;
  }
}

/**
 * The longest capture: a jumped column cannot stand on the edge (nothing to land on beyond it)
 * and each column is jumped at most once, so at most the 18 inner squares.
 */
export const MAX_JUMPS = 18;
/** Per move: from, jumps, promotes, to, then (jumped, landing) per jump. */
export const MOVE_STRIDE = 4 + 2 * MAX_JUMPS;

/** A list of moves in one Int8Array (see MOVE_STRIDE); grows as needed, then is reused. */
export class TableMoveList {
  data = new Int8Array(64 * MOVE_STRIDE);
  count = 0;

  from(i: number): number {
    return this.data[i * MOVE_STRIDE]!;
  }
  jumps(i: number): number {
    return this.data[i * MOVE_STRIDE + 1]!;
  }
  promotes(i: number): boolean {
    return this.data[i * MOVE_STRIDE + 2] === 1;
  }
  to(i: number): number {
    return this.data[i * MOVE_STRIDE + 3]!;
  }
  jumped(i: number, j: number): number {
    return this.data[i * MOVE_STRIDE + 4 + 2 * j]!;
  }
  landing(i: number, j: number): number {
    return this.data[i * MOVE_STRIDE + 5 + 2 * j]!;
  }

  /** Room for one more move; returns its offset. */
  push(): number {
    const base = this.count * MOVE_STRIDE;
    if (base + MOVE_STRIDE > this.data.length) {
      this.data = doubled(this.data);
    }
    this.count++;
    return base;
  }

  /** Exchanges moves i and k (move ordering). */
  swap(i: number, k: number): void {
    const data = this.data;
    const a = i * MOVE_STRIDE;
    const b = k * MOVE_STRIDE;
    const used = 4 + 2 * Math.max(data[a + 1]!, data[b + 1]!);
    for (let s = 0; s < used; s++) {
      const t = data[a + s]!;
      data[a + s] = data[b + s]!;
      data[b + s] = t;
    }
  }

  /** Move i as the engine's Move. */
  move(i: number): Move {
    const jumps = this.jumps(i);
    const path: number[] = [];
    const captures: number[] = [];
    for (let j = 0; j < jumps; j++) {
      captures.push(this.jumped(i, j));
      path.push(this.landing(i, j));
    }
    if (jumps === 0) path.push(this.to(i));
    return { from: this.from(i), path, captures, promotes: this.promotes(i) };
  }

  /** Move i in full-path notation (`c1-b2`, `c3:e5:g3`), as the engine writes table moves. */
  text(i: number): string {
    const jumps = this.jumps(i);
    if (jumps === 0) return `${NAMES[this.from(i)]!}-${NAMES[this.to(i)]!}`;
    let text = NAMES[this.from(i)]!;
    for (let j = 0; j < jumps; j++) text += ':' + NAMES[this.landing(i, j)]!;
    return text;
  }
}

// Zobrist keys, two 32-bit halves, from a fixed seed (keys are the same in every process).
const random = seededRandom(0x5eed7ab1);
const word = () => (random() * 0x100000000) | 0;
/** columnKey[((square * 4 + owner) * 64 + min(height, 63)) * 2 + king] */
const COLUMN_LOW = Int32Array.from({ length: SQUARES * 4 * 64 * 2 }, word);
const COLUMN_HIGH = Int32Array.from({ length: SQUARES * 4 * 64 * 2 }, word);
const TURN_LOW = Int32Array.from({ length: 4 }, word);
const TURN_HIGH = Int32Array.from({ length: 4 }, word);
/** finishKey[seat * 2 + (count ? 0 : 1)] */
const FINISH_LOW = Int32Array.from({ length: 8 }, word);
const FINISH_HIGH = Int32Array.from({ length: 8 }, word);
/** Mixed in by the search: paranoid scores are for one seat. */
export const ROOT_LOW = Int32Array.from({ length: 4 }, word);
export const ROOT_HIGH = Int32Array.from({ length: 4 }, word);

function columnIndex(square: number, owner: number, height: number, king: number): number {
  return ((square * 4 + owner) * 64 + (height < 63 ? height : 63)) * 2 + king;
}

/** Undo record per ply: the fixed part, then (square, owner, height, king) per jumped column. */
const UNDO_FIXED = 10;
const UNDO_STRIDE = UNDO_FIXED + 4 * MAX_JUMPS;
/** Plies of make without unmake the board can hold (the search's depth plus captures). */
export const MAX_MAKES = 128;

/**
 * The table board. Load a position, then generate, make and unmake moves; `toPosition` gives
 * the engine's immutable position back.
 */
export class TableSearchBoard {
  readonly owner = new Int8Array(SQUARES);
  readonly height = new Uint8Array(SQUARES);
  readonly king = new Uint8Array(SQUARES);
  /** Per seat: NOT_TAKEN, ACTIVE, COUNTED or OUT. */
  readonly status = new Uint8Array(4);
  /** Points of each finished seat, fixed when it finished. */
  readonly points = new Float64Array(4);
  /** The finishing order. */
  readonly finishedSeats = new Int8Array(4);
  finishedCount = 0;
  /** Seats taken in this game. */
  players = 0;
  activeCount = 0;
  /** Seats that became count / went out: the best free place is counts + 1, the worst players - outs. */
  counts = 0;
  outs = 0;
  turn = 0;
  quietPlies = 0;
  hashLow = 0;
  hashHigh = 0;

  private readonly undo = new Int32Array(MAX_MAKES * UNDO_STRIDE);
  private depth = 0;
  /** Squares jumped so far in the capture being generated (Turkish strike). */
  private readonly blocked = new Uint8Array(SQUARES);
  /** The capture being generated: jumped and landing squares. */
  private readonly jumpedPath = new Int8Array(MAX_JUMPS);
  private readonly landingPath = new Int8Array(MAX_JUMPS);
  private generating!: TableMoveList;
  private generatingFrom = 0;

  /** Loads `position` (and the plies since the last capture). */
  load(position: TablePosition, quietPlies = 0): this {
    this.owner.fill(-1);
    this.height.fill(0);
    this.king.fill(0);
    this.status.fill(NOT_TAKEN);
    this.points.fill(0);
    this.finishedCount = 0;
    this.counts = 0;
    this.outs = 0;
    this.depth = 0;
    this.players = position.seats.length;
    for (const seat of position.seats) this.status[seat] = ACTIVE;
    this.activeCount = this.players;
    position.columns.forEach((column, square) => {
      if (column === null || square >= SQUARES) return;
      this.owner[square] = column.owner;
      this.height[square] = column.height;
      this.king[square] = column.king ? 1 : 0;
    });
    for (const finish of position.finished) this.finish(finish.seat, finish.how === 'count');
    this.turn = position.turn;
    this.quietPlies = quietPlies;
    this.rehash();
    return this;
  }

  /** The position as the engine's plain data. */
  toPosition(): TablePosition {
    const columns: (Column | null)[] = [];
    for (let s = 0; s < SQUARES; s++) {
      const owner = this.owner[s]!;
      columns.push(
        owner < 0
          ? null
          : { owner: owner as Seat, height: this.height[s]!, king: this.king[s] === 1 },
      );
    }
    const seats: Seat[] = [];
    for (let seat = 0; seat < 4; seat++)
      if (this.status[seat] !== NOT_TAKEN) seats.push(seat as Seat);
    const finished: Finish[] = [];
    for (let i = 0; i < this.finishedCount; i++) {
      const seat = this.finishedSeats[i]! as Seat;
      finished.push({ seat, how: this.status[seat] === COUNTED ? 'count' : 'out' });
    }
    return { variant: 'zhernov', seats, turn: this.turn as Seat, columns, finished };
  }

  /** Fewer than two seats still play, or the no-capture limit is reached. */
  isOver(): boolean {
    return this.activeCount < 2 || this.quietPlies >= NO_CAPTURE_ROUNDS * this.activeCount;
  }

  /**
   * The points `seat` ends with if the game ends now (by the last-player rule when fewer than
   * two seats play, else by the no-capture limit's shared places), or its fixed points when it
   * has finished.
   */
  pointsAtEnd(seat: number): number {
    if (this.status[seat] !== ACTIVE) return this.points[seat]!;
    const best = this.counts + 1;
    const worst = this.players - this.outs;
    if (this.activeCount < 2) return placePoints(best, this.players);
    let shared = 0;
    for (let place = best; place <= worst; place++) shared += placePoints(place, this.players);
    return shared / this.activeCount;
  }

  /** Recomputes the key from scratch (load; tests compare it with the incremental one). */
  rehash(): void {
    let low = TURN_LOW[this.turn]!;
    let high = TURN_HIGH[this.turn]!;
    for (let s = 0; s < SQUARES; s++) {
      const owner = this.owner[s]!;
      if (owner < 0) continue;
      const index = columnIndex(s, owner, this.height[s]!, this.king[s]!);
      low ^= COLUMN_LOW[index]!;
      high ^= COLUMN_HIGH[index]!;
    }
    for (let seat = 0; seat < 4; seat++) {
      const status = this.status[seat]!;
      if (status === COUNTED || status === OUT) {
        const index = seat * 2 + (status === COUNTED ? 0 : 1);
        low ^= FINISH_LOW[index]!;
        high ^= FINISH_HIGH[index]!;
      }
    }
    this.hashLow = low;
    this.hashHigh = high;
  }

  /**
   * The legal moves of the seat to move into `list` (captures only when there is one, each
   * played to its end); returns their number. Nothing when the game is over.
   */
  generate(list: TableMoveList): number {
    list.count = 0;
    if (this.activeCount < 2) return 0;
    this.addCaptures(list, false);
    if (list.count > 0) return list.count;
    const seat = this.turn;
    const owner = this.owner;
    for (let s = 0; s < SQUARES; s++) {
      if (owner[s] !== seat) continue;
      if (this.king[s] === 1) {
        for (let d = 0; d < 4; d++) {
          for (let t = STEP[s * 4 + d]!; t >= 0 && owner[t]! < 0; t = STEP[t * 4 + d]!) {
            this.addQuiet(list, s, t, false);
          }
        }
      } else {
        const [d1, d2] = FORWARD[seat]!;
        const t1 = STEP[s * 4 + d1]!;
        if (t1 >= 0 && owner[t1]! < 0)
          this.addQuiet(list, s, t1, PROMOTES[seat * SQUARES + t1] === 1);
        const t2 = STEP[s * 4 + d2]!;
        if (t2 >= 0 && owner[t2]! < 0)
          this.addQuiet(list, s, t2, PROMOTES[seat * SQUARES + t2] === 1);
      }
    }
    return list.count;
  }

  /** Whether the seat to move has any legal move (cheaper than generating them). */
  hasMove(): boolean {
    const seat = this.turn;
    const owner = this.owner;
    const [d1, d2] = FORWARD[seat]!;
    for (let s = 0; s < SQUARES; s++) {
      if (owner[s] !== seat) continue;
      for (let d = 0; d < 4; d++) {
        const t = STEP[s * 4 + d]!;
        if (t >= 0 && owner[t]! < 0 && (this.king[s] === 1 || d === d1 || d === d2)) return true;
      }
    }
    // No quiet move: any capture will do.
    const scratch = this.scratch;
    scratch.count = 0;
    this.addCaptures(scratch, true);
    return scratch.count > 0;
  }
  private readonly scratch = new TableMoveList();

  /**
   * Adds the captures of the seat to move to `list`, each played to its end, column by column
   * in square order; with `firstOnly`, none after the first column that has any.
   */
  private addCaptures(list: TableMoveList, firstOnly: boolean): void {
    const seat = this.turn;
    const owner = this.owner;
    this.generating = list;
    for (let s = 0; s < SQUARES; s++) {
      if (owner[s] !== seat) continue;
      // The moving column's square is empty during its own capture.
      this.generatingFrom = s;
      owner[s] = -1;
      if (this.king[s] === 1) this.kingCaptures(s, 0, false);
      else this.manCaptures(s, 0);
      owner[s] = seat;
      if (firstOnly && list.count > 0) return;
    }
  }

  private addQuiet(list: TableMoveList, from: number, to: number, promotes: boolean): void {
    const base = list.push();
    const data = list.data;
    data[base] = from;
    data[base + 1] = 0;
    data[base + 2] = promotes ? 1 : 0;
    data[base + 3] = to;
  }

  /** The capture so far (jumps 0..depth-1) ends at `to`. */
  private addCapture(depth: number, to: number, promotes: boolean): void {
    const list = this.generating;
    const base = list.push();
    const data = list.data;
    data[base] = this.generatingFrom;
    data[base + 1] = depth;
    data[base + 2] = promotes ? 1 : 0;
    data[base + 3] = to;
    for (let j = 0; j < depth; j++) {
      data[base + 4 + 2 * j] = this.jumpedPath[j]!;
      data[base + 5 + 2 * j] = this.landingPath[j]!;
    }
  }

  /**
   * A man column at `s` (jumps 0..depth-1 made) captures on: adjacent columns of other owners
   * in all four directions, not jumped before in this move, onto the empty square beyond.
   * Landing on its last line (not a corner) it goes on as a king. Returns whether it could.
   */
  private manCaptures(s: number, depth: number): boolean {
    const owner = this.owner;
    const seat = this.turn;
    const blocked = this.blocked;
    let found = false;
    for (let d = 0; d < 4; d++) {
      const over = STEP[s * 4 + d]!;
      if (over < 0 || owner[over]! < 0 || owner[over] === seat || blocked[over] === 1) continue;
      const land = STEP[over * 4 + d]!;
      // A jumped column stays on its square until the move ends, so `owner` blocks it too.
      if (land < 0 || owner[land]! >= 0) continue;
      found = true;
      blocked[over] = 1;
      this.jumpedPath[depth] = over;
      this.landingPath[depth] = land;
      if (PROMOTES[seat * SQUARES + land] === 1) {
        if (!this.kingCaptures(land, depth + 1, true)) this.addCapture(depth + 1, land, true);
      } else if (!this.manCaptures(land, depth + 1)) this.addCapture(depth + 1, land, false);
      blocked[over] = 0;
    }
    return found;
  }

  /**
   * A king column at `s` captures on as a flying king: along a diagonal over empty squares to
   * the first column, of another owner and not jumped before, then onto any empty square beyond
   * it (up to the next column or the edge) — onto one from which it can capture again whenever
   * there is one (the Russian landing rule). Returns whether it could capture at all.
   */
  private kingCaptures(s: number, depth: number, promoted: boolean): boolean {
    const owner = this.owner;
    const seat = this.turn;
    const blocked = this.blocked;
    let found = false;
    for (let d = 0; d < 4; d++) {
      let over = STEP[s * 4 + d]!;
      while (over >= 0 && owner[over]! < 0) over = STEP[over * 4 + d]!;
      if (over < 0 || owner[over] === seat || blocked[over] === 1) continue;
      const first = STEP[over * 4 + d]!;
      if (first < 0 || owner[first]! >= 0) continue;
      found = true;
      blocked[over] = 1;
      this.jumpedPath[depth] = over;
      let goesOn = false;
      for (let land = first; land >= 0 && owner[land]! < 0; land = STEP[land * 4 + d]!) {
        this.landingPath[depth] = land;
        if (this.kingCaptures(land, depth + 1, promoted)) goesOn = true;
      }
      if (!goesOn) {
        for (let land = first; land >= 0 && owner[land]! < 0; land = STEP[land * 4 + d]!) {
          this.landingPath[depth] = land;
          this.addCapture(depth + 1, land, promoted);
        }
      }
      blocked[over] = 0;
    }
    return found;
  }

  /**
   * Plays move i of `list` (generated in this position): jumped columns lose a storey (and a
   * king column its crown), the capturing column grows by one storey per chip taken from an
   * active seat; then the mover may become count and the turn passes on (see the module doc).
   */
  make(list: TableMoveList, i: number): void {
    const data = list.data;
    const base = i * MOVE_STRIDE;
    const from = data[base]!;
    const jumps = data[base + 1]!;
    const to = data[base + 3]!;
    const owner = this.owner;
    const height = this.height;
    const king = this.king;
    const undo = this.undo;
    const u = this.depth++ * UNDO_STRIDE;
    if (this.depth > MAX_MAKES) throw new Error('TableSearchBoard.make: too many moves made');
    const mover = this.turn;
    undo[u] = from;
    undo[u + 1] = to;
    undo[u + 2] = height[from]!;
    undo[u + 3] = king[from]!;
    undo[u + 4] = jumps;
    undo[u + 5] = mover;
    undo[u + 6] = this.quietPlies;
    undo[u + 7] = this.hashLow;
    undo[u + 8] = this.hashHigh;
    let low = this.hashLow;
    let high = this.hashHigh;
    let index = columnIndex(from, mover, height[from]!, king[from]!);
    low ^= COLUMN_LOW[index]!;
    high ^= COLUMN_HIGH[index]!;
    let newHeight = height[from]!;
    const newKing = king[from]! | data[base + 2]!;
    owner[from] = -1;
    height[from] = 0;
    king[from] = 0;
    for (let j = 0; j < jumps; j++) {
      const square = data[base + 4 + 2 * j]!;
      const who = owner[square]!;
      const h = height[square]!;
      const k = king[square]!;
      const v = u + UNDO_FIXED + 4 * j;
      undo[v] = square;
      undo[v + 1] = who;
      undo[v + 2] = h;
      undo[v + 3] = k;
      index = columnIndex(square, who, h, k);
      low ^= COLUMN_LOW[index]!;
      high ^= COLUMN_HIGH[index]!;
      if (this.status[who] === ACTIVE) newHeight++;
      if (h > 1) {
        height[square] = h - 1;
        king[square] = 0;
        index = columnIndex(square, who, h - 1, 0);
        low ^= COLUMN_LOW[index]!;
        high ^= COLUMN_HIGH[index]!;
      } else {
        owner[square] = -1;
        height[square] = 0;
        king[square] = 0;
      }
    }
    if (newHeight > 255) newHeight = 255;
    owner[to] = mover;
    height[to] = newHeight;
    king[to] = newKing;
    index = columnIndex(to, mover, newHeight, newKing);
    low ^= COLUMN_LOW[index]!;
    high ^= COLUMN_HIGH[index]!;
    this.hashLow = low;
    this.hashHigh = high;
    this.quietPlies = jumps > 0 ? 0 : this.quietPlies + 1;
    // Seats that finish from here on are put back by unmake.
    undo[u + 9] = this.finishedCount;
    // Only the moved column grew, but a loaded position may hold an older tall one.
    if (newHeight >= COUNT_HEIGHT || this.ownsCountColumn(mover)) this.finish(mover, true);
    this.passTurn(mover);
  }

  /** Takes back the last move made. */
  unmake(): void {
    const undo = this.undo;
    const u = --this.depth * UNDO_STRIDE;
    const from = undo[u]!;
    const to = undo[u + 1]!;
    const jumps = undo[u + 4]!;
    const mover = undo[u + 5]!;
    const finishedBefore = undo[u + 9]!;
    while (this.finishedCount > finishedBefore) this.unfinish();
    const owner = this.owner;
    const height = this.height;
    const king = this.king;
    owner[to] = -1;
    height[to] = 0;
    king[to] = 0;
    for (let j = jumps - 1; j >= 0; j--) {
      const v = u + UNDO_FIXED + 4 * j;
      const square = undo[v]!;
      owner[square] = undo[v + 1]!;
      height[square] = undo[v + 2]!;
      king[square] = undo[v + 3]!;
    }
    owner[from] = mover;
    height[from] = undo[u + 2]!;
    king[from] = undo[u + 3]!;
    this.turn = mover;
    this.quietPlies = undo[u + 6]!;
    this.hashLow = undo[u + 7]!;
    this.hashHigh = undo[u + 8]!;
  }

  private ownsCountColumn(seat: number): boolean {
    for (let s = 0; s < SQUARES; s++) {
      if (this.owner[s] === seat && this.height[s]! >= COUNT_HEIGHT) return true;
    }
    return false;
  }

  /**
   * The turn passes clockwise from `mover` to the next active seat; one without a legal move
   * goes out, and so on, until a seat can move or fewer than two seats are active.
   */
  private passTurn(mover: number): void {
    let seat = mover;
    while (this.activeCount >= 2) {
      do seat = (seat + 1) & 3;
      while (this.status[seat] !== ACTIVE);
      this.setTurn(seat);
      if (this.hasMove()) return;
      this.finish(seat, false);
    }
    // Game over: the turn rests with the seat still playing, if any.
    for (let s = 0; s < 4; s++) if (this.status[s] === ACTIVE) this.setTurn(s);
  }

  private setTurn(seat: number): void {
    this.hashLow ^= TURN_LOW[this.turn]! ^ TURN_LOW[seat]!;
    this.hashHigh ^= TURN_HIGH[this.turn]! ^ TURN_HIGH[seat]!;
    this.turn = seat;
  }

  /** `seat` leaves the turn order: a count takes the best free place, an out the worst. */
  private finish(seat: number, count: boolean): void {
    const place = count ? ++this.counts : this.players - this.outs++;
    this.points[seat] = placePoints(place, this.players) + (count ? COUNT_BONUS : 0);
    this.status[seat] = count ? COUNTED : OUT;
    this.finishedSeats[this.finishedCount++] = seat;
    this.activeCount--;
    const index = seat * 2 + (count ? 0 : 1);
    this.hashLow ^= FINISH_LOW[index]!;
    this.hashHigh ^= FINISH_HIGH[index]!;
  }

  /** Undoes the last finish (the key is restored by unmake as a whole). */
  private unfinish(): void {
    const seat = this.finishedSeats[--this.finishedCount]!;
    if (this.status[seat] === COUNTED) this.counts--;
    else this.outs--;
    this.status[seat] = ACTIVE;
    this.points[seat] = 0;
    this.activeCount++;
  }
}
