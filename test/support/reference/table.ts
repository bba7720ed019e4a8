/**
 * Reference move generator for Zhernov's four-player column game (`zhernov`), written from the
 * rules in VARIANTS.md section 5 and docs/rules-choices.md to cross-check src/engine/multi,
 * with which it shares no code (only the FEN format). Plain maps keyed by square name, boards
 * copied at every step, capture sequences found by plain recursion, and a seat's "no legal
 * move" found by listing all its moves. Slow and obvious on purpose.
 */

/** 'W', 'R', 'B', 'G': the seats in clockwise (turn) order. */
const LETTERS = ['W', 'R', 'B', 'G'] as const;

interface RefColumn {
  seat: number;
  height: number;
  king: boolean;
}

interface RefFinish {
  seat: number;
  how: '+' | '-';
}

export interface RefTable {
  /** Seats in the game, sorted (turn order). */
  seats: number[];
  turn: number;
  columns: Map<string, RefColumn>;
  finished: RefFinish[];
}

export interface RefTableMove {
  /** `c1-b2` or `a3:c1` (every landing square). */
  move: string;
  /** FEN after the move, with the turn passed on and any finishes. */
  fen: string;
}

const DIAGONALS: readonly (readonly [number, number])[] = [
  [1, 1],
  [-1, 1],
  [1, -1],
  [-1, -1],
];

function name(file: number, rank: number): string | null {
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return null;
  return 'abcdefgh'.charAt(file) + String(rank + 1);
}

function coords(square: string): [number, number] {
  return ['abcdefgh'.indexOf(square.charAt(0)), Number(square.slice(1)) - 1];
}

function shifted(square: string, df: number, dr: number): string | null {
  const [file, rank] = coords(square);
  return name(file + df, rank + dr);
}

/** Whether a man of `seat` moving in (df, dr) goes forward: White up, Red right, Black down, Green left. */
function isForward(seat: number, df: number, dr: number): boolean {
  if (seat === 0) return dr === 1;
  if (seat === 1) return df === 1;
  if (seat === 2) return dr === -1;
  return df === -1;
}

/** Whether a man of `seat` is crowned on `square`: its far edge, but never a1 or h8. */
function crowns(seat: number, square: string): boolean {
  if (square === 'a1' || square === 'h8') return false;
  const [file, rank] = coords(square);
  if (seat === 0) return rank === 7;
  if (seat === 1) return file === 7;
  if (seat === 2) return rank === 0;
  return file === 0;
}

function isActive(table: RefTable, seat: number): boolean {
  return table.seats.includes(seat) && !table.finished.some((f) => f.seat === seat);
}

/** Reads a FEN of the table format (trusted test input: errors throw). */
export function parseRefTableFen(text: string): RefTable {
  const [side, ...lists] = text.split(':');
  const table: RefTable = {
    seats: [],
    turn: LETTERS.indexOf(side as (typeof LETTERS)[number]),
    columns: new Map(),
    finished: [],
  };
  for (const list of lists) {
    if (list.startsWith('F')) {
      for (const entry of list.slice(1).split(',')) {
        const seat = LETTERS.indexOf(entry.charAt(0) as (typeof LETTERS)[number]);
        table.finished.push({ seat, how: entry.charAt(1) === '+' ? '+' : '-' });
      }
      continue;
    }
    const seat = LETTERS.indexOf(list.charAt(0) as (typeof LETTERS)[number]);
    table.seats.push(seat);
    if (list.length === 1) continue;
    for (const token of list.slice(1).split(',')) {
      const match = /^(K?)([a-h][1-8])(?:\(([01]+)\))?$/.exec(token);
      if (match === null) throw new Error(`reference table FEN: bad column ${token}`);
      const digits = match[3] ?? (match[1] === 'K' ? '1' : '0');
      table.columns.set(match[2]!, { seat, height: digits.length, king: digits.charAt(0) === '1' });
    }
  }
  table.seats.sort((a, b) => a - b);
  return table;
}

/** Writes the FEN: lists in seat order, columns rank by rank from a1, files a→h. */
export function writeRefTableFen(table: RefTable): string {
  const parts: string[] = [LETTERS[table.turn]!];
  for (const seat of table.seats) {
    const tokens: string[] = [];
    for (let rank = 0; rank < 8; rank++) {
      for (let file = 0; file < 8; file++) {
        const square = name(file, rank)!;
        const column = table.columns.get(square);
        if (column === undefined || column.seat !== seat) continue;
        if (column.height === 1) tokens.push(column.king ? `K${square}` : square);
        else tokens.push(`${square}(${(column.king ? '1' : '0').repeat(column.height)})`);
      }
    }
    parts.push(LETTERS[seat] + tokens.join(','));
  }
  if (table.finished.length > 0) {
    parts.push('F' + table.finished.map((f) => LETTERS[f.seat]! + f.how).join(','));
  }
  return parts.join(':');
}

/** A capture being played: where the column stands now, what it jumped, whether it is a king. */
interface Sequence {
  at: string;
  king: boolean;
  landings: string[];
  jumped: string[];
}

/** Every single jump from where the sequence stands, each with its possible landings. */
function jumpsFrom(
  columns: Map<string, RefColumn>,
  seat: number,
  sequence: Sequence,
): { over: string; landings: string[] }[] {
  const result: { over: string; landings: string[] }[] = [];
  for (const [df, dr] of DIAGONALS) {
    let over = shifted(sequence.at, df, dr);
    if (sequence.king) {
      while (over !== null && !columns.has(over)) over = shifted(over, df, dr);
    }
    if (over === null) continue;
    const target = columns.get(over);
    if (target === undefined || target.seat === seat || sequence.jumped.includes(over)) continue;
    const landings: string[] = [];
    let land = shifted(over, df, dr);
    // Jumped columns stay on the board until the move ends, so they stop the flight too.
    while (land !== null && !columns.has(land)) {
      landings.push(land);
      if (!sequence.king) break;
      land = shifted(land, df, dr);
    }
    if (landings.length > 0) result.push({ over, landings });
  }
  return result;
}

/** Every complete capture sequence continuing `sequence`. */
function completeCaptures(
  columns: Map<string, RefColumn>,
  seat: number,
  sequence: Sequence,
): Sequence[] {
  const jumps = jumpsFrom(columns, seat, sequence);
  if (jumps.length === 0) return sequence.jumped.length > 0 ? [sequence] : [];
  const done: Sequence[] = [];
  for (const { over, landings } of jumps) {
    let nexts = landings.map((land) => ({
      at: land,
      king: sequence.king || crowns(seat, land),
      landings: [...sequence.landings, land],
      jumped: [...sequence.jumped, over],
    }));
    // A king must land where it can capture again, if it can anywhere.
    const onward = nexts.filter((next) => jumpsFrom(columns, seat, next).length > 0);
    if (onward.length > 0) nexts = onward;
    for (const next of nexts) done.push(...completeCaptures(columns, seat, next));
  }
  return done;
}

interface RefMove {
  from: string;
  landings: string[];
  jumped: string[];
  king: boolean;
}

/** The legal moves of `seat` (ignoring whether the game is over). */
function movesOf(table: RefTable, seat: number): RefMove[] {
  const captures: RefMove[] = [];
  const quiet: RefMove[] = [];
  for (const [from, column] of table.columns) {
    if (column.seat !== seat) continue;
    const lifted = new Map(table.columns);
    lifted.delete(from);
    const start = { at: from, king: column.king, landings: [], jumped: [] };
    for (const done of completeCaptures(lifted, seat, start)) captures.push({ from, ...done });
    for (const [df, dr] of DIAGONALS) {
      if (!column.king && !isForward(seat, df, dr)) continue;
      let to = shifted(from, df, dr);
      while (to !== null && !table.columns.has(to)) {
        quiet.push({ from, landings: [to], jumped: [], king: column.king || crowns(seat, to) });
        if (!column.king) break;
        to = shifted(to, df, dr);
      }
    }
  }
  return captures.length > 0 ? captures : quiet;
}

function notation(move: RefMove): string {
  return move.jumped.length === 0
    ? `${move.from}-${move.landings[0]}`
    : [move.from, ...move.landings].join(':');
}

/** The table after `move` of the seat to move, with the turn passed on. */
function play(table: RefTable, move: RefMove): RefTable {
  const seat = table.turn;
  const columns = new Map(table.columns);
  const finished = [...table.finished];
  let gained = 0;
  for (const square of move.jumped) {
    const hit = columns.get(square)!;
    if (isActive(table, hit.seat)) gained++;
    if (hit.height === 1) columns.delete(square);
    else columns.set(square, { seat: hit.seat, height: hit.height - 1, king: false });
  }
  const mover = columns.get(move.from)!;
  columns.delete(move.from);
  columns.set(move.landings.at(-1)!, {
    seat,
    height: mover.height + gained,
    king: move.king,
  });
  const after: RefTable = { seats: table.seats, turn: seat, columns, finished };
  if ([...columns.values()].some((c) => c.seat === seat && c.height >= 6)) {
    finished.push({ seat, how: '+' });
  }
  return nextTurn(after);
}

/**
 * Clockwise from the seat that just moved: the next active seat takes the turn if it has a
 * move, else it is out and the next one is asked, while two or more seats are active.
 */
function nextTurn(table: RefTable): RefTable {
  const order = table.seats;
  let seat = table.turn;
  for (;;) {
    const active = order.filter((s) => isActive(table, s));
    if (active.length < 2) {
      if (active.length === 1) table.turn = active[0]!;
      return table;
    }
    do seat = order[(order.indexOf(seat) + 1) % order.length]!;
    while (!isActive(table, seat));
    if (movesOf(table, seat).length > 0) {
      table.turn = seat;
      return table;
    }
    table.finished.push({ seat, how: '-' });
  }
}

function gameOver(table: RefTable): boolean {
  return table.seats.filter((s) => isActive(table, s)).length < 2;
}

/** The legal moves of a table FEN, each with the FEN after it. */
export function referenceTableMoves(fen: string): RefTableMove[] {
  const table = parseRefTableFen(fen);
  if (gameOver(table)) return [];
  return movesOf(table, table.turn).map((move) => ({
    move: notation(move),
    fen: writeRefTableFen(play(table, move)),
  }));
}

/** Reference perft: leaf count of the move tree to `depth`. */
export function referenceTablePerft(fen: string, depth: number): number {
  if (depth === 0) return 1;
  const moves = referenceTableMoves(fen);
  if (depth === 1) return moves.length;
  let nodes = 0;
  for (const { fen: after } of moves) nodes += referenceTablePerft(after, depth - 1);
  return nodes;
}

/**
 * Reference end of a table game played from `fen` by `moves` (notation as referenceTableMoves
 * writes it): after each move, in this order, fewer than two active seats ('last-player'), the
 * third occurrence of the same FEN since the start ('threefold-repetition'), 20 rounds of the
 * active seats without a capture ('no-capture-limit'), 1000 moves ('ply-limit'). The ply and
 * reason of the first end, or undefined while the game goes on; the moves after it are ignored.
 */
export function referenceTableEnd(
  fen: string,
  moves: readonly string[],
): { ply: number; reason: string } | undefined {
  const seen = [fen];
  let quiet = 0;
  let current = fen;
  const endAt = (ply: number): string | undefined => {
    const table = parseRefTableFen(current);
    const active = table.seats.filter((s) => isActive(table, s)).length;
    if (active < 2) return 'last-player';
    if (seen.filter((earlier) => earlier === current).length >= 3) return 'threefold-repetition';
    if (quiet >= 20 * active) return 'no-capture-limit';
    if (ply >= 1000) return 'ply-limit';
    return undefined;
  };
  for (let ply = 0; ply <= moves.length; ply++) {
    const reason = endAt(ply);
    if (reason !== undefined) return { ply, reason };
    if (ply === moves.length) return undefined;
    const move = referenceTableMoves(current).find((m) => m.move === moves[ply]);
    if (move === undefined) throw new Error(`reference: ${moves[ply]} is not legal in ${current}`);
    quiet = move.move.includes(':') ? 0 : quiet + 1;
    current = move.fen;
    seen.push(current);
  }
  return undefined;
}
